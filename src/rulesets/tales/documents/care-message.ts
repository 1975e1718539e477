/**
 * The care and upkeep cards as ChatMessage sub-types (`tales-care`, `tales-upkeep`, core/cards.ts):
 * their state in `system.card`, refused by the model when it breaks the card's shape
 * (care-card-logic.ts, upkeep-logic.ts).
 */
import { PolyverseTypeDataModel } from "../../../core/data-model";
import { careCardProblems } from "./care-card-logic";
import { upkeepCardProblems } from "./upkeep-logic";

const fields = foundry.data.fields;

const cardSchema = () => ({
  card: new fields.ObjectField({ required: true, nullable: false }),
});

/** A medic's stabilisation or care test, or a victim's hold-on roll. */
export class TalesCareMessageData extends PolyverseTypeDataModel<
  ReturnType<typeof cardSchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = careCardProblems(data.card);
    if (problems.length) throw new Error(`tales-care: ${problems.join("; ")}`);
  }
}

/** The round's upkeep card: each unstable fighter's upkeep, paid or not, and their hold-on roll. */
export class TalesUpkeepMessageData extends PolyverseTypeDataModel<
  ReturnType<typeof cardSchema>,
  ChatMessage.Implementation
> {
  static override defineSchema() {
    return cardSchema();
  }
  static override validateJoint(data: Record<string, unknown>) {
    super.validateJoint(data as never);
    const problems = upkeepCardProblems(data.card);
    if (problems.length) throw new Error(`tales-upkeep: ${problems.join("; ")}`);
  }
}

/** The descriptor's `types.ChatMessage` for these cards. */
export const TALES_CARE_MESSAGE_TYPES = {
  "tales-care": { model: TalesCareMessageData },
  "tales-upkeep": { model: TalesUpkeepMessageData },
};
