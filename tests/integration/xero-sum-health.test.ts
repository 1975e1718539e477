// Xero Sum health, table draws and the other checks against the built bundle: status effects kept in
// step with the data, the round timers, stabilising (also through the GM), the Lasting Wound, Panic and
// Breaking Point checks with their 2d6 tables on the xero-sum-table card, harm, rest and the Insight
// "survive dying", upkeep and repair, First Impressions, Gut Instincts, Negotiations, Complication and
// Motivation. Numbers from the text: Success at 9+, Wild Success at 14+; incapacitated max(1, 4 − PHY);
// death in 4 + PHY rounds; stabilised then incapacitated max(1, 1d6 − PHY); falls 3 WP and 3 RP per
// 10 ft; breath for 6 + PHY rounds; hunger 1 WP and 1 RP a day after the first; Table 11 on 7 is
// Hearing Loss (ACU −1), Table 12 on 5 Rattled, on 6 Frozen (1d3 rounds), Table 13 on 8 Self-Harm (1d3 WP).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadXeroSumWorld, type XeroSumWorld } from "./xero-sum-health-world";

const g = globalThis as any;
let world: XeroSumWorld;
let gm: any;
let player: any;
const actions = () => g.game.polyverse.rulesets["xero-sum"].actions;
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const K = "POLYVERSE.XeroSum.Health";
const last = () => world.messages.at(-1);
/** The last table card (a new round also posts the combat's initiative message after it). */
const lastTable = () => world.messages.filter((m: any) => m.type === "xero-sum-table").at(-1);
const cardText = (m: any) => world.render(m).textContent ?? "";
let combats = 0;

/** A combat of these actors, started and viewed. */
async function fight(...actors: any[]) {
  const Combat = g.CONFIG.Combat.documentClass;
  const id = `combatxhealth${String(++combats).padStart(3, "0")}`;
  const combat = new Combat({
    _id: id,
    combatants: actors.map((a, i) => ({
      _id: `cb${id.slice(-4)}${String(i).padStart(10, "0")}`,
      name: a.name,
      actorId: a.id,
    })),
  });
  g.game.combat = combat;
  g.game.combats = [combat];
  world.as(gm);
  await combat.startCombat();
  return combat;
}

/** Press a card's button as the current user with the skip key held (the check dialog skipped). */
async function pressSkipping(message: any, selector: string): Promise<boolean> {
  const button = world.render(message).querySelector<HTMLButtonElement>(selector);
  if (!button || button.hidden) return false;
  button.dispatchEvent(new MouseEvent("click", { shiftKey: true }));
  await flush();
  return true;
}

beforeAll(async () => {
  world = await loadXeroSumWorld();
  gm = world.users.gm;
  player = world.users.player;
  // Shift held as core's skip key reads it (the stand-in has no keybindings of its own).
  g.game.keybindings = {
    actions: new Map([["polyverse.skipRollDialog", {}]]),
    get: () => [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  };
});

beforeEach(() => {
  world.as(gm);
  world.recorder.notifications.length = 0;
  g.game.combat = null;
  for (const u of [gm, player]) u.targets.clear();
});

describe("the descriptor", () => {
  it("offers Xero Sum's statuses, Defeated as the tracker's, and the actions", () => {
    const ids = g.CONFIG.statusEffects.map((s: any) => s.id);
    expect(ids).toEqual([
      "incapacitated",
      "mortallyWounded",
      "stabilised",
      "dead",
      "defeated",
      "stunned",
      "panicking",
      "breakingPoint",
      "winded",
      "blinded",
    ]);
    expect(g.CONFIG.specialStatusEffects.DEFEATED).toBe("defeated");
    for (const name of [
      "stabilise",
      "panicCheck",
      "lastingWoundCheck",
      "breakingPointCheck",
      "rest",
      "fall",
      "upkeep",
      "firstImpression",
      "gambit",
      "rollComplication",
    ])
      expect(typeof actions()[name]).toBe("function");
  });
});

describe("status effects follow the data (the active GM's client)", () => {
  it("incapacitated at 0 RP, mortally wounded, then stabilised; dead brings Defeated", async () => {
    const a = world.character("Vera", { attributes: { phy: 1 } });
    await fight(a);
    await a.update({ "system.rp.value": 0, "system.state.incapacitatedRounds": 3 });
    await flush();
    expect(a.statuses.has("incapacitated")).toBe(true);
    await a.update({
      "system.wp.value": 0,
      "system.state.mortallyWounded": true,
      "system.state.deathRounds": 5,
    });
    await flush();
    expect(a.statuses.has("mortallyWounded")).toBe(true);
    await a.update({ "system.state.stabilised": true });
    await flush();
    expect(a.statuses.has("mortallyWounded")).toBe(false);
    expect(a.statuses.has("stabilised")).toBe(true);
    await a.update({ "system.state.dead": true });
    await flush();
    expect([...a.statuses].sort()).toEqual(["dead", "defeated"]);
    expect(g.game.combat.combatants.contents[0].defeated).toBe(true);
  });

  it("panicking, a Breaking Point reaction, winded, blinded; stunned goes with the incapacitation", async () => {
    const a = world.character("Ossie");
    await a.update({
      "system.state.panic": { key: "twitchy", rounds: 2 },
      "system.state.breakingPoint": "hysterics",
    });
    await a.update({ "system.state.winded": true, "system.state.blindedRounds": 2 });
    await flush();
    expect(["panicking", "breakingPoint", "winded", "blinded"].every((s) => a.statuses.has(s))).toBe(true);
    await a.toggleStatusEffect("stunned", { active: true });
    await a.update({ "system.state.incapacitatedRounds": 2 });
    await flush();
    expect(a.statuses.has("stunned")).toBe(true);
    // Falling unconscious ends Hysterics ("until they fall unconscious").
    expect(a.system.state.breakingPoint).toBe("");
    await a.update({ "system.state.incapacitatedRounds": 0 });
    await flush();
    expect(a.statuses.has("stunned")).toBe(false);
  });
});

describe("the round timers", () => {
  it("PHY 0: death in 4 rounds counts down each new round, once each; going back counts nothing", async () => {
    const a = world.character("Dying", {
      wp: { value: 0 },
      rp: { value: 0 },
      state: { mortallyWounded: true, deathRounds: 2, incapacitatedRounds: 4 },
    });
    const b = world.character("Dazed", {
      rp: { value: 0 },
      state: { incapacitatedRounds: 1, panic: { key: "frozen", rounds: 1 }, blindedRounds: 1 },
    });
    const combat = await fight(a, b);
    await combat.nextRound();
    await flush();
    expect(a.system.state.deathRounds).toBe(1);
    expect(b.system.rp.value).toBe(1);
    expect(b.system.state.incapacitatedRounds).toBe(0);
    expect(b.system.state.panic).toEqual({ key: "", rounds: 0 });
    expect(b.system.state.blindedRounds).toBe(0);
    const card = lastTable();
    expect(card.type).toBe("xero-sum-table");
    expect(cardText(card)).toContain("Dazed comes to with 1 Resilience Point.");
    expect(cardText(card)).toContain("Dazed is no longer frozen.");
    expect(cardText(card)).toContain("Dazed can see again.");
    await combat.update({ round: 1 }, { direction: -1 });
    await combat.update({ round: 2 });
    await flush();
    expect(a.system.state.deathRounds).toBe(1);
    await combat.nextRound();
    await flush();
    expect(a.system.state.dead).toBe(true);
    expect(a.statuses.has("dead")).toBe(true);
    expect(cardText(lastTable())).toContain("Dying dies of their wounds.");
  });

  it("a stabilised patient's clock stands still", async () => {
    const a = world.character("Held", {
      wp: { value: 0 },
      state: { mortallyWounded: true, stabilised: true, deathRounds: 0 },
    });
    const combat = await fight(a);
    await combat.nextRound();
    await flush();
    expect(a.system.state.dead).toBe(false);
  });
});

describe("stabilising", () => {
  it("Reason 1 + Medicine 2, 4 + 5 = 12, Success: the patient (PHY 1) stays incapacitated 5 − 1 = 4 rounds", async () => {
    const medic = world.character(
      "Medic",
      { attributes: { rsn: 1 }, skills: { medicine: 2 } },
      [],
      player.id,
    );
    const patient = world.character(
      "Patient",
      { attributes: { phy: 1 }, wp: { value: 0 }, state: { mortallyWounded: true, deathRounds: 3 } },
      [],
      player.id,
    );
    world.as(player);
    world.queueFaces([4, 5], [5]);
    const out = await actions().stabilise(medic, patient, { skipDialog: true });
    expect(out.stabilised).toBe(true);
    expect(patient.system.state).toMatchObject({ stabilised: true, deathRounds: 0, incapacitatedRounds: 4 });
    const card = last();
    expect(card.type).toBe("xero-sum-table");
    expect(cardText(card)).toContain("Patient is stabilized and stays incapacitated for 4 rounds.");
    expect(cardText(card)).toContain("Medicine: 4 + 5 +3 = 12");
    // The check is the rolls folder's card, with no Insight replacement offered after the roll.
    const check = world.messages.at(-2);
    expect(check.type).toBe("xero-sum-check");
    expect(card.system.card.check.messageId).toBe(check.id);
    expect(check.rolls[0].options).toMatchObject({ kind: "skill", skill: "medicine", replace: false });
    expect(medic.system.insight.value).toBe(2);
    expect(world.render(check).querySelector("[data-pv-action='xeroSum.replaceDice']")).toBeNull();
  });

  it("General Knowledge needs a Wild Success: 13 is not enough; a patient not dying is refused", async () => {
    const medic = world.character(
      "Scholar",
      { attributes: { rsn: 2 }, skills: { generalKnowledge: 4 } },
      [],
      player.id,
    );
    const patient = world.character(
      "Bleeder",
      { wp: { value: 0 }, state: { mortallyWounded: true, deathRounds: 3 } },
      [],
      player.id,
    );
    world.as(player);
    world.queueFaces([3, 4]);
    const out = await actions().stabilise(medic, patient, { method: "generalKnowledge", skipDialog: true });
    expect(out.stabilised).toBe(false);
    expect(patient.system.state.stabilised).toBe(false);
    expect(cardText(last())).toContain("General Knowledge needs a Wild Success");
    expect(await actions().stabilise(medic, medic, { skipDialog: true })).toBeNull();
    expect(warnings()).toContain(text(`${K}.Refused.NotDying`, { name: "Scholar" }));
  });

  it("a patient the rescuer's player does not own: the card asks the GM, who stabilises once", async () => {
    const medic = world.character(
      "Field Medic",
      { attributes: { rsn: 2 }, skills: { medicine: 1 } },
      [],
      player.id,
    );
    const npc = world.npc("Stranger", {
      attributes: { phy: 0 },
      wp: { value: 0 },
      state: { mortallyWounded: true, deathRounds: 4 },
    });
    world.as(player);
    world.queueFaces([3, 4], [2]);
    player.targets.add({ actor: npc });
    const out = await actions().stabilise(medic, undefined, { skipDialog: true });
    expect(out.stabilised).toBe(true);
    expect(npc.system.state.stabilised).toBe(false);
    expect(cardText(last())).toContain("Waiting for the GM: Stranger");
    await world.socketToGM();
    expect(npc.system.state).toMatchObject({ stabilised: true, deathRounds: 0, incapacitatedRounds: 2 });
    expect(warnings()).toEqual([]);
  });
});

describe("Lasting Wounds, Panic and the Breaking Point", () => {
  it("a failed Physicality check (1 + 2) draws Table 11: 3 + 4 = 7, Hearing Loss (Acumen −1)", async () => {
    const a = world.character("Tough", { attributes: { phy: 2, acu: 1 } }, [], player.id);
    world.as(player);
    world.queueFaces([1, 2], [3, 4]);
    const out = await actions().lastingWoundCheck(a, { skipDialog: true });
    expect(out.wound).toBe("hearingLoss");
    expect(a.system.lastingWounds).toEqual(["hearingLoss"]);
    expect(a.system.derived.attributes.acu).toBe(0);
    const t = cardText(last());
    expect(t).toContain("Table 11: Lasting Wounds");
    expect(t).toContain("Hearing Loss");
    expect(t).toContain("Acumen -1.");
    world.queueFaces([5, 4]);
    expect((await actions().lastingWoundCheck(a, { skipDialog: true })).wound).toBeNull();
    expect(a.system.lastingWounds).toEqual(["hearingLoss"]);
  });

  it("Panic: the best of Reason, Psychology* and Inspiration; 5 is Rattled (no duration), 6 Frozen for a d3", async () => {
    const a = world.character(
      "Nervy",
      { attributes: { rsn: 0, inf: 1 }, skills: { inspiration: 1 } },
      [],
      player.id,
    );
    world.as(player);
    world.queueFaces([1, 3], [2, 3]);
    const rattled = await actions().panicCheck(a, { skipDialog: true });
    expect(rattled.card.check.skill).toBe("inspiration");
    expect(rattled.panic).toBe("rattled");
    expect(a.system.state.panic).toEqual({ key: "rattled", rounds: 0 });
    world.queueFaces([2, 2], [3, 3], [4]);
    const frozen = await actions().panicCheck(a, { skipDialog: true });
    expect(frozen.panic).toBe("frozen");
    expect(a.system.state.panic).toEqual({ key: "frozen", rounds: 2 });
    expect(cardText(last())).toContain("Lasts 2 rounds.");
  });

  it("Faints (12) also incapacitates for its rounds", async () => {
    const a = world.character("Pale", {}, [], player.id);
    world.as(player);
    world.queueFaces([1, 2], [6, 6], [6]);
    await actions().panicCheck(a, { skipDialog: true });
    expect(a.system.state.panic).toEqual({ key: "faints", rounds: 3 });
    expect(a.system.state.incapacitatedRounds).toBe(3);
  });

  it("the fifth stress box draws Table 13 and clears every box; Self-Harm's d3 taken from the card", async () => {
    const a = world.character(
      "Strained",
      { attributes: { rsn: 0, acu: 0 }, stress: { value: 4 }, wp: { value: 10 } },
      [],
      player.id,
    );
    world.as(player);
    world.queueFaces([2, 3], [3, 5], [5]);
    const out = await actions().breakingPointCheck(a, { skipDialog: true });
    expect(out.reaction).toBe("selfHarm");
    expect(a.system.stress.value).toBe(0);
    expect(a.system.state.breakingPoint).toBe("selfHarm");
    const card = last();
    expect(cardText(card)).toContain("3 Wound Points of harm unless stopped.");
    expect(cardText(card)).toContain("Reason & Acumen: 2 + 3 +0 = 5");
    expect(world.messages.at(-2).rolls[0].options).toMatchObject({ kind: "breakingPoint", replace: false });
    expect(await world.press(card, "[data-pv-action='xero-sum.table.selfHarm']")).toBe(true);
    expect(a.system.wp.value).toBe(7);
    expect(a.system.state.breakingPoint).toBe("");
    // The player's client asked the GM to mark the choice used, once its stress card was posted.
    expect(card.system.card.used).toEqual([]);
    await world.socketToGM();
    expect(card.system.card.used).toEqual(["selfHarm", "stopped"]);
    expect(await world.press(card, "[data-pv-action='xero-sum.table.selfHarm']")).toBe(false);
  });

  it("a Breaking Point check that succeeds fills nothing; clearing a box ends a reaction that waits for it", async () => {
    const a = world.character(
      "Calm",
      { attributes: { rsn: 2, acu: 1 }, stress: { value: 2 }, state: { breakingPoint: "intenseParanoia" } },
      [],
      player.id,
    );
    world.as(player);
    // 3 + 3 + RSN 2 + ACU 1 = 9, a Success (Reason alone would make 8, a Failure).
    world.queueFaces([3, 3]);
    expect((await actions().breakingPointCheck(a, { skipDialog: true })).filled).toBe(false);
    expect(a.system.stress.value).toBe(2);
    await actions().clearStress(a);
    expect(a.system.stress.value).toBe(1);
    expect(a.system.state.breakingPoint).toBe("");
  });
});

describe("harm, rest and surviving", () => {
  it("a fall of 25 ft: 6 WP and 6 RP; RP from 6 to 0 incapacitates (PHY 0: 4 rounds) and calls the Panic check", async () => {
    const a = world.character("Faller", { wp: { value: 10 }, rp: { value: 6 } }, [], player.id);
    world.as(player);
    const out = await actions().fall(a, { feet: 25 });
    expect(a.system.wp.value).toBe(4);
    expect(a.system.rp.value).toBe(0);
    expect(a.system.state.incapacitatedRounds).toBe(4);
    expect(out.card.buttons).toEqual(["panic"]);
    world.queueFaces([6, 5]);
    expect(await pressSkipping(last(), "[data-pv-action='xero-sum.table.panic']")).toBe(true);
    expect(world.messages.at(-1).system.card.kind).toBe("panic");
  });

  it("drowning: 6 + PHY rounds of breath, then a Physicality check a round (3 + 1 fails: 3 WP and 3 RP)", async () => {
    const a = world.character(
      "Swimmer",
      { attributes: { phy: -1 }, wp: { value: 9 }, rp: { value: 5 } },
      [],
      player.id,
    );
    world.as(player);
    for (let i = 0; i < 5; i++) await actions().drowningRound(a);
    expect(a.system.state.breathRounds).toBe(0);
    world.queueFaces([3, 1]);
    await actions().drowningRound(a, { skipDialog: true });
    expect(a.system.wp.value).toBe(6);
    expect(a.system.rp.value).toBe(2);
    await actions().surface(a);
    expect(a.flags.polyverse["xero-sum"].underwater).toBe(false);
  });

  it("hunger: three days cost 2 WP and 2 RP; feeding starts the count again", async () => {
    const a = world.character("Hungry", {}, [], player.id);
    world.as(player);
    await actions().subsistence(a, { days: 3 });
    expect([a.system.wp.value, a.system.rp.value, a.system.state.daysWithoutFood]).toEqual([8, 4, 3]);
    await actions().feed(a);
    expect(a.system.state.daysWithoutFood).toBe(0);
  });

  it("rest after a mortal wound heals 1 WP per two days; a Doctor's Bag adds 1 + 2d3 (d6s 5 and 2: 3 + 1)", async () => {
    const bag = {
      name: "Doctor's Bag",
      type: "xero-sum-equipment",
      system: { key: "doctorsBag", heal: { base: 1, dice: "2d3" } },
    };
    const a = world.character(
      "Mending",
      { wp: { value: 2 }, rp: { value: 1 }, state: { wasMortallyWounded: true } },
      [bag],
      player.id,
    );
    world.as(player);
    await actions().rest(a, { days: 1, hours: 0 });
    expect(a.system.wp.value).toBe(2);
    world.queueFaces([5, 2]);
    await actions().rest(a, { days: 1, kit: a.items[0] });
    expect(a.system.wp.value).toBe(2 + 1 + 5);
    expect(a.system.rp.value).toBe(6);
  });

  it("survive dying: two Insight Dice for +2 WP and +2 RP, the mortal wound over", async () => {
    const a = world.character(
      "Stubborn",
      {
        wp: { value: 0 },
        rp: { value: 0 },
        insight: { value: 2 },
        state: { mortallyWounded: true, deathRounds: 2 },
      },
      [],
      player.id,
    );
    world.as(player);
    await actions().surviveDying(a);
    expect([a.system.wp.value, a.system.rp.value, a.system.insight.value]).toEqual([2, 2, 0]);
    expect(a.system.state.mortallyWounded).toBe(false);
    expect(await actions().surviveDying(a)).toBeNull();
  });
});

describe("upkeep, impressions, negotiations, draws", () => {
  it("upkeep: Worn with a Wild Success (6 + 6) becomes Used; a failure drops a level; Broken is repaired only to Damaged", async () => {
    const knife = { name: "Knife", type: "xero-sum-weapon", system: { condition: "worn" } };
    const a = world.character(
      "Fixer",
      { attributes: { dex: 1 }, skills: { tinkerer: 1 } },
      [knife],
      player.id,
    );
    const item = a.items[0];
    world.as(player);
    world.queueFaces([6, 6]);
    await actions().upkeep(a, item, { skipDialog: true });
    expect(item.system.condition).toBe("used");
    world.queueFaces([2, 3]);
    await actions().upkeep(a, item, { skipDialog: true });
    expect(item.system.condition).toBe("worn");
    await item.update({ "system.condition": "broken" });
    expect(await actions().upkeep(a, item, { skipDialog: true })).toBeNull();
    world.queueFaces([4, 5]);
    await actions().repair(a, item, { skipDialog: true });
    expect(item.system.condition).toBe("damaged");
    expect(cardText(last())).toContain("Knife: Broken to Damaged.");
  });

  it("a First Impression stores the CMod with the NPC: a Failure (4 + 3 + INF 1) is −1", async () => {
    const a = world.character(
      "Smiler",
      { attributes: { inf: 1 }, relationships: [{ name: "Mayor", cmod: 0 }] },
      [],
      player.id,
    );
    world.as(player);
    world.queueFaces([4, 3]);
    const out = await actions().firstImpression(a, { index: 0 }, { skipDialog: true });
    expect(out.cmod).toBe(-1);
    expect(a.system.relationships).toEqual([{ name: "Mayor", cmod: -1 }]);
    world.queueFaces([6, 6]);
    await actions().firstImpression(a, { name: "Guard" }, { skipDialog: true });
    expect(a.system.relationships.at(-1)).toEqual({ name: "Guard", cmod: 1 });
  });

  it("Gut Instinct reads by band; a Gambit's Success gives the NPC's Rebuttal −1, rolled from the card by its owner", async () => {
    const a = world.character(
      "Dealer",
      { attributes: { acu: 1, inf: 1 }, skills: { barter: 2 } },
      [],
      player.id,
    );
    const npc = world.npc("Trader", { attributes: { inf: 1 } });
    world.as(player);
    world.queueFaces([4, 4]);
    const gut = await actions().gutInstinct(a, "Trader", { skipDialog: true });
    expect(gut.reading).toBe("someInsight");
    world.queueFaces([3, 4]);
    const out = await actions().gambit(a, npc, { skipDialog: true });
    expect(out.result).toBe(-1);
    const card = last();
    expect(await world.press(card, "[data-pv-action='xero-sum.table.rebuttal']")).toBe(false);
    world.as(gm);
    // 5 + 4 + INF 1 − 1 = 9: a Success, the offer may well be considered.
    world.queueFaces([5, 4]);
    expect(await pressSkipping(card, "[data-pv-action='xero-sum.table.rebuttal']")).toBe(true);
    const reb = world.messages.at(-1);
    expect(reb.system.card.kind).toBe("rebuttal");
    expect(reb.system.card.result).toEqual({ outcome: "mayConsider", cmod: -1 });
    expect(cardText(reb)).toContain("The other side may well consider the offer.");
    expect(card.system.card.used).toEqual(["rebuttal"]);
  });

  it("Complication and Motivation drawn on 2d6 and recorded", async () => {
    const a = world.character("Drifter", {}, [], player.id);
    world.as(player);
    world.queueFaces([1, 1], [6, 6]);
    await actions().rollComplication(a);
    await actions().rollMotivation(a);
    expect(a.system.narrative.complication).toBe("addiction");
    expect(a.system.narrative.motivation).toBe("takeAdvantage");
    expect(cardText(last())).toContain("Table 7: Motivations");
    expect(world.missingKeys).toEqual(new Set());
  });
});
