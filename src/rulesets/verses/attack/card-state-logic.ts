/**
 * The attack card's state, Foundry-free: what a `verses-attack` message keeps in `system.card` (who was attacked and
 * with what, each target's defence), the grappling moves, the outcome against one target sixes
 * first, and what the card offers next (Riposte, Chain). `attack-logic.ts` gathers this module,
 * the damage (`card-damage-logic.ts`) and the view (`card-view-logic.ts`).
 */

import {
  afterChainAction,
  chainAfterRiposte,
  checkRiposte,
  normalizeKey,
  parseAmmoEffect,
  parseDamage,
  pistolCutlassChainLimit,
  resolveContest,
  resolveDodge,
  resolveParry,
  resolveTest,
  sortSixesFirst,
  startChain,
  type AdRoundState,
  type BodyPart,
  type ChainOptions,
  type ChainState,
  type ConditionId,
  type DamageApplication,
  type PistolCutlassOptions,
  type RiposteChainOptions,
  type ScatterResult,
} from "../rules";
import { type CoverChoice } from "./defender-logic";

// ---- the card's state -----------------------------------------------------------------------------

/** How the attack reaches its targets: one contest each, a sweep's shared damage, or a blast. */
type AttackMode = "direct" | "sweep" | "area";

/** What a chain of actions is of ("Action Chaining"): unarmed attacks, grappling moves, one weapon. */
export interface ChainInfo {
  /** "unarmed", "grappling", or "weapon:<item id>". */
  type: string;
  /** Dice allocated to the capability that enables chaining (the skill). */
  limit: number;
}

/** One attack mode of a weapon, as {@link crossModeChain} reads it. */
export interface ChainMode {
  /** The skill the mode is used with ("Weapons » Short Blades"). */
  skill: string;
  /** Whether the mode has the Chainable feature. */
  chainable: boolean;
}

/** A skill of the attacker, as {@link crossModeChain} reads it. */
interface ChainSkill {
  /** Dice the attacker has allocated to it. */
  allocated: number;
  /**
   * Whether its entry carries a chain-limit clause ("If the blade has the Chainable feature, all
   * dice allocated to this skill are counted as the Chain Limit"): Short Blades has one,
   * Muzzle-Loading Firearms none.
   */
  chainClause: boolean;
}

/**
 * The one chain of a weapon whose attack modes chain with each other: the Pistol Cutlass, "This
 * weapon's two attack methods are chainable with each other (ie: stab with blade + shoot pistol)",
 * which "requires both Weapons » Muzzle-Loading Firearms and Weapons » Short Blades skills to use
 * both aspects". A weapon with two or more Chainable modes used with different skills has it:
 * every one of those modes belongs to the chain `weapon:<id>`, so a shot may follow a cut and a cut
 * a shot. Its limit is `pistolCutlassChainLimit`: the dice of the skills with a chain-limit clause
 * (Short Blades), plus those of the skills without one (Muzzle-Loading Firearms) unless the world's
 * `pistolCutlassMuzzleLoading` is off (`includeMuzzleLoading: false`). Null for any other weapon
 * (one mode, modes of one skill, or fewer than two Chainable modes): its chain is its skill's.
 */
export function crossModeChain(
  itemId: string,
  modes: readonly ChainMode[],
  skillOf: (skill: string) => ChainSkill,
  options: PistolCutlassOptions = {},
): ChainInfo | null {
  const skills = new Map<string, string>();
  for (const m of modes) if (m.chainable && m.skill.trim()) skills.set(normalizeKey(m.skill), m.skill.trim());
  if (skills.size < 2) return null;
  let clause = 0;
  let other = 0;
  for (const skill of skills.values()) {
    const s = skillOf(skill);
    const dice = Math.max(0, Math.floor(s.allocated));
    if (s.chainClause) clause += dice;
    else other += dice;
  }
  return { type: `weapon:${itemId}`, limit: pistolCutlassChainLimit(clause, other, options) };
}

/** The weapon and mode an attack was made with, as the card needs it after a reload. */
interface AttackWeapon {
  itemUuid: string | null;
  /** "Longsword", "Pistol Cutlass: Pistol". */
  label: string;
  modeIndex: number;
  skill: string;
  /** The mode's TEST as written. */
  test: string;
  /** HP/SM as written ("3(s) or 2(p)"); blank when the attack deals no damage (Clinch, Stun Grenade). */
  damage: string;
  /** Which of the "or" damage modes the attacker chose. */
  damageMode: number;
  /** Parry Rating of the attacking weapon, or null (bows, guns, kicks cannot be parried). */
  parry: number | null;
  /** A grappling move: the target resists with PRW [+ Grappling] instead of dodging or parrying. */
  grapple: string | null;
  /** Area damage as written ("12(b)HP@2m,3,4"), blank for none. */
  area: string;
  /** The chain this attack belongs to, or null when it cannot chain. */
  chain: ChainInfo | null;
  /** The continuation target `#C` of a continuable move (`2S C`: 1); 0 or absent: not continuable. */
  continuation?: number;
  /** Thrown (its Throwable TEST). Absent on cards made before it was recorded. */
  thrown?: boolean;
  /** Wielded with one hand fewer than its HANDS: the Unhanded dice removed. */
  unhandedDice?: number;
  /** The other weapon of a Two Weapon Fighting attack (a chain alternates to it), with the dice added. */
  offhand?: { itemUuid: string; modeIndex: number; label: string; dice: number } | null;
}

/** Ammunition an attack fired: its name, its "Dmg+" effect as written, and rounds used. */
interface AmmoUsed {
  name: string;
  effect: string;
  rounds: number;
}

/** A defence roll against the attack. */
export interface DefenceRecord {
  kind: "dodge" | "parry" | "resist";
  faces: number[];
  ad: number;
  /** The chat message of the defence roll. */
  messageId: string | null;
  /** Uncanny Luck re-rolled some of the defence's 1s (the GM rolled them; `faces` shows the result). */
  luck?: LuckRecord | null;
  /** The defender's Uncanny Luck dice when it rolled (the card offers the re-roll; the GM checks the actor). */
  uncannyLuck?: number;
  /** The parrying weapon (Parry only): it may riposte. */
  weapon?: {
    itemUuid: string;
    modeIndex: number;
    name: string;
    fast: boolean;
    parry: number | null;
    /** The other weapon when the parry used Two Weapon Fighting. */
    pair?: { itemUuid: string; modeIndex: number; name: string; fast: boolean } | null;
  };
}

/** What one application of damage did, as the card shows it. */
export interface DamageSummary {
  hit: boolean;
  /** The blow before any layer, e.g. [{ amount: 6, type: "s" }]. */
  incoming: DamageApplication[];
  layers: {
    name: string;
    kind: string;
    absorbed: number;
    hpDamage: number;
    /** The cover's HP after the blow, when it has HP. */
    hpAfter?: number;
    bypassed: DamageApplication[];
    passed: DamageApplication[];
    transformed: { from: string; to: string; amount: number }[];
  }[];
  bodyIncoming: DamageApplication[];
  bodyAbsorbed: number;
  taken: number;
  hpBefore: number;
  hpAfter: number;
  exToBind: number;
  moribund: boolean;
}

/** The before-state an Undo restores, and what was applied. */
export interface AppliedRecord {
  before: { hp: number; ad: AdRoundState; statuses: string[] };
  /** HP and AD right after the apply (Undo gives back the difference). Absent on older cards. */
  after?: { hp: number; ad: AdRoundState };
  summary: DamageSummary | null;
  /** Conditions switched on. */
  conditions: string[];
  /** The grappling move's choice of conditions (Clinch: 0 hands and body, 1 legs). */
  choice?: number;
  /** Changes left for the GM (a player who does not own the target). */
  pending: boolean;
  /**
   * The blow set off Desperate Rally ("When HP is reduced to equal to or less than the number of
   * allocated dice, all EX is unbound"): the EX it unbound, the blow's own included. Undo binds the
   * others again. Absent when the blow set off no rally.
   */
  rally?: { unbound: number };
}

/** One target of the attack and how it stands. */
export interface AttackTarget {
  tokenUuid: string | null;
  actorUuid: string;
  name: string;
  /** Metres from the attacker (direct, sweep) or from the blast's centre (area). */
  metres: number | null;
  /** The success target against this target (direct attacks). */
  target: number;
  defence: DefenceRecord | null;
  /** The target chose to take the attack without a defence. */
  taken: boolean;
  /** Damage as the card previews it, once the defence is settled. */
  damage: DamageSummary | null;
  applied: AppliedRecord | null;
  /** A riposte was rolled from this parry. */
  riposted: boolean;
  /** EX Adrenaline Rush unbound for this target after its defence (once per row). */
  rush?: number | null;
  /** The target's continuous tests were maintained after this row's blow (*Maintain after the hit*, once). */
  maintained?: boolean;
}

/** Where an indirect attack was aimed and where it went off. */
interface AreaState {
  /** Canvas points (pixels). */
  aim: { x: number; y: number };
  landing: { x: number; y: number };
  scatter: ScatterResult | null;
  /** Radius of the template in metres (the area's last mark, or a condition grenade's radius). */
  radius: number;
  templateUuid: string | null;
  /** A condition grenade (Pepper Bomb, Stun Grenade) by its name in `GRENADE_CONDITIONS`. */
  condition: string | null;
}

/** The attack card, as a `verses-attack` message keeps it in `system.card` (older cards: `flags.polyverse.attack`). */
export interface AttackCard {
  version: 1;
  attacker: { actorUuid: string; tokenUuid: string | null; name: string };
  weapon: AttackWeapon;
  mode: AttackMode;
  /** The attack roll's faces, in the order rolled. */
  faces: number[];
  /** The roll's success target (the first target's, the sweep's, or the aimed point's). */
  target: number;
  ad: number;
  cover: CoverChoice;
  ammo: AmmoUsed | null;
  sustain: number;
  /** The combat round it was made in (null outside Fast Action). */
  round: number | null;
  /** The combat it was made in (absent outside Fast Action and on older cards). */
  combatId?: string | null;
  /** The chain before this action, or null when it does not chain. */
  chain: ChainState | null;
  /** This attack is a riposte (the chain it starts follows the riposte rules). */
  riposte: boolean;
  /** Chain was pressed from this card (an action is chained only once). */
  chained: boolean;
  area: AreaState | null;
  targets: AttackTarget[];
  /**
   * A continuation of a continuable grappling move ("Continuations are contested in the same way as
   * the original move"): the card it continues, how many rounds the hold has been continued with
   * this one, and the Clinch's choice of parts.
   */
  hold?: HoldState | null;
  /** What became of the hold this card made: continued on a later card, or released. */
  holdDone?: "continued" | "released" | null;
  /**
   * Assassination ("Assassination"): the attack follows a Watch with all AD at this actor and spends
   * all AD; the skill's allocated dice were added and, against that target, "all successes bypass
   * any armor as if they were sixes". Absent: an ordinary attack.
   */
  assassination?: AssassinationRecord | null;
  /** Uncanny Luck re-rolled some of the attack's 1s (the GM rolled them; `faces` shows the result). */
  luck?: LuckRecord | null;
  /** The attacker's Uncanny Luck dice when it rolled (the card offers the re-roll; the GM checks the actor). */
  uncannyLuck?: number;
  /** EX Adrenaline Rush unbound for the attacker after this attack (once per card). */
  rush?: number | null;
}

/** An assassination on the card: the watched actor and the Assassination dice added. */
interface AssassinationRecord {
  actorUuid: string;
  dice: number;
}

/**
 * An Uncanny Luck re-roll: "re-roll a number of resulting 1s equal to the number of allocated dice
 * one time, using whatever value results from the re-roll". `rolled` are the faces as first rolled;
 * the dice at `indices` now show `faces`.
 */
export interface LuckRecord {
  rolled: number[];
  indices: number[];
  faces: number[];
}

/** A continued hold. */
export interface HoldState {
  from: string | null;
  continued: number;
  choice: number;
}

// ---- small helpers ---------------------------------------------------------------------------------

export const KEY = "POLYVERSE.Verses.Attack";

/** A localisable line. */
export interface CardLine {
  key: string;
  data?: Record<string, string | number>;
}
export const line = (key: string, data?: Record<string, string | number>): CardLine =>
  data === undefined ? { key } : { key, data };

/** Damage applications as text: "4(p) + 2(s)". */
export function damageText(applications: readonly DamageApplication[]): string {
  return applications.length ? applications.map((a) => `${a.amount}(${a.type})`).join(" + ") : "0";
}

/** The damage mode of a weapon's HP/SM column, or null without damage. */
export function perSmOf(weapon: Pick<AttackWeapon, "damage" | "damageMode">): DamageApplication | null {
  if (!weapon.damage.trim()) return null;
  try {
    const spec = parseDamage(weapon.damage);
    return spec.modes[weapon.damageMode] ?? spec.modes[0] ?? null;
  } catch {
    return null;
  }
}

export function ammoEffectOf(ammo: AmmoUsed | null) {
  if (!ammo?.effect) return undefined;
  try {
    return parseAmmoEffect(ammo.effect);
  } catch {
    return undefined;
  }
}

// ---- grappling moves ------------------------------------------------------------------------------

/** A condition a move puts on its target. */
interface MoveCondition {
  id: ConditionId;
  parts?: BodyPart[];
}

/**
 * What each grappling move does on a success ("Grappling Attacks (Humanoid)"): Clinch "Target has 1
 * of the following (attacker's choice): the Immobilized(hands, body) ... the Immobilized(legs)
 * condition"; Takedown "Prone"; Throw "thrown 1m/SM ..., receives 1(c)HP/SM damage, has the Prone
 * condition"; Submission "the Prone & Immobilized condition"; Choke "the Immobilized condition"
 * (and, continued, Unconscious, Moribund, death). Each entry is one choice of conditions.
 */
export const GRAPPLE_MOVES: Readonly<Record<string, readonly (readonly MoveCondition[])[]>> = {
  clinch: [[{ id: "immobilized", parts: ["hands", "body"] }], [{ id: "immobilized", parts: ["legs"] }]],
  takedown: [[{ id: "prone" }]],
  throw: [[{ id: "prone" }]],
  submission: [[{ id: "prone" }, { id: "immobilized" }]],
  choke: [[{ id: "immobilized" }]],
};

/** The grappling move a weapon item is, by its name, or null. */
export function grappleMove(name: string, skill: string): string | null {
  if (normalizeKey(skill) !== "grappling") return null;
  const key = normalizeKey(name.split(":")[0] ?? name);
  return key in GRAPPLE_MOVES ? key : null;
}

// ---- the outcome against one target -----------------------------------------------------------------

/** The attack's result against one target after its defence. */
export interface TargetOutcome {
  /** The attack's faces left after the defence removed successes (sixes first), sixes first. */
  faces: number[];
  successes: number;
  sixes: number;
  fives: number;
  /** The success margin (0 or less: a miss). */
  sm: number;
  hit: boolean;
  /** The defence negated every success (a full parry). */
  negated: boolean;
  /** Successes the defence removed. */
  cancelled: number;
}

/** The outcome against a direct target: the roll against its target, contested by its defence. */
export function directOutcome(card: AttackCard, target: AttackTarget): TargetOutcome {
  const d = target.defence;
  if (!d) {
    const t = resolveTest(card.faces, target.target);
    return {
      faces: sortSixesFirst(card.faces),
      successes: t.successes,
      sixes: t.sixes,
      fives: t.fives,
      sm: t.margin,
      hit: t.success,
      negated: false,
      cancelled: 0,
    };
  }
  const contest =
    d.kind === "parry"
      ? resolveParry(card.faces, d.faces, target.target).attack
      : d.kind === "dodge"
        ? resolveDodge(card.faces, d.faces, target.target).attack
        : resolveContest(card.faces, d.faces, target.target);
  return {
    faces: contest.remaining,
    successes: contest.successes,
    sixes: contest.sixes,
    fives: contest.fives,
    sm: contest.margin,
    hit: contest.success,
    negated: contest.successes === 0,
    cancelled: contest.cancelled,
  };
}

/** Whether the target's side is settled: it defended, took the attack, or the attack missed it anyway. */
export function settled(card: AttackCard, target: AttackTarget): boolean {
  if (target.defence || target.taken) return true;
  return card.mode === "direct" && !resolveTest(card.faces, target.target).success;
}

/**
 * The Riposte a parry offers ("Riposte"): "On a fully successful parry—one that negates all
 * successes of the attack—with at least one die rolling a 6, the defender may immediately riposte
 * with the same weapon", which must be Fast and Parry. The sixes of the parry join its pool.
 */
export function riposteOffer(
  card: AttackCard,
  index: number,
): {
  itemUuid: string;
  modeIndex: number;
  name: string;
  carried: number;
  /** Two Weapon Fighting with two Fast weapons: "the actor may choose either weapon to use for a riposte". */
  either: { itemUuid: string; modeIndex: number; name: string } | null;
} | null {
  const target = card.targets[index];
  const d = target?.defence;
  if (!target || !d || d.kind !== "parry" || !d.weapon || target.riposted) return null;
  const parry = resolveParry(card.faces, d.faces, target.target);
  const check = checkRiposte(parry, {
    id: d.weapon.itemUuid,
    features: { fast: d.weapon.fast, parry: d.weapon.parry },
  });
  if (!check.ok) return null;
  return {
    itemUuid: d.weapon.itemUuid,
    modeIndex: d.weapon.modeIndex,
    name: d.weapon.name,
    carried: check.value.carriedSixes,
    either:
      d.weapon.fast && d.weapon.pair?.fast
        ? { itemUuid: d.weapon.pair.itemUuid, modeIndex: d.weapon.pair.modeIndex, name: d.weapon.pair.name }
        : null,
  };
}

// ---- chaining ----------------------------------------------------------------------------------------

/** A new chain for an attack's first action ("The first chainable action counts"). */
export function firstChain(info: ChainInfo, round: number): ChainState {
  return startChain({ type: info.type, limit: info.limit, round });
}

/**
 * The chain after this card's action, from its roll and its first target's defence ("A full parry
 * of an attack by the target counts as a failure for the purpose of Action Chaining"): null when
 * the attack does not chain or is not settled yet. A riposte's chain follows `chainAfterRiposte`.
 */
function chainAfter(
  card: AttackCard,
  options: ChainOptions & RiposteChainOptions = {},
): { chain: ChainState; carried: number } | null {
  if (!card.chain || !card.weapon.chain || card.mode !== "direct") return null;
  const first = card.targets[0];
  if (first && !settled(card, first)) return null;
  const target = first?.target ?? card.target;
  const roll = {
    faces: card.faces,
    target,
    ...(first?.defence ? { challengerFaces: first.defence.faces } : {}),
    ...(card.weapon.itemUuid ? { weaponId: card.weapon.itemUuid } : {}),
  };
  if (card.riposte) {
    const r = chainAfterRiposte(
      { type: card.chain.type, limit: card.chain.limit, round: card.chain.round },
      roll,
      options,
    );
    return { chain: r.chain, carried: r.carried };
  }
  const r = afterChainAction(card.chain, roll, options);
  return { chain: r.chain, carried: r.carried };
}

/** Whether the attacker may chain from this card now, with the sixes it carries. */
export function chainOffer(
  card: AttackCard,
  options: ChainOptions & RiposteChainOptions = {},
): { chain: ChainState; carried: number } | null {
  if (card.chained) return null;
  const after = chainAfter(card, options);
  return after && after.chain.open ? after : null;
}

/** Replace one target of the card. */
export function withTarget(card: AttackCard, index: number, patch: Partial<AttackTarget>): AttackCard {
  return { ...card, targets: card.targets.map((t, i) => (i === index ? { ...t, ...patch } : t)) };
}
