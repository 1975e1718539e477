/**
 * 'Verses actor data models. Stored: what a player sets or the table changes (attributes, HP,
 * spent and EX-bound AD, advancement, biography). Derived in prepareDerivedData, from the rules
 * layer: effective attributes, the species' derived attributes (AD, CN, HP, Max Carry, MV, SK),
 * overload, AD after conditions, Skillfulness used, and the dice each attribute test starts with.
 */
import { PolyverseActorModel } from "../../../core/data-model";
import { choice, decimal, html, integer, rating, strings, text } from "../../../core/fields";
import {
  adSpentForBar,
  deriveLiving,
  type LivingDerived,
  type LivingOwner,
  type LivingSource,
} from "./living";
import { MODIFIER_LIMIT, assertJoint, boundLivingUpdate, desperateRallyUpdate } from "./bounds";
import { versesMaxPool, versesOption } from "../base/settings";

const fields = foundry.data.fields;
const ACTOR_KINDS = ["biological", "construct", "incorporeal"] as const;

/** Active Effects change these (mode ADD): they are never set by hand. */
const modifier = () => integer(0, { min: -MODIFIER_LIMIT, max: MODIFIER_LIMIT });
const modifiers = () =>
  new fields.SchemaField({
    ad: modifier(),
    hp: modifier(),
    attributes: new fields.SchemaField({
      smr: modifier(),
      prw: modifier(),
      tuf: modifier(),
      soc: modifier(),
    }),
    /** Dice added to (or taken from) every test rooted in an attribute, and to all tests. */
    dice: new fields.SchemaField({
      smr: modifier(),
      prw: modifier(),
      tuf: modifier(),
      soc: modifier(),
      all: modifier(),
    }),
  });

const trait = () =>
  new fields.SchemaField({ mental: text(), functional: text(), social: text(), physical: text() });

const livingSchema = () => ({
  kind: choice(ACTOR_KINDS, "biological"),
  /** Core attributes as set (1..5): "Core attributes are never set to 0". */
  attributes: new fields.SchemaField({
    smr: rating(2, 1),
    prw: rating(2, 1),
    tuf: rating(2, 1),
    soc: rating(2, 1),
  }),
  hp: new fields.SchemaField({ value: integer(10, { min: 0 }) }),
  /** The round's Action Dice: spent, EX-bound and reserved (Fast Action). */
  ad: new fields.SchemaField({
    spent: integer(0, { min: 0 }),
    exBound: integer(0, { min: 0 }),
    reserved: new fields.SchemaField({
      await: integer(0, { min: 0 }),
      dodge: integer(0, { min: 0 }),
      parry: integer(0, { min: 0 }),
    }),
  }),
  nativeTec: integer(1, { min: 1, max: 5 }),
  advancement: new fields.SchemaField({
    coreAwarded: integer(0, { min: 0 }),
    refinementAwarded: integer(0, { min: 0 }),
    coreAllocated: integer(0, { min: 0 }),
    refinementAllocated: integer(0, { min: 0 }),
    coreConverted: integer(0, { min: 0 }),
    refinementFromConversion: integer(0, { min: 0 }),
  }),
  details: new fields.SchemaField({
    biography: html(),
    /** The eight traits: Group A and Group B, one per category. */
    traits: new fields.SchemaField({ groupA: trait(), groupB: trait() }),
    /** Answers to the creation prompts. */
    prompts: strings(),
    wealth: rating(0),
    socialRank: rating(0),
    languages: strings(),
  }),
  modifiers: modifiers(),
});
type LivingSchema = ReturnType<typeof livingSchema>;

const stringData = (data: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));

type LivingModelBase = PolyverseActorModel<LivingSchema, Record<never, never>, LivingDerived>;

abstract class VersesLivingData extends PolyverseActorModel<
  LivingSchema,
  Record<never, never>,
  LivingDerived
> {
  static override defineSchema() {
    return livingSchema();
  }

  override prepareDerivedData(): void {
    const actor = this.parent as unknown as LivingOwner;
    const derived = deriveLiving(this as unknown as LivingSource, actor, {
      ...versesOption("armour"),
      maxPool: versesMaxPool(),
      skillfulness: versesOption("skillfulness"),
    });
    Object.assign(this, derived);
    // Token bars read { value, max } objects: HP's maximum and the AD still available.
    Object.assign(this.hp, { max: derived.hpMax });
    Object.assign(this.ad, { value: derived.adAvailable, max: derived.adMax });
  }

  /**
   * HP and AD against the maxima the actor's species, items and effects give it (no field can hold
   * them): HP raised above its maximum is saved as the maximum, and AD spent, bound or reserved
   * beyond the pool is not saved; each with a warning (see `boundLivingUpdate`). HP lowered to the
   * Desperate Rally dice or below unbinds all EX, as the world's `desperateRallyTrigger` reads it
   * (`desperateRallyUpdate`).
   */
  override async _preUpdate(...args: Parameters<LivingModelBase["_preUpdate"]>): Promise<boolean | void> {
    const [changes] = args;
    const result = await super._preUpdate(...args);
    if (result === false) return false;
    const { corrections } = boundLivingUpdate(
      { hp: this._source.hp, ad: this._source.ad, hpMax: this.hpMax, adMax: this.adMax },
      changes as unknown as Record<string, unknown>,
    );
    for (const c of corrections) ui.notifications?.warn(game.i18n!.format(c.key, stringData(c.data)));
    const rally = desperateRallyUpdate(
      { hp: this._source.hp, ad: this._source.ad },
      this.abilities ?? [],
      changes as unknown as Record<string, unknown>,
      versesOption("desperateRally"),
    );
    if (rally.unbound > 0) {
      const name = (this.parent as { name?: string } | null)?.name ?? "";
      ui.notifications?.info(
        game.i18n!.format("POLYVERSE.Verses.DesperateRally.Unbound", { name, ex: String(rally.unbound) }),
      );
    }
    return result;
  }

  /** Editing the AD bar spends or recovers AD; HP is Foundry's usual bar. */
  tokenAttributeUpdate(
    attribute: string,
    value: number,
    isDelta: boolean,
  ): Record<string, unknown> | undefined {
    if (attribute !== "ad") return undefined;
    return {
      "system.ad.spent": adSpentForBar(this as unknown as LivingSource, this.adAvailable, value, isDelta),
    };
  }
}

/** A player or GM character. Without a species item it is Human. */
export class VersesCharacterData extends VersesLivingData {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Verses.Actor"];
}

/** An animal or other creature: its species item (Dog, Horse) gives its formulas and abilities. */
export class VersesCreatureData extends VersesLivingData {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Verses.Actor"];
}

// ---- vehicle ----------------------------------------------------------------------------------

const vehicleSchema = () => ({
  /** Cart, Carriage, Wagon ... as the text names the type. */
  vehicleType: text(),
  tec: integer(1, { min: 1, max: 5 }),
  speedKmh: decimal(0),
  /** Metres per AD. */
  mv: decimal(0),
  cargoM3: decimal(0),
  tuf: integer(0, { min: 0 }),
  resistance: text(),
  hp: new fields.SchemaField({ value: integer(0, { min: 0 }), max: integer(0, { min: 0 }) }),
  weight: decimal(0),
  value: decimal(0),
  /** How many animals draw it, and which actors they are (UUIDs). */
  animals: integer(0, { min: 0 }),
  team: strings(),
  /** The Driving specialisation that drives it. */
  drivingSkill: text(),
  description: html(),
});
type VehicleSchema = ReturnType<typeof vehicleSchema>;

export class VersesVehicleData extends PolyverseActorModel<VehicleSchema> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Verses.Vehicle"];
  static override defineSchema() {
    return vehicleSchema();
  }
  /** HP never above its maximum. */
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    assertJoint("verses-vehicle", data);
  }
}

// ---- society ----------------------------------------------------------------------------------

const societySchema = () => ({
  /** Justice, Mobility, Technology, Tolerance (0..5) and Population (0..5). */
  jst: rating(2),
  mob: rating(2),
  tec: integer(1, { min: 1, max: 5 }),
  tol: rating(2),
  pop: integer(2, { min: 1, max: 5 }),
  description: html(),
});
type SocietySchema = ReturnType<typeof societySchema>;

export class VersesSocietyData extends PolyverseActorModel<SocietySchema> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Verses.Society"];
  static override defineSchema() {
    return societySchema();
  }
}
