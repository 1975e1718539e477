/**
 * Combat (SRD "Combat": "Combat Rounds" with Table 9's actions, "Getting The Drop", "Range" with
 * Table 10; the characteristics Tracking and Automatic Burst; how an attack hits, which the SRD never
 * says: the `attackResolution` setting). Pure: no Foundry, no globals; checks come in as their band
 * and totals, dice as faces.
 *
 * Each combatant's round is a `RoundState`: what it did this round and what others did to it. The
 * glue keeps one per combatant, calls `takeAction` for what it does and `receive…` for what is done
 * to it, reads `attackModifier` before an attack, and starts the next round with `nextRoundState`.
 */
import type { Band, CombatAction, ItemCondition, RangeBand, SkillKey } from "./keys";
import { COMBAT_ACTIONS, RANGE_BANDS } from "./keys";
import {
  assertBand,
  assertCount,
  assertDie,
  assertInt,
  refuse,
  succeeded,
  type Checked,
} from "./combat-guards";
import {
  TRACKING_AIM,
  conditionModifier,
  handlingModifiers,
  hasCharacteristic,
  hasReach,
  isMeleeWeapon,
  type CharacteristicPenalty,
  type WeaponLike,
} from "./equipment";

// ---------------------------------------------------------------- initiative

/** "any participant that neither attacked nor was attacked receives a +1 modifier". */
export const QUIET_INITIATIVE_BONUS = 1;
/** The quiet bonus counts for rounds from the second on ("in the second and each subsequent round"). */
export const QUIET_FROM_ROUND = 2;
/** "Any character who Gets The Drop automatically incurs a -3 CMod on their next Initiative Roll." */
export const DROP_INITIATIVE_PENALTY = -3;
/** Panic "Rattled": "-2 on next Initiative Roll". */
export const RATTLED_INITIATIVE_PENALTY = -2;

/** What changes a combatant's next Initiative check. */
export interface InitiativeBonusInput {
  /** The round that just ended (0 before the first round). */
  endedRound: number;
  /** In that round the combatant neither attacked nor was attacked. */
  quiet?: boolean;
  /** Got the Drop before the first round. */
  gotTheDrop?: boolean;
  /** Panicked "Rattled". */
  rattled?: boolean;
}

/** The round bonuses of the next Initiative check, each and in total. */
export function initiativeBonuses({
  endedRound,
  quiet = false,
  gotTheDrop = false,
  rattled = false,
}: InitiativeBonusInput) {
  assertCount(endedRound, "A round");
  const bonuses = {
    quiet: quiet && endedRound >= QUIET_FROM_ROUND ? QUIET_INITIATIVE_BONUS : 0,
    drop: gotTheDrop ? DROP_INITIATIVE_PENALTY : 0,
    rattled: rattled ? RATTLED_INITIATIVE_PENALTY : 0,
  };
  return { ...bonuses, total: bonuses.quiet + bonuses.drop + bonuses.rattled };
}

/**
 * An Initiative check: 2d6 + the Initiative Modifier (ACU + DEX, Table 5, after Lasting Wounds and
 * bonuses) + the round bonuses ({@link initiativeBonuses}).
 */
export function initiativeTotal({
  dice,
  modifier,
  ...bonusInput
}: InitiativeBonusInput & { dice: readonly number[]; modifier: number }): { total: number; bonus: number } {
  if (dice.length !== 2) throw new RangeError(`An Initiative check rolls 2d6, not ${dice.length} dice`);
  for (const d of dice) assertDie(d, 6);
  assertInt(modifier, "An Initiative Modifier");
  const bonus = initiativeBonuses(bonusInput).total;
  return { total: (dice[0] ?? 0) + (dice[1] ?? 0) + modifier + bonus, bonus };
}

/** One combatant's Initiative score. */
export interface InitiativeEntry {
  id: string;
  total: number;
  /** A player character: "In the event of a draw, PCs always beat NPCs." */
  pc: boolean;
}

/**
 * The order of a round, highest first, as groups acting simultaneously: on a draw PCs go before NPCs;
 * "PCs with the same initiative score act simultaneously", and so do NPCs (the text leaves NPC ties
 * out; Polyverse treats them alike). Deferring a turn is the glue's.
 */
export function initiativeOrder(entries: readonly InitiativeEntry[]): string[][] {
  const ids = new Set<string>();
  for (const e of entries) {
    if (ids.has(e.id)) throw new RangeError(`Duplicate combatant: ${e.id}`);
    ids.add(e.id);
    assertInt(e.total, `${e.id}'s initiative`);
  }
  const sorted = [...entries].sort((a, b) => b.total - a.total || Number(b.pc) - Number(a.pc));
  const groups: string[][] = [];
  let last: InitiativeEntry | null = null;
  for (const e of sorted) {
    if (last && last.total === e.total && last.pc === e.pc) groups.at(-1)?.push(e.id);
    else groups.push([e.id]);
    last = e;
  }
  return groups;
}

/**
 * Getting The Drop: "if multiple characters attempt it, the one with the highest Dexterity and Acumen
 * Amods wins" (their sum); "If there is a tie and no clear winner, no one Gets The Drop" (null).
 */
export function getTheDrop(contenders: readonly { id: string; dex: number; acu: number }[]): string | null {
  let best: string | null = null;
  let bestScore = -Infinity;
  let tied = false;
  for (const c of contenders) {
    assertInt(c.dex, "Dexterity");
    assertInt(c.acu, "Acumen");
    const score = c.dex + c.acu;
    if (score > bestScore) [best, bestScore, tied] = [c.id, score, false];
    else if (score === bestScore) tied = true;
  }
  return tied ? null : best;
}

// ---------------------------------------------------------------- the actions

/** "Each participant gets 2 combat actions per round." */
export const ACTIONS_PER_ROUND = 2;

/** What takes actions from a round. */
export interface ActionLosses {
  /** Winded after a failed Sprint check: "lose a Combat Action in the next round". */
  winded?: boolean;
  /** Panic "Frozen": "loses both of their actions" (as `actionsLost: 2`). */
  frozen?: boolean;
  /** Other actions lost this round (a Panic's `actionsLost`, Scream's 2). */
  actionsLost?: number;
}

/**
 * A combatant's actions for a round: 2, +1 Inspired (once a round), −1 per Distract, −1 Winded, −2
 * Frozen, − any other loss; never below 0.
 */
export function actionsForRound({
  inspired = false,
  distracted = 0,
  winded = false,
  frozen = false,
  actionsLost = 0,
}: ActionLosses & { inspired?: boolean; distracted?: number } = {}): number {
  assertCount(distracted, "Distractions");
  assertCount(actionsLost, "Actions lost");
  const lost = distracted + (winded ? 1 : 0) + Math.max(frozen ? 2 : 0, actionsLost);
  return Math.max(0, ACTIONS_PER_ROUND + (inspired ? 1 : 0) - lost);
}

/** Which weapons an action is made with. */
export type ActionWeapons = "any" | "meleeOrUnarmed" | "ranged" | "none";

/** One of Table 9's actions, as mechanics. */
export interface CombatActionRule {
  /** Combat actions it takes: one, both, or either (Rapid Fire). */
  uses: readonly (1 | 2)[];
  /** It makes an attack (the round then counts as "attacked"; Grappling's opposed check included). */
  attacks: boolean;
  /** The weapons it is made with. */
  weapons: ActionWeapons;
  /** The check it calls for: the weapon's, listed skills, an opposed Unarmed check, any check, none. */
  check: "weapon" | "opposedUnarmed" | "any" | readonly SkillKey[] | null;
  /** Range bands it moves (Move 1, Charge 2, Sprint 3× "the normal amount of ground"). */
  moves: number;
  /** Taken in the Resolution phase (Reposition). */
  resolution: boolean;
  /** Only for a character who has Taken Cover (Fire From Cover). */
  fromCover: boolean;
}

const rule = (r: Partial<CombatActionRule> & Pick<CombatActionRule, "uses">): CombatActionRule => ({
  attacks: false,
  weapons: "none",
  check: null,
  moves: 0,
  resolution: false,
  fromCover: false,
  ...r,
});

/**
 * Table 9's 18 actions. Rapid Fire, Cover Fire and Fire From Cover fire a ranged weapon (Polyverse's
 * reading of "shots", "fire"); Charge and Subdue are "Melee or an Unarmed Combat Attack".
 */
export const COMBAT_ACTION_RULES: Readonly<Record<CombatAction, CombatActionRule>> = {
  aim: rule({ uses: [1] }),
  attack: rule({ uses: [1], attacks: true, weapons: "any", check: "weapon" }),
  charge: rule({ uses: [2], attacks: true, weapons: "meleeOrUnarmed", check: "weapon", moves: 2 }),
  coordinate: rule({ uses: [1], check: ["tactics"] }),
  coverFire: rule({ uses: [1], attacks: true, weapons: "ranged", check: "weapon" }),
  defend: rule({ uses: [1] }),
  diceCheck: rule({ uses: [1], check: "any" }),
  distract: rule({ uses: [1], check: ["intimidation", "psychology", "tactics"] }),
  fireFromCover: rule({ uses: [2], attacks: true, weapons: "ranged", check: "weapon", fromCover: true }),
  grappling: rule({ uses: [1], attacks: true, check: "opposedUnarmed" }),
  inspire: rule({ uses: [1], check: ["inspiration"] }),
  move: rule({ uses: [1], moves: 1 }),
  rapidFire: rule({ uses: [1, 2], attacks: true, weapons: "ranged", check: "weapon" }),
  readyWeapon: rule({ uses: [1] }),
  reposition: rule({ uses: [1], resolution: true }),
  sprint: rule({ uses: [2], check: ["athletics"], moves: 3 }),
  subdue: rule({ uses: [1], attacks: true, weapons: "meleeOrUnarmed", check: "weapon" }),
  takeCover: rule({ uses: [1] }),
};

/** Aim: "+2 CMod to the next Attack on their target". */
export const AIM_BONUS = 2;
/** Attack twice on the same target: "+1 CMod to the second use". */
export const SECOND_ATTACK_BONUS = 1;
/** Defend: "+2 to the character's Defensive Modifiers for the next incoming attack". */
export const DEFEND_BONUS = 2;
/** Take Cover: "+2 Defensive Modifier for all attacks ... during that combat round". */
export const TAKE_COVER_BONUS = 2;
/** Coordinate: "+2 bonus when attacking that target"; on a Wild Success "+1 CMod" next round. */
export const COORDINATE_BONUS = 2;
export const COORDINATE_CARRY = 1;
/** Cover Fire: "-2 CMod to the target's next action, skill, or attribute check". */
export const COVER_FIRE_PENALTY = -2;

/** How Rapid Fire with both actions reads (the `rapidFireBoth` setting). */
export type RapidFireBoth = "twoShots" | "fourShots";

/**
 * Rapid Fire's shots and their CMods: one action, "two rush shots ... -1 CMod, the second has a -3
 * CMod"; both actions, "-2 CMod and -4 CMod": two shots (`twoShots`, default) or two per action.
 */
export function rapidFireModifiers(actionsUsed: 1 | 2, rapidFireBoth: RapidFireBoth = "twoShots"): number[] {
  if (actionsUsed === 1) return [-1, -3];
  if (actionsUsed !== 2) throw new RangeError(`Rapid Fire takes 1 or 2 actions: ${String(actionsUsed)}`);
  if (rapidFireBoth === "twoShots") return [-2, -4];
  if (rapidFireBoth === "fourShots") return [-2, -4, -2, -4];
  throw new RangeError(`Not a rapid fire reading: ${String(rapidFireBoth)}`);
}

/** Sprint: "If the character fails to pass an Athletics check at the end of the round, they'll become winded". */
export function sprintWinds(band: Band): boolean {
  assertBand(band);
  return !succeeded(band);
}

// ---------------------------------------------------------------- round state

/** One combatant's round. */
export interface RoundState {
  round: number;
  actionsLeft: number;
  /** The actions taken this round, in order. */
  taken: CombatAction[];
  /** Aim pending: its bonus (Aim +2, Tracking +1) and target ("" for any). */
  aim: { bonus: number; target: string } | null;
  /** Attack actions made this round, per target (the second gets +1). */
  attacksOn: Record<string, number>;
  /** Defend actions waiting for an incoming attack (+2 DM each, this round). */
  defends: number;
  /** Take Cover: +2 DM against every attack this round. */
  inCover: boolean;
  /** Coordinate bonuses this round, per target attacked. */
  coordinated: Record<string, number>;
  /** Coordinate bonuses for next round (a Wild Success). */
  coordinatedNext: Record<string, number>;
  /** CMod waiting for the next check (Cover Fire). */
  nextCheck: number;
  /** Inspired this round ("only be Inspired once per round"). */
  inspired: boolean;
  /** Actions lost to Distract with none left this round: taken off the next round. */
  actionsOwed: number;
  /** Attacked someone / was attacked, this round (the quiet initiative bonus). */
  attacked: boolean;
  wasAttacked: boolean;
  /** Sprinted: the Athletics check at the end of the round is due. */
  sprinted: boolean;
}

/**
 * A combatant's first round (`round` 1), or the single action of Getting The Drop (`round` 0, one
 * action). Losses per {@link actionsForRound}.
 */
export function firstRoundState(round = 1, losses: ActionLosses = {}): RoundState {
  assertCount(round, "A round");
  return {
    round,
    actionsLeft: round === 0 ? 1 : actionsForRound(losses),
    taken: [],
    aim: null,
    attacksOn: {},
    defends: 0,
    inCover: false,
    coordinated: {},
    coordinatedNext: {},
    nextCheck: 0,
    inspired: false,
    actionsOwed: 0,
    attacked: false,
    wasAttacked: false,
    sprinted: false,
  };
}

/**
 * The next round's state. Carried over: a pending Aim (its "next action" is still to come), the Cover
 * Fire penalty until a check uses it, Coordinate's Wild Success (+1), actions owed to Distract. Not
 * carried: Defend ("does not carry over into the next round"), Take Cover ("during that combat
 * round"), Inspire. `winded` (a failed Sprint check, {@link sprintWinds}), `frozen` and other Panic
 * losses take actions off.
 */
export function nextRoundState(previous: RoundState, losses: ActionLosses = {}): RoundState {
  const next = firstRoundState(previous.round + 1, losses);
  next.actionsLeft = Math.max(0, next.actionsLeft - previous.actionsOwed);
  next.aim = previous.aim;
  next.nextCheck = previous.nextCheck;
  next.coordinated = { ...previous.coordinatedNext };
  return next;
}

/** Whether the round was quiet (neither attacked nor was attacked): the +1 on the next Initiative. */
export const wasQuiet = (state: RoundState): boolean => !state.attacked && !state.wasAttacked;

/** Why an action was refused. */
export type ActionProblem =
  "noActions" | "notInCover" | "needsMeleeWeapon" | "needsRangedWeapon" | "needsTarget" | "actionsUsed";

/** What an action is taken with. */
export interface ActionDetail {
  /** The target (attacks, Aim). */
  target?: string;
  /** The weapon (attacks, Ready Weapon: Tracking). */
  weapon?: Pick<WeaponLike, "category" | "characteristics">;
  /** Rapid Fire: 1 or 2 actions. */
  actionsUsed?: 1 | 2;
}

function actionCost(action: CombatAction, actionsUsed: 1 | 2 | undefined): 1 | 2 | null {
  const uses = COMBAT_ACTION_RULES[action].uses;
  if (uses.length === 1) return uses[0] as 1 | 2;
  return actionsUsed !== undefined && uses.includes(actionsUsed) ? actionsUsed : null;
}

function weaponProblem(r: CombatActionRule, detail: ActionDetail): ActionProblem | null {
  if (!detail.weapon) return null;
  if (r.weapons === "meleeOrUnarmed" && !isMeleeWeapon(detail.weapon)) return "needsMeleeWeapon";
  if (r.weapons === "ranged" && isMeleeWeapon(detail.weapon)) return "needsRangedWeapon";
  return null;
}

/**
 * Takes an action: spends its actions and records what it does to the taker's own round. Aim sets
 * +2 on the target; any action other than an attack on the aimed target loses the Aim ("The
 * character's next action must be an Attack, or the Aim is lost"); Ready Weapon with a Tracking
 * weapon sets +1 Aim; an attack uses the Aim, counts toward the second-attack +1 (Attack only) and the
 * Cover Fire penalty waiting; any check uses that penalty; Defend and Take Cover raise the DM; an
 * attack other than Fire From Cover leaves cover ("without losing their Defensive Modifier" is what
 * Fire From Cover adds). Read {@link attackModifier} before taking an attack.
 */
export function takeAction(
  state: RoundState,
  action: CombatAction,
  detail: ActionDetail = {},
): Checked<RoundState, ActionProblem> {
  if (!COMBAT_ACTIONS.includes(action)) throw new RangeError(`Not a combat action: ${String(action)}`);
  const r = COMBAT_ACTION_RULES[action];
  const cost = actionCost(action, detail.actionsUsed);
  if (cost === null) return refuse("actionsUsed");
  if (state.actionsLeft < cost) return refuse("noActions", { left: state.actionsLeft, cost });
  if (r.fromCover && !state.inCover) return refuse("notInCover");
  const problem = weaponProblem(r, detail);
  if (problem) return refuse(problem);
  if ((r.attacks || action === "aim") && !detail.target) return refuse("needsTarget");
  const target = detail.target ?? "";
  const next: RoundState = {
    ...state,
    actionsLeft: state.actionsLeft - cost,
    taken: [...state.taken, action],
    attacksOn: { ...state.attacksOn },
  };
  next.aim = null;
  if (action === "aim") next.aim = { bonus: AIM_BONUS, target };
  if (action === "readyWeapon" && detail.weapon && hasCharacteristic(detail.weapon, "tracking"))
    next.aim = { bonus: TRACKING_AIM, target };
  if (r.check !== null) next.nextCheck = 0;
  if (r.attacks) next.attacked = true;
  if (action === "attack") next.attacksOn[target] = (next.attacksOn[target] ?? 0) + 1;
  if (r.attacks && !r.fromCover) next.inCover = false;
  if (action === "defend") next.defends += 1;
  if (action === "takeCover") next.inCover = true;
  if (action === "sprint") next.sprinted = true;
  return { ok: true, value: next };
}

/** The DM bonus the combatant has against the next incoming attack (Defend +2, Take Cover +2). */
export const defenceBonus = (state: RoundState): number =>
  (state.defends > 0 ? DEFEND_BONUS : 0) + (state.inCover ? TAKE_COVER_BONUS : 0);

/** An attack comes in: one Defend is used up, and the round is no longer quiet. */
export function receiveAttack(state: RoundState): { state: RoundState; defenceBonus: number } {
  const bonus = defenceBonus(state);
  return {
    state: { ...state, defends: Math.max(0, state.defends - 1), wasAttacked: true },
    defenceBonus: bonus,
  };
}

/**
 * A Coordinate check made by an ally "within Close range" for attacks on `target`: on a Success +2
 * this round, on a Wild Success also +1 next round; nothing otherwise. The best bonus counts.
 */
export function receiveCoordinate(state: RoundState, target: string, band: Band): RoundState {
  assertBand(band);
  if (!succeeded(band)) return state;
  const next = {
    ...state,
    coordinated: { ...state.coordinated },
    coordinatedNext: { ...state.coordinatedNext },
  };
  next.coordinated[target] = Math.max(next.coordinated[target] ?? 0, COORDINATE_BONUS);
  if (band === "wild-success")
    next.coordinatedNext[target] = Math.max(next.coordinatedNext[target] ?? 0, COORDINATE_CARRY);
  return next;
}

/** A successful Cover Fire attack on the combatant: −2 on its next check (each such attack). */
export function receiveCoverFire(state: RoundState): RoundState {
  return { ...state, nextCheck: state.nextCheck + COVER_FIRE_PENALTY, wasAttacked: true };
}

/**
 * A Distract check against the combatant (Intimidation, Psychology* or Tactics*): on a Success it
 * "loses one of their next Combat Actions", this round's if one is left, else next round's.
 */
export function receiveDistract(state: RoundState, band: Band): RoundState {
  assertBand(band);
  if (!succeeded(band)) return state;
  if (state.actionsLeft > 0) return { ...state, actionsLeft: state.actionsLeft - 1 };
  return { ...state, actionsOwed: state.actionsOwed + 1 };
}

/** An Inspire check on the combatant: on a Success one more action this round, once a round. */
export function receiveInspire(state: RoundState, band: Band): Checked<RoundState, "alreadyInspired"> {
  assertBand(band);
  if (state.inspired) return refuse("alreadyInspired");
  if (!succeeded(band)) return { ok: true, value: state };
  return { ok: true, value: { ...state, actionsLeft: state.actionsLeft + 1, inspired: true } };
}

/** A check outside the actions (a Panic check, say) uses the Cover Fire penalty waiting. */
export function useCheckPenalty(state: RoundState): { state: RoundState; cmod: number } {
  return { state: { ...state, nextCheck: 0 }, cmod: state.nextCheck };
}

// ---------------------------------------------------------------- range

/**
 * Moving between bands "takes the same number of combat rounds as the sum of the bands being covered"
 * (Engaged→Close 1, →Medium 3, →Long 6, →Distant 10): leaving band k costs k rounds, either way.
 */
export function movementRounds(from: RangeBand, to: RangeBand): number {
  const a = RANGE_BANDS.indexOf(from);
  const b = RANGE_BANDS.indexOf(to);
  if (a < 0 || b < 0) throw new RangeError(`Not range bands: ${String(from)}, ${String(to)}`);
  let rounds = 0;
  for (let k = Math.min(a, b); k < Math.max(a, b); k++) rounds += k + 1;
  return rounds;
}

/** Why an attack cannot be made at a band. */
export type RangeProblem = "needsReach" | "meleeOutOfReach" | "distantNeedsRifle" | "beyondRange";

/** Range options (readings of the text, not world settings). */
export interface RangeOptions {
  /**
   * Mortar and Rocket Launcher, whose Range column says Distant, may fire at Distant although "Only a
   * Hunting Rifle equipped with a score or a Sniper's Rifle can strike from this range". Default
   * false (the contract's reading).
   */
  launchersAtDistant?: boolean;
  /**
   * The weapon Range column: the band a weapon is made for ("ideal", default: the Range prose calls
   * Close "ideal for Pistols", Medium "close enough to throw a grenade" though the Grenade's column
   * says Close, Long "perfect for Rifles"), or the farthest it reaches ("maximum").
   */
  rangeColumn?: "ideal" | "maximum";
}

/**
 * Table 10's CMod for an attack with `weapon` at `band`, or why it cannot be made. Melee (Table 17
 * and fists): Engaged +1; Close −1, only with reach ({@link hasReach}); no farther. Everything else
 * is a ranged attack: Engaged −1, Close +1, Medium 0, Long −5 with a pistol, +1 with a rifle;
 * Distant only with a Sniper's Rifle or a scoped Hunting Rifle (0).
 */
export function rangeModifier(
  weapon: Pick<WeaponLike, "key" | "category" | "range" | "weaponClass" | "scoped">,
  band: RangeBand,
  { launchersAtDistant = false, rangeColumn = "ideal" }: RangeOptions = {},
): Checked<number, RangeProblem> {
  const at = RANGE_BANDS.indexOf(band);
  if (at < 0) throw new RangeError(`Not a range band: ${String(band)}`);
  if (isMeleeWeapon(weapon)) {
    if (band === "engaged") return { ok: true, value: 1 };
    if (band === "close") return hasReach(weapon) ? { ok: true, value: -1 } : refuse("needsReach");
    return refuse("meleeOutOfReach");
  }
  const scopedHuntingRifle = weapon.key === "huntingRifle" && weapon.scoped === true;
  if (band === "distant") {
    const launcher = launchersAtDistant && weapon.weaponClass === "launcher" && weapon.range === "distant";
    if (weapon.key !== "snipersRifle" && !scopedHuntingRifle && !launcher) return refuse("distantNeedsRifle");
    return { ok: true, value: 0 };
  }
  if (rangeColumn === "maximum" && at > RANGE_BANDS.indexOf(weapon.range)) return refuse("beyondRange");
  if (band === "engaged") return { ok: true, value: -1 };
  if (band === "close") return { ok: true, value: 1 };
  if (band === "long") {
    if (weapon.weaponClass === "pistol") return { ok: true, value: -5 };
    if (weapon.weaponClass === "rifle") return { ok: true, value: 1 };
  }
  return { ok: true, value: 0 };
}

// ---------------------------------------------------------------- attacks

/** How an attack hits (the `attackResolution` setting; the SRD gives no rule). */
export type AttackResolution = "checkMinusDefence" | "checkOnly" | "opposed";

/** What an attack's modifier is made of, each part labelled. */
export type AttackPartKey =
  | "attribute"
  | "skill"
  | "range"
  | "aim"
  | "secondAttack"
  | "coordinate"
  | "coverFire"
  | "rapidFire"
  | "condition"
  | "cumbersome"
  | "unwieldy"
  | "conditional"
  | "clamp"
  | "defence";

/** An attack, as {@link attackModifier} reads it. */
export interface AttackInput {
  /** The attack skill's attribute AMod (PHY for Melee and Unarmed, DEX for Ranged...). */
  attribute: number;
  /** The weapon skill's SMod (a starred skill untrained: −3). */
  skill: number;
  /** The attacker's PHY and DEX, for Cumbersome and Unwieldy. */
  phy: number;
  dex: number;
  weapon: Pick<WeaponLike, "key" | "category" | "range" | "weaponClass" | "scoped" | "characteristics"> & {
    condition?: ItemCondition;
  };
  band: RangeBand;
  target: string;
  /** The attacker's round (Aim, the second attack, Coordinate, Cover Fire); null outside rounds. */
  attacker: RoundState | null;
  /** The action the attack is made with (default Attack). */
  action?: "attack" | "charge" | "coverFire" | "fireFromCover" | "rapidFire" | "subdue";
  /** Rapid Fire: the shot's CMod ({@link rapidFireModifiers}); the Aim counts on the first shot only. */
  rapidFire?: { cmod: number; first: boolean };
  /** The target's Melee DM (PHY) and Ranged DM (DEX), before Defend and Take Cover. */
  targetDefence: { melee: number; ranged: number };
  /** The target's Defend/Take Cover bonus ({@link defenceBonus}). */
  targetDefenceBonus?: number;
  /** Every other CMod (Panic's Intimidated −2, Twitchy −2, Making the Case...). */
  conditional?: readonly number[];
}

/** The options an attack reads. */
export interface AttackOptions extends RangeOptions {
  attackResolution?: AttackResolution;
  characteristicPenalty?: CharacteristicPenalty;
  /** Hold the sum of the CMods to −5..+5. */
  clampConditional?: boolean;
}

/** An attack's modifier and its parts. */
export interface AttackModifier {
  /** Added to the attacker's 2d6 (the target's DM already taken off with checkMinusDefence). */
  modifier: number;
  parts: { key: AttackPartKey; value: number }[];
  /** The target's DM with its bonus: the defender adds it to their 2d6 with "opposed". */
  defence: number;
}

/** The attack's CMods (every part but attribute, skill and defence). */
function attackCmods(input: AttackInput, rangeCmod: number, options: AttackOptions) {
  const { attacker, target, action = "attack", weapon } = input;
  const first = input.rapidFire?.first ?? true;
  const aim = attacker?.aim;
  const parts: { key: AttackPartKey; value: number }[] = [{ key: "range", value: rangeCmod }];
  if (aim && first && (aim.target === "" || aim.target === target))
    parts.push({ key: "aim", value: aim.bonus });
  if (action === "attack" && (attacker?.attacksOn[target] ?? 0) >= 1)
    parts.push({ key: "secondAttack", value: SECOND_ATTACK_BONUS });
  const coordinated = attacker?.coordinated[target] ?? 0;
  if (coordinated) parts.push({ key: "coordinate", value: coordinated });
  if (attacker?.nextCheck) parts.push({ key: "coverFire", value: attacker.nextCheck });
  if (input.rapidFire) parts.push({ key: "rapidFire", value: input.rapidFire.cmod });
  const condition = conditionModifier(weapon.condition ?? "used").cmod;
  if (condition) parts.push({ key: "condition", value: condition });
  const handling = handlingModifiers(weapon, input, options.characteristicPenalty);
  if (handling.cumbersome) parts.push({ key: "cumbersome", value: handling.cumbersome });
  if (handling.unwieldy) parts.push({ key: "unwieldy", value: handling.unwieldy });
  const other = (input.conditional ?? []).reduce((a, b) => a + b, 0);
  if (other) parts.push({ key: "conditional", value: other });
  const sum = parts.reduce((a, p) => a + p.value, 0);
  if (options.clampConditional) {
    const clamped = Math.min(5, Math.max(-5, sum));
    if (clamped !== sum) parts.push({ key: "clamp", value: clamped - sum });
  }
  return parts;
}

/**
 * An attack's modifier: AMod + SMod + Table 10's range CMod + Aim (+2, Tracking +1) + the second
 * Attack on a target (+1) + Coordinate (+2/+1) + a Cover Fire penalty waiting (−2) + Rapid Fire's shot
 * + condition (Damaged −1) + Cumbersome/Unwieldy + other CMods; with `checkMinusDefence` (default),
 * minus the target's DM (Melee DM against melee weapons, Ranged DM otherwise, + Defend/Take Cover).
 * A hit is then a Success or better ({@link resolveAttack}). Refused: out of range, a Broken weapon.
 */
export function attackModifier(
  input: AttackInput,
  options: AttackOptions = {},
): Checked<AttackModifier, RangeProblem | "broken"> {
  const { attackResolution = "checkMinusDefence" } = options;
  assertInt(input.attribute, "An attribute");
  assertInt(input.skill, "A skill");
  for (const c of input.conditional ?? []) assertInt(c, "A CMod");
  if (!conditionModifier(input.weapon.condition ?? "used").usable) return refuse("broken");
  const range = rangeModifier(input.weapon, input.band, options);
  if (!range.ok) return range;
  const dm = isMeleeWeapon(input.weapon) ? input.targetDefence.melee : input.targetDefence.ranged;
  assertInt(dm, "A Defensive Modifier");
  const defence = dm + (input.targetDefenceBonus ?? 0);
  const parts: { key: AttackPartKey; value: number }[] = [
    { key: "attribute", value: input.attribute },
    { key: "skill", value: input.skill },
    ...attackCmods(input, range.value, options),
  ];
  if (attackResolution === "checkMinusDefence") parts.push({ key: "defence", value: -defence });
  else if (attackResolution !== "checkOnly" && attackResolution !== "opposed")
    throw new RangeError(`Not an attack resolution: ${String(attackResolution)}`);
  return { ok: true, value: { modifier: parts.reduce((a, p) => a + p.value, 0), parts, defence } };
}

/** Whether an attack hit, and whether it was a Wild Success (Stunned). */
export interface AttackOutcome {
  hit: boolean;
  /** A Wild Success (or Moment of High Insight) on the attacker's check. */
  wild: boolean;
  /** "opposed" only: equal totals, a miss. */
  draw: boolean;
}

/**
 * Whether an attack hits. `checkMinusDefence` and `checkOnly`: a Success or better on the attack
 * check (`band`, classified with {@link attackModifier}'s modifier). `opposed`: the attacker's total
 * against the defender's 2d6 + DM (`defenceTotal`): the higher hits, a draw misses ("neither side
 * gained the upper hand"). `wild` is the attacker's band either way.
 */
export function resolveAttack({
  attackResolution = "checkMinusDefence",
  band,
  attackTotal,
  defenceTotal,
}: {
  attackResolution?: AttackResolution;
  band: Band;
  attackTotal?: number;
  defenceTotal?: number;
}): AttackOutcome {
  assertBand(band);
  const wild = band === "wild-success";
  if (attackResolution === "opposed") {
    if (attackTotal === undefined || defenceTotal === undefined)
      throw new RangeError("An opposed attack needs both totals");
    assertInt(attackTotal, "An attack total");
    assertInt(defenceTotal, "A defence total");
    return { hit: attackTotal > defenceTotal, wild, draw: attackTotal === defenceTotal };
  }
  if (attackResolution !== "checkMinusDefence" && attackResolution !== "checkOnly")
    throw new RangeError(`Not an attack resolution: ${String(attackResolution)}`);
  return { hit: succeeded(band), wild, draw: false };
}

// ---------------------------------------------------------------- ammunition, bursts

/**
 * Automatic Burst: "the shooter must make an Attack at any character who is at Engaged Range to the
 * target": the ids of the others engaged with the target (each then attacked in turn).
 */
export function burstBystanders(others: readonly { id: string; bandToTarget: RangeBand }[]): string[] {
  return others.filter((o) => o.bandToTarget === "engaged").map((o) => o.id);
}

/** Rounds of ammunition a shot spends: 1, or the burst's rounds ({@link burstRounds}) when bursting. */
export function roundsFired(shots: number, burst = 0): number {
  assertCount(shots, "Shots");
  assertCount(burst, "A burst");
  return shots * Math.max(1, burst);
}

/** Ready Weapon to reload: a full clip from one reload. Refused with no reload or a full clip. */
export function reload(ammo: {
  clip: number;
  loaded: number;
  reloads: number;
}): Checked<{ clip: number; loaded: number; reloads: number }, "noReloads" | "full"> {
  assertCount(ammo.clip, "A clip");
  assertCount(ammo.loaded, "Rounds loaded");
  assertCount(ammo.reloads, "Reloads");
  if (ammo.loaded >= ammo.clip) return refuse("full");
  if (ammo.reloads === 0) return refuse("noReloads");
  return { ok: true, value: { clip: ammo.clip, loaded: ammo.clip, reloads: ammo.reloads - 1 } };
}
