/**
 * Harm and recovery outside an attack (the descriptor's `actions`): falling (3 WP and 3 RP per whole
 * 10 ft), drowning (breath for 6 + PHY rounds, then a Physicality check each round or 3 WP and 3 RP),
 * going without food (nothing the first day, then 1 WP and 1 RP a day), resting (WP 1 a day, 1 per
 * two days after a mortal wound; RP per the `rpRecovery` setting; a medical kit's 1+1d3 or 1+2d3 once
 * a day rested), and the Insight "survive dying" (every die held: +1 WP and +1 RP each, the mortal
 * wound over). Each changes only the actor, which the user must own, and posts a `xero-sum-table`
 * card; harm that calls for the Lasting Wound or Panic check offers it as a button.
 *
 * `applyHarmTo` is the one way these apply WP and RP damage (rules `applyHarm` with the world's
 * `panicTrigger`); the combat cards may use it too.
 */
import { localize } from "../../../core/i18n";
import { isSkipDialogHeld } from "../../../core/keybindings";
import {
  breathRounds,
  breakingPointEffect,
  clearStressBox,
  d3FromD6,
  drowningDamage,
  fallingDamage,
  heal as healRule,
  kitHealing,
  parseDamageDice,
  rest as restRule,
  subsistenceDamageOnDay,
  surviveDying as surviveDyingRule,
  type Harm,
  type HarmCause,
} from "../rules";
import { xeroSumSetting } from "../base/settings";
import { equipmentSystem, livingSystem } from "../data/systems";
import { checkOfMessage, rollCheck } from "./check-link";
import { checkAllowed } from "./check-link-logic";
import { HEALTH_PATHS, harmPlan, healthOf, healthUpdate, type HarmPlan } from "./health-logic";
import type { TableCard } from "./table-card-logic";
import { blankCard, checkSummary, note, postTableCard, rollD6, type ActionOptions } from "./table-post";
import {
  HEALTH_KEY,
  ID,
  healthSourceOf,
  warn,
  xeroSumFlag,
  xeroSumLiving,
  type AnyActor,
  type AnyItem,
} from "./shared";
import type { HealthRolled } from "./check-actions";

const name = (actor: AnyActor) => actor.name ?? "";
const FLAG_UNDERWATER = `flags.polyverse.${ID}.underwater`;
const FLAG_REST_DAYS = `flags.polyverse.${ID}.restDays`;

/**
 * WP and RP damage on `actor` (the user must own it): rules `applyHarm` with the world's
 * `panicTrigger`; the update made; what it set off (incapacitation, a mortal wound, the Lasting Wound
 * and Panic checks due). Null when refused.
 */
export async function applyHarmTo(
  actor: AnyActor,
  harm: Harm,
  { cause = "other" }: { cause?: HarmCause } = {},
): Promise<HarmPlan | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const plan = harmPlan(healthSourceOf(actor), harm, { cause, panicTrigger: xeroSumSetting("panicTrigger") });
  if (Object.keys(plan.update).length) await actor.update(plan.update as never);
  return plan;
}

/** The harm card's lines and buttons for what harm set off. */
function harmNotes(card: TableCard, actor: AnyActor, harm: Harm, plan: HarmPlan): void {
  const n = name(actor);
  card.notes.push(note("Harm.Taken", { name: n, wp: harm.woundPoints, rp: harm.resiliencePoints }));
  card.notes.push(note("Harm.Left", { wp: plan.state.wp, rp: plan.state.rp }));
  const e = plan.events;
  if (e.incapacitated) card.notes.push(note("Harm.Incapacitated", { name: n, rounds: e.incapacitated }));
  if (e.mortallyWounded)
    card.notes.push(note("Harm.MortallyWounded", { name: n, rounds: plan.state.deathRounds }));
  if (e.diesUnlessSaved) card.notes.push(note("Harm.DiesUnlessSaved", { name: n }));
  if (plan.reactionEnded) card.notes.push(note(`Stress.Ended.${plan.reactionEnded}`, { name: n }));
  if (e.lastingWoundCheck) card.buttons.push("lastingWound");
  if (e.panicCheck) card.buttons.push("panic");
  card.result = {
    wp: harm.woundPoints,
    rp: harm.resiliencePoints,
    wpLeft: plan.state.wp,
    rpLeft: plan.state.rp,
  };
}

/** Harm from `cause`, applied and posted. */
async function harmAndPost(
  actor: AnyActor,
  harm: Harm,
  cause: HarmCause,
  card: TableCard,
  rolls: Roll[],
  options: ActionOptions,
): Promise<(HealthRolled & { plan: HarmPlan }) | null> {
  const plan = await applyHarmTo(actor, harm, { cause });
  if (!plan) return null;
  harmNotes(card, actor, harm, plan);
  return { message: await postTableCard(card, actor, rolls, options), card, plan };
}

/** A fall of `feet` feet: "3 points of Wound Point and Resilience Point damage for each 10'". */
export async function fall(
  actor: AnyActor,
  { feet = 10, ...options }: ActionOptions & { feet?: number } = {},
): Promise<(HealthRolled & { plan: HarmPlan }) | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!Number.isFinite(feet) || feet < 0 || feet > 10_000) return warn("BadNumber");
  const card = blankCard("harm", actor);
  card.notes.push(note("Harm.Fall", { name: name(actor), feet }));
  return harmAndPost(actor, fallingDamage(feet), "other", card, [], options);
}

/**
 * One round under water: the first starts the breath held (6 + PHY rounds); while it lasts, a round of
 * it goes; then each round a Physicality check, a failure costing 3 WP and 3 RP (at 0 of either the
 * character dies unless saved).
 */
export async function drowningRound(
  actor: AnyActor,
  options: ActionOptions = {},
): Promise<(HealthRolled & { plan: HarmPlan | null }) | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const source = healthSourceOf(actor);
  let breath = source.state.breathRounds;
  if (xeroSumFlag(actor, "underwater") !== true) {
    breath = breathRounds(source.phy);
    await actor.update({ [FLAG_UNDERWATER]: true, [HEALTH_PATHS.breathRounds]: breath } as never);
  }
  const card = blankCard("harm", actor);
  if (breath > 0) {
    await actor.update({ [HEALTH_PATHS.breathRounds]: breath - 1 } as never);
    card.notes.push(note("Harm.Breath", { name: name(actor), rounds: breath - 1 }));
    card.result = { breath: breath - 1 };
    return { message: await postTableCard(card, actor, [], options), card, plan: null };
  }
  const rolled = await rollCheck(actor, {
    attribute: "phy",
    kind: "attribute",
    flavor: localize(`${HEALTH_KEY}.Check.drowning`, { name: name(actor) }),
    ...(options.skipDialog !== undefined ? { skipDialog: options.skipDialog } : {}),
    event: options.event ?? null,
  });
  if (!rolled) return null;
  const read = checkOfMessage(rolled.message);
  if (!read || !checkAllowed("drowning", read)) return warn("CheckWrongTrait");
  card.check = checkSummary(rolled, { attribute: "phy", skill: "" });
  card.notes.push(note("Harm.Drowning", { name: name(actor) }));
  return harmAndPost(actor, drowningDamage(card.check.band), "drowning", card, [], options);
}

/** Out of the water: the breath held is over. */
export async function surface(actor: AnyActor): Promise<boolean> {
  if (!xeroSumLiving(actor)) return false;
  if (!actor.isOwner) return Boolean(warn("NotYours", { name: name(actor) }));
  await actor.update({ [FLAG_UNDERWATER]: false, [HEALTH_PATHS.breathRounds]: 0 } as never);
  return true;
}

/** `days` more days without food and water: nothing the first day, then 1 WP and 1 RP a day. */
export async function subsistence(
  actor: AnyActor,
  { days = 1, ...options }: ActionOptions & { days?: number } = {},
): Promise<(HealthRolled & { plan: HarmPlan }) | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  if (!Number.isInteger(days) || days < 1 || days > 365) return warn("BadNumber");
  const before = livingSystem(actor).state.daysWithoutFood;
  let points = 0;
  for (let day = before + 1; day <= before + days; day++) points += subsistenceDamageOnDay(day).woundPoints;
  await actor.update({ [HEALTH_PATHS.daysWithoutFood]: before + days } as never);
  const card = blankCard("harm", actor);
  card.notes.push(note("Harm.Hunger", { name: name(actor), days: before + days }));
  return harmAndPost(
    actor,
    { woundPoints: points, resiliencePoints: points },
    "subsistence",
    card,
    [],
    options,
  );
}

/** Fed and watered: the days without food start again. */
export async function feed(actor: AnyActor): Promise<boolean> {
  if (!xeroSumLiving(actor)) return false;
  if (!actor.isOwner) return Boolean(warn("NotYours", { name: name(actor) }));
  await actor.update({ [HEALTH_PATHS.daysWithoutFood]: 0 } as never);
  return true;
}

// ---- rest, kits, surviving ----------------------------------------------------------------------

/** Options of `rest`: the days and hours, and a medical kit used (once, for a day or more). */
export interface RestOptions extends ActionOptions {
  days?: number;
  hours?: number;
  /** A First Aid Kit or Doctor's Bag of the actor's (an equipment item with healing). */
  kit?: AnyItem | null;
}

const whole = (v: unknown, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 10_000 ? n : fallback;
};

/** The rest dialog: days and hours, and the kit (the actor's kits with charges left). */
async function askRest(
  actor: AnyActor,
): Promise<{ days: number; hours: number; kit: AnyItem | null } | null> {
  const esc = foundry.utils.escapeHTML;
  const kits = [...actor.items].filter((i) => i.type === "xero-sum-equipment" && kitUsable(i));
  const label = (k: string) => esc(localize(`${HEALTH_KEY}.Rest.${k}`));
  const field = (n: string, value: number) =>
    `<div class="form-group"><label for="pv-x-rest-${n}">${label(n === "days" ? "Days" : "Hours")}</label><div class="form-fields"><input id="pv-x-rest-${n}" type="number" name="${n}" value="${value}" min="0" max="10000" step="1"></div></div>`;
  const kitSelect = kits.length
    ? `<div class="form-group"><label for="pv-x-rest-kit">${label("Kit")}</label><div class="form-fields"><select id="pv-x-rest-kit" name="kit"><option value="">${label("NoKit")}</option>${kits
        .map((k) => `<option value="${esc(k.id ?? "")}">${esc(k.name ?? "")}</option>`)
        .join("")}</select></div></div>`
    : "";
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: localize(`${HEALTH_KEY}.Rest.Title`, { name: name(actor) }) },
    content: `<div class="polyverse pv-x-rest-dialog">${field("days", 1)}${field("hours", 0)}${kitSelect}</div>`,
    ok: {
      label: localize(`${HEALTH_KEY}.Rest.Confirm`),
      callback: (_event: unknown, button: HTMLButtonElement) =>
        button.form ? Object.fromEntries(new FormData(button.form).entries()) : {},
    },
    rejectClose: false,
  });
  if (!result || typeof result !== "object") return null;
  const form = result as Record<string, unknown>;
  const kit = typeof form.kit === "string" && form.kit ? (actor.items.get(form.kit) ?? null) : null;
  return { days: whole(form.days, 0), hours: whole(form.hours, 0), kit };
}

/** A medical kit that can still be used: healing on it, and a charge left when it counts them. */
function kitUsable(item: AnyItem): boolean {
  const s = equipmentSystem(item);
  if (!(s.heal.base > 0 || s.heal.dice)) return false;
  return s.charges.max === 0 || s.charges.value > 0;
}

/** Roll a kit's healing dice (d3s as the world reads them): the faces (of the d6s) and the healing. */
async function kitRoll(
  item: AnyItem,
): Promise<{ roll: Roll | null; faces: number[]; value: number; formula: string }> {
  const heal = equipmentSystem(item).heal;
  const parsed = heal.dice ? parseDamageDice(heal.dice) : null;
  if (!parsed) return { roll: null, faces: [], value: heal.base, formula: "" };
  const { roll, faces } = await rollD6(parsed.count);
  const mode = xeroSumSetting("d3Mode");
  const read = parsed.sides === 3 ? faces.map((f) => d3FromD6(f, mode)) : faces;
  return {
    roll,
    faces,
    value: kitHealing({ base: heal.base, dice: heal.dice }, read, mode),
    formula: heal.dice,
  };
}

/**
 * Rest `days` and `hours` (a dialog asks when neither is given, unless skipped): Wound Points 1 a day
 * (1 per two days after a mortal wound, counting the days rested since), Resilience Points per the
 * `rpRecovery` setting; a kit used for a day or more heals its 1+1d3 or 1+2d3 more (WP), once, using a
 * charge when it counts them. A night's rest clears a stress box where Table 13 says so. Refused for
 * the dying and the dead.
 */
export async function rest(actor: AnyActor, options: RestOptions = {}): Promise<HealthRolled | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  let { days, hours } = options;
  let kit = options.kit ?? null;
  if (
    days === undefined &&
    hours === undefined &&
    !options.skipDialog &&
    !isSkipDialogHeld(options.event ?? null)
  ) {
    const asked = await askRest(actor);
    if (!asked) return null;
    ({ days, hours, kit } = asked);
  }
  days = whole(days ?? 1, 0);
  hours = whole(hours ?? 0, 0);
  if (kit && (kit.parent !== actor || !kitUsable(kit))) return warn("KitUnusable", { name: kit.name ?? "" });
  if (kit && days < 1 && hours < 24) return warn("KitNeedsADay", { name: kit.name ?? "" });
  const source = healthSourceOf(actor);
  const before = healthOf(source);
  const daysBefore = whole(xeroSumFlag(actor, "restDays"), 0);
  const max = { maxWp: source.maxWp, maxRp: source.maxRp };
  const rested = restRule(
    before,
    { days, hours, daysBefore },
    { ...max, rpRecovery: xeroSumSetting("rpRecovery") },
  );
  if (!rested.ok) return warn(rested.reason === "dead" ? "Dead" : "Dying", { name: name(actor) });
  let after = rested.value;
  const card = blankCard("rest", actor);
  const rolls: Roll[] = [];
  if (kit) {
    const healed = await kitRoll(kit);
    if (healed.roll) rolls.push(healed.roll);
    const withKit = healRule(after, { woundPoints: healed.value, resiliencePoints: 0 }, max);
    if (withKit.ok) after = withKit.value;
    if (healed.formula) card.extra = { formula: healed.formula, faces: healed.faces, value: healed.value };
    card.notes.push(note("Rest.KitUsed", { kit: kit.name ?? "", wp: healed.value }));
    const charges = equipmentSystem(kit).charges;
    if (charges.max > 0) await kit.update({ "system.charges.value": charges.value - 1 } as never);
  }
  const update: Record<string, unknown> = {
    ...healthUpdate(before, after),
    [FLAG_REST_DAYS]: after.wasMortallyWounded ? daysBefore + days : 0,
  };
  const reaction = source.state.breakingPoint;
  if (days >= 1 && reaction && breakingPointEffect(reaction).nightsRestClearsBox) {
    const cleared = clearStressBox({ stress: source.stress, reaction });
    update[HEALTH_PATHS.stress] = cleared.stress;
    update[HEALTH_PATHS.breakingPoint] = cleared.reaction;
    card.notes.push(note("Rest.StressCleared", { name: name(actor), stress: cleared.stress }));
  }
  await actor.update(update as never);
  card.notes.unshift(
    note("Rest.Line", {
      name: name(actor),
      days,
      hours,
      wp: `${before.wp} → ${after.wp}`,
      rp: `${before.rp} → ${after.rp}`,
    }),
  );
  card.result = { days, hours, wp: after.wp, rp: after.rp };
  return { message: await postTableCard(card, actor, rolls, options), card };
}

/**
 * The Insight "save from Dying": every Insight Die held (never part of them) for +1 WP and +1 RP each,
 * and the mortal wound is over. Refused unless mortally wounded, and with no die held.
 */
export async function surviveDying(
  actor: AnyActor,
  options: ActionOptions = {},
): Promise<HealthRolled | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const source = healthSourceOf(actor);
  const held = livingSystem(actor).insight.value;
  const before = healthOf(source);
  const saved = surviveDyingRule(before, held, { maxWp: source.maxWp, maxRp: source.maxRp });
  if (!saved.ok)
    return warn(saved.reason === "dead" ? "Dead" : saved.reason === "notDying" ? "NotDying" : "NoInsight", {
      name: name(actor),
    });
  await actor.update({ ...healthUpdate(before, saved.value.state), [HEALTH_PATHS.insight]: 0 } as never);
  const card = blankCard("surviveDying", actor);
  card.notes.push(note("SurviveDying.Line", { name: name(actor), spent: saved.value.spent }));
  card.notes.push(note("Harm.Left", { wp: saved.value.state.wp, rp: saved.value.state.rp }));
  card.result = { spent: saved.value.spent, wp: saved.value.state.wp, rp: saved.value.state.rp };
  return { message: await postTableCard(card, actor, [], options), card };
}
