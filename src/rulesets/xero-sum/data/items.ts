/**
 * Xero Sum item data models: weapons with Tables 17–20's columns and characteristics, equipment
 * with Table 21's columns and the bonuses its notes give, Table 8's professions (skill lists) and
 * paradigms (a ready-made character to apply). Condition (Table 14) on anything that can wear out.
 * Descriptions are the only rich text.
 */
import { PolyverseItemModel } from "../../../core/data-model";
import { choice, flag, html, integer, text } from "../../../core/fields";
import {
  ATTRIBUTES,
  BONUS_TARGETS_EXTRA,
  CHARACTERISTICS,
  COMPLICATIONS,
  CONDITIONS,
  MOTIVATIONS,
  RANGE_BANDS,
  RARITIES,
  SKILLS,
  STARRED_SKILLS,
  WEAPON_CATEGORIES,
  WEAPON_CLASSES,
  WEAPON_SKILLS,
} from "./keys";

const fields = foundry.data.fields;
const list = <F extends foundry.data.fields.DataField.Any>(field: F) =>
  new fields.ArrayField(field, { required: true, nullable: false, initial: [] });
const count = (max = 99) => integer(0, { min: 0, max });
const rarity = () => choice(RARITIES, "common");
const condition = () => choice(CONDITIONS, "used");
/** A damage or healing formula's dice: blank, or NdS with S 3 or 6 ("1d6", "2d3"). */
const diceFormula = () =>
  new fields.StringField({
    required: true,
    nullable: false,
    blank: true,
    initial: "",
    validate: (v: unknown) => v === "" || (typeof v === "string" && /^[1-9]d[36]$/.test(v)),
    validationError: "must be blank or dice such as 1d6 or 2d3",
  });

// ---- weapon --------------------------------------------------------------------------------------

const weaponSchema = () => ({
  /** The tables' name as a key (baseballBat); blank for a weapon of the GM's own. */
  key: text(),
  category: choice(WEAPON_CATEGORIES, "melee"),
  /** The skill the attack uses (Melee, Unarmed, Ranged, Athletics, Demolitions*). */
  skill: choice(WEAPON_SKILLS, "meleeCombat"),
  /** The Range column: the band the weapon is made for (rules `rangeModifier`; Close melee weapons reach). */
  range: choice(RANGE_BANDS, "engaged"),
  rarity: rarity(),
  /** "a consistent and a random value, such as 5+1d6" (melee and unarmed add Physicality). */
  damage: new fields.SchemaField({ base: integer(0, { min: 0, max: 30 }), dice: diceFormula() }),
  /** Resilience Point damage as a percentage of Wound Point damage (50, 100, 200). */
  rpPercent: integer(50, { min: 0, max: 300 }),
  enc: count(9),
  ammo: new fields.SchemaField({
    /** The ammunition's rarity ("" when it takes none). */
    rarity: choice(RARITIES, ""),
    /** Rounds in a full clip (0: no ammunition). */
    clip: count(),
    loaded: count(),
    /** Reloads carried ("1d3 reloads" at the start). */
    reloads: count(),
  }),
  /** Table 15's characteristics with their (X), 0 where none is given. */
  characteristics: list(
    new fields.SchemaField({
      key: choice(CHARACTERISTICS, "tracking"),
      value: integer(0, { min: 0, max: 9 }),
    }),
  ),
  /** Pistol or rifle for the Long-range rule (Polyverse's reading of each weapon). */
  weaponClass: choice(WEAPON_CLASSES, "melee"),
  /** Fitted with a scope: a hunting rifle may then fire at Distant range. */
  scoped: flag(),
  condition: condition(),
  /** Readied: the Ready Weapon action was taken (also after a reload or a jam). */
  readied: flag(),
  jammed: flag(),
  equipped: flag(),
  quantity: integer(1, { min: 0, max: 999 }),
  description: html(),
});
export class XeroSumWeaponData extends PolyverseItemModel<ReturnType<typeof weaponSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.XeroSum.Weapon"];
  static override defineSchema() {
    return weaponSchema();
  }
}

// ---- equipment -----------------------------------------------------------------------------------

const BONUS_TARGETS = [...SKILLS, ...BONUS_TARGETS_EXTRA] as const;
const equipmentSchema = () => ({
  key: text(),
  /** "" where Table 21 leaves the cell blank. */
  rarity: choice(RARITIES, ""),
  enc: count(9),
  quantity: integer(1, { min: 0, max: 999 }),
  condition: condition(),
  /** Uses left and the most it holds (the Instant Camera's 6 charges); 0/0 when it has none. */
  charges: new fields.SchemaField({ value: count(), max: count() }),
  /** What it adds, to which check, and when ("when climbing", "at Long or Distant range"). */
  bonuses: list(
    new fields.SchemaField({
      target: choice(BONUS_TARGETS, "perception"),
      value: integer(1, { min: -5, max: 5 }),
      context: text(),
    }),
  ),
  /** Healing over 24 hours: the constant and the dice ("1" and "1d3" for 1+1d3); 0 and "" for none. */
  heal: new fields.SchemaField({ base: integer(0, { min: 0, max: 10 }), dice: diceFormula() }),
  carried: flag(true),
  description: html(),
});
export class XeroSumEquipmentData extends PolyverseItemModel<ReturnType<typeof equipmentSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.XeroSum.Equipment"];
  static override defineSchema() {
    return equipmentSchema();
  }
}

// ---- profession ----------------------------------------------------------------------------------

const professionSchema = () => ({
  /** profession1..profession12 for Table 8's rows (their names are missing from the SRD). */
  key: text(),
  /** Its vocational skills (seven in Table 8). */
  skills: list(choice(SKILLS, "athletics")),
  description: html(),
});
export class XeroSumProfessionData extends PolyverseItemModel<ReturnType<typeof professionSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.XeroSum.Profession"];
  static override defineSchema() {
    return professionSchema();
  }
}

// ---- paradigm ------------------------------------------------------------------------------------

const paradigmSkill = (key: (typeof SKILLS)[number]) =>
  new fields.NumberField({
    required: true,
    nullable: false,
    integer: true,
    initial: STARRED_SKILLS.includes(key) ? -3 : 0,
    choices: STARRED_SKILLS.includes(key) ? [-3, 1, 2, 3, 4] : [-3, 0, 1, 2, 3, 4],
  });
const paradigmSchema = () => ({
  /** The RAPID Range it comes with. */
  attributes: new fields.SchemaField({
    rsn: integer(0, { min: -2, max: 4 }),
    acu: integer(0, { min: -2, max: 4 }),
    phy: integer(0, { min: -2, max: 4 }),
    inf: integer(0, { min: -2, max: 4 }),
    dex: integer(0, { min: -2, max: 4 }),
  }),
  skills: new fields.SchemaField({
    animalHandling: paradigmSkill("animalHandling"),
    athletics: paradigmSkill("athletics"),
    barter: paradigmSkill("barter"),
    demolitions: paradigmSkill("demolitions"),
    driving: paradigmSkill("driving"),
    farming: paradigmSkill("farming"),
    generalKnowledge: paradigmSkill("generalKnowledge"),
    inspiration: paradigmSkill("inspiration"),
    intimidation: paradigmSkill("intimidation"),
    manipulation: paradigmSkill("manipulation"),
    mechanic: paradigmSkill("mechanic"),
    medicine: paradigmSkill("medicine"),
    meleeCombat: paradigmSkill("meleeCombat"),
    navigation: paradigmSkill("navigation"),
    psychology: paradigmSkill("psychology"),
    rangedCombat: paradigmSkill("rangedCombat"),
    research: paradigmSkill("research"),
    scavenging: paradigmSkill("scavenging"),
    sleightOfHand: paradigmSkill("sleightOfHand"),
    stealth: paradigmSkill("stealth"),
    survival: paradigmSkill("survival"),
    tactics: paradigmSkill("tactics"),
    tinkerer: paradigmSkill("tinkerer"),
    unarmedCombat: paradigmSkill("unarmedCombat"),
  }),
  /** Suggested, the player may change them. */
  complication: choice(["", ...COMPLICATIONS] as const, ""),
  motivation: choice(["", ...MOTIVATIONS] as const, ""),
  description: html(),
});
export class XeroSumParadigmData extends PolyverseItemModel<ReturnType<typeof paradigmSchema>> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.XeroSum.Paradigm"];
  static override defineSchema() {
    return paradigmSchema();
  }
}

/** The attribute keys, for sheets iterating a paradigm's RAPID Range. */
export { ATTRIBUTES };
