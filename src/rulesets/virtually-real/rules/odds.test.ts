import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { planCheck, resolveCheck, type CheckOptions } from "./check";
import {
  checkOdds,
  explosionAtLeast,
  opposedOdds,
  poolMultisets,
  successOdds,
  totalOdds,
  type CheckOdds,
  type CheckOddsInput,
} from "./odds";

/** Every ordered roll of `n` d6. */
function allRolls(n: number): number[][] {
  let out: number[][] = [[]];
  for (let i = 0; i < n; i++) out = out.flatMap((r) => [1, 2, 3, 4, 5, 6].map((f) => [...r, f]));
  return out;
}

/**
 * Brute force through `resolveCheck`: every ordered pool, and every confirmation and explosion die
 * one at a time (each with chance 1/6) while the check asks for one, down to 6^-25.
 */
function brute(input: CheckOddsInput, options: CheckOptions = {}): CheckOdds {
  const n = planCheck(input, options).poolSize;
  const odds: CheckOdds = {
    success: 0,
    brilliant: 0,
    criticalFailure: 0,
    closeEnough: 0,
    failure: 0,
    expected: 0,
  };
  const walk = (
    dice: number[],
    explosion: number[],
    confirmation: number | undefined,
    p: number,
    depth: number,
  ) => {
    const r = resolveCheck({ ...input, dice, explosion, confirmation }, options);
    if (r.diceNeeded > 0 && depth < 25) {
      for (let f = 1; f <= 6; f++) {
        if (r.brilliant) walk(dice, [...explosion, f], confirmation, p / 6, depth + 1);
        else walk(dice, explosion, f, p / 6, depth + 1);
      }
      return;
    }
    if (r.critical) odds.criticalFailure += p;
    else if (r.success) odds.success += p;
    else if (r.closeEnough) odds.closeEnough += p;
    else odds.failure += p;
    if (r.brilliant) odds.brilliant += p;
    odds.expected += p * r.total;
  };
  for (const dice of allRolls(n)) walk(dice, [], undefined, Math.pow(6, -n), 0);
  return odds;
}

const close = (a: CheckOdds, b: CheckOdds) => {
  for (const k of Object.keys(a) as (keyof CheckOdds)[]) expect(a[k], k).toBeCloseTo(b[k], 10);
};

const skill = (over: Partial<CheckOddsInput> = {}): CheckOddsInput => ({
  kind: "skill",
  capacity: 2,
  attrCapacity: 2,
  advantage: 0,
  disadvantage: 0,
  critMod: 0,
  level: 0,
  dl: 7,
  ...over,
});

describe("checkOdds: the reference probabilities of base rolls (no modifiers)", () => {
  const at = (capacity: number) => checkOdds(skill({ capacity, attrCapacity: capacity }));
  it("[1]: critical 1/6, brilliant 1/36 (a 6 confirmed by a 6)", () => {
    expect(at(1).criticalFailure).toBeCloseTo(1 / 6, 15);
    expect(at(1).brilliant).toBeCloseTo(1 / 36, 15);
  });
  it("[2]: critical 1/36 (2.7 %), brilliant 1/36", () => {
    expect(at(2).criticalFailure).toBeCloseTo(1 / 36, 15);
    expect(at(2).brilliant).toBeCloseTo(1 / 36, 15);
  });
  it("[3]: critical 1/216 (0.5 %, TV-20), brilliant 4/216 (17-18)", () => {
    expect(at(3).criticalFailure).toBeCloseTo(1 / 216, 15);
    expect(at(3).brilliant).toBeCloseTo(4 / 216, 15);
  });
  it("[4]: critical 1/1296, brilliant 15/1296 (22-24)", () => {
    expect(at(4).criticalFailure).toBeCloseTo(1 / 1296, 15);
    expect(at(4).brilliant).toBeCloseTo(15 / 1296, 15);
  });
  it("TV-15: [5]: critical 6/7776 (sums 5 and 6; the text's '1 in 1000'), brilliant 56/7776 (27-30)", () => {
    expect(at(5).criticalFailure).toBeCloseTo(6 / 7776, 15);
    expect(at(5).brilliant).toBeCloseTo(56 / 7776, 15);
  });
  it("TV-14: [2] critical 1/36 (2.78 %), +1 crit 3/36 (8.33 %), +2 crit 6/36 (16.7 %)", () => {
    const crit = [0, 1, 2].map((critMod) => checkOdds(skill({ critMod })).criticalFailure);
    [1 / 36, 3 / 36, 6 / 36].forEach((p, i) => expect(crit[i]).toBeCloseTo(p, 15));
  });
});

describe("checkOdds: the text's own figures", () => {
  it("TV-03: a primary skill at level L against 7 + L succeeds 21/36 (58.3 %), the DL nearest 60 %", () => {
    for (const level of [0, 3, 9]) {
      const at = (dl: number) => successOdds(skill({ level, dl }));
      expect(at(7 + level)).toBeCloseTo(21 / 36, 15);
      const gaps = [6, 7, 8].map((d) => Math.abs(at(d + level) - 0.6));
      expect(gaps.indexOf(Math.min(...gaps))).toBe(1);
    }
  });
  it("a Combination [2] at +7 needs 11 for DL 18 (3/36, 8 %); at +9 it needs 9 (10/36, 28 %)", () => {
    const combo = (level: number) => skill({ kind: "combination", capacity: 2, level, dl: 18 });
    expect(successOdds(combo(7))).toBeCloseTo(3 / 36, 15);
    expect(successOdds(combo(9))).toBeCloseTo(10 / 36, 15);
  });
  it("TV-20: [2] at +5 ranges 7-17 averaging 12 on the dice; [3] at +3 ranges 6-21 averaging 13.5", () => {
    const spread = (capacity: number, level: number) => [
      capacity + level,
      6 * capacity + level,
      3.5 * capacity + level,
    ];
    expect(spread(2, 5)).toEqual([7, 17, 12]);
    expect(spread(3, 3)).toEqual([6, 21, 13.5]);
    // the mean total: 1,1 counts 0 (its 2 and the +5 lost), 6,6 explodes (a/5 + 3 more on average)
    const two = checkOdds(skill({ level: 5 })).expected;
    expect(two).toBeCloseTo(12 - 7 / 36 + (1 / 36) * (2 / 5 + 3), 12);
  });
});

describe("checkOdds: conflicted rolls are all-or-nothing", () => {
  it("TV-02: the lock's engineer at [3]+5 averages about 15.5, 'nearly 16' (critical results and explosions move it little)", () => {
    const engineer = checkOdds(skill({ capacity: 3, attrCapacity: 2, level: 5, dl: 16 }));
    expect(Math.abs(engineer.expected - 15.5)).toBeLessThan(0.1);
  });
  it("an advantage against a disadvantage is a gamble: below the plain roll against DL 5, far above it against DL 9", () => {
    const at = (dl: number, advantage: number, disadvantage: number) =>
      successOdds(skill({ dl, advantage, disadvantage }));
    // DL 5: plain 30/36, one disadvantage 139/216, one advantage 205/216, both 806/1296
    expect(at(5, 0, 0)).toBeCloseTo(30 / 36, 14);
    expect(at(5, 0, 1)).toBeCloseTo(139 / 216, 14);
    expect(at(5, 1, 0)).toBeCloseTo(205 / 216, 14);
    expect(at(5, 1, 1)).toBeCloseTo(806 / 1296, 14);
    // DL 9: plain 10/36, one disadvantage 23/216, one advantage 113/216, both 710/1296
    expect(at(9, 0, 0)).toBeCloseTo(10 / 36, 14);
    expect(at(9, 0, 1)).toBeCloseTo(23 / 216, 14);
    expect(at(9, 1, 0)).toBeCloseTo(113 / 216, 14);
    expect(at(9, 1, 1)).toBeCloseTo(710 / 1296, 14);
  });
});

describe("checkOdds equals brute force through resolveCheck", () => {
  it("TV-04/05 pools: [2] with an advantage, with a disadvantage", () => {
    close(checkOdds(skill({ advantage: 1, dl: 9 })), brute(skill({ advantage: 1, dl: 9 })));
    close(checkOdds(skill({ disadvantage: 1, dl: 5 })), brute(skill({ disadvantage: 1, dl: 5 })));
  });
  it("[1] with and without advantage, both readings of a dropped 6 (A-7)", () => {
    for (const droppedSixConfirms of [true, false]) {
      const input = skill({ capacity: 1, attrCapacity: 1, advantage: 1, dl: 8 });
      close(checkOdds(input, { droppedSixConfirms }), brute(input, { droppedSixConfirms }));
    }
    close(
      checkOdds(skill({ capacity: 1, attrCapacity: 2, dl: 7 })),
      brute(skill({ capacity: 1, attrCapacity: 2, dl: 7 })),
    );
  });
  it("conflicted pools with Luck, [0] rolls, saves, strength feats, Combination rolls", () => {
    const cases: CheckOddsInput[] = [
      skill({ advantage: 1, disadvantage: 1, dl: 8 }),
      skill({ advantage: 2, disadvantage: 1, luck: 1, dl: 10 }),
      skill({ kind: "attribute", capacity: 0, attrCapacity: 0, dl: 4 }),
      skill({ kind: "save", capacity: 3, attrCapacity: 3, level: 2, dl: 10 }),
      skill({ kind: "save", capacity: 1, attrCapacity: 1, dl: 6 }),
      skill({ kind: "strengthFeat", capacity: 2, flat: 3, dl: 12 }),
      skill({ kind: "combination", capacity: 3, attrCapacity: 2, level: 5, dl: 15 }),
      skill({ capacity: 4, attrCapacity: 4, critMod: 1, dl: 20 }),
    ];
    for (const input of cases) close(checkOdds(input), brute(input));
  });
  it("random small checks (pools of up to 4 dice)", () => {
    fc.assert(
      fc.property(
        fc.record({
          kind: fc.constantFrom("skill", "save", "attribute", "combination", "strengthFeat" as const),
          capacity: fc.integer({ min: 1, max: 3 }),
          attrCapacity: fc.integer({ min: 0, max: 3 }),
          advantage: fc.integer({ min: 0, max: 2 }),
          disadvantage: fc.integer({ min: 0, max: 2 }),
          critMod: fc.integer({ min: 0, max: 2 }),
          luck: fc.integer({ min: 0, max: 2 }),
          level: fc.integer({ min: 0, max: 6 }),
          dl: fc.integer({ min: 0, max: 24 }),
        }),
        fc.boolean(),
        (input, droppedSixConfirms) => {
          const plan = planCheck(input);
          fc.pre(plan.poolSize <= 4);
          close(checkOdds(input, { droppedSixConfirms }), brute(input, { droppedSixConfirms }));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("checkOdds: shapes", () => {
  const arbitrary = fc.record({
    kind: fc.constantFrom("skill", "save", "attribute", "combination", "strengthFeat" as const),
    capacity: fc.integer({ min: 1, max: 5 }),
    attrCapacity: fc.integer({ min: 0, max: 5 }),
    advantage: fc.integer({ min: 0, max: 3 }),
    disadvantage: fc.integer({ min: 0, max: 3 }),
    critMod: fc.integer({ min: 0, max: 3 }),
    luck: fc.integer({ min: 0, max: 2 }),
    level: fc.integer({ min: 0, max: 9 }),
    dl: fc.integer({ min: 0, max: 40 }),
  });
  it("every chance is in [0, 1] and critical + failure + close enough + success is 1", () => {
    fc.assert(
      fc.property(arbitrary, (input) => {
        const o = checkOdds(input);
        const parts = [o.success, o.brilliant, o.criticalFailure, o.closeEnough, o.failure];
        expect(parts.every((p) => p >= -1e-12 && p <= 1 + 1e-12)).toBe(true);
        expect(o.success + o.criticalFailure + o.closeEnough + o.failure).toBeCloseTo(1, 12);
      }),
      { numRuns: 60 },
    );
  });
  it("success grows with the level and falls with the DL; critical and brilliant chances do not move", () => {
    fc.assert(
      fc.property(arbitrary, (input) => {
        const o = checkOdds(input);
        const higher = checkOdds({ ...input, level: input.level + 1 });
        const harder = checkOdds({ ...input, dl: input.dl + 1 });
        expect(higher.success).toBeGreaterThanOrEqual(o.success - 1e-12);
        expect(harder.success).toBeLessThanOrEqual(o.success + 1e-12);
        expect(higher.criticalFailure).toBeCloseTo(o.criticalFailure, 14);
        expect(harder.brilliant).toBeCloseTo(o.brilliant, 14);
      }),
      { numRuns: 60 },
    );
  });
  it("an advantage never lowers success nor raises the critical chance when nothing conflicts", () => {
    fc.assert(
      fc.property(arbitrary, (input) => {
        const plain = { ...input, disadvantage: 0 };
        // a low save attribute or a [0] roll brings disadvantages: then an advantage conflicts
        fc.pre(planCheck(plain).disadvantage === 0);
        const o = checkOdds(plain);
        const more = checkOdds({ ...plain, advantage: plain.advantage + 1 });
        expect(more.success).toBeGreaterThanOrEqual(o.success - 1e-12);
        expect(more.criticalFailure).toBeLessThanOrEqual(o.criticalFailure + 1e-12);
      }),
      { numRuns: 60 },
    );
  });
  it("more crit range never lowers the critical chance nor raises success", () => {
    fc.assert(
      fc.property(arbitrary, (input) => {
        const o = checkOdds(input);
        const worse = checkOdds({ ...input, critMod: input.critMod + 1 });
        expect(worse.criticalFailure).toBeGreaterThanOrEqual(o.criticalFailure - 1e-12);
        expect(worse.success).toBeLessThanOrEqual(o.success + 1e-12);
      }),
      { numRuns: 60 },
    );
  });
});

describe("the pieces", () => {
  it("poolMultisets: C(n + 5, 5) multisets whose counts add up to 6^n", () => {
    for (const [n, sets] of [
      [1, 6],
      [2, 21],
      [3, 56],
      [10, 3003],
    ] as const) {
      const all = poolMultisets(n);
      expect(all.length).toBe(sets);
      expect(all.reduce((s, m) => s + m.count, 0)).toBe(Math.pow(6, n));
    }
  });
  it("explosionAtLeast: [2]'s chain after 6,6 with attribute [2]: 4 or more is a 4-5, a 6 then 2-5, or two 6s", () => {
    expect(explosionAtLeast(4, 0, 2, true)).toBeCloseTo(
      (5 / 6) * (2 / 5) + (1 / 6) * (5 / 6) * (4 / 5) + 1 / 36,
      15,
    );
    expect(explosionAtLeast(1, 0, 2, true)).toBe(1);
    // [1]: after the confirming 6 (worth a = 2), 4 or more needs one more 6
    expect(explosionAtLeast(4, 2, 2, false)).toBeCloseTo(1 / 6, 15);
  });
  it("totalOdds adds up to 1 with the critical results and the tail", () => {
    const t = totalOdds(skill({ advantage: 1, level: 3 }), 30);
    const sum = t.critical + t.above + t.totals.reduce((s, p) => s + p, 0);
    expect(sum).toBeCloseTo(1, 14);
    expect(t.totals[5]).toBe(0); // 2 + 3 is critical
    expect(t.critical).toBeCloseTo(1 / 216, 15);
  });
  it("opposedOdds: the same checks face to face win at least half (ties to the actor), less than half with ties to the opponent", () => {
    const a = skill({ level: 3 });
    const tiesActor = opposedOdds(a, a);
    const tiesOpponent = opposedOdds(a, a, { ties: "opponent" });
    expect(tiesActor).toBeGreaterThan(0.5);
    expect(tiesOpponent).toBeLessThan(0.5);
    // the difference is a tie: the same total on both sides (no critical results: 3 + 2 > 2..0)
    const t = totalOdds(a, 200);
    const tie = t.totals.reduce((s, p) => s + p * p, 0);
    expect(tiesActor - tiesOpponent).toBeCloseTo(tie, 12);
  });
  it("opposedOdds is the opponent's totals used as DLs (a critical opponent counts 0)", () => {
    const actor = skill({ level: 2 });
    const opponent = skill({ level: 4, capacity: 3, attrCapacity: 3 });
    const t = totalOdds(opponent, 200);
    let p = t.critical * 1 * (1 - checkOdds({ ...actor, dl: 0 }).criticalFailure);
    for (let dl = 0; dl < t.totals.length; dl++)
      if (t.totals[dl]! > 0) p += t.totals[dl]! * successOdds({ ...actor, dl });
    expect(opposedOdds(actor, opponent)).toBeCloseTo(p, 12);
  });
});
