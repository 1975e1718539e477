/**
 * The `tales-care` card in Foundry: drawn from its data (care-card-context.ts), described to the
 * ledger, and its GM side.
 *
 * A medic who does not own the patient leaves the patient's changes on the card (`pending`: the wound
 * stabilised, the care's points and its cycle marks) and asks the GM (`tales.care.apply`). The GM holds
 * a player's card to its ledger entry, whose description checks the card against the documents as it
 * was posted (`careCardProblem`: the dice are the message's, the roller is the author's, the bonus, the
 * patient's level, pools and the time agree, each change is one the roll makes), then checks the
 * patient has not changed since (the level the card read; for care, no other test this healing cycle)
 * and applies the changes through core (`applyPendingChanges`: once each, held to the Tales change
 * policy). After a spectacular care test the GM alone may restore a whole pool, once.
 */
import { cardOf, registerCard, saveCard, type CardKind } from "../../../core/cards";
import { applyPendingChanges, pendingOf } from "../../../core/changes";
import { pendingNames } from "../../../core/changes-logic";
import { registerChatAction } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { rulesetFlag } from "../../../core/flags";
import { localize } from "../../../core/i18n";
import { entryForActing, markDone, registerCardLedger } from "../../../core/ledger";
import { gmQueue, hereOrAsGM, registerGMHandler, requestedCard, runAsGM } from "../../../core/relay";
import { onlyKeys, refuse, type Payload } from "../../../core/relay-logic";
import { isTalesLiving } from "../base/living";
import { talesSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { careCardContext } from "./care-card-context";
import {
  CARE_ACTIONS,
  CARE_APPLY,
  CARE_CARD,
  CARE_FLAGS,
  CARE_KEY,
  careCardProblem,
  careResult,
  stableCareCard,
  type CareCard,
} from "./care-card-logic";
import { careWait, medicBonus, type CarePools } from "./health-logic";

type Message = ChatMessage.Implementation;
type AnyActor = Actor.Implementation;
type AnyUser = User.Implementation;

export const CARE_TEMPLATE = "templates/tales/chat/care-card.hbs";

export const readCareCard = (message: Message): CareCard | null => cardOf<CareCard>(message, CARE_CARD);

/** A Tales character or NPC by UUID, or null. */
export async function livingActor(uuid: string | null | undefined): Promise<AnyActor | null> {
  const doc = uuid ? ((await fromUuid(uuid)) as AnyActor | null) : null;
  return isTalesLiving(doc) ? doc : null;
}

/** A Tales actor's flag in the Tales namespace. */
export const talesFlag = (actor: AnyActor, key: string): unknown => rulesetFlag(actor, "tales", key);

/** The patient's pools now. */
export function poolsOf(actor: AnyActor): CarePools {
  const s = livingSystem(actor);
  return {
    hp: s.hp.value,
    maxHp: s.derived.hitPoints,
    essence: s.essence.value,
    maxEssence: s.derived.essence,
  };
}

/** The medic's Mental + Medicine at their wound level, or null when they cannot act. */
export function bonusOf(medic: AnyActor): number | null {
  const s = livingSystem(medic);
  return medicBonus(
    { mental: s.attributes.mental, medicine: s.skills.medicine, level: s.health.level },
    talesSetting("criticalWoundRule"),
  );
}

/** The world time of the patient's last care test (0: never). */
export const lastCare = (patient: AnyActor): number => {
  const t = Number(talesFlag(patient, CARE_FLAGS.careTime) ?? 0);
  return Number.isFinite(t) && t > 0 ? t : 0;
};

/** The faces the message's rolls show, in order (the first die of each roll). */
const rolledFaces = (message: Message): number[] =>
  (message.rolls ?? []).map((roll) => roll.dice[0]?.results.find((r) => r.active !== false)?.result ?? 0);

export const CARE_CARD_KIND: CardKind<CareCard> = {
  ...CARE_CARD,
  template: templatePath("tales/chat/care-card.hbs"),
  context: (_message, card, pending) =>
    careCardContext(card, localize, { pendingNames: pendingNames(pending), isGM: Boolean(game.user?.isGM) }),
};

/** The ledger's check of a player's card against the documents, as it was posted. */
async function describeCard(message: Message) {
  const card = readCareCard(message);
  if (!card) return null;
  const roller = await livingActor(card.medic?.actorUuid ?? card.patient.actorUuid);
  const patient = await livingActor(card.patient.actorUuid);
  const author = message.author;
  const bonus = !roller
    ? null
    : card.kind === "holdOn"
      ? livingSystem(roller).attributes.spiritual
      : bonusOf(roller);
  const bad = careCardProblem(card, pendingOf(message), {
    rolled: rolledFaces(message),
    authorOwnsRoller: Boolean(roller && author && roller.testUserPermission(author, "OWNER")),
    bonus,
    patient: patient
      ? {
          level: livingSystem(patient).health.level,
          unstable: livingSystem(patient).health.unstable,
          pools: poolsOf(patient),
        }
      : null,
    worldTime: game.time?.worldTime ?? 0,
  });
  return {
    subjects: [...(card.medic ? [card.medic.actorUuid] : []), card.patient.actorUuid],
    stable: { card: stableCareCard(card), faces: rolledFaces(message) },
    ...(bad ? { bad } : {}),
  };
}

/**
 * The GM applies what a care card left for it, for `requester` (the card's author, or a GM): the card
 * held to its ledger entry, the patient still at the level the card read and, for care, not tended
 * since in this healing cycle; then core applies each change once, under the change policy.
 */
export async function applyCareCard(message: Message, requester: AnyUser): Promise<void> {
  const card = readCareCard(message);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  if (!requester.isGM && message.author?.id !== requester.id) refuse("POLYVERSE.Relay.NotYourCard");
  const pending = pendingOf(message);
  const entry = await entryForActing(message, requester);
  const left = pending.filter((c) => !c.id || !entry?.done.includes(c.id));
  if (!left.length) return;
  const patient = await livingActor(card.patient.actorUuid);
  if (!patient) refuse(`${CARE_KEY}.Relay.Gone`, { name: card.patient.name });
  if (livingSystem(patient).health.level !== card.level)
    refuse(`${CARE_KEY}.Relay.ChangedSince`, { name: patient.name ?? "" });
  if (card.kind === "care" && careWait(card.level, lastCare(patient), card.worldTime) > 0)
    refuse(`${CARE_KEY}.Refused.careTooSoon`, { name: patient.name ?? "" });
  await applyPendingChanges(message, requester);
}

/** Ask the GM to apply what a new card left for it (nothing to ask: false). */
export async function relayCare(message: Message | null): Promise<boolean> {
  if (!message?.id || !pendingOf(message).length) return false;
  return runAsGM(CARE_APPLY, { messageId: message.id });
}

/** After a spectacular care test, the GM restores all of the patient's Hit Points or Essence, once. */
export async function restorePool(message: Message, pool: "hp" | "essence", user: AnyUser): Promise<void> {
  const card = readCareCard(message);
  if (!user.isGM) refuse(`${CARE_KEY}.Relay.GMOnly`);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  const entry = await entryForActing(message, user);
  const result = careResult(card);
  if (result?.kind !== "care" || !result.mayRestoreAll) refuse(`${CARE_KEY}.Relay.NotSpectacular`);
  if (card.restored || entry?.done.includes("restore")) refuse(`${CARE_KEY}.Relay.AlreadyRestored`);
  const patient = await livingActor(card.patient.actorUuid);
  if (!patient) refuse(`${CARE_KEY}.Relay.Gone`, { name: card.patient.name });
  if (entry) await markDone(message.id, ["restore"]);
  const max = poolsOf(patient);
  await patient.update(
    (pool === "hp" ? { "system.hp.value": max.maxHp } : { "system.essence.value": max.maxEssence }) as never,
  );
  await saveCard(message, CARE_CARD, { ...card, restored: pool });
}

/** Register the card, its buttons, the GM's side and its ledger description. Call once at init. */
export function registerCareCard(): void {
  registerCard(CARE_CARD_KIND);
  registerGMHandler(CARE_APPLY, async (payload: Payload, requester) => {
    onlyKeys(payload, ["messageId"]);
    const { message } = requestedCard(payload, readCareCard);
    await applyCareCard(message, requester);
  });
  // The GM's own presses, carried out here in the GM's queue (a refusal is shown to the GM).
  const asGM = (fn: (message: Message, user: AnyUser) => Promise<void>) => (message: Message) => {
    const user = game.user;
    if (!user?.isGM) return false;
    return hereOrAsGM(true, () => gmQueue(() => fn(message, user)), CARE_APPLY, {
      messageId: message.id ?? "",
    });
  };
  registerChatAction(CARE_ACTIONS.apply, { permission: "gm", handler: asGM(applyCareCard) });
  registerChatAction(CARE_ACTIONS.restoreHp, {
    permission: "gm",
    handler: asGM((m, u) => restorePool(m, "hp", u)),
  });
  registerChatAction(CARE_ACTIONS.restoreEssence, {
    permission: "gm",
    handler: asGM((m, u) => restorePool(m, "essence", u)),
  });
  registerCardLedger(CARE_CARD, describeCard);
}
