/**
 * An actor's health as the rules read it: the damage marked, and its track's length (the model's
 * derived track: the `woundPenalties` setting's boxes with Huge Size's, data/living-logic.ts).
 */
import type { HealthState } from "../rules";
import { livingSystem } from "../data/systems";

type AnyActor = Actor.Implementation;

/** The Maelstrom actor types with a health track and Willpower. */
export const LIVING_TYPES: readonly string[] = ["maelstrom-character", "maelstrom-npc"];
export const isLiving = (actor: { type?: unknown } | null | undefined): actor is AnyActor =>
  LIVING_TYPES.includes(String(actor?.type ?? ""));

/** Boxes on the actor's track (Huge Size included). */
export const trackLengthOf = (actor: AnyActor): number => livingSystem(actor).derived.health.track.length;

/** The damage marked on an actor, as the rules take it. */
export function healthOf(actor: AnyActor): HealthState {
  const h = livingSystem(actor).health;
  return { bashing: h.bashing, lethal: h.lethal, aggravated: h.aggravated, dead: h.dead };
}
