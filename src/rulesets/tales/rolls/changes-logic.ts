/**
 * What a Tales test and its card's buttons change, as core `DocumentChange` data (Foundry-free), and
 * the check the GM holds a player's card's pending changes to.
 *
 * - Before the roll: boost points ("spend either hit points (for physical strength) or essence
 *   points (for thought) before they roll"), Dream or Status points from their advantage item, one
 *   point of the subject's Enigma.
 * - After it: 1 Essence for the success a 6 offers (or Elite Gear's near miss), 1 Essence per Edge
 *   die, Lucky marked used ("Once per game"), the opponent's 1 Essence for their success.
 */
import type { DocumentChange } from "../../../core/changes-logic";
import type { TestCosts } from "./test-plan-logic";
import type { TalesTestOptions } from "./roll-logic";

export const HP_PATH = "system.hp.value";
export const ESSENCE_PATH = "system.essence.value";
export const POOL_PATH = "system.pool";
export const LUCKY_PATH = "system.uses.lucky";

export interface Who {
  uuid: string;
  name: string;
}

/** What a test costs before the roll, as changes (none when it costs nothing). */
export function costChanges(who: Who, costs: TestCosts): DocumentChange[] {
  const changes: DocumentChange[] = [];
  const add = [
    ...(costs.hp ? [{ path: HP_PATH, delta: -costs.hp, min: 0 }] : []),
    ...(costs.essence ? [{ path: ESSENCE_PATH, delta: -costs.essence, min: 0 }] : []),
  ];
  if (add.length) changes.push({ uuid: who.uuid, name: who.name, add });
  if (costs.reserve)
    changes.push({
      uuid: costs.reserve.uuid,
      name: who.name,
      add: [{ path: POOL_PATH, delta: -costs.reserve.points, min: 0 }],
    });
  if (costs.enigma)
    changes.push({
      uuid: costs.enigma.uuid,
      name: costs.enigma.name,
      add: [{ path: POOL_PATH, delta: -1, min: 0 }],
    });
  return changes;
}

/** One Essence (a success bought, an Edge die, the opponent's success). */
export function essenceChange(who: Who): DocumentChange {
  return { uuid: who.uuid, name: who.name, add: [{ path: ESSENCE_PATH, delta: -1, min: 0 }] };
}

/** Lucky's re-roll used for this game. */
export function luckyChange(who: Who): DocumentChange {
  return { uuid: who.uuid, name: who.name, set: { [LUCKY_PATH]: true } };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The most a pending change may take from a path of a document, as the roll justifies it (0: nothing). */
function allowance(uuid: string, path: string, actorUuid: string, o: TalesTestOptions): number {
  if (uuid === actorUuid && path === HP_PATH) return o.boostPool === "hp" ? o.boost : 0;
  if (uuid === actorUuid && path === ESSENCE_PATH) return o.boostPool === "essence" ? o.boost : 0;
  if (path !== POOL_PATH) return 0;
  if (o.enigma && uuid === o.enigma.uuid) return 1;
  if (o.reserve && uuid.startsWith(`${actorUuid}.Item.`)) return o.reserve.points;
  return 0;
}

/**
 * Why a player's card's pending changes are more than its roll justifies (an i18n key), or null:
 * each takes from its own actor only the boost points the roll spent, from one of the actor's items
 * only the Dream or Status points it spent, and from the subject's Enigma item one point; nothing is
 * set and no status changes.
 */
export function pendingProblem(
  pending: readonly unknown[],
  actorUuid: string,
  options: TalesTestOptions,
): string | null {
  const bad = "POLYVERSE.Tales.Roll.Relay.Unjustified";
  for (const change of pending) {
    if (!isRecord(change) || typeof change.uuid !== "string") return bad;
    if (change.set !== undefined || change.statuses !== undefined) return bad;
    const add = Array.isArray(change.add) ? (change.add as unknown[]) : [];
    for (const d of add) {
      if (!isRecord(d) || typeof d.path !== "string" || typeof d.delta !== "number") return bad;
      if (d.delta >= 0 || -d.delta > allowance(change.uuid, d.path, actorUuid, options)) return bad;
    }
  }
  return null;
}
