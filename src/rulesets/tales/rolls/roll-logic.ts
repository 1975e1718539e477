/**
 * A Tales roll's set-up and dice, Foundry-free. A roll keeps how it was set up in its options (a
 * test: the attribute and skill with their values at the actor's wound level, the modifiers, the
 * kind and difficulty, the opponent, the dice and what the actor brings: Edge, gear, boost points,
 * the Dream or Status points spent; a connection roll; a time-commitment roll). Foundry stores them
 * with the chat message, so the card is rebuilt after a reload. Its dice are d6 terms, one group
 * each: the player's dice, the difficulty dice (dynamic), the opponent's die (opposed against a
 * number), the gating dice of Dream or Status.
 *
 * A stored roll may be forged: {@link readRollOptions} and {@link readDice} accept only what this
 * system could have rolled; scoring is the rules layer's `resolveTest`, never Foundry's modifiers.
 */
import {
  ATTRIBUTE_KEYS,
  CONNECTION_KEYS,
  SKILL_KEYS,
  WOUND_LEVELS,
  type AttributeKey,
  type ConnectionKey,
  type SkillKey,
  type TestKind,
  type TestTieRule,
  type TimeCommitmentLength,
  type WoundLevel,
} from "../rules";

export const TEST_KINDS = ["static", "dynamic", "opposed"] as const satisfies readonly TestKind[];
const TIE_RULES = ["succeeds", "fails", "defender", "reroll", "statusQuo"] as const;
const LENGTHS = ["hours", "day", "week"] as const satisfies readonly TimeCommitmentLength[];

/** The most dice the player rolls (one, two with Skill Expert or a medic's help). */
export const MAX_TEST_DICE = 2;
/** The most Dream or Status points one test spends (a pool holds at most 30). */
export const MAX_RESERVE = 30;
/** Bounds of the numbers a card accepts: any real test is far inside them. */
export const MAX_BONUS = 100;
export const MAX_DIFFICULTY = 100;
export const MAX_BOOST = 100;
export const MAX_CONNECTION_DICE = 20;

/** A line of a breakdown: an i18n key or a literal name, its values, and its amount. */
export interface RollPart {
  label: string;
  data?: Record<string, string>;
  value: number;
}

/** The opponent of an opposed test who rolls for themselves: an actor, and the traits they roll. */
export interface TestOpponent {
  uuid: string;
  name: string;
  attribute: AttributeKey;
  skill: SkillKey | null;
}

/** A test's set-up (the Roll's `options`). */
export interface TalesTestOptions {
  type: "test";
  kind: TestKind;
  attribute: AttributeKey;
  skill: SkillKey | null;
  /** A specialisation's name ("Motorbikes"), whose level stands for the skill's; "" none. */
  specialisation: string;
  /** The wound level the values were read at. */
  wound: WoundLevel;
  /** The attribute and skill at that wound level (rules character.ts). */
  attributeValue: number;
  skillValue: number;
  /** Everything else added to the total (tools, extra time, co-operation, Elite Tools' +3, ...). */
  modifiers: RollPart[];
  /** attributeValue + skillValue + the modifiers (the gating dice's bonus is read from their faces). */
  bonus: number;
  /** Static and dynamic: the difficulty (dynamic: before its die); opposed: 0. */
  difficulty: number;
  /** How the difficulty came to be (the set difficulty, stress, under attack), for the card. */
  difficultyParts: RollPart[];
  /** Dynamic: the difficulty dice (Enigma: 2, the higher counts); else 0. */
  difficultyDice: number;
  /** Opposed against an actor, who rolls later through the card. */
  opponent: TestOpponent | null;
  /** Opposed against a number: that number (its die is rolled with the test); else 0. */
  opponentBonus: number;
  /** Opposed against a number: 1; else 0. */
  opponentDice: number;
  /** The player's dice: 1, or 2 (Skill Expert, a medic's help). */
  dice: number;
  /** The subject's Enigma made the difficulty harder: its advantage item (1 point spent) and whose it is. */
  enigma: { uuid: string; name: string } | null;
  /** Dream or Status points spent before the roll: one gating die each. */
  reserve: { pool: "dream" | "status"; points: number } | null;
  /** A Clumsy weapon: a 2 counts as a 1. */
  clumsy: boolean;
  /** Hit or Essence points spent before the roll to raise the degree. */
  boost: number;
  boostPool: "hp" | "essence" | null;
  /** Edge with this skill. */
  edge: boolean;
  specialistGear: boolean;
  eliteGear: boolean;
  /** Elite Tools give a re-roll (the actor has no Lucky). */
  eliteToolsReroll: boolean;
  /** The tie rule of this kind (setting), null for a static test. */
  tieRule: TestTieRule | null;
  /** The `degreesOfSuccess` setting when rolled. */
  degrees: boolean;
}

/** A connection roll: one die per level (and per cash point) against the connection's difficulty. */
export interface TalesConnectionOptions {
  type: "connection";
  connection: ConnectionKey;
  level: number;
  dice: number;
  difficulty: number;
  /** Allies: a 1 never counts. */
  onesNeverSucceed: boolean;
}

/** A time-commitment roll: one die per level; a face at or below the band interrupts. */
export interface TalesCommitmentOptions {
  type: "commitment";
  level: number;
  length: TimeCommitmentLength;
}

/**
 * An attack's die (the `tales-attack` card's roll, combat/attack-card-blow.ts): the attacker's
 * attribute and skill at the wound level and the attack's modifiers (the weapon's, aim, Auto), read
 * like a test's set-up; the defence it meets is the card's, rolled later.
 */
export interface TalesAttackOptions {
  type: "attack";
  /** The weapon's name, for the roll's label. */
  weapon: string;
  attribute: AttributeKey;
  skill: SkillKey;
  wound: WoundLevel;
  attributeValue: number;
  skillValue: number;
  modifiers: RollPart[];
  /** attributeValue + skillValue + the modifiers. */
  bonus: number;
  /** A Clumsy weapon: a 2 counts as a 1. */
  clumsy: boolean;
}

export type TalesRollOptions =
  TalesTestOptions | TalesConnectionOptions | TalesCommitmentOptions | TalesAttackOptions;

export const isAttributeKey = (v: unknown): v is AttributeKey =>
  typeof v === "string" && (ATTRIBUTE_KEYS as readonly string[]).includes(v);
export const isSkillKey = (v: unknown): v is SkillKey =>
  typeof v === "string" && (SKILL_KEYS as readonly string[]).includes(v);
export const isConnectionKey = (v: unknown): v is ConnectionKey =>
  typeof v === "string" && (CONNECTION_KEYS as readonly string[]).includes(v);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
const shortText = (v: unknown, max = 200): v is string => typeof v === "string" && v.length <= max;
const UUID = /^[A-Za-z0-9.]{1,200}$/;
export const isUuid = (v: unknown): v is string => typeof v === "string" && UUID.test(v);

function readParts(v: unknown, max = 20): RollPart[] | null {
  if (!Array.isArray(v) || v.length > max) return null;
  const parts: RollPart[] = [];
  for (const p of v) {
    if (!isRecord(p) || !shortText(p.label) || !whole(p.value, -MAX_BONUS, MAX_BONUS)) return null;
    const data = p.data;
    if (data !== undefined && !(isRecord(data) && Object.values(data).every((x) => shortText(x))))
      return null;
    parts.push({
      label: p.label,
      value: p.value,
      ...(data ? { data: { ...(data as Record<string, string>) } } : {}),
    });
  }
  return parts;
}

const sum = (parts: readonly RollPart[]) => parts.reduce((s, p) => s + p.value, 0);

function readOpponent(v: unknown): TestOpponent | null | undefined {
  if (v === null) return null;
  if (!isRecord(v) || !isUuid(v.uuid) || !shortText(v.name, 500) || !isAttributeKey(v.attribute))
    return undefined;
  if (v.skill !== null && !isSkillKey(v.skill)) return undefined;
  return { uuid: v.uuid, name: v.name, attribute: v.attribute, skill: v.skill as SkillKey | null };
}

function readReserve(v: unknown): TalesTestOptions["reserve"] | undefined {
  if (v === null) return null;
  if (!isRecord(v) || (v.pool !== "dream" && v.pool !== "status") || !whole(v.points, 1, MAX_RESERVE))
    return undefined;
  return { pool: v.pool, points: v.points };
}

const flags = ["clumsy", "edge", "specialistGear", "eliteGear", "eliteToolsReroll", "degrees"] as const;

/** A test's options, checked: shape, bounds, and numbers that agree (the bonus, the dice by kind). */
function readTestOptions(o: Record<string, unknown>): TalesTestOptions | null {
  if (!(TEST_KINDS as readonly unknown[]).includes(o.kind) || !isAttributeKey(o.attribute)) return null;
  if (o.skill !== null && !isSkillKey(o.skill)) return null;
  if (!shortText(o.specialisation) || !(WOUND_LEVELS as readonly unknown[]).includes(o.wound)) return null;
  if (!whole(o.attributeValue, 0, 20) || !whole(o.skillValue, 0, 20)) return null;
  const modifiers = readParts(o.modifiers);
  const difficultyParts = readParts(o.difficultyParts);
  if (!modifiers || !difficultyParts) return null;
  if (!whole(o.bonus, -MAX_BONUS, MAX_BONUS) || o.bonus !== o.attributeValue + o.skillValue + sum(modifiers))
    return null;
  if (!whole(o.difficulty, -MAX_DIFFICULTY, MAX_DIFFICULTY)) return null;
  if (!whole(o.difficultyDice, 0, 2) || !whole(o.opponentDice, 0, 1) || !whole(o.dice, 1, MAX_TEST_DICE))
    return null;
  if (!whole(o.opponentBonus, -MAX_BONUS, MAX_BONUS)) return null;
  const opponent = readOpponent(o.opponent);
  const reserve = readReserve(o.reserve);
  if (opponent === undefined || reserve === undefined) return null;
  const enigma = o.enigma;
  if (enigma !== null && !(isRecord(enigma) && isUuid(enigma.uuid) && shortText(enigma.name, 500)))
    return null;
  if (enigma && o.kind !== "dynamic") return null;
  if (!whole(o.boost, 0, MAX_BOOST)) return null;
  if (o.boostPool !== null && o.boostPool !== "hp" && o.boostPool !== "essence") return null;
  if (o.boost > 0 !== (o.boostPool !== null)) return null;
  for (const f of flags) if (typeof o[f] !== "boolean") return null;
  if (o.tieRule !== null && !(TIE_RULES as readonly unknown[]).includes(o.tieRule)) return null;
  // The dice agree with the kind: a dynamic test rolls its difficulty, an opposed one its opponent.
  const kind = o.kind as TestKind;
  if ((kind === "dynamic") !== (o.difficultyDice as number) > 0) return null;
  if (kind === "opposed" && (opponent === null) !== (o.opponentDice === 1)) return null;
  if (kind !== "opposed" && (opponent !== null || o.opponentDice !== 0 || o.opponentBonus !== 0)) return null;
  if (kind === "static" && o.tieRule !== null) return null;
  if (kind === "opposed" && o.eliteGear) return null;
  return {
    type: "test",
    kind,
    attribute: o.attribute,
    skill: o.skill as SkillKey | null,
    specialisation: o.specialisation,
    wound: o.wound as WoundLevel,
    attributeValue: o.attributeValue,
    skillValue: o.skillValue,
    modifiers,
    bonus: o.bonus,
    difficulty: o.difficulty,
    difficultyParts,
    difficultyDice: o.difficultyDice as number,
    opponent,
    opponentBonus: o.opponentBonus,
    opponentDice: o.opponentDice as number,
    dice: o.dice as number,
    enigma: enigma ? { uuid: enigma.uuid as string, name: enigma.name as string } : null,
    reserve,
    clumsy: o.clumsy as boolean,
    boost: o.boost,
    boostPool: o.boostPool as TalesTestOptions["boostPool"],
    edge: o.edge as boolean,
    specialistGear: o.specialistGear as boolean,
    eliteGear: o.eliteGear as boolean,
    eliteToolsReroll: o.eliteToolsReroll as boolean,
    tieRule: o.tieRule as TestTieRule | null,
    degrees: o.degrees as boolean,
  };
}

/** An attack's options, checked: shape, bounds, and a bonus that is the sum of its parts. */
function readAttackOptions(o: Record<string, unknown>): TalesAttackOptions | null {
  if (!shortText(o.weapon, 500) || !isAttributeKey(o.attribute) || !isSkillKey(o.skill)) return null;
  if (!(WOUND_LEVELS as readonly unknown[]).includes(o.wound)) return null;
  if (!whole(o.attributeValue, 0, 20) || !whole(o.skillValue, 0, 20)) return null;
  const modifiers = readParts(o.modifiers, 5);
  if (!modifiers || typeof o.clumsy !== "boolean") return null;
  if (!whole(o.bonus, -MAX_BONUS, MAX_BONUS) || o.bonus !== o.attributeValue + o.skillValue + sum(modifiers))
    return null;
  return {
    type: "attack",
    weapon: o.weapon,
    attribute: o.attribute,
    skill: o.skill,
    wound: o.wound as WoundLevel,
    attributeValue: o.attributeValue,
    skillValue: o.skillValue,
    modifiers,
    bonus: o.bonus,
    clumsy: o.clumsy,
  };
}

/** A stored roll's options, checked; null for anything this system does not write (a forged roll). */
export function readRollOptions(raw: unknown): TalesRollOptions | null {
  if (!isRecord(raw)) return null;
  if (raw.type === "test") return readTestOptions(raw);
  if (raw.type === "attack") return readAttackOptions(raw);
  if (raw.type === "connection") {
    if (!isConnectionKey(raw.connection) || !whole(raw.level, 0, 10)) return null;
    if (!whole(raw.dice, 1, MAX_CONNECTION_DICE) || raw.dice < raw.level) return null;
    if (!whole(raw.difficulty, -20, 20) || typeof raw.onesNeverSucceed !== "boolean") return null;
    return {
      type: "connection",
      connection: raw.connection,
      level: raw.level,
      dice: raw.dice,
      difficulty: raw.difficulty,
      onesNeverSucceed: raw.onesNeverSucceed,
    };
  }
  if (raw.type === "commitment") {
    if (!whole(raw.level, 1, 10) || !(LENGTHS as readonly unknown[]).includes(raw.length)) return null;
    return { type: "commitment", level: raw.level, length: raw.length as TimeCommitmentLength };
  }
  return null;
}

/** The dice groups a roll rolls, in order (each its own term): what `TalesRoll` rolls and reads. */
export function diceGroups(options: TalesRollOptions): number[] {
  if (options.type === "connection") return [options.dice];
  if (options.type === "commitment") return [options.level];
  if (options.type === "attack") return [1];
  return [
    options.dice,
    ...(options.difficultyDice > 0 ? [options.difficultyDice] : []),
    ...(options.opponentDice > 0 ? [options.opponentDice] : []),
    ...(options.reserve ? [options.reserve.points] : []),
  ];
}

/** A test's dice, by what they are. */
export interface TestDice {
  /** The player's dice as first rolled. */
  player: number[];
  /** Dynamic: the difficulty dice. */
  difficulty: number[];
  /** Opposed against a number: the opponent's die. */
  opponent: number[];
  /** The Dream or Status gating dice. */
  gate: number[];
}

const isFace = (v: unknown): v is number => whole(v, 1, 6);

/** The faces of a stored roll, term by term (`activeResultsByTerm`), checked against its options. */
export function readFaces(terms: readonly unknown[][], options: TalesRollOptions): number[][] | null {
  const groups = diceGroups(options);
  if (terms.length !== groups.length) return null;
  const out: number[][] = [];
  for (let i = 0; i < groups.length; i++) {
    const term = terms[i] ?? [];
    if (term.length !== groups[i] || !term.every(isFace)) return null;
    out.push([...(term as number[])]);
  }
  return out;
}

/** A test's faces split by what they are (the groups in `diceGroups` order). */
export function testDice(options: TalesTestOptions, faces: readonly number[][]): TestDice {
  let at = 0;
  const next = (present: boolean) => (present ? [...(faces[at++] ?? [])] : []);
  return {
    player: next(true),
    difficulty: next(options.difficultyDice > 0),
    opponent: next(options.opponentDice > 0),
    gate: next(options.reserve !== null),
  };
}
