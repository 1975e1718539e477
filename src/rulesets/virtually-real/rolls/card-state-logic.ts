/**
 * The `virtually-real-check` card as data, Foundry-free: its state in `system.card`, the checks its
 * data model refuses a state with, and where a check stands now. The roll (its set-up and pool) is
 * the message's first roll; the card keeps who rolled, what the check is of (read by the combat and
 * scene glue), the caller's own data, and what came after the roll: the brilliant's explosion (the
 * [1] confirmation die and the chain), a mulligan's re-roll (its intimacy, the light paid, its pool
 * and explosion), an opposed check's other side, and the XP and marks the card gave its skill.
 */
import { CardProblems, isCardRecord, type CardKey } from "../../../core/cards-logic";
import {
  ATTRIBUTE_KEYS,
  CHECK_KINDS,
  INTIMACY_LEVELS,
  SAVE_KINDS,
  afterStrengthFeat,
  startStrengthFeat,
  outcomeOf,
  resolveCheck,
  resolveOpposed,
  timeFactor,
  type CheckResult,
  type IntimacyLevel,
  type OpposedResult,
  type OutcomeReading,
  type PreparedCheck,
  type TimeOptions,
} from "../rules";
import type { ModifierLine } from "./check-input-logic";
import { isDocumentId, isUuid, readInput, readLine, MAX_LINES, type ReadCheck } from "./roll-logic";

/** The card's sub-type, and the flag an untyped card would have kept it in (none ever did). */
export const CHECK_CARD: CardKey = { type: "virtually-real-check", flag: "virtuallyRealCheck" };

/** The most dice one explosion chain keeps (6^-40: never reached by a fair die). */
export const MAX_EXPLOSION = 40;

/** The dice rolled after a brilliant: [1]'s confirmation die (else null), then the chain. */
export interface ExplosionDice {
  confirmation: number | null;
  dice: number[];
}

/** A mulligan's re-roll: the intimacy defended, the light paid (= the advantage dice), its pool. */
export interface MulliganRoll {
  intimacy: string;
  level: IntimacyLevel;
  light: number;
  /** A new outer intimacy declared for it (added to the sheet, not removable at the next chapter). */
  declared: boolean;
  faces: number[];
  explosion: ExplosionDice | null;
  /**
   * An NPC-forced mulligan: the player's character who forced it with their intimacy toward the
   * roller; a hate's dice are disadvantages (and cost the forcer a point of Darkness).
   */
  forcer?: MulliganForcer | null;
}

/** Who forced a mulligan on another's roll, and whether with a hate. */
export interface MulliganForcer {
  actorUuid: string;
  actorName: string;
  hated: boolean;
}

/** A retry's link: the try it retries (a message id) and the tries before it (each +1 crit). */
export interface RetryLink {
  of: string;
  count: number;
}

/** How the roller's owner answered "give up a light point or die". */
export const DYING_ANSWERS = ["light", "die"] as const;
export type DyingAnswer = (typeof DYING_ANSWERS)[number];

/** An opposed check's other side, rolled for the opponent's owner (its explosion rolled at once). */
export interface OpponentRoll {
  input: PreparedCheck;
  lines: ModifierLine[];
  faces: number[];
  explosion: ExplosionDice | null;
}

/** What the card gave: the scene's use mark, a brilliant's XP, Basic Combat Training's failure marks. */
export const MARKS = ["used", "brilliant", "bctFailed", "bctCritical"] as const;
export type MarkKey = (typeof MARKS)[number];

/** What the card keeps besides the roll. */
export interface VirtuallyRealCheckCard {
  actorUuid: string;
  actorName: string;
  /** What the check is of (the combat and scene glue read these). */
  kind: (typeof CHECK_KINDS)[number];
  skillId: string | null;
  attribute: (typeof ATTRIBUTE_KEYS)[number] | null;
  save: (typeof SAVE_KINDS)[number] | null;
  /** The caller's own data (`rollCheck`'s `extra`). */
  extra?: Record<string, unknown>;
  explosion?: ExplosionDice | null;
  mulligan?: MulliganRoll | null;
  opponentRoll?: OpponentRoll | null;
  marks?: MarkKey[];
  /** A retry of a failed skill check (the GM rolls it and writes the link). */
  retry?: RetryLink | null;
  /** The GM allowed a retry of this failed check (world setting `retries`: "GM allows"). */
  retryAllowed?: boolean;
  /** A critically failed Health or BCT save by a Dying actor: the owner's answer. */
  dying?: DyingAnswer | null;
  /** A strength feat's retries, each rolled by the GM at +1 crit more for an Endurance point. */
  feat?: FeatTry[];
}

/** One retry of a strength feat: its pool (and explosion, when the world lets feats be brilliant). */
export interface FeatTry {
  faces: number[];
  explosion: ExplosionDice | null;
}

const KEYS = [
  "actorUuid",
  "actorName",
  "kind",
  "skillId",
  "attribute",
  "save",
  "extra",
  "explosion",
  "mulligan",
  "opponentRoll",
  "marks",
  "retry",
  "retryAllowed",
  "dying",
  "feat",
];
/** The most characters a caller's `extra` may take (as JSON). */
export const MAX_EXTRA = 4000;

function explosionProblems(p: CardProblems, v: unknown, what: string): void {
  if (v === undefined || v === null) return;
  if (!isCardRecord(v)) return p.check(false, `${what} must be an object`);
  for (const key of Object.keys(v))
    p.check(["confirmation", "dice"].includes(key), `${what}.${key} is unknown`);
  p.whole(v.confirmation, `${what}.confirmation`, 1, 6, true);
  p.entries(v.dice, `${what}.dice`, MAX_EXPLOSION, (f, i) => p.whole(f, `${what}.dice[${i}]`, 1, 6));
}

const facesProblems = (p: CardProblems, v: unknown, what: string) =>
  p.entries(v, what, 40, (f, i) => p.whole(f, `${what}[${i}]`, 1, 6));

function mulliganProblems(p: CardProblems, v: unknown): void {
  if (v === undefined || v === null) return;
  if (!isCardRecord(v)) return p.check(false, "mulligan must be an object");
  const keys = ["intimacy", "level", "light", "declared", "faces", "explosion", "forcer"];
  for (const key of Object.keys(v)) p.check(keys.includes(key), `mulligan.${key} is unknown`);
  p.check(typeof v.intimacy === "string" && v.intimacy.length <= 200, "mulligan.intimacy must be text");
  p.oneOf(v.level, INTIMACY_LEVELS, "mulligan.level");
  p.whole(v.light, "mulligan.light", 1, 4);
  p.check(typeof v.declared === "boolean", "mulligan.declared must be true or false");
  facesProblems(p, v.faces, "mulligan.faces");
  explosionProblems(p, v.explosion, "mulligan.explosion");
  const f = v.forcer;
  if (f === undefined || f === null) return;
  if (!isCardRecord(f)) return p.check(false, "mulligan.forcer must be an object");
  for (const key of Object.keys(f))
    p.check(["actorUuid", "actorName", "hated"].includes(key), `mulligan.forcer.${key} is unknown`);
  p.check(isUuid(f.actorUuid), "mulligan.forcer.actorUuid must be a UUID");
  p.check(
    typeof f.actorName === "string" && f.actorName.length <= 500,
    "mulligan.forcer.actorName must be text",
  );
  p.check(typeof f.hated === "boolean", "mulligan.forcer.hated must be true or false");
}

/** The most tries one retry chain links (far beyond any table's patience). */
export const MAX_RETRIES = 50;

function retryProblems(p: CardProblems, v: unknown): void {
  if (v === undefined || v === null) return;
  if (!isCardRecord(v)) return p.check(false, "retry must be an object");
  for (const key of Object.keys(v)) p.check(["of", "count"].includes(key), `retry.${key} is unknown`);
  p.check(isDocumentId(v.of), "retry.of must be a message id");
  p.whole(v.count, "retry.count", 1, MAX_RETRIES);
}

function opponentProblems(p: CardProblems, v: unknown): void {
  if (v === undefined || v === null) return;
  if (!isCardRecord(v)) return p.check(false, "opponentRoll must be an object");
  for (const key of Object.keys(v))
    p.check(["input", "lines", "faces", "explosion"].includes(key), `opponentRoll.${key} is unknown`);
  p.check(readInput(v.input) !== null, "opponentRoll.input is not a check");
  p.entries(v.lines, "opponentRoll.lines", MAX_LINES, (l, i) =>
    p.check(readLine(l) !== null, `opponentRoll.lines[${i}] is not a line`),
  );
  facesProblems(p, v.faces, "opponentRoll.faces");
  explosionProblems(p, v.explosion, "opponentRoll.explosion");
}

function extraProblems(p: CardProblems, v: unknown): void {
  if (v === undefined) return;
  if (!isCardRecord(v)) return p.check(false, "extra must be an object");
  let json: string;
  try {
    json = JSON.stringify(v);
  } catch {
    return p.check(false, "extra must be plain data");
  }
  p.check(json.length <= MAX_EXTRA, `extra must take at most ${MAX_EXTRA} characters`);
}

/** Why a card state is not one this system writes (empty when it is). */
export function checkCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["card must be an object"];
  p.check(isUuid(card.actorUuid), "actorUuid must be a UUID");
  p.check(typeof card.actorName === "string" && card.actorName.length <= 500, "actorName must be text");
  for (const key of Object.keys(card)) p.check(KEYS.includes(key), `${key} is unknown`);
  p.oneOf(card.kind, CHECK_KINDS, "kind");
  p.check(card.skillId === null || isDocumentId(card.skillId), "skillId must be an id or null");
  p.oneOf(card.attribute, ATTRIBUTE_KEYS, "attribute", true);
  p.check(card.attribute !== undefined, "attribute must be an attribute or null");
  p.oneOf(card.save, SAVE_KINDS, "save", true);
  p.check(card.save !== undefined, "save must be a save or null");
  extraProblems(p, card.extra);
  explosionProblems(p, card.explosion, "explosion");
  mulliganProblems(p, card.mulligan);
  opponentProblems(p, card.opponentRoll);
  retryProblems(p, card.retry);
  if (card.retryAllowed !== undefined)
    p.check(typeof card.retryAllowed === "boolean", "retryAllowed must be true or false");
  p.oneOf(card.dying, DYING_ANSWERS, "dying", true);
  if (card.feat !== undefined)
    p.entries(card.feat, "feat", MAX_RETRIES, (t, i) => {
      if (!isCardRecord(t)) return p.check(false, `feat[${i}] must be an object`);
      for (const key of Object.keys(t))
        p.check(["faces", "explosion"].includes(key), `feat[${i}].${key} is unknown`);
      facesProblems(p, t.faces, `feat[${i}].faces`);
      explosionProblems(p, t.explosion, `feat[${i}].explosion`);
    });
  if (card.marks !== undefined)
    p.entries(card.marks, "marks", MARKS.length, (m, i) => p.oneOf(m, MARKS, `marks[${i}]`));
  return p.list;
}

// ---- where a check stands --------------------------------------------------------------------

/** A pool read with its explosion: the rules' result (throws when the dice disagree with the rules). */
export function resolvePool(
  input: PreparedCheck,
  faces: readonly number[],
  explosion: ExplosionDice | null | undefined,
  dl: number | null,
  settings: ReadCheck["options"]["settings"],
): CheckResult {
  return resolveCheck(
    {
      ...input,
      dice: faces,
      explosion: explosion?.dice ?? [],
      ...(explosion?.confirmation ? { confirmation: explosion.confirmation } : {}),
      ...(dl === null ? {} : { dl }),
    },
    settings,
  );
}

/**
 * The input a mulligan's re-roll plans: the check's, with the mulligan's dice (the light paid) as
 * advantages; a mulligan forced with a hate gives them as disadvantages ("that hate applies
 * *disadvantages* to the reroll").
 */
export const mulliganInput = (
  input: PreparedCheck,
  mulligan: Pick<MulliganRoll, "light"> & { forcer?: MulliganForcer | null | undefined },
): PreparedCheck =>
  mulligan.forcer?.hated
    ? { ...input, disadvantage: input.disadvantage + mulligan.light }
    : { ...input, advantage: input.advantage + mulligan.light };

/** Where a check stands now. */
export interface CheckState {
  read: ReadCheck;
  card: VirtuallyRealCheckCard;
  /** The input the standing pool was rolled with (a mulligan's adds its advantage dice). */
  input: PreparedCheck;
  /** The standing pool: the mulligan's re-roll, else the roll's. */
  faces: number[];
  explosion: ExplosionDice | null;
  /** The DL the result is read against: the check's, or an opposed check's other total once rolled. */
  dl: number | null;
  result: CheckResult;
  /** The first roll's result, when a mulligan replaced it. */
  before: CheckResult | null;
  opponent: CheckResult | null;
  opposed: OpposedResult | null;
  outcome: OutcomeReading;
  /** How long it took, as a multiple of the normal time (null: not done; no DL: null). */
  time: number | null;
}

/**
 * Where a card's check stands: its pool (or the mulligan's) read by the rules with the explosion
 * rolled so far, against the DL (an opposed check: the other side's total, a critical one counting
 * 0); null when the card's dice disagree with the rules (a forged card).
 */
export function checkState(
  read: ReadCheck,
  card: VirtuallyRealCheckCard,
  options: { time?: TimeOptions; ties?: "actor" | "opponent" } = {},
): CheckState | null {
  try {
    const o = read.options;
    const opp = o.opposed ? (card.opponentRoll ?? null) : null;
    const opponent = opp ? resolvePool(opp.input, opp.faces, opp.explosion, null, o.settings) : null;
    if (opponent && opponent.diceNeeded > 0) return null;
    const dl = opponent ? (opponent.critical ? 0 : opponent.total) : o.dl;
    const mulligan = card.mulligan ?? null;
    const input = mulligan ? mulliganInput(o.input, mulligan) : o.input;
    const faces = mulligan ? mulligan.faces : read.faces;
    const explosion = (mulligan ? mulligan.explosion : card.explosion) ?? null;
    const before = mulligan ? resolvePool(o.input, read.faces, card.explosion, dl, o.settings) : null;
    const result = resolvePool(input, faces, explosion, dl, o.settings);
    const opposed = opponent ? resolveOpposed(result, opponent, { ties: options.ties ?? "actor" }) : null;
    const outcome = outcomeOf(result);
    const time =
      result.margin === null || result.diceNeeded > 0 ? null : timeFactor(result.margin, options.time);
    return { read, card, input, faces, explosion, dl, result, before, opponent, opposed, outcome, time };
  } catch {
    return null;
  }
}

/** What the card still offers: the explosion (or [1]'s confirmation), a mulligan, the opponent's roll. */
export interface CheckOffers {
  explode: "confirm" | "explode" | null;
  mulligan: boolean;
  opponentRoll: boolean;
}

/** The buttons a check still offers (before who may press them). */
export function checkOffers(state: CheckState, mulliganAllowed: boolean): CheckOffers {
  const needed = state.result.diceNeeded > 0;
  const confirm =
    needed && state.result.plan.keep === 1 && !state.explosion?.confirmation && !state.result.brilliant;
  return {
    explode: needed ? (confirm ? "confirm" : "explode") : null,
    mulligan: mulliganAllowed && !state.card.mulligan && !state.card.feat?.length,
    opponentRoll: Boolean(state.read.options.opposed) && !state.card.opponentRoll,
  };
}

// ---- retries -----------------------------------------------------------------------------------

/** Who allows a retry of a failed skill check (world setting `retries`). */
export const RETRY_SETTINGS = ["gm", "always", "never"] as const;
export type RetrySetting = (typeof RETRY_SETTINGS)[number];

/**
 * Whether a check can be retried: a skill check (a save is retried only by a mulligan) against a DL,
 * not opposed, whose standing result is a failure: not a success, not close enough ("then you make
 * it"), not a critical failure ("Once you roll that failure, you can't retry anymore").
 */
export const retryable = (state: CheckState): boolean =>
  state.read.options.subject.kind === "skill" &&
  !state.read.options.opposed &&
  state.dl !== null &&
  state.result.diceNeeded === 0 &&
  state.outcome.outcome === "failure";

/** The retry buttons a failed check offers: *Retry* (the roller's owner), *Allow retry* (the GM). */
export function retryOffers(
  state: CheckState,
  setting: RetrySetting,
  retried: boolean,
): { retry: boolean; allow: boolean } {
  if (retried || setting === "never" || !retryable(state)) return { retry: false, allow: false };
  if (setting === "always") return { retry: true, allow: false };
  const allowed = state.card.retryAllowed === true;
  return { retry: allowed, allow: !allowed };
}

/** A try as the chain walk reads it: its actor, its skill, and its own link. */
export interface ChainLink {
  id: string;
  actorUuid: string;
  skillId: string | null;
  retry: RetryLink | null;
}

/**
 * The tries before the next retry of `last`, walked back along the links the GM wrote (each to a
 * check of the same actor and skill): the retry after `last` is at +that many crit ("Every retry
 * adds another +1 to the critical range"). Null when a link is broken or the count disagrees.
 */
export function triesBefore(last: ChainLink, find: (id: string) => ChainLink | null): number | null {
  let tries = 1;
  let at = last;
  const seen = new Set([last.id]);
  while (at.retry) {
    const before = find(at.retry.of);
    if (!before || seen.has(before.id) || tries >= MAX_RETRIES) return null;
    if (before.actorUuid !== last.actorUuid || before.skillId !== last.skillId) return null;
    if (at.retry.count !== (before.retry?.count ?? 0) + 1) return null;
    seen.add(before.id);
    tries += 1;
    at = before;
  }
  return tries;
}

// ---- strength feats ------------------------------------------------------------------------------

/** The input of a strength feat's `n`-th retry: the check's own, at +`n` crit. */
export const featRetryInput = (input: PreparedCheck, n: number): PreparedCheck => ({
  ...input,
  critMod: input.critMod + n,
});

/** A strength feat's tries and where it stands: the best kept, or dropped by a critical failure. */
export interface FeatStanding {
  tries: CheckResult[];
  best: number | null;
  over: boolean;
  /** A retry's explosion is still to roll. */
  waiting: boolean;
}

/**
 * Where a strength feat stands: the first roll (as the card reads it, a mulligan's included), then
 * each retry read at its +crit ("Rolls can be retried at +1 critical"), folded by the rules'
 * `afterStrengthFeat` ("Keep the higher roll until you roll a critical failure, and then you drop
 * it"). Null for anything but a strength feat, or dice the rules refuse.
 */
export function featStanding(state: CheckState): FeatStanding | null {
  if (state.read.options.subject.kind !== "strengthFeat") return null;
  try {
    const o = state.read.options;
    const tries = [
      state.result,
      ...(state.card.feat ?? []).map((t, i) =>
        resolvePool(featRetryInput(o.input, i + 1), t.faces, t.explosion, o.dl, o.settings),
      ),
    ];
    let standing = startStrengthFeat();
    let waiting = false;
    for (const t of tries) {
      if (t.diceNeeded > 0 || standing.over) {
        waiting = waiting || t.diceNeeded > 0;
        break;
      }
      standing = afterStrengthFeat(standing, { total: t.total, critical: t.critical });
    }
    return { tries, best: standing.best, over: standing.over, waiting };
  } catch {
    return null;
  }
}

/** Whether a strength feat offers its owner another try now. */
export const featRetryOffered = (standing: FeatStanding | null): boolean =>
  Boolean(standing && !standing.over && !standing.waiting && standing.tries.length <= MAX_RETRIES);

/**
 * Roll an explosion to its end: `roll()` gives one die at a time, until the rules need none (the [1]
 * confirmation first). The dice in order, as the card keeps them.
 */
export async function rollExplosion(
  resolve: (explosion: ExplosionDice) => CheckResult,
  start: ExplosionDice | null,
  roll: () => Promise<number>,
): Promise<ExplosionDice> {
  let explosion: ExplosionDice = start
    ? { confirmation: start.confirmation, dice: [...start.dice] }
    : { confirmation: null, dice: [] };
  let result = resolve(explosion);
  while (result.diceNeeded > 0 && explosion.dice.length < MAX_EXPLOSION) {
    const face = await roll();
    const confirming = result.plan.keep === 1 && explosion.confirmation === null && !result.brilliant;
    explosion = confirming
      ? { confirmation: face, dice: explosion.dice }
      : { confirmation: explosion.confirmation, dice: [...explosion.dice, face] };
    result = resolve(explosion);
  }
  return explosion;
}
