/**
 * An actor's health track and health state as the rules read them: the `woundPenalties` setting's
 * boxes (its default when the text is bad), with Huge Size's extra box at the top.
 */
import {
  DEFAULT_WOUND_PENALTIES,
  extraHealthBoxes,
  healthTrack,
  parseWoundPenalties,
  type HealthBox,
  type HealthState,
} from "../rules";
import { maelstromSetting } from "../base/settings";
import { livingSystem, meritSystem } from "../data/systems";

type AnyActor = Actor.Implementation;

/** The Maelstrom actor types with a health track and Willpower. */
export const LIVING_TYPES: readonly string[] = ["maelstrom-character", "maelstrom-npc"];
export const isLiving = (actor: { type?: unknown } | null | undefined): actor is AnyActor =>
  LIVING_TYPES.includes(String(actor?.type ?? ""));

/** The actor's health track: the setting's boxes, and Huge Size's. */
export function trackOf(actor: AnyActor): HealthBox[] {
  const parsed = parseWoundPenalties(maelstromSetting("woundPenalties"));
  const penalties = parsed.ok ? parsed.value : DEFAULT_WOUND_PENALTIES;
  const merits = actor.items
    .filter((i) => i.type === "maelstrom-merit")
    .map((i) => ({ key: meritSystem(i).key }));
  return healthTrack({ penalties, hugeSize: extraHealthBoxes(merits) > 0 });
}

/** The damage marked on an actor, as the rules take it. */
export function healthOf(actor: AnyActor): HealthState {
  const h = livingSystem(actor).health;
  return { bashing: h.bashing, lethal: h.lethal, aggravated: h.aggravated, dead: h.dead };
}
