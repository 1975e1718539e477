import type { PolyverseRuleset } from "../../core/ruleset";
import { VERSES_LEGACY_FLAGS } from "./base/flags";
import {
  localizeVersesStatusEffects,
  registerVersesConditionHooks,
  versesSpecialStatusEffects,
  versesStatusEffects,
} from "./documents/conditions";
import { VersesCharacterData, VersesCreatureData, VersesSocietyData, VersesVehicleData } from "./data/actors";
import {
  VersesAbilityData,
  VersesAmmunitionData,
  VersesArmourData,
  VersesGearData,
  VersesSkillData,
  VersesSpeciesData,
  VersesWeaponData,
} from "./data/items";
import { VERSES_MESSAGE_TYPES } from "./data/messages";
import { VERSES_SCHEMA_VERSION, migrateVerses } from "./data/migrations";
import { registerVersesDocumentHooks } from "./documents/documents";
import { registerChangePolicy } from "../../core/changes";
import { VERSES_CHANGE_POLICY } from "./base/change-policy";
import { COMBAT_ACTIONS, COMBAT_TEMPLATES, VERSES_COMBAT, registerVersesCombatHooks } from "./combat";
import { loadVersesSkillCatalog } from "./rolls/skill-catalog";
import { rollAttribute, rollSkill, rollWeapon } from "./actions/actions";
import * as attack from "./attack/foundry";
import * as special from "./rolls/special-foundry";
import { VersesRoll } from "./rolls/verses-roll";
import { registerLuckChatAction, uncannyLuckReroll } from "./rolls/luck";
import * as rules from "./rules";
import { registerVersesSettings } from "./base/settings";
import { ACTOR_SHEET_TEMPLATES, VersesCharacterSheet } from "./sheets/actor-sheet";
import { VERSES_SHEET_TEMPLATES, VersesItemSheet } from "./sheets/item-sheet";
import { VersesSocietySheet } from "./sheets/society-sheet";
import { VersesVehicleSheet } from "./sheets/vehicle-sheet";

/** HP and the AD still available are token bars; both are { value, max }. */
const LIVING_BARS = { bar: ["hp", "ad"], value: [] };

/** The flagship ruleset: 'Verses Core 0.8.5 by K. N. Brindle (CC BY 4.0). */
export const verses: PolyverseRuleset = {
  id: "verses",
  label: "POLYVERSE.Ruleset.verses.Name",
  credit: "POLYVERSE.Ruleset.verses.Credit",
  rules,
  actions: {
    rollAttribute,
    rollSkill,
    rollWeapon,
    defend: attack.defend,
    riposte: attack.riposte,
    chain: attack.chain,
    continueHold: attack.continueHold,
    reload: attack.reload,
    attackCardOp: attack.cardOp,
    maintainAfterHit: attack.maintainAfterHit,
    coverOf: attack.coverOf,
    setCover: attack.setCover,
    rollRest: special.rollRest,
    rollConnectedness: special.rollConnectedness,
    rollInfluence: special.rollInfluence,
    startContinuous: special.startContinuous,
    maintainContinuous: special.maintainContinuous,
    endContinuous: special.endContinuous,
    continuousTests: special.continuousTests,
    stabilise: special.stabilise,
    heal: special.heal,
    continueHealing: special.continueHealing,
    awaken: special.awaken,
    rollSurvival: special.rollSurvival,
    rollLockPicking: special.rollLockPicking,
    trainAnimal: special.trainAnimal,
    trainingCourses: special.trainingCourses,
    commandAnimal: special.commandAnimal,
    uncannyLuck: uncannyLuckReroll,
    rollSocialResponse: special.rollSocialResponse,
    askSocialResponse: special.askSocialResponse,
    // The same tests with their dialog first (what the sheet's Tests panel opens).
    askRest: special.askRest,
    askLockPicking: special.askLockPicking,
    askTrainAnimal: special.askTrainAnimal,
    askCommandAnimal: special.askCommandAnimal,
    askConnectedness: special.askConnectedness,
    askInfluence: special.askInfluence,
    askStartContinuous: special.askStartContinuous,
    askMaintain: special.askMaintain,
    askStabilise: special.askStabilise,
    askHeal: special.askHeal,
    askContinueHealing: special.askContinueHealing,
    askAwaken: special.askAwaken,
    askSurvival: special.askSurvival,
    ...COMBAT_ACTIONS,
  },
  types: {
    Actor: {
      "verses-character": { model: VersesCharacterData, sheet: VersesCharacterSheet, trackable: LIVING_BARS },
      "verses-creature": { model: VersesCreatureData, sheet: VersesCharacterSheet, trackable: LIVING_BARS },
      "verses-vehicle": {
        model: VersesVehicleData,
        sheet: VersesVehicleSheet,
        trackable: { bar: ["hp"], value: [] },
      },
      "verses-society": { model: VersesSocietyData, sheet: VersesSocietySheet },
    },
    Item: {
      "verses-skill": { model: VersesSkillData, sheet: VersesItemSheet },
      "verses-ability": { model: VersesAbilityData, sheet: VersesItemSheet },
      "verses-weapon": { model: VersesWeaponData, sheet: VersesItemSheet },
      "verses-armour": { model: VersesArmourData, sheet: VersesItemSheet },
      "verses-ammunition": { model: VersesAmmunitionData, sheet: VersesItemSheet },
      "verses-gear": { model: VersesGearData, sheet: VersesItemSheet },
      "verses-species": { model: VersesSpeciesData, sheet: VersesItemSheet },
    },
    ChatMessage: VERSES_MESSAGE_TYPES,
  },
  packs: [
    "verses-skills",
    "verses-abilities",
    "verses-species",
    "verses-weapons",
    "verses-ammunition",
    "verses-armour",
    "verses-items",
    "verses-creatures",
    "verses-vehicles",
    "verses-intoxication",
    "verses-tables",
    "verses-rules",
    "verses-macros",
  ],
  rolls: [VersesRoll],
  legacyFlags: VERSES_LEGACY_FLAGS,
  migrate: migrateVerses,
  schemaVersion: VERSES_SCHEMA_VERSION,
  statusEffects: () => versesStatusEffects(),
  combat: VERSES_COMBAT,
  templates: [
    "templates/verses/chat/pool-roll.hbs",
    ...attack.ATTACK_TEMPLATES,
    ...special.SPECIAL_TEMPLATES,
    ...COMBAT_TEMPLATES,
    ...ACTOR_SHEET_TEMPLATES.map((t) => t.replace(/^systems\/polyverse\//, "")),
    ...VERSES_SHEET_TEMPLATES.map((t) => t.replace(/^systems\/polyverse\//, "")),
  ],
  registerSettings: registerVersesSettings,
  registerHooks() {
    registerChangePolicy("verses", VERSES_CHANGE_POLICY);
    special.registerSpecialChatActions();
    special.registerTrainingActions();
    registerLuckChatAction();
    attack.registerAttackCards();
    registerVersesDocumentHooks();
    registerVersesConditionHooks();
    registerVersesCombatHooks();
  },
  hooks: {
    init() {
      Object.assign(CONFIG.specialStatusEffects, versesSpecialStatusEffects());
    },
    setup() {
      localizeVersesStatusEffects();
    },
    ready() {
      void loadVersesSkillCatalog();
    },
  },
};
