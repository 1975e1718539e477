// The Virtually Real attack's Foundry-free logic (combat/attack-logic.ts) against chapter 1's numbers:
// "your damage is your attack's degree of success"; a critical attack "flat out misses with no defense
// required"; a human's Damage Capacity 3 (major from 3, serious from DC+3 = 6, critical at the maximum
// HP); "You take X conditions for 0 HP, negative "DC" HP, and for negative "Crit" HP"; "If a condition
// row is full, the condition moves to a more serious condition"; a critical wound "causes an adrenal
// response", X "causes a Fear adrenal response"; "If you critically fail a Health save or BCT save with
// an X condition, you must give up a point of light or die".
import { describe, expect, it } from "vitest";
import {
  criticallyFailed,
  dyingSave,
  planApply,
  planUndo,
  resolveAttack,
  type VictimState,
} from "../../src/rulesets/virtually-real/combat/attack-logic";
import type { StoredCondition } from "../../src/rulesets/virtually-real/data/living-logic";

/** A human: DC 3, 12 HP (base 10 + Body modifier 2). */
const HUMAN = { dc: 3, maxHp: 12 };
const fresh = (hp = 12, conditions: StoredCondition[] = []): VictimState => ({
  hp,
  conditions,
  adrenaline: { level: 0, aggressive: false, fear: false },
  highestWound: "none",
});
const mark = (m: Partial<StoredCondition>): StoredCondition => ({
  severity: "major",
  group: "physical",
  target: "",
  side: "wound",
  id: "",
  letter: "",
  atNext: "",
  ...m,
});
const hitFor = (damage: number, band = null as any) => ({ hit: true, damage, band });

describe("the outcome: the attack's margin over the defence", () => {
  it("attack 15 against a dodge of 9 hits by 6: 6 damage, a serious wound on a human (DC 3: serious from 6)", () => {
    const o = resolveAttack({ total: 15, critical: false }, { total: 9, critical: false }, HUMAN, false);
    expect(o).toMatchObject({ hit: true, criticalMiss: false, margin: 6, damage: 6, band: "serious" });
  });

  it("a margin of 2 is a minor wound, 3 a major one, 12 (the maximum HP) a critical one", () => {
    const at = (attack: number) =>
      resolveAttack({ total: attack, critical: false }, { total: 10, critical: false }, HUMAN, false).band;
    expect([at(12), at(13), at(22)]).toEqual(["minor", "major", "critical"]);
  });

  it("a critical attack flat out misses with no defence rolled", () => {
    const o = resolveAttack({ total: 0, critical: true }, null, HUMAN, false);
    expect(o).toMatchObject({ hit: false, criticalMiss: true, damage: 0, band: null });
  });

  it("no defence rolled, or a critical one, counts 0: an attack of 7 hits for 7", () => {
    expect(resolveAttack({ total: 7, critical: false }, null, HUMAN, false).damage).toBe(7);
    expect(
      resolveAttack({ total: 7, critical: false }, { total: 0, critical: true }, HUMAN, false).damage,
    ).toBe(7);
  });

  it("a defence above the attack misses; a tie goes to the attacker (equals or exceeds), or to the defender by the setting", () => {
    expect(
      resolveAttack({ total: 8, critical: false }, { total: 9, critical: false }, HUMAN, false).hit,
    ).toBe(false);
    const tie = (ties: "actor" | "opponent") =>
      resolveAttack({ total: 9, critical: false }, { total: 9, critical: false }, HUMAN, false, { ties }).hit;
    expect([tie("actor"), tie("opponent")]).toEqual([true, false]);
  });

  it("a mental attack's wound is its degree on the Experience table: beating Logic by 6 is serious whatever the DC", () => {
    const o = resolveAttack(
      { total: 16, critical: false },
      { total: 10, critical: false },
      { dc: 20, maxHp: 40 },
      true,
    );
    expect(o).toMatchObject({ hit: true, damage: 6, band: "serious" });
  });

  it("the degree reading bands a physical margin of 6 as serious even for a DC 20 creature", () => {
    const o = resolveAttack(
      { total: 16, critical: false },
      { total: 10, critical: false },
      { dc: 20, maxHp: 40 },
      false,
      { damageReading: "degree" },
    );
    expect(o.band).toBe("serious");
    const margin = resolveAttack(
      { total: 16, critical: false },
      { total: 10, critical: false },
      { dc: 20, maxHp: 40 },
      false,
    );
    expect(margin.band).toBe("major");
  });
});

describe("Apply: hit points, the wound's condition, X conditions and adrenaline", () => {
  it("6 damage on 12 HP: 6 HP left, a serious physical condition in the second row, the scene's worst wound serious", () => {
    const { record, after } = planApply(fresh(), hitFor(6, "serious"), { body: HUMAN, mental: false });
    expect(after.hp).toBe(6);
    expect(after.conditions).toEqual([mark({ severity: "serious" })]);
    expect(after.highestWound).toBe("serious");
    expect(record).toMatchObject({
      band: "serious",
      hpBefore: 12,
      hpAfter: 6,
      xAdded: 0,
      adrenalineAdded: 0,
    });
  });

  it("a minor wound (2 points) takes HP but gives no condition", () => {
    const { after, record } = planApply(fresh(), hitFor(2, "minor"), { body: HUMAN, mental: false });
    expect(after.hp).toBe(10);
    expect(after.conditions).toEqual([]);
    expect(record.added).toEqual([]);
  });

  it("3 points on 2 HP: a major wound and an X at 0 HP (−1), a Fear response in the adrenaline box", () => {
    const { after, record } = planApply(fresh(2), hitFor(3, "major"), { body: HUMAN, mental: false });
    expect(after.hp).toBe(-1);
    expect(after.conditions.map((c) => [c.severity, c.id])).toEqual([
      ["major", ""],
      ["critical", "X"],
      ["critical", "fearRush"],
    ]);
    expect(after.adrenaline).toEqual({ level: 1, aggressive: false, fear: true });
    expect(record).toMatchObject({ xAdded: 1, adrenalineAdded: 1, fearSet: true });
  });

  it("12 points (the maximum HP) on 12 HP: a critical wound, an X at 0 HP; two adrenal responses, one box", () => {
    const { after, record } = planApply(fresh(), hitFor(12, "critical"), { body: HUMAN, mental: false });
    expect(after.hp).toBe(0);
    expect(after.conditions.map((c) => c.id)).toEqual(["", "X", "fearRush"]);
    expect(after.conditions[0]!.severity).toBe("critical");
    expect(after.adrenaline.level).toBe(2);
    expect(record.highestAfter).toBe("critical");
  });

  it("12 points on 0 HP: −12 HP crosses −DC (−3) and −maximum (−12): two more X conditions", () => {
    const dying = fresh(0, [mark({ severity: "critical", id: "X", atNext: "longRest" })]);
    const { after, record } = planApply(dying, hitFor(12, "critical"), { body: HUMAN, mental: false });
    expect(after.hp).toBe(-12);
    expect(record.xAdded).toBe(2);
    expect(after.conditions.filter((c) => c.id === "X")).toHaveLength(3);
  });

  it("with one X threshold (the setting), HP below 0 never adds a second X", () => {
    const dying = fresh(0, [mark({ severity: "critical", id: "X", atNext: "longRest" })]);
    const { record } = planApply(
      dying,
      hitFor(12, "critical"),
      { body: HUMAN, mental: false },
      {
        health: { xThresholds: "one" },
      },
    );
    expect(record.xAdded).toBe(0);
  });

  it("a full major row (4 boxes) pushes a major wound to the serious row", () => {
    const full = fresh(
      12,
      [1, 2, 3, 4].map(() => mark({})),
    );
    const { after } = planApply(full, hitFor(3, "major"), { body: HUMAN, mental: false });
    expect(after.conditions.at(-1)).toEqual(mark({ severity: "serious" }));
    const three = planApply(
      full,
      hitFor(3, "major"),
      { body: HUMAN, mental: false },
      {
        conditions: { conditionBoxes: 5 },
      },
    );
    expect(three.after.conditions.at(-1)).toEqual(mark({}));
  });

  it("mental rows count apart from physical ones: a full physical row leaves a mental major wound in its row", () => {
    const full = fresh(
      12,
      [1, 2, 3, 4].map(() => mark({})),
    );
    const { after, record } = planApply(full, hitFor(4, "major"), { body: HUMAN, mental: true });
    expect(after.hp).toBe(12);
    expect(record.hpAfter).toBe(12);
    expect(after.conditions.at(-1)).toEqual(mark({ group: "mental" }));
  });

  it("a second response raises the number in the existing adrenaline box, and adds no box", () => {
    const rushed: VictimState = {
      ...fresh(1, [
        mark({
          severity: "critical",
          group: "emotional",
          target: "violence",
          id: "fearRush",
          atNext: "scene",
        }),
      ]),
      adrenaline: { level: 1, aggressive: true, fear: false },
    };
    const { after } = planApply(rushed, hitFor(3, "major"), { body: HUMAN, mental: false });
    expect(after.adrenaline).toEqual({ level: 2, aggressive: true, fear: true });
    expect(after.conditions.filter((c) => c.id === "fearRush")).toHaveLength(1);
  });

  it("a miss changes nothing", () => {
    const { after, record } = planApply(
      fresh(),
      { hit: false, damage: 0, band: null },
      {
        body: HUMAN,
        mental: false,
      },
    );
    expect(after).toEqual(fresh());
    expect(record.band).toBe("none");
  });
});

describe("Undo gives back the blow's own amounts", () => {
  it("restores HP and removes what the blow added", () => {
    const start = fresh(2);
    const { record, after } = planApply(start, hitFor(3, "major"), { body: HUMAN, mental: false });
    expect(planUndo(record, after, 12)).toEqual(start);
  });

  it("never erases another change: a later mark and later healing stay, HP never above the maximum", () => {
    const { record, after } = planApply(fresh(), hitFor(6, "serious"), { body: HUMAN, mental: false });
    const later = mark({ group: "mental" });
    const healed = { ...after, hp: 10, conditions: [...after.conditions, later] };
    const undone = planUndo(record, healed, 12);
    expect(undone.hp).toBe(12);
    expect(undone.conditions).toEqual([later]);
  });

  it("a later blow's adrenaline keeps the box and its number; the worst wound stays if a later wound changed it", () => {
    const first = planApply(fresh(2), hitFor(3, "major"), { body: HUMAN, mental: false });
    const second = planApply(first.after, hitFor(12, "critical"), { body: HUMAN, mental: false });
    const undone = planUndo(first.record, second.after, 12);
    expect(undone.adrenaline.level).toBe(second.after.adrenaline.level - 1);
    expect(undone.conditions.some((c) => c.id === "fearRush")).toBe(true);
    expect(undone.highestWound).toBe("critical");
  });
});

describe("a save while Dying", () => {
  const X = [mark({ severity: "critical", id: "X" })];
  it("a critically failed Health save with an X costs a light point, or the life when none is left", () => {
    expect(dyingSave("health", { critical: true, margin: -10 }, { conditions: X, light: 1 })).toBe(
      "spendLight",
    );
    expect(dyingSave("bct", { critical: true, margin: null }, { conditions: X, light: 0 })).toBe("dies");
  });
  it("failing by 10 or more is critical; failing by 9, or without an X, is not", () => {
    expect(criticallyFailed({ critical: false, margin: -10 })).toBe(true);
    expect(dyingSave("health", { critical: false, margin: -9 }, { conditions: X, light: 0 })).toBe("none");
    expect(dyingSave("health", { critical: true, margin: -10 }, { conditions: [], light: 0 })).toBe("none");
  });
});
