/**
 * Intimacies, the emotional targets and the mulligan (Virtually Real core guidebook, chapter 1:
 * "Intimacies", "Emotional Targets", "Defending An Intimacy", "Taking A Mulligan", "Culture Saves",
 * "Narrative Consequences"). Pure: no Foundry, no globals.
 *
 * An intimacy is something the character values, positive or negative toward one of the four
 * emotional targets: outer (1 die), inner (2) or defining (4). It is worth that many advantage or
 * disadvantage dice, bypasses that many emotional armors, and costs that much light to activate or to
 * pay for a mulligan.
 */
import { accept, assertCount, assertKey, assertRange, refuse, type Checked } from "./char-guards";
import {
  BASIC_INTIMACIES,
  EMOTIONAL_TARGETS,
  INTIMACY_LEVELS,
  type BasicIntimacy,
  type Chakra,
  type EmotionalTarget,
  type IntimacyLevel,
  type Offence,
  type SkillRef,
} from "./character-keys";

/** Dice (and light) by intimacy level: outer 1, inner 2, defining 4. */
export const INTIMACY_DICE: Readonly<Record<IntimacyLevel, number>> = { outer: 1, inner: 2, defining: 4 };

/** An intimacy's dice: outer 1, inner 2, defining 4. */
export function intimacyDice(level: IntimacyLevel): number {
  assertKey(INTIMACY_LEVELS, level, "An intimacy level");
  return INTIMACY_DICE[level];
}

/** The intimacy level worth `dice` dice (1, 2 or 4), or null. */
export function intimacyLevelOf(dice: number): IntimacyLevel | null {
  return INTIMACY_LEVELS.find((level) => INTIMACY_DICE[level] === dice) ?? null;
}

/** One row of the emotional targets: its save, its defensive and aggressive adrenal responses, its chakra. */
export interface EmotionalTargetRow {
  target: EmotionalTarget;
  save: SkillRef;
  defensive: SkillRef;
  aggressive: SkillRef;
  chakra: Chakra;
}

/**
 * The emotional targets: Violence (save Basic Combat Training, defensive Sprint, aggressive Strength,
 * Root), Despair (Faith, Perception, Primal Surge, Sacral), Isolation (Culture - Influence, Deception,
 * Authority, Throat), Guilt (Culture - Integrity, Will, Deception, Heart).
 */
export const EMOTIONAL_TARGET_TABLE: readonly EmotionalTargetRow[] = [
  {
    target: "violence",
    save: "basicCombatTraining",
    defensive: "sprint",
    aggressive: "strength",
    chakra: "root",
  },
  { target: "despair", save: "faith", defensive: "perception", aggressive: "primalSurge", chakra: "sacral" },
  {
    target: "isolation",
    save: "cultureInfluence",
    defensive: "deception",
    aggressive: "authority",
    chakra: "throat",
  },
  { target: "guilt", save: "cultureIntegrity", defensive: "will", aggressive: "deception", chakra: "heart" },
];

/** The row of an emotional target. */
export function emotionalTargetRow(target: EmotionalTarget): EmotionalTargetRow {
  assertKey(EMOTIONAL_TARGETS, target, "An emotional target");
  return EMOTIONAL_TARGET_TABLE.find((row) => row.target === target)!;
}

/**
 * The skills of every emotional target (the save, the defensive and the aggressive response), each
 * once: 11 skills, Deception being both Isolation's defence and Guilt's aggression.
 */
export const EMOTIONAL_SKILLS: readonly SkillRef[] = [
  ...new Set(EMOTIONAL_TARGET_TABLE.flatMap((row) => [row.save, row.defensive, row.aggressive])),
];

/**
 * The intimacies a creature starts with: none below Aura [1]; from Aura [1] the basic ones (native
 * language, culture, home and own offspring inner; others' children and the neighbourhood or village
 * outer); "Those with Aura [2] or higher can have additional intimacies and can change the basic
 * intimacies".
 */
export function startingIntimacies(auraCapacity: number): {
  basic: { key: BasicIntimacy; level: IntimacyLevel }[];
  mayAddAndChange: boolean;
} {
  assertRange(auraCapacity, 0, 5, "An Aura capacity");
  if (auraCapacity < 1) return { basic: [], mayAddAndChange: false };
  return {
    basic: BASIC_INTIMACIES.map((key) => ({
      key,
      level: key === "othersChildren" || key === "neighbourhood" ? "outer" : "inner",
    })),
    mayAddAndChange: auraCapacity >= 2,
  };
}

/**
 * Emotional armors that still stand against someone: "A person listed as an intimacy, even someone you
 * hate, bypasses a number of emotional armors equal to their intimacy level. Someone you really love can
 * ignore 4 armors!"
 */
export function armorsAgainst(armors: number, intimacy: IntimacyLevel | null): number {
  assertCount(armors, "Emotional armors");
  return Math.max(0, armors - (intimacy === null ? 0 : intimacyDice(intimacy)));
}

/** What an activation or a mulligan spends and gives. */
export interface IntimacySpend {
  /** The level used (a lower one when light runs short or the player spends less). */
  level: IntimacyLevel;
  /** Light spent = dice given. */
  light: number;
  dice: number;
  /** "If you have the points and don't spend them, you have to lower your intimacy level." */
  lowersIntimacy: boolean;
}

/**
 * Spending light on an intimacy (defending it, or a mulligan): "The cost in light points is equal to
 * the number of dice of advantage that the intimacy represents; 1, 2, or 4. Higher level intimacies can
 * be activated at lower levels at reduced benefit and cost." "If you choose to activate an inner or
 * defining intimacy, you must use the full 2 or 4 light points if you have them. If you simply don't
 * have enough points, you just get the lower effect. If you have the points and don't spend them, you
 * have to lower your intimacy level."
 *
 * `spendAs` is the level the player chooses (default: the intimacy's own). Refuses `notEnoughLight`
 * with no light for even an outer activation.
 */
export function spendOnIntimacy(
  intimacy: IntimacyLevel,
  light: number,
  spendAs?: IntimacyLevel,
): Checked<IntimacySpend> {
  assertKey(INTIMACY_LEVELS, intimacy, "An intimacy level");
  assertCount(light, "Light");
  const wanted = spendAs ?? intimacy;
  assertKey(INTIMACY_LEVELS, wanted, "An intimacy level");
  const top = Math.min(intimacyDice(intimacy), intimacyDice(wanted));
  const affordable = [...INTIMACY_LEVELS]
    .reverse()
    .find((l) => INTIMACY_DICE[l] <= top && INTIMACY_DICE[l] <= light);
  if (!affordable) return refuse("notEnoughLight", { have: light, need: 1 });
  const dice = INTIMACY_DICE[affordable];
  return accept({
    level: affordable,
    light: dice,
    dice,
    lowersIntimacy: dice < intimacyDice(intimacy) && light >= intimacyDice(intimacy),
  });
}

/** One end-of-chapter change to an intimacy: from a level (null: not listed) to a level (null: removed). */
export interface IntimacyChange {
  from: IntimacyLevel | null;
  to: IntimacyLevel | null;
  /** Declared during a mulligan since the last chapter's end: "You can not remove the intimacy at the next chapter, but you can change it to *inner*." */
  declaredByMulligan?: boolean;
}

/**
 * Whether a change is allowed at the end of a chapter: "You may add/remove outer intimacies from the
 * outer level, or adjust the level of other intimacies up or down by 1 at the end of each chapter."
 * Adding or removing only at outer; other changes one step (outer ↔ inner ↔ defining).
 */
export function intimacyChangeAllowed(change: IntimacyChange): Checked<true> {
  const rank = (level: IntimacyLevel | null) => (level === null ? -1 : INTIMACY_LEVELS.indexOf(level));
  if (change.from !== null) assertKey(INTIMACY_LEVELS, change.from, "An intimacy level");
  if (change.to !== null) assertKey(INTIMACY_LEVELS, change.to, "An intimacy level");
  if (change.declaredByMulligan && change.to === null) return refuse("mulliganIntimacyKept");
  if (Math.abs(rank(change.from) - rank(change.to)) !== 1) return refuse("notAnIntimacyStep");
  return accept(true);
}

/**
 * The trauma save when a positive intimacy dies: "If you list someone as a intimacy with a positive
 * emotional connection, you must make a trauma save (Isolation) for that person's loss"; "The intimacy
 * level would be a penalty to your trauma (Isolation) save if they died": that many disadvantages.
 */
export function intimacyLossSave(level: IntimacyLevel): { target: EmotionalTarget; disadvantage: number } {
  return { target: "isolation", disadvantage: intimacyDice(level) };
}

/**
 * Whether risking yourself for someone earns light: "You do not earn light for protecting someone if
 * they list you as an intimacy", nor "for a scene if you don't accept a surrender".
 */
export function riskEarnsLight(scene: { protectedListsYou: boolean; refusedSurrender: boolean }): boolean {
  return !scene.protectedListsYou && !scene.refusedSurrender;
}

// ---- The mulligan --------------------------------------------------------------------------------

/** What a mulligan needs to know. */
export interface MulliganInput {
  auraCapacity: number;
  /** "Taking a mulligan can only be done once per roll." */
  alreadyTaken: boolean;
  /** One other player agrees that the intimacy fits. */
  agreed: boolean;
  /** The intimacy defended (a new outer one may be declared on the spot). */
  intimacy: IntimacyLevel;
  light: number;
  spendAs?: IntimacyLevel;
}

/**
 * Taking a mulligan on your own roll: Aura [1] or more, once per roll, one other player agrees, the
 * player accepts the GM's side-effect, then pays light equal to the advantage dice the re-roll gets
 * (outer 1, inner 2, defining 4; `spendOnIntimacy`). Refuses `auraTooLow`, `mulliganTaken`,
 * `notAgreed`, `notEnoughLight`.
 */
export function mulligan(input: MulliganInput): Checked<IntimacySpend & { advantage: number }> {
  assertRange(input.auraCapacity, 0, 5, "An Aura capacity");
  if (input.auraCapacity < 1) return refuse("auraTooLow");
  if (input.alreadyTaken) return refuse("mulliganTaken");
  if (!input.agreed) return refuse("notAgreed");
  const spend = spendOnIntimacy(input.intimacy, input.light, input.spendAs);
  return spend.ok ? accept({ ...spend.value, advantage: spend.value.dice }) : spend;
}

/**
 * Forcing an NPC to mulligan: "You use your intimacy to them as the number of dice *and* as the
 * reason. If this is a hated enemy, you are defending your hate, and that hate applies *disadvantages*
 * to the reroll! Giving someone a disadvantage on a mulligan means you take a point of darkness!"
 */
export function forcedMulligan(input: {
  intimacy: IntimacyLevel;
  hated: boolean;
  light: number;
  alreadyTaken: boolean;
  agreed: boolean;
  spendAs?: IntimacyLevel;
}): Checked<IntimacySpend & { advantage: number; disadvantage: number; darkness: number }> {
  if (input.alreadyTaken) return refuse("mulliganTaken");
  if (!input.agreed) return refuse("notAgreed");
  const spend = spendOnIntimacy(input.intimacy, input.light, input.spendAs);
  if (!spend.ok) return spend;
  const dice = spend.value.dice;
  return accept({
    ...spend.value,
    advantage: input.hated ? 0 : dice,
    disadvantage: input.hated ? dice : 0,
    darkness: input.hated ? 1 : 0,
  });
}

// ---- Narrative consequences ----------------------------------------------------------------------

/**
 * The Guilt/Integrity save after breaking a cultural norm: "For capital crimes, this is a critical
 * offense, DL 22. Murder and other serious offenses are DL 16. A major violation such as theft is DL
 * 10, and minor infractions are DL 4." ("Honor intimacies are penalties to the save.")
 */
export const NARRATIVE_CONSEQUENCE_DL: Readonly<Record<Offence, number>> = {
  capital: 22,
  serious: 16,
  major: 10,
  minor: 4,
};
