/**
 * What the Xero Sum documents glue shares: reading a character's health, finding a Xero Sum actor by
 * UUID, warnings in the health strings, the ruleset's flags.
 */
import { rulesetFlag } from "../../../core/flags";
import { localize } from "../../../core/i18n";
import { isXeroSumLiving, livingSystem } from "../data/systems";
import type { HealthSource, StoredState } from "./health-logic";

export type AnyActor = Actor.Implementation;
export type AnyItem = Item.Implementation;
export type Message = ChatMessage.Implementation;
export type AnyUser = User.Implementation;

export const ID = "xero-sum";
/** The health strings (lang/en/xero-sum-health.json). */
export const HEALTH_KEY = "POLYVERSE.XeroSum.Health";

/** Warn this user with a refusal from the health strings; null. */
export function warn(key: string, data: Record<string, string> = {}): null {
  ui.notifications?.warn(localize(`${HEALTH_KEY}.Refused.${key}`, data));
  return null;
}

/** A Xero Sum character or NPC, or null. */
export const xeroSumLiving = (doc: unknown): AnyActor | null =>
  doc && typeof doc === "object" && isXeroSumLiving(doc as { type: string }) ? (doc as AnyActor) : null;

/** A Xero Sum character or NPC by UUID, or null. */
export async function livingActor(uuid: string | null | undefined): Promise<AnyActor | null> {
  if (!uuid) return null;
  try {
    return xeroSumLiving(await fromUuid(uuid));
  } catch {
    return null;
  }
}

/** What the health rules read off a character now. */
export function healthSourceOf(actor: AnyActor): HealthSource {
  const s = livingSystem(actor);
  return {
    wp: s.wp.value,
    rp: s.rp.value,
    maxWp: s.derived.woundPoints,
    maxRp: s.derived.resiliencePoints,
    phy: s.derived.attributes.phy,
    stress: s.stress.value,
    state: s.state as unknown as StoredState,
  };
}

/** A Xero Sum flag of a document. */
export const xeroSumFlag = (doc: { flags?: unknown }, key: string): unknown => rulesetFlag(doc, ID, key);

/** Who a card names: the actor's UUID and name. */
export const refOf = (actor: AnyActor) => ({ uuid: actor.uuid, name: actor.name ?? "" });
