/**
 * The sheet of every Maelstrom item type (specialty, merit, flaw, weapon, armour, ability
 * reference): one ApplicationV2 class on core's item sheet base. The Foundry-free
 * {@link itemSheetContext} builds the header, the type's field groups and the description; this
 * class enriches the description and turns the submitted form back into the model's arrays.
 */
import { type ItemSheetRenderContext, PolyverseItemSheet } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import { itemSheetContext, normaliseSubmit } from "./item-context";

const part = (name: string) => templatePath(`maelstrom/item/${name}.hbs`);

/** Every template the item sheet renders, partials included (the descriptor preloads them). */
export const ITEM_SHEET_TEMPLATES = ["header", "body", "description", "sheet"].map(part);

type Rec = Record<string, unknown>;

export class MaelstromItemSheet extends PolyverseItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["sheet", "item", "pv-maelstrom-item"],
    position: { width: 520, height: 620 },
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
    return { ...base, ...itemSheetContext(await this._itemInput()) };
  }

  protected override _normaliseSubmit(system: Rec): Rec {
    return normaliseSubmit(this.item.type, system);
  }
}
