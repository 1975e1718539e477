/**
 * Maelstrom's rolls, for the sheets, the combat glue and macros: an action (`rollTraits`), a
 * Willpower roll (`rollWillpower`), a soak (`rollSoak`), a rest (`restWillpower`), each on core's
 * roll pipeline; the Roll
 * class and its card; the registration of the card's buttons.
 */
export {
  rollTraits,
  rollWillpower,
  rollSoak,
  combatRoundOf,
  type MaelstromRolled,
  type TraitRollChoice,
} from "./roll-actions";
export { restWillpower, type Rested, type RestWillpowerChoice } from "./rest";
export { MaelstromRoll, ROLL_CARD_TEMPLATE } from "./maelstrom-roll";
export { MAELSTROM_MESSAGE_TYPES } from "./messages";
export { registerRollCards, ROLL_CARD_OP } from "./buttons";
export { rollCardOf, rollOf } from "./card";
export { ROLL_CARD, type MaelstromCard } from "./messages-logic";
export type { MaelstromRollOptions, SoakType } from "./roll-logic";
