/**
 * Tales initiative in Foundry (`TalesCombat#rollInitiative`): each combatant rolls a d6 on its
 * initiative score (Mental + Awareness + modifier − Heavy items); the number and the roll are stored
 * on the combatant, one chat card shows the rolls. Once every combatant not defeated has rolled for
 * the round, the active GM's client ranks them and hands out the action dice (combat-logic.ts
 * `assignRound`); the GM's `updateCombatant` hook does the same when a player's roll completes it.
 */
import { isActiveGM } from "../../../core/relay";
import { localize } from "../../../core/i18n";
import { assignRound, rolledState, storedRoundState, type RoundEntry } from "./combat-logic";
import {
  ROUND_PATH,
  initiativeSourceOf,
  isStunned,
  roundOf,
  storedState,
  type AnyCombat,
  type AnyCombatant,
} from "./shared";

const ROOT = "POLYVERSE.Tales.Combat.Initiative";

/** A combatant is its actor's owners' (and the GM's) to change, as Foundry grants it. */
const mayModify = (combatant: AnyCombatant): boolean => combatant.isOwner;

/** The face a one-die roll shows (1..6), or null. */
function faceOf(roll: Roll): number | null {
  const result = (roll.dice[0]?.results ?? []).find((r) => r.active !== false)?.result;
  return typeof result === "number" && Number.isInteger(result) && result >= 1 && result <= 6 ? result : null;
}

/**
 * Hand out this round's action dice when every combatant has rolled (the active GM only; nothing
 * when some have not, or when they are handed out already). Returns whether it did.
 */
export async function assignActionDice(combat: AnyCombat): Promise<boolean> {
  if (!isActiveGM()) return false;
  const round = roundOf(combat);
  const entries: RoundEntry[] = combat.combatants.contents.map((c) => ({
    id: c.id!,
    state: storedState(c),
    defeated: Boolean(c.defeated),
    stunned: isStunned(c.actor),
  }));
  const assigned = assignRound(entries, round, Math.random);
  if (!assigned) return false;
  const updates = Object.entries(assigned).map(([id, state]) => ({
    _id: id,
    [ROUND_PATH]: storedRoundState(state),
  }));
  await combat.updateEmbeddedDocuments("Combatant", updates as never);
  return true;
}

/** `Combat#rollInitiative` for Tales: roll, store, post one card, hand out the dice when all are in. */
export async function rollTalesInitiative(combat: AnyCombat, ids: string | string[]): Promise<void> {
  const wanted = [...new Set(typeof ids === "string" ? [ids] : ids)];
  const round = roundOf(combat);
  const updates: Record<string, unknown>[] = [];
  const rolls: Roll[] = [];
  const lines: string[] = [];
  const esc = (s: string) => foundry.utils.escapeHTML(s);
  for (const id of wanted) {
    const combatant = combat.combatants.get(id);
    if (!combatant || !mayModify(combatant)) continue;
    const source = initiativeSourceOf(combatant.actor);
    const roll = await new foundry.dice.Roll("1d6").evaluate();
    const die = faceOf(roll);
    if (die === null) continue;
    const state = rolledState(round, die, Math.max(-100, Math.min(100, source.score)), {
      mental: Math.max(0, Math.min(20, source.mental)),
      oblivious: source.oblivious,
      uncoordinated: source.uncoordinated,
    });
    updates.push({ _id: id, initiative: state.total, [ROUND_PATH]: storedRoundState(state) });
    rolls.push(roll);
    lines.push(
      `<li>${esc(
        localize(`${ROOT}.Line`, {
          name: combatant.name ?? combatant.actor?.name ?? "",
          score: String(state.score),
          die: String(die),
          total: String(state.total),
        }),
      )}</li>`,
    );
  }
  if (!updates.length) return;
  await combat.updateEmbeddedDocuments("Combatant", updates as never);
  await ChatMessage.create({
    content: `<div class="polyverse tales-initiative"><h3>${esc(localize(`${ROOT}.Title`, { round: String(round) }))}</h3><ul>${lines.join("")}</ul></div>`,
    rolls,
    speaker: { alias: localize(`${ROOT}.Speaker`) },
  } as never);
  await assignActionDice(combat);
}
