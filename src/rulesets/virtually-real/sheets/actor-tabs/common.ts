/**
 * What every part of the Virtually Real character sheet's context shares (see `../character-context.ts`):
 * the input the sheet gathers, the actor's stored data as plain fields, `system.derived` (the rules
 * layer's numbers, data/living-logic.ts), the item lists, the roll kinds and small helpers.
 * Foundry-free.
 */
import {
  bool,
  itemControls as coreItemControls,
  itemLists,
  list,
  num,
  oneOf,
  record,
  rollButton as coreRollButton,
  str,
  type ItemControls,
  type SheetItemRow,
} from "../../../../core/sheet-logic";
import {
  ATTRIBUTE_CAPACITY_KEYS,
  ATTRIBUTE_KEYS,
  CONDITION_DURATIONS,
  CONDITION_GROUPS,
  CONDITION_IDS,
  CONDITION_SEVERITIES,
  EMOTIONAL_TARGETS,
  INTIMACY_LEVELS,
  INTIMACY_POLARITIES,
  SKILL_CAPACITY_KEYS,
  WOUND_BANDS,
  type AttributeKey,
  type EmotionalTarget,
  type IntimacyLevel,
  type IntimacyPolarity,
  type WoundBand,
} from "../../rules";
import type { StoredCondition, VirtuallyRealDerived } from "../../data/living-logic";
import type { VirtuallyRealRulesOptions } from "../../base/settings-logic";

/** Where the sheet's strings are (lang/en/virtually-real-sheet.json). */
export const ROOT = "POLYVERSE.VirtuallyReal.Sheet";
/** The names of the character rules' keys (lang/en/virtually-real-character.json). */
export const CHARACTER = "POLYVERSE.VirtuallyReal.Character";
/** The names of the check rules' keys (lang/en/virtually-real-check.json). */
export const CHECK = "POLYVERSE.VirtuallyReal.Check";
/** The models' field labels (lang/en/virtually-real.json). */
export const FIELDS = "POLYVERSE.VirtuallyReal.Actor.FIELDS";
export const attributeName = (key: string) => `${CHARACTER}.Attribute.${key}`;
export const targetName = (key: string) => `${CHARACTER}.EmotionalTarget.${key}`;

/** Text for a key, with `{placeholders}` filled from `data` (Foundry's `localize`/`format`). */
export type Localize = (key: string, data?: Record<string, string>) => string;

export type SheetItem = SheetItemRow;

/**
 * The kinds of the sheet's roll buttons (`data-action="roll" data-roll="<kind>"`). A button is drawn
 * only when the rolls table (`../roll-handlers.ts`) has a function for its kind.
 */
export const ROLL_KINDS = [
  "attribute",
  "save",
  "skill",
  "emotionalSave",
  "darkness",
  "attack",
  "strengthFeat",
] as const;
export type RollKind = (typeof ROLL_KINDS)[number];
/** Which roll kinds have a function behind them. */
export type RollAvailability = Readonly<Partial<Record<RollKind, boolean>>>;

// ---- the actor's data ---------------------------------------------------------------------------

export interface Intimacy {
  name: string;
  target: EmotionalTarget;
  polarity: IntimacyPolarity;
  level: IntimacyLevel;
  basic: boolean;
  mulligan: boolean;
}

/** A character's or NPC's `system` as the sheet reads it (the stored fields of data/actors.ts). */
export interface VirtuallyRealActorSystem {
  attributes: Record<AttributeKey, { capacity: number; score: number }>;
  hp: number;
  health: { sizeBase: number | null; dc: number | null; weightSize?: number | null };
  endurance: { value: number; max: number };
  ki: { value: number; max: number };
  light: number;
  darkness: number;
  bonusXP: number;
  adrenaline: { level: number; aggressive: boolean; fear: boolean };
  emotional: Record<EmotionalTarget, { heroic: number }>;
  conditions: StoredCondition[];
  state: { winded: boolean; tired: boolean };
  intimacies: Intimacy[];
  scene: { highestWound: WoundBand; bctFailed: boolean; bctCriticalFailure: boolean };
  details: { ancestry: string; heritage: string; culture: string; occupation: string; biography: string };
}

/** The world settings the sheet reads (as the rules' option objects, `rulesOptions`). */
export type SheetOptions = VirtuallyRealRulesOptions;

export interface CharacterSheetInput {
  name: string;
  img: string;
  /** `virtually-real-character` or `virtually-real-npc`. */
  type: string;
  system: VirtuallyRealActorSystem;
  /** `system.derived`: the rules layer's numbers (data/living-logic.ts `deriveVirtuallyReal`). */
  derived: VirtuallyRealDerived;
  items: readonly SheetItem[];
  /** The user may change the actor (inputs and buttons are enabled). */
  editable: boolean;
  isGM: boolean;
  /** The primary tab shown. */
  activeTab?: string;
  /** The biography enriched for display. */
  biographyHTML?: string;
  /** Which roll buttons have a roll behind them. */
  rolls?: RollAvailability;
  options: SheetOptions;
  localize: Localize;
}

export const isNpc = (input: { type: string }): boolean => input.type === "virtually-real-npc";

/** The item types of each of the sheet's lists. */
export const ITEM_GROUPS = {
  skills: ["virtually-real-skill"],
  passions: ["virtually-real-passion"],
  equipment: ["virtually-real-equipment"],
  books: ["virtually-real-book"],
  tasks: ["virtually-real-task"],
} as const satisfies Record<string, readonly string[]>;
export type ItemGroup = keyof typeof ITEM_GROUPS;

/**
 * Whether a character holds items of this type (what a drop onto the sheet may add), and the actor's
 * items of one list in sheet order (core's `itemLists`).
 */
export const { isHeld: isHeldItemType, itemsIn } = itemLists(ITEM_GROUPS);

const keyOrNone = <K extends string>(keys: readonly K[], v: unknown): K | "" =>
  typeof v === "string" && (keys as readonly string[]).includes(v) ? (v as K) : "";
const nullableCount = (v: unknown): number | null =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null;

/** One stored condition, read plainly (null when it is not one). */
function readCondition(value: unknown): StoredCondition | null {
  const c = record(value);
  if (!(CONDITION_SEVERITIES as readonly unknown[]).includes(c.severity)) return null;
  if (!(CONDITION_GROUPS as readonly unknown[]).includes(c.group)) return null;
  return {
    severity: c.severity as StoredCondition["severity"],
    group: c.group as StoredCondition["group"],
    target: keyOrNone(EMOTIONAL_TARGETS, c.target),
    side: c.side === "armor" ? "armor" : "wound",
    id: keyOrNone(CONDITION_IDS, c.id),
    letter: str(c.letter),
    atNext: keyOrNone(CONDITION_DURATIONS, c.atNext),
  };
}

/**
 * An actor's `system` (a record, as core's `systemRecord` gives it) read as the sheet's plain shape;
 * a missing or malformed field reads as the model's initial value.
 */
export function readActorSystem(system: Record<string, unknown>): VirtuallyRealActorSystem {
  const attributes = record(system.attributes);
  const health = record(system.health);
  const adrenaline = record(system.adrenaline);
  const emotional = record(system.emotional);
  const state = record(system.state);
  const scene = record(system.scene);
  const details = record(system.details);
  const pool = (v: unknown) => ({ value: num(record(v).value), max: num(record(v).max) });
  return {
    attributes: Object.fromEntries(
      ATTRIBUTE_KEYS.map((k) => {
        const a = record(attributes[k]);
        return [k, { capacity: num(a.capacity, 2), score: num(a.score, 10) }];
      }),
    ) as VirtuallyRealActorSystem["attributes"],
    hp: num(record(system.hp).value),
    health: { sizeBase: nullableCount(health.sizeBase), dc: nullableCount(health.dc) },
    endurance: pool(system.endurance),
    ki: pool(system.ki),
    light: num(record(system.light).value),
    darkness: num(record(system.darkness).points),
    bonusXP: num(record(system.bonusXP).value),
    adrenaline: {
      level: num(adrenaline.level),
      aggressive: bool(adrenaline.aggressive),
      fear: bool(adrenaline.fear),
    },
    emotional: Object.fromEntries(
      EMOTIONAL_TARGETS.map((t) => [t, { heroic: num(record(emotional[t]).heroic) }]),
    ) as VirtuallyRealActorSystem["emotional"],
    conditions: list(system.conditions)
      .map(readCondition)
      .filter((c): c is StoredCondition => c !== null),
    state: { winded: bool(state.winded), tired: bool(state.tired) },
    intimacies: list(system.intimacies).map((v) => {
      const i = record(v);
      return {
        name: str(i.name),
        target: oneOf(EMOTIONAL_TARGETS, i.target, "violence"),
        polarity: oneOf(INTIMACY_POLARITIES, i.polarity, "positive"),
        level: oneOf(INTIMACY_LEVELS, i.level, "outer"),
        basic: bool(i.basic),
        mulligan: bool(i.mulligan),
      };
    }),
    scene: {
      highestWound: oneOf(WOUND_BANDS, scene.highestWound, "none"),
      bctFailed: bool(scene.bctFailed),
      bctCriticalFailure: bool(scene.bctCriticalFailure),
    },
    details: {
      ancestry: str(details.ancestry),
      heritage: str(details.heritage),
      culture: str(details.culture),
      occupation: str(details.occupation),
      biography: str(details.biography),
    },
  };
}

// ---- labels -------------------------------------------------------------------------------------

/** An attribute capacity's name: [0] Zero, [1] Subhuman, [2] Human ... [5] Angelic. */
export const attributeCapacityKey = (capacity: number): string =>
  `${CHECK}.AttributeCapacity.${capacity === 0 ? "zero" : (ATTRIBUTE_CAPACITY_KEYS[capacity - 1] ?? "zero")}`;
/** A skill capacity's name: [1] Secondary ... [5] Deific; [0] cannot be used. */
export const skillCapacityKey = (capacity: number): string =>
  capacity === 0 ? `${ROOT}.Skills.Unusable` : `${CHECK}.SkillCapacity.${SKILL_CAPACITY_KEYS[capacity - 1]}`;

/** A select's option. */
export interface OptionView {
  value: string | number;
  label: string;
  selected: boolean;
}

/** The capacities 0..5 (or 1..5) as select options, each with its Capacities-table name. */
export function capacityOptions(
  current: number,
  name: (capacity: number) => string,
  localize: Localize,
  from = 0,
): OptionView[] {
  return Array.from({ length: 6 - from }, (_, i) => i + from).map((capacity) => ({
    value: capacity,
    label: `[${capacity}] ${localize(name(capacity))}`,
    selected: capacity === current,
  }));
}

/** A list of keys as select options labelled by an i18n root. */
export function keyOptions(
  keys: readonly string[],
  root: string,
  current: string,
  localize: Localize,
): OptionView[] {
  return keys.map((key) => ({ value: key, label: localize(`${root}.${key}`), selected: key === current }));
}

/** Advantage, disadvantage and +crit dice as a short line ("2 dis · +1 crit"), or null when none. */
export function diceText(
  dice: { advantage: number; disadvantage: number; critMod: number },
  localize: Localize,
): string | null {
  const parts = [
    ...(dice.advantage ? [localize(`${ROOT}.Dice.Advantage`, { n: String(dice.advantage) })] : []),
    ...(dice.disadvantage ? [localize(`${ROOT}.Dice.Disadvantage`, { n: String(dice.disadvantage) })] : []),
    ...(dice.critMod ? [localize(`${ROOT}.Dice.Crit`, { n: String(dice.critMod) })] : []),
  ];
  return parts.length ? parts.join(" · ") : null;
}

/** Open and delete buttons of an item row (core's, in the Virtually Real sheet's words). */
export const itemControls = (item: { id: string; name: string }, localize: Localize): ItemControls =>
  coreItemControls(item, localize, ROOT);

/** A roll button's view, or null when no roll is behind its kind (core's). */
export const rollButton = (input: { rolls?: RollAvailability }, kind: RollKind, label: string) =>
  coreRollButton(input, kind, label);
