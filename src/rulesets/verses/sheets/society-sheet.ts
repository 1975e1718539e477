/**
 * The 'Verses society sheet: a society as an Object. JST, MOB and TOL on the rated-value scale with
 * the rules' labels (None .. Superior), TEC on the TEC scale (Ancient .. Future), POP 1 (a small
 * hamlet or village) .. 5 (a sprawling metropolis), and the description.
 */
import { localize } from "../../../core/i18n";
import { systemRecord } from "../../../core/data-model-logic";
import { type ActorSheetRenderContext, PolyverseActorSheet } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import { societyContext } from "./item-context";
import { ITEM_SHEET_TABS, ITEM_SHEET_TEMPLATES } from "./item-sheet";

const SOCIETY_DETAILS_TEMPLATE = templatePath("verses/society/details.hbs");

export class VersesSocietySheet extends PolyverseActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["pv-sheet", "pv-society-sheet"],
    position: { width: 520, height: 560 },
  };

  static override PARTS = {
    header: { template: ITEM_SHEET_TEMPLATES.header, templates: [...ITEM_SHEET_TEMPLATES.partials] },
    tabs: { template: ITEM_SHEET_TEMPLATES.tabs },
    details: { template: SOCIETY_DETAILS_TEMPLATE, scrollable: [""] },
    description: { template: ITEM_SHEET_TEMPLATES.description, scrollable: [""] },
  };

  static override TABS = ITEM_SHEET_TABS;

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ActorSheetV2["_prepareContext"]>[0],
  ): Promise<ActorSheetRenderContext> {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = systemRecord(actor._source);
    const built = societyContext({
      name: actor.name,
      img: actor.img ?? "",
      type: actor.type,
      system,
      editable: this.isEditable,
      idPrefix: this.id,
      localize,
      enrichedDescription: await this._enrich(String(system.description ?? "")),
    });
    return { ...base, ...built };
  }
}
