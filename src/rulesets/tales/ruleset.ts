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
import { TALES_SHEET_TEMPLATES, TalesCharacterSheet, TalesItemSheet } from "./sheets";
import {
  localizeTalesStatusEffects,
  registerTalesConditionHooks,
  talesSpecialStatusEffects,
  talesStatusEffects,
} from "./documents/conditions";
import {
  CARE_TEMPLATE,
  TALES_CARE_MESSAGE_TYPES,
  UPKEEP_TEMPLATE,
  heal,
  holdOn,
  medicalCare,
  newSession,
  registerTalesCare,
  rest,
  stabilise,
} from "./documents";
import {
  ATTACK_TEMPLATE,
  DAMAGE_TEMPLATE,
  TALES_COMBAT,
  TalesAttackMessageData,
  TalesDamageMessageData,
  registerAttackCard,
  registerDamageCard,
  rollAttack,
  registerTalesCombatHooks,
  rollTalesDamage,
  spendActionDice,
} from "./combat";

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
    ChatMessage: {
      ...TALES_MESSAGE_TYPES,
      "tales-damage": { model: TalesDamageMessageData },
      "tales-attack": { model: TalesAttackMessageData },
      ...TALES_CARE_MESSAGE_TYPES,
    },
  },
  rolls: [TalesRoll],
  actions: {
    rollTest,
    rollConnection,
    rollTimeCommitment,
    spendActionDice,
    rollAttack,
    rollDamage: rollTalesDamage,
    stabilise,
    medicalCare,
    holdOn,
    heal,
    rest,
    newSession,
  },
  templates: [
    TEST_CARD_TEMPLATE.slice(SYSTEM_PATH.length + 1),
    DAMAGE_TEMPLATE,
    ATTACK_TEMPLATE,
    CARE_TEMPLATE,
    UPKEEP_TEMPLATE,
    ...TALES_SHEET_TEMPLATES,
  ],
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
    registerTalesConditionHooks();
    registerTalesCombatHooks();
    registerDamageCard();
    registerAttackCard();
    registerTalesCare();
  },
  combat: TALES_COMBAT,
  statusEffects: () => talesStatusEffects(),
  hooks: {
    init() {
      Object.assign(CONFIG.specialStatusEffects, talesSpecialStatusEffects());
    },
    setup() {
      localizeTalesStatusEffects();
    },
  },
};
