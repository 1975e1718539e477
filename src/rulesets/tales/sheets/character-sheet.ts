/**
 * The Tales character and NPC sheet (ApplicationV2 on core's actor sheet base). It gathers plain data
 * from the actor and calls the Foundry-free {@link characterSheetContext}; every number it shows or
 * writes comes from the rules layer through the context modules (`poolUpdate`, `buyLevel`,
 * `planTemplate` ...), and rolls go to the rolls and combat folders (roll-handlers.ts).
 *
 * Actions: `adjustPool` (`data-pool` hp | essence, `data-delta`), `addSpecialisation` (`data-skill`),
 * `removeSpecialisation` (`data-index`), `addFavoured`, `removeFavoured` (`data-index`), `buyXp`
 * (`data-trait`: attribute.physical, skill.drive, connection.wealth), `buyAdvantage` (the Experience
 * tab's purchase row, whose controls `data-advantage-pick` the sheet keeps); core's `roll` with `data-roll` =
 * `test` (`data-attribute`, `data-skill`), `attack` (on a weapon row), `connection` (`data-key`);
 * `toggleItem` for equipped and a disadvantage in force; `openItem`, `createItem`, `deleteItem`.
 * Inline controls: a specialisation's name and level (`data-spec-index`, `data-spec-field`) and a
 * favoured action's fields (`data-favoured-index`, `data-favoured-field`).
 * Drops: a template is applied through the rules layer (a dialog asks its choices), an advantage,
 * disadvantage, weapon, armour, gear, text or sanctuary option is added, a skill reference is not.
 */
import { isTag } from "../../../core/dom-nodes";
import { localize } from "../../../core/i18n";
import { type InlineControl, PolyverseActorSheet, refused } from "../../../core/sheets";
import type { SheetItemRow } from "../../../core/sheet-logic";
import { templatePath } from "../../../core/constants";
import { systemRecord } from "../../../core/data-model-logic";
import { rulesetFlag, rulesetFlagData } from "../../../core/flags";
import { talesSetting } from "../base/settings";
import { OCCUPATION_KEYS, isAttributeKey, isConnectionKey, isSkillKey } from "../rules";
import {
  CHARACTER_SHEET_TABS,
  ROOT,
  addFavoured,
  EMPTY_PICK,
  addSpecialisation,
  advantagePurchase,
  advantagePurchaseText,
  buyLevel,
  characterSheetContext,
  characterTraits,
  editFavoured,
  editPick,
  editSpecialisation,
  isHeldItemType,
  parseXpTarget,
  planTemplate,
  poolUpdate,
  purchaseRefusal,
  readActorSystem,
  readTemplateChoices,
  removeFavoured,
  removeSpecialisation,
  templateChoiceViews,
  templateOf,
  type AdvantagePick,
  type ChoiceView,
  type SheetSettings,
  type TalesActorSystem,
  type TemplateItem,
} from "./character-context";
import { TALES_ROLLS } from "./roll-handlers";
import { OWN_SLOTS_FLAG } from "./item-context";
import { sheetCareAction } from "../documents";

const part = (name: string) => templatePath(`tales/actor/${name}.hbs`);

const PARTIALS = [part("item-controls"), part("roll-icon"), part("trait-list"), part("buy-rows")];

/** Every template the character sheet renders, partials and the template dialog included. */
export const CHARACTER_SHEET_TEMPLATES = [
  "header",
  "pools",
  "tabs",
  "skills",
  "traits",
  "combat",
  "equipment",
  "experience",
  "details",
  "pool",
  "item-controls",
  "roll-icon",
  "trait-list",
  "buy-rows",
  "template-dialog",
  "sheet",
].map(part);

type AppV2 = foundry.applications.api.ApplicationV2;
type Rec = Record<string, unknown>;

export class TalesCharacterSheet extends PolyverseActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["sheet", "actor", "pv-tales-sheet"],
    position: { width: 820, height: 880 },
    actions: {
      adjustPool: TalesCharacterSheet.#onAdjustPool,
      addSpecialisation: TalesCharacterSheet.#onAddSpecialisation,
      removeSpecialisation: TalesCharacterSheet.#onRemoveSpecialisation,
      addFavoured: TalesCharacterSheet.#onAddFavoured,
      removeFavoured: TalesCharacterSheet.#onRemoveFavoured,
      buyXp: TalesCharacterSheet.#onBuyXp,
      buyAdvantage: TalesCharacterSheet.#onBuyAdvantage,
      talesCare: TalesCharacterSheet.#onCare,
    },
  };

  static override PARTS = {
    header: { template: part("header") },
    pools: { template: part("pools"), templates: [part("pool")] },
    tabs: { template: part("tabs") },
    skills: { template: part("skills"), templates: PARTIALS, scrollable: [""] },
    traits: { template: part("traits"), templates: PARTIALS, scrollable: [""] },
    combat: { template: part("combat"), templates: PARTIALS, scrollable: [""] },
    equipment: { template: part("equipment"), templates: PARTIALS, scrollable: [""] },
    experience: { template: part("experience"), templates: PARTIALS, scrollable: [""] },
    details: { template: part("details"), scrollable: [""] },
  };

  /** Gear and armour are carried unless equipped; a disadvantage is in force only when set. */
  static override TOGGLE_FIELDS = { equipped: false, active: false };

  static override TABS = {
    primary: {
      initial: "skills",
      tabs: CHARACTER_SHEET_TABS.map((id) => ({ id, label: `${ROOT}.Tab.${id}` })),
    },
  };

  /** The kinds of the sheet's roll buttons (`data-action="roll" data-roll="<kind>"`). */
  static readonly ROLL_KINDS = ["test", "attack", "connection"] as const;

  /** The Experience tab's advantage purchase row as the user left it. */
  #advantagePick: AdvantagePick = EMPTY_PICK;

  // ---- context ---------------------------------------------------------------------------------

  #system(): TalesActorSystem {
    return readActorSystem(systemRecord(this.actor));
  }

  /** The world settings the sheet's numbers depend on. */
  #settings(): SheetSettings {
    return {
      criticalWoundRule: talesSetting("criticalWoundRule"),
      cooperationLimit: talesSetting("cooperationLimit"),
      startingPointsMultiplier: talesSetting("startingPointsMultiplier"),
      traitCap: talesSetting("traitCap"),
    };
  }

  /** The actor's items as rows, templates with the choices stored when they were applied. */
  #items(rows: SheetItemRow[] = this._sheetItems()): TemplateItem[] {
    return rows.map((row) => {
      if (row.type !== "tales-template") return row;
      return { ...row, ...templateFlags(this.actor.items.get(row.id)) };
    });
  }

  protected override async _prepareContext(options: Parameters<AppV2["_prepareContext"]>[0]) {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = this.#system();
    const historyHTML = await this._enrich(system.details.history, actor.getRollData());
    const input = this._actorInput("skills");
    const context = characterSheetContext({
      ...input,
      system,
      items: this.#items(input.items),
      historyHTML,
      settings: this.#settings(),
      advantagePick: this.#advantagePick,
      localize,
    });
    return { ...base, ...context, appId: this.id };
  }

  // ---- pools -------------------------------------------------------------------------------------

  static async #onAdjustPool(this: TalesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const pool = target.dataset.pool;
    if ((pool !== "hp" && pool !== "essence") || !this.isEditable) return;
    const update = poolUpdate(this.#system(), pool, Number(target.dataset.delta));
    if (update) await this._update(update);
  }

  // ---- specialisations and favoured actions ---------------------------------------------------------

  static async #onAddSpecialisation(this: TalesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const skill = target.dataset.skill ?? "";
    if (!isSkillKey(skill) || !this.isEditable) return;
    const next = addSpecialisation(this.#system(), skill);
    this.focusAfterRender(`[data-spec-index="${next.length - 1}"][data-spec-field="name"]`);
    await this._update({ "system.specialisations": next });
  }

  static async #onRemoveSpecialisation(this: TalesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const next = removeSpecialisation(this.#system(), Number(target.dataset.index));
    if (next) await this._update({ "system.specialisations": next });
  }

  static async #onAddFavoured(this: TalesCharacterSheet) {
    if (!this.isEditable) return;
    const next = addFavoured(this.#system(), localize(`${ROOT}.Combat.NewAction`));
    if (!next) return;
    this.focusAfterRender(`[data-favoured-index="${next.length - 1}"][data-favoured-field="label"]`);
    await this._update({ "system.combat.favoured": next });
  }

  static async #onRemoveFavoured(this: TalesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const next = removeFavoured(this.#system(), Number(target.dataset.index));
    if (next) await this._update({ "system.combat.favoured": next });
  }

  protected override _isInlineField(input: InlineControl): boolean {
    return (
      super._isInlineField(input) ||
      input.dataset.specIndex !== undefined ||
      input.dataset.favouredIndex !== undefined ||
      input.dataset.advantagePick !== undefined
    );
  }

  protected override _onInlineChange(input: InlineControl): void {
    const { specIndex, specField, favouredIndex, favouredField, advantagePick } = input.dataset;
    const system = this.#system();
    if (advantagePick !== undefined) {
      this.#advantagePick = editPick(this.#advantagePick, advantagePick, input.value);
      void this.render({ parts: ["experience"] });
    } else if (specIndex !== undefined) {
      const next = editSpecialisation(system, Number(specIndex), specField ?? "", input.value);
      if (next) void this._update({ "system.specialisations": next });
    } else if (favouredIndex !== undefined) {
      const next = editFavoured(system, Number(favouredIndex), favouredField ?? "", input.value);
      if (next) void this._update({ "system.combat.favoured": next });
    }
  }

  // ---- experience --------------------------------------------------------------------------------

  static async #onBuyXp(this: TalesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (refused(target) || !this.isEditable) return;
    const trait = parseXpTarget(target.dataset.trait ?? "");
    if (!trait) return;
    const name = localize(
      `POLYVERSE.Tales.${trait.kind === "attribute" ? "Attribute" : trait.kind === "skill" ? "Skill" : "Connection"}.${trait.key}`,
    );
    const purchase = buyLevel(this.#system(), trait, this.#settings().traitCap);
    if (!purchase.ok) {
      ui.notifications?.warn(purchaseRefusal(purchase, name, localize));
      return;
    }
    await this._update(purchase.update);
    ui.notifications?.info(
      localize(`${ROOT}.Xp.Bought`, { name, level: String(purchase.level), cost: String(purchase.cost) }),
    );
  }

  /**
   * Buy the advantage the purchase row names with experience: a new one becomes an item (source "xp",
   * the compendium's description and image when the advantages pack has it), a held levelled one is
   * raised; the reserve pays twice the points. Refused with the reason when it cannot be bought.
   */
  static async #onBuyAdvantage(this: TalesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    if (refused(target) || !this.isEditable) return;
    const purchase = advantagePurchase(this.#system(), this.#items(), this.#advantagePick, localize);
    if (!purchase.ok) {
      ui.notifications?.warn(advantagePurchaseText(purchase, localize));
      return;
    }
    if (purchase.kind === "raise") {
      const item = this.actor.items.get(purchase.itemId);
      if (!item) return;
      await item.update(purchase.itemUpdate as never);
    } else {
      const source = await advantageFromPack(String(purchase.item.system.key));
      const data = source
        ? {
            ...source,
            name: purchase.item.name,
            system: { ...(source.system as Rec), ...purchase.item.system },
          }
        : purchase.item;
      await this.actor.createEmbeddedDocuments("Item", [data] as never);
    }
    await this._update(purchase.update);
    this.#advantagePick = EMPTY_PICK;
    ui.notifications?.info(
      localize(`${ROOT}.Xp.Advantage.${purchase.kind === "raise" ? "Raised" : "Bought"}`, {
        name: purchase.name,
        level: String(purchase.level),
        cost: String(purchase.cost),
      }),
    );
  }

  // ---- drops -------------------------------------------------------------------------------------

  /**
   * An item dropped from elsewhere: a template is applied (its choices asked), the Tales types a
   * character holds are copied, a skill reference raises nothing (skills are on every character), and
   * another ruleset's items are refused.
   */
  protected override async _onDropForeignItem(event: DragEvent, item: Item.Implementation) {
    if (item.type === "tales-skill") {
      ui.notifications?.info(localize(`${ROOT}.Item.SkillDropped`, { name: item.name }));
      return null;
    }
    if (item.type === "tales-template") return this.#applyTemplate(item);
    if (!isHeldItemType(item.type)) {
      ui.notifications?.warn(localize(`${ROOT}.Item.Refused`));
      return null;
    }
    return super._onDropForeignItem(event, item);
  }

  /** Ask the template's choices; null when the dialog is closed. */
  async #askChoices(title: string, choices: ChoiceView[]): Promise<Record<string, string | string[]> | null> {
    const content = await foundry.applications.handlebars.renderTemplate(part("template-dialog"), {
      choices,
    });
    const result = (await foundry.applications.api.DialogV2.wait({
      window: { title },
      classes: ["polyverse", "pv-tales-dialog"],
      content,
      buttons: [
        {
          action: "apply",
          label: localize(`${ROOT}.TemplateDialog.Apply`),
          default: true,
          callback: (_event, button) => JSON.stringify(readChoiceForm(button.form)),
        },
      ],
      rejectClose: false,
    })) as string | null;
    return result ? (JSON.parse(result) as Record<string, string | string[]>) : null;
  }

  async #applyTemplate(item: Item.Implementation): Promise<Item.Implementation | null> {
    if (!this.isEditable) return null;
    const row = {
      id: item.id ?? "",
      name: item.name,
      type: item.type,
      img: item.img ?? "",
      sort: 0,
      system: systemRecord(item),
      ...templateFlags(item),
    };
    const template = templateOf(row);
    const views = templateChoiceViews(template, localize);
    let values: Record<string, string | string[]> = {};
    if (views.length) {
      const answered = await this.#askChoices(
        localize(`${ROOT}.TemplateDialog.Title`, { name: item.name }),
        views,
      );
      if (!answered) return null;
      values = answered;
    }
    const choices = readTemplateChoices(template, values);
    const plan = planTemplate(
      characterTraits(this.#system(), this.#items()),
      template,
      choices,
      localize,
      this.#settings().traitCap,
    );
    if (!plan.ok) {
      ui.notifications?.warn(
        localize(`POLYVERSE.Tales.Character.TemplateProblem.${plan.reason}`, stringData(plan.data)),
      );
      return null;
    }
    const { update, items, forfeited } = plan.value;
    if (Object.keys(update).length) await this._update(update);
    const source = item.toObject() as Rec;
    delete source._id;
    // The choices join the item's own flags (its credit, an edited template's `ownSlots`).
    const kept = {
      ...source,
      flags: foundry.utils.mergeObject(
        (source.flags as Rec | undefined) ?? {},
        rulesetFlagData("tales", { choices }),
        { inplace: false },
      ),
    };
    const created = await this.actor.createEmbeddedDocuments("Item", [kept, ...items] as never);
    if (forfeited.length)
      ui.notifications?.info(
        localize(`${ROOT}.TemplateDialog.Forfeited`, {
          name: item.name,
          list: forfeited.map((f) => `${f.name} ${f.points}`).join(", "),
        }),
      );
    return (created?.[0] as Item.Implementation | undefined) ?? null;
  }

  /** The name of an item type in "New {type}". */
  protected override _itemTypeLabel(type: string): string {
    return localize(`${ROOT}.ItemType.${type}`);
  }

  // ---- rolls -------------------------------------------------------------------------------------

  /** Health and care: rest, heal, hold on (this character), stabilise and care (the targeted token's). */
  static async #onCare(this: TalesCharacterSheet, event: PointerEvent, target: HTMLElement) {
    if (this.isEditable) await sheetCareAction(target.dataset.care ?? "", this.actor, event);
  }

  protected override async _onRoll(kind: string, event: PointerEvent, target: HTMLElement): Promise<unknown> {
    const handlers = TALES_ROLLS;
    const options = { event };
    switch (kind as (typeof TalesCharacterSheet.ROLL_KINDS)[number]) {
      case "test": {
        const { attribute, skill } = target.dataset;
        const traits = {
          ...(attribute && isAttributeKey(attribute) ? { attribute } : {}),
          ...(skill && isSkillKey(skill) ? { skill } : {}),
        };
        return traits.attribute || traits.skill ? handlers.test(this.actor, traits, options) : null;
      }
      case "attack": {
        const item = this._itemOf(target);
        return item?.type === "tales-weapon" ? handlers.attack(this.actor, item, options) : null;
      }
      case "connection": {
        const key = target.dataset.key ?? "";
        return isConnectionKey(key) ? handlers.connection(this.actor, { key }, options) : null;
      }
      default:
        return null;
    }
  }
}

/** A template item's flags as its row carries them: the choices made, whether its slots were edited. */
function templateFlags(item: Item.Implementation | undefined): Pick<TemplateItem, "choices" | "ownSlots"> {
  const choices = rulesetFlag(item as never, "tales", "choices");
  return {
    ...(choices && typeof choices === "object" ? { choices: choices as TemplateItem["choices"] } : {}),
    ...(rulesetFlag(item as never, "tales", OWN_SLOTS_FLAG) === true ? { ownSlots: true } : {}),
  };
}

/**
 * The advantages compendium's entry for a key (its description and image), without its id; null
 * when the pack or the entry is missing.
 */
async function advantageFromPack(key: string): Promise<Rec | null> {
  const pack = game.packs?.get("polyverse.tales-advantages");
  if (!pack) return null;
  const docs = (await pack.getDocuments()) as unknown as {
    type: string;
    system: { key?: unknown };
    toObject(): Rec;
  }[];
  const found = docs.find((d) => d.type === "tales-advantage" && d.system?.key === key);
  if (!found) return null;
  const { _id: _drop, folder: _folder, sort: _sort, ...data } = found.toObject();
  return data;
}

/** The template dialog's answers: each select's value, each group of ticked boxes as a list. */
function readChoiceForm(form: HTMLFormElement | null | undefined): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const el of Array.from(form?.elements ?? [])) {
    if (isTag(el, "select") && el.name) values[el.name] = el.value;
    else if (isTag(el, "input") && el.name && el.type === "checkbox" && el.checked) {
      const list = values[el.name];
      values[el.name] = [...(Array.isArray(list) ? list : []), el.value];
    } else if (isTag(el, "input") && el.name && el.type === "radio" && el.checked) values[el.name] = el.value;
  }
  return values;
}

/** A refusal's data as text, the occupation or culture named. */
const stringData = (data: Record<string, number | string> | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(data ?? {}).map(([k, v]) => {
      const text = String(v);
      if (k !== "group") return [k, text];
      const family = (OCCUPATION_KEYS as readonly string[]).includes(text) ? "Occupation" : "Culture";
      return [k, localize(`POLYVERSE.Tales.Character.${family}.${text}`)];
    }),
  );
