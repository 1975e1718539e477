/**
 * Virtually Real's checks, for the sheets, the fight and scene glue and macros: `rollCheck`,
 * `rollSave`, `rollOpposed` and `checkResultOf`, with their options and results.
 */
export { rollCheck, rollSave, rollOpposed, checkResultOf } from "./check-actions";
export type {
  CheckRolled,
  OpposedSide,
  RollCheckOptions,
  RollOpposedOptions,
  RollSaveOptions,
} from "./check-types";
export type { CheckActor, CheckChoice, BuiltCheck, ModifierLine } from "./check-input-logic";
