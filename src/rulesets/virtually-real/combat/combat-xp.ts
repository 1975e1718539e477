/**
 * Combat XP at a combat's end, in Foundry (combat-xp-logic.ts for the rules). When a Virtually Real
 * combat that started is deleted (the tracker's End Combat), the active GM's client reads the combat's
 * attack cards (only those it settled and recorded, unchanged since: a card a player edited counts
 * for nothing): the worst wound Apply left on each character, the skill of each attack settled and of
 * each parry. It posts the `virtually-real-combat` card (its own message: players cannot edit it) with
 * a row per player character. The character's owner picks the skills (a dialog; the skip key takes
 * the first ones) and the GM adds 1 XP to each (rules `gainXP`, its attribute's odd-level bonus too),
 * once per row.
 */
import { cardOf, postCard, registerCard, saveCard, type CardKind } from "../../../core/cards";
import { registerChatAction } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { isSkipDialogHeld } from "../../../core/keybindings";
import { verifiedEntry } from "../../../core/ledger";
import { onOwnedDocumentHook } from "../../../core/owners";
import { gmQueue, hereOrAsGM, isActiveGM, registerGMHandler, requestedCard } from "../../../core/relay";
import {
  RelayRefusal,
  documentId,
  onlyKeys,
  refuse,
  wholeNumber,
  type Payload,
} from "../../../core/relay-logic";
import { gainXP } from "../rules";
import { virtuallyRealRulesOptions } from "../base/settings";
import { livingSystem, skillSystem } from "../data/systems";
import { COMBAT_KEY } from "./attack-card-logic";
import {
  COMBAT_XP_BUTTON,
  COMBAT_XP_CARD,
  COMBAT_XP_OP,
  checkedPicks,
  combatXPContext,
  defaultPicks,
  recordFight,
  xpRow,
  type CombatXPCard,
  type FightRecord,
  type XPRow,
} from "./combat-xp-logic";
import { readAttackCard } from "./attack-card";
import {
  isCharacter,
  isLiving,
  itemsOfType,
  livingByUuid,
  livingSync,
  owns,
  type AnyActor,
  type AnyCombat,
  type AnyUser,
  type Message,
} from "./shared";

export const COMBAT_XP_TEMPLATE = "templates/virtually-real/chat/combat-xp.hbs";
const KEY = `${COMBAT_KEY}.XP`;

const readCard = (message: Message) => cardOf<CombatXPCard>(message, COMBAT_XP_CARD);

export const COMBAT_XP_CARD_KIND: CardKind<CombatXPCard> = {
  ...COMBAT_XP_CARD,
  template: templatePath("virtually-real/chat/combat-xp.hbs"),
  context: (message, card) => {
    const user = game.user;
    // A card a player wrote is no combat's end: nobody may press anything on it.
    const trusted = Boolean(message.author?.isGM);
    return combatXPContext(
      card,
      (row) => Boolean(trusted && user && owns(livingSync(row.actorUuid), user)),
      localize,
    );
  },
};

/** What the combat's attack cards say of each actor (only cards the GM can vouch for). */
async function fightRecords(combat: AnyCombat): Promise<Map<string, FightRecord>> {
  const records = new Map<string, FightRecord>();
  for (const message of (game.messages ?? []) as Iterable<Message>) {
    const card = readAttackCard(message);
    if (!card || card.combatId !== combat.id || card.refused) continue;
    try {
      await verifiedEntry(message);
    } catch (error) {
      if (error instanceof RelayRefusal) continue;
      throw error;
    }
    if (card.outcome && card.skill.itemId) recordFight(records, card.attacker, { skill: card.skill.itemId });
    if (card.target && card.defence?.kind === "parry" && card.defence.skillId)
      recordFight(records, card.target, { skill: card.defence.skillId });
    if (card.target && card.applied) recordFight(records, card.target, { wound: card.applied.band });
  }
  return records;
}

/** The combat skills an actor has, and the proficiencies of the armor and shields it wears. */
function combatSkillsOf(actor: AnyActor) {
  return {
    skills: itemsOfType(actor, "virtually-real-skill").map((s) => ({
      id: s.id ?? "",
      name: s.name,
      combat: skillSystem(s).combat,
    })),
    worn: itemsOfType(actor, "virtually-real-equipment")
      .map((i) => i.system as { kind?: string; equipped?: boolean; proficiency?: string })
      .filter((s) => (s.kind === "armor" || s.kind === "shield") && s.equipped === true)
      .map((s) => s.proficiency ?? ""),
  };
}

/** Post the combat's XP card (the active GM, when a started Virtually Real combat ends). */
export async function postCombatXP(combat: AnyCombat): Promise<Message | null> {
  const records = await fightRecords(combat);
  const rows: XPRow[] = [];
  const seen = new Set<string>();
  for (const combatant of combat.combatants) {
    const actor = combatant.actor as AnyActor | null;
    if (!isLiving(actor) || !isCharacter(actor) || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    const record = records.get(actor.uuid) ?? {
      actorUuid: actor.uuid,
      name: actor.name,
      highestWound: "none" as const,
      used: [],
    };
    rows.push(xpRow({ ...record, name: actor.name }, combatSkillsOf(actor)));
  }
  if (!rows.some((r) => r.xp > 0)) return null;
  return postCard({
    kind: COMBAT_XP_CARD,
    card: { combatId: combat.id ?? "", rows },
    speaker: { alias: localize(`${KEY}.Speaker`) },
    text: localize(`${KEY}.Title`),
  });
}

/** Add 1 XP to each skill picked (the GM, or a player's request it received). */
export async function performTakeXP(
  message: Message,
  op: { row: number; skills: string[] },
  user: AnyUser,
): Promise<void> {
  const card = readCard(message);
  if (!card) refuse("POLYVERSE.Relay.NoMessage");
  if (!message.author?.isGM) refuse(`${KEY}.Refused.NotTheGMs`);
  const row = card.rows[op.row];
  if (!row) refuse("POLYVERSE.Relay.NoMessage");
  const actor = await livingByUuid(row.actorUuid);
  if (!isLiving(actor)) refuse(`${KEY}.Refused.Gone`, { name: row.name });
  if (!owns(actor, user)) refuse(`${KEY}.Refused.NotYours`, { name: row.name });
  if (row.taken !== null) refuse(`${KEY}.Refused.Taken`, { name: row.name });
  const picks = checkedPicks(row, op.skills);
  if (!picks) refuse(`${KEY}.Refused.NotThoseSkills`);
  const skills = picks.map((id) => actor.items.get(id));
  if (skills.some((s) => !s || s.type !== "virtually-real-skill")) refuse(`${KEY}.Refused.NotThoseSkills`);
  const rows = [...card.rows];
  rows[op.row] = { ...row, taken: picks };
  await saveCard<CombatXPCard>(message, COMBAT_XP_CARD, { ...card, rows });
  const options = virtuallyRealRulesOptions();
  const attributes = { ...livingSystem(actor).attributes };
  const gains: Record<string, number> = {};
  for (const item of skills) {
    const s = skillSystem(item!);
    const key = s.attribute;
    const score = attributes[key].score + (gains[key] ?? 0);
    const gain = gainXP({ capacity: s.capacity, xp: s.xp }, 1, score, options.attribute);
    gains[key] = (gains[key] ?? 0) + gain.attributeGain;
    await item!.update({ "system.xp": gain.xp, "system.gainedThisChapter": true } as never);
  }
  const raised = Object.entries(gains).filter(([, n]) => n > 0);
  if (raised.length)
    await actor.update(
      Object.fromEntries(
        raised.map(([k, n]) => [
          `system.attributes.${k}.score`,
          attributes[k as keyof typeof attributes].score + n,
        ]),
      ) as never,
    );
}

/** A request, checked strictly. */
export function parseTakeXP(payload: Payload): { row: number; skills: string[] } {
  onlyKeys(payload, ["messageId", "row", "skills"]);
  documentId(payload.messageId);
  const row = wholeNumber(payload.row, 0, 59);
  if (!Array.isArray(payload.skills) || payload.skills.length > 8) refuse("POLYVERSE.Relay.Malformed");
  return { row, skills: payload.skills.map((s) => documentId(s)) };
}

/** The skills the owner picks (a dialog; the skip key or a single choice takes the first ones). */
async function pickSkills(row: XPRow, event: Event | null): Promise<string[] | null> {
  const picks = defaultPicks(row);
  if (row.candidates.length <= row.xp || (event && isSkipDialogHeld(event))) return picks;
  const esc = (s: string) => foundry.utils.escapeHTML(s);
  const content =
    `<div class="polyverse pv-vr-xp-dialog"><p>${esc(localize(`${KEY}.Pick`, { xp: String(row.xp) }))}</p>` +
    row.candidates
      .map(
        (c) =>
          `<label class="checkbox"><input type="checkbox" name="skill" value="${esc(c.id)}"${picks.includes(c.id) ? " checked" : ""}> ${esc(c.name)}</label>`,
      )
      .join("") +
    `</div>`;
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: localize(`${KEY}.Title`) },
    content,
    ok: {
      label: localize(`${KEY}.Take`),
      callback: (_event: unknown, button: HTMLButtonElement) =>
        [...(button.form?.querySelectorAll<HTMLInputElement>("input[name=skill]:checked") ?? [])].map(
          (i) => i.value,
        ),
    },
    rejectClose: false,
  } as never);
  return Array.isArray(result) ? (result as string[]) : null;
}

async function takeFrom(message: Message, button: HTMLElement, event: Event | null): Promise<unknown> {
  const index = Number(button.dataset.row ?? -1);
  const row = readCard(message)?.rows[index];
  const user = game.user;
  if (!row || !user) return null;
  const skills = await pickSkills(row, event);
  if (!skills) return null;
  const op = { row: index, skills };
  return hereOrAsGM(user.isGM, () => gmQueue(() => performTakeXP(message, op, user)), COMBAT_XP_OP, {
    messageId: message.id ?? "",
    ...op,
  });
}

/** Register the card, its button, the GM's side and the combat's end. Call once at init. */
export function registerCombatXP(): void {
  registerChatAction(COMBAT_XP_BUTTON, {
    permission: (message, user) =>
      Boolean(readCard(message)?.rows.some((r) => owns(livingSync(r.actorUuid), user))),
    handler: (message, button, event) => takeFrom(message, button, event ?? null),
  });
  registerGMHandler(COMBAT_XP_OP, async (payload: Payload, requester) => {
    const op = parseTakeXP(payload);
    const { message } = requestedCard(payload, readCard);
    await performTakeXP(message, op, requester);
  });
  onOwnedDocumentHook("virtually-real", "deleteCombat", (combat: AnyCombat) => {
    if (!isActiveGM() || !combat.started) return;
    void gmQueue(() => postCombatXP(combat)).catch((error) =>
      console.warn("Polyverse | the Virtually Real combat XP card could not be posted", error),
    );
  });
  registerCard(COMBAT_XP_CARD_KIND);
}
