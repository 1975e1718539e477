/**
 * The sheet of every Tales item type (skill reference, advantage, disadvantage, template, weapon,
 * armour, gear, text, sanctuary option): one ApplicationV2 class on core's item sheet base. The
 * Foundry-free {@link itemSheetContext} builds the header, the type's field groups, a template's slots
 * and the description; this class enriches the description, turns the submitted form back into the
 * model's lists, and saves a template's slot edits.
 *
 * Slot actions (`data-slot-list` skills | connections | advantages | disadvantages, `data-slot-index`,
 * `data-slot-option`, `data-slot-skill`): `addSlot`, `removeSlot`, `addSlotOption`,
 * `removeSlotOption`, `addSlotSkill`, `removeSlotSkill`; a slot's select or number (`data-slot-field`)
 * is saved inline. Each writes the whole list (item-types/template-slots.ts `editTemplateSlots`).
 */
import { type InlineControl, type ItemSheetRenderContext, PolyverseItemSheet } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import { systemRecord } from "../../../core/data-model-logic";
import { rulesetFlag } from "../../../core/flags";
import {
  OWN_SLOTS_FLAG,
  editTemplateSlots,
  itemSheetContext,
  normaliseSubmit,
  parseSlotEdit,
} from "./item-context";

const part = (name: string) => templatePath(`tales/item/${name}.hbs`);

/** Every template the item sheet renders (the descriptor preloads them). */
export const ITEM_SHEET_TEMPLATES = [
  "header",
  "body",
  "trait-slots",
  "slot-editor",
  "description",
  "sheet",
].map(part);

type Rec = Record<string, unknown>;

/** The slot buttons' actions and the edit each makes. */
const SLOT_ACTIONS = {
  addSlot: "add",
  removeSlot: "remove",
  addSlotOption: "addOption",
  removeSlotOption: "removeOption",
  addSlotSkill: "addSkill",
  removeSlotSkill: "removeSkill",
} as const;

export class TalesItemSheet extends PolyverseItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["sheet", "item", "pv-tales-item"],
    position: { width: 540, height: 640 },
    actions: Object.fromEntries(
      Object.entries(SLOT_ACTIONS).map(([action, op]) => [
        action,
        function (this: TalesItemSheet, _event: PointerEvent, target: HTMLElement) {
          return this.editSlots(op, target.dataset);
        },
      ]),
    ),
  };

  static override PARTS = {
    header: { template: part("header") },
    body: {
      template: part("body"),
      templates: [part("trait-slots"), part("slot-editor")],
      scrollable: [""],
    },
    description: { template: part("description") },
  };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ItemSheetV2["_prepareContext"]>[0],
  ): Promise<ItemSheetRenderContext> {
    const base = await super._prepareContext(options);
    const ownSlots = rulesetFlag(this.item as never, "tales", OWN_SLOTS_FLAG) === true;
    return { ...base, ...itemSheetContext({ ...(await this._itemInput()), ownSlots }) };
  }

  protected override _normaliseSubmit(system: Rec): Rec {
    return normaliseSubmit(this.item.type, system);
  }

  /**
   * One edit of a template's slots (a button's operation, or "set" with a control's value), saved as
   * the whole list; nothing when the item is not a template, the sheet is locked or the edit refused.
   */
  async editSlots(op: string, dataset: DOMStringMap, value = ""): Promise<void> {
    if (this.item.type !== "tales-template" || !this.isEditable) return;
    const edit = parseSlotEdit(op, dataset, value);
    const update = edit ? editTemplateSlots(systemRecord(this.item._source), edit) : null;
    if (update) await this.item.update(update as never);
    else this.render();
  }

  protected override _isInlineField(input: InlineControl): boolean {
    return input.dataset.slotField !== undefined;
  }

  protected override _onInlineChange(input: InlineControl): void {
    void this.editSlots("set", input.dataset, input.value);
  }
}
