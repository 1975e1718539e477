/**
 * Xero Sum's status effects, without Foundry: which exist, how each looks, and which an actor's data
 * implies. Incapacitated, mortally wounded, stabilised, dead, panicking, a Breaking Point reaction,
 * winded and blinded mirror the actor's `rp` and `state` (kept in step by the active GM's client,
 * statuses.ts). Stunned is a marker the damage card sets with the incapacitation a stun brings; it
 * goes when that incapacitation ends. Defeated is the combat tracker's: it comes on with death, and
 * the GM may set it on anyone (the data never takes it off). None carries Active Effect changes: the
 * rolls read the data, never the statuses.
 */
import { systemPartsTouched } from "../../../core/statuses-logic";

export const XERO_SUM_STATUS_IDS = [
  "incapacitated",
  "mortallyWounded",
  "stabilised",
  "dead",
  "defeated",
  "stunned",
  "panicking",
  "breakingPoint",
  "winded",
  "blinded",
] as const;
export type XeroSumStatusId = (typeof XERO_SUM_STATUS_IDS)[number];

/** Icons from Foundry's own `icons/svg` set. */
export const XERO_SUM_STATUS_ICONS: Readonly<Record<XeroSumStatusId, string>> = {
  incapacitated: "icons/svg/unconscious.svg",
  mortallyWounded: "icons/svg/blood.svg",
  stabilised: "icons/svg/regen.svg",
  dead: "icons/svg/skull.svg",
  defeated: "icons/svg/falling.svg",
  stunned: "icons/svg/daze.svg",
  panicking: "icons/svg/terror.svg",
  breakingPoint: "icons/svg/explosion.svg",
  winded: "icons/svg/windmill.svg",
  blinded: "icons/svg/blind.svg",
};

export const XERO_SUM_STATUS_KEY = "POLYVERSE.XeroSum.Health.Status";

/** A status effect as `CONFIG.statusEffects` takes it (names and descriptions are i18n keys). */
export interface XeroSumStatusData {
  id: XeroSumStatusId;
  name: string;
  img: string;
  description: string;
  flags: { polyverse: { "xero-sum": { status: XeroSumStatusId } } };
}

export function xeroSumStatusData(id: XeroSumStatusId): XeroSumStatusData {
  return {
    id,
    name: `${XERO_SUM_STATUS_KEY}.${id}.Name`,
    img: XERO_SUM_STATUS_ICONS[id],
    description: `${XERO_SUM_STATUS_KEY}.${id}.Hint`,
    flags: { polyverse: { "xero-sum": { status: id } } },
  };
}

/** Foundry's DEFEATED (what the combat tracker's "defeated" toggles). */
export const XERO_SUM_SPECIAL_STATUS_EFFECTS = { DEFEATED: "defeated" } as const satisfies {
  DEFEATED: XeroSumStatusId;
};

/** What the statuses read off an actor. */
export interface StatusSource {
  rp: number;
  state: {
    incapacitatedRounds: number;
    mortallyWounded: boolean;
    stabilised: boolean;
    dead: boolean;
    panic: { key: string };
    breakingPoint: string;
    winded: boolean;
    blindedRounds: number;
  };
}

/**
 * The statuses an actor's data implies, given the statuses it has (`current`): the markers it may
 * keep (stunned while still incapacitated; defeated once set) come from there.
 */
export function impliedStatuses(
  source: StatusSource,
  current: ReadonlySet<string>,
): Record<XeroSumStatusId, boolean> {
  const s = source.state;
  const alive = !s.dead;
  const incapacitated = alive && (s.incapacitatedRounds > 0 || source.rp === 0);
  return {
    incapacitated,
    mortallyWounded: alive && s.mortallyWounded && !s.stabilised,
    stabilised: alive && s.mortallyWounded && s.stabilised,
    dead: s.dead,
    defeated: s.dead || current.has("defeated"),
    stunned: incapacitated && current.has("stunned"),
    panicking: alive && s.panic.key !== "",
    breakingPoint: alive && s.breakingPoint !== "",
    winded: alive && s.winded,
    blinded: alive && s.blindedRounds > 0,
  };
}

/** The statuses the data decides (all of them: the markers are only ever taken off or put on by it). */
export const DATA_STATUSES: readonly XeroSumStatusId[] = XERO_SUM_STATUS_IDS;

/** The statuses an actor update may have changed: all of them when it names `rp` or `state`. */
export function xeroSumStatusesTouched(changes: unknown): XeroSumStatusId[] {
  const parts = systemPartsTouched(changes);
  return parts.has("rp") || parts.has("state") ? [...DATA_STATUSES] : [];
}
