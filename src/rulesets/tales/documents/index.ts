/**
 * Tales's health and care in Foundry, for the descriptor and the sheets: the actions (rest, natural
 * healing, the medic's stabilisation and care tests, the hold-on roll, a new session), the care and
 * upkeep cards, the instability a K/O brings, and their registration. (The status effects are
 * conditions.ts.)
 */
import { holdOn, medicalCare, stabilise } from "./care-actions";
import { registerCareCard } from "./care-card";
import { heal, rest } from "./health-actions";
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

/**
 * A health or care button of the character sheet: rest, heal and hold on for the character; stabilise
 * and medical care by the character on the user's first targeted token (no target: the character).
 */
export async function sheetCareAction(
  kind: string,
  actor: Actor.Implementation,
  event?: Event,
): Promise<unknown> {
  const patient =
    ([...(game.user?.targets ?? [])][0]?.actor as Actor.Implementation | null | undefined) ?? actor;
  switch (kind) {
    case "rest":
      return rest(actor, { event: event ?? null });
    case "heal":
      return heal(actor, { event: event ?? null });
    case "stabilise":
      return stabilise(actor, patient, { event: event ?? null });
    case "care":
      return medicalCare(actor, patient, { event: event ?? null });
    case "holdOn":
      return holdOn(actor, { event: event ?? null });
    default:
      return null;
  }
}
