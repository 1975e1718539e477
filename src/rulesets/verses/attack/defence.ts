/**
 * The defender's answer to an attack card: Dodge, "PRW + #AD to contest the attack roll" ("Dodge").
 * The target's owner (or the GM) presses Dodge on the attack card; the dodge is rolled through the
 * roll dialog (AD spent in Fast Action), its card remembers the attack, and the dodger's successes
 * remove the attack's, sixes first (`resolveDodge`). If the attack still lands, the dodge card
 * offers the damage of what is left; if not, it says the attack was evaded.
 */
import { bindChatActions, registerChatAction } from "../../../core/chat";
import { checkDodge, resolveDodge } from "../rules";
import { chooseRoll, common, rollPool } from "../rolls/actions";
import { VersesRoll } from "../rolls/verses-roll";
import { applyDamage } from "./damage";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;

const i18n = (key: string, data?: Record<string, string>) =>
  data ? game.i18n!.format(key, data) : game.i18n!.localize(key);

async function actorOf(uuid: string): Promise<AnyActor | null> {
  const doc = (await fromUuid(uuid)) as { actor?: AnyActor | null } | AnyActor | null;
  if (!doc) return null;
  return doc instanceof Actor ? doc : ((doc as { actor?: AnyActor | null }).actor ?? null);
}

const attackOf = (message: Message): VersesRoll | null => {
  const roll = message.rolls?.[0];
  return roll instanceof VersesRoll && roll.options.kind === "attack" ? roll : null;
};

/** The attack's faces left after a defence roll (sixes first), and whether it still lands. */
export function afterDodge(attack: VersesRoll, dodge: VersesRoll): { faces: number[]; evaded: boolean } {
  const { attack: contest, evaded } = resolveDodge(
    attack.faces as never,
    dodge.faces as never,
    attack.options.target,
  );
  return { faces: [...contest.remaining], evaded };
}

/** Roll the target's dodge against an attack card. */
export async function dodge(message: Message, targetUuid: string): Promise<VersesRoll | null> {
  const actor = await actorOf(targetUuid);
  const user = game.user;
  if (!actor || !user || !message.id || !attackOf(message)) return null;
  if (!actor.canUserModify(user, "update")) {
    ui.notifications?.warn(i18n("POLYVERSE.Verses.Defence.NotYours", { target: actor.name ?? "" }));
    return null;
  }
  const request = { attribute: "prw" as const, action: "dodge" as const };
  const settled = await chooseRoll({
    kind: "test",
    label: i18n("POLYVERSE.Verses.Defence.Dodge"),
    request,
    ...common(actor, { target: 0 }),
  });
  if (!settled) return null;
  const allowed = checkDodge(settled.ad ?? 0, {
    prone: actor.statuses.has("prone"),
    stunned: actor.statuses.has("stunned"),
  });
  if (!allowed.ok) {
    ui.notifications?.warn(allowed.reason);
    return null;
  }
  const fastAction = Boolean(
    game.combat?.started && game.combat.combatants.some((c) => c.actor?.id === actor.id),
  );
  return rollPool(
    actor,
    { ...request, fastAction },
    {
      label: "POLYVERSE.Verses.Defence.Dodge",
      kind: "test",
      defends: { attack: message.id, target: targetUuid },
    },
    { ...settled, target: 0 },
  );
}

/** Add the dodge's outcome and, when the attack still lands, its damage button. */
export function decorateDefenceCard(message: Message, html: HTMLElement): void {
  const roll = message.rolls?.[0];
  const defends = roll instanceof VersesRoll ? roll.options.defends : undefined;
  if (!defends || html.querySelector(".pv-defence-outcome")) return;
  const attackMessage = game.messages?.get(defends.attack) as Message | undefined;
  const attack = attackMessage ? attackOf(attackMessage) : null;
  if (!attack) return;
  const { faces, evaded } = afterDodge(attack, roll as VersesRoll);
  const section = document.createElement("section");
  section.className = "pv-defence-outcome";
  const p = document.createElement("p");
  p.className = `pv-outcome ${evaded ? "success" : "failure"}`;
  p.textContent = evaded
    ? i18n("POLYVERSE.Verses.Defence.Evaded")
    : i18n("POLYVERSE.Verses.Defence.StillHits", { faces: faces.join(", ") });
  section.append(p);
  if (!evaded) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.pvAction = "verses.damageAfterDefence";
    button.textContent = i18n("POLYVERSE.Verses.Defence.ApplyRest");
    section.append(button);
  }
  (html.querySelector(".pv-pool-card") ?? html).append(section);
  bindChatActions(message, section);
}

/** Damage after a dodge: the attack's remaining faces on the dodger. */
export async function damageAfterDefence(message: Message): Promise<unknown> {
  const roll = message.rolls?.[0];
  const defends = roll instanceof VersesRoll ? roll.options.defends : undefined;
  const attackMessage = defends ? (game.messages?.get(defends.attack) as Message | undefined) : undefined;
  const attack = attackMessage ? attackOf(attackMessage) : null;
  if (!defends || !attackMessage || !attack) return null;
  const { faces, evaded } = afterDodge(attack, roll as VersesRoll);
  if (evaded) return null;
  return applyDamage(attackMessage, defends.target, { faces });
}

/** The Dodge and after-dodge damage buttons. Call once at init. */
export function registerDefenceActions(): void {
  registerChatAction("verses.dodge", {
    permission: "anyone",
    handler: (message, button) => dodge(message, button.dataset.target ?? ""),
  });
  registerChatAction("verses.damageAfterDefence", {
    permission: "speakerOwner",
    handler: (message) => damageAfterDefence(message),
  });
  Hooks.on("renderChatMessageHTML", (message: Message, html: HTMLElement) =>
    decorateDefenceCard(message, html),
  );
}
