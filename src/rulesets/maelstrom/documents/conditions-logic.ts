/**
 * Maelstrom's status effects, without Foundry: which exist, how each looks, and which an actor's data
 * implies. The statuses are markers kept in step with the data (the health track, Willpower, the
 * turn's Willpower spend, the situational flaws in force), by the active GM's client
 * (`conditions.ts`); none carries Active Effect changes: the rolls read the data itself (the wound
 * penalty, Phobia's and Deep Sleeper's difficulty), never the statuses.
 */
import { isBroken, totalDamage, type HealthState } from "../rules";
import { statusToggles as coreStatusToggles, systemPartsTouched } from "../../../core/statuses-logic";

/** The Maelstrom statuses, in the order the token HUD lists them. */
export const MAELSTROM_STATUS_IDS = [
  "incapacitated",
  "dead",
  "brokenWill",
  "ignoringWounds",
  "phobia",
  "groggy",
] as const;
export type MaelstromStatusId = (typeof MAELSTROM_STATUS_IDS)[number];

/** Icons from Foundry's own `icons/svg` set. */
export const STATUS_ICONS: Readonly<Record<MaelstromStatusId, string>> = {
  incapacitated: "icons/svg/unconscious.svg",
  dead: "icons/svg/skull.svg",
  brokenWill: "icons/svg/downgrade.svg",
  ignoringWounds: "icons/svg/upgrade.svg",
  phobia: "icons/svg/terror.svg",
  groggy: "icons/svg/sleep.svg",
};

/** Where the statuses' names and descriptions are in the language file. */
export const STATUS_KEY = "POLYVERSE.Maelstrom.Combat.Status";

/** A status effect as `CONFIG.statusEffects` takes it (names and descriptions are i18n keys). */
export interface MaelstromStatusData {
  id: MaelstromStatusId;
  name: string;
  img: string;
  description: string;
  flags: { polyverse: { maelstrom: { status: MaelstromStatusId } } };
}

/** One status effect's configuration. */
export function statusData(id: MaelstromStatusId): MaelstromStatusData {
  return {
    id,
    name: `${STATUS_KEY}.${id}.Name`,
    img: STATUS_ICONS[id],
    description: `${STATUS_KEY}.${id}.Hint`,
    flags: { polyverse: { maelstrom: { status: id } } },
  };
}

/**
 * Foundry's special statuses: DEFEATED (what the combat tracker's "defeated" toggles) is Dead, the
 * one state that takes a character out of the fight for good.
 */
export const MAELSTROM_SPECIAL_STATUS_EFFECTS = { DEFEATED: "dead" } as const satisfies {
  DEFEATED: MaelstromStatusId;
};

/** The flaw keys whose `active` switch a status mirrors. */
export const PHOBIA_FLAW = "phobia";
export const DEEP_SLEEPER_FLAW = "deepSleeper";

/** What the statuses are read from: an actor's stored data, its track's length and its flaws. */
export interface StatusSource {
  health: HealthState;
  /** Boxes on the actor's track (Huge Size included). */
  trackLength: number;
  willpower: { value: number; rallied: boolean };
  combat: { ignoreWounds: boolean };
  flaws: readonly { key: string; active: boolean }[];
}

/**
 * The statuses an actor's data implies:
 * - incapacitated: "The bottom-most box ... marked 'Incapacitated' ... If this box contains damage,
 *   your character is unconscious and unable to act at all";
 * - dead: fatal damage taken;
 * - brokenWill: zero Willpower, not resolved by a turn out of combat or a rally ("considered
 *   incapacitated");
 * - ignoringWounds: a Willpower dot spent this turn to roll the next action without a wound penalty;
 * - phobia: facing the Phobia ("+2 difficulty on ALL rolls");
 * - groggy: the scene after Deep Sleeper woke them ("+1 difficulty to all rolls in the scene").
 */
export function impliedStatuses(source: StatusSource): Record<MaelstromStatusId, boolean> {
  const active = (key: string) => source.flaws.some((f) => f.key === key && f.active);
  return {
    incapacitated: source.trackLength > 0 && totalDamage(source.health) >= source.trackLength,
    dead: source.health.dead,
    brokenWill: isBroken(source.willpower),
    ignoringWounds: source.combat.ignoreWounds,
    phobia: active(PHOBIA_FLAW),
    groggy: active(DEEP_SLEEPER_FLAW),
  };
}

/** The statuses each part of the data decides (an update touching no part leaves them alone). */
const DECIDED_BY: Readonly<
  Record<"health" | "willpower" | "combat" | "flaws", readonly MaelstromStatusId[]>
> = {
  health: ["incapacitated", "dead"],
  willpower: ["brokenWill"],
  combat: ["ignoringWounds"],
  flaws: ["phobia", "groggy"],
};

/**
 * The statuses an actor update may have changed: those decided by the `system` parts it names
 * (expanded or flattened). Only these are synced, so a status the GM set by hand (the tracker's
 * "defeated", a phobia without the flaw item) stays until the data it mirrors changes.
 */
export function statusesTouched(changes: unknown): MaelstromStatusId[] {
  const parts = systemPartsTouched(changes);
  const out: MaelstromStatusId[] = [];
  for (const part of ["health", "willpower", "combat"] as const)
    if (parts.has(part)) out.push(...DECIDED_BY[part]);
  return out;
}

/** The statuses a flaw item's change may have changed. */
export const FLAW_STATUSES: readonly MaelstromStatusId[] = DECIDED_BY.flaws;

/** Every status the data decides (a full resync). */
export const ALL_DECIDED: readonly MaelstromStatusId[] = MAELSTROM_STATUS_IDS;

/** The toggles that bring `current` statuses in step with `wanted` (core's statusToggles). */
export function statusToggles(
  current: ReadonlySet<string>,
  wanted: Readonly<Record<MaelstromStatusId, boolean>>,
  ids: readonly MaelstromStatusId[] = MAELSTROM_STATUS_IDS,
): { id: MaelstromStatusId; active: boolean }[] {
  return coreStatusToggles(current, wanted, ids);
}
