import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DAMAGE_TABLE,
  autoFire,
  blockedStrength,
  damageRow,
  damageShifts,
  readDamage,
  rollDamage,
  splitDamage,
  sprayStrength,
  woundAt,
  woundSeverity,
  woundThroughCover,
} from "./damage";

describe("the damage table", () => {
  it("is printed as eight rows of six locations", () => {
    expect(DAMAGE_TABLE).toHaveLength(8);
    for (const row of DAMAGE_TABLE) expect(row).toHaveLength(6);
    expect(DAMAGE_TABLE[0]).toEqual([null, null, "stun", "stun", "light", "light"]);
    expect(DAMAGE_TABLE[7]).toEqual(["critical", "ko", "dead", "dead", "dead", "dead"]);
  });
  it("the same die gives the column: 1 Soft Flesh .. 6 Head", () => {
    expect([1, 2, 3, 4, 5, 6].map((face) => readDamage({ strength: 0, face }).location)).toEqual([
      "softFlesh",
      "legs",
      "arms",
      "abdomen",
      "torso",
      "head",
    ]);
  });
  it("rows: Below 0, 0-2, 3-5, 6-8, 9-11, 12-14, 15-17, 18+", () => {
    expect([-5, -1, 0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 40].map(damageRow)).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7,
    ]);
  });
  it("wounds never lessen lower down a column or further right along a row", () => {
    for (let r = 0; r < 8; r++) {
      for (let f = 1; f <= 6; f++) {
        if (r > 0)
          expect(woundSeverity(woundAt(r, f))).toBeGreaterThanOrEqual(woundSeverity(woundAt(r - 1, f)));
        if (f > 1)
          expect(woundSeverity(woundAt(r, f))).toBeGreaterThanOrEqual(woundSeverity(woundAt(r, f - 1)));
      }
    }
  });
});

describe("spec damage vectors", () => {
  it("D01 Sword (+6), location 5 (Torso), no armour: 11 -> 9-11 -> K/O", () => {
    expect(readDamage({ strength: 6, face: 5 })).toMatchObject({
      total: 11,
      row: 4,
      location: "torso",
      wound: "ko",
    });
  });
  it("D02 Unarmed (0), 2 (Legs): 2 -> 0-2 -> Stun", () => {
    expect(readDamage({ strength: 0, face: 2 }).wound).toBe("stun");
  });
  it("D03 Knife (+1), 1 (Soft Flesh), Leathers (3): -1 -> Below 0 -> None", () => {
    expect(readDamage({ strength: 1, protection: 3, face: 1 })).toMatchObject({
      total: -1,
      row: 0,
      wound: null,
    });
  });
  it("D04 Heavy Pistol (+5), 4 (Abdomen), Bulletproof Vest (5): 4 -> 3-5 -> Light", () => {
    expect(readDamage({ strength: 5, protection: 5, face: 4 }).wound).toBe("light");
  });
  it("D05 margin 3 buys one shift: one row lower (Medium) or an extra location die", () => {
    expect(damageShifts(3)).toBe(1);
    const row = rollDamage({ strength: 5, protection: 5, faces: [4], margin: 3, rowShifts: 1 });
    expect(row.ok && row.value.chosen.wound).toBe("medium");
    const die = rollDamage({ strength: 5, protection: 5, faces: [4, 6], margin: 3 });
    expect(die.ok && die.value.chosen).toMatchObject({ face: 6, location: "head", total: 6, wound: "ko" });
  });
  it("D06 margin 8: two shifts (floor 8/3) -> 9-11 -> Critical", () => {
    expect(damageShifts(8)).toBe(2);
    const r = rollDamage({ strength: 5, protection: 5, faces: [4], margin: 8, rowShifts: 2 });
    expect(r.ok && r.value.chosen.wound).toBe("critical");
  });
  it("D07 Machine Gun (+15), 6 (Head): 21 -> 18+ -> Dead", () => {
    expect(readDamage({ strength: 15, face: 6 }).wound).toBe("dead");
  });
  it("D08 successful Block vs Sword (+6): strength 3, 3 (Arms): 6 -> 6-8 -> Light", () => {
    const strength = blockedStrength(6, { blockHalving: "floor" });
    expect(strength).toBe(3);
    expect(readDamage({ strength, face: 3 }).wound).toBe("light");
  });
  it("D09 Automatic Pistol (+4) Auto (3), three extra bullets: strength 7, attack -3", () => {
    const { damageBonus, attackModifier } = autoFire(3, 3);
    expect(4 + damageBonus).toBe(7);
    expect(attackModifier).toBe(-3);
    expect(() => autoFire(3, 4)).toThrow(RangeError);
  });
  it("D10 Shotgun (+8, Spray) hitting three grouped targets: each at strength 6", () => {
    expect(sprayStrength(8, 3)).toBe(6);
    expect(sprayStrength(8, 1)).toBe(8);
  });
  it("D11 flimsy cover turns a Medium into a Light and is destroyed", () => {
    expect(woundThroughCover("medium", "flimsy")).toEqual({ wound: "light", coverDestroyed: true });
  });
  it("D12 solid cover: 'now only counts as a light wound rather than a Critical'", () => {
    expect(woundThroughCover("critical", "solid")).toEqual({ wound: "light", coverDestroyed: false });
    expect(woundThroughCover("light", "solid").wound).toBeNull();
    expect(woundThroughCover("dead", "total").wound).toBeNull();
  });
});

describe("shifts, dice and choices", () => {
  it("a hit with no margin buys no shift; fractions of three buy none", () => {
    expect([-2, 0, 2, 3, 5, 6, 9].map(damageShifts)).toEqual([0, 0, 0, 1, 1, 2, 3]);
  });
  it("Deathdealer: 'May always roll an extra die when dealing damage'", () => {
    expect(rollDamage({ strength: 2, faces: [1, 5] })).toMatchObject({ ok: false, reason: "tooManyDice" });
    const r = rollDamage({ strength: 2, faces: [1, 5], deathdealer: true });
    expect(r.ok && r.value.chosen.face).toBe(5);
  });
  it("refuses row shifts the margin did not buy, and no dice", () => {
    expect(rollDamage({ strength: 2, faces: [3], margin: 2, rowShifts: 1 })).toMatchObject({
      ok: false,
      reason: "tooManyRowShifts",
    });
    expect(rollDamage({ strength: 2, faces: [] })).toMatchObject({ ok: false, reason: "noDice" });
  });
  it("row shifts stop at 18+", () => {
    expect(readDamage({ strength: 15, face: 1, rowShifts: 3 })).toMatchObject({ row: 7, wound: "critical" });
  });
  it("block halving: floor or ceil", () => {
    expect(blockedStrength(5, { blockHalving: "floor" })).toBe(2);
    expect(blockedStrength(5, { blockHalving: "ceil" })).toBe(3);
    expect(blockedStrength(-1, { blockHalving: "ceil" })).toBe(-1);
  });
  it("Split Damage: one die, two readings (Hit Points, then Essence)", () => {
    const r = splitDamage({ strengths: [2, 2], face: 5 });
    expect(r.hitPoints).toMatchObject({ total: 7, wound: "critical", location: "torso" });
    expect(r.essence).toMatchObject({ total: 7, wound: "critical" });
    expect(
      splitDamage({ strengths: [2, 1], protection: 3, essenceProtection: 0, face: 3 }).essence.wound,
    ).toBe("light");
  });
  it("refuses impossible input", () => {
    expect(() => readDamage({ strength: 1.5, face: 2 })).toThrow(RangeError);
    expect(() => readDamage({ strength: 1, face: 0 })).toThrow(RangeError);
    expect(() => readDamage({ strength: 1, protection: -1, face: 2 })).toThrow(RangeError);
  });
});

describe("properties", () => {
  const face = fc.integer({ min: 1, max: 6 });
  const strength = fc.integer({ min: -5, max: 30 });
  const protection = fc.integer({ min: 0, max: 15 });
  it("more strength never gives a lesser wound", () => {
    fc.assert(
      fc.property(face, strength, protection, fc.integer({ min: 0, max: 5 }), (f, s, p, d) => {
        const a = readDamage({ strength: s, protection: p, face: f }).wound;
        const b = readDamage({ strength: s + d, protection: p, face: f }).wound;
        return woundSeverity(b) >= woundSeverity(a);
      }),
    );
  });
  it("more protection never gives a worse wound", () => {
    fc.assert(
      fc.property(face, strength, protection, fc.integer({ min: 0, max: 5 }), (f, s, p, d) => {
        const a = readDamage({ strength: s, protection: p, face: f });
        const b = readDamage({ strength: s, protection: p + d, face: f });
        return b.row <= a.row && woundSeverity(b.wound) <= woundSeverity(a.wound);
      }),
    );
  });
  it("the chosen die is never worse than the first", () => {
    fc.assert(
      fc.property(fc.array(face, { minLength: 1, maxLength: 4 }), strength, (faces, s) => {
        const r = rollDamage({ strength: s, faces, margin: 9 });
        if (!r.ok) return false;
        return woundSeverity(r.value.chosen.wound) >= woundSeverity(r.value.readings[0]?.wound ?? null);
      }),
    );
  });
});
