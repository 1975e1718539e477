/**
 * Rolling turn order in Foundry: each combatant rolls its unbound AD pool as a `VersesRoll`; ties
 * re-roll just the tied; each combatant stores the number that sorts Foundry's tracker as the text
 * does and its roll (`flags.polyverse.verses.initiative`); one chat card carries every roll (Dice So Nice
 * animates them). Tactical Awareness moves a combatant afterwards. The decisions are in
 * `combat-logic.ts`.
 */
import { templatePath } from "../../../core/constants";
import { versesFlagData, versesFlagPath } from "../base/flags";
import { registerGMHandler, runAsGM } from "../../../core/relay";
import { documentId, onlyKeys, refuse as refuseRequest, type Payload } from "../../../core/relay-logic";
import { abilityDice } from "../rules";
import { applyRollMode, resolveRollMode } from "../../../core/compat";
import { VersesRoll } from "../rolls/verses-roll";
import { capDice } from "../base/pool-cap";
import { versesMaxPool } from "../base/settings";
import {
  acceptTiedInitiative,
  initiativeCardRows,
  initiativeDice,
  initiativeRecord,
  readInitiativeRecord,
  settleInitiative,
  tacticalAwarenessMove,
  type InitiativeRecord,
  type RolledEntry,
} from "./combat-logic";
import {
  isLiving,
  living,
  localize,
  versesFlags,
  refuse,
  type AnyActor,
  type AnyCombat,
  type AnyCombatant,
} from "./shared";

const ROOT = "POLYVERSE.Verses.Combat";
/** The initiative card's template. */
export const INITIATIVE_TEMPLATE = "templates/verses/combat/initiative-card.hbs";
/** The most dice a turn-order roll can rank (`initiativeValue` packs each count in two digits). */
const INITIATIVE_MAX_DICE = 99;
/** The GM request that stores turn-order numbers of combatants the roller does not own. */
const INITIATIVE_REQUEST = "verses.combat.initiative";
/** Where a combatant keeps its turn-order roll (`flags.polyverse.verses.initiative`). */
const INITIATIVE_FLAG = versesFlagPath("initiative");

type Message = ChatMessage.Implementation;
type CombatantUpdate = { _id: string; initiative: number; [path: string]: unknown };

/** A combatant's stored roll, or null (not rolled, or set by hand). */
export function initiativeRecordOf(combatant: AnyCombatant): InitiativeRecord | null {
  return readInitiativeRecord(versesFlags(combatant).initiative);
}

const mayModify = (combatant: AnyCombatant): boolean =>
  Boolean(game.user && combatant.canUserModify(game.user, "update"));
const mayUpdateCombat = (combat: AnyCombat): boolean =>
  Boolean(game.user && combat.canUserModify(game.user, "update"));

/**
 * Store the numbers: the combatants this user may update at once, the others (a tie re-rolled
 * with another player's or the GM's combatant) through the GM.
 */
async function storeInitiative(combat: AnyCombat, updates: CombatantUpdate[], roller: string): Promise<void> {
  const mine = updates.filter((u) => {
    const c = combat.combatants.get(u._id);
    return c ? mayModify(c) : false;
  });
  const theirs = updates.filter((u) => !mine.includes(u));
  if (mine.length) await combat.updateEmbeddedDocuments("Combatant", mine as never);
  if (theirs.length) await runAsGM(INITIATIVE_REQUEST, { combatId: combat.id, roller, updates: theirs });
}

/**
 * The GM's side: store the numbers a roller could not. The requester must own the combatant that
 * rolled; each other combatant must be one the requester does not own that tied with that roll,
 * and its number is worked out from its stored dice (`acceptTiedInitiative`), never taken as sent.
 */
export function registerInitiativeRequests(): void {
  registerGMHandler(INITIATIVE_REQUEST, async (payload: Payload, requester) => {
    onlyKeys(payload, ["combatId", "roller", "updates"]);
    const combat = game.combats?.get(documentId(payload.combatId));
    if (!combat) refuseRequest(`${ROOT}.Gone.Combat`);
    const roller = combat.combatants.get(documentId(payload.roller));
    if (!roller?.testUserPermission(requester, "OWNER")) refuseRequest(`${ROOT}.NotYours`);
    const rollerFaces = initiativeRecordOf(roller)?.faces ?? [];
    if (!Array.isArray(payload.updates) || payload.updates.length > combat.combatants.size)
      refuseRequest("POLYVERSE.Relay.Malformed");
    const updates = (payload.updates as unknown[]).map((u) => {
      const update = (u ?? {}) as Record<string, unknown>;
      const combatant = combat.combatants.get(documentId(update._id));
      if (!combatant || combatant.id === roller.id || combatant.testUserPermission(requester, "OWNER"))
        refuseRequest(`${ROOT}.NotTied`);
      const accepted = acceptTiedInitiative(rollerFaces, initiativeRecordOf(combatant), {
        initiative: update.initiative,
        record: update[INITIATIVE_FLAG],
      });
      if (!accepted) refuseRequest(`${ROOT}.NotTied`);
      return {
        _id: combatant.id!,
        initiative: accepted.initiative,
        [INITIATIVE_FLAG]: accepted.record,
      };
    });
    if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates as never);
  });
}

/** Roll one combatant's unbound AD ("all dice in their AD pools (that have not been EX-bound)"). */
async function rollPool(combatant: AnyCombatant): Promise<VersesRoll> {
  const actor = combatant.actor;
  const system = isLiving(actor) ? living(actor) : null;
  // The AD pool is never larger than the world allows (data/living.ts cuts it), nor than turn
  // order can rank (`initiativeValue` packs at most 99 dice): say so, as the GM's client rolls
  // every combatant's pool.
  const unbound = system ? initiativeDice(system) : 0;
  const { dice, cut } = capDice(unbound, Math.min(versesMaxPool(), INITIATIVE_MAX_DICE));
  if (system && (system.adCut > 0 || cut > 0))
    ui.notifications?.warn(
      localize("POLYVERSE.Verses.Pool.CappedAD", {
        name: combatant.name ?? actor?.name ?? "",
        from: String(unbound + system.adCut),
        max: String(dice),
      }),
    );
  const roll = VersesRoll.fromParts(
    {
      target: 0,
      kind: "initiative",
      label: `${ROOT}.Initiative.Title`,
      parts: [{ label: `${ROOT}.Initiative.Pool`, dice }],
      ...(actor ? { actorUuid: actor.uuid } : {}),
    },
    { who: combatant.name ?? actor?.name ?? "" },
  );
  await roll.evaluate();
  return roll;
}

/**
 * `Combat#rollInitiative` for 'Verses: roll, re-roll ties, store the numbers and rolls, keep the
 * current turn on the same combatant (unless `updateTurn` is false), and post the card.
 */
export async function rollVersesInitiative(
  combat: AnyCombat,
  ids: string | string[],
  options: Combat.InitiativeOptions = {},
): Promise<void> {
  const wanted = [...new Set(typeof ids === "string" ? [ids] : ids)];
  const combatants = wanted.flatMap((id) => {
    const c = combat.combatants.get(id);
    return c ? [c] : [];
  });
  if (!combatants.length) return;
  const current = combat.combatant?.id ?? null;
  const rolls: { combatant: AnyCombatant; roll: VersesRoll }[] = [];
  const rollFor = async (c: AnyCombatant): Promise<RolledEntry> => {
    const roll = await rollPool(c);
    rolls.push({ combatant: c, roll });
    return { id: c.id!, faces: roll.faces };
  };

  const rolled: RolledEntry[] = [];
  for (const c of combatants) rolled.push(await rollFor(c));
  const rolledIds = new Set(rolled.map((r) => r.id));
  const placed = combat.combatants.contents.flatMap((c) => {
    if (rolledIds.has(c.id!) || c.initiative === null || c.initiative === undefined) return [];
    const record = initiativeRecordOf(c);
    return record ? [{ id: c.id!, initiative: c.initiative, faces: record.faces }] : [];
  });
  const settled = await settleInitiative(placed, rolled, async (tied) => {
    const again: RolledEntry[] = [];
    for (const id of tied) {
      const c = combat.combatants.get(id);
      if (c) again.push(await rollFor(c));
    }
    return again;
  });

  const facesOf = new Map(rolled.map((r) => [r.id, r.faces]));
  const updates: CombatantUpdate[] = [...settled.values].map(([id, initiative]) => {
    const c = combat.combatants.get(id)!;
    const record = initiativeRecord(
      initiativeRecordOf(c),
      facesOf.get(id) ?? null,
      settled.rerolls.get(id) ?? [],
    );
    return { _id: id, initiative, [INITIATIVE_FLAG]: record };
  });
  await storeInitiative(combat, updates, combatants[0]!.id!);

  if (options.updateTurn !== false && combat.started && current && mayUpdateCombat(combat)) {
    const turn = combat.turns.findIndex((t) => t.id === current);
    if (turn >= 0 && turn !== combat.turn) await combat.update({ turn });
  }
  if (settled.unresolved.length)
    ui.notifications?.info(
      localize(`${ROOT}.Initiative.Unresolved`, {
        names: settled.unresolved
          .map((g) => g.map((id) => combat.combatants.get(id)?.name ?? id).join(", "))
          .join("; "),
      }),
    );
  await postInitiativeCards(combat, rolls, settled.order, options);
}

/**
 * One card for the roll: the combatants in their new order with every roll. Hidden combatants'
 * rolls go on a second card for the GM only, so that the players' card does not reveal them.
 */
async function postInitiativeCards(
  combat: AnyCombat,
  rolls: { combatant: AnyCombatant; roll: VersesRoll }[],
  order: string[],
  options: Combat.InitiativeOptions,
): Promise<Message[]> {
  const places = new Map(combat.turns.map((t, i) => [t.id!, i + 1]));
  const messageOptions = (options.messageOptions ?? {}) as { rollMode?: string };
  const posted: Message[] = [];
  for (const hidden of [false, true]) {
    const mine = rolls.filter((r) => Boolean(r.combatant.hidden) === hidden);
    if (!mine.length) continue;
    const byId = new Map<string, { name: string; faces: number[]; rerolls: number[][] }>();
    for (const { combatant, roll } of mine) {
      const id = combatant.id!;
      const entry = byId.get(id);
      if (entry) entry.rerolls.push(roll.faces);
      else byId.set(id, { name: combatant.name ?? "", faces: roll.faces, rerolls: [] });
    }
    const ids = [
      ...order.filter((id) => byId.has(id)),
      ...[...byId.keys()].filter((id) => !order.includes(id)),
    ].sort((a, b) => (places.get(a) ?? 0) - (places.get(b) ?? 0));
    const content = await foundry.applications.handlebars.renderTemplate(
      templatePath("verses/combat/initiative-card.hbs"),
      { rows: initiativeCardRows(ids, byId, places), title: localize(`${ROOT}.Initiative.Title`) },
    );
    const single = mine.length && new Set(mine.map((r) => r.combatant.id)).size === 1 ? mine[0] : null;
    const speaker = single
      ? ChatMessage.getSpeaker({
          actor: single.combatant.actor,
          token: single.combatant.token,
          alias: single.combatant.name ?? undefined,
        } as never)
      : { alias: localize(`${ROOT}.Initiative.Speaker`) };
    const data: Record<string, unknown> = {
      speaker,
      content,
      rolls: mine.map((r) => r.roll),
      flags: { core: { initiativeRoll: true }, ...versesFlagData({ initiative: true }) },
    };
    applyRollMode(data, resolveRollMode(hidden ? "gmroll" : messageOptions.rollMode));
    const message = (await ChatMessage.implementation.create(data as never)) as Message | undefined;
    if (message) posted.push(message);
  }
  return posted;
}

// ---- Tactical Awareness ------------------------------------------------------------------------

/** The ability's usable dice. */
function tacticalAwarenessDice(actor: AnyActor | null | undefined): number {
  return isLiving(actor) ? abilityDice(living(actor).abilities, "tacticalAwareness") : 0;
}

/** Tactical Awareness dice not yet spent this combat. */
export function tacticalAwarenessLeft(combatant: AnyCombatant): number {
  return Math.max(0, tacticalAwarenessDice(combatant.actor) - (initiativeRecordOf(combatant)?.taSpent ?? 0));
}

/**
 * Whether the turn order may still be changed by Tactical Awareness: after everyone rolled, before
 * anyone acted (the combat not begun, or the first turn of round 1).
 */
export function tacticalAwarenessOpen(combat: AnyCombat): boolean {
  const rolled = combat.combatants.contents.every((c) => c.initiative !== null && c.initiative !== undefined);
  return rolled && (!combat.started || (combat.round <= 1 && (combat.turn ?? 0) === 0));
}

/**
 * Tactical Awareness: move the combatant `places` positions (positive: earlier), one allocated die
 * per position. Refused with a clear message when the ability is missing or spent, the window has
 * closed, or the move runs past either end.
 */
export async function moveInTurnOrder(combatant: AnyCombatant, places: number): Promise<boolean> {
  const combat = combatant.combat as AnyCombat | null;
  if (!combat) return Boolean(refuse({ key: `${ROOT}.Reason.NotInCombat` }));
  if (!tacticalAwarenessOpen(combat)) return Boolean(refuse({ key: `${ROOT}.Reason.TaClosed` }));
  const record = initiativeRecordOf(combatant);
  const plan = tacticalAwarenessMove(
    combat.turns.map((t) => ({ id: t.id!, initiative: t.initiative ?? null })),
    combatant.id!,
    places,
    tacticalAwarenessDice(combatant.actor),
    record?.taSpent ?? 0,
  );
  if (!plan.ok) return Boolean(refuse(plan.reason));
  const base = record ?? initiativeRecord(null, null);
  const next: InitiativeRecord = {
    ...base,
    taSpent: base.taSpent + plan.value.diceSpent,
    taPlaces: base.taPlaces + places,
  };
  await storeInitiative(
    combat,
    [{ _id: combatant.id!, initiative: plan.value.initiative, [INITIATIVE_FLAG]: next }],
    combatant.id!,
  );
  // In the first turn nobody has acted yet: the turn stays at the top of the new order.
  if (combat.started && combat.turn !== 0 && mayUpdateCombat(combat)) await combat.update({ turn: 0 });
  return true;
}
