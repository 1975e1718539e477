/**
 * Indirect attacks on a map, Foundry-free: where a grenade lands (the aimed point, or scattered by
 * `scatter` + `scatterLanding` on a miss), the radius of its area, and which tokens are in it at
 * what distance from the centre ("Indirect Attacks", "Area Damage", the Hand Grenades listings).
 * Canvas points are pixels; the rules work in metres, so points are converted with the scene's grid.
 */
import {
  GRENADE_CONDITIONS,
  normalizeKey,
  parseAreaDamage,
  scatter,
  scatterLanding,
  type GrenadeCondition,
  type MapPoint,
  type ScatterResult,
} from "../rules";

/** The scene's scale: pixels per grid square and metres per grid square. */
interface GridScale {
  size: number;
  metres: number;
}

const toMetres = (p: MapPoint, g: GridScale): MapPoint => ({
  x: (p.x / g.size) * g.metres,
  y: (p.y / g.size) * g.metres,
});
const toPixels = (p: MapPoint, g: GridScale): MapPoint => ({
  x: (p.x / g.metres) * g.size,
  y: (p.y / g.metres) * g.size,
});

/** Metres between two canvas points. */
function metresBetween(a: MapPoint, b: MapPoint, grid: GridScale): number {
  return (Math.hypot(a.x - b.x, a.y - b.y) / grid.size) * grid.metres;
}

/** Where an indirect attack went off. */
interface Landing {
  point: MapPoint;
  scatter: ScatterResult;
  /** The GM must place it: the thrower stood on the aimed point and the miss has no direction. */
  unplaced: boolean;
}

/**
 * The landing point of an indirect attack ("Indirect Attacks"): the aimed point on a success;
 * on a miss "(5 - #SUCCESSES) meters" too near or too far, wide right or wide left, as the thrower
 * sees it (`scatter`, `scatterLanding` with the canvas's y axis pointing down). Ambrose (TV-29):
 * 6,5,2,2,1,4,4,3 against 3S lands 3 m too far and 3 m wide left.
 */
export function landing(
  faces: readonly number[],
  target: number,
  thrower: MapPoint,
  aim: MapPoint,
  grid: GridScale,
): Landing {
  const result = scatter(faces, target);
  const placed = scatterLanding(toMetres(thrower, grid), toMetres(aim, grid), result, "down");
  if (!placed.ok) return { point: { ...aim }, scatter: result, unplaced: true };
  return { point: toPixels(placed.value, grid), scatter: result, unplaced: false };
}

/** A condition grenade (Pepper Bomb, Stun Grenade) by the weapon's name, or null. */
export function conditionGrenade(name: string): GrenadeCondition | null {
  const key = normalizeKey(name);
  return GRENADE_CONDITIONS.find((g) => normalizeKey(g.name) === key) ?? null;
}

/**
 * The radius of an indirect weapon's area in metres: the last mark of its area damage ("beyond the
 * last range value no damage is inflicted"), or a condition grenade's radius; 0 when it has none.
 */
export function areaRadius(area: string, weaponName: string): number {
  if (area.trim()) {
    try {
      const spec = parseAreaDamage(area);
      return spec.marks[spec.marks.length - 1] ?? 0;
    } catch {
      return 0;
    }
  }
  return conditionGrenade(weaponName)?.radius ?? 0;
}

/** A token on the scene, as the area needs it. */
export interface AreaToken {
  tokenUuid: string;
  actorUuid: string;
  name: string;
  centre: MapPoint;
}

/** The tokens within `radius` metres of the centre, nearest first, with their distance. */
export function tokensInArea(
  tokens: readonly AreaToken[],
  centre: MapPoint,
  radius: number,
  grid: GridScale,
): (AreaToken & { metres: number })[] {
  return tokens
    .map((t) => ({ ...t, metres: Math.round(metresBetween(t.centre, centre, grid) * 100) / 100 }))
    .filter((t) => t.metres <= radius + 1e-9)
    .sort((a, b) => a.metres - b.metres);
}
