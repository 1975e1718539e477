/**
 * 'Verses special tests in Foundry (see `../special.ts`): the end of a course of Animal Training.
 * The skill the animal has learned is added to it (`training-logic.ts`): at once when the trainer's
 * user may change the animal; otherwise the card keeps a GM button (`verses.learnSkill`) and the
 * trainer's client asks the active GM at once. The GM's handler checks the request as every GM action
 * is checked: the card is the requester's own, recorded in the ledger when it was posted and
 * unchanged since (`verifiedEntry`), a training card whose last week succeeded against the animal's
 * own target (the dice on the message), for an animal without the skill, done once (the ledger's
 * `done` and the card's `learned`).
 */
import { cardOf } from "../../../../core/cards";
import { fieldPath } from "../../../../core/cards-logic";
import { registerChatAction } from "../../../../core/chat";
import { SPECIAL_CARD } from "../../data/messages-logic";
import { ledgerEntry, markDone, verifiedEntry } from "../../../../core/ledger";
import { registerGMHandler, runAsGM } from "../../../../core/relay";
import { documentId, onlyKeys, refuse as refuseRequest, type Payload } from "../../../../core/relay-logic";
import { normalizeKey, type AnimalSkillKey } from "../../rules";
import type { SpecialCard } from "../special";
import {
  LEARNED_DICE,
  animalSkillItemData,
  animalSkillName,
  isAnimalSkill,
  learnPlan,
  trainingRollProblem,
  type AnimalItemView,
} from "../training-logic";
import { learnedOf, living, type AnyActor, type Message } from "./post";

/** The GM request and the card's button that add a learned skill. */
const LEARN_SKILL = "verses.learnSkill";
const LEARN_DONE = "learn";
const LIVING = ["verses-character", "verses-creature"];

/** A training card's state and whether its skill was added (`system.card`, `system.learned`; older cards: flags). */
const flagsOf = (message: Message) => ({
  special: cardOf<SpecialCard>(message, SPECIAL_CARD),
  learned: learnedOf(message),
});

/** May the current user change this actor (and so create its items)? */
export const mayChange = (actor: AnyActor): boolean =>
  Boolean(game.user && actor.canUserModify(game.user, "update"));

/** The compendium's entry for the skill, allocated; null when the pack or the entry is missing. */
async function packSkillData(skill: AnimalSkillKey): Promise<Record<string, unknown> | null> {
  const pack = game.packs?.get("polyverse.verses-skills");
  if (!pack) return null;
  const name = normalizeKey(animalSkillName(skill));
  const docs = (await pack.getDocuments()) as unknown as {
    name: string;
    type: string;
    system: { skill?: unknown };
    toObject(): Record<string, unknown>;
  }[];
  // By the skill's key (`system.skill`, the text's name), which a translated compendium keeps;
  // the entry's name only for an entry that has none.
  const keyOf = (d: (typeof docs)[number]) =>
    normalizeKey(typeof d.system?.skill === "string" && d.system.skill ? d.system.skill : d.name);
  const found = docs.find((d) => d.type === "verses-skill" && keyOf(d) === name);
  if (!found) return null;
  const { _id: _drop, ...data } = found.toObject();
  const system = { ...(data.system as Record<string, unknown>), allocated: LEARNED_DICE };
  return { ...data, system };
}

/** Whether the animal has the skill already (adding it would change nothing). */
export function knowsSkill(animal: AnyActor, skill: AnimalSkillKey): boolean {
  return learnPlan(animal.items as unknown as Iterable<AnimalItemView>, skill).kind === "already";
}

/** Add the learned skill to the animal (the user may change it). False when it had the skill already. */
export async function addLearnedSkill(animal: AnyActor, skill: AnimalSkillKey): Promise<boolean> {
  const plan = learnPlan(animal.items as unknown as Iterable<AnimalItemView>, skill);
  if (plan.kind === "already") return false;
  if (plan.kind === "allocate") {
    const item = animal.items.get(plan.itemId);
    await (item as unknown as { update(d: object): Promise<unknown> } | undefined)?.update({
      "system.allocated": LEARNED_DICE,
    });
    return true;
  }
  const data = (await packSkillData(skill)) ?? animalSkillItemData(skill);
  await animal.createEmbeddedDocuments("Item", [data as never]);
  return true;
}

/** Ask the GM to add the skill a posted training card says was learned. */
export function requestLearnedSkill(message: Message | null): Promise<boolean> {
  if (!message?.id) return Promise.resolve(false);
  return runAsGM(LEARN_SKILL, { messageId: message.id });
}

/** The card's first roll, as the GM reads it from the message (never from the card's own copy). */
function firstRoll(message: Message): { target: number; faces: number[] } | null {
  const roll = message.rolls?.[0] as unknown as
    { options?: { target?: unknown }; dice?: { results: { result: number }[] }[] } | undefined;
  if (!roll) return null;
  const faces = (roll.dice ?? []).flatMap((d) => d.results.map((r) => r.result));
  return { target: Number(roll.options?.target), faces };
}

/** The GM's side: add the learned skill for the card's author, checked. */
async function learnAsGM(payload: Payload, requester: User.Implementation): Promise<void> {
  onlyKeys(payload, ["messageId"]);
  const message = game.messages?.get(documentId(payload.messageId)) as Message | undefined;
  const flags = message ? flagsOf(message) : { special: null, learned: false };
  const learn = flags.special?.kind === "training" ? flags.special.learn : undefined;
  if (!message?.id || !learn) refuseRequest("POLYVERSE.Relay.NoMessage");
  if (!requester.isGM && message.author?.id !== requester.id) refuseRequest("POLYVERSE.Relay.NotYourCard");
  // Done already (the GM's own record, or the GM's flag on the card, which changes its digest).
  if (flags.learned === true || ledgerEntry(message.id)?.done.includes(LEARN_DONE))
    refuseRequest("POLYVERSE.Verses.Training.AlreadyAdded");
  // A player's request needs the card's ledger entry, unchanged; a GM's button uses it when there is one.
  const entry = requester.isGM ? ledgerEntry(message.id) : await verifiedEntry(message);
  if (!isAnimalSkill(learn.skill)) refuseRequest("POLYVERSE.Relay.Malformed");
  const animal =
    typeof learn.animalUuid === "string" ? ((await fromUuid(learn.animalUuid)) as AnyActor | null) : null;
  if (!animal || !(animal instanceof Actor) || !LIVING.includes(animal.type))
    refuseRequest("POLYVERSE.Relay.Gone", { name: String(learn.animalName ?? "") });
  const s = living(animal);
  const problem = trainingRollProblem(firstRoll(message), { smr: s.effective.smr, soc: s.effective.soc });
  if (problem) refuseRequest(problem);
  // Recorded before the skill is added: a later request never adds it twice.
  if (entry) await markDone(message.id, [LEARN_DONE]);
  const added = await addLearnedSkill(animal, learn.skill);
  // The card redraws from its data (core/cards.ts) with the skill added.
  await message.update({ [fieldPath(message, SPECIAL_CARD, "learned")]: true } as never);
  if (!added) refuseRequest("POLYVERSE.Verses.NewRules.Training.Already", { animal: animal.name ?? "" });
}

/** The GM request and the card's GM button. Call once at init. */
export function registerTrainingActions(): void {
  registerGMHandler(LEARN_SKILL, learnAsGM);
  registerChatAction(LEARN_SKILL, {
    permission: "gm",
    handler: (message) => requestLearnedSkill(message),
  });
}
