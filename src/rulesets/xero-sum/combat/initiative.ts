/**
 * Xero Sum initiative in Foundry (`XeroSumCombat#rollInitiative`): each combatant the roller may change
 * rolls 2d6 + its Initiative Modifier (Table 5: ACU + DEX after Lasting Wounds, with the sheet's bonus)
 * + the round bonuses (round-logic.ts `initiativeRecord`: +1 after a quiet round, −3 after Getting the
 * Drop, −2 Rattled). The number and its record are stored on the combatant, the Drop and a Rattled
 * panic are used up, and one chat message lists the rolls. Getting the Drop is tracker-drop.ts.
 */
import { isActiveGM } from "../../../core/relay";
import { localize } from "../../../core/i18n";
import { rulesetFlag } from "../../../core/flags";
import { livingSystem } from "../data/systems";
import { initiativeRecord } from "./round-logic";
import {
  DROP_PATH,
  INITIATIVE_PATH,
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

/** Whether this client handles the combat's round work. */
export const handlesRounds = (): boolean => isActiveGM();
