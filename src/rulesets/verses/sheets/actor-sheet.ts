/**
 * The 'Verses character and creature sheet (ApplicationV2). It gathers plain data from the actor
 * and calls the Foundry-free {@link buildActorSheetContext}; rolls go through rolls/actions.ts.
 *
 * Inputs named `system.*` (attributes, HP, AD, advancement, traits ...) are saved by the form on
 * change. Inputs that edit an embedded item (`data-item-field`) or a list (`data-list-field`, the
 * prompt answers) have no name, so the form skips them; a change listener saves them instead.
 */
import { HandlebarsActorSheet } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import type { AttributeKey } from "../rules";
import { ATTRIBUTE_KEYS } from "../rules";
import { dropItemOnVersesActor } from "../documents";
import { rollAttribute, rollSkill, rollWeapon } from "../rolls/actions";
import { reloadWithChoice } from "../attack/attack";
import {
  askAwaken,
  askConnectedness,
  askContinueHealing,
  askHeal,
  askInfluence,
  askMaintain,
  askRest,
  askLockPicking,
  askTrainAnimal,
  askCommandAnimal,
  askSocialResponse,
  askStabilise,
  askStartContinuous,
  askSurvival,
  continuousTests,
  endContinuous,
  versesWorld,
  type AskOptions,
} from "../rolls/special";
import {
  ACTOR_SHEET_TABS,
  PROMPT_CODES,
  SHEET_TESTS,
  buildActorSheetContext,
  promptEntry,
  type SheetItem,
  type SheetTest,
  type VersesActorSystem,
} from "./actor-context";

const ROOT = "POLYVERSE.Verses.ActorSheet";
const part = (name: string) => templatePath(`verses/actor/${name}.hbs`);

/** Every template the sheet renders, partials included (the registry preloads them). */
export const ACTOR_SHEET_TEMPLATES = [
  "header",
  "tabs",
  "attributes",
  "skills",
  "abilities",
  "combat",
  "inventory",
  "advancement",
  "biography",
  "tests",
  "item-controls",
  "create-buttons",
  "sheet",
].map(part);

const PARTIALS = [part("item-controls"), part("create-buttons")];

const TOGGLE_FIELDS = new Set(["equipped", "worn", "carried"]);

export class VersesCharacterSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["polyverse", "sheet", "actor", "pv-actor-sheet"],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      rollAttribute: VersesCharacterSheet.#onRollAttribute,
      rollSkill: VersesCharacterSheet.#onRollSkill,
      rollWeapon: VersesCharacterSheet.#onRollWeapon,
      reloadWeapon: VersesCharacterSheet.#onReloadWeapon,
      openItem: VersesCharacterSheet.#onOpenItem,
      deleteItem: VersesCharacterSheet.#onDeleteItem,
      createItem: VersesCharacterSheet.#onCreateItem,
      toggleItem: VersesCharacterSheet.#onToggleItem,
      editPortrait: VersesCharacterSheet.#onEditPortrait,
      addPrompt: VersesCharacterSheet.#onAddPrompt,
      rollPrompt: VersesCharacterSheet.#onRollPrompt,
      deletePrompt: VersesCharacterSheet.#onDeletePrompt,
      specialTest: VersesCharacterSheet.#onSpecialTest,
      maintainTest: VersesCharacterSheet.#onMaintainTest,
      continueHealing: VersesCharacterSheet.#onContinueHealing,
      letGoTest: VersesCharacterSheet.#onLetGoTest,
    },
  };

  static override PARTS = {
    header: { template: part("header") },
    tabs: { template: part("tabs") },
    attributes: { template: part("attributes"), templates: [part("tests")], scrollable: [""] },
    skills: { template: part("skills"), templates: PARTIALS, scrollable: [""] },
    abilities: { template: part("abilities"), templates: PARTIALS, scrollable: [""] },
    combat: { template: part("combat"), templates: PARTIALS, scrollable: [""] },
    inventory: { template: part("inventory"), templates: PARTIALS, scrollable: [""] },
    advancement: { template: part("advancement"), scrollable: [""] },
    biography: { template: part("biography"), scrollable: [""] },
  };

  static override TABS = {
    primary: {
      initial: "attributes",
      tabs: ACTOR_SHEET_TABS.map((id) => ({ id, label: `${ROOT}.Tab.${id}` })),
    },
  };

  // ---- context ---------------------------------------------------------------------------------

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ) {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = actor.system as unknown as VersesActorSystem;
    const biographyHTML = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      system.details.biography,
      { secrets: actor.isOwner, relativeTo: actor, rollData: actor.getRollData() },
    );
    const items: SheetItem[] = actor.items.map((item) => ({
      id: item.id!,
      name: item.name,
      type: item.type,
      img: item.img ?? "",
      system: item.system as unknown as Record<string, unknown>,
    }));
    const context = buildActorSheetContext({
      name: actor.name,
      img: actor.img ?? "",
      type: actor.type,
      system,
      items,
      editable: this.isEditable,
      activeTab: this.tabGroups.primary ?? "attributes",
      biographyHTML,
      continuous: continuousTests(actor),
      world: versesWorld(),
      localize: (key, data) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key)),
    });
    return { ...base, ...context, appId: this.id };
  }

  protected override async _preparePartContext(
    partId: string,
    context: Parameters<
      foundry.applications.api.HandlebarsApplicationMixin.AnyMixed["_preparePartContext"]
    >[1],
    options: Parameters<
      foundry.applications.api.HandlebarsApplicationMixin.AnyMixed["_preparePartContext"]
    >[2],
  ) {
    const partContext = await super._preparePartContext(partId, context, options);
    const tabs = (partContext as { tabs?: Record<string, unknown> }).tabs;
    if (tabs && partId in tabs) Object.assign(partContext, { tab: tabs[partId] });
    return partContext;
  }

  /** Keep the tab buttons' aria-selected in step with the tab Foundry shows. */
  override changeTab(
    tab: string,
    group: string,
    options?: Parameters<foundry.applications.api.ApplicationV2["changeTab"]>[2],
  ): void {
    super.changeTab(tab, group, options);
    for (const button of this.element.querySelectorAll<HTMLElement>(`.pv-actor-tabs [data-group="${group}"]`))
      button.setAttribute("aria-selected", String(button.dataset.tab === tab));
  }

  // ---- drops -----------------------------------------------------------------------------------

  /**
   * An item dropped from elsewhere goes through the 'Verses drop rules (a species replaces the old
   * one and sets the attributes; a repeatable skill asks for its specialisation; another
   * ruleset's items are refused). Dropping one of the actor's own items only sorts it.
   */
  protected override async _onDropItem(event: DragEvent, item: Item.Implementation) {
    if (!this.actor.isOwner) return null;
    if (item.parent?.uuid === this.actor.uuid) return super._onDropItem(event, item);
    await dropItemOnVersesActor(this.actor, item);
    return null;
  }

  // ---- inline edits ----------------------------------------------------------------------------

  protected override async _onFirstRender(
    context: Parameters<foundry.applications.api.ApplicationV2["_onFirstRender"]>[0],
    options: Parameters<foundry.applications.api.ApplicationV2["_onFirstRender"]>[1],
  ): Promise<void> {
    await super._onFirstRender(context, options);
    // One delegated listener, in the capture phase so that it runs before the form's own change
    // handler and keeps these unnamed inputs from submitting the actor's form.
    this.element.addEventListener("change", (event) => this.#onInlineChange(event), { capture: true });
  }

  #onInlineChange(event: Event): void {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return;
    const { itemField, listField, promptIndex } = target.dataset;
    if (itemField === undefined && listField === undefined && promptIndex === undefined) return;
    event.stopPropagation();
    if (!this.isEditable) return;
    if (itemField !== undefined && target instanceof HTMLInputElement) void this.#saveItemField(target);
    else if (listField !== undefined) {
      const list = target.value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      void this.#update({ [listField]: list });
    } else if (promptIndex !== undefined) {
      const index = Number(promptIndex);
      const prompts = [...this.#prompts()];
      if (!(index in prompts)) return;
      const entry = promptEntry(target.dataset.promptCode || null, target.value);
      if (entry) prompts[index] = entry;
      else prompts.splice(index, 1);
      void this.#update({ "system.details.prompts": prompts });
    }
  }

  async #saveItemField(input: HTMLInputElement): Promise<void> {
    const item = this.actor.items.get(input.dataset.itemId ?? "");
    const field = input.dataset.itemField;
    if (!item || !field) return;
    const value = input.type === "number" ? Number(input.value) : input.value;
    if (input.type === "number" && !Number.isFinite(value)) return;
    await item.update({ [field]: value });
  }

  /** An update by dotted paths (the 'Verses actor types are not declared to fvtt-types). */
  #update(data: Record<string, unknown>) {
    return this.actor.update(data as never);
  }

  #prompts(): readonly string[] {
    return (this.actor.system as unknown as VersesActorSystem).details.prompts;
  }

  #item(target: HTMLElement) {
    const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "";
    return this.actor.items.get(id) ?? null;
  }

  /** A button a condition forbids says why instead of acting. */
  static #refused(target: HTMLElement): boolean {
    if (target.getAttribute("aria-disabled") !== "true") return false;
    const reason = target.dataset.tooltip;
    if (reason) ui.notifications?.warn(reason);
    return true;
  }

  // ---- actions ---------------------------------------------------------------------------------

  static async #onRollAttribute(this: VersesCharacterSheet, event: PointerEvent, target: HTMLElement) {
    if (VersesCharacterSheet.#refused(target)) return;
    const key = target.dataset.attribute as AttributeKey;
    if (!ATTRIBUTE_KEYS.includes(key)) return;
    await rollAttribute(this.actor, key, { event });
  }

  static async #onRollSkill(this: VersesCharacterSheet, event: PointerEvent, target: HTMLElement) {
    if (VersesCharacterSheet.#refused(target)) return;
    const item = this.#item(target);
    if (item) await rollSkill(this.actor, item, { event });
  }

  static async #onRollWeapon(this: VersesCharacterSheet, event: PointerEvent, target: HTMLElement) {
    if (VersesCharacterSheet.#refused(target)) return;
    const item = this.#item(target);
    const mode = Number(target.dataset.mode ?? 0);
    if (item) await rollWeapon(this.actor, item, Number.isInteger(mode) ? mode : 0, { event });
  }

  /** The special tests of the Tests panel, each through its roll dialog. */
  static readonly #TESTS: Record<
    SheetTest,
    (actor: Actor.Implementation, options: AskOptions) => Promise<unknown>
  > = {
    rest: askRest,
    connectedness: askConnectedness,
    charm: (actor, options) => askInfluence(actor, "charm", options),
    intimidate: (actor, options) => askInfluence(actor, "intimidate", options),
    stabilise: askStabilise,
    heal: askHeal,
    awaken: askAwaken,
    continuous: askStartContinuous,
    lockPicking: askLockPicking,
    trainAnimal: askTrainAnimal,
    commandAnimal: askCommandAnimal,
    social: askSocialResponse,
    survival: askSurvival,
  };

  static async #onSpecialTest(this: VersesCharacterSheet, event: PointerEvent, target: HTMLElement) {
    if (VersesCharacterSheet.#refused(target)) return;
    const test = target.dataset.test as SheetTest;
    if (!SHEET_TESTS.includes(test)) return;
    await VersesCharacterSheet.#TESTS[test](this.actor, { event });
  }

  static async #onMaintainTest(this: VersesCharacterSheet, event: PointerEvent, target: HTMLElement) {
    if (VersesCharacterSheet.#refused(target)) return;
    const id = target.dataset.continuousId;
    if (id) await askMaintain(this.actor, id, { event });
  }

  static async #onContinueHealing(this: VersesCharacterSheet, event: PointerEvent, target: HTMLElement) {
    if (VersesCharacterSheet.#refused(target)) return;
    const id = target.dataset.continuousId;
    if (id) await askContinueHealing(this.actor, id, { event });
  }

  static async #onLetGoTest(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const id = target.dataset.continuousId;
    if (!id || !this.isEditable) return;
    if (await endContinuous(this.actor, id))
      ui.notifications?.info(game.i18n!.localize("POLYVERSE.Verses.Tests.Continuous.LetGo"));
  }

  /** Reload a weapon (attack/attack.ts): its AD, ammunition and rounds. */
  static async #onReloadWeapon(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.#item(target);
    if (item && this.isEditable) await reloadWithChoice(this.actor, item);
  }

  static async #onOpenItem(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    await this.#item(target)?.sheet?.render(true);
  }

  static async #onDeleteItem(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.#item(target);
    if (!item || !this.isEditable) return;
    const confirmed = await foundry.applications.api.DialogV2.confirm({
      window: { title: game.i18n!.format(`${ROOT}.Item.DeleteTitle`, { name: item.name }) },
      content: `<p>${foundry.utils.escapeHTML(
        game.i18n!.format(`${ROOT}.Item.DeleteContent`, { name: item.name, actor: this.actor.name }),
      )}</p>`,
      rejectClose: false,
      modal: true,
    });
    if (confirmed) await item.delete();
  }

  static async #onCreateItem(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const type = target.dataset.type;
    if (!type || !this.isEditable) return;
    const name = game.i18n!.format(`${ROOT}.Item.NewName`, {
      type: game.i18n!.localize(`${ROOT}.Item.Type.${type}`),
    });
    const [created] = await this.actor.createEmbeddedDocuments("Item", [{ name, type } as never]);
    await (created as Item.Implementation | undefined)?.sheet?.render(true);
  }

  static async #onToggleItem(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.#item(target);
    const field = target.dataset.field ?? "";
    if (!item || !TOGGLE_FIELDS.has(field) || !this.isEditable) return;
    const current = (item.system as unknown as Record<string, unknown>)[field];
    // Carried defaults to true; the others to false.
    const on = field === "carried" ? current !== false : current === true;
    await item.update({ [`system.${field}`]: !on });
  }

  static async #onEditPortrait(this: VersesCharacterSheet) {
    if (!this.isEditable) return;
    const FilePicker = foundry.applications.apps.FilePicker.implementation;
    const picker = new FilePicker({
      type: "image",
      current: this.actor.img ?? "",
      callback: (path: string) => void this.actor.update({ img: path }),
    } as never);
    await picker.browse();
  }

  static async #onAddPrompt(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const select = target.closest(".pv-prompt-add")?.querySelector<HTMLSelectElement>(".pv-prompt-choice");
    const code = select?.value ?? "";
    if (!PROMPT_CODES.includes(code)) return;
    await this.#appendPrompt(code);
  }

  static async #onRollPrompt(this: VersesCharacterSheet) {
    // "roll 1d6 to identify the table section, then roll 1d6 again to identify a row".
    const roll = await new foundry.dice.Roll("1d6 + 1d6").evaluate();
    const faces = roll.dice.map((d) => d.results[0]?.result ?? 1);
    const code = `${faces[0] ?? 1}${faces[1] ?? 1}`;
    if (!PROMPT_CODES.includes(code)) return;
    ui.notifications?.info(
      game.i18n!.format(`${ROOT}.Biography.Rolled`, {
        name: this.actor.name,
        code,
        prompt: game.i18n!.localize(`${ROOT}.Prompts.${code}`),
      }),
    );
    await this.#appendPrompt(code);
  }

  async #appendPrompt(code: string): Promise<void> {
    if (!this.isEditable) return;
    await this.#update({ "system.details.prompts": [...this.#prompts(), promptEntry(code, "")] });
  }

  static async #onDeletePrompt(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const index = Number(target.dataset.index);
    const prompts = [...this.#prompts()];
    if (!this.isEditable || !(index in prompts)) return;
    prompts.splice(index, 1);
    await this.#update({ "system.details.prompts": prompts });
  }
}
