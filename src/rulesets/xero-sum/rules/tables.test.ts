import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  BREAKING_POINT_TABLE,
  COMPLICATION_TABLE,
  LASTING_WOUND_TABLE,
  MOTIVATION_TABLE,
  PANIC_TABLE,
  TABLE_KEYS,
  TABLE_NUMBERS,
  breakingPointEffect,
  lastingWoundEffect,
  panicEffect,
  tableEntry,
  tableEntryForDice,
  tableDiceValue,
  tableRollOf,
} from "./tables";

const keysByRoll = (rows: readonly { roll: number; key: string }[]) =>
  Object.fromEntries(rows.map((r) => [r.roll, r.key]));

describe("Table 6: Complications", () => {
  it("2 Addiction .. 12 Personal Enemy", () => {
    expect(keysByRoll(COMPLICATION_TABLE)).toEqual({
      2: "addiction",
      3: "betrayed",
      4: "codeOfHonor",
      5: "criminalPast",
      6: "daredevil",
      7: "darkSecret",
      8: "familyObligation",
      9: "famous",
      10: "loss",
      11: "outstandingDebt",
      12: "personalEnemy",
    });
  });
  it("K8: 2d6 = 7 → Dark Secret", () => {
    expect(tableEntry("complications", 7).key).toBe("darkSecret");
  });
});

describe("Table 7: Motivations", () => {
  it("2 Accumulate .. 12 Take Advantage (the second printing's numbers)", () => {
    expect(keysByRoll(MOTIVATION_TABLE)).toEqual({
      2: "accumulate",
      3: "build",
      4: "findSafety",
      5: "hedonism",
      6: "makeAmends",
      7: "preach",
      8: "protect",
      9: "reunite",
      10: "revenge",
      11: "stayAlive",
      12: "takeAdvantage",
    });
  });
  it("K9: 2d6 = 11 → Stay Alive", () => {
    expect(tableEntry("motivations", 11).key).toBe("stayAlive");
  });
});

describe("Table 11: Lasting Wounds", () => {
  it("every row and its effect", () => {
    expect(LASTING_WOUND_TABLE.map((r) => [r.roll, r.key, r.effect])).toEqual([
      [2, "lostEye", { checkPenalty: { attribute: "dex", delta: -1 } }],
      [3, "minorBrainInjury", { attribute: { key: "rsn", delta: -1 } }],
      [4, "lame", { attribute: { key: "dex", delta: -1 } }],
      [5, "shaken", { resiliencePoints: -1 }],
      [6, "weakened", { woundPoints: -1 }],
      [7, "hearingLoss", { attribute: { key: "acu", delta: -1 } }],
      [8, "scarring", { attribute: { key: "inf", delta: -1 } }],
      [9, "fragile", { attribute: { key: "phy", delta: -1 } }],
      [10, "skittish", { initiative: -1 }],
      [11, "crippled", { perception: -1 }],
      [12, "shellShock", { attribute: { key: "dex", delta: -2 } }],
    ]);
  });
  it("B45: 2d6 = 9 → Fragile, Physicality −1", () => {
    expect(tableEntry("lastingWounds", 9)).toEqual({
      roll: 9,
      key: "fragile",
      effect: { attribute: { key: "phy", delta: -1 } },
    });
    expect(lastingWoundEffect("fragile")).toEqual({ attribute: { key: "phy", delta: -1 } });
  });
});

describe("Table 12: Panic", () => {
  it("every row in order", () => {
    expect(keysByRoll(PANIC_TABLE)).toEqual({
      2: "babbling",
      3: "looseGrip",
      4: "twitchy",
      5: "rattled",
      6: "frozen",
      7: "escape",
      8: "intimidated",
      9: "scream",
      10: "tunnelVision",
      11: "berserk",
      12: "faints",
    });
  });
  it("the effects: 1d3 rounds, −2 CMod on all actions or on attacks, both actions lost, −2 next Initiative", () => {
    expect(panicEffect("babbling")).toEqual({ duration: "1d3", babbling: true });
    expect(panicEffect("looseGrip")).toEqual({ dropsHeld: 1 });
    expect(panicEffect("twitchy")).toEqual({ duration: "1d3", cmod: -2, cmodOn: "all" });
    expect(panicEffect("rattled")).toEqual({ nextInitiative: -2 });
    expect(panicEffect("frozen")).toEqual({ duration: "1d3", actionsLost: 2 });
    expect(panicEffect("escape")).toEqual({ flees: true });
    expect(panicEffect("intimidated")).toEqual({ duration: "1d3", cmod: -2, cmodOn: "attacks" });
    expect(panicEffect("scream")).toMatchObject({ duration: "1d3", oblivious: true });
    expect(panicEffect("tunnelVision")).toEqual({ duration: "1d3", tunnelVision: true });
    expect(panicEffect("berserk")).toEqual({ attacksNearest: true });
    expect(panicEffect("faints")).toEqual({ duration: "1d3", unconscious: true });
  });
  it("seven of the eleven last 1d3 rounds", () => {
    expect(PANIC_TABLE.filter((r) => r.effect.duration === "1d3").map((r) => r.roll)).toEqual([
      2, 4, 6, 8, 9, 10, 12,
    ]);
  });
});

describe("Table 13: Breaking Point", () => {
  it("every row in order", () => {
    expect(keysByRoll(BREAKING_POINT_TABLE)).toEqual({
      2: "uncontrollableFear",
      3: "paralyzingAnxiety",
      4: "irrationalOutburst",
      5: "suddenFlight",
      6: "unfocusedRage",
      7: "intenseParanoia",
      8: "selfHarm",
      9: "emotionalShutdown",
      10: "delusions",
      11: "hysterics",
      12: "recklessAbandon",
    });
  });
  it("the effects with numbers: −3 CMod on all checks; 1d3 WP to themselves; calmed by Inspiration or Psychology*", () => {
    expect(breakingPointEffect("uncontrollableFear")).toEqual({ endsWhen: ["boxCleared"], cmod: -3 });
    expect(breakingPointEffect("selfHarm")).toEqual({
      endsWhen: ["stopped"],
      selfDamage: { dice: "1d3", track: "wp" },
      clearsBox: true,
    });
    expect(breakingPointEffect("unfocusedRage")).toMatchObject({
      endsWhen: ["targetBeaten", "subdued", "calmed"],
      calmedBy: ["inspiration", "psychology"],
    });
    expect(breakingPointEffect("paralyzingAnxiety")).toMatchObject({ actingNeedsCheck: true });
    expect(breakingPointEffect("irrationalOutburst").endsWhen).toEqual(["boxCleared", "unconscious"]);
    expect(breakingPointEffect("emotionalShutdown").nightsRestClearsBox).toBe(true);
    expect(breakingPointEffect("suddenFlight")).toMatchObject({ flees: true, nightsRestClearsBox: true });
  });
});

describe("tableEntry", () => {
  it("five tables, with their numbers in the text", () => {
    expect(TABLE_KEYS).toEqual(["complications", "motivations", "lastingWounds", "panic", "breakingPoint"]);
    expect(TABLE_NUMBERS).toEqual({
      complications: 6,
      motivations: 7,
      lastingWounds: 11,
      panic: 12,
      breakingPoint: 13,
    });
  });
  it("every total 2..12 reads the row with that roll; each table has 11 distinct keys", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TABLE_KEYS), fc.integer({ min: 2, max: 12 }), (t, total) => {
        const row = tableEntry(t, total);
        expect(row.roll).toBe(total);
        expect(tableRollOf(t, row.key)).toBe(total);
      }),
    );
    for (const t of TABLE_KEYS) {
      const keys = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => tableEntry(t, n).key);
      expect(new Set(keys).size).toBe(11);
    }
  });
  it("two faces: [4, 5] on Panic is 9, Scream", () => {
    expect(tableEntryForDice("panic", 4, 5).key).toBe("scream");
  });
  it("refuses totals off 2..12", () => {
    expect(() => tableEntry("panic", 1)).toThrow(RangeError);
    expect(() => tableEntry("panic", 13)).toThrow(RangeError);
    expect(() => tableEntry("panic", 7.5)).toThrow(RangeError);
    expect(() => tableRollOf("panic", "calm")).toThrow(RangeError);
    expect(() => tableEntryForDice("panic", 0, 5)).toThrow(RangeError);
  });
  it("durations: 1d3 rounds are the d3's face, 1..3 (0..3 read as half a d6 rounded down)", () => {
    expect([1, 2, 3].map((f) => tableDiceValue("1d3", f))).toEqual([1, 2, 3]);
    expect(tableDiceValue("1d3", 0, "halfDown")).toBe(0);
    expect(() => tableDiceValue("1d3", 0)).toThrow(RangeError);
    expect(() => tableDiceValue("1d3", 4, "halfDown")).toThrow(RangeError);
  });
});
