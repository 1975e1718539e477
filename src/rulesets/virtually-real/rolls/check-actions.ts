/**
 * Virtually Real checks, for the sheets, the fight and the scene glue and macros: `rollCheck` (a
 * skill, an attribute, a save, a Combination, a strength feat), `rollSave`, `rollOpposed`, and
 * `checkResultOf` (a check card's result as it stands now).
 */
import { localize } from "../../../core/i18n";
import { virtuallyRealRulesOptions } from "../base/settings";
import { isVirtuallyRealLiving } from "../data/systems";
import { resolveCheck, planCheck, type CheckResult, type PreparedCheck, type SaveKind } from "../rules";
import { checkActor } from "./check-actor";
import { buildCheck, ROLLS_KEY, type CheckChoice } from "./check-input-logic";
import type { CheckRolled, RollCheckOptions, RollOpposedOptions, RollSaveOptions } from "./check-types";

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

interface StoredCheck {
  input: PreparedCheck;
  dl: number | null;
}

/** The choice a caller's options name. */
function choiceOf(actor: AnyActor, options: RollCheckOptions): CheckChoice {
  const skill = options.skill;
  const skillId = typeof skill === "string" ? skill : (skill?.id ?? null);
  const kind =
    options.kind ??
    (options.prepared ? options.prepared.kind : skill ? "skill" : options.save ? "save" : "attribute");
  void actor;
  return {
    kind,
    skillId,
    attribute: options.attribute ?? null,
    save: options.save ?? null,
    advantage: options.advantage ?? 0,
    disadvantage: options.disadvantage ?? 0,
    critMod: options.critMod ?? 0,
    ...(options.luck ? { luck: options.luck } : {}),
    ...(options.mental ? { mental: true } : {}),
    ...(options.careful ? { careful: options.careful } : {}),
    ...(options.prepared ? { prepared: options.prepared } : {}),
  };
}

/**
 * A check by `actor`: its dice rolled and read by the rules, its card posted. Resolves with the card
 * and the result, or null when refused.
 */
export async function rollCheck(
  actor: AnyActor,
  options: RollCheckOptions = {},
): Promise<CheckRolled | null> {
  if (!actor || !isVirtuallyRealLiving(actor)) {
    ui.notifications?.warn(localize(`${ROLLS_KEY}.Problem.NotVirtuallyReal`));
    return null;
  }
  const rulesOptions = virtuallyRealRulesOptions();
  const built = buildCheck(checkActor(actor), choiceOf(actor, options), {
    conditions: rulesOptions.conditions,
    currency: rulesOptions.currency,
  });
  const problem = built.problems[0];
  if (problem) {
    ui.notifications?.warn(localize(problem.key, problem.data));
    return null;
  }
  const plan = planCheck(built.input, rulesOptions.check);
  const roll = new foundry.dice.Roll(`${plan.poolSize}d6`, {}, {
    virtuallyReal: { input: built.input, dl: options.dl ?? null } satisfies StoredCheck,
  } as foundry.dice.Roll.Options);
  await roll.evaluate();
  const message = (await roll.toMessage({
    speaker: ChatMessage.getSpeaker({ actor }),
    flavor: options.flavor ?? "",
  })) as Message;
  const result = checkResultOf(message);
  return result ? { message, result } : null;
}

/** A saving throw (Health, Dodge, Evade, Initiative, Perception, or a standard save of an attribute). */
export function rollSave(
  actor: AnyActor,
  save: SaveKind,
  options: RollSaveOptions = {},
): Promise<CheckRolled | null> {
  return rollCheck(actor, { ...options, kind: "save", save });
}

/** An opposed check: the roller's side now; the opponent's owner rolls the other side from the card. */
export function rollOpposed(
  actor: AnyActor,
  opponent: AnyActor,
  options: RollOpposedOptions = {},
): Promise<CheckRolled | null> {
  void opponent;
  return rollCheck(actor, options);
}

/** A check card's result as it stands now, read from its dice by the rules; null for anything else. */
export function checkResultOf(message: Message): CheckResult | null {
  const roll = message.rolls[0];
  const stored = (roll?.options as { virtuallyReal?: StoredCheck } | undefined)?.virtuallyReal;
  if (!roll || !stored) return null;
  try {
    const dice = roll.dice[0]?.results.map((r) => r.result) ?? [];
    return resolveCheck(
      { ...stored.input, dice, ...(stored.dl === null ? {} : { dl: stored.dl }) },
      virtuallyRealRulesOptions().check,
    );
  } catch {
    return null;
  }
}
