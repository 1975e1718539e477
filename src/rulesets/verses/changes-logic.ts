/**
 * Document changes as plain data. Special tests, attacks, damage and combat all describe what they
 * change this way; `changes.ts` applies them (or has the GM apply them). No Foundry globals here,
 * so the unit tests exercise it directly.
 */
import { SYSTEM_ID } from "../../core/constants";
import type { ConditionId } from "./rules";

/** A status to switch on or off, with the details a condition keeps in `flags.polyverse.conditions`. */
export interface StatusChange {
  id: ConditionId;
  active: boolean;
  /** The actor that caused it (Charmed, Afraid: "the source"), by UUID. */
  sourceId?: string;
  /** Rounds it lasts (Charmed, Afraid: the success margin). */
  rounds?: number;
}

/** A numeric change applied to the value the document has when the change is applied. */
export interface DeltaChange {
  path: string;
  delta: number;
  min?: number;
  max?: number;
}

/**
 * A change to one document, as plain data: the glue applies it when the user may update the
 * document, and otherwise leaves it on the card for the GM.
 */
export interface DocumentChange {
  uuid: string;
  /** Who it is, for the card ("Phon"). */
  name: string;
  /** Values to set, by flattened path (`flags.polyverse.continuous.-=id` deletes). */
  set?: Record<string, unknown>;
  add?: DeltaChange[];
  statuses?: StatusChange[];
}

/**
 * The flattened update of a change's `set` and `add`, against the document's current values
 * (`get` reads a flattened path). Deltas are clamped to their min and max.
 */
export function updateData(change: DocumentChange, get: (path: string) => unknown): Record<string, unknown> {
  const update: Record<string, unknown> = { ...(change.set ?? {}) };
  for (const d of change.add ?? []) {
    const current = Number(get(d.path) ?? 0);
    let value = (Number.isFinite(current) ? current : 0) + d.delta;
    if (d.min !== undefined) value = Math.max(d.min, value);
    if (d.max !== undefined) value = Math.min(d.max, value);
    update[d.path] = value;
  }
  return update;
}

/** Flag data of the statuses a change switches on: the source of Charmed and Afraid. */
export function conditionDetails(change: DocumentChange): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  for (const s of change.statuses ?? []) {
    if (s.active && s.sourceId) details[`flags.${SYSTEM_ID}.conditions.${s.id}.sourceId`] = s.sourceId;
    if (!s.active) details[`flags.${SYSTEM_ID}.conditions.-=${s.id}`] = null;
  }
  return details;
}

/** The names of the documents whose changes wait for the GM, once each, in order. */
export function pendingNames(pending: readonly Pick<DocumentChange, "name">[]): string[] {
  return [...new Set(pending.map((c) => c.name))];
}
