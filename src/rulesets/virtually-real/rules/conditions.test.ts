import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  CRITICAL_CONDITIONS,
  SERIOUS_EMOTIONAL_CONDITIONS,
  conditionDice,
  conditionEffects,
  conditionRow,
  criticalCount,
  emotionalBox,
  expireConditions,
  placeCondition,
  rushFor,
  type ConditionMark,
} from "./conditions";
import { CONDITION_IDS } from "./character-keys";

const major = (group: "physical" | "mental"): ConditionMark => ({ severity: "major", group });

describe("the conditions tables", () => {
  it("SERIOUS EMOTIONAL CONDITIONS: F, G, P, I at the next long rest heal to A; T at the next scene to D", () =>
    expect(SERIOUS_EMOTIONAL_CONDITIONS.map((r) => [r.letter, r.atNext, r.healTo])).toEqual([
      ["F", "longRest", "A"],
      ["G", "longRest", "A"],
      ["P", "longRest", "A"],
      ["I", "longRest", "A"],
      ["T", "scene", "D"],
    ]));
  it("CRITICAL CONDITIONS: the four adrenaline boxes, X, U, B, N, L, H", () =>
    expect(CRITICAL_CONDITIONS.map((r) => [r.letter, r.atNext, r.healTo])).toEqual([
      ["#", "scene", "F"],
      ["#", "initiative", "G"],
      ["#", "scene", "P"],
      ["#", "shortRest", "I"],
      ["X", "longRest", "B"],
      ["U", "longRest", "V"],
      ["B", "longRest", "B"],
      ["N", "shortRest", "J"],
      ["L", "chapter", "L"],
      ["H", "scene", "H"],
    ]));
  it("every id has a row; the footnotes", () => {
    for (const id of CONDITION_IDS) expect(conditionRow(id).id).toBe(id);
    expect(conditionRow("X").effects).toEqual([
      "noFastActions",
      "noEnduranceSpend",
      "critFailBodyOrBctSaveKills",
    ]);
    expect(conditionRow("N").effects).toContain("noKiSpend");
    expect(conditionRow("L").effects).toContain("noOffHand");
    expect(conditionRow("guiltRush").effects).toContain("critFailIntegrityBecomesNpc");
    expect(rushFor("violence")).toBe("fearRush");
    expect(rushFor("isolation")).toBe("isolationRush");
  });
});

describe("conditions on a roll", () => {
  it("physical conditions reach Body, Agility and Appearance; mental ones Mind and Logic", () => {
    const marks = [major("physical"), major("physical"), major("mental")];
    expect(conditionDice(marks, { attribute: "agility" })).toEqual({
      advantage: 0,
      disadvantage: 2,
      critMod: 0,
    });
    expect(conditionDice(marks, { attribute: "logic" })).toEqual({
      advantage: 0,
      disadvantage: 1,
      critMod: 0,
    });
    expect(conditionDice(marks, { attribute: "reflex" })).toEqual({
      advantage: 0,
      disadvantage: 0,
      critMod: 0,
    });
  });
  it("serious conditions also reach initiative (or only initiative, by the option)", () => {
    const marks: ConditionMark[] = [{ severity: "serious", group: "physical" }, major("physical")];
    expect(conditionDice(marks, { attribute: "reflex", initiative: true }).disadvantage).toBe(1);
    expect(conditionDice(marks, { attribute: "body" }).disadvantage).toBe(2);
    expect(conditionDice(marks, { attribute: "body" }, { severeScope: "initiativeOnly" }).disadvantage).toBe(
      1,
    );
  });
  it("critical conditions: a disadvantage on every roll and +1 crit each; an adrenaline box only the crit", () => {
    const marks: ConditionMark[] = [
      { severity: "critical", group: "physical", id: "X" },
      { severity: "critical", group: "emotional", id: "fearRush" },
    ];
    expect(conditionDice(marks, { attribute: "mind" })).toEqual({
      advantage: 0,
      disadvantage: 1,
      critMod: 2,
    });
    expect(criticalCount(marks)).toBe(2);
  });
  it("H is an advantage on Health saves instead", () => {
    const marks: ConditionMark[] = [{ severity: "critical", group: "physical", id: "H" }];
    expect(conditionDice(marks, { attribute: "body", healthSave: true })).toEqual({
      advantage: 1,
      disadvantage: 0,
      critMod: 1,
    });
    expect(conditionDice(marks, { attribute: "body" })).toEqual({
      advantage: 0,
      disadvantage: 1,
      critMod: 1,
    });
  });
  it("emotional wounds are disadvantages and armors advantages, on their target's rolls", () => {
    const marks: ConditionMark[] = [
      { severity: "major", group: "emotional", target: "guilt" },
      { severity: "serious", group: "emotional", target: "guilt", id: "G" },
      { severity: "major", group: "emotional", target: "guilt", side: "armor" },
      { severity: "major", group: "emotional", target: "despair" },
    ];
    expect(conditionDice(marks, { attribute: "aura", emotionalTarget: "guilt" })).toEqual({
      advantage: 1,
      disadvantage: 2,
      critMod: 0,
    });
    expect(conditionDice(marks, { attribute: "logic" })).toEqual({
      advantage: 0,
      disadvantage: 0,
      critMod: 0,
    });
    expect(emotionalBox(marks, "guilt")).toEqual({ wounds: 2, armors: 1 });
  });
  it("critical conditions forbid Fast Actions, and each footnote", () => {
    expect(conditionEffects([{ severity: "critical", group: "mental", id: "N" }]).sort()).toEqual([
      "noConcentration",
      "noFastActions",
      "noKiSpend",
    ]);
    expect(conditionEffects([major("physical")])).toEqual([]);
  });
  it("property: the crit modifier counts the critical conditions", () =>
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            severity: fc.constantFrom("major" as const, "serious" as const, "critical" as const),
            group: fc.constantFrom("physical" as const, "mental" as const, "emotional" as const),
          }),
        ),
        fc.constantFrom("body" as const, "mind" as const, "aura" as const, "speed" as const),
        (marks, attribute) => conditionDice(marks, { attribute }).critMod === criticalCount(marks),
      ),
    ));
});

describe("placing a condition", () => {
  it("minor wounds give none; a free box takes it", () => {
    expect(placeCondition([], { severity: "minor", group: "physical" })).toBeNull();
    expect(placeCondition([], { severity: "major", group: "physical" })).toEqual({
      severity: "major",
      overflow: false,
    });
  });
  it("a full row pushes it one row down; the other side's row is not this one", () => {
    const full = [major("physical"), major("physical")];
    expect(placeCondition(full, { severity: "major", group: "physical" }, { conditionBoxes: 2 })).toEqual({
      severity: "serious",
      overflow: false,
    });
    expect(placeCondition(full, { severity: "major", group: "mental" }, { conditionBoxes: 2 })).toEqual({
      severity: "major",
      overflow: false,
    });
  });
  it("all full: critical, overflowing", () => {
    const all: ConditionMark[] = [
      major("physical"),
      { severity: "serious", group: "physical" },
      { severity: "critical", group: "mental" },
    ];
    expect(placeCondition(all, { severity: "major", group: "physical" }, { conditionBoxes: 1 })).toEqual({
      severity: "critical",
      overflow: true,
    });
  });
  it("emotional wounds fill their target's wound side (4 boxes by default)", () => {
    const four = Array.from({ length: 4 }, (): ConditionMark => ({
      severity: "major",
      group: "emotional",
      target: "guilt",
    }));
    expect(placeCondition(four, { severity: "major", group: "emotional", target: "guilt" })).toEqual({
      severity: "serious",
      overflow: false,
    });
    expect(placeCondition(four, { severity: "major", group: "emotional", target: "despair" })).toEqual({
      severity: "major",
      overflow: false,
    });
  });
});

describe("conditions healing", () => {
  it("the fear box at the next scene heals to F; F at the next long rest to A, one severity lower", () => {
    const scene = expireConditions(
      [{ severity: "critical", group: "emotional", target: "violence", id: "fearRush", atNext: "scene" }],
      "scene",
    );
    expect(scene).toEqual([
      {
        severity: "serious",
        group: "emotional",
        target: "violence",
        id: "F",
        letter: "F",
        atNext: "longRest",
      },
    ]);
    expect(expireConditions(scene, "longRest")).toEqual([
      { severity: "major", group: "emotional", target: "violence", id: null, letter: "A", atNext: null },
    ]);
  });
  it("X heals to B (Broken Bones) at the next long rest; U to V; a major condition goes", () => {
    expect(
      expireConditions(
        [{ severity: "critical", group: "physical", id: "X", atNext: "longRest" }],
        "longRest",
      )[0],
    ).toMatchObject({ severity: "critical", id: "B" });
    expect(
      expireConditions(
        [{ severity: "critical", group: "physical", id: "U", atNext: "longRest" }],
        "longRest",
      )[0],
    ).toMatchObject({ severity: "serious", letter: "V" });
    expect(expireConditions([{ ...major("physical"), atNext: "day" }], "day")).toEqual([]);
    expect(expireConditions([{ ...major("physical"), atNext: "day" }], "scene")).toHaveLength(1);
  });
});
