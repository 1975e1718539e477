/**
 * The Tales test card as a ChatMessage sub-type (`tales-test`, core/cards.ts): its state in
 * `system.card`, refused by the model when it breaks the card's shape (messages-logic.ts), so a
 * forged state never reaches the card or its buttons.
 */
import { PolyverseCardModel } from "../../../core/card-model";
import { testCardProblems } from "./messages-logic";

/** The test card: who rolled, and what became of the roll after it (re-rolls, Essence, Edge, the opponent). */
export class TalesTestMessageData extends PolyverseCardModel {
  static override cardType = "tales-test";
  static override cardProblems = testCardProblems;
}

/** The descriptor's `types.ChatMessage`. */
export const TALES_MESSAGE_TYPES = {
  "tales-test": { model: TalesTestMessageData },
};
