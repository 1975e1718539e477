/**
 * The sheet of every Virtually Real item type (skill, passion, equipment, book, multistage task): one
 * ApplicationV2 class on core's item sheet base. The Foundry-free {@link itemSheetContext} builds the
 * header, the type's field groups, what the rules read from the item, a task's stages and progress,
 * and the description; core's partials draw the header, the fields and the description. A task's
 * buttons add and remove stages, roll the stage under way, record its card, undo the last stage and
 * (a GM) start it afresh, through the documents glue (documents/task.ts).
 */
import { localize } from "../../../core/i18n";
import { type ItemSheetRenderContext, PolyverseItemSheet } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import { systemRecord } from "../../../core/data-model-logic";
import { virtuallyRealRulesOptions } from "../base/settings";
import { recordTaskStage, resetTask, rollTaskStage, undoTaskStage } from "../documents";
import { itemSheetContext } from "./item-context";
import { addStage, normaliseTaskSubmit, removeStage } from "./item-types/task";

const part = (name: string) => templatePath(`virtually-real/item/${name}.hbs`);

/** Every template the item sheet renders (the descriptor preloads them). */
export const ITEM_SHEET_TEMPLATES = ["header", "body", "task", "description", "sheet"].map(part);

type Rec = Record<string, unknown>;

export class VirtuallyRealItemSheet extends PolyverseItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["sheet", "item", "pv-virtually-real-item"],
    position: { width: 540, height: 640 },
    actions: {
      addStage: VirtuallyRealItemSheet.#onAddStage,
      removeStage: VirtuallyRealItemSheet.#onRemoveStage,
      rollStage: VirtuallyRealItemSheet.#onRollStage,
      recordStage: VirtuallyRealItemSheet.#onRecordStage,
      undoStage: VirtuallyRealItemSheet.#onUndoStage,
      resetTask: VirtuallyRealItemSheet.#onResetTask,
    },
  };

  static override PARTS = {
    header: { template: part("header") },
    body: { template: part("body"), templates: [part("task")], scrollable: [""] },
    description: { template: part("description") },
  };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ItemSheetV2["_prepareContext"]>[0],
  ): Promise<ItemSheetRenderContext> {
    const base = await super._prepareContext(options);
    return {
      ...base,
      ...itemSheetContext(
        await this._itemInput(),
        localize,
        virtuallyRealRulesOptions().book,
        game.user?.isGM === true,
      ),
    };
  }

  protected override _normaliseSubmit(system: Rec): Rec {
    if (this.item.type !== "virtually-real-task") return system;
    return normaliseTaskSubmit(system, systemRecord(this.item._source));
  }

  static async #onAddStage(this: VirtuallyRealItemSheet) {
    if (!this.isEditable) return;
    const next = addStage(systemRecord(this.item._source));
    if (!next) return;
    this.focusAfterRender(`[name="system.stages.${next.stages.length - 1}.name"]`);
    await this.item.update({ "system.stages": next.stages, "system.progress.tries": next.tries } as never);
  }

  static async #onRemoveStage(this: VirtuallyRealItemSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const next = removeStage(systemRecord(this.item._source), Number(target.dataset.index));
    if (!next) return;
    this.focusAfterRender('[data-action="addStage"]');
    await this.item.update({ "system.stages": next.stages, "system.progress.tries": next.tries } as never);
  }

  static async #onRollStage(this: VirtuallyRealItemSheet, event: PointerEvent) {
    await rollTaskStage(this.item, { event });
  }

  static async #onRecordStage(this: VirtuallyRealItemSheet) {
    await recordTaskStage(this.item);
  }

  static async #onUndoStage(this: VirtuallyRealItemSheet) {
    await undoTaskStage(this.item);
  }

  static async #onResetTask(this: VirtuallyRealItemSheet) {
    await resetTask(this.item);
  }
}
