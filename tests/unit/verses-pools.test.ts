import { describe, expect, it } from "vitest";
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import {
  MAX_POOL,
  POOL_CAP_LABEL,
  assemblePool,
  capDice,
  capPoolParts,
  clampBonus,
  poolCapOf,
} from "../../src/rulesets/verses/data/pools";
import { successProbability } from "../../src/rulesets/verses/rules";
import { livingSource, skillSource, speciesSource } from "../lib/verses-sources";

const skill = (name: string, allocated: number, def: Partial<ReturnType<typeof skillSource>>) => ({
  name,
  type: "verses-skill",
  system: skillSource({ skill: name, allocated, ...def }),
});
// "Stellar Navigation ... difficulty: 2 default: Skill Ship Systems"; Ship Systems defaults to SMR.
const shipSystems = (allocated: number) =>
  skill("Ship Systems", allocated, {
    difficulty: 2,
    default: { kind: "attribute", attribute: "smr", ability: "", skill: "", spec: "" },
  });
const stellarNavigation = (allocated: number) =>
  skill("Stellar Navigation", allocated, {
    difficulty: 2,
    default: { kind: "skill", attribute: "smr", ability: "", skill: "Ship Systems", spec: "" },
  });

function pool(
  items: ReturnType<typeof skill>[],
  request: Parameters<typeof assemblePool>[2],
  statuses: string[] = [],
) {
  const source = livingSource();
  const derived = deriveLiving(source, { items, statuses: new Set(statuses), flags: {} });
  return assemblePool(source, derived, request);
}

describe("assembling a 'Verses pool for an actor", () => {
  it("TV-08: Anders' Stellar Navigation 1 > Ship Systems 1 > SMR 2, + 5AD = 9d6 against 2S (86 %)", () => {
    const p = pool([stellarNavigation(1), shipSystems(1)], { skill: "Stellar Navigation", ad: 5 });
    expect(p.usable).toBe(true);
    expect(p.dice).toBe(9);
    expect(p.parts.map((x) => [x.label, x.dice])).toEqual([
      ["Stellar Navigation", 1],
      ["Ship Systems", 1],
      ["POLYVERSE.Verses.Attribute.smr.Abbr", 2],
      ["POLYVERSE.Verses.Pool.AD", 5],
    ]);
    expect(Math.round(successProbability(p.dice, 2) * 100)).toBe(86);
  });

  it("TV-09: Gemma, Stellar Navigation unallocated: Ship Systems 1 + SMR 2 + 5AD - 2 = 6d6 (65 %)", () => {
    const p = pool([stellarNavigation(0), shipSystems(1)], { skill: "Stellar Navigation", ad: 5 });
    expect(p.dice).toBe(6);
    expect(p.parts).toContainEqual({
      label: "POLYVERSE.Verses.Pool.Difficulty",
      dice: -2,
      data: { skill: "Stellar Navigation" },
    });
    expect(Math.round(successProbability(p.dice, 2) * 100)).toBe(65);
  });

  it("TV-15: a skill whose root default is an unallocated ability cannot be used", () => {
    const call = skill("Call", 0, {
      spec: "Flame",
      default: { kind: "ability", attribute: "smr", ability: "Channel Power", skill: "", spec: "" },
    });
    const p = pool([call], { skill: "Call » Flame", ad: 2 });
    expect(p.usable).toBe(false);
    expect(p.reason).toEqual({
      key: "POLYVERSE.Verses.Rules.rootAbilityUnallocated",
      data: { skill: "Call » Flame", ability: "Channel Power" },
    });
  });

  it("Afraid: SMR-related tests lose 2 dice, shown as their own part", () => {
    const p = pool([stellarNavigation(1), shipSystems(1)], { skill: "Stellar Navigation", ad: 5 }, [
      "afraid",
    ]);
    expect(p.dice).toBe(7);
    expect(p.parts).toContainEqual({ label: "POLYVERSE.Verses.Condition.afraid", dice: -2 });
  });

  it("an attribute test: PRW + AD (TV-18 Benny's wrench: PRW 2 + 5AD = 7d6 against 3S, 43 %)", () => {
    const p = pool([], { attribute: "prw", ad: 5 });
    expect(p.dice).toBe(7);
    expect(Math.round(successProbability(p.dice, 3) * 100)).toBe(43);
  });

  it("the Horse's Kick, PRW + TUF + 3AD: both attributes and the AD (PRW 2, TUF 3: 8d6)", () => {
    const source = livingSource({ attributes: { smr: 2, prw: 2, tuf: 3, soc: 2 } });
    const derived = deriveLiving(source, { items: [], statuses: new Set(), flags: {} });
    const p = assemblePool(source, derived, { attributes: ["prw", "tuf"], ad: 3, action: "attack" });
    expect(p.dice).toBe(8);
    expect(p.attributes).toEqual(["prw", "tuf"]);
  });

  it("TV-12: Medicine trained at TEC 4, used in a TEC 5 setting, loses 1 die; off when the world says so", () => {
    const medicine = skill("Medicine", 3, {
      difficulty: 5,
      trainedTec: 4,
      default: { kind: "skill", attribute: "smr", ability: "", skill: "Biology", spec: "" },
    });
    const biology = skill("Biology", 3, { difficulty: 2 });
    const source = livingSource({ attributes: { smr: 3, prw: 2, tuf: 2, soc: 2 } });
    const derived = deriveLiving(source, { items: [medicine, biology], statuses: new Set(), flags: {} });
    const tec5 = assemblePool(source, derived, { skill: "Medicine", ad: 5, contextTec: 5 });
    expect(tec5.parts).toContainEqual({ label: "POLYVERSE.Verses.Pool.TecDifference", dice: -1 });
    expect(tec5.dice).toBe(13); // Medicine 3 + Biology 3 + SMR 3 + 5AD - 1 (the medkit's die is Harry's tool)
    const off = assemblePool(source, derived, { skill: "Medicine", ad: 5, contextTec: 5 }, [], {
      tecDifferential: false,
    });
    expect(off.dice).toBe(14);
  });

  it("a compendium catalog resolves a default chain through a skill the actor does not own (TV-09)", () => {
    const source = livingSource();
    const derived = deriveLiving(source, { items: [stellarNavigation(0)], statuses: new Set(), flags: {} });
    const catalog = [
      {
        skill: "Ship Systems",
        difficulty: 2,
        default: { kind: "attribute" as const, attribute: "smr" as const },
        prerequisites: [],
        repeatable: false,
        tec: "general" as const,
      },
    ];
    // Neither skill allocated: SMR 2 + 5AD - 2 (Stellar Navigation) - 2 (Ship Systems) = 3d6, Padma's TV-10.
    expect(assemblePool(source, derived, { skill: "Stellar Navigation", ad: 5 }, catalog).dice).toBe(3);
  });

  it("a pool reduced below nothing rolls 0 dice", () => {
    const p = pool([], { attribute: "smr", ad: 0 }, ["stunned", "afraid"]);
    expect(p.dice).toBe(0);
  });
});

describe("armour without its skill in a pool", () => {
  it("TV-C16: Mail without Armor » Medium: a PRW-rooted skill (Athletics) loses 2 dice; an SMR test does not", () => {
    const mail = {
      name: "Mail",
      type: "verses-armour",
      system: { class: "medium", prwPenalty: 0, worn: true, weight: 0, quantity: 1, carried: true },
    };
    const athletics = skill("Athletics", 1, {
      difficulty: 1,
      default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
    });
    const items = [athletics, mail] as ReturnType<typeof skill>[];
    const p = pool(items, { skill: "Athletics", ad: 2 });
    expect(p.parts).toContainEqual({ label: "POLYVERSE.Verses.Pool.UnskilledArmour", dice: -2 });
    expect(p.dice).toBe(1 + 2 + 2 - 2);
    expect(pool(items, { attribute: "smr" }).parts.map((x) => x.label)).not.toContain(
      "POLYVERSE.Verses.Pool.UnskilledArmour",
    );
  });
});

describe("the world's largest pool (setting maxPool)", () => {
  const sum = (parts: readonly { dice: number }[]) => parts.reduce((n, p) => n + p.dice, 0);
  const bonus = (dice: number) => [{ label: "POLYVERSE.Verses.Pool.Bonus", dice }];

  it("a bonus of 200,000 dice is cut to the default 100, by a last part that says so", () => {
    const p = pool([], { attribute: "prw", ad: 2, extra: bonus(200_000) });
    expect(MAX_POOL.default).toBe(100);
    expect(p.dice).toBe(100);
    expect(p.capped).toEqual({ from: 200_004, max: 100 });
    expect(p.parts.at(-1)).toEqual({ label: POOL_CAP_LABEL, dice: 100 - 200_004, data: { max: "100" } });
    // The parts still add up to the dice rolled.
    expect(sum(p.parts)).toBe(p.dice);
  });

  it("the cap is the world's: a GM's 40 cuts at 40; a pool within it is untouched and not marked", () => {
    expect(pool([], { attribute: "prw", extra: bonus(60), maxPool: 40 }).dice).toBe(40);
    const small = pool([], { attribute: "prw", ad: 5, maxPool: 40 });
    expect(small.dice).toBe(7);
    expect(small.capped).toBeUndefined();
    expect(small.parts.map((x) => x.label)).not.toContain(POOL_CAP_LABEL);
  });

  it("Active-Effect dice, AD and a skill's pool are cut alike", () => {
    const source = livingSource({
      modifiers: {
        ad: 0,
        hp: 0,
        attributes: { smr: 0, prw: 0, tuf: 0, soc: 0 },
        dice: { smr: 0, prw: 0, tuf: 0, soc: 0, all: 1_000_000 },
      },
    });
    const derived = deriveLiving(source, { items: [shipSystems(1)], statuses: new Set(), flags: {} });
    expect(assemblePool(source, derived, { skill: "Ship Systems" }).dice).toBe(100);
    expect(pool([], { attribute: "smr", ad: 5000 }).dice).toBe(100);
    // Dice that are not numbers (hand-edited data) count nothing instead of making the pool NaN.
    const odd = pool([], { attribute: "smr", extra: [{ label: "x", dice: Number.NaN }] });
    expect(odd.dice).toBe(2);
  });

  it("the AD pool from a species formula or an effect is never more than the cap (it is what turn order rolls)", () => {
    const giant = {
      name: "Giant",
      type: "verses-species",
      system: speciesSource({
        derived: { ad: "100000 × PRW", cn: "", hp: "", maxCarry: "", mv: "", sk: "" },
      }),
    };
    const source = livingSource();
    const d = deriveLiving(source, { items: [giant], statuses: new Set(), flags: {} });
    expect(d.derived.ad).toBe(200_000);
    expect(d.adMax).toBe(100);
    expect(d.adCut).toBe(199_900);
    expect(d.adAvailable).toBe(100);
    const gm500 = deriveLiving(source, { items: [giant], statuses: new Set(), flags: {} }, { maxPool: 500 });
    expect(gm500.adMax).toBe(500);
    const effect = livingSource({ modifiers: { ...livingSource().modifiers, ad: 1_000_000 } });
    expect(deriveLiving(effect, { items: [], statuses: new Set(), flags: {} }).adMax).toBe(100);
    // An ordinary human keeps 3 + PRW and nothing is cut.
    const human = deriveLiving(source, { items: [], statuses: new Set(), flags: {} });
    expect([human.adMax, human.adCut]).toEqual([5, 0]);
    // The attribute pools the sheet shows are cut too.
    const dice = livingSource({
      modifiers: { ...livingSource().modifiers, dice: { smr: 0, prw: 0, tuf: 0, soc: 0, all: 9999 } },
    });
    expect(deriveLiving(dice, { items: [], statuses: new Set(), flags: {} }).attributePools.prw).toBe(100);
  });

  it("the cap itself is a whole number from 10 to 1000; anything else stored reads as 100", () => {
    expect([poolCapOf(5), poolCapOf(10), poolCapOf(250.7), poolCapOf(5000)]).toEqual([10, 10, 250, 1000]);
    expect([poolCapOf(Number.NaN), poolCapOf("200"), poolCapOf(null), poolCapOf(Infinity)]).toEqual([
      100, 100, 100, 100,
    ]);
  });

  it("a bonus stays within the cap either way; dice are cut with how many were taken off", () => {
    expect([clampBonus(200_000, 100), clampBonus(-1e12, 100), clampBonus(7.9, 100)]).toEqual([100, -100, 7]);
    expect([clampBonus(Number.NaN, 100), clampBonus("5", 100)]).toEqual([0, 0]);
    expect(capDice(250, 100)).toEqual({ dice: 100, cut: 150 });
    expect(capDice(-3, 100)).toEqual({ dice: 0, cut: 0 });
    expect(capDice(Infinity, 100)).toEqual({ dice: 0, cut: 0 });
  });

  it("cutting parts again changes nothing (the roll cuts what the pool builder already cut)", () => {
    const once = capPoolParts([{ label: "PRW", dice: 2 }, ...bonus(500)], 100);
    expect(once).toMatchObject({ dice: 100, from: 502, cut: 402, max: 100 });
    const twice = capPoolParts(once.parts, 100);
    expect(twice).toEqual(once);
    // Under a higher cap the old cut part gives way to the new one.
    expect(capPoolParts(once.parts, 300)).toMatchObject({ dice: 300, from: 502, cut: 202 });
    // Hostile parts: not numbers, not objects, astronomically large.
    expect(
      capPoolParts([{ label: "x", dice: "9" as never }, null as never, { label: "y", dice: 1e300 }], 100),
    ).toMatchObject({ dice: 100 });
  });
});

describe("skill add-ons in the pool (issue #11)", () => {
  const prwSkill = (name: string, allocated: number, spec = "") =>
    skill(name, allocated, {
      ...(spec ? { spec, repeatable: true } : {}),
      difficulty: 2,
      default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
    });
  const socSkill = (name: string, allocated: number) =>
    skill(name, allocated, {
      difficulty: 2,
      default: { kind: "attribute", attribute: "soc", ability: "", skill: "", spec: "" },
    });
  const worn = (cls: string) => ({
    name: `${cls} armour`,
    type: "verses-armour",
    system: { class: cls, worn: true, prwPenalty: 0, tuf: 1, resistance: "", features: [] },
  });
  const labels = (p: ReturnType<typeof pool>) => p.parts.map((x) => `${x.label} ${x.dice}`);

  it("Dodge: PRW 2 + Athletics 2 + Armor » Light 1 (light armour worn) + 2AD = 7d6; the toggles start on", () => {
    const items = [prwSkill("Athletics", 2), prwSkill("Armor", 1, "Light"), worn("light")];
    const p = pool(items as ReturnType<typeof skill>[], { attribute: "prw", action: "dodge", ad: 2 });
    expect(labels(p)).toEqual([
      "POLYVERSE.Verses.Attribute.prw.Abbr 2",
      "Armor » Light 1",
      "Athletics 2",
      "POLYVERSE.Verses.Pool.AD 2",
    ]);
    expect(p.dice).toBe(7);
    expect(p.addOns.map((a) => [a.key, a.included, a.defaultOn])).toEqual([
      ["addOn:armorLight.dodge", true, true],
      ["addOn:athletics.dodge", true, true],
    ]);
    // "may": the player leaves Athletics out.
    const without = pool(items as ReturnType<typeof skill>[], {
      attribute: "prw",
      action: "dodge",
      ad: 2,
      addOns: ["addOn:armorLight.dodge"],
    });
    expect(without.dice).toBe(5);
    // No light armour worn: no Armor » Light.
    expect(pool([prwSkill("Armor", 1, "Light")], { attribute: "prw", action: "dodge" }).addOns).toEqual([]);
  });

  it("Watch: Stealth & Skulking's skill dice 'to detect covert movement' are offered, and join when chosen", () => {
    const items = [prwSkill("Stealth & Skulking", 2)];
    const p = pool(items, { attribute: "smr", action: "watch", ad: 1 });
    expect(p.dice).toBe(3);
    expect(p.addOns).toEqual([
      {
        key: "addOn:stealthSkulking.watch",
        label: "Stealth & Skulking",
        dice: 4,
        included: false,
        defaultOn: false,
        hint: "POLYVERSE.Verses.AddOn.Situation.covertMovement",
      },
    ]);
    const chosen = pool(items, {
      attribute: "smr",
      action: "watch",
      ad: 1,
      addOns: ["addOn:stealthSkulking.watch"],
    });
    // SMR 2 + Stealth & Skulking 2 + its default PRW 2 + 1AD.
    expect(labels(chosen)).toEqual([
      "POLYVERSE.Verses.Attribute.smr.Abbr 2",
      "Stealth & Skulking 2",
      "POLYVERSE.Verses.Attribute.prw.Abbr 2",
      "POLYVERSE.Verses.Pool.AD 1",
    ]);
    expect(chosen.dice).toBe(7);
  });

  it("Influence: Charm & Persuasion joins a Charm and its resistance; Argument & Debate only the attempt", () => {
    const items = [socSkill("Charm & Persuasion", 2), socSkill("Argument & Debate", 1)];
    const attempt = pool(items, { attribute: "soc", action: "charm" });
    expect(labels(attempt)).toEqual([
      "POLYVERSE.Verses.Attribute.soc.Abbr 2",
      "Argument & Debate 1",
      "Charm & Persuasion 2",
    ]);
    const resist = pool(items, { attribute: "soc", action: "charm", resisting: true });
    expect(labels(resist)).toEqual(["POLYVERSE.Verses.Attribute.soc.Abbr 2", "Charm & Persuasion 2"]);
  });

  it("Marksmanship: at 4AD on a bow attack its allocated dice are added (no toggle); at 3AD not", () => {
    const items = [
      prwSkill("Weapons", 1, "Bows"),
      skill("Marksmanship", 2, {
        difficulty: 3,
        default: { kind: "skill", attribute: "smr", ability: "", skill: "Weapons", spec: "*" },
      }),
    ];
    const at = (ad: number) =>
      pool(items, { skill: "Weapons » Bows", action: "attack", meleeAttack: false, ad });
    expect(labels(at(4))).toContain("Marksmanship 2");
    expect(at(4).dice).toBe(2 + 1 + 2 + 4);
    expect(at(4).addOns).toEqual([]);
    expect(labels(at(3))).not.toContain("Marksmanship 2");
  });

  it("Navigation: a carried Magnetic Compass adds OL 2 to a Navigation test", () => {
    const items = [
      skill("Navigation", 1, {
        difficulty: 2,
        default: { kind: "attribute", attribute: "smr", ability: "", skill: "", spec: "" },
      }),
      {
        name: "Magnetic Compass",
        type: "verses-gear",
        system: { kind: "tool", ol: 1, toolFor: [], carried: true, quantity: 1, weight: 0 },
      },
    ];
    const p = pool(items as ReturnType<typeof skill>[], { skill: "Navigation", ad: 1 });
    expect(p.parts).toContainEqual({
      label: "POLYVERSE.Verses.AddOn.Tool",
      dice: 2,
      data: { tool: "Magnetic Compass" },
    });
    expect(p.dice).toBe(1 + 2 + 2 + 1);
  });
});
