/**
 * Distances on a scene, Foundry-free: a scene's units in metres, a distance as the dialogs print it,
 * and the two points between which two tokens are measured on a square grid (their nearest squares).
 * The canvas glue is board.ts.
 */
import { formatNumber } from "./i18n-logic";

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
 * A scene distance in metres: a scene in feet, yards, kilometres or miles is converted, and a scene
 * with no or unknown units is taken to be in metres.
 */
export function toMetres(distance: number, units: string | null | undefined): number {
  const factor = METRES_PER_UNIT[(units ?? "").trim().toLowerCase()] ?? 1;
  return distance * factor;
}

/** A distance as the dialogs and the cards print it: to 0.1 m, in the user's language ("7.5", "7,5"). */
export function formatMetres(metres: number): string {
  return formatNumber(Math.round(metres * 10) / 10, { maximumFractionDigits: 1, grouping: false });
}

/** A token's footprint on the canvas: top-left corner in pixels, size in grid squares. */
export interface Footprint {
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
 * a large creature is measured from its nearest edge ("adjacent" is one square whatever the tokens'
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
