/**
 * What a 'Verses pool card shows, computed from the faces and the roll's options. Pure: the Roll
 * class and the tests both call it, so the card is the same live and after a reload.
 */
import { breakdownAmounts, formatChance } from "../../../core/roll-dialog-model";
import { resolveTest, sortSixesFirst, successProbability, type TestOutcome } from "../rules/dice";

/** One labelled source of dice in a pool ("Swords 1", "PRW 2", "AD 2", "difficulty -2"). */
export interface PoolPart {
  /** i18n key or literal label. */
  label: string;
  dice: number;
  /** Values for an i18n key with placeholders ("{skill} difficulty"). */
  data?: Record<string, string>;
}

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
  kind?:
    | "test"
    | "attack"
    | "defence"
    | "healing"
    | "stabilise"
    | "rest"
    | "influence"
    | "initiative"
    | "survival";
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
}

export function poolSize(parts: readonly PoolPart[] | undefined): number {
  return Math.max(
    0,
    (parts ?? []).reduce((sum, p) => sum + p.dice, 0),
  );
}

export function poolView(faces: readonly number[], options: VersesRollOptions): PoolView {
  const target = Math.max(0, Math.floor(options.target ?? 0));
  const outcome = resolveTest(faces, target);
  const dice = sortSixesFirst(faces).map((face): DieView => ({
    face,
    css: face === 6 ? "six" : face === 5 ? "five" : "miss",
  }));
  return {
    ...outcome,
    pool: faces.length,
    dice,
    chance: successProbability(faces.length, target),
    hasTarget: target > 0,
    parts: options.parts ?? [],
    label: options.label ?? "",
    kind: options.kind ?? "test",
    effect:
      outcome.success && target > 0 && options.perSM
        ? { perSM: options.perSM, margin: outcome.margin }
        : null,
    continuation: options.continuation ?? 0,
    targetParts: options.targetParts ?? [],
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
  return {
    ...view,
    label: localize(view.label),
    parts: view.parts.map((p) => ({ ...p, label: localize(p.label, p.data) })),
    targetParts: breakdownAmounts(view.targetParts).map((p) => ({ ...p, label: localize(p.label, p.data) })),
    flavor: isPrivate ? null : (flavor ?? null),
    isPrivate: Boolean(isPrivate),
    dice: isPrivate ? [] : view.dice,
    chancePercent: formatChance(view.chance),
    successesKey:
      view.successes === 1 ? "POLYVERSE.Verses.Roll.SuccessesOne" : "POLYVERSE.Verses.Roll.Successes",
  };
}
