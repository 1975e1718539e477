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

/** Xero Sum Engine SRD 0.06 (no licence stated: mechanics, numbers and names only). */
export const xeroSum: PolyverseRuleset = {
  id: "xero-sum",
  label: "POLYVERSE.Ruleset.xero-sum.Name",
  credit: "POLYVERSE.Ruleset.xero-sum.Credit",
  rules,
  types: {
    Actor: {
      "xero-sum-character": { model: XeroSumCharacterData },
      "xero-sum-npc": { model: XeroSumNpcData },
    },
    Item: {
      "xero-sum-weapon": { model: XeroSumWeaponData },
      "xero-sum-equipment": { model: XeroSumEquipmentData },
      "xero-sum-profession": { model: XeroSumProfessionData },
      "xero-sum-paradigm": { model: XeroSumParadigmData },
    },
  },
  rolls: [],
  actions: {},
  templates: [],
  packs: [],
  registerSettings: registerXeroSumSettings,
};
