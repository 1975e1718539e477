/**
 * Attack targeting: the distance from the attacker's token to the targeted token, measured on the
 * scene's grid (one square = 1 m in 'Verses, "Grid"), and the success target that distance gives
 * with the weapon mode's TEST and obstructive cover (rules: `rangedTarget`, `attackTarget`,
 * `obstructiveCoverBonus`). The arithmetic is Foundry-free and unit-tested; `measureTargets` is
 * the canvas glue. Out of range is a result the dialog shows, never a roll.
 */
import type { DialogMessage } from "../../../core/roll-dialog-model";
import type { LabelledDice } from "../base/pool-dialog-logic";
import {
  obstructiveCoverBonus,
  rangedTarget,
  validateRangeSpec,
  type ObstructiveCover,
  type RangeSpec,
} from "../rules";

// ---- pure ---------------------------------------------------------------------------------------

const METRES_PER_UNIT: Record<string, number> = {
  m: 1,
  meter: 1,
  meters: 1,
  metre: 1,
  metres: 1,
  cm: 0.01,
  km: 1000,
  ft: 0.3048,
  "ft.": 0.3048,
  foot: 0.3048,
  feet: 0.3048,
  "'": 0.3048,
  yd: 0.9144,
  yard: 0.9144,
  yards: 0.9144,
  mi: 1609.344,
  mile: 1609.344,
  miles: 1609.344,
};

/**
 * A scene distance in metres. 'Verses scenes use metres (grid distance 1, units "m"); a scene in
 * feet, yards, kilometres or miles is converted, and a scene with no or unknown units is taken
 * to be in metres.
 */
export function toMetres(distance: number, units: string | null | undefined): number {
  const factor = METRES_PER_UNIT[(units ?? "").trim().toLowerCase()] ?? 1;
  return distance * factor;
}

/** A distance as the dialog and the card print it: to 0.1 m. */
export function formatMetres(metres: number): string {
  return String(Math.round(metres * 10) / 10);
}

/** A token's footprint on the canvas: top-left corner in pixels, size in grid squares. */
interface Footprint {
  x: number;
  y: number;
  width: number;
  height: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

/**
 * The centres of the two nearest squares of two tokens on a square grid of `size` pixels, so that
 * a large creature is measured from its nearest edge ("adjacent" is 1 m whatever the tokens'
 * sizes). Measuring between these two points with the scene's diagonal rule gives the distance.
 */
export function nearestSquareCentres(
  a: Footprint,
  b: Footprint,
  size: number,
): [{ x: number; y: number }, { x: number; y: number }] {
  const half = size / 2;
  const range = (f: Footprint, axis: "x" | "y") => {
    const start = f[axis] + half;
    const extent = (axis === "x" ? f.width : f.height) * size;
    return [start, f[axis] + extent - half] as const;
  };
  const centre = (f: Footprint, axis: "x" | "y") =>
    f[axis] + ((axis === "x" ? f.width : f.height) * size) / 2;
  const pa = { x: 0, y: 0 };
  const pb = { x: 0, y: 0 };
  for (const axis of ["x", "y"] as const) {
    const [a0, a1] = range(a, axis);
    const [b0, b1] = range(b, axis);
    pa[axis] = clamp(centre(b, axis), a0, a1);
    pb[axis] = clamp(pa[axis], b0, b1);
  }
  return [pa, pb];
}

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
  problem: DialogMessage | null;
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
      problem: { key: `${KEY}.BadTest`, data: { test, reason: checked.reason } },
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

type AnyToken = foundry.canvas.placeables.Token.Implementation;

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

/** The attacker's token on the viewed scene: the actor's own (unlinked) token, a controlled one, or any. */
function attackerToken(actor: Actor.Implementation): AnyToken | null {
  const own = actor.token?.object as AnyToken | null | undefined;
  if (own) return own;
  const controlled = canvas?.tokens?.controlled.find((t) => t.actor?.id === actor.id);
  if (controlled) return controlled as AnyToken;
  return (actor.getActiveTokens(true)[0] as AnyToken | undefined) ?? null;
}

function footprint(token: AnyToken): Footprint {
  const d = token.document;
  return { x: d.x ?? 0, y: d.y ?? 0, width: d.width ?? 1, height: d.height ?? 1 };
}

/** The user's targeted tokens on the viewed scene. */
export function targetedTokens(): AnyToken[] {
  return [...(game.user?.targets ?? [])] as AnyToken[];
}

/** The actor's token on the viewed scene, if any. */
export function actorToken(actor: Actor.Implementation): AnyToken | null {
  return attackerToken(actor);
}

/** Metres per grid square and pixels per square of the viewed scene, or null without one. */
export function gridScale(): { size: number; metres: number } | null {
  const board = canvas;
  if (!board?.ready || !board.scene || !board.grid) return null;
  return { size: board.grid.size, metres: toMetres(board.scene.grid.distance, board.scene.grid.units) };
}

/**
 * Metres from one token to another on the viewed scene, with the scene's grid and diagonal rule
 * (the nearest squares of each on a square grid, their centres otherwise). Null without a canvas.
 */
function metresBetweenTokens(from: AnyToken, to: AnyToken): number | null {
  const board = canvas;
  if (!board?.ready || !board.scene || !board.grid || from.scene !== to.scene) return null;
  const grid = board.grid;
  const points = grid.isSquare
    ? nearestSquareCentres(footprint(from), footprint(to), grid.size)
    : [from.center, to.center];
  const measured = grid.measurePath(
    points.map((p) => ({ x: p.x, y: p.y })),
    {},
  );
  return toMetres(measured.distance, board.scene.grid.units);
}

/** Metres from a token to a point of the canvas (its centre to the point). */
export function metresToPoint(from: AnyToken, point: { x: number; y: number }): number | null {
  const board = canvas;
  if (!board?.ready || !board.scene || !board.grid) return null;
  const measured = board.grid.measurePath([{ x: from.center.x, y: from.center.y }, point], {});
  return toMetres(measured.distance, board.scene.grid.units);
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
  const from = attackerToken(actor);
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
