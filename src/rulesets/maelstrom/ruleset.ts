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
  rollAttack,
} from "./combat";
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
    ChatMessage: {
      ...MAELSTROM_MESSAGE_TYPES,
      "maelstrom-attack": { model: MaelstromAttackMessageData },
    },
  },
  rolls: [MaelstromRoll],
  actions: { rollTraits, rollWillpower, rollSoak, rollAttack, attackCardOp, reload, rally },
  templates: [ROLL_CARD_TEMPLATE.slice(SYSTEM_PATH.length + 1), ATTACK_TEMPLATE],
  registerSettings: registerMaelstromSettings,
  statusEffects: () => maelstromStatusEffects(),
  combat: MAELSTROM_COMBAT,
  registerHooks() {
    registerRollCards();
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
