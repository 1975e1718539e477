/**
 * The `tales-damage` card without Foundry: its state, its shape (refused by the model when broken),
 * the strength of the blow from the weapon (block halving, Auto, Spray), the dice a margin buys, the
 * wound read from the rolled dice against the target's protection (rules `rollDamage`, Split Damage's
 * Essence part with `splitDamage`), what applying it does (absorbing with Hit Points and Essence,
 * rules `absorbWound`, then `accumulateWounds` by the damageMode setting) and what undoing restores
 * (exactly this card's change, only while the target's health is still what the card left).
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import {
  DAMAGE_WOUNDS,
  WOUND_LEVELS,
  absorbWound,
  accumulateWounds,
  autoFire,
  blockedStrength,
  damageShifts,
  rollDamage,
  splitDamage,
  sprayStrength,
  type AbsorptionTraits,
  type BlockHalving,
  type DamageMode,
  type DamageReading,
  type DamageWound,
  type ResilientMode,
  type WoundLevel,
} from "../rules";

export const DAMAGE_CARD = { type: "tales-damage", flag: "talesDamage" } as const;
/** The GM request carrying a damage card's button. */
export const DAMAGE_OP = "tales.damage.op";
export const DAMAGE_ACTIONS = { apply: "tales.damage.apply", undo: "tales.damage.undo" } as const;

/** What the attacker declared for the blow (from the attack). */
export interface DamageAttack {
  /** How much the attack beat the defence by (every 3 buys a shift). */
  margin: number;
  /** Shifts spent reading the table lower (the others as extra location dice). */
  rowShifts: number;
  /** A successful Block or Parry: the strength is halved. */
  blocked: boolean;
  /** Extra bullets fired with Auto (X). */
  autoBullets: number;
  /** Victims of one Spray (1 = one target). */
  sprayVictims: number;
}

/** A target's health and pools, as the card records them before and after. */
export interface HealthSnapshot {
  level: WoundLevel;
  stunned: boolean;
  hp: number;
  essence: number;
}

/** What Apply did. */
export interface AppliedRecord {
  /** Levels absorbed with Hit Points, and what they cost. */
  levels: number;
  cost: number;
  /** Levels of Split Damage's Essence part absorbed with Essence, and what they cost. */
  essenceLevels: number;
  essenceCost: number;
  /** The wounds left after absorbing (Hit Points' part, Essence's part). */
  wounds: (DamageWound | null)[];
  before: HealthSnapshot;
  after: HealthSnapshot;
}

export interface DamageCard {
  attacker: { actorUuid: string; name: string };
  /** The weapon; null for bare hands (a counter-attack without a weapon: strength 0). */
  weapon: { itemUuid: string; name: string } | null;
  target: { actorUuid: string; name: string } | null;
  attack: DamageAttack;
  /** As worked out when rolled (the GM works them out again from the documents). */
  strength: number;
  split: boolean;
  protection: number;
  deathdealer: boolean;
  /** The location dice rolled together. */
  faces: number[];
  applied: AppliedRecord | null;
}

const MAX_DICE = 12;
const LEVELS = WOUND_LEVELS as readonly string[];

function snapshotProblems(p: CardProblems, v: unknown, what: string): void {
  if (!isCardRecord(v)) return p.check(false, `${what} must be a record`);
  p.oneOf(v.level, LEVELS, `${what}.level`);
  p.check(typeof v.stunned === "boolean", `${what}.stunned must be true or false`);
  p.whole(v.hp, `${what}.hp`, 0, 100);
  p.whole(v.essence, `${what}.essence`, 0, 100);
}

/** Why a damage card's state breaks its shape (empty when it does not). */
export function damageCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the card must be a record"];
  const ref = (v: unknown, key: string, what: string, optional = false) => {
    if (optional && v === null) return;
    if (!isCardRecord(v)) return p.check(false, `${what} must be a record`);
    p.text(v[key], `${what}.${key}`);
    p.text(v.name, `${what}.name`);
  };
  ref(card.attacker, "actorUuid", "attacker");
  ref(card.weapon, "itemUuid", "weapon", true);
  ref(card.target, "actorUuid", "target", true);
  const a = card.attack;
  if (!isCardRecord(a)) p.check(false, "attack must be a record");
  else {
    p.whole(a.margin, "attack.margin", 0, 60);
    p.whole(a.rowShifts, "attack.rowShifts", 0, 20);
    p.check(typeof a.blocked === "boolean", "attack.blocked must be true or false");
    p.whole(a.autoBullets, "attack.autoBullets", 0, 50);
    p.whole(a.sprayVictims, "attack.sprayVictims", 1, 20);
  }
  p.whole(card.strength, "strength", -50, 100);
  p.whole(card.protection, "protection", 0, 100);
  p.check(typeof card.split === "boolean", "split must be true or false");
  p.check(typeof card.deathdealer === "boolean", "deathdealer must be true or false");
  p.entries(card.faces, "faces", MAX_DICE, (f, i) => p.whole(f, `faces[${i}]`, 1, 6));
  const ap = card.applied;
  if (ap !== null && ap !== undefined) {
    if (!isCardRecord(ap)) p.check(false, "applied must be a record");
    else {
      for (const k of ["levels", "cost", "essenceLevels", "essenceCost"])
        p.whole(ap[k], `applied.${k}`, 0, 20);
      p.entries(ap.wounds, "applied.wounds", 2, (w, i) =>
        p.oneOf(w, [...DAMAGE_WOUNDS, null], `applied.wounds[${i}]`),
      );
      snapshotProblems(p, ap.before, "applied.before");
      snapshotProblems(p, ap.after, "applied.after");
    }
  }
  return p.list;
}

/** The weapon's numbers the blow reads. */
export interface WeaponNumbers {
  damage: number;
  auto: number;
  spray: boolean;
  splitDamage: boolean;
}

/** Bare hands: "0 = Unarmed" (Sample Weapon Strengths), no traits. */
export const UNARMED: WeaponNumbers = { damage: 0, auto: 0, spray: false, splitDamage: false };

/** Why a blow's declaration is refused (i18n key tails). */
export type BlowProblem = "autoBullets" | "spray" | "rowShifts";

/**
 * The strength of the blow: the weapon's damage, +1 per extra Auto bullet (rules `autoFire`), −1 per
 * extra Spray victim (`sprayStrength`), halved after a successful Block or Parry (`blockedStrength`,
 * the blockHalving setting), in that order (the halving applies to "the effective strength score").
 */
export function blowStrength(
  weapon: WeaponNumbers,
  attack: DamageAttack,
  { blockHalving }: { blockHalving: BlockHalving },
): { ok: true; strength: number } | { ok: false; reason: BlowProblem } {
  if (attack.autoBullets > 0 && attack.autoBullets > weapon.auto) return { ok: false, reason: "autoBullets" };
  if (attack.sprayVictims > 1 && !weapon.spray) return { ok: false, reason: "spray" };
  if (attack.rowShifts > damageShifts(attack.margin)) return { ok: false, reason: "rowShifts" };
  let strength = weapon.damage;
  if (attack.autoBullets > 0) strength += autoFire(weapon.auto, attack.autoBullets).damageBonus;
  strength = sprayStrength(strength, attack.sprayVictims);
  if (attack.blocked) strength = blockedStrength(strength, { blockHalving });
  return { ok: true, strength };
}

/** The location dice a blow rolls: one, one per shift not spent on rows, one more with Deathdealer. */
export function damageDice(attack: DamageAttack, deathdealer: boolean): number {
  return 1 + Math.max(0, damageShifts(attack.margin) - attack.rowShifts) + (deathdealer ? 1 : 0);
}

/** What the dice read: the chosen die (the most severe) and, with Split Damage, the Essence part. */
export interface DamageOutcome {
  readings: DamageReading[];
  chosen: DamageReading;
  /** The wounds to absorb: Hit Points' part, then (Split Damage) Essence's. */
  wounds: (DamageWound | null)[];
}

/** Read the card's dice (null when they do not fit the declared blow). */
export function readCardDamage(
  card: Pick<DamageCard, "attack" | "strength" | "protection" | "split" | "deathdealer" | "faces">,
): DamageOutcome | null {
  const rolled = rollDamage({
    strength: card.strength,
    protection: card.protection,
    faces: card.faces,
    margin: card.attack.margin,
    rowShifts: card.attack.rowShifts,
    deathdealer: card.deathdealer,
  });
  if (!rolled.ok) return null;
  const chosen = rolled.value.chosen;
  if (!card.split) return { readings: rolled.value.readings, chosen, wounds: [chosen.wound] };
  const parts = splitDamage({
    strengths: [card.strength, card.strength],
    protection: card.protection,
    face: chosen.face,
    rowShifts: card.attack.rowShifts,
  });
  return { readings: rolled.value.readings, chosen, wounds: [parts.hitPoints.wound, parts.essence.wound] };
}

/** Why Apply is refused (i18n key tails). */
export type ApplyProblem = "alreadyApplied" | "cannotAfford" | "noTarget" | "badDice";

/**
 * Apply the card to the target as it is now: absorb `levels` of the Hit Points part and
 * `essenceLevels` of the Essence part (never more than the wound's rating: rules `absorbWound`),
 * pay for it, and accumulate what is left (`accumulateWounds`, the damageMode setting).
 */
export function planApply({
  outcome,
  levels,
  essenceLevels,
  now,
  traits,
  resilientMode,
  damageMode,
}: {
  outcome: DamageOutcome;
  levels: number;
  essenceLevels: number;
  now: HealthSnapshot;
  traits: { hitPoints: AbsorptionTraits; essence: AbsorptionTraits };
  resilientMode: ResilientMode;
  damageMode: DamageMode;
}): { ok: true; record: AppliedRecord } | { ok: false; reason: ApplyProblem } {
  const [hpWound = null, essenceWound = null] = outcome.wounds;
  const hp = absorbWound({
    wound: hpWound,
    levels,
    pool: "hitPoints",
    traits: traits.hitPoints,
    resilientMode,
  });
  const es =
    outcome.wounds.length > 1
      ? absorbWound({
          wound: essenceWound,
          levels: essenceLevels,
          pool: "essence",
          traits: traits.essence,
          resilientMode,
        })
      : { wound: null, levels: 0, cost: 0 };
  if (hp.cost > now.hp || es.cost > now.essence) return { ok: false, reason: "cannotAfford" };
  const wounds = outcome.wounds.length > 1 ? [hp.wound, es.wound] : [hp.wound];
  const health = accumulateWounds({ level: now.level, stunned: now.stunned }, wounds, { damageMode });
  return {
    ok: true,
    record: {
      levels: hp.levels,
      cost: hp.cost,
      essenceLevels: es.levels,
      essenceCost: es.cost,
      wounds,
      before: now,
      after: {
        level: health.level,
        stunned: health.stunned,
        hp: now.hp - hp.cost,
        essence: now.essence - es.cost,
      },
    },
  };
}

/**
 * Undo: the health the card found and the points it took back, only while the target's wound level and
 * stun are still what the card left (otherwise something happened since, which Undo never erases:
 * null). The pools get back what was paid, never above their maxima.
 */
export function planUndo(
  applied: AppliedRecord,
  now: HealthSnapshot,
  max: { hp: number; essence: number },
): HealthSnapshot | null {
  if (now.level !== applied.after.level || now.stunned !== applied.after.stunned) return null;
  return {
    level: applied.before.level,
    stunned: applied.before.stunned,
    hp: Math.min(Math.max(max.hp, now.hp), now.hp + applied.cost),
    essence: Math.min(Math.max(max.essence, now.essence), now.essence + applied.essenceCost),
  };
}

/** A damage card button, as a request carries it. */
export type DamageOp = { op: "apply"; levels: number; essenceLevels: number } | { op: "undo" };
