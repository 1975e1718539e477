import { describe, expect, it } from "vitest";
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import { assemblePool } from "../../src/rulesets/verses/data/pools";
import { successProbability } from "../../src/rulesets/verses/rules";
import { livingSource, skillSource } from "../lib/verses-sources";

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
    expect(p.reason).toMatch(/Channel Power/);
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

  it("a pool reduced below nothing rolls 0 dice", () => {
    const p = pool([], { attribute: "smr", ad: 0 }, ["stunned", "afraid"]);
    expect(p.dice).toBe(0);
  });
});
