/**
 * 'Verses' document flags, in its namespace `flags.polyverse.verses` (core/flags.ts), and the keys
 * it kept directly under `flags.polyverse` before namespaces, which the world migration moves.
 * Foundry-free.
 */
import { deleteFlagPath, flagPath, flagUpdate, rulesetFlagData, rulesetFlags } from "../../../core/flags";
import type { LegacyFlagDocument } from "../../../core/flags";

/** The ruleset id, which names its flag namespace. */
export const VERSES_ID = "verses";

/** 'Verses' flags on a document (`flags.polyverse.verses`), or an empty object. */
export const versesFlags = (doc: { flags?: unknown } | null | undefined): Record<string, unknown> =>
  rulesetFlags(doc, VERSES_ID);

/** The flattened path of a 'Verses' flag (`flags.polyverse.verses.<key>`). */
export const versesFlagPath = (key: string): string => flagPath(VERSES_ID, key);

/** The flattened path deleting a 'Verses' flag (`flags.polyverse.verses.-=<key>`). */
export const versesFlagDelete = (key: string): string => deleteFlagPath(VERSES_ID, key);

/** An update setting several 'Verses' flags. */
export const versesFlagUpdate = (data: Record<string, unknown>): Record<string, unknown> =>
  flagUpdate(VERSES_ID, data);

/** 'Verses' flags as creation data nests them (`{ polyverse: { verses: data } }`). */
export const versesFlagData = (data: Record<string, unknown>): Record<string, unknown> =>
  rulesetFlagData(VERSES_ID, data);

/** The flags 'Verses' kept directly under `flags.polyverse` before namespaces, by document class. */
export const VERSES_LEGACY_FLAGS: Partial<Record<LegacyFlagDocument, readonly string[]>> = {
  Actor: ["conditions", "watching", "continuous", "training", "intoxicationLevel"],
  ActiveEffect: ["condition", "reference", "intoxicationLevel"],
  Combat: ["round"],
  Combatant: ["initiative", "turn", "leftCover", "coverLeft", "round", "watch", "rest", "survival"],
  Token: ["cover", "coverLeft"],
};
