import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  BLAST_RADIUS_PERCENT,
  blastDamage,
  breathRounds,
  burning,
  closeUpDamage,
  drowningDamage,
  drowningRound,
  effectiveDamage,
  fallingDamage,
  parseDamageDice,
  rollDamage,
  stunnedRounds,
  subsistenceDamage,
  subsistenceDamageOnDay,
  type DamageResult,
} from "./damage";
import { FISTS, WEAPONS, xeroSumWeapon } from "./equipment";
import { BANDS, RANGE_BANDS } from "./keys";

const w = xeroSumWeapon;
const value = (r: { ok: boolean; value?: DamageResult }) => {
  if (!r.ok || !r.value) throw new Error("refused");
  return r.value;
};
const harm = (r: DamageResult) => ({ wp: r.woundPoints, rp: r.resiliencePoints });

describe("weapon damage", () => {
  it("B25 Baseball Bat 4+1d6, PHY +2, d6 = 3 → WP 9, RP 9 (100%)", () => {
    expect(harm(value(rollDamage({ weapon: w("baseballBat"), faces: [3], phy: 2 })))).toEqual({
      wp: 9,
      rp: 9,
    });
  });
  it("B26 Machete 3+2d3, PHY +1, d3s 2 and 3 → WP 9, RP 4 (50%, rounded down)", () => {
    expect(harm(value(rollDamage({ weapon: w("machete"), faces: [2, 3], phy: 1 })))).toEqual({
      wp: 9,
      rp: 4,
    });
  });
  it("B27 Light Pistol 3+1d6, d6 = 4, no PHY → WP 7, RP 3", () => {
    expect(harm(value(rollDamage({ weapon: w("lightPistol"), faces: [4], phy: 3 })))).toEqual({
      wp: 7,
      rp: 3,
    });
  });
  it("B28 Fists: d3 = 2, PHY +1, Unarmed +2 → WP 5, RP 5", () => {
    expect(harm(value(rollDamage({ weapon: FISTS, faces: [2], phy: 1, unarmedSkill: 2 })))).toEqual({
      wp: 5,
      rp: 5,
    });
  });
  it("B29 Subdue with the Baseball Bat, a 9 rolled → WP 4 (rounded down), RP 9", () => {
    const r = value(rollDamage({ weapon: w("baseballBat"), faces: [3], phy: 2, subdue: true }));
    expect([r.rolled, r.woundPoints, r.resiliencePoints]).toEqual([9, 4, 9]);
  });
  it("Subdue is for melee and unarmed attacks only", () => {
    expect(rollDamage({ weapon: w("lightPistol"), faces: [4], subdue: true })).toEqual({
      ok: false,
      reason: "subdueNeedsMelee",
    });
    expect(rollDamage({ weapon: FISTS, faces: [3], subdue: true }).ok).toBe(true);
  });
  it("the Unarmed SMod counts for fists only; PHY for every Table 17 weapon", () => {
    expect(value(rollDamage({ weapon: w("sword"), faces: [1, 1, 1], phy: 1, unarmedSkill: 3 })).rolled).toBe(
      7,
    );
    expect(value(rollDamage({ weapon: w("bullwhip"), faces: [3], phy: 2 })).rolled).toBe(6);
    expect(value(rollDamage({ weapon: w("grenade"), faces: [6, 6], phy: 4 })).rolled).toBe(14);
  });
  it("a low PHY never makes damage negative", () => {
    expect(value(rollDamage({ weapon: w("kitchenKnife"), faces: [1], phy: -2 })).rolled).toBe(1);
    expect(value(rollDamage({ weapon: FISTS, faces: [1], phy: -2 })).rolled).toBe(0);
  });
  it("Brass Knuckles: fists + 1 (default) = 1 + 1d3 + PHY + Unarmed; or the cell's 1 + PHY", () => {
    expect(effectiveDamage(w("brassKnuckles"))).toEqual({
      base: 1,
      dice: "1d3",
      addsPhysicality: true,
      addsUnarmedSkill: true,
    });
    expect(
      value(rollDamage({ weapon: w("brassKnuckles"), faces: [2], phy: 1, unarmedSkill: 2 })).rolled,
    ).toBe(6);
    const one = { brassKnuckles: "one" as const };
    expect(effectiveDamage(w("brassKnuckles"), one)).toMatchObject({
      base: 1,
      dice: "",
      addsUnarmedSkill: false,
    });
    expect(
      value(rollDamage({ weapon: w("brassKnuckles"), faces: [], phy: 1, unarmedSkill: 2 }, one)).rolled,
    ).toBe(2);
  });
  it("Stunned weapons deal no WP: Taser 0 (+PHY) at 200% RP; Tranquilizer Gun 0/0", () => {
    const taser = value(rollDamage({ weapon: w("taser"), faces: [], phy: 2 }));
    expect([taser.stuns, taser.woundPoints, taser.resiliencePoints]).toEqual([true, 0, 4]);
    const tranq = value(rollDamage({ weapon: w("tranquilizerGun"), faces: [] }));
    expect(harm(tranq)).toEqual({ wp: 0, rp: 0 });
    expect(harm(value(rollDamage({ weapon: w("smokeGrenade"), faces: [] })))).toEqual({ wp: 0, rp: 0 });
  });
  it("dmReducesDamage: a positive DM comes off before RP is worked out; off by default", () => {
    const input = { weapon: w("lightPistol"), faces: [4], defence: 3 };
    expect(harm(value(rollDamage(input)))).toEqual({ wp: 7, rp: 3 });
    const reduced = value(rollDamage(input, { dmReducesDamage: true }));
    expect([reduced.rolled, reduced.amount, reduced.woundPoints, reduced.resiliencePoints]).toEqual([
      7, 4, 4, 2,
    ]);
    expect(value(rollDamage({ ...input, defence: -2 }, { dmReducesDamage: true })).amount).toBe(7);
    expect(value(rollDamage({ ...input, defence: 9 }, { dmReducesDamage: true })).amount).toBe(0);
  });
  it("the dice must match the formula; d3 faces 1..3, or 0..3 read literally", () => {
    expect(() => rollDamage({ weapon: w("machete"), faces: [2] })).toThrow(RangeError);
    expect(() => rollDamage({ weapon: w("machete"), faces: [2, 4] })).toThrow(RangeError);
    expect(() => rollDamage({ weapon: w("machete"), faces: [0, 3] })).toThrow(RangeError);
    expect(value(rollDamage({ weapon: w("machete"), faces: [0, 3] }, { d3Mode: "halfDown" })).rolled).toBe(6);
  });
  it("dice cells: NdS with S 3 or 6; blank for none", () => {
    expect(parseDamageDice("2d3")).toEqual({ count: 2, sides: 3 });
    expect(parseDamageDice("3d6")).toEqual({ count: 3, sides: 6 });
    expect(parseDamageDice("")).toBeNull();
    expect(() => parseDamageDice("1d8")).toThrow(RangeError);
  });
  it("property: RP = floor(amount × RP% / 100); Subdue halves WP only; WP ≤ amount", () => {
    const rollable = WEAPONS.filter((x) => x.damage !== null);
    fc.assert(
      fc.property(
        fc.constantFrom(...rollable),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: -2, max: 5 }),
        (weapon, raw, phy) => {
          const formula = effectiveDamage(weapon);
          const dice = parseDamageDice(formula.dice);
          const faces = raw.slice(0, dice?.count ?? 0).map((f) => (dice?.sides === 3 ? Math.ceil(f / 2) : f));
          const full = value(rollDamage({ weapon, faces, phy }));
          expect(full.resiliencePoints).toBe(Math.floor((full.amount * (weapon.rpPercent ?? 0)) / 100));
          expect(full.woundPoints).toBeLessThanOrEqual(full.amount);
          if (weapon.category === "melee") {
            const subdued = value(rollDamage({ weapon, faces, phy, subdue: true }));
            expect(subdued.resiliencePoints).toBe(full.resiliencePoints);
            expect(subdued.woundPoints).toBe(full.woundPoints === 0 ? 0 : Math.floor(full.amount / 2));
          }
        },
      ),
    );
  });
});

describe("characteristics: Blast Radius, Close-Up, Burning, Stunned", () => {
  it("Blast Radius, 10 damage → Engaged 10, Close 5, the next band 2 (floor 2.5), farther 0", () => {
    const ten = { woundPoints: 10, resiliencePoints: 10 };
    expect(RANGE_BANDS.map((b) => blastDamage(ten, b).woundPoints)).toEqual([10, 5, 2, 0, 0]);
    expect(BLAST_RADIUS_PERCENT).toEqual({ engaged: 100, close: 50, medium: 25, long: 0, distant: 0 });
  });
  it("Close-Up, 11 damage to the target → 5 to each Engaged bystander", () => {
    expect(closeUpDamage({ woundPoints: 11, resiliencePoints: 5 })).toEqual({
      woundPoints: 5,
      resiliencePoints: 2,
    });
  });
  it("Burning (3) → 3 WP and 3 RP a round for 1d3 rounds", () => {
    expect(burning(3, 2)).toEqual({ perRound: { woundPoints: 3, resiliencePoints: 3 }, rounds: 2 });
    expect(burning(1, 0, "halfDown").rounds).toBe(0);
    expect(() => burning(1, 0)).toThrow(RangeError);
  });
  it("Stunned on a Wild Success, target PHY +1, d6 = 5 → incapacitated 4 rounds", () => {
    expect(stunnedRounds({ band: "wild-success", d6: 5, phy: 1 })).toBe(4);
  });
  it("Stunned: at least 1 round; nothing below a Wild Success", () => {
    expect(stunnedRounds({ band: "wild-success", d6: 2, phy: 4 })).toBe(1);
    for (const band of BANDS.filter((b) => b !== "wild-success"))
      expect(stunnedRounds({ band, d6: 6, phy: -2 })).toBe(0);
  });
});

describe("falling, drowning, subsistence", () => {
  it("B30 Fall 20 ft → 6 WP and 6 RP (3 per whole 10 ft)", () => {
    expect(fallingDamage(20)).toEqual({ woundPoints: 6, resiliencePoints: 6 });
    expect(fallingDamage(9)).toEqual({ woundPoints: 0, resiliencePoints: 0 });
    expect(fallingDamage(35)).toEqual({ woundPoints: 9, resiliencePoints: 9 });
  });
  it("B31 Hold breath with PHY +1 → 7 rounds", () => {
    expect(breathRounds(1)).toBe(7);
    expect(breathRounds(-2)).toBe(4);
  });
  it("under water: the breath lasts 6 + PHY rounds, then a PHY check each round or 3 WP and 3 RP", () => {
    expect(drowningRound(7, 1)).toEqual({ holdingBreath: true, check: false });
    expect(drowningRound(8, 1)).toEqual({ holdingBreath: false, check: true });
    expect(drowningDamage("failure")).toEqual({ woundPoints: 3, resiliencePoints: 3 });
    expect(drowningDamage("success")).toEqual({ woundPoints: 0, resiliencePoints: 0 });
  });
  it("B47 Subsistence: 3 days without food → −2 WP, −2 RP", () => {
    expect(subsistenceDamage(3)).toEqual({ woundPoints: 2, resiliencePoints: 2 });
    expect(subsistenceDamage(1)).toEqual({ woundPoints: 0, resiliencePoints: 0 });
    expect(subsistenceDamage(0)).toEqual({ woundPoints: 0, resiliencePoints: 0 });
  });
  it("property: day by day adds up to the total", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), (days) => {
        let sum = 0;
        for (let d = 1; d <= days; d++) sum += subsistenceDamageOnDay(d).woundPoints;
        expect(sum).toBe(subsistenceDamage(days).woundPoints);
      }),
    );
  });
});
