/**
 * The check card as the card ledger sees it (core/ledger.ts): the documents it may change (the roller,
 * its skill, an opposed check's opponent), what never changes but by the GM (the roll, and the whole
 * card: after the roll only the GM writes it, and records it anew), and why a player's card may not be
 * acted on (check-trust-logic.ts): a roll that cannot be read, a roller its author does not own,
 * options that disagree with the world and the documents (the helpers' too, read from their own), a card claiming more than its dice, changes
 * it carries that its marks do not make.
 */
import { ownsActor } from "../../../core/actor-lookup";
import type { CardDescription } from "../../../core/ledger";
import { checkCardOf, rollOf, virtuallyRealActor } from "./card";
import { checkState, type VirtuallyRealCheckCard } from "./card-state-logic";
import { markChanges } from "./changes-logic";
import { checkActor, checkSettings, helperMates, markTarget } from "./check-actor";
import { teamUsedSkills } from "./check-input-logic";
import {
  RELAY_KEY,
  cardProblem,
  choiceFromStored,
  optionsProblem,
  pendingProblem,
} from "./check-trust-logic";
import { maneuverToCheck } from "./maneuver-logic";
import type { ReadCheck } from "./roll-logic";

type Message = ChatMessage.Implementation;

/** Why the card disagrees with its documents, or null. */
async function documentsProblem(
  message: Message,
  read: ReadCheck,
  card: VirtuallyRealCheckCard,
  pending: readonly unknown[],
): Promise<string | null> {
  const roller = await virtuallyRealActor(card.actorUuid);
  if (!roller) return `${RELAY_KEY}.Unjustified`;
  const author = message.author;
  if (!author || !ownsActor(roller, author)) return `${RELAY_KEY}.NotYours`;
  if (read.options.opposed && !(await virtuallyRealActor(read.options.opposed.uuid)))
    return `${RELAY_KEY}.Unjustified`;
  const world = checkSettings();
  const state = checkState(read, card, { ties: read.options.opposed?.ties ?? "actor" });
  if (!state) return `${RELAY_KEY}.Unreadable`;
  // The card is held to the Maneuver penalty standing now (maneuver-logic.ts `maneuverToCheck`).
  const reader = checkActor(roller);
  const held = { ...reader, maneuver: maneuverToCheck(reader.maneuver ?? null, read.options.lines) };
  const mates = await helperMates(read.options.choice.team?.helpers);
  const problem = optionsProblem(read.options, world, held, mates) ?? cardProblem(state);
  if (problem) return problem;
  const choice = choiceFromStored(read.options.choice);
  const expected = markChanges(
    card.marks ?? [],
    { ...markTarget(roller, read.options.subject.skillId), usedToo: teamUsedSkills(reader, choice, mates) },
    world.attribute,
  );
  return pendingProblem(pending, expected);
}

/** The card's ledger description (registered with `registerCardLedger`). */
export async function ledgerDescription(
  message: Message,
  pending: readonly unknown[],
): Promise<CardDescription | null> {
  const card = checkCardOf(message);
  if (!card) return null;
  const read = rollOf(message)?.read ?? null;
  const subjects = [
    card.actorUuid,
    ...(read?.options.opposed ? [read.options.opposed.uuid] : []),
    ...(read?.options.choice.team?.helpers ?? []),
  ];
  const bad = !read ? `${RELAY_KEY}.Unreadable` : await documentsProblem(message, read, card, pending);
  return { subjects: [...new Set(subjects)], stable: { roll: read, card }, ...(bad ? { bad } : {}) };
}
