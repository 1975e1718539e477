/**
 * The character sheet's learning and Bonus XP actions (the documents folder's, play.ts's buttons):
 * `trainSkill`, `rerollUnderlines` and `togglePractice` on a skill's row (`data-item-id`), `readBook`
 * on a book's row, `placeBonus`, `donateBonus` and `learnOccupation` on the Skills tab, `rollTaskStage`
 * and `recordTaskStage` on a project's row. Each acts on
 * the sheet's actor only when the sheet is editable; the click's event goes to the roll (Shift skips
 * its dialog).
 */
import {
  askDonation,
  learnOccupation,
  placeBonus,
  readBook,
  recordTaskStage,
  rerollUnderlines,
  rollTaskStage,
  togglePractice,
  trainSkill,
} from "../documents";

type Sheet = foundry.applications.api.DocumentSheetV2.Any & {
  actor: Actor.Implementation;
  isEditable: boolean;
};

/** The item of the row a button is on (its `data-item-id` or its row's). */
function rowItem(sheet: Sheet, target: HTMLElement): Item.Implementation | null {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  return (id ? sheet.actor.items.get(id) : null) ?? null;
}

type Action = (this: Sheet, event: PointerEvent, target: HTMLElement) => Promise<void>;

const onRow = (
  type: string,
  act: (sheet: Sheet, item: Item.Implementation, event: PointerEvent) => Promise<unknown>,
): Action =>
  async function (this: Sheet, event, target) {
    if (!this.isEditable) return;
    const item = rowItem(this, target);
    if (item?.type === type) await act(this, item, event);
  };

const onActor = (act: (actor: Actor.Implementation, event: PointerEvent) => Promise<unknown>): Action =>
  async function (this: Sheet, event) {
    if (this.isEditable) await act(this.actor, event);
  };

export const PLAY_SHEET_ACTIONS = {
  trainSkill: onRow("virtually-real-skill", (sheet, item, event) => trainSkill(sheet.actor, item, { event })),
  rerollUnderlines: onRow("virtually-real-skill", (sheet, item, event) =>
    rerollUnderlines(sheet.actor, item, { event }),
  ),
  togglePractice: onRow("virtually-real-skill", (_sheet, item) => togglePractice(item)),
  readBook: onRow("virtually-real-book", (sheet, item, event) => readBook(sheet.actor, item, { event })),
  rollTaskStage: onRow("virtually-real-task", (_sheet, item, event) => rollTaskStage(item, { event })),
  recordTaskStage: onRow("virtually-real-task", (_sheet, item) => recordTaskStage(item)),
  placeBonus: onActor((actor, event) => placeBonus(actor, { event })),
  donateBonus: onActor((actor) => askDonation(actor)),
  learnOccupation: onActor((actor, event) => learnOccupation(actor, { event })),
};
