/**
 * 'Verses Fast Action in Foundry's combat tracker: the document classes, the templates to preload,
 * the actions for macros, and the hooks (registered at init for every ruleset; each acts only on a
 * 'Verses combat, so documents of another ruleset are left alone).
 */
import { trackerRoot } from "../../../core/combat-tracker";
import type { CombatConfig } from "../../../core/ruleset";
import { leaveCover, move, reserve, rest, rise, tacticalAwareness } from "./actions";
import { rollWatch } from "../actions/actions";
import { VersesCombat, VersesCombatant } from "./documents";
import { INITIATIVE_TEMPLATE, registerInitiativeRequests } from "./initiative";
import { ROUND_TEMPLATE, combatProgressSettled, onCreateMessage, onUpdateCombat } from "./rounds";
import { NOTE_TEMPLATE, registerNoteCard, type AnyActor, type AnyCombat } from "./shared";
import { onOwnedDocumentHook, ownsDocument } from "../../../core/owners";
import { VERSES_ID } from "../base/flags";
import { AD_ROW_TEMPLATE, MORE_TEMPLATE, decorateCombatTracker, refreshTrackerFor } from "./tracker";

export { VersesCombat, VersesCombatant } from "./documents";

/** The descriptor's `combat`. */
export const VERSES_COMBAT: CombatConfig = {
  combatClass: VersesCombat,
  combatantClass: VersesCombatant,
  // Initiative is rolled by VersesCombat from the AD pools; no formula is used.
  initiative: { formula: null, decimals: 2 },
};

/** Templates to preload (add them to the ruleset's `templates`). */
export const COMBAT_TEMPLATES = [
  INITIATIVE_TEMPLATE,
  ROUND_TEMPLATE,
  NOTE_TEMPLATE,
  AD_ROW_TEMPLATE,
  MORE_TEMPLATE,
];

/** Macro API entries (`game.polyverse.rulesets.verses.actions`). */
export const COMBAT_ACTIONS = {
  move,
  restInCombat: rest,
  reserve,
  rise,
  leaveCover,
  watch: rollWatch,
  tacticalAwareness,
  combatSettled: combatProgressSettled,
};

/** Register the combat hooks, the GM request and the note card. Call once at init. */
export function registerVersesCombatHooks(): void {
  registerInitiativeRequests();
  registerNoteCard();
  onOwnedDocumentHook(VERSES_ID, "updateCombat", (combat: AnyCombat, changed: object) =>
    onUpdateCombat(combat, changed),
  );
  Hooks.on("createChatMessage", (message: ChatMessage.Implementation) => {
    if (ownsDocument(VERSES_ID, game.combat)) onCreateMessage(message);
  });
  Hooks.on("renderCombatTracker", (app, html) => {
    const root = trackerRoot(app, html);
    if (root) decorateCombatTracker(app, root);
  });
  onOwnedDocumentHook(VERSES_ID, "updateActor", (actor: AnyActor) => refreshTrackerFor(actor));
  const effectParent = (effect: ActiveEffect.Implementation) => {
    const parent = effect.parent as unknown as { documentName?: string } | null;
    if (parent?.documentName === "Actor") refreshTrackerFor(parent as unknown as AnyActor);
  };
  for (const hook of ["createActiveEffect", "deleteActiveEffect", "updateActiveEffect"])
    onOwnedDocumentHook(VERSES_ID, hook, effectParent);
}
