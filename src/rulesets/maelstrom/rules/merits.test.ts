import { describe, expect, it } from "vitest";
import {
  FLAWS,
  MERITS,
  applyToggles,
  defaultPoints,
  extraHealthBoxes,
  findFlaw,
  findMerit,
  flawAbility,
  situationalModifiers,
  willpowerAutoSuccesses,
} from "./merits";

describe("the lists", () => {
  it("11 merits and 17 flaws, with the text's points", () => {
    expect(MERITS).toHaveLength(11);
    expect(FLAWS).toHaveLength(17);
    const points = (list: typeof MERITS) => Object.fromEntries(list.map((d) => [d.key, d.pointOptions]));
    expect(points(MERITS)).toEqual({
      acuteSense: [2, 5],
      ambidextrous: [1],
      exceptionalBalance: [1],
      hugeSize: [4],
      strongBond: [4],
      commonSense: [1],
      laserFocus: [1],
      earlyRiser: [1],
      mentalMathematician: [1],
      timekeeper: [1],
      eideticMemory: [2],
    });
    expect(points(FLAWS)).toEqual({
      addict: [1, 3],
      defectiveSense: [2],
      visuallyImpaired: [4],
      deaf: [5],
      mute: [6],
      blind: [8],
      short: [1],
      disfigured: [2],
      lame: [5],
      paraplegic: [8, 10],
      darkSecret: [1],
      mistakenIdentity: [1],
      hunted: [4],
      deepSleeper: [1],
      inept: [2],
      softHearted: [1],
      phobia: [2],
    });
  });
  it("Acute Sense: 'Each sense costs 2 points or get all senses for 5 points'", () => {
    const acute = findMerit("acuteSense");
    expect(acute && defaultPoints(acute, "hearing")).toBe(2);
    expect(acute && defaultPoints(acute, "all")).toBe(5);
    expect(findFlaw("paraplegic")?.points).toBe(8);
    expect(findMerit("nope")).toBeUndefined();
  });
  it("Huge Size adds one box; Strong Bond one automatic Willpower success", () => {
    expect(findMerit("hugeSize")?.effects).toEqual([{ type: "healthBox", boxes: 1, penalty: 0 }]);
    expect(extraHealthBoxes([{ key: "hugeSize" }, { key: "timekeeper" }])).toBe(1);
    expect(extraHealthBoxes([])).toBe(0);
    expect(willpowerAutoSuccesses([{ key: "strongBond", option: "Mara" }])).toBe(1);
    expect(willpowerAutoSuccesses([{ key: "strongBond" }, { key: "strongBond" }])).toBe(1);
    expect(willpowerAutoSuccesses([{ key: "custom" }])).toBe(0);
  });
  it("Soft-Hearted: 'a difficulty 8 Willpower roll'; Phobia's roll has no difficulty in the text", () => {
    expect(findFlaw("softHearted")?.effects).toEqual([
      { type: "willpowerRoll", situation: "causingSuffering", difficulty: 8 },
    ]);
    expect(findFlaw("phobia")?.effects[0]).toEqual({
      type: "willpowerRoll",
      situation: "facingFear",
      difficulty: null,
    });
  });
});

describe("situationalModifiers", () => {
  it("Acute Sense -2 on perception rolls, off by default; Exceptional Balance -2", () => {
    const t = situationalModifiers({
      merits: [{ key: "acuteSense", option: "hearing" }, { key: "exceptionalBalance" }],
      rollKind: "action",
      attributes: ["perception"],
      ability: "alertness",
    });
    expect(t).toEqual([
      {
        key: "acuteSense.perceptionWithSense.hearing",
        source: "merit",
        sourceKey: "acuteSense",
        situation: "perceptionWithSense",
        option: "hearing",
        difficulty: -2,
        on: false,
        autoFail: false,
      },
      {
        key: "exceptionalBalance.balance",
        source: "merit",
        sourceKey: "exceptionalBalance",
        situation: "balance",
        difficulty: -2,
        on: false,
        autoFail: false,
      },
    ]);
    const noPerception = situationalModifiers({
      merits: [{ key: "acuteSense", option: "hearing" }],
      rollKind: "action",
      attributes: ["strength"],
    });
    expect(noPerception).toEqual([]);
  });
  it("Defective Sense +2, Visually Impaired +2", () => {
    const t = situationalModifiers({
      flaws: [{ key: "defectiveSense", option: "vision" }, { key: "visuallyImpaired" }],
      rollKind: "action",
    });
    expect(t.map((x) => [x.key, x.difficulty, x.on])).toEqual([
      ["defectiveSense.affectedSense.vision", 2, false],
      ["visuallyImpaired.vision", 2, false],
    ]);
  });
  it("Deaf / Blind: automatic failure and alertness +3 (on alertness rolls)", () => {
    const onAlertness = situationalModifiers({
      flaws: [{ key: "deaf" }],
      rollKind: "action",
      ability: "alertness",
    });
    expect(onAlertness.map((x) => [x.key, x.difficulty, x.autoFail])).toEqual([
      ["deaf.hearing", 0, true],
      ["deaf.alertness", 3, false],
    ]);
    const onMelee = situationalModifiers({ flaws: [{ key: "blind" }], rollKind: "action", ability: "melee" });
    expect(onMelee.map((x) => x.key)).toEqual(["blind.sight"]);
  });
  it("Inept: +2, on by default, only for its ability", () => {
    const flaws = [{ key: "inept", ability: "driving" }];
    expect(situationalModifiers({ flaws, rollKind: "action", ability: "driving" })).toEqual([
      {
        key: "inept.ability",
        source: "flaw",
        sourceKey: "inept",
        situation: "ability",
        option: "driving",
        difficulty: 2,
        on: true,
        autoFail: false,
      },
    ]);
    expect(situationalModifiers({ flaws, rollKind: "action", ability: "piloting" })).toEqual([]);
    expect(flawAbility(flaws[0] ?? { key: "" })).toBe("driving");
  });
  it("Phobia +2 and Deep Sleeper +1 on 'ALL' rolls when active; waking +2 off", () => {
    const flaws = [
      { key: "phobia", option: "spiders", active: true },
      { key: "deepSleeper", active: false },
    ];
    const action = situationalModifiers({ flaws, rollKind: "action" });
    expect(action.map((x) => [x.key, x.difficulty, x.on])).toEqual([
      ["phobia.facingFear.spiders", 2, true],
      ["deepSleeper.waking", 2, false],
      ["deepSleeper.groggy", 1, false],
    ]);
    const willpower = situationalModifiers({ flaws, rollKind: "willpower" });
    expect(willpower.map((x) => x.key)).toEqual(["phobia.facingFear.spiders", "deepSleeper.groggy"]);
  });
  it("soak rolls: none; custom and effect-less traits: none; duplicates once", () => {
    expect(situationalModifiers({ flaws: [{ key: "phobia", active: true }], rollKind: "soak" })).toEqual([]);
    expect(
      situationalModifiers({ merits: [{ key: "" }, { key: "timekeeper" }], rollKind: "action" }),
    ).toEqual([]);
    expect(
      situationalModifiers({
        merits: [{ key: "exceptionalBalance" }, { key: "exceptionalBalance" }],
        rollKind: "action",
      }),
    ).toHaveLength(1);
  });
  it("applyToggles sums what is on", () => {
    expect(
      applyToggles([
        { difficulty: 2, on: true, autoFail: false },
        { difficulty: -2, on: true, autoFail: false },
        { difficulty: 3, on: false, autoFail: false },
        { difficulty: 0, on: true, autoFail: true },
      ]),
    ).toEqual({ difficulty: 0, autoFail: true });
  });
});
