/**
 * The sheet of every Virtually Real item type (skill, passion, equipment, book): one ApplicationV2
 * class on core's item sheet base. The Foundry-free {@link itemSheetContext} builds the header, the
 * type's field groups, what the rules read from the item and the description; core's partials draw
 * the header, the fields and the description.
 */
import { localize } from "../../../core/i18n";
import { type ItemSheetRenderContext, PolyverseItemSheet } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import { virtuallyRealRulesOptions } from "../base/settings";
import { itemSheetContext } from "./item-context";

const part = (name: string) => templatePath(`virtually-real/item/${name}.hbs`);

/** Every template the item sheet renders (the descriptor preloads them). */
export const ITEM_SHEET_TEMPLATES = ["header", "body", "description", "sheet"].map(part);

export class VirtuallyRealItemSheet extends PolyverseItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["sheet", "item", "pv-virtually-real-item"],
    position: { width: 540, height: 640 },
  };

  static override PARTS = {
    header: { template: part("header") },
    body: { template: part("body"), scrollable: [""] },
    description: { template: part("description") },
  };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ItemSheetV2["_prepareContext"]>[0],
  ): Promise<ItemSheetRenderContext> {
    const base = await super._prepareContext(options);
    return {
      ...base,
      ...itemSheetContext(await this._itemInput(), localize, virtuallyRealRulesOptions().book),
    };
  }
}
