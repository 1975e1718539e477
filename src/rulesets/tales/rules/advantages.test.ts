import { describe, expect, it } from "vitest";
import {
  ADVANTAGES,
  DISADVANTAGES,
  absorptionCostChange,
  allowedPoints,
  checkHeldTrait,
  findAdvantage,
  findDisadvantage,
  heldTraitEffects,
  resistModifier,
} from "./advantages";
import { ADVANTAGE_KEYS, DISADVANTAGE_KEYS, PLACEHOLDER_ADVANTAGE_KEYS } from "./traits";

describe("the lists", () => {
  it("29 advantages + 2 placeholders, 31 disadvantages, one definition each", () => {
    expect(ADVANTAGES.map((a) => a.key)).toEqual([...ADVANTAGE_KEYS, ...PLACEHOLDER_ADVANTAGE_KEYS]);
    expect(DISADVANTAGES.map((d) => d.key)).toEqual([...DISADVANTAGE_KEYS]);
    expect(ADVANTAGES.filter((a) => a.placeholder).map((a) => a.key)).toEqual(["beauty", "sanctum"]);
  });
  it("the costs as printed", () => {
    const cost = (k: string) => findAdvantage(k)?.points;
    expect([cost("adaptable"), cost("ambidextrous"), cost("charismatic"), cost("deathdealer")]).toEqual([
      1, 2, 3, 6,
    ]);
    expect([cost("eideticMemory"), cost("lucky"), cost("masterLinguist"), cost("skillExpert")]).toEqual([
      4, 3, 4, 6,
    ]);
    const value = (k: string) => findDisadvantage(k)?.points;
    expect([value("coward"), value("hunted"), value("oblivious"), value("uncoordinated")]).toEqual([
      3, 4, 4, 7,
    ]);
  });
  it("'1+' levelled: Companion, Dream, Enigma, Equipment, Library, Mentor, Sanctuary, Status", () => {
    expect(ADVANTAGES.filter((a) => a.levelled && !a.placeholder).map((a) => a.key)).toEqual([
      "companion",
      "dream",
      "enigma",
      "equipment",
      "library",
      "mentor",
      "sanctuary",
      "status",
    ]);
    expect(DISADVANTAGES.filter((d) => d.levelled).map((d) => d.key)).toEqual([
      "amnesia",
      "cursed",
      "enemies",
      "flashbacks",
      "memorable",
      "timeCommitment",
    ]);
  });
  it("the priced options: Resilient 4/10, Addiction 2/5/8, Criminal Record 2/5, Dead Sense 3/5/7, Dulled Sense 1/2, Phobia 3/6, Savage 2/4", () => {
    const pts = (k: string, kind: "a" | "d") => {
      const def = kind === "a" ? findAdvantage(k) : findDisadvantage(k);
      return def ? allowedPoints(def) : [];
    };
    expect(pts("resilient", "a")).toEqual([4, 10]);
    expect(pts("addiction", "d")).toEqual([2, 5, 8]);
    expect(pts("criminalRecord", "d")).toEqual([2, 5]);
    expect(pts("deadSense", "d")).toEqual([3, 5, 7]);
    expect(pts("dulledSense", "d")).toEqual([1, 2]);
    expect(pts("phobia", "d")).toEqual([3, 6]);
    expect(pts("savage", "d")).toEqual([2, 4]);
    expect(pts("lucky", "a")).toEqual([3]);
    expect(pts("library", "a")).toHaveLength(10);
  });
  it("pools: Dream and Status gate on a 4-6, Enigma", () => {
    expect(findAdvantage("dream")?.effects).toContainEqual({
      type: "pool",
      pool: "dream",
      gate: 4,
      bonus: 1,
    });
    expect(findAdvantage("status")?.effects).toContainEqual({
      type: "pool",
      pool: "status",
      gate: 4,
      bonus: 1,
    });
    expect(findAdvantage("enigma")?.effects).toContainEqual({ type: "pool", pool: "enigma" });
  });
});

describe("held traits", () => {
  it("fixed points must match; levelled any whole level", () => {
    expect(checkHeldTrait({ key: "lucky", level: 3 }, "advantage").ok).toBe(true);
    expect(checkHeldTrait({ key: "lucky", level: 2 }, "advantage")).toMatchObject({
      ok: false,
      reason: "levelNotAllowed",
    });
    expect(checkHeldTrait({ key: "library", level: 4 }, "advantage").ok).toBe(true);
    expect(checkHeldTrait({ key: "library", level: 0 }, "advantage").ok).toBe(false);
    expect(checkHeldTrait({ key: "lucky", level: 3 }, "disadvantage")).toMatchObject({
      ok: false,
      reason: "unknownTrait",
    });
  });
  it("variants: Addiction severe and illegal is 8; 5 alone is ambiguous (#13)", () => {
    expect(checkHeldTrait({ key: "addiction", level: 8, variant: "severeIllegal" }, "disadvantage").ok).toBe(
      true,
    );
    expect(checkHeldTrait({ key: "addiction", level: 8 }, "disadvantage").ok).toBe(true);
    expect(checkHeldTrait({ key: "addiction", level: 5 }, "disadvantage")).toMatchObject({
      reason: "variantMissing",
    });
    expect(checkHeldTrait({ key: "addiction", level: 2, variant: "severe" }, "disadvantage")).toMatchObject({
      reason: "variantPoints",
    });
    expect(checkHeldTrait({ key: "resilient", level: 4, variant: "spirit" }, "advantage")).toMatchObject({
      reason: "variantUnknown",
    });
  });
  it("effects: resisting bonuses, absorption changes", () => {
    const adv = [
      { key: "charismatic", level: 3 },
      { key: "resilient", level: 10, variant: "both" },
      { key: "poisonResistance", level: 1 },
    ];
    const dis = [
      { key: "depressed", level: 2 },
      { key: "frail", level: 3 },
      { key: "susceptible", level: 3 },
    ];
    expect(resistModifier(adv, dis, "social")).toBe(0);
    expect(resistModifier(adv, [], "social")).toBe(1);
    expect(resistModifier([], [{ key: "weak", level: 2 }], "physical")).toBe(-1);
    expect(absorptionCostChange(adv, dis, "hitPoints")).toBe(0);
    expect(absorptionCostChange(adv, [], "hitPoints")).toBe(-1);
    expect(absorptionCostChange(adv, dis, "essence")).toBe(0);
    expect(absorptionCostChange(adv, dis, "essence", true)).toBe(-1);
    expect(heldTraitEffects({ key: "savage", level: 4 }, "disadvantage")).toContainEqual({
      type: "toolBenefit",
      change: "none",
    });
    expect(heldTraitEffects({ key: "nope", level: 1 }, "advantage")).toEqual([]);
  });
});
