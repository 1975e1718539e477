/**
 * Merits and flaws (rules "Merits and Flaws": 11 merits, 17 flaws) as data: their points and their
 * mechanical effects, and the roll dialog's situational toggles they offer. Pure: no Foundry, no
 * globals. "These lists are not exhaustive": a custom merit or flaw (blank key) has no effects here.
 */
import { isAbilityKey, type AbilityKey } from "./traits";

/** The senses a sense-bound merit or flaw names ("vision, hearing, smell, taste, etc"). */
export const SENSES = ["vision", "hearing", "smell", "taste", "touch"] as const;
export type Sense = (typeof SENSES)[number];
/** Acute Sense's "all senses" option. */
export const ALL_SENSES = "all";

/** The situation a modifier applies in (the roll dialog names it). */
export type Situation =
  /** "All perception rolls ... when using the selected sense" (Acute Sense). */
  | "perceptionWithSense"
  /** "All balance-related rolls (tightropes, narrow ledges, etc)" (Exceptional Balance). */
  | "balance"
  /** "All rolls ... when affected by the flawed sense" (Defective Sense). */
  | "affectedSense"
  /** "All rolls where vision is a factor" (Visually Impaired). */
  | "vision"
  /** "all hearing-related rolls" (Deaf). */
  | "hearing"
  /** "all vision-related rolls" (Blind). */
  | "sight"
  /** "many alertness rolls" (Deaf, Blind). */
  | "alertness"
  /** "when trying to wake up" (Deep Sleeper). */
  | "waking"
  /** "all rolls in the scene" after waking (Deep Sleeper, while `active`). */
  | "groggy"
  /** "all rolls with this ability" (Inept). */
  | "ability"
  /** "ALL rolls while continuing to face their fear" (Phobia, while `active`). */
  | "facingFear";

/** When a toggle starts switched on. */
export type ToggleDefault = "off" | "onForAbility" | "onWhenActive";

/** A mechanical effect, as data. */
export type TraitEffect =
  | {
      type: "difficulty";
      situation: Situation;
      /** Added to the difficulty (negative lowers it). */
      change: number;
      default: ToggleDefault;
      /** Only on action rolls, or on Willpower rolls too ("ALL rolls"). Soak is always difficulty 6. */
      rolls: "action" | "actionAndWillpower";
    }
  | { type: "autoFail"; situation: Situation; default: ToggleDefault; rolls: "action" }
  /** Huge Size: extra boxes at the top of the track with this penalty. */
  | { type: "healthBox"; boxes: number; penalty: number }
  /** Strong Bond: automatic successes on Willpower rolls. */
  | { type: "willpowerAutoSuccess"; successes: number }
  /** A Willpower roll the trait calls for; `difficulty` null: the text gives none (the setting's). */
  | { type: "willpowerRoll"; situation: "causingSuffering" | "facingFear"; difficulty: number | null };

/** What the player chooses when taking it. */
export type TraitOption = "none" | "sense" | "ability" | "subject";

export interface TraitDefinition {
  key: string;
  kind: "merit" | "flaw";
  /** The usual points (cost of a merit, award of a flaw). */
  points: number;
  /** Every value the text allows. */
  pointOptions: readonly number[];
  option: TraitOption;
  effects: readonly TraitEffect[];
}

function def(
  kind: "merit" | "flaw",
  key: string,
  pointOptions: readonly number[],
  option: TraitOption = "none",
  effects: readonly TraitEffect[] = [],
): TraitDefinition {
  return { key, kind, points: pointOptions[0] ?? 0, pointOptions, option, effects };
}

/**
 * The merits and their costs. Acute Sense "2 or 5 points ... Each sense costs 2 points or get all
 * senses for 5 points", -2 difficulty; Ambidexterous 1; Exceptional Balance 1, -2 difficulty; Huge
 * Size 4, "one additional health level at the top of the health chart with 0 penalty"; Strong Bond 4,
 * "one automatic success on all Willpower rolls"; Common Sense, Laser Focus, Early Riser, Mental
 * Mathematician and Timekeeper 1; Eidetic Memory 2.
 */
export const MERITS: readonly TraitDefinition[] = [
  def("merit", "acuteSense", [2, 5], "sense", [
    { type: "difficulty", situation: "perceptionWithSense", change: -2, default: "off", rolls: "action" },
  ]),
  def("merit", "ambidextrous", [1]),
  def("merit", "exceptionalBalance", [1], "none", [
    { type: "difficulty", situation: "balance", change: -2, default: "off", rolls: "action" },
  ]),
  def("merit", "hugeSize", [4], "none", [{ type: "healthBox", boxes: 1, penalty: 0 }]),
  def("merit", "strongBond", [4], "subject", [{ type: "willpowerAutoSuccess", successes: 1 }]),
  def("merit", "commonSense", [1]),
  def("merit", "laserFocus", [1]),
  def("merit", "earlyRiser", [1]),
  def("merit", "mentalMathematician", [1]),
  def("merit", "timekeeper", [1]),
  def("merit", "eideticMemory", [2]),
];

/**
 * The flaws and their awards. Addict "1 or 3 points"; Defective Sense 2, "+2 difficulty when affected
 * by the flawed sense"; Visually Impaired 4, "+2 difficulty" where vision is a factor; Deaf 5, "fail all
 * hearing-related rolls automatically", "many alertness rolls have +3 difficulty"; Mute 6; Blind 8,
 * "fail all vision-related rolls automatically", "alertness rolls have a +3 difficulty"; Short 1;
 * Disfigured 2; Lame 5; Paraplegic "8 or 10 points"; Dark Secret 1; Mistaken Identity 1; Hunted 4;
 * Deep Sleeper 1, "+2 difficulty when trying to wake up", "+1 difficulty to all rolls in the scene";
 * Inept 2, "+2 difficulty to all rolls with this ability"; Soft-Hearted 1, "a difficulty 8 Willpower
 * roll"; Phobia 2, a Willpower roll on meeting the fear (no difficulty given), "+2 difficulty on ALL
 * rolls while continuing to face their fear".
 */
export const FLAWS: readonly TraitDefinition[] = [
  def("flaw", "addict", [1, 3], "subject"),
  def("flaw", "defectiveSense", [2], "sense", [
    { type: "difficulty", situation: "affectedSense", change: 2, default: "off", rolls: "action" },
  ]),
  def("flaw", "visuallyImpaired", [4], "none", [
    { type: "difficulty", situation: "vision", change: 2, default: "off", rolls: "action" },
  ]),
  def("flaw", "deaf", [5], "none", [
    { type: "autoFail", situation: "hearing", default: "off", rolls: "action" },
    { type: "difficulty", situation: "alertness", change: 3, default: "off", rolls: "action" },
  ]),
  def("flaw", "mute", [6]),
  def("flaw", "blind", [8], "none", [
    { type: "autoFail", situation: "sight", default: "off", rolls: "action" },
    { type: "difficulty", situation: "alertness", change: 3, default: "off", rolls: "action" },
  ]),
  def("flaw", "short", [1]),
  def("flaw", "disfigured", [2]),
  def("flaw", "lame", [5]),
  def("flaw", "paraplegic", [8, 10]),
  def("flaw", "darkSecret", [1], "subject"),
  def("flaw", "mistakenIdentity", [1], "subject"),
  def("flaw", "hunted", [4], "subject"),
  def("flaw", "deepSleeper", [1], "none", [
    { type: "difficulty", situation: "waking", change: 2, default: "off", rolls: "action" },
    {
      type: "difficulty",
      situation: "groggy",
      change: 1,
      default: "onWhenActive",
      rolls: "actionAndWillpower",
    },
  ]),
  def("flaw", "inept", [2], "ability", [
    { type: "difficulty", situation: "ability", change: 2, default: "onForAbility", rolls: "action" },
  ]),
  def("flaw", "softHearted", [1], "none", [
    { type: "willpowerRoll", situation: "causingSuffering", difficulty: 8 },
  ]),
  def("flaw", "phobia", [2], "subject", [
    { type: "willpowerRoll", situation: "facingFear", difficulty: null },
    {
      type: "difficulty",
      situation: "facingFear",
      change: 2,
      default: "onWhenActive",
      rolls: "actionAndWillpower",
    },
  ]),
];

/** The definition of a merit key (undefined for a custom one). */
export function findMerit(key: string): TraitDefinition | undefined {
  return MERITS.find((m) => m.key === key);
}

/** The definition of a flaw key (undefined for a custom one). */
export function findFlaw(key: string): TraitDefinition | undefined {
  return FLAWS.find((f) => f.key === key);
}

/** A merit or flaw as a character holds it (the item's fields). */
export interface HeldTrait {
  key: string;
  points?: number;
  /** The chosen sense ("all" for Acute Sense on every sense) or subject. */
  option?: string;
  /** Inept's ability. */
  ability?: string;
  /** A situational flaw in force now (facing the Phobia, groggy after Deep Sleeper). */
  active?: boolean;
}

/**
 * The points a definition asks for with this option: Acute Sense on "all" senses is 5, on one sense
 * 2; otherwise the usual points.
 */
export function defaultPoints(definition: TraitDefinition, option = ""): number {
  if (definition.key === "acuteSense") return option === ALL_SENSES ? 5 : 2;
  return definition.points;
}

/** Health boxes the merits add (Huge Size: one). */
export function extraHealthBoxes(merits: readonly HeldTrait[]): number {
  let boxes = 0;
  for (const m of merits) {
    for (const e of findMerit(m.key)?.effects ?? []) if (e.type === "healthBox") boxes += e.boxes;
  }
  return boxes;
}

/** Automatic successes on Willpower rolls (Strong Bond: one; the merit counts once). */
export function willpowerAutoSuccesses(merits: readonly HeldTrait[]): number {
  let best = 0;
  for (const m of merits) {
    for (const e of findMerit(m.key)?.effects ?? [])
      if (e.type === "willpowerAutoSuccess") best = Math.max(best, e.successes);
  }
  return best;
}

/** The kind of roll the dialog is building. */
export type RollKind = "action" | "willpower" | "soak";

/** One toggle the roll dialog offers. */
export interface SituationalToggle {
  /** Stable and unique in one dialog: `<source key>.<situation>` plus `.<option>` for sense-bound ones. */
  key: string;
  source: "merit" | "flaw";
  sourceKey: string;
  situation: Situation;
  /** The chosen sense, ability or subject, for the label. */
  option?: string;
  /** Added to the difficulty while on (0 for an automatic failure). */
  difficulty: number;
  /** Whether the toggle starts on. */
  on: boolean;
  /** While on, the roll fails automatically. */
  autoFail: boolean;
}

function appliesToRoll(rolls: "action" | "actionAndWillpower", rollKind: RollKind): boolean {
  return rollKind === "action" || (rollKind === "willpower" && rolls === "actionAndWillpower");
}

function toggleFor(
  source: "merit" | "flaw",
  held: HeldTrait,
  effect: Extract<TraitEffect, { type: "difficulty" | "autoFail" }>,
  ability: string | undefined,
): SituationalToggle | null {
  if (effect.situation === "ability") {
    // Inept offers its toggle only on a roll with its ability, switched on.
    if (!held.ability || !isAbilityKey(held.ability) || held.ability !== ability) return null;
  }
  if (effect.situation === "alertness" && ability !== undefined && ability !== "alertness") return null;
  const option = effect.situation === "ability" ? held.ability : held.option || undefined;
  const on =
    effect.default === "onForAbility"
      ? true
      : effect.default === "onWhenActive"
        ? held.active === true
        : false;
  const toggle: SituationalToggle = {
    key: [held.key, effect.situation, ...(option && effect.situation !== "ability" ? [option] : [])].join(
      ".",
    ),
    source,
    sourceKey: held.key,
    situation: effect.situation,
    difficulty: effect.type === "difficulty" ? effect.change : 0,
    on,
    autoFail: effect.type === "autoFail",
  };
  if (option) toggle.option = option;
  return toggle;
}

/**
 * The toggles a roll dialog offers for a character's merits and flaws:
 * - action rolls: every difficulty modifier and automatic failure of the character's merits and
 *   flaws (the alertness ones only on alertness rolls or when the ability is unknown; Acute Sense only
 *   when `attributes` is unknown or includes Perception: "All perception rolls");
 * - Willpower rolls: only those on "all rolls" (Phobia while facing the fear, Deep Sleeper's scene);
 * - soak rolls: none ("soaking damage is always at a difficulty 6").
 * Inept appears only for its own ability, switched on; Phobia's and Deep Sleeper's scene toggles are
 * on when the flaw is `active`; the others start off (the situation is the storyteller's call).
 * Duplicate keys (the same merit twice) are offered once.
 */
export function situationalModifiers({
  merits = [],
  flaws = [],
  ability,
  attributes,
  rollKind,
}: {
  merits?: readonly HeldTrait[];
  flaws?: readonly HeldTrait[];
  /** The roll's ability key, if any. */
  ability?: string;
  /** The roll's attribute keys, if known. */
  attributes?: readonly string[];
  rollKind: RollKind;
}): SituationalToggle[] {
  if (rollKind === "soak") return [];
  const toggles: SituationalToggle[] = [];
  const seen = new Set<string>();
  const sources: ["merit" | "flaw", readonly HeldTrait[], (key: string) => TraitDefinition | undefined][] = [
    ["merit", merits, findMerit],
    ["flaw", flaws, findFlaw],
  ];
  for (const [source, held, find] of sources) {
    for (const h of held) {
      for (const effect of find(h.key)?.effects ?? []) {
        if (effect.type !== "difficulty" && effect.type !== "autoFail") continue;
        if (!appliesToRoll(effect.rolls, rollKind)) continue;
        if (effect.situation === "perceptionWithSense" && attributes && !attributes.includes("perception"))
          continue;
        const toggle = toggleFor(source, h, effect, ability);
        if (!toggle || seen.has(toggle.key)) continue;
        seen.add(toggle.key);
        toggles.push(toggle);
      }
    }
  }
  return toggles;
}

/** The total difficulty change and automatic failure of the toggles switched on. */
export function applyToggles(toggles: readonly Pick<SituationalToggle, "difficulty" | "on" | "autoFail">[]): {
  difficulty: number;
  autoFail: boolean;
} {
  let difficulty = 0;
  let autoFail = false;
  for (const t of toggles) {
    if (!t.on) continue;
    difficulty += t.difficulty;
    autoFail ||= t.autoFail;
  }
  return { difficulty, autoFail };
}

/** The ability a flaw is bound to, if it is a valid ability key (Inept). */
export function flawAbility(flaw: HeldTrait): AbilityKey | undefined {
  return flaw.ability && isAbilityKey(flaw.ability) ? flaw.ability : undefined;
}
