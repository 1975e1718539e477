/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): What the special tests share: the plan and result shapes, card lines and sides, refusals, pools, AD spending and bonus parts.
 */
import type { DocumentChange } from "../../../../core/changes-logic";
import { versesFlagPath } from "../../base/flags";
import { adChange, adStateOf } from "../../base/ad-logic";
import type { LivingDerived, LivingSource } from "../../data/living";
import {
  MAX_POOL,
  assemblePool,
  clampBonus,
  type AssembledPool,
  type PoolAddOn,
  type PoolRequest,
} from "../../data/pools";
import {
  spendAD,
  type AbilityContribution,
  type AdRoundState,
  type AttributeKey,
  type ConditionId,
  type RulesMessage,
  type SkillCatalog,
  type SkillPoolOptions,
  type TestOutcome,
} from "../../rules";
import type { PoolPart, VersesRollOptions } from "../../base/pool-view";
import { type RulesLine, rulesLine } from "../../base/rules-message-logic";

/** A living actor's prepared system data (stored fields and derived values). */
export type LivingState = LivingSource & LivingDerived & { nativeTec?: number };

/** Keys chosen by the kind of influence or the survival outcome, written out so the key check sees them. */
export const INFLUENCE_TITLE = {
  charm: "POLYVERSE.Verses.Tests.Influence.charm",
  intimidate: "POLYVERSE.Verses.Tests.Influence.intimidate",
} as const;
export const INFLUENCE_REQUEST = {
  charm: "POLYVERSE.Verses.Tests.Influence.Request.charm",
  intimidate: "POLYVERSE.Verses.Tests.Influence.Request.intimidate",
} as const;
export const SURVIVAL_OUTCOME = {
  recovers: "POLYVERSE.Verses.Tests.Survival.recovers",
  survives: "POLYVERSE.Verses.Tests.Survival.survives",
  dies: "POLYVERSE.Verses.Tests.Survival.dies",
} as const;
export const ATTRIBUTE_ABBR = (a: AttributeKey) => `POLYVERSE.Verses.Attribute.${a}.Abbr`;
export const CONDITION_NAME = (id: ConditionId) => `POLYVERSE.Verses.Condition.${id}`;
export const AD_LABEL = "POLYVERSE.Verses.Pool.AD";
const BONUS_LABEL = "POLYVERSE.Verses.Pool.Bonus";
export const EFFECTS_LABEL = "POLYVERSE.Verses.Pool.Effects";

// ---- plain data the glue applies ---------------------------------------------------------------

export { conditionDetails, updateData } from "../../../../core/changes-logic";
export type { DeltaChange, DocumentChange, StatusChange } from "../../../../core/changes-logic";

/** A localisable line: an i18n key (or literal text) and its values. */
export interface CardLine {
  key: string;
  data?: Record<string, string | number>;
}

/** A refusal: an i18n key and its values. */
export type Planned<T> = { ok: true; value: T } | { ok: false; reason: CardLine };

/** One rolled side of a card: who rolled, what, the pool's parts and the success target. */
interface CardSide {
  name: string;
  /** The pool's label, an i18n key or literal text. */
  label: string;
  labelData?: Record<string, string>;
  parts: PoolPart[];
  /** The success target (0: none). */
  target: number;
  faces: number[];
}

/** What a special card shows, stored with the chat message so the GM's action can re-render it. */
export interface SpecialCard {
  kind: SpecialKind;
  title: CardLine;
  sides: CardSide[];
  /** A contest's net result: the influencer's faces left after the resistance, sixes first. */
  net?: number[];
  outcome: "success" | "failure" | "neutral";
  headline: CardLine;
  lines: CardLine[];
  /** The continuous test or healing course the card's buttons act on. */
  continuousId?: string;
  /** A course of Animal Training finished: the skill the animal has learned (added by `training.ts`). */
  learn?: { animalUuid: string; animalName: string; skill: string };
}

export type SpecialKind =
  | "rest"
  | "continuous"
  | "maintain"
  | "connectedness"
  | "influence"
  | "stabilise"
  | "healing"
  | "awaken"
  | "survival"
  | "lockPicking"
  | "training"
  | "command"
  | "social";

/** What a `resolve…` function returns: the card and the changes it implies. */
export interface SpecialResult {
  card: SpecialCard;
  changes: DocumentChange[];
}

/** A test ready to roll: the roll's options (pool parts, target ...) and the pool size. */
export interface RollPlan {
  roll: VersesRollOptions & { parts: PoolPart[] };
  pool: number;
  /** The optional ability dice ("may be added") on offer for this test, chosen or not. */
  optional?: AbilityContribution[];
  /** The skill add-ons the roller may keep or leave out ("may be added"), each with its state. */
  addOns?: PoolAddOn[];
  /** The roller's AD before the test (what an AD spend is bookkept from, `ad-logic.ts`). */
  adBefore?: AdRoundState;
}

/**
 * How the world assembles pools, as the attribute, skill and weapon rolls do (`worldPool` in
 * actions.ts): the setting's TEC (General skills' TEC difference), the compendium's skill catalog
 * (unallocated defaults along a chain) and the skill-pool options (the TEC-differential setting).
 * The glue reads them from the world's settings; here they are plain values.
 */
export interface PoolWorld {
  contextTec?: number;
  catalog?: SkillCatalog;
  skillOptions?: SkillPoolOptions;
  /** The world's largest pool (setting `maxPool`). */
  maxPool?: number;
}

/** What every special test's choice may carry besides its own fields. */
export interface CommonChoice {
  /** The world the pool is assembled in. */
  world?: PoolWorld;
  /** Dice added (or removed) by the player or the GM. */
  bonus?: number;
  /**
   * Keys (`addOn:<id>`) of the optional skill add-ons kept (Charm & Persuasion on a Charm, Mathematics
   * on an Engineering test). Absent: each one's default, as the ordinary roll dialog starts with.
   */
  addOns?: readonly string[];
  /**
   * Heightened Metabolism dice used: "Any allocated dice may be used in addition to or in place of
   * action dice" (`metabolism-logic.ts`). They join the pool and count toward the AD an action needs
   * at least; the glue binds them on the ability item.
   */
  metabolismUsed?: number;
}

/** The Heightened Metabolism dice a choice uses (a whole number of at least 0). */
export const metabolismDice = (choice: { metabolismUsed?: number }): number =>
  Math.max(0, Math.floor(Number(choice.metabolismUsed) || 0));

export const line = (key: string, data?: Record<string, string | number>): CardLine =>
  data === undefined ? { key } : { key, data };
export const refuse = <V>(key: string, data?: Record<string, string | number>): Planned<V> => ({
  ok: false,
  reason: line(key, data),
});
/** A rules-layer refusal: the rules' message (`POLYVERSE.Verses.Rules.*`). */
export const rulesRefusal = <V>(reason: RulesMessage): Planned<V> => {
  const shown = rulesLine(reason);
  return refuse(shown.key, shown.data);
};
/** A pool the rules forbid: their reason, or that it cannot be rolled. */
export const poolRefusal = <V>(pool: { reason?: RulesLine }): Planned<V> =>
  refuse(pool.reason?.key ?? "POLYVERSE.Verses.Roll.Unusable", pool.reason?.data);
export const sum = (parts: readonly PoolPart[]) => parts.reduce((n, p) => n + p.dice, 0);

/** The AD state of the rules layer (`fast-action.ts`) from the actor's data (`adStateOf`). */
export function adState(s: LivingState): AdRoundState {
  return adStateOf(s);
}

/** The flag path of a continuous test or healing course on its actor. */
export const continuousPath = (id: string) => `${versesFlagPath("continuous")}.${id}`;
export const continuousDeletePath = (id: string) => `${versesFlagPath("continuous")}.-=${id}`;

/**
 * In Fast Action the AD spent on a test leave the round's pool (`spendAD`, written back with
 * `adChange`); outside it nothing is tracked.
 */
export function spendChange(
  ref: { uuid: string; name: string },
  before: AdRoundState | undefined,
  ad: number,
  fastAction: boolean,
): DocumentChange[] {
  if (!fastAction || ad <= 0 || !before) return [];
  const spent = spendAD(before, ad, { minimum: 0 });
  const after = spent.ok ? spent.value : { ...before, spent: before.spent + ad };
  const change = adChange(ref, before, after);
  return change ? [change] : [];
}

/** The pool part of the Heightened Metabolism dice used. */
const METABOLISM_PART = "POLYVERSE.Verses.Metabolism.Part";

/** The Heightened Metabolism dice a choice uses as a pool part (none when it uses none). */
export const metabolismParts = (choice: { metabolismUsed?: number }): PoolPart[] =>
  metabolismDice(choice) > 0 ? [{ label: METABOLISM_PART, dice: metabolismDice(choice) }] : [];

/** The GM's or player's extra dice as a pool part. */
export const bonusParts = (bonus: number | undefined, world: PoolWorld | undefined): PoolPart[] => {
  const dice = clampBonus(bonus, world?.maxPool ?? MAX_POOL.default);
  return dice ? [{ label: BONUS_LABEL, dice }] : [];
};

/** A pool with the optional ability dice on offer for it. */
type OfferedPool = AssembledPool & { offered: AbilityContribution[] };

/**
 * A pool from `assemblePool` in the roller's world (setting TEC, skill catalog), with the bonus
 * dice, and with the optional ability dice ("may be added") the roller chose, or, when the roller
 * did not choose, every optional one that binds no EX.
 */
export function poolFor(
  s: LivingState,
  request: PoolRequest,
  choice: CommonChoice & { optionalAbilities?: readonly string[] | undefined } = {},
): OfferedPool {
  const world = choice.world ?? {};
  const full: PoolRequest = {
    ...(world.contextTec !== undefined ? { contextTec: world.contextTec } : {}),
    ...request,
    ...(choice.addOns ? { addOns: choice.addOns } : {}),
    ...(world.maxPool !== undefined ? { maxPool: world.maxPool } : {}),
    extra: [...(request.extra ?? []), ...bonusParts(choice.bonus, world), ...metabolismParts(choice)],
  };
  const assemble = (r: PoolRequest) => assemblePool(s, s, r, world.catalog ?? [], world.skillOptions ?? {});
  const first = assemble(full);
  if (!first.usable) return { ...first, offered: [] };
  const chosen = choice.optionalAbilities ?? first.optional.filter((o) => o.exCost === 0).map((o) => o.key);
  const pool = chosen.length ? assemble({ ...full, optionalAbilities: chosen }) : first;
  return { ...pool, offered: first.optional };
}

export function outcomeLine(o: TestOutcome): CardLine {
  return o.success
    ? line("POLYVERSE.Verses.Roll.Success", { margin: o.margin })
    : line("POLYVERSE.Verses.Roll.Failure");
}

/** One side of a card: its name, the roll's label and parts, the target and the faces. */
export function side(name: string, roll: VersesRollOptions, faces: readonly number[]): CardSide {
  return {
    name,
    label: roll.label ?? "",
    parts: [...(roll.parts ?? [])],
    target: roll.target,
    faces: [...faces],
  };
}
