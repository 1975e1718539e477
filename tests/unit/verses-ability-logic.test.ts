// Abilities a roll sets off once rolled (issue #11): Adrenaline Rush's EX after a test with SM 4 or
// more, Uncanny Luck's re-roll of 1s kept in the roll's options, and Pain Tolerance's skipped
// maintenance roll, with the rules text's numbers.
import { describe, expect, it } from "vitest";
import {
  adrenalineRushAfter,
  facesWithLuck,
  luckFor,
  luckRerollable,
  readLuck,
  rerolledLuck,
  specialAdrenaline,
} from "../../src/rulesets/verses/base/ability-logic";
import { poolCardContext, poolSize, poolView } from "../../src/rulesets/verses/base/pool-view";
import {
  hitSkipsMaintenance,
  planSocialResponse,
  resolveSocialResponseRoll,
  resolveMaintenanceSkipped,
  type StoredContinuous,
} from "../../src/rulesets/verses/rolls/special";
import type { AdRoundState } from "../../src/rulesets/verses/rules";

const state = (exBound: number, spent = 0): AdRoundState => ({
  max: 5,
  exBound,
  spent,
  reserved: { await: 0, dodge: 0, parry: 0 },
});
const rush1 = { adrenalineRush: 1 };

describe("Adrenaline Rush: 'Immediately after any successful test with a SM of 4 or higher, unbind a number of EX equal to the number of allocated dice plus 1'", () => {
  it("TV-C27: Adrenaline Rush 1, SM 4 (5 successes against 2S) unbinds 2 EX, returned as unspent AD", () => {
    const r = adrenalineRushAfter([6, 6, 5, 5, 5, 1], 2, rush1, state(3, 1));
    expect(r).toMatchObject({ due: 2, unbound: 2 });
    expect(r!.state).toEqual(state(1, 1));
  });

  it("SM 3 unbinds nothing; a failure nothing; no target nothing; no ability nothing", () => {
    expect(adrenalineRushAfter([6, 6, 5, 5, 1], 2, rush1, state(3))).toBeNull();
    expect(adrenalineRushAfter([6, 1, 1], 2, rush1, state(3))).toBeNull();
    expect(adrenalineRushAfter([6, 6, 6, 6, 6], 0, rush1, state(3))).toBeNull();
    expect(adrenalineRushAfter([6, 6, 5, 5, 5, 1], 2, {}, state(3))).toBeNull();
  });

  it("never unbinds more EX than are bound: 1 bound, 3 due (Adrenaline Rush 2)", () => {
    const r = adrenalineRushAfter([6, 6, 6, 6, 5], 1, { adrenalineRush: 2 }, state(1));
    expect(r).toMatchObject({ due: 3, unbound: 1 });
    expect(r!.state.exBound).toBe(0);
  });

  it("on a special test's card: the change and its line; a Charm contest is not a test; nothing bound, no line", () => {
    const actor = { uuid: "Actor.a", name: "Jee", abilities: rush1 };
    const roll = { faces: [6, 6, 5, 5, 5], target: 1 };
    expect(specialAdrenaline("rest", roll, actor, state(2))).toEqual({
      change: { uuid: "Actor.a", name: "Jee", set: { "system.ad.exBound": 0 } },
      unbound: 2,
      line: { key: "POLYVERSE.Verses.Adrenaline.Unbound", data: { ex: 2 } },
    });
    expect(specialAdrenaline("influence", roll, actor, state(2))).toBeNull();
    expect(specialAdrenaline("rest", roll, actor, state(0))).toBeNull();
  });
});

describe("Uncanny Luck: 're-roll a number of resulting 1s equal to the number of allocated dice one time, using whatever value results'", () => {
  const faces = [1, 6, 1, 3, 1];
  const options = { kind: "test", luck: { allocated: 2 } };

  it("only an actor with the ability carries luck on its rolls", () => {
    expect(luckFor({ uncannyLuck: 2 })).toEqual({ allocated: 2 });
    expect(luckFor({})).toBeUndefined();
  });

  it("Uncanny Luck 2 re-rolls the first two of three 1s; once", () => {
    expect(luckRerollable(faces, options)).toEqual([0, 2]);
    const luck = rerolledLuck(faces, options, [5, 1]);
    expect(luck).toEqual({ allocated: 2, rerolled: { indices: [0, 2], faces: [5, 1] } });
    // "whatever value results": the re-rolled 1 stays a 1.
    expect(facesWithLuck(faces, luck)).toEqual([5, 6, 1, 3, 1]);
    expect(luckRerollable(faces, { ...options, luck })).toEqual([]);
    expect(rerolledLuck(faces, { ...options, luck }, [6, 6])).toBeNull();
  });

  it("no 1s, a defence, an attack or turn order: nothing to re-roll on the card", () => {
    expect(luckRerollable([6, 5, 4], options)).toEqual([]);
    expect(luckRerollable(faces, { ...options, kind: "attack" })).toEqual([]);
    expect(luckRerollable(faces, { ...options, kind: "initiative" })).toEqual([]);
    expect(luckRerollable(faces, { ...options, defence: { kind: "dodge" } })).toEqual([]);
  });

  it("a forged luck (a re-roll of a die that was not a 1, more dice than allocated, a face 7) is refused", () => {
    expect(readLuck({ allocated: 1, rerolled: { indices: [1], faces: [6] } }, faces)).toBeNull();
    expect(readLuck({ allocated: 1, rerolled: { indices: [0, 2], faces: [6, 6] } }, faces)).toBeNull();
    expect(readLuck({ allocated: 2, rerolled: { indices: [0], faces: [7] } }, faces)).toBeNull();
    expect(
      poolView(faces, { target: 1, luck: { allocated: 1, rerolled: { indices: [1], faces: [6] } } }).invalid,
    ).toBe(true);
  });

  it("the card counts the re-rolled faces, says what changed and offers the button only while unused", () => {
    const parts = [{ label: "PRW", dice: 5 }];
    const fresh = poolView(faces, { ...options, target: 2, parts });
    expect(fresh).toMatchObject({ successes: 1, success: false, luckRerolls: 2, luckRerolled: null });
    const luck = { allocated: 2, rerolled: { indices: [0, 2], faces: [5, 1] } };
    const after = poolView(faces, { ...options, target: 2, parts, luck });
    expect(after).toMatchObject({ successes: 2, success: true, luckRerolls: 0 });
    expect(after.dice.map((d) => d.face)).toEqual([6, 5, 3, 1, 1]);
    const context = poolCardContext(after, { localize: (k) => k });
    expect(context.luckRerolled).toEqual({ before: "1, 1", after: "5, 1" });
    // A private card shows no dice, and no button.
    expect(poolCardContext(fresh, { localize: (k) => k, isPrivate: true }).luckRerolls).toBe(0);
  });
});

describe("Pain Tolerance: 'If you are hit by an attack while maintaining a Continuous Test and you take no HP damage, you do not have to make a maintenance roll'", () => {
  const pt = { abilities: { painTolerance: 1 } };
  it("a hit with no HP lost: no roll; HP lost, or no Pain Tolerance, or the Maintain action: a roll", () => {
    expect(hitSkipsMaintenance(pt, { reason: "hit", hpDamage: 0 })).toBe(true);
    expect(hitSkipsMaintenance(pt, { reason: "hit", hpDamage: 2 })).toBe(false);
    expect(hitSkipsMaintenance({ abilities: {} }, { reason: "hit", hpDamage: 0 })).toBe(false);
    expect(hitSkipsMaintenance(pt, { reason: "maintain", hpDamage: 0 })).toBe(false);
    // HP not said: the roll is made, as without the ability.
    expect(hitSkipsMaintenance(pt, { reason: "hit" })).toBe(false);
  });

  it("the card: nothing rolled, nothing changed, the test kept as it was with its buttons", () => {
    const stored: StoredContinuous = {
      id: "c1",
      label: "Choke",
      notation: "2S C",
      state: { continuation: 1, baseDice: 4, involvesSmr: false, roundsContinued: 2, active: true },
    };
    const r = resolveMaintenanceSkipped(stored, { uuid: "Actor.j", name: "Jules" });
    expect(r.changes).toEqual([]);
    expect(r.card).toMatchObject({
      kind: "maintain",
      sides: [],
      outcome: "success",
      continuousId: "c1",
      headline: { key: "POLYVERSE.Verses.Tests.Maintain.PainTolerance", data: { name: "Jules" } },
      lines: [{ key: "POLYVERSE.Verses.Tests.Maintain.Kept", data: { rounds: 2 } }],
    });
  });
});

describe("Social Responses: 'a contest between factors in the character's favor and factors acting against the character'", () => {
  const character = { effective: { soc: 3 }, derived: { cn: 2 } } as never;
  const society = { name: "Vell", tol: 2, mob: 1, jst: 3 };

  it("Legal Violations: CN + TOL + JST (2 + 2 + 3 = 7d6) vs violation + deviation (3 + 1 = 4d6)", () => {
    const plan = planSocialResponse(character, society, "legalViolations", {
      factors: { legalViolation: 3, normsDeviation: 1 },
    });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(poolSize(plan.value.favour.parts)).toBe(7);
    expect(poolSize(plan.value.against.parts)).toBe(4);
    expect(plan.value.favour.parts!.map((p) => p.label)).toEqual([
      "POLYVERSE.Verses.Social.Factor.cn",
      "POLYVERSE.Verses.Social.Factor.tol",
      "POLYVERSE.Verses.Social.Factor.jst",
    ]);
  });

  it("Behavioral Aberrations: SOC + TOL vs 1 + deviation; more successes in favour is more positive", () => {
    const plan = planSocialResponse(character, society, "behavioralAberrations", {
      factors: { normsDeviation: 2 },
    });
    if (!plan.ok) throw new Error("refused");
    expect([poolSize(plan.value.favour.parts), poolSize(plan.value.against.parts)]).toEqual([5, 3]);
    const r = resolveSocialResponseRoll(plan.value, [6, 5, 5, 2, 1], [5, 3, 1], {
      character: "Anders",
      society: "Vell",
    });
    expect(r.card).toMatchObject({
      kind: "social",
      outcome: "success",
      headline: { key: "POLYVERSE.Verses.Social.Response.positive", data: { net: 2 } },
    });
    expect(r.changes).toEqual([]);
  });

  it("First Impressions without the GM's ratings is refused, naming the missing one", () => {
    const plan = planSocialResponse(character, society, "firstImpressions");
    expect(plan).toEqual({
      ok: false,
      reason: { key: "POLYVERSE.Verses.Social.Missing", data: { factor: "apparentWealth" } },
    });
  });
});
