/**
 * Virtually Real's checks, for the sheets, the fight and scene glue and macros: `rollCheck`,
 * `rollSave`, `rollOpposed`, `rollEmotionalSave`, `rollDarkness`, `rollStrengthFeat`, each on core's roll pipeline with
 * the check dialog (live exact odds) and the `virtually-real-check` card; reading a card's result now
 * (`checkResultOf`, `opposedResultOf`, `checkCardOf`); the Roll class; the registration of the card,
 * its buttons (the explosion, the mulligan, an opposed check's other side) and the change policy.
 */
export {
  rollCheck,
  rollSave,
  rollOpposed,
  rollEmotionalSave,
  rollDarkness,
  rollStrengthFeat,
} from "./check-actions";
export { addReaderExtras, checkResultOf, opposedResultOf, checkCardOf, checkStateOf, rollOf } from "./card";
export { VirtuallyRealRoll, CHECK_CARD_TEMPLATE } from "./virtually-real-roll";
export { VirtuallyRealCheckMessageData, VIRTUALLY_REAL_CHECK_MESSAGE_TYPES } from "./messages";
export { registerVirtuallyRealChecks, CHECK_CARD_OP } from "./buttons";
export { CHECK_CARD, type VirtuallyRealCheckCard, type CheckState } from "./card-state-logic";
export type {
  CheckRolled,
  OpposedSide,
  RollCheckOptions,
  RollOpposedOptions,
  RollSaveOptions,
} from "./check-types";
export type { CheckActor, CheckChoice, BuiltCheck, ModifierLine } from "./check-input-logic";
export type { VirtuallyRealCheckOptions } from "./roll-logic";
