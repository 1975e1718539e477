/**
 * Maelstrom combat in Foundry: the document classes, the turn hooks, the attack card and its GM
 * side, and what macros call.
 */
import type { CombatConfig } from "../../../core/ruleset";
import { MaelstromCombat, MaelstromCombatant } from "./documents";

export { MaelstromCombat, MaelstromCombatant } from "./documents";
export { registerMaelstromTurnHooks, recordAim } from "./turns";
export { registerAttackCard } from "./attack-register";
export { cardOp as attackCardOp } from "./attack-ops";
export { ATTACK_TEMPLATE } from "./attack-shared";
export { MaelstromAttackMessageData } from "./attack-message";
export { rally, registerRallyRequests, reload } from "./actions";
export { rollAttack } from "./attack-roll";

/**
 * The descriptor's `combat`. The formula here is the default setting's, for whatever reads
 * `CONFIG.Combat.initiative` directly; each roll uses the setting's (MaelstromCombatant).
 */
export const MAELSTROM_COMBAT: CombatConfig = {
  combatClass: MaelstromCombat,
  combatantClass: MaelstromCombatant,
  initiative: { formula: "1d10 + @attributes.reflexes + @attributes.wits", decimals: 0 },
};
