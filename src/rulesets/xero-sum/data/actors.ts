/**
 * Xero Sum actor data models. Stored: the RAPID Range (the value is the AMod), the 24 skills (the
 * starred ones from −3), Wound and Resilience Points left, Insight Dice, Morality, the Breaking
 * Point boxes filled, Lasting Wounds, the timers and states of incapacitation, mortal wounds and
 * panic, the Three Words, Complication and Motivation, First Impressions, how the character was
 * made. Derived values (Table 5) come from the rules layer (`system.derived`).
 */
import { PolyverseActorModel } from "../../../core/data-model";
import { choice, flag, html, integer, text } from "../../../core/fields";
import {
  BREAKING_POINTS,
  COMPLICATIONS,
  CREATION_METHODS,
  LASTING_WOUNDS,
  MOTIVATIONS,
  PANICS,
} from "./keys";
import { deriveXeroSum, type XeroSumDerived } from "./living-logic";

const fields = foundry.data.fields;

/** An attribute's AMod: −2 (Lame) to +4 (Human Peak); +5 (Animalistic) for animals and machines. */
const attribute = (max: number) => integer(0, { min: -2, max });
/** A skill's SMod: Table 3 has −3, 0, +1..+4 (−2 and −1 are never defined). */
const SKILL_VALUES = [-3, 0, 1, 2, 3, 4];
/** A starred skill: −3 (Inept) until its first level, which makes it +1. */
const STARRED_VALUES = [-3, 1, 2, 3, 4];
const skill = (starred = false) =>
  new fields.NumberField({
    required: true,
    nullable: false,
    integer: true,
    initial: starred ? -3 : 0,
    choices: starred ? STARRED_VALUES : SKILL_VALUES,
  });
const count = (max = 99) => integer(0, { min: 0, max });
const keyOrNone = <C extends readonly string[]>(keys: C) => choice(["", ...keys] as const, "");
const list = <F extends foundry.data.fields.DataField.Any>(field: F) =>
  new fields.ArrayField(field, { required: true, nullable: false, initial: [] });

/** The 24 skills, written out: fvtt-types infers a schema's data only from a literal shape. */
const skillFields = () => ({
  animalHandling: skill(),
  athletics: skill(),
  barter: skill(),
  demolitions: skill(true),
  driving: skill(),
  farming: skill(),
  generalKnowledge: skill(),
  inspiration: skill(),
  intimidation: skill(),
  manipulation: skill(),
  mechanic: skill(true),
  medicine: skill(),
  meleeCombat: skill(),
  navigation: skill(),
  psychology: skill(true),
  rangedCombat: skill(),
  research: skill(),
  scavenging: skill(),
  sleightOfHand: skill(),
  stealth: skill(),
  survival: skill(),
  tactics: skill(true),
  tinkerer: skill(),
  unarmedCombat: skill(),
});

const livingSchema = (attributeMax: number) => ({
  attributes: new fields.SchemaField({
    rsn: attribute(attributeMax),
    acu: attribute(attributeMax),
    phy: attribute(attributeMax),
    inf: attribute(attributeMax),
    dex: attribute(attributeMax),
  }),
  skills: new fields.SchemaField(skillFields()),
  /** Wound Points left (the maximum is 10 + PHY + DEX). */
  wp: new fields.SchemaField({ value: integer(10, { min: 0, max: 99 }) }),
  /** Resilience Points left (the maximum is 6 + PHY). */
  rp: new fields.SchemaField({ value: integer(6, { min: 0, max: 99 }) }),
  /** Insight Dice held: two at the start of the game, kept between sessions. */
  insight: new fields.SchemaField({ value: integer(2, { min: 0, max: 99 }) }),
  /** Morality: starts at 3 and "can fluctuate" (the SRD gives no rule for it). */
  morality: new fields.SchemaField({ value: integer(3, { min: -10, max: 10 }) }),
  /** Breaking Point stress boxes filled (five boxes). */
  stress: new fields.SchemaField({ value: integer(0, { min: 0, max: 5 }) }),
  /** Lasting Wounds taken (Table 11), permanent; the same wound may be taken twice. */
  lastingWounds: list(choice(LASTING_WOUNDS, "lostEye")),
  state: new fields.SchemaField({
    /** Rounds of incapacitation left (0 RP, a stabilised mortal wound, a stun). */
    incapacitatedRounds: count(),
    /** At 0 WP: dies when `deathRounds` run out unless stabilised. */
    mortallyWounded: flag(),
    deathRounds: count(),
    stabilised: flag(),
    /** Was mortally wounded: heals 1 WP per two days. */
    wasMortallyWounded: flag(),
    dead: flag(),
    /** Rounds of breath held left. */
    breathRounds: count(),
    /** Days without food or water. */
    daysWithoutFood: count(999),
    /** A Panic reaction in force (Table 12) and its rounds. */
    panic: new fields.SchemaField({ key: keyOrNone(PANICS), rounds: count() }),
    /** A Breaking Point reaction in force (Table 13). */
    breakingPoint: keyOrNone(BREAKING_POINTS),
    /** Winded after a failed Sprint: one action fewer next round. */
    winded: flag(),
    blindedRounds: count(),
  }),
  narrative: new fields.SchemaField({
    /** "Three words that describe their core behaviors." */
    threeWords: new fields.SchemaField({ first: text(), second: text(), third: text() }),
    complication: keyOrNone(COMPLICATIONS),
    /** A Complication of the player's own, when `complication` is blank. */
    customComplication: text(),
    motivation: keyOrNone(MOTIVATIONS),
    customMotivation: text(),
    profession: text(),
    apprentice: text(),
    incidentalItem: text(),
    backstory: html(),
  }),
  /** First Impressions: the lasting modifier on every later dealing with that NPC. */
  relationships: list(new fields.SchemaField({ name: text(), cmod: integer(0, { min: -5, max: 1 }) })),
  creation: new fields.SchemaField({
    method: choice(CREATION_METHODS, "backstory"),
    /** Backstory Generation's points, each spent in a step on an attribute or a skill. */
    spends: list(
      new fields.SchemaField({
        step: integer(1, { min: 1, max: 5 }),
        kind: choice(["attribute", "skill"] as const, "skill"),
        key: text(),
      }),
    ),
    done: flag(),
  }),
  /** What the GM adds by hand (a setting's gear, a house rule). */
  bonuses: new fields.SchemaField({
    initiative: integer(0, { min: -10, max: 10 }),
    perception: integer(0, { min: -10, max: 10 }),
    woundPoints: integer(0, { min: -20, max: 20 }),
    resiliencePoints: integer(0, { min: -20, max: 20 }),
    encumbrance: integer(0, { min: -20, max: 20 }),
  }),
});
type LivingSchema = ReturnType<typeof livingSchema>;

/** What prepareDerivedData adds (see living-logic.ts). */
interface LivingDerivedData extends Record<string, unknown> {
  derived: XeroSumDerived;
}

abstract class XeroSumLivingModel extends PolyverseActorModel<
  LivingSchema,
  Record<never, never>,
  LivingDerivedData
> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.XeroSum.Actor"];

  /** Table 5's secondary stats and the attributes after Lasting Wounds, in `system.derived`. */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const items = [...(this.parent?.items ?? [])].map((i) => ({ type: i.type, system: i.system as never }));
    this.derived = deriveXeroSum(this, items);
  }
}

/** A player character (`xero-sum-character`): attributes −2..+4. */
export class XeroSumCharacterData extends XeroSumLivingModel {
  static override defineSchema() {
    return livingSchema(4);
  }
}
/** An NPC, animal or machine (`xero-sum-npc`): attributes up to +5 (Animalistic). */
export class XeroSumNpcData extends XeroSumLivingModel {
  static override defineSchema() {
    return livingSchema(5);
  }
}
