/**
 * 'Verses item data models. Each field carries what the rules need as structured data (the rules
 * layer's own shapes), not prose; descriptions are the only rich text.
 */
import { PolyverseItemModel } from "../../../core/data-model";
import { choice, decimal, flag, html, integer, rating, strings, text } from "../../../core/fields";
import { assertJoint } from "./bounds";
import { blankWeaponMode } from "./weapon-modes";

const fields = foundry.data.fields;

const ATTRIBUTES = ["smr", "prw", "tuf", "soc"] as const;
const ACTOR_KINDS = ["biological", "construct", "incorporeal"] as const;
const TEC_GROUPS = ["general", "1", "2", "3", "4", "5"] as const;

/** Weight, value and how many: shared by every physical item. */
const physical = () => ({
  quantity: integer(1, { min: 0 }),
  /** Kilograms for one. */
  weight: decimal(0),
  /** Value in the text's coin, for one. */
  value: decimal(0),
  /** Carried items count toward the load ("Max Carry"); stored ones do not. */
  carried: flag(true),
});

/** Common to every 'Verses item. */
const base = () => ({
  description: html(),
  /** Where the numbers come from, e.g. "'Verses Core 0.8.5". */
  source: text(),
});

// ---- skill ------------------------------------------------------------------------------------

const skillSchema = () => ({
  ...base(),
  /** The family name ("Weapons", "Biology"); the item's own name may add the specialisation. */
  skill: text(),
  /** A fixed or chosen specialisation (`Weapons » Swords`): blank for unspecialised skills. */
  spec: text(),
  difficulty: rating(1),
  default: new fields.SchemaField({
    kind: choice(["attribute", "ability", "skill"], "attribute"),
    attribute: choice(ATTRIBUTES, "smr"),
    ability: text(),
    skill: text(),
    spec: text(),
  }),
  prerequisites: new fields.ArrayField(
    new fields.SchemaField({ kind: choice(["skill", "ability"], "skill"), name: text(), spec: text() }),
    { required: true, nullable: false, initial: [] },
  ),
  repeatable: flag(),
  specialisationHint: text(),
  tec: choice(TEC_GROUPS, "general"),
  category: text(),
  chainLimit: new fields.SchemaField({ mode: choice(["none", "sets", "adds"], "none"), chain: text() }),
  reloadReduction: flag(),
  addsTo: new fields.ArrayField(
    new fields.SchemaField({
      hook: text(),
      mode: choice(["allocated", "skillDice"], "allocated"),
      condition: text(),
    }),
    { required: true, nullable: false, initial: [] },
  ),
  notes: text(),
  /** Dice allocated by this actor (0 = unallocated). */
  allocated: rating(0),
  /** For a General skill: the TEC of the actor's training (0 = the actor's native TEC). */
  trainedTec: integer(0, { min: 0, max: 5 }),
  /** The species' free die (the Human's Language). */
  fromSpecies: flag(),
});
type SkillSchema = ReturnType<typeof skillSchema>;

export class VersesSkillData extends PolyverseItemModel<SkillSchema> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Verses.Skill"];
  static override defineSchema() {
    return skillSchema();
  }
}

// ---- ability ----------------------------------------------------------------------------------

const abilitySchema = () => ({
  ...base(),
  /** The ability's key in the rules layer (`painTolerance`, `sturdy`, ...). */
  key: text(),
  /** Actor kinds that may take it intrinsically. */
  actorKinds: new fields.ArrayField(choice(ACTOR_KINDS, "biological"), {
    required: true,
    nullable: false,
    initial: [],
  }),
  allocated: rating(0),
  /** Granted by an item or an effect rather than bought ("extrinsic"). */
  extrinsic: flag(),
  /** Heightened Metabolism: allocated dice used and EX-bound until Rest. */
  exBound: integer(0, { min: 0, max: 5 }),
});
type AbilitySchema = ReturnType<typeof abilitySchema>;

export class VersesAbilityData extends PolyverseItemModel<AbilitySchema> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Verses.Ability"];
  static override defineSchema() {
    return abilitySchema();
  }
  /** The bounds across fields (see bounds.ts), refused with the rule's words. */
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    assertJoint("verses-ability", data);
  }
}

// ---- weapon -----------------------------------------------------------------------------------

/** A weapon feature with its parameter: Parry(2), Reload(12AD), Sustainable(4, 3), Magazine(30). */
const feature = () => new fields.SchemaField({ name: text(), value: text() });

const weaponMode = () =>
  new fields.SchemaField({
    /** The mode's name for dual weapons ("Cutlass", "Pistol"); blank for a single mode. */
    name: text(),
    /** The skill of this mode, e.g. "Weapons » Swords". */
    skill: text(),
    /** The TEST: "1S" (melee), "2S@10m,20,30,40,50", "2S@3m,2", "1S@5m,10 (indirect)". */
    test: text("1S"),
    /** HP/SM as the text prints it: "3(s)", "2(p) or 1(s)". */
    damage: text(),
    hands: integer(1, { min: 0, max: 2 }),
    features: new fields.ArrayField(feature(), { required: true, nullable: false, initial: [] }),
    /** Area damage, e.g. "12(b)HP@2m,3,4" (blank for none). */
    area: text(),
    indirect: flag(),
    /** HP/SM when thrown, where the listing says so ("A dagger always produces puncturing (p)
     * damage when thrown": "1(p)"); blank: the mode's damage. */
    thrownDamage: text(),
  });

const weaponSchema = () => ({
  ...base(),
  ...physical(),
  /**
   * The weapon's name in the text ("Longbow"), which ammunition lists and rules look it up by, so
   * a translated or renamed item still finds its ammunition; blank: the item's name.
   */
  key: text(),
  tec: integer(1, { min: 1, max: 5 }),
  /** One mode, or several for dual weapons (the Pistol Cutlass, the Double-Barrel's both barrels). */
  modes: new fields.ArrayField(weaponMode(), {
    required: true,
    nullable: false,
    // A complete mode: an array's initial value is not cleaned element by element.
    initial: () => [blankWeaponMode()],
  }),
  /** Ammunition this weapon takes ("Lead Ball"), blank for none. */
  ammunition: text(),
  magazine: new fields.SchemaField({
    size: integer(0, { min: 0 }),
    loaded: integer(0, { min: 0 }),
    /** The ammunition loaded, by name ("Broadhead Bolt"); blank when empty. */
    ammo: text(),
    /** Its "Dmg+" as written ("+2(s)"), read by `parseAmmoEffect` when the weapon fires. */
    effect: text(),
    /** AD paid so far towards a reload: "These AD may be divided between rounds". */
    paid: integer(0, { min: 0 }),
  }),
  equipped: flag(),
});
type WeaponSchema = ReturnType<typeof weaponSchema>;

export class VersesWeaponData extends PolyverseItemModel<WeaponSchema> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Verses.Weapon"];
  static override defineSchema() {
    return weaponSchema();
  }
  /** The bounds across fields (see bounds.ts), refused with the rule's words. */
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    assertJoint("verses-weapon", data);
  }
}

// ---- armour and shields ------------------------------------------------------------------------

const armourSchema = () => ({
  ...base(),
  ...physical(),
  tec: integer(1, { min: 1, max: 5 }),
  class: choice(["light", "medium", "heavy", "shield"], "light"),
  tuf: integer(0, { min: 0 }),
  /** Resistance as the text prints it: "b", "s ⇒ c, p", "(s, p) ⇒ c, r". */
  resistance: text(),
  /** PRW PENALTY as listed (0 or negative). */
  prwPenalty: integer(0, { max: 0 }),
  hands: integer(0, { min: 0, max: 2 }),
  features: new fields.ArrayField(feature(), { required: true, nullable: false, initial: [] }),
  /** Weight when carried rather than worn, where the text lists it ("Carried Weight"); 0 = same. */
  carriedWeight: decimal(0),
  worn: flag(),
});
type ArmourSchema = ReturnType<typeof armourSchema>;

export class VersesArmourData extends PolyverseItemModel<ArmourSchema> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Verses.Armour"];
  static override defineSchema() {
    return armourSchema();
  }
}

// ---- ammunition -------------------------------------------------------------------------------

const ammunitionSchema = () => ({
  ...base(),
  ...physical(),
  /** The ammunition's name in the text ("Bolt"), which weapons name it by; blank: the item's name. */
  key: text(),
  tec: integer(1, { min: 1, max: 5 }),
  /** The weapons it fits, by their key (their name in the text: "Musket", "Flintlock Pistol"). */
  weapons: strings(),
  /** "Dmg+" as the text prints it: "+2", "+2(s)", or a conversion such as "⇒c" (Bean Bag); read by `parseAmmoEffect`. */
  effect: text(),
});
type AmmunitionSchema = ReturnType<typeof ammunitionSchema>;

export class VersesAmmunitionData extends PolyverseItemModel<AmmunitionSchema> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Verses.Ammunition"];
  static override defineSchema() {
    return ammunitionSchema();
  }
}

// ---- gear -------------------------------------------------------------------------------------

const gearSchema = () => ({
  ...base(),
  ...physical(),
  tec: integer(1, { min: 1, max: 5 }),
  kind: choice(["item", "tool", "supply", "container"], "item"),
  /** A tool's Operational Level (0 = not a tool). */
  ol: integer(0, { min: 0, max: 5 }),
  /** What a tool is for ("First Aid", "Medicine"). */
  toolFor: strings(),
  /** The kind of supplies it holds or is ("medical"), and how many are left. */
  supplyKind: text(),
  supplies: integer(0, { min: 0 }),
  /** Weight per metre instead of each (rope). */
  perMetre: flag(),
});
type GearSchema = ReturnType<typeof gearSchema>;

export class VersesGearData extends PolyverseItemModel<GearSchema> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Verses.Gear"];
  static override defineSchema() {
    return gearSchema();
  }
}

// ---- species ----------------------------------------------------------------------------------

const formula = (initial: string) => text(initial);

const speciesSchema = () => ({
  ...base(),
  key: text(),
  kind: choice(ACTOR_KINDS, "biological"),
  core: new fields.SchemaField({
    smr: rating(2, 1),
    prw: rating(2, 1),
    tuf: rating(2, 1),
    soc: rating(2, 1),
  }),
  /** Derived-attribute formulas as text ("3 + PRW", "TUF × 5", "7m/AD"); blank means the Human one. */
  derived: new fields.SchemaField({
    ad: formula(""),
    cn: formula(""),
    hp: formula(""),
    maxCarry: formula(""),
    mv: formula(""),
    sk: formula(""),
  }),
  liftPerTuf: integer(0, { min: 0 }),
  coreShift: integer(0, { min: 0 }),
  coreVariance: integer(0, { min: 0 }),
  languageDice: integer(0, { min: 0 }),
  recommendedLanguage: text(),
  intrinsicAbilityChoices: new fields.SchemaField({
    count: integer(0, { min: 0 }),
    dicePerAbility: integer(0, { min: 0 }),
    recommended: strings(),
  }),
  /** Abilities every member has, `{ key: dice }`. */
  abilities: new fields.TypedObjectField(integer(0, { min: 0, max: 5 })),
  freeRefinementDice: integer(0, { min: 0 }),
});
type SpeciesSchema = ReturnType<typeof speciesSchema>;

export class VersesSpeciesData extends PolyverseItemModel<SpeciesSchema> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Verses.Species"];
  static override defineSchema() {
    return speciesSchema();
  }
}
