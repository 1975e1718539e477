/**
 * Experience (rules "Character Progression": "Earning Experience", the chapter and story awards,
 * "Banking Experience", "Spending Experience", "Practice Makes Progression"; "Adding Experience
 * Dice"). Pure: no Foundry, no globals.
 *
 * The ledger: `total` earned, `available` to bank or spend, `spent`, and `bank` (points banked in one
 * trait each: "Banked points can only be spent on that trait (or a specialty of it, in the case of
 * abilities) and are no longer available for anything else").
 */
import {
  ABILITY_KEYS,
  ATTRIBUTE_KEYS,
  MAX_TRAIT_DOTS,
  isAbilityKey,
  isAttributeKey,
  type AbilityKey,
  type AttributeKey,
  type Checked,
} from "./traits";

/** "30 points is reasonable for a normal game." */
export const STARTING_XP = 30;

/** The trait kinds of the cost table. */
export type PurchaseKind = "generalSpecialty" | "advancedSpecialty" | "willpower" | "ability" | "attribute";

/** The cost table's flat prices: "General Specialty 2 Points", "Advanced Specialty 3", "Attribute 15". */
export const GENERAL_SPECIALTY_COST = 2;
export const ADVANCED_SPECIALTY_COST = 3;
export const ATTRIBUTE_COST = 15;

const MAX_RANK: Record<PurchaseKind, number> = {
  generalSpecialty: 1,
  advancedSpecialty: 1,
  willpower: 10,
  ability: MAX_TRAIT_DOTS,
  attribute: MAX_TRAIT_DOTS,
};

/**
 * The price of one dot: "the cost of that dot depends on the new rank in the trait": General
 * Specialty 2, Advanced Specialty 3, Willpower "New Rank x 1", Ability "New Rank x 2", Attribute 15.
 * A specialty is bought once (`newRank` 1, the default). RangeError on a rank outside the trait's
 * scale (abilities and attributes 1..5, Willpower 1..10).
 */
export function purchaseCost(kind: PurchaseKind, newRank = 1): number {
  const max = MAX_RANK[kind];
  if (max === undefined) throw new RangeError(`Not a purchase kind: ${String(kind)}`);
  if (!Number.isInteger(newRank) || newRank < 1 || newRank > max) {
    throw new RangeError(`A new ${kind} rank is an integer 1..${max}: ${newRank}`);
  }
  switch (kind) {
    case "generalSpecialty":
      return GENERAL_SPECIALTY_COST;
    case "advancedSpecialty":
      return ADVANCED_SPECIALTY_COST;
    case "willpower":
      return newRank;
    case "ability":
      return newRank * 2;
    case "attribute":
      return ATTRIBUTE_COST;
  }
}

/**
 * The price of raising a trait from `from` to `to` dots, one dot at a time (ability 0 -> 3 is
 * 2 + 4 + 6 = 12; Willpower 3 -> 5 is 4 + 5 = 9). 0 when `to` <= `from`.
 */
export function cumulativeCost(
  kind: "willpower" | "ability" | "attribute",
  from: number,
  to: number,
): number {
  if (!Number.isInteger(from) || from < 0) throw new RangeError(`A rank is an integer >= 0: ${from}`);
  let cost = 0;
  for (let rank = from + 1; rank <= to; rank++) cost += purchaseCost(kind, rank);
  return cost;
}

/** A bank key: "attributes.<key>", "abilities.<key>" or "willpower". */
export type BankKey = `attributes.${AttributeKey}` | `abilities.${AbilityKey}` | "willpower";

/** The banked points per trait. */
export interface XpBank {
  attributes: Record<AttributeKey, number>;
  abilities: Record<AbilityKey, number>;
  willpower: number;
}

/** A character's experience. */
export interface XpLedger {
  total: number;
  available: number;
  spent: number;
  bank: XpBank;
}

/** An empty bank. */
export function emptyBank(): XpBank {
  return {
    attributes: Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, 0])) as Record<AttributeKey, number>,
    abilities: Object.fromEntries(ABILITY_KEYS.map((k) => [k, 0])) as Record<AbilityKey, number>,
    willpower: 0,
  };
}

/** A new character's ledger: `startingXp` earned and available, nothing banked or spent. */
export function startingLedger(startingXp = STARTING_XP): XpLedger {
  return { total: startingXp, available: startingXp, spent: 0, bank: emptyBank() };
}

/** Whether a string is a bank key. */
export function isBankKey(key: string): key is BankKey {
  if (key === "willpower") return true;
  const [group, trait, ...rest] = key.split(".");
  if (rest.length > 0 || trait === undefined) return false;
  return (group === "attributes" && isAttributeKey(trait)) || (group === "abilities" && isAbilityKey(trait));
}

/** The bank a purchase may draw on: a trait's own, and an ability's for its specialties. */
export function bankKeyFor(
  target:
    | { kind: "attribute"; key: AttributeKey }
    | { kind: "ability" | "specialty"; key: AbilityKey }
    | { kind: "willpower" },
): BankKey {
  switch (target.kind) {
    case "attribute":
      return `attributes.${target.key}`;
    case "ability":
    case "specialty":
      return `abilities.${target.key}`;
    case "willpower":
      return "willpower";
  }
}

/** Points banked under a key. */
export function bankedIn(bank: XpBank, key: BankKey): number {
  if (key === "willpower") return bank.willpower;
  const [group, trait] = key.split(".") as ["attributes" | "abilities", string];
  return (bank[group] as Record<string, number>)[trait] ?? 0;
}

function withBanked(bank: XpBank, key: BankKey, points: number): XpBank {
  if (key === "willpower") return { ...bank, willpower: points };
  const [group, trait] = key.split(".") as ["attributes" | "abilities", string];
  return { ...bank, [group]: { ...bank[group], [trait]: points } } as XpBank;
}

function checkPoints(name: string, n: number): void {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} is an integer >= 0: ${n}`);
}

function checkKey(key: string): asserts key is BankKey {
  if (!isBankKey(key)) throw new RangeError(`Not a bank key: ${key}`);
}

/** Why banking is refused. */
export type BankRefusal = "notEnoughAvailable" | "traitNotUsed";

/**
 * "Available experience points can be banked into a single trait to be spent later": `points` (1 by
 * default) move from `available` to the trait's bank. Refused when not enough are available.
 */
export function bankExperience(xp: XpLedger, key: BankKey, points = 1): Checked<XpLedger, BankRefusal> {
  checkKey(key);
  checkPoints("Banked points", points);
  if (xp.available < points)
    return { ok: false, reason: "notEnoughAvailable", data: { available: xp.available } };
  return {
    ok: true,
    value: {
      ...xp,
      available: xp.available - points,
      bank: withBanked(xp.bank, key, bankedIn(xp.bank, key) + points),
    },
  };
}

/**
 * The experience die's banking: "If you haven't botched, you may bank one of your available
 * experience points in a trait that you used for the action." `usedTraits` are the roll's traits
 * (bank keys); the botch and once-per-roll checks belong to the dice rules.
 */
export function bankExperienceDie({
  xp,
  key,
  usedTraits,
}: {
  xp: XpLedger;
  key: BankKey;
  usedTraits: readonly BankKey[];
}): Checked<XpLedger, BankRefusal> {
  if (!usedTraits.includes(key)) return { ok: false, reason: "traitNotUsed", data: { key } };
  return bankExperience(xp, key, 1);
}

/** Why a purchase is refused. */
export type PurchaseRefusal = "notEnoughXp";

/** A purchase's outcome: the new ledger and where the points came from. */
export interface PurchaseResult {
  xp: XpLedger;
  fromBank: number;
  fromAvailable: number;
}

/**
 * Pays `cost` for a purchase: "make sure to use any banked experience points that apply before
 * spending available points" — the trait's bank (`bankKey`; an ability's for its specialties; none
 * for merits) first, then `available`. `spent` grows by the cost. Refused when the two together fall
 * short (nothing changes).
 */
export function purchase({
  xp,
  bankKey,
  cost,
}: {
  xp: XpLedger;
  bankKey?: BankKey | null;
  cost: number;
}): Checked<PurchaseResult, PurchaseRefusal> {
  checkPoints("A cost", cost);
  if (bankKey) checkKey(bankKey);
  const banked = bankKey ? bankedIn(xp.bank, bankKey) : 0;
  const fromBank = Math.min(banked, cost);
  const fromAvailable = cost - fromBank;
  if (fromAvailable > xp.available) {
    return { ok: false, reason: "notEnoughXp", data: { cost, banked, available: xp.available } };
  }
  const bank = bankKey ? withBanked(xp.bank, bankKey, banked - fromBank) : xp.bank;
  return {
    ok: true,
    value: {
      xp: { ...xp, available: xp.available - fromAvailable, spent: xp.spent + cost, bank },
      fromBank,
      fromAvailable,
    },
  };
}

/** Adds awarded points: "Once awarded, experience points are available to be either banked or spent." */
export function awardExperience(xp: XpLedger, points: number): XpLedger {
  checkPoints("Awarded points", points);
  return { ...xp, total: xp.total + points, available: xp.available + points };
}

/**
 * A merit or flaw taken after creation: "it'll award or cost available experience points". A merit
 * costs its points (a purchase with no bank); a flaw awards them.
 */
export function takeMeritOrFlaw(
  xp: XpLedger,
  kind: "merit" | "flaw",
  points: number,
): Checked<XpLedger, PurchaseRefusal> {
  if (kind === "flaw") return { ok: true, value: awardExperience(xp, points) };
  const r = purchase({ xp, cost: points });
  return r.ok ? { ok: true, value: r.value.xp } : r;
}

/** An award's reach: every player, or each player who earned it. */
export type AwardScope = "chapter" | "story";

export interface AwardDefinition {
  key: string;
  scope: AwardScope;
  points: number;
  /** "all": every player (who completed the chapter / when the party's condition is met); "each": those who earned it. */
  recipients: "all" | "each";
}

/**
 * The suggested awards, one point each. Chapter: Participation ("Award one point to all players who
 * completed the chapter"), Creativity, Roleplaying, Heroism ("to each player who" / "to players
 * who"). Story: Victory ("to all players if the party achieved their goals"), Hazard ("to all players
 * if the story was particularly dangerous"), Ingenuity ("to each player who came up with a brilliant
 * Plan B").
 */
export const AWARDS: readonly AwardDefinition[] = [
  { key: "participation", scope: "chapter", points: 1, recipients: "all" },
  { key: "creativity", scope: "chapter", points: 1, recipients: "each" },
  { key: "roleplaying", scope: "chapter", points: 1, recipients: "each" },
  { key: "heroism", scope: "chapter", points: 1, recipients: "each" },
  { key: "victory", scope: "story", points: 1, recipients: "all" },
  { key: "hazard", scope: "story", points: 1, recipients: "all" },
  { key: "ingenuity", scope: "story", points: 1, recipients: "each" },
];

/** Points for a set of awards (unknown keys: RangeError). */
export function awardPoints(keys: readonly string[]): number {
  return keys.reduce((sum, key) => {
    const award = AWARDS.find((a) => a.key === key);
    if (!award) throw new RangeError(`Not an award: ${key}`);
    return sum + award.points;
  }, 0);
}
