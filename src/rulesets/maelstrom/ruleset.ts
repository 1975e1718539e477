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
  localizeMaelstromStatusEffects,
  maelstromSpecialStatusEffects,
  maelstromStatusEffects,
  registerMaelstromConditionHooks,
} from "./documents/conditions";
import {
  ATTACK_TEMPLATE,
  MAELSTROM_COMBAT,
  MaelstromAttackMessageData,
  attackCardOp,
  rally,
  registerAttackCard,
  registerRallyRequests,
  reload,
  registerMaelstromTurnHooks,
} from "./combat";

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
    ChatMessage: {
      "maelstrom-attack": { model: MaelstromAttackMessageData },
    },
  },
  actions: {
    attackCardOp,
    reload,
    rally,
  },
  templates: [ATTACK_TEMPLATE],
  registerSettings: registerMaelstromSettings,
  statusEffects: () => maelstromStatusEffects(),
  combat: MAELSTROM_COMBAT,
  registerHooks() {
    registerMaelstromConditionHooks();
    registerMaelstromTurnHooks();
    registerAttackCard();
    registerRallyRequests();
  },
  hooks: {
    init() {
      Object.assign(CONFIG.specialStatusEffects, maelstromSpecialStatusEffects());
    },
    setup() {
      localizeMaelstromStatusEffects();
    },
  },
};
