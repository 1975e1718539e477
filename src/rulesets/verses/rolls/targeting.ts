/**
 * Attack targeting: the distance from the attacker's token to the targeted token, measured on the
 * scene's grid (one square = 1 m in 'Verses, "Grid"), and the success target that distance gives
 * with the weapon mode's TEST and obstructive cover (rules: `rangedTarget`, `attackTarget`,
 * `obstructiveCoverBonus`). The arithmetic is Foundry-free and unit-tested; `measureTargets` is
 * the canvas glue. Out of range is a result the dialog shows, never a roll.
 */
import { formatMetres, toMetres } from "../../../core/board-logic";
import { actorToken, metresBetweenTokens, targetedTokens, type AnyToken } from "../../../core/board";
import type { DialogMessage, DialogText } from "../../../core/roll-dialog-model";
import { rulesLine } from "../base/rules-message-logic";
import type { LabelledDice } from "../base/pool-dialog-logic";
import {
  obstructiveCoverBonus,
  rangedTarget,
  validateRangeSpec,
  type ObstructiveCover,
  type RangeSpec,
} from "../rules";

// ---- pure ---------------------------------------------------------------------------------------

// Scene distances are core's (board-logic.ts, board.ts): re-exported for the dialog and the tests.
export { formatMetres, nearestSquareCentres, toMetres } from "../../../core/board-logic";
export { actorToken, gridScale, metresToPoint, targetedTokens } from "../../../core/board";

/** The situation of an attack: how far, what cover, and whether the target lies Prone. */
interface AttackSituation {
  /** Metres to the target, or null when not known (no targeted token, nothing entered). */
  metres: number | null;
  cover: ObstructiveCover;
  targetProne?: boolean;
  /** Reach of a melee TEST in metres: one grid square (1 m by default). */
  meleeReach?: number;
}

/** The success target of an attack, how it was worked out, and why there is none. */
interface AttackTargetResult {
  /** The success target, or null when the attack cannot be made as things stand. */
  value: number | null;
  parts: LabelledDice[];
  problem: DialogText | null;
  spec: RangeSpec | null;
}

const KEY = "POLYVERSE.Verses.Dialog.Target";

/**
 * The success target of an attack with a weapon mode's TEST (`1S`, `2S@10m,20,30,40,50`,
 * `2S@3m,2`) in a situation: the range band's target plus obstructive cover, each labelled for
 * the dialog and the card. TV-19: a Short Bow at 25 m is 4S, and with partial cover 6S; at 51 m
 * it is ineffective. TV-C30: partial cover adds nothing at 2 m, +2S at 3 m. TV-34: 3S behind full
 * cover is 8S.
 */
export function attackTargetFor(test: string, situation: AttackSituation): AttackTargetResult {
  const checked = validateRangeSpec(test);
  if (!checked.ok)
    return {
      value: null,
      parts: [],
      problem: { key: `${KEY}.BadTest`, data: { test }, parts: { reason: rulesLine(checked.reason) } },
      spec: null,
    };
  const spec = checked.value;
  const reach = situation.meleeReach ?? 1;
  const { metres } = situation;
  const parts: LabelledDice[] = [];
  let base: number | null;
  if (metres === null) {
    if (spec.direction !== "none")
      return { value: null, parts: [], problem: { key: `${KEY}.NoDistance` }, spec };
    base = spec.base;
    parts.push({ label: `${KEY}.Melee`, dice: base });
  } else {
    base = rangedTarget(spec, metres, { meleeReach: reach });
    if (base === null) return { value: null, parts: [], problem: outOfRange(spec, metres, reach), spec };
    parts.push(
      spec.direction === "none"
        ? { label: `${KEY}.Melee`, dice: base }
        : { label: `${KEY}.Range`, dice: base, data: { metres: formatMetres(metres) } },
    );
  }
  const at = metres ?? 0;
  const cover = obstructiveCoverBonus({
    cover: situation.cover,
    metres: at,
    ...(situation.targetProne ? { targetProne: true } : {}),
  });
  if (situation.cover === "none" && cover > 0) parts.push({ label: `${KEY}.ProneFar`, dice: cover });
  else if (situation.cover === "partial" && cover === 0)
    parts.push({ label: `${KEY}.PartialClose`, dice: 0 });
  else if (situation.cover !== "none") parts.push({ label: `${KEY}.Cover.${situation.cover}`, dice: cover });
  return { value: base + cover, parts, problem: null, spec };
}

function outOfRange(spec: RangeSpec, metres: number, reach: number): DialogMessage {
  const at = formatMetres(metres);
  if (spec.direction === "none")
    return { key: `${KEY}.OutOfReach`, data: { metres: at, reach: formatMetres(reach) } };
  const first = spec.marks[0] ?? 0;
  const last = spec.marks[spec.marks.length - 1] ?? 0;
  return spec.direction === "increasing"
    ? { key: `${KEY}.OutOfRange`, data: { metres: at, max: formatMetres(last) } }
    : { key: `${KEY}.OutOfBand`, data: { metres: at, min: formatMetres(last), max: formatMetres(first) } };
}

// ---- Foundry glue ---------------------------------------------------------------------------------

/** What the canvas says about the user's target. */
interface MeasuredTarget {
  /** Distance to the target in metres (nearest squares on a square grid, centres otherwise). */
  metres: number;
  /** The targeted token's name. */
  name: string;
  tokenUuid: string;
  /** The targeted token's actor lies Prone (partial obstructive cover beyond 10 m). */
  prone: boolean;
  /** One grid square in metres: a melee TEST's reach. */
  gridMetres: number;
  /** More than one token is targeted: the first is measured. */
  several: boolean;
  /** The distance was measured on the canvas (false: unknown, `metres` is 0). */
  measured?: boolean;
}

/** What the attack needs of one targeted token. */
export interface TargetedToken extends MeasuredTarget {
  actorUuid: string;
}

/** Measure from the actor's token to each of `tokens` (the user's targets by default). */
export function measureTargets(
  actor: Actor.Implementation,
  tokens: readonly AnyToken[] = targetedTokens(),
): TargetedToken[] {
  const from = actorToken(actor);
  const board = canvas;
  const gridMetres = board?.scene ? toMetres(board.scene.grid.distance, board.scene.grid.units) : 1;
  return tokens
    .filter((t) => t.actor && t !== from)
    .map((target) => {
      const metres = from ? metresBetweenTokens(from, target) : null;
      return {
        metres: metres ?? 0,
        measured: metres !== null,
        name: target.name ?? target.document.name ?? "",
        tokenUuid: target.document.uuid,
        actorUuid: target.actor!.uuid,
        prone: target.actor?.statuses.has("prone") ?? false,
        gridMetres,
        several: tokens.length > 1,
      };
    });
}
