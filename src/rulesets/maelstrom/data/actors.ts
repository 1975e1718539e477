/**
 * Maelstrom actor data models. Stored: the dots of every trait, current and permanent Willpower,
 * the damage marked on the health track, the experience ledger (with what is banked in each
 * trait) and the once-per-turn state of combat. Derived in prepareDerivedData, from the rules
 * layer: the track's boxes, the wound penalty, incapacitation and lift.
 */
import { PolyverseActorModel } from "../../../core/data-model";
import { flag, html, integer, text } from "../../../core/fields";
import { maelstromJointProblems } from "./bounds-logic";
import { deriveLiving, type LivingDerived } from "./living-logic";
import { maelstromSetting } from "../base/settings";

const fields = foundry.data.fields;

/** Dots 0..5: the text describes each attribute from 0 to 5 and gives abilities no other scale. */
const dots = (initial: number) => integer(initial, { min: 0, max: 5 });
/** Whole experience points, never negative. */
const points = (initial = 0) => integer(initial, { min: 0, max: 100000 });

type Whole = ReturnType<typeof integer>;
/**
 * One whole-number field per attribute and per ability (written out: fvtt-types infers a schema's
 * data only from a literal shape; data.test checks the keys against the rules' lists).
 */
const attributeFields = (field: () => Whole) => ({
  strength: field(),
  precision: field(),
  reflexes: field(),
  perception: field(),
  intelligence: field(),
  wits: field(),
});
const abilityFields = (field: () => Whole) => ({
  alertness: field(),
  athletics: field(),
  investigation: field(),
  melee: field(),
  performance: field(),
  stealth: field(),
  streetwise: field(),
  technology: field(),
  artistry: field(),
  driving: field(),
  firearms: field(),
  heavyWeapons: field(),
  piloting: field(),
  remoteWeapons: field(),
  survival: field(),
  tradecraft: field(),
  computerScience: field(),
  engineering: field(),
  humanities: field(),
  manufacturing: field(),
  medicine: field(),
  science: field(),
  statecraft: field(),
  navigation: field(),
});

const characterSchema = () => ({
  /** "All characters have at least one dot in all attributes": a new character starts at 1. */
  attributes: new fields.SchemaField(attributeFields(() => dots(1))),
  /** "all abilities start with zero dots". */
  abilities: new fields.SchemaField(abilityFields(() => dots(0))),
  willpower: new fields.SchemaField({
    /** The permanent rank, "on a scale from 1 to 10"; "All characters start with 3 dots". */
    max: integer(3, { min: 1, max: 10 }),
    /** The current rank, spent and recovered; never above the permanent rank. */
    value: integer(3, { min: 0, max: 10 }),
    /** At zero Willpower, the incapacitation resolved by a turn fully out of combat (the rank stays 0). */
    rallied: flag(),
  }),
  /** Damage levels marked, by type (drawn aggravated on top, then lethal, then bashing). */
  health: new fields.SchemaField({
    bashing: integer(0, { min: 0, max: 40 }),
    lethal: integer(0, { min: 0, max: 40 }),
    aggravated: integer(0, { min: 0, max: 40 }),
    /** Fatal damage taken. */
    dead: flag(),
  }),
  xp: new fields.SchemaField({
    /** Experience earned in all (the starting experience included). */
    total: points(30),
    /** Points neither banked nor spent. */
    available: points(30),
    /** Points spent on traits (from the bank or available). */
    spent: points(0),
    /** Points banked in one trait, spent only on it (an ability's also on its specialties). */
    bank: new fields.SchemaField({
      attributes: new fields.SchemaField(attributeFields(() => points(0))),
      abilities: new fields.SchemaField(abilityFields(() => points(0))),
      willpower: points(0),
    }),
  }),
  /** What lasts a turn in combat. */
  combat: new fields.SchemaField({
    /** Willpower spent to roll the next action without a wound penalty. */
    ignoreWounds: flag(),
    /** Where it was spent ("<combat id>:<round>"): once per turn. */
    ignoreWoundsRound: text(),
    /** The token this character aimed at or shot at, and when ("<combat id>:<round>"). */
    aimedAt: text(),
    aimedRound: text(),
  }),
  details: new fields.SchemaField({
    concept: text(),
    player: text(),
    biography: html(),
  }),
});
type CharacterSchema = ReturnType<typeof characterSchema>;

/** What prepareDerivedData adds (see living-logic.ts). */
interface LivingDerivedData extends Record<string, unknown> {
  derived: LivingDerived;
}

/** A character or NPC: the same traits, track and ledger. */
abstract class MaelstromLivingModel extends PolyverseActorModel<
  CharacterSchema,
  Record<never, never>,
  LivingDerivedData
> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.Maelstrom.Actor"];
  static override defineSchema() {
    return characterSchema();
  }
  /** The bounds across fields (see bounds-logic.ts), refused with the rule's words. */
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = maelstromJointProblems("maelstrom-character", data);
    if (problems.length) throw new Error(problems.join(" "));
  }

  /**
   * The track's boxes with their marks, the wound penalty, incapacitation, broken Willpower and
   * lift, in `system.derived` (the track from the `woundPenalties` setting and a Huge Size merit).
   */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const items = this.parent?.items;
    const hugeSize = !!items?.some(
      (i) => i.type === "maelstrom-merit" && (i.system as { key?: unknown }).key === "hugeSize",
    );
    this.derived = deriveLiving(this, { woundPenalties: maelstromSetting("woundPenalties"), hugeSize });
  }
}

/** A player character (`maelstrom-character`). */
export class MaelstromCharacterData extends MaelstromLivingModel {}
/** A storyteller character (`maelstrom-npc`). */
export class MaelstromNpcData extends MaelstromLivingModel {}
