/**
 * Advantages and disadvantages (appendix 3 "ADVANTAGES", "DISADVANTAGES") as data: their points, the
 * priced variants the text gives, and what each changes, as data the glue and the other rules files
 * read. Pure: no Foundry, no globals.
 *
 * A trait's points are its "level": "Each advantage has a value equal to its Trait cost", and the XP
 * table doubles "the level of Advantage" (Lucky (3) costs 6 XP). "1+" traits are levelled: any whole
 * number of points from 1.
 */
import {
  type AdvantageKey,
  type AttributeKey,
  type Checked,
  type DisadvantageKey,
  type HeldTrait,
} from "./traits";

/** The senses a sense-bound trait names (Heightened Sense, Dead Sense, Dulled Sense). */
export const SENSE_KEYS = ["sight", "hearing", "smell", "taste", "touch"] as const;
export type SenseKey = (typeof SENSE_KEYS)[number];

/** What the player names when taking the trait. */
export type TraitSubject =
  | "none"
  | "skill"
  | "sense"
  /** Status: "when dealing with a specific Culture". */
  | "culture"
  /** A person (Companion, Mentor, Dependent, Enemies, Notorious Parent's parent). */
  | "person"
  /** Free text: a code of honour, a prohibition, a phobia, a substance, a hated thing. */
  | "subject";

/** A change that is either fixed or equal to the trait's level ("increased by this value"). */
export type EffectAmount = number | "level";

/** The situations a difficulty or roll modifier applies in. */
export type TraitSituation =
  /** Heightened / Dulled Sense: "when using a specific sense". */
  | "usingSense"
  /** Amnesia: "any Mental tests where memory might be an issue". */
  | "memoryTests"
  /** Coward: "any time they are in a stressful situation, otherwise all rolls are at +3". */
  | "stressWithoutEssence"
  /** Cursed: "if this is broken the difficulty of all tests are increased". */
  | "curseBroken"
  /** Flashbacks: on a 1 at the start of stress, until it runs its course (-1 a turn). */
  | "flashback"
  /** Foreigner: "all social test difficulties ... when dealing with someone for the first time". */
  | "firstMeetingSocial"
  /** Memorable: "Anyone attempting to find information out about you" (their difficulty). */
  | "othersResearchingYou"
  /** Phobia: "when phobia present". */
  | "phobiaPresent"
  /** Social Animal: "Whenever they are alone ... -1 to all rolls". */
  | "alone"
  /** Territorial: "all active actions outside nominated territory". */
  | "outsideTerritory"
  /** Addiction: "for every day away from the substance ... -1 to all tests, cumulative". */
  | "perDayWithoutSubstance"
  /** Focused: "Any penalties for distractions are reduced by 2". */
  | "distractions";

/** A mechanical effect, as data. */
export type TraitEffect =
  /** "+1 to their Social attribute when resisting the effects of other character's skills". */
  | { type: "resistBonus"; attribute: AttributeKey; change: number }
  /** Hardened, Loyalty: "social resilience is ... 2 points higher" (the Social attribute, ambiguity #15). */
  | { type: "resilienceBonus"; situation: "fearOrShock" | "againstLoyalty"; change: number }
  /** Added to the difficulty in the situation (negative lowers it). */
  | { type: "difficulty"; situation: TraitSituation; change: EffectAmount }
  /** Added to the roll in the situation (Social Animal -1, Addiction -1 a day). */
  | { type: "rollModifier"; situation: TraitSituation; change: EffectAmount }
  /** Dead Sense: "Unable to use a specific sense". */
  | { type: "senseUnusable" }
  /** Oblivious: "Always loses initiative". */
  | { type: "initiativeAlwaysLoses" }
  /** Uncoordinated: "only gets a single action die each combat turn". */
  | { type: "actionDice"; dice: number }
  /** Adaptable: "After choosing not to move ... spend an essence point to gain an extra action". */
  | { type: "extraActionForEssence"; condition: "notMoved" }
  /** Ambidextrous: "an extra defensive action each turn as long as the character hasn't moved". */
  | { type: "extraDefensiveAction"; condition: "twoWeaponsNotMoved" }
  /** Deathdealer: "May always roll an extra die when dealing damage". */
  | { type: "extraDamageDie" }
  /** Skill Expert: "Roll two dice when using a specific skill". */
  | { type: "skillDice"; dice: number }
  /** Edge: on a six with the skill, an EP buys the success or "another cumulative d6". */
  | { type: "edgeOnSix" }
  /** Lucky "you may re-roll a test"; Astrological Sensitivity "you may be forced to re-roll". */
  | { type: "reroll"; by: "self" | "raconteur"; per: "game" }
  /**
   * Absorption cost change per absorption (Resilient -1 on its pool, Frail +1 HP, Susceptible +1 EP
   * (ambiguity #14), Poison Resistance -1 EP against poison). The combat helper's damage rules apply it.
   */
  | { type: "absorptionCost"; pool: "hitPoints" | "essence"; change: number; against?: "poison" }
  /** Dream, Status, Enigma: "a reserve of points"; `gate` the d6 a spent point needs to apply (4+). */
  | { type: "pool"; pool: "dream" | "status" | "enigma"; gate?: number; bonus?: number }
  /** Equipment, Library, Sanctuary: 5 points per level, or levels in reserve. */
  | { type: "budget"; points: "gear" | "manuscript" | "lodging"; perLevel: number }
  /** Natural Leader: "Increases the number of people able to be led in group efforts by 1". */
  | { type: "leadershipLimit"; change: number }
  /** Teamwork: "May join a group already at its maximum leadership size". */
  | { type: "joinFullGroup" }
  /** Master Linguist: "a free level in any language chosen". */
  | { type: "freeSkillLevel"; skill: "languages" }
  /** Well Traveled: none of the "-1 to all social tests in foreign lands". */
  | { type: "ignoreForeignPenalty" }
  /** Eidetic Memory: a Yes/No question before any skill test. */
  | { type: "askQuestion" }
  /** Enigma: static difficulties to learn about the character become dynamic, dynamic roll 2 dice. */
  | { type: "obscure" }
  /** Bad Reputation "status is considered halved"; Notorious Parent "three points lower". */
  | { type: "status"; change: "halved" | number; among: "ownCulture" | "knowParent" }
  /** Savage: "1 point less benefit" from tools, or "cannot use tools at all". */
  | { type: "toolBenefit"; change: number | "none" }
  /** Addiction (5): "a light wound every day they go without the substance". */
  | { type: "dailyWound"; wound: "light" }
  /** Time Commitment: roll one die per level on a lengthy task (odds: the test helper). */
  | { type: "timeCommitment" }
  /** An NPC the trait links to (Companion, Mentor, Dependent, Enemies; Hunted's group). */
  | { type: "linkedCharacter"; role: "companion" | "mentor" | "dependent" | "enemy" | "hunters" };

/** A priced option of a trait ("Resilient (4 or 10)", "Addiction (2, 5 or 8)", ...). */
export interface TraitVariant {
  key: string;
  points: number;
  /** Effects this variant adds to the trait's own. */
  effects?: readonly TraitEffect[];
}

export interface TraitDefinition {
  key: AdvantageKey | DisadvantageKey;
  kind: "advantage" | "disadvantage";
  /** "1+": any whole number of points from 1. */
  levelled: boolean;
  /** The usual points (the lowest a levelled trait may take: 1). */
  points: number;
  /** Priced options: when present, one must be chosen and it sets the points. */
  variants?: readonly TraitVariant[];
  subject: TraitSubject;
  effects: readonly TraitEffect[];
  /** Named by a template but never defined (Beauty, Sanctum: ambiguity #12). */
  placeholder?: boolean;
  /** What the placeholder stands for (Sanctum: Sanctuary). */
  sameAs?: AdvantageKey;
}

type Extra = Partial<Pick<TraitDefinition, "variants" | "placeholder" | "sameAs">>;

function adv(
  key: AdvantageKey,
  points: number | "1+",
  subject: TraitSubject = "none",
  effects: readonly TraitEffect[] = [],
  extra: Extra = {},
): TraitDefinition {
  const levelled = points === "1+";
  return { key, kind: "advantage", levelled, points: levelled ? 1 : points, subject, effects, ...extra };
}

function dis(
  key: DisadvantageKey,
  points: number | "1+",
  subject: TraitSubject = "none",
  effects: readonly TraitEffect[] = [],
  extra: Extra = {},
): TraitDefinition {
  const levelled = points === "1+";
  return { key, kind: "disadvantage", levelled, points: levelled ? 1 : points, subject, effects, ...extra };
}

const resist = (attribute: AttributeKey, change: number): TraitEffect => ({
  type: "resistBonus",
  attribute,
  change,
});

/** The 29 advantages and the two placeholders, with the text's costs. */
export const ADVANTAGES: readonly TraitDefinition[] = [
  adv("adaptable", 1, "none", [{ type: "extraActionForEssence", condition: "notMoved" }]),
  adv("ambidextrous", 2, "none", [{ type: "extraDefensiveAction", condition: "twoWeaponsNotMoved" }]),
  adv("charismatic", 3, "none", [resist("social", 1)]),
  adv("companion", "1+", "person", [{ type: "linkedCharacter", role: "companion" }]),
  adv("cunning", 3, "none", [resist("mental", 1)]),
  adv("deathdealer", 6, "none", [{ type: "extraDamageDie" }]),
  adv("dream", "1+", "none", [{ type: "pool", pool: "dream", gate: 4, bonus: 1 }]),
  adv("edge", 2, "skill", [{ type: "edgeOnSix" }]),
  adv("eideticMemory", 4, "none", [{ type: "askQuestion" }]),
  adv("enigma", "1+", "none", [{ type: "pool", pool: "enigma" }, { type: "obscure" }]),
  adv("equipment", "1+", "none", [{ type: "budget", points: "gear", perLevel: 5 }]),
  adv("focused", 2, "none", [{ type: "difficulty", situation: "distractions", change: -2 }]),
  adv("hardened", 2, "none", [{ type: "resilienceBonus", situation: "fearOrShock", change: 2 }]),
  adv("heightenedSense", 2, "sense", [{ type: "difficulty", situation: "usingSense", change: -2 }]),
  adv("library", "1+", "none", [{ type: "budget", points: "manuscript", perLevel: 5 }]),
  adv("lucky", 3, "none", [{ type: "reroll", by: "self", per: "game" }]),
  adv("loyalty", 1, "subject", [{ type: "resilienceBonus", situation: "againstLoyalty", change: 2 }]),
  adv("masterLinguist", 4, "none", [{ type: "freeSkillLevel", skill: "languages" }]),
  adv("mentor", "1+", "person", [{ type: "linkedCharacter", role: "mentor" }]),
  adv("mystic", 3, "none", [resist("spiritual", 1)]),
  adv("naturalLeader", 1, "none", [{ type: "leadershipLimit", change: 1 }]),
  adv("poisonResistance", 1, "none", [
    { type: "absorptionCost", pool: "essence", change: -1, against: "poison" },
  ]),
  adv("resilient", 4, "none", [], {
    variants: [
      { key: "hitPoints", points: 4, effects: [{ type: "absorptionCost", pool: "hitPoints", change: -1 }] },
      { key: "essence", points: 4, effects: [{ type: "absorptionCost", pool: "essence", change: -1 }] },
      {
        key: "both",
        points: 10,
        effects: [
          { type: "absorptionCost", pool: "hitPoints", change: -1 },
          { type: "absorptionCost", pool: "essence", change: -1 },
        ],
      },
    ],
  }),
  adv("sanctuary", "1+", "none", [{ type: "budget", points: "lodging", perLevel: 5 }]),
  adv("skillExpert", 6, "skill", [{ type: "skillDice", dice: 2 }]),
  adv("status", "1+", "culture", [{ type: "pool", pool: "status", gate: 4, bonus: 1 }]),
  adv("teamwork", 2, "none", [{ type: "joinFullGroup" }]),
  adv("tough", 3, "none", [resist("physical", 1)]),
  adv("wellTraveled", 2, "none", [{ type: "ignoreForeignPenalty" }]),
  adv("beauty", 3, "none", [], { placeholder: true }),
  adv("sanctum", "1+", "none", [{ type: "budget", points: "lodging", perLevel: 5 }], {
    placeholder: true,
    sameAs: "sanctuary",
  }),
];

/** The 31 disadvantages with the text's values. */
export const DISADVANTAGES: readonly TraitDefinition[] = [
  dis("addiction", 2, "subject", [], {
    // "Add three points to this disadvantage if the addictive substance is considered Illegal" (#13).
    variants: [
      {
        key: "mild",
        points: 2,
        effects: [{ type: "rollModifier", situation: "perDayWithoutSubstance", change: -1 }],
      },
      { key: "severe", points: 5, effects: [{ type: "dailyWound", wound: "light" }] },
      {
        key: "mildIllegal",
        points: 5,
        effects: [{ type: "rollModifier", situation: "perDayWithoutSubstance", change: -1 }],
      },
      { key: "severeIllegal", points: 8, effects: [{ type: "dailyWound", wound: "light" }] },
    ],
  }),
  dis("amnesia", "1+", "none", [{ type: "difficulty", situation: "memoryTests", change: "level" }]),
  dis("astrologicalSensitivity", 2, "none", [{ type: "reroll", by: "raconteur", per: "game" }]),
  dis("badReputation", 2, "none", [{ type: "status", change: "halved", among: "ownCulture" }]),
  dis("blindLoyalty", 1, "subject"),
  dis("coward", 3, "none", [{ type: "difficulty", situation: "stressWithoutEssence", change: 3 }]),
  dis("criminalRecord", 2, "subject", [], {
    variants: [
      { key: "minor", points: 2 },
      { key: "major", points: 5 },
    ],
  }),
  dis("cursed", "1+", "subject", [{ type: "difficulty", situation: "curseBroken", change: "level" }]),
  dis("deadSense", 3, "sense", [{ type: "senseUnusable" }], {
    variants: [
      { key: "other", points: 3 },
      { key: "deafness", points: 5 },
      { key: "blindness", points: 7 },
    ],
  }),
  dis("dependent", 2, "person", [{ type: "linkedCharacter", role: "dependent" }]),
  dis("depressed", 2, "none", [resist("social", -1)]),
  dis("dulledSense", 1, "sense", [{ type: "difficulty", situation: "usingSense", change: 2 }], {
    variants: [
      { key: "other", points: 1 },
      { key: "hearingOrVision", points: 2 },
    ],
  }),
  dis("duty", 2, "subject"),
  dis("easilyConfused", 2, "none", [resist("mental", -1)]),
  dis("enemies", "1+", "person", [{ type: "linkedCharacter", role: "enemy" }]),
  dis("flashbacks", "1+", "none", [{ type: "difficulty", situation: "flashback", change: "level" }]),
  dis("foreigner", 2, "none", [{ type: "difficulty", situation: "firstMeetingSocial", change: 2 }]),
  dis("frail", 3, "none", [{ type: "absorptionCost", pool: "hitPoints", change: 1 }]),
  dis("hatred", 2, "subject"),
  dis("hunted", 4, "subject", [{ type: "linkedCharacter", role: "hunters" }]),
  dis("memorable", "1+", "none", [
    { type: "difficulty", situation: "othersResearchingYou", change: "level" },
  ]),
  dis("notoriousParent", 2, "person", [{ type: "status", change: -3, among: "knowParent" }]),
  dis("oblivious", 4, "none", [{ type: "initiativeAlwaysLoses" }]),
  dis("phobia", 3, "subject", [{ type: "difficulty", situation: "phobiaPresent", change: 2 }], {
    variants: [
      { key: "mild", points: 3 },
      { key: "mustFlee", points: 6 },
    ],
  }),
  dis("savage", 2, "none", [], {
    variants: [
      { key: "lessBenefit", points: 2, effects: [{ type: "toolBenefit", change: -1 }] },
      { key: "noTools", points: 4, effects: [{ type: "toolBenefit", change: "none" }] },
    ],
  }),
  dis("socialAnimal", 1, "none", [{ type: "rollModifier", situation: "alone", change: -1 }]),
  dis("susceptible", 3, "none", [{ type: "absorptionCost", pool: "essence", change: 1 }]),
  dis("territorial", 3, "none", [{ type: "difficulty", situation: "outsideTerritory", change: 1 }]),
  dis("timeCommitment", "1+", "none", [{ type: "timeCommitment" }]),
  dis("uncoordinated", 7, "none", [{ type: "actionDice", dice: 1 }]),
  dis("weak", 2, "none", [resist("physical", -1)]),
];

/** An advantage's definition, or undefined. */
export function findAdvantage(key: string): TraitDefinition | undefined {
  return ADVANTAGES.find((a) => a.key === key);
}

/** A disadvantage's definition, or undefined. */
export function findDisadvantage(key: string): TraitDefinition | undefined {
  return DISADVANTAGES.find((d) => d.key === key);
}

/** Every points value a trait may take (levelled: 1..`max`). */
export function allowedPoints(def: TraitDefinition, max = 10): readonly number[] {
  if (def.variants) return [...new Set(def.variants.map((v) => v.points))].sort((a, b) => a - b);
  if (def.levelled) return Array.from({ length: max }, (_, i) => i + 1);
  return [def.points];
}

export type HeldTraitProblem =
  "unknownTrait" | "levelNotAllowed" | "variantMissing" | "variantUnknown" | "variantPoints";

/**
 * Checks a held trait against its definition and returns its definition: a known key of the right
 * kind; levelled ones a whole level >= 1; fixed ones exactly their points; priced ones a named variant
 * with its points (a missing variant is allowed when the points pick exactly one).
 */
export function checkHeldTrait(
  held: HeldTrait,
  kind: "advantage" | "disadvantage",
): Checked<TraitDefinition, HeldTraitProblem> {
  const def = kind === "advantage" ? findAdvantage(held.key) : findDisadvantage(held.key);
  if (!def) return { ok: false, reason: "unknownTrait", data: { key: held.key, kind } };
  const level = held.level;
  if (!Number.isInteger(level) || level < 1) {
    return { ok: false, reason: "levelNotAllowed", data: { key: held.key, level } };
  }
  if (def.variants) {
    const variant = resolveVariant(def, held);
    if (variant === "missing") return { ok: false, reason: "variantMissing", data: { key: held.key, level } };
    if (variant === "unknown") {
      return { ok: false, reason: "variantUnknown", data: { key: held.key, variant: held.variant ?? "" } };
    }
    if (variant.points !== level) {
      return { ok: false, reason: "variantPoints", data: { key: held.key, level, points: variant.points } };
    }
    return { ok: true, value: def };
  }
  if (!def.levelled && level !== def.points) {
    return { ok: false, reason: "levelNotAllowed", data: { key: held.key, level, points: def.points } };
  }
  return { ok: true, value: def };
}

function resolveVariant(def: TraitDefinition, held: HeldTrait): TraitVariant | "missing" | "unknown" {
  const variants = def.variants ?? [];
  if (held.variant !== undefined) return variants.find((v) => v.key === held.variant) ?? "unknown";
  const matching = variants.filter((v) => v.points === held.level);
  return matching.length === 1 && matching[0] ? matching[0] : "missing";
}

/** The effects a held trait brings: its own and its variant's (none for an unknown key). */
export function heldTraitEffects(
  held: HeldTrait,
  kind: "advantage" | "disadvantage",
): readonly TraitEffect[] {
  const def = kind === "advantage" ? findAdvantage(held.key) : findDisadvantage(held.key);
  if (!def) return [];
  const variant = def.variants ? resolveVariant(def, held) : undefined;
  const extra = typeof variant === "object" ? (variant.effects ?? []) : [];
  return [...def.effects, ...extra];
}

/** An effect's amount at a level ("level" amounts take the trait's level). */
export function effectAmount(amount: EffectAmount, level: number): number {
  return amount === "level" ? level : amount;
}

/**
 * The resisting bonus on an attribute from every held trait ("+1 to their Social attribute when
 * resisting the effects of other character's skills", Depressed -1, ...).
 */
export function resistModifier(
  advantages: readonly HeldTrait[],
  disadvantages: readonly HeldTrait[],
  attribute: AttributeKey,
): number {
  const sum = (list: readonly HeldTrait[], kind: "advantage" | "disadvantage"): number =>
    list
      .flatMap((h) => heldTraitEffects(h, kind))
      .reduce((s, e) => s + (e.type === "resistBonus" && e.attribute === attribute ? e.change : 0), 0);
  return sum(advantages, "advantage") + sum(disadvantages, "disadvantage");
}

/**
 * The change to absorbing a point of damage with a pool from held traits (Resilient -1; Frail +1 HP;
 * Susceptible +1 EP; Poison Resistance -1 EP against poison only). How it is applied per absorption
 * (setting `resilientMode`) is the damage rules'.
 */
export function absorptionCostChange(
  advantages: readonly HeldTrait[],
  disadvantages: readonly HeldTrait[],
  pool: "hitPoints" | "essence",
  poison = false,
): number {
  const effects = [
    ...advantages.flatMap((h) => heldTraitEffects(h, "advantage")),
    ...disadvantages.flatMap((h) => heldTraitEffects(h, "disadvantage")),
  ];
  return effects.reduce((s, e) => {
    if (e.type !== "absorptionCost" || e.pool !== pool) return s;
    if (e.against === "poison" && !poison) return s;
    return s + e.change;
  }, 0);
}
