/**
 * The `virtually-real-attack` card in Foundry (attack-card-logic.ts for its state and view). The
 * attacker's client posts it after the attack's own check card (attack-roll.ts). Every step after
 * that is carried out on the active GM's client from the two checks' own cards (each held by the
 * card ledger to what the roller's documents give, rolls/check-ledger.ts) and the documents, never
 * from numbers the attack card carries:
 * - the attack's check: the attacker's, a skill check made against this target, its last attack check
 *   before the card (an earlier one kept back is none), used by no earlier card for this target;
 * - the target's owner declares the defence (Dodge, Evade, a parry, or none) and rolls it from the
 *   card; the GM checks that check card (the target's, of that kind, the first rolled for this card,
 *   after the attack, used for no other card) and records it, with the Maneuver penalty a Dodge or
 *   Evade leaves on the target (maneuver.ts);
 * - the GM settles the outcome once both checks are final (a brilliant's explosion rolled): at the
 *   declaration, when a check card it waits for changes, or a critical attack at once (no defence);
 * - Apply (the target's owner or the attacker's): the blow worked out from the target as it is now;
 *   Undo (the target's owner): that blow's own amounts back; both once per state, recorded;
 * - after a blow left the target Dying, its owner's Health save (the first rolled for the card after
 *   the blow): a light point, or death.
 * A player's card is held to what the ledger recorded when it was posted, and recorded anew after
 * each of the GM's writes (`restampCard`), so an edit by its author in between is refused.
 */
import { cardOf, registerCard, saveCard, type CardKind } from "../../../core/cards";
import { registerChatAction } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { entryForActing, ledgerEntry, markDone, registerCardLedger, restampCard } from "../../../core/ledger";
import { gmQueue, hereOrAsGM, isActiveGM, registerGMHandler, requestedCard } from "../../../core/relay";
import { RelayRefusal, documentId, oneOf, onlyKeys, refuse, type Payload } from "../../../core/relay-logic";
import { markDefeated } from "../../../core/statuses";
import { livingSystem } from "../data/systems";
import { virtuallyRealRulesOptions } from "../base/settings";
import {
  ATTACK_BUTTONS,
  ATTACK_CARD,
  ATTACK_OP,
  COMBAT_KEY,
  attackCardContext,
  isFresh,
  type AttackCard,
  type DefenceRecord,
} from "./attack-card-logic";
import { DEFENCES, dyingSave, planApply, planUndo, resolveAttack, type Defence } from "./attack-logic";
import { checkCardOf } from "../rolls";
import { takeManeuver } from "./maneuver";
import { rollCheckFor, rollSaveFor, shownCheck, trustedCheck, type TrustedCheck } from "./checks";
import {
  bodyOf,
  conditionsOf,
  isLiving,
  itemsOfType,
  livingByUuid,
  livingSync,
  owns,
  victimOf,
  victimUpdate,
  type AnyActor,
  type AnyUser,
  type Message,
} from "./shared";

export const ATTACK_TEMPLATE = "templates/virtually-real/chat/attack.hbs";
const KEY = `${COMBAT_KEY}.Attack`;
const R = `${KEY}.Refused`;

/** The attack card of a message, or null. */
export const readAttackCard = (message: Message) => cardOf<AttackCard>(message, ATTACK_CARD);

/** Every attack card in the chat log, oldest first, but `except`. */
function otherAttackCards(except: Message): { message: Message; card: AttackCard }[] {
  const out: { message: Message; card: AttackCard }[] = [];
  for (const message of (game.messages ?? []) as Iterable<Message>) {
    if (message.id === except.id) continue;
    const card = readAttackCard(message);
    if (card) out.push({ message, card });
  }
  return out;
}

/** Whether `a` was posted before `b`: by time, then by its place in the chat log. */
function postedBefore(a: Message, b: Message): boolean {
  const ta = a.timestamp ?? 0;
  const tb = b.timestamp ?? 0;
  if (ta !== tb) return ta < tb;
  const log = [...((game.messages ?? []) as Iterable<Message>)];
  return log.indexOf(a) < log.indexOf(b);
}

/** The actor's check cards whose caller's data (`extra`) `pick` accepts, in the chat log's order. */
function checksOf(actorUuid: string, pick: (extra: Record<string, unknown>) => boolean): Message[] {
  const out: Message[] = [];
  for (const message of (game.messages ?? []) as Iterable<Message>) {
    const check = checkCardOf(message);
    if (check?.actorUuid === actorUuid && pick(check.extra ?? {})) out.push(message);
  }
  return out;
}

/** What `extra[key].attack` names (the attack card a defence or a save while Dying was rolled for). */
const rolledFor = (extra: Record<string, unknown>, key: "defence" | "dying"): unknown =>
  (extra[key] as { attack?: unknown } | undefined)?.attack;

/** The combat skills of an actor a parry may use. */
export function parrySkills(actor: AnyActor | null): { id: string; name: string }[] {
  if (!actor) return [];
  return itemsOfType(actor, "virtually-real-skill")
    .filter((s) => (s.system as { combat?: boolean }).combat === true)
    .map((s) => ({ id: s.id ?? "", name: s.name }));
}

const hasX = (actor: AnyActor | null) => Boolean(actor && conditionsOf(actor).some((c) => c.id === "X"));

export const ATTACK_CARD_KIND: CardKind<AttackCard> = {
  ...ATTACK_CARD,
  template: templatePath("virtually-real/chat/attack.hbs"),
  context: (_message, card) => {
    const user = game.user;
    const target = livingSync(card.target?.actorUuid);
    const targetOwner = Boolean(user && target && owns(target, user));
    return attackCardContext(
      card,
      {
        gm: Boolean(user?.isGM),
        targetOwner,
        attackerOwner: Boolean(user && owns(livingSync(card.attacker.actorUuid), user)),
        check: shownCheck(card.checkMessageId),
        parrySkills: targetOwner ? parrySkills(target) : [],
        dying: hasX(target),
      },
      localize,
    );
  },
};

// ---------------------------------------------------------------- the GM's side

/** The attack's own check, checked: the attacker's skill check made for this target, used by no earlier card. */
async function attackCheck(message: Message, card: AttackCard): Promise<TrustedCheck> {
  const check = await trustedCheck(card.checkMessageId);
  if (check.actorUuid !== card.attacker.actorUuid) refuse(`${R}.CheckNotTheAttackers`);
  if (check.kind !== "skill" && check.kind !== "combination") refuse(`${R}.NotAnAttack`);
  if (card.skill.itemId && check.skillId !== card.skill.itemId) refuse(`${R}.NotAnAttack`);
  if (!message.author?.isGM && check.message.author?.id !== message.author?.id) refuse(`${R}.NotAnAttack`);
  const attack = check.extra.attack as { targets?: unknown } | undefined;
  const targets = Array.isArray(attack?.targets) ? (attack.targets as unknown[]) : [];
  if (!targets.includes(card.target?.actorUuid ?? "")) refuse(`${R}.NotAnAttack`);
  const earlier = otherAttackCards(message).find(
    (o) =>
      o.card.checkMessageId === card.checkMessageId &&
      o.card.target?.actorUuid === card.target?.actorUuid &&
      postedBefore(o.message, message),
  );
  if (earlier) refuse(`${R}.CheckUsed`);
  // The attacker's last attack check before this card: an earlier one kept back is no attack.
  const latest = checksOf(card.attacker.actorUuid, (extra) => extra.attack !== undefined)
    .filter((m) => postedBefore(m, message))
    .at(-1);
  if (latest && latest !== check.message) refuse(`${R}.NotTheLatestAttack`);
  return check;
}

/** A defence's own check, checked: the target's, of the kind declared, after the attack, for no other attack. */
async function defenceCheck(
  message: Message,
  card: AttackCard,
  kind: Exclude<Defence, "none">,
  checkId: string,
  requester: AnyUser,
): Promise<TrustedCheck> {
  const check = await trustedCheck(checkId);
  if (check.actorUuid !== card.target?.actorUuid) refuse(`${R}.DefenceNotTheTargets`);
  if (!requester.isGM && check.message.author?.id !== requester.id) refuse(`${R}.DefenceNotTheTargets`);
  if (postedBefore(check.message, message)) refuse(`${R}.DefenceTooEarly`);
  const mental = card.mental;
  if (kind === "parry") {
    const target = await livingByUuid(card.target?.actorUuid);
    const skill = parrySkills(target).find((s) => s.id === check.skillId);
    if (mental || check.kind !== "skill" || !skill || check.attribute !== "agility")
      refuse(`${R}.NotThatDefence`);
  } else if (check.kind !== "save" || check.save !== kind) refuse(`${R}.NotThatDefence`);
  else if ((check.attribute ?? (mental ? "logic" : "agility")) !== (mental ? "logic" : "agility"))
    refuse(`${R}.NotThatDefence`);
  const used = otherAttackCards(message).some(
    (o) => o.card.defence?.messageId === checkId || o.card.dying?.messageId === checkId,
  );
  if (used) refuse(`${R}.DefenceUsed`);
  // The first defence rolled for this attack: a second try, kept if better, does not count.
  const first = checksOf(
    card.target?.actorUuid ?? "",
    (extra) => rolledFor(extra, "defence") === message.id,
  )[0];
  if (first !== check.message) refuse(`${R}.NotTheFirstDefence`);
  return check;
}

/**
 * Settle the outcome once the attack's check (and the defence's) are final. A critical attack misses
 * with no defence. The target's body is read now. Nothing happens while a check waits for a die.
 */
async function settle(message: Message, card: AttackCard): Promise<boolean> {
  if (card.outcome || card.refused || !card.target) return false;
  const attack = await attackCheck(message, card);
  const target = await livingByUuid(card.target.actorUuid);
  if (!isLiving(target)) refuse(`${R}.Gone`, { name: card.target.name });
  const options = virtuallyRealRulesOptions();
  const standing = { total: attack.result.total, critical: attack.result.critical };
  if (!standing.critical && !card.defence) return false;
  if (attack.result.diceNeeded > 0 && !standing.critical) return false;
  let defence: DefenceRecord | null = card.defence;
  if (!standing.critical && defence && defence.kind !== "none") {
    const d = await trustedCheck(defence.messageId);
    if (d.result.diceNeeded > 0) return false;
    defence = { ...defence, total: d.result.total, critical: d.result.critical };
  }
  const outcome = resolveAttack(
    standing,
    defence && defence.kind !== "none" ? defence : null,
    bodyOf(target),
    card.mental,
    options.combat,
  );
  await saveCard<AttackCard>(message, ATTACK_CARD, {
    ...card,
    attack: standing,
    defence,
    outcome: {
      hit: outcome.hit,
      criticalMiss: outcome.criticalMiss,
      margin: outcome.margin,
      damage: outcome.damage,
      band: outcome.band,
    },
  });
  return true;
}

/** Record the defence declared (and settle when both checks are final). */
async function declare(
  message: Message,
  card: AttackCard,
  op: { defence: Defence; checkId: string },
  user: AnyUser,
): Promise<void> {
  const target = await livingByUuid(card.target?.actorUuid);
  if (!card.target || !isLiving(target)) refuse(`${R}.NoTarget`);
  if (!owns(target, user)) refuse(`${R}.NotYours`);
  if (card.defence || card.outcome) refuse(`${R}.AlreadyDefended`);
  const attack = await attackCheck(message, card);
  if (attack.result.critical) refuse(`${R}.CriticalMiss`);
  let record: DefenceRecord = {
    kind: "none",
    messageId: "",
    total: 0,
    critical: false,
    skillId: "",
    skillName: "",
  };
  if (op.defence !== "none") {
    const check = await defenceCheck(message, card, op.defence, op.checkId, user);
    const skillName =
      op.defence === "parry" ? (parrySkills(target).find((s) => s.id === check.skillId)?.name ?? "") : "";
    const skillId = op.defence === "parry" ? (check.skillId ?? "") : "";
    record = { kind: op.defence, messageId: op.checkId, total: 0, critical: false, skillId, skillName };
  }
  // "You always take a Maneuver penalty after using one of these defenses" (maneuver.ts).
  const maneuver =
    op.defence === "dodge" || op.defence === "evade"
      ? await takeManeuver(target, op.defence, { messageId: message.id ?? "", combatId: card.combatId })
      : 0;
  const declared = { ...card, defence: record, maneuver };
  await saveCard<AttackCard>(message, ATTACK_CARD, declared);
  await settle(message, declared);
}

async function apply(message: Message, card: AttackCard, user: AnyUser): Promise<void> {
  const target = await livingByUuid(card.target?.actorUuid);
  if (!card.target || !isLiving(target)) refuse(`${R}.Gone`, { name: card.target?.name ?? "" });
  const attacker = livingSync(card.attacker.actorUuid);
  if (!owns(target, user) && !owns(attacker, user)) refuse(`${R}.NotYours`);
  if (!card.outcome?.hit) refuse(`${R}.NoHit`);
  if (card.applied) refuse(`${R}.AlreadyApplied`);
  const options = virtuallyRealRulesOptions();
  const { record, after } = planApply(
    victimOf(target),
    card.outcome,
    { body: bodyOf(target), mental: card.mental },
    { health: options.health, conditions: options.conditions, woundDurations: options.fight.woundDurations },
  );
  const log = [...((game.messages ?? []) as Iterable<Message>)];
  const appliedAfter = log.at(-1)?.id ?? message.id ?? null;
  await saveCard<AttackCard>(message, ATTACK_CARD, { ...card, applied: record, appliedAfter });
  await target.update(victimUpdate(after) as never);
}

async function undo(message: Message, card: AttackCard, user: AnyUser): Promise<void> {
  const target = await livingByUuid(card.target?.actorUuid);
  if (!card.target || !isLiving(target)) refuse(`${R}.Gone`, { name: card.target?.name ?? "" });
  if (!owns(target, user)) refuse(`${R}.NotYours`);
  if (!card.applied) refuse(`${R}.NothingToUndo`);
  if (card.dying) refuse(`${R}.DyingSaveRolled`);
  const restored = planUndo(card.applied, victimOf(target), bodyOf(target).maxHp);
  await saveCard<AttackCard>(message, ATTACK_CARD, { ...card, applied: null, appliedAfter: null });
  await target.update(victimUpdate(restored) as never);
}

/** A Health save rolled while Dying after this blow: a light point given up, or death. */
async function dying(message: Message, card: AttackCard, checkId: string, user: AnyUser): Promise<void> {
  const target = await livingByUuid(card.target?.actorUuid);
  if (!card.target || !isLiving(target)) refuse(`${R}.Gone`, { name: card.target?.name ?? "" });
  if (!owns(target, user)) refuse(`${R}.NotYours`);
  if (!card.applied || card.dying) refuse(`${R}.NoDyingSave`);
  if (!hasX(target)) refuse(`${R}.NotDying`);
  const check = await trustedCheck(checkId);
  if (check.actorUuid !== card.target.actorUuid || check.kind !== "save" || check.save !== "health")
    refuse(`${R}.NotThatDefence`);
  if (!user.isGM && check.message.author?.id !== user.id) refuse(`${R}.DefenceNotTheTargets`);
  // Rolled after the blow: a save rolled beforehand, kept for a bad moment, does not count.
  const anchor = (card.appliedAfter ? game.messages?.get(card.appliedAfter) : null) ?? message;
  if (check.message === anchor || postedBefore(check.message, anchor)) refuse(`${R}.DefenceTooEarly`);
  if (
    otherAttackCards(message).some(
      (o) => o.card.dying?.messageId === checkId || o.card.defence?.messageId === checkId,
    )
  )
    refuse(`${R}.DefenceUsed`);
  const first = checksOf(card.target.actorUuid, (extra) => rolledFor(extra, "dying") === message.id).find(
    (m) => postedBefore(anchor, m),
  );
  if (first !== check.message) refuse(`${R}.NotTheFirstDefence`);
  const s = livingSystem(target);
  const result = dyingSave(
    "health",
    { critical: check.result.critical, margin: check.result.margin },
    { conditions: conditionsOf(target), light: s.light.value },
  );
  await saveCard<AttackCard>(message, ATTACK_CARD, { ...card, dying: { messageId: checkId, result } });
  if (result === "spendLight") await target.update({ "system.light.value": s.light.value - 1 } as never);
  if (result === "dies") await markDefeated(target);
}

export type AttackOp =
  | { op: "resolve" | "apply" | "undo" }
  | { op: "defend"; defence: Defence; checkId: string }
  | { op: "dying"; checkId: string };

/** A request's operation, checked strictly. */
export function parseAttackOp(payload: Payload): AttackOp {
  documentId(payload.messageId);
  const op = oneOf(payload.op, ["resolve", "apply", "undo", "defend", "dying"] as const);
  if (op === "defend") {
    const defence = oneOf(payload.defence, DEFENCES);
    if (defence === "none") {
      onlyKeys(payload, ["messageId", "op", "defence"]);
      return { op, defence, checkId: "" };
    }
    onlyKeys(payload, ["messageId", "op", "defence", "checkId"]);
    return { op, defence, checkId: documentId(payload.checkId) };
  }
  if (op === "dying") {
    onlyKeys(payload, ["messageId", "op", "checkId"]);
    return { op, checkId: documentId(payload.checkId) };
  }
  onlyKeys(payload, ["messageId", "op"]);
  return { op };
}

/** Carry out a button for `user` (this GM, or the player whose request the GM received). */
export async function performAttackOp(message: Message, op: AttackOp, user: AnyUser): Promise<void> {
  const card = readAttackCard(message);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  const entry = await entryForActing(message, user);
  if (card.refused) refuse(card.refused.key, card.refused.data);
  switch (op.op) {
    case "resolve":
      if (!user.isGM) refuse(`${R}.NotYours`);
      await settle(message, card);
      break;
    case "defend":
      if (entry?.done.includes("defend")) refuse(`${R}.AlreadyDefended`);
      await declare(message, card, op, user);
      if (entry) await markDone(message.id, ["defend"]);
      break;
    case "apply":
      if (entry?.done.includes("apply")) refuse(`${R}.AlreadyApplied`);
      await apply(message, card, user);
      if (entry) await markDone(message.id, ["apply"]);
      break;
    case "undo":
      await undo(message, card, user);
      if (entry) await markDone(message.id, ["apply"], true);
      break;
    case "dying":
      if (entry?.done.includes("dying")) refuse(`${R}.NoDyingSave`);
      await dying(message, card, op.checkId, user);
      if (entry) await markDone(message.id, ["dying"]);
      break;
  }
  if (ledgerEntry(message.id)) await restampCard(message);
}

/** Press a button: the GM here (in its queue), a player through the relay. */
export async function attackCardOp(message: Message, op: AttackOp): Promise<boolean> {
  const user = game.user;
  if (!user || !readAttackCard(message)) return false;
  const { checkId, ...rest } = op as AttackOp & { checkId?: string };
  return hereOrAsGM(user.isGM, () => gmQueue(() => performAttackOp(message, op, user)), ATTACK_OP, {
    messageId: message.id ?? "",
    ...rest,
    ...(checkId ? { checkId } : {}),
  });
}

/** Settle what waits (the GM): a new card's critical attack, a card whose check changed. */
async function settleQuietly(message: Message): Promise<void> {
  const card = readAttackCard(message);
  const user = game.user;
  if (!card || !user || card.outcome || card.refused) return;
  try {
    await entryForActing(message, user);
    const settled = await settle(message, card);
    if (settled && ledgerEntry(message.id)) await restampCard(message);
  } catch (error) {
    if (!(error instanceof RelayRefusal)) throw error;
    await saveCard<AttackCard>(message, ATTACK_CARD, {
      ...card,
      refused: { key: error.key, data: error.data },
    });
    if (ledgerEntry(message.id)) await restampCard(message);
  }
}

/** On the active GM's client: settle new attack cards and those a changed check card was holding up. */
export function settleAttackCards(): void {
  Hooks.on("createChatMessage", (message: Message) => {
    if (!isActiveGM() || !readAttackCard(message)) return;
    void gmQueue(() => settleQuietly(message)).catch((error) =>
      console.warn("Polyverse | a Virtually Real attack card could not be settled", error),
    );
  });
  Hooks.on("updateChatMessage", (changed: Message) => {
    if (!isActiveGM() || (changed.type as string) !== "virtually-real-check" || !changed.id) return;
    for (const { message, card } of otherAttackCards(changed))
      if (!card.outcome && (card.checkMessageId === changed.id || card.defence?.messageId === changed.id))
        void gmQueue(() => settleQuietly(message)).catch((error) =>
          console.warn("Polyverse | a Virtually Real attack card could not be settled", error),
        );
  });
}

// ---------------------------------------------------------------- the buttons

/** The target's owner declares a defence: its check rolled on this client, then the GM records it. */
async function defendFrom(message: Message, button: HTMLElement, event: Event | null): Promise<unknown> {
  const card = readAttackCard(message);
  const defence = DEFENCES.find((d) => d === button.dataset.defence);
  const target = livingSync(card?.target?.actorUuid);
  if (!card || !defence || !target) return null;
  if (defence === "none") return attackCardOp(message, { op: "defend", defence, checkId: "" });
  const skill = defence === "parry" ? parrySkills(target).find((s) => s.id === button.dataset.skill) : null;
  if (defence === "parry" && !skill) return null;
  const flavor = localize(`${KEY}.DefenceFlavor`, {
    defence: localize(`${KEY}.Defence.${defence}`, { skill: skill?.name ?? "" }),
    attacker: card.attacker.name,
  });
  const magical = itemsOfType(target, "virtually-real-equipment").some((i) => {
    const s = i.system as { magical?: boolean; equipped?: boolean; kind?: string };
    return s.magical === true && s.equipped === true && (s.kind === "armor" || s.kind === "shield");
  });
  // The caller's data names this card (only the first defence rolled for it counts); "Magical armor
  // and force fields add +1 crit to all physical defense rolls."
  const common = {
    flavor,
    extra: { defence: { attack: message.id ?? "" } },
    ...(event ? { event } : {}),
    ...(magical && !card.mental ? { critMod: 1 } : {}),
  };
  const rolled = skill
    ? await rollCheckFor(target, { ...common, kind: "skill", skill: skill.id, attribute: "agility" })
    : await rollSaveFor(target, defence === "evade" ? "evade" : "dodge", {
        ...common,
        ...(card.mental ? { mental: true } : {}),
      });
  if (!rolled?.message.id) return null;
  return attackCardOp(message, { op: "defend", defence, checkId: rolled.message.id });
}

/** The target's owner rolls a Health save while Dying; the GM reads its fate. */
async function dyingFrom(message: Message, event: Event | null): Promise<unknown> {
  const card = readAttackCard(message);
  const target = livingSync(card?.target?.actorUuid);
  if (!card || !target) return null;
  const rolled = await rollSaveFor(target, "health", {
    flavor: localize(`${KEY}.DyingFlavor`),
    extra: { dying: { attack: message.id ?? "" } },
    ...(event ? { event } : {}),
  });
  if (!rolled?.message.id) return null;
  return attackCardOp(message, { op: "dying", checkId: rolled.message.id });
}

/** Register the card, its buttons, the GM's side and its ledger description. Call once at init. */
export function registerAttackCard(): void {
  const targetOwner = (message: Message, user: AnyUser) =>
    owns(livingSync(readAttackCard(message)?.target?.actorUuid), user);
  const eitherOwner = (message: Message, user: AnyUser) =>
    targetOwner(message, user) || owns(livingSync(readAttackCard(message)?.attacker.actorUuid), user);
  registerChatAction(ATTACK_BUTTONS.resolve, {
    permission: "gm",
    handler: (m) => attackCardOp(m, { op: "resolve" }),
  });
  registerChatAction(ATTACK_BUTTONS.defend, {
    permission: targetOwner,
    handler: (m, button, event) => defendFrom(m, button, event ?? null),
  });
  registerChatAction(ATTACK_BUTTONS.apply, {
    permission: eitherOwner,
    handler: (m) => attackCardOp(m, { op: "apply" }),
  });
  registerChatAction(ATTACK_BUTTONS.undo, {
    permission: targetOwner,
    handler: (m) => attackCardOp(m, { op: "undo" }),
  });
  registerChatAction(ATTACK_BUTTONS.dying, {
    permission: targetOwner,
    handler: (m, _button, event) => dyingFrom(m, event ?? null),
  });
  registerGMHandler(ATTACK_OP, async (payload: Payload, requester) => {
    const op = parseAttackOp(payload);
    const { message } = requestedCard(payload, readAttackCard);
    await performAttackOp(message, op, requester);
  });
  // A player's card is recorded as posted: it must be new (nothing settled on it) and speak for an
  // attacker its author owns; the GM's later writes are recorded anew (restampCard).
  registerCardLedger(ATTACK_CARD, (message) => {
    const card = readAttackCard(message);
    if (!card) return null;
    const attacker = livingSync(card.attacker.actorUuid);
    const author = message.author;
    const ok = isFresh(card) && Boolean(attacker && author && attacker.testUserPermission(author, "OWNER"));
    return {
      subjects: [card.attacker.actorUuid, ...(card.target ? [card.target.actorUuid] : [])],
      stable: { card },
      ...(ok ? {} : { bad: "POLYVERSE.Relay.CardChanged" }),
    };
  });
  registerCard(ATTACK_CARD_KIND);
}
