import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  checkInfluenceRequest,
  influenceCondition,
  influencePool,
  influenceResistPool,
  laterRequestTest,
  resolveInfluence,
  resolveInfluenceOnTargets,
  resolveLaterRequest,
} from "./fast-action-influence";
import type { Checked } from "./types";

function ok<T>(result: Checked<T>): T {
  if (!result.ok) throw new Error(`expected ok, got: ${JSON.stringify(result.reason)}`);
  return result.value;
}

describe("Influence: Charm (SOC + SMR + #AD → SOC + SMR)", () => {
  it("TV-C07: SOC 2 + SMR 2 + 3AD = 7d6 → 6,6,5 vs 4d6 with 1 success: net 6,5, not all sixes, no Charmed", () => {
    expect(ok(influencePool({ soc: 2, second: 2, adSpent: 3 }))).toBe(7);
    expect(influenceResistPool({ soc: 2, second: 2 })).toBe(4);
    const r = resolveInfluence([6, 6, 5, 4, 3, 2, 1], [5, 3, 2, 1]);
    expect(r.contest.successes).toBe(2);
    expect(r).toMatchObject({ won: true, conditionApplies: false, rounds: 0, mayRequest: false });
  });

  it("TV-C08: 6,6,6 vs 1 success: net 6,6 (all sixes) → Charmed for SM 1 + 2 − 1 = 2 rounds", () => {
    const r = resolveInfluence([6, 6, 6, 4, 3, 2, 1], [5, 3, 2, 1]);
    expect(r).toMatchObject({ won: true, conditionApplies: true, rounds: 2, mayRequest: true });
    expect(influenceCondition("charm")).toBe("charmed");
  });

  it('option "anyNetSuccess" (spec §11.2 #4, net successes only): TV-C07 gives Charmed for 2 rounds', () => {
    const r = resolveInfluence([6, 6, 5, 4, 3, 2, 1], [5, 3, 2, 1], { sixesRule: "anyNetSuccess" });
    expect(r).toMatchObject({ conditionApplies: true, rounds: 2 });
  });

  it('option "netSixesOnly": the remaining sixes alone apply the condition and set its margin', () => {
    const r = resolveInfluence([6, 6, 5, 4, 3, 2, 1], [5, 3, 2, 1], { sixesRule: "netSixesOnly" });
    expect(r).toMatchObject({ conditionApplies: true, rounds: 1 });
    expect(resolveInfluence([6, 5, 5], [5], { sixesRule: "netSixesOnly" }).conditionApplies).toBe(false);
  });

  it("a resisted charm gives nothing; influence needs at least 1AD", () => {
    expect(resolveInfluence([6, 5], [5, 5, 6])).toMatchObject({
      won: false,
      conditionApplies: false,
      rounds: 0,
    });
    expect(influencePool({ soc: 2, second: 2, adSpent: 0 }).ok).toBe(false);
  });

  it('charm only targets actors "that are not already enemies"; each target resists individually', () => {
    const results = resolveInfluenceOnTargets(
      "charm",
      [6, 6, 6],
      [
        { id: "guard", faces: [5] },
        { id: "foe", faces: [1], enemy: true },
        { id: "clerk", faces: [6, 5, 5] },
      ],
    );
    expect(ok(results[0]?.result ?? { ok: false, reason: { key: "charmEnemy" } }).rounds).toBe(2);
    expect(results[1]?.result.ok).toBe(false);
    expect(ok(results[2]?.result ?? { ok: false, reason: { key: "charmEnemy" } }).won).toBe(false);
    expect(
      ok(
        resolveInfluenceOnTargets("intimidate", [6], [{ id: "foe", faces: [], enemy: true }])[0]?.result ?? {
          ok: false,
          reason: { key: "charmEnemy" },
        },
      ).conditionApplies,
    ).toBe(true);
  });

  it("property: a condition always comes from a win, and lasts the margin", () => {
    const face = fc.integer({ min: 1, max: 6 });
    fc.assert(
      fc.property(fc.array(face, { maxLength: 10 }), fc.array(face, { maxLength: 10 }), (a, b) => {
        const r = resolveInfluence(a, b);
        if (r.conditionApplies) {
          expect(r.won).toBe(true);
          expect(r.contest.fives).toBe(0);
          expect(r.rounds).toBe(r.contest.margin);
        } else expect(r.rounds).toBe(0);
      }),
    );
  });
});

describe("Influence: Intimidation (SOC + TUF + #AD → SOC + TUF)", () => {
  it("TV-C09: SOC 2 + TUF 3 + 2AD = 7d6 → 6,6 vs SOC 2 + TUF 2 with 0 successes → Afraid for 2 rounds; later commands SOC → 1S", () => {
    expect(ok(influencePool({ soc: 2, second: 3, adSpent: 2 }))).toBe(7);
    expect(influenceResistPool({ soc: 2, second: 2 })).toBe(4);
    const r = resolveInfluence([6, 6, 4, 3, 2, 1, 1], [4, 3, 2, 1]);
    expect(r).toMatchObject({ conditionApplies: true, rounds: 2, mayRequest: true });
    expect(influenceCondition("intimidate")).toBe("afraid");
    expect(laterRequestTest(2)).toEqual({ pool: 2, target: 1 });
  });

  it('"Success does not end the condition, but allows the actor to refuse"', () => {
    expect(resolveLaterRequest([5, 1]).refused).toBe(true);
    expect(resolveLaterRequest([4, 1]).refused).toBe(false);
  });

  it("a request must be understood, achievable and harmless to the target and its allies", () => {
    expect(checkInfluenceRequest({ understood: true, achievable: true, harmsTargetOrAllies: false }).ok).toBe(
      true,
    );
    expect(
      checkInfluenceRequest({ understood: false, achievable: true, harmsTargetOrAllies: false }).ok,
    ).toBe(false);
    expect(
      checkInfluenceRequest({ understood: true, achievable: false, harmsTargetOrAllies: false }).ok,
    ).toBe(false);
    expect(checkInfluenceRequest({ understood: true, achievable: true, harmsTargetOrAllies: true }).ok).toBe(
      false,
    );
  });
});
