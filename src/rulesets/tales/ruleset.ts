import { SYSTEM_PATH } from "../../core/constants";
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
import {
  TALES_MESSAGE_TYPES,
  TEST_CARD_TEMPLATE,
  TalesRoll,
  registerTestCards,
  rollConnection,
  rollTest,
  rollTimeCommitment,
} from "./rolls";
import * as rules from "./rules";
import { TALES_SHEET_TEMPLATES, TalesCharacterSheet, TalesItemSheet, setTalesRollHandlers } from "./sheets";
import { weaponSystem } from "./data/systems";

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
    ChatMessage: TALES_MESSAGE_TYPES,
  },
  rolls: [TalesRoll],
  actions: { rollTest, rollConnection, rollTimeCommitment },
  templates: [TEST_CARD_TEMPLATE.slice(SYSTEM_PATH.length + 1), ...TALES_SHEET_TEMPLATES],
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
  registerSettings: registerTalesSettings,
  registerHooks() {
    registerTestCards();
    setTalesRollHandlers({
      test: (actor, traits, options) => rollTest(actor, { ...traits, event: options?.event }),
      connection: (actor, { key }, options) => rollConnection(actor, { key, event: options?.event }),
      // A weapon's attack as a test with its attribute, skill, modifier and Clumsy, until the combat
      // glue's attack (defences, damage) lands.
      attack: (actor, item, options) => {
        const weapon = weaponSystem(item);
        return rollTest(actor, {
          attribute: weapon.attribute,
          skill: weapon.skill,
          modifier: weapon.modifier,
          clumsy: weapon.traits.clumsy,
          event: options?.event,
        });
      },
    });
  },
};
