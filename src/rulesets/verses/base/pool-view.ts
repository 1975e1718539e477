/**
 * What a 'Verses pool card shows, computed from the faces and the roll's options. Pure: the Roll
 * class and the tests both call it, so the card is the same live and after a reload.
 */
import { formatChance } from "../../../core/roll-dialog-model";
import { breakdownAmounts } from "./pool-dialog-logic";
import { MAX_POOL, PART_BOUND } from "./pool-cap";
import { resolveTest, sortSixesFirst, successProbability, type TestOutcome } from "../rules/dice";
import type { Face } from "../rules/types";
import { facesWithLuck, luckRerollable, readLuck, type LuckState } from "./ability-logic";

/** One labelled source of dice in a pool ("Swords 1", "PRW 2", "AD 2", "difficulty -2"). */
export interface PoolPart {
  /** i18n key or literal label. */
  label: string;
  dice: number;
  /** Values for an i18n key with placeholders ("{skill} difficulty"). */
  data?: Record<string, string>;
}

/** The kinds of test a pool card knows. */
const POOL_KINDS = [
  "test",
  "attack",
  "defence",
  "healing",
  "stabilise",
  "rest",
  "influence",
  "initiative",
  "survival",
] as const;
type PoolKind = (typeof POOL_KINDS)[number];

/** What a pool roll stores in `Roll#options`: everything the chat card needs, so it survives a reload. */
export interface VersesRollOptions {
  /** The success target `#S` (0 means none: the roll is shown without success or failure). */
  target: number;
  /** A continuation target `#C` for continuous tests (0 when the test is not continuous). */
  continuation?: number;
  /** Where the dice came from. Their sum is the pool. */
  parts?: PoolPart[];
  /** What was rolled: "Stellar Navigation", "Longsword", "PRW". */
  label?: string;
  /** The kind of test, which decides what the margin means on the card. */
  kind?: PoolKind;
  /** Per-SM effect shown on a success: "3(s)" damage for an attack, "1" HP for stabilising. */
  perSM?: string;
  /** Action dice spent on this roll. */
  ad?: number;
  /** Who rolled, and with what (UUIDs), for the card's buttons. */
  actorUuid?: string;
  itemUuid?: string;
  /** The targeted tokens' UUIDs when the roll was made. */
  targets?: string[];
  /**
   * A defence roll: against which attack card and target, what kind, and the parrying weapon.
   * The attack card is resolved from this (by the GM for a player who did not write the card).
   */
  defence?: {
    kind: "dodge" | "parry" | "resist";
    attackMessageId: string;
    index: number;
    weapon?: { itemUuid: string; modeIndex: number; name: string; fast: boolean; parry: number | null };
  };
  /**
   * How the success target was worked out, in successes: the range band ("Range 25 m": 4),
   * cover ("Partial cover": 2), a hand adjustment. Empty when the target was simply given.
   */
  targetParts?: PoolPart[];
  /**
   * Uncanny Luck: the roller's allocated dice when the roll was made and, once used, the dice
   * re-rolled (indices into the faces as rolled) and their new faces. The card shows the faces with
   * the re-rolls in place, and offers the re-roll while it is unused.
   */
  luck?: LuckState;
  /** Adrenaline Rush: the EX this roll unbound ("immediately after any successful test with a SM of 4 or higher"). */
  adrenalineRush?: number;
}

export interface DieView {
  face: number;
  css: "six" | "five" | "miss";
}

export interface PoolView extends TestOutcome {
  pool: number;
  dice: DieView[];
  /** The chance of this pool reaching this target before the roll (0..1). */
  chance: number;
  hasTarget: boolean;
  parts: PoolPart[];
  label: string;
  kind: NonNullable<VersesRollOptions["kind"]>;
  /** The effect on a success, e.g. { perSM: "3(s)", margin: 2 }: the card says "2 × 3(s)". */
  effect: { perSM: string; margin: number } | null;
  continuation: number;
  targetParts: PoolPart[];
  /**
   * The roll's data is not a pool this system could have rolled (a face that is not 1 to 6, a
   * target that is not a whole number of successes, options missing, more dice than any world
   * allows ...): the card shows an "invalid roll" note and nothing of the dice.
   */
  invalid: boolean;
  /** Uncanny Luck: how many 1s the roller may still re-roll (0: none, or used). */
  luckRerolls: number;
  /** Uncanny Luck, once used: the faces before and after the re-roll. */
  luckRerolled: { before: number[]; after: number[] } | null;
  /** Adrenaline Rush: EX unbound by this roll (0: none). */
  adrenalineRush: number;
}

export function poolSize(parts: readonly PoolPart[] | undefined): number {
  return Math.max(
    0,
    (parts ?? []).reduce((sum, p) => sum + p.dice, 0),
  );
}

/** Parts or target parts that a card may show: a label, whole dice, text values. */
function readParts(value: unknown): PoolPart[] | null {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_PARTS) return null;
  const parts: PoolPart[] = [];
  for (const p of value as unknown[]) {
    if (!isRecord(p) || typeof p.label !== "string" || p.label.length > MAX_TEXT) return null;
    const dice = p.dice;
    if (typeof dice !== "number" || !Number.isInteger(dice) || Math.abs(dice) > PART_BOUND) return null;
    let data: Record<string, string> | undefined;
    if (p.data !== undefined) {
      if (!isRecord(p.data)) return null;
      const entries = Object.entries(p.data);
      if (entries.some(([, v]) => typeof v !== "string" || v.length > MAX_TEXT)) return null;
      data = Object.fromEntries(entries) as Record<string, string>;
    }
    parts.push({ label: p.label, dice, ...(data ? { data } : {}) });
  }
  return parts;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max;
const optionalText = (v: unknown): v is string | undefined =>
  v === undefined || (typeof v === "string" && v.length <= MAX_TEXT);
/** Longest label or text value a card shows. */
const MAX_TEXT = 500;
/** Most parts in a breakdown. */
const MAX_PARTS = 100;

/** A roll's faces and options as a pool card can show them, or null when they are not a pool. */
export function readPoolRoll(
  faces: unknown,
  options: unknown,
  maxDice: number = MAX_POOL.max,
): { faces: Face[]; options: VersesRollOptions } | null {
  if (!Array.isArray(faces) || faces.length > maxDice) return null;
  if (!faces.every((f) => typeof f === "number" && Number.isInteger(f) && f >= 1 && f <= 6)) return null;
  if (!isRecord(options)) return null;
  const o = options;
  if (!isCount(o.target, maxDice)) return null;
  if (o.continuation !== undefined && !isCount(o.continuation, maxDice)) return null;
  if (!optionalText(o.label) || !optionalText(o.perSM)) return null;
  if (o.kind !== undefined && !(POOL_KINDS as readonly unknown[]).includes(o.kind)) return null;
  const parts = readParts(o.parts);
  const targetParts = readParts(o.targetParts);
  if (!parts || !targetParts) return null;
  // The dice rolled are the pool its parts add up to (VersesRoll.fromParts): a card whose parts
  // say otherwise was not rolled here.
  if (o.parts !== undefined && poolSize(parts) !== faces.length) return null;
  if (o.luck !== undefined && !readLuck(o.luck, faces as number[])) return null;
  if (o.adrenalineRush !== undefined && !isCount(o.adrenalineRush, maxDice)) return null;
  return {
    faces: facesWithLuck(faces as number[], o.luck) as Face[],
    options: {
      ...(o as unknown as VersesRollOptions),
      target: o.target,
      parts,
      targetParts,
    },
  };
}

/** The view of a roll whose data is not a pool: nothing but what was rolled and the note. */
function invalidView(options: unknown): PoolView {
  const label =
    isRecord(options) && typeof options.label === "string" ? options.label.slice(0, MAX_TEXT) : "";
  return {
    successes: 0,
    sixes: 0,
    fives: 0,
    target: 0,
    success: false,
    margin: 0,
    pool: 0,
    dice: [],
    chance: 0,
    hasTarget: false,
    parts: [],
    label,
    kind: "test",
    effect: null,
    continuation: 0,
    targetParts: [],
    invalid: true,
    luckRerolls: 0,
    luckRerolled: null,
    adrenalineRush: 0,
  };
}

/**
 * The card's view of a roll's faces and options. Never throws: data that is not a pool this
 * system could have rolled ({@link readPoolRoll}, e.g. a forged message) gives an invalid view.
 * `maxDice` is the most dice a card shows ({@link MAX_POOL}`.max`: whatever a world's setting,
 * no pool was ever larger).
 */
export function poolView(
  faces: readonly unknown[],
  options: unknown,
  maxDice: number = MAX_POOL.max,
): PoolView {
  const read = readPoolRoll(faces, options, maxDice);
  if (!read) return invalidView(options);
  const { options: o } = read;
  const rolled = faces as number[];
  const luck = o.luck ? readLuck(o.luck, rolled) : null;
  const target = o.target;
  const outcome = resolveTest(read.faces, target);
  const dice = sortSixesFirst(read.faces).map((face): DieView => ({
    face,
    css: face === 6 ? "six" : face === 5 ? "five" : "miss",
  }));
  return {
    ...outcome,
    pool: read.faces.length,
    dice,
    chance: successProbability(read.faces.length, target),
    hasTarget: target > 0,
    parts: o.parts ?? [],
    label: o.label ?? "",
    kind: o.kind ?? "test",
    effect: outcome.success && target > 0 && o.perSM ? { perSM: o.perSM, margin: outcome.margin } : null,
    continuation: o.continuation ?? 0,
    targetParts: o.targetParts ?? [],
    invalid: false,
    luckRerolls: luckRerollable(rolled, o).length,
    luckRerolled: luck?.rerolled
      ? {
          before: luck.rerolled.indices.map((i) => rolled[i] ?? 1),
          after: [...luck.rerolled.faces],
        }
      : null,
    adrenalineRush: o.adrenalineRush ?? 0,
  };
}

/**
 * The chat card's template context: the view with its labels localised and the odds as text. A
 * private card (a blind roll seen by its roller, a GM or self roll seen by others) shows what was
 * rolled but not the dice, the successes or the outcome, as Foundry's own cards do.
 */
export function poolCardContext(
  view: PoolView,
  {
    flavor,
    isPrivate,
    localize,
  }: {
    flavor?: string | null;
    isPrivate?: boolean;
    localize: (label: string, data?: Record<string, string>) => string;
  },
) {
  if (view.invalid)
    return {
      ...view,
      label: view.label ? localize(view.label) : "",
      parts: [] as PoolPart[],
      targetParts: breakdownAmounts([] as PoolPart[]),
      dice: [] as DieView[],
      flavor: null,
      isPrivate: Boolean(isPrivate),
      chancePercent: "",
      successesKey: "POLYVERSE.Verses.Roll.Successes",
    };
  return {
    ...view,
    label: localize(view.label),
    parts: view.parts.map((p) => ({ ...p, label: localize(p.label, p.data) })),
    targetParts: breakdownAmounts(view.targetParts).map((p) => ({ ...p, label: localize(p.label, p.data) })),
    flavor: isPrivate ? null : (flavor ?? null),
    isPrivate: Boolean(isPrivate),
    dice: isPrivate ? [] : view.dice,
    chancePercent: formatChance(view.chance),
    luckRerolls: isPrivate ? 0 : view.luckRerolls,
    luckRerolled:
      view.luckRerolled && !isPrivate
        ? { before: view.luckRerolled.before.join(", "), after: view.luckRerolled.after.join(", ") }
        : null,
    successesKey:
      view.successes === 1 ? "POLYVERSE.Verses.Roll.SuccessesOne" : "POLYVERSE.Verses.Roll.Successes",
  };
}

/** The i18n key of the note an invalid roll shows. */
export const INVALID_ROLL_KEY = "POLYVERSE.Verses.Roll.Invalid";

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * The card of a roll that could not be drawn at all (its template failed): the invalid-roll note
 * alone, as plain HTML, so the chat log still shows every other message.
 */
export function invalidCardText(localize: (label: string) => string): string {
  let note = INVALID_ROLL_KEY;
  try {
    note = localize(INVALID_ROLL_KEY);
  } catch {
    // The key itself says what happened.
  }
  return `<div class="polyverse pv-card pv-pool-card" data-invalid="true"><p class="pv-invalid-roll">${escapeHtml(note)}</p></div>`;
}
