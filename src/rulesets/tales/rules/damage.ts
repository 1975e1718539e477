/**
 * Dealing damage (rules "Dealing Damage", "Note Regarding Cover"; weapon traits Auto, Spray and Split
 * Damage; advantage Deathdealer). Pure: no Foundry, no globals.
 *
 * "This comes down to a single roll of a d6 added to the strength of the attack, compared to the armour
 * strength of the victim. As long as an attack gets through, a single roll of d6 determines both where
 * the target has been hit and how much damage was done to them. For every three points that the attack
 * roll beats the defence, either roll an extra d6 for damage location (and choose the desired result),
 * or read the wound one line lower."
 */
import { hitLocationForFace, type HitLocation } from "./traits";

/**
 * A wound one hit deals, from the least to the most severe: "S = Stun (Lose 1 action, prevent with 1 hit
 * point)", "L = Light Wound", "M = Medium Wound", "C = Critical Wound", "K/O = Knock Out", "D = Dead
 * (Victim is instantly killed, cannot be prevented!)". `null` is the table's "None".
 */
export type DamageWound = "stun" | "light" | "medium" | "critical" | "ko" | "dead";

/** The wounds from the least to the most severe. */
export const DAMAGE_WOUNDS: readonly DamageWound[] = ["stun", "light", "medium", "critical", "ko", "dead"];

/** A wound's severity, 1 (Stun) .. 6 (Dead); 0 for no wound. */
export function woundSeverity(wound: DamageWound | null): number {
  if (wound === null) return 0;
  const i = DAMAGE_WOUNDS.indexOf(wound);
  if (i < 0) throw new RangeError(`Not a wound: ${String(wound)}`);
  return i + 1;
}

/** The wound of a severity 1..6, `null` for 0 or less ("None"); RangeError above 6. */
export function woundOfSeverity(severity: number): DamageWound | null {
  if (!Number.isInteger(severity) || severity > DAMAGE_WOUNDS.length)
    throw new RangeError(`A wound severity is an integer <= 6: ${severity}`);
  return severity <= 0 ? null : (DAMAGE_WOUNDS[severity - 1] ?? null);
}

function checkFace(face: number, what = "A location face"): void {
  if (!Number.isInteger(face) || face < 1 || face > 6) throw new RangeError(`${what} is 1..6: ${face}`);
}

/** The table's row labels, top to bottom. */
export const DAMAGE_ROW_LABELS = ["Below 0", "0-2", "3-5", "6-8", "9-11", "12-14", "15-17", "18+"] as const;

/** The last row ("18+"). */
export const LAST_DAMAGE_ROW = DAMAGE_ROW_LABELS.length - 1;

/**
 * The damage table, row by row ("Below 0" .. "18+"), column by location face (1 Soft Flesh .. 6 Head),
 * as printed:
 * ```
 *          1  2   3   4   5   6
 * Below 0  -  -   S   S   L   L
 * 0-2      -  S   S   L   L   M
 * 3-5      S  S   L   L   M   C
 * 6-8      S  L   L   M   C   K/O
 * 9-11     L  L   M   C   K/O D
 * 12-14    L  M   C   K/O D   D
 * 15-17    M  C   K/O D   D   D
 * 18+      C  K/O D   D   D   D
 * ```
 */
export const DAMAGE_TABLE: readonly (readonly (DamageWound | null)[])[] = [
  [null, null, "stun", "stun", "light", "light"],
  [null, "stun", "stun", "light", "light", "medium"],
  ["stun", "stun", "light", "light", "medium", "critical"],
  ["stun", "light", "light", "medium", "critical", "ko"],
  ["light", "light", "medium", "critical", "ko", "dead"],
  ["light", "medium", "critical", "ko", "dead", "dead"],
  ["medium", "critical", "ko", "dead", "dead", "dead"],
  ["critical", "ko", "dead", "dead", "dead", "dead"],
];

/**
 * The row of a damage total (die + strength − protection): "Below 0" is row 0, "0-2" row 1, each
 * further three points one row lower, "18+" the last row (7).
 */
export function damageRow(total: number): number {
  if (!Number.isInteger(total)) throw new RangeError(`A damage total is an integer: ${total}`);
  if (total < 0) return 0;
  return Math.min(LAST_DAMAGE_ROW, Math.floor(total / 3) + 1);
}

/** The wound a row and a location face give (`null` = "None"). */
export function woundAt(row: number, face: number): DamageWound | null {
  if (!Number.isInteger(row) || row < 0 || row > LAST_DAMAGE_ROW)
    throw new RangeError(`A damage row is 0..${LAST_DAMAGE_ROW}: ${row}`);
  checkFace(face);
  return DAMAGE_TABLE[row]?.[face - 1] ?? null;
}

/**
 * The shifts an attack's margin buys: "For every three points that the attack roll beats the defence"
 * (full threes; margin = attack total − defence total or difficulty total, spec ambiguity #33). A hit
 * with no margin (a tie that succeeds, or a hit bought with Essence) buys none.
 */
export function damageShifts(margin: number): number {
  if (!Number.isInteger(margin)) throw new RangeError(`An attack margin is an integer: ${margin}`);
  return margin <= 0 ? 0 : Math.floor(margin / 3);
}

/** How the `blockHalving` setting rounds a blocked attack's strength. */
export type BlockHalving = "floor" | "ceil";

/**
 * Block (and Parry, "just like blocking"): "Even if a defender blocks successfully there is a chance that
 * damage will get through. In such a case, when damage is rolled halve the effective strength score for
 * the attack." Rounding by the `blockHalving` setting (spec ambiguity #20; default floor). A negative
 * strength (Spray) is left as it is.
 */
export function blockedStrength(strength: number, { blockHalving }: { blockHalving: BlockHalving }): number {
  if (!Number.isInteger(strength)) throw new RangeError(`A strength is an integer: ${strength}`);
  if (strength <= 0) return strength;
  if (blockHalving === "floor") return Math.floor(strength / 2);
  if (blockHalving === "ceil") return Math.ceil(strength / 2);
  throw new RangeError(`Not a block halving: ${String(blockHalving)}`);
}

/**
 * Auto (X): "For every additional bullet fired in this manner (up to the value X), it gains +1 damage
 * and a –1 attack modifier." RangeError beyond X.
 */
export function autoFire(
  auto: number,
  extraBullets: number,
): { damageBonus: number; attackModifier: number } {
  if (!Number.isInteger(auto) || auto < 1) throw new RangeError(`Auto (X) needs X >= 1: ${auto}`);
  if (!Number.isInteger(extraBullets) || extraBullets < 0 || extraBullets > auto)
    throw new RangeError(`Extra bullets are 0..${auto}: ${extraBullets}`);
  return { damageBonus: extraBullets, attackModifier: -extraBullets };
}

/**
 * Spray: "As long as a group of victims are standing together, they may all be victim to the effects of
 * this weapon. If multiple targets are hit in this manner, reduce the damage value by 1 for each
 * additional victim." The strength each victim takes.
 */
export function sprayStrength(strength: number, victims: number): number {
  if (!Number.isInteger(strength)) throw new RangeError(`A strength is an integer: ${strength}`);
  if (!Number.isInteger(victims) || victims < 1) throw new RangeError(`Victims are >= 1: ${victims}`);
  return strength - (victims - 1);
}

/** One reading of the damage table. */
export interface DamageReading {
  /** The location die's face. */
  face: number;
  location: HitLocation;
  /** Die + strength − protection. */
  total: number;
  /** The total's row, before any shift. */
  baseRow: number;
  /** The row read, after the row shifts (never past "18+"). */
  row: number;
  wound: DamageWound | null;
}

/**
 * Reads the table for one die: total = face + strength − protection ("a single roll of d6 added to the
 * strength of the attack, compared to the armour strength of the victim"; the armour table prints
 * protection as a negative number, pass its size), then `rowShifts` lines lower ("read the wound one
 * line lower", at most to "18+"); the same die gives the location column.
 */
export function readDamage({
  strength,
  protection = 0,
  face,
  rowShifts = 0,
}: {
  strength: number;
  protection?: number;
  face: number;
  rowShifts?: number;
}): DamageReading {
  if (!Number.isInteger(strength)) throw new RangeError(`A strength is an integer: ${strength}`);
  if (!Number.isInteger(protection) || protection < 0)
    throw new RangeError(`Protection is an integer >= 0: ${protection}`);
  if (!Number.isInteger(rowShifts) || rowShifts < 0)
    throw new RangeError(`Row shifts are an integer >= 0: ${rowShifts}`);
  checkFace(face);
  const total = face + strength - protection;
  const baseRow = damageRow(total);
  const row = Math.min(LAST_DAMAGE_ROW, baseRow + rowShifts);
  return { face, location: hitLocationForFace(face), total, baseRow, row, wound: woundAt(row, face) };
}

/** Why a damage roll was refused. */
export type DamageRollProblem = "noDice" | "tooManyDice" | "tooManyRowShifts";

/** A whole damage roll: every die's reading and the one chosen. */
export interface DamageRoll {
  /** The full shifts the margin bought. */
  shifts: number;
  /** Shifts spent as rows (the rest as extra location dice). */
  rowShifts: number;
  /** Every die's reading, in the order given. */
  readings: DamageReading[];
  /** The reading chosen: the most severe wound (then the higher total, then the earlier die). */
  chosen: DamageReading;
}

/**
 * A damage roll. `faces` holds the location dice rolled together ("Any time a player gets the chance to
 * roll multiple dice for an action; they must all be rolled at once"): the first die, one per shift
 * spent on an extra location die, and one more with Deathdealer ("May always roll an extra die when
 * dealing damage"). The attacker chooses "the desired result": the chosen die sets both location and
 * amount (spec ambiguity #39), read `rowShifts` lines lower. This picks the most severe wound; a caller
 * offering the player the choice reads each die with {@link readDamage}.
 *
 * Refuses (reason keys) no dice, more dice than the shifts and Deathdealer allow, and more row shifts
 * than the margin bought. RangeError on impossible numbers.
 */
export function rollDamage({
  strength,
  protection = 0,
  faces,
  margin = 0,
  rowShifts = 0,
  deathdealer = false,
}: {
  strength: number;
  protection?: number;
  faces: readonly number[];
  margin?: number;
  rowShifts?: number;
  deathdealer?: boolean;
}):
  { ok: true; value: DamageRoll } | { ok: false; reason: DamageRollProblem; data?: Record<string, number> } {
  const shifts = damageShifts(margin);
  if (faces.length === 0) return { ok: false, reason: "noDice" };
  if (rowShifts > shifts) return { ok: false, reason: "tooManyRowShifts", data: { shifts, rowShifts } };
  const allowed = 1 + (shifts - rowShifts) + (deathdealer ? 1 : 0);
  if (faces.length > allowed)
    return { ok: false, reason: "tooManyDice", data: { allowed, dice: faces.length } };
  const readings = faces.map((face) => readDamage({ strength, protection, face, rowShifts }));
  let chosen = readings[0] as DamageReading;
  for (const r of readings.slice(1)) {
    const better = woundSeverity(r.wound) - woundSeverity(chosen.wound) || r.total - chosen.total;
    if (better > 0) chosen = r;
  }
  return { ok: true, value: { shifts, rowShifts, readings, chosen } };
}

/**
 * Split Damage: "This weapon deals its damage in two parts. Hit Points must absorb the first amount of
 * damage; while Essence points must absorb the second part. A single roll is made for both." One die
 * (location and amount) read twice: the first strength gives the wound Hit Points absorb, the second
 * the wound Essence absorbs. Protection counts against both unless `essenceProtection` says otherwise
 * (the text names no exception).
 */
export function splitDamage({
  strengths,
  protection = 0,
  essenceProtection = protection,
  face,
  rowShifts = 0,
}: {
  strengths: readonly [number, number];
  protection?: number;
  essenceProtection?: number;
  face: number;
  rowShifts?: number;
}): { hitPoints: DamageReading; essence: DamageReading } {
  return {
    hitPoints: readDamage({ strength: strengths[0], protection, face, rowShifts }),
    essence: readDamage({ strength: strengths[1], protection: essenceProtection, face, rowShifts }),
  };
}

/** Cover over the hit location ("Note Regarding Cover"). */
export type LocationCover = "none" | "flimsy" | "solid" | "total";

/**
 * Cover between the attack and the location hit: flimsy cover ("a paper-screen door") reads the wound "a
 * single line less severe" and is then destroyed; solid cover ("a solid wooden door or a sturdy
 * barricade") "two lines less severe"; "The most solid stone or metal barriers might prevent all damage".
 * The text's own examples ("An 11 on the legs now only counts as a Medium wound rather than a Critical",
 * "A result of 7 on the abdomen now only counts as a light wound rather than a Critical") step the wound,
 * not the table row, so a line here is one wound step (spec ambiguity #22). Dead steps down as well:
 * the cover took the blow. `coverDestroyed` for flimsy cover (a tougher flimsy cover, "like a wooden
 * door", lasting two or three wounds, is the Raconteur's count).
 */
export function woundThroughCover(
  wound: DamageWound | null,
  cover: LocationCover,
): { wound: DamageWound | null; coverDestroyed: boolean } {
  const severity = woundSeverity(wound);
  switch (cover) {
    case "none":
      return { wound, coverDestroyed: false };
    case "flimsy":
      return { wound: woundOfSeverity(severity - 1), coverDestroyed: wound !== null };
    case "solid":
      return { wound: woundOfSeverity(severity - 2), coverDestroyed: false };
    case "total":
      return { wound: null, coverDestroyed: false };
    default:
      throw new RangeError(`Not a cover: ${String(cover)}`);
  }
}
