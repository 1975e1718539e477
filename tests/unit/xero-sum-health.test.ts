// Xero Sum's documents glue without Foundry: health read from and written to the stored fields, the
// round's timers, harm and what it sets off, a Panic drawn, the statuses the data implies, the checks
// the health and social actions may roll with the GM's reading of them, and the table card's shape,
// changes and the GM's check of a rescuer's card. Numbers from the text: incapacitated max(1, 4 − PHY),
// death in 4 + PHY rounds, stabilised then max(1, 1d6 − PHY), Panic Threshold floor(max RP / 2),
// Success at 9+, Wild Success at 14+.
import { describe, expect, it } from "vitest";
import {
  checkAllowed,
  checkProblem,
  expectedModifier,
  stabilisingCheckOf,
  traitAllowed,
  traitChoices,
  type CheckRoller,
  type LinkedCheck,
} from "../../src/rulesets/xero-sum/documents/check-link-logic";
import {
  harmPlan,
  healthOf,
  healthUpdate,
  panicPlan,
  roundTick,
  type HealthSource,
} from "../../src/rulesets/xero-sum/documents/health-logic";
import {
  impliedStatuses,
  xeroSumStatusesTouched,
} from "../../src/rulesets/xero-sum/documents/statuses-logic";
import {
  stabilisedRounds,
  tableCardChanges,
  tableCardProblem,
  tableCardProblems,
  withUsed,
  offers,
  type TableCard,
} from "../../src/rulesets/xero-sum/documents/table-card-logic";
import { tableCardContext } from "../../src/rulesets/xero-sum/documents/table-card-context";
import { startingSkills } from "../../src/rulesets/xero-sum/rules";

const state = (over: Partial<HealthSource["state"]> = {}): HealthSource["state"] => ({
  incapacitatedRounds: 0,
  mortallyWounded: false,
  deathRounds: 0,
  stabilised: false,
  wasMortallyWounded: false,
  dead: false,
  breathRounds: 0,
  daysWithoutFood: 0,
  panic: { key: "", rounds: 0 },
  breakingPoint: "",
  winded: false,
  blindedRounds: 0,
  ...over,
});
const source = (over: Partial<HealthSource> = {}, s: Partial<HealthSource["state"]> = {}): HealthSource => ({
  wp: 10,
  rp: 6,
  maxWp: 10,
  maxRp: 6,
  phy: 0,
  stress: 0,
  state: state(s),
  ...over,
});

describe("health on the stored fields", () => {
  it("writes only what changed, at the stored paths", () => {
    const before = healthOf(source());
    expect(healthUpdate(before, { ...before, rp: 0, incapacitatedRounds: 4 })).toEqual({
      "system.rp.value": 0,
      "system.state.incapacitatedRounds": 4,
    });
  });

  it("harm: RP 6 to 0 at PHY 1 incapacitates 3 rounds and calls the Panic check (threshold 3); WP to 0 a mortal wound, death in 5", () => {
    const plan = harmPlan(source({ phy: 1 }), { woundPoints: 10, resiliencePoints: 6 });
    expect(plan.events).toMatchObject({
      incapacitated: 3,
      mortallyWounded: true,
      lastingWoundCheck: true,
      panicCheck: true,
    });
    expect(plan.update).toMatchObject({
      "system.wp.value": 0,
      "system.rp.value": 0,
      "system.state.deathRounds": 5,
    });
  });

  it("harm that knocks out ends Delusions (until they fall unconscious) and clears a box; Paranoia runs on", () => {
    const deluded = harmPlan(source({ stress: 2 }, { breakingPoint: "delusions" }), {
      woundPoints: 0,
      resiliencePoints: 6,
    });
    expect(deluded.reactionEnded).toBe("delusions");
    expect(deluded.update).toMatchObject({ "system.state.breakingPoint": "", "system.stress.value": 1 });
    const paranoid = harmPlan(source({}, { breakingPoint: "intenseParanoia" }), {
      woundPoints: 0,
      resiliencePoints: 6,
    });
    expect(paranoid.reactionEnded).toBe("");
  });

  it("a round: the death clock, waking at 1 RP, a Panic's rounds and blindness count down", () => {
    const tick = roundTick(
      source(
        { wp: 0, rp: 0 },
        {
          mortallyWounded: true,
          deathRounds: 3,
          incapacitatedRounds: 1,
          panic: { key: "frozen", rounds: 1 },
          blindedRounds: 2,
        },
      ),
    );
    expect(tick.update).toEqual({
      "system.state.deathRounds": 2,
      "system.state.incapacitatedRounds": 0,
      "system.rp.value": 1,
      "system.state.panic.rounds": 0,
      "system.state.panic.key": "",
      "system.state.blindedRounds": 1,
    });
    expect([tick.woke, tick.died, tick.panicEnded, tick.sight]).toEqual([true, false, "frozen", false]);
  });

  it("the last round of the clock kills; a Panic without a duration is left; the dead change no more", () => {
    const dying = roundTick(
      source({ wp: 0 }, { mortallyWounded: true, deathRounds: 1, panic: { key: "rattled", rounds: 0 } }),
    );
    expect(dying.died).toBe(true);
    expect(dying.update).toMatchObject({ "system.state.dead": true, "system.state.panic.key": "" });
    expect(roundTick(source({}, { panic: { key: "rattled", rounds: 0 } })).update).toEqual({});
    expect(roundTick(source({}, { dead: true, blindedRounds: 2 })).update).toEqual({});
  });

  it("a Panic drawn: Frozen for the d3's rounds, Faints incapacitates as long, Rattled has none; a 0 on a halved d6 is over at once", () => {
    expect(panicPlan(source(), "frozen", 2).update).toEqual({
      "system.state.panic.key": "frozen",
      "system.state.panic.rounds": 2,
    });
    expect(panicPlan(source(), "faints", 3).update).toMatchObject({ "system.state.incapacitatedRounds": 3 });
    expect(panicPlan(source(), "rattled", 1)).toMatchObject({
      rounds: 0,
      update: { "system.state.panic.key": "rattled" },
    });
    expect(panicPlan(source(), "frozen", 0, "halfDown").update).toEqual({});
  });
});

describe("statuses", () => {
  const s = (rp: number, over: Partial<HealthSource["state"]> = {}) => ({ rp, state: state(over) });
  it("follow the data: incapacitated at 0 RP or with rounds left; mortally wounded until stabilised; dead brings Defeated", () => {
    expect(impliedStatuses(s(0), new Set()).incapacitated).toBe(true);
    expect(impliedStatuses(s(3, { mortallyWounded: true }), new Set())).toMatchObject({
      mortallyWounded: true,
      stabilised: false,
    });
    expect(impliedStatuses(s(3, { mortallyWounded: true, stabilised: true }), new Set())).toMatchObject({
      mortallyWounded: false,
      stabilised: true,
    });
    expect(impliedStatuses(s(0, { dead: true }), new Set())).toMatchObject({
      dead: true,
      defeated: true,
      incapacitated: false,
    });
  });
  it("markers: Stunned only while incapacitated, Defeated kept once set", () => {
    expect(impliedStatuses(s(3, { incapacitatedRounds: 2 }), new Set(["stunned"])).stunned).toBe(true);
    expect(impliedStatuses(s(3), new Set(["stunned"])).stunned).toBe(false);
    expect(impliedStatuses(s(3), new Set(["defeated"])).defeated).toBe(true);
  });
  it("an update touching rp or state syncs them; another does not", () => {
    expect(xeroSumStatusesTouched({ "system.state.dead": true })).toHaveLength(10);
    expect(xeroSumStatusesTouched({ system: { rp: { value: 1 } } })).toHaveLength(10);
    expect(xeroSumStatusesTouched({ system: { wp: { value: 1 } } })).toEqual([]);
  });
});

const roller = (over: Partial<CheckRoller> = {}): CheckRoller => ({
  attributes: { rsn: 2, acu: 0, phy: 0, inf: 1, dex: 1 },
  skills: { ...startingSkills(), medicine: 1, inspiration: 1 },
  lastingWounds: [],
  ...over,
});

describe("the checks the actions roll", () => {
  it("which traits each may use; a skill only with its own attribute", () => {
    expect(traitAllowed("stabilise", { attribute: "rsn", skill: "medicine" })).toBe(true);
    expect(traitAllowed("stabilise", { attribute: "dex", skill: "medicine" })).toBe(false);
    expect(traitAllowed("panic", { attribute: "rsn", skill: null })).toBe(true);
    expect(traitAllowed("panic", { attribute: "inf", skill: null })).toBe(false);
    expect(traitAllowed("gambit", { attribute: "acu", skill: "barter" })).toBe(true);
    expect(traitAllowed("gambit", { attribute: "inf", skill: "barter" }, "inf")).toBe(true);
    expect(stabilisingCheckOf({ attribute: "rsn", skill: "generalKnowledge" })).toBe("generalKnowledge");
  });
  it("the best allowed first: Panic with Reason 2 beats Inspiration 1 + INF 1; Psychology* untrained is INF 1 − 3", () => {
    const choices = traitChoices("panic", roller());
    expect(choices.map((c) => [c.skill ?? c.attribute, c.modifier])).toEqual([
      ["rsn", 2],
      ["inspiration", 2],
      ["psychology", -2],
    ]);
  });
  it("the modifier a trait is ranked by: Lost Eye's −1 on Dexterity; a starred skill untrained at −3", () => {
    const r = roller({ lastingWounds: ["lostEye"] });
    expect(expectedModifier(r, { attribute: "dex", skill: null })).toBe(0);
    expect(expectedModifier(r, { attribute: "rsn", skill: "medicine" })).toBe(3);
    expect(expectedModifier(r, { attribute: "inf", skill: "psychology" })).toBe(-2);
  });
  it("a rolled check's kind: Breaking Point only as Reason & Acumen; the others as an attribute or skill check", () => {
    const bp = { kind: "breakingPoint" as const, attribute: null, skill: null };
    expect(checkAllowed("breakingPoint", bp)).toBe(true);
    expect(checkAllowed("breakingPoint", { kind: "attribute", attribute: "rsn", skill: null })).toBe(false);
    expect(checkAllowed("panic", bp)).toBe(false);
    expect(checkAllowed("panic", { kind: "perception", attribute: null, skill: null })).toBe(false);
    expect(checkAllowed("stabilise", { kind: "skill", attribute: "rsn", skill: "medicine" })).toBe(true);
    expect(checkAllowed("stabilise", { kind: "skill", attribute: "phy", skill: "athletics" })).toBe(false);
  });

  const check = (over: Partial<LinkedCheck> = {}): LinkedCheck => ({
    kind: "skill",
    actorUuid: "Actor.medic",
    authorId: "player",
    replace: false,
    attribute: "rsn",
    skill: "medicine",
    conditional: [],
    plusThree: false,
    dice: [3, 4],
    total: 10,
    band: "success",
    moment: null,
    ...over,
  });
  const expected = {
    kind: "stabilise" as const,
    actorUuid: "Actor.medic",
    authorId: "player",
    dice: [3, 4],
    total: 10,
    band: "success" as const,
  };
  it("the GM's reading of the check card a table card leans on: each forgery has its reason", () => {
    expect(checkProblem(check(), expected)).toBeNull();
    expect(checkProblem(null, expected)).toBe("NoCheck");
    expect(checkProblem(check({ actorUuid: "Actor.other" }), expected)).toBe("CheckNotYours");
    expect(checkProblem(check({ authorId: "other" }), expected)).toBe("CheckNotYours");
    expect(checkProblem(check({ skill: "athletics", attribute: "phy" }), expected)).toBe("CheckWrongTrait");
    expect(checkProblem(check({ replace: true }), expected)).toBe("CheckReplaceable");
    expect(checkProblem(check({ dice: [3, 5] }), expected)).toBe("CheckDice");
    expect(checkProblem(check({ dice: [3, 4, 6] }), expected)).toBe("CheckDice");
    expect(checkProblem(check({ band: "failure", total: 7 }), { ...expected })).toBe("CheckBand");
    expect(checkProblem(check({ total: 11 }), expected)).toBe("CheckBand");
    // A Moment of High Insight is a Wild Success whatever the total: the check card's band stands.
    expect(
      checkProblem(check({ dice: [6, 6], total: 9, band: "wild-success" }), {
        ...expected,
        dice: [6, 6],
        total: 9,
        band: "wild-success",
      }),
    ).toBeNull();
  });
});

const card = (over: Partial<TableCard> = {}): TableCard => ({
  kind: "stabilise",
  actor: { uuid: "Actor.p", name: "Pat" },
  by: { uuid: "Actor.m", name: "Medic" },
  check: { messageId: "c", attribute: "rsn", skill: "medicine", dice: [3, 4], total: 10, band: "success" },
  draw: null,
  extra: { formula: "1d6", faces: [5], value: 4 },
  notes: [],
  buttons: [],
  used: [],
  result: { stabilised: true, method: "medicine", rounds: 4 },
  ...over,
});

describe("the table card", () => {
  it("its shape: a card as built passes; broken fields are named", () => {
    expect(tableCardProblems(card())).toEqual([]);
    expect(tableCardProblems({ ...card(), kind: "nope" })).toContain("kind is not a known value");
    expect(
      tableCardProblems({ ...card(), draw: { table: "panic", dice: [1, 1], key: "lostEye" } }),
    ).toContain("draw.key is not a known value");
    expect(tableCardProblems({ ...card(), notes: [{ key: "POLYVERSE.Other.Key" }] })).toContain(
      "notes[0] is not a health or table line",
    );
    expect(tableCardProblems({ ...card(), result: { x: {} } })).toContain(
      "result must hold text, numbers and true or false",
    );
  });
  it("the stabilised patient's rounds: max(1, 1d6 − PHY), at most 12", () => {
    expect([stabilisedRounds(5, 1), stabilisedRounds(1, 2), stabilisedRounds(6, -6)]).toEqual([4, 1, 12]);
  });
  it("changes: a stabilisation sets three fields; a calm ends the rage; other kinds none", () => {
    expect(tableCardChanges(card())).toEqual([
      {
        uuid: "Actor.p",
        name: "Pat",
        set: {
          "system.state.stabilised": true,
          "system.state.deathRounds": 0,
          "system.state.incapacitatedRounds": 4,
        },
      },
    ]);
    expect(tableCardChanges(card({ kind: "calm", result: { calmed: true } }))[0]?.set).toEqual({
      "system.state.breakingPoint": "",
    });
    expect(tableCardChanges(card({ kind: "panic" }))).toEqual([]);
  });
  const facts = {
    checkProblem: null,
    authorOwnsActor: true,
    patient: { mortallyWounded: true, stabilised: false, dead: false, phy: 1, breakingPoint: "" },
    rolled: [5],
  };
  it("the GM's check of a rescuer's card", () => {
    const c = card();
    const pending = tableCardChanges(c).map((x) => ({ ...x, id: "1" }));
    expect(tableCardProblem(c, pending, facts)).toBeNull();
    expect(tableCardProblem(c, pending, { ...facts, authorOwnsActor: false })).toBe("NotYours");
    expect(tableCardProblem(c, pending, { ...facts, rolled: [6] })).toBe("CheckDice");
    expect(tableCardProblem(c, pending, { ...facts, patient: { ...facts.patient, stabilised: true } })).toBe(
      "NotDying",
    );
    expect(tableCardProblem(card({ result: { stabilised: false } }), [], facts)).toBe("CheckBand");
    expect(
      tableCardProblem(
        c,
        [...pending, { uuid: "Actor.p", name: "Pat", set: { "system.wp.value": 9 } }],
        facts,
      ),
    ).toBe("ChangesDisagree");
    expect(tableCardProblem(card({ kind: "harm" }), pending, facts)).toBe("NothingToAsk");
  });
  it("buttons pressed once; the context offers only those left, and the GM's Apply while changes wait", () => {
    const c = card({ kind: "breakingPoint", buttons: ["selfHarm", "stopped"] });
    expect(offers(withUsed(c, "selfHarm"), "selfHarm")).toBe(false);
    const localize = (k: string, d: Record<string, string> = {}) => `${k}${JSON.stringify(d)}`;
    const ctx = tableCardContext(withUsed(c, "selfHarm"), localize, { pendingNames: ["Pat"], isGM: true });
    expect(ctx.buttons.map((b) => b.action)).toEqual(["xero-sum.table.stopped"]);
    expect(ctx.apply?.action).toBe("xero-sum.table.apply");
    expect(tableCardContext(c, localize, { pendingNames: [], isGM: true }).apply).toBeNull();
    // The Breaking Point check is Reason & Acumen, whatever attribute the card keeps.
    expect(ctx.check?.text).toContain("POLYVERSE.XeroSum.Roll.Kind.breakingPoint");
    const stabilising = tableCardContext(card(), localize, { pendingNames: [], isGM: false });
    expect(stabilising.check?.text).toContain("POLYVERSE.XeroSum.Skill.medicine");
  });
});
