/**
 * The attack card's state and what happens to it, Foundry-free: who was attacked and with what,
 * each target's defence (Dodge, Parry, a grappling resistance, or taking it), the net successes
 * sixes first, the damage through cover, shields and armour to the body, the document changes of
 * applying it and of undoing it, the Riposte a full parry offers and the Chain a successful
 * chainable attack offers. The state is plain data kept in the message's `flags.polyverse.attack`,
 * so the card rebuilds after a reload; `attack.ts` gathers the documents and applies the changes.
 *
 * Every rule is the rules layer's: `resolveDodge`, `resolveParry`, `checkRiposte`, `resolveDamage`,
 * `bindEX`, `afterChainAction`, `chainLink`, `sweepShares`, `areaDamage`, `dodgeReduction`,
 * `grenadeConditionRounds`.
 */
import { SYSTEM_ID } from "../../../core/constants";
import type { DocumentChange, StatusChange } from "../../../core/changes-logic";
import { adChange } from "../ad-logic";
import {
  afterChainAction,
  areaDamage,
  bindEX,
  unbindEX,
  chainAfterRiposte,
  checkRiposte,
  chokeEffect,
  countSuccesses,
  dodgeReduction,
  GRENADE_CONDITIONS,
  grenadeConditionRounds,
  mergeByType,
  normalizeKey,
  parseAmmoEffect,
  parseAreaDamage,
  parseDamage,
  pistolCutlassChainLimit,
  resolveContest,
  resolveDamage,
  resolveDodge,
  resolveParry,
  resolveTest,
  sortSixesFirst,
  startChain,
  sweepShares,
  weaponDamage,
  type AdRoundState,
  type AreaDamageSpec,
  type BodyPart,
  type ChainOptions,
  type ChainState,
  type ChokeEffect,
  type ConditionId,
  type DamageApplication,
  type DamageLayerOptions,
  type DamageResolution,
  type IncomingDamage,
  type PistolCutlassOptions,
  type RiposteChainOptions,
  type ScatterResult,
} from "../rules";
import {
  bodyLayer,
  hasStatus,
  protectiveLayers,
  type CoverChoice,
  type DefenderData,
} from "./defender-logic";

// ---- the card's state -----------------------------------------------------------------------------

/** How the attack reaches its targets: one contest each, a sweep's shared damage, or a blast. */
export type AttackMode = "direct" | "sweep" | "area";

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
export interface ChainSkill {
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
export interface AttackWeapon {
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
export interface AmmoUsed {
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
}

/** Where an indirect attack was aimed and where it went off. */
export interface AreaState {
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

/** The attack card, as `flags.polyverse.attack` stores it. */
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
}

/** A continued hold. */
export interface HoldState {
  from: string | null;
  continued: number;
  choice: number;
}

// ---- small helpers ---------------------------------------------------------------------------------

const KEY = "POLYVERSE.Verses.Attack";

/** A localisable line. */
export interface CardLine {
  key: string;
  data?: Record<string, string | number>;
}
const line = (key: string, data?: Record<string, string | number>): CardLine =>
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

function ammoEffectOf(ammo: AmmoUsed | null) {
  if (!ammo?.effect) return undefined;
  try {
    return parseAmmoEffect(ammo.effect);
  } catch {
    return undefined;
  }
}

// ---- grappling moves ------------------------------------------------------------------------------

/** A condition a move puts on its target. */
export interface MoveCondition {
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

/** The attack roll reached its own target (for area attacks: the aimed point). */
export function rollSucceeded(card: AttackCard): boolean {
  return resolveTest(card.faces, card.target).success;
}

/** The total damage of a successful sweep at the roll's SM, by type, before it is shared. */
export function sweepTotal(card: AttackCard): DamageApplication[] {
  const outcome = resolveTest(card.faces, card.target);
  if (!outcome.success || !card.weapon.damage.trim()) return [];
  return weaponDamage(card.weapon.damage, outcome.margin, {
    mode: card.weapon.damageMode,
    ...(ammoEffectOf(card.ammo) ? { ammo: ammoEffectOf(card.ammo) } : {}),
  });
}

/**
 * A sweep's shares of one amount: equal between the objects in the sweep "so long as those
 * objects are within the attack's effective range" (`sweepShares`; a TEST that cannot be read
 * leaves every object in range).
 */
function shares(card: AttackCard, amount: number) {
  const distances = card.targets.map((t) => t.metres ?? 0);
  try {
    return sweepShares(amount, distances, card.weapon.test);
  } catch {
    return sweepShares(amount, distances);
  }
}

/** Dodge successes of a target's defence (0 without a dodge). */
function dodgeSuccesses(target: AttackTarget): number {
  return target.defence?.kind === "dodge" ? countSuccesses(target.defence.faces).successes : 0;
}

/**
 * The damage arriving at one target's layers, or null when none does:
 * - direct: the faces left after the defence, against the target's `#S`, at the mode's HP/SM plus
 *   ammunition once ("Damage bonuses for ammunition are applied once per attack");
 * - sweep: its equal share ("divided equally between any objects within the swept area"), less
 *   one per dodge success ("subtracts the number of successes from the share of damage");
 * - area: the damage at its distance from the centre ("decreases by 1 at each range mark"), less
 *   one per dodge success.
 */
export function incomingFor(card: AttackCard, index: number): IncomingDamage | null {
  const target = card.targets[index];
  if (!target) return null;
  if (card.mode === "direct") {
    const perSM = perSmOf(card.weapon);
    const outcome = directOutcome(card, target);
    if (!perSM || !outcome.hit) return null;
    const ammo = ammoEffectOf(card.ammo);
    return { kind: "roll", faces: outcome.faces, target: target.target, perSM, ...(ammo ? { ammo } : {}) };
  }
  if (card.mode === "sweep") {
    const total = sweepTotal(card);
    if (!total.length) return null;
    const damage = total
      .map((a) => ({ amount: shares(card, a.amount).shares[index] ?? 0, type: a.type }))
      .map((a) => ({ ...a, amount: dodgeReduction(a.amount, dodgeSuccesses(target)) }));
    const merged = mergeByType(damage);
    return merged.length ? { kind: "area", damage: merged } : null;
  }
  if (!card.weapon.area.trim() || target.metres === null) return null;
  let spec: AreaDamageSpec;
  try {
    spec = parseAreaDamage(card.weapon.area);
  } catch {
    return null;
  }
  const amount = dodgeReduction(areaDamage(spec, target.metres), dodgeSuccesses(target));
  return amount > 0 ? { kind: "area", damage: [{ amount, type: spec.type }] } : null;
}

/** The resolution of one target's damage through its layers (null when no damage arrives). */
export function resolveTargetDamage(
  card: AttackCard,
  index: number,
  defender: DefenderData,
  options: DamageLayerOptions = {},
): DamageResolution | null {
  const incoming = incomingFor(card, index);
  if (!incoming) return null;
  return resolveDamage(incoming, protectiveLayers(card.cover, defender), bodyLayer(defender), options);
}

/** A resolution as plain data for the card. */
export function summarise(resolution: DamageResolution, incoming: DamageApplication[]): DamageSummary {
  return {
    hit: resolution.hit,
    incoming,
    layers: resolution.layers.map((l) => ({
      name: l.name ?? l.kind,
      kind: l.kind,
      absorbed: l.absorbed,
      hpDamage: l.hpDamage,
      bypassed: l.bypassed.filter((a) => a.amount > 0),
      passed: l.passed.filter((a) => a.amount > 0),
      transformed: l.transformed.map((t) => ({ ...t })),
    })),
    bodyIncoming: resolution.body.incoming.filter((a) => a.amount > 0),
    bodyAbsorbed: resolution.body.absorbed,
    taken: resolution.body.damageTaken,
    hpBefore: resolution.body.hpBefore,
    hpAfter: resolution.body.hpAfter,
    exToBind: resolution.exToBind,
    moribund: resolution.moribund,
  };
}

function incomingApplications(
  incoming: IncomingDamage | null,
  resolution: DamageResolution,
): DamageApplication[] {
  if (!incoming) return [];
  if (incoming.kind === "area") return mergeByType(incoming.damage);
  if (incoming.kind === "shares") return mergeByType([...incoming.direct, ...incoming.cover]);
  const first = resolution.layers[0];
  if (first) return mergeByType([...first.incoming, ...first.bypassed]);
  return mergeByType(resolution.body.incoming);
}

/** The preview of one target's damage (null when none arrives). */
export function damagePreview(
  card: AttackCard,
  index: number,
  defender: DefenderData,
  options: DamageLayerOptions = {},
): DamageSummary | null {
  const resolution = resolveTargetDamage(card, index, defender, options);
  if (!resolution) return null;
  return summarise(resolution, incomingApplications(incomingFor(card, index), resolution));
}

// ---- defence ----------------------------------------------------------------------------------------

/** Record a target's defence (or its taking the attack) and preview its damage. */
export function withDefence(
  card: AttackCard,
  index: number,
  defence: DefenceRecord | "take",
  defender: DefenderData,
  options: DamageLayerOptions = {},
): AttackCard {
  const targets = card.targets.map((t, i) => {
    if (i !== index) return t;
    const next: AttackTarget =
      defence === "take" ? { ...t, taken: true, defence: null } : { ...t, defence, taken: false };
    return next;
  });
  const next = { ...card, targets };
  const damage = damagePreview(next, index, defender, options);
  return { ...next, targets: next.targets.map((t, i) => (i === index ? { ...t, damage } : t)) };
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
export function chainAfter(
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

// ---- applying damage and conditions --------------------------------------------------------------

/** Who the target is, and what it has now, for applying and undoing. */
export interface TargetNow {
  uuid: string;
  name: string;
  hp: number;
  ad: AdRoundState;
  statuses: readonly string[];
}

/** The conditions a success puts on this target: a grappling move's (by choice) or a grenade's. */
export function conditionsFor(card: AttackCard, index: number, choice = 0): StatusChange[] {
  const target = card.targets[index];
  if (!target) return [];
  if (card.weapon.grapple) {
    if (card.mode !== "direct" || !directOutcome(card, target).hit) return [];
    const choices = GRAPPLE_MOVES[card.weapon.grapple] ?? [];
    const chosen = choices[card.hold ? card.hold.choice : choice] ?? choices[0] ?? [];
    const statuses: StatusChange[] = chosen.map((c) => ({ id: c.id, active: true }));
    // Choke: "If continued for: 2 rounds, target has the Unconscious condition 3 rounds, target has
    // the Moribund condition 4 rounds, target dies".
    const choke = chokeOf(card);
    if (choke !== "immobilized") statuses.push({ id: "unconscious", active: true });
    if (choke === "moribund" || choke === "dead") statuses.push({ id: "moribund", active: true });
    return statuses;
  }
  if (card.mode === "area" && card.area?.condition) {
    const grenade = GRENADE_CONDITIONS.find((g) => g.name === card.area?.condition);
    if (!grenade || target.metres === null) return [];
    // A missed throw still goes off where it lands; the text gives it no SM (scattered SM 1).
    const outcome = resolveTest(card.faces, card.target);
    const rounds = grenadeConditionRounds(grenade, {
      sm: outcome.success ? outcome.margin : 0,
      metres: target.metres,
      dodgeSuccesses: dodgeSuccesses(target),
    });
    return rounds > 0 ? [{ id: grenade.condition, active: true, rounds }] : [];
  }
  return [];
}

/** What a Choke card has done (`chokeEffect` of the rounds it has been continued), or "immobilized". */
export function chokeOf(card: AttackCard): ChokeEffect {
  return card.weapon.grapple === "choke" && card.hold ? chokeEffect(card.hold.continued) : "immobilized";
}

/**
 * The hold this card's attacker may continue ("Some grappling moves are continuable"; "In Fast
 * Action, an actor must spend at least 1AD to explicitly maintain a continuous test each round"):
 * a continuable move that hit and was applied, not yet continued or released. The continuation
 * rolls the same pool against the move's `#C` and is contested again.
 */
export function holdOffer(card: AttackCard): { index: number; continuation: number; next: HoldState } | null {
  const continuation = card.weapon.continuation ?? 0;
  if (!card.weapon.grapple || continuation < 1 || card.mode !== "direct" || card.holdDone) return null;
  const index = card.targets.findIndex(
    (t) => t.applied && t.applied.conditions.length > 0 && directOutcome(card, t).hit,
  );
  if (index < 0) return null;
  const applied = card.targets[index]!.applied!;
  return {
    index,
    continuation,
    next: {
      from: null,
      continued: (card.hold?.continued ?? 0) + 1,
      choice: card.hold?.choice ?? applied.choice ?? 0,
    },
  };
}

/**
 * What ends a hold: "If this test fails to meet the necessary continuation target (# C) or the actor
 * chooses not to maintain it, then the test and its effects end". The move's own conditions come
 * off the target (a Choke's Unconscious or Moribund, once suffered, stay).
 */
export function releaseChange(card: AttackCard, index: number, now: TargetNow): DocumentChange | null {
  if (!card.weapon.grapple) return null;
  const choices = GRAPPLE_MOVES[card.weapon.grapple] ?? [];
  const choice = card.hold?.choice ?? card.targets[index]?.applied?.choice ?? 0;
  const ids = new Set((choices[choice] ?? choices[0] ?? []).map((c) => c.id));
  const statuses: StatusChange[] = [...ids]
    .filter((id) => now.statuses.includes(id))
    .map((id) => ({ id, active: false }));
  return statuses.length ? { uuid: now.uuid, name: now.name, statuses } : null;
}

/** A continuation whose roll did not hold (missed, or its target resisted): the hold ends. */
export function holdBroken(card: AttackCard, index: number): boolean {
  const target = card.targets[index];
  return Boolean(card.hold && target && settled(card, target) && !directOutcome(card, target).hit);
}

/** The body parts a grappling move's choice immobilises (for the condition's details). */
function immobilizedParts(card: AttackCard, choice: number): BodyPart[] | null {
  if (!card.weapon.grapple) return null;
  const chosen = (GRAPPLE_MOVES[card.weapon.grapple] ?? [])[choice] ?? [];
  const immobilized = chosen.find((c) => c.id === "immobilized");
  return immobilized ? [...(immobilized.parts ?? [])] : null;
}

/** What applying one target's damage and conditions changes, and the record an Undo needs. */
export interface ApplyPlan {
  changes: DocumentChange[];
  record: AppliedRecord;
}

/**
 * Apply one target's damage: HP after the layers (never below 0), 1 EX bound when the blow
 * exceeds TUF (+ Pain Tolerance) (`bindEX`: unspent dice first), Moribund below 1 HP ("When an
 * actor's HP is reduced below 1, they receive the Moribund condition"), and the move's or
 * grenade's conditions. Values are set from the target's current state, so a GM applying a
 * pending change later applies the same numbers; the before-state is kept for Undo.
 */
export function planApply(
  card: AttackCard,
  index: number,
  defender: DefenderData,
  now: TargetNow,
  options: DamageLayerOptions = {},
  choice = 0,
): ApplyPlan | null {
  const target = card.targets[index];
  if (!target || target.applied) return null;
  const resolution = resolveTargetDamage(card, index, { ...defender, hp: now.hp, ad: now.ad }, options);
  const summary = resolution
    ? summarise(resolution, incomingApplications(incomingFor(card, index), resolution))
    : null;
  const statuses = conditionsFor(card, index, choice);
  if (!summary && !statuses.length) return null;
  const set: Record<string, unknown> = {};
  let adAfter = now.ad;
  if (summary) {
    if (summary.hpAfter !== now.hp) set["system.hp.value"] = summary.hpAfter;
    if (summary.exToBind > 0) adAfter = bindEX(now.ad, summary.exToBind).state;
    if (summary.moribund && !now.statuses.includes("moribund"))
      statuses.push({ id: "moribund", active: true });
  }
  const parts = immobilizedParts(card, choice);
  if (parts && parts.length && statuses.some((s) => s.id === "immobilized"))
    set[`flags.${SYSTEM_ID}.conditions.immobilized.parts`] = parts;
  const ad = adChange(now, now.ad, adAfter);
  const change: DocumentChange = {
    uuid: now.uuid,
    name: now.name,
    ...(Object.keys(set).length || ad?.set ? { set: { ...set, ...(ad?.set ?? {}) } } : {}),
    ...(statuses.length ? { statuses } : {}),
  };
  return {
    changes: [change],
    record: {
      before: { hp: now.hp, ad: now.ad, statuses: [...now.statuses] },
      after: { hp: summary ? summary.hpAfter : now.hp, ad: adAfter },
      summary,
      conditions: statuses.map((s) => s.id),
      ...(card.weapon.grapple ? { choice } : {}),
      pending: false,
    },
  };
}

/** A count the card recorded, as a whole number of at least 0 (a forged record counts nothing). */
const count = (v: unknown): number =>
  typeof v === "number" && Number.isFinite(v) ? Math.max(0, Math.floor(v)) : 0;

/**
 * Undo an applied target, as amounts: the HP the blow took are given back (never above `hpMax`),
 * the EX it bound are unbound (they return as unspent AD), and the conditions the apply switched
 * on (that the target did not have before) come off. Whatever happened to the target since, a
 * later blow or a rest, stays: Undo takes back only this card's own change.
 */
export function planUndo(
  card: AttackCard,
  index: number,
  now: TargetNow,
  hpMax: number,
): DocumentChange | null {
  const target = card.targets[index];
  const applied = target?.applied;
  if (!target || !applied) return null;
  const hpAfter = applied.after?.hp ?? applied.summary?.hpAfter ?? applied.before.hp;
  const taken = count(count(applied.before.hp) - count(hpAfter));
  const bound = applied.after
    ? count(count(applied.after.ad.exBound) - count(applied.before.ad.exBound))
    : count(applied.summary?.exToBind);
  const add = taken > 0 ? [{ path: "system.hp.value", delta: taken, min: 0, max: Math.max(0, hpMax) }] : [];
  const ad =
    bound > 0 ? adChange(now, now.ad, unbindEX(now.ad, Math.min(bound, now.ad.exBound)).state) : null;
  const statuses: StatusChange[] = applied.conditions
    .filter((id) => !applied.before.statuses.includes(id) && now.statuses.includes(id))
    .map((id) => ({ id: id as ConditionId, active: false }));
  if (!add.length && !ad && !statuses.length) return null;
  return {
    uuid: now.uuid,
    name: now.name,
    ...(add.length ? { add } : {}),
    ...(ad?.set ? { set: ad.set } : {}),
    ...(statuses.length ? { statuses } : {}),
  };
}

/** Replace one target of the card. */
export function withTarget(card: AttackCard, index: number, patch: Partial<AttackTarget>): AttackCard {
  return { ...card, targets: card.targets.map((t, i) => (i === index ? { ...t, ...patch } : t)) };
}

// ---- what the card shows ---------------------------------------------------------------------------

/** A button the card shows, with what it acts on. */
export interface CardButton {
  action: string;
  label: CardLine;
  index?: number;
  choice?: number;
  itemUuid?: string;
  modeIndex?: number;
  /** Who may press it: the target's owner, the attacker's owner, or either (apply/undo). */
  who: "target" | "attacker" | "either";
}

/** One target's row on the card. */
export interface TargetRow {
  index: number;
  name: string;
  actorUuid: string;
  /** "2S at 15 m", "11 damage at 3 m". */
  situation: CardLine[];
  defence: { label: CardLine; faces: number[] } | null;
  /** The net result after the defence: faces left sixes first. */
  net: { faces: number[]; headline: CardLine; outcome: "success" | "failure" | "neutral" } | null;
  damage: CardLine[];
  applied: CardLine | null;
  buttons: CardButton[];
}

/** The card as lines and buttons, before localisation. */
export interface AttackCardView {
  lines: CardLine[];
  scatter: CardLine[];
  rows: TargetRow[];
  attackerButtons: CardButton[];
}

const TYPE_NAMES: Record<string, string> = { b: "b", c: "c", p: "p", r: "r", s: "s" };

function damageLines(summary: DamageSummary): CardLine[] {
  const out: CardLine[] = [line(`${KEY}.Damage.Incoming`, { damage: damageText(summary.incoming) })];
  for (const l of summary.layers) {
    if (l.bypassed.length)
      out.push(line(`${KEY}.Damage.Bypassed`, { layer: l.name, damage: damageText(l.bypassed) }));
    const transformed = l.transformed
      .map((t) => `${t.amount}(${TYPE_NAMES[t.from]}⇒${TYPE_NAMES[t.to]})`)
      .join(", ");
    out.push(
      line(`${KEY}.Damage.Layer`, {
        layer: l.name,
        absorbed: l.absorbed,
        passed: damageText(l.passed),
      }),
    );
    if (transformed) out.push(line(`${KEY}.Damage.Transformed`, { layer: l.name, what: transformed }));
    if (l.hpDamage > 0) out.push(line(`${KEY}.Damage.CoverHp`, { layer: l.name, hp: l.hpDamage }));
  }
  if (summary.bodyAbsorbed > 0)
    out.push(line(`${KEY}.Damage.BodyAbsorbed`, { absorbed: summary.bodyAbsorbed }));
  out.push(
    summary.taken > 0
      ? line(`${KEY}.Damage.Taken`, {
          taken: summary.taken,
          before: summary.hpBefore,
          after: summary.hpAfter,
        })
      : line(`${KEY}.Damage.Unhurt`),
  );
  if (summary.exToBind > 0) out.push(line(`${KEY}.Damage.BindsEX`, { ex: summary.exToBind }));
  if (summary.moribund) out.push(line(`${KEY}.Damage.Moribund`));
  return out;
}

function netHeadline(card: AttackCard, target: AttackTarget, outcome: TargetOutcome): CardLine {
  if (target.defence?.kind === "parry" && outcome.negated) return line(`${KEY}.Net.FullParry`);
  if (!outcome.hit) return line(`${KEY}.Net.Miss`, { successes: outcome.successes, target: target.target });
  return card.weapon.damage.trim()
    ? line(`${KEY}.Net.Hit`, { successes: outcome.successes, sm: outcome.sm })
    : line(`${KEY}.Net.HitNoDamage`, { successes: outcome.successes, sm: outcome.sm });
}

function defenceLabel(d: DefenceRecord): CardLine {
  const successes = countSuccesses(d.faces).successes;
  if (d.kind === "parry")
    return line(`${KEY}.Defence.Parried`, { weapon: d.weapon?.name ?? "", ad: d.ad, successes });
  return line(`${KEY}.Defence.${d.kind === "dodge" ? "Dodged" : "Resisted"}`, { ad: d.ad, successes });
}

function situationLines(card: AttackCard, t: AttackTarget): CardLine[] {
  const metres = t.metres === null ? null : Math.round(t.metres * 10) / 10;
  if (card.mode === "direct")
    return [
      metres === null
        ? line(`${KEY}.Situation.Target`, { target: t.target })
        : line(`${KEY}.Situation.TargetAt`, { target: t.target, metres }),
    ];
  if (card.mode === "sweep") return metres === null ? [] : [line(`${KEY}.Situation.InSweep`, { metres })];
  return metres === null ? [] : [line(`${KEY}.Situation.FromCentre`, { metres })];
}

/** The card's view for a reader: lines, rows and buttons (who may press each is decided at render). */
export function attackCardView(
  card: AttackCard,
  options: ChainOptions & RiposteChainOptions = {},
): AttackCardView {
  const lines: CardLine[] = [];
  if (card.weapon.thrown) lines.push(line(`${KEY}.Grip.Thrown`));
  if (card.weapon.offhand)
    lines.push(
      line(`${KEY}.Grip.TwoWeapons`, { other: card.weapon.offhand.label, dice: card.weapon.offhand.dice }),
    );
  if (card.weapon.unhandedDice) lines.push(line(`${KEY}.Grip.Unhanded`, { dice: card.weapon.unhandedDice }));
  if (card.ammo) lines.push(line(`${KEY}.AmmoLine`, { name: card.ammo.name, rounds: card.ammo.rounds }));
  if (card.sustain > 0) lines.push(line(`${KEY}.Sustain`, { dice: card.sustain }));
  if (card.cover.protective !== "none")
    lines.push(line(`${KEY}.CoverLine.${card.cover.protective}`, { material: card.cover.material }));
  if (card.mode === "sweep") {
    const total = sweepTotal(card);
    const left = total.reduce((n, a) => n + shares(card, a.amount).remainder, 0);
    lines.push(
      total.length
        ? line(`${KEY}.SweepTotal`, { damage: damageText(total), count: card.targets.length })
        : line(`${KEY}.SweepMissed`),
    );
    if (left > 0) lines.push(line(`${KEY}.SweepRemainder`, { damage: left }));
  }
  if (card.hold) lines.push(line(`${KEY}.Hold.Line`, { rounds: card.hold.continued }));
  if (card.chain && card.chain.links > 0)
    lines.push(line(`${KEY}.Chain.Link`, { link: card.chain.links + 1, limit: card.chain.limit }));

  const scatter: CardLine[] = [];
  if (card.area) {
    const s = card.area.scatter;
    if (!s || s.hit) scatter.push(line(`${KEY}.Area.OnTarget`));
    else if (s.offset === 0 || (!s.depth && !s.side)) scatter.push(line(`${KEY}.Area.MissNoDrift`));
    else
      scatter.push(
        line(`${KEY}.Area.Scatter`, {
          offset: s.offset,
          depth: s.depth ? `${KEY}.Area.Depth.${s.depth}` : `${KEY}.Area.Depth.none`,
          side: s.side ? `${KEY}.Area.Side.${s.side}` : `${KEY}.Area.Side.none`,
        }),
      );
    if (card.area.condition) scatter.push(line(`${KEY}.Area.Condition`, { name: card.area.condition }));
    if (!card.targets.length) scatter.push(line(`${KEY}.Area.NoOne`));
  }

  const rows: TargetRow[] = card.targets.map((t, index) => {
    const buttons: CardButton[] = [];
    let net: TargetRow["net"] = null;
    const isSettled = settled(card, t);
    if (card.mode === "direct") {
      const outcome = directOutcome(card, t);
      if (isSettled || t.defence)
        net = {
          faces: outcome.faces,
          headline: netHeadline(card, t, outcome),
          outcome: outcome.hit ? "success" : "failure",
        };
      else if (card.weapon.grapple) {
        buttons.push({
          action: "verses.attack.resist",
          label: line(`${KEY}.Button.Resist`),
          index,
          who: "target",
        });
        buttons.push({
          action: "verses.attack.take",
          label: line(`${KEY}.Button.Take`),
          index,
          who: "target",
        });
      } else {
        buttons.push({
          action: "verses.attack.dodge",
          label: line(`${KEY}.Button.Dodge`),
          index,
          who: "target",
        });
        if (card.weapon.parry !== null)
          buttons.push({
            action: "verses.attack.parry",
            label: line(`${KEY}.Button.Parry`, { rating: card.weapon.parry }),
            index,
            who: "target",
          });
        buttons.push({
          action: "verses.attack.take",
          label: line(`${KEY}.Button.Take`),
          index,
          who: "target",
        });
      }
    } else if (!isSettled && (card.mode === "area" || sweepTotal(card).length)) {
      buttons.push({
        action: "verses.attack.dodge",
        label: line(`${KEY}.Button.DodgeReduce`),
        index,
        who: "target",
      });
      buttons.push({ action: "verses.attack.take", label: line(`${KEY}.Button.Take`), index, who: "target" });
    }
    const damage = t.applied?.summary
      ? damageLines(t.applied.summary)
      : t.damage
        ? damageLines(t.damage)
        : [];
    const conditions = isSettled && !t.applied ? conditionsFor(card, index) : [];
    if (isSettled && !t.applied) {
      if (card.weapon.grapple === "clinch" && conditions.length && !card.hold) {
        buttons.push({
          action: "verses.attack.apply",
          label: line(`${KEY}.Button.ClinchUpper`),
          index,
          choice: 0,
          who: "either",
        });
        buttons.push({
          action: "verses.attack.apply",
          label: line(`${KEY}.Button.ClinchLegs`),
          index,
          choice: 1,
          who: "either",
        });
      } else if (t.damage || conditions.length)
        buttons.push({
          action: "verses.attack.apply",
          label: line(`${KEY}.Button.Apply`),
          index,
          who: "either",
        });
    }
    for (const c of conditions)
      damage.push(
        c.rounds
          ? line(`${KEY}.Damage.ConditionRounds`, {
              condition: `POLYVERSE.Verses.Condition.${c.id}`,
              rounds: c.rounds,
            })
          : line(`${KEY}.Damage.Condition`, { condition: `POLYVERSE.Verses.Condition.${c.id}` }),
      );
    // Throw: "thrown 1m/SM in a direction chosen by the attacker" (the GM moves the token).
    if (card.weapon.grapple === "throw" && card.mode === "direct" && isSettled) {
      const outcome = directOutcome(card, t);
      if (outcome.hit) damage.push(line(`${KEY}.Grapple.Thrown`, { metres: outcome.sm }));
    }
    if (card.hold && card.weapon.grapple === "choke" && conditions.length)
      damage.push(line(`${KEY}.Hold.Choke.${chokeOf(card)}`, { rounds: card.hold.continued }));
    if (holdBroken(card, index)) {
      damage.push(line(`${KEY}.Hold.Broken`));
      if (!card.holdDone)
        buttons.push({
          action: "verses.attack.release",
          label: line(`${KEY}.Button.EndHold`),
          index,
          who: "attacker",
        });
    }
    if (card.holdDone === "released") damage.push(line(`${KEY}.Hold.Released`));
    if (t.applied)
      buttons.push({ action: "verses.attack.undo", label: line(`${KEY}.Button.Undo`), index, who: "target" });
    const riposte = riposteOffer(card, index);
    if (riposte)
      buttons.push({
        action: "verses.attack.riposte",
        label: line(`${KEY}.Button.Riposte`, { weapon: riposte.name, sixes: riposte.carried }),
        index,
        itemUuid: riposte.itemUuid,
        modeIndex: riposte.modeIndex,
        who: "target",
      });
    return {
      index,
      name: t.name,
      actorUuid: t.actorUuid,
      situation: situationLines(card, t),
      defence: t.defence
        ? { label: defenceLabel(t.defence), faces: sortSixesFirst(t.defence.faces) }
        : t.taken
          ? { label: line(`${KEY}.Defence.Taken`), faces: [] }
          : null,
      net,
      damage,
      applied: t.applied
        ? line(t.applied.pending ? `${KEY}.Applied.Pending` : `${KEY}.Applied.Done`, { name: t.name })
        : null,
      buttons,
    };
  });

  const attackerButtons: CardButton[] = [];
  const offer = chainOffer(card, options);
  if (offer)
    attackerButtons.push({
      action: "verses.attack.chain",
      label: line(`${KEY}.Button.Chain`, {
        sixes: offer.carried,
        link: offer.chain.count + 1,
        limit: offer.chain.limit,
      }),
      who: "attacker",
    });
  const hold = holdOffer(card);
  if (hold) {
    attackerButtons.push({
      action: "verses.attack.continue",
      label: line(`${KEY}.Button.ContinueHold`, { target: hold.continuation }),
      who: "attacker",
    });
    attackerButtons.push({
      action: "verses.attack.release",
      label: line(`${KEY}.Button.LetGo`),
      index: hold.index,
      who: "attacker",
    });
  }
  return { lines, scatter, rows, attackerButtons };
}

/** Faces sorted sixes first with the css class the dice row uses. */
export function diceView(faces: readonly number[]): { face: number; css: "six" | "five" | "miss" }[] {
  return sortSixesFirst(faces).map((face) => ({
    face,
    css: face === 6 ? "six" : face === 5 ? "five" : "miss",
  }));
}

/** Whether the attack is a hit against the target as it stands (used by the chain and the flow). */
export function targetHit(card: AttackCard, index: number): boolean {
  const t = card.targets[index];
  if (!t) return false;
  if (card.mode === "direct") return directOutcome(card, t).hit;
  return incomingFor(card, index) !== null || conditionsFor(card, index).length > 0;
}

/** Re-export for the glue: which defender conditions forbid a defence. */
export const defenderHas = hasStatus;
