/**
 * What every part of the Xero Sum character sheet's context shares (see `../character-context.ts`):
 * the input the sheet gathers, the actor's stored data as plain fields (and `system.derived`, the
 * rules layer's Table 5), the item lists, the roll kinds and small helpers. Foundry-free.
 */
import {
  bool,
  itemControls as coreItemControls,
  itemLists,
  keyed,
  list,
  num,
  oneOf,
  record,
  rollButton as coreRollButton,
  removeAt,
  replaceAt,
  signed,
  str,
  type ItemControls,
  type SheetItemRow,
} from "../../../../core/sheet-logic";
import {
  ATTRIBUTE_KEYS,
  BREAKING_POINTS,
  COMPLICATIONS,
  CREATION_METHODS,
  LASTING_WOUNDS,
  MOTIVATIONS,
  PANICS,
  SKILL_KEYS,
  ATTRIBUTE_BOUNDS,
  attributeLabel,
  isStarred,
  legalSkillValues,
  skillLabel,
  skillStart,
  type AttributeKey,
  type BreakingPoint,
  type Complication,
  type CreationMethod,
  type LastingWound,
  type Motivation,
  type Panic,
  type SkillKey,
} from "../../rules";

/** Where the sheet's strings are (lang/en/xero-sum-sheet.json). */
export const ROOT = "POLYVERSE.XeroSum.Sheet";
/** The names of the rules' keys (lang/en/xero-sum.json). */
export const NAMES = "POLYVERSE.XeroSum";
export const attributeName = (key: string) => `${NAMES}.Attribute.${key}`;
export const skillName = (key: string) => `${NAMES}.Skill.${key}`;

/** Text for a key, with `{placeholders}` filled from `data` (Foundry's `localize`/`format`). */
export type Localize = (key: string, data?: Record<string, string>) => string;

export type SheetItem = SheetItemRow;

/**
 * The kinds of the sheet's roll buttons (`data-action="roll" data-roll="<kind>"`). A button is drawn
 * only when the rolls table (`../roll-handlers.ts`) has a function for its kind.
 */
export const ROLL_KINDS = [
  "check",
  "perception",
  "attack",
  "complication",
  "motivation",
  "breakingPoint",
  "upkeep",
  "firstImpression",
] as const;
export type RollKind = (typeof ROLL_KINDS)[number];
/** Which roll kinds have a function behind them. */
export type RollAvailability = Readonly<Partial<Record<RollKind, boolean>>>;

// ---- the rules' labels and legal values ---------------------------------------------------------

/** The i18n key of Table 2's label for an AMod (−2 Lame .. +5 Animalistic), or null off the table. */
export const attributeLevelKey = (amod: number): string | null => {
  const label = attributeLabel(amod);
  return label ? `${NAMES}.Check.AttributeLabel.${label}` : null;
};
/** The i18n key of Table 3's label for an SMod (−3 Inept, 0 Untrained .. +4 Life's Work), or null. */
export const skillLevelKey = (smod: number): string | null => {
  const label = skillLabel(smod);
  return label ? `${NAMES}.Check.SkillLabel.${label}` : null;
};

/** The AMods an actor may hold: −2..+4 for a character, up to +5 (Animalistic) for an NPC. */
export function attributeRange(npc: boolean): number[] {
  const { min, max } = ATTRIBUTE_BOUNDS[npc ? "npc" : "pc"];
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

export { isStarred, legalSkillValues, skillStart };

/** A number as a select's option: "+2 Strong" (the value signed, then its label). */
export interface LevelOption {
  value: number;
  label: string;
  selected: boolean;
}

/**
 * The options of a value select: the legal values, each with its table label; a stored value that
 * is not among them (data from elsewhere) is offered too, so the select never shows another value
 * than the one stored.
 */
export function levelOptions(
  values: readonly number[],
  current: number,
  labelKey: (n: number) => string | null,
  localize: Localize,
): LevelOption[] {
  const all = values.includes(current) ? values : [...values, current].sort((a, b) => a - b);
  return all.map((value) => {
    const key = labelKey(value);
    return {
      value,
      label: key ? `${signed(value)} ${localize(key)}` : signed(value),
      selected: value === current,
    };
  });
}

// ---- the actor's data ---------------------------------------------------------------------------

export interface Relationship {
  name: string;
  cmod: number;
}
export interface BackstorySpend {
  step: number;
  kind: "attribute" | "skill";
  key: string;
}

/** Table 5 as the data model derives it (`system.derived`); null where it is not there yet. */
export interface SheetDerived {
  /** The attributes after Lasting Wounds. */
  attributes: Record<AttributeKey, number>;
  woundPoints: number | null;
  resiliencePoints: number | null;
  meleeDefence: number | null;
  rangedDefence: number | null;
  initiative: number | null;
  encumbrance: number | null;
  perception: number | null;
  morality: number | null;
  panicThreshold: number | null;
  breakingPoint: number | null;
}
export const SECONDARY_STATS = [
  "woundPoints",
  "resiliencePoints",
  "meleeDefence",
  "rangedDefence",
  "initiative",
  "encumbrance",
  "perception",
  "morality",
  "panicThreshold",
  "breakingPoint",
] as const;
export type SecondaryStat = (typeof SECONDARY_STATS)[number];

/** A character's or NPC's `system` as the sheet reads it (the stored fields of data/actors.ts). */
export interface XeroSumActorSystem {
  attributes: Record<AttributeKey, number>;
  skills: Record<SkillKey, number>;
  wp: number;
  rp: number;
  insight: number;
  morality: number;
  /** Breaking Point stress boxes filled (0..5). */
  stress: number;
  lastingWounds: LastingWound[];
  state: {
    incapacitatedRounds: number;
    mortallyWounded: boolean;
    deathRounds: number;
    stabilised: boolean;
    wasMortallyWounded: boolean;
    dead: boolean;
    breathRounds: number;
    daysWithoutFood: number;
    panic: { key: Panic | ""; rounds: number };
    breakingPoint: BreakingPoint | "";
    winded: boolean;
    blindedRounds: number;
  };
  narrative: {
    threeWords: { first: string; second: string; third: string };
    complication: Complication | "";
    customComplication: string;
    motivation: Motivation | "";
    customMotivation: string;
    profession: string;
    apprentice: string;
    incidentalItem: string;
    backstory: string;
  };
  relationships: Relationship[];
  creation: { method: CreationMethod; spends: BackstorySpend[]; done: boolean };
  derived: SheetDerived;
}

/** The world settings the sheet's layout depends on (plain values; the sheet reads the settings). */
export interface SheetSettings {
  /** Barter's attribute: Acumen (Table 16, the default) or Influence (the Skills chapter). */
  barterAttribute?: "acu" | "inf";
}

export interface CharacterSheetInput {
  name: string;
  img: string;
  /** `xero-sum-character` or `xero-sum-npc`. */
  type: string;
  system: XeroSumActorSystem;
  items: readonly SheetItem[];
  /** The user may change the actor (inputs and buttons are enabled). */
  editable: boolean;
  isGM: boolean;
  /** The primary tab shown. */
  activeTab?: string;
  /** The backstory enriched for display. */
  backstoryHTML?: string;
  /** Which roll buttons have a roll behind them. */
  rolls?: RollAvailability;
  settings?: SheetSettings;
  localize: Localize;
  /** Whether the language files have a key (Foundry's `game.i18n.has`), for keys stored in data. */
  hasKey?: (key: string) => boolean;
}

export const isNpc = (input: { type: string }): boolean => input.type === "xero-sum-npc";

/** The item types of each of the sheet's lists. */
export const ITEM_GROUPS = {
  weapons: ["xero-sum-weapon"],
  equipment: ["xero-sum-equipment"],
} as const satisfies Record<string, readonly string[]>;
export type ItemGroup = keyof typeof ITEM_GROUPS;

/**
 * Whether a character holds items of this type (what a drop onto the sheet may add), and the actor's
 * items of one list in sheet order (core's `itemLists`).
 */
export const { isHeld: isHeldItemType, itemsIn } = itemLists(ITEM_GROUPS);

export { bool, num, record, str };

const keyOrNone = <K extends string>(keys: readonly K[], v: unknown): K | "" =>
  typeof v === "string" && (keys as readonly string[]).includes(v) ? (v as K) : "";
const numOrNull = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** `system.derived` read plainly: the effective attributes (the stored ones where missing), Table 5. */
export function readDerived(derived: unknown, attributes: Record<AttributeKey, number>): SheetDerived {
  const d = record(derived);
  const effective = record(d.attributes);
  return {
    attributes: Object.fromEntries(
      ATTRIBUTE_KEYS.map((k) => [k, num(effective[k], attributes[k])]),
    ) as Record<AttributeKey, number>,
    ...(Object.fromEntries(SECONDARY_STATS.map((k) => [k, numOrNull(d[k])])) as Record<
      SecondaryStat,
      number | null
    >),
  };
}

/**
 * An actor's `system` (a record, as core's `systemRecord` gives it) read as the sheet's plain shape;
 * a missing or malformed field reads as the model's initial value.
 */
export function readActorSystem(system: Record<string, unknown>): XeroSumActorSystem {
  const state = record(system.state);
  const panic = record(state.panic);
  const narrative = record(system.narrative);
  const words = record(narrative.threeWords);
  const creation = record(system.creation);
  const attributes = keyed(ATTRIBUTE_KEYS, system.attributes, 0);
  const storedSkills = record(system.skills);
  const skills = Object.fromEntries(
    SKILL_KEYS.map((k) => [k, num(storedSkills[k], skillStart(k))]),
  ) as Record<SkillKey, number>;
  return {
    attributes,
    skills,
    wp: num(record(system.wp).value, 10),
    rp: num(record(system.rp).value, 6),
    insight: num(record(system.insight).value, 2),
    morality: num(record(system.morality).value, 3),
    stress: num(record(system.stress).value),
    lastingWounds: list(system.lastingWounds).filter((w): w is LastingWound =>
      (LASTING_WOUNDS as readonly unknown[]).includes(w),
    ),
    state: {
      incapacitatedRounds: num(state.incapacitatedRounds),
      mortallyWounded: bool(state.mortallyWounded),
      deathRounds: num(state.deathRounds),
      stabilised: bool(state.stabilised),
      wasMortallyWounded: bool(state.wasMortallyWounded),
      dead: bool(state.dead),
      breathRounds: num(state.breathRounds),
      daysWithoutFood: num(state.daysWithoutFood),
      panic: { key: keyOrNone(PANICS, panic.key), rounds: num(panic.rounds) },
      breakingPoint: keyOrNone(BREAKING_POINTS, state.breakingPoint),
      winded: bool(state.winded),
      blindedRounds: num(state.blindedRounds),
    },
    narrative: {
      threeWords: { first: str(words.first), second: str(words.second), third: str(words.third) },
      complication: keyOrNone(COMPLICATIONS, narrative.complication),
      customComplication: str(narrative.customComplication),
      motivation: keyOrNone(MOTIVATIONS, narrative.motivation),
      customMotivation: str(narrative.customMotivation),
      profession: str(narrative.profession),
      apprentice: str(narrative.apprentice),
      incidentalItem: str(narrative.incidentalItem),
      backstory: str(narrative.backstory),
    },
    relationships: list(system.relationships).map((r) => {
      const rel = record(r);
      return { name: str(rel.name), cmod: num(rel.cmod) };
    }),
    creation: {
      method: oneOf(CREATION_METHODS, creation.method, "backstory"),
      spends: list(creation.spends).map((s) => {
        const spend = record(s);
        return {
          step: num(spend.step, 1),
          kind: oneOf(["attribute", "skill"] as const, spend.kind, "skill"),
          key: str(spend.key),
        };
      }),
      done: bool(creation.done),
    },
    derived: readDerived(system.derived, attributes),
  };
}

export type { ItemControls };

/** Open and delete buttons of an item row (core's, in the Xero Sum sheet's words). */
export const itemControls = (item: { id: string; name: string }, localize: Localize): ItemControls =>
  coreItemControls(item, localize, ROOT);

/** A roll button's view, or null when no roll is behind its kind (core's). */
export const rollButton = (input: { rolls?: RollAvailability }, kind: RollKind, label: string) =>
  coreRollButton(input, kind, label);

/** Lists edited in place (core's). */
export { removeAt, replaceAt };
