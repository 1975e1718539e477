// How a weapon is held for an attack (rolls/weapon-modes.ts and the attack dialog): thrown
// ("Throwable(@) Can be thrown. Ranged success targets for throwing follow this feature
// declaration"), one hand fewer ("Unhanded(-#) This weapon may be wielded with 1 hand fewer than
// specified at the cost of the indicated dice penalty on attacks. This penalty does not apply when
// thrown.") and Two Weapon Fighting ("Any allocated dice may be added to any attacks or parries
// with either weapon. If either weapon has the Unhanded feature, the indicated penalty is reduced
// by the number of allocated dice to a minimum of 0."). The weapons are the packs' own entries.
import { describe, expect, it } from "vitest";
import { applyDialogChange } from "../../src/rulesets/verses/base/pool-dialog-logic";
import { settleVersesDialog, versesDialogConfig } from "../../src/rulesets/verses/rolls/dialog";
import {
  gripEffect,
  thrownMode,
  twoWeaponWeapon,
  type WeaponModeSource,
} from "../../src/rulesets/verses/data/weapon-modes";
import { packDocument } from "../lib/verses-packs";
import { shortBowAttack } from "../lib/verses-roll-examples";

const mode = (name: string): WeaponModeSource =>
  (packDocument("verses-weapons", name).system as { modes: WeaponModeSource[] }).modes[0]!;

const alone = { unhanded: false, twoWeapon: null, freeHands: 2 };

describe("thrown weapons (Throwable)", () => {
  it("the Hand Axe thrown uses 'Throwable(2S@2m,5,8)'; the Longsword cannot be thrown", () => {
    const axe = thrownMode(mode("Hand Axe"));
    expect(axe).toMatchObject({ test: "2S@2m,5,8", thrown: true });
    expect(thrownMode(mode("Longsword"))).toBeNull();
  });

  it("'A dagger always produces puncturing (p) damage when thrown': the packs' Dagger thrown deals 1(p), wielded 1(s) or 1(p)", () => {
    const dagger = mode("Dagger");
    expect(dagger.damage).toBe("1(s) or 1(p)");
    expect(thrownMode(dagger)).toMatchObject({ test: "2S@2m,4,6", damage: "1(p)" });
    // Without a damage of its own when thrown, a thrown weapon deals its mode's damage.
    expect(thrownMode(mode("Hand Axe"))?.damage).toBe("2(s)");
  });

  it("a thrown Spear pays no Unhanded penalty even with one hand: 'This penalty does not apply when thrown'", () => {
    const spear = thrownMode(mode("Spear"))!;
    expect(spear.test).toBe("1S@5m,10,15,20");
    const held = gripEffect(spear, { ...alone, unhanded: true });
    expect(held.ok && held.value.unhandedDice).toBe(0);
  });
});

describe("one hand fewer (Unhanded)", () => {
  it("the Naginata (HANDS 2, Unhanded(-2)) in one hand: 2 dice fewer; in both: none", () => {
    const one = gripEffect(mode("Naginata"), { ...alone, unhanded: true });
    expect(one.ok && one.value).toMatchObject({ unhandedDice: 2, hands: 1 });
    const both = gripEffect(mode("Naginata"), alone);
    expect(both.ok && both.value).toMatchObject({ unhandedDice: 0, hands: 2 });
  });

  it("a weapon without Unhanded cannot be held with fewer hands: the Longsword's one hand is all it needs", () => {
    // The Longsword needs 1 hand and has no Unhanded: 0 hands is refused.
    expect(gripEffect(mode("Longsword"), { ...alone, unhanded: true }).ok).toBe(false);
  });
});

describe("Two Weapon Fighting", () => {
  const dagger = (allocated: number) => twoWeaponWeapon("dagger", mode("Dagger"), allocated);

  it("Spear (HANDS 2, Unhanded(-1)) with a Dagger and 1 TWF die: the spear takes one hand, its -1 becomes 0, +1 die", () => {
    const r = gripEffect(mode("Spear"), {
      ...alone,
      twoWeapon: { allocated: 1, skillAllocated: 1, other: dagger(1) },
    });
    expect(r.ok && r.value).toMatchObject({ twoWeaponDice: 1, unhandedDice: 0, hands: 1 });
  });

  it("Naginata (Unhanded(-2)) with a Dagger and 1 TWF die: -2 reduced by 1 to -1", () => {
    const r = gripEffect(mode("Naginata"), {
      ...alone,
      twoWeapon: { allocated: 1, skillAllocated: 1, other: dagger(1) },
    });
    expect(r.ok && r.value).toMatchObject({ twoWeaponDice: 1, unhandedDice: 1, hands: 1 });
  });

  it("'must have allocated at least one die to the skill for each weapon': a dagger skill of 0 is refused", () => {
    expect(
      gripEffect(mode("Spear"), {
        ...alone,
        twoWeapon: { allocated: 2, skillAllocated: 1, other: dagger(0) },
      }).ok,
    ).toBe(false);
  });
});

describe("the attack dialog's grip fields", () => {
  const naginata = mode("Naginata");
  const spear = mode("Spear");

  it("one hand fewer puts the Unhanded penalty in the pool as a labelled part", () => {
    const config = versesDialogConfig(shortBowAttack(1, {}, {}, [naginata]));
    expect(config.fields.map((f) => f.name)).toContain("grip");
    const one = applyDialogChange(config, config.initial, { name: "grip", value: "unhanded" });
    expect(one.evaluation.parts).toContainEqual({
      label: "POLYVERSE.Verses.Dialog.UnhandedDice",
      dice: -2,
      data: { hands: "1" },
    });
    expect(one.evaluation.problems).toEqual([]);
  });

  it("throwing the Spear 12 m away takes the Throwable range's success target (1S@5m,10,15,20: 3S)", () => {
    const config = versesDialogConfig(shortBowAttack(12, {}, {}, [spear]));
    const thrown = applyDialogChange(config, config.initial, { name: "throw", value: "throw" });
    expect(thrown.state.target).toBe(3);
    expect(thrown.evaluation.problems).toEqual([]);
    const wielded = settleVersesDialog(config, false);
    // Wielded, a spear 12 m away is out of its reach.
    expect(wielded.evaluation.problems.length).toBeGreaterThan(0);
  });

  it("with Two Weapon Fighting offered, pairing adds its dice; no pairing adds none", () => {
    const input = {
      ...shortBowAttack(1, {}, {}, [spear]),
      twoWeapon: {
        allocated: 2,
        skillAllocated: 1,
        others: [{ label: "Dagger", weapon: twoWeaponWeapon("dagger", mode("Dagger"), 1) }],
      },
    };
    const config = versesDialogConfig(input);
    expect(config.fields.map((f) => f.name)).toContain("offhand");
    const paired = applyDialogChange(config, config.initial, { name: "offhand", value: "0" });
    expect(paired.evaluation.parts).toContainEqual({
      label: "POLYVERSE.Verses.Dialog.TwoWeaponDice",
      dice: 2,
    });
    expect(paired.evaluation.parts.some((p) => p.label === "POLYVERSE.Verses.Dialog.UnhandedDice")).toBe(
      false,
    );
    const single = settleVersesDialog(config, false);
    expect(single.evaluation.parts.some((p) => p.label === "POLYVERSE.Verses.Dialog.TwoWeaponDice")).toBe(
      false,
    );
  });
});
