/**
 * Virtually Real actor data models (`virtually-real-character`, `virtually-real-npc`). Stored: the eight
 * attributes, each a capacity and a score (`AGL [2]14/2`); hit points left, and the actor's own size
 * base and Damage Capacity (blank: a human's, from the world settings); Endurance and Ki with their
 * maxima (chapter 1 gives no formula: the GM's numbers); light and Darkness points; unspent Bonus XP;
 * the adrenaline level and whether it turned aggressive; each emotional target's heroic armor for the
 * scene; the conditions marked in their boxes (the rules' `ConditionMark`: severity, group, target,
 * side, table id, letter, when it changes); winded and tired; the intimacies; what the scene's XP
 * reads (the worst wound taken, Basic Combat Training failed); who the character is. Skills,
 * passions, equipment and books are items. Derived values come from the rules layer
 * (`system.derived`, living-logic.ts); `system.hp.max` and `system.light.max` too, for token bars.
 */
import { PolyverseActorModel } from "../../../core/data-model";
import { choice, flag, html, integer, text } from "../../../core/fields";
import { STARTING_LIGHT } from "../rules";
import { virtuallyRealRulesOptions } from "../base/settings";
import {
  CONDITION_GROUPS,
  CONDITION_IDS,
  CONDITION_SEVERITIES,
  CONDITION_SIDES,
  DURATIONS,
  EMOTIONAL_TARGETS,
  HEROIC_VALUES,
  INTIMACY_LEVELS,
  INTIMACY_POLARITIES,
  WOUND_BANDS,
} from "./keys";
import { deriveVirtuallyReal, type LivingSource, type VirtuallyRealDerived } from "./living-logic";

const fields = foundry.data.fields;

const count = (initial = 0, max = 9999) => integer(initial, { min: 0, max });
const keyOrNone = <C extends readonly string[]>(keys: C) => choice(["", ...keys] as const, "");
const list = <F extends foundry.data.fields.DataField.Any>(field: F) =>
  new fields.ArrayField(field, { required: true, nullable: false, initial: [] });
/** A whole number the actor may leave blank (null: the world's default for a human). */
const optionalNumber = (min: number, max: number) =>
  new fields.NumberField({ required: true, nullable: true, integer: true, initial: null, min, max });

/**
 * An attribute: its capacity ([0] for strange creatures, [2] for humans, up to [5]) and its score
 * (indexed on the Experience table for its modifier). Ten gives a human's +2 (the score chapter 1
 * leaves to character creation).
 */
const attribute = () =>
  new fields.SchemaField({
    capacity: integer(2, { min: 0, max: 5 }),
    score: count(10, 999),
  });

/** A pool the GM sizes: what is left and its maximum (chapter 1 gives no formula). */
const pool = () => new fields.SchemaField({ value: count(0, 999), max: count(0, 999) });

/** One marked condition box: the rules' `ConditionMark`, "" where a key is absent. */
const condition = () =>
  new fields.SchemaField({
    severity: choice(CONDITION_SEVERITIES, "major"),
    /** Physical, mental or emotional (a critical condition reaches every roll whatever its group). */
    group: choice(CONDITION_GROUPS, "physical"),
    /** An emotional condition's target. */
    target: keyOrNone(EMOTIONAL_TARGETS),
    /** An emotional mark's side: a wound (a disadvantage) or an armor (an advantage). */
    side: choice(CONDITION_SIDES, "wound"),
    /** The conditions tables' row, when it has one (F, G, P, I, T; X, U, B, N, L, H, the rushes). */
    id: keyOrNone(CONDITION_IDS),
    /** A letter the tables do not define (A, D, V, J, or the GM's). */
    letter: new fields.StringField({ required: true, nullable: false, blank: true, initial: "", max: 3 }),
    /** When it changes ("At Next"). */
    atNext: keyOrNone(DURATIONS),
  });

const emotionalTarget = () =>
  new fields.SchemaField({
    /** Defending an Intimacy: the intimacy level (1, 2 or 4) in the farthest armor box, for the scene. */
    heroic: new fields.NumberField({
      required: true,
      nullable: false,
      integer: true,
      initial: 0,
      choices: [...HEROIC_VALUES],
    }),
  });

const livingSchema = () => ({
  attributes: new fields.SchemaField({
    body: attribute(),
    agility: attribute(),
    appearance: attribute(),
    mind: attribute(),
    logic: attribute(),
    aura: attribute(),
    reflex: attribute(),
    speed: attribute(),
  }),
  /** Hit points left: below 0 too ("negative DC HP"). */
  hp: new fields.SchemaField({ value: integer(12, { min: -9999, max: 9999 }) }),
  health: new fields.SchemaField({
    /** The creature size's base HP, listed for the race (blank: a human's, a world setting). */
    sizeBase: optionalNumber(1, 9999),
    /** Damage Capacity, from the creature size chart (blank: a human's, a world setting). */
    dc: optionalNumber(0, 999),
    /** The weight size a strength feat adds, from the creature size chart (not in chapter 1; blank: 0). */
    weightSize: optionalNumber(-99, 99),
  }),
  /** Endurance points (from Body): spent on retries, arm wrestling, stages. */
  endurance: pool(),
  /** Ki points (from Mind): spent on powers and some Darkness passions. */
  ki: pool(),
  /** Light points: one to begin with ("Beginners Luck"), held to the Aura score. */
  light: new fields.SchemaField({ value: count(STARTING_LIGHT, 999) }),
  /** Darkness points, indexed on the Experience table for the Darkness level. */
  darkness: new fields.SchemaField({ points: count(0, 999) }),
  /** Bonus XP not yet placed in skills (placed at the end of a chapter). */
  bonusXP: new fields.SchemaField({ value: count(0, 9999) }),
  adrenaline: new fields.SchemaField({
    /** The number in the CRIT box: the adrenaline level (0: no rush). */
    level: count(0, 99),
    /** WOUNDS circled: the response turned aggressive. */
    aggressive: flag(),
    /** A Fear response (the X condition's): Sprint gets the bonus. */
    fear: flag(),
  }),
  emotional: new fields.SchemaField({
    violence: emotionalTarget(),
    despair: emotionalTarget(),
    isolation: emotionalTarget(),
    guilt: emotionalTarget(),
  }),
  /** The condition boxes marked, in the order they were marked. */
  conditions: list(condition()),
  state: new fields.SchemaField({
    /** Endurance ran out ("you will be winded"). */
    winded: flag(),
    /** Winded when adrenaline faded: "the serious version of this effect". */
    tired: flag(),
  }),
  /** Things the character values, each toward one emotional target. */
  intimacies: list(
    new fields.SchemaField({
      name: text(),
      target: choice(EMOTIONAL_TARGETS, "violence"),
      polarity: choice(INTIMACY_POLARITIES, "positive"),
      level: choice(INTIMACY_LEVELS, "outer"),
      /** One of the basic intimacies every creature with Aura [1] starts with. */
      basic: flag(),
      /** Declared during a mulligan since the last chapter: it cannot be removed at the next one. */
      mulligan: flag(),
    }),
  ),
  /** What the end of the scene reads for experience. */
  scene: new fields.SchemaField({
    /** The worst wound taken (combat XP). */
    highestWound: choice(WOUND_BANDS, "none"),
    /** A Basic Combat Training check failed, or critically failed (BCT's XP). */
    bctFailed: flag(),
    bctCriticalFailure: flag(),
  }),
  details: new fields.SchemaField({
    ancestry: text(),
    heritage: text(),
    culture: text(),
    occupation: text(),
    biography: html(),
  }),
});
type LivingSchema = ReturnType<typeof livingSchema>;

/** What prepareDerivedData adds (see living-logic.ts). */
interface LivingDerivedData extends Record<string, unknown> {
  derived: VirtuallyRealDerived;
}

abstract class VirtuallyRealLivingModel extends PolyverseActorModel<
  LivingSchema,
  Record<never, never>,
  LivingDerivedData
> {
  static override LOCALIZATION_PREFIXES = ["POLYVERSE.VirtuallyReal.Actor"];

  /** Modifiers, levels, maximum HP, condition dice: `system.derived`, from the rules layer. */
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const items = [...(this.parent?.items ?? [])].map((i) => ({
      id: i.id ?? "",
      name: i.name,
      type: i.type,
      system: i.system as unknown as Record<string, unknown>,
    }));
    const options = virtuallyRealRulesOptions();
    const source = {
      attributes: this.attributes,
      hp: this.hp,
      health: this.health,
      light: this.light,
      darkness: this.darkness,
      adrenaline: this.adrenaline,
      emotional: this.emotional,
      conditions: this.conditions,
    } satisfies Record<keyof LivingSource, unknown>;
    this.derived = deriveVirtuallyReal(source, items, {
      conditions: options.conditions,
      health: options.health,
      human: options.human,
    });
    Object.assign(this.hp, { max: this.derived.hp.max });
    Object.assign(this.light, { max: this.derived.light.max });
  }
}

/** A player character (`virtually-real-character`). */
export class VirtuallyRealCharacterData extends VirtuallyRealLivingModel {
  static override defineSchema() {
    return livingSchema();
  }
}
/** An NPC or creature (`virtually-real-npc`): the sheet writes its skills and attributes as `[2]+3`. */
export class VirtuallyRealNpcData extends VirtuallyRealLivingModel {
  static override defineSchema() {
    return livingSchema();
  }
}
