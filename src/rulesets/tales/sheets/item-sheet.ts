/**
 * The sheet of every Tales item type (skill reference, advantage, disadvantage, template, weapon,
 * armour, gear, text, sanctuary option): one ApplicationV2 class on core's item sheet base. The
 * Foundry-free {@link itemSheetContext} builds the header, the type's field groups, a template's slots
 * and the description; this class enriches the description and turns the submitted form back into
 * the model's lists.
 */
import { type ItemSheetRenderContext, PolyverseItemSheet } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import { itemSheetContext, normaliseSubmit } from "./item-context";

const part = (name: string) => templatePath(`tales/item/${name}.hbs`);

/** Every template the item sheet renders (the descriptor preloads them). */
export const ITEM_SHEET_TEMPLATES = ["header", "body", "trait-slots", "description", "sheet"].map(part);

type Rec = Record<string, unknown>;

export class TalesItemSheet extends PolyverseItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["sheet", "item", "pv-tales-item"],
    position: { width: 540, height: 640 },
  };

  static override PARTS = {
    header: { template: part("header") },
    body: { template: part("body"), templates: [part("trait-slots")], scrollable: [""] },
    description: { template: part("description") },
  };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ItemSheetV2["_prepareContext"]>[0],
  ): Promise<ItemSheetRenderContext> {
    const base = await super._prepareContext(options);
    return { ...base, ...itemSheetContext(await this._itemInput()) };
  }

  protected override _normaliseSubmit(system: Rec): Rec {
    return normaliseSubmit(this.item.type, system);
  }
}
