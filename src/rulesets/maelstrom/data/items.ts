/**
 * Maelstrom item data models: specialties bound to their ability, merits and flaws with their
 * points, weapons with the text's columns, armour with its soak ratings, and the abilities as
 * reference entries. Descriptions are the only rich text.
 */
import { PolyverseItemModel } from "../../../core/data-model";
import { choice, flag, html, integer, strings, text } from "../../../core/fields";
import { ABILITY_KEYS, ATTRIBUTE_KEYS, CATEGORY_KEYS, DAMAGE_TYPES } from "./trait-keys";
import { maelstromJointProblems } from "./bounds-logic";

const fields = foundry.data.fields;

// ---- specialty --------------------------------------------------------------------------------

const specialtySchema = () => ({
  /** "Each specialty is connected to a single ability". */
  ability: choice(ABILITY_KEYS, "alertness"),
  /** General (no penalty without it) or advanced (a required one adds a threshold without it). */
  kind: choice(["general", "advanced"], "general"),
  /** The subject of a templated specialty ("Urban" for Terrain, a language, a system). */
  subject: text(),
  description: html(),
});
export class MaelstromSpecialtyData extends PolyverseItemModel<ReturnType<typeof specialtySchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Maelstrom.Specialty"];
  static override defineSchema() {
    return specialtySchema();
  }
}

// ---- merit and flaw ---------------------------------------------------------------------------

const traitPoints = () => integer(0, { min: 0, max: 20 });
const meritSchema = () => ({
  /** The rules' id of a merit or flaw from the text ("acuteSense"); blank for a custom one. */
  key: text(),
  /** The experience it costs (a merit) or awards (a flaw). */
  points: traitPoints(),
  /** The values the text offers where it offers several ("2 or 5 points"). */
  pointOptions: new fields.ArrayField(traitPoints(), { required: true, nullable: false, initial: [] }),
  /** The choice it names: the sense, the substance, the fear. */
  option: text(),
  description: html(),
});
export class MaelstromMeritData extends PolyverseItemModel<ReturnType<typeof meritSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Maelstrom.Merit"];
  static override defineSchema() {
    return meritSchema();
  }
}

const flawSchema = () => ({
  ...meritSchema(),
  /** The ability it is bound to (Inept), or blank. */
  ability: choice(["", ...ABILITY_KEYS], ""),
  /** A situational flaw in force now (facing the phobia, groggy after Deep Sleeper). */
  active: flag(),
});
export class MaelstromFlawData extends PolyverseItemModel<ReturnType<typeof flawSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Maelstrom.Merit", "POLYVERSE.Maelstrom.Flaw"];
  static override defineSchema() {
    return flawSchema();
  }
}

// ---- weapon -----------------------------------------------------------------------------------

const weaponSchema = () => ({
  /** The text's name, what other data looks the weapon up by (blank: the item's name). */
  key: text(),
  category: choice(["ranged", "melee"], "ranged"),
  /** The ability the attack rolls with its attribute. */
  ability: choice(ABILITY_KEYS, "firearms"),
  /** The table's Damage: levels (or dice) before successes; melee adds Strength. */
  damage: integer(0, { min: 0, max: 30 }),
  /** Melee damage is "Strength + N". */
  addStrength: flag(),
  damageType: choice(DAMAGE_TYPES, "lethal"),
  /** The ranged table's Range, Rate and Capacity ("17+1": a magazine of 17 and one chambered). */
  range: integer(0, { min: 0, max: 100000 }),
  rate: integer(0, { min: 0, max: 100 }),
  capacity: new fields.SchemaField({
    magazine: integer(0, { min: 0, max: 1000 }),
    chamber: integer(0, { min: 0, max: 1 }),
  }),
  /** Rounds loaded now. */
  loaded: integer(0, { min: 0, max: 1001 }),
  /** "weapons which explicitly ignore" the Reflexive Action Penalty. */
  ignoresReflexivePenalty: flag(),
  description: html(),
});
export class MaelstromWeaponData extends PolyverseItemModel<ReturnType<typeof weaponSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Maelstrom.Weapon"];
  static override defineSchema() {
    return weaponSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = maelstromJointProblems("maelstrom-weapon", data);
    if (problems.length) throw new Error(problems.join(" "));
  }
}

// ---- armour -----------------------------------------------------------------------------------

const soakRating = () => integer(0, { min: 0, max: 10 });
const armorSchema = () => ({
  /** Dice added to Strength when soaking bashing damage ("any bonus from their armor"). */
  bashing: soakRating(),
  /** The soak pool against lethal damage ("only the armor's rating is used"). */
  lethal: soakRating(),
  /** The soak pool against the aggravated damage this armour stops. */
  aggravated: soakRating(),
  equipped: flag(true),
  description: html(),
});
export class MaelstromArmorData extends PolyverseItemModel<ReturnType<typeof armorSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Maelstrom.Armor"];
  static override defineSchema() {
    return armorSchema();
  }
}

// ---- ability (reference) ----------------------------------------------------------------------

const abilitySchema = () => ({
  key: choice(ABILITY_KEYS, "alertness"),
  category: choice(CATEGORY_KEYS, "talent"),
  /** The text's common attributes (none listed: "Varies"). */
  attributes: new fields.ArrayField(choice(ATTRIBUTE_KEYS, "strength"), {
    required: true,
    nullable: false,
    initial: [],
  }),
  /** The suggested specialties, for reference (the specialties pack holds them as items). */
  advanced: strings(),
  general: strings(),
  description: html(),
});
export class MaelstromAbilityData extends PolyverseItemModel<ReturnType<typeof abilitySchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Maelstrom.Ability"];
  static override defineSchema() {
    return abilitySchema();
  }
}
