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
  restWillpower,
  rollSoak,
  rollTraits,
  rollWillpower,
} from "./rolls";
import { SYSTEM_PATH } from "../../core/constants";
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
    ChatMessage: {
      ...MAELSTROM_MESSAGE_TYPES,
      "maelstrom-attack": { model: MaelstromAttackMessageData },
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
  rolls: [MaelstromRoll],
  actions: { rollTraits, rollWillpower, rollSoak, restWillpower, rollAttack, attackCardOp, reload, rally },
  templates: [
    ROLL_CARD_TEMPLATE.slice(SYSTEM_PATH.length + 1),
    ATTACK_TEMPLATE,
    ...MAELSTROM_SHEET_TEMPLATES,
  ],
  registerHooks() {
    registerRollCards();
    registerMaelstromConditionHooks();
    registerMaelstromTurnHooks();
    registerAttackCard();
    registerRallyRequests();
  },
  registerSettings: registerMaelstromSettings,
  statusEffects: () => maelstromStatusEffects(),
  combat: MAELSTROM_COMBAT,
  hooks: {
    init() {
      Object.assign(CONFIG.specialStatusEffects, maelstromSpecialStatusEffects());
    },
    setup() {
      localizeMaelstromStatusEffects();
    },
  },
};
