/**
 * Xero Sum's checks, for the sheets, the combat and health glue and macros: `rollCheck` (an attribute,
 * a skill, Perception, Reason & Acumen), `rollPerception`, `rollOpposed`, `rollGroupCheck`, each on
 * core's roll pipeline with the check dialog and the `xero-sum-check` card; the Roll class; reading a
 * card's result now (`checkResultOf`); the registration of the card and its buttons; what an attack
 * shares with a check: its roll (the same Roll class) and the Insight Dice around it.
 */
export {
  rollCheck,
  rollPerception,
  rollOpposed,
  rollGroupCheck,
  type CheckRollOptions,
  type OpposedRollOptions,
  type GroupRollOptions,
  type CheckRolled,
} from "./check-actions";
export { XeroSumRoll, CHECK_CARD_TEMPLATE, type XeroSumRollOptions } from "./xero-sum-roll";
export {
  attackRollOptions,
  readAttackRoll,
  type ReadAttackRoll,
  type XeroSumAttackRollOptions,
} from "./attack-roll-logic";
export {
  REPLACE_DICE,
  affordable,
  dieTitle,
  insightField,
  offerFor,
  replaceButtons,
  replaceOffers,
  replacedLine,
  replacementProblems,
  standingDice,
  type ReplaceDice,
  type ReplaceOffer,
  type Replacement,
  type Standing,
} from "./insight-logic";
export { rollReplacement, settleReplacement, type ReplaceAsk, type RolledReplacement } from "./insight";
export { insightChange } from "./check-state-logic";
export { XERO_SUM_CHECK_MESSAGE_TYPES, XeroSumCheckMessageData } from "./messages";
export { registerXeroSumChecks, CHECK_CARD_OP } from "./buttons";
export { checkCardOf, checkResultOf, checkStateOf, checkSummaryOf, rollOf, type CheckOutcome } from "./card";
export type { CheckSummary } from "./check-state-logic";
export { CHECK_CARD, type XeroSumCheckCard } from "./messages-logic";
export type { XeroSumCheckOptions, CheckKind, BeforeRollInsight } from "./roll-logic";
export type { NamedCmod } from "./check-plan-logic";
