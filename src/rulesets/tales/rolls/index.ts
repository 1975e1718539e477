/**
 * Tales's rolls, for the sheets, the combat glue and macros: a test (`rollTest`), a connection roll
 * (`rollConnection`) and a time-commitment roll (`rollTimeCommitment`), each on core's roll
 * pipeline; the Roll class and its card; the registration of the card's buttons.
 */
export {
  rollTest,
  dialogInput,
  type TalesRolled,
  type TestRollChoice,
  type TalesRollAsk,
} from "./roll-actions";
export { rollConnection, rollTimeCommitment, type CountedRolled } from "./counted-actions";
export { TalesRoll, TEST_CARD_TEMPLATE } from "./tales-roll";
export { TALES_MESSAGE_TYPES } from "./messages";
export { registerTestCards, TEST_CARD_OP } from "./buttons";
export { testCardOf, rollOf } from "./card";
export { TEST_CARD, type TalesTestCard } from "./messages-logic";
export type { RollPart, TalesAttackOptions, TalesRollOptions, TalesTestOptions } from "./roll-logic";
export { readRollOptions } from "./roll-logic";
export type { TestChoice } from "./test-plan-logic";
