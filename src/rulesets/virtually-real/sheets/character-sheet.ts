/**
 * The Virtually Real character and NPC sheet (ApplicationV2 on core's actor sheet base). It gathers
 * plain data from the actor (its `system`, `system.derived` from the rules layer, its items) and calls
 * the Foundry-free {@link characterSheetContext}; its lists and boxes change through the context
 * modules, and the rolls go through the table of roll-handlers.ts (a button is drawn only when its roll
 * is there).
 *
 * Actions: `adjustPool` (`data-pool` hp | endurance | ki | light | darkness | bonusXP, `data-delta`:
 * the rules' spending and earning, a refusal said), `toggleCondition` (a filled box's `data-mark`
 * clears it; an empty box's `data-row` marks what the row's picker names), `passTime` (`data-event`:
 * the conditions that change then heal by the rules, a scene's end erases the heroic armor), `addIntimacy`, `addBasicIntimacies`,
 * `removeIntimacy` (`data-index`); core's `roll` with `data-roll` = one of
 * {@link VirtuallyRealCharacterSheet.ROLL_KINDS}; `toggleItem` for a weapon's ready and an item worn;
 * `openItem`, `createItem`, `deleteItem`. Inline controls: an intimacy's fields (`data-int-index`,
 * `data-int-field`), the pickers (`data-pick`, read by the boxes). Drops: Virtually Real skills,
 * passions, equipment and books are copied; anything else is refused.
 */
import { isTag } from "../../../core/dom-nodes";
import { localize } from "../../../core/i18n";
import { type InlineControl, PolyverseActorSheet } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import { systemRecord } from "../../../core/data-model-logic";
import { virtuallyRealRulesOptions } from "../base/settings";
import { livingSystem } from "../data/systems";
import { ATTRIBUTE_KEYS, EMOTIONAL_TARGETS, SAVE_KINDS, type AttributeKey } from "../rules";
import {
  CHARACTER_SHEET_TABS,
  POOLS,
  ROLL_KINDS,
  ROOT,
  addBasicIntimacies,
  addIntimacy,
  characterSheetContext,
  editIntimacy,
  isHeldItemType,
  passTimeUpdate,
  poolChange,
  readActorSystem,
  refusalText,
  removeIntimacy,
  toggleCondition,
  type PoolKey,
  type RollKind,
  type VirtuallyRealActorSystem,
} from "./character-context";
import { VIRTUALLY_REAL_ROLLS, rollAvailability } from "./roll-handlers";
import { PLAY_SHEET_ACTIONS } from "./play-actions";

const part = (name: string) => templatePath(`virtually-real/actor/${name}.hbs`);

const PARTIALS = [part("boxes"), part("roll-button")];

/** Every template the character sheet renders, partials included. */
export const CHARACTER_SHEET_TEMPLATES = [
  "header",
  "vitals",
  "tabs",
  ...CHARACTER_SHEET_TABS,
  "boxes",
  "roll-button",
  "sheet",
].map(part);

type AppV2 = foundry.applications.api.ApplicationV2;

const oneOf = <K extends string>(keys: readonly K[], v: unknown): K | null =>
  (keys as readonly unknown[]).includes(v) ? (v as K) : null;

export class VirtuallyRealCharacterSheet extends PolyverseActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["sheet", "actor", "pv-virtually-real-sheet"],
    position: { width: 840, height: 900 },
    actions: {
      adjustPool: VirtuallyRealCharacterSheet.#onAdjustPool,
      toggleCondition: VirtuallyRealCharacterSheet.#onToggleCondition,
      passTime: VirtuallyRealCharacterSheet.#onPassTime,
      addIntimacy: VirtuallyRealCharacterSheet.#onAddIntimacy,
      addBasicIntimacies: VirtuallyRealCharacterSheet.#onAddBasicIntimacies,
      removeIntimacy: VirtuallyRealCharacterSheet.#onRemoveIntimacy,
      ...PLAY_SHEET_ACTIONS,
    },
  };

  static override PARTS = {
    header: { template: part("header") },
    vitals: { template: part("vitals") },
    tabs: { template: part("tabs") },
    ...Object.fromEntries(
      CHARACTER_SHEET_TABS.map((tab) => [
        tab,
        { template: part(tab), templates: PARTIALS, scrollable: [""] },
      ]),
    ),
  };

  /** A weapon is not ready, an item not worn, unless set. */
  static override TOGGLE_FIELDS = { ready: false, equipped: false };

  static override TABS = {
    primary: {
      initial: "attributes",
      tabs: CHARACTER_SHEET_TABS.map((id) => ({ id, label: `${ROOT}.Tab.${id}` })),
    },
  };

  /** The kinds of the sheet's roll buttons (`data-action="roll" data-roll="<kind>"`). */
  static readonly ROLL_KINDS = ROLL_KINDS;

  /** The rolls behind the buttons (roll-handlers.ts): a button is drawn only for a kind it has. */
  static readonly ROLLS = VIRTUALLY_REAL_ROLLS;

  // ---- context ---------------------------------------------------------------------------------

  #system(): VirtuallyRealActorSystem {
    return readActorSystem(systemRecord(this.actor));
  }

  #derived() {
    return livingSystem(this.actor).derived;
  }

  protected override async _prepareContext(options: Parameters<AppV2["_prepareContext"]>[0]) {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = this.#system();
    const biographyHTML = await this._enrich(system.details.biography, actor.getRollData());
    const context = characterSheetContext({
      ...this._actorInput("attributes"),
      system,
      derived: this.#derived(),
      biographyHTML,
      rolls: rollAvailability(VIRTUALLY_REAL_ROLLS),
      options: virtuallyRealRulesOptions(),
      localize,
    });
    return { ...base, ...context, appId: this.id };
  }

  // ---- vitals ------------------------------------------------------------------------------------

  static async #onAdjustPool(this: VirtuallyRealCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const pool = oneOf<PoolKey>(POOLS, target.dataset.pool);
    if (!pool || !this.isEditable) return;
    const change = poolChange(
      this.#system(),
      this.#derived(),
      pool,
      Number(target.dataset.delta),
      virtuallyRealRulesOptions(),
    );
    if (!change) return;
    if ("refusal" in change) {
      ui.notifications?.warn(refusalText(change.refusal, localize));
      return;
    }
    await this._update(change.update);
    if (change.note) ui.notifications?.info(localize(change.note, { name: this.actor.name }));
  }

  // ---- conditions --------------------------------------------------------------------------------

  static async #onToggleCondition(
    this: VirtuallyRealCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ) {
    if (!this.isEditable) return;
    const { mark, row } = target.dataset;
    const system = this.#system();
    const pick =
      target.closest("[data-condition-row]")?.querySelector<HTMLSelectElement>("select[data-pick]")?.value ??
      "";
    const next =
      mark !== undefined
        ? toggleCondition(system.conditions, { mark: Number(mark) })
        : toggleCondition(system.conditions, { row: row ?? "", pick });
    if (next) await this._update({ "system.conditions": next });
  }

  static async #onPassTime(this: VirtuallyRealCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const update = passTimeUpdate(this.#system(), this.#derived().marks, target.dataset.event ?? "");
    if (update) await this._update(update);
  }

  // ---- intimacies --------------------------------------------------------------------------------

  static async #onAddIntimacy(this: VirtuallyRealCharacterSheet) {
    if (!this.isEditable) return;
    const next = addIntimacy(this.#system());
    this.focusAfterRender(`[data-int-index="${next.length - 1}"][data-int-field="name"]`);
    await this._update({ "system.intimacies": next });
  }

  static async #onAddBasicIntimacies(this: VirtuallyRealCharacterSheet) {
    if (!this.isEditable) return;
    const next = addBasicIntimacies(this.#system(), localize);
    if (next) await this._update({ "system.intimacies": next });
  }

  static async #onRemoveIntimacy(
    this: VirtuallyRealCharacterSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ) {
    if (!this.isEditable) return;
    const next = removeIntimacy(this.#system(), Number(target.dataset.index));
    if (next) await this._update({ "system.intimacies": next });
  }

  protected override _isInlineField(input: InlineControl): boolean {
    return (
      super._isInlineField(input) || input.dataset.intIndex !== undefined || input.dataset.pick !== undefined
    );
  }

  protected override _onInlineChange(input: InlineControl): void {
    const { intIndex, intField } = input.dataset;
    if (intIndex === undefined) return;
    const value = isTag(input, "input") && input.type === "checkbox" ? input.checked : input.value;
    const next = editIntimacy(this.#system(), Number(intIndex), intField ?? "", value);
    if (next) void this._update({ "system.intimacies": next });
  }

  // ---- drops -------------------------------------------------------------------------------------

  /** A Virtually Real skill, passion, piece of equipment or book is copied; anything else refused. */
  protected override async _onDropForeignItem(event: DragEvent, item: Item.Implementation) {
    if (!isHeldItemType(item.type)) {
      ui.notifications?.warn(localize(`${ROOT}.Item.Refused`));
      return null;
    }
    return super._onDropForeignItem(event, item);
  }

  /** The name of an item type in "New {type}". */
  protected override _itemTypeLabel(type: string): string {
    return localize(`${ROOT}.ItemType.${type}`);
  }

  // ---- rolls -------------------------------------------------------------------------------------

  protected override async _onRoll(kind: string, event: PointerEvent, target: HTMLElement): Promise<unknown> {
    const rolls = VirtuallyRealCharacterSheet.ROLLS;
    const options = { event };
    const actor = this.actor;
    const attribute = oneOf<AttributeKey>(ATTRIBUTE_KEYS, target.dataset.attribute);
    switch (kind as RollKind) {
      case "attribute":
        return attribute ? (rolls.attribute?.(actor, { attribute }, options) ?? null) : null;
      case "save": {
        const save = oneOf(SAVE_KINDS, target.dataset.save);
        if (!save || (save === "standard" && !attribute)) return null;
        return rolls.save?.(actor, { save, ...(attribute ? { attribute } : {}) }, options) ?? null;
      }
      case "skill": {
        const item = this._itemOf(target);
        return item?.type === "virtually-real-skill" ? (rolls.skill?.(actor, item, options) ?? null) : null;
      }
      case "emotionalSave": {
        const emotional = oneOf(EMOTIONAL_TARGETS, target.dataset.target);
        return emotional ? (rolls.emotionalSave?.(actor, { target: emotional }, options) ?? null) : null;
      }
      case "darkness":
        return rolls.darkness?.(actor, options) ?? null;
      case "strengthFeat":
        return rolls.strengthFeat?.(actor, options) ?? null;
      case "attack": {
        const item = this._itemOf(target);
        return item?.type === "virtually-real-equipment"
          ? (rolls.attack?.(actor, item, options) ?? null)
          : null;
      }
      default:
        return null;
    }
  }
}
