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
  TABLE_TEMPLATE,
  XERO_SUM_HEALTH_ACTIONS,
  XERO_SUM_TABLE_MESSAGE_TYPES,
  localizeXeroSumStatusEffects,
  registerXeroSumHealth,
  xeroSumSpecialStatusEffects,
  xeroSumStatusEffects,
} from "./documents";

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
    },
  },
  rolls: [],
  actions: {
    ...XERO_SUM_HEALTH_ACTIONS,
  },
  templates: [TABLE_TEMPLATE, ...XERO_SUM_SHEET_TEMPLATES],
  packs: [
    "xero-sum-weapons",
    "xero-sum-equipment",
    "xero-sum-professions",
    "xero-sum-tables",
    "xero-sum-rules",
  ],
  registerSettings: registerXeroSumSettings,
  registerHooks() {
    registerXeroSumHealth();
  },
  statusEffects: () => xeroSumStatusEffects(),
  hooks: {
    init() {
      Object.assign(CONFIG.specialStatusEffects, xeroSumSpecialStatusEffects());
    },
    setup() {
      localizeXeroSumStatusEffects();
    },
  },
};
