/**
 * Tales item data models: the skills as reference entries, advantages and disadvantages with their
 * levels, the occupation and culture templates with their choices, weapons and armour with the
 * table's columns and traits, gear by category (vehicles and poisons with their cost calculators'
 * inputs), library texts and sanctuary options. Descriptions are the only rich text.
 */
import { PolyverseItemModel } from "../../../core/data-model";
import { choice, flag, html, integer, strings, text } from "../../../core/fields";
import {
  ATTRIBUTES,
  CONNECTIONS,
  GEAR_CATEGORIES,
  RARITIES,
  SANCTUARY_CATEGORIES,
  SKILLS,
  TEMPLATE_TIERS,
  TEXT_KINDS,
} from "./keys";

const fields = foundry.data.fields;
const list = <F extends foundry.data.fields.DataField.Any>(field: F) =>
  new fields.ArrayField(field, { required: true, nullable: false, initial: [] });
const points = () => integer(0, { min: 0, max: 30 });
const skillOrNone = () => choice(["", ...SKILLS], "");

// ---- skill (reference) -------------------------------------------------------------------------

const skillSchema = () => ({
  key: choice(SKILLS, "acrobatics"),
  /** The attribute heading the skill is listed under (the dialog's default pairing). */
  group: choice(ATTRIBUTES, "physical"),
  /** Held per subject (Drive: a type of vehicle; Languages: a language). */
  specialised: flag(),
  description: html(),
});
export class TalesSkillData extends PolyverseItemModel<ReturnType<typeof skillSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Tales.Skill"];
  static override defineSchema() {
    return skillSchema();
  }
}

// ---- advantage and disadvantage ----------------------------------------------------------------

const traitSchema = () => ({
  /** The rules' id ("edge", "addiction"); blank for a custom one. */
  key: text(),
  /** Its level: the trait points it cost (an advantage) or gave (a disadvantage). */
  level: points(),
  /** The levels the text offers where it offers several (Resilient 4 or 10). */
  levelOptions: list(points()),
  /** "1+": any level from 1. */
  variable: flag(),
  /** The skill it names (Edge, Skill Expert), if any. */
  skill: skillOrNone(),
  /** Its other choice: the sense, the culture, the substance, the prohibition, the fear. */
  option: text(),
  /** Where it came from: bought with trait points, a template's, or bought with experience. */
  source: choice(["trait", "template", "xp"], "trait"),
  description: html(),
});
const advantageSchema = () => ({
  ...traitSchema(),
  /** A pool's points left (Dream, Status, Enigma). */
  pool: integer(0, { min: 0, max: 30 }),
});
export class TalesAdvantageData extends PolyverseItemModel<ReturnType<typeof advantageSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Tales.Trait", "POLYVERSE.Tales.Advantage"];
  static override defineSchema() {
    return advantageSchema();
  }
}
const disadvantageSchema = () => ({
  ...traitSchema(),
  /** Addiction to an illegal substance (+3 points). */
  illegal: flag(),
  /** A situational disadvantage in force now (the phobia present, the curse broken, alone). */
  active: flag(),
});
export class TalesDisadvantageData extends PolyverseItemModel<ReturnType<typeof disadvantageSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Tales.Trait", "POLYVERSE.Tales.Disadvantage"];
  static override defineSchema() {
    return disadvantageSchema();
  }
}

// ---- template ----------------------------------------------------------------------------------

/** One of the text's "X (or Y)" choices: the keys to choose from, how many, and the level each gets. */
const skillSlot = () =>
  new fields.SchemaField({
    options: list(choice(SKILLS, "acrobatics")),
    count: integer(1, { min: 1, max: 4 }),
    level: integer(1, { min: 1, max: 6 }),
  });
/** An advantage or disadvantage slot: its options (key, level, the skill it names or a choice of skills). */
const traitSlot = () =>
  new fields.SchemaField({
    options: list(
      new fields.SchemaField({ key: text(), level: points(), skills: list(choice(SKILLS, "acrobatics")) }),
    ),
  });
const templateSchema = () => ({
  /** The rules layer's template ("bureaucratHobby"); blank for a Raconteur's own, read from its slots. */
  key: text(),
  kind: choice(["occupation", "culture"], "occupation"),
  /** The occupation or culture ("Bureaucrat", "Military"). */
  group: text(),
  tier: choice(TEMPLATE_TIERS, "hobby"),
  /** Trait points: 5, 10 or 15. */
  cost: integer(5, { min: 0, max: 30 }),
  skills: list(skillSlot()),
  connections: list(new fields.SchemaField({ key: choice(CONNECTIONS, "allies"), level: points() })),
  advantages: list(traitSlot()),
  disadvantages: list(traitSlot()),
  description: html(),
});
export class TalesTemplateData extends PolyverseItemModel<ReturnType<typeof templateSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Tales.Template"];
  static override defineSchema() {
    return templateSchema();
  }
}

// ---- weapon and armour -------------------------------------------------------------------------

const physicalItem = () => ({
  /** The table's name, what other data looks the item up by (blank: the item's name). */
  key: text(),
  /** The table's group ("Crude Weapons", "Military Protective Equipment"). */
  group: text(),
  rarity: choice(RARITIES, "common"),
  /** Gear points. */
  cost: integer(0, { min: 0, max: 100 }),
  /** The cost as the table prints it when it is not one number ("2 (for 6)", "2/2"). */
  costNote: text(),
  equipped: flag(),
  quantity: integer(1, { min: 0, max: 10000 }),
  description: html(),
});
const weaponSchema = () => ({
  ...physicalItem(),
  /** The table's Damage ("+4": the strength of the blow). */
  damage: integer(0, { min: 0, max: 30 }),
  /** Damage as printed when it is not a number ("Special"). */
  damageNote: text(),
  /** The table's Modifier, added to the attack. */
  modifier: integer(0, { min: -10, max: 10 }),
  skill: choice(SKILLS, "melee"),
  attribute: choice(ATTRIBUTES, "physical"),
  traits: new fields.SchemaField({
    /** Auto (X): up to X extra bullets, each +1 damage and −1 to the attack; 0 = none. */
    auto: integer(0, { min: 0, max: 50 }),
    clumsy: flag(),
    entangle: flag(),
    fragile: flag(),
    heavy: flag(),
    incendiary: flag(),
    /** Range (X) in metres: short to X, medium to 2X, long to 4X; 0 = a close weapon. */
    range: integer(0, { min: 0, max: 10000 }),
    /** Reach in metres; 0 = none. */
    reach: integer(0, { min: 0, max: 100 }),
    splitDamage: flag(),
    spray: flag(),
  }),
  /** Broken (a Fragile weapon used to parry). */
  broken: flag(),
});
export class TalesWeaponData extends PolyverseItemModel<ReturnType<typeof weaponSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Tales.Item", "POLYVERSE.Tales.Weapon"];
  static override defineSchema() {
    return weaponSchema();
  }
}
const armourSchema = () => ({
  ...physicalItem(),
  /** Points subtracted from damage (the table prints them negative). */
  protection: integer(0, { min: 0, max: 30 }),
  /** The table's Modifier: taken from Defence while worn (the table prints it negative). */
  modifier: integer(0, { min: 0, max: 10 }),
  traits: new fields.SchemaField({
    heavy: flag(),
    cumbersome: flag(),
    gasMask: flag(),
    radiationCounter: flag(),
    restrictive: flag(),
  }),
});
export class TalesArmourData extends PolyverseItemModel<ReturnType<typeof armourSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Tales.Item", "POLYVERSE.Tales.Armour"];
  static override defineSchema() {
    return armourSchema();
  }
}

// ---- gear, texts, sanctuary --------------------------------------------------------------------

const gearSchema = () => ({
  ...physicalItem(),
  category: choice(GEAR_CATEGORIES, "stuff"),
  /** The skill tools help (+1, +2, or a re-roll for elite tools). */
  skill: skillOrNone(),
  /** A vehicle's calculator inputs: speed and range steps, extra cargo and seats, an aircraft, hidden compartments. */
  vehicle: new fields.SchemaField({
    speed: integer(0, { min: 0, max: 6 }),
    range: integer(0, { min: 0, max: 7 }),
    extraCargo: integer(0, { min: 0, max: 20 }),
    extraSeats: integer(0, { min: 0, max: 20 }),
    aircraft: flag(),
    hiddenCompartments: integer(0, { min: 0, max: 10 }),
  }),
  /** A poison's rating (non-lethal: attribute points lost; deadly: the gear points that buy its wounds). */
  poison: new fields.SchemaField({
    rating: integer(0, { min: 0, max: 20 }),
    /** Each round's wound is a medium one (+1 point). */
    strong: flag(),
  }),
});
export class TalesGearData extends PolyverseItemModel<ReturnType<typeof gearSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Tales.Item", "POLYVERSE.Tales.Gear"];
  static override defineSchema() {
    return gearSchema();
  }
}

const textSchema = () => ({
  kind: choice(TEXT_KINDS, "reference"),
  /** Manuscript points (its rarity follows from them and its kind). */
  points: integer(1, { min: 0, max: 20 }),
  /** The skill it teaches or helps research. */
  skill: skillOrNone(),
  /** A black book's flaws on its readers ("addiction", "amnesia", "cursed", "phobia"). */
  flaws: strings(),
  description: html(),
});
export class TalesTextData extends PolyverseItemModel<ReturnType<typeof textSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Tales.Text"];
  static override defineSchema() {
    return textSchema();
  }
}

const sanctuarySchema = () => ({
  key: text(),
  category: choice(SANCTUARY_CATEGORIES, "size"),
  /** Lodging points. */
  cost: integer(0, { min: 0, max: 20 }),
  /** An extra on top of a base choice of its category ("+1"), rather than one of the base choices. */
  extra: flag(),
  /** "*": each sharer pays it to benefit. */
  perSharer: flag(),
  description: html(),
});
export class TalesSanctuaryData extends PolyverseItemModel<ReturnType<typeof sanctuarySchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Tales.Sanctuary"];
  static override defineSchema() {
    return sanctuarySchema();
  }
}
