/**
 * What the GM checks before acting on a Maelstrom attack card (no Foundry globals): the card's shape
 * (its data model refuses anything else), the operation a request names, field by field, and
 * whether a player's card, when it was posted, agreed with the documents, the dice and the
 * settings (the ledger records the answer; `ledger.ts`).
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import { oneOf, onlyKeys, refuse, wholeNumber, type Payload } from "../../../core/relay-logic";
import { resolveRoll, type DamageMode } from "../rules";
import { experienceValid, splitWaves } from "../rolls/roll-logic";
import {
  attackExploding,
  attackTraits,
  fixedDamage,
  type AttackCard,
  type AttackOp,
} from "./attack-card-logic";

/** The most targets one attack card may list. */
export const MAX_TARGETS = 50;
/** The most dice one card may show (no pool, damage or soak comes near it). */
export const MAX_DICE = 200;

const DAMAGE_TYPES = ["bashing", "lethal", "aggravated"] as const;
const OUTCOMES = ["success", "failure", "botch"] as const;
const MODES = ["dicePool", "fixedLevels"] as const;

function faces(p: CardProblems, v: unknown, what: string): void {
  p.entries(v, what, MAX_DICE, (f, i) => p.whole(f, `${what}[${i}]`, 1, 10));
}

function soakProblems(p: CardProblems, s: unknown, what: string): void {
  if (s === null || s === undefined) return;
  if (!isCardRecord(s)) return p.check(false, `${what} must be a soak`);
  faces(p, s.faces, `${what}.faces`);
  for (const k of ["pool", "successes", "botches", "net", "taken"])
    p.whole(s[k], `${what}.${k}`, 0, MAX_DICE);
}

function appliedProblems(p: CardProblems, a: unknown, what: string): void {
  if (a === null || a === undefined) return;
  if (!isCardRecord(a)) return p.check(false, `${what} must be an applied record`);
  p.whole(a.levels, `${what}.levels`, 0, MAX_DICE);
  const delta = isCardRecord(a.delta) ? a.delta : {};
  for (const k of DAMAGE_TYPES) p.whole(delta[k], `${what}.delta.${k}`, -MAX_DICE, MAX_DICE);
  p.check(
    typeof a.died === "boolean" && typeof a.incapacitated === "boolean",
    `${what} flags must be yes/no`,
  );
}

/**
 * The experience die, when there is one: banked in a trait the attack used, faces 1..10, one die and
 * only the bonus dice its tens earn when the attack's tens explode (roll-logic `experienceValid`).
 */
function experienceProblems(p: CardProblems, attack: Record<string, unknown>): void {
  const xp = attack.experience;
  if (xp === undefined || xp === null) return;
  if (!isCardRecord(xp)) return p.check(false, "attack.experience must be an experience die");
  const { attribute, ability } = attack;
  const traits =
    typeof attribute === "string" && typeof ability === "string" ? attackTraits({ attribute, ability }) : [];
  p.oneOf(xp.trait, traits, "attack.experience.trait");
  faces(p, xp.faces, "attack.experience.faces");
  const exploding = attackExploding({
    exploding: typeof attack.exploding === "boolean" ? attack.exploding : undefined,
    bonusFaces: Array.isArray(attack.bonusFaces) ? attack.bonusFaces : [],
  });
  p.check(
    Array.isArray(xp.faces) && experienceValid(xp.faces, exploding),
    "attack.experience.faces must be one die and the bonus dice its tens earn",
  );
}

/** Why a card's state is not one an attack could have (empty when it is): its data model refuses it. */
export function attackCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the attack card must be an object"];
  p.check(card.version === 1, "version must be 1");
  const attacker = isCardRecord(card.attacker) ? card.attacker : {};
  p.text(attacker.actorUuid, "attacker.actorUuid");
  p.text(attacker.name, "attacker.name");
  const weapon = isCardRecord(card.weapon) ? card.weapon : {};
  p.text(weapon.itemUuid, "weapon.itemUuid");
  p.text(weapon.name, "weapon.name");
  p.oneOf(weapon.category, ["ranged", "melee"], "weapon.category");
  p.whole(weapon.damage, "weapon.damage", 0, 30);
  p.oneOf(weapon.damageType, DAMAGE_TYPES, "weapon.damageType");
  p.check(typeof weapon.addStrength === "boolean", "weapon.addStrength must be yes/no");
  p.whole(card.strength, "strength", 0, 10);
  const attack = isCardRecord(card.attack) ? card.attack : {};
  p.text(attack.attribute, "attack.attribute");
  p.text(attack.ability, "attack.ability");
  p.whole(attack.pool, "attack.pool", 0, MAX_DICE);
  p.whole(attack.difficulty, "attack.difficulty", 2, 30);
  p.whole(attack.threshold, "attack.threshold", 0, MAX_DICE);
  faces(p, attack.faces, "attack.faces");
  faces(p, attack.bonusFaces, "attack.bonusFaces");
  p.whole(attack.successes, "attack.successes", 0, MAX_DICE);
  p.oneOf(attack.outcome, OUTCOMES, "attack.outcome");
  p.check(
    attack.exploding === undefined || typeof attack.exploding === "boolean",
    "attack.exploding must be yes/no",
  );
  experienceProblems(p, attack);
  p.oneOf(card.damageMode, MODES, "damageMode");
  p.check(typeof card.extraSuccessesAddDamage === "boolean", "extraSuccessesAddDamage must be yes/no");
  if (card.damage !== null) {
    const d = isCardRecord(card.damage) ? card.damage : {};
    p.whole(d.dice, "damage.dice", 0, MAX_DICE);
    p.whole(d.levels, "damage.levels", 0, MAX_DICE);
    faces(p, d.faces, "damage.faces");
  }
  p.entries(card.targets, "targets", MAX_TARGETS, (t, i) => {
    const row = isCardRecord(t) ? t : {};
    p.text(row.actorUuid, `targets[${i}].actorUuid`);
    p.text(row.name, `targets[${i}].name`);
    p.text(row.tokenUuid, `targets[${i}].tokenUuid`, true);
    soakProblems(p, row.soak, `targets[${i}].soak`);
    appliedProblems(p, row.applied, `targets[${i}].applied`);
  });
  return p.list;
}

const OPS = ["damage", "experience", "soak", "apply", "undo"] as const;

/**
 * The operation a request names, checked against the card: a known operation, only its own fields
 * (the message id; for the experience die, a trait the attack used; for a row, its index), a row
 * that exists. Anything else is refused.
 */
export function parseAttackOp(payload: Payload, card: Pick<AttackCard, "attack" | "targets">): AttackOp {
  const op = oneOf(payload.op, OPS);
  if (op === "damage") {
    onlyKeys(payload, ["messageId", "op"]);
    return { op };
  }
  if (op === "experience") {
    onlyKeys(payload, ["messageId", "op", "trait"]);
    return { op, trait: oneOf(payload.trait, attackTraits(card.attack)) };
  }
  onlyKeys(payload, ["messageId", "op", "index"]);
  if (!card.targets.length) refuse("POLYVERSE.Relay.Malformed");
  return { op, index: wholeNumber(payload.index, 0, card.targets.length - 1) };
}

/** What the documents, the dice and the settings said when a player's card was posted. */
export interface CardFacts {
  /** The attacking item, or null when it is gone or not a Maelstrom weapon. */
  item: {
    actorUuid: string | null;
    category: string;
    damage: number;
    addStrength: boolean;
    damageType: string;
  } | null;
  /** The attacker's Strength, or null when the attacker is gone. */
  strength: number | null;
  /** Every face of the message's roll in order (pool, then bonus dice), or null without a roll. */
  rolledFaces: readonly number[] | null;
  /** Whether the message's roll says its tens explode (a specialty used). */
  rollExploding: boolean;
  settings: { damageMode: DamageMode; extraSuccessesAddDamage: boolean };
}

const same = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((f, i) => f === b[i]);

/**
 * Why a player's new card cannot be what its attack rolled (an i18n key), or null: its weapon must be
 * the attacker's with the item's numbers, its Strength the attacker's, its dice the message's roll
 * and its successes what those dice make at its difficulty and threshold (rules `resolveRoll`), its
 * bonus dice exactly those its tens earn (exploding as the roll says), its damage mode the world's,
 * and nothing may be added, rolled, soaked or applied yet (a fixedLevels hit carries its levels from
 * the start).
 */
export function cardMismatch(card: AttackCard, facts: CardFacts): string | null {
  const changed = "POLYVERSE.Relay.CardChanged";
  const w = card.weapon;
  const item = facts.item;
  if (!item || item.actorUuid !== card.attacker.actorUuid) return "POLYVERSE.Relay.WeaponMismatch";
  if (
    item.category !== w.category ||
    item.damage !== w.damage ||
    item.addStrength !== w.addStrength ||
    item.damageType !== w.damageType
  )
    return "POLYVERSE.Relay.WeaponMismatch";
  if (facts.strength !== card.strength) return changed;
  const a = card.attack;
  if (!facts.rolledFaces || !same([...a.faces, ...a.bonusFaces], facts.rolledFaces)) return changed;
  if (a.experience) return changed;
  if (a.exploding !== undefined && a.exploding !== facts.rollExploding) return changed;
  if (!splitWaves(a.faces, a.bonusFaces, attackExploding(a))) return changed;
  let resolved: ReturnType<typeof resolveRoll>;
  try {
    resolved = resolveRoll({
      dice: a.faces,
      bonusDice: a.bonusFaces,
      difficulty: a.difficulty,
      threshold: a.threshold,
    });
  } catch {
    return "POLYVERSE.Relay.Malformed";
  }
  if (resolved.finalSuccesses !== a.successes || resolved.outcome !== a.outcome) return changed;
  if (
    card.damageMode !== facts.settings.damageMode ||
    card.extraSuccessesAddDamage !== facts.settings.extraSuccessesAddDamage
  )
    return changed;
  const damage = fixedDamage(card);
  if (JSON.stringify(card.damage) !== JSON.stringify(damage)) return changed;
  if (card.targets.some((t) => t.soak || t.applied)) return changed;
  return null;
}
