/**
 * The 'Verses vehicle sheet (Cart, Chariot, Coach ...): type, TEC, speed, MV, cargo, TUF and
 * resistance, HP, weight, value, the animals that draw it (dropped actors), the MV they allow and
 * why (`vehicles.ts`), the Driving skill and the description. The context comes from item-context.ts; resistance is checked by the rules as typed.
 */
import { systemRecord } from "../../../core/data-model-logic";
import { localize } from "../../../core/i18n";
import { type ActorSheetRenderContext, PolyverseActorSheet, readForm } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import { normaliseSubmit, vehicleContext } from "./item-context";
import { ITEM_SHEET_TABS, ITEM_SHEET_TEMPLATES, SheetBehaviour } from "./item-sheet";
import { teamMovementContext } from "../documents/vehicle-logic";
import { vehicleMovementOf } from "../documents/vehicles";

type Rec = Record<string, unknown>;

const VEHICLE_DETAILS_TEMPLATE = templatePath("verses/vehicle/details.hbs");

export class VersesVehicleSheet extends PolyverseActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["pv-sheet", "pv-vehicle-sheet"],
    position: { width: 560, height: 680 },
    actions: {
      addEntry: VersesVehicleSheet.#onAddEntry,
      removeRow: VersesVehicleSheet.#onRemoveRow,
    },
  };

  static override PARTS = {
    header: { template: ITEM_SHEET_TEMPLATES.header, templates: [...ITEM_SHEET_TEMPLATES.partials] },
    tabs: { template: ITEM_SHEET_TEMPLATES.tabs },
    details: { template: VEHICLE_DETAILS_TEMPLATE, scrollable: [""] },
    description: { template: ITEM_SHEET_TEMPLATES.description, scrollable: [""] },
  };

  static override TABS = ITEM_SHEET_TABS;

  readonly #behaviour = new SheetBehaviour(this as never, () => this.#readSystem());

  #source(): Rec {
    return systemRecord(this.actor._source);
  }

  #readSystem(): Rec {
    const form = this.form;
    const source = this.#source();
    if (!form) return source;
    const expanded = readForm(form);
    const submitted = (expanded.system ?? {}) as Rec;
    return { ...source, ...normaliseSubmit(this.actor.type, submitted, source) };
  }

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ActorSheetV2["_prepareContext"]>[0],
  ): Promise<ActorSheetRenderContext> {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = this.#source();
    const teamNames: Record<string, string> = {};
    for (const uuid of Array.isArray(system.team) ? (system.team as string[]) : []) {
      const found = foundry.utils.fromUuidSync(uuid) as { name?: string } | null;
      if (found?.name) teamNames[uuid] = found.name;
    }
    const built = vehicleContext({
      name: actor.name,
      img: actor.img ?? "",
      type: actor.type,
      system,
      editable: this.isEditable,
      idPrefix: this.id,
      localize,
      teamNames,
      enrichedDescription: await this._enrich(String(system.description ?? "")),
    });
    // The MV its team allows, and why (`vehicleMovement`: the slowest animal caps the listing's).
    const moving = vehicleMovementOf(actor);
    const teamMovement = teamMovementContext(moving.movement, moving.lines, localize);
    return { ...base, ...built, teamMovement };
  }

  protected override async _onFirstRender(
    context: Parameters<foundry.applications.sheets.ActorSheetV2["_onFirstRender"]>[0],
    options: Parameters<foundry.applications.sheets.ActorSheetV2["_onFirstRender"]>[1],
  ): Promise<void> {
    await super._onFirstRender(context, options);
    this.#behaviour.listen();
  }

  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): Record<string, unknown> {
    const data = super._processFormData(event, form, formData) as Rec;
    if (data.system && typeof data.system === "object")
      data.system = normaliseSubmit(this.actor.type, data.system as Rec, this.#source());
    return data;
  }

  /** An actor dropped on the sheet joins the team (by UUID), once. */
  protected override async _onDropActor(event: DragEvent, actor: Actor.Implementation) {
    if (!this.isEditable || actor.uuid === this.actor.uuid) return null;
    const team = (this.#source().team as string[] | undefined) ?? [];
    if (team.includes(actor.uuid)) return null;
    await this.actor.update({ "system.team": [...team, actor.uuid] } as never);
    return null;
  }

  static async #onAddEntry(this: VersesVehicleSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#behaviour.addRow(target, true);
  }

  static async #onRemoveRow(this: VersesVehicleSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#behaviour.removeRow(target);
  }
}
