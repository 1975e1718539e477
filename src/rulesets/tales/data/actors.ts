/**
 * Tales actor data models. Stored: the four attributes, the 40 skills (with named specialisations
 * for Drive and Languages), the six connections, the Hit and Essence Points left, the wound level
 * and what goes with it (stunned, unstable, coma), experience, the identity block of the paper
 * sheet, the four favoured actions and the once-per-game uses. Derived values (the pools' maxima,
 * effective values by wound level, initiative, movement, defence) come from the rules layer.
 */
import { PolyverseActorModel } from "../../../core/data-model";
import { choice, flag, html, integer, text } from "../../../core/fields";
import { ATTRIBUTES, SKILLS, WOUND_LEVELS } from "./keys";
import { deriveLiving, type LivingItem } from "./living-logic";
import type { DerivedValues } from "../rules";
import { talesSetting } from "../base/settings";

const fields = foundry.data.fields;

/** An attribute: "Just as the values on a die range from 1 to 6". */
const attribute = () => integer(2, { min: 1, max: 6 });
/** A skill or connection level: 0 (untrained) to 6; tools may lift a test past it, never the level. */
const level = () => integer(0, { min: 0, max: 6 });
const connection = () =>
  new fields.SchemaField({
    level: integer(0, { min: 0, max: 10 }),
    /** What the connection is: who the allies are, where the territory lies, the fame's field. */
    notes: text(),
    /** "a single die ... once per session": the pool was rolled this session. */
    used: flag(),
  });

/** The 40 skills, written out: fvtt-types infers a schema's data only from a literal shape. */
const skillFields = () => ({
  acrobatics: level(),
  archery: level(),
  athletics: level(),
  brawl: level(),
  block: level(),
  dodge: level(),
  escapeArtist: level(),
  melee: level(),
  survival: level(),
  swimming: level(),
  throw: level(),
  animalKen: level(),
  bearing: level(),
  etiquette: level(),
  intimidation: level(),
  interrogation: level(),
  languages: level(),
  leadership: level(),
  performance: level(),
  riding: level(),
  subterfuge: level(),
  academics: level(),
  appraisal: level(),
  crafts: level(),
  drive: level(),
  firearms: level(),
  medicine: level(),
  occult: level(),
  repair: level(),
  research: level(),
  science: level(),
  stealth: level(),
  awareness: level(),
  cognition: level(),
  empathy: level(),
  focus: level(),
  intuition: level(),
  martialArts: level(),
  meditation: level(),
  spiritKen: level(),
});
const connectionFields = () => ({
  allies: connection(),
  contacts: connection(),
  fame: connection(),
  influence: connection(),
  territory: connection(),
  wealth: connection(),
});

const favouredAction = () =>
  new fields.SchemaField({
    label: text(),
    attribute: choice(ATTRIBUTES, "physical"),
    skill: choice(SKILLS, "melee"),
    /** The weapon item this action uses, if any. */
    weapon: text(),
    kind: choice(["offence", "defence"], "offence"),
  });

const characterSchema = () => ({
  attributes: new fields.SchemaField({
    physical: attribute(),
    social: attribute(),
    mental: attribute(),
    spiritual: attribute(),
  }),
  skills: new fields.SchemaField(skillFields()),
  /** A skill held per subject ("a specific type of vehicle", a language): its own level. */
  specialisations: new fields.ArrayField(
    new fields.SchemaField({ skill: choice(SKILLS, "drive"), name: text(), level: level() }),
    { required: true, nullable: false, initial: [] },
  ),
  connections: new fields.SchemaField(connectionFields()),
  /** Hit Points left (the maximum is Physical + Mental). */
  hp: new fields.SchemaField({ value: integer(4, { min: 0, max: 100 }) }),
  /** Essence Points left (the maximum is Social + Spiritual). */
  essence: new fields.SchemaField({ value: integer(4, { min: 0, max: 100 }) }),
  health: new fields.SchemaField({
    level: choice(WOUND_LEVELS, "healthy"),
    stunned: flag(),
    /** Needs stabilising: 1 Essence and 1 Hit Point a round until a Medicine test succeeds. */
    unstable: flag(),
    /** Days of coma left. */
    comaDays: integer(0, { min: 0, max: 1000 }),
    /** When healing was last tried (world time, seconds), so it is tried once per day, week or month. */
    lastHealAttempt: integer(0, { min: 0 }),
  }),
  xp: new fields.SchemaField({
    earned: integer(0, { min: 0, max: 100000 }),
    spent: integer(0, { min: 0, max: 100000 }),
  }),
  combat: new fields.SchemaField({
    /** "Choose four particular actions that your character will favour during a combat round." */
    favoured: new fields.ArrayField(favouredAction(), { required: true, nullable: false, initial: [] }),
    initiativeModifier: integer(0, { min: -20, max: 20 }),
  }),
  /** "Once per game": Lucky's re-roll, Astrological Sensitivity's forced one. */
  uses: new fields.SchemaField({ lucky: flag(), astrological: flag() }),
  details: new fields.SchemaField({
    gender: text(),
    age: integer(25, { min: 0, max: 1000 }),
    height: text(),
    weight: text(),
    hair: text(),
    eyes: text(),
    clothingStyle: text(),
    handedness: text(),
    notableFeatures: text(),
    significantObject: text(),
    ambitions: text(),
    loyalties: text(),
    commitments: text(),
    drivingGoal: text(),
    history: html(),
  }),
  /** Character generation finished: the sheet stops showing the budgets. */
  chargenDone: flag(),
});
type CharacterSchema = ReturnType<typeof characterSchema>;

/** What prepareDerivedData adds (see living-logic.ts). */
interface LivingDerivedData extends Record<string, unknown> {
  derived: DerivedValues;
}

/** A character or NPC: the same traits, pools and wound level. */
abstract class TalesLivingModel extends PolyverseActorModel<
  CharacterSchema,
  Record<never, never>,
  LivingDerivedData
> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Tales.Actor"];
  static override defineSchema() {
    return characterSchema();
  }

  /**
   * The pools' maxima (HP = Physical + Mental, Essence = Social + Spiritual) and the combat numbers
   * at the current wound level, in `system.derived`, from the actor's items and the world's settings.
   */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const items = [...(this.parent?.items ?? [])].map((i) => ({
      type: i.type,
      system: i.system as never,
    })) as LivingItem[];
    this.derived = deriveLiving(this, items, {
      criticalWoundRule: talesSetting("criticalWoundRule"),
      cooperationLimit: talesSetting("cooperationLimit"),
    });
  }
}

/** A player character (`tales-character`). */
export class TalesCharacterData extends TalesLivingModel {}
/** A Raconteur's character (`tales-npc`). */
export class TalesNpcData extends TalesLivingModel {}
