/**
 * The Virtually Real check card as a ChatMessage sub-type (`virtually-real-check`, core/cards.ts): its
 * state in `system.card`, refused by the model when it breaks the card's shape (card-state-logic.ts),
 * so a forged state never reaches the card or its buttons.
 */
import { PolyverseCardModel } from "../../../core/card-model";
import { checkCardProblems } from "./card-state-logic";

/** The check card: who rolled, what, and what became of the roll after it. */
export class VirtuallyRealCheckMessageData extends PolyverseCardModel {
  static override cardType = "virtually-real-check";
  static override cardProblems = checkCardProblems;
}

/** The descriptor's `types.ChatMessage`. */
export const VIRTUALLY_REAL_CHECK_MESSAGE_TYPES = {
  "virtually-real-check": { model: VirtuallyRealCheckMessageData },
};
