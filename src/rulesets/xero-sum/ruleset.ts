import { SYSTEM_PATH } from "../../core/constants";
import type { PolyverseRuleset } from "../../core/ruleset";
import { XeroSumCharacterData, XeroSumNpcData } from "./data/actors";
import {
  XeroSumEquipmentData,
  XeroSumParadigmData,
  XeroSumProfessionData,
  XeroSumWeaponData,
} from "./data/items";
import { registerXeroSumSettings } from "./base/settings";
import * as rules from "./rules";
import { XERO_SUM_SHEET_TEMPLATES, XeroSumCharacterSheet, XeroSumItemSheet } from "./sheets";
import {
  CHECK_CARD_TEMPLATE,
  XERO_SUM_CHECK_MESSAGE_TYPES,
  XeroSumRoll,
  checkResultOf,
  registerXeroSumChecks,
  rollCheck,
  rollGroupCheck,
  rollOpposed,
  rollPerception,
} from "./rolls";
import {
  TABLE_TEMPLATE,
  XERO_SUM_HEALTH_ACTIONS,
  XERO_SUM_TABLE_MESSAGE_TYPES,
  localizeXeroSumStatusEffects,
  registerXeroSumHealth,
  xeroSumSpecialStatusEffects,
  xeroSumStatusEffects,
} from "./documents";
import {
  ATTACK_TEMPLATE,
  DAMAGE_TEMPLATE,
  ROUND_ROW_TEMPLATE,
  XERO_SUM_COMBAT,
  XeroSumAttackMessageData,
  XeroSumDamageMessageData,
  actionCheck,
  askTheDrop,
  getTheDrop,
  readyXeroSumCombat,
  registerXeroSumCombat,
  rollAttack,
  takeAction,
} from "./combat";

/** Xero Sum Engine SRD 0.06 (no licence stated: mechanics, numbers and names only). */
export const xeroSum: PolyverseRuleset = {
  id: "xero-sum",
  label: "POLYVERSE.Ruleset.xero-sum.Name",
  credit: "POLYVERSE.Ruleset.xero-sum.Credit",
  rules,
  types: {
    Actor: {
      "xero-sum-character": { model: XeroSumCharacterData, sheet: XeroSumCharacterSheet },
      "xero-sum-npc": { model: XeroSumNpcData, sheet: XeroSumCharacterSheet },
    },
    Item: {
      "xero-sum-weapon": { model: XeroSumWeaponData, sheet: XeroSumItemSheet },
      "xero-sum-equipment": { model: XeroSumEquipmentData, sheet: XeroSumItemSheet },
      "xero-sum-profession": { model: XeroSumProfessionData, sheet: XeroSumItemSheet },
      "xero-sum-paradigm": { model: XeroSumParadigmData, sheet: XeroSumItemSheet },
    },
    ChatMessage: {
      ...XERO_SUM_TABLE_MESSAGE_TYPES,
      ...XERO_SUM_CHECK_MESSAGE_TYPES,
      "xero-sum-attack": { model: XeroSumAttackMessageData },
      "xero-sum-damage": { model: XeroSumDamageMessageData },
    },
  },
  rolls: [XeroSumRoll],
  actions: {
    ...XERO_SUM_HEALTH_ACTIONS,
    rollCheck,
    rollPerception,
    rollOpposed,
    rollGroupCheck,
    checkResultOf,
    rollAttack,
    getTheDrop,
    askTheDrop,
    takeAction,
    actionCheck,
  },
  templates: [
    CHECK_CARD_TEMPLATE.slice(SYSTEM_PATH.length + 1),
    TABLE_TEMPLATE,
    ...XERO_SUM_SHEET_TEMPLATES,
    ATTACK_TEMPLATE,
    DAMAGE_TEMPLATE,
    ROUND_ROW_TEMPLATE,
  ],
  packs: [
    "xero-sum-weapons",
    "xero-sum-equipment",
    "xero-sum-professions",
    "xero-sum-tables",
    "xero-sum-rules",
  ],
  registerSettings: registerXeroSumSettings,
  registerHooks() {
    registerXeroSumChecks();
    registerXeroSumHealth();
    registerXeroSumCombat();
  },
  combat: XERO_SUM_COMBAT,
  statusEffects: () => xeroSumStatusEffects(),
  hooks: {
    init() {
      Object.assign(CONFIG.specialStatusEffects, xeroSumSpecialStatusEffects());
    },
    setup() {
      localizeXeroSumStatusEffects();
    },
    ready() {
      readyXeroSumCombat();
    },
  },
};
