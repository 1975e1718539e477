/** Tales combat in Foundry: the Combat and Combatant classes, initiative and action dice, rounds. */
import { trackerRoot } from "../../../core/combat-tracker";
import type { CombatConfig } from "../../../core/ruleset";
import { onOwnedDocumentHook } from "../../../core/owners";
import { TalesCombat, TalesCombatant } from "./documents";
import { assignActionDice } from "./initiative";
import { onNewRound } from "./rounds";
import { decorateTracker } from "./tracker";
import type { AnyCombat, AnyCombatant } from "./shared";

export { TalesCombat, TalesCombatant } from "./documents";
export { assignActionDice, rollTalesInitiative } from "./initiative";
export { recover, spendActionDice, startNewRound } from "./rounds";
export { decorateTracker } from "./tracker";
export { TalesAttackMessageData, TalesDamageMessageData } from "./damage-message";
export {
  ATTACK_TEMPLATE,
  attackCardOp,
  parseAttackOp,
  performAttackOp,
  registerAttackCard,
  rollAttack,
  type AttackOptions,
} from "./attack-card";
export {
  DAMAGE_TEMPLATE,
  damageCardOp,
  parseDamageOp,
  performDamageOp,
  registerDamageCard,
  rollTalesDamage,
  type DamageOptions,
} from "./damage-card";

/** The descriptor's `combat`: Tales's classes; the formula is the combatant's own (`1d6 + score`). */
export const TALES_COMBAT: CombatConfig = {
  combatClass: TalesCombat,
  combatantClass: TalesCombatant,
  initiative: { formula: "1d6", decimals: 0 },
};

/** The combat hooks (at init, whatever ruleset is active; they act on Tales combats only). */
export function registerTalesCombatHooks(): void {
  onOwnedDocumentHook("tales", "updateCombat", (combat: AnyCombat, changed: object) => {
    void onNewRound(combat, changed);
  });
  // A player's roll may complete the round: the GM hands out the dice.
  Hooks.on("updateCombatant", (combatant: AnyCombatant, changed: object) => {
    if (combatant.parent instanceof TalesCombat && "initiative" in changed)
      void assignActionDice(combatant.parent as AnyCombat);
  });
  Hooks.on("renderCombatTracker", (app: { viewed?: unknown }, html: unknown) => {
    decorateTracker(app.viewed as AnyCombat | null, trackerRoot(app, html));
  });
}
