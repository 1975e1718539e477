/**
 * Assassination in play, Foundry-free ("Assassination": "If the actor has spent all available AD on
 * the Watch action directed at a particular biological actor, and within 1 minute then spends all
 * AD on an attack against that actor, any allocated dice may be added to the attack action, and for
 * that attack all successes bypass any armor as if they were sixes").
 *
 * The Watch keeps what it was directed at on the watcher (`flags.polyverse.verses.watching`, written by
 * `rollWatch`); the attack dialog offers the skill's dice when `assassination` (the rules layer)
 * allows it; the card carries it (`AttackCard.assassination`) and its damage passes armour as sixes
 * (`resolveDamage`'s `sixesAgainst`). The GM checks a player's card against the same record.
 */
import { assassination, refused, ROUND_SECONDS, type ActorKind, type Checked } from "../rules";
import type { AttackCard } from "./card-state-logic";

/** What a Watch was directed at, and when. */
export interface WatchRecord {
  /** The watched actor. */
  actorUuid: string;
  name: string;
  /** The Watch took every AD the watcher had available. */
  allAd: boolean;
  /** Game time of the Watch (seconds), and the combat round it was made in (null outside one). */
  worldTime: number;
  combatId: string | null;
  round: number | null;
}

/** When something happens: game time, and the combat round when in Fast Action. */
export interface GameMoment {
  worldTime: number;
  combatId: string | null;
  round: number | null;
}

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** A watcher's `flags.polyverse.verses.watching` when it is one this system writes, else null. */
export function readWatchRecord(value: unknown): WatchRecord | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.actorUuid !== "string" || !v.actorUuid || typeof v.allAd !== "boolean") return null;
  if (!finite(v.worldTime)) return null;
  return {
    actorUuid: v.actorUuid,
    name: typeof v.name === "string" ? v.name : "",
    allAd: v.allAd,
    worldTime: v.worldTime,
    combatId: typeof v.combatId === "string" ? v.combatId : null,
    round: finite(v.round) ? v.round : null,
  };
}

/**
 * Seconds from the Watch to now: rounds of 5 s (`ROUND_SECONDS`) within the same combat, else game
 * time ("within 1 minute": 12 rounds).
 */
export function secondsSince(watch: GameMoment, now: GameMoment): number {
  if (watch.combatId && watch.combatId === now.combatId && watch.round !== null && now.round !== null)
    return (now.round - watch.round) * ROUND_SECONDS;
  return now.worldTime - watch.worldTime;
}

/** The attack an assassination would be. */
interface AssassinationTarget {
  actorUuid: string;
  kind: ActorKind;
}

/**
 * What the attack dialog may offer against `target`: the Assassination dice (its allocated dice)
 * when the watcher's last Watch took all its AD, was at this biological actor and was within 1
 * minute. The attack must then spend all AD (the dialog raises them). Refused with the rule's reason.
 */
export function assassinationOffer(
  watch: WatchRecord | null,
  target: AssassinationTarget | null,
  allocated: number,
  now: GameMoment,
): Checked<{ dice: number }> {
  if (!target) return refused("assassinationNoTarget");
  const at = watch ? secondsSince(watch, now) : 0;
  const checked = assassination(watch ? { targetId: watch.actorUuid, allAd: watch.allAd, at: 0 } : null, {
    targetId: target.actorUuid,
    targetKind: target.kind,
    allAd: true,
    at,
    allocated,
  });
  return checked.ok ? { ok: true, value: { dice: checked.value.dice } } : checked;
}

/**
 * Why a card's assassination cannot be what the attacker's Watch allows (an i18n key), or null: the
 * GM checks a player's card when it is posted. The watched actor must be the card's, the dice the
 * attacker's allocated dice, and `assassinationOffer` must allow it now.
 */
export function assassinationMismatch(
  card: Pick<AttackCard, "assassination" | "targets" | "mode">,
  watch: WatchRecord | null,
  target: AssassinationTarget | null,
  allocated: number,
  now: GameMoment,
): string | null {
  const a = card.assassination;
  if (!a) return null;
  const key = "POLYVERSE.Verses.Assassination.Mismatch";
  if (card.mode !== "direct" || !card.targets.some((t) => t.actorUuid === a.actorUuid)) return key;
  if (!target || target.actorUuid !== a.actorUuid) return key;
  const offer = assassinationOffer(watch, target, allocated, now);
  return offer.ok && offer.value.dice === a.dice ? null : key;
}
