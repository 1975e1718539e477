/**
 * Tales's health and care in Foundry, for the descriptor and the sheets: the actions (rest, natural
 * healing, the medic's stabilisation and care tests, the hold-on roll, a new session), the care and
 * upkeep cards, the instability a K/O brings, and their registration. (The status effects are
 * conditions.ts.)
 */
import { registerCareCard } from "./care-card";
import { registerInstabilityHook } from "./instability";
import { registerSessionButton } from "./session";
import { registerUpkeepCard } from "./upkeep-card";

export { heal, rest } from "./health-actions";
export { holdOn, medicalCare, stabilise, type CareRollOptions, type CareRolled } from "./care-actions";
export { newSession } from "./session";
export { postUpkeepCard } from "./upkeep-card";
export { CARE_TEMPLATE } from "./care-card";
export { UPKEEP_TEMPLATE } from "./upkeep-card";
export { TALES_CARE_MESSAGE_TYPES } from "./care-message";

/** Register the cards, their buttons and GM requests, the K/O's instability and the session button (at init). */
export function registerTalesCare(): void {
  registerCareCard();
  registerUpkeepCard();
  registerInstabilityHook();
  registerSessionButton();
}
