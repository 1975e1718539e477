/**
 * Willpower and the health track, shown above the tabs: the permanent dots and the current boxes,
 * the "broken" note at zero, the Rest and Rally buttons, and the track's boxes as marked, with the
 * wound penalty, the add-damage, heal and soak buttons (and, on a dead character, the GM's Revive). Every number comes from the rules layer (`healthTrack`, `boxesOf`,
 * `healthSummary`, `isBroken`). Foundry-free.
 */
import {
  DAMAGE_TYPES,
  DEFAULT_WOUND_PENALTIES_TEXT,
  MAX_TRAIT_DOTS,
  WILLPOWER_MAX,
  WILLPOWER_MIN,
  applyDamage,
  boxesOf,
  fitHealth,
  healDamage,
  healthSummary,
  isBroken,
  normalizeWillpower,
  type BoxMark,
  type DamageType,
  type HealthBox,
  type HealthState,
} from "../../rules";
import { trackFor } from "../../data/living-logic";
import { dotRow } from "./dots";
import {
  ROOT,
  itemsIn,
  signed,
  type CharacterSheetInput,
  type MaelstromActorSystem,
  type SheetItem,
} from "./common";
import { dotLabels } from "./traits";

/** The merit whose extra box tops the track ("Gain one additional health level at the top"). */
export const HUGE_SIZE_KEY = "hugeSize";

/**
 * The actor's track: the one the data model derived when it did, else the data layer's
 * (`trackFor`: the `woundPenalties` setting's text, the default track when absent or unreadable)
 * with Huge Size's extra top box.
 */
export function sheetTrack(
  system: Pick<MaelstromActorSystem, "health">,
  items: readonly SheetItem[],
  woundPenalties?: string,
): HealthBox[] {
  if (system.health.track?.length)
    return system.health.track.map((box) => ({
      index: box.index,
      penalty: box.penalty,
      ...(box.label ? { label: box.label } : {}),
    }));
  const hugeSize = itemsIn({ items }, "merits").some((item) => item.system.key === HUGE_SIZE_KEY);
  return trackFor(woundPenalties ?? DEFAULT_WOUND_PENALTIES_TEXT, hugeSize);
}

/** The stored damage as the rules read it, fitted to the track (levels past its end dropped). */
export function healthStateOf(system: Pick<MaelstromActorSystem, "health">, length: number): HealthState {
  const h = system.health;
  const whole = (n: unknown) => (typeof n === "number" && Number.isInteger(n) && n > 0 ? n : 0);
  return fitHealth(
    {
      bashing: whole(h.bashing),
      lethal: whole(h.lethal),
      aggravated: whole(h.aggravated),
      dead: h.dead === true,
    },
    length,
  );
}

/** How each mark is drawn: empty, bashing "/", lethal "X", aggravated "✱". */
export const MARK_GLYPHS: Readonly<Record<BoxMark, string>> = {
  empty: "",
  bashing: "/",
  lethal: "X",
  aggravated: "\u2731",
};

export function healthContext(input: CharacterSheetInput) {
  const { localize } = input;
  const track = sheetTrack(input.system, input.items, input.woundPenalties);
  const state = healthStateOf(input.system, track.length);
  const marks = boxesOf(state, track.length);
  const summary = healthSummary(state, track);
  const boxes = track.map((box, i) => {
    const mark = marks[i] ?? "empty";
    const label = box.label ? localize(`${ROOT}.Health.Label.${box.label}`) : "";
    const penalty = box.penalty ? signed(-box.penalty) : "";
    return {
      index: box.index,
      mark,
      glyph: MARK_GLYPHS[mark],
      label,
      penalty,
      ariaLabel: localize(`${ROOT}.Health.Box`, {
        number: String(i + 1),
        label: label || localize(`${ROOT}.Health.NoLabel`),
        penalty: penalty || "0",
        mark: localize(`${ROOT}.Health.Mark.${mark}`),
      }),
      hint: localize(`${ROOT}.Health.BoxHint.${mark}`),
    };
  });
  const status = summary.dead
    ? localize(`${ROOT}.Health.Dead`)
    : summary.incapacitated
      ? localize(`${ROOT}.Health.Incapacitated`)
      : summary.label
        ? localize(`${ROOT}.Health.Label.${summary.label}`)
        : localize(`${ROOT}.Health.Unhurt`);
  return {
    boxes,
    total: summary.total,
    max: summary.max,
    penalty: summary.penalty,
    penaltyText: summary.penalty
      ? localize(`${ROOT}.Health.Penalty`, { dice: signed(-summary.penalty) })
      : localize(`${ROOT}.Health.NoPenalty`),
    status,
    incapacitated: summary.incapacitated,
    dead: summary.dead,
    // "Dead is dead": healing never undoes it; only the storyteller brings a character back.
    deadNote: summary.dead ? localize(`${ROOT}.Health.DeadNote`) : "",
    canRevive: summary.dead && input.isGM && input.editable,
    reviveLabel: localize(`${ROOT}.Health.Revive`, { name: input.name }),
    canHeal: input.editable && summary.total > 0,
    damage: DAMAGE_TYPES.map((type: DamageType) => ({
      type,
      glyph: MARK_GLYPHS[type],
      label: localize(`${ROOT}.Health.Add`, { type: localize(`POLYVERSE.Maelstrom.DamageType.${type}`) }),
      soakLabel: localize(`${ROOT}.Health.Soak`, {
        type: localize(`POLYVERSE.Maelstrom.DamageType.${type}`),
      }),
    })),
  };
}

export function willpowerContext(input: CharacterSheetInput) {
  const { localize, system } = input;
  const name = localize("POLYVERSE.Maelstrom.Willpower");
  const max = Math.min(
    WILLPOWER_MAX,
    Math.max(WILLPOWER_MIN, Math.trunc(system.willpower.max) || WILLPOWER_MIN),
  );
  const value = Math.min(max, Math.max(0, Math.trunc(system.willpower.value) || 0));
  const rallied = system.willpower.rallied === true;
  const broken = system.willpower.broken ?? isBroken({ value, rallied });
  const labels = dotLabels(localize);
  return {
    permanent: dotRow({
      path: "system.willpower.max",
      value: max,
      min: WILLPOWER_MIN,
      max: WILLPOWER_MAX,
      name: localize(`${ROOT}.Willpower.Permanent`),
      editable: input.editable,
      ...labels,
    }),
    current: dotRow({
      path: "system.willpower.value",
      value,
      min: 0,
      max: WILLPOWER_MAX,
      ceiling: max,
      name: localize(`${ROOT}.Willpower.Current`),
      editable: input.editable,
      ...labels,
    }),
    value,
    max,
    broken,
    atZero: value === 0,
    rallied,
    rollLabel: localize(`${ROOT}.Roll.Trait`, { name }),
    rest: {
      label: localize(`${ROOT}.Willpower.Rest`),
      hint: localize(`${ROOT}.Willpower.RestHint`),
    },
    // A rally spends one of this character's dots: none left, nothing to spend.
    rally: {
      label: localize(`${ROOT}.Willpower.Rally`),
      allowed: value > 0,
      hint: localize(`${ROOT}.Willpower.${value > 0 ? "RallyHint" : "RallyNoWillpower"}`),
    },
  };
}

// ---- updates the sheet applies ----------------------------------------------------------------

const RATING_PATH = /^system\.(attributes|abilities)\.([A-Za-z]+)$/;

/**
 * The update that sets a rating from its dots: an attribute or ability (if the key is one), or
 * Willpower, kept consistent (`normalizeWillpower`: current never above permanent, the "recovered"
 * mark only at zero). Null for a path the dots do not set.
 */
export function ratingUpdate(
  system: Pick<MaelstromActorSystem, "attributes" | "abilities" | "willpower">,
  path: string,
  next: number,
): Record<string, unknown> | null {
  if (!Number.isInteger(next)) return null;
  if (path === "system.willpower.max" || path === "system.willpower.value") {
    const wp = {
      value: system.willpower.value,
      max: system.willpower.max,
      rallied: system.willpower.rallied,
    };
    if (path === "system.willpower.max") wp.max = Math.min(WILLPOWER_MAX, Math.max(WILLPOWER_MIN, next));
    else wp.value = Math.max(0, next);
    const n = normalizeWillpower(wp);
    return {
      "system.willpower.max": n.max,
      "system.willpower.value": n.value,
      "system.willpower.rallied": n.rallied,
    };
  }
  const match = RATING_PATH.exec(path);
  if (!match) return null;
  const group = system[match[1] as "attributes" | "abilities"] as Record<string, number>;
  if (!Object.hasOwn(group, match[2] ?? "")) return null;
  return { [path]: Math.min(MAX_TRAIT_DOTS, Math.max(0, next)) };
}

const healthUpdate = (state: HealthState) => ({
  "system.health.bashing": state.bashing,
  "system.health.lethal": state.lethal,
  "system.health.aggravated": state.aggravated,
  "system.health.dead": state.dead,
});

/** One level of damage marked on the track (`applyDamage`), as an update, with what it did. */
export function damageUpdate(
  system: Pick<MaelstromActorSystem, "health">,
  items: readonly SheetItem[],
  type: DamageType,
  woundPenalties?: string,
) {
  const track = sheetTrack(system, items, woundPenalties);
  const result = applyDamage(healthStateOf(system, track.length), type, 1, track.length);
  return { update: healthUpdate(result.state), died: result.died, incapacitated: result.incapacitated };
}

/** One level healed, the least serious first (`healDamage`), as an update. */
export function healUpdate(
  system: Pick<MaelstromActorSystem, "health">,
  items: readonly SheetItem[],
  woundPenalties?: string,
) {
  const track = sheetTrack(system, items, woundPenalties);
  return healthUpdate(healDamage(healthStateOf(system, track.length), 1));
}

/**
 * A click on a box of the track, as an update: an empty box marks one bashing level (in the next
 * empty box: damage is always marked from the top); a marked box takes one more line, the way the
 * text marks a more serious level over a lighter one ("Each type of damage adds a single line over
 * the one before it ... easy to convert a lower damage type to a higher one"): bashing becomes
 * lethal, lethal aggravated; an aggravated box is cleared. Null for a box outside the track.
 */
export function boxClickUpdate(
  system: Pick<MaelstromActorSystem, "health">,
  items: readonly SheetItem[],
  index: number,
  woundPenalties?: string,
) {
  const track = sheetTrack(system, items, woundPenalties);
  if (!Number.isInteger(index) || index < 0 || index >= track.length) return null;
  const state = healthStateOf(system, track.length);
  const mark = boxesOf(state, track.length)[index] ?? "empty";
  if (mark === "empty") return damageUpdate(system, items, "bashing", woundPenalties).update;
  const next = { ...state };
  if (mark === "bashing") Object.assign(next, { bashing: next.bashing - 1, lethal: next.lethal + 1 });
  else if (mark === "lethal")
    Object.assign(next, { lethal: next.lethal - 1, aggravated: next.aggravated + 1 });
  else next.aggravated -= 1;
  return healthUpdate(next);
}
