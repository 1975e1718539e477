// Tales care, Foundry-free (documents/*-logic.ts, care-card-context.ts): medical care (H22, the
// 5/9/13 difficulties less a hospital's 1 to 3, spec ambiguity #26), the hold-on roll and its coma
// (H16: 7 days less one per point of Spiritual), the upkeep (1 Essence to stay conscious, 1 Hit Point to
// avoid a stun), the instability a K/O brings, the care card's shape and the GM's check, the upkeep
// card, the new session and the dialogs' exact odds.
import { describe, expect, it } from "vitest";
import { careCardContext } from "../../src/rulesets/tales/documents/care-card-context";
import {
  careCardProblem,
  careCardProblems,
  careChanges,
  careResult,
  type CareCard,
} from "../../src/rulesets/tales/documents/care-card-logic";
import { careDialogModel, careOutcomes } from "../../src/rulesets/tales/documents/care-dialog-logic";
import {
  carePlan,
  careWait,
  holdOnPlan,
  holdOnRefusal,
  instabilityChange,
  restPlan,
  upkeepPlan,
} from "../../src/rulesets/tales/documents/health-logic";
import { sessionReset } from "../../src/rulesets/tales/documents/session-logic";
import {
  upkeepCardContext,
  upkeepCardProblems,
  upkeepOpRefusal,
  upkeepRow,
} from "../../src/rulesets/tales/documents/upkeep-logic";

const DAY = 24 * 3600;
const localize = (key: string, data: Record<string, string> = {}) =>
  `${key}${Object.keys(data).length ? ` ${JSON.stringify(data)}` : ""}`;
const medic = (mental: number, medicine: number, level = "healthy" as const) => ({ mental, medicine, level });
const pools = (hp: number, maxHp: number, essence: number, maxEssence: number) => ({
  hp,
  maxHp,
  essence,
  maxEssence,
});
const rule = "halfAttributeSkillsOne" as const;

describe("medical care", () => {
  it("H22: a medic's 12 against a Medium wound's 9 is significant: +1 Hit Point and +1 Essence", () => {
    const r = carePlan({
      medic: medic(4, 3),
      patientLevel: "medium",
      pools: pools(2, 6, 1, 4),
      hospital: 0,
      face: 5,
      spendEssence: false,
      criticalWoundRule: rule,
    });
    expect(r).toMatchObject({ ok: true, success: true, degree: "significant", total: 12, difficulty: 9 });
    expect(r.ok && r.gain).toEqual({ hp: 1, essence: 1 });
  });

  it("5 / 9 / 13 by the wound (not the stabilisation's 5/7/9/11), a hospital 1 to 3 off", () => {
    const at = (patientLevel: "light" | "medium" | "critical" | "ko", hospital = 0) => {
      const r = carePlan({
        medic: medic(1, 1),
        patientLevel,
        pools: pools(0, 4, 0, 4),
        hospital,
        face: 3,
        spendEssence: false,
        criticalWoundRule: rule,
      });
      return r.ok ? r.difficulty : null;
    };
    expect([at("light"), at("medium"), at("critical"), at("ko"), at("critical", 3)]).toEqual([
      5, 9, 13, 13, 10,
    ]);
  });

  it("a marginal success: one point to the more depleted pool (Hit Points on a tie); nothing past a maximum", () => {
    const marginal = (p: ReturnType<typeof pools>) =>
      carePlan({
        medic: medic(3, 2),
        patientLevel: "light",
        pools: p,
        hospital: 0,
        face: 1,
        spendEssence: false,
        criticalWoundRule: rule,
      });
    // A 1 fails a static test whatever the total.
    expect(marginal(pools(0, 4, 0, 4))).toMatchObject({ success: false, gain: { hp: 0, essence: 0 } });
    const at = (p: ReturnType<typeof pools>) =>
      carePlan({
        medic: medic(1, 1),
        patientLevel: "light",
        pools: p,
        hospital: 0,
        face: 3,
        spendEssence: false,
        criticalWoundRule: rule,
      });
    expect(at(pools(2, 4, 1, 4))).toMatchObject({ degree: "marginal", gain: { hp: 0, essence: 1 } });
    expect(at(pools(2, 4, 2, 4))).toMatchObject({ degree: "marginal", gain: { hp: 1, essence: 0 } });
    expect(at(pools(4, 4, 4, 4))).toMatchObject({ success: true, gain: { hp: 0, essence: 0 } });
  });

  it("spectacular (a 6 and 6 over) may restore a whole pool; Essence buys a 6 that falls short (marginal)", () => {
    const r = carePlan({
      medic: medic(4, 3),
      patientLevel: "light",
      pools: pools(1, 6, 1, 4),
      hospital: 0,
      face: 6,
      spendEssence: false,
      criticalWoundRule: rule,
    });
    expect(r).toMatchObject({ degree: "spectacular", mayRestoreAll: true, gain: { hp: 1, essence: 1 } });
    const bought = carePlan({
      medic: medic(1, 1),
      patientLevel: "critical",
      pools: pools(1, 6, 1, 4),
      hospital: 0,
      face: 6,
      spendEssence: true,
      criticalWoundRule: rule,
    });
    expect(bought).toMatchObject({
      success: true,
      degree: "marginal",
      essenceSpent: 1,
      total: 8,
      difficulty: 13,
    });
  });

  it("refused: no Medicine, a medic who cannot act (K/O), a patient not wounded", () => {
    const plan = (
      m: ReturnType<typeof medic> | { mental: number; medicine: number; level: "ko" },
      patientLevel: "light" | "healthy" = "light",
    ) =>
      carePlan({
        medic: m,
        patientLevel,
        pools: pools(0, 4, 0, 4),
        hospital: 0,
        face: 3,
        spendEssence: false,
        criticalWoundRule: rule,
      });
    expect(plan(medic(4, 0))).toEqual({ ok: false, reason: "noMedicine" });
    expect(plan({ mental: 4, medicine: 3, level: "ko" })).toEqual({ ok: false, reason: "cannotAct" });
    expect(plan(medic(4, 3), "healthy")).toEqual({ ok: false, reason: "notWounded" });
  });

  it("one test a healing cycle: a day for Light, a week for Medium, a month for Critical and K/O", () => {
    expect(careWait("light", 100, 100)).toBe(DAY);
    expect(careWait("medium", 100, 100 + DAY)).toBe(6 * DAY);
    expect(careWait("ko", 100, 100)).toBe(30 * DAY);
    expect(careWait("critical", 0, 100)).toBe(0);
  });
});

describe("the hold-on roll and the coma", () => {
  it("H16: Spiritual 3 failing against 6 + d6 falls into a coma of 7 - 3 = 4 days", () => {
    const r = holdOnPlan({
      spiritual: 3,
      face: 2,
      difficultyFace: 4,
      spendEssence: false,
      tieRule: "succeeds",
    });
    expect(r).toMatchObject({ success: false, total: 5, target: 10, comaDays: 4 });
  });

  it("a 6 against a 1 is favoured; a 6 against 2..5 may be bought with Essence; ties follow the dynamic tie rule", () => {
    expect(
      holdOnPlan({ spiritual: 0, face: 6, difficultyFace: 1, spendEssence: false, tieRule: "succeeds" }),
    ).toMatchObject({ success: true, automatic: "favoured", essenceSpent: 0 });
    expect(
      holdOnPlan({ spiritual: 1, face: 6, difficultyFace: 5, spendEssence: true, tieRule: "succeeds" }),
    ).toMatchObject({ success: true, essenceSpent: 1, comaDays: 0 });
    // 2 + 5 = 7 against 6 + 1 = 7.
    expect(
      holdOnPlan({ spiritual: 2, face: 5, difficultyFace: 1, spendEssence: false, tieRule: "succeeds" })
        .success,
    ).toBe(true);
    expect(
      holdOnPlan({ spiritual: 2, face: 5, difficultyFace: 1, spendEssence: false, tieRule: "fails" }),
    ).toMatchObject({ success: false, comaDays: 5 });
  });

  it("only the unconscious and unstable, out of a coma, once a fight (outside one: once until stable)", () => {
    const base = { level: "ko" as const, unstable: true, comaDays: 0, rolledIn: null, fight: "c1" };
    expect(holdOnRefusal(base)).toBeNull();
    expect(holdOnRefusal({ ...base, level: "critical" })).toBe("notUnconscious");
    expect(holdOnRefusal({ ...base, unstable: false })).toBe("stable");
    expect(holdOnRefusal({ ...base, comaDays: 2 })).toBe("inComa");
    expect(holdOnRefusal({ ...base, rolledIn: "c1" })).toBe("alreadyHeldOn");
    expect(holdOnRefusal({ ...base, rolledIn: "c0" })).toBeNull();
    expect(holdOnRefusal({ ...base, rolledIn: "", fight: "" })).toBe("alreadyHeldOn");
  });

  it("resting in a coma: whole days pass; the pools come back at the Critical rate (1 a month) at best", () => {
    const src = {
      level: "light" as const,
      unstable: false,
      hp: 0,
      maxHp: 6,
      essence: 0,
      maxEssence: 4,
      age: 30,
      lastHealAttempt: 0,
    };
    expect(restPlan({ ...src, comaDays: 4 }, 47)).toEqual({ hp: 0, essence: 0, comaDays: 3 });
    expect(restPlan({ ...src, comaDays: 40 }, 720)).toEqual({ hp: 1, essence: 1, comaDays: 10 });
    expect(restPlan({ ...src, comaDays: 0 }, 48)).toEqual({ hp: 2, essence: 2, comaDays: 0 });
  });
});

describe("the upkeep", () => {
  const damageMode = "high" as const;
  it("conscious: 1 Essence to stay conscious and 1 Hit Point to avoid a stun; unconscious: the Hit Point only", () => {
    expect(upkeepPlan({ level: "critical", stunned: false, hp: 2, essence: 2 }, { damageMode })).toEqual({
      paid: { hp: 1, essence: 1 },
      fellUnconscious: false,
      stunned: false,
      after: { level: "critical", stunned: false, hp: 1, essence: 1 },
    });
    expect(upkeepPlan({ level: "ko", stunned: false, hp: 2, essence: 2 }, { damageMode }).paid).toEqual({
      hp: 1,
      essence: 0,
    });
  });

  it("short: no Hit Point is a stun (Critical: K/O; at K/O: dead, H13); no Essence is unconsciousness", () => {
    expect(
      upkeepPlan({ level: "critical", stunned: false, hp: 0, essence: 1 }, { damageMode }).after.level,
    ).toBe("ko");
    expect(upkeepPlan({ level: "ko", stunned: false, hp: 0, essence: 0 }, { damageMode }).after.level).toBe(
      "dead",
    );
    expect(upkeepPlan({ level: "medium", stunned: false, hp: 1, essence: 0 }, { damageMode })).toMatchObject({
      fellUnconscious: true,
      stunned: false,
      after: { level: "ko", hp: 0, essence: 0 },
    });
    // Healthy but unstable (a vicious wound): a stun is the stunned flag.
    expect(
      upkeepPlan({ level: "healthy", stunned: false, hp: 0, essence: 1 }, { damageMode }).after,
    ).toMatchObject({ level: "healthy", stunned: true });
  });
});

describe("the instability a K/O brings", () => {
  const stable = { level: "critical" as const, unstable: false, fromKo: false };
  it("reaching K/O makes the victim unstable, marked as the K/O's; leaving it for a lesser wound ends it", () => {
    expect(instabilityChange(stable, { level: "ko" })).toEqual({ unstable: true, fromKo: true });
    expect(instabilityChange({ level: "ko", unstable: true, fromKo: true }, { level: "critical" })).toEqual({
      unstable: false,
      fromKo: false,
      clearHoldOn: true,
    });
  });
  it("an instability from before stays; an update that says what it is wins; death changes nothing", () => {
    expect(instabilityChange({ level: "ko", unstable: true, fromKo: false }, { level: "medium" })).toEqual(
      {},
    );
    expect(instabilityChange({ ...stable, unstable: true }, { level: "ko" })).toEqual({});
    expect(instabilityChange(stable, { level: "ko", unstable: false })).toEqual({});
    expect(instabilityChange({ level: "ko", unstable: true, fromKo: true }, { unstable: false })).toEqual({
      fromKo: false,
      clearHoldOn: true,
    });
    expect(instabilityChange({ level: "ko", unstable: true, fromKo: true }, { level: "dead" })).toEqual({});
    expect(instabilityChange({ level: "dead", unstable: false, fromKo: false }, { level: "ko" })).toEqual({});
  });
});

describe("the care card", () => {
  const card = (over: Partial<CareCard> = {}): CareCard => ({
    kind: "stabilise",
    medic: { actorUuid: "Actor.m", name: "Medic" },
    patient: { actorUuid: "Actor.p", name: "Patient" },
    bonus: 5,
    level: "ko",
    hospital: 0,
    spendEssence: false,
    faces: [6],
    tieRule: "succeeds",
    pools: null,
    worldTime: 1000,
    fight: "",
    restored: null,
    ...over,
  });
  const docs = {
    rolled: [6],
    authorOwnsRoller: true,
    bonus: 5,
    patient: { level: "ko" as const, unstable: true, pools: pools(0, 6, 0, 4) },
    worldTime: 1000,
  };

  it("a broken shape is refused: a hold-on roll with a medic, a die out of range, a hospital outside care", () => {
    expect(careCardProblems(card())).toEqual([]);
    expect(careCardProblems(card({ kind: "holdOn", faces: [3, 4] }))).toContain(
      "a hold-on roll has no medic",
    );
    expect(careCardProblems(card({ faces: [7] })).length).toBeGreaterThan(0);
    expect(careCardProblems(card({ hospital: 2 })).length).toBeGreaterThan(0);
    expect(careCardProblems(card({ level: "healthy" })).length).toBeGreaterThan(0);
    expect(careCardProblems(card({ restored: "hp" }))).toContain("only a care test restores a pool");
  });

  it("H15: 5 + 6 = 11 against a K/O's 11 stabilises; its change is the patient's `unstable` set false", () => {
    const result = careResult(card())!;
    expect(result).toMatchObject({ kind: "stabilise", success: true, total: 11, difficulty: 11 });
    expect(careChanges(card(), result)).toEqual([
      { uuid: "Actor.p", name: "Patient", set: { "system.health.unstable": false } },
    ]);
  });

  it("the GM's check: the card against the documents and its dice, each pending change one the roll makes", () => {
    const ok = card();
    const change = { ...careChanges(ok, careResult(ok)!)[0]!, id: "abc" };
    expect(careCardProblem(ok, [change], docs)).toBeNull();
    expect(careCardProblem(ok, [change, change], docs)).toMatch(/Unjustified$/);
    expect(careCardProblem(card({ faces: [1] }), [change], { ...docs, rolled: [1] })).toMatch(/Unjustified$/);
    expect(careCardProblem(ok, [change], { ...docs, rolled: [2] })).toBe("POLYVERSE.Relay.CardChanged");
    expect(careCardProblem(ok, [change], { ...docs, authorOwnsRoller: false })).toMatch(/NotYourRoller$/);
    expect(careCardProblem(ok, [change], { ...docs, bonus: 4 })).toMatch(/Mismatch$/);
    expect(careCardProblem(ok, [change], { ...docs, patient: { ...docs.patient, unstable: false } })).toMatch(
      /Mismatch$/,
    );
  });

  it("care: the points gained (never past the maxima read) with the cycle's marks; the pools and the time must agree", () => {
    const c = card({ kind: "care", level: "medium", bonus: 7, faces: [5], pools: pools(2, 6, 1, 4) });
    expect(careChanges(c, careResult(c)!)).toEqual([
      {
        uuid: "Actor.p",
        name: "Patient",
        set: { "flags.polyverse.tales.careTime": 1000, "flags.polyverse.tales.careSucceeded": true },
        add: [
          { path: "system.hp.value", delta: 1, max: 6 },
          { path: "system.essence.value", delta: 1, max: 4 },
        ],
      },
    ]);
    const d = {
      ...docs,
      bonus: 7,
      rolled: [5],
      patient: { level: "medium" as const, unstable: false, pools: pools(2, 6, 1, 4) },
    };
    expect(careCardProblem(c, [], d)).toBeNull();
    expect(careCardProblem(c, [], { ...d, patient: { ...d.patient, pools: pools(3, 6, 1, 4) } })).toMatch(
      /Mismatch$/,
    );
    expect(careCardProblem(c, [], { ...d, worldTime: 999 })).toMatch(/Mismatch$/);
    expect(careCardProblem(c, [], { ...d, worldTime: 1000 + 3601 })).toMatch(/Mismatch$/);
  });

  it("the hold-on roll's changes: its mark and, on a failure, the coma (H16: 4 days)", () => {
    const c = card({ kind: "holdOn", medic: null, bonus: 3, faces: [2, 4], fight: "c1" });
    expect(careChanges(c, careResult(c)!)).toEqual([
      {
        uuid: "Actor.p",
        name: "Patient",
        set: { "flags.polyverse.tales.holdOn": "c1", "system.health.comaDays": 4 },
      },
    ]);
  });

  it("the card's text: the sum against the difficulty, the outcome, what waits for the GM", () => {
    const view = careCardContext(card(), localize, { pendingNames: ["Patient"], isGM: true });
    expect(view.line).toContain('"total":"11"');
    expect(view.outcome?.tone).toBe("success");
    expect(view.pending).toContain("PendingGM");
    expect(view.apply).not.toBeNull();
    const player = careCardContext(card(), localize, { pendingNames: ["Patient"], isGM: false });
    expect(player.apply).toBeNull();
  });
});

describe("the upkeep card", () => {
  const actor = {
    uuid: "Actor.a",
    name: "Ann",
    level: "critical" as const,
    unstable: true,
    comaDays: 0,
    holdOn: null,
  };
  it("a row for each unstable fighter: due, held on in this fight, or in a coma; none for the stable or dead", () => {
    expect(upkeepRow(actor, "c1")).toMatchObject({ state: "due", conscious: true, canHoldOn: false });
    expect(upkeepRow({ ...actor, level: "ko" }, "c1")).toMatchObject({
      state: "due",
      conscious: false,
      canHoldOn: true,
    });
    expect(upkeepRow({ ...actor, level: "ko", holdOn: "c1" }, "c1")).toMatchObject({
      state: "heldOn",
      canHoldOn: false,
    });
    expect(upkeepRow({ ...actor, level: "ko", comaDays: 3 }, "c1")).toMatchObject({ state: "coma" });
    expect(upkeepRow({ ...actor, unstable: false }, "c1")).toBeNull();
    expect(upkeepRow({ ...actor, level: "dead" }, "c1")).toBeNull();
  });
  it("each row once; a state out of shape is refused; the buttons only for the row's owner", () => {
    const row = upkeepRow(actor, "c1")!;
    expect(upkeepOpRefusal(row, "pay")).toBeNull();
    expect(
      upkeepOpRefusal(
        { ...row, paid: { hp: 1, essence: 1, fellUnconscious: false, stunned: false, level: "critical" } },
        "pay",
      ),
    ).toBe("AlreadyPaid");
    expect(upkeepOpRefusal(row, "holdOn")).toBe("NoHoldOn");
    expect(upkeepOpRefusal(undefined, "pay")).toBe("NoRow");
    const card = { combatId: "c1", round: 2, rows: [row] };
    expect(upkeepCardProblems(card)).toEqual([]);
    expect(upkeepCardProblems({ ...card, rows: [{ ...row, paid: { hp: 5 } }] }).length).toBeGreaterThan(0);
    expect(upkeepCardContext(card, localize, () => true).rows[0]?.pay).not.toBeNull();
    expect(upkeepCardContext(card, localize, () => false).rows[0]?.pay).toBeNull();
  });
});

describe("a new session", () => {
  it("the used connections, Lucky and Astrological Sensitivity are fresh; nothing used, nothing to write", () => {
    expect(
      sessionReset({
        connections: { allies: { used: true }, contacts: { used: false }, wealth: { used: true } },
        uses: { lucky: true, astrological: false },
      }),
    ).toEqual({
      "system.connections.allies.used": false,
      "system.connections.wealth.used": false,
      "system.uses.lucky": false,
    });
    expect(sessionReset({ connections: {}, uses: { lucky: false, astrological: false } })).toBeNull();
  });
});

describe("the dialogs' exact odds", () => {
  const input = { roller: "M", patient: "P", essence: 0, tieRule: "succeeds" as const };
  it("H22's medic (7 against Medium's 9): significant 2/6 (a 5 or a 6), marginal 3/6, no gain 1/6", () => {
    const outcomes = careOutcomes(
      { ...input, kind: "care", bonus: 7, level: "medium" },
      { hospital: 0, spendEssence: false },
    );
    expect(outcomes.map((o) => o.probability)).toEqual([0, 2 / 6, 3 / 6, 1 / 6]);
  });
  it("stabilising a K/O (11) with 5: only a 6; with an Essence point nothing more (a 6 already meets it)", () => {
    const [success] = careOutcomes(
      { ...input, kind: "stabilise", bonus: 5, level: "ko" },
      { hospital: 0, spendEssence: false },
    );
    expect(success?.probability).toBeCloseTo(1 / 6, 12);
  });
  it("holding on: Spiritual 3 against 6 + d6; the odds add up to 1; the dialog offers Essence only when there is some", () => {
    const outcomes = careOutcomes(
      { ...input, kind: "holdOn", bonus: 3, level: "ko" },
      { hospital: 0, spendEssence: false },
    );
    expect(outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    const model = careDialogModel({ ...input, kind: "holdOn", bonus: 3, level: "ko" });
    expect(model.evaluate(model.start).groups).toEqual([]);
    const withEssence = careDialogModel({ ...input, essence: 2, kind: "care", bonus: 5, level: "critical" });
    const fields = withEssence.evaluate(withEssence.start).groups[0]!.fields.map((f) => f.name);
    expect(fields).toEqual(["hospital", "spendEssence"]);
    const changed = withEssence.change(withEssence.start, "hospital", "9");
    expect(changed.hospital).toBe(3);
  });
});
