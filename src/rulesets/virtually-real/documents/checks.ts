/**
 * The learning checks this folder rolls, through the rolls folder's `rollCheck` (its dialog, its check
 * card with the dice, the explosion and the mulligan): a Combination check whose two parts, capacity,
 * level and DL the rules work out (learning-logic.ts) and that the check card shows as they are
 * (`extra.check`), and its result as the rolls folder reads it from the card's dice.
 */
import type { AttributeKey, CheckResult } from "../rules";
import type { LearningCheck } from "../rules";
import type { AnyActor, AnyItem, Message } from "./shared";

/** What this folder passes to `rollCheck`. */
interface CheckOptions {
  kind?: "skill" | "attribute" | "save" | "combination" | "strengthFeat";
  skill?: AnyItem | string;
  attribute?: AttributeKey;
  dl?: number;
  advantage?: number;
  disadvantage?: number;
  critMod?: number;
  flavor?: string;
  skipDialog?: boolean;
  event?: Event;
  extra?: Record<string, unknown>;
}

type Rolled = { message: Message; result: CheckResult } | null;

interface RollsApi {
  rollCheck(actor: AnyActor, options: CheckOptions): Promise<Rolled>;
}

function api(): RollsApi {
  const actions = game.polyverse?.rulesets?.["virtually-real"]?.actions as Partial<RollsApi> | undefined;
  if (!actions?.rollCheck) throw new Error("Polyverse | the Virtually Real rolls are not registered");
  return actions as RollsApi;
}

/** What a learning check is for, shown on the check card. */
export interface LearningRoll {
  /** The skill trained or read for (its item), when there is one. */
  skill?: AnyItem;
  attribute?: AttributeKey;
  flavor: string;
  event?: Event;
  /** What the check is (`training`, `underlines`, `reading`, `occupation`), for the card and hooks. */
  purpose: string;
}

/** Roll a learning check: a Combination check with the rules' capacity, level, critical range and DL. */
export async function rollLearningCheck(
  actor: AnyActor,
  check: LearningCheck,
  roll: LearningRoll,
): Promise<Rolled> {
  return api().rollCheck(actor, {
    kind: "combination",
    ...(roll.skill ? { skill: roll.skill } : {}),
    ...(roll.attribute ? { attribute: roll.attribute } : {}),
    dl: check.dl,
    advantage: check.advantage,
    disadvantage: check.disadvantage,
    critMod: check.critMod,
    flavor: roll.flavor,
    ...(roll.event ? { event: roll.event } : {}),
    extra: {
      purpose: roll.purpose,
      check: { capacity: check.capacity, attrCapacity: check.attrCapacity, level: check.level },
    },
  });
}

/** Roll a skill check against a DL (the Integrity save of Bonus XP put into Darkness). */
export async function rollSkillCheck(
  actor: AnyActor,
  skill: AnyItem,
  dl: number,
  roll: { flavor: string; event?: Event; purpose: string; emotionalTarget?: string },
): Promise<Rolled> {
  return api().rollCheck(actor, {
    kind: "skill",
    skill,
    dl,
    flavor: roll.flavor,
    ...(roll.event ? { event: roll.event } : {}),
    extra: {
      purpose: roll.purpose,
      ...(roll.emotionalTarget ? { emotionalTarget: roll.emotionalTarget } : {}),
    },
  });
}
