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
import {
  MAELSTROM_SHEET_TEMPLATES,
  MaelstromCharacterSheet,
  MaelstromItemSheet,
  setMaelstromRollHandlers,
} from "./sheets";

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
    setMaelstromRollHandlers({
      traits: (actor, { attribute, ability }, options) =>
        rollTraits(actor, { attribute, ability, event: options?.event }),
      willpower: (actor, options) => rollWillpower(actor, { event: options?.event }),
      soak: (actor, { type }, options) => rollSoak(actor, { type, ...(options ?? {}) }),
      // A weapon's attack is the combat helper's: the attack dialog, the card with its targets.
      attack: (actor, item, options) => rollAttack(actor, item, { event: options?.event ?? null }),
      rest: (actor, options) => restWillpower(actor, { event: options?.event ?? null }),
      rally: (actor) => rally(actor),
      reload: (actor, item) => reload(actor, item),
    });
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
