// Maelstrom's data models and derived data: every trait of the text on the sheet, Willpower's and a
// weapon's bounds across fields, and the health track derived from the wound-penalty setting (the
// text's example: "three levels of damage ... 'Hurt' ... one fewer dice", "another level ...
// 'Injured' ... -2 dice", the bottom box "Incapacitated").
import { beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { loadSystemModels, type SystemModel } from "../../scripts/lib/system-models.mjs";
import { maelstromJointProblems } from "../../src/rulesets/maelstrom/data/bounds-logic";
import { deriveLiving, trackPenalties } from "../../src/rulesets/maelstrom/data/living-logic";
import { MAELSTROM_SETTINGS, defaultMaelstromSettings } from "../../src/rulesets/maelstrom/base/settings";
import { validSettingValue } from "../../src/core/settings-logic";

const ROOT = join(import.meta.dirname, "..", "..");
const ATTRIBUTES = ["strength", "precision", "reflexes", "perception", "intelligence", "wits"];
const ABILITIES = [
  ...[
    "alertness",
    "athletics",
    "investigation",
    "melee",
    "performance",
    "stealth",
    "streetwise",
    "technology",
  ],
  ...[
    "artistry",
    "driving",
    "firearms",
    "heavyWeapons",
    "piloting",
    "remoteWeapons",
    "survival",
    "tradecraft",
  ],
  ...["computerScience", "engineering", "humanities", "manufacturing", "medicine", "science", "statecraft"],
  "navigation",
];

describe("the Maelstrom character model", () => {
  let models: Record<string, SystemModel>;
  beforeAll(async () => {
    models = await loadSystemModels(ROOT);
  });

  it("holds the six attributes at 1, the 24 abilities at 0, Willpower 3 and 30 experience", () => {
    for (const type of ["maelstrom-character", "maelstrom-npc"]) {
      const data = models[type]!.cleanData({}) as any;
      expect(Object.keys(data.attributes)).toEqual(ATTRIBUTES);
      expect(Object.values(data.attributes)).toEqual(ATTRIBUTES.map(() => 1));
      expect(Object.keys(data.abilities)).toEqual(ABILITIES);
      expect(Object.values(data.abilities)).toEqual(ABILITIES.map(() => 0));
      expect(data.willpower).toEqual({ max: 3, value: 3, rallied: false });
      expect(data.xp).toMatchObject({ total: 30, available: 30, spent: 0 });
      expect(Object.keys(data.xp.bank.abilities)).toEqual(ABILITIES);
      expect(data.health).toEqual({ bashing: 0, lethal: 0, aggravated: 0, dead: false });
    }
  });

  it("refuses dots outside 0..5 and Willpower outside 1..10, with the field named", () => {
    const model = models["maelstrom-character"]!;
    const good = model.cleanData({}) as any;
    expect(model.schema.validate({ ...good, attributes: { ...good.attributes, wits: 6 } })).toMatch(/wits/);
    expect(model.schema.validate({ ...good, willpower: { max: 11, value: 3, rallied: false } })).toMatch(
      /max/,
    );
    expect(model.schema.validate({ ...good, xp: { ...good.xp, available: -1 } })).toMatch(/available/);
  });

  it("keeps current Willpower at or below the permanent rank, and a weapon's load within its capacity", () => {
    expect(maelstromJointProblems("maelstrom-character", { willpower: { max: 3, value: 3 } })).toEqual([]);
    expect(maelstromJointProblems("maelstrom-npc", { willpower: { max: 3, value: 4 } }).join()).toMatch(
      /never exceed their permanent rank/,
    );
    // Pistol, Light: "17+1".
    const pistol = { capacity: { magazine: 17, chamber: 1 } };
    expect(maelstromJointProblems("maelstrom-weapon", { ...pistol, loaded: 18 })).toEqual([]);
    expect(maelstromJointProblems("maelstrom-weapon", { ...pistol, loaded: 19 }).join()).toMatch(
      /capacity \(18/,
    );
  });
});

describe("derived health", () => {
  const character = (
    health: Partial<{ bashing: number; lethal: number; aggravated: number; dead: boolean }>,
  ) => ({
    health: { bashing: 0, lethal: 0, aggravated: 0, dead: false, ...health },
    willpower: { value: 3, rallied: false },
    attributes: { strength: 2 },
  });
  const derive = (
    health: Parameters<typeof character>[0],
    hugeSize = false,
    woundPenalties = "0,0,1,2,3,4,5,0",
  ) => deriveLiving(character(health), { woundPenalties, hugeSize });

  it("draws the text's example track: [X][/][/][ ][ ][ ][ ][ ]", () => {
    const d = derive({ lethal: 1, bashing: 2 });
    expect(d.health.track.map((b) => b.mark)).toEqual([
      "lethal",
      "bashing",
      "bashing",
      "empty",
      "empty",
      "empty",
      "empty",
      "empty",
    ]);
    expect(d.health.track.map((b) => b.label)).toEqual([
      undefined,
      undefined,
      "hurt",
      "injured",
      undefined,
      undefined,
      undefined,
      "incapacitated",
    ]);
  });

  it("three levels are Hurt (one die fewer), four Injured (two), the bottom box incapacitates", () => {
    expect(derive({ bashing: 3 }).health).toMatchObject({ penalty: 1, label: "hurt", incapacitated: false });
    expect(derive({ lethal: 1, bashing: 3 }).health).toMatchObject({ penalty: 2, label: "injured" });
    expect(derive({ bashing: 8 }).health).toMatchObject({
      total: 8,
      max: 8,
      penalty: 0,
      incapacitated: true,
    });
  });

  it("Huge Size adds a top box with no penalty: Hurt comes a level later", () => {
    const d = derive({ bashing: 3 }, true);
    expect(d.health.max).toBe(9);
    expect(d.health.track[0]!.penalty).toBe(0);
    expect(d.health.track[0]!.label).toBeUndefined();
    expect(d.health.penalty).toBe(0);
    expect(derive({ bashing: 4 }, true).health).toMatchObject({ penalty: 1, label: "hurt" });
  });

  it("a track the setting made shorter draws what fits and keeps the data", () => {
    const d = derive({ lethal: 2, bashing: 3 }, false, "0,1,2,0");
    expect(d.health.track.map((b) => b.mark)).toEqual(["lethal", "lethal", "bashing", "bashing"]);
  });

  it("a setting it cannot read plays the default track", () => {
    expect(trackPenalties("zero, one")).toEqual([0, 0, 1, 2, 3, 4, 5, 0]);
    expect(trackPenalties("0,1,1,3,0")).toEqual([0, 1, 1, 3, 0]);
    expect(validSettingValue(MAELSTROM_SETTINGS.woundPenalties, "0,2,1,0")).toBe(false);
    expect(validSettingValue(MAELSTROM_SETTINGS.woundPenalties, "0,0,1,2,3,4,5,0")).toBe(true);
  });

  it("zero Willpower is broken until a turn out of combat resolves it; lift from Strength", () => {
    const broken = deriveLiving(
      { ...character({}), willpower: { value: 0, rallied: false }, attributes: { strength: 3 } },
      { woundPenalties: "0,0,1,2,3,4,5,0", hugeSize: false },
    );
    expect(broken.willpowerBroken).toBe(true);
    expect(broken.lift).toBe(250);
    const rallied = deriveLiving(
      { ...character({}), willpower: { value: 0, rallied: true } },
      { woundPenalties: "0,0,1,2,3,4,5,0", hugeSize: false },
    );
    expect(rallied.willpowerBroken).toBe(false);
  });

  it("the settings' defaults are the Polyverse readings the README lists", () => {
    expect(defaultMaelstromSettings()).toEqual({
      woundPenalties: "0,0,1,2,3,4,5,0",
      initiative: "reflexesWits",
      attackDifficulty: 6,
      willpowerDifficulty: 6,
      damageMode: "dicePool",
      extraSuccessesAddDamage: true,
      knowledgePenalty: 2,
    });
  });
});
