import type { PolyverseRuleset } from "../../core/ruleset";
import { TalesCharacterData, TalesNpcData } from "./data/actors";
import {
  TalesAdvantageData,
  TalesArmourData,
  TalesDisadvantageData,
  TalesGearData,
  TalesSanctuaryData,
  TalesSkillData,
  TalesTemplateData,
  TalesTextData,
  TalesWeaponData,
} from "./data/items";
import { registerTalesSettings } from "./base/settings";
import * as rules from "./rules";
import { TALES_SHEET_TEMPLATES, TalesCharacterSheet, TalesItemSheet } from "./sheets";

/** Tales Core Rules 0.5 by Michael Wenman (no licence stated: mechanics, numbers and names only). */
export const tales: PolyverseRuleset = {
  id: "tales",
  label: "POLYVERSE.Ruleset.tales.Name",
  credit: "POLYVERSE.Ruleset.tales.Credit",
  rules,
  types: {
    Actor: {
      "tales-character": { model: TalesCharacterData, sheet: TalesCharacterSheet },
      "tales-npc": { model: TalesNpcData, sheet: TalesCharacterSheet },
    },
    Item: {
      "tales-skill": { model: TalesSkillData, sheet: TalesItemSheet },
      "tales-advantage": { model: TalesAdvantageData, sheet: TalesItemSheet },
      "tales-disadvantage": { model: TalesDisadvantageData, sheet: TalesItemSheet },
      "tales-template": { model: TalesTemplateData, sheet: TalesItemSheet },
      "tales-weapon": { model: TalesWeaponData, sheet: TalesItemSheet },
      "tales-armour": { model: TalesArmourData, sheet: TalesItemSheet },
      "tales-gear": { model: TalesGearData, sheet: TalesItemSheet },
      "tales-text": { model: TalesTextData, sheet: TalesItemSheet },
      "tales-sanctuary": { model: TalesSanctuaryData, sheet: TalesItemSheet },
    },
  },
  packs: [
    "tales-skills",
    "tales-advantages",
    "tales-disadvantages",
    "tales-templates",
    "tales-weapons",
    "tales-armour",
    "tales-gear",
    "tales-library",
    "tales-sanctuary",
    "tales-rules",
  ],
  templates: [...TALES_SHEET_TEMPLATES],
  registerSettings: registerTalesSettings,
};
