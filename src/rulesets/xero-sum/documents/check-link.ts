/**
 * The one place the documents glue meets the rolls helper's check: `rollCheck(actor, options)` rolls a
 * check and posts its card, `checkOfMessage(message)` reads a check message back for the GM.
 *
 * Until the rolls folder's `rollCheck` lands, this is a stand-in with the same signature: it rolls 2d6
 * (3d6 with the Insight extra die) at once with the modifier the documents give (no dialog), posts the
 * roll as a plain message whose Xero Sum flag names what was rolled, and adds the Insight Die a Moment
 * earns. Switching is this file only.
 */
import { localize } from "../../../core/i18n";
import { rollModeFor } from "../../../core/rolls/post";
import { activeResults } from "../../../core/rolls/roll-logic";
import { classify, type Band, type Moment } from "../rules";
import type { AttributeKey, SkillKey } from "../rules/keys";
import { xeroSumSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { expectedModifier, type CheckRoller, type LinkedCheck } from "./check-link-logic";
import { ID, xeroSumFlag, type AnyActor, type Message } from "./shared";

/** A CMod as the check dialog lists it. */
export interface ConditionalModifier {
  label: string;
  value: number;
}

/** rollCheck's options (the rolls helper's signature). */
export interface RollCheckOptions {
  attribute?: AttributeKey;
  skill?: SkillKey;
  conditional?: ConditionalModifier[];
  kind?: "attribute" | "skill" | "perception";
  flavor?: string;
  insight?: "extraDie" | "plusThree" | null;
  skipDialog?: boolean;
  rollMode?: string;
  event?: Event | null;
}

/** What a rolled check gives back. */
export interface RolledCheck {
  message: Message | null;
  result: { total: number; band: Band; moment: Moment; dice: number[] };
}

/** What the roller's documents say about their checks. */
export function rollerOf(actor: AnyActor): CheckRoller {
  const s = livingSystem(actor);
  return {
    attributes: { ...s.derived.attributes },
    skills: { ...(s.skills as unknown as CheckRoller["skills"]) },
    lastingWounds: [...s.lastingWounds],
  };
}

/** Roll a check for `actor` and post it (stand-in: see the file's comment). */
export async function rollCheck(
  actor: AnyActor,
  options: RollCheckOptions = {},
): Promise<RolledCheck | null> {
  const attribute = options.attribute ?? "rsn";
  const skill = options.skill ?? null;
  const conditional = (options.conditional ?? []).map((c) => c.value);
  const plusThree = options.insight === "plusThree";
  const modifier = expectedModifier(
    rollerOf(actor),
    { attribute, skill },
    { conditional, plusThree, clampConditional: xeroSumSetting("clampConditional") },
  );
  const roll = await new foundry.dice.Roll(options.insight === "extraDie" ? "3d6" : "2d6").evaluate();
  const dice = activeResults(roll.dice).map(Number);
  const result = classify(dice, modifier, { momentOn3d6: xeroSumSetting("momentOn3d6") });
  const check = { attribute, skill, conditional, plusThree, total: result.total, band: result.band };
  const message = (await roll.toMessage(
    {
      speaker: ChatMessage.getSpeaker({ actor }),
      flavor: `${options.flavor ?? ""} ${localize(`POLYVERSE.XeroSum.Band.${result.band}`)}`.trim(),
      flags: { polyverse: { [ID]: { check } } },
    } as never,
    { rollMode: rollModeFor(options.rollMode ?? null) } as never,
  )) as Message | undefined;
  if (result.moment && actor.isOwner)
    await actor.update({ "system.insight.value": livingSystem(actor).insight.value + 1 } as never);
  return { message: message ?? null, result: { ...result, dice } };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A check message read back (the dice from its rolls, the rest from what it recorded), or null. */
export function checkOfMessage(message: Message | null | undefined): LinkedCheck | null {
  if (!message) return null;
  const check = xeroSumFlag(message, "check");
  if (!isRecord(check) || typeof check.attribute !== "string") return null;
  const roll = message.rolls?.[0];
  const dice = roll ? activeResults(roll.dice).map(Number) : [];
  return {
    actorId: message.speaker?.actor ?? null,
    authorId: message.author?.id ?? null,
    attribute: check.attribute as AttributeKey,
    skill: typeof check.skill === "string" ? (check.skill as SkillKey) : null,
    conditional: Array.isArray(check.conditional) ? check.conditional.map(Number) : [],
    plusThree: check.plusThree === true,
    dice,
    total: Number(check.total),
    band: check.band as Band,
    moment: null,
  };
}
