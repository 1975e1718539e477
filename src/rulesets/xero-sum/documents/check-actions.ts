/**
 * The health checks (the descriptor's `actions`), each rolled through the rolls helper's `rollCheck`
 * and followed by a `xero-sum-table` card: stabilising a mortally wounded patient (Reason or Medicine
 * on a Success, General Knowledge on a Wild Success; then incapacitated max(1, 1d6 − PHY) rounds),
 * calming an Unfocused Rage (Inspiration or Psychology*), the Lasting Wound check (Physicality; a
 * failure draws Table 11 and adds the wound), the Panic check (Reason, Psychology* or Inspiration; a
 * failure draws Table 12, its rounds on a d3) and the Breaking Point check (Reason & Acumen; a
 * failure fills a stress box, the fifth draws Table 13 and clears them all). Each check is the rolls
 * folder's (its dialog, its `xero-sum-check` card), with no Insight replacement after the roll.
 *
 * The roller must be the user's (a GM owns all). The patient of a rescuer or a calmer need not be:
 * what the user may not change on them waits on the card for the GM (table-card.ts).
 */
import { localize } from "../../../core/i18n";
import {
  breakingPointCheck as breakingPointRule,
  breakingPointEffect,
  clearStressBox,
  endBreakingPointReaction,
  fillStressBox,
  isSuccess,
  panicEffect,
  panics,
  setBreakingPointReaction,
  stabilisingSucceeds,
  takesLastingWound,
  type BreakingPointEnd,
  type StabilisingCheck,
} from "../rules";
import type { BreakingPoint, LastingWound, Panic } from "../rules/keys";
import { xeroSumSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { checkOfMessage, rollCheck, rollerOf, type RollCheckOptions, type RolledCheck } from "./check-link";
import {
  checkAllowed,
  stabilisingCheckOf,
  traitChoices,
  type CheckTrait,
  type LinkedCheckKind,
} from "./check-link-logic";
import { HEALTH_PATHS, panicPlan } from "./health-logic";
import { stabilisedRounds, type TableCard } from "./table-card-logic";
import {
  blankCard,
  checkSummary,
  drawTable,
  note,
  postTableCard,
  rollD3,
  rollD6,
  tableNote,
  type ActionOptions,
} from "./table-post";
import {
  HEALTH_KEY,
  healthSourceOf,
  refOf,
  warn,
  xeroSumLiving,
  type AnyActor,
  type Message,
} from "./shared";

/** What a health check ends with: the card and its outcome, or null (refused, cancelled, vetoed). */
export interface HealthRolled {
  message: Message | null;
  card: TableCard;
}

/** Options of a check: the trait to use (the best allowed by default) and the roll's choices. */
export interface HealthCheckOptions extends ActionOptions {
  attribute?: CheckTrait["attribute"];
  skill?: CheckTrait["skill"];
  insight?: RollCheckOptions["insight"];
}

const name = (actor: AnyActor) => actor.name ?? "";

/** The first targeted token's actor, if a Xero Sum character. */
export function targetedActor(): AnyActor | null {
  const token = [...(game.user?.targets ?? [])][0] as { actor?: unknown } | undefined;
  return xeroSumLiving(token?.actor ?? null);
}

/** The trait to roll: the one asked for when allowed, else the best allowed. */
function chooseTrait(
  kind: LinkedCheckKind,
  actor: AnyActor,
  options: HealthCheckOptions,
  exclude: (t: CheckTrait) => boolean = () => false,
): CheckTrait | null {
  const barterAttribute = xeroSumSetting("barterAttribute");
  const choices = traitChoices(kind, rollerOf(actor), barterAttribute);
  if (options.skill || options.attribute) {
    const asked = choices.find((c) =>
      options.skill ? c.skill === options.skill : c.skill === null && c.attribute === options.attribute,
    );
    return asked ? { attribute: asked.attribute, skill: asked.skill } : null;
  }
  const best = choices.find((c) => !exclude(c));
  return best ? { attribute: best.attribute, skill: best.skill } : null;
}

/**
 * Roll a check of `kind` for `actor`: with `trait` (the dialog may change it), or for the Breaking
 * Point check Reason & Acumen. The check rolled, with the trait it really used (Reason for Reason &
 * Acumen); refused when the check card shows a check the kind may not use.
 */
async function runCheck(
  kind: LinkedCheckKind,
  actor: AnyActor,
  trait: CheckTrait,
  options: HealthCheckOptions,
  extra: Pick<RollCheckOptions, "conditional"> = {},
): Promise<{ rolled: RolledCheck; used: CheckTrait } | null> {
  const traits: Pick<RollCheckOptions, "kind" | "attribute" | "skill"> =
    kind === "breakingPoint"
      ? { kind: "breakingPoint" }
      : {
          attribute: trait.attribute,
          ...(trait.skill ? { skill: trait.skill } : {}),
          kind: trait.skill ? "skill" : "attribute",
        };
  const rolled = await rollCheck(actor, {
    ...traits,
    flavor: localize(`${HEALTH_KEY}.Check.${kind}`, { name: name(actor) }),
    ...(options.insight !== undefined ? { insight: options.insight } : {}),
    ...(options.skipDialog !== undefined ? { skipDialog: options.skipDialog } : {}),
    ...(options.rollMode !== undefined ? { rollMode: options.rollMode } : {}),
    event: options.event ?? null,
    ...extra,
  });
  if (!rolled) return null;
  const read = checkOfMessage(rolled.message);
  if (!read) return warn("NoCheck");
  if (!checkAllowed(kind, read, xeroSumSetting("barterAttribute"))) return warn("CheckWrongTrait");
  return { rolled, used: read.attribute ? { attribute: read.attribute, skill: read.skill } : trait };
}

/**
 * A check of `kind` with the trait asked for (or the best allowed) and the card that follows it (of
 * `cardKind`, the kind by default), with the check on it; null when refused or cancelled.
 */
export async function runLinkedCheck(
  kind: LinkedCheckKind,
  actor: AnyActor,
  options: HealthCheckOptions,
  extra: Pick<RollCheckOptions, "conditional"> = {},
  cardKind: TableCard["kind"] = kind as TableCard["kind"],
): Promise<{ card: TableCard; rolled: RolledCheck } | null> {
  const trait = chooseTrait(kind, actor, options);
  if (!trait) return warn("CheckWrongTrait");
  const checked = await runCheck(kind, actor, trait, options, extra);
  if (!checked) return null;
  const card = blankCard(cardKind, actor);
  card.check = checkSummary(checked.rolled, { attribute: trait.attribute, skill: trait.skill ?? "" });
  return { card, rolled: checked.rolled };
}

// ---- stabilising and calming -----------------------------------------------------------------------

/** Options of `stabilise`: the method (Reason by default, or Medicine when it is better). */
export interface StabiliseOptions extends HealthCheckOptions {
  method?: StabilisingCheck;
}

const METHOD_TRAITS: Readonly<Record<StabilisingCheck, CheckTrait>> = {
  reason: { attribute: "rsn", skill: null },
  medicine: { attribute: "rsn", skill: "medicine" },
  generalKnowledge: { attribute: "rsn", skill: "generalKnowledge" },
};

/**
 * A rescuer's stabilising check on a mortally wounded patient (by default the first targeted token).
 * A success stops the death clock and leaves the patient incapacitated max(1, 1d6 − PHY) rounds (the
 * d6 on the card); through the GM when the rescuer's user does not own the patient.
 */
export async function stabilise(
  rescuer: AnyActor,
  patient: AnyActor | null = targetedActor(),
  options: StabiliseOptions = {},
): Promise<(HealthRolled & { stabilised: boolean }) | null> {
  if (!xeroSumLiving(rescuer)) return null;
  if (!rescuer.isOwner) return warn("NotYours", { name: name(rescuer) });
  if (!patient || !xeroSumLiving(patient)) return warn("NoPatient");
  const s = livingSystem(patient).state;
  if (s.dead) return warn("Dead", { name: name(patient) });
  if (!s.mortallyWounded) return warn("NotDying", { name: name(patient) });
  if (s.stabilised) return warn("AlreadyStabilised", { name: name(patient) });
  const trait = options.method
    ? METHOD_TRAITS[options.method]
    : chooseTrait("stabilise", rescuer, options, (t) => t.skill === "generalKnowledge");
  if (!trait) return warn("CheckWrongTrait");
  const checked = await runCheck("stabilise", rescuer, trait, options);
  if (!checked) return null;
  const method = stabilisingCheckOf(checked.used) ?? "reason";
  const card = blankCard("stabilise", patient);
  card.by = refOf(rescuer);
  card.check = checkSummary(checked.rolled, { attribute: "rsn", skill: checked.used.skill ?? "" });
  const stabilised = stabilisingSucceeds(method, card.check.band);
  const rolls: Roll[] = [];
  card.result = { stabilised, method };
  if (stabilised) {
    const { roll, faces } = await rollD6(1);
    rolls.push(roll);
    const face = faces[0] ?? 1;
    const rounds = stabilisedRounds(face, healthSourceOf(patient).phy);
    card.extra = { formula: "1d6", faces: [face], value: rounds };
    card.result.rounds = rounds;
    card.notes.push(note("Stabilise.Done", { name: name(patient), rounds }));
  } else card.notes.push(note(`Stabilise.Failed.${method}`, { name: name(patient) }));
  const message = await postTableCard(card, rescuer, rolls, options);
  return { message, card, stabilised };
}

/**
 * Calming someone in an Unfocused Rage (Table 13: "until someone makes a successful Inspiration or
 * Psychology* check to calm them down"): the calmer's check; a success ends the rage (through the GM
 * when the calmer's user does not own them).
 */
export async function calm(
  calmer: AnyActor,
  raging: AnyActor | null = targetedActor(),
  options: HealthCheckOptions = {},
): Promise<(HealthRolled & { calmed: boolean }) | null> {
  if (!xeroSumLiving(calmer)) return null;
  if (!calmer.isOwner) return warn("NotYours", { name: name(calmer) });
  if (!raging || !xeroSumLiving(raging)) return warn("NoPatient");
  if (livingSystem(raging).state.breakingPoint !== "unfocusedRage")
    return warn("NotRaging", { name: name(raging) });
  const trait = chooseTrait("calm", calmer, options);
  if (!trait) return warn("CheckWrongTrait");
  const checked = await runCheck("calm", calmer, trait, options);
  if (!checked) return null;
  const card = blankCard("calm", raging);
  card.by = refOf(calmer);
  card.check = checkSummary(checked.rolled, { attribute: trait.attribute, skill: trait.skill ?? "" });
  const calmed = isSuccess(card.check.band);
  card.result = { calmed };
  card.notes.push(note(calmed ? "Calm.Done" : "Calm.Failed", { name: name(raging), by: name(calmer) }));
  const message = await postTableCard(card, calmer, [], options);
  return { message, card, calmed };
}

// ---- the Lasting Wound and Panic checks -------------------------------------------------------------

/**
 * The Lasting Wound check (a Physicality check, due with a mortal wound): a failure draws Table 11 and
 * adds the wound (permanent: the attributes and Table 5 follow).
 */
export async function lastingWoundCheck(
  actor: AnyActor,
  options: HealthCheckOptions = {},
): Promise<(HealthRolled & { wound: LastingWound | null }) | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const checked = await runCheck("lastingWound", actor, { attribute: "phy", skill: null }, options);
  if (!checked) return null;
  const card = blankCard("lastingWound", actor);
  card.check = checkSummary(checked.rolled, { attribute: "phy", skill: "" });
  const rolls: Roll[] = [];
  let wound: LastingWound | null = null;
  if (takesLastingWound(card.check.band)) {
    const { roll, draw } = await drawTable("lastingWounds");
    rolls.push(roll);
    card.draw = draw;
    if (draw.key) {
      wound = draw.key as LastingWound;
      await actor.update({
        [HEALTH_PATHS.lastingWounds]: [...livingSystem(actor).lastingWounds, wound],
      } as never);
      card.notes.push(note("LastingWound.Taken", { name: name(actor) }));
    } else card.notes.push(tableNote("Unapplied", { name: name(actor) }));
  } else card.notes.push(note("LastingWound.Resisted", { name: name(actor) }));
  card.result = { wound: wound ?? "" };
  const message = await postTableCard(card, actor, rolls, options);
  return { message, card, wound };
}

/**
 * Table 12 drawn for a failed Panic check: the Panic (none when the drawn result stands for no row) and
 * its rounds on a d3 when it lasts, set on the character.
 */
async function drawPanic(
  actor: AnyActor,
  card: TableCard,
  rolls: Roll[],
): Promise<{ panic: Panic | null; rounds: number }> {
  const { roll, draw } = await drawTable("panic");
  rolls.push(roll);
  card.draw = draw;
  if (!draw.key) {
    card.notes.push(tableNote("Unapplied", { name: name(actor) }));
    return { panic: null, rounds: 0 };
  }
  const panic = draw.key as Panic;
  let d3 = 1;
  if (panicEffect(panic).duration) {
    const rolled = await rollD3();
    rolls.push(rolled.roll);
    card.extra = rolled.extra;
    d3 = rolled.extra.value;
  }
  const plan = panicPlan(healthSourceOf(actor), panic, d3, xeroSumSetting("d3Mode"));
  if (Object.keys(plan.update).length) await actor.update(plan.update as never);
  card.notes.push(
    note(plan.rounds > 0 || !panicEffect(panic).duration ? "Panic.Panics" : "Panic.Over", {
      name: name(actor),
    }),
  );
  return { panic, rounds: plan.rounds };
}

/**
 * The Panic check (Reason, Psychology* or Inspiration; the best by default): a failure draws Table 12;
 * a Panic with a duration lasts 1d3 rounds (counted down each combat round), Faints also incapacitates.
 */
export async function panicCheck(
  actor: AnyActor,
  options: HealthCheckOptions = {},
): Promise<(HealthRolled & { panic: Panic | null; rounds: number }) | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const trait = chooseTrait("panic", actor, options);
  if (!trait) return warn("CheckWrongTrait");
  const checked = await runCheck("panic", actor, trait, options);
  if (!checked) return null;
  const card = blankCard("panic", actor);
  card.check = checkSummary(checked.rolled, { attribute: trait.attribute, skill: trait.skill ?? "" });
  const rolls: Roll[] = [];
  let panic: Panic | null = null;
  let rounds = 0;
  if (panics(card.check.band)) {
    const drawn = await drawPanic(actor, card, rolls);
    panic = drawn.panic;
    rounds = drawn.rounds;
  } else card.notes.push(note("Panic.Holds", { name: name(actor) }));
  card.result = { panic: panic ?? "", rounds };
  const message = await postTableCard(card, actor, rolls, options);
  return { message, card, panic, rounds };
}

// ---- Breaking Point -----------------------------------------------------------------------------

/**
 * Draw Table 13 for `actor` (every box already cleared): the reaction (null when the drawn result
 * stands for no row: none set), Self-Harm's 1d3 rolled.
 */
async function breakingPointDraw(
  actor: AnyActor,
  card: TableCard,
  rolls: Roll[],
): Promise<BreakingPoint | null> {
  const { roll, draw } = await drawTable("breakingPoint");
  rolls.push(roll);
  card.draw = draw;
  if (!draw.key) {
    card.notes.push(note("BreakingPoint.Reached", { name: name(actor) }));
    card.notes.push(tableNote("Unapplied", { name: name(actor) }));
    return null;
  }
  const reaction = draw.key as BreakingPoint;
  if (breakingPointEffect(reaction).selfDamage) {
    const rolled = await rollD3();
    rolls.push(rolled.roll);
    card.extra = rolled.extra;
    card.buttons.push("selfHarm", "stopped");
  }
  card.notes.push(note("BreakingPoint.Reached", { name: name(actor) }));
  return reaction;
}

/** What a Breaking Point check or a filled box did. */
export interface StressRolled extends HealthRolled {
  filled: boolean;
  reaction: BreakingPoint | null;
}

/** Fill one stress box (and at the fifth, draw Table 13 and clear them all) on `card`. */
async function fillAndDraw(actor: AnyActor, card: TableCard, rolls: Roll[], filled: boolean) {
  const s = livingSystem(actor);
  let reaction: BreakingPoint | null = null;
  if (!filled) {
    card.notes.push(note("BreakingPoint.Holds", { name: name(actor) }));
    card.result = { stress: s.stress.value, filled: false };
    return reaction;
  }
  const next = fillStressBox({ stress: s.stress.value, reaction: s.state.breakingPoint });
  const update: Record<string, unknown> = { [HEALTH_PATHS.stress]: next.state.stress };
  if (next.breakingPoint) {
    reaction = await breakingPointDraw(actor, card, rolls);
    if (reaction)
      update[HEALTH_PATHS.breakingPoint] = setBreakingPointReaction(next.state, reaction).reaction;
  } else card.notes.push(note("BreakingPoint.Filled", { name: name(actor), stress: next.state.stress }));
  await actor.update(update as never);
  card.result = { stress: next.state.stress, filled: true };
  return reaction;
}

/**
 * The Breaking Point check ("a dice check using Reason & Acumen AMods": the rolls folder's Reason &
 * Acumen check, 2d6 + RSN + ACU): a failure fills a stress box; the fifth draws Table 13 and clears
 * them all.
 */
export async function breakingPointCheck(
  actor: AnyActor,
  options: HealthCheckOptions = {},
): Promise<StressRolled | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const checked = await runCheck("breakingPoint", actor, { attribute: "rsn", skill: null }, options);
  if (!checked) return null;
  const card = blankCard("breakingPoint", actor);
  card.check = checkSummary(checked.rolled, { attribute: "rsn", skill: "" });
  const filled = breakingPointRule({ stress: 0, reaction: "" }, card.check.band).filled;
  const rolls: Roll[] = [];
  const reaction = await fillAndDraw(actor, card, rolls, filled);
  const message = await postTableCard(card, actor, rolls, options);
  return { message, card, filled, reaction };
}

/** Fill one stress box without a check (the GM's call): at the fifth, Table 13. */
export async function fillStress(actor: AnyActor, options: ActionOptions = {}): Promise<StressRolled | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const card = blankCard("breakingPoint", actor);
  const rolls: Roll[] = [];
  const reaction = await fillAndDraw(actor, card, rolls, true);
  const message = await postTableCard(card, actor, rolls, options);
  return { message, card, filled: true, reaction };
}

/**
 * Clear one stress box (time alone, a night's rest, doing what they enjoy): a reaction lasting "until a
 * stress box is cleared" ends with it.
 */
export async function clearStress(
  actor: AnyActor,
  options: ActionOptions = {},
): Promise<HealthRolled | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const s = livingSystem(actor);
  const before = { stress: s.stress.value, reaction: s.state.breakingPoint };
  const after = clearStressBox(before);
  await actor.update({
    [HEALTH_PATHS.stress]: after.stress,
    [HEALTH_PATHS.breakingPoint]: after.reaction,
  } as never);
  const card = blankCard("stress", actor);
  card.notes.push(note("Stress.Cleared", { name: name(actor), stress: after.stress }));
  if (before.reaction && !after.reaction)
    card.notes.push(note(`Stress.Ended.${before.reaction}`, { name: name(actor) }));
  card.result = { stress: after.stress };
  return { message: await postTableCard(card, actor, [], options), card };
}

/**
 * End the Breaking Point reaction in force for `why` (Table 13's endings: "targetBeaten", "subdued",
 * "calmed", "aloneAway", "stopped", "unconscious", "boxCleared"); refused when the table does not end
 * it that way. Those that say so clear a box as they end.
 */
export async function endReaction(
  actor: AnyActor,
  why: BreakingPointEnd,
  options: ActionOptions = {},
): Promise<HealthRolled | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const s = livingSystem(actor);
  const reaction = s.state.breakingPoint;
  if (!reaction) return warn("NoReaction", { name: name(actor) });
  const after = endBreakingPointReaction({ stress: s.stress.value, reaction }, why);
  if (after.reaction) return warn("ReactionGoesOn", { name: name(actor) });
  await actor.update({ [HEALTH_PATHS.stress]: after.stress, [HEALTH_PATHS.breakingPoint]: "" } as never);
  const card = blankCard("stress", actor);
  card.notes.push(note(`Stress.Ended.${reaction}`, { name: name(actor) }));
  card.result = { stress: after.stress, ended: reaction, why };
  return { message: await postTableCard(card, actor, [], options), card };
}
