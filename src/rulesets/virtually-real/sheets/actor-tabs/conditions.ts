/**
 * The condition boxes, Foundry-free: the CONDITIONS rows (major and serious, physical on the left and
 * mental on the right), the CRIT row, and each emotional target's wound and armor boxes, as many boxes
 * as the world settings give (`conditionBoxes`, `emotionalBoxes`). A box is a button: an empty one
 * marks the condition its row's picker names (a duration for a major or serious condition, "as D for
 * Day"; a row of the conditions tables for a critical or serious emotional one), a filled one clears
 * its condition. The stored conditions are the rules' `ConditionMark`s (data/living-logic.ts
 * `StoredCondition`); a condition in a row with fewer boxes than marks stays shown, flagged. Time
 * passing heals them by the rules' `expireConditions`.
 */
import { removeAt } from "../../../../core/sheet-logic";
import {
  CONDITION_DURATIONS,
  CRITICAL_CONDITIONS,
  SERIOUS_EMOTIONAL_CONDITIONS,
  conditionRow,
  expireConditions,
  type ConditionDuration,
  type ConditionGroup,
  type ConditionId,
  type ConditionMark,
  type EmotionalTarget,
} from "../../rules";
import type { StoredCondition } from "../../data/living-logic";
import { CHARACTER, ROOT, targetName, type Localize, type OptionView } from "./common";

/** A row of boxes: `major-physical` ... `critical`, `emotional-<target>-wound|armor`. */
export type ConditionRowKey =
  | "major-physical"
  | "major-mental"
  | "serious-physical"
  | "serious-mental"
  | "critical"
  | `emotional-${EmotionalTarget}-${"wound" | "armor"}`;

interface RowSpec {
  severity: "major" | "serious" | "critical" | "emotional";
  group: ConditionGroup | null;
  target: EmotionalTarget | null;
  side: "wound" | "armor";
}

const EMOTIONAL_ROW = /^emotional-(violence|despair|isolation|guilt)-(wound|armor)$/;

/** What a row key names, or null when it names no row. */
export function rowSpec(row: string): RowSpec | null {
  const plain = /^(major|serious)-(physical|mental)$/.exec(row);
  if (plain)
    return {
      severity: plain[1] as "major" | "serious",
      group: plain[2] as ConditionGroup,
      target: null,
      side: "wound",
    };
  if (row === "critical") return { severity: "critical", group: null, target: null, side: "wound" };
  const emotional = EMOTIONAL_ROW.exec(row);
  if (emotional)
    return {
      severity: "emotional",
      group: "emotional",
      target: emotional[1] as EmotionalTarget,
      side: emotional[2] as "wound" | "armor",
    };
  return null;
}

/** Whether a stored condition sits in a row. */
function inRow(c: StoredCondition, spec: RowSpec): boolean {
  if (spec.severity === "critical") return c.severity === "critical";
  if (spec.severity === "emotional")
    return (
      c.group === "emotional" && c.severity !== "critical" && c.target === spec.target && c.side === spec.side
    );
  return c.severity === spec.severity && c.group === spec.group;
}

/** The group a critical condition of the tables belongs to (it reaches every roll whatever it is). */
function criticalGroup(id: ConditionId): ConditionGroup {
  if (conditionRow(id).target) return "emotional";
  return id === "N" ? "mental" : "physical";
}

/**
 * The picker's choices for a row: durations ("duration:<key>") for a major or serious condition; the
 * CRITICAL CONDITIONS rows ("id:<id>") for the CRIT row; for an emotional target, a major condition's
 * durations and the SERIOUS EMOTIONAL CONDITIONS rows that fit it (its own letter and T).
 */
export function pickerChoices(row: string, localize: Localize): OptionView[] {
  const spec = rowSpec(row);
  if (!spec) return [];
  const duration = (prefix: string) =>
    CONDITION_DURATIONS.map((d) => ({
      value: `duration:${d}`,
      label: localize(`${ROOT}.Conditions.Pick.${prefix}`, {
        duration: localize(`${CHARACTER}.Duration.${d}`),
      }),
      selected: false,
    }));
  const tableRow = (id: ConditionId) => ({
    value: `id:${id}`,
    label: localize(`${ROOT}.Conditions.Pick.row`, {
      letter: conditionRow(id).adrenaline ? "[#]" : conditionRow(id).letter,
      name: localize(`${CHARACTER}.Condition.${id}`),
    }),
    selected: false,
  });
  if (spec.severity === "critical")
    // The lettered conditions first, then the adrenaline boxes (whose number is the adrenaline level).
    return [...CRITICAL_CONDITIONS]
      .sort((a, b) => Number(a.adrenaline) - Number(b.adrenaline))
      .map((r) => tableRow(r.id));
  if (spec.severity !== "emotional") return duration("plain");
  const serious = SERIOUS_EMOTIONAL_CONDITIONS.filter((r) => r.target === spec.target || r.target === null);
  return [...duration("major"), ...serious.map((r) => tableRow(r.id))];
}

/** The condition an empty box of `row` marks with the picker's `pick`, or null when it makes none. */
export function conditionFromPick(row: string, pick: string): StoredCondition | null {
  const spec = rowSpec(row);
  if (!spec) return null;
  const [kind, key] = pick.split(":") as [string, string | undefined];
  if (kind === "duration" && spec.severity !== "critical") {
    if (!(CONDITION_DURATIONS as readonly string[]).includes(key ?? "")) return null;
    return {
      severity: spec.severity === "emotional" ? "major" : spec.severity,
      group: spec.group!,
      target: spec.target ?? "",
      side: spec.side,
      id: "",
      letter: "",
      atNext: key as ConditionDuration,
    };
  }
  if (kind !== "id") return null;
  const choices = pickerChoices(row, (k) => k).map((o) => o.value);
  if (!choices.includes(pick)) return null;
  const table = conditionRow(key as ConditionId);
  if (spec.severity === "critical")
    return {
      severity: "critical",
      group: criticalGroup(table.id),
      target: table.target ?? "",
      side: "wound",
      id: table.id,
      letter: "",
      atNext: table.atNext,
    };
  return {
    severity: "serious",
    group: "emotional",
    target: spec.target ?? "",
    side: spec.side,
    id: table.id,
    letter: "",
    atNext: table.atNext,
  };
}

/** The conditions after a box is pressed: a filled one (`mark`, its index) cleared, an empty one marked. */
export function toggleCondition(
  conditions: readonly StoredCondition[],
  press: { mark: number } | { row: string; pick: string },
): StoredCondition[] | null {
  if ("mark" in press) return removeAt(conditions, press.mark);
  const added = conditionFromPick(press.row, press.pick);
  return added ? [...conditions, added] : null;
}

/** A rules mark back in the stored shape. */
function stored(mark: ConditionMark): StoredCondition {
  return {
    severity: mark.severity,
    group: mark.group,
    target: mark.target ?? "",
    side: mark.side ?? "wound",
    id: mark.id ?? "",
    letter: mark.letter ?? "",
    atNext: mark.atNext ?? "",
  };
}

/** The conditions after a time passes (the rules' `expireConditions`), or null for an unknown event. */
export function expireStored(
  conditions: readonly StoredCondition[],
  marks: readonly ConditionMark[],
  event: string,
): StoredCondition[] | null {
  if (!(CONDITION_DURATIONS as readonly string[]).includes(event) || marks.length !== conditions.length)
    return null;
  return expireConditions(marks, event as ConditionDuration).map(stored);
}

/** One box as the templates draw it. */
export interface BoxView {
  row: string;
  /** The condition's index in `system.conditions` (null: an empty box). */
  mark: number | null;
  filled: boolean;
  /** What the box shows: the table's letter, the adrenaline level for a rush, or the duration's. */
  letter: string;
  label: string;
  /** A condition beyond the row's boxes (the settings give fewer boxes than marks). */
  overflow: boolean;
  critical: boolean;
}

/** What a condition's box shows. */
export function boxLetter(c: StoredCondition, adrenaline: number, localize: Localize): string {
  if (c.id) {
    const row = conditionRow(c.id);
    return row.adrenaline ? String(adrenaline) : row.letter;
  }
  if (c.letter) return c.letter;
  return c.atNext ? localize(`${ROOT}.Conditions.DurationLetter.${c.atNext}`) : "•";
}

/** What a condition is, in words, for a box's accessible name. */
export function conditionText(c: StoredCondition, localize: Localize): string {
  const name = c.id
    ? localize(`${CHARACTER}.Condition.${c.id}`)
    : localize(`${CHARACTER}.ConditionSeverity.${c.severity}`);
  const until = c.atNext ? localize(`${CHARACTER}.Duration.${c.atNext}`) : "";
  return until ? localize(`${ROOT}.Conditions.Until`, { name, until }) : name;
}

/** A row's boxes: its conditions in the order marked, then the empty boxes up to `size`. */
export function rowBoxes(
  row: ConditionRowKey,
  conditions: readonly StoredCondition[],
  size: number,
  adrenaline: number,
  localize: Localize,
): BoxView[] {
  const spec = rowSpec(row)!;
  const rowName = rowLabel(row, localize);
  const marked = conditions
    .map((c, index) => ({ c, index }))
    .filter(({ c }) => inRow(c, spec))
    .map(({ c, index }, n) => ({
      row,
      mark: index,
      filled: true,
      letter: boxLetter(c, adrenaline, localize),
      label: localize(`${ROOT}.Conditions.Filled`, {
        row: rowName,
        n: String(n + 1),
        what: conditionText(c, localize),
      }),
      overflow: n >= size,
      critical: c.severity === "critical",
    }));
  const empty = Array.from({ length: Math.max(0, size - marked.length) }, (_, i) => ({
    row,
    mark: null,
    filled: false,
    letter: "",
    label: localize(`${ROOT}.Conditions.Empty`, { row: rowName, n: String(marked.length + i + 1) }),
    overflow: false,
    critical: spec.severity === "critical",
  }));
  return [...marked, ...empty];
}

/** A row's name ("Major physical", "Violence armor"). */
export function rowLabel(row: ConditionRowKey, localize: Localize): string {
  const spec = rowSpec(row)!;
  if (spec.severity === "emotional")
    return localize(`${ROOT}.Conditions.Row.emotional`, {
      target: localize(targetName(spec.target!)),
      side: localize(`POLYVERSE.VirtuallyReal.ConditionSide.${spec.side}`),
    });
  return localize(`${ROOT}.Conditions.Row.${row}`);
}

/** A row with its boxes and its picker, as the templates draw it. */
export function rowView(
  row: ConditionRowKey,
  conditions: readonly StoredCondition[],
  size: number,
  adrenaline: number,
  localize: Localize,
) {
  const boxes = rowBoxes(row, conditions, size, adrenaline, localize);
  const label = rowLabel(row, localize);
  return {
    row,
    label,
    boxes,
    full: boxes.every((b) => b.filled),
    picker: pickerChoices(row, localize),
    pickLabel: localize(`${ROOT}.Conditions.PickLabel`, { row: label }),
  };
}
