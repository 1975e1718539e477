/**
 * Damage from an attack card: a successful 'Verses attack that had targets gets a button per
 * target; the GM, the attacker or the target's owner presses it, the damage runs through the
 * target's shield, armour and body (`damage-logic.ts`), and a damage card shows what each layer
 * took. A change the presser may not make goes to the GM (`changes.ts`). The damage card's Undo
 * puts back the HP, EX and Moribund of before. Everything lives in message flags and the actor's
 * `flags.polyverse.lastDamage`, so the buttons work after a reload.
 */
import { bindChatActions, registerChatAction } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { applyChanges, registerPendingRedraw, relayPending } from "../changes";
import { pendingNames, type DocumentChange } from "../changes-logic";
import { versesOption } from "../settings";
import { VersesRoll } from "../rolls/verses-roll";
import {
  LAST_DAMAGE_PATH,
  damageChange,
  damageOnTarget,
  damageSummary,
  undoChange,
  type DamageUndo,
  type TargetState,
} from "./damage-logic";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;

export const DAMAGE_TEMPLATE = "verses/chat/damage.hbs";

const i18n = (key: string, data?: Record<string, string>) =>
  data ? game.i18n!.format(key, data) : game.i18n!.localize(key);

/** The attack roll of a card, when it is a successful 'Verses attack. */
function attackRoll(message: Message): VersesRoll | null {
  const roll = message.rolls?.[0];
  if (!(roll instanceof VersesRoll) || roll.options.kind !== "attack" || !roll.options.perSM) return null;
  return roll.view.success ? roll : null;
}

/** The actor behind a target UUID (a token's actor, or an actor). */
export async function targetActor(uuid: string): Promise<AnyActor | null> {
  const doc = (await fromUuid(uuid)) as { actor?: AnyActor | null } | AnyActor | null;
  if (!doc) return null;
  return doc instanceof Actor ? doc : ((doc as { actor?: AnyActor | null }).actor ?? null);
}

function targetState(actor: AnyActor): TargetState & { moribund: boolean } {
  const system = actor.system as unknown as TargetState;
  return {
    ...system,
    items: actor.items.map((i) => ({ name: i.name ?? "", type: i.type, system: i.system })),
    moribund: actor.statuses.has("moribund"),
  };
}

/** Add the per-target damage buttons to a successful attack card. */
export function decorateAttackCard(message: Message, html: HTMLElement): void {
  const roll = attackRoll(message);
  const targets = roll?.options.targets ?? [];
  if (!roll || !targets.length || html.querySelector(".pv-damage-targets")) return;
  const section = document.createElement("section");
  section.className = "pv-damage-targets";
  section.setAttribute("aria-label", i18n("POLYVERSE.Verses.Damage.Targets"));
  for (const uuid of targets) {
    const name = (fromUuidSync(uuid) as { name?: string } | null)?.name ?? "?";
    for (const [action, key] of [
      ["verses.dodge", "POLYVERSE.Verses.Defence.DodgeTarget"],
      ["verses.parry", "POLYVERSE.Verses.Defence.ParryTarget"],
      ["verses.applyDamage", "POLYVERSE.Verses.Damage.Apply"],
    ] as const) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.pvAction = action;
      button.dataset.target = uuid;
      button.textContent = i18n(key, { target: name });
      section.append(button);
    }
  }
  (html.querySelector(".pv-pool-card") ?? html).append(section);
  bindChatActions(message, section);
}

type Summary = ReturnType<typeof damageSummary> & { target: string };

function renderDamageCard(summary: Summary, pending: readonly DocumentChange[]): Promise<string> {
  return foundry.applications.handlebars.renderTemplate(templatePath(DAMAGE_TEMPLATE), {
    ...summary,
    pendingGM: pending.length
      ? i18n("POLYVERSE.Verses.Tests.Card.PendingGM", { names: pendingNames(pending).join(", ") })
      : "",
  });
}

/** Press "Apply damage" on an attack card. */
export async function applyDamage(
  message: Message,
  targetUuid: string,
  /** The attack's faces left after a defence (default: the whole roll). */
  after: { faces?: readonly number[] } = {},
): Promise<Message | null> {
  const roll = attackRoll(message);
  const actor = await targetActor(targetUuid);
  const user = game.user;
  if (!roll || !actor || !user || !message.id) return null;
  const owner = actor.canUserModify(user, "update");
  if (!owner && !user.isGM && message.author?.id !== user.id) {
    ui.notifications?.warn(i18n("POLYVERSE.Verses.Damage.NotAllowed"));
    return null;
  }
  const state = targetState(actor);
  const resolution = damageOnTarget(
    { faces: after.faces ?? roll.faces, target: roll.options.target, damage: roll.options.perSM! },
    state,
    versesOption("damageLayers"),
  );
  const ref = { uuid: actor.uuid, name: actor.name ?? "" };
  const change = damageChange(ref, state, resolution, message.id);
  const pending: DocumentChange[] = await applyChanges([change]);
  const summary = { ...damageSummary(resolution), target: ref.name };
  const content = await renderDamageCard(summary, pending);
  const data = {
    speaker: ChatMessage.getSpeaker({ actor }),
    content,
    flags: { polyverse: { damage: { target: targetUuid, attack: message.id, summary }, pending } },
  };
  const card = (await ChatMessage.implementation.create(data as never)) as Message | undefined;
  if (card) await relayPending(card);
  return card ?? null;
}

/** Press "Undo" on a damage card: the target's HP, EX and Moribund as they were. */
export async function undoDamage(message: Message): Promise<boolean> {
  const flags = (message.flags as { polyverse?: { damage?: { target: string; attack: string } } }).polyverse;
  const actor = flags?.damage ? await targetActor(flags.damage.target) : null;
  if (!actor || !flags?.damage) return false;
  const undo = foundry.utils.getProperty(actor, LAST_DAMAGE_PATH) as DamageUndo | undefined;
  if (!undo || undo.messageId !== flags.damage.attack) {
    ui.notifications?.warn(i18n("POLYVERSE.Verses.Damage.NothingToUndo", { target: actor.name ?? "" }));
    return false;
  }
  const ref = { uuid: actor.uuid, name: actor.name ?? "" };
  const left = await applyChanges([undoChange(ref, undo, actor.statuses.has("moribund"))]);
  if (left.length) return false;
  ui.notifications?.info(i18n("POLYVERSE.Verses.Damage.Undone", { target: ref.name }));
  return true;
}

/** The buttons and the card decoration. Call once at init. */
export function registerDamageActions(): void {
  registerChatAction("verses.applyDamage", {
    permission: "anyone",
    handler: (message, button) => applyDamage(message, button.dataset.target ?? ""),
  });
  registerChatAction("verses.undoDamage", {
    permission: "speakerOwner",
    handler: (message) => undoDamage(message),
  });
  registerPendingRedraw("damage", async (message, left) => {
    const summary = (message.flags as { polyverse?: { damage?: { summary?: Summary } } }).polyverse?.damage
      ?.summary;
    return summary ? { content: await renderDamageCard(summary, left) } : {};
  });
  Hooks.on("renderChatMessageHTML", (message: Message, html: HTMLElement) =>
    decorateAttackCard(message, html),
  );
}
