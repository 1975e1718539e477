import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DEFAULT_WOUND_PENALTIES,
  DEFAULT_WOUND_PENALTIES_TEXT,
  applyDamage,
  boxesOf,
  fitHealth,
  healDamage,
  healthSummary,
  healthTrack,
  parseWoundPenalties,
  totalDamage,
  woundPenalty,
  type DamageType,
  type HealthState,
} from "./health";

const empty: HealthState = { bashing: 0, lethal: 0, aggravated: 0, dead: false };
const hs = (aggravated: number, lethal: number, bashing: number, dead = false): HealthState => ({
  aggravated,
  lethal,
  bashing,
  dead,
});
const track = healthTrack();
const damageType = fc.constantFrom<DamageType>("bashing", "lethal", "aggravated");
const rank: Record<string, number> = { aggravated: 0, lethal: 1, bashing: 2, empty: 3 };

describe("the track", () => {
  it("default: eight boxes, 0,0,1,2,3,4,5,0; Hurt at box 3 (-1), Injured at box 4 (-2), Incapacitated at the bottom (none)", () => {
    expect(DEFAULT_WOUND_PENALTIES).toEqual([0, 0, 1, 2, 3, 4, 5, 0]);
    expect(track).toHaveLength(8);
    expect(track[0]).toEqual({ index: 0, penalty: 0 });
    expect(track[2]).toEqual({ index: 2, label: "hurt", penalty: 1 });
    expect(track[3]).toEqual({ index: 3, label: "injured", penalty: 2 });
    expect(track[7]).toEqual({ index: 7, label: "incapacitated", penalty: 0 });
  });
  it("Huge Size: 'one additional health level at the top of the health chart with 0 penalty'", () => {
    const huge = healthTrack({ hugeSize: true });
    expect(huge).toHaveLength(9);
    expect(huge.map((b) => b.penalty)).toEqual([0, 0, 0, 1, 2, 3, 4, 5, 0]);
    expect(huge[3]?.label).toBe("hurt");
    expect(huge[8]?.label).toBe("incapacitated");
  });
  it("refuses an impossible track", () => {
    expect(() => healthTrack({ penalties: [0] })).toThrow(RangeError);
    expect(() => healthTrack({ penalties: [0, -1, 0] })).toThrow(RangeError);
  });
});

describe("parseWoundPenalties (the setting)", () => {
  it("reads the default text", () => {
    expect(parseWoundPenalties(DEFAULT_WOUND_PENALTIES_TEXT)).toEqual({
      ok: true,
      value: [0, 0, 1, 2, 3, 4, 5, 0],
    });
  });
  it("accepts spaces and minus signs", () => {
    expect(parseWoundPenalties(" 0, -1, -2 ,0")).toEqual({ ok: true, value: [0, 1, 2, 0] });
  });
  it("refuses bad text with a reason", () => {
    expect(parseWoundPenalties("")).toMatchObject({ ok: false, reason: "tooFew" });
    expect(parseWoundPenalties("0")).toMatchObject({ ok: false, reason: "tooFew" });
    expect(parseWoundPenalties("0,x,1")).toMatchObject({ ok: false, reason: "notANumber", data: { box: 2 } });
    expect(parseWoundPenalties("0,1.5,0")).toMatchObject({ ok: false, reason: "notANumber" });
    expect(parseWoundPenalties("0,11,0")).toMatchObject({ ok: false, reason: "outOfRange" });
    expect(parseWoundPenalties("0,2,1,0")).toMatchObject({
      ok: false,
      reason: "decreasing",
      data: { box: 3 },
    });
    expect(parseWoundPenalties(Array(21).fill("0").join(","))).toMatchObject({
      ok: false,
      reason: "tooMany",
    });
  });
});

describe("marking damage", () => {
  it("the text's example: [X][/][/] + one lethal -> [X][X][/][/]", () => {
    const r = applyDamage(hs(0, 1, 2), "lethal", 1, 8);
    expect(r.state).toEqual(hs(0, 2, 2));
    expect(boxesOf(r.state, 8)).toEqual([
      "lethal",
      "lethal",
      "bashing",
      "bashing",
      "empty",
      "empty",
      "empty",
      "empty",
    ]);
    expect(r.steps).toEqual([{ type: "lethal", effect: "marked" }]);
  });
  it("aggravated sits above lethal above bashing", () => {
    const r = applyDamage(hs(0, 1, 1), "aggravated", 1, 8);
    expect(boxesOf(r.state, 4)).toEqual(["aggravated", "lethal", "bashing", "empty"]);
  });
  it("eight bashing fills the track: incapacitated", () => {
    const r = applyDamage(empty, "bashing", 8, 8);
    expect(r.state).toEqual(hs(0, 0, 8));
    expect(r.incapacitated).toBe(true);
    expect(r.died).toBe(false);
  });
  it("bottom box bashing + bashing 'convert[s] their top-most level of bashing damage to lethal'", () => {
    const r = applyDamage(hs(0, 0, 8), "bashing", 1, 8);
    expect(r.state).toEqual(hs(0, 1, 7));
    expect(r.steps).toEqual([{ type: "bashing", effect: "converted" }]);
    const more = applyDamage(r.state, "bashing", 7, 8);
    expect(more.state).toEqual(hs(0, 8, 0));
    expect(more.died).toBe(false);
  });
  it("bottom box lethal or aggravated + any level: 'will be fatal'", () => {
    for (const type of ["bashing", "lethal", "aggravated"] as const) {
      const r = applyDamage(hs(0, 8, 0), type, 1, 8);
      expect(r.died).toBe(true);
      expect(r.state.dead).toBe(true);
      expect(r.steps).toEqual([{ type, effect: "killed" }]);
    }
    expect(applyDamage(hs(8, 0, 0), "bashing", 1, 8).died).toBe(true);
  });
  it("fixed reading: lethal/aggravated on a full track with bashing at the bottom replaces one bashing level", () => {
    expect(applyDamage(hs(0, 2, 6), "lethal", 1, 8)).toMatchObject({
      state: hs(0, 3, 5),
      died: false,
      steps: [{ type: "lethal", effect: "displaced" }],
    });
    expect(applyDamage(hs(0, 2, 6), "aggravated", 1, 8).state).toEqual(hs(1, 2, 5));
  });
  it("a dead character takes no more marks", () => {
    const r = applyDamage(hs(0, 8, 0, true), "bashing", 2, 8);
    expect(r.died).toBe(false);
    expect(r.state).toEqual(hs(0, 8, 0, true));
    expect(r.steps.map((s) => s.effect)).toEqual(["ignored", "ignored"]);
  });
  it("refuses impossible input", () => {
    expect(() => applyDamage(empty, "bashing", -1, 8)).toThrow(RangeError);
    expect(() => applyDamage(empty, "bashing", 1.5, 8)).toThrow(RangeError);
    expect(() => applyDamage(hs(0, 5, 5), "bashing", 1, 8)).toThrow(RangeError);
    expect(() => applyDamage(empty, "fire" as DamageType, 1, 8)).toThrow(RangeError);
    expect(() => boxesOf(hs(-1, 0, 0), 8)).toThrow(RangeError);
  });
});

describe("wound penalties", () => {
  it("'taken three levels of damage ... \"Hurt\" ... one fewer dice'; another level: 'Injured' -2", () => {
    expect(woundPenalty(hs(0, 0, 3), track)).toBe(1);
    expect(woundPenalty(hs(0, 1, 3), track)).toBe(2);
    expect(healthSummary(hs(0, 0, 3), track).label).toBe("hurt");
    expect(healthSummary(hs(0, 1, 3), track).label).toBe("injured");
  });
  it("the top box and no damage: no penalty; the Incapacitated box: none", () => {
    expect(woundPenalty(empty, track)).toBe(0);
    expect(woundPenalty(hs(0, 0, 1), track)).toBe(0);
    expect(woundPenalty(hs(0, 0, 7), track)).toBe(5);
    expect(woundPenalty(hs(0, 0, 8), track)).toBe(0);
  });
  it("Huge Size moves every penalty one box down", () => {
    const huge = healthTrack({ hugeSize: true });
    expect(woundPenalty(hs(0, 0, 3), huge)).toBe(0);
    expect(woundPenalty(hs(0, 0, 4), huge)).toBe(1);
  });
  it("summary", () => {
    expect(healthSummary(hs(0, 2, 3), track)).toEqual({
      total: 5,
      max: 8,
      penalty: 3,
      label: "injured",
      incapacitated: false,
      dead: false,
    });
    expect(healthSummary(hs(0, 0, 8), track)).toMatchObject({ label: "incapacitated", incapacitated: true });
    expect(healthSummary(hs(0, 8, 0, true), track)).toMatchObject({ label: "dead", dead: true });
    expect(healthSummary(hs(0, 0, 1), track).label).toBeUndefined();
  });
});

describe("healing: 'less serious damage types are healed first'", () => {
  it("bashing, then lethal, then aggravated", () => {
    expect(healDamage(hs(1, 2, 2), 3)).toEqual(hs(1, 1, 0));
    expect(healDamage(hs(1, 2, 2), 10)).toEqual(hs(0, 0, 0));
  });
  it("one type only", () => {
    expect(healDamage(hs(1, 2, 2), 1, "lethal")).toEqual(hs(1, 1, 2));
  });
  it("does not revive", () => {
    expect(healDamage(hs(0, 8, 0, true), 8).dead).toBe(true);
  });
  it("refuses negative levels", () => {
    expect(() => healDamage(empty, -1)).toThrow(RangeError);
  });
  it("fitHealth drops the least serious levels past the end", () => {
    expect(fitHealth(hs(1, 5, 3), 8)).toEqual(hs(1, 5, 2));
    expect(fitHealth(hs(1, 5, 3), 9)).toEqual(hs(1, 5, 3));
  });
});

describe("properties", () => {
  const hits = fc.array(fc.tuple(damageType, fc.integer({ min: 0, max: 4 })), { maxLength: 12 });
  it("totals never exceed the track; marks stay sorted; death only with the track full", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), hits, (length, list) => {
        let state = empty;
        for (const [type, levels] of list) {
          const r = applyDamage(state, type, levels, length);
          state = r.state;
          expect(totalDamage(state)).toBeLessThanOrEqual(length);
          const marks = boxesOf(state, length);
          for (let i = 1; i < marks.length; i++) {
            expect(rank[marks[i - 1] ?? "empty"]).toBeLessThanOrEqual(rank[marks[i] ?? "empty"] ?? 3);
          }
          if (state.dead) expect(state.bashing).toBe(0);
        }
      }),
    );
  });
  it("damage never lowers the seriousness of what is marked", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), hits, damageType, (length, list, type) => {
        let state = empty;
        for (const [t, levels] of list) state = applyDamage(state, t, levels, length).state;
        const next = applyDamage(state, type, 1, length).state;
        expect(next.aggravated).toBeGreaterThanOrEqual(state.aggravated);
        expect(next.aggravated + next.lethal).toBeGreaterThanOrEqual(state.aggravated + state.lethal);
        expect(totalDamage(next)).toBeGreaterThanOrEqual(totalDamage(state));
      }),
    );
  });
  it("healing never adds damage", () => {
    fc.assert(
      fc.property(fc.nat(8), fc.nat(8), fc.nat(8), fc.nat(30), (a, l, b, n) => {
        const healed = healDamage(hs(a, l, b), n);
        expect(totalDamage(healed)).toBe(Math.max(0, a + l + b - n));
        expect(healed.aggravated).toBeLessThanOrEqual(a);
      }),
    );
  });
});
