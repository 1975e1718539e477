import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  COMBAT_PHASES,
  actionDiceFor,
  aimBonus,
  declarationOrder,
  defenceOpen,
  dodgeRangedDifficulty,
  movementAllowance,
  nextCombatPhase,
  rangeBand,
  rangedDifficulty,
  rankInitiative,
  resolveAttack,
  rollsInitiative,
  secondaryActors,
  spendActionDice,
  startRound,
  sustainedDefenceDifficulty,
  taskUnderAttack,
  undefendedDifficulty,
} from "./combat";
import { initiativeScore } from "./character";

const fixed = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

describe("the round", () => {
  it("'1. Initiative 2. Primary Movement 3. Primary Action 4. Secondary Action(s) 5. Recovery'", () => {
    expect(COMBAT_PHASES).toEqual(["initiative", "movement", "primary", "secondary", "recovery"]);
  });
  it("skips phases nobody acts in, never Recovery; a new round follows", () => {
    expect(nextCombatPhase("initiative", { movement: true })).toEqual({ phase: "primary", newRound: false });
    expect(nextCombatPhase("primary", { secondary: true, recovery: true })).toEqual({
      phase: "recovery",
      newRound: false,
    });
    expect(nextCombatPhase("recovery")).toEqual({ phase: "initiative", newRound: true });
  });
  it("initiative each round, or only the first (setting)", () => {
    expect(rollsInitiative(3, { initiativeEachRound: true })).toBe(true);
    expect(rollsInitiative(3, { initiativeEachRound: false })).toBe(false);
    expect(rollsInitiative(1, { initiativeEachRound: false })).toBe(true);
  });
});

describe("initiative and action dice", () => {
  it("C01 A 3+2+4 = 9, B 2+1+6 = 9, C 2+0+3 = 5: A highest by Mental; A 3 dice, B and C 2; declare C, B, A", () => {
    const round = startRound(
      [
        { id: "A", total: initiativeScore(3, 2) + 4, mental: 3 },
        { id: "B", total: initiativeScore(2, 1) + 6, mental: 2 },
        { id: "C", total: initiativeScore(2, 0) + 3, mental: 2 },
      ],
      Math.random,
    );
    expect(round.order).toEqual(["C", "B", "A"]);
    expect(round.highest).toBe("A");
    expect(round.actionDice).toEqual({ A: 3, B: 2, C: 2 });
  });
  it("C02 Oblivious rolls 15, others 10 or less: Oblivious is lowest", () => {
    const r = rankInitiative(
      [
        { id: "O", total: 15, mental: 5, oblivious: true },
        { id: "X", total: 10, mental: 1 },
        { id: "Y", total: 4, mental: 1 },
      ],
      Math.random,
    );
    expect(r.order).toEqual(["O", "Y", "X"]);
    expect(r.highest).toBe("X");
  });
  it("two Oblivious roll between themselves", () => {
    const r = rankInitiative(
      [
        { id: "O1", total: 3, mental: 2, oblivious: true },
        { id: "O2", total: 8, mental: 2, oblivious: true },
        { id: "X", total: 1, mental: 1 },
      ],
      Math.random,
    );
    expect(r.order).toEqual(["O1", "O2", "X"]);
  });
  it("a full tie is the injected 50/50", () => {
    const both = [
      { id: "P", total: 7, mental: 2 },
      { id: "Q", total: 7, mental: 2 },
    ];
    expect(rankInitiative(both, fixed(0.9, 0.1)).order).toEqual(["Q", "P"]);
    expect(rankInitiative(both, fixed(0.1, 0.9)).order).toEqual(["P", "Q"]);
    expect(() => rankInitiative([both[0]!, both[0]!], Math.random)).toThrow(RangeError);
  });
  it("3 highest, 2 others, Uncoordinated 1 (even when highest), stunned -1, onlookers 0 or 1 when drawn in", () => {
    expect(actionDiceFor({ highest: true })).toBe(3);
    expect(actionDiceFor({})).toBe(2);
    expect(actionDiceFor({ highest: true, uncoordinated: true })).toBe(1);
    expect(actionDiceFor({ highest: true, stunned: true })).toBe(2);
    expect(actionDiceFor({ uncoordinated: true, stunned: true })).toBe(0);
    expect(actionDiceFor({ onlooker: true })).toBe(0);
    expect(actionDiceFor({ onlooker: true, drawnIn: true })).toBe(1);
    expect(actionDiceFor({ extra: 1 })).toBe(3);
  });
  it("Heavy: initiative -1 per Heavy item (character.ts)", () => {
    expect(initiativeScore(3, 2, { heavyItems: 2 })).toBe(3);
  });
  it("spending dice; secondary actions go to those with dice left, in order", () => {
    expect(spendActionDice(2, 2)).toEqual({ ok: true, value: 0 });
    expect(spendActionDice(1, 2)).toMatchObject({ ok: false, reason: "notEnoughActionDice" });
    expect(secondaryActors(["C", "B", "A"], { A: 1, B: 0, C: 2 })).toEqual(["C", "A"]);
  });
  it("declaration: lowest first; ties Physical, Social, Mental, Spiritual", () => {
    expect(
      declarationOrder([
        { id: "s", initiative: 6, attribute: "spiritual" },
        { id: "p", initiative: 6, attribute: "physical" },
        { id: "low", initiative: 2, attribute: "mental" },
        { id: "m", initiative: 6, attribute: "mental" },
      ]),
    ).toEqual(["low", "p", "m", "s"]);
  });
});

describe("movement and tasks", () => {
  it("C03 Physical 3 + Athletics 2 = 5 m; Restrictive 25% less (character.ts rounds); extra actions add the rate", () => {
    expect(movementAllowance(5)).toBe(5);
    expect(movementAllowance(5 * 0.75)).toBe(3.75);
    expect(movementAllowance(5, 1)).toBe(10);
  });
  it("a task under attack: static -> dynamic, dynamic +2", () => {
    expect(taskUnderAttack({ kind: "static", difficulty: 7 })).toEqual({ kind: "dynamic", difficulty: 7 });
    expect(taskUnderAttack({ kind: "dynamic", difficulty: 7 })).toEqual({ kind: "dynamic", difficulty: 9 });
  });
});

describe("attacks", () => {
  it("C04 undefended: 3 + 2 + 5 = 10 vs Physical 3 + 4 = 7: hit, margin 3, one shift", () => {
    const r = resolveAttack({ mode: "dynamic", attack: 5, attackFace: 5, defence: 3, defenceFace: 4 });
    expect(r).toMatchObject({ hit: true, margin: 3, shifts: 1, defender: null });
    expect(r.attacker).toMatchObject({ total: 10, target: 7, automatic: null, degree: "significant" });
  });
  it("C05 the same attack with a 1: automatic miss (unless the difficulty die is a 1 too)", () => {
    const r = resolveAttack({ mode: "dynamic", attack: 20, attackFace: 1, defence: 3, defenceFace: 4 });
    expect(r.hit).toBe(false);
    expect(r.attacker.automatic).toBe("fail");
    expect(
      resolveAttack({ mode: "dynamic", attack: 20, attackFace: 1, defence: 3, defenceFace: 1 }).hit,
    ).toBe(true);
  });
  it("C06 attack 10 vs Dodge 10: miss (must beat by one)", () => {
    expect(resolveAttack({ mode: "opposed", attack: 6, attackFace: 4, defence: 7, defenceFace: 3 }).hit).toBe(
      false,
    );
    expect(resolveAttack({ mode: "opposed", attack: 7, attackFace: 4, defence: 7, defenceFace: 3 }).hit).toBe(
      true,
    );
  });
  it("C07 attack 12 vs Block 8 with the defender's 1: hit, margin 4, one shift", () => {
    const r = resolveAttack({ mode: "opposed", attack: 8, attackFace: 4, defence: 7, defenceFace: 1 });
    expect(r).toMatchObject({ hit: true, margin: 4, shifts: 1 });
    expect(r.attacker.automatic).toBe("success");
    const low = resolveAttack({ mode: "opposed", attack: 0, attackFace: 3, defence: 12, defenceFace: 1 });
    expect(low).toMatchObject({ hit: true, shifts: 0 });
  });
  it("undefended dynamic ties follow the setting", () => {
    const tie = { mode: "dynamic" as const, attack: 3, attackFace: 4, defence: 4, defenceFace: 3 };
    expect(resolveAttack(tie).hit).toBe(true);
    expect(resolveAttack({ ...tie, dynamicTieRule: "fails" }).hit).toBe(false);
  });
  it("sixes: 6 vs 1 favoured; 6 vs 2..5 an Essence point; 6 vs 6 the totals", () => {
    const favoured = resolveAttack({ mode: "dynamic", attack: 0, attackFace: 6, defence: 9, defenceFace: 1 });
    expect(favoured.hit).toBe(true);
    expect(favoured.attacker.automatic).toBe("favoured");
    const mayBuy = resolveAttack({ mode: "dynamic", attack: 0, attackFace: 6, defence: 9, defenceFace: 3 });
    expect(mayBuy.hit).toBe(false);
    expect(mayBuy.attacker.canSpendEssence).toBe(true);
    const bought = resolveAttack({
      mode: "dynamic",
      attack: 0,
      attackFace: 6,
      defence: 9,
      defenceFace: 3,
      attackerSpendsEssence: true,
    });
    expect(bought).toMatchObject({ hit: true, shifts: 0 });
    expect(bought.attacker.essenceSpent).toBe(1);
    const sixes = resolveAttack({ mode: "dynamic", attack: 0, attackFace: 6, defence: 9, defenceFace: 6 });
    expect(sixes.hit).toBe(false);
    expect(sixes.attacker.canSpendEssence).toBe(false);
  });
  it("a defender's 6 may buy the defence with Essence", () => {
    const base = { mode: "opposed" as const, attack: 9, attackFace: 4, defence: 1, defenceFace: 6 };
    const r = resolveAttack(base);
    expect(r.hit).toBe(true);
    expect(r.defender?.canSpendEssence).toBe(true);
    const bought = resolveAttack({ ...base, defenderSpendsEssence: true });
    expect(bought.hit).toBe(false);
    expect(bought.defender?.essenceSpent).toBe(1);
  });
  it("Clumsy: a 2 counts as a 1 (the total keeps the 2)", () => {
    const r = resolveAttack({
      mode: "opposed",
      attack: 10,
      attackFace: 2,
      defence: 1,
      defenceFace: 3,
      attackerClumsy: true,
    });
    expect(r.hit).toBe(false);
    expect(r.attacker).toMatchObject({ automatic: "fail", total: 12 });
  });
  it("counter-attack: the counter must beat by one; a tie lets the attack through", () => {
    const tie = resolveAttack({ mode: "counter", attack: 6, attackFace: 3, defence: 5, defenceFace: 4 });
    expect(tie).toMatchObject({ hit: true, counterHit: false });
    const counter = resolveAttack({ mode: "counter", attack: 6, attackFace: 3, defence: 8, defenceFace: 4 });
    expect(counter).toMatchObject({ hit: false, counterHit: true, margin: 3, shifts: 1 });
    const one = resolveAttack({ mode: "counter", attack: 6, attackFace: 1, defence: 0, defenceFace: 2 });
    expect(one).toMatchObject({ hit: false, counterHit: true });
  });
  it("exactly one side lands in a counter; never both", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 6 }),
        (attack, attackFace, defence, defenceFace) => {
          const r = resolveAttack({ mode: "counter", attack, attackFace, defence, defenceFace });
          return r.hit !== r.counterHit && r.shifts >= 0;
        },
      ),
    );
  });
  it("an attack against a defence never lands on a tie (without a 1 or a 6)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 2, max: 5 }), (bonus, face) => {
        return !resolveAttack({
          mode: "opposed",
          attack: bonus,
          attackFace: face,
          defence: bonus,
          defenceFace: face,
        }).hit;
      }),
    );
  });
});

describe("defences", () => {
  it("costs: one die, Sustained Defence two", () => {
    expect(defenceOpen({ defence: "block", actionDice: 1 })).toEqual({ ok: true, value: 1 });
    expect(defenceOpen({ defence: "sustained", actionDice: 2 })).toEqual({ ok: true, value: 2 });
    expect(defenceOpen({ defence: "sustained", actionDice: 1 })).toEqual({
      ok: false,
      reason: "notEnoughActionDice",
    });
    expect(defenceOpen({ defence: "dodge", actionDice: 0 })).toEqual({
      ok: false,
      reason: "notEnoughActionDice",
    });
  });
  it("Block and Parry not against ranged; Parry needs a weapon; Dodge room, and against ranged a higher initiative", () => {
    expect(defenceOpen({ defence: "block", actionDice: 2, ranged: true })).toMatchObject({
      reason: "blockVsRanged",
    });
    expect(defenceOpen({ defence: "parry", actionDice: 2 })).toMatchObject({ reason: "noWeapon" });
    expect(defenceOpen({ defence: "parry", actionDice: 2, hasWeapon: true }).ok).toBe(true);
    expect(defenceOpen({ defence: "dodge", actionDice: 2, roomToMove: false })).toMatchObject({
      reason: "noRoom",
    });
    expect(defenceOpen({ defence: "dodge", actionDice: 2, ranged: true })).toMatchObject({
      reason: "notFaster",
    });
    expect(defenceOpen({ defence: "dodge", actionDice: 2, ranged: true, faster: true }).ok).toBe(true);
    expect(defenceOpen({ defence: "dodge", actionDice: 2, aware: false })).toMatchObject({
      reason: "unaware",
    });
  });
  it("counter-attack needs a higher initiative", () => {
    expect(defenceOpen({ defence: "counter", actionDice: 1 })).toMatchObject({ reason: "notFaster" });
    expect(defenceOpen({ defence: "counter", actionDice: 1, faster: true }).ok).toBe(true);
  });
  it("undefended: Physical; Martial Arts may use Mental", () => {
    expect(undefendedDifficulty({ physical: 3, mental: 1 })).toBe(3);
    expect(undefendedDifficulty({ physical: 3, mental: 1, martialArts: true })).toBe(1);
  });
  it("C08 Sustained Defence, Physical 3 + Dodge 2: 5, then 4, 3, and stays 3", () => {
    expect(
      [0, 1, 2, 3, 7].map((attacksTaken) =>
        sustainedDefenceDifficulty({ physical: 3, skill: 2, attacksTaken }),
      ),
    ).toEqual([5, 4, 3, 3, 3]);
  });
});

describe("ranged attacks", () => {
  it("C09 Bow (Range 25 m) at 20 / 40 / 90 / 120 m: 3 / 6 / 9 / out of range", () => {
    expect([20, 40, 90, 120].map((d) => rangeBand(d, 25))).toEqual(["close", "medium", "long", null]);
    expect([25, 50, 100].map((d) => rangeBand(d, 25))).toEqual(["close", "medium", "long"]);
    expect(rangedDifficulty({ band: "medium", coverTable: "arithmetic" })).toBe(6);
  });
  it("C10 partial cover: close 5; medium printed 11 (arithmetic 8); long printed 13 (arithmetic 11)", () => {
    const at = (band: "close" | "medium" | "long", coverTable: "arithmetic" | "printed") =>
      rangedDifficulty({ band, cover: "partial", coverTable });
    expect([at("close", "printed"), at("medium", "printed"), at("long", "printed")]).toEqual([5, 11, 13]);
    expect([at("close", "arithmetic"), at("medium", "arithmetic"), at("long", "arithmetic")]).toEqual([
      5, 8, 11,
    ]);
  });
  it("C11 full cover: 7 / 10 / 13 either way", () => {
    for (const coverTable of ["arithmetic", "printed"] as const) {
      expect(
        (["close", "medium", "long"] as const).map((band) =>
          rangedDifficulty({ band, cover: "full", coverTable }),
        ),
      ).toEqual([7, 10, 13]);
    }
  });
  it("a target in Sustained Defence: the higher of the two", () => {
    expect(rangedDifficulty({ band: "close", coverTable: "arithmetic", sustained: 5 })).toBe(5);
    expect(rangedDifficulty({ band: "long", coverTable: "arithmetic", sustained: 5 })).toBe(9);
  });
  it("C12 aimed: Firearms 4, still, target moved at most a metre: +2; Firearms 2-3: +1", () => {
    expect(aimBonus({ skill: 4, shooterMoved: false, targetMoved: false })).toBe(2);
    expect(aimBonus({ skill: 4, shooterMoved: false, targetMoved: true })).toBe(1);
    expect(aimBonus({ skill: 3, shooterMoved: false, targetMoved: false })).toBe(1);
    expect(aimBonus({ skill: 1, shooterMoved: false, targetMoved: false })).toBe(0);
    expect(aimBonus({ skill: 5, shooterMoved: true, targetMoved: false })).toBe(0);
  });
  it("C13 dodge 11 against range 3 + 4 = 7: the new difficulty is 11", () => {
    const r = dodgeRangedDifficulty({ dodge: 6, dodgeFace: 5, difficulty: 3, difficultyFace: 4 });
    expect(r.defence + r.defenceFace).toBe(11);
    expect(r.dodged).toBe(true);
    const one = dodgeRangedDifficulty({ dodge: 12, dodgeFace: 1, difficulty: 3, difficultyFace: 4 });
    expect(one).toEqual({ defence: 3, defenceFace: 4, dodged: false });
  });
  it("refuses impossible ranges", () => {
    expect(() => rangeBand(-1, 10)).toThrow(RangeError);
    expect(() => rangeBand(5, 0)).toThrow(RangeError);
  });
});
