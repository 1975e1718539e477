/**
 * The sheet of every Xero Sum item type (weapon, equipment, profession, paradigm): one ApplicationV2
 * class on core's item sheet base. The Foundry-free {@link itemSheetContext} builds the header, the
 * type's field groups, the rows of its list and the description; this class enriches the description,
 * adds and removes rows (`addRow`, `removeRow` with `data-index`), and turns the submitted form back
 * into the model's lists.
 */
import { localize } from "../../../core/i18n";
import { type ItemSheetRenderContext, PolyverseItemSheet } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import { systemRecord } from "../../../core/data-model-logic";
import { addRow, itemSheetContext, normaliseSubmit, removeRow } from "./item-context";

const part = (name: string) => templatePath(`xero-sum/item/${name}.hbs`);

/** Every template the item sheet renders (the descriptor preloads them). */
export const ITEM_SHEET_TEMPLATES = ["header", "body", "rows", "description", "sheet"].map(part);

type Rec = Record<string, unknown>;

export class XeroSumItemSheet extends PolyverseItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["sheet", "item", "pv-xero-sum-item"],
    position: { width: 560, height: 680 },
    actions: {
      addRow: XeroSumItemSheet.#onAddRow,
      removeRow: XeroSumItemSheet.#onRemoveRow,
    },
  };

  static override PARTS = {
    header: { template: part("header") },
    body: { template: part("body"), templates: [part("rows")], scrollable: [""] },
    description: { template: part("description") },
  };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ItemSheetV2["_prepareContext"]>[0],
  ): Promise<ItemSheetRenderContext> {
    const base = await super._prepareContext(options);
    return { ...base, ...itemSheetContext(await this._itemInput(), localize) };
  }

  protected override _normaliseSubmit(system: Rec): Rec {
    return normaliseSubmit(this.item.type, system, systemRecord(this.item._source));
  }

  /** An update by dotted paths (ruleset data types are not declared to fvtt-types). */
  #update(path: string, value: unknown) {
    return this.item.update({ [path]: value } as never);
  }

  static async #onAddRow(this: XeroSumItemSheet) {
    if (!this.isEditable) return;
    const next = addRow(this.item.type, systemRecord(this.item._source));
    if (!next) return;
    this.focusAfterRender(
      `[name="${next.path}.${next.value.length - 1}.${this.item.type === "xero-sum-weapon" ? "key" : "target"}"]`,
    );
    await this.#update(next.path, next.value);
  }

  static async #onRemoveRow(this: XeroSumItemSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const next = removeRow(this.item.type, systemRecord(this.item._source), Number(target.dataset.index));
    if (next) await this.#update(next.path, next.value);
  }
}
