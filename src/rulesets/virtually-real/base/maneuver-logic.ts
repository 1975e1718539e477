/**
 * The Maneuver penalties standing in a world, Foundry-free: "You always take a Maneuver penalty after
 * using one of these defenses" (Dodge & Evade). Chapter 1 leaves its size to THE ART OF COMBAT, so it
 * is the GM's world setting `maneuverPenalty` (0 to 3 disadvantage dice; 0 notes it only). A penalty
 * stands on the defender from the defence until the defender's next roll takes it, or the defender's
 * next turn or initiative clears it. The world keeps them in one hidden world setting only a GM writes
 * (`maneuver.ts`), by actor UUID: the dice, the defence, the attack card and the combat it came from.
 * A stored value is read strictly: anything else reads as no penalty.
 */

/** The most dice a penalty may hold (the setting's largest choice). */
export const MAX_MANEUVER_DICE = 3;
/** The most penalties kept at once (the oldest go first). */
export const MAX_MANEUVERS = 200;
/** The hidden world setting's key under the system's namespace. */
export const MANEUVER_SETTING_KEY = "virtually-real.maneuverState";
/** The status effect shown on the defender's token while a penalty stands. */
export const MANEUVER_STATUS = "maneuver";

/** The defences a Maneuver penalty follows, and a GM's own ("gm": set on the token by the GM). */
export const MANEUVER_SOURCES = ["dodge", "evade", "gm"] as const;
export type ManeuverSource = (typeof MANEUVER_SOURCES)[number];

/** One standing penalty. */
export interface ManeuverEntry {
  /** Disadvantage dice on the defender's next roll (1 to 3). */
  dice: number;
  after: ManeuverSource;
  /** The attack card it follows ("" for the GM's own). */
  attack: string;
  /** The combat it was taken in ("" outside one). */
  combat: string;
  /** When it was set (ms): the oldest go first past {@link MAX_MANEUVERS}. */
  t: number;
}

/** The standing penalties by actor UUID. */
export type ManeuverState = Readonly<Record<string, ManeuverEntry>>;

const ID = /^[A-Za-z0-9]{16}$/;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** One stored entry, or null when it is not one. */
export function readManeuverEntry(raw: unknown): ManeuverEntry | null {
  if (!isRecord(raw)) return null;
  const { dice, after, attack, combat, t } = raw;
  if (typeof dice !== "number" || !Number.isInteger(dice) || dice < 1 || dice > MAX_MANEUVER_DICE)
    return null;
  if (!(MANEUVER_SOURCES as readonly unknown[]).includes(after)) return null;
  if (typeof attack !== "string" || (attack !== "" && !ID.test(attack))) return null;
  if (typeof combat !== "string" || (combat !== "" && !ID.test(combat))) return null;
  if (typeof t !== "number" || !Number.isFinite(t) || t < 0) return null;
  return { dice, after: after as ManeuverSource, attack, combat, t };
}

/** The stored state, read strictly: entries that are not one are dropped. */
export function readManeuverState(raw: unknown): ManeuverState {
  if (!isRecord(raw)) return {};
  const out: Record<string, ManeuverEntry> = {};
  for (const [uuid, value] of Object.entries(raw)) {
    if (uuid.length === 0 || uuid.length > 300) continue;
    const entry = readManeuverEntry(value);
    if (entry) out[uuid] = entry;
  }
  return out;
}

/** The penalty standing on an actor, or null. */
export const standingManeuver = (
  state: ManeuverState,
  uuid: string | null | undefined,
): ManeuverEntry | null => (uuid && Object.hasOwn(state, uuid) ? state[uuid]! : null);

/**
 * The state with a penalty set on an actor. Penalties do not stack: a new one replaces the one
 * standing (chapter 1 gives one penalty after each defence and says no more). Past
 * {@link MAX_MANEUVERS} the oldest are dropped.
 */
export function withManeuver(state: ManeuverState, uuid: string, entry: ManeuverEntry): ManeuverState {
  const next: Record<string, ManeuverEntry> = { ...state, [uuid]: entry };
  const keys = Object.keys(next);
  if (keys.length <= MAX_MANEUVERS) return next;
  const oldest = keys.sort((a, b) => next[a]!.t - next[b]!.t).slice(0, keys.length - MAX_MANEUVERS);
  for (const key of oldest) delete next[key];
  return next;
}

/** The state without the penalties of these actors (the same object when none stood). */
export function withoutManeuvers(state: ManeuverState, uuids: readonly string[]): ManeuverState {
  if (!uuids.some((u) => Object.hasOwn(state, u))) return state;
  const next: Record<string, ManeuverEntry> = { ...state };
  for (const uuid of uuids) delete next[uuid];
  return next;
}

/** The actors whose penalties came from this combat. */
export const maneuversOfCombat = (state: ManeuverState, combatId: string): string[] =>
  Object.entries(state)
    .filter(([, e]) => e.combat === combatId)
    .map(([uuid]) => uuid);
