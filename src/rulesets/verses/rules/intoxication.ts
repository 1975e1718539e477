/**
 * Intoxication, a 'Verses Rules Module ('Verses Core 0.8.5, the sample Rules Module): the drink test,
 * Intoxicated levels 1..5 with their attribute changes and durations, Unconscious at 5, Moribund
 * beyond, Sickened on waking, Hollow Leg and the extended Heightened Metabolism.
 *
 * OPTIONAL: the module is off by default; the Foundry layer gates it (see {@link INTOXICATION_MODULE}).
 * Times are world time in seconds (a drink's timestamp, "now"). Pure functions over a plain state.
 */
import { resolveTest } from "./dice";
import type { ConditionState } from "./conditions";
import type { ActorKind, AttributeKey, Face } from "./types";

/** The module's identity ("Module Properties"). Off by default: it is an optional Rules Module. */
export const INTOXICATION_MODULE = {
  id: "intoxication",
  name: "Intoxication, a 'Verses Rules Module",
  license: "CC BY 4.0",
  /** As printed; the core is v0.8.5 (spec §11.1 #8). */
  compatibility: "'Verses Core v1",
  enabledByDefault: false,
} as const;

/**
 * "a single “standard” drink of alcohol is considered to contain approximately 8ml of ethanol. This
 * equates to a single tankard of ale, 1 glass of wine, or 1 shot of liquor" (Alcohol).
 */
export const STANDARD_DRINK = {
  ethanolMl: 8,
  examples: ["a single tankard of ale", "1 glass of wine", "1 shot of liquor"],
} as const;

/** Half an hour in seconds: the drink window ("# drinks in last 1/2 hour"). */
export const DRINK_WINDOW_SECONDS = 1800;

/** One hour in seconds. */
const HOUR = 3600;

/** One row of "Intoxicated Condition Levels". */
export interface IntoxicationLevelDefinition {
  level: 1 | 2 | 3 | 4 | 5;
  description: string;
  durationHours: number;
  /** Changes to core attributes ("—" = 0). */
  attributes: Readonly<Record<AttributeKey, number>>;
  /** "-1 contest against Charm": dice when resisting Charm (INFERENCE: -1 die). */
  resistCharmDice: number;
  /** Level 5: "the actor gains the Unconscious condition". */
  unconscious: boolean;
}

/**
 * "Intoxicated Condition Levels" (Intoxicated Condition), as printed:
 * 1 Buzzed, 0.5 hour, PRW -1, SOC +1, -1 contest against Charm; 2 Tipsy, 1 hour, PRW -2, SMR -1, -1
 * contest against Charm; 3 Drunk, 2 hours, PRW -3, SMR -2, SOC -1; 4 Heavily Intoxicated, 4 hours,
 * PRW -4, SMR -4, SOC -2, TUF -3; 5 Inebriated, 8 hours, "actor is Unconscious". The text's Buzzed SOC
 * is "+1" (the spec's table lost the sign). The changes flow into derived values (AD from PRW, HP from
 * TUF) when the Foundry layer applies them to the attributes.
 */
export const INTOXICATION_LEVELS: readonly IntoxicationLevelDefinition[] = [
  {
    level: 1,
    description: "Buzzed",
    durationHours: 0.5,
    attributes: { prw: -1, smr: 0, soc: 1, tuf: 0 },
    resistCharmDice: -1,
    unconscious: false,
  },
  {
    level: 2,
    description: "Tipsy",
    durationHours: 1,
    attributes: { prw: -2, smr: -1, soc: 0, tuf: 0 },
    resistCharmDice: -1,
    unconscious: false,
  },
  {
    level: 3,
    description: "Drunk",
    durationHours: 2,
    attributes: { prw: -3, smr: -2, soc: -1, tuf: 0 },
    resistCharmDice: 0,
    unconscious: false,
  },
  {
    level: 4,
    description: "Heavily Intoxicated",
    durationHours: 4,
    attributes: { prw: -4, smr: -4, soc: -2, tuf: -3 },
    resistCharmDice: 0,
    unconscious: false,
  },
  {
    level: 5,
    description: "Inebriated",
    durationHours: 8,
    attributes: { prw: 0, smr: 0, soc: 0, tuf: 0 },
    resistCharmDice: 0,
    unconscious: true,
  },
];

/** The level at which the actor is Unconscious ("If the actor's intoxication level reaches 5"). */
export const UNCONSCIOUS_LEVEL = 5;

/** "On regaining consciousness, the actor has the Sickened condition for 3 hours." */
export const SICKENED_ON_WAKING_HOURS = 3;

const NO_CHANGE: Readonly<Record<AttributeKey, number>> = { prw: 0, smr: 0, soc: 0, tuf: 0 };

/** The row of a level (1..5), or undefined for 0 (sober) and above 5 (Moribund; no row in the table). */
export function intoxicationLevel(level: number): IntoxicationLevelDefinition | undefined {
  return INTOXICATION_LEVELS.find((l) => l.level === level);
}

/** Attribute changes at a level ("Intoxicated Condition Levels"); none at 0, 5 or above. */
export function intoxicationAttributeModifiers(level: number): Readonly<Record<AttributeKey, number>> {
  return intoxicationLevel(level)?.attributes ?? NO_CHANGE;
}

/**
 * Attributes under intoxication. Spec §11.2 #47: a drop can take an attribute to 0 or below (SMR 2 at
 * level 4 is -2); values are not clamped ("some conditions may temporarily reduce them to zero",
 * Rated Values), and `depleted` lists those at 0 or below, whose rooted skills become unusable.
 */
export function intoxicatedAttributes(
  attributes: Readonly<Record<AttributeKey, number>>,
  level: number,
): { attributes: Record<AttributeKey, number>; depleted: AttributeKey[] } {
  const mod = intoxicationAttributeModifiers(level);
  const out: Record<AttributeKey, number> = {
    smr: attributes.smr + mod.smr,
    prw: attributes.prw + mod.prw,
    tuf: attributes.tuf + mod.tuf,
    soc: attributes.soc + mod.soc,
  };
  const depleted = (Object.keys(out) as AttributeKey[]).filter((k) => out[k] <= 0);
  return { attributes: out, depleted };
}

/** How long a level lasts, in seconds (level 1 half an hour ... level 5 eight hours); 0 outside 1..5. */
export function levelDurationSeconds(level: number): number {
  return (intoxicationLevel(level)?.durationHours ?? 0) * HOUR;
}

/**
 * Whether the module's rules apply: "This module defines the new condition Intoxicated for biological
 * actors" and "The following rules apply to human species actors. Other species may have other
 * metabolic reactions". `otherSpecies` (default false) extends them to non-human biologicals.
 */
export function intoxicationApplies(
  kind: ActorKind,
  isHuman: boolean,
  options: { otherSpecies?: boolean } = {},
): boolean {
  return kind === "biological" && (isHuman || options.otherSpecies === true);
}

/** What adds to the drink test. */
export interface IntoxicationResistance {
  tuf: number;
  smr: number;
  /** Hollow Leg allocated dice: "Allocated dice are added to any tests to resist intoxication." */
  hollowLeg?: number;
  /**
   * Heightened Metabolism (module extension): "Allocated dice that are not EX-bound may be added to any
   * tests to resist intoxication." Pass the allocated dice that are not EX-bound.
   */
  heightenedMetabolismUnbound?: number;
}

/**
 * The drink test's pool `(TUF x 2) + SMR` (Intoxication Rules), plus Hollow Leg and unbound
 * Heightened Metabolism dice. Pass the current TUF and SMR (intoxication already applied: the text
 * lets conditions change attributes). Never below 0. TV-C26: TUF 2, SMR 2 -> 6d6.
 */
export function intoxicationPool(r: IntoxicationResistance): number {
  return Math.max(
    0,
    r.tuf * 2 + r.smr + Math.max(0, r.hollowLeg ?? 0) + Math.max(0, r.heightenedMetabolismUnbound ?? 0),
  );
}

/**
 * Drinks whose timestamp lies in the half hour up to `now` (spec §11.2 #48: a sliding window over
 * timestamps): `now - windowSeconds < t <= now`, so a drink exactly half an hour old has left it.
 */
export function drinksInWindow(
  drinkTimes: readonly number[],
  now: number,
  windowSeconds = DRINK_WINDOW_SECONDS,
): number {
  return drinkTimes.filter((t) => t <= now && now - t < windowSeconds).length;
}

/** The outcome of one drink test. */
export interface DrinkOutcome {
  pool: number;
  target: number;
  successes: number;
  passed: boolean;
  /** 0 on a pass, 1 on a failure, 2 on a failure "with zero successes". */
  levelsGained: 0 | 1 | 2;
}

/**
 * Resolve a drink test against `(# drinks in last 1/2 hour)S` (Intoxication Rules): "If the actor
 * fails this test by not meeting the required success target, they incur 1 level of Intoxication ...
 * If they fail the test with zero successes, they incur 2 levels of intoxication."
 * TV-C26: the third drink in 30 minutes -> 3S; failing -> +1 level; 0 successes -> +2.
 */
export function resolveDrinkTest(faces: readonly Face[], target: number): DrinkOutcome {
  const r = resolveTest(faces, target);
  const levelsGained: 0 | 1 | 2 = r.success ? 0 : r.successes === 0 ? 2 : 1;
  return { pool: faces.length, target, successes: r.successes, passed: r.success, levelsGained };
}

/**
 * An actor's intoxication over time.
 * - `level`: 0 sober, 1..5 per the table, above 5 Moribund.
 * - `since`: when the current level's duration started (its gain, the last drink, or the drop to it);
 *   null when sober.
 * - `drinks`: timestamps of recent drinks (only those still in the half-hour window are kept).
 * - `sickenedUntil`: end of the Sickened condition after waking from level 5, or null.
 */
export interface IntoxicationState {
  level: number;
  since: number | null;
  drinks: readonly number[];
  sickenedUntil: number | null;
}

/** A sober actor. */
export const SOBER: IntoxicationState = { level: 0, since: null, drinks: [], sickenedUntil: null };

/** Options of the Intoxication timeline. */
export interface IntoxicationOptions {
  /**
   * Whether an Inebriated (level 5) actor regains consciousness when the 8 hours end. The text gives
   * level 5 a duration but also says the level only drops "if the actor is not unconscious". Default
   * true: after 8 hours the actor wakes (Sickened for 3 hours) and the level drops to 4. False: the
   * actor stays at level 5 until awakened ({@link wakeFromIntoxication}).
   */
  inebriatedWakes?: boolean;
  /** Length of the drink window in seconds (default half an hour). */
  windowSeconds?: number;
}

/**
 * Let time pass (Intoxication Rules): "After the duration, if the actor is not unconscious and no
 * additional alcohol has been consumed, the intoxication level is reduced by 1." Each lower level then
 * runs its own duration. `actorUnconscious` (Unconscious for another reason, the whole time) stops
 * levels 1..4 from dropping. Level 5 ends per `inebriatedWakes`; above 5 (Moribund) nothing changes
 * with time: Survival Rolls decide ({@link stabilizeIntoxication}).
 */
export function advanceIntoxication(
  state: IntoxicationState,
  now: number,
  options: IntoxicationOptions & { actorUnconscious?: boolean } = {},
): IntoxicationState {
  let s = state;
  for (;;) {
    if (s.level <= 0 || s.since === null || s.level > UNCONSCIOUS_LEVEL) break;
    const end = s.since + levelDurationSeconds(s.level);
    if (now < end) break;
    if (s.level === UNCONSCIOUS_LEVEL) {
      if (options.inebriatedWakes === false) break;
      s = {
        ...s,
        level: UNCONSCIOUS_LEVEL - 1,
        since: end,
        sickenedUntil: end + SICKENED_ON_WAKING_HOURS * HOUR,
      };
      continue;
    }
    if (options.actorUnconscious === true) break;
    const level = s.level - 1;
    s = { ...s, level, since: level > 0 ? end : null };
  }
  const windowSeconds = options.windowSeconds ?? DRINK_WINDOW_SECONDS;
  const drinks = s.drinks.filter((t) => now - t < windowSeconds);
  return drinks.length === s.drinks.length ? s : { ...s, drinks };
}

/**
 * The success target of a drink taken at `now`: "the number of standard alcoholic drinks imbibed over
 * the previous half hour", counting this drink (INFERENCE, spec §9.6).
 */
export function drinkTarget(
  state: IntoxicationState,
  now: number,
  options: IntoxicationOptions = {},
): number {
  return drinksInWindow(state.drinks, now, options.windowSeconds ?? DRINK_WINDOW_SECONDS) + 1;
}

/**
 * One drink at `now` with the rolled `faces` (Intoxication Rules): time is advanced to `now`, the
 * target counts the drinks of the last half hour including this one, a failure adds 1 level (2 with
 * zero successes), and the level's duration restarts ("no additional alcohol has been consumed" no
 * longer holds). Drinking never lowers the level.
 */
export function drink(
  state: IntoxicationState,
  now: number,
  faces: readonly Face[],
  options: IntoxicationOptions = {},
): { state: IntoxicationState; outcome: DrinkOutcome } {
  const before = advanceIntoxication(state, now, options);
  const outcome = resolveDrinkTest(faces, drinkTarget(before, now, options));
  const level = before.level + outcome.levelsGained;
  return {
    state: { ...before, level, since: level > 0 ? now : null, drinks: [...before.drinks, now] },
    outcome,
  };
}

/**
 * An Inebriated actor is awakened before the 8 hours end (the Awaken action on an Unconscious actor):
 * "On regaining consciousness, the actor has the Sickened condition for 3 hours"; the level drops to 4
 * (it is no longer unconscious, INFERENCE) and its duration starts now. Other levels: unchanged.
 */
export function wakeFromIntoxication(state: IntoxicationState, now: number): IntoxicationState {
  if (state.level !== UNCONSCIOUS_LEVEL) return state;
  return {
    ...state,
    level: UNCONSCIOUS_LEVEL - 1,
    since: now,
    sickenedUntil: now + SICKENED_ON_WAKING_HOURS * HOUR,
  };
}

/**
 * "If the actor's intoxication level exceeds 5, the actor gains the Moribund condition and must make
 * Survival Rolls as if they had been reduced to 0 HP." When it is no longer Moribund (a Survival Roll
 * or Stabilizing) it stays Unconscious: INFERENCE, the level becomes 5 and its 8 hours start now.
 */
export function stabilizeIntoxication(state: IntoxicationState, now: number): IntoxicationState {
  if (state.level <= UNCONSCIOUS_LEVEL) return state;
  return { ...state, level: UNCONSCIOUS_LEVEL, since: now };
}

/**
 * The conditions intoxication gives at `now` (Intoxicated Condition): Intoxicated with its level from
 * 1; Unconscious at 5 or more; Moribund above 5; Sickened for 3 hours after waking from level 5.
 */
export function intoxicationConditions(state: IntoxicationState, now: number): ConditionState[] {
  const out: ConditionState[] = [];
  if (state.level >= 1) out.push({ id: "intoxicated", level: state.level });
  if (state.level >= UNCONSCIOUS_LEVEL) out.push({ id: "unconscious" });
  if (state.level > UNCONSCIOUS_LEVEL) out.push({ id: "moribund" });
  if (state.sickenedUntil !== null && now < state.sickenedUntil) out.push({ id: "sickened" });
  return out;
}

/** The module's abilities ("Abilities"). */
export const INTOXICATION_ABILITIES: readonly {
  id: "hollowLeg" | "heightenedMetabolism";
  name: string;
  intrinsicFor: readonly ActorKind[];
  extendsCore: boolean;
  text: string;
}[] = [
  {
    id: "heightenedMetabolism",
    name: "Heightened Metabolism",
    intrinsicFor: ["biological"],
    extendsCore: true,
    text: "Identical to the ability Heightened Metabolism in 'Verses Core, with the following addition: Allocated dice that are not EX-bound may be added to any tests to resist intoxication.",
  },
  {
    id: "hollowLeg",
    name: "Hollow Leg",
    intrinsicFor: ["biological"],
    extendsCore: false,
    text: "You can drink like a sailor (who drinks). Allocated dice are added to any tests to resist intoxication.",
  },
];

/** The module's skills ("Skills"): difficulty 3, default Attribute SMR, era-appropriate knowledge. */
export const INTOXICATION_SKILLS: readonly {
  id: string;
  name: string;
  difficulty: 3;
  default: "smr";
  text: string;
}[] = [
  {
    id: "brewing",
    name: "Brewing",
    difficulty: 3,
    default: "smr",
    text: "The era-appropriate knowledge of the brewing of beer: making beer, identifying the ingredients and processes used in a brew, and distinguishing beers.",
  },
  {
    id: "distilling",
    name: "Distilling",
    difficulty: 3,
    default: "smr",
    text: "The era-appropriate knowledge of the distilling of liquor: making liquor, identifying the ingredients and processes used in a distillation, and distinguishing distillations.",
  },
  {
    id: "winemaking",
    name: "Winemaking",
    difficulty: 3,
    default: "smr",
    text: "The era-appropriate knowledge of viticulture and the making of wine: making wine, identifying its ingredients and processes, and distinguishing wines.",
  },
];
