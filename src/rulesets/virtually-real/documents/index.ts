/**
 * Virtually Real's documents glue, for the descriptor and the sheets: the status effects kept in step
 * with the condition marks, the GM's end of a scene and of a chapter, Bonus XP placed and donated,
 * training, books and occupations, and the `virtually-real-scene` card they post; the Tension Pool
 * and its `virtually-real-tension` card.
 */
import { placeBonus, registerBonus } from "./bonus";
import { registerPlayCard } from "./play-card";
import { registerVirtuallyRealStatusHooks } from "./statuses";
import { registerStory } from "./story";
import { registerTension } from "./tension";

export { askDonation, donateBonusXP, placeBonus } from "./bonus";
export { learnOccupation, readBook, rerollUnderlines, trainSkill, trainersFor } from "./learning";
export { PLAY_TEMPLATE, VIRTUALLY_REAL_PLAY_MESSAGE_TYPES, readPlayCard } from "./play-card";
export {
  localizeVirtuallyRealStatusEffects,
  syncVirtuallyRealStatuses,
  virtuallyRealSpecialStatusEffects,
  virtuallyRealStatusEffects,
} from "./statuses";
export { endChapter, endScene, storyClock } from "./story";
export { togglePractice } from "./practice";
export {
  TENSION_TEMPLATE,
  VIRTUALLY_REAL_TENSION_MESSAGE_TYPES,
  addAndRollTension,
  addTensionDie,
  clearTensionPool,
  readTensionCard,
  rollTensionPool,
  tensionPool,
} from "./tension";

/**
 * Register the status hooks, the story clock and its directory buttons, the tension pool, the card and its row
 * buttons, and the GM's side of donations (at init, whatever ruleset is active).
 */
export function registerVirtuallyRealPlay(): void {
  registerVirtuallyRealStatusHooks();
  registerStory();
  registerTension();
  registerBonus();
  registerPlayCard({ placeBonus: (actor, _message, event) => placeBonus(actor, { event }) });
}
