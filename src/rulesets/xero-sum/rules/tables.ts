/**
 * The 2d6 tables (Xero Sum Engine SRD 0.06: Table 6 Complications, Table 7 Motivations, Table 11
 * Lasting Wounds, Table 12 Panic, Table 13 Breaking Point) as data keyed by the 2d6 total (2..12),
 * each entry with its mechanical effect. Names are keys (rules/keys.ts); what each entry means at the
 * table is written in Polyverse's own words in the language files and the compendium, not here.
 *
 * Readings (spec §8 #43–45): a "-1 Reason" wound lowers the attribute itself (derived stats follow);
 * "Lost Eye" is a penalty on checks using Dexterity, not an attribute change; the Panic and Breaking
 * Point effects that only shape the story carry flags the sheet can show, with their durations as
 * dice ("1d3" rounds) rolled by the caller.
 */
import { assertFace } from "./check-guards";
import { assertD3Face, type D3Mode } from "./check";
import {
  BREAKING_POINTS,
  COMPLICATIONS,
  LASTING_WOUNDS,
  MOTIVATIONS,
  PANICS,
  type AttributeKey,
  type BreakingPoint,
  type Complication,
  type LastingWound,
  type Motivation,
  type Panic,
  type SkillKey,
} from "./keys";

/** Every table here is rolled on 2d6: "roll 2d6". */
export const TABLE_DICE = "2d6";
export const TABLE_MIN_ROLL = 2;
export const TABLE_MAX_ROLL = 12;

/** A duration or an amount rolled on dice: only the d3 appears in these tables. */
export type TableDice = "1d3";

/** One row: the 2d6 total, the entry's key, its effect. */
export interface TableRow<K extends string, E> {
  roll: number;
  key: K;
  effect: E;
}

/** Table 11: what a Lasting Wound changes ("These wounds are permanent and cannot be healed"). */
export interface LastingWoundEffect {
  /** An attribute lowered ("-1 Reason", "-2 Dexterity"). */
  attribute?: { key: AttributeKey; delta: number };
  /** A penalty on every check using an attribute ("-1 on checks using Dexterity"). */
  checkPenalty?: { attribute: AttributeKey; delta: number };
  /** "-1 Maximum Wound Points". */
  woundPoints?: number;
  /** "-1 Maximum Resilience Points". */
  resiliencePoints?: number;
  /** "-1 Initiative Modifier". */
  initiative?: number;
  /** "-1 Perception". */
  perception?: number;
}

/** Table 12: what a Panic does. Rounds are rolled on `duration` when it is set. */
export interface PanicEffect {
  /** How long it lasts: "for 1d3 rounds". Absent: at once, or until the situation changes. */
  duration?: TableDice;
  /** A CMod while it lasts, on `cmodOn` ("-2 CMod on all actions", "-2 CMod on attacks"). */
  cmod?: number;
  cmodOn?: "all" | "attacks";
  /** Combat Actions lost each round while it lasts ("loses both of their actions"). */
  actionsLost?: number;
  /** A modifier on the next Initiative check only ("-2 on next Initiative Roll"). */
  nextInitiative?: number;
  /** Drops what they hold; picking it up costs this many actions. */
  dropsHeld?: number;
  /** Unconscious while it lasts. */
  unconscious?: boolean;
  /** Cannot speak sense while it lasts. */
  babbling?: boolean;
  /** Unaware of anything else while it lasts (spends its rounds screaming: no actions). */
  oblivious?: boolean;
  /** Deals only with the nearest threat while it lasts. */
  tunnelVision?: boolean;
  /** Leaves the fight: tries to get out of the combat's range. */
  flees?: boolean;
  /** Attacks the nearest NPC. */
  attacksNearest?: boolean;
}

/** How a Breaking Point reaction ends. */
export type BreakingPointEnd =
  "boxCleared" | "unconscious" | "targetBeaten" | "subdued" | "calmed" | "aloneAway" | "stopped";

/** Table 13: what a Breaking Point reaction does and what ends it. */
export interface BreakingPointEffect {
  /** Any of these ends it ("until a stress box is cleared", "or they fall unconscious", ...). */
  endsWhen: readonly BreakingPointEnd[];
  /** A CMod on every check while it lasts ("-3 CMod on all dice checks"). */
  cmod?: number;
  /** Every action needs a successful Breaking Point check first. */
  actingNeedsCheck?: boolean;
  /** Damage dealt to themselves unless stopped ("1d3 WP damage"). */
  selfDamage?: { dice: TableDice; track: "wp" };
  /**
   * Its end clears one box: Self-Harm's "This action will clear one stress box"; Delusions and
   * Hysterics last "until they fall unconscious, and a stress box is cleared".
   */
  clearsBox?: boolean;
  /** A night's rest clears a box (away from others for Sudden Flight). */
  nightsRestClearsBox?: boolean;
  /** A successful check with one of these skills, by someone else, calms them. */
  calmedBy?: readonly SkillKey[];
  /** Flees everyone. */
  flees?: boolean;
  /** Attacks a random object or person. */
  attacks?: boolean;
  /** Acts or moves only when prompted. */
  paralysed?: boolean;
  /** Trusts no one. */
  paranoid?: boolean;
  /** Withdraws from everyone. */
  withdrawn?: boolean;
  /** Hostile words at everyone near. */
  abusive?: boolean;
  /** Sees and hears what is not there. */
  delusional?: boolean;
  /** Oblivious to danger and loud. */
  oblivious?: boolean;
  /** Ignores danger to themselves and others. */
  reckless?: boolean;
}

/** Build a table from its keys in 2d6 order (2..12) and their effects. */
function table<K extends string, E>(keys: readonly K[], effect: (key: K) => E): readonly TableRow<K, E>[] {
  if (keys.length !== TABLE_MAX_ROLL - TABLE_MIN_ROLL + 1) throw new RangeError(`A 2d6 table has 11 rows`);
  return keys.map((key, i) => ({ roll: TABLE_MIN_ROLL + i, key, effect: effect(key) }));
}

/** Table 6: Complications (2 Addiction .. 12 Personal Enemy). No mechanics: they feed Morality. */
export const COMPLICATION_TABLE: readonly TableRow<Complication, null>[] = table(COMPLICATIONS, () => null);

/** Table 7: Motivations (2 Accumulate .. 12 Take Advantage; the second printing numbers them). */
export const MOTIVATION_TABLE: readonly TableRow<Motivation, null>[] = table(MOTIVATIONS, () => null);

const LASTING_WOUND_EFFECTS: Readonly<Record<LastingWound, LastingWoundEffect>> = {
  lostEye: { checkPenalty: { attribute: "dex", delta: -1 } },
  minorBrainInjury: { attribute: { key: "rsn", delta: -1 } },
  lame: { attribute: { key: "dex", delta: -1 } },
  shaken: { resiliencePoints: -1 },
  weakened: { woundPoints: -1 },
  hearingLoss: { attribute: { key: "acu", delta: -1 } },
  scarring: { attribute: { key: "inf", delta: -1 } },
  fragile: { attribute: { key: "phy", delta: -1 } },
  skittish: { initiative: -1 },
  crippled: { perception: -1 },
  shellShock: { attribute: { key: "dex", delta: -2 } },
};

/** Table 11: Lasting Wounds, rolled when a Mortally Wounded character fails a Physicality check. */
export const LASTING_WOUND_TABLE: readonly TableRow<LastingWound, LastingWoundEffect>[] = table(
  LASTING_WOUNDS,
  (k) => LASTING_WOUND_EFFECTS[k],
);

const PANIC_EFFECTS: Readonly<Record<Panic, PanicEffect>> = {
  babbling: { duration: "1d3", babbling: true },
  looseGrip: { dropsHeld: 1 },
  twitchy: { duration: "1d3", cmod: -2, cmodOn: "all" },
  rattled: { nextInitiative: -2 },
  frozen: { duration: "1d3", actionsLost: 2 },
  escape: { flees: true },
  intimidated: { duration: "1d3", cmod: -2, cmodOn: "attacks" },
  scream: { duration: "1d3", oblivious: true, actionsLost: 2 },
  tunnelVision: { duration: "1d3", tunnelVision: true },
  berserk: { attacksNearest: true },
  faints: { duration: "1d3", unconscious: true },
};

/** Table 12: Panic, rolled when the Panic check fails (the text cites "table 11"; it is Table 12). */
export const PANIC_TABLE: readonly TableRow<Panic, PanicEffect>[] = table(PANICS, (k) => PANIC_EFFECTS[k]);

const BREAKING_POINT_EFFECTS: Readonly<Record<BreakingPoint, BreakingPointEffect>> = {
  uncontrollableFear: { endsWhen: ["boxCleared"], cmod: -3 },
  paralyzingAnxiety: { endsWhen: ["boxCleared"], actingNeedsCheck: true, paralysed: true },
  irrationalOutburst: { endsWhen: ["boxCleared", "unconscious"], abusive: true },
  suddenFlight: { endsWhen: ["aloneAway"], flees: true, nightsRestClearsBox: true },
  unfocusedRage: {
    endsWhen: ["targetBeaten", "subdued", "calmed"],
    attacks: true,
    calmedBy: ["inspiration", "psychology"],
  },
  intenseParanoia: { endsWhen: ["boxCleared"], paranoid: true },
  selfHarm: { endsWhen: ["stopped"], selfDamage: { dice: "1d3", track: "wp" }, clearsBox: true },
  emotionalShutdown: { endsWhen: ["boxCleared"], withdrawn: true, nightsRestClearsBox: true },
  delusions: { endsWhen: ["unconscious"], delusional: true, clearsBox: true },
  hysterics: { endsWhen: ["unconscious"], oblivious: true, clearsBox: true },
  recklessAbandon: { endsWhen: ["boxCleared"], reckless: true },
};

/** Table 13: Breaking Point, rolled when the fifth stress box is filled. */
export const BREAKING_POINT_TABLE: readonly TableRow<BreakingPoint, BreakingPointEffect>[] = table(
  BREAKING_POINTS,
  (k) => BREAKING_POINT_EFFECTS[k],
);

/** The tables by name, with their numbers in the text. */
export const XERO_SUM_TABLES = {
  complications: COMPLICATION_TABLE,
  motivations: MOTIVATION_TABLE,
  lastingWounds: LASTING_WOUND_TABLE,
  panic: PANIC_TABLE,
  breakingPoint: BREAKING_POINT_TABLE,
} as const;
export type XeroSumTables = typeof XERO_SUM_TABLES;
export type TableKey = keyof XeroSumTables;
export const TABLE_KEYS = Object.keys(XERO_SUM_TABLES) as TableKey[];
/** Each table's number in the text (Tables 6, 7, 11, 12, 13). */
export const TABLE_NUMBERS: Readonly<Record<TableKey, number>> = {
  complications: 6,
  motivations: 7,
  lastingWounds: 11,
  panic: 12,
  breakingPoint: 13,
};

/** The row of `table` for a 2d6 total (2..12). */
export function tableEntry<T extends TableKey>(name: T, total: number): XeroSumTables[T][number] {
  if (!Number.isInteger(total) || total < TABLE_MIN_ROLL || total > TABLE_MAX_ROLL)
    throw new RangeError(`A 2d6 table is read on 2..12: ${total}`);
  const rows: XeroSumTables[T] = XERO_SUM_TABLES[name];
  const row = rows[total - TABLE_MIN_ROLL];
  if (!row) throw new RangeError(`No row ${total} in ${name}`);
  return row;
}

/** The row of `table` for two d6 faces. */
export function tableEntryForDice<T extends TableKey>(
  name: T,
  d1: number,
  d2: number,
): XeroSumTables[T][number] {
  assertFace(d1);
  assertFace(d2);
  return tableEntry(name, d1 + d2);
}

/** The 2d6 total whose row holds `key`. */
export function tableRollOf(name: TableKey, key: string): number {
  const row = (XERO_SUM_TABLES[name] as readonly TableRow<string, unknown>[]).find((r) => r.key === key);
  if (!row) throw new RangeError(`No ${key} in ${name}`);
  return row.roll;
}

/** A Lasting Wound's effect by key. */
export const lastingWoundEffect = (key: LastingWound): LastingWoundEffect => LASTING_WOUND_EFFECTS[key];
/** A Panic's effect by key. */
export const panicEffect = (key: Panic): PanicEffect => PANIC_EFFECTS[key];
/** A Breaking Point reaction's effect by key. */
export const breakingPointEffect = (key: BreakingPoint): BreakingPointEffect => BREAKING_POINT_EFFECTS[key];

/**
 * A table effect's rounds or points ("1d3") from the d3's face as rolled (1..3; 0..3 with
 * `d3Mode` "halfDown").
 */
export function tableDiceValue(dice: TableDice, d3: number, d3Mode: D3Mode = "uniform"): number {
  if (dice !== "1d3") throw new RangeError(`Only 1d3 appears in the tables: ${String(dice)}`);
  assertD3Face(d3, d3Mode);
  return d3;
}
