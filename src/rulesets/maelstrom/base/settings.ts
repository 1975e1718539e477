/**
 * Maelstrom world settings: where the text is silent (its combat chapter is empty, the health
 * track names four of its boxes) each Polyverse default is a setting the GM can change, and the
 * README lists them as Polyverse's readings, not the text's. Keys are `polyverse.maelstrom.<name>`;
 * their types are declared in `settings.d.ts`.
 */
import { rulesetSettings } from "../../../core/ruleset-settings";
import { defaultValues, settingLabelKeysUnder, type SettingTable } from "../../../core/settings-logic";
import { DEFAULT_WOUND_PENALTIES_TEXT, parseWoundPenalties } from "../rules";

/** Where the settings' names, hints and choices are in the language file. */
const LABELS = "POLYVERSE.Maelstrom.Settings";

export type InitiativeMode = "reflexesWits" | "reflexesPerception" | "reflexes";
export type DamageMode = "dicePool" | "fixedLevels";

/** Every Maelstrom setting's value type, by name (the key is `polyverse.maelstrom.<name>`). */
export interface MaelstromSettingValues {
  /**
   * The health track's wound penalties, top box to bottom, the last the Incapacitated box. The text
   * gives the top box (none), box 3 (Hurt, one die), box 4 (Injured, two dice) and the bottom box
   * (none), and draws eight boxes; the others are Polyverse's.
   */
  woundPenalties: string;
  /** Turn order (the text's Initiative section is empty). */
  initiative: InitiativeMode;
  /** The difficulty an attack starts at (the text's Attacking section is empty). */
  attackDifficulty: number;
  /** The difficulty a Willpower roll starts at (the text fixes 8 only for resting and Soft-Hearted). */
  willpowerDifficulty: number;
  /** How a hit's weapon damage and successes become damage levels. */
  damageMode: DamageMode;
  /** Each success past the first adds a damage die (or level). */
  extraSuccessesAddDamage: boolean;
  /** The difficulty added when the storyteller lets a knowledge at zero dots be rolled. */
  knowledgePenalty: number;
}
export type MaelstromSettingName = keyof MaelstromSettingValues;

/** The settings, in the order the configuration dialog lists them. */
export const MAELSTROM_SETTINGS: SettingTable<MaelstromSettingValues> = {
  woundPenalties: {
    type: "text",
    default: DEFAULT_WOUND_PENALTIES_TEXT,
    valid: (text) => parseWoundPenalties(text).ok,
  },
  initiative: {
    type: "choice",
    default: "reflexesWits",
    choices: ["reflexesWits", "reflexesPerception", "reflexes"],
  },
  attackDifficulty: { type: "number", default: 6, range: { min: 2, max: 10, step: 1 } },
  willpowerDifficulty: { type: "number", default: 6, range: { min: 2, max: 10, step: 1 } },
  damageMode: { type: "choice", default: "dicePool", choices: ["dicePool", "fixedLevels"] },
  extraSuccessesAddDamage: { type: "boolean", default: true },
  knowledgePenalty: { type: "number", default: 2, range: { min: 0, max: 5, step: 1 } },
};

/** i18n keys of a setting's name, hint and choice labels. */
export const maelstromSettingLabelKeys = (name: MaelstromSettingName) => settingLabelKeysUnder(LABELS, name);

/** The default of every setting (what an unconfigured world plays). */
export const defaultMaelstromSettings = (): MaelstromSettingValues => defaultValues(MAELSTROM_SETTINGS);

// ---- Foundry ---------------------------------------------------------------------------------

const SETTINGS = rulesetSettings("maelstrom", MAELSTROM_SETTINGS, LABELS);

/** Register the Maelstrom world settings (at init, whatever ruleset the world plays). */
export const registerMaelstromSettings = (): void => SETTINGS.register();

/** One setting's value, typed; its default when unregistered or invalid. */
export const maelstromSetting = <K extends MaelstromSettingName>(name: K): MaelstromSettingValues[K] =>
  SETTINGS.get(name);

/** Every setting's current value. */
export const maelstromSettings = (): MaelstromSettingValues => SETTINGS.values();
