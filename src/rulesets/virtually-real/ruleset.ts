import type { PolyverseRuleset } from "../../core/ruleset";
import { VirtuallyRealCharacterData, VirtuallyRealNpcData } from "./data/actors";
import {
  VirtuallyRealBookData,
  VirtuallyRealEquipmentData,
  VirtuallyRealPassionData,
  VirtuallyRealSkillData,
} from "./data/items";
import { registerVirtuallyRealSettings } from "./base/settings";
import * as rules from "./rules";

/**
 * Virtually Real, chapter 1 (Virtually Real core guidebook, chapter 1; supplements are allowed
 * "providing you do not recreate the material in this book": mechanics and numbers only).
 */
export const virtuallyReal: PolyverseRuleset = {
  id: "virtually-real",
  label: "POLYVERSE.Ruleset.virtually-real.Name",
  credit: "POLYVERSE.Ruleset.virtually-real.Credit",
  rules,
  types: {
    Actor: {
      "virtually-real-character": { model: VirtuallyRealCharacterData },
      "virtually-real-npc": { model: VirtuallyRealNpcData },
    },
    Item: {
      "virtually-real-skill": { model: VirtuallyRealSkillData },
      "virtually-real-passion": { model: VirtuallyRealPassionData },
      "virtually-real-equipment": { model: VirtuallyRealEquipmentData },
      "virtually-real-book": { model: VirtuallyRealBookData },
    },
  },
  registerSettings: registerVirtuallyRealSettings,
};
