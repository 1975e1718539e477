/**
 * The round timers, on the active GM's client: when a combat moves on to a new round, every Xero Sum
 * character fighting in it counts down (health-logic.ts `roundTick`): the death clock of the
 * mortally wounded who are not stabilised (death when it runs out), incapacitation (waking with 1 RP),
 * a Panic's rounds, blindness. A combat going back a round changes nothing; each round is counted once
 * per combat on this client (going back and forward again does not count a round twice). What happened is whispered to the GM and the characters' owners.
 */
import { postCard } from "../../../core/cards";
import { localize } from "../../../core/i18n";
import { isActiveGM } from "../../../core/relay";
import { roundTick, type RoundTick } from "./health-logic";
import { MAX_NOTES, TABLE_CARD, stringData, type CardNote, type TableCard } from "./table-card-logic";
import { HEALTH_KEY, healthSourceOf, xeroSumLiving, type AnyActor } from "./shared";

type AnyCombat = Combat.Implementation;

/** The last round counted, by combat id (this client). */
const counted = new Map<string, number>();

/** The distinct Xero Sum characters fighting in a combat. */
function fighters(combat: AnyCombat): AnyActor[] {
  const seen = new Set<string>();
  const out: AnyActor[] = [];
  for (const c of combat.combatants) {
    const actor = xeroSumLiving(c.actor);
    if (!actor || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    out.push(actor);
  }
  return out;
}

/** What a tick says on the round card (empty: nothing worth saying). */
function tickNotes(actor: AnyActor, tick: RoundTick): CardNote[] {
  const name = actor.name ?? "";
  const notes: CardNote[] = [];
  if (tick.died) notes.push({ key: `${HEALTH_KEY}.Round.Died`, data: { name } });
  if (tick.woke) notes.push({ key: `${HEALTH_KEY}.Round.Woke`, data: { name } });
  if (tick.panicEnded)
    notes.push({ key: `${HEALTH_KEY}.Round.PanicOver.${tick.panicEnded}`, data: { name } });
  if (tick.sight) notes.push({ key: `${HEALTH_KEY}.Round.Sight`, data: { name } });
  return notes;
}

/** Count one round down for every Xero Sum character in the combat; returns the notes posted. */
export async function countRound(combat: AnyCombat): Promise<CardNote[]> {
  const notes: CardNote[] = [];
  const owners = new Set<string>();
  for (const actor of fighters(combat)) {
    const tick = roundTick(healthSourceOf(actor));
    if (Object.keys(tick.update).length) await actor.update(tick.update as never);
    const said = tickNotes(actor, tick);
    if (!said.length) continue;
    notes.push(...said);
    for (const user of game.users ?? [])
      if (!user.isGM && user.id && actor.testUserPermission(user, "OWNER")) owners.add(user.id);
  }
  if (notes.length) {
    const gms = [...(game.users ?? [])].filter((u) => u.isGM && u.id).map((u) => u.id as string);
    const card: TableCard = {
      kind: "round",
      actor: { uuid: "", name: "" },
      by: null,
      check: null,
      draw: null,
      extra: null,
      notes: notes.slice(0, MAX_NOTES),
      buttons: [],
      used: [],
      result: { round: combat.round ?? 0 },
    };
    await postCard({
      kind: TABLE_CARD,
      card,
      speaker: { alias: localize(`${HEALTH_KEY}.Round.Speaker`) },
      text: notes.map((n) => localize(n.key, stringData(n.data))).join(" "),
      whisper: [...gms, ...owners],
    });
  }
  return notes;
}

/** `updateCombat`: a new round (the active GM only, moving forward, each round once). */
export async function onCombatRound(combat: AnyCombat, changed: object, options: unknown): Promise<void> {
  if (!isActiveGM() || !("round" in changed)) return;
  const round = combat.round ?? 0;
  const direction = (options as { direction?: number } | undefined)?.direction;
  const id = combat.id ?? "";
  const last = counted.get(id);
  if (direction === -1 || round < 2 || (last !== undefined && round <= last)) return;
  counted.set(id, round);
  await countRound(combat);
}

/** Register the round hook (at init, whatever ruleset is active: it acts on Xero Sum characters only). */
export function registerRoundTimers(): void {
  Hooks.on("updateCombat", (combat: AnyCombat, changed: object, options: unknown) => {
    void onCombatRound(combat, changed, options);
  });
}
