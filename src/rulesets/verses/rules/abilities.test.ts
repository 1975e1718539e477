import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ABILITIES,
  ATTACK_ACTIONS,
  CORE_ABILITY_KEYS,
  abilityDice,
  abilityDiceFor,
  canTakeIntrinsic,
  desperateRallyUnbindsAll,
  exUnboundOnSuccess,
  findAbility,
  hpTufBonus,
  injuryExThreshold,
  poolConditionHolds,
  type AbilityKey,
  type PoolContext,
} from "./abilities";
import { ATTACK_ACTION_IDS } from "./conditions";
import { resolveTest } from "./dice";
import type { ActorKind } from "./types";

const B: ActorKind = "biological";
const C: ActorKind = "construct";
const I: ActorKind = "incorporeal";

/** The "intrinsic for" line of every ability, quoted from "List of Abilities" (and the Intoxication module). */
const INTRINSIC_FOR: Record<AbilityKey, ActorKind[]> = {
  actionAutopilot: [B, C, I],
  adrenalineRush: [B],
  catlikeGrace: [B],
  charmingDemeanor: [B],
  desperateRally: [B],
  eagleEyed: [B, C, I],
  healthyImmunity: [B],
  heightenedMetabolism: [B],
  intenseConcentration: [B, I],
  intimidatingDemeanor: [B],
  jackOfAllTrades: [B, I],
  lightningFists: [B, C],
  multitasking: [B, I],
  painTolerance: [B],
  perfectPitch: [B, C, I],
  physicalConditioning: [B],
  quickReflexes: [B],
  spatialSensitivity: [B, C],
  socialButterfly: [B, C],
  sturdy: [B, C],
  tacticalAwareness: [B, I],
  temporalSensitivity: [B, C, I],
  uncannyLuck: [B, I],
  scentTracking: [B],
  hollowLeg: [B],
};

const keysOf = (ctx: PoolContext, abilities: Record<string, number>): string[] =>
  abilityDiceFor(ctx, abilities).map((c) => c.key);

describe("the ability list (List of Abilities)", () => {
  it("has the 23 core abilities plus Scent Tracking and Hollow Leg, with the text's actor kinds", () => {
    expect(CORE_ABILITY_KEYS).toHaveLength(23);
    expect(Object.keys(ABILITIES)).toHaveLength(25);
    for (const [key, kinds] of Object.entries(INTRINSIC_FOR)) {
      expect(ABILITIES[key as AbilityKey].intrinsicFor, key).toEqual(kinds);
    }
    expect(ABILITIES.scentTracking.source).toBe("animal");
    expect(ABILITIES.hollowLeg.source).toBe("intoxication");
  });

  it("is looked up by key or by name", () => {
    expect(findAbility("Scent Tracking")?.key).toBe("scentTracking");
    expect(findAbility("jack-of-all-trades")?.key).toBe("jackOfAllTrades");
    expect(findAbility("Channel Power")).toBeUndefined();
  });

  it('intrinsic only for the listed kinds; "Any intrinsic ability may also be extrinsic"', () => {
    expect(canTakeIntrinsic(ABILITIES.adrenalineRush, "construct").ok).toBe(false);
    expect(canTakeIntrinsic(ABILITIES.sturdy, "construct").ok).toBe(true);
    expect(canTakeIntrinsic(ABILITIES.multitasking, "incorporeal").ok).toBe(true);
  });

  it("every ability has at least one hook and its effect text", () => {
    for (const def of Object.values(ABILITIES)) {
      expect(def.hooks.length, def.key).toBeGreaterThan(0);
      expect(def.text.length, def.key).toBeGreaterThan(20);
    }
  });
});

describe("ability effects with their numbers from the text", () => {
  it("TV-C18 Sturdy: TUF 2, Sturdy 2 → HP uses TUF 2 + 2", () => {
    expect(hpTufBonus({ sturdy: 2 })).toBe(2);
    expect(hpTufBonus({})).toBe(0);
  });

  it("TV-C27 Adrenaline Rush 1: a success with SM 4 unbinds allocated dice plus 1 = 2 EX", () => {
    expect(exUnboundOnSuccess({ success: true, margin: 4 }, { adrenalineRush: 1 })).toBe(2);
    expect(exUnboundOnSuccess({ success: true, margin: 3 }, { adrenalineRush: 1 })).toBe(0);
    expect(exUnboundOnSuccess({ success: false, margin: 4 }, { adrenalineRush: 1 })).toBe(0);
    // "a SM of 4 or higher": 6 successes vs 3S is SM 4.
    expect(exUnboundOnSuccess(resolveTest([6, 6, 5, 5, 6, 5], 3), { adrenalineRush: 3 })).toBe(4);
    expect(exUnboundOnSuccess({ success: true, margin: 5 }, {})).toBe(0);
  });

  it("TV-C28 Pain Tolerance 1: TUF 2, 3 damage taken → no EX (3 ≤ TUF + allocated dice)", () => {
    expect(injuryExThreshold(2, { painTolerance: 1 })).toBe(3);
    // "1AD is EX-bound only if the amount of damage taken is higher than TUF + allocated dice": 3 is not higher than 3.
    expect(3 > injuryExThreshold(2, { painTolerance: 1 })).toBe(false);
    // Without it the bar is TUF alone (TV-37: 3 > TUF 2 binds 1 EX).
    expect(3 > injuryExThreshold(2, {})).toBe(true);
    expect(ABILITIES.painTolerance.hooks).toContainEqual({ kind: "skipMaintenanceWhenUnhurt" });
  });

  it("Physical Conditioning: all AD on Move binds no EX; adds to Rest and Survival Rolls", () => {
    expect(ABILITIES.physicalConditioning.hooks).toContainEqual({ kind: "noMoveExhaustion" });
    expect(abilityDiceFor({ action: "rest" }, { physicalConditioning: 2 })).toMatchObject([
      { dice: 2, use: "add" },
    ]);
    expect(keysOf({ action: "survival" }, { physicalConditioning: 2 })).toEqual(["physicalConditioning"]);
  });

  it("Desperate Rally: HP reduced to ≤ allocated dice unbinds all EX (on crossing; option: every reduction)", () => {
    expect(desperateRallyUnbindsAll(5, 1, { desperateRally: 1 })).toBe(true);
    expect(desperateRallyUnbindsAll(5, 2, { desperateRally: 1 })).toBe(false);
    expect(desperateRallyUnbindsAll(1, 0, { desperateRally: 1 })).toBe(false);
    expect(desperateRallyUnbindsAll(1, 0, { desperateRally: 1 }, { trigger: "everyReduction" })).toBe(true);
    expect(desperateRallyUnbindsAll(1, 1, { desperateRally: 1 }, { trigger: "everyReduction" })).toBe(false);
    // "While HP is equal to or less than the number of allocated dice, allocated dice may be added to any actions during Fast Action."
    expect(keysOf({ action: "dodge", fastAction: true, hp: 1 }, { desperateRally: 1 })).toEqual([
      "desperateRally",
    ]);
    expect(keysOf({ action: "dodge", fastAction: true, hp: 2 }, { desperateRally: 1 })).toEqual([]);
    expect(keysOf({ action: "dodge", fastAction: false, hp: 1 }, { desperateRally: 1 })).toEqual([]);
  });

  it("Uncanny Luck and Tactical Awareness carry their numbers as data (the mechanics live in fast-action.ts)", () => {
    expect(ABILITIES.uncannyLuck.hooks).toEqual([{ kind: "rerollOnes", times: 1 }]);
    expect(ABILITIES.tacticalAwareness.hooks).toEqual([{ kind: "turnOrderShift", positionsPerDie: 1 }]);
    expect(abilityDice([{ key: "uncannyLuck", dice: 2 }], "Uncanny Luck")).toBe(2);
  });

  it("Catlike Grace carries its rise-from-Prone reduction (minimum 1AD) as data", () => {
    expect(ABILITIES.catlikeGrace.hooks).toContainEqual({ kind: "riseCostReduction", minimum: 1 });
  });
});

describe("abilityDiceFor: which ability dice join a pool", () => {
  it("Action Autopilot: any maintenance roll; Intense Concentration: SMR maintenance only", () => {
    const abilities = { actionAutopilot: 1, intenseConcentration: 2 };
    expect(keysOf({ maintenance: true, attributes: ["prw"], fastAction: true }, abilities)).toEqual([
      "actionAutopilot",
    ]);
    expect(keysOf({ action: "maintain", attributes: ["smr"], fastAction: true }, abilities)).toEqual([
      "actionAutopilot",
      "intenseConcentration",
    ]);
  });

  it('Intense Concentration: "Outside of Fast Action ... two times the allocated dice ... binds 1 EX"', () => {
    expect(
      abilityDiceFor({ attributes: ["smr"], fastAction: false }, { intenseConcentration: 2 }),
    ).toMatchObject([{ key: "intenseConcentration", dice: 4, exCost: 1, optional: true }]);
    expect(abilityDiceFor({ attributes: ["smr"], fastAction: true }, { intenseConcentration: 2 })).toEqual(
      [],
    );
  });

  it("Catlike Grace: Dodge and PRW balance/athletic tests, not attacks or parries", () => {
    const cg = { catlikeGrace: 2 };
    expect(keysOf({ action: "dodge" }, cg)).toEqual(["catlikeGrace"]);
    expect(keysOf({ attributes: ["prw"], tags: ["balance"] }, cg)).toEqual(["catlikeGrace"]);
    expect(keysOf({ attributes: ["prw"], tags: ["fullBodyAthletic"], action: "meleeAttack" }, cg)).toEqual(
      [],
    );
    expect(keysOf({ attributes: ["prw"], tags: ["balance"], action: "parry" }, cg)).toEqual([]);
  });

  it("Charming Demeanor: any SOC test except intimidating or frightening; Intimidating Demeanor: intimidation", () => {
    const both = { charmingDemeanor: 1, intimidatingDemeanor: 2 };
    expect(keysOf({ action: "charm", attributes: ["soc"] }, both)).toEqual(["charmingDemeanor"]);
    expect(keysOf({ action: "intimidate", attributes: ["soc", "tuf"] }, both)).toEqual([
      "intimidatingDemeanor",
    ]);
    expect(keysOf({ attributes: ["soc"], tags: ["frighten"] }, both)).toEqual([]);
  });

  it("Eagle Eyed: Watch, attacks beyond 20 m, non-attack vision tests", () => {
    const ee = { eagleEyed: 1 };
    expect(keysOf({ action: "watch" }, ee)).toEqual(["eagleEyed"]);
    expect(keysOf({ action: "rangedAttack", rangeM: 21 }, ee)).toEqual(["eagleEyed"]);
    expect(keysOf({ action: "rangedAttack", rangeM: 20 }, ee)).toEqual([]);
    expect(keysOf({ tags: ["vision"] }, ee)).toEqual(["eagleEyed"]);
    expect(keysOf({ tags: ["vision"], action: "rangedAttack", rangeM: 10 }, ee)).toEqual([]);
  });

  it("Healthy Immunity and Heightened Metabolism: Survival Rolls; Hollow Leg and Heightened Metabolism: resisting intoxication", () => {
    const abilities = { healthyImmunity: 1, heightenedMetabolism: 2, hollowLeg: 1 };
    expect(keysOf({ action: "survival" }, abilities).sort()).toEqual([
      "healthyImmunity",
      "heightenedMetabolism",
    ]);
    // Heightened Metabolism's dice may stand in for AD in any pool, but only add to Survival Rolls and intoxication.
    const sickened = abilityDiceFor({ tags: ["resistSickened"] }, abilities);
    expect(sickened.filter((c) => c.use === "add").map((c) => c.key)).toEqual(["healthyImmunity"]);
    expect(sickened.find((c) => c.key === "heightenedMetabolism")?.use).toBe("inAdditionOrInPlaceOfAd");
    expect(keysOf({ tags: ["resistIntoxication"] }, abilities).sort()).toEqual([
      "heightenedMetabolism",
      "hollowLeg",
    ]);
  });

  it('Heightened Metabolism: "in addition to or in place of action dice"; EX-bound dice cannot join', () => {
    expect(
      abilityDiceFor({ action: "meleeAttack", fastAction: true }, { heightenedMetabolism: 3 }),
    ).toMatchObject([{ dice: 3, use: "inAdditionOrInPlaceOfAd", bindsUsedDice: true }]);
    const bound = [{ key: "heightenedMetabolism", dice: 3, exBound: 2 }];
    expect(abilityDice(bound, "Heightened Metabolism")).toBe(1);
    expect(abilityDiceFor({ action: "survival" }, bound)).toMatchObject([{ dice: 1, use: "add" }]);
  });

  it("Multitasking: in Fast Action, in place of AD for Maintain a Test or SMR tests", () => {
    expect(abilityDiceFor({ action: "maintain", fastAction: true }, { multitasking: 1 })).toMatchObject([
      { dice: 1, use: "inPlaceOfAd", bindsUsedDice: false },
    ]);
    expect(keysOf({ attributes: ["smr"], fastAction: false }, { multitasking: 1 })).toEqual([]);
    expect(ABILITIES.multitasking.hooks).toContainEqual({
      kind: "ignoreDistraction",
      attribute: "smr",
      outsideFastAction: true,
    });
  });

  it("Jack of All Trades: only when using an unallocated skill", () => {
    expect(keysOf({ unallocatedSkill: true }, { jackOfAllTrades: 2 })).toEqual(["jackOfAllTrades"]);
    expect(keysOf({ unallocatedSkill: false }, { jackOfAllTrades: 2 })).toEqual([]);
  });

  it("Lightning Fists: unarmed attacks and parries; Quick Reflexes: Parry, Use, attacks, PRW fine-motor", () => {
    const abilities = { lightningFists: 2, quickReflexes: 1 };
    expect(keysOf({ action: "meleeAttack", tags: ["unarmed"] }, abilities)).toEqual([
      "lightningFists",
      "quickReflexes",
    ]);
    expect(keysOf({ action: "parry", tags: ["unarmed"] }, abilities)).toEqual([
      "lightningFists",
      "quickReflexes",
    ]);
    expect(keysOf({ action: "meleeAttack" }, abilities)).toEqual(["quickReflexes"]);
    expect(keysOf({ attributes: ["prw"], tags: ["fineMotor"] }, abilities)).toEqual(["quickReflexes"]);
    expect(keysOf({ action: "dodge" }, abilities)).toEqual([]);
  });

  it('a riposte is a counter-attack ("chaining a fast counter-attack known as a riposte"): Quick Reflexes "(including attacks)" and Lightning Fists "unarmed attacks" add to it', () => {
    const abilities = { lightningFists: 2, quickReflexes: 1 };
    // Quick Reflexes: "Allocated dice may be added to the dice pool for any Parry or Use actions or
    // tests involving PRW for fine-motor tasks (including attacks)."
    expect(keysOf({ action: "riposte" }, { quickReflexes: 1 })).toEqual(["quickReflexes"]);
    // Lightning Fists: "Add any allocated dice to unarmed attacks and parries." A Punch is "Fast Parry(1)".
    expect(keysOf({ action: "riposte", tags: ["unarmed"] }, abilities)).toEqual([
      "lightningFists",
      "quickReflexes",
    ]);
    expect(abilityDiceFor({ action: "riposte", tags: ["unarmed"] }, abilities)).toMatchObject([
      { key: "lightningFists", dice: 2, optional: false },
      { key: "quickReflexes", dice: 1, optional: true },
    ]);
    // The condition logic agrees with the lookup: a riposte is an attack ...
    expect(poolConditionHolds({ kind: "attack" }, { action: "riposte" }, 1)).toBe(true);
    // ... and the conditions' list of attacks is the abilities' list.
    expect([...ATTACK_ACTIONS].sort()).toEqual([...ATTACK_ACTION_IDS].sort());
    // Catlike Grace "does not include attacks or parries": not on a riposte either.
    expect(
      keysOf({ action: "riposte", attributes: ["prw"], tags: ["balance"] }, { catlikeGrace: 1 }),
    ).toEqual([]);
    // Eagle Eyed "any attacks at a range of greater than 20 meters" would count a riposte too.
    expect(keysOf({ action: "riposte", rangeM: 25 }, { eagleEyed: 1 })).toEqual(["eagleEyed"]);
  });

  it("Perfect Pitch, Social Butterfly, Scent Tracking read their tags", () => {
    expect(keysOf({ tags: ["vocalImitation"] }, { perfectPitch: 1 })).toEqual(["perfectPitch"]);
    expect(keysOf({ tags: ["connectedness"] }, { socialButterfly: 1 })).toEqual(["socialButterfly"]);
    // The Dog: "Scent Tracking (4 dice): All dice are added to any attempts to track or distinguish objects by scent."
    expect(abilityDiceFor({ tags: ["scent"] }, { scentTracking: 4 })).toMatchObject([
      { dice: 4, optional: false },
    ]);
  });

  it("Spatial Sensitivity: navigation, volume estimation, indirect attacks and Method of Loci", () => {
    const ss = { spatialSensitivity: 1 };
    expect(keysOf({ tags: ["navigation"] }, ss)).toEqual(["spatialSensitivity"]);
    expect(keysOf({ tags: ["indirectAttack"], action: "rangedAttack" }, ss)).toEqual(["spatialSensitivity"]);
    expect(keysOf({ skills: ["Method of Loci"] }, ss)).toEqual(["spatialSensitivity"]);
    expect(keysOf({ skills: ["Biology"] }, ss)).toEqual([]);
  });

  it("Temporal Sensitivity: timing, Music, Strategy & Tactics, attacks on moving targets beyond 30 m", () => {
    const ts = { temporalSensitivity: 1 };
    expect(keysOf({ skills: ["Strategy & Tactics"] }, ts)).toEqual(["temporalSensitivity"]);
    expect(keysOf({ skills: ["Music"] }, ts)).toEqual(["temporalSensitivity"]);
    expect(keysOf({ tags: ["timeEstimation"] }, ts)).toEqual(["temporalSensitivity"]);
    expect(keysOf({ action: "rangedAttack", tags: ["movingTarget"], rangeM: 31 }, ts)).toEqual([
      "temporalSensitivity",
    ]);
    expect(keysOf({ action: "rangedAttack", tags: ["movingTarget"], rangeM: 30 }, ts)).toEqual([]);
  });

  it("abilities with no dice hook (Sturdy, Pain Tolerance, Tactical Awareness, Uncanny Luck, Adrenaline Rush) join no pool", () => {
    const abilities = {
      sturdy: 2,
      painTolerance: 1,
      tacticalAwareness: 1,
      uncannyLuck: 1,
      adrenalineRush: 1,
    };
    expect(abilityDiceFor({ action: "dodge", attributes: ["prw"], fastAction: true }, abilities)).toEqual([]);
  });

  it("unknown abilities and unallocated ones are ignored", () => {
    expect(abilityDiceFor({ action: "watch" }, { "Channel Power": 3, eagleEyed: 0 })).toEqual([]);
  });

  it("contributions are pool parts for skillPool's `extra`", () => {
    const [part] = abilityDiceFor({ action: "watch" }, [{ key: "eagleEyed", dice: 2, extrinsic: true }]);
    expect(part).toMatchObject({ label: "Eagle Eyed", dice: 2, source: "ability" });
  });

  it("conditions compose", () => {
    expect(poolConditionHolds({ kind: "not", of: { kind: "attack" } }, { action: "watch" }, 1)).toBe(true);
    expect(poolConditionHolds({ kind: "hpAtMostAllocated" }, {}, 1)).toBe(false);
  });
});

describe("ability invariants (property tests)", () => {
  const keys = Object.keys(ABILITIES) as AbilityKey[];
  const context = fc.record(
    {
      action: fc.constantFrom(
        "attack",
        "dodge",
        "parry",
        "rest",
        "survival",
        "watch",
        "maintain",
        "charm",
        "use" as const,
      ),
      attributes: fc.subarray(["smr", "prw", "tuf", "soc"] as const),
      fastAction: fc.boolean(),
      maintenance: fc.boolean(),
      unallocatedSkill: fc.boolean(),
      rangeM: fc.integer({ min: 0, max: 60 }),
      hp: fc.integer({ min: 0, max: 15 }),
    },
    { requiredKeys: [] },
  );

  it("each ability joins a pool at most once, with at most twice its allocated dice, never a negative count", () => {
    fc.assert(
      fc.property(
        context,
        fc.dictionary(fc.constantFrom(...keys), fc.integer({ min: 0, max: 5 })),
        (ctx, abilities) => {
          const out = abilityDiceFor(ctx, abilities);
          const seen = new Set(out.map((c) => c.key));
          return (
            seen.size === out.length &&
            out.every(
              (c) =>
                c.dice > 0 &&
                c.dice <= 2 * (abilities[c.key] ?? 0) &&
                (c.dice === abilities[c.key] || c.exCost === 1),
            )
          );
        },
      ),
    );
  });

  it("the EX-on-injury threshold never falls below TUF", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }), (tuf, pt) => {
        return injuryExThreshold(tuf, { painTolerance: pt }) >= tuf;
      }),
    );
  });
});
