/**
 * Conditions and wounds (Virtually Real core guidebook, chapter 1: "Conditions", the SERIOUS EMOTIONAL
 * CONDITIONS and CRITICAL CONDITIONS tables, "Emotional Targets", "Critical Conditions"). Pure: no
 * Foundry, no globals.
 *
 * A condition is a die that lasts longer than one roll. Minor wounds give none; a major wound goes in
 * the top CONDITIONS row (physical on the left, mental on the right) or, emotional, in its target's
 * EMOTIONAL box; a serious ("Severe") one in the second row; a critical one in a CRIT box. Physical
 * conditions reach Body, Agility and Appearance rolls, mental ones Mind and Logic, emotional ones their
 * target's rolls (wounds as disadvantages, armors as advantages); serious ones also initiative;
 * critical ones every roll, each with +1 critical. A full row pushes the condition a row down; an
 * expiring one heals to its "Heal to" letter.
 *
 * Readings where the text is silent (spec §6.3), each an option with its default:
 * - the number of boxes in a CONDITIONS half-row and in the CRIT row is the character sheet's, not in
 *   chapter 1: 4 (`conditionBoxes`, proposed world setting `polyverse.virtually-real.conditionBoxes`),
 *   and in an emotional target's wound or armor side: 4 (`emotionalBoxes`, proposed world setting
 *   `polyverse.virtually-real.emotionalBoxes`; "Someone you really love can ignore 4 armors!");
 * - "Severe conditions … affect initiative": on top of their own group's rolls (`severeScope:
 *   "groupAndInitiative"`, proposed world setting `polyverse.virtually-real.severeScope`) or initiative
 *   only (`"initiativeOnly"`);
 * - the "Heal to" letters A, D, V and J are never defined: a healed condition takes the table's
 *   row when the letter has one (F, G, P, I serious; B, L, H critical) and is otherwise one severity
 *   lower than the condition it came from.
 */
import { assertKey, assertRange } from "./char-guards";
import {
  CONDITION_IDS,
  CONDITION_DURATIONS,
  EMOTIONAL_TARGETS,
  type AttributeKey,
  type ConditionEffect,
  type ConditionGroup,
  type ConditionId,
  type ConditionSeverity,
  type ConditionDuration,
  type EmotionalTarget,
} from "./character-keys";
import { conditionGroupOf } from "./attributes";

/** One row of a conditions table. */
export interface ConditionRow {
  id: ConditionId;
  /** As printed: a letter, or "#" for an adrenaline box (it holds the adrenaline level). */
  letter: string;
  severity: "serious" | "critical";
  /** The emotional target of an emotional condition (T, New Trauma, has none). */
  target: EmotionalTarget | null;
  atNext: ConditionDuration;
  /** The "Heal to" letter. */
  healTo: string;
  /** An adrenal response: its dice are adrenaline.ts's. */
  adrenaline: boolean;
  effects: readonly ConditionEffect[];
}

const row = (
  id: ConditionId,
  letter: string,
  severity: "serious" | "critical",
  target: EmotionalTarget | null,
  atNext: ConditionDuration,
  healTo: string,
  effects: readonly ConditionEffect[] = [],
): ConditionRow => ({ id, letter, severity, target, atNext, healTo, adrenaline: letter === "#", effects });

/** SERIOUS EMOTIONAL CONDITIONS: F Fear, G Guilt, P Despair, I Isolation (long rest, heal to A); T New Trauma (scene, D). */
export const SERIOUS_EMOTIONAL_CONDITIONS: readonly ConditionRow[] = [
  row("F", "F", "serious", "violence", "longRest", "A"),
  row("G", "G", "serious", "guilt", "longRest", "A"),
  row("P", "P", "serious", "despair", "longRest", "A"),
  row("I", "I", "serious", "isolation", "longRest", "A"),
  row("T", "T", "serious", null, "scene", "D"),
];

/** "Critical conditions prevent the use of Fast Actions" (all of them). */
const CRIT: ConditionEffect = "noFastActions";

/**
 * CRITICAL CONDITIONS, with their footnotes: the four adrenaline boxes (Fear: scene, heal to F; Guilt:
 * initiative, G, and a critically failed integrity check makes you an NPC; Despair: scene, P;
 * Isolation: short rest, I); X Dying (0 HP): long rest, B, no Fast Actions, can't spend End, a
 * critically failed Body or BCT save kills; U Undone (0 End): long rest, V; B Broken Bones: long
 * rest, B; N Numb (0 Ki): short rest, J, no Concentration bonuses, can't spend Ki; L Limb Loss:
 * chapter, L, no Fast or Off-hand Actions; H Fast Healing: scene, H, a penalty to later magic healing,
 * no Ki spent, no natural HP recovery (and an advantage on Health saves).
 */
export const CRITICAL_CONDITIONS: readonly ConditionRow[] = [
  row("fearRush", "#", "critical", "violence", "scene", "F", [CRIT]),
  row("guiltRush", "#", "critical", "guilt", "initiative", "G", [CRIT, "critFailIntegrityBecomesNpc"]),
  row("despairRush", "#", "critical", "despair", "scene", "P", [CRIT]),
  row("isolationRush", "#", "critical", "isolation", "shortRest", "I", [CRIT]),
  row("X", "X", "critical", null, "longRest", "B", [CRIT, "noEnduranceSpend", "critFailBodyOrBctSaveKills"]),
  row("U", "U", "critical", null, "longRest", "V", [CRIT, "noEnduranceSpend"]),
  row("B", "B", "critical", null, "longRest", "B", [CRIT, "noEnduranceSpend"]),
  row("N", "N", "critical", null, "shortRest", "J", [CRIT, "noConcentration", "noKiSpend"]),
  row("L", "L", "critical", null, "chapter", "L", [CRIT, "noOffHand"]),
  row("H", "H", "critical", null, "scene", "H", [
    CRIT,
    "magicHealingPenalty",
    "noKiSpend",
    "noNaturalHealing",
    "healthSaveAdvantage",
  ]),
];

/** A row of either table by id. */
export function conditionRow(id: ConditionId): ConditionRow {
  assertKey(CONDITION_IDS, id, "A condition");
  return [...SERIOUS_EMOTIONAL_CONDITIONS, ...CRITICAL_CONDITIONS].find((r) => r.id === id)!;
}

/** The adrenaline box of an emotional target's critical wound. */
export function rushFor(target: EmotionalTarget): ConditionId {
  assertKey(EMOTIONAL_TARGETS, target, "An emotional target");
  return CRITICAL_CONDITIONS.find((r) => r.adrenaline && r.target === target)!.id;
}

/** A condition marked on the sheet. */
export interface ConditionMark {
  severity: ConditionSeverity;
  /** Physical, mental or emotional (a critical condition reaches every roll whatever its group). */
  group: ConditionGroup;
  /** An emotional condition's target. */
  target?: EmotionalTarget | null;
  /** An emotional mark's side: a wound (disadvantage, the default) or an armor (advantage). */
  side?: "wound" | "armor";
  /** The table's id, when it has one (a major condition's letter is the GM's). */
  id?: ConditionId | null;
  /** A letter the tables do not define (A, D, V, J, or one the GM chose). */
  letter?: string | null;
  atNext?: ConditionDuration | null;
}

/** Readings where the text is silent (see the file's comment). */
export interface ConditionOptions {
  conditionBoxes?: number;
  emotionalBoxes?: number;
  severeScope?: "groupAndInitiative" | "initiativeOnly";
}

/** A roll as the conditions read it. */
export interface ConditionRoll {
  /** The roll's related attribute (null: none, e.g. a Darkness roll). */
  attribute: AttributeKey | null;
  /** The emotional target whose wounds and armors apply (an emotional save, an Integrity roll). */
  emotionalTarget?: EmotionalTarget | null;
  initiative?: boolean;
  /** A Health save (an H condition is an advantage to it, not a disadvantage). */
  healthSave?: boolean;
}

/**
 * The conditions' dice and crit modifier on a roll: each critical condition is a disadvantage on
 * every roll and +1 critical ("Count the boxes and [add] it to your crit range"; an H is an advantage
 * on Health saves instead; an adrenaline box's dice are `adrenalineDice`'s, its +1 critical counts
 * here); each major or serious physical or mental condition a disadvantage on rolls of its group's
 * attributes; each serious one a disadvantage on initiative; each emotional wound a disadvantage and
 * each armor an advantage on rolls of its target.
 */
export function conditionDice(
  marks: readonly ConditionMark[],
  roll: ConditionRoll,
  options: ConditionOptions = {},
): { advantage: number; disadvantage: number; critMod: number } {
  const group = roll.attribute === null ? null : conditionGroupOf(roll.attribute);
  const severeScope = options.severeScope ?? "groupAndInitiative";
  let advantage = 0;
  let disadvantage = 0;
  let critMod = 0;
  for (const mark of marks) {
    checkMark(mark);
    if (mark.severity === "critical") {
      critMod += 1;
      if (mark.id && conditionRow(mark.id).adrenaline) continue;
      if (mark.id === "H" && roll.healthSave) advantage += 1;
      else disadvantage += 1;
      continue;
    }
    if (mark.group === "emotional") {
      if (!roll.emotionalTarget || mark.target !== roll.emotionalTarget) continue;
      if (mark.side === "armor") advantage += 1;
      else disadvantage += 1;
      continue;
    }
    const onGroup =
      mark.group === group && !(mark.severity === "serious" && severeScope === "initiativeOnly");
    const onInitiative = mark.severity === "serious" && roll.initiative === true;
    if (onGroup || onInitiative) disadvantage += 1;
  }
  return { advantage, disadvantage, critMod };
}

/** Critical conditions' count: each +1 to every roll's critical range. */
export function criticalCount(marks: readonly ConditionMark[]): number {
  return marks.filter((m) => m.severity === "critical").length;
}

/** What the critical conditions forbid or change, each once (`ConditionEffect` keys). */
export function conditionEffects(marks: readonly ConditionMark[]): ConditionEffect[] {
  const effects = new Set<ConditionEffect>();
  for (const mark of marks) {
    if (mark.severity !== "critical") continue;
    effects.add("noFastActions");
    if (mark.id) for (const effect of conditionRow(mark.id).effects) effects.add(effect);
  }
  return [...effects];
}

/** Where a new condition lands. */
export interface ConditionPlacement {
  severity: ConditionSeverity;
  /** Every box of the critical row was full too: the GM decides (chapter 1 says no more). */
  overflow: boolean;
}

/**
 * Where a wound's condition goes: its severity's row (a half-row by group for physical and mental; the
 * target's wound side for emotional; the shared CRIT row for critical), or, "If a condition row is
 * full, the condition moves to a more serious condition, usually 1 row down". Minor wounds give none
 * (null).
 */
export function placeCondition(
  marks: readonly ConditionMark[],
  wound: { severity: ConditionSeverity | "minor"; group: ConditionGroup; target?: EmotionalTarget | null },
  options: ConditionOptions = {},
): ConditionPlacement | null {
  if (wound.severity === "minor") return null;
  const boxes = options.conditionBoxes ?? 4;
  const emotionalBoxes = options.emotionalBoxes ?? 4;
  assertRange(boxes, 1, 20, "Condition boxes");
  assertRange(emotionalBoxes, 1, 20, "Emotional boxes");
  const order: ConditionSeverity[] = ["major", "serious", "critical"];
  for (let i = order.indexOf(wound.severity); i < order.length; i++) {
    const severity = order[i]!;
    const inRow = marks.filter((m) => {
      if (m.severity !== severity) return false;
      if (severity === "critical") return true;
      if (wound.group === "emotional")
        return m.group === "emotional" && m.target === wound.target && m.side !== "armor";
      return m.group === wound.group;
    }).length;
    const size = severity !== "critical" && wound.group === "emotional" ? emotionalBoxes : boxes;
    if (inRow < size) return { severity, overflow: false };
  }
  return { severity: "critical", overflow: true };
}

/**
 * The conditions after a time passes (`event`: the end of a scene, a short rest, ...): every condition
 * whose "At Next" is that event heals ("When a condition expires, the wound drops in severity and
 * changes based on the "Heal to" column"): to the row of its "Heal to" letter when the tables have one
 * (X → B, fear box → F), else one severity lower with that letter (F → A, T → D, U → V, N → J); a major
 * condition that expires is gone. A row that heals to itself (B, L, H) stays.
 */
export function expireConditions(marks: readonly ConditionMark[], event: ConditionDuration): ConditionMark[] {
  assertKey(CONDITION_DURATIONS, event, "A duration");
  const out: ConditionMark[] = [];
  for (const mark of marks) {
    checkMark(mark);
    if (mark.atNext !== event) {
      out.push(mark);
      continue;
    }
    const from = mark.id ? conditionRow(mark.id) : null;
    if (!from) {
      if (mark.severity !== "major") out.push({ ...mark, severity: lower(mark.severity), atNext: null });
      continue;
    }
    const to = [...SERIOUS_EMOTIONAL_CONDITIONS, ...CRITICAL_CONDITIONS].find(
      (r) => r.letter === from.healTo && !r.adrenaline,
    );
    if (to)
      out.push({
        ...mark,
        severity: to.severity,
        id: to.id,
        letter: to.letter,
        atNext: to.atNext,
        target: to.target ?? mark.target ?? null,
      });
    else out.push({ ...mark, severity: lower(mark.severity), id: null, letter: from.healTo, atNext: null });
  }
  return out;
}

function lower(severity: ConditionSeverity): ConditionSeverity {
  return severity === "critical" ? "serious" : "major";
}

function checkMark(mark: ConditionMark): void {
  if (!["major", "serious", "critical"].includes(mark.severity))
    throw new RangeError(`Not a condition severity: ${String(mark.severity)}`);
  if (!["physical", "mental", "emotional"].includes(mark.group))
    throw new RangeError(`Not a condition group: ${String(mark.group)}`);
}

/** Conditions' count by side for an emotional target (the EMOTIONAL box): its wounds and armors. */
export function emotionalBox(
  marks: readonly ConditionMark[],
  target: EmotionalTarget,
): { wounds: number; armors: number } {
  assertKey(EMOTIONAL_TARGETS, target, "An emotional target");
  const mine = marks.filter(
    (m) => m.group === "emotional" && m.target === target && m.severity !== "critical",
  );
  const armors = mine.filter((m) => m.side === "armor").length;
  return { wounds: mine.length - armors, armors };
}
