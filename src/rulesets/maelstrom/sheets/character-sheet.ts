/**
 * The Maelstrom character and NPC sheet (ApplicationV2 on core's actor sheet base). It gathers plain
 * data from the actor and calls the Foundry-free {@link characterSheetContext}; every change it makes
 * is worked out by the rules layer through that module's updates (`ratingUpdate`, `damageUpdate`,
 * `buyDot`, ...), and rolls go to the rolls and combat folders (roll-handlers.ts).
 *
 * Actions: `setDots` (a dot of a rating: `data-path`, `data-value`), `damage` (`data-type`), `heal`,
 * `bankXp`, `buyDot` (`data-trait`), `buySpecialty`, `grantAward` (`data-award`, GMs),
 * `addSpecialty` (`data-ability`), `rally`, `reload` (on a weapon row), `revive` (GMs); core's `roll`
 * with `data-roll` = `traits` (`data-attribute` / `data-ability`), `willpower`, `soak` (`data-type`),
 * `attack` (on a weapon row), `rest`; `toggleItem` for armour worn and a flaw in force.
 */
import { localize } from "../../../core/i18n";
import { PolyverseActorSheet, refused } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import { systemRecord } from "../../../core/data-model-logic";
import { maelstromSetting } from "../base/settings";
import { DAMAGE_TYPES, isAbilityKey, isAttributeKey, isBankKey, type DamageType } from "../rules";
import {
  CHARACTER_SHEET_TABS,
  ROOT,
  isHeldItemType,
  bankPoints,
  buyDot,
  buySpecialty,
  characterSheetContext,
  createThenSpend,
  boxClickUpdate,
  damageUpdate,
  dotPrice,
  grantAward,
  healUpdate,
  ratingUpdate,
  readActorSystem,
  refusalText,
  traitName,
  type MaelstromActorSystem,
} from "./character-context";
import { dotClickValue } from "./actor-tabs/dots";
import { listenForDotKeys } from "./dots-dom";
import { MAELSTROM_ROLLS } from "./roll-handlers";

const part = (name: string) => templatePath(`maelstrom/actor/${name}.hbs`);

const PARTIALS = [part("dots"), part("item-controls"), part("roll-icon"), part("buy-rows")];

/** Every template the character sheet renders, partials included (the descriptor preloads them). */
export const CHARACTER_SHEET_TEMPLATES = [
  "header",
  "status",
  "tabs",
  "traits",
  "experience",
  "merits",
  "equipment",
  "biography",
  "dots",
  "item-controls",
  "roll-icon",
  "buy-rows",
  "sheet",
].map(part);

type AppV2 = foundry.applications.api.ApplicationV2;

export class MaelstromCharacterSheet extends PolyverseActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["sheet", "actor", "pv-maelstrom-sheet"],
    position: { width: 800, height: 860 },
    actions: {
      setDots: MaelstromCharacterSheet.#onSetDots,
      damage: MaelstromCharacterSheet.#onDamage,
      heal: MaelstromCharacterSheet.#onHeal,
      markBox: MaelstromCharacterSheet.#onMarkBox,
      bankXp: MaelstromCharacterSheet.#onBankXp,
      buyDot: MaelstromCharacterSheet.#onBuyDot,
      buySpecialty: MaelstromCharacterSheet.#onBuySpecialty,
      grantAward: MaelstromCharacterSheet.#onGrantAward,
      addSpecialty: MaelstromCharacterSheet.#onAddSpecialty,
      rally: MaelstromCharacterSheet.#onRally,
      reload: MaelstromCharacterSheet.#onReload,
      revive: MaelstromCharacterSheet.#onRevive,
    },
  };

  static override PARTS = {
    header: { template: part("header") },
    status: { template: part("status"), templates: PARTIALS },
    tabs: { template: part("tabs") },
    traits: { template: part("traits"), templates: PARTIALS, scrollable: [""] },
    experience: { template: part("experience"), templates: PARTIALS, scrollable: [""] },
    merits: { template: part("merits"), templates: PARTIALS, scrollable: [""] },
    equipment: { template: part("equipment"), templates: PARTIALS, scrollable: [""] },
    biography: { template: part("biography"), scrollable: [""] },
  };

  /** Armour is worn unless taken off; a flaw is in force only when put in force. */
  static override TOGGLE_FIELDS = { equipped: true, active: false };

  static override TABS = {
    primary: {
      initial: "traits",
      tabs: CHARACTER_SHEET_TABS.map((id) => ({ id, label: `${ROOT}.Tab.${id}` })),
    },
  };

  // ---- context ---------------------------------------------------------------------------------

  /** The actor's data as the context builders read it. */
  #system(): MaelstromActorSystem {
    return readActorSystem(systemRecord(this.actor));
  }

  /** The world's track (the `woundPenalties` setting's text; the data layer reads it). */
  #woundPenalties(): string {
    return maelstromSetting("woundPenalties");
  }

  protected override async _prepareContext(options: Parameters<AppV2["_prepareContext"]>[0]) {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = this.#system();
    const biographyHTML = await this._enrich(system.details.biography, actor.getRollData());
    const context = characterSheetContext({
      ...this._actorInput("traits"),
      system,
      biographyHTML,
      woundPenalties: this.#woundPenalties(),
      localize,
    });
    return { ...base, ...context, appId: this.id };
  }

  protected override async _onFirstRender(
    context: Parameters<AppV2["_onFirstRender"]>[0],
    options: Parameters<AppV2["_onFirstRender"]>[1],
  ): Promise<void> {
    await super._onFirstRender(context, options);
    listenForDotKeys(this.element, (path, rating) => void this.#setRating(path, rating, true));
  }

  // ---- ratings ---------------------------------------------------------------------------------

  async #setRating(path: string, rating: number, keepFocus = false): Promise<void> {
    if (!this.isEditable) return;
    const update = ratingUpdate(this.#system(), path, rating);
    if (!update) return;
    if (keepFocus) {
      const stop = Math.max(1, Number(update[path] ?? rating));
      this.focusAfterRender(`[data-action="setDots"][data-path="${CSS.escape(path)}"][data-value="${stop}"]`);
    }
    await this._update(update);
  }

  static async #onSetDots(this: MaelstromCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const { path, value, current, min, ceiling } = target.dataset;
    if (!path || !this.isEditable) return;
    const clicked = Number(value);
    if (!Number.isInteger(clicked)) return;
    const next = dotClickValue(Number(current) || 0, clicked, Number(min) || 0, Number(ceiling) || clicked);
    await this.#setRating(path, next);
  }

  // ---- health ----------------------------------------------------------------------------------

  static async #onDamage(this: MaelstromCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const type = target.dataset.type as DamageType;
    if (!DAMAGE_TYPES.includes(type) || !this.isEditable) return;
    const result = damageUpdate(this.#system(), this._sheetItems(), type, this.#woundPenalties());
    await this._update(result.update);
  }

  /** A box of the track clicked: one more line on it, or one bashing level in the next empty box. */
  static async #onMarkBox(this: MaelstromCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const update = boxClickUpdate(
      this.#system(),
      this._sheetItems(),
      Number(target.dataset.index),
      this.#woundPenalties(),
    );
    if (update) await this._update(update);
  }

  static async #onHeal(this: MaelstromCharacterSheet) {
    if (!this.isEditable) return;
    await this._update(healUpdate(this.#system(), this._sheetItems(), this.#woundPenalties()));
  }

  /** Clear Dead: the storyteller's alone ("dead is dead" otherwise); the damage stays marked. */
  static async #onRevive(this: MaelstromCharacterSheet) {
    if (!game.user?.isGM) {
      ui.notifications?.warn(game.i18n!.localize(`${ROOT}.Health.ReviveRefused`));
      return;
    }
    if (!this.isEditable || !this.#system().health.dead) return;
    await this._update({ "system.health.dead": false });
  }

  // ---- Willpower and ammunition (the combat folder's) --------------------------------

  static async #onRally(this: MaelstromCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (refused(target) || !this.isEditable) return;
    await MAELSTROM_ROLLS.rally(this.actor);
  }

  static async #onReload(this: MaelstromCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (refused(target) || !this.isEditable) return;
    const item = this._itemOf(target);
    if (item?.type === "maelstrom-weapon") await MAELSTROM_ROLLS.reload(this.actor, item);
  }

  // ---- experience ------------------------------------------------------------------------------

  #say(key: string, data: Record<string, unknown> = {}): string {
    return refusalText(key, data, (k, d) => game.i18n!.format(k, d));
  }

  static async #onBankXp(this: MaelstromCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (refused(target) || !this.isEditable) return;
    const box = target.closest(".pv-bank-add");
    const ref = box?.querySelector<HTMLSelectElement>("[data-bank-trait]")?.value ?? "";
    const points = Number(box?.querySelector<HTMLInputElement>("[data-bank-points]")?.value ?? 1);
    const result = bankPoints(this.#system().xp, ref, points);
    if (!result.ok) {
      ui.notifications?.warn(this.#say(result.reason, result.data ?? {}));
      return;
    }
    await this._update({ "system.xp": result.value });
  }

  static async #onBuyDot(this: MaelstromCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (refused(target) || !this.isEditable) return;
    const ref = target.dataset.trait ?? "";
    const system = this.#system();
    if (!isBankKey(ref)) return;
    const price = dotPrice(system, ref);
    const result = buyDot(system, ref);
    if (!result.ok) {
      ui.notifications?.warn(
        this.#say(result.reason, { cost: price.cost, banked: price.banked, available: system.xp.available }),
      );
      return;
    }
    await this._update(result.value);
    ui.notifications?.info(
      game.i18n!.format(`${ROOT}.Xp.Bought`, {
        name: traitName(ref, (k) => game.i18n!.localize(k)),
        cost: String(price.cost),
      }),
    );
  }

  static async #onBuySpecialty(this: MaelstromCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const box = target.closest(".pv-specialty-buy");
    const ability = box?.querySelector<HTMLSelectElement>("[data-specialty-ability]")?.value ?? "";
    const kind =
      box?.querySelector<HTMLSelectElement>("[data-specialty-kind]")?.value === "advanced"
        ? "advanced"
        : "general";
    const name = box?.querySelector<HTMLInputElement>("[data-specialty-name]")?.value.trim() ?? "";
    if (!isAbilityKey(ability)) return;
    if (!name) {
      ui.notifications?.warn(this.#say("noName"));
      return;
    }
    const system = this.#system();
    const result = buySpecialty(system.xp, ability, kind);
    if (!result.ok) {
      ui.notifications?.warn(this.#say(result.reason, { ...result.data }));
      return;
    }
    // The item first, then the experience: a failed create spends nothing.
    const bought = await createThenSpend({
      create: async () =>
        (
          await this.actor.createEmbeddedDocuments("Item", [
            { name, type: "maelstrom-specialty", system: { ability, kind } } as never,
          ])
        )?.[0],
      spend: async () => Boolean(await this._update({ "system.xp": result.value })),
      undo: (item) => item.delete(),
    });
    if (!bought.ok) {
      if (bought.error) console.error("Polyverse: the specialty was not bought", bought.error);
      ui.notifications?.warn(this.#say(bought.reason));
    }
  }

  static async #onGrantAward(this: MaelstromCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!game.user?.isGM || !this.isEditable) return;
    const key = target.dataset.award ?? "";
    const result = grantAward(this.#system().xp, key);
    if (!result.ok) return;
    await this._update({ "system.xp": result.value });
    ui.notifications?.info(
      game.i18n!.format(`${ROOT}.Xp.Granted`, {
        name: game.i18n!.localize(`${ROOT}.Xp.Award.${key}.Name`),
        actor: this.actor.name,
      }),
    );
  }

  static async #onAddSpecialty(this: MaelstromCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const ability = target.dataset.ability ?? "";
    if (!isAbilityKey(ability) || !this.isEditable) return;
    const [created] = await this.actor.createEmbeddedDocuments("Item", [
      {
        name: game.i18n!.localize(`${ROOT}.Traits.NewSpecialty`),
        type: "maelstrom-specialty",
        system: { ability },
      } as never,
    ]);
    await (created as Item.Implementation | undefined)?.sheet?.render(true);
  }

  /**
   * An item dropped from elsewhere: the Maelstrom types a character holds are copied; another
   * ruleset's items and the ability reference entries are refused with a note.
   */
  protected override async _onDropForeignItem(event: DragEvent, item: Item.Implementation) {
    if (!isHeldItemType(item.type)) {
      ui.notifications?.warn(game.i18n!.localize(`${ROOT}.Item.Refused`));
      return null;
    }
    return super._onDropForeignItem(event, item);
  }

  /** The name of an item type in "New {type}". */
  protected override _itemTypeLabel(type: string): string {
    return game.i18n!.localize(`${ROOT}.Item.Type.${type}`);
  }

  // ---- rolls -----------------------------------------------------------------------------------

  /** The kinds of the sheet's roll buttons (`data-action="roll" data-roll="<kind>"`). */
  static readonly ROLL_KINDS = ["traits", "willpower", "soak", "attack", "rest"] as const;

  protected override async _onRoll(kind: string, event: PointerEvent, target: HTMLElement): Promise<unknown> {
    const handlers = MAELSTROM_ROLLS;
    const options = { event };
    switch (kind as (typeof MaelstromCharacterSheet.ROLL_KINDS)[number]) {
      case "traits": {
        const { attribute, ability } = target.dataset;
        const traits = {
          ...(attribute && isAttributeKey(attribute) ? { attribute } : {}),
          ...(ability && isAbilityKey(ability) ? { ability } : {}),
        };
        return traits.attribute || traits.ability ? handlers.traits(this.actor, traits, options) : null;
      }
      case "willpower":
        return handlers.willpower(this.actor, options);
      case "soak": {
        const type = target.dataset.type as DamageType;
        return DAMAGE_TYPES.includes(type) ? handlers.soak(this.actor, { type }, options) : null;
      }
      case "attack": {
        const item = this._itemOf(target);
        return item?.type === "maelstrom-weapon" ? handlers.attack(this.actor, item, options) : null;
      }
      case "rest":
        return handlers.rest(this.actor, options);
      default:
        return null;
    }
  }
}
