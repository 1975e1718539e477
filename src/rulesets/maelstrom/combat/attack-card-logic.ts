/**
 * The Maelstrom attack card (`maelstrom-attack`), without Foundry: its state, what each button does
 * to it, who may press what, and the arithmetic of damage, soak and the health track (the rules
 * layer's). The text's combat chapter is empty: the damage roll is the `damageMode` and
 * `extraSuccessesAddDamage` settings' Polyverse default (rules `damageFromAttack`,
 * `damageRollLevels`); the soak ("Soaking Damage") and marking ("Marking Damage", "Incapacitation
 * and Death") are the text's (rules `soakPool`, `soakResult`, `applyDamage`).
 *
 * Every change after the roll is written by a GM's client, which works it out from the documents
 * and the card's rolled state (attack-ops.ts); the card never carries a number a player chose.
 */
import {
  applyDamage,
  damageFromAttack,
  damageRollLevels,
  experienceDieAllowed,
  fitHealth,
  resolveRoll,
  soakResult,
  type DamageMode,
  type DamageType,
  type HealthState,
  type RollResult,
} from "../rules";
import type { ExperienceDie } from "../rolls/roll-logic";

/** Where the card's strings are in the language file. */
export const ATTACK_KEY = "POLYVERSE.Maelstrom.Combat.Attack";

/** The card's sub-type and the flag older cards would have kept it in (none: typed from the start). */
export const ATTACK_CARD = { type: "maelstrom-attack", flag: "maelstromAttack" } as const;

export type Outcome = "success" | "failure" | "botch";

/** A soak roll on a row ("Soaking Damage": difficulty 6, no explosions, no experience dice). */
export interface SoakRecord {
  pool: number;
  faces: number[];
  successes: number;
  botches: number;
  /** Damage soaked: `max(0, successes - botches)`. */
  net: number;
  /** Levels left to mark. */
  taken: number;
}

/** What an Apply marked on the target's track, as amounts (so Undo takes back only these). */
export interface AppliedRecord {
  /** Levels marked. */
  levels: number;
  /** The change per damage type (bashing may fall: converted or displaced by the new levels). */
  delta: { bashing: number; lethal: number; aggravated: number };
  /** This Apply killed the target. */
  died: boolean;
  /** The bottom box holds damage after it. */
  incapacitated: boolean;
}

/** One target of the attack. */
export interface AttackRow {
  actorUuid: string;
  tokenUuid: string | null;
  name: string;
  soak: SoakRecord | null;
  applied: AppliedRecord | null;
}

/** The attack as rolled. */
export interface AttackRoll {
  attribute: string;
  ability: string;
  pool: number;
  difficulty: number;
  /** The pool's dice, then the bonus dice of exploding tens. */
  faces: number[];
  bonusFaces: number[];
  /** Successes removed before botches count (required specialties not used). */
  threshold: number;
  /** Successes the attack ends with (after botches and threshold, with the experience die). */
  successes: number;
  outcome: Outcome;
  /** The attack used a specialty: its tens explode (and the experience die's). Older cards: absent. */
  exploding?: boolean;
  /**
   * The experience die, once added ("Adding Experience Dice"): the trait banked in
   * ("attributes.<key>" or "abilities.<key>") and its die, then the bonus dice it earned.
   */
  experience?: ExperienceDie | null;
}

/** The weapon, as it was when the attack was rolled. */
export interface AttackWeapon {
  itemUuid: string;
  name: string;
  category: "ranged" | "melee";
  damage: number;
  addStrength: boolean;
  damageType: DamageType;
}

/** The rolled damage (dicePool) or the levels (fixedLevels). */
export interface DamageRecord {
  dice: number;
  faces: number[];
  levels: number;
}

export interface AttackCard {
  version: 1;
  attacker: { actorUuid: string; name: string; tokenUuid: string | null };
  weapon: AttackWeapon;
  /** The attacker's Strength at the roll (melee "Strength + N"). */
  strength: number;
  attack: AttackRoll;
  damageMode: DamageMode;
  extraSuccessesAddDamage: boolean;
  /** Null until the damage is rolled (dicePool) or for a miss. */
  damage: DamageRecord | null;
  targets: AttackRow[];
}

// ---- the roll and its experience die -----------------------------------------------------------

/** The traits the attack used, as bank keys: its attribute and the weapon's ability. */
export function attackTraits({ attribute, ability }: Pick<AttackRoll, "attribute" | "ability">): string[] {
  return [...(attribute ? [`attributes.${attribute}`] : []), ...(ability ? [`abilities.${ability}`] : [])];
}

/**
 * Do the attack's tens explode (it used a specialty)? A card from before the field was kept says so
 * only by the bonus dice it rolled.
 */
export const attackExploding = (attack: {
  exploding?: boolean | undefined;
  bonusFaces: readonly unknown[];
}): boolean => attack.exploding ?? attack.bonusFaces.length > 0;

/** The attack resolved from its dice (rules `resolveRoll`): the pool, its bonus dice, the experience die. */
export function resolveAttack(attack: AttackRoll): RollResult {
  return resolveRoll({
    dice: attack.faces,
    bonusDice: [...attack.bonusFaces, ...(attack.experience?.faces ?? [])],
    difficulty: attack.difficulty,
    threshold: attack.threshold,
  });
}

/**
 * The card with the experience die added: its successes and outcome resolved again (a miss may
 * become a hit), and a fixedLevels hit's levels worked out again (nothing has used them yet).
 */
export function withExperience(card: AttackCard, trait: string, faces: readonly number[]): AttackCard {
  const attack: AttackRoll = { ...card.attack, experience: { trait, faces: [...faces] } };
  const result = resolveAttack(attack);
  const next = { ...card, attack: { ...attack, successes: result.finalSuccesses, outcome: result.outcome } };
  return { ...next, damage: fixedDamage(next) };
}

/**
 * Has the damage been used: rolled (dicePool), or soaked or applied on a row (fixedLevels levels are
 * known from the start, but nobody has taken them yet until then)?
 */
export const damageUsed = (card: AttackCard): boolean =>
  (card.damageMode === "dicePool" && card.damage !== null) || card.targets.some((t) => t.soak || t.applied);

// ---- the damage ---------------------------------------------------------------------------------

/** Did the attack hit (at least one success)? */
export const isHit = (card: Pick<AttackCard, "attack">): boolean => card.attack.successes >= 1;

/**
 * The damage a hit does, per the settings (rules `damageFromAttack`): dice to roll (dicePool) or
 * levels (fixedLevels). A miss does none.
 */
export function damageOf(
  card: AttackCard,
): { mode: "dicePool"; dice: number } | { mode: "fixedLevels"; levels: number } {
  return damageFromAttack({
    mode: card.damageMode,
    weaponDamage: card.weapon.damage,
    addStrength: card.weapon.category === "melee" && card.weapon.addStrength,
    strength: card.strength,
    netSuccesses: card.attack.successes,
    extraSuccessesAddDamage: card.extraSuccessesAddDamage,
  });
}

/** The damage record a fixedLevels hit starts with (no roll), or null (dicePool, or a miss). */
export function fixedDamage(card: AttackCard): DamageRecord | null {
  if (!isHit(card)) return null;
  const d = damageOf(card);
  return d.mode === "fixedLevels" ? { dice: 0, faces: [], levels: d.levels } : null;
}

/** The dice "Roll damage" rolls, or null when there is nothing to roll (a miss, fixed levels, rolled). */
export function damageDiceToRoll(card: AttackCard): number | null {
  if (!isHit(card) || card.damage) return null;
  const d = damageOf(card);
  return d.mode === "dicePool" ? d.dice : null;
}

/** The card with its damage rolled: each die of 6 or more a level, ones ignored (rules `damageRollLevels`). */
export function withDamage(card: AttackCard, faces: readonly number[]): AttackCard {
  return { ...card, damage: { dice: faces.length, faces: [...faces], levels: damageRollLevels(faces) } };
}

/** The levels coming at each target, or null while the damage is not known. */
export const incomingLevels = (card: Pick<AttackCard, "damage">): number | null =>
  card.damage?.levels ?? null;

/** A new card for an attack just rolled: a fixedLevels hit carries its levels at once. */
export function newAttackCard(parts: {
  attacker: AttackCard["attacker"];
  weapon: AttackWeapon;
  strength: number;
  attack: AttackRoll;
  settings: { damageMode: DamageMode; extraSuccessesAddDamage: boolean };
  targets: readonly { actorUuid: string; tokenUuid: string | null; name: string }[];
}): AttackCard {
  const card: AttackCard = {
    version: 1,
    attacker: parts.attacker,
    weapon: parts.weapon,
    strength: parts.strength,
    attack: parts.attack,
    damageMode: parts.settings.damageMode,
    extraSuccessesAddDamage: parts.settings.extraSuccessesAddDamage,
    damage: null,
    targets: parts.targets.map((t) => ({ ...t, soak: null, applied: null })),
  };
  return { ...card, damage: fixedDamage(card) };
}

// ---- soak ---------------------------------------------------------------------------------------

/** The card with a row soaked (rules `soakResult`). */
export function withSoak(card: AttackCard, index: number, faces: readonly number[]): AttackCard {
  const incoming = incomingLevels(card) ?? 0;
  const r = soakResult({ dice: faces, incoming });
  const soak: SoakRecord = { pool: faces.length, faces: [...faces], ...r };
  return withRow(card, index, { soak });
}

// ---- the track ----------------------------------------------------------------------------------

/** The levels a row takes: after its soak, else the full damage. */
export function levelsTaken(card: AttackCard, index: number): number {
  const row = card.targets[index];
  const incoming = incomingLevels(card) ?? 0;
  return row?.soak ? row.soak.taken : incoming;
}

/**
 * What Apply marks on a target whose track is `health` on `trackLength` boxes (rules `applyDamage`):
 * the new state and the record the card keeps.
 */
export function planApply(
  card: AttackCard,
  index: number,
  health: HealthState,
  trackLength: number,
): { state: HealthState; record: AppliedRecord } {
  const levels = levelsTaken(card, index);
  const r = applyDamage(health, card.weapon.damageType, levels, trackLength);
  const delta = {
    bashing: r.state.bashing - health.bashing,
    lethal: r.state.lethal - health.lethal,
    aggravated: r.state.aggravated - health.aggravated,
  };
  return { state: r.state, record: { levels, delta, died: r.died, incapacitated: r.incapacitated } };
}

/**
 * The target's track once a row's Apply is taken back, from the track as it is now: each type by the
 * amount this card changed it (never below 0, and never another card's levels), alive again when
 * this card killed it, and no more levels than the track holds (a bashing level this card pushed out
 * comes back only where there is room: rules `fitHealth`).
 */
export function planUndo(applied: AppliedRecord, now: HealthState, trackLength: number): HealthState {
  const back = (type: "bashing" | "lethal" | "aggravated") => Math.max(0, now[type] - applied.delta[type]);
  const state = {
    bashing: back("bashing"),
    lethal: back("lethal"),
    aggravated: back("aggravated"),
    dead: applied.died ? false : now.dead,
  };
  return fitHealth(state, trackLength);
}

/** The card with one row changed. */
export function withRow(card: AttackCard, index: number, patch: Partial<AttackRow>): AttackCard {
  return { ...card, targets: card.targets.map((t, i) => (i === index ? { ...t, ...patch } : t)) };
}

// ---- who may press what, and when --------------------------------------------------------------

export type AttackOpName = "damage" | "experience" | "soak" | "apply" | "undo";
export type AttackOp =
  { op: "damage" } | { op: "experience"; trait: string } | { op: "soak" | "apply" | "undo"; index: number };

/** Who the user is to the card: the attacker's owner, the card's author, a row's target's owner. */
export interface Who {
  gm: boolean;
  attackerOwner: boolean;
  author: boolean;
  /** Owns the row's target (for a row operation). */
  targetOwner: boolean;
}

/**
 * May this user press the button? Roll damage and the experience die: the attacker's owner. Soak:
 * the target's owner.
 * Apply: the target's owner, or the attacker's (its owner, or the card's author). Undo: the
 * target's owner.
 * A GM may press every one.
 */
export function mayPress(op: AttackOpName, who: Who): boolean {
  if (who.gm) return true;
  switch (op) {
    case "damage":
    case "experience":
      return who.attackerOwner;
    case "soak":
    case "undo":
      return who.targetOwner;
    case "apply":
      return who.targetOwner || who.author || who.attackerOwner;
  }
}

/**
 * Why the card's state does not allow the operation now (an i18n key), or null. The damage is
 * rolled once, on a hit; the experience die is added once, in a trait the attack used, when the
 * attack (resolved from its dice) did not botch and before the damage is used; a row is soaked
 * once, before its Apply, when damage is coming; Apply once the damage is known, once (until
 * undone); Undo only what was applied.
 */
export function refusalFor(card: AttackCard, op: AttackOp): string | null {
  if (op.op === "experience") {
    if (!attackTraits(card.attack).includes(op.trait)) return "POLYVERSE.Relay.Malformed";
    if (card.attack.experience) return `${ATTACK_KEY}.Refused.AlreadyDone`;
    if (!experienceDieAllowed(resolveAttack(card.attack))) return `${ATTACK_KEY}.Refused.ExperienceBotch`;
    return damageUsed(card) ? `${ATTACK_KEY}.Refused.ExperienceLate` : null;
  }
  if (op.op === "damage") {
    if (!isHit(card)) return `${ATTACK_KEY}.Refused.Miss`;
    if (card.damage) return `${ATTACK_KEY}.Refused.AlreadyDone`;
    return damageDiceToRoll(card) === null ? `${ATTACK_KEY}.Refused.NoDamageRoll` : null;
  }
  const row = card.targets[op.index];
  if (!row) return "POLYVERSE.Relay.Malformed";
  const incoming = incomingLevels(card);
  switch (op.op) {
    case "soak":
      if (incoming === null || incoming < 1) return `${ATTACK_KEY}.Refused.NoDamage`;
      if (row.soak || row.applied) return `${ATTACK_KEY}.Refused.AlreadyDone`;
      return null;
    case "apply":
      if (incoming === null) return `${ATTACK_KEY}.Refused.NoDamage`;
      return row.applied ? `${ATTACK_KEY}.Refused.AlreadyDone` : null;
    case "undo":
      return row.applied ? null : `${ATTACK_KEY}.Refused.NothingToUndo`;
  }
}
