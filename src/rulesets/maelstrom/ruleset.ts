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
import {
  MAELSTROM_MESSAGE_TYPES,
  MaelstromRoll,
  ROLL_CARD_TEMPLATE,
  registerRollCards,
  rollSoak,
  rollTraits,
  rollWillpower,
} from "./rolls";
import { SYSTEM_PATH } from "../../core/constants";

/** Maelstrom, by James Tanner (MIT-licensed repository; the rules text states no licence of its own). */
export const maelstrom: PolyverseRuleset = {
  id: "maelstrom",
  label: "POLYVERSE.Ruleset.maelstrom.Name",
  credit: "POLYVERSE.Ruleset.maelstrom.Credit",
  rules,
  types: {
    Actor: {
      "maelstrom-character": { model: MaelstromCharacterData },
      "maelstrom-npc": { model: MaelstromNpcData },
    },
    Item: {
      "maelstrom-specialty": { model: MaelstromSpecialtyData },
      "maelstrom-merit": { model: MaelstromMeritData },
      "maelstrom-flaw": { model: MaelstromFlawData },
      "maelstrom-weapon": { model: MaelstromWeaponData },
      "maelstrom-armor": { model: MaelstromArmorData },
      "maelstrom-ability": { model: MaelstromAbilityData },
    },
    ChatMessage: MAELSTROM_MESSAGE_TYPES,
  },
  packs: [
    "maelstrom-abilities",
    "maelstrom-specialties",
    "maelstrom-merits",
    "maelstrom-flaws",
    "maelstrom-weapons",
    "maelstrom-rules",
  ],
  rolls: [MaelstromRoll],
  actions: { rollTraits, rollWillpower, rollSoak },
  templates: [ROLL_CARD_TEMPLATE.slice(SYSTEM_PATH.length + 1)],
  registerHooks: registerRollCards,
  registerSettings: registerMaelstromSettings,
};
