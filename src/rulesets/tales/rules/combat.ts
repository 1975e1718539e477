/**
 * Combat (rules "Combat": "Combat Sequence", "Initiative", "Primary Movement", "Primary Action",
 * "Non-Combat Actions", "Combat Actions", the defences, "Ranged Attacks", "Secondary Action(s)",
 * "Recovery"; Uncoordinated, Oblivious). Pure: no Foundry, no globals; randomness is injected.
 *
 * The initiative score itself (Mental + Awareness, less Heavy items) and the movement rate are
 * character.ts's `initiativeScore` and `movementRate`; the damage an attack deals is damage.ts.
 */
import type { AttributeKey, SkillKey } from "./traits";
import { damageShifts } from "./damage";
import { resolveOpposed, resolveTest, type TestDynamicTieRule, type TestResult } from "./test";

/** "1. Initiative 2. Primary Movement 3. Primary Action 4. Secondary Action(s) 5. Recovery". */
export const COMBAT_PHASES = ["initiative", "movement", "primary", "secondary", "recovery"] as const;
export type CombatPhase = (typeof COMBAT_PHASES)[number];

/**
 * The phase after `phase`: "if there are any other phases when none of the participants are acting,
 * simply move on to the next step of the round" (`idle` names the phases nobody acts in; Initiative and
 * Recovery, "the most important", are never skipped). After Recovery a new round begins.
 */
export function nextCombatPhase(
  phase: CombatPhase,
  idle: Partial<Record<CombatPhase, boolean>> = {},
): { phase: CombatPhase; newRound: boolean } {
  let i = COMBAT_PHASES.indexOf(phase);
  if (i < 0) throw new RangeError(`Not a combat phase: ${String(phase)}`);
  for (;;) {
    i += 1;
    if (i >= COMBAT_PHASES.length) return { phase: "initiative", newRound: true };
    const next = COMBAT_PHASES[i] as CombatPhase;
    if (next === "recovery" || !idle[next]) return { phase: next, newRound: false };
  }
}

/**
 * Whether initiative is rolled this round: "at the beginning of each combat round" (the
 * `initiativeEachRound` setting, default on; spec ambiguity #55); off, only in the first round.
 */
export function rollsInitiative(
  round: number,
  { initiativeEachRound }: { initiativeEachRound: boolean },
): boolean {
  if (!Number.isInteger(round) || round < 1) throw new RangeError(`A round is an integer >= 1: ${round}`);
  return initiativeEachRound || round === 1;
}

// ---------------------------------------------------------------- initiative and action dice

/** One combatant's initiative roll. */
export interface InitiativeEntry {
  id: string;
  /** Mental + Awareness + d6 (+ the Raconteur's modifiers, − Heavy items). */
  total: number;
  /** The Mental attribute, the first tie-break. */
  mental: number;
  /** Oblivious: "Always loses initiative". */
  oblivious?: boolean;
}

/** The initiative order of a round. */
export interface InitiativeRanking {
  /** Declaration order: the lowest first, the highest (three action dice) last. */
  order: string[];
  /** The highest (`null` with no combatants). */
  highest: string | null;
}

/**
 * Ranks a round's initiative rolls (initiative is a ranking, no 1/6 automatic results: spec ambiguity
 * #32). "The combatant with the lowest result on the initiative test must declare their action, if there
 * is a tie on this result, then compare Mental Attributes to see who goes first, if there is still a tie
 * then there is a 50/50 chance": the lower Mental declares first, then `random` (values in [0, 1), one
 * drawn per combatant in the order given) decides. Oblivious "Always loses initiative (if there are two
 * or more oblivious characters present in a combat, roll initiative between them)": every Oblivious
 * combatant ranks below every other, ordered among themselves the same way.
 */
export function rankInitiative(entries: readonly InitiativeEntry[], random: () => number): InitiativeRanking {
  const ids = new Set<string>();
  for (const e of entries) {
    if (ids.has(e.id)) throw new RangeError(`Duplicate combatant: ${e.id}`);
    ids.add(e.id);
    if (!Number.isFinite(e.total) || !Number.isFinite(e.mental))
      throw new RangeError(`Initiative and Mental are numbers: ${e.id}`);
  }
  const keyed = entries.map((e) => ({ e, key: random() }));
  keyed.sort(
    (a, b) =>
      Number(!a.e.oblivious) - Number(!b.e.oblivious) ||
      a.e.total - b.e.total ||
      a.e.mental - b.e.mental ||
      a.key - b.key,
  );
  const order = keyed.map((k) => k.e.id);
  return { order, highest: order.at(-1) ?? null };
}

/** What sets one combatant's action dice. */
export interface ActionDiceInput {
  /** The highest initiative: "They are assigned three action dice for the turn." */
  highest?: boolean;
  /** Uncoordinated: "only gets a single action die each combat turn" (always, spec ambiguity #18). */
  uncoordinated?: boolean;
  /** Stunned: "a stunned character loses an action for the turn". */
  stunned?: boolean;
  /**
   * An onlooker who did not roll initiative: "do not get action dice in this manner, but they may gain a
   * single action die if they get attacked or drawn into the melee" (`drawnIn`).
   */
  onlooker?: boolean;
  drawnIn?: boolean;
  /** Extra actions granted elsewhere (Adaptable's Essence point, Ambidextrous's defensive action). */
  extra?: number;
}

/**
 * A combatant's action dice for the round: 3 for the highest initiative, 2 for "All other characters who
 * rolled initiative", 1 Uncoordinated, an onlooker none (1 once drawn in); a stun takes one; never
 * below 0.
 */
export function actionDiceFor({
  highest = false,
  uncoordinated = false,
  stunned = false,
  onlooker = false,
  drawnIn = false,
  extra = 0,
}: ActionDiceInput): number {
  if (!Number.isInteger(extra) || extra < 0)
    throw new RangeError(`Extra actions are an integer >= 0: ${extra}`);
  let dice: number;
  if (onlooker) dice = drawnIn ? 1 : 0;
  else if (uncoordinated) dice = 1;
  else dice = highest ? 3 : 2;
  return Math.max(0, dice + extra - (stunned ? 1 : 0));
}

/** A combatant entering a round: initiative and what changes their dice. */
export type RoundCombatant = InitiativeEntry & Omit<ActionDiceInput, "highest" | "onlooker" | "drawnIn">;

/** Ranks a round and gives every combatant their action dice ({@link rankInitiative}, {@link actionDiceFor}). */
export function startRound(
  combatants: readonly RoundCombatant[],
  random: () => number,
): InitiativeRanking & { actionDice: Record<string, number> } {
  const ranking = rankInitiative(combatants, random);
  const actionDice: Record<string, number> = {};
  for (const c of combatants) actionDice[c.id] = actionDiceFor({ ...c, highest: c.id === ranking.highest });
  return { ...ranking, actionDice };
}

/** Spends action dice; refuses when too few are left ("notEnoughActionDice"). */
export function spendActionDice(
  remaining: number,
  cost: number,
): { ok: true; value: number } | { ok: false; reason: "notEnoughActionDice"; data: Record<string, number> } {
  if (!Number.isInteger(remaining) || remaining < 0 || !Number.isInteger(cost) || cost < 0)
    throw new RangeError(`Action dice are integers >= 0: ${remaining}, ${cost}`);
  if (cost > remaining) return { ok: false, reason: "notEnoughActionDice", data: { remaining, cost } };
  return { ok: true, value: remaining - cost };
}

/**
 * Who still acts in the Secondary Action phase, in declaration order: "any characters with remaining
 * action dice may perform a follow-up secondary action. This is continued until all characters have
 * used up their action dice."
 */
export function secondaryActors(
  order: readonly string[],
  actionDice: Readonly<Record<string, number>>,
): string[] {
  return order.filter((id) => (actionDice[id] ?? 0) > 0);
}

/** Primary Action ties: "actions requiring the use of the Physical attribute being declared first, Social actions second, Mental third and finally Spiritual actions." */
export const DECLARATION_ATTRIBUTE_ORDER: readonly AttributeKey[] = [
  "physical",
  "social",
  "mental",
  "spiritual",
];

/**
 * The Primary Action declaration order: "the combatants with the lowest initiative values declare their
 * actions first"; on equal initiative the action's attribute decides (Physical, Social, Mental,
 * Spiritual); what is still tied keeps the order given (e.g. the round's {@link rankInitiative} order).
 * A faster combatant may still "choose to act first if they wished to interrupt a slower acting target".
 */
export function declarationOrder(
  declarations: readonly { id: string; initiative: number; attribute: AttributeKey }[],
): string[] {
  return declarations
    .map((d, i) => ({ d, i }))
    .sort(
      (a, b) =>
        a.d.initiative - b.d.initiative ||
        DECLARATION_ATTRIBUTE_ORDER.indexOf(a.d.attribute) -
          DECLARATION_ATTRIBUTE_ORDER.indexOf(b.d.attribute) ||
        a.i - b.i,
    )
    .map(({ d }) => d.id);
}

/**
 * Metres a combatant may cover this round: the Primary Movement is free (`rate` = Physical + Athletics,
 * character.ts `movementRate`), and each further action die spent on moving adds the rate again
 * ("the number of metres the character may move for each action they spend"; spec ambiguity #19).
 */
export function movementAllowance(rate: number, extraActions = 0): number {
  if (!Number.isFinite(rate) || rate < 0) throw new RangeError(`A movement rate is >= 0: ${rate}`);
  if (!Number.isInteger(extraActions) || extraActions < 0)
    throw new RangeError(`Extra actions are an integer >= 0: ${extraActions}`);
  return rate * (1 + extraActions);
}

/**
 * A non-combat task "while being shot at, or otherwise attacked": a static task "will be upgraded to a
 * dynamic difficulty (simply adding a d6 to the regular difficulty). If the task being performed already
 * has a dynamic difficulty, add 2 to it."
 */
export function taskUnderAttack({ kind, difficulty }: { kind: "static" | "dynamic"; difficulty: number }): {
  kind: "dynamic";
  difficulty: number;
} {
  if (!Number.isInteger(difficulty)) throw new RangeError(`A difficulty is an integer: ${difficulty}`);
  if (kind === "static") return { kind: "dynamic", difficulty };
  if (kind === "dynamic") return { kind: "dynamic", difficulty: difficulty + 2 };
  throw new RangeError(`Not a test kind: ${String(kind)}`);
}

// ---------------------------------------------------------------- offences and defences

/** An offence: "Unarmed Attack", "Melee Attack", the Martial Arts attacks, and the ranged skills. */
export type OffenceKind =
  "unarmed" | "melee" | "martialArtsHard" | "martialArtsSoft" | "archery" | "firearms" | "throw";

/**
 * The offences' rolls: "Physical + Brawl", "Physical + Melee", "Physical + Martial Arts", "Spiritual +
 * Martial Arts"; the text never names the ranged skills' attribute, so each uses its skill group's
 * (Archery and Throw Physical, Firearms Mental: spec ambiguity #9).
 */
export const OFFENCES: Readonly<
  Record<OffenceKind, { attribute: AttributeKey; skill: SkillKey; ranged: boolean }>
> = {
  unarmed: { attribute: "physical", skill: "brawl", ranged: false },
  melee: { attribute: "physical", skill: "melee", ranged: false },
  martialArtsHard: { attribute: "physical", skill: "martialArts", ranged: false },
  martialArtsSoft: { attribute: "spiritual", skill: "martialArts", ranged: false },
  archery: { attribute: "physical", skill: "archery", ranged: true },
  firearms: { attribute: "mental", skill: "firearms", ranged: true },
  throw: { attribute: "physical", skill: "throw", ranged: true },
};

/** A defence against an attack. */
export type DefenceKind = "block" | "dodge" | "parry" | "sustained" | "counter";

/**
 * The defences' rolls and costs: Block "Physical + Block", Dodge "Physical + Dodge", Parry "Physical +
 * Melee", Sustained Defence "Physical + Block/Dodge" ("Costs two action dice to activate"), Counter-Attack
 * the "Relevant Offence Score" (no skill here: the offence's). One action die each otherwise.
 */
export const DEFENCES: Readonly<Record<DefenceKind, { skills: readonly SkillKey[]; actionDice: number }>> = {
  block: { skills: ["block"], actionDice: 1 },
  dodge: { skills: ["dodge"], actionDice: 1 },
  parry: { skills: ["melee"], actionDice: 1 },
  sustained: { skills: ["block", "dodge"], actionDice: 2 },
  counter: { skills: [], actionDice: 1 },
};

/** Why a defence is not open. */
export type DefenceProblem =
  | "unaware"
  | "notEnoughActionDice"
  | "blockVsRanged"
  | "parryVsRanged"
  | "counterVsRanged"
  | "noWeapon"
  | "noRoom"
  | "notFaster";

/**
 * Whether a defence may answer an attack, and its cost in action dice:
 * - a victim "unaware of the blow" or with no actions left "must remain undefensive";
 * - Block "may not be done against ranged weapons"; Parry is "just like blocking" (so not against ranged
 *   either) and needs a weapon in hand;
 * - Dodge needs "at least a metre or two to move out of the way"; against a ranged attack only "if a
 *   defender knows that an attack is coming, and they have a higher initiative than their assailant";
 * - Sustained Defence needs "two or more action dice remaining";
 * - Counter-Attack needs "actions remaining and also ... a higher initiative score for the round"; it
 *   answers close-combat attacks (its roll is a close-combat offence; INFERENCE).
 */
export function defenceOpen({
  defence,
  actionDice,
  ranged = false,
  aware = true,
  faster = false,
  hasWeapon = false,
  roomToMove = true,
}: {
  defence: DefenceKind;
  actionDice: number;
  ranged?: boolean;
  aware?: boolean;
  /** A higher initiative than the attacker this round. */
  faster?: boolean;
  hasWeapon?: boolean;
  roomToMove?: boolean;
}): { ok: true; value: number } | { ok: false; reason: DefenceProblem } {
  const entry = DEFENCES[defence];
  if (!entry) throw new RangeError(`Not a defence: ${String(defence)}`);
  if (!Number.isInteger(actionDice) || actionDice < 0)
    throw new RangeError(`Action dice are an integer >= 0: ${actionDice}`);
  if (!aware) return { ok: false, reason: "unaware" };
  if (actionDice < entry.actionDice) return { ok: false, reason: "notEnoughActionDice" };
  switch (defence) {
    case "block":
      if (ranged) return { ok: false, reason: "blockVsRanged" };
      break;
    case "parry":
      if (ranged) return { ok: false, reason: "parryVsRanged" };
      if (!hasWeapon) return { ok: false, reason: "noWeapon" };
      break;
    case "dodge":
      if (!roomToMove) return { ok: false, reason: "noRoom" };
      if (ranged && !faster) return { ok: false, reason: "notFaster" };
      break;
    case "counter":
      if (ranged) return { ok: false, reason: "counterVsRanged" };
      if (!faster) return { ok: false, reason: "notFaster" };
      break;
    case "sustained":
      break;
  }
  return { ok: true, value: entry.actionDice };
}

/**
 * The dynamic difficulty of an attack on an undefended victim: "a dynamic roll equal to the victim's
 * Physical Attribute (Martial Arts attacks may allow the attacker to use the Mental attribute for their
 * target number)": with `martialArts` the attacker takes the lower of the two.
 */
export function undefendedDifficulty({
  physical,
  mental,
  martialArts = false,
}: {
  physical: number;
  mental?: number;
  martialArts?: boolean;
}): number {
  if (!Number.isInteger(physical) || physical < 0)
    throw new RangeError(`Physical is an integer >= 0: ${physical}`);
  if (!martialArts || mental === undefined) return physical;
  if (!Number.isInteger(mental) || mental < 0) throw new RangeError(`Mental is an integer >= 0: ${mental}`);
  return Math.min(physical, mental);
}

/**
 * Sustained Defence: "the character adds together their Physical Attribute and a relevant Defensive
 * Skill. This becomes the initial dynamic difficulty to hit the combatant for the remainder of the
 * round. After each time someone performs a melee attack or fires a shot at the character ... this
 * dynamic difficulty drops by 1, until it reaches a value equal to the defenders Physical Trait". The
 * attacker rolls against it + d6 (spec ambiguity #49). `attacksTaken` counts the attacks already made
 * this round.
 */
export function sustainedDefenceDifficulty({
  physical,
  skill,
  attacksTaken = 0,
}: {
  physical: number;
  skill: number;
  attacksTaken?: number;
}): number {
  for (const n of [physical, skill, attacksTaken]) {
    if (!Number.isInteger(n) || n < 0)
      throw new RangeError(`Sustained Defence values are integers >= 0: ${n}`);
  }
  return Math.max(physical, physical + skill - attacksTaken);
}

/**
 * How an attack is rolled: "dynamic" against a difficulty + d6 (an undefended victim, a range, a
 * Sustained Defence); "opposed" against a defence roll (Block, Dodge, Parry); "counter" against a
 * counter-attack.
 */
export type AttackMode = "dynamic" | "opposed" | "counter";

/** An attack's outcome. */
export interface AttackResult {
  /** The attack lands (damage is rolled). */
  hit: boolean;
  /** The counter-attack lands instead (counter mode only; INFERENCE: it stops the original attack). */
  counterHit: boolean;
  /** The landing side's total less the other's (the attack's margin when it hits; spec ambiguity #33). */
  margin: number;
  /** The damage shifts that margin buys (damage.ts `damageShifts`); 0 when nothing lands. */
  shifts: number;
  /** The attacker's side of the test: totals, degree, automatic results, the Essence offer. */
  attacker: TestResult;
  /** The defender's side (opposed and counter; `null` for a dynamic attack). */
  defender: TestResult | null;
}

/** An attack's dice and numbers. */
export interface AttackInput {
  mode: AttackMode;
  /** The attacker's attribute + skill + modifiers (aim, Auto, the weapon's Modifier). */
  attack: number;
  attackFace: number;
  /** Dynamic: the difficulty before its die; opposed and counter: the defender's attribute + skill + modifiers. */
  defence: number;
  /** Dynamic: the difficulty die; otherwise the defender's die. */
  defenceFace: number;
  /** The attacker's weapon is Clumsy: "If the die rolls a 2 ... it counts as an automatic failure (as though the die rolled a 1)". */
  attackerClumsy?: boolean;
  /** The defender parries or counters with a Clumsy weapon. */
  defenderClumsy?: boolean;
  /** Willing to back a 6 with an Essence point when the rules offer it. */
  attackerSpendsEssence?: boolean;
  defenderSpendsEssence?: boolean;
  /** Dynamic ties (the `dynamicTieRule` setting, default "succeeds"). */
  dynamicTieRule?: TestDynamicTieRule;
}

/**
 * Resolves an attack with test.ts ("Combat Actions", "Counterattacking", "Sixes and Ones"):
 * - dynamic (an undefended victim: "the attack is considered a dynamic test for the attacker", a range,
 *   a Sustained Defence): the attacker against difficulty + die; "any roll of a 1 is automatically
 *   considered a failure when trying to attack an undefensive opponent" (unless the difficulty die is
 *   also 1); ties by `dynamicTieRule`;
 * - opposed: "The attacker must beat the defender's roll by at least one to land a successful hit. Like
 *   most opposed tests, if either combatant rolls a 1, then their opponent is considered to automatically
 *   succeed";
 * - counter: "the defender must beat the attacker by at least one in order to land a successful
 *   counterattack. If the original attacker wins or ties in their result, then the original attack gets
 *   through".
 * A 6 against a 2..5 lets its roller buy the win with an Essence point, a 6 against a 1 wins outright.
 */
export function resolveAttack(input: AttackInput): AttackResult {
  const { mode } = input;
  const attackerSide = {
    bonus: input.attack,
    face: input.attackFace,
    clumsy: input.attackerClumsy ?? false,
    spendEssence: input.attackerSpendsEssence ?? false,
  };
  const defenderSide = {
    bonus: input.defence,
    face: input.defenceFace,
    clumsy: input.defenderClumsy ?? false,
    spendEssence: input.defenderSpendsEssence ?? false,
  };
  let hit: boolean;
  let counterHit = false;
  let attacker: TestResult;
  let defender: TestResult | null = null;
  if (mode === "dynamic") {
    attacker = resolveTest({
      kind: "dynamic",
      ...attackerSide,
      difficulty: input.defence,
      difficultyFace: input.defenceFace,
      tieRule: input.dynamicTieRule ?? "succeeds",
    });
    hit = attacker.success;
  } else if (mode === "opposed") {
    const r = resolveOpposed(attackerSide, defenderSide, "attacker");
    attacker = r.actor;
    defender = r.opponent;
    hit = r.winner === "actor";
  } else if (mode === "counter") {
    const r = resolveOpposed(defenderSide, attackerSide, "counter");
    attacker = r.opponent;
    defender = r.actor;
    counterHit = r.winner === "actor";
    hit = r.winner === "opponent";
  } else throw new RangeError(`Not an attack mode: ${String(mode)}`);
  const margin = counterHit && defender ? defender.margin : attacker.margin;
  return {
    hit,
    counterHit,
    margin,
    shifts: hit || counterHit ? damageShifts(margin) : 0,
    attacker,
    defender,
  };
}

// ---------------------------------------------------------------- ranged attacks

/** A range band. */
export type RangeBand = "close" | "medium" | "long";

/** "Close Range 3 (up to the weapon's indicated range value)", "Medium Range 6 (1 to 2 times ...)", "Long Range 9 (2 to 4 times ...)". */
export const RANGE_DIFFICULTY: Readonly<Record<RangeBand, number>> = { close: 3, medium: 6, long: 9 };

/**
 * The band a distance falls in for a weapon's Range (X): "Up to the indicated value (X) is considered
 * short range. Up to double the value is considered medium range. Up to four times the value is
 * considered long range." `null` beyond four times (not covered: no shot, spec ambiguity #52).
 */
export function rangeBand(distance: number, range: number): RangeBand | null {
  if (!Number.isFinite(distance) || distance < 0) throw new RangeError(`A distance is >= 0: ${distance}`);
  if (!Number.isFinite(range) || range <= 0) throw new RangeError(`A Range (X) is > 0: ${range}`);
  if (distance <= range) return "close";
  if (distance <= 2 * range) return "medium";
  if (distance <= 4 * range) return "long";
  return null;
}

/** Cover over a ranged target: "partial" (half obscured) or "full" (all but some small part). */
export type TargetCover = "none" | "partial" | "full";

/** The `coverTable` setting: "+2"/"+4" applied ("arithmetic") or the printed results ("printed"). */
export type CoverTable = "arithmetic" | "printed";

/** "increase the difficulty to hit the target by 2 points" (partial), "by 4 points" (full). */
export const COVER_BONUS: Readonly<Record<TargetCover, number>> = { none: 0, partial: 2, full: 4 };

/**
 * The printed results: partial "close range shot to 5, while a medium range shot needs an 11 and a long
 * range shot needs a 13"; full "close range shot to 7, while a medium range shot needs an 10 and a long
 * range shot requires a 13" (the partial medium and long figures do not follow +2: spec ambiguity #21).
 */
export const PRINTED_COVER_DIFFICULTY: Readonly<
  Record<"partial" | "full", Readonly<Record<RangeBand, number>>>
> = {
  partial: { close: 5, medium: 11, long: 13 },
  full: { close: 7, medium: 10, long: 13 },
};

/**
 * A ranged attack's dynamic difficulty before its d6: the band's 3 / 6 / 9 with cover by the
 * `coverTable` setting; against a target in Sustained Defence "compare this value and the difficulty for
 * the range; use the higher result".
 */
export function rangedDifficulty({
  band,
  cover = "none",
  coverTable,
  sustained,
}: {
  band: RangeBand;
  cover?: TargetCover;
  coverTable: CoverTable;
  sustained?: number;
}): number {
  const base = RANGE_DIFFICULTY[band];
  if (base === undefined) throw new RangeError(`Not a range band: ${String(band)}`);
  if (COVER_BONUS[cover] === undefined) throw new RangeError(`Not a cover: ${String(cover)}`);
  let difficulty: number;
  if (cover === "none") difficulty = base;
  else if (coverTable === "printed") difficulty = PRINTED_COVER_DIFFICULTY[cover][band];
  else if (coverTable === "arithmetic") difficulty = base + COVER_BONUS[cover];
  else throw new RangeError(`Not a cover table: ${String(coverTable)}`);
  return sustained === undefined ? difficulty : Math.max(difficulty, sustained);
}

/**
 * Aimed shots: "A skilled marksman (with a relevant skill at 2 or higher) who chooses not to move during
 * the round ... gain +1 to their rolls"; "A superior marksman (with a relevant skill at 4 or higher) gains
 * an additional +1 ... if their victim also hasn't moved more than a metre or so since the beginning of
 * the round."
 */
export function aimBonus({
  skill,
  shooterMoved,
  targetMoved,
}: {
  skill: number;
  shooterMoved: boolean;
  /** The victim moved more than a metre or so this round. */
  targetMoved: boolean;
}): number {
  if (!Number.isInteger(skill) || skill < 0) throw new RangeError(`A skill is an integer >= 0: ${skill}`);
  if (shooterMoved || skill < 2) return 0;
  return skill >= 4 && !targetMoved ? 2 : 1;
}

/**
 * Dodging a ranged attack (the defender knew it was coming and is faster, {@link defenceOpen}): "As long
 * as the defender doesn't roll a 1, compare the values of the dodge attempt and the range difficulty;
 * the new difficulty of the ranged attack is the higher result of these two." Returns the dynamic
 * difficulty to pass to {@link resolveAttack} as `defence` and `defenceFace` (the die of the higher side,
 * so the 1s and 6s read it).
 */
export function dodgeRangedDifficulty({
  dodge,
  dodgeFace,
  difficulty,
  difficultyFace,
}: {
  /** Physical + Dodge (+ modifiers). */
  dodge: number;
  dodgeFace: number;
  difficulty: number;
  difficultyFace: number;
}): { defence: number; defenceFace: number; dodged: boolean } {
  for (const face of [dodgeFace, difficultyFace]) {
    if (!Number.isInteger(face) || face < 1 || face > 6) throw new RangeError(`A die face is 1..6: ${face}`);
  }
  if (dodgeFace !== 1 && dodge + dodgeFace > difficulty + difficultyFace)
    return { defence: dodge, defenceFace: dodgeFace, dodged: true };
  return { defence: difficulty, defenceFace: difficultyFace, dodged: false };
}
