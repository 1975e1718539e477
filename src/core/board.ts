/**
 * Tokens and distances on the viewed scene (the arithmetic is board-logic.ts): an actor's token, the
 * user's targeted tokens, and metres between two tokens or from a token to a point, with the scene's
 * grid, its diagonal rule and its units. Every ruleset that measures a shot reads the scene here.
 */
import { nearestSquareCentres, toMetres, type Footprint } from "./board-logic";

export type AnyToken = foundry.canvas.placeables.Token.Implementation;

/** The actor's token on the viewed scene: its own (unlinked) token, a controlled one, or any. */
export function actorToken(actor: Actor.Implementation): AnyToken | null {
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

/** Metres per grid square and pixels per square of the viewed scene, or null without one. */
export function gridScale(): { size: number; metres: number } | null {
  const board = canvas;
  if (!board?.ready || !board.scene || !board.grid) return null;
  return { size: board.grid.size, metres: toMetres(board.scene.grid.distance, board.scene.grid.units) };
}

/**
 * Metres from one token to another on the viewed scene, with the scene's grid and diagonal rule
 * (the nearest squares of each on a square grid, their centres otherwise). Null without a canvas
 * or when the two are not on the same scene.
 */
export function metresBetweenTokens(from: AnyToken, to: AnyToken): number | null {
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
