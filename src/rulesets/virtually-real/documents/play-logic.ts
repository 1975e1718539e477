/**
 * A Virtually Real character or NPC as the end-of-scene and end-of-chapter steps read it, Foundry-free:
 * the stored fields they change, its skills with their marks, and the story flags. The Foundry glue
 * (play.ts) builds it from the documents; the tests build it by hand.
 */
import {
  ATTRIBUTE_KEYS,
  capacityNotation,
  gainXP,
  type AttributeKey,
  type AttributeOptions,
  type EmotionalTarget,
  type WoundBand,
} from "../rules";
import type { StoredCondition } from "../data/living-logic";
import type { ActorStory, SkillProgress } from "./story-logic";

/** A skill as the steps read it. */
export interface PlaySkill {
  id: string;
  name: string;
  capacity: number;
  xp: number;
  attribute: AttributeKey;
  /** A combat skill (weapon, shield, armor, combat style, ki power): combat XP, not the scene's. */
  combat: boolean;
  /** The rule-bound skill it is ("basicCombatTraining" earns by its failures). */
  ref: string;
  usedThisScene: boolean;
  gainedThisChapter: boolean;
  progress: SkillProgress;
  /**
   * Retries of its checks held in `flags.polyverse.virtually-real.retries` (rules `RetryState`s, by
   * check: the +crit of each retry, locked after a critical failure "until the next Chapter").
   */
  retries?: boolean;
}

/** A character or NPC as the steps read it. */
export interface PlayActor {
  uuid: string;
  name: string;
  /** A player character (XP, light and awards); an NPC only heals and calms down. */
  character: boolean;
  attributes: Record<AttributeKey, { capacity: number; score: number }>;
  endurance: { value: number; max: number };
  state: { winded: boolean; tired: boolean };
  adrenaline: { level: number; aggressive: boolean; fear: boolean };
  emotional: Record<EmotionalTarget, { heroic: number }>;
  conditions: readonly StoredCondition[];
  scene: { highestWound: WoundBand; bctFailed: boolean; bctCriticalFailure: boolean };
  light: number;
  darkness: number;
  bonusXP: number;
  story: ActorStory;
  skills: readonly PlaySkill[];
}

/** One skill's XP gained, as a card shows it. */
export interface XPLine {
  skill: string;
  /** `[2]36/4` → `[2]37/5`. */
  from: string;
  to: string;
  /** Why: the scene's use, Basic Combat Training's failure, practice, Bonus XP, a brilliant result. */
  reason: "use" | "bct" | "practice" | "bonus" | "training" | "reading";
}

/** An attribute's score raised by a skill's odd level (or training), as a card shows it. */
export interface AttributeLine {
  attribute: AttributeKey;
  from: number;
  to: number;
}

/** What adding XP to skills did: the item updates, the attribute scores, the card's lines. */
export interface XPGains {
  items: Map<string, Record<string, unknown>>;
  scores: Record<AttributeKey, number>;
  xp: XPLine[];
  attributes: AttributeLine[];
}

export function startGains(actor: Pick<PlayActor, "attributes">): XPGains {
  return {
    items: new Map(),
    scores: Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, actor.attributes[k].score])) as Record<
      AttributeKey,
      number
    >,
    xp: [],
    attributes: [],
  };
}

/** The update of one item within the gains (created on first use). */
export function itemUpdate(gains: XPGains, id: string): Record<string, unknown> {
  let update = gains.items.get(id);
  if (!update) {
    update = {};
    gains.items.set(id, update);
  }
  return update;
}

/**
 * Adds XP to a skill (rules `gainXP`: "Index your new XP total on the EXPERIENCE TABLE", and an odd
 * level above the attribute's raises it), counting from what earlier gains of the same step left.
 */
export function addXP(
  gains: XPGains,
  skill: PlaySkill,
  amount: number,
  reason: XPLine["reason"],
  options: AttributeOptions = {},
): void {
  if (amount <= 0) return;
  const update = itemUpdate(gains, skill.id);
  const xp = typeof update["system.xp"] === "number" ? (update["system.xp"] as number) : skill.xp;
  const score = gains.scores[skill.attribute];
  const gain = gainXP({ capacity: skill.capacity, xp }, amount, score, options);
  update["system.xp"] = gain.xp;
  gains.xp.push({
    skill: skill.name,
    from: capacityNotation({ capacity: skill.capacity, xp }),
    to: capacityNotation({ capacity: skill.capacity, xp: gain.xp }),
    reason,
  });
  if (gain.attributeGain > 0) {
    gains.scores[skill.attribute] = score + gain.attributeGain;
    const line = gains.attributes.find((a) => a.attribute === skill.attribute);
    if (line) line.to = score + gain.attributeGain;
    else gains.attributes.push({ attribute: skill.attribute, from: score, to: score + gain.attributeGain });
  }
}

/** The actor update of the attribute scores the gains raised. */
export function attributeUpdate(gains: XPGains): Record<string, number> {
  return Object.fromEntries(gains.attributes.map((a) => [`system.attributes.${a.attribute}.score`, a.to]));
}
