// 'Verses Fast Action in the combat tracker (issue #5, part A), driven against the built bundle:
// turn order with a tie, Tactical Awareness, the AD economy from round to round, Move, Rest,
// a Moribund combatant's survival roll on its turn and stabilising it from another's turn.
import { beforeAll, describe, expect, it } from "vitest";
import { skillSource } from "../lib/verses-sources";
import { deliverUserUpdates, type Recorder } from "./foundry-stub";
import { loadBundleWithCombat, makeActor, type CombatStub } from "./stub-combat";

const g = globalThis as any;
let stub: CombatStub;
let recorder: Recorder;
let actions: any;
let combat: any;
let anders: any;
let benny: any;
let croy: any;
const settled = () => actions.combatSettled();
const byName = (name: string) => combat.combatants.find((c: any) => c.name === name);
const flag = (doc: any, key: string) => doc.flags?.polyverse?.verses?.[key];
const order = () => combat.turns.map((c: any) => c.name);
const ad = (actor: any) => ({
  ...actor.system.ad,
  max: actor.system.adMax,
  available: actor.system.adAvailable,
});
const cards = (template: string) => stub.rendered.filter((r) => r.path.endsWith(template));
/** Render the last chat message as Foundry does (its card is drawn from its data), then the cards drawn. */
const drawnCards = (template: string) => {
  g.Hooks.callAll("renderChatMessageHTML", stub.messages.at(-1), document.createElement("div"));
  return cards(template);
};

beforeAll(async () => {
  let loaded;
  ({ stub, loaded } = await loadBundleWithCombat());
  recorder = loaded.recorder;
  actions = g.game.polyverse.rulesets.verses.actions;
  const skill = (name: string, allocated: number) => ({
    name,
    type: "verses-skill",
    system: skillSource({ skill: name, allocated }),
  });
  // Anders: a typical human, 5 AD ("3 + PRW"), a First Aid kit; 2 AD left spent from before the fight.
  anders = makeActor(
    stub,
    "Anders",
    { ad: { spent: 2, exBound: 0, reserved: { await: 0, dodge: 0, parry: 0 } } },
    {
      owners: ["player0000000001"],
      items: [
        skill("First Aid", 2),
        { name: "Healer's Kit", type: "verses-gear", system: { kind: "supply", supplies: 5 } },
      ],
    },
  );
  // Benny: PRW 3, so 6 AD, one of them EX-bound: he rolls 5 dice, as Anders does.
  benny = makeActor(
    stub,
    "Benny",
    {
      attributes: { smr: 2, prw: 3, tuf: 2, soc: 2 },
      ad: { spent: 0, exBound: 1, reserved: { await: 0, dodge: 0, parry: 0 } },
    },
    { owners: ["player0000000002"] },
  );
  // Croy: an NPC with 2 AD EX-bound (3 dice) and Tactical Awareness 2.
  croy = makeActor(
    stub,
    "Croy",
    { ad: { spent: 0, exBound: 2, reserved: { await: 0, dodge: 0, parry: 0 } } },
    {
      items: [
        {
          name: "Tactical Awareness",
          type: "verses-ability",
          system: { key: "tacticalAwareness", allocated: 2 },
        },
      ],
    },
  );
  combat = new g.CONFIG.Combat.documentClass({
    combatants: [anders, benny, croy].map((a, i) => ({
      _id: `cbt${i}000000000000`,
      name: a.name,
      actorId: a.id,
    })),
  });
  g.game.combat = combat;
  g.game.combats = { get: (id: string) => (id === combat.id ? combat : undefined) };
});

describe("the descriptor's combat classes", () => {
  it("the 'Verses Combat and Combatant classes are Foundry's while 'Verses is active", () => {
    expect(g.CONFIG.Combat.documentClass.name).toBe("VersesCombat");
    expect(g.CONFIG.Combatant.documentClass.name).toBe("VersesCombatant");
    expect(combat.constructor.name).toBe("VersesCombat");
  });
});

describe("turn order: 'roll all dice in their AD pools (that have not been EX-bound)'", () => {
  it("ranks by successes; identical rolls re-roll just the tied; one card carries every roll", async () => {
    const before = stub.messages.length;
    // Anders 6,5,4,2,1 and Benny 1,2,4,5,6: identical at every level. Croy 5,3,3: 1 success.
    // The re-roll: Anders 3,3,2,1,1 (0S), Benny 6,1,1,1,1 (1S). Croy does not roll again.
    stub.dice.push(6, 5, 4, 2, 1, 1, 2, 4, 5, 6, 5, 3, 3, 3, 3, 2, 1, 1, 6, 1, 1, 1, 1);
    await combat.rollInitiative(["cbt0000000000000", "cbt1000000000000", "cbt2000000000000"]);
    expect(stub.dice).toEqual([]);
    expect(order()).toEqual(["Benny", "Anders", "Croy"]);
    const [b, a, c] = ["Benny", "Anders", "Croy"].map(byName);
    // Benny and Anders share their roll's number; the re-roll is the fraction between them.
    expect(Math.floor(b.initiative)).toBe(Math.floor(a.initiative));
    expect(b.initiative).toBeGreaterThan(a.initiative);
    expect(c.initiative).toBe(1e12 + 1e8 + 2e4); // 1 success: one 5, two 3s
    expect(flag(a, "initiative")).toEqual({
      faces: [6, 5, 4, 2, 1],
      rerolls: [[3, 3, 2, 1, 1]],
      taSpent: 0,
      taPlaces: 0,
    });
    expect(flag(c, "initiative").rerolls).toEqual([]);

    const posted = stub.messages.slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0].flags.core.initiativeRoll).toBe(true);
    expect(posted[0].rolls.map((r: any) => r.faces.length)).toEqual([5, 5, 3, 5, 5]);
    const card = cards("combat/initiative-card.hbs").at(-1)!.context;
    expect(card.rows.map((r: any) => [r.place, r.name, r.successes, r.rerolls.length])).toEqual([
      [1, "Benny", 2, 1],
      [2, "Anders", 2, 1],
      [3, "Croy", 1, 0],
    ]);
  });

  it("Tactical Awareness: Croy spends a die to move one place earlier, and another to move back", async () => {
    expect(await actions.tacticalAwareness(croy, 1)).toBe(true);
    expect(order()).toEqual(["Benny", "Croy", "Anders"]);
    expect(await actions.tacticalAwareness(croy, -1)).toBe(true);
    expect(order()).toEqual(["Benny", "Anders", "Croy"]);
    expect(flag(byName("Croy"), "initiative")).toMatchObject({ taSpent: 2, taPlaces: 0 });
    // Both allocated dice are spent: a third move is refused, with the reason.
    expect(await actions.tacticalAwareness(croy, 1)).toBe(false);
    expect(recorder.notifications.at(-1)).toEqual({
      level: "warn",
      message: "Moving 1 place needs 1 Tactical Awareness die; 0 are left.",
    });
    expect(order()).toEqual(["Benny", "Anders", "Croy"]);
  });
});

describe("a round of Fast Action", () => {
  it("Fast Action begins: spent AD come back, EX-bound dice stay bound; the first turn is noted", async () => {
    await combat.startCombat();
    await settled();
    expect(ad(anders)).toMatchObject({ spent: 0, available: 5 });
    expect(ad(benny)).toMatchObject({ exBound: 1, available: 5 });
    expect(flag(byName("Benny"), "turn")).toEqual({
      round: 1,
      turn: 0,
      available: 5,
      moved: 0,
      exBound: false,
    });
  });

  it("conditions change the pool at once: Sickened ('AD reduced by 3') leaves Benny 3 AD, 2 of them free", async () => {
    await benny.toggleStatusEffect("sickened", { active: true });
    expect(ad(benny)).toMatchObject({ max: 3, available: 2 });
    await benny.update({ "system.ad.spent": 1 });
    // Croy is hit and falls below 1 HP: Moribund.
    await croy.update({ "system.hp.value": 0 });
    await croy.toggleStatusEffect("moribund", { active: true });
    expect(croy.system.adMax).toBe(0);
  });

  it("Anders moves 10 m at 7 m/AD: 2 AD; he keeps 1 AD reserved for a dodge", async () => {
    await combat.nextTurn();
    await settled();
    const moved = await actions.move(anders, 10);
    expect(moved).toMatchObject({ ad: 2, exBound: 0 });
    await anders.update({ "system.ad.reserved.dodge": 1 });
    expect(ad(anders)).toMatchObject({ spent: 2, available: 2 });
    expect(flag(byName("Anders"), "turn")).toMatchObject({ available: 5, moved: 2 });
    expect(drawnCards("combat/note-card.hbs").at(-1)!.context.kind).toBe("move");
  });

  it("Croy is Moribund: its survival roll is made at the start of its turn, once", async () => {
    const survivals = () => stub.messages.filter((m) => m.system?.card?.kind === "survival");
    // TUF 2 + the 3 AD not EX-bound = 5 dice; 1 success: 'Actor survives the turn, but is still moribund'.
    stub.dice.push(5, 2, 2, 1, 1);
    await combat.nextTurn();
    await settled();
    expect(stub.dice).toEqual([]);
    expect(survivals()).toHaveLength(1);
    expect(survivals()[0].rolls[0].faces).toHaveLength(5);
    expect(croy.statuses.has("moribund")).toBe(true);
    expect(flag(byName("Croy"), "survival")).toBe(1);
    // Moribund keeps its turns ("skip defeated" must not skip it).
    expect(byName("Croy").isDefeated).toBe(false);
    // Back a turn and forward again: no second roll this turn.
    await combat.previousTurn();
    await combat.nextTurn();
    await settled();
    expect(survivals()).toHaveLength(1);
    expect(stub.errors).toEqual([]);
  });

  it("a new round: spent AD come back, unspent AD count as Watch, Sickened binds 1 AD, the EX-bound die stays", async () => {
    await combat.nextTurn();
    await settled();
    expect(combat.round).toBe(2);
    // Anders: 5 AD, 2 spent, 1 reserved: 2 unspent were Watch; all 5 back, the reservation lapsed.
    expect(ad(anders)).toMatchObject({ spent: 0, reserved: { await: 0, dodge: 0, parry: 0 }, available: 5 });
    expect(flag(byName("Anders"), "watch")).toEqual({ round: 1, ad: 2 });
    // Benny: 3 AD (Sickened), 1 EX-bound, 1 spent: 1 Watch; did not rest, so Sickened binds 1 more.
    expect(ad(benny)).toMatchObject({ spent: 0, exBound: 2, available: 1 });
    expect(flag(byName("Benny"), "watch")).toEqual({ round: 1, ad: 1 });
    const summary = stub.messages.at(-1);
    expect(summary.whisper).toEqual(["gm00000000000001"]);
    const rows = cards("combat/round-card.hbs").at(-1)!.context.rows;
    expect(rows.find((r: any) => r.name === "Benny")).toMatchObject({ watch: 1, sickened: 1 });
  });

  it("Benny rests with his free AD (a Rest test, 2 EX-bound): the rest is recorded for Sickened", async () => {
    // TUF 2 + 1 AD = 3 dice against 2S: 1 success, nothing unbound.
    stub.dice.push(6, 1, 1);
    await actions.restInCombat(benny);
    await settled();
    expect(stub.dice).toEqual([]);
    expect(flag(byName("Benny"), "rest")).toEqual({ round: 2, ad: 1 });
    expect(ad(benny)).toMatchObject({ spent: 1, exBound: 2 });
  });

  it("Anders stabilises Moribund Croy from his own turn: Croy is no longer Moribund, and rolls no survival", async () => {
    await combat.nextTurn();
    await settled();
    // First Aid 2 + SMR 2 + 1 AD = 5 dice against 2S: 3 successes, SM 1: 1 HP, 1 supply.
    stub.dice.push(6, 5, 5, 1, 1);
    const posted = await actions.stabilise(anders, croy, { ad: 1 });
    expect(posted.result.card.outcome).toBe("success");
    expect(croy.statuses.has("moribund")).toBe(false);
    expect(croy.system.hp.value).toBe(1);
    expect(ad(anders)).toMatchObject({ spent: 1 });
    await combat.nextTurn();
    await settled();
    expect(stub.dice).toEqual([]);
    expect(stub.errors).toEqual([]);
  });

  it("the next round: Benny rested, so Sickened binds nothing; his EX-bound dice stay bound", async () => {
    await combat.nextTurn();
    await settled();
    expect(combat.round).toBe(3);
    expect(ad(benny)).toMatchObject({ spent: 0, exBound: 2 });
    const rows = cards("combat/round-card.hbs").at(-1)!.context.rows;
    expect(rows.find((r: any) => r.name === "Benny")).toMatchObject({ sickened: 0 });
  });

  it("a survival roll of 0 successes: 'Actor dies'; the combatant is marked defeated", async () => {
    await croy.update({ "system.hp.value": 0 });
    await croy.toggleStatusEffect("moribund", { active: true });
    stub.dice.push(4, 3, 2, 1, 1);
    await combat.nextTurn();
    await combat.nextTurn();
    await settled();
    expect(stub.dice).toEqual([]);
    expect(byName("Croy").defeated).toBe(true);
    expect(stub.errors).toEqual([]);
  });
});

describe("the world setting 'Roll turn order every round'", () => {
  it("on: at the new round everyone still in the fight rolls again, and the turn starts at the top", async () => {
    await g.game.settings.set("polyverse", "verses.initiativeEachRound", true);
    const before = cards("combat/initiative-card.hbs").length;
    // Anders 5 dice (6,6,1,1,1: 2S). Benny did not rest in round 3: Sickened bound his third AD,
    // so all 3 of his AD are EX-bound and he rolls no dice ("that have not been EX-bound").
    stub.dice.push(6, 6, 1, 1, 1);
    await combat.nextTurn();
    await settled();
    expect(combat.round).toBe(4);
    expect(stub.dice).toEqual([]);
    expect(cards("combat/initiative-card.hbs")).toHaveLength(before + 1);
    // Croy, defeated, does not roll and keeps his old place; Benny's 0 dice put him last.
    expect(order()).toEqual(["Anders", "Croy", "Benny"]);
    expect(ad(benny)).toMatchObject({ exBound: 3, available: 0 });
    expect(flag(byName("Benny"), "initiative").faces).toEqual([]);
    expect(combat.turn).toBe(0);
    expect(flag(byName("Anders"), "turn")).toMatchObject({ round: 4, turn: 0 });
    await g.game.settings.set("polyverse", "verses.initiativeEachRound", false);
  });
});

describe("the tracker's rows (renderCombatTracker)", () => {
  /** A tracker list shaped as v13's: li.combatant with .token-name and .token-initiative. */
  function trackerHtml(): HTMLElement {
    const root = document.createElement("section");
    root.innerHTML = combat.turns
      .map(
        (c: any) =>
          `<li class="combatant" data-combatant-id="${c.id}"><div class="token-name"><strong class="name">${c.name}</strong></div>` +
          `<div class="token-initiative"><input class="initiative-input" value="${c.initiative}"></div></li>`,
      )
      .join("");
    return root;
  }
  const rowContexts = () => cards("combat/combatant-ad.hbs").map((r) => r.context);

  it("the GM sees every combatant's AD, and '2S' with the roll in place of the sorting number", async () => {
    const html = trackerHtml();
    const rendered = stub.rendered.length;
    g.Hooks.callAll("renderCombatTracker", { viewed: combat }, html, {}, {});
    await new Promise((r) => setTimeout(r, 0));
    const li = html.querySelector(`[data-combatant-id="${byName("Anders").id}"]`)!;
    const shown = li.querySelector(".token-initiative .pv-initiative") as HTMLElement;
    expect(shown.textContent).toBe("2S");
    expect(shown.dataset.tooltip).toBe("Rolled 2S (6,6,1,1,1)");
    expect(li.querySelector(".initiative-input")).toBeNull();
    const contexts = stub.rendered.slice(rendered).filter((r) => r.path.endsWith("combatant-ad.hbs"));
    expect(contexts).toHaveLength(3);
    expect(html.querySelectorAll(".token-name [data-template$='combatant-ad.hbs']")).toHaveLength(3);
    const benny = rowContexts().find((c) => c.figure === "0/3 AD");
    expect(benny?.tooltip).toContain("Sickened: pool −3 AD");
  });

  it("a player sees the AD of the combatants they own only", async () => {
    const gm = g.game.user;
    g.game.user = { id: "player0000000001", name: "Anders' player", isGM: false, active: true };
    try {
      const rendered = stub.rendered.length;
      g.Hooks.callAll("renderCombatTracker", { viewed: combat }, trackerHtml(), {}, {});
      await new Promise((r) => setTimeout(r, 0));
      const rows = stub.rendered.slice(rendered).filter((r) => r.path.endsWith("combatant-ad.hbs"));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.context.figure).toBe(`${anders.system.adAvailable}/5 AD`);
    } finally {
      g.game.user = gm;
    }
  });
});

describe("a player's roll that ties with the GM's combatant", () => {
  it("both re-roll; the player's client stores its own number and sends the other to the GM", async () => {
    const dmitri = makeActor(stub, "Dmitri", {});
    const skirmish = new g.CONFIG.Combat.documentClass({
      _id: "combat0000000002",
      combatants: [
        { _id: "cbtA000000000000", name: "Anders", actorId: anders.id },
        {
          _id: "cbtD000000000000",
          name: "Dmitri",
          actorId: dmitri.id,
          initiative: 1e12 * 2 + 1e10 + 1e8,
          flags: {
            polyverse: { verses: { initiative: { faces: [6, 5], rerolls: [], taSpent: 0, taPlaces: 0 } } },
          },
        },
      ],
    });
    g.game.combats = { get: (id: string) => ({ [combat.id]: combat, [skirmish.id]: skirmish })[id] };
    const gm = g.game.user;
    g.game.user = { id: "player0000000001", name: "Anders' player", isGM: false, active: true };
    const emitted = recorder.broadcasts.filter((b) => b.hook === "updateUser").length;
    try {
      // Anders rolls his 5 AD: 6,5,4,3,2 against Dmitri's stored 6,5 (2 successes each; Anders has
      // the 4): no tie, nothing for the GM.
      stub.dice.push(6, 5, 4, 3, 2);
      await skirmish.combatants.get("cbtA000000000000").rollInitiative();
      expect(recorder.broadcasts.filter((b) => b.hook === "updateUser").length).toBe(emitted);
      expect(skirmish.turns.map((c: any) => c.name)).toEqual(["Anders", "Dmitri"]);
    } finally {
      g.game.user = gm;
    }
  });

  it("an identical roll: the GM's combatant's new number goes through the GM, who stores it", async () => {
    const skirmish = g.game.combats.get("combat0000000002");
    const dmitriFlags = { faces: [6, 5, 4, 3, 2], rerolls: [], taSpent: 0, taPlaces: 0 };
    await skirmish.updateEmbeddedDocuments("Combatant", [
      {
        _id: "cbtD000000000000",
        initiative: 2e12 + 1e10 + 1e8 + 1e6 + 1e4 + 1e2,
        "flags.polyverse.verses.initiative": dmitriFlags,
      },
    ]);
    const gm = g.game.user;
    g.game.user = { id: "player0000000001", name: "Anders' player", isGM: false, active: true };
    g.game.users.push(g.game.user);
    const player = g.game.user;
    recorder.broadcasts.length = 0;
    try {
      // Identical (6,5,4,3,2): both re-roll, the placed Dmitri first (6,6,6,6,6), then Anders (1,1,1,1,1).
      stub.dice.push(2, 3, 4, 5, 6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1);
      await skirmish.rollInitiative(["cbtA000000000000"]);
      expect(stub.dice).toEqual([]);
      const requests = Object.values(player.flags.polyverse.relay) as any[];
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({
        type: "verses.combat.initiative",
        payload: { combatId: "combat0000000002", roller: "cbtA000000000000" },
      });
      // Not yet stored: the player may not change the GM's combatant.
      expect(skirmish.turns.map((c: any) => c.name)).toEqual(["Anders", "Dmitri"]);
      await deliverUserUpdates(recorder, [gm, player]);
      expect(skirmish.turns.map((c: any) => c.name)).toEqual(["Dmitri", "Anders"]);
      expect(flag(skirmish.combatants.get("cbtD000000000000"), "initiative").rerolls).toEqual([
        [6, 6, 6, 6, 6],
      ]);
    } finally {
      g.game.user = gm;
    }
  });

  it("hostile: the GM stores no number for a combatant that did not tie, nor one sent as is", async () => {
    const skirmish = g.game.combats.get("combat0000000002");
    const gm = g.game.user;
    const player = g.game.users.get("player0000000001");
    const dmitri = skirmish.combatants.get("cbtD000000000000");
    const before = dmitri.initiative;
    recorder.notifications.length = 0;
    const forged = (initiative: number, record: unknown) => ({
      type: "verses.combat.initiative",
      payload: {
        combatId: "combat0000000002",
        roller: "cbtA000000000000",
        updates: [{ _id: "cbtD000000000000", initiative, "flags.polyverse.verses.initiative": record }],
      },
    });
    try {
      g.game.user = player;
      // Anders's stored roll is now 6,5,4,3,2 + a re-roll of 1s; Dmitri's is 6,5,4,3,2 + 6s. A
      // forged "re-roll" that moves Dmitri to the bottom with a huge number, and one with 7s:
      await player.update({
        "flags.polyverse.relay.tieforged0000001": forged(-5, {
          faces: [6, 5, 4, 3, 2],
          rerolls: [[6, 6, 6, 6, 6]],
          taSpent: 0,
          taPlaces: 0,
        }),
        "flags.polyverse.relay.tieforged0000002": forged(9e15, {
          faces: [6, 6, 6, 6, 6],
          rerolls: [
            [6, 6, 6, 6, 6],
            [7, 7],
          ],
          taSpent: 0,
          taPlaces: 0,
        }),
      });
      await deliverUserUpdates(recorder, [gm, player]);
      expect(dmitri.initiative).toBe(before);
      expect(recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message)).toEqual([
        "The GM refused to change a combatant that did not tie with your roll.",
        "The GM refused to change a combatant that did not tie with your roll.",
      ]);
    } finally {
      g.game.user = gm;
    }
  });
});

describe("the other Fast Action actions: reserving AD, Await, Watch, rising from Prone", () => {
  let fray: any;
  let seeja: any;
  beforeAll(async () => {
    // Seeja: PRW 2, so 5 AD; no Catlike Grace.
    seeja = makeActor(stub, "Seeja", {}, { owners: ["player0000000003"] });
    fray = new g.CONFIG.Combat.documentClass({
      _id: "combat0000000003",
      combatants: [{ _id: "cbtS000000000000", name: "Seeja", actorId: seeja.id }],
    });
    g.game.combat = fray;
    await fray.startCombat();
    await settled();
  });

  it("Anders's Await: 'They reserve 5AD for this action' with a trigger the GM can judge; 'when I say so' needs a trigger all the same", async () => {
    const empty = await actions.reserve(seeja, { kind: "await", ad: 5, trigger: " ", actions: "" });
    expect(empty).toBeNull();
    const posted = await actions.reserve(seeja, {
      kind: "await",
      ad: 5,
      trigger: "the first pirate comes into range",
      actions: "two shots (2AD each), then duck into cover (1AD)",
    });
    expect(posted.message).toBeTruthy();
    expect(ad(seeja)).toMatchObject({ reserved: { await: 5, dodge: 0, parry: 0 }, available: 0 });
    // Nothing left to reserve for a dodge.
    expect(await actions.reserve(seeja, { kind: "dodge", ad: 1 })).toBeNull();
    expect(drawnCards("combat/note-card.hbs").at(-1)!.context.kind).toBe("reserve");
  });

  it("'When the pirates make their move, the GM resolves Anders's declared actions': the first shot spends 2 of the 5 reserved AD", async () => {
    // PRW 2 + 2 AD from the Await: 4 dice.
    stub.dice.push(6, 5, 2, 1);
    await actions.rollAttribute(seeja, "prw", { skipDialog: true, ad: 2, fromAwait: true });
    expect(stub.dice).toEqual([]);
    expect(ad(seeja)).toMatchObject({ spent: 2, reserved: { await: 3, dodge: 0, parry: 0 }, available: 0 });
    // Without the Await, nothing is unspent.
    expect(await actions.rollAttribute(seeja, "prw", { skipDialog: true, ad: 1 })).toBeNull();
    await seeja.update({ "system.ad.spent": 0 });
  });

  it("'They spend 1 AD to run, and 4 AD on the dodge action': the 4 AD are reserved for dodges", async () => {
    await seeja.update({ "system.ad.reserved.await": 0 });
    await actions.reserve(seeja, { kind: "dodge", ad: 4 });
    expect(ad(seeja)).toMatchObject({ reserved: { await: 0, dodge: 4, parry: 0 }, available: 1 });
    await seeja.update({ "system.ad.reserved.dodge": 0 });
  });

  it("Watch: SMR + the AD spent on it ('Spend 1 or more AD observing')", async () => {
    // SMR 2 + 2 AD: 4 dice.
    stub.dice.push(6, 5, 2, 1);
    const roll = await actions.watch(seeja, { skipDialog: true, ad: 2 });
    expect(stub.dice).toEqual([]);
    expect(roll.faces).toHaveLength(4);
    expect(ad(seeja)).toMatchObject({ spent: 2 });
  });

  it("'Rising from prone requires (5-PRW)AD for biological actors': PRW 2, 3 AD, and Prone comes off", async () => {
    expect(await actions.rise(seeja)).toBeNull();
    await seeja.toggleStatusEffect("prone", { active: true });
    // 2 AD spent, 3 left: exactly enough.
    await actions.rise(seeja);
    expect(seeja.statuses.has("prone")).toBe(false);
    expect(ad(seeja)).toMatchObject({ spent: 5, available: 0 });
    await seeja.toggleStatusEffect("prone", { active: true });
    expect(await actions.rise(seeja)).toBeNull();
    expect(seeja.statuses.has("prone")).toBe(true);
  });
});
