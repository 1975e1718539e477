import type { PolyverseRuleset } from "../../core/ruleset";
import { MaelstromCharacterData, MaelstromNpcData } from "./data/actors";
import {
  MaelstromAbilityData,
  MaelstromArmorData,
  MaelstromFlawData,
  MaelstromMeritData,
  MaelstromSpecialtyData,
  MaelstromWeaponData,
} from "./data/items";
import { registerMaelstromSettings } from "./base/settings";
import * as rules from "./rules";
import { MAELSTROM_SHEET_TEMPLATES, MaelstromCharacterSheet, MaelstromItemSheet } from "./sheets";

/** Maelstrom, by James Tanner (MIT-licensed repository; the rules text states no licence of its own). */
export const maelstrom: PolyverseRuleset = {
  id: "maelstrom",
  label: "POLYVERSE.Ruleset.maelstrom.Name",
  credit: "POLYVERSE.Ruleset.maelstrom.Credit",
  rules,
  types: {
    Actor: {
      "maelstrom-character": { model: MaelstromCharacterData, sheet: MaelstromCharacterSheet },
      "maelstrom-npc": { model: MaelstromNpcData, sheet: MaelstromCharacterSheet },
    },
    Item: {
      "maelstrom-specialty": { model: MaelstromSpecialtyData, sheet: MaelstromItemSheet },
      "maelstrom-merit": { model: MaelstromMeritData, sheet: MaelstromItemSheet },
      "maelstrom-flaw": { model: MaelstromFlawData, sheet: MaelstromItemSheet },
      "maelstrom-weapon": { model: MaelstromWeaponData, sheet: MaelstromItemSheet },
      "maelstrom-armor": { model: MaelstromArmorData, sheet: MaelstromItemSheet },
      "maelstrom-ability": { model: MaelstromAbilityData, sheet: MaelstromItemSheet },
    },
  },
  packs: [
    "maelstrom-abilities",
    "maelstrom-specialties",
    "maelstrom-merits",
    "maelstrom-flaws",
    "maelstrom-weapons",
    "maelstrom-rules",
  ],
  templates: [...MAELSTROM_SHEET_TEMPLATES],
  registerSettings: registerMaelstromSettings,
};
