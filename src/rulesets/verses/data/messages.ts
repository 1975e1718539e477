/**
 * The 'Verses cards as ChatMessage sub-types (core/cards.ts): the attack card (`verses-attack`),
 * the special tests' card (`verses-special`) and the combat note (`verses-note`). Each keeps its
 * state in `system.card`, refused by the model when it breaks the card's shape (known kinds,
 * bounded numbers: `messages-logic.ts`); the card is drawn from this data at render time.
 */
import { PolyverseTypeDataModel } from "../../../core/data-model";
import { attackCardProblems, noteCardProblems, specialCardProblems } from "./messages-logic";

const fields = foundry.data.fields;

const cardSchema = () => ({
  card: new fields.ObjectField({ required: true, nullable: false }),
});
type CardSchema = ReturnType<typeof cardSchema>;

const refuseProblems = (type: string, problems: readonly string[]) => {
  if (problems.length) throw new Error(`${type}: ${problems.join("; ")}`);
};

/** The attack card: the attack, its targets and what became of each. */
export class VersesAttackMessageData extends PolyverseTypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    refuseProblems("verses-attack", attackCardProblems(data.card));
  }
}

const specialSchema = () => ({
  ...cardSchema(),
  /** The GM added the skill a finished course of Animal Training taught (training.ts). */
  learned: new fields.BooleanField({ required: true, nullable: false, initial: false }),
});
type SpecialSchema = ReturnType<typeof specialSchema>;

/** A special test's card (rest, healing, influence, training ...). */
export class VersesSpecialMessageData extends PolyverseTypeDataModel<
  SpecialSchema,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return specialSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    refuseProblems("verses-special", specialCardProblems(data.card));
  }
}

/** A combat action's note (a move, a rest without a roll, a reserve, rising, leaving cover). */
export class VersesNoteMessageData extends PolyverseTypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    refuseProblems("verses-note", noteCardProblems(data.card));
  }
}

/** The descriptor's `types.ChatMessage`: the cards' sub-types and their models. */
export const VERSES_MESSAGE_TYPES = {
  "verses-attack": { model: VersesAttackMessageData },
  "verses-special": { model: VersesSpecialMessageData },
  "verses-note": { model: VersesNoteMessageData },
};
