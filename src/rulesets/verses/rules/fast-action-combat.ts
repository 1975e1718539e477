/**
 * Fast Action, part 3: combat actions ('Verses Core 0.8.5, "Action Chaining", "Dodge", "Parry", "Parry
 * Rating", "Riposte"; the Chainable and Fast features; skills "Unarmed Combat", "Grappling", "Two
 * Weapon Fighting" and the "Weapons »" skills for chain limits). Pure functions. The weapon features
 * themselves are in `fast-action-weapons.ts`.
 */
import { resolveContest, resolveTest, type ContestOutcome, type TestOutcome } from "./dice";
import type { ActionFeatures } from "./fast-action-weapons";
import { type Checked, type Face, refused } from "./types";

// ---------------------------------------------------------------------------------------------
// Action chaining
// ---------------------------------------------------------------------------------------------

/**
 * The chain limit ("Action Chaining"): "the number of dice allocated to the capabilities that enable
 * chaining of the relevant action type": the weapon skill for Chainable weapons (Axes, Bludgeons,
 * Polearms, Short Blades, Staves, Swords, Modern Small Arms), Unarmed Combat for unarmed attacks,
 * Grappling for grappling moves; Two Weapon Fighting's allocation is added when chaining either of two
 * weapons. Pass each enabling capability once. Tam: Unarmed Combat 2 → 2; Grappling 3 → 3 (TV-23).
 */
export function chainLimit(enablingAllocations: readonly number[], twoWeaponFightingAllocated = 0): number {
  const sum = enablingAllocations.reduce((total, n) => total + Math.max(0, n), 0);
  return sum + Math.max(0, twoWeaponFightingAllocated);
}

/** Options for the Pistol Cutlass chain limit. */
export interface PistolCutlassOptions {
  /** Count Weapons » Muzzle-Loading Firearms as well as Short Blades (default true, spec §11.2 #18). */
  includeMuzzleLoading?: boolean;
}

/**
 * The Pistol Cutlass: "This weapon's two attack methods are chainable with each other (ie: stab with
 * blade + shoot pistol)." Short Blades enables chaining; Muzzle-Loading Firearms has no chain-limit
 * clause. Default (spec §11.2 #18): the limit is Short Blades + Muzzle-Loading Firearms; option
 * `includeMuzzleLoading: false`: Short Blades only.
 */
export function pistolCutlassChainLimit(
  shortBlades: number,
  muzzleLoading: number,
  options: PistolCutlassOptions = {},
): number {
  return chainLimit(options.includeMuzzleLoading === false ? [shortBlades] : [shortBlades, muzzleLoading]);
}

/** A chain of actions of one type within one round. */
export interface ChainState {
  /** The action type ("unarmed", "grappling", a weapon or weapon pair id...). */
  type: string;
  limit: number;
  /** Actions that count towards the limit ("The first chainable action counts"). */
  count: number;
  /** Actions performed in the chain (the riposte's parry included). */
  links: number;
  /** Sixes to reuse in the next action's pool. */
  carry: number;
  /** The round of the chain: "Actions cannot be chained across rounds." */
  round: number;
  /** The weapon of the last action (Two Weapon Fighting alternation), or null. */
  lastWeapon: string | null;
  /** Two Weapon Fighting: "as long as their use is alternated". */
  alternate: boolean;
  /** False once the chain is over (a failure, a full parry, the limit). */
  open: boolean;
}

/** How a chain starts. */
export interface StartChainInput {
  type: string;
  limit: number;
  round: number;
  /** Require alternating weapons (Two Weapon Fighting). Default false. */
  alternate?: boolean;
}

/** A new chain, before its first action. */
export function startChain(input: StartChainInput): ChainState {
  return {
    type: input.type,
    limit: Math.max(0, input.limit),
    count: 0,
    links: 0,
    carry: 0,
    round: input.round,
    lastWeapon: null,
    alternate: input.alternate === true,
    open: true,
  };
}

/** The next action of a chain. */
export interface ChainLinkInput {
  round: number;
  /** AD the actor spends on this action. */
  adSpent: number;
  /** The weapon used (needed when alternating). */
  weaponId?: string;
}

/**
 * Whether the next action may chain, and the dice it reuses ("Action Chaining"): "any dice showing a
 * six from the successful roll can be reused in the dice pool for another action of the same type, as
 * long as the subsequent action follows immediately after the previous one". The first action of a
 * chain always may (bonus 0; its own minimum AD applies). Each later action: the previous one
 * succeeded, the same round ("Actions cannot be chained across rounds"), below the limit ("The first
 * chainable action counts towards the actor's chain limit"), at least 1AD ("An actor must have at least
 * 1AD available to spend for each chained action after the initial action"), and with Two Weapon
 * Fighting the other weapon. Unarmed Combat 1 therefore never chains.
 */
export function chainLink(chain: ChainState, input: ChainLinkInput): Checked<{ bonusDice: number }> {
  if (chain.links === 0) return { ok: true, value: { bonusDice: 0 } };
  if (!chain.open)
    return chain.count >= chain.limit ? refused("chainLimit", { limit: chain.limit }) : refused("chainOver");
  if (input.round !== chain.round) return refused("chainAcrossRounds");
  if (chain.count >= chain.limit) return refused("chainLimit", { limit: chain.limit });
  if (!Number.isInteger(input.adSpent) || input.adSpent < 1) return refused("chainNeedsAd");
  if (chain.alternate && input.weaponId !== undefined && input.weaponId === chain.lastWeapon)
    return refused("chainAlternate");
  return { ok: true, value: { bonusDice: chain.carry } };
}

/** Which sixes a successful chained action carries (spec §11.2 #7). */
export type ChainCarryRule = "netSixes" | "rawSixes";

/** The roll of a chained action. */
export interface ChainRoll {
  faces: readonly Face[];
  /** The defender's contesting roll (dodge, parry, grapple resistance), if any. */
  challengerFaces?: readonly Face[];
  /** The action's success target `#S`. */
  target: number;
  weaponId?: string;
}

/** Options of {@link afterChainAction}. */
export interface ChainOptions {
  /**
   * Default `netSixes`: the sixes left after the defender's successes are removed (sixes first) — it
   * fits Tam's Clinch, where "negating one of the sixes" left one six to carry. `rawSixes`: every six
   * of "the successful roll", as the text literally says.
   */
  carry?: ChainCarryRule;
}

/**
 * Record a chain action's result. A success keeps the chain open (until the limit) and carries its
 * sixes; a failure ends it. "A full parry of an attack by the target counts as a failure for the
 * purpose of Action Chaining" (Chainable): a full parry leaves no net success, so it fails here.
 */
export function afterChainAction(
  chain: ChainState,
  roll: ChainRoll,
  options: ChainOptions = {},
): { chain: ChainState; outcome: TestOutcome | ContestOutcome; carried: number } {
  const outcome =
    roll.challengerFaces === undefined
      ? resolveTest(roll.faces, roll.target)
      : resolveContest(roll.faces, roll.challengerFaces, roll.target);
  const count = chain.count + 1;
  const rawSixes = roll.faces.filter((f) => f === 6).length;
  const carried = outcome.success
    ? (options.carry ?? "netSixes") === "rawSixes"
      ? rawSixes
      : outcome.sixes
    : 0;
  return {
    chain: {
      ...chain,
      count,
      links: chain.links + 1,
      carry: carried,
      lastWeapon: roll.weaponId ?? chain.lastWeapon,
      open: outcome.success && count < chain.limit,
    },
    outcome,
    carried,
  };
}

// ---------------------------------------------------------------------------------------------
// Parry and Riposte
// ---------------------------------------------------------------------------------------------

/**
 * Minimum AD for a parry ("Parry Rating"): "1 + (Attack Parry Rating − Defense Parry Rating)",
 * clamped to at least 1 (every action costs at least 1AD). TV-26: longsword Parry(3) vs rapier
 * Parry(2) → 2AD; TV-C05: Parry(1) vs Parry(3) → 1AD; TV-C06: Parry(3) vs a Punch's Parry(1) → 3AD.
 */
export function parryMinimumAD(attackRating: number, defenceRating: number): number {
  return Math.max(1, 1 + attackRating - defenceRating);
}

/** The situation of a parry. */
export interface ParryCheckInput {
  /** Parry Rating of the defender's weapon, or null without the feature. */
  defenceParry: number | null;
  /** Allocated dice in the defender's weapon skill. */
  skillAllocated: number;
  /** Parry Rating of the attacking weapon, or null (kicks, bows, guns cannot be parried). */
  attackParry: number | null;
  prone?: boolean;
  stunned?: boolean;
}

/** Options of {@link checkParry}. */
export interface ParryOptions {
  /**
   * Let a parry deflect attacks by weapons without the Parry feature (GM override, spec §11.2 #6),
   * using an attack rating of 0. Default false: the text only allows "an attack made by a weapon with
   * the Parry feature".
   */
  allowNonParryAttacks?: boolean;
}

/**
 * Whether the defender may parry, and its minimum AD ("Parry"): "While wielding one or more weapons
 * with the Parry feature to which skill the actor has allocated dice, one or more AD may be spent at
 * any point in the round to deflect an attack made by a weapon with the Parry feature." Not while
 * Prone ("may not take the dodge or parry action") or Stunned.
 */
export function checkParry(
  input: ParryCheckInput,
  options: ParryOptions = {},
): Checked<{ minimumAD: number }> {
  if (input.prone === true) return refused("parryProne");
  if (input.stunned === true) return refused("parryStunned");
  if (input.defenceParry === null) return refused("parryNoFeature");
  if (input.skillAllocated < 1) return refused("parryNoSkill");
  if (input.attackParry === null && options.allowNonParryAttacks !== true)
    return refused("parryAttackNoFeature");
  return { ok: true, value: { minimumAD: parryMinimumAD(input.attackParry ?? 0, input.defenceParry) } };
}

/**
 * The parry pool ("Parry"): "roll Skill + #AD to contest the attack roll" — the parrying weapon's
 * skill dice, plus capabilities (Quick Reflexes, Two Weapon Fighting, Armor » Shields with a shield,
 * Lightning Fists unarmed). Refused below the minimum AD. Jee (TV-26): Swords 1 + PRW 2 = 3 skill dice
 * + 2AD = 5d6.
 */
export function parryPool(
  skillDice: number,
  adSpent: number,
  minimumAD = 1,
  capabilityDice = 0,
): Checked<number> {
  if (!Number.isInteger(adSpent) || adSpent < minimumAD)
    return refused("parryMinimumAd", { minimum: minimumAD, spent: adSpent });
  return { ok: true, value: Math.max(0, skillDice + adSpent + capabilityDice) };
}

/** The result of a parry. */
export interface ParryResult {
  /** The attack's net result after the parry's successes. */
  attack: ContestOutcome;
  /** The attack still hits. */
  hit: boolean;
  /** "a fully successful parry—one that negates all successes of the attack". */
  full: boolean;
  /** Some successes remained ("a partial parry"). */
  partial: boolean;
  /** Sixes in the parry roll (the dice a riposte reuses). */
  parrySixes: number;
}

/**
 * Resolve a parry: the defender is the challenger, its successes remove the attack's sixes first
 * ("Contests"). Jee (TV-26): the merc's 4 successes minus the parry's 3 leave 1 ≥ 1S: a partial parry,
 * the attack hits with SM 1. A full parry leaves no net success (an attack that rolled none is fully
 * parried too: INFERENCE).
 */
export function resolveParry(
  attackFaces: readonly Face[],
  parryFaces: readonly Face[],
  attackTarget = 1,
): ParryResult {
  const attack = resolveContest(attackFaces, parryFaces, attackTarget);
  return {
    attack,
    hit: attack.success,
    full: attack.successes === 0,
    partial: attack.successes > 0 && attack.cancelled > 0,
    parrySixes: parryFaces.filter((f) => f === 6).length,
  };
}

/** A weapon able (or not) to riposte. */
export interface RiposteWeapon {
  id: string;
  features: Pick<ActionFeatures, "fast" | "parry">;
}

/**
 * Whether a riposte may follow the parry ("Riposte"): "Weapons that have both the Fast and Parry
 * properties allow chaining a fast counter-attack ... On a fully successful parry—one that negates all
 * successes of the attack—with at least one die rolling a 6, the defender may immediately riposte with
 * the same weapon using the rules for Action Chaining." With Two Weapon Fighting and both weapons
 * Fast, `otherWeapon` may riposte instead ("regardless of which weapon was used to parry"). Returns
 * the weapons that may riposte and the sixes carried into it.
 */
export function checkRiposte(
  parry: ParryResult,
  parryingWeapon: RiposteWeapon,
  otherWeapon?: RiposteWeapon,
  twoWeaponFighting = 0,
): Checked<{ weapons: string[]; carriedSixes: number }> {
  if (!parry.full) return refused("riposteFullParry");
  if (parry.parrySixes < 1) return refused("riposteNeedsSix");
  const able = (w: RiposteWeapon): boolean => w.features.fast && w.features.parry !== null;
  const weapons: string[] = [];
  if (able(parryingWeapon)) weapons.push(parryingWeapon.id);
  if (otherWeapon !== undefined && twoWeaponFighting > 0 && able(otherWeapon) && parryingWeapon.features.fast)
    weapons.push(otherWeapon.id);
  if (weapons.length === 0) return refused("riposteWeapon");
  return { ok: true, value: { weapons, carriedSixes: parry.parrySixes } };
}

/**
 * The riposte pool: the weapon's normal attack pool, at least 1AD (a chained action), and the parry's
 * sixes. Jee (TV-27): Swords 1 + PRW 2 + 1AD + two 6s = 6d6.
 */
export function ripostePool(attackDice: number, adSpent: number, carriedSixes: number): Checked<number> {
  if (!Number.isInteger(adSpent) || adSpent < 1) return refused("riposteNeedsAd");
  return { ok: true, value: Math.max(0, attackDice + adSpent + carriedSixes) };
}

/** Options of {@link chainAfterRiposte}. */
export interface RiposteChainOptions extends ChainOptions {
  /** The riposte counts 1 towards the weapon's chain limit (default true, spec §11.2 #8); false: 0. */
  riposteCounts?: boolean;
}

/**
 * The attack chain a riposte starts (spec §11.2 #8: "Riposte starts a new chain of length 1"), from
 * the riposte's roll: further attacks with the weapon may chain from it while below the limit. The
 * riposte itself is allowed whatever the limit (the Fast feature enables it).
 */
export function chainAfterRiposte(
  input: StartChainInput,
  roll: ChainRoll,
  options: RiposteChainOptions = {},
): { chain: ChainState; outcome: TestOutcome | ContestOutcome; carried: number } {
  const after = afterChainAction({ ...startChain(input), links: 1 }, roll, options);
  const count = options.riposteCounts === false ? 0 : 1;
  return {
    ...after,
    chain: { ...after.chain, count, links: 2, open: after.outcome.success && count < after.chain.limit },
  };
}

// ---------------------------------------------------------------------------------------------
// Dodge
// ---------------------------------------------------------------------------------------------

/**
 * Whether the actor may dodge ("Dodge", "Prone", "Stunned"): not while Prone or Stunned; at least 1AD
 * ("One or more AD may be spent at any point in the round").
 */
export function checkDodge(
  adSpent: number,
  conditions: { prone?: boolean; stunned?: boolean } = {},
): Checked<true> {
  if (conditions.prone === true) return refused("dodgeProne");
  if (conditions.stunned === true) return refused("dodgeStunned");
  if (!Number.isInteger(adSpent) || adSpent < 1) return refused("dodgeNeedsAd");
  return { ok: true, value: true };
}

/**
 * The dodge pool ("Dodge"): "roll PRW + #AD to contest the attack roll", plus capabilities: Dance and
 * Athletics skill dice, the worn armour's Armor skill, Catlike Grace, War Mount for mounts. The
 * reserved dodge dice form a pool and each dodge spends at least 1 of them (spec §11.2 #5): spend
 * them with `spendAD(state, n, { from: "dodge" })`. Anders (TV-25): PRW 2 + 2AD = 4d6 per dodge.
 */
export function dodgePool(prw: number, adSpent: number, capabilityDice = 0): number {
  return Math.max(0, prw + Math.max(0, adSpent) + capabilityDice);
}

/**
 * Resolve a dodge: the dodger is the challenger and its successes remove the attack's (sixes first).
 * `evaded` when the attack no longer reaches its target. TV-25: 2 successes vs a dodge of 2 → miss;
 * 1 vs 3 → miss.
 */
export function resolveDodge(
  attackFaces: readonly Face[],
  dodgeFaces: readonly Face[],
  attackTarget = 1,
): { attack: ContestOutcome; evaded: boolean } {
  const attack = resolveContest(attackFaces, dodgeFaces, attackTarget);
  return { attack, evaded: !attack.success };
}
