/**
 * The Xero Sum character and NPC sheet (ApplicationV2 on core's actor sheet base). It gathers plain
 * data from the actor (its `system` with `system.derived`, its items) and calls the Foundry-free
 * {@link characterSheetContext}; the lists it edits (Lasting Wounds, First Impressions, Backstory
 * Generation's spends) go through the context modules, and the rolls through the table of
 * roll-handlers.ts (a button is drawn only when its roll is there).
 *
 * Actions: `adjustPool` (`data-pool` wp | rp | insight, `data-delta`), `setStress` (`data-box` 1..5),
 * `addLastingWound` (the wound picked beside it), `removeLastingWound` (`data-index`),
 * `addRelationship`, `removeRelationship` (`data-index`), `addSpend` (`data-step`, the target picked
 * beside it), `removeSpend` (`data-index`), `applyBackstory`; core's `roll` with `data-roll` = one of
 * {@link XeroSumCharacterSheet.ROLL_KINDS}; `toggleItem` for readied, jammed and carried; `openItem`,
 * `createItem`, `deleteItem`. Inline controls: a First Impression's name and CMod
 * (`data-rel-index`, `data-rel-field`), the pickers (`data-pick`, read by their add buttons).
 * Drops: a weapon or a piece of equipment is copied, a profession is recorded as the character's, a
 * paradigm is applied after a confirmation, anything else is refused.
 */
import { localize } from "../../../core/i18n";
import { type InlineControl, PolyverseActorSheet } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import { systemRecord } from "../../../core/data-model-logic";
import { xeroSumSetting } from "../base/settings";
import { ATTRIBUTE_KEYS, SKILL_KEYS, type AttributeKey, type SkillKey } from "../rules";
import {
  ROLL_KINDS,
  ROOT,
  addLastingWound,
  addRelationship,
  addSpend,
  backstoryApplyUpdate,
  characterSheetContext,
  editRelationship,
  isHeldItemType,
  paradigmUpdate,
  poolUpdate,
  problemText,
  readActorSystem,
  removeLastingWound,
  removeRelationship,
  removeSpend,
  stressUpdate,
  tabsFor,
  type RollKind,
  type XeroSumActorSystem,
} from "./character-context";
import { XERO_SUM_ROLLS, rollAvailability } from "./roll-handlers";

const part = (name: string) => templatePath(`xero-sum/actor/${name}.hbs`);

const PARTIALS = [part("item-controls"), part("roll-button"), part("state-number"), part("state-check")];

/** Every template the character sheet renders, partials included. */
export const CHARACTER_SHEET_TEMPLATES = [
  "header",
  "vitals",
  "tabs",
  "skills",
  "health",
  "story",
  "weapons",
  "equipment",
  "creation",
  "pool",
  "item-controls",
  "roll-button",
  "state-number",
  "state-check",
  "sheet",
].map(part);

type AppV2 = foundry.applications.api.ApplicationV2;
type RenderOptions = foundry.applications.api.HandlebarsApplicationMixin.RenderOptions;
type TemplatePart = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

const isAttributeKey = (v: unknown): v is AttributeKey => (ATTRIBUTE_KEYS as readonly unknown[]).includes(v);
const isSkillKey = (v: unknown): v is SkillKey => (SKILL_KEYS as readonly unknown[]).includes(v);

export class XeroSumCharacterSheet extends PolyverseActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["sheet", "actor", "pv-xero-sum-sheet"],
    position: { width: 820, height: 900 },
    actions: {
      adjustPool: XeroSumCharacterSheet.#onAdjustPool,
      setStress: XeroSumCharacterSheet.#onSetStress,
      addLastingWound: XeroSumCharacterSheet.#onAddLastingWound,
      removeLastingWound: XeroSumCharacterSheet.#onRemoveLastingWound,
      addRelationship: XeroSumCharacterSheet.#onAddRelationship,
      removeRelationship: XeroSumCharacterSheet.#onRemoveRelationship,
      addSpend: XeroSumCharacterSheet.#onAddSpend,
      removeSpend: XeroSumCharacterSheet.#onRemoveSpend,
      applyBackstory: XeroSumCharacterSheet.#onApplyBackstory,
    },
  };

  static override PARTS = {
    header: { template: part("header") },
    vitals: { template: part("vitals"), templates: [part("pool"), part("roll-button")] },
    tabs: { template: part("tabs") },
    skills: { template: part("skills"), templates: PARTIALS, scrollable: [""] },
    health: { template: part("health"), templates: PARTIALS, scrollable: [""] },
    story: { template: part("story"), templates: PARTIALS, scrollable: [""] },
    weapons: { template: part("weapons"), templates: PARTIALS, scrollable: [""] },
    equipment: { template: part("equipment"), templates: PARTIALS, scrollable: [""] },
    creation: { template: part("creation"), templates: PARTIALS, scrollable: [""] },
  };

  /** Weapons are neither readied nor jammed unless set; equipment is carried unless set otherwise. */
  static override TOGGLE_FIELDS = { readied: false, jammed: false, carried: true };

  static override TABS = {
    primary: {
      initial: "skills",
      tabs: tabsFor("xero-sum-character").map((id) => ({ id, label: `${ROOT}.Tab.${id}` })),
    },
  };

  /** The kinds of the sheet's roll buttons (`data-action="roll" data-roll="<kind>"`). */
  static readonly ROLL_KINDS = ROLL_KINDS;

  /** The rolls behind the buttons (roll-handlers.ts): a button is drawn only for a kind it has. */
  static readonly ROLLS = XERO_SUM_ROLLS;

  // ---- context ---------------------------------------------------------------------------------

  #system(): XeroSumActorSystem {
    return readActorSystem(systemRecord(this.actor));
  }

  /** An NPC's sheet has no creation tab. */
  protected override _configureRenderParts(options: RenderOptions): Record<string, TemplatePart> {
    const parts = super._configureRenderParts(options);
    if (!tabsFor(this.actor.type).includes("creation")) delete parts.creation;
    return parts;
  }

  protected override async _prepareContext(options: Parameters<AppV2["_prepareContext"]>[0]) {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = this.#system();
    const backstoryHTML = await this._enrich(system.narrative.backstory, actor.getRollData());
    const context = characterSheetContext({
      ...this._actorInput("skills"),
      system,
      backstoryHTML,
      rolls: rollAvailability(XERO_SUM_ROLLS),
      settings: { barterAttribute: xeroSumSetting("barterAttribute") },
      localize,
      hasKey: (key) => game.i18n!.has(key),
    });
    return { ...base, ...context, appId: this.id };
  }

  // ---- vitals ------------------------------------------------------------------------------------

  static async #onAdjustPool(this: XeroSumCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const pool = target.dataset.pool;
    if ((pool !== "wp" && pool !== "rp" && pool !== "insight") || !this.isEditable) return;
    const update = poolUpdate(this.#system(), pool, Number(target.dataset.delta));
    if (update) await this._update(update);
  }

  static async #onSetStress(this: XeroSumCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const update = stressUpdate(this.#system(), Number(target.dataset.box));
    if (update) await this._update(update);
  }

  // ---- lists -------------------------------------------------------------------------------------

  /** The value of the picker (`data-pick`) beside an add button. */
  #picked(target: HTMLElement): string {
    const pick = target.parentElement?.querySelector<HTMLSelectElement>("select[data-pick]");
    return pick?.value ?? "";
  }

  static async #onAddLastingWound(this: XeroSumCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const next = addLastingWound(this.#system(), this.#picked(target));
    if (next) await this._update({ "system.lastingWounds": next });
  }

  static async #onRemoveLastingWound(this: XeroSumCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const next = removeLastingWound(this.#system(), Number(target.dataset.index));
    if (next) await this._update({ "system.lastingWounds": next });
  }

  static async #onAddRelationship(this: XeroSumCharacterSheet) {
    if (!this.isEditable) return;
    const next = addRelationship(this.#system());
    this.focusAfterRender(`[data-rel-index="${next.length - 1}"][data-rel-field="name"]`);
    await this._update({ "system.relationships": next });
  }

  static async #onRemoveRelationship(this: XeroSumCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const next = removeRelationship(this.#system(), Number(target.dataset.index));
    if (next) await this._update({ "system.relationships": next });
  }

  static async #onAddSpend(this: XeroSumCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const next = addSpend(this.#system(), Number(target.dataset.step), this.#picked(target));
    if (next) await this._update({ "system.creation.spends": next });
  }

  static async #onRemoveSpend(this: XeroSumCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const next = removeSpend(this.#system(), Number(target.dataset.index));
    if (next) await this._update({ "system.creation.spends": next });
  }

  static async #onApplyBackstory(this: XeroSumCharacterSheet) {
    if (!this.isEditable) return;
    const update = backstoryApplyUpdate(this.#system());
    if (!update) {
      ui.notifications?.warn(localize(`${ROOT}.Creation.CannotApply`));
      return;
    }
    await this._update(update);
    ui.notifications?.info(localize(`${ROOT}.Creation.Applied`, { name: this.actor.name }));
  }

  protected override _isInlineField(input: InlineControl): boolean {
    return (
      super._isInlineField(input) || input.dataset.relIndex !== undefined || input.dataset.pick !== undefined
    );
  }

  protected override _onInlineChange(input: InlineControl): void {
    const { relIndex, relField } = input.dataset;
    if (relIndex === undefined) return;
    const next = editRelationship(this.#system(), Number(relIndex), relField ?? "", input.value);
    if (next) void this._update({ "system.relationships": next });
  }

  // ---- drops -------------------------------------------------------------------------------------

  /**
   * An item dropped from elsewhere: a weapon or a piece of equipment is copied, a profession is
   * recorded as the character's, a paradigm is applied once the user confirms, another ruleset's
   * items are refused.
   */
  protected override async _onDropForeignItem(event: DragEvent, item: Item.Implementation) {
    if (item.type === "xero-sum-profession") return this.#recordProfession(item);
    if (item.type === "xero-sum-paradigm") return this.#applyParadigm(item);
    if (!isHeldItemType(item.type)) {
      ui.notifications?.warn(localize(`${ROOT}.Item.Refused`));
      return null;
    }
    return super._onDropForeignItem(event, item);
  }

  async #recordProfession(item: Item.Implementation): Promise<null> {
    if (!this.isEditable) return null;
    await this._update({ "system.narrative.profession": item.name });
    ui.notifications?.info(localize(`${ROOT}.Item.ProfessionRecorded`, { name: item.name }));
    return null;
  }

  async #applyParadigm(item: Item.Implementation): Promise<null> {
    if (!this.isEditable) return null;
    const confirmed = await foundry.applications.api.DialogV2.confirm({
      window: { title: localize(`${ROOT}.Item.ParadigmTitle`, { name: item.name }) },
      content: `<p>${foundry.utils.escapeHTML(
        localize(`${ROOT}.Item.ParadigmContent`, { name: item.name, actor: this.actor.name }),
      )}</p>`,
      rejectClose: false,
      modal: true,
    });
    if (!confirmed) return null;
    const { update, problems } = paradigmUpdate(systemRecord(item), this.#system());
    await this._update(update);
    const left = problems.map((p) => problemText(p, localize)).join(" ");
    ui.notifications?.info(
      localize(`${ROOT}.Item.ParadigmApplied`, { name: item.name }) + (left ? ` ${left}` : ""),
    );
    return null;
  }

  /** The name of an item type in "New {type}". */
  protected override _itemTypeLabel(type: string): string {
    return localize(`${ROOT}.ItemType.${type}`);
  }

  // ---- rolls -------------------------------------------------------------------------------------

  protected override async _onRoll(kind: string, event: PointerEvent, target: HTMLElement): Promise<unknown> {
    const rolls = XeroSumCharacterSheet.ROLLS;
    const options = { event };
    const actor = this.actor;
    switch (kind as RollKind) {
      case "check": {
        const { attribute, skill } = target.dataset;
        const traits = {
          ...(isAttributeKey(attribute) ? { attribute } : {}),
          ...(isSkillKey(skill) ? { skill } : {}),
        };
        return traits.attribute || traits.skill ? (rolls.check?.(actor, traits, options) ?? null) : null;
      }
      case "perception":
        return rolls.perception?.(actor, options) ?? null;
      case "complication":
        return rolls.complication?.(actor, options) ?? null;
      case "motivation":
        return rolls.motivation?.(actor, options) ?? null;
      case "breakingPoint":
        return rolls.breakingPoint?.(actor, options) ?? null;
      case "attack": {
        const item = this._itemOf(target);
        return item?.type === "xero-sum-weapon" ? (rolls.attack?.(actor, item, options) ?? null) : null;
      }
      case "upkeep": {
        const item = this._itemOf(target);
        return item && isHeldItemType(item.type) ? (rolls.upkeep?.(actor, item, options) ?? null) : null;
      }
      case "firstImpression": {
        const index = Number(target.dataset.index);
        const entry = this.#system().relationships[index];
        return entry ? (rolls.firstImpression?.(actor, { index }, options) ?? null) : null;
      }
      default:
        return null;
    }
  }
}
