/**
 * The care and upkeep cards as ChatMessage sub-types (`tales-care`, `tales-upkeep`, core/cards.ts):
 * their state in `system.card`, refused by the model when it breaks the card's shape
 * (care-card-logic.ts, upkeep-logic.ts).
 */
import { PolyverseCardModel } from "../../../core/card-model";
import { careCardProblems } from "./care-card-logic";
import { upkeepCardProblems } from "./upkeep-logic";

/** A medic's stabilisation or care test, or a victim's hold-on roll. */
export class TalesCareMessageData extends PolyverseCardModel {
  static override cardType = "tales-care";
  static override cardProblems = careCardProblems;
}

/** The round's upkeep card: each unstable fighter's upkeep, paid or not, and their hold-on roll. */
export class TalesUpkeepMessageData extends PolyverseCardModel {
  static override cardType = "tales-upkeep";
  static override cardProblems = upkeepCardProblems;
}

/** The descriptor's `types.ChatMessage` for these cards. */
export const TALES_CARE_MESSAGE_TYPES = {
  "tales-care": { model: TalesCareMessageData },
  "tales-upkeep": { model: TalesUpkeepMessageData },
};
