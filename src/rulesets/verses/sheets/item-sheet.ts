/**
 * The sheet of every 'Verses item type (skill, ability, weapon, armour, ammunition, gear, species):
 * one ApplicationV2 class whose "body" PART template is chosen by the item's type. The context comes
 * from the Foundry-free builders in item-context.ts; this class adds Foundry's tabs and enrichment,
 * turns the form's rows back into arrays, and runs the row actions and the live checks.
 */
import { deletionUpdate } from "../../../core/compat";
import { localize } from "../../../core/i18n";
import { systemRecord } from "../../../core/data-model-logic";
import { type ItemSheetRenderContext, PolyverseItemSheet, readForm } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import {
  ITEM_BODY_TEMPLATES,
  ITEM_TABS,
  addRow,
  checkValue,
  isItemType,
  itemSheetContext,
  normaliseSubmit,
  removeRow,
  type CheckKind,
} from "./item-context";
import type { DerivedKey } from "../rules";

type Rec = Record<string, unknown>;

export const ITEM_SHEET_TEMPLATES = {
  header: templatePath("verses/item/header.hbs"),
  tabs: templatePath("verses/item/tabs.hbs"),
  description: templatePath("verses/item/description.hbs"),
  partials: [
    templatePath("verses/item/parts/field.hbs"),
    templatePath("verses/item/parts/fields.hbs"),
    templatePath("verses/item/parts/rows.hbs"),
    templatePath("verses/item/parts/entries.hbs"),
    templatePath("verses/item/parts/datalists.hbs"),
  ],
} as const;

/** The tabs of the item, vehicle and society sheets: the type's fields, and the description. */
export const ITEM_SHEET_TABS = {
  primary: { initial: ITEM_TABS[0].id, tabs: ITEM_TABS.map((tab) => ({ ...tab })) },
};

/** Every template the 'Verses item, vehicle and society sheets use (for preloading). */
export const VERSES_SHEET_TEMPLATES: readonly string[] = [
  ITEM_SHEET_TEMPLATES.header,
  ITEM_SHEET_TEMPLATES.tabs,
  ITEM_SHEET_TEMPLATES.description,
  ...ITEM_SHEET_TEMPLATES.partials,
  ...Object.values(ITEM_BODY_TEMPLATES),
  templatePath("verses/vehicle/details.hbs"),
  templatePath("verses/society/details.hbs"),
];

/** Localise a preview part or a problem (what the templates do with `{{localize key ...}}`). */
function localizePart(part: { key: string }): string {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(part as Rec)) if (k !== "key" && v !== undefined) data[k] = String(v);
  return game.i18n!.format(part.key, data);
}

/**
 * Shared by the item and vehicle sheets: live checks of rule-read text fields as they are typed,
 * row and entry actions (the sheet base keeps focus on the row just added).
 */
export class SheetBehaviour {
  constructor(
    private readonly app: {
      element: HTMLElement;
      form: HTMLFormElement | null;
      document: { update(data: Rec): Promise<unknown> };
      isEditable: boolean;
      focusAfterRender(selector: string): void;
    },
    private readonly readSystem: () => Rec,
  ) {}

  /**
   * Once, after the first render (the element outlives re-renders): live checks. (Enter in an "add"
   * input presses its button through the sheet base: `data-enter-action="addEntry"`.)
   */
  listen(): void {
    this.app.element.addEventListener("input", (event) => this.#onInput(event));
  }

  /** Re-check a rule-read field while it is typed in, without saving. */
  #onInput(event: Event): void {
    const input = event.target as HTMLInputElement | null;
    if (input?.dataset.check) this.showCheck(input);
    // A core attribute changed: refresh every formula preview.
    if (input?.name?.startsWith("system.core.")) {
      for (const el of this.app.element.querySelectorAll<HTMLInputElement>('input[data-check="formula"]'))
        this.showCheck(el);
    }
  }

  showCheck(input: HTMLInputElement): void {
    const core: Record<string, number> = {};
    for (const el of this.app.element.querySelectorAll<HTMLInputElement>('input[name^="system.core."]'))
      core[el.name.slice("system.core.".length)] = Number(el.value) || 0;
    const result = checkValue(input.dataset.check as CheckKind, input.value, {
      core,
      derived: input.dataset.derived as DerivedKey | undefined,
      localize,
    });
    const problem = this.app.element.querySelector<HTMLElement>(`#${CSS.escape(input.id)}-problem`);
    const preview = this.app.element.querySelector<HTMLElement>(`#${CSS.escape(input.id)}-preview`);
    if (problem) {
      problem.hidden = !result.problem;
      problem.textContent = result.problem ? localizePart(result.problem) : "";
    }
    if (preview) {
      preview.hidden = !result.preview.length;
      preview.replaceChildren(
        ...result.preview.map((part) => {
          const span = document.createElement("span");
          span.textContent = localizePart(part);
          return span;
        }),
      );
    }
    if (result.problem) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
    input.closest(".pv-field")?.classList.toggle("pv-invalid", !!result.problem);
  }

  /** Add a row (a mode, a feature, a prerequisite) or an entry typed in the list's add control. */
  async addRow(target: HTMLElement, entry = false): Promise<void> {
    const path = target.dataset.path;
    if (!path || !this.app.isEditable) return;
    let value: string | undefined;
    if (entry) {
      const input = target.parentElement?.querySelector<HTMLInputElement | HTMLSelectElement>(
        "[data-new-entry]",
      );
      value = input?.value.trim() ?? "";
      if (!value) {
        input?.focus();
        return;
      }
    }
    const update = addRow(this.readSystem(), path, value);
    if (!update) return;
    this.app.focusAfterRender(
      entry
        ? `[data-new-entry="${CSS.escape(path)}"]`
        : `[name^="${CSS.escape(update.added ?? path)}."]:not([type="hidden"])`,
    );
    await this.app.document.update({ [update.path]: update.value });
  }

  async removeRow(target: HTMLElement): Promise<void> {
    const path = target.dataset.path;
    const index = Number(target.dataset.index);
    if (!path || !Number.isInteger(index) || !this.app.isEditable) return;
    const update = removeRow(this.readSystem(), path, index);
    if (!update) return;
    this.app.focusAfterRender(
      `[data-action="addRow"][data-path="${CSS.escape(path)}"], [data-new-entry="${CSS.escape(path)}"]`,
    );
    await this.app.document.update({ [update.path]: update.value });
  }
}

/** The form's current `system` values, turned back into the document's shapes. */
function formSystem(form: HTMLFormElement | null, type: string, source: Rec): Rec {
  if (!form) return source;
  const expanded = readForm(form);
  const submitted = (expanded.system ?? {}) as Rec;
  const merged = foundry.utils.mergeObject(foundry.utils.deepClone(source), submitted, {
    inplace: false,
  }) as Rec;
  return normaliseSubmit(type, { ...merged, ...submitted }, source, {
    actorKindFlags: expanded.actorKindFlags as Rec | undefined,
  });
}

export class VersesItemSheet extends PolyverseItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["pv-sheet", "pv-item-sheet"],
    position: { width: 560, height: 680 },
    actions: {
      addRow: VersesItemSheet.#onAddRow,
      removeRow: VersesItemSheet.#onRemoveRow,
      addEntry: VersesItemSheet.#onAddEntry,
      addAbility: VersesItemSheet.#onAddAbility,
      removeAbility: VersesItemSheet.#onRemoveAbility,
    },
  };

  static override PARTS = {
    header: { template: ITEM_SHEET_TEMPLATES.header, templates: [...ITEM_SHEET_TEMPLATES.partials] },
    tabs: { template: ITEM_SHEET_TEMPLATES.tabs },
    /** Replaced by the item type's own template in `_configureRenderParts`. */
    body: {
      template: ITEM_BODY_TEMPLATES["verses-gear"],
      templates: Object.values(ITEM_BODY_TEMPLATES),
      scrollable: [""],
    },
    description: { template: ITEM_SHEET_TEMPLATES.description, scrollable: [""] },
  };

  static override TABS = ITEM_SHEET_TABS;

  readonly #behaviour = new SheetBehaviour(this as never, () => this.#readSystem());

  #readSystem(): Rec {
    return formSystem(this.form, this.item.type, systemRecord(this.item._source));
  }

  protected override _configureRenderParts(
    options: foundry.applications.api.HandlebarsApplicationMixin.RenderOptions,
  ): Record<string, foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart> {
    const parts = super._configureRenderParts(options);
    const type = this.item.type;
    if (parts.body && isItemType(type)) parts.body = { ...parts.body, template: ITEM_BODY_TEMPLATES[type] };
    return parts;
  }

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ItemSheetV2["_prepareContext"]>[0],
  ): Promise<ItemSheetRenderContext> {
    const base = await super._prepareContext(options);
    return { ...base, ...itemSheetContext({ ...(await this._itemInput()), localize }) };
  }

  protected override async _onFirstRender(
    context: Parameters<foundry.applications.sheets.ItemSheetV2["_onFirstRender"]>[0],
    options: Parameters<foundry.applications.sheets.ItemSheetV2["_onFirstRender"]>[1],
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
    const source = systemRecord(this.item._source);
    if (data.system && typeof data.system === "object")
      data.system = normaliseSubmit(this.item.type, data.system as Rec, source, {
        actorKindFlags: data.actorKindFlags as Rec | undefined,
      });
    else if (data.actorKindFlags)
      data.system = normaliseSubmit(this.item.type, {}, source, {
        actorKindFlags: data.actorKindFlags as Rec,
      });
    delete data.actorKindFlags;
    return data;
  }

  static async #onAddRow(this: VersesItemSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#behaviour.addRow(target);
  }

  static async #onRemoveRow(this: VersesItemSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#behaviour.removeRow(target);
  }

  static async #onAddEntry(this: VersesItemSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#behaviour.addRow(target, true);
  }

  /** Species: add an ability every member has, with 1 die. */
  static async #onAddAbility(this: VersesItemSheet, _event: PointerEvent, target: HTMLElement) {
    const select = target.parentElement?.querySelector<HTMLSelectElement>("[data-new-ability]");
    const key = select?.value;
    if (!key || !this.isEditable) return;
    this.focusAfterRender(`[name="system.abilities.${CSS.escape(key)}"]`);
    await this.item.update({ [`system.abilities.${key}`]: 1 } as never);
  }

  static async #onRemoveAbility(this: VersesItemSheet, _event: PointerEvent, target: HTMLElement) {
    const key = target.dataset.key;
    if (!key || !this.isEditable) return;
    this.focusAfterRender("[data-new-ability]");
    await this.item.update(deletionUpdate({ [`system.abilities.-=${key}`]: null }) as never);
  }
}
