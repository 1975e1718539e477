/**
 * A Virtually Real attack without Foundry (Virtually Real core guidebook, chapter 1: "Degrees Of
 * Success", "Critical Results", "Dodge & Evade", "Attribute Changes", "Conditions", "Damage
 * Capacity", "Defensive Adrenaline Response", "Critical Conditions", "Health Saves"): every number
 * from the rules layer.
 *
 * - The outcome: the attack's total against the target's active defence (rules `attackOutcome`:
 *   "your damage is your attack's degree of success"; a critical attack "flat out misses with no
 *   defense required"; a defence not rolled, or a critical one, counts 0). A mental attack (dodged
 *   and evaded by Logic) reads its wound on the Experience table's degrees (no hit points).
 * - What Apply does to the target (`planApply`): hit points fall by the damage (rules `takeDamage`),
 *   the wound's condition is placed in its row or pushed a row down when that row is full (rules
 *   `placeCondition`), an X condition for each HP threshold crossed (0, −DC, −maximum: rules
 *   `xConditionsAt`), an adrenal response for a critical physical wound and a Fear one for each X
 *   (rules `addAdrenalResponse`: the number in a CRIT box, one box however many responses), and the
 *   worst wound of the scene (combat XP reads it).
 * - What Undo gives back (`planUndo`): the blow's own amounts (hit points lost, the marks it added,
 *   the adrenaline it added), never what changed since by another hand.
 * - A save while Dying (`dyingSave`): "If you critically fail a Health save or BCT save with an X
 *   condition, you must give up a point of light or die" (rules `dyingSaveOutcome`).
 */
import {
  addAdrenalResponse,
  attackOutcome,
  conditionRow,
  dyingSaveOutcome,
  placeCondition,
  takeDamage,
  WOUND_BANDS,
  type AttackOutcome,
  type CombatOptions,
  type ConditionDuration,
  type ConditionOptions,
  type HealthOptions,
  type WoundBand,
} from "../rules";
import { conditionMark, type StoredCondition } from "../data/living-logic";

/** The active defences the target's owner may declare, and "none" (the roll is 0). */
export const DEFENCES = ["dodge", "evade", "parry", "none"] as const;
export type Defence = (typeof DEFENCES)[number];

/** An attack's check as the outcome reads it. */
export interface StandingCheck {
  total: number;
  critical: boolean;
}

/** What the outcome needs of the target: its Damage Capacity and maximum hit points. */
export interface TargetBody {
  dc: number;
  maxHp: number;
}

/**
 * The attack against the target's defence (`null`: not rolled, "your roll is a 0"; a critical defence
 * counts 0 too). Physical: the margin banded on the target's DC and maximum HP (or the degree, per the
 * `damageReading` setting). Mental: the degree band, whatever the setting (no hit points).
 */
export function resolveAttack(
  attack: StandingCheck,
  defence: StandingCheck | null,
  body: TargetBody | null,
  mental: boolean,
  options: CombatOptions = {},
): AttackOutcome {
  const total = defence && !defence.critical ? defence.total : 0;
  return attackOutcome(
    attack,
    { defence: total },
    mental ? null : body,
    mental ? { ...options, damageReading: "degree" } : options,
  );
}

/** The target's state Apply and Undo read and write. */
export interface VictimState {
  hp: number;
  conditions: readonly StoredCondition[];
  adrenaline: { level: number; aggressive: boolean; fear: boolean };
  /** The worst wound taken this scene. */
  highestWound: WoundBand;
}

/** What Apply did (kept on the card, so Undo gives back exactly this). */
export interface AppliedRecord {
  band: WoundBand;
  hpBefore: number;
  hpAfter: number;
  /** The marks added, in order (the wound's condition, X conditions, a new adrenaline box). */
  added: StoredCondition[];
  /** Every box of the critical row was full: the GM decides (chapter 1 says no more). */
  overflow: boolean;
  /** X conditions added (HP thresholds crossed). */
  xAdded: number;
  /** Adrenal responses added to the adrenaline level. */
  adrenalineAdded: number;
  /** Fear was set by this blow (an X condition's response). */
  fearSet: boolean;
  highestBefore: WoundBand;
  highestAfter: WoundBand;
}

const blank = (mark: Partial<StoredCondition>): StoredCondition => ({
  severity: "major",
  group: "physical",
  target: "",
  side: "wound",
  id: "",
  letter: "",
  atNext: "",
  ...mark,
});

/** An X condition box: "Dying (0 HP)", until the next long rest. */
const X_MARK = (): StoredCondition =>
  blank({ severity: "critical", group: "physical", id: "X", atNext: conditionRow("X").atNext });
/** The Fear adrenaline box ("[#]", its number the adrenaline level), until the scene ends. */
const FEAR_RUSH = (): StoredCondition =>
  blank({
    severity: "critical",
    group: "emotional",
    target: "violence",
    id: "fearRush",
    atNext: conditionRow("fearRush").atNext,
  });

const isRush = (mark: StoredCondition) => mark.id !== "" && conditionRow(mark.id).adrenaline;
const worse = (a: WoundBand, b: WoundBand): WoundBand =>
  WOUND_BANDS.indexOf(a) >= WOUND_BANDS.indexOf(b) ? a : b;

/** Options Apply reads: the settings' health and condition readings, and the wounds' durations. */
export interface ApplyOptions {
  health?: HealthOptions;
  conditions?: ConditionOptions;
  /**
   * The "At Next" a major or serious wound's box takes ("mark the letter for the duration of the
   * condition in a box"; the duration comes from the attack's source, not in chapter 1: the GM's
   * settings `majorWoundDuration` and `seriousWoundDuration`); null or absent: none, the GM sets it.
   */
  woundDurations?: { major?: ConditionDuration | null; serious?: ConditionDuration | null };
}

/**
 * Apply a resolved hit to the target. Physical: hit points fall by the damage (below 0 too), the
 * wound's band from the target's DC and maximum HP. Mental: the degree's band, no hit points. The
 * wound's condition (major, serious or critical; "Minor wounds don't cause conditions") goes in its
 * group's row, or a row down when that row is full; each X condition HP bring is a critical box. A
 * major or serious box takes the duration the options give its row (none: the GM's). A
 * critical physical wound and each X are adrenal responses (X's a Fear one): the level rises by one
 * each; the first adds the adrenaline box. Returns the record and the state after.
 */
export function planApply(
  state: VictimState,
  outcome: Pick<AttackOutcome, "hit" | "damage" | "band">,
  target: { body: TargetBody; mental: boolean },
  options: ApplyOptions = {},
): { record: AppliedRecord; after: VictimState } {
  const group = target.mental ? "mental" : "physical";
  let hpAfter = state.hp;
  let band: WoundBand = outcome.hit ? (outcome.band ?? "none") : "none";
  let severity: "major" | "serious" | "critical" | null = null;
  let xAdded = 0;
  if (outcome.hit && !target.mental) {
    const taken = takeDamage(state.hp, outcome.damage, target.body, options.health);
    hpAfter = taken.hp;
    band = outcome.band ?? taken.band;
    severity = band === "major" || band === "serious" || band === "critical" ? band : null;
    xAdded = taken.newX;
  } else if (outcome.hit) {
    severity = band === "major" || band === "serious" || band === "critical" ? band : null;
  }
  const conditions = [...state.conditions];
  const added: StoredCondition[] = [];
  let overflow = false;
  const add = (mark: StoredCondition) => {
    conditions.push(mark);
    added.push(mark);
  };
  if (severity) {
    const placed = placeCondition(conditions.map(conditionMark), { severity, group }, options.conditions);
    if (placed) {
      overflow ||= placed.overflow;
      // The box's duration is its row's: a major wound pushed down a row lasts as a serious one.
      const atNext = placed.severity === "critical" ? null : options.woundDurations?.[placed.severity];
      add(blank({ severity: placed.severity, group, atNext: atNext ?? "" }));
    }
  }
  for (let i = 0; i < xAdded; i++) {
    const placed = placeCondition(
      conditions.map(conditionMark),
      { severity: "critical", group: "physical" },
      options.conditions,
    );
    overflow ||= placed?.overflow ?? false;
    add(X_MARK());
  }
  const responses = (band === "critical" && !target.mental ? 1 : 0) + xAdded;
  let adrenaline = { ...state.adrenaline };
  let fearSet = false;
  if (responses > 0) {
    const next = addAdrenalResponse(
      { level: adrenaline.level, aggressive: adrenaline.aggressive, fear: adrenaline.fear },
      responses,
      xAdded > 0,
    );
    fearSet = next.fear === true && !adrenaline.fear;
    adrenaline = { level: next.level, aggressive: adrenaline.aggressive, fear: next.fear === true };
    if (!conditions.some(isRush)) add(FEAR_RUSH());
  }
  const highestAfter = worse(state.highestWound, band);
  return {
    record: {
      band,
      hpBefore: state.hp,
      hpAfter,
      added,
      overflow,
      xAdded,
      adrenalineAdded: responses,
      fearSet,
      highestBefore: state.highestWound,
      highestAfter,
    },
    after: { hp: hpAfter, conditions, adrenaline, highestWound: highestAfter },
  };
}

const sameMark = (a: StoredCondition, b: StoredCondition) =>
  a.severity === b.severity &&
  a.group === b.group &&
  a.target === b.target &&
  a.side === b.side &&
  a.id === b.id &&
  a.letter === b.letter &&
  a.atNext === b.atNext;

/**
 * Undo a blow by its own amounts: the hit points it took back (never above the maximum), each mark it
 * added that is still there unchanged (the last such box first; a mark healed or edited since is left
 * as it is now), the adrenaline it added (Fear cleared only when it set it and no X is left), and the
 * scene's worst wound back to what it was, unless a later wound changed it. What changed since by
 * another hand stays.
 */
export function planUndo(record: AppliedRecord, now: VictimState, maxHp: number): VictimState {
  const lost = record.hpBefore - record.hpAfter;
  const hp = lost > 0 ? Math.min(Math.max(maxHp, now.hp), now.hp + lost) : now.hp;
  const level = Math.max(0, now.adrenaline.level - record.adrenalineAdded);
  const conditions = [...now.conditions];
  for (const mark of [...record.added].reverse()) {
    // The adrenaline box stays while a later response keeps a level in it.
    if (isRush(mark) && level > 0) continue;
    const at = conditions.map((c) => sameMark(c, mark)).lastIndexOf(true);
    if (at >= 0) conditions.splice(at, 1);
  }
  const xLeft = conditions.some((c) => c.id === "X");
  const fear = record.fearSet && !xLeft ? false : now.adrenaline.fear;
  const highestWound =
    now.highestWound === record.highestAfter && record.highestAfter !== record.highestBefore
      ? record.highestBefore
      : now.highestWound;
  return {
    hp,
    conditions,
    adrenaline: { level, aggressive: now.adrenaline.aggressive, fear },
    highestWound,
  };
}

/** "Critically fail": a critical result, or a failure by 10 or more. */
export const criticallyFailed = (check: { critical: boolean; margin: number | null }): boolean =>
  check.critical || (check.margin !== null && check.margin <= -10);

/** What a save rolled while Dying does. */
export type DyingResult = "none" | "spendLight" | "dies";

/**
 * A Health or Basic Combat Training save rolled with an X condition: critically failed, a light point
 * is given up, or with none left the character dies (rules `dyingSaveOutcome`).
 */
export function dyingSave(
  kind: "health" | "bct",
  check: { critical: boolean; margin: number | null },
  victim: { conditions: readonly StoredCondition[]; light: number },
): DyingResult {
  return dyingSaveOutcome({
    kind,
    criticalFailure: criticallyFailed(check),
    dying: victim.conditions.some((c) => c.id === "X"),
    light: victim.light,
  });
}
