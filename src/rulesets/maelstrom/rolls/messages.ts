/**
 * The Maelstrom roll card as a ChatMessage sub-type (`maelstrom-roll`, core/cards.ts): its state in
 * `system.card`, refused by the model when it breaks the card's shape (messages-logic.ts), so a
 * forged state never reaches the card or its buttons.
 */
import { PolyverseCardModel } from "../../../core/card-model";
import { rollCardProblems } from "./messages-logic";

/** The roll card: who rolled, and what became of the roll after it (the experience die, Willpower). */
export class MaelstromRollMessageData extends PolyverseCardModel {
  static override cardType = "maelstrom-roll";
  static override cardProblems = rollCardProblems;
}

/** The descriptor's `types.ChatMessage`. */
export const MAELSTROM_MESSAGE_TYPES = {
  "maelstrom-roll": { model: MaelstromRollMessageData },
};
