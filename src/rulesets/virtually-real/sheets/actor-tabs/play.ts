/**
 * The learning and Bonus XP buttons of the Skills and Gear tabs, Foundry-free (the documents folder's
 * actions behind them): each skill's Train (its next capacity, self-taught or with a trainer), Erase
 * underlines (once a chapter, when it has any) and Practising this chapter (a toggle); the panel's
 * Place Bonus XP, Donate Bonus XP and Learn an occupation (a character's); each book's Read. Drawn only
 * where the user may change the actor; an NPC's skills are written as levels and learn nothing.
 */
import { rulesetFlags } from "../../../../core/flags";
import { PROGRESS_FLAG, readProgress } from "../../documents/story-logic";
import { isNpc, type CharacterSheetInput, type SheetItem } from "./common";

const PLAY = "POLYVERSE.VirtuallyReal.Play.Sheet";

/** A skill row's learning buttons. */
export function skillPlayButtons(input: CharacterSheetInput, item: SheetItem) {
  const { localize } = input;
  if (!input.editable || isNpc(input)) return null;
  const name = { name: item.name };
  const capacity = typeof item.system.capacity === "number" ? item.system.capacity : 0;
  const underlines = typeof item.system.underlines === "number" ? item.system.underlines : 0;
  const practising = readProgress(rulesetFlags(item, "virtually-real")[PROGRESS_FLAG]).practising;
  return {
    train: capacity < 5 ? localize(`${PLAY}.Train`, name) : null,
    underlines: underlines > 0 ? localize(`${PLAY}.Underlines`, name) : null,
    practice: {
      on: practising,
      label: localize(`${PLAY}.Practice`, name),
      text: localize(`${PLAY}.PracticeShort`),
    },
  };
}

/** The Skills tab's panel buttons: Bonus XP and occupations. */
export function skillPanelButtons(input: CharacterSheetInput) {
  const { localize } = input;
  if (!input.editable || isNpc(input)) return null;
  const bonus = input.system.bonusXP;
  return {
    place: bonus > 0 ? localize(`${PLAY}.PlaceBonus`, { n: String(bonus) }) : null,
    donate: bonus > 0 ? localize(`${PLAY}.DonateBonus`) : null,
    occupation: localize(`${PLAY}.Occupation`),
  };
}

/** A book row's Read button. */
export function bookPlayButton(input: CharacterSheetInput, item: SheetItem): string | null {
  if (!input.editable) return null;
  return input.localize(`${PLAY}.Read`, { name: item.name });
}
