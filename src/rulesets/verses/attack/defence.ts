/**
 * The defender's answer to an attack card: Dodge, "PRW + #AD to contest the attack roll" ("Dodge").
 * The target's owner (or the GM) presses Dodge on the attack card; the dodge is rolled through the
 * roll dialog (AD spent in Fast Action), its card remembers the attack, and the dodger's successes
 * remove the attack's, sixes first (`resolveDodge`). If the attack still lands, the dodge card
 * offers the damage of what is left; if not, it says the attack was evaded.
 */
import { bindChatActions, registerChatAction } from "../../../core/chat";
import { checkDodge, checkParry, resolveDodge, resolveParry, skillAllocation } from "../rules";
import { versesOption } from "../settings";
import { isFast, parryRating, type WeaponModeSource } from "../rolls/weapon-modes";
import { chooseRoll, common, inFastAction, rollPool, rollWeapon, type RollChoice } from "../rolls/actions";
import { VersesRoll } from "../rolls/verses-roll";
import { applyDamage, targetActor } from "./damage";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;

const i18n = (key: string, data?: Record<string, string>) =>
  data ? game.i18n!.format(key, data) : game.i18n!.localize(key);

const attackOf = (message: Message): VersesRoll | null => {
  const roll = message.rolls?.[0];
  return roll instanceof VersesRoll && roll.options.kind === "attack" ? roll : null;
};

/**
 * The attack's faces left after a defence roll (the defender's successes remove the attack's, sixes
 * first), whether it still lands, and for a parry whether it was full with a six (a Riposte).
 */
export function afterDefence(
  attack: VersesRoll,
  defence: VersesRoll,
): { faces: number[]; evaded: boolean; riposte: number } {
  if (defence.options.defends?.kind === "parry") {
    const p = resolveParry(attack.faces as never, defence.faces as never, attack.options.target);
    const riposte = p.full && p.parrySixes > 0 && defence.options.defends.fast ? p.parrySixes : 0;
    return { faces: [...p.attack.remaining], evaded: !p.hit, riposte };
  }
  const { attack: contest, evaded } = resolveDodge(
    attack.faces as never,
    defence.faces as never,
    attack.options.target,
  );
  return { faces: [...contest.remaining], evaded, riposte: 0 };
}

type ParryMode = { weapon: Item.Implementation; mode: WeaponModeSource; rating: number };

/** The defender's parries: each equipped weapon mode with Parry(#) whose skill is allocated, best first. */
function parryModes(actor: AnyActor): ParryMode[] {
  const skills =
    (actor.system as unknown as { skills?: { skill: string; spec?: string; dice: number }[] }).skills ?? [];
  const skillActor = { attributes: { smr: 1, prw: 1, tuf: 1, soc: 1 }, abilities: {}, skills };
  return actor.items
    .filter((i) => i.type === "verses-weapon" && Boolean((i.system as { equipped?: boolean }).equipped))
    .flatMap((weapon) =>
      ((weapon.system as unknown as { modes?: WeaponModeSource[] }).modes ?? []).map((mode) => ({
        weapon,
        mode,
        rating: parryRating(mode.features),
      })),
    )
    .filter((p): p is ParryMode => p.rating !== null && skillAllocation(skillActor, p.mode.skill) > 0)
    .sort((a, b) => b.rating - a.rating);
}

/**
 * Parry an attack card: "skill + #AD", at least the minimum AD the two Parry ratings give, only with
 * a Parry weapon against a Parry weapon (`checkParry`; the world setting may allow others). The best
 * Parry rating among the defender's equipped weapons is used.
 */
export async function parry(message: Message, targetUuid: string): Promise<VersesRoll | null> {
  const actor = await targetActor(targetUuid);
  const user = game.user;
  const attack = attackOf(message);
  if (!actor || !user || !message.id || !attack) return null;
  if (!actor.canUserModify(user, "update")) {
    ui.notifications?.warn(i18n("POLYVERSE.Verses.Defence.NotYours", { target: actor.name ?? "" }));
    return null;
  }
  const weapon = attack.options.itemUuid
    ? ((await fromUuid(attack.options.itemUuid)) as Item.Implementation | null)
    : null;
  const attackModes = (weapon?.system as unknown as { modes?: WeaponModeSource[] } | undefined)?.modes ?? [];
  const attackParry = attackModes.map((m) => parryRating(m.features)).find((r) => r !== null) ?? null;
  const best = parryModes(actor)[0];
  const allowed = checkParry(
    {
      defenceParry: best?.rating ?? null,
      skillAllocated: best ? 1 : 0,
      attackParry,
      prone: actor.statuses.has("prone"),
      stunned: actor.statuses.has("stunned"),
    },
    versesOption("parry"),
  );
  if (!allowed.ok || !best) {
    ui.notifications?.warn(allowed.ok ? i18n("POLYVERSE.Verses.Defence.NoParry") : allowed.reason);
    return null;
  }
  const minimum = allowed.value.minimumAD;
  const request = { skill: best.mode.skill, action: "parry" as const };
  const settled = await chooseRoll({
    kind: "test",
    label: i18n("POLYVERSE.Verses.Defence.ParryWith", { weapon: best.weapon.name ?? "" }),
    request,
    ...common(actor, { target: 0, ad: minimum }),
  });
  if (!settled) return null;
  if ((settled.ad ?? 0) < minimum) {
    ui.notifications?.warn(i18n("POLYVERSE.Verses.Defence.ParryMinimum", { minimum: String(minimum) }));
    return null;
  }
  return defenceRoll(actor, request, settled, {
    label: "POLYVERSE.Verses.Defence.Parry",
    itemUuid: best.weapon.uuid,
    defends: { attack: message.id, target: targetUuid, kind: "parry", fast: isFast(best.mode.features) },
  });
}

/** Roll the target's dodge against an attack card. */
export async function dodge(message: Message, targetUuid: string): Promise<VersesRoll | null> {
  const actor = await targetActor(targetUuid);
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
  return defenceRoll(actor, request, settled, {
    label: "POLYVERSE.Verses.Defence.Dodge",
    defends: { attack: message.id, target: targetUuid, kind: "dodge" },
  });
}

/** Roll a defence: no success target of its own (it contests the attack), AD spent in Fast Action. */
function defenceRoll(
  actor: AnyActor,
  request: Parameters<typeof rollPool>[1],
  settled: RollChoice,
  card: { label: string; itemUuid?: string; defends: NonNullable<VersesRoll["options"]["defends"]> },
): Promise<VersesRoll | null> {
  return rollPool(
    actor,
    { ...request, fastAction: inFastAction(actor) },
    { ...card, kind: "test" },
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
  const { faces, evaded, riposte } = afterDefence(attack, roll as VersesRoll);
  const section = document.createElement("section");
  section.className = "pv-defence-outcome";
  const p = document.createElement("p");
  p.className = `pv-outcome ${evaded ? "success" : "failure"}`;
  p.textContent = evaded
    ? i18n("POLYVERSE.Verses.Defence.Evaded")
    : i18n("POLYVERSE.Verses.Defence.StillHits", { faces: faces.join(", ") });
  section.append(p);
  if (riposte) {
    const r = document.createElement("p");
    r.className = "pv-effect";
    r.textContent = i18n("POLYVERSE.Verses.Defence.Riposte", { sixes: String(riposte) });
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.pvAction = "verses.riposte";
    button.textContent = i18n("POLYVERSE.Verses.Defence.RiposteButton");
    section.append(r, button);
  }
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
  const { faces, evaded } = afterDefence(attack, roll as VersesRoll);
  if (evaded) return null;
  return applyDamage(attackMessage, defends.target, { faces });
}

/**
 * The Riposte after a full parry with a six and a Fast weapon: an attack with the parrying weapon
 * back at the attacker, its pool "the weapon's normal attack pool, at least 1AD ... and the parry's
 * sixes" (`ripostePool`): the sixes come in as added dice, the dialog asks for the AD.
 */
export async function riposte(message: Message): Promise<VersesRoll | null> {
  const first = message.rolls?.[0];
  const roll = first instanceof VersesRoll ? first : null;
  const defends = roll?.options.defends;
  const attackMessage = defends ? (game.messages?.get(defends.attack) as Message | undefined) : undefined;
  const attack = attackMessage ? attackOf(attackMessage) : null;
  if (!roll || !defends || !attack || !roll.options.itemUuid) return null;
  const { riposte: sixes } = afterDefence(attack, roll);
  const actor = await targetActor(defends.target);
  const weapon = (await fromUuid(roll.options.itemUuid)) as Item.Implementation | null;
  if (!sixes || !actor || !weapon) return null;
  const modes = (weapon.system as unknown as { modes?: WeaponModeSource[] }).modes ?? [];
  const modeIndex = Math.max(
    0,
    modes.findIndex((m) => isFast(m.features) && parryRating(m.features) !== null),
  );
  return rollWeapon(actor, weapon, modeIndex, {
    bonus: sixes,
    ad: 1,
    flavor: i18n("POLYVERSE.Verses.Defence.RiposteFlavor", { sixes: String(sixes) }),
  });
}

/** The Dodge and after-dodge damage buttons. Call once at init. */
export function registerDefenceActions(): void {
  registerChatAction("verses.dodge", {
    permission: "anyone",
    handler: (message, button) => dodge(message, button.dataset.target ?? ""),
  });
  registerChatAction("verses.parry", {
    permission: "anyone",
    handler: (message, button) => parry(message, button.dataset.target ?? ""),
  });
  registerChatAction("verses.riposte", {
    permission: "speakerOwner",
    handler: (message) => riposte(message),
  });
  registerChatAction("verses.damageAfterDefence", {
    permission: "speakerOwner",
    handler: (message) => damageAfterDefence(message),
  });
  Hooks.on("renderChatMessageHTML", (message: Message, html: HTMLElement) =>
    decorateDefenceCard(message, html),
  );
}
