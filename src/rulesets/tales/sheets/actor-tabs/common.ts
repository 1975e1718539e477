/**
 * What every part of the Tales character sheet's context shares (see `../character-context.ts`):
 * the input the sheet gathers, the actor's data as plain fields, the item lists, the character as
 * the rules layer reads it, and small helpers. Foundry-free.
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
  str,
  type ItemControls,
  type SheetItemRow,
} from "../../../../core/sheet-logic";
import {
  ATTRIBUTE_KEYS,
  CONNECTION_KEYS,
  SKILL_KEYS,
  findAdvantage,
  findDisadvantage,
  isWoundLevel,
  type AttributeKey,
  type CharacterTraits,
  type ConnectionKey,
  type CooperationLimitRule,
  type CriticalWoundRule,
  type HeldTrait,
  type SkillKey,
  type WornArmour,
  type WoundLevel,
} from "../../rules";

/** Where the sheet's strings are in the language file (lang/en/tales-sheet.json). */
export const ROOT = "POLYVERSE.Tales.Sheet";
/** The names of attributes, skills, connections and wound levels (lang/en/tales.json). */
export const attributeName = (key: string) => `POLYVERSE.Tales.Attribute.${key}`;
export const skillName = (key: string) => `POLYVERSE.Tales.Skill.${key}`;
export const connectionName = (key: string) => `POLYVERSE.Tales.Connection.${key}`;
export const woundName = (key: string) => `POLYVERSE.Tales.Wound.${key}`;

/** Text for a key, with `{placeholders}` filled from `data` (Foundry's `localize`/`format`). */
export type Localize = (key: string, data?: Record<string, string>) => string;

export type SheetItem = SheetItemRow;

export interface Specialisation {
  skill: SkillKey;
  name: string;
  level: number;
}
export interface FavouredAction {
  label: string;
  attribute: AttributeKey;
  skill: SkillKey;
  weapon: string;
  kind: "offence" | "defence";
}
export interface ConnectionState {
  level: number;
  notes: string;
  used: boolean;
}

/** A character's or NPC's `system` as the sheet reads it (the stored fields of data/actors.ts). */
export interface TalesActorSystem {
  attributes: Record<AttributeKey, number>;
  skills: Record<SkillKey, number>;
  specialisations: Specialisation[];
  connections: Record<ConnectionKey, ConnectionState>;
  hp: { value: number };
  essence: { value: number };
  health: { level: WoundLevel; stunned: boolean; unstable: boolean; comaDays: number };
  xp: { earned: number; spent: number };
  combat: { favoured: FavouredAction[]; initiativeModifier: number };
  uses: { lucky: boolean; astrological: boolean };
  details: Record<(typeof DETAIL_FIELDS)[number], string> & { age: number; history: string };
  chargenDone: boolean;
}

/** The identity block's text fields, in the paper sheet's order (age is a number, history rich text). */
export const DETAIL_FIELDS = [
  "gender",
  "height",
  "weight",
  "hair",
  "eyes",
  "clothingStyle",
  "handedness",
  "notableFeatures",
  "significantObject",
  "ambitions",
  "loyalties",
  "commitments",
  "drivingGoal",
] as const;

/** The world settings the sheet's numbers depend on (plain values; the sheet reads the settings). */
export interface SheetSettings {
  criticalWoundRule?: CriticalWoundRule;
  cooperationLimit?: CooperationLimitRule;
  /** Starting points multiplier (1 standard, 2 epic). */
  startingPointsMultiplier?: number;
  /** The most an attribute or skill may reach after character generation. */
  traitCap?: number;
}

export interface CharacterSheetInput {
  name: string;
  img: string;
  /** `tales-character` or `tales-npc`. */
  type: string;
  system: TalesActorSystem;
  items: readonly SheetItem[];
  /** The user may change the actor (inputs and buttons are enabled). */
  editable: boolean;
  isGM: boolean;
  /** The primary tab shown. */
  activeTab?: string;
  /** The history enriched for display. */
  historyHTML?: string;
  settings?: SheetSettings;
  /**
   * The Experience tab's advantage purchase row as the user left it (advantage-xp.ts `AdvantagePick`;
   * the sheet keeps it between renders). None: nothing chosen.
   */
  advantagePick?: {
    key: string;
    points: number;
    variant: string;
    skill: string;
    option: string;
  };
  localize: Localize;
}

/** The item types of each of the sheet's lists. */
export const ITEM_GROUPS = {
  advantages: ["tales-advantage"],
  disadvantages: ["tales-disadvantage"],
  templates: ["tales-template"],
  weapons: ["tales-weapon"],
  armour: ["tales-armour"],
  gear: ["tales-gear"],
  texts: ["tales-text"],
  sanctuary: ["tales-sanctuary"],
} as const satisfies Record<string, readonly string[]>;
export type ItemGroup = keyof typeof ITEM_GROUPS;

/**
 * Whether a character holds items of this type (what a drop onto the sheet may add), and the actor's
 * items of one list in sheet order (core's `itemLists`).
 */
export const { isHeld: isHeldItemType, itemsIn } = itemLists(ITEM_GROUPS);

export { bool, num, str };

export { record };

/**
 * An actor's `system` (a record, as core's `systemRecord` gives it) read as the sheet's plain shape;
 * a missing or malformed field reads as the model's initial value.
 */
export function readActorSystem(system: Record<string, unknown>): TalesActorSystem {
  const connections = record(system.connections);
  const health = record(system.health);
  const xp = record(system.xp);
  const combat = record(system.combat);
  const uses = record(system.uses);
  const details = record(system.details);
  const level = str(health.level);
  return {
    attributes: keyed(ATTRIBUTE_KEYS, system.attributes, 2),
    skills: keyed(SKILL_KEYS, system.skills, 0),
    specialisations: list(system.specialisations).map((s) => {
      const r = record(s);
      return { skill: oneOf(SKILL_KEYS, r.skill, "drive"), name: str(r.name), level: num(r.level) };
    }),
    connections: Object.fromEntries(
      CONNECTION_KEYS.map((k) => {
        const c = record(connections[k]);
        return [k, { level: num(c.level), notes: str(c.notes), used: bool(c.used) }];
      }),
    ) as Record<ConnectionKey, ConnectionState>,
    hp: { value: num(record(system.hp).value, 4) },
    essence: { value: num(record(system.essence).value, 4) },
    health: {
      level: isWoundLevel(level) ? level : "healthy",
      stunned: bool(health.stunned),
      unstable: bool(health.unstable),
      comaDays: num(health.comaDays),
    },
    xp: { earned: num(xp.earned), spent: num(xp.spent) },
    combat: {
      favoured: list(combat.favoured).map((f) => {
        const r = record(f);
        return {
          label: str(r.label),
          attribute: oneOf(ATTRIBUTE_KEYS, r.attribute, "physical"),
          skill: oneOf(SKILL_KEYS, r.skill, "melee"),
          weapon: str(r.weapon),
          kind: oneOf(["offence", "defence"] as const, r.kind, "offence"),
        };
      }),
      initiativeModifier: num(combat.initiativeModifier),
    },
    uses: { lucky: bool(uses.lucky), astrological: bool(uses.astrological) },
    details: {
      ...(Object.fromEntries(DETAIL_FIELDS.map((k) => [k, str(details[k])])) as Record<
        (typeof DETAIL_FIELDS)[number],
        string
      >),
      age: num(details.age, 25),
      history: str(details.history),
    },
    chargenDone: bool(system.chargenDone),
  };
}

/**
 * An advantage or disadvantage item as the rules layer reads it: its skill, else its option, is what
 * it is about; an option that names one of the trait's priced variants is that variant.
 */
export function heldTrait(item: SheetItem, kind: "advantage" | "disadvantage"): HeldTrait {
  const s = item.system;
  const key = str(s.key);
  const option = str(s.option);
  const definition = kind === "advantage" ? findAdvantage(key) : findDisadvantage(key);
  const isVariant = option !== "" && (definition?.variants ?? []).some((v) => v.key === option);
  const specialisation = str(s.skill) || (isVariant ? "" : option);
  return {
    key,
    level: num(s.level),
    ...(isVariant ? { variant: option } : {}),
    ...(specialisation ? { specialisation } : {}),
    ...(str(s.source) === "template" ? { fromTemplate: "template" } : {}),
  };
}

/**
 * The character as the rules layer reads it (traits.ts `CharacterTraits`), without the templates
 * (templates.ts `characterTraits` adds them).
 */
export function traitsOf(system: TalesActorSystem, items: readonly SheetItem[]): CharacterTraits {
  return {
    attributes: { ...system.attributes },
    skills: { ...system.skills },
    connections: Object.fromEntries(CONNECTION_KEYS.map((k) => [k, system.connections[k].level])),
    advantages: itemsIn({ items }, "advantages").map((i) => heldTrait(i, "advantage")),
    disadvantages: itemsIn({ items }, "disadvantages").map((i) => heldTrait(i, "disadvantage")),
  };
}

/** The armour the character wears, as the derived values read it. */
export function wornArmour(items: readonly SheetItem[]): WornArmour[] {
  return itemsIn({ items }, "armour")
    .filter((a) => bool(a.system.equipped))
    .map((a) => {
      const traits = record(a.system.traits);
      return {
        protection: num(a.system.protection),
        modifier: num(a.system.modifier),
        heavy: bool(traits.heavy),
        restrictive: bool(traits.restrictive),
      };
    });
}

/** Heavy weapons in hand (equipped weapons with the Heavy trait). */
export function heavyWeaponsHeld(items: readonly SheetItem[]): number {
  return itemsIn({ items }, "weapons").filter(
    (w) => bool(w.system.equipped) && bool(record(w.system.traits).heavy),
  ).length;
}

export type { ItemControls };

/** Open and delete buttons of an item row (core's, in the ruleset sheet's words). */
export const itemControls = (item: { id: string; name: string }, localize: Localize): ItemControls =>
  coreItemControls(item, localize, ROOT);
