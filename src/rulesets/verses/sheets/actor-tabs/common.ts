/**
 * The 'Verses actor sheet's context (see `../actor-context.ts`): what every tab shares: the input,
 * the forbidden-action texts, and pools as the rolls assemble them and the sheet summarises them.
 */
import type { ActionId, AdvancementRecord, AttributeKey, SkillActor, TraitCategory } from "../../rules";
import type { SkillSource } from "../../data/convert";
import type { LivingDerived, LivingSource } from "../../data/living";
import { assemblePool, type AssembledPool, type PoolRequest } from "../../data/pools";
import type { PoolPart } from "../../base/pool-view";
import type { PoolWorld, StoredContinuous } from "../../rolls/special";
import { bool, groupItems, num, signed, str } from "../../../../core/sheet-logic";
import { formatNumber } from "../../../../core/i18n-logic";

// ---- input -----------------------------------------------------------------------------------

/** The stored fields of a character or creature the sheet shows besides the living ones. */
export interface ActorDetailsSource {
  nativeTec: number;
  advancement: AdvancementRecord;
  details: {
    biography: string;
    traits: Record<"groupA" | "groupB", Record<TraitCategory, string>>;
    prompts: readonly string[];
    wealth: number;
    socialRank: number;
    languages: readonly string[];
  };
}

/** The prepared `system` of a character or creature: stored source plus derived values. */
export type VersesActorSystem = LivingSource & LivingDerived & ActorDetailsSource;

/** An embedded item as plain data. */
export interface SheetItem {
  id: string;
  name: string;
  type: string;
  img: string;
  system: Record<string, unknown>;
}

/** The item types the Inventory tab lists, in its order. */
export const PHYSICAL_TYPES = ["verses-weapon", "verses-armour", "verses-ammunition", "verses-gear"] as const;

/** The item types of each of the actor sheet's item lists. */
const ITEM_GROUPS = {
  skills: ["verses-skill"],
  abilities: ["verses-ability"],
  weapons: ["verses-weapon"],
  armour: ["verses-armour"],
  physical: PHYSICAL_TYPES,
} as const satisfies Record<string, readonly string[]>;

/** The actor's items of one list, in sheet order (core's `groupItems`). */
export function itemsIn(
  input: { items: readonly SheetItem[] },
  group: keyof typeof ITEM_GROUPS,
): SheetItem[] {
  return groupItems(input.items, { [group]: ITEM_GROUPS[group] })[group] ?? [];
}

/** Text for a key, with `{placeholders}` filled from `data` (Foundry's `localize`/`format`). */
export type Localize = (key: string, data?: Record<string, string>) => string;

export interface ActorSheetInput {
  name: string;
  img: string;
  /** `verses-character` or `verses-creature`. */
  type: string;
  system: VersesActorSystem;
  items: readonly SheetItem[];
  /** The user may change the actor (inputs and item controls are enabled). */
  editable: boolean;
  /** The primary tab shown. */
  activeTab?: string;
  /** The biography enriched for display (the sheet enriches it with TextEditor). */
  biographyHTML?: string;
  /** The continuous tests and healing courses kept on the actor (`flags.polyverse.continuous`). */
  continuous?: readonly StoredContinuous[];
  /**
   * The world the pools are assembled in (setting TEC, the compendium's skill catalog), so that a
   * pool shown is the pool rolled. Absent: the actor's own skills and native TEC only.
   */
  world?: PoolWorld;
  localize: Localize;
}

export const ROOT = "POLYVERSE.Verses.ActorSheet";

/** Reasons that forbid every action (so skill and attribute tests too). */
const ALL_ACTION_REASONS = new Set(["moribund.survivalOnly", "unconscious.noActions", "immobilized.full"]);

/** The forbidden-action reasons the sheet explains (the rules' `ForbiddenReason`). */
export const FORBIDDEN_REASON_KEYS = [
  "moribund.survivalOnly",
  "unconscious.noActions",
  "immobilized.full",
  "immobilized.parts",
  "stunned.noReactions",
  "prone.noDodgeOrParry",
  "prone.noTwoHandedMelee",
  "afraid.cannotAttackSource",
  "afraid.cannotApproachSource",
  "charmed.cannotLeaveSource",
] as const;

// ---- helpers ---------------------------------------------------------------------------------

export { bool, num, signed, str };

/** Kilograms, at most three decimals, without trailing zeros, in the user's language ("0.5", "0,5"). */
export function formatKg(kg: number): string {
  return formatNumber(Math.round(kg * 1000) / 1000, { maximumFractionDigits: 3, grouping: false });
}

export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: "base" });

/** The reference a skill item is rolled by (as `rollSkill` builds it). */
export function skillItemRef(item: { name: string; system: Record<string, unknown> }): string {
  const s = item.system as Pick<SkillSource, "skill" | "spec">;
  const family = str(s.skill) || item.name;
  return s.spec ? `${family} » ${s.spec}` : family;
}

export function skillActorOf(system: VersesActorSystem): SkillActor {
  const abilities: Record<string, number> = {};
  for (const a of system.abilities) abilities[a.key] = Math.max(abilities[a.key] ?? 0, a.dice);
  return {
    attributes: system.effective,
    abilities,
    skills: system.skills,
    ...(system.nativeTec ? { nativeTec: system.nativeTec } : {}),
  };
}

/** A forbidden action's explanation, or null when it is allowed. */
export function forbiddenText(
  system: VersesActorSystem,
  actions: readonly ActionId[],
  localize: Localize,
  ignore: (reason: string) => boolean = () => false,
): string | null {
  for (const action of actions) {
    const reason = system.forbidden[action];
    if (reason && !ignore(reason)) {
      const known = (FORBIDDEN_REASON_KEYS as readonly string[]).includes(reason);
      return known
        ? localize(`${ROOT}.Forbidden.${reason}`)
        : localize(`${ROOT}.Forbidden.Unknown`, { reason });
    }
  }
  return null;
}

/** Attribute and skill tests: refused only by conditions that forbid every action. */
export function testForbidden(system: VersesActorSystem, localize: Localize): string | null {
  return forbiddenText(system, ["use"], localize, (reason) => !ALL_ACTION_REASONS.has(reason));
}

/** A pool as the sheet shows it: dice, whether it can be rolled, and its breakdown as text. */
export interface PoolSummary {
  dice: number;
  usable: boolean;
  reason: string;
  parts: { label: string; dice: number; amount: string }[];
  breakdown: string;
}

export function summarisePool(pool: AssembledPool, localize: Localize): PoolSummary {
  const parts = pool.parts.map((p: PoolPart) => ({
    label: localize(p.label, p.data),
    dice: p.dice,
    amount: signed(p.dice),
  }));
  const breakdown = pool.usable
    ? localize(`${ROOT}.Pool.Breakdown`, {
        parts: parts.map((p) => `${p.label} ${p.amount}`).join(", "),
        dice: String(pool.dice),
      })
    : localize(pool.reason?.key ?? "POLYVERSE.Verses.Roll.Unusable", pool.reason?.data);
  const reason = pool.reason ? localize(pool.reason.key, pool.reason.data) : "";
  return { dice: pool.dice, usable: pool.usable, reason, parts, breakdown };
}

/**
 * The optional skill add-ons a pool leaves out until the player says their circumstance holds, as
 * the sheet lists them: "Stealth & Skulking +4 (to detect covert movement)".
 */
export function maybeAddOns(pool: AssembledPool, localize: Localize): string[] {
  return pool.addOns
    .filter((a) => !a.included)
    .map((a) => {
      const hint = a.hint ? localize(a.hint, a.hintData) : "";
      return hint ? `${a.label} ${signed(a.dice)} (${hint})` : `${a.label} ${signed(a.dice)}`;
    });
}

/** A pool as the rolls assemble it, in the world's setting (TEC, skill catalog) when given. */
export function poolFor(
  world: PoolWorld | undefined,
  system: VersesActorSystem,
  request: PoolRequest,
): AssembledPool {
  return assemblePool(
    system,
    system,
    {
      ...(world?.contextTec !== undefined ? { contextTec: world.contextTec } : {}),
      ...request,
      ...(world?.maxPool !== undefined ? { maxPool: world.maxPool } : {}),
    },
    world?.catalog ?? [],
    world?.skillOptions ?? {},
  );
}

export const attributeAbbr = (key: AttributeKey) => `POLYVERSE.Verses.Attribute.${key}.Abbr`;
