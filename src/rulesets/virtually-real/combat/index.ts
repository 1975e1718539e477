/**
 * Virtually Real combat in Foundry: the Combat classes and initiative (the Initiative save), attacks
 * as skill checks with the target's active defence (and the Maneuver penalty a Dodge or Evade
 * leaves), Apply and Undo of a blow, a save while Dying, and combat XP at a combat's end.
 */
import type { CombatConfig } from "../../../core/ruleset";
import { VirtuallyRealCombat, VirtuallyRealCombatant } from "./documents";
import { registerAttackCard, settleAttackCards } from "./attack-card";
import { registerCombatXP } from "./combat-xp";
import { listenForManeuvers } from "./maneuver";

export { VirtuallyRealCombat, VirtuallyRealCombatant } from "./documents";
export { rollVirtuallyRealInitiative } from "./initiative";
export { rollAttack, type RollAttackOptions } from "./attack-roll";
export { attackCardOp, readAttackCard, ATTACK_TEMPLATE, type AttackOp } from "./attack-card";
export { postCombatXP, COMBAT_XP_TEMPLATE } from "./combat-xp";
export { maneuverOf, clearManeuver } from "./maneuver";
export { VirtuallyRealAttackMessageData, VirtuallyRealCombatMessageData } from "./messages";

/** The descriptor's `combat`. */
export const VIRTUALLY_REAL_COMBAT: CombatConfig = {
  combatClass: VirtuallyRealCombat as never,
  combatantClass: VirtuallyRealCombatant as never,
  initiative: { formula: "1d6", decimals: 0 },
};

/** The cards and the combat's end (at init, whatever ruleset is active; they act on Virtually Real's only). */
export function registerVirtuallyRealCombat(): void {
  registerAttackCard();
  registerCombatXP();
}

/**
 * At ready (after core's card ledger listens): the active GM settles attack cards as their checks
 * land, and ends Maneuver penalties as checks take them and turns come.
 */
export const readyVirtuallyRealCombat = (): void => {
  settleAttackCards();
  listenForManeuvers();
};
