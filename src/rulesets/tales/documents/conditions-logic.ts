/**
 * Tales's status effects, without Foundry: which exist (spec §8), how each looks, and which an actor's
 * data implies. The wound levels, the stun, the need to stabilise and the coma mirror the actor's
 * `health` (kept in step by the active GM's client, `conditions.ts`); the combat and situational ones
 * (sustained defence, undefended, cover, aiming, entangled, the disadvantages' states) are markers a
 * player or the GM sets and the combat glue clears. None carries Active Effect changes: the rolls read
 * the data itself (the wound level's effective values, the action dice), never the statuses.
 */
import { systemPartsTouched } from "../../../core/statuses-logic";
import type { WoundLevel } from "../rules";

/** The Tales statuses, in the order the token HUD lists them. */
export const TALES_STATUS_IDS = [
  // the health track (rules "Health Levels")
  "woundLight",
  "woundMedium",
  "woundCritical",
  "unconscious",
  "dead",
  "stunned",
  "unstable",
  "coma",
  // combat
  "sustainedDefence",
  "undefended",
  "partialCover",
  "fullCover",
  "aiming",
  "entangled",
  // situational states with a mechanical effect
  "flashback",
  "withdrawal",
  "cursed",
  "cowardStress",
  "alone",
  "foreign",
  "poisoned",
] as const;
export type TalesStatusId = (typeof TALES_STATUS_IDS)[number];

/** Icons from Foundry's own `icons/svg` set. */
export const TALES_STATUS_ICONS: Readonly<Record<TalesStatusId, string>> = {
  woundLight: "icons/svg/blood.svg",
  woundMedium: "icons/svg/degen.svg",
  woundCritical: "icons/svg/downgrade.svg",
  unconscious: "icons/svg/unconscious.svg",
  dead: "icons/svg/skull.svg",
  stunned: "icons/svg/daze.svg",
  unstable: "icons/svg/hazard.svg",
  coma: "icons/svg/sleep.svg",
  sustainedDefence: "icons/svg/shield.svg",
  undefended: "icons/svg/target.svg",
  partialCover: "icons/svg/house.svg",
  fullCover: "icons/svg/castle.svg",
  aiming: "icons/svg/eye.svg",
  entangled: "icons/svg/net.svg",
  flashback: "icons/svg/terror.svg",
  withdrawal: "icons/svg/biohazard.svg",
  cursed: "icons/svg/sun.svg",
  cowardStress: "icons/svg/paralysis.svg",
  alone: "icons/svg/mystery-man.svg",
  foreign: "icons/svg/city.svg",
  poisoned: "icons/svg/poison.svg",
};

/** Where the statuses' names and descriptions are in the language file. */
export const TALES_STATUS_KEY = "POLYVERSE.Tales.Combat.Status";

/** A status effect as `CONFIG.statusEffects` takes it (names and descriptions are i18n keys). */
export interface TalesStatusData {
  id: TalesStatusId;
  name: string;
  img: string;
  description: string;
  flags: { polyverse: { tales: { status: TalesStatusId } } };
}

/** One status effect's configuration. */
export function talesStatusData(id: TalesStatusId): TalesStatusData {
  return {
    id,
    name: `${TALES_STATUS_KEY}.${id}.Name`,
    img: TALES_STATUS_ICONS[id],
    description: `${TALES_STATUS_KEY}.${id}.Hint`,
    flags: { polyverse: { tales: { status: id } } },
  };
}

/** Foundry's DEFEATED (what the combat tracker's "defeated" toggles) is Dead. */
export const TALES_SPECIAL_STATUS_EFFECTS = { DEFEATED: "dead" } as const satisfies {
  DEFEATED: TalesStatusId;
};

/** The status each wound level shows (healthy none; K/O is unconscious). */
export const WOUND_STATUS: Readonly<Record<WoundLevel, TalesStatusId | null>> = {
  healthy: null,
  light: "woundLight",
  medium: "woundMedium",
  critical: "woundCritical",
  ko: "unconscious",
  dead: "dead",
};

/** The statuses the actor's `health` decides (the others are set by hand or by the combat glue). */
export const HEALTH_STATUSES: readonly TalesStatusId[] = [
  "woundLight",
  "woundMedium",
  "woundCritical",
  "unconscious",
  "dead",
  "stunned",
  "unstable",
  "coma",
];

/** An actor's stored `health`, as the statuses read it. */
export interface TalesHealthSource {
  level: WoundLevel;
  stunned: boolean;
  unstable: boolean;
  comaDays: number;
}

/**
 * The health statuses an actor's data implies: exactly one wound status for a wounded level (K/O is
 * unconscious, Dead is dead), stunned and unstable as flagged, coma while days of coma remain (and the
 * character is not dead).
 */
export function impliedHealthStatuses(health: TalesHealthSource): Record<TalesStatusId, boolean> {
  const out = Object.fromEntries(TALES_STATUS_IDS.map((id) => [id, false])) as Record<TalesStatusId, boolean>;
  const wound = WOUND_STATUS[health.level] ?? null;
  if (wound) out[wound] = true;
  const alive = health.level !== "dead";
  out.stunned = alive && health.stunned;
  out.unstable = alive && health.unstable;
  out.coma = alive && health.comaDays > 0;
  return out;
}

/**
 * The statuses an actor update may have changed: the health statuses when it names `system.health`
 * (expanded or flattened). A status set by hand stays until the data it mirrors changes.
 */
export function talesStatusesTouched(changes: unknown): TalesStatusId[] {
  return systemPartsTouched(changes).has("health") ? [...HEALTH_STATUSES] : [];
}
