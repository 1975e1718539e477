/** Xero Sum combat in Foundry: the Combat classes, initiative and rounds, the tracker, attacks and damage. */
import type { CombatConfig } from "../../../core/ruleset";
import { onOwnedDocumentHook } from "../../../core/owners";
import { trackerRoot } from "../../../core/combat-tracker";
import { XeroSumCombat, XeroSumCombatant } from "./documents";
import { onNewRound } from "./rounds";
import { decorateTracker } from "./tracker";
import { registerAttackCard, resolveNewAttackCards } from "./attack-card";
import { registerDamageCard } from "./damage-card";
import { registerActionChecks } from "./check-actions";
import type { AnyCombat } from "./shared";

export { XeroSumCombat, XeroSumCombatant } from "./documents";
export { rollXeroSumInitiative } from "./initiative";
export { askTheDrop, getTheDrop } from "./tracker-drop";
export { takeAction, type ActionOptions } from "./rounds";
export { actionCheck, type ActionCheckOptions } from "./check-actions";
export { chooseAction, decorateTracker, ROUND_ROW_TEMPLATE } from "./tracker";
export { rollAttack, type RollAttackOptions } from "./attack-roll";
export { attackCardOp, resolveAttackCard, ATTACK_TEMPLATE } from "./attack-card";
export { damageCardOp, DAMAGE_TEMPLATE } from "./damage-card";
export { XeroSumAttackMessageData, XeroSumDamageMessageData } from "./messages";

/** The descriptor's `combat`. */
export const XERO_SUM_COMBAT: CombatConfig = {
  combatClass: XeroSumCombat as never,
  combatantClass: XeroSumCombatant as never,
  initiative: { formula: "2d6", decimals: 0 },
};

/** The combat hooks and the cards (at init, whatever ruleset is active; they act on Xero Sum's only). */
export function registerXeroSumCombat(): void {
  onOwnedDocumentHook("xero-sum", "updateCombat", (combat: AnyCombat, changed: object) => {
    void onNewRound(combat, changed);
  });
  Hooks.on("renderCombatTracker", (app: { viewed?: unknown }, html: unknown) => {
    decorateTracker(app.viewed as AnyCombat | null, trackerRoot(app, html));
  });
  registerAttackCard();
  registerDamageCard();
  registerActionChecks();
}

/** At ready (after core's card ledger listens): the active GM resolves new attack cards. */
export const readyXeroSumCombat = (): void => resolveNewAttackCards();
