import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  ATTRIBUTE_BOUNDS,
  ATTRIBUTE_LABELS,
  CONDITIONAL_LABELS,
  SKILL_LABELS,
  attributeLabel,
  conditionalLabel,
  effectiveAttributes,
  isLegalAttribute,
  isLegalSkillValue,
  isStarred,
  lastingWoundCheckPenalty,
  lastingWoundTotals,
  legalSkillValues,
  lowerSkill,
  panicThreshold,
  raiseSkill,
  secondaryStats,
  sheetProblems,
  skillAttribute,
  skillFromLevels,
  skillLabel,
  skillLevels,
  skillStart,
  startingAttributes,
  startingSkills,
  type Attributes,
} from "./character";
import { ATTRIBUTE_KEYS, SKILL_KEYS, type LastingWound } from "./keys";

const attrs = (rsn: number, acu: number, phy: number, inf: number, dex: number): Attributes => ({
  rsn,
  acu,
  phy,
  inf,
  dex,
});

describe("Tables 2–4: the labels", () => {
  it("Table 2: −2 Lame .. +4 Human Peak, +5 Animalistic", () => {
    expect(ATTRIBUTE_LABELS).toEqual({
      [-2]: "lame",
      [-1]: "weak",
      0: "average",
      1: "good",
      2: "strong",
      3: "exceptional",
      4: "humanPeak",
      5: "animalistic",
    });
    expect(attributeLabel(6)).toBeNull();
  });
  it("Table 3: −3 Inept, 0 Untrained, +1 Beginner .. +4 Life's Work; −2 and −1 undefined", () => {
    expect(SKILL_LABELS).toEqual({
      [-3]: "inept",
      0: "untrained",
      1: "beginner",
      2: "journeyman",
      3: "professional",
      4: "lifesWork",
    });
    expect(skillLabel(-2)).toBeNull();
    expect(skillLabel(-1)).toBeNull();
  });
  it("Table 4: −5 Doomed To Failure .. +5 Divine Intervention", () => {
    expect(Object.keys(CONDITIONAL_LABELS)).toHaveLength(11);
    expect(conditionalLabel(-5)).toBe("doomedToFailure");
    expect(conditionalLabel(-3)).toBe("catastrophic");
    expect(conditionalLabel(0)).toBe("averageChance");
    expect(conditionalLabel(3)).toBe("best");
    expect(conditionalLabel(5)).toBe("divineIntervention");
    expect(conditionalLabel(6)).toBeNull();
  });
});

describe("attributes", () => {
  it("PCs −2..+4, start 0; NPCs, animals and machines up to +5", () => {
    expect(ATTRIBUTE_BOUNDS).toEqual({ pc: { min: -2, max: 4 }, npc: { min: -2, max: 5 } });
    expect(startingAttributes()).toEqual(attrs(0, 0, 0, 0, 0));
    expect(isLegalAttribute(4)).toBe(true);
    expect(isLegalAttribute(5)).toBe(false);
    expect(isLegalAttribute(5, "npc")).toBe(true);
    expect(isLegalAttribute(-3, "npc")).toBe(false);
    expect(isLegalAttribute(1.5)).toBe(false);
  });
});

describe("skills", () => {
  it("24 skills, 4 starred (Demolitions*, Mechanic*, Psychology*, Tactics*) starting at −3", () => {
    expect(SKILL_KEYS).toHaveLength(24);
    expect(SKILL_KEYS.filter(isStarred)).toEqual(["demolitions", "mechanic", "psychology", "tactics"]);
    const start = startingSkills();
    expect(start.mechanic).toBe(-3);
    expect(start.medicine).toBe(0);
    expect(Object.values(start).filter((v) => v === -3)).toHaveLength(4);
  });
  it("legal values: 0..4, starred −3 or 1..4", () => {
    expect(legalSkillValues("stealth")).toEqual([0, 1, 2, 3, 4]);
    expect(legalSkillValues("tactics")).toEqual([-3, 1, 2, 3, 4]);
    expect(isLegalSkillValue("tactics", 0)).toBe(false);
    expect(isLegalSkillValue("stealth", -3)).toBe(false);
    expect(isLegalSkillValue("stealth", -1)).toBe(false);
    expect(isLegalSkillValue("stealth", 5)).toBe(false);
  });
  it("C14: Psychology* after one level: +1, not −2", () => {
    expect(raiseSkill("psychology", -3)).toBe(1);
    expect(raiseSkill("stealth", 0)).toBe(1);
    expect(raiseSkill("stealth", 4)).toBeNull();
    expect(lowerSkill("psychology", 1)).toBe(-3);
    expect(lowerSkill("psychology", -3)).toBeNull();
    expect(skillLevels("psychology", -3)).toBe(0);
    expect(skillLevels("psychology", 2)).toBe(2);
    expect(skillFromLevels("mechanic", 0)).toBe(-3);
    expect(skillFromLevels("farming", 0)).toBe(0);
    expect(() => skillLevels("psychology", 0)).toThrow(RangeError);
    expect(skillStart("demolitions")).toBe(-3);
  });
  it("raising then lowering a skill comes back; every level reads a legal value", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SKILL_KEYS), fc.integer({ min: 0, max: 3 }), (skill, levels) => {
        const v = skillFromLevels(skill, levels);
        expect(isLegalSkillValue(skill, v)).toBe(true);
        const up = raiseSkill(skill, v);
        expect(up).not.toBeNull();
        expect(lowerSkill(skill, up ?? 0)).toBe(v);
      }),
    );
  });
  it("Table 16's attributes; Barter on Acumen, or Influence (the Skills chapter)", () => {
    expect(skillAttribute("barter")).toBe("acu");
    expect(skillAttribute("barter", { barterAttribute: "inf" })).toBe("inf");
    expect(skillAttribute("tinkerer")).toBe("dex");
    expect(skillAttribute("unarmedCombat")).toBe("phy");
    const counts = Object.fromEntries(ATTRIBUTE_KEYS.map((a) => [a, 0]));
    for (const s of SKILL_KEYS) counts[skillAttribute(s)] = (counts[skillAttribute(s)] ?? 0) + 1;
    expect(counts).toEqual({ rsn: 5, acu: 5, phy: 5, inf: 5, dex: 4 });
  });
  it("sheet problems: out-of-range attributes, illegal skill values, unknown keys", () => {
    expect(sheetProblems({ attributes: attrs(4, 0, 0, 0, -2), skills: startingSkills() })).toEqual([]);
    expect(sheetProblems({ attributes: { phy: 5 } })).toEqual([
      { key: "attributeOutOfRange", data: { key: "phy", value: 5, min: -2, max: 4 } },
    ]);
    expect(sheetProblems({ attributes: { phy: 5 } }, "npc")).toEqual([]);
    expect(sheetProblems({ skills: { mechanic: 0, stealth: -1, cooking: 1 } })).toEqual([
      { key: "skillValue", data: { key: "mechanic", value: 0 } },
      { key: "skillValue", data: { key: "stealth", value: -1 } },
      { key: "unknownKey", data: { kind: "skill", key: "cooking" } },
    ]);
  });
});

describe("Table 5: secondary stats (spec S1–S6)", () => {
  const row = (
    a: Attributes,
    [wp, rp, melee, ranged, init, enc, perc, morality, panic, bp]: number[],
  ): [Attributes, Record<string, number>] => [
    a,
    {
      woundPoints: wp ?? NaN,
      resiliencePoints: rp ?? NaN,
      meleeDefence: melee ?? NaN,
      rangedDefence: ranged ?? NaN,
      initiative: init ?? NaN,
      encumbrance: enc ?? NaN,
      perception: perc ?? NaN,
      morality: morality ?? NaN,
      panicThreshold: panic ?? NaN,
      breakingPoint: bp ?? NaN,
    },
  ];
  const vectors = {
    S1: row(attrs(0, 0, 0, 0, 0), [10, 6, 0, 0, 0, 6, 0, 3, 3, 5]),
    S2: row(attrs(1, 0, 2, -1, 1), [13, 8, 2, 1, 1, 8, 1, 3, 4, 5]),
    S3: row(attrs(0, 2, -1, 1, 3), [12, 5, -1, 3, 5, 5, 2, 3, 2, 5]),
    S4: row(attrs(-2, -2, -2, -2, -2), [6, 4, -2, -2, -4, 4, -4, 3, 2, 5]),
    S5: row(attrs(4, 4, 4, 4, 4), [18, 10, 4, 4, 8, 10, 8, 3, 5, 5]),
    S6: row(attrs(0, 0, 1, 0, 0), [11, 7, 1, 0, 0, 7, 0, 3, 3, 5]),
  };
  for (const [name, [a, expected]] of Object.entries(vectors))
    it(`${name}: RSN ${a.rsn} ACU ${a.acu} PHY ${a.phy} INF ${a.inf} DEX ${a.dex}`, () => {
      expect(secondaryStats(a)).toEqual(expected);
    });
  it("the prose's Defensive Modifiers: Melee = Physicality, Ranged = Dexterity (Table 5's labels are swapped)", () => {
    const s = secondaryStats(attrs(0, 0, 3, 0, -1));
    expect(s.meleeDefence).toBe(3);
    expect(s.rangedDefence).toBe(-1);
  });
  it("bonuses: a backpack's +2 Encumbrance, a perception bonus, ...", () => {
    const s = secondaryStats(attrs(0, 0, 1, 0, 0), {
      bonuses: { encumbrance: 2, perception: 1, initiative: -1, woundPoints: 1, resiliencePoints: 2 },
    });
    expect(s).toMatchObject({
      encumbrance: 9,
      perception: 1,
      initiative: -1,
      woundPoints: 12,
      resiliencePoints: 9,
    });
    expect(s.panicThreshold).toBe(4);
  });
  it("B44: Resilience Points 7 → Panic Threshold 3; never below 0", () => {
    expect(panicThreshold(7)).toBe(3);
    expect(panicThreshold(8)).toBe(4);
    expect(panicThreshold(-1)).toBe(0);
  });
  it("properties: WP = 10 + PHY + DEX, RP = 6 + PHY, threshold = floor(RP / 2) for every legal PC", () => {
    const amod = fc.integer({ min: -2, max: 4 });
    fc.assert(
      fc.property(amod, amod, amod, amod, amod, (rsn, acu, phy, inf, dex) => {
        const s = secondaryStats({ rsn, acu, phy, inf, dex });
        expect(s.woundPoints).toBe(10 + phy + dex);
        expect(s.resiliencePoints).toBe(6 + phy);
        expect(s.panicThreshold).toBe(Math.floor((6 + phy) / 2));
        expect(s.initiative).toBe(acu + dex);
        expect(s.perception).toBe(rsn + acu);
        expect(s.encumbrance).toBe(6 + phy);
      }),
    );
  });
});

describe("Table 11: Lasting Wounds change the character", () => {
  it("B45: Fragile (9) lowers Physicality, and WP, RP, Melee DM and ENC follow", () => {
    const a = attrs(0, 0, 2, 0, 1);
    expect(effectiveAttributes(a, ["fragile"])).toEqual(attrs(0, 0, 1, 0, 1));
    expect(secondaryStats(a, { lastingWounds: ["fragile"] })).toMatchObject({
      woundPoints: 12,
      resiliencePoints: 7,
      meleeDefence: 1,
      encumbrance: 7,
      panicThreshold: 3,
    });
  });
  it("each wound's effect", () => {
    const base = secondaryStats(startingAttributes());
    const with1 = (w: LastingWound) => secondaryStats(startingAttributes(), { lastingWounds: [w] });
    expect(with1("minorBrainInjury").perception).toBe(base.perception - 1);
    expect(with1("lame")).toMatchObject({ woundPoints: 9, rangedDefence: -1, initiative: -1 });
    expect(with1("shaken")).toMatchObject({ resiliencePoints: 5, panicThreshold: 2 });
    expect(with1("weakened").woundPoints).toBe(9);
    expect(with1("hearingLoss")).toMatchObject({ initiative: -1, perception: -1 });
    expect(effectiveAttributes(startingAttributes(), ["scarring"]).inf).toBe(-1);
    expect(with1("skittish").initiative).toBe(-1);
    expect(with1("crippled").perception).toBe(-1);
    expect(effectiveAttributes(startingAttributes(), ["shellShock"]).dex).toBe(-2);
    expect(with1("shellShock")).toMatchObject({ woundPoints: 8, rangedDefence: -2, initiative: -2 });
  });
  it("Lost Eye: −1 on checks using Dexterity, no attribute change", () => {
    expect(effectiveAttributes(startingAttributes(), ["lostEye"])).toEqual(startingAttributes());
    expect(lastingWoundCheckPenalty(["lostEye"], "dex")).toBe(-1);
    expect(lastingWoundCheckPenalty(["lostEye"], "phy")).toBe(0);
    expect(secondaryStats(startingAttributes(), { lastingWounds: ["lostEye"] })).toEqual(
      secondaryStats(startingAttributes()),
    );
  });
  it("a wound taken twice counts twice; attributes are not held at −2", () => {
    const t = lastingWoundTotals(["lame", "lame", "weakened"]);
    expect(t.attributes.dex).toBe(-2);
    expect(t.woundPoints).toBe(-1);
    expect(effectiveAttributes(attrs(0, 0, 0, 0, -2), ["shellShock"]).dex).toBe(-4);
  });
});
