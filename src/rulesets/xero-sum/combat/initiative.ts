/**
 * Xero Sum initiative in Foundry (`XeroSumCombat#rollInitiative`): each combatant the roller may change
 * rolls 2d6 + its Initiative Modifier (Table 5: ACU + DEX after Lasting Wounds, with the sheet's bonus)
 * + the round bonuses (round-logic.ts `initiativeRecord`: +1 after a quiet round, −3 after Getting the
 * Drop, −2 Rattled). The number and its record are stored on the combatant, the Drop and a Rattled
 * panic are used up, and one chat message lists the rolls. Getting the Drop (`getTheDrop`, the GM's):
 * the contender with the highest DEX + ACU gets a single action before the first round.
 */
import { isActiveGM } from "../../../core/relay";
import { localize } from "../../../core/i18n";
import { rulesetFlag } from "../../../core/flags";
import { livingSystem } from "../data/systems";
import { firstRoundState, getTheDrop as dropWinner } from "../rules";
import { initiativeRecord } from "./round-logic";
import {
  DROP_PATH,
  INITIATIVE_PATH,
  ROUND_PATH,
  XS,
  isLiving,
  type AnyActor,
  type AnyCombat,
  type AnyCombatant,
} from "./shared";
import { FIGHT_KEY } from "./attack-card-logic";

const ROOT = `${FIGHT_KEY}.Initiative`;

function facesOf(roll: Roll): [number, number] | null {
  const faces = (roll.dice[0]?.results ?? []).filter((r) => r.active !== false).map((r) => r.result);
  const ok = faces.length === 2 && faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 6);
  return ok ? [faces[0]!, faces[1]!] : null;
}

/** Roll initiative for the combatants named that this user may change; one message lists them. */
export async function rollXeroSumInitiative(combat: AnyCombat, ids: string | string[]): Promise<void> {
  const wanted = [...new Set(typeof ids === "string" ? [ids] : ids)];
  const round = Math.max(1, combat.round ?? 0);
  const updates: Record<string, unknown>[] = [];
  const rolls: Roll[] = [];
  const lines: string[] = [];
  const rattledActors: AnyActor[] = [];
  const esc = (s: string) => foundry.utils.escapeHTML(s);
  for (const id of wanted) {
    const combatant = combat.combatants.get(id) as AnyCombatant | undefined;
    if (!combatant?.isOwner) continue;
    const actor = combatant.actor as AnyActor | null;
    const s = isLiving(actor) ? livingSystem(actor) : null;
    const rattled = s?.state.panic.key === "rattled";
    const roll = await new foundry.dice.Roll("2d6").evaluate();
    const dice = facesOf(roll);
    if (!dice) continue;
    const record = initiativeRecord(
      {
        round,
        roundState: rulesetFlag(combatant, XS, "round"),
        gotTheDrop: rulesetFlag(combatant, XS, "drop") === true,
        rattled,
        modifier: s?.derived.initiative ?? 0,
      },
      dice,
    );
    if (rattled && actor) rattledActors.push(actor);
    updates.push({ _id: id, initiative: record.total, [INITIATIVE_PATH]: record, [DROP_PATH]: false });
    rolls.push(roll);
    const bonus = record.quiet + record.drop + record.rattled;
    lines.push(
      `<li>${esc(
        localize(`${ROOT}.Line`, {
          name: combatant.name ?? actor?.name ?? "",
          dice: `${dice[0]} + ${dice[1]}`,
          modifier: String(record.modifier),
          bonus: bonus ? ` ${bonus > 0 ? "+" : "−"} ${Math.abs(bonus)}` : "",
          total: String(record.total),
        }),
      )}</li>`,
    );
  }
  if (!updates.length) return;
  await combat.updateEmbeddedDocuments("Combatant", updates as never);
  for (const actor of rattledActors)
    if (actor.isOwner) await actor.update({ "system.state.panic.key": "" } as never);
  await ChatMessage.create({
    content: `<div class="polyverse pv-xs-initiative"><h3>${esc(localize(`${ROOT}.Title`, { round: String(round) }))}</h3><ul>${lines.join("")}</ul></div>`,
    rolls,
    speaker: { alias: localize(`${ROOT}.Speaker`) },
  } as never);
}

/**
 * Getting the Drop (the GM, before the first round): among the contenders (combatant ids; default every
 * combatant), the highest DEX + ACU gets one action in a round 0 and −3 on its first initiative; a tie
 * gives it to nobody. Returns the winner's combatant id, or null.
 */
export async function getTheDrop(combat: AnyCombat | null = null, ids: readonly string[] | null = null) {
  const c = (combat ?? game.combat) as AnyCombat | null;
  if (!c || !game.user?.isGM) {
    ui.notifications?.warn(localize(`${ROOT}.DropGM`));
    return null;
  }
  if ((c.round ?? 0) > 0) {
    ui.notifications?.warn(localize(`${ROOT}.DropStarted`));
    return null;
  }
  const contenders = c.combatants.contents
    .filter((cb) => (ids ? ids.includes(cb.id!) : true) && isLiving(cb.actor))
    .map((cb) => {
      const a = livingSystem(cb.actor as AnyActor).derived.attributes;
      return { id: cb.id!, dex: a.dex, acu: a.acu };
    });
  const winner = dropWinner(contenders);
  const name = winner ? (c.combatants.get(winner)?.name ?? "") : "";
  if (winner)
    await c.updateEmbeddedDocuments("Combatant", [
      { _id: winner, [ROUND_PATH]: firstRoundState(0), [DROP_PATH]: true },
    ] as never);
  await ChatMessage.create({
    content: `<p class="polyverse pv-xs-drop">${foundry.utils.escapeHTML(
      winner ? localize(`${ROOT}.DropWinner`, { name }) : localize(`${ROOT}.DropNobody`),
    )}</p>`,
    speaker: { alias: localize(`${ROOT}.Speaker`) },
  } as never);
  return winner;
}

/** Whether this client handles the combat's round work. */
export const handlesRounds = (): boolean => isActiveGM();
