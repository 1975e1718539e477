/**
 * What the sheets and macros call besides the attack: Reload (fill a weapon's magazine and chamber)
 * and Rally (one character spends a Willpower dot to bring every targeted broken character back to
 * one dot; rules `rally`). A rally of characters the user does not own goes through the GM, who
 * works it out from the documents: who rallies (the requester's own character), who is broken now.
 */
import { localize } from "../../../core/i18n";
import { registerGMHandler, runAsGM } from "../../../core/relay";
import { RelayRefusal, documentId, onlyKeys, refuse, type Payload } from "../../../core/relay-logic";
import { rally as rallyRule } from "../rules";
import { livingSystem, weaponSystem } from "../data/systems";
import { isLiving } from "../documents/health";
import { reloaded } from "./ammo-logic";
import type { AnyActor, AnyItem } from "./attack-shared";

const KEY = "POLYVERSE.Maelstrom.Combat";
const warn = (key: string, data?: Record<string, string>) => ui.notifications?.warn(localize(key, data));

/** The GM request of a rally. */
export const RALLY_OP = "maelstrom.rally";
/** The most characters one rally restores. */
const MAX_RALLIED = 20;
/** A token's UUID on a scene (an unlinked token's actor is rallied through its token). */
const TOKEN_UUID = /^Scene\.[A-Za-z0-9]{16}\.Token\.[A-Za-z0-9]{16}$/;

/** Post a short note in chat for an actor (plain text, escaped). */
async function note(actor: AnyActor, text: string): Promise<void> {
  await ChatMessage.implementation.create({
    speaker: ChatMessage.getSpeaker({ actor }),
    content: `<p>${foundry.utils.escapeHTML(text)}</p>`,
  } as never);
}

/**
 * Reload a weapon: its rounds loaded become its magazine plus chamber. Its owner only; refused
 * with a message for a weapon that takes no rounds or is full. Returns the rounds loaded, or null.
 */
export async function reload(actor: AnyActor, weapon: AnyItem): Promise<number | null> {
  if (weapon.type !== "maelstrom-weapon" || weapon.parent !== actor || !actor.isOwner) {
    warn(`${KEY}.Reload.NotYours`);
    return null;
  }
  const w = weaponSystem(weapon);
  const r = reloaded(w);
  if (!r.ok) {
    warn(`${KEY}.Reload.${r.reason === "full" ? "Full" : "NoAmmunition"}`, { weapon: weapon.name ?? "" });
    return null;
  }
  await weapon.update({ "system.loaded": r.loaded } as never);
  await note(
    actor,
    localize(`${KEY}.Reload.Done`, {
      actor: actor.name ?? "",
      weapon: weapon.name ?? "",
      rounds: String(r.loaded),
    }),
  );
  return r.loaded;
}

/** How a rally target is named: a world actor's id, or an unlinked token's UUID. */
function targetRef(actor: AnyActor): string {
  const token = actor.token;
  return actor.isToken && token ? token.uuid : (actor.id ?? "");
}

async function targetOf(ref: unknown): Promise<AnyActor | null> {
  if (typeof ref === "string" && TOKEN_UUID.test(ref)) {
    const token = (await fromUuid(ref)) as TokenDocument.Implementation | null;
    return (token?.actor as AnyActor | null | undefined) ?? null;
  }
  return (game.actors?.get(documentId(ref)) as AnyActor | undefined) ?? null;
}

/**
 * The rally itself, on a client that may update everyone involved (a GM, or a user owning them
 * all): from the documents as they are now. Refuses (`refuse`) without Willpower or a broken target.
 */
async function performRally(rallier: AnyActor, targets: readonly AnyActor[]): Promise<string[]> {
  const living = targets.filter((t) => isLiving(t) && t !== rallier);
  const states = living.map((t) => livingSystem(t).willpower);
  const r = rallyRule({
    rallier: livingSystem(rallier).willpower.value,
    targets: states.map((s) => ({ value: s.value, rallied: s.rallied })),
  });
  if (!r.ok) refuse(`${KEY}.Rally.${r.reason === "noWillpower" ? "NoWillpower" : "NoTarget"}`);
  await rallier.update({ "system.willpower.value": r.value.rallier } as never);
  const restored: string[] = [];
  for (const [i, target] of living.entries()) {
    const value = r.value.targets[i] ?? 0;
    if (value === states[i]?.value) continue;
    await target.update({ "system.willpower.value": value, "system.willpower.rallied": false } as never);
    restored.push(target.name ?? "");
  }
  await note(
    rallier,
    localize(`${KEY}.Rally.Done`, { actor: rallier.name ?? "", names: restored.join(", ") }),
  );
  return restored;
}

/**
 * Rally: `actor` spends one Willpower dot to restore every broken character among `targets` (the
 * user's targeted tokens by default) to one dot. Carried out here when the user may update them
 * all, else by the GM. Returns whether it was done (or sent).
 */
export async function rally(
  actor: AnyActor,
  { targets }: { targets?: readonly AnyActor[] } = {},
): Promise<boolean> {
  const user = game.user;
  if (!user || !isLiving(actor) || !actor.isOwner) {
    warn(`${KEY}.Rally.NotYours`);
    return false;
  }
  const chosen =
    targets ?? [...user.targets].map((t) => t.actor as AnyActor | null).filter((a): a is AnyActor => !!a);
  if (!chosen.length || chosen.length > MAX_RALLIED) {
    warn(`${KEY}.Rally.NoTarget`);
    return false;
  }
  if (user.isGM || chosen.every((t) => t.isOwner)) {
    try {
      await performRally(actor, chosen);
      return true;
    } catch (error) {
      if (!(error instanceof RelayRefusal)) throw error;
      warn(error.key, error.data);
      return false;
    }
  }
  return runAsGM(RALLY_OP, { rallier: actor.id ?? "", targets: chosen.map(targetRef) });
}

/** The GM's side of a player's rally: the rallier is the requester's own; the targets are read now. */
export function registerRallyRequests(): void {
  registerGMHandler(RALLY_OP, async (payload: Payload, requester) => {
    onlyKeys(payload, ["rallier", "targets"]);
    const rallier = game.actors?.get(documentId(payload.rallier)) as AnyActor | undefined;
    if (!rallier || !isLiving(rallier) || !rallier.testUserPermission(requester, "OWNER"))
      refuse(`${KEY}.Rally.NotYours`);
    const refs = payload.targets;
    if (!Array.isArray(refs) || !refs.length || refs.length > MAX_RALLIED)
      refuse("POLYVERSE.Relay.Malformed");
    const targets: AnyActor[] = [];
    for (const ref of new Set(refs)) {
      const target = await targetOf(ref);
      if (!target) refuse("POLYVERSE.Relay.Malformed");
      targets.push(target);
    }
    await performRally(rallier, targets);
  });
}
