import { SYSTEM_PATH } from "../../core/constants";
import type { PolyverseRuleset } from "../../core/ruleset";
import { VirtuallyRealCharacterData, VirtuallyRealNpcData } from "./data/actors";
import {
  VirtuallyRealBookData,
  VirtuallyRealEquipmentData,
  VirtuallyRealPassionData,
  VirtuallyRealSkillData,
} from "./data/items";
import { registerVirtuallyRealSettings } from "./base/settings";
import {
  PLAY_TEMPLATE,
  TENSION_TEMPLATE,
  VIRTUALLY_REAL_PLAY_MESSAGE_TYPES,
  VIRTUALLY_REAL_TENSION_MESSAGE_TYPES,
  addAndRollTension,
  addTensionDie,
  askDonation,
  clearTensionPool,
  donateBonusXP,
  endChapter,
  endScene,
  learnOccupation,
  localizeVirtuallyRealStatusEffects,
  placeBonus,
  readBook,
  registerVirtuallyRealPlay,
  rerollUnderlines,
  rollTensionPool,
  storyClock,
  syncVirtuallyRealStatuses,
  tensionPool,
  togglePractice,
  trainSkill,
  trainersFor,
  virtuallyRealSpecialStatusEffects,
  virtuallyRealStatusEffects,
} from "./documents";
import * as rules from "./rules";
import {
  CHECK_CARD_TEMPLATE,
  VIRTUALLY_REAL_CHECK_MESSAGE_TYPES,
  VirtuallyRealRoll,
  checkResultOf,
  opposedResultOf,
  registerVirtuallyRealChecks,
  rollCheck,
  rollDarkness,
  rollEmotionalSave,
  rollOpposed,
  rollSave,
} from "./rolls";
import {
  VIRTUALLY_REAL_SHEET_TEMPLATES,
  VirtuallyRealCharacterSheet,
  VirtuallyRealItemSheet,
} from "./sheets";
import {
  ATTACK_TEMPLATE,
  COMBAT_XP_TEMPLATE,
  VIRTUALLY_REAL_COMBAT,
  VirtuallyRealAttackMessageData,
  VirtuallyRealCombatMessageData,
  clearManeuver,
  maneuverOf,
  readyVirtuallyRealCombat,
  registerVirtuallyRealCombat,
  rollAttack,
} from "./combat";

/** Token bars: hit points (the maximum from the rules), Endurance, Ki and light. */
const LIVING_BARS = { bar: ["hp", "endurance", "ki", "light"], value: ["darkness.points"] };

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
      "virtually-real-character": {
        model: VirtuallyRealCharacterData,
        sheet: VirtuallyRealCharacterSheet,
        trackable: LIVING_BARS,
      },
      "virtually-real-npc": {
        model: VirtuallyRealNpcData,
        sheet: VirtuallyRealCharacterSheet,
        trackable: LIVING_BARS,
      },
    },
    Item: {
      "virtually-real-skill": { model: VirtuallyRealSkillData, sheet: VirtuallyRealItemSheet },
      "virtually-real-passion": { model: VirtuallyRealPassionData, sheet: VirtuallyRealItemSheet },
      "virtually-real-equipment": { model: VirtuallyRealEquipmentData, sheet: VirtuallyRealItemSheet },
      "virtually-real-book": { model: VirtuallyRealBookData, sheet: VirtuallyRealItemSheet },
    },
    ChatMessage: {
      ...VIRTUALLY_REAL_CHECK_MESSAGE_TYPES,
      ...VIRTUALLY_REAL_PLAY_MESSAGE_TYPES,
      ...VIRTUALLY_REAL_TENSION_MESSAGE_TYPES,
      "virtually-real-attack": { model: VirtuallyRealAttackMessageData },
      "virtually-real-combat": { model: VirtuallyRealCombatMessageData },
    },
  },
  rolls: [VirtuallyRealRoll],
  templates: [
    ...VIRTUALLY_REAL_SHEET_TEMPLATES,
    CHECK_CARD_TEMPLATE.slice(SYSTEM_PATH.length + 1),
    PLAY_TEMPLATE,
    TENSION_TEMPLATE,
    ATTACK_TEMPLATE,
    COMBAT_XP_TEMPLATE,
  ],
  packs: ["virtually-real-tables", "virtually-real-rules"],
  registerSettings: registerVirtuallyRealSettings,
  actions: {
    rollCheck,
    rollSave,
    rollOpposed,
    rollEmotionalSave,
    rollDarkness,
    checkResultOf,
    opposedResultOf,
    rollAttack,
    maneuverOf,
    clearManeuver,
    endScene,
    endChapter,
    storyClock,
    placeBonus,
    donateBonusXP,
    askDonation,
    trainSkill,
    trainersFor,
    rerollUnderlines,
    readBook,
    learnOccupation,
    togglePractice,
    syncStatuses: syncVirtuallyRealStatuses,
    tensionPool,
    addTensionDie,
    rollTensionPool,
    addAndRollTension,
    clearTensionPool,
  },
  registerHooks() {
    registerVirtuallyRealChecks();
    registerVirtuallyRealPlay();
    registerVirtuallyRealCombat();
  },
  combat: VIRTUALLY_REAL_COMBAT,
  statusEffects: () => virtuallyRealStatusEffects(),
  hooks: {
    init() {
      Object.assign(CONFIG.specialStatusEffects, virtuallyRealSpecialStatusEffects());
    },
    setup() {
      localizeVirtuallyRealStatusEffects();
    },
    ready() {
      readyVirtuallyRealCombat();
    },
  },
};
