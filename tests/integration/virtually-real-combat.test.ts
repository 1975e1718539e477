// Virtually Real combat against the built bundle: an attack is a skill check whose margin over the
// target's active defence is its damage ("In combat, your damage is your attack's degree of success"),
// the defence declared and rolled by the target's owner from the attack card (Dodge [2] and Evade [1]
// by Agility, a parry as an Agility-related skill check, or no defence: 0), the GM settling it from both
// checks' own cards; Apply and Undo (a human's DC 3: major from 3, serious from 6, critical at the
// maximum HP; X conditions at 0 and −DC HP, Fear responses); a critical attack that misses with no
// defence; a brilliant attack settled once its explosion is rolled; the save while Dying; the
// Initiative save (Reflex [1], a ready weapon's [I] box) and the Guilt box's "At Next: Initiative";
// combat XP at the combat's end (a serious wound: 4 XP); the weapon's attack button on the sheet.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  equipment,
  flush,
  loadVirtuallyRealCombatWorld,
  skill,
  type VirtuallyRealCombatWorld,
} from "./virtually-real-combat-world";

const g = globalThis as any;
let world: VirtuallyRealCombatWorld;
let actions: any;
let player: any;
let gm: any;

const DEFEND = (d: string) => `[data-pv-action="virtually-real.attack.defend"][data-defence="${d}"]`;
const APPLY = '[data-pv-action="virtually-real.attack.apply"]';
const UNDO = '[data-pv-action="virtually-real.attack.undo"]';
const DYING = '[data-pv-action="virtually-real.attack.dying"]';
const EXPLODE = '[data-pv-action="virtuallyReal.explode"]';
const TAKE = '[data-pv-action="virtually-real.combat.takeXP"]';
const card = (m: any) => m.system.card;
const text = (html: HTMLElement) => html.textContent!.replace(/\s+/g, " ");
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const shown = (m: any, selector: string) => {
  const button = world.render(m).querySelector<HTMLButtonElement>(selector);
  return Boolean(button && !button.hidden);
};

/** Ada, the player's: Agility [2] 10 (+2), Body [2] 10 (12 HP), Reflex [1] 6 (+1); Swords [2] 25/4 with a ready Longsword ([I] +1), Light armor worn. */
function ada() {
  return world.character(
    "Ada",
    {
      attributes: {
        agility: { capacity: 2, score: 10 },
        body: { capacity: 2, score: 10 },
        reflex: { capacity: 1, score: 6 },
        aura: { capacity: 2, score: 10 },
      },
      hp: { value: 12 },
    },
    [
      skill("swords", "Swords", { capacity: 2, xp: 25, attribute: "agility", combat: true }),
      skill("lightarmor", "Light armor", { capacity: 1, xp: 6, attribute: "body", combat: true }),
      equipment("longsword", "Longsword", {
        kind: "weapon",
        ready: true,
        proficiency: "Swords",
        initiativeBonus: 1,
      }),
      equipment("jack", "Padded jack", { kind: "armor", equipped: true, proficiency: "Light armor" }),
    ],
    player.id,
  );
}

/** Brute, the GM's NPC: Agility [2] 10 (+2), Body [2] 10 (12 HP), Reflex [2] 10 (+2); Staff [2] 10/2. */
function brute() {
  return world.character(
    "Brute",
    {
      attributes: {
        agility: { capacity: 2, score: 10 },
        body: { capacity: 2, score: 10 },
        reflex: { capacity: 2, score: 10 },
      },
      hp: { value: 12 },
    },
    [skill("staff", "Staff", { capacity: 2, xp: 10, attribute: "body", combat: true })],
    undefined,
    "virtually-real-npc",
  );
}

/** `attacker` attacks `target` as `user` with these dice; the GM's client records and reads the cards. */
async function attack(user: any, attacker: any, target: any | null, dice: number[], options: any = {}) {
  world.as(user);
  world.queueD6(dice);
  const done = await actions.rollAttack(attacker, {
    targets: target ? [target] : [],
    skipDialog: true,
    ...(attacker.items.get("longsword0000000") ? { weapon: "Longsword" } : { skill: "Staff" }),
    ...options,
  });
  await world.deliver();
  world.as(user);
  return { check: done.check, attack: done.cards[0] };
}

/** Press a card's button as `user` (Shift held: its check skips the dialog) and deliver what it sent. */
async function press(user: any, message: any, selector: string, dice?: number[]) {
  world.as(user);
  if (dice) world.queueD6(dice);
  const pressed = await world.press(message, selector);
  await world.deliver();
  await flush();
  world.as(user);
  return pressed;
}

beforeAll(async () => {
  world = await loadVirtuallyRealCombatWorld();
  actions = g.game.polyverse.rulesets["virtually-real"].actions;
  player = world.users.player;
  gm = world.users.gm;
});

afterAll(() => {
  expect([...world.missingKeys]).toEqual([]);
  world.as(gm);
  for (const message of world.messages.filter((m) => String(m.type).startsWith("virtually-real-")))
    expect(world.render(message).textContent).not.toMatch(/POLYVERSE\./);
});

beforeEach(() => {
  world.as(gm);
  g.game.combat = null;
  world.recorder.notifications.length = 0;
});

describe("an attack and its defence", () => {
  it("Ada's Swords [2] 25/4 rolls [5, 6] = 15; Brute dodges [3, 4] + 2 = 9: a hit by 6, a serious wound (DC 3)", async () => {
    const a = ada();
    const b = brute();
    const { check, attack: msg } = await attack(player, a, b, [5, 6]);
    expect(check.type).toBe("virtually-real-check");
    expect(check.system.card.extra.attack.targets).toEqual([b.uuid]);
    expect(card(msg)).toMatchObject({ checkMessageId: check.id, skill: { name: "Swords" }, outcome: null });
    // The attacker's owner sees no defence buttons; the target's owner (the GM) sees them.
    expect(shown(msg, DEFEND("dodge"))).toBe(false);
    world.as(gm);
    expect(text(world.render(msg))).toContain("Attack total 15");
    expect(await press(gm, msg, DEFEND("dodge"), [3, 4])).toBe(true);
    const dodge = world.messages.at(-1);
    expect(dodge.system.card).toMatchObject({ kind: "save", save: "dodge", actorUuid: b.uuid });
    expect(card(msg).defence).toMatchObject({ kind: "dodge", messageId: dodge.id, total: 9 });
    expect(card(msg).outcome).toEqual({
      hit: true,
      criticalMiss: false,
      margin: 6,
      damage: 6,
      band: "serious",
    });
    expect(text(world.render(msg))).toContain("Hit: 6 damage, a serious wound.");
    // Apply is the attacker's owner's too: the player asks, the GM works the blow out.
    expect(await press(player, msg, APPLY)).toBe(true);
    expect(b.system.hp.value).toBe(6);
    expect(b.system.conditions.map((c: any) => [c.severity, c.group])).toEqual([["serious", "physical"]]);
    expect(b.system.scene.highestWound).toBe("serious");
    expect(card(msg).applied).toMatchObject({ hpBefore: 12, hpAfter: 6, band: "serious" });
    expect(warnings()).toEqual([]);
  });

  it("the player's Ada evades Brute's Staff (2d6kh1 [3, 5] + 2 = 7 against [4, 4] + 2 = 10): a major wound, then Undo", async () => {
    const a = ada();
    const b = brute();
    const { attack: msg } = await attack(gm, b, a, [4, 4]);
    expect(shown(msg, DEFEND("evade"))).toBe(true);
    expect(await press(player, msg, DEFEND("evade"), [3, 5])).toBe(true);
    expect(card(msg).defence).toMatchObject({ kind: "evade", total: 7 });
    expect(card(msg).outcome).toMatchObject({ hit: true, damage: 3, band: "major" });
    expect(text(world.render(msg))).toContain("Maneuver penalty");
    await press(player, msg, APPLY);
    expect(a.system.hp.value).toBe(9);
    expect(a.system.conditions).toHaveLength(1);
    expect(shown(msg, UNDO)).toBe(true);
    await press(player, msg, UNDO);
    expect(a.system.hp.value).toBe(12);
    expect(a.system.conditions).toEqual([]);
    expect(a.system.scene.highestWound).toBe("none");
    expect(card(msg).applied).toBeNull();
    expect(warnings()).toEqual([]);
  });

  it("a parry is an Agility-related skill check: Brute's Staff [5, 6] + 2 = 13 beats Ada's 12: a miss", async () => {
    const a = ada();
    const b = brute();
    const { attack: msg } = await attack(player, a, b, [4, 4]);
    world.as(gm);
    expect(text(world.render(msg))).toContain("Parry with Staff");
    await press(gm, msg, DEFEND("parry"), [5, 6]);
    const parry = world.messages.at(-1);
    expect(parry.system.card).toMatchObject({
      kind: "skill",
      skillId: "staff00000000000",
      attribute: "agility",
    });
    expect(card(msg).defence).toMatchObject({ kind: "parry", total: 13, skillName: "Staff" });
    expect(card(msg).outcome).toMatchObject({ hit: false, margin: -1, damage: 0 });
    expect(shown(msg, APPLY)).toBe(false);
  });

  it("no defence counts 0: Ada's 15 hits for 15, a critical wound and X conditions at 0 and −DC", async () => {
    const a = ada();
    const b = brute();
    const { attack: msg } = await attack(player, a, b, [5, 6]);
    await press(gm, msg, DEFEND("none"));
    expect(card(msg).outcome).toMatchObject({ hit: true, damage: 15, band: "critical" });
    await press(gm, msg, APPLY);
    expect(b.system.hp.value).toBe(-3);
    const ids = b.system.conditions.map((c: any) => c.id);
    expect(ids.filter((id: string) => id === "X")).toHaveLength(2);
    expect(ids).toContain("fearRush");
    expect(b.system.adrenaline).toMatchObject({ level: 3, fear: true });
  });

  it("a critical attack ([1, 1]) misses outright as soon as the GM reads it: no defence is offered", async () => {
    const a = ada();
    const b = brute();
    const { attack: msg } = await attack(player, a, b, [1, 1]);
    expect(card(msg).outcome).toEqual({
      hit: false,
      criticalMiss: true,
      margin: null,
      damage: 0,
      band: null,
    });
    world.as(gm);
    expect(shown(msg, DEFEND("dodge"))).toBe(false);
    expect(text(world.render(msg))).toContain("The attack misses outright.");
  });

  it("a brilliant attack ([6, 6]) waits for its explosion; once rolled (6 + 6 + 3 + 4 = 19) the GM settles it", async () => {
    const a = ada();
    const b = brute();
    const { check, attack: msg } = await attack(player, a, b, [6, 6]);
    world.as(gm);
    expect(text(world.render(msg))).toContain("Waiting for a brilliant result's explosion");
    await press(gm, msg, DEFEND("none"));
    expect(card(msg).defence).toMatchObject({ kind: "none" });
    expect(card(msg).outcome).toBeNull();
    await press(player, check, EXPLODE, [3]);
    expect(actions.checkResultOf(check)).toMatchObject({ total: 19, diceNeeded: 0 });
    // The server tells the GM's client that the check card changed.
    world.as(gm);
    g.Hooks.callAll("updateChatMessage", check, {}, {}, gm.id);
    await flush();
    expect(card(msg).outcome).toMatchObject({ hit: true, damage: 19, band: "critical" });
  });

  it("an attack with no target only shows its total", async () => {
    const a = ada();
    const { attack: msg } = await attack(player, a, null, [3, 3]);
    expect(card(msg).target).toBeNull();
    world.as(gm);
    expect(text(world.render(msg))).toContain("Ada attacks");
    expect(text(world.render(msg))).toContain("Attack total 10");
  });
});

describe("a save while Dying", () => {
  it("Brute at 2 HP takes 6 (−4 HP: X at 0 and −3); his Health save [1, 1] critically fails: his light point goes", async () => {
    const a = ada();
    const b = brute();
    await b.update({ "system.hp.value": 2 });
    const { attack: msg } = await attack(player, a, b, [5, 6]);
    await press(gm, msg, DEFEND("dodge"), [3, 4]);
    await press(gm, msg, APPLY);
    expect(b.system.hp.value).toBe(-4);
    expect(b.system.conditions.filter((c: any) => c.id === "X")).toHaveLength(2);
    expect(shown(msg, DYING)).toBe(true);
    expect(b.system.light.value).toBe(1);
    // Two X, the serious wound and the rush: six dice kept low, +3 crit; [1, 1] kept.
    await press(gm, msg, DYING, [1, 1, 1, 1, 1, 1]);
    expect(card(msg).dying).toMatchObject({ result: "spendLight" });
    expect(text(world.render(msg))).toContain("Brute critically failed: give up a point of light or die");
    // The save's own card asks Brute's owner; giving up the light point keeps him alive.
    const saveCard = g.game.messages.get(card(msg).dying.messageId);
    expect(b.system.light.value).toBe(1);
    expect(shown(saveCard, '[data-pv-action="virtuallyReal.dying.die"]')).toBe(true);
    await press(gm, saveCard, '[data-pv-action="virtuallyReal.dying.light"]');
    expect(b.system.light.value).toBe(0);
    expect(text(world.render(saveCard))).toContain("Brute gave up a point of light to live.");
    expect(shown(saveCard, '[data-pv-action="virtuallyReal.dying.light"]')).toBe(false);
    expect(shown(msg, UNDO)).toBe(false);
  });
});

describe("initiative", () => {
  it("Ada: Reflex [1] with the Longsword's [I] box (+1 + 1): [4] + 2 = 6; Brute: [2] keeps 1 of 2, [3, 1] + 2 = 5", async () => {
    const a = ada();
    const b = brute();
    await a.update({
      "system.conditions": [
        {
          severity: "critical",
          group: "emotional",
          target: "guilt",
          side: "wound",
          id: "guiltRush",
          letter: "",
          atNext: "initiative",
        },
      ],
    });
    const combat = world.fight([a, b]);
    world.queueD6([4], [3, 1]);
    await combat.rollInitiative(["cbAda00000000000", "cbBrute000000000"]);
    expect(combat.combatants.get("cbAda00000000000").initiative).toBe(6);
    expect(combat.combatants.get("cbBrute000000000").initiative).toBe(5);
    const saves = world.messages.slice(-2).map((m: any) => m.system.card.save);
    expect(saves).toEqual(["initiative", "initiative"]);
    // "At Next: Initiative": the Guilt box heals to G once the initiative is rolled.
    expect(a.system.conditions).toEqual([
      expect.objectContaining({ severity: "serious", id: "G", atNext: "longRest" }),
    ]);
  });
});

describe("combat XP at the combat's end", () => {
  it("Ada took a serious wound: 4 XP, 1 each to the skills she used (Swords) and wore (Light armor)", async () => {
    const a = ada();
    const b = brute();
    const combat = world.fight([a, b]);
    await combat.startCombat();
    const mine = await attack(player, a, b, [4, 4]);
    await press(gm, mine.attack, DEFEND("none"));
    const theirs = await attack(gm, b, a, [3, 4]);
    expect(card(theirs.attack).combatId).toBe(combat.id);
    await press(player, theirs.attack, DEFEND("none"));
    await press(player, theirs.attack, APPLY);
    expect(card(theirs.attack).applied.band).toBe("serious");
    world.as(gm);
    g.Hooks.callAll("deleteCombat", combat, {}, gm.id);
    await flush();
    const xp = world.messages.at(-1);
    expect(xp.type).toBe("virtually-real-combat");
    const row = xp.system.card.rows.find((r: any) => r.actorUuid === a.uuid);
    expect(row).toMatchObject({ highestWound: "serious", xp: 4, taken: null });
    expect(row.candidates.map((c: any) => c.name)).toEqual(["Swords", "Light armor"]);
    expect(xp.system.card.rows.some((r: any) => r.actorUuid === b.uuid)).toBe(false);
    expect(text(world.render(xp))).toContain("2 XP forfeit");
    await press(player, xp, TAKE);
    expect(xp.system.card.rows[0].taken).toEqual(["swords0000000000", "lightarmor000000"]);
    expect(a.items.get("swords0000000000").system).toMatchObject({ xp: 26, gainedThisChapter: true });
    expect(a.items.get("lightarmor000000").system.xp).toBe(7);
    expect(shown(xp, TAKE)).toBe(false);
  });
});

describe("the sheet's weapon attack", () => {
  it("the rolls table's attack rolls the weapon's proficiency", async () => {
    const a = ada();
    const b = brute();
    const Sheet =
      g.game.polyverse.registry.get("virtually-real").types.Actor["virtually-real-character"].sheet;
    world.as(player);
    player.targets = new Set([{ actor: b }]);
    world.queueD6([2, 3]);
    const shift = new MouseEvent("click", { shiftKey: true });
    const done = await Sheet.ROLLS.attack(a, a.items.get("longsword0000000"), { event: shift });
    player.targets = new Set();
    expect(done.check.system.card).toMatchObject({ kind: "skill", skillId: "swords0000000000" });
    expect(card(done.cards[0])).toMatchObject({
      target: { actorUuid: b.uuid },
      weapon: { name: "Longsword" },
      skill: { name: "Swords" },
    });
  });
});
