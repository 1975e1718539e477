// The tales-damage card, Foundry-free (combat/damage-card-logic.ts): the blow's strength and dice, the
// wound read from the dice (spec vectors D01-D10), absorbing and accumulating on Apply (H03-H13), and
// Undo restoring exactly the card's change.
import { describe, expect, it } from "vitest";
import {
  blowStrength,
  damageCardProblems,
  damageDice,
  planApply,
  planUndo,
  readCardDamage,
  type DamageAttack,
  type DamageCard,
  type HealthSnapshot,
} from "../../src/rulesets/tales/combat/damage-card-logic";

const plain: DamageAttack = { margin: 0, rowShifts: 0, blocked: false, autoBullets: 0, sprayVictims: 1 };
const sword = { damage: 6, auto: 0, spray: false, splitDamage: false };
const floor = { blockHalving: "floor" as const };
const card = (over: Partial<DamageCard> = {}): DamageCard => ({
  attacker: { actorUuid: "Actor.a", name: "A" },
  weapon: { itemUuid: "Actor.a.Item.w", name: "Sword" },
  target: { actorUuid: "Actor.t", name: "T" },
  attack: plain,
  strength: 6,
  split: false,
  protection: 0,
  deathdealer: false,
  faces: [5],
  applied: null,
  ...over,
});
const healthy: HealthSnapshot = { level: "healthy", stunned: false, hp: 6, essence: 4 };
const noTraits = { hitPoints: {}, essence: {} };
const apply = (
  c: DamageCard,
  levels: number,
  now = healthy,
  essenceLevels = 0,
  damageMode: "high" | "low" = "high",
) =>
  planApply({
    outcome: readCardDamage(c)!,
    levels,
    essenceLevels,
    now,
    traits: noTraits,
    resilientMode: "perAbsorption",
    damageMode,
  });

describe("the blow", () => {
  it("D08: a successful Block halves the Sword's +6 to 3; d6 3 (Arms) reads 6 → Light", () => {
    const s = blowStrength(sword, { ...plain, blocked: true }, floor);
    expect(s).toEqual({ ok: true, strength: 3 });
    expect(readCardDamage(card({ strength: 3, faces: [3] }))!.chosen.wound).toBe("light");
  });

  it("D09: an Automatic Pistol (+4) Auto(3) firing 3 extra bullets strikes at 7; more than X is refused", () => {
    const pistol = { damage: 4, auto: 3, spray: false, splitDamage: false };
    expect(blowStrength(pistol, { ...plain, autoBullets: 3 }, floor)).toEqual({ ok: true, strength: 7 });
    expect(blowStrength(pistol, { ...plain, autoBullets: 4 }, floor)).toEqual({
      ok: false,
      reason: "autoBullets",
    });
  });

  it("D10: a Shotgun (+8, Spray) hitting 3 grouped targets strikes each at 6; Spray needs the trait", () => {
    const shotgun = { damage: 8, auto: 0, spray: true, splitDamage: false };
    expect(blowStrength(shotgun, { ...plain, sprayVictims: 3 }, floor)).toEqual({ ok: true, strength: 6 });
    expect(blowStrength(sword, { ...plain, sprayVictims: 3 }, floor)).toEqual({ ok: false, reason: "spray" });
  });

  it("a margin buys a die per 3 (or a row); Deathdealer one more; rows beyond the shifts are refused", () => {
    expect(damageDice(plain, false)).toBe(1);
    expect(damageDice({ ...plain, margin: 8 }, false)).toBe(3);
    expect(damageDice({ ...plain, margin: 8, rowShifts: 2 }, true)).toBe(2);
    expect(blowStrength(sword, { ...plain, margin: 2, rowShifts: 1 }, floor)).toEqual({
      ok: false,
      reason: "rowShifts",
    });
  });
});

describe("the wound the dice read", () => {
  it("D01: Sword (+6), d6 5 (Torso), no armour: 11 → K/O", () => {
    expect(readCardDamage(card())!.chosen).toMatchObject({ total: 11, location: "torso", wound: "ko" });
  });
  it("D03: Knife (+1), d6 1 (Soft Flesh), Leathers (3): −1 → none", () => {
    expect(readCardDamage(card({ strength: 1, protection: 3, faces: [1] }))!.wounds).toEqual([null]);
  });
  it("D04-D06: Heavy Pistol (+5), d6 4 (Abdomen), Bulletproof Vest (5): L; one row lower M; margin 8 two rows C", () => {
    const base = card({ strength: 5, protection: 5, faces: [4] });
    expect(readCardDamage(base)!.chosen.wound).toBe("light");
    expect(readCardDamage({ ...base, attack: { ...plain, margin: 3, rowShifts: 1 } })!.chosen.wound).toBe(
      "medium",
    );
    expect(readCardDamage({ ...base, attack: { ...plain, margin: 8, rowShifts: 2 } })!.chosen.wound).toBe(
      "critical",
    );
  });
  it("D05: the extra location die instead: the most severe of the two is taken", () => {
    const c = card({ strength: 5, protection: 5, faces: [4, 6], attack: { ...plain, margin: 3 } });
    expect(readCardDamage(c)!.chosen).toMatchObject({ face: 6, location: "head" });
  });
  it("dice that do not fit the blow read as nothing (a forged card)", () => {
    expect(readCardDamage(card({ faces: [5, 6] }))).toBeNull();
  });
  it("Split Damage reads the one die twice: a Hit Points part and an Essence part", () => {
    expect(readCardDamage(card({ strength: 0, split: true, faces: [4] }))!.wounds).toEqual([
      "light",
      "light",
    ]);
  });
});

describe("Apply: absorbing and accumulating", () => {
  const light = card({ strength: 0, faces: [4] }); // 4 → row 3-5, Abdomen: Light
  it("H03: an incoming Light, 1 HP → a Stun, 2 HP → nothing", () => {
    const one = apply(light, 1);
    expect(one.ok && one.record.after).toEqual({ level: "healthy", stunned: true, hp: 5, essence: 4 });
    const two = apply(light, 2);
    expect(two.ok && two.record.after).toEqual({ level: "healthy", stunned: false, hp: 4, essence: 4 });
  });
  it("H08/H09: current Light + Stun → Medium; + Light → Critical", () => {
    const now = { ...healthy, level: "light" as const };
    expect(apply(light, 1, now).ok && (apply(light, 1, now) as any).record.after.level).toBe("medium");
    expect((apply(light, 0, now) as any).record.after.level).toBe("critical");
  });
  it("H12: current Medium + Medium: K/O in high fantasy, Dead in low", () => {
    const medium = card({ strength: 0, faces: [5] }); // 5 → row 3-5, Torso: Medium
    const now = { ...healthy, level: "medium" as const };
    expect((apply(medium, 0, now) as any).record.after.level).toBe("ko");
    expect((apply(medium, 0, now, 0, "low") as any).record.after.level).toBe("dead");
  });
  it("H06: Dead cannot be prevented; absorbing more than the pool holds is refused", () => {
    const dead = card({ strength: 15, faces: [6] });
    const r = apply(dead, 5);
    expect(r.ok && r.record).toMatchObject({ levels: 0, cost: 0, after: { level: "dead" } });
    expect(apply(card(), 5, { ...healthy, hp: 2 })).toEqual({ ok: false, reason: "cannotAfford" });
  });
  it("H07: a K/O absorbed whole costs 5 HP; Frail 6; Resilient 4", () => {
    const ko = readCardDamage(card())!;
    const with_ = (traits: object) =>
      planApply({
        outcome: ko,
        levels: 5,
        essenceLevels: 0,
        now: { ...healthy, hp: 10 },
        traits: { hitPoints: traits, essence: {} },
        resilientMode: "perAbsorption",
        damageMode: "high",
      });
    expect((with_({}) as any).record.cost).toBe(5);
    expect((with_({ frail: true }) as any).record.cost).toBe(6);
    expect((with_({ resilient: true }) as any).record.cost).toBe(4);
  });
  it("Split Damage: the Essence part absorbed with Essence", () => {
    const r = apply(card({ strength: 0, split: true, faces: [4] }), 2, healthy, 1);
    expect(r.ok && r.record).toMatchObject({
      cost: 2,
      essenceCost: 1,
      wounds: [null, "stun"],
      after: { stunned: true, hp: 4, essence: 3 },
    });
  });
});

describe("Undo", () => {
  const r = apply(card({ strength: 0, faces: [4] }), 1);
  const record = r.ok ? r.record : null!;
  it("restores the health the card found and the points it took", () => {
    expect(planUndo(record, record.after, { hp: 6, essence: 4 })).toEqual(healthy);
  });
  it("never erases a change made since (another wound), nor raises a pool past its maximum", () => {
    expect(planUndo(record, { ...record.after, level: "light" }, { hp: 6, essence: 4 })).toBeNull();
    expect(planUndo(record, { ...record.after, hp: 6 }, { hp: 6, essence: 4 })!.hp).toBe(6);
  });
});

describe("the card's shape", () => {
  it("a good card has no problems; out-of-bounds numbers and unknown levels are refused", () => {
    expect(damageCardProblems(card())).toEqual([]);
    expect(damageCardProblems(card({ applied: record() }))).toEqual([]);
    expect(damageCardProblems(card({ faces: [7] })).length).toBe(1);
    expect(damageCardProblems(card({ faces: Array(13).fill(1) })).length).toBe(1);
    expect(damageCardProblems({ ...card(), attack: { ...plain, margin: 1e9 } }).length).toBe(1);
    expect(
      damageCardProblems({ ...card(), applied: { ...record(), before: { ...healthy, level: "zombie" } } })
        .length,
    ).toBe(1);
    expect(damageCardProblems(null)).toEqual(["the card must be a record"]);
  });
  function record() {
    const r = apply(card({ strength: 0, faces: [4] }), 1);
    return r.ok ? r.record : null!;
  }
});
