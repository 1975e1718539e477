/**
 * A Xero Sum attack without Foundry: what the attacker's documents, the target's and both round states
 * bring (as plain data), the modifier and its parts (rules `attackModifier`), the hit (rules
 * `resolveAttack`) and the band a token distance reads as. The attack dialog shows this, the attacker's
 * client rolls with it, and the GM works it out again from the documents when it resolves the card.
 */
import {
  FISTS,
  RANGE_BANDS,
  SKILL_ATTRIBUTE,
  attackModifier,
  classify,
  defenceBonus,
  isMeleeWeapon,
  lastingWoundCheckPenalty,
  rapidFireModifiers,
  resolveAttack,
  panicEffect,
  type AttackModifier,
  type AttackOptions,
  type AttackPartKey,
  type AttackResolution,
  type Band,
  type ItemCondition,
  type LastingWound,
  type Moment,
  type MomentOn3d6,
  type Panic,
  type RangeBand,
  type RapidFireBoth,
  type RoundState,
  type WeaponLike,
} from "../rules";

/** The actions an attack is made with. */
export const ATTACK_ACTIONS = [
  "attack",
  "charge",
  "coverFire",
  "fireFromCover",
  "rapidFire",
  "subdue",
] as const;
export type AttackAction = (typeof ATTACK_ACTIONS)[number];

/** A weapon as an attack reads it (an item's system data, or bare fists). */
export type AttackWeapon = Pick<
  WeaponLike,
  | "key"
  | "category"
  | "skill"
  | "range"
  | "weaponClass"
  | "scoped"
  | "characteristics"
  | "damage"
  | "rpPercent"
> & { condition: ItemCondition; ammo: { clip: number; loaded: number; reloads: number } | null };

/** Bare fists as a weapon. */
export const FISTS_WEAPON: AttackWeapon = {
  key: FISTS.key,
  category: FISTS.category,
  skill: FISTS.skill,
  range: FISTS.range,
  weaponClass: FISTS.weaponClass,
  scoped: false,
  characteristics: FISTS.characteristics,
  damage: FISTS.damage,
  rpPercent: FISTS.rpPercent,
  condition: "used",
  ammo: null,
};

/** What the attacker brings. */
export interface AttackerView {
  /** Attributes after Lasting Wounds. */
  attributes: { rsn: number; acu: number; phy: number; inf: number; dex: number };
  skills: Record<string, number>;
  lastingWounds: readonly LastingWound[];
  /** A Panic in force (its CMods: Twitchy −2 on all, Intimidated −2 on attacks). */
  panic: Panic | "";
  /** The attacker's round, or null outside a combat round. */
  round: RoundState | null;
  /** Incapacitated or dead: no action at all. */
  out?: boolean;
}

/** What the target brings: Table 5's DMs and its round (Defend, Take Cover). */
export interface DefenderView {
  meleeDefence: number;
  rangedDefence: number;
  round: RoundState | null;
}

/** One labelled CMod the attacker adds (Table 4's scale, −5..+5). */
export interface Conditional {
  label: string;
  value: number;
}

/** What the attacker chose. */
export interface AttackChoice {
  action: AttackAction;
  band: RangeBand;
  /** The target's id in the round states (its combatant id, or its actor id outside combat). */
  targetKey: string;
  /** Rapid Fire: 1 or 2 actions, and which shot (0-based). */
  actionsUsed: 1 | 2;
  shot: number;
  conditional: readonly Conditional[];
  /** Insight spent before the roll. */
  insight: "extraDie" | "plusThree" | null;
  /** Automatic Burst: the attack at a character engaged with the target (no action of its own). */
  burst?: boolean;
}

/** The settings an attack reads. */
export interface AttackSettings {
  attackResolution: AttackResolution;
  characteristicPenalty: "literal" | "shortfall";
  clampConditional: boolean;
  rapidFireBoth: RapidFireBoth;
  momentOn3d6: MomentOn3d6;
}

/** An attack's skill and attribute: the weapon's skill and that skill's attribute. */
export function attackTraits(weapon: Pick<AttackWeapon, "skill">) {
  return { skill: weapon.skill, attribute: SKILL_ATTRIBUTE[weapon.skill] };
}

/** The Panic CMods on an attack: Twitchy −2 (all actions), Intimidated −2 (attacks). */
export function panicCmod(panic: Panic | ""): number {
  if (!panic) return 0;
  const effect = panicEffect(panic);
  return effect.cmod && (effect.cmodOn === "all" || effect.cmodOn === "attacks") ? effect.cmod : 0;
}

/** The Rapid Fire shots' CMods for a choice (one entry for any other action). */
export function shotsOf(choice: Pick<AttackChoice, "action" | "actionsUsed">, rapidFireBoth: RapidFireBoth) {
  return choice.action === "rapidFire" ? rapidFireModifiers(choice.actionsUsed, rapidFireBoth) : [0];
}

/** Why an attack cannot be made as chosen (rules `RangeProblem`, a Broken weapon, a shot Rapid Fire has not). */
export type AttackProblem =
  "needsReach" | "meleeOutOfReach" | "distantNeedsRifle" | "beyondRange" | "broken" | "actionsUsed";
export type AttackPlan =
  | { ok: true; value: AttackModifier }
  | { ok: false; reason: AttackProblem; data?: Record<string, number | string> };

/** The attack's modifier and parts, or why the rules refuse it. */
export function planAttack(
  attacker: AttackerView,
  weapon: AttackWeapon,
  defender: DefenderView | null,
  choice: AttackChoice,
  settings: AttackSettings,
): AttackPlan {
  const { skill, attribute } = attackTraits(weapon);
  const shots = shotsOf(choice, settings.rapidFireBoth);
  const cmod = shots[choice.shot];
  if (cmod === undefined) return { ok: false, reason: "actionsUsed" };
  const conditional = [
    ...choice.conditional.map((c) => c.value),
    panicCmod(attacker.panic),
    lastingWoundCheckPenalty(attacker.lastingWounds, attribute),
    choice.insight === "plusThree" ? 3 : 0,
  ].filter((v) => v !== 0);
  const options: AttackOptions = {
    attackResolution: defender ? settings.attackResolution : "checkOnly",
    characteristicPenalty: settings.characteristicPenalty,
    clampConditional: settings.clampConditional,
  };
  return attackModifier(
    {
      attribute: attacker.attributes[attribute],
      skill: attacker.skills[skill] ?? 0,
      phy: attacker.attributes.phy,
      dex: attacker.attributes.dex,
      weapon,
      band: choice.band,
      target: choice.targetKey,
      attacker: attacker.round,
      action: choice.action,
      ...(choice.action === "rapidFire" ? { rapidFire: { cmod, first: choice.shot === 0 } } : {}),
      targetDefence: { melee: defender?.meleeDefence ?? 0, ranged: defender?.rangedDefence ?? 0 },
      targetDefenceBonus: defender?.round ? defenceBonus(defender.round) : 0,
      conditional,
    },
    options,
  );
}

/** An attack's outcome once its dice are known. */
export interface AttackResult {
  total: number;
  band: Band;
  moment: Moment;
  /** Null while an opposed attack waits for the defence. */
  hit: boolean | null;
  wild: boolean;
  draw: boolean;
}

/** The outcome of the attack's dice (and, opposed, of the defence's total). */
export function attackResult(
  dice: readonly number[],
  plan: AttackModifier,
  resolution: AttackResolution,
  momentOn3d6: MomentOn3d6,
  defenceTotal: number | null = null,
): AttackResult {
  const check = classify(dice, plan.modifier, { momentOn3d6 });
  if (resolution === "opposed" && defenceTotal === null)
    return {
      total: check.total,
      band: check.band,
      moment: check.moment,
      hit: null,
      wild: false,
      draw: false,
    };
  const outcome = resolveAttack({
    attackResolution: resolution,
    band: check.band,
    attackTotal: check.total,
    ...(defenceTotal === null ? {} : { defenceTotal }),
  });
  return { total: check.total, band: check.band, moment: check.moment, ...outcome };
}

/** The parts as a card keeps them. */
export const partsOf = (plan: AttackModifier): { key: AttackPartKey; value: number }[] =>
  plan.parts.map((p) => ({ key: p.key, value: p.value }));

/**
 * The band a token distance reads as (Polyverse's reading: the SRD keeps positions relative and gives
 * no distances): Engaged within 2 m (adjacent squares), Close to 10 m, Medium to 50 m, Long to 250 m,
 * Distant beyond.
 */
export const BAND_METRES: Readonly<Record<Exclude<RangeBand, "distant">, number>> = {
  engaged: 2,
  close: 10,
  medium: 50,
  long: 250,
};
export function bandOfMetres(metres: number): RangeBand {
  for (const band of RANGE_BANDS) if (band !== "distant" && metres <= BAND_METRES[band]) return band;
  return "distant";
}

/** Whether the attack's weapon is melee (the target's Melee DM counts) or not (its Ranged DM). */
export const meleeAttack = (weapon: Pick<AttackWeapon, "category">): boolean => isMeleeWeapon(weapon);
