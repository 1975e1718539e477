/**
 * Status effects kept in step with a document's data, without Foundry: which toggles bring the
 * statuses an actor has to the ones its data implies. Used by every ruleset whose statuses mirror
 * its data (Maelstrom's and Tales's `documents/conditions.ts`).
 */

/** The toggles that bring `current` statuses in step with `wanted`, for the `ids` considered. */
export function statusToggles<Id extends string>(
  current: ReadonlySet<string>,
  wanted: Readonly<Record<Id, boolean>>,
  ids: readonly Id[],
): { id: Id; active: boolean }[] {
  return [...new Set(ids)]
    .filter((id) => current.has(id) !== wanted[id])
    .map((id) => ({ id, active: wanted[id] }));
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The top-level `system` parts an update names (expanded, `{ system: { health: … } }`, or
 * flattened, `"system.health.level"`), so a hook syncs only the statuses those parts decide.
 */
export function systemPartsTouched(changes: unknown): Set<string> {
  if (!isRecord(changes)) return new Set();
  const system = isRecord(changes.system) ? changes.system : {};
  const flat = Object.keys(changes)
    .filter((k) => k.startsWith("system."))
    .map((k) => k.split(".")[1] ?? "");
  return new Set([...Object.keys(system), ...flat]);
}
