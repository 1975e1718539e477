/**
 * The bases every Polyverse document sheet extends (ApplicationV2 with Handlebars):
 * {@link PolyverseActorSheet} and {@link PolyverseItemSheet}. A ruleset's sheet declares its
 * `PARTS`, `TABS`, context and own actions; the bases give it the rest:
 *
 * - options: the `polyverse` class, a resizable window, the form saved on change;
 * - shared actions: `editImage` (Foundry's file picker), and on actor sheets `openItem`,
 *   `createItem` (`data-type`), `deleteItem` (after a confirmation), `toggleItem` (`data-field`, one
 *   of the class's `TOGGLE_FIELDS`) and `roll` (`data-roll`, handed to `_onRoll`); a button a
 *   condition forbids (`aria-disabled="true"`) says why instead of acting ({@link refused});
 * - tabs: `context.tabs` from Foundry's `_prepareTabs`, each PART given its own `tab`, the tab
 *   remembered per document, the `role="tab"` buttons' `aria-selected` kept in step; the tab
 *   navigation is core's partial `templates/core/tabs.hbs` ({@link CORE_SHEET_TEMPLATES}, loaded
 *   before the first render);
 * - embedded items as plain rows in sheet order (`_sheetItems`, grouped with `groupItems` in
 *   sheet-logic.ts); an inline input or select `data-item-field` (with `data-item-id` on it or a
 *   parent) saves that item's field; dropping one of the actor's own items sorts it, another item goes to
 *   `_onDropForeignItem`;
 * - keyboard: Enter and Space press a `role="button"` element, Enter in a control with
 *   `data-enter-action` presses that action's button beside it; focus kept across re-renders
 *   (`focusAfterRender` for a control a handler adds); `readForm` for what the form holds now;
 * - `_enrich` for rich text fields; `isEditable` decides every change (locked sheets only read);
 *   controls a sheet saves itself (`_isInlineField`, `_onInlineChange`: a list's rows) on both bases.
 *
 * TypeScript 5.9 with fvtt-types v13 reports "Excessive stack depth comparing types" on the first
 * class it checks that extends a Handlebars-mixed document sheet and has members; once that first
 * comparison is done its result is cached, and every later sheet checks cleanly. The declaration
 * below makes that first comparison here, on purpose, where the error is expected; it emits no
 * code. It comes before the bases, and every sheet imports this module, so it is always checked
 * first.
 */
import { isTag } from "./dom-nodes";
import { systemRecord } from "./data-model-logic";
import {
  CORE_SHEET_TEMPLATES,
  SheetFocus,
  enrichFor,
  loadCoreSheetTemplates,
  listenForInlineChanges,
  listenForKeyboardPresses,
  readForm,
  pickImage,
  refused,
  rememberTab,
  restoreTabs,
  syncTabButtons,
  tabIds,
  type InlineControl,
} from "./sheet-dom";
import { sortItems, toggledValue, type SheetItemRow } from "./sheet-logic";

const { HandlebarsApplicationMixin } = foundry.applications.api;

export const HandlebarsActorSheet = HandlebarsApplicationMixin(foundry.applications.sheets.ActorSheetV2);
export const HandlebarsItemSheet = HandlebarsApplicationMixin(foundry.applications.sheets.ItemSheetV2);

// @ts-expect-error -- the deliberate first deep comparison described above.
export declare abstract class DepthWarmUp extends HandlebarsActorSheet {
  warmUp(): void;
}

export { CORE_SHEET_TEMPLATES, readForm, refused };

type Rec = Record<string, unknown>;
type AnyMixed = foundry.applications.api.HandlebarsApplicationMixin.AnyMixed;
type PartContext = Parameters<AnyMixed["_preparePartContext"]>[1];
type PartOptions = Parameters<AnyMixed["_preparePartContext"]>[2];
type AppV2 = foundry.applications.api.ApplicationV2;

const SHEET_ROOT = "POLYVERSE.Sheet";

/** An actor sheet's render context: Foundry's own, with the ruleset's view. */
export type ActorSheetRenderContext = Awaited<
  ReturnType<foundry.applications.sheets.ActorSheetV2["_prepareContext"]>
> &
  Rec;
/** An item sheet's render context: Foundry's own, with the ruleset's view. */
export type ItemSheetRenderContext = Awaited<
  ReturnType<foundry.applications.sheets.ItemSheetV2["_prepareContext"]>
> &
  Rec;

/** Give a PART whose id is a tab its `tab` (what `{{tab.cssClass}}` reads in its template). */
/** The tab groups a sheet class declares (`static TABS`). */
function declaredTabs(sheet: object): Record<string, { tabs?: { id: string }[] }> | undefined {
  return (sheet.constructor as unknown as { TABS?: Record<string, { tabs?: { id: string }[] }> }).TABS;
}

/**
 * Before a sheet's context: the tab last shown for this document is shown again; after it, the
 * context gets the primary group's `tabs` when the sheet declares one.
 */
function restoreDeclaredTabs(
  sheet: object,
  uuid: string,
  tabGroups: Record<string, string | null | undefined>,
) {
  restoreTabs(uuid, tabGroups, tabIds(declaredTabs(sheet)));
}
const hasPrimaryTabs = (sheet: object): boolean => "primary" in (declaredTabs(sheet) ?? {});

function withPartTab(partId: string, partContext: Rec): void {
  const tabs = partContext.tabs as Record<string, unknown> | undefined;
  if (tabs && typeof tabs === "object" && partId in tabs) partContext.tab = tabs[partId];
}

export type { InlineControl };

export interface ActorSheetInput {
  name: string;
  img: string;
  type: string;
  items: SheetItemRow[];
  editable: boolean;
  isGM: boolean;
  activeTab: string;
}

export abstract class PolyverseActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS: typeof HandlebarsActorSheet.DEFAULT_OPTIONS = {
    classes: ["polyverse"],
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      editImage: PolyverseActorSheet.#onEditImage,
      openItem: PolyverseActorSheet.#onOpenItem,
      createItem: PolyverseActorSheet.#onCreateItem,
      deleteItem: PolyverseActorSheet.#onDeleteItem,
      toggleItem: PolyverseActorSheet.#onToggleItem,
      roll: PolyverseActorSheet.#onRoll,
    },
  };

  /** The boolean item fields `toggleItem` may flip, each with the value an unset field shows. */
  static TOGGLE_FIELDS: Readonly<Record<string, boolean>> = {};

  readonly #focus = new SheetFocus();

  /** Focus this control after the next render (a row just added, the add control of a list). */
  focusAfterRender(selector: string): void {
    this.#focus.request(selector);
  }

  // ---- context ---------------------------------------------------------------------------------

  protected override async _prepareContext(options: Parameters<AppV2["_prepareContext"]>[0]) {
    restoreDeclaredTabs(this, this.actor.uuid, this.tabGroups);
    const base = await super._prepareContext(options);
    const tabs = hasPrimaryTabs(this) ? { tabs: this._prepareTabs("primary") } : {};
    return { ...base, ...tabs } as typeof base & Rec;
  }

  protected override async _preparePartContext(partId: string, context: PartContext, options: PartOptions) {
    const partContext = await super._preparePartContext(partId, context, options);
    withPartTab(partId, partContext as unknown as Rec);
    return partContext;
  }

  /** The tab shown in a group (Foundry's, else the group's initial tab). */
  protected _activeTab(group: string, initial: string): string {
    return this.tabGroups[group] ?? initial;
  }

  override changeTab(tab: string, group: string, options?: Parameters<AppV2["changeTab"]>[2]): void {
    super.changeTab(tab, group, options);
    rememberTab(this.actor.uuid, group, tab);
    syncTabButtons(this.element, group, tab);
  }

  /** The actor's items as plain rows in sheet order (by `sort`), for the context builders. */
  protected _sheetItems(): SheetItemRow[] {
    return sortItems(
      this.actor.items.map((item) => ({
        id: item.id!,
        name: item.name,
        type: item.type,
        img: item.img ?? "",
        sort: item.sort ?? 0,
        system: systemRecord(item),
        flags: (item.flags ?? {}) as Record<string, unknown>,
      })),
    );
  }

  /** Rich text of the actor, enriched for this sheet (owners see secrets). */
  protected _enrich(html: string, rollData?: Rec): Promise<string> {
    return enrichFor(this.actor as never, html, rollData);
  }

  /**
   * What every actor sheet's context builder starts from: the actor's name, image and type, its items
   * as rows, whether the sheet is editable and the user the GM, and the primary group's tab (`initialTab`
   * until the user picks one). A ruleset spreads it into its own builder's input.
   */
  protected _actorInput(initialTab: string): ActorSheetInput {
    const actor = this.actor;
    return {
      name: actor.name,
      img: actor.img ?? "",
      type: actor.type,
      items: this._sheetItems(),
      editable: this.isEditable,
      isGM: game.user?.isGM === true,
      activeTab: this._activeTab("primary", initialTab),
    };
  }

  // ---- render lifecycle ------------------------------------------------------------------------

  protected override async _preFirstRender(
    context: Parameters<AppV2["_preFirstRender"]>[0],
    options: Parameters<AppV2["_preFirstRender"]>[1],
  ): Promise<void> {
    await loadCoreSheetTemplates();
    await super._preFirstRender(context, options);
  }

  protected override async _onFirstRender(
    context: Parameters<AppV2["_onFirstRender"]>[0],
    options: Parameters<AppV2["_onFirstRender"]>[1],
  ): Promise<void> {
    await super._onFirstRender(context, options);
    listenForKeyboardPresses(this.element);
    listenForInlineChanges(this.element, {
      isInline: (input) => this._isInlineField(input),
      editable: () => this.isEditable,
      save: (input) => this.#onInlineChange(input),
    });
  }

  protected override async _preRender(
    context: Parameters<AppV2["_preRender"]>[0],
    options: Parameters<AppV2["_preRender"]>[1],
  ): Promise<void> {
    await super._preRender(context, options);
    this.#focus.capture(this.rendered ? this.element : null);
  }

  protected override async _onRender(
    context: Parameters<AppV2["_onRender"]>[0],
    options: Parameters<AppV2["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    this.#focus.restore(this.element);
  }

  // ---- inline edits ----------------------------------------------------------------------------

  /** Whether an unnamed input or select is one the sheet saves itself (the form skips it). */
  protected _isInlineField(input: InlineControl): boolean {
    return input.dataset.itemField !== undefined;
  }

  /** Save an inline control other than an item field (a subclass's lists ...); the sheet is editable. */
  protected _onInlineChange(_input: InlineControl): void {}

  #onInlineChange(target: InlineControl): void {
    if (target.dataset.itemField !== undefined) {
      if (!isTag(target, "textarea")) void this.#saveItemField(target);
    } else this._onInlineChange(target);
  }

  /** An item's field from an inline input or select (a number for `type="number"` or `data-dtype="Number"`). */
  async #saveItemField(input: HTMLInputElement | HTMLSelectElement): Promise<void> {
    const id = input.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
    const item = this.actor.items.get(id);
    const field = input.dataset.itemField;
    if (!item || !field) return;
    const numeric = input.type === "number" || input.dataset.dtype === "Number";
    const value = numeric ? Number(input.value) : input.value;
    if (numeric && !Number.isFinite(value)) return;
    await item.update({ [field]: value });
  }

  /** An update by dotted paths (ruleset data types are not declared to fvtt-types). */
  protected _update(data: Rec) {
    return this.actor.update(data as never);
  }

  /** The item of the row a control is in (`data-item-id` on it or a parent). */
  protected _itemOf(target: HTMLElement): Item.Implementation | null {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
    return this.actor.items.get(id) ?? null;
  }

  // ---- drops -----------------------------------------------------------------------------------

  /** One of the actor's own items only sorts; any other goes to {@link _onDropForeignItem}. */
  protected override async _onDropItem(event: DragEvent, item: Item.Implementation) {
    if (!this.actor.isOwner) return null;
    if (item.parent?.uuid === this.actor.uuid) return super._onDropItem(event, item);
    return this._onDropForeignItem(event, item);
  }

  /** An item from elsewhere (the sidebar, a compendium, another actor): Foundry copies it. */
  protected _onDropForeignItem(
    event: DragEvent,
    item: Item.Implementation,
  ): Promise<Item.Implementation | null> {
    return super._onDropItem(event, item);
  }

  // ---- actions ---------------------------------------------------------------------------------

  /** The name of a type in "New {type}" (its `TYPES.Item` label unless a ruleset words it). */
  protected _itemTypeLabel(type: string): string {
    return game.i18n!.localize(`TYPES.Item.${type}`);
  }

  /** A roll button (`data-roll`, on a row with `data-item-id` or not); the ruleset rolls. */
  protected _onRoll(_kind: string, _event: PointerEvent, _target: HTMLElement): Promise<unknown> {
    return Promise.resolve(null);
  }

  static async #onRoll(this: PolyverseActorSheet, event: PointerEvent, target: HTMLElement) {
    if (refused(target)) return;
    await this._onRoll(target.dataset.roll ?? "", event, target);
  }

  static async #onEditImage(this: PolyverseActorSheet) {
    await pickImage(this.actor as never, this.isEditable);
  }

  static async #onOpenItem(this: PolyverseActorSheet, _event: PointerEvent, target: HTMLElement) {
    await this._itemOf(target)?.sheet?.render(true);
  }

  static async #onCreateItem(this: PolyverseActorSheet, _event: PointerEvent, target: HTMLElement) {
    const type = target.dataset.type;
    if (!type || !this.isEditable) return;
    const name = game.i18n!.format(`${SHEET_ROOT}.Item.NewName`, { type: this._itemTypeLabel(type) });
    const [created] = await this.actor.createEmbeddedDocuments("Item", [{ name, type } as never]);
    await (created as Item.Implementation | undefined)?.sheet?.render(true);
  }

  static async #onDeleteItem(this: PolyverseActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this._itemOf(target);
    if (!item || !this.isEditable) return;
    const confirmed = await foundry.applications.api.DialogV2.confirm({
      window: { title: game.i18n!.format(`${SHEET_ROOT}.Item.DeleteTitle`, { name: item.name }) },
      content: `<p>${foundry.utils.escapeHTML(
        game.i18n!.format(`${SHEET_ROOT}.Item.DeleteContent`, { name: item.name, actor: this.actor.name }),
      )}</p>`,
      rejectClose: false,
      modal: true,
    });
    if (confirmed) await item.delete();
  }

  static async #onToggleItem(this: PolyverseActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this._itemOf(target);
    const field = target.dataset.field ?? "";
    const fields = (this.constructor as typeof PolyverseActorSheet).TOGGLE_FIELDS;
    if (!item || !Object.hasOwn(fields, field) || !this.isEditable) return;
    const current = systemRecord(item)[field];
    await item.update({ [`system.${field}`]: toggledValue(current, fields[field] === true) });
  }
}

/** See {@link PolyverseItemSheet._itemInput}. */
export interface ItemSheetInput {
  name: string;
  img: string;
  type: string;
  system: Rec;
  editable: boolean;
  idPrefix: string;
  enrichedDescription: string;
}

export abstract class PolyverseItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS: typeof HandlebarsItemSheet.DEFAULT_OPTIONS = {
    classes: ["polyverse"],
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { editImage: PolyverseItemSheet.#onEditImage },
  };

  readonly #focus = new SheetFocus();

  /** Focus this control after the next render (a row just added, the add control of a list). */
  focusAfterRender(selector: string): void {
    this.#focus.request(selector);
  }

  protected override async _prepareContext(options: Parameters<AppV2["_prepareContext"]>[0]) {
    restoreDeclaredTabs(this, this.item.uuid, this.tabGroups);
    const base = await super._prepareContext(options);
    const tabs = hasPrimaryTabs(this) ? { tabs: this._prepareTabs("primary") } : {};
    return { ...base, ...tabs } as typeof base & Rec;
  }

  protected override async _preparePartContext(partId: string, context: PartContext, options: PartOptions) {
    const partContext = await super._preparePartContext(partId, context, options);
    withPartTab(partId, partContext as unknown as Rec);
    return partContext;
  }

  override changeTab(tab: string, group: string, options?: Parameters<AppV2["changeTab"]>[2]): void {
    super.changeTab(tab, group, options);
    rememberTab(this.item.uuid, group, tab);
    syncTabButtons(this.element, group, tab);
  }

  /** Rich text of the item, enriched for this sheet (owners see secrets). */
  protected _enrich(html: string, rollData?: Rec): Promise<string> {
    return enrichFor(this.item as never, html, rollData);
  }

  /**
   * The submitted `system` tidied by the ruleset before it is saved (lists read back from text,
   * numbers from selects); as submitted by default. Overridden by a sheet whose form needs it.
   */
  protected _normaliseSubmit(system: Rec): Rec {
    return system;
  }

  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): Rec {
    const data = super._processFormData(event, form, formData) as Rec;
    if (data.system && typeof data.system === "object")
      data.system = this._normaliseSubmit(data.system as Rec);
    return data;
  }

  /**
   * What an item sheet's Foundry-free context builder starts from: the item's name, image and type,
   * its stored `system`, whether this user may edit it, the prefix that keeps its inputs' ids unique,
   * and its description enriched.
   */
  protected async _itemInput(): Promise<ItemSheetInput> {
    const item = this.item;
    const system = systemRecord(item._source);
    return {
      name: item.name,
      img: item.img ?? "",
      type: item.type,
      system,
      editable: this.isEditable,
      idPrefix: this.id,
      enrichedDescription: await this._enrich(String(system.description ?? "")),
    };
  }

  protected override async _preFirstRender(
    context: Parameters<AppV2["_preFirstRender"]>[0],
    options: Parameters<AppV2["_preFirstRender"]>[1],
  ): Promise<void> {
    await loadCoreSheetTemplates();
    await super._preFirstRender(context, options);
  }

  protected override async _onFirstRender(
    context: Parameters<AppV2["_onFirstRender"]>[0],
    options: Parameters<AppV2["_onFirstRender"]>[1],
  ): Promise<void> {
    await super._onFirstRender(context, options);
    listenForKeyboardPresses(this.element);
    listenForInlineChanges(this.element, {
      isInline: (input) => this._isInlineField(input),
      editable: () => this.isEditable,
      save: (input) => this._onInlineChange(input),
    });
  }

  /** Whether an unnamed control is one the sheet saves itself (a list's rows; the form skips it). */
  protected _isInlineField(_input: InlineControl): boolean {
    return false;
  }

  /** Save an inline control (a subclass's lists ...); only called when the sheet is editable. */
  protected _onInlineChange(_input: InlineControl): void {}

  protected override async _preRender(
    context: Parameters<AppV2["_preRender"]>[0],
    options: Parameters<AppV2["_preRender"]>[1],
  ): Promise<void> {
    await super._preRender(context, options);
    this.#focus.capture(this.rendered ? this.element : null);
  }

  protected override async _onRender(
    context: Parameters<AppV2["_onRender"]>[0],
    options: Parameters<AppV2["_onRender"]>[1],
  ): Promise<void> {
    await super._onRender(context, options);
    this.#focus.restore(this.element);
  }

  static async #onEditImage(this: PolyverseItemSheet) {
    await pickImage(this.item as never, this.isEditable);
  }
}
