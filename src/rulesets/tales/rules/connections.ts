/**
 * Connections ("CONNECTIONS": Allies, Contacts, Fame, Influence, Territory, Wealth): "each level of
 * Connections give a character a single die that they may roll once per session of the story" and
 * "each die that is rolled must be at least equal to a difficulty factor". Pure: no Foundry, no
 * globals. The dice are rolled by the glue; these functions read them.
 */
import { type Checked, type ConnectionKey } from "./traits";

/** A row of a connection's table: a base difficulty or a modifier. */
export interface ConnectionFactor {
  key: string;
  difficulty: number;
}

/** What the successes buy. */
export type ConnectionOutcome =
  /** Allies: "Each die meeting the required score allows a single ally to come to the character's aide." */
  | "allies"
  /** Contacts, Territory: faster ("1 success = takes a few days" ...) or more detail. */
  | "speedOrDetail"
  /** Influence: faster or wider ("Additional successes spent on scope improve the area by a degree"). */
  | "speedOrScope"
  /** Fame: "reduces the difficulty of all Social rolls for the duration of the scene". */
  | "socialDifficulty"
  /** Wealth: "Each die meeting the required level gains a single resource point." */
  | "resourcePoints";

export interface ConnectionTable {
  /** The base rows (pick one). */
  base: readonly ConnectionFactor[];
  /** Modifier groups (at most one row of each). */
  modifiers: Readonly<Record<string, readonly ConnectionFactor[]>>;
  outcome: ConnectionOutcome;
  /** The most the "Specific" points lower the difficulty ("If both ... apply, the attempt is at a -2 difficulty"). */
  specificMax: number;
  /** Allies: "Regardless of the difficulty, any die rolling a 1 does not generate an ally." */
  onesNeverSucceed?: boolean;
}

const f = (key: string, difficulty: number): ConnectionFactor => ({ key, difficulty });
const INFORMATION = {
  base: [f("easilyAvailable", 2), f("concealed", 3), f("secret", 4), f("topSecret", 5)],
  modifiers: { detail: [f("general", 0), f("specific", 1), f("fineDetails", 2)] },
};

/**
 * The six tables as printed. Specific points: Allies a type and an area (-1 each, -2 both); Contacts
 * an industry or field (-1), "Up to two points each ... on specific topics (for a -2 difficulty)"; Fame
 * a subculture and an area (-1 each, -2 both); Influence a field or area (-1); Territory a single
 * building (-1); Wealth none (its specific points are allocations, `wealthAllocation`).
 */
export const CONNECTION_TABLES: Readonly<Record<ConnectionKey, ConnectionTable>> = {
  allies: {
    base: [f("easyJob", 2), f("typicalJob", 3), f("complicatedJob", 4), f("dangerousJob", 5)],
    modifiers: {
      timing: [f("nextDayOrSo", 1), f("immediately", 2)],
      lastJob: [f("wentWell", -1), f("wentBadly", 1), f("gotSomeoneKilled", 3)],
    },
    outcome: "allies",
    specificMax: 2,
    onesNeverSucceed: true,
  },
  contacts: { ...INFORMATION, outcome: "speedOrDetail", specificMax: 2 },
  fame: {
    base: [f("friendly", 2), f("neutral", 3), f("adverse", 4), f("hostile", 5)],
    modifiers: {
      audience: [f("individual", 0), f("smallGroup", 1), f("largeGroup", 2), f("largerGroup", 3)],
    },
    outcome: "socialDifficulty",
    specificMax: 2,
  },
  influence: {
    base: [f("negligible", 1), f("minor", 2), f("major", 3), f("dramatic", 4)],
    modifiers: {
      reach: [
        f("fewPeople", 1),
        f("manyPeople", 2),
        f("areaOrTown", 3),
        f("cityOrRegion", 4),
        f("nation", 5),
        f("global", 6),
      ],
    },
    outcome: "speedOrScope",
    specificMax: 1,
  },
  territory: { ...INFORMATION, outcome: "speedOrDetail", specificMax: 1 },
  wealth: {
    base: [f("common", 2), f("uncommon", 3), f("rare", 4), f("illegal", 5)],
    modifiers: { timing: [f("withinWeek", 0), f("today", 1), f("immediately", 2)] },
    outcome: "resourcePoints",
    specificMax: 0,
  },
};

/** The situation of a connection roll: a base row, at most one row per modifier group, specific points that apply. */
export interface ConnectionSituation {
  base: string;
  modifiers?: Readonly<Record<string, string>>;
  /** Specific points that apply (each -1, up to the table's most). */
  specific?: number;
  /** Any other change the Raconteur rules (added). */
  other?: number;
}

/**
 * A connection roll's difficulty: base + modifiers - specific points (capped at the table's most) +
 * other. Allies, a typical job (3) with type and area both applying (-2): 1; a dangerous job needed
 * immediately: 5 + 2 = 7 (no die can meet it). RangeError on a row the table does not have.
 */
export function connectionDifficulty(connection: ConnectionKey, situation: ConnectionSituation): number {
  const table = CONNECTION_TABLES[connection];
  if (!table) throw new RangeError(`Not a connection: ${String(connection)}`);
  const base = table.base.find((r) => r.key === situation.base);
  if (!base) throw new RangeError(`Not a ${connection} base: ${situation.base}`);
  let difficulty = base.difficulty;
  for (const [group, key] of Object.entries(situation.modifiers ?? {})) {
    const row = table.modifiers[group]?.find((r) => r.key === key);
    if (!row) throw new RangeError(`Not a ${connection} ${group} modifier: ${key}`);
    difficulty += row.difficulty;
  }
  const specific = situation.specific ?? 0;
  if (!Number.isInteger(specific) || specific < 0)
    throw new RangeError(`Specific points are >= 0: ${specific}`);
  return difficulty - Math.min(specific, table.specificMax) + (situation.other ?? 0);
}

/**
 * The dice a connection rolls: one a level; Wealth's cash points add one each ("For every point in
 * cash, an additional die may be rolled when trying to access funds").
 */
export function connectionDice(level: number, cashPoints = 0): number {
  if (!Number.isInteger(level) || level < 0) throw new RangeError(`A connection level is >= 0: ${level}`);
  if (!Number.isInteger(cashPoints) || cashPoints < 0)
    throw new RangeError(`Cash points are >= 0: ${cashPoints}`);
  return level + cashPoints;
}

/** "The whole pool once per session" (ambiguity #43): the uses a connection has each session. */
export const CONNECTION_ROLLS_PER_SESSION = 1;

/**
 * The successes of a connection roll: dice at least equal to the difficulty (a difficulty above 6
 * yields none); for Allies a 1 never counts. RangeError on a face outside 1..6.
 */
export function connectionSuccesses(
  connection: ConnectionKey,
  faces: readonly number[],
  difficulty: number,
): number {
  const table = CONNECTION_TABLES[connection];
  if (!table) throw new RangeError(`Not a connection: ${String(connection)}`);
  let n = 0;
  for (const face of faces) {
    if (!Number.isInteger(face) || face < 1 || face > 6) throw new RangeError(`A die face is 1..6: ${face}`);
    if (table.onesNeverSucceed && face === 1) continue;
    if (face >= difficulty) n++;
  }
  return n;
}

/** "1 success = takes a few days, 2 successes = takes a day or so, 3 successes = takes a few hours, 4 successes = takes an hour or so." */
export const CONNECTION_SPEEDS = ["fewDays", "dayOrSo", "fewHours", "hourOrSo"] as const;
export type ConnectionSpeed = (typeof CONNECTION_SPEEDS)[number];

/**
 * Successes spent on speed (Contacts, Territory, Influence): the time it takes (null: no success) and
 * the successes past the fourth, which go on detail or scope ("Additional successes ... improve the
 * information by a degree").
 */
export function connectionSpeed(successes: number): { speed: ConnectionSpeed | null; extra: number } {
  if (!Number.isInteger(successes) || successes < 0) throw new RangeError(`Successes are >= 0: ${successes}`);
  const speed = successes === 0 ? null : (CONNECTION_SPEEDS[Math.min(successes, 4) - 1] ?? null);
  return { speed, extra: Math.max(0, successes - CONNECTION_SPEEDS.length) };
}

/** Fame: each success lowers the difficulty of the scene's Social rolls by 1 (INFERENCE: the text gives no size). */
export function fameSocialDifficulty(successes: number): number {
  if (!Number.isInteger(successes) || successes < 0) throw new RangeError(`Successes are >= 0: ${successes}`);
  return -successes;
}

/** Wealth's specific points: "you may choose where the wealth is located: cash, equipment, home or lifestyle". */
export interface WealthAllocation {
  cash?: number;
  equipment?: number;
  home?: number;
  lifestyle?: number;
}

/**
 * What Wealth's allocation gives: cash +1 die on funds each; equipment and home +1 Equipment and
 * Sanctuary level each ("may increase their respective equipment or sanctuary advantages by 1");
 * lifestyle a die each "in reserve that may be used to increase Allies, Contacts or Influence pools".
 * Fails when the points allocated exceed the Wealth level.
 */
export function wealthAllocation(
  level: number,
  allocation: WealthAllocation,
): Checked<
  { extraDice: number; equipmentLevels: number; sanctuaryLevels: number; reserveDice: number },
  "allocationOverLevel"
> {
  const parts = [allocation.cash, allocation.equipment, allocation.home, allocation.lifestyle].map(
    (v) => v ?? 0,
  );
  for (const v of parts)
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`Allocated points are >= 0: ${v}`);
  const total = parts.reduce((s, v) => s + v, 0);
  if (total > level) return { ok: false, reason: "allocationOverLevel", data: { allocated: total, level } };
  const [cash = 0, equipment = 0, home = 0, lifestyle = 0] = parts;
  return {
    ok: true,
    value: { extraDice: cash, equipmentLevels: equipment, sanctuaryLevels: home, reserveDice: lifestyle },
  };
}

/**
 * Territory's reach: "At level 1 you can gain knowledge about an area up to 1km radius around your
 * home, for every additional point you may increase the radius by 1 km, or select another 1 km radius
 * area ... A single point may also be used to select a specific location (a single building)" (-1 on
 * it). The home radius left after the other areas and locations; fails when they take more than the
 * additional points.
 */
export function territoryReach(
  level: number,
  otherAreas = 0,
  locations = 0,
): Checked<{ homeRadiusKm: number; otherAreas: number; locations: number }, "allocationOverLevel"> {
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`A Territory level is >= 1: ${level}`);
  if (!Number.isInteger(otherAreas) || otherAreas < 0 || !Number.isInteger(locations) || locations < 0) {
    throw new RangeError(`Areas and locations are >= 0: ${otherAreas}, ${locations}`);
  }
  const extra = level - 1;
  if (otherAreas + locations > extra) {
    return { ok: false, reason: "allocationOverLevel", data: { allocated: otherAreas + locations, level } };
  }
  return { ok: true, value: { homeRadiusKm: 1 + extra - otherAreas - locations, otherAreas, locations } };
}
