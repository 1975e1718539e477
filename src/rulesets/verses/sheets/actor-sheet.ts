/**
 * The 'Verses character and creature sheet (ApplicationV2). It gathers plain data from the actor
 * and calls the Foundry-free {@link buildActorSheetContext}; rolls go through rolls/actions.ts.
 *
 * Inputs named `system.*` (attributes, HP, AD, advancement, traits ...) are saved by the form on
 * change. Inputs that edit an embedded item (`data-item-field`) or a list (`data-list-field`, the
 * prompt answers) have no name, so the form skips them; a change listener saves them instead.
 */
import { localize } from "../../../core/i18n";
import { livingSystem as versesLiving } from "../data/systems";
import { PolyverseActorSheet } from "../../../core/sheets";
import { templatePath } from "../../../core/constants";
import type { AttributeKey } from "../rules";
import { ATTRIBUTE_KEYS } from "../rules";
import { dropItemOnVersesActor } from "../documents/documents";
import { rollAttribute, rollSkill, rollWeapon } from "../actions/actions";
import { reloadWithChoice } from "../attack/foundry";
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
} from "../rolls/special-foundry";
import {
  ACTOR_SHEET_TABS,
  PROMPT_CODES,
  SHEET_TESTS,
  buildActorSheetContext,
  promptEntry,
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

export class VersesCharacterSheet extends PolyverseActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["sheet", "actor", "pv-actor-sheet"],
    position: { width: 720, height: 760 },
    actions: {
      reloadWeapon: VersesCharacterSheet.#onReloadWeapon,
      addPrompt: VersesCharacterSheet.#onAddPrompt,
      deletePrompt: VersesCharacterSheet.#onDeletePrompt,
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

  /** Carried defaults to true; the others to false. */
  static override TOGGLE_FIELDS = { equipped: false, worn: false, carried: true };

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
    const system: VersesActorSystem = versesLiving(actor);
    const biographyHTML = await this._enrich(system.details.biography, actor.getRollData());
    const context = buildActorSheetContext({
      ...this._actorInput("attributes"),
      system,
      biographyHTML,
      continuous: continuousTests(actor),
      world: versesWorld(),
      localize,
    });
    return { ...base, ...context, appId: this.id };
  }

  // ---- drops -----------------------------------------------------------------------------------

  /**
   * An item dropped from elsewhere goes through the 'Verses drop rules (a species replaces the old
   * one and sets the attributes; a repeatable skill asks for its specialisation; another
   * ruleset's items are refused). Dropping one of the actor's own items only sorts it.
   */
  protected override async _onDropForeignItem(_event: DragEvent, item: Item.Implementation) {
    await dropItemOnVersesActor(this.actor, item);
    return null;
  }

  // ---- inline edits ----------------------------------------------------------------------------

  /** Also the comma-separated lists (`data-list-field`) and the prompt answers (`data-prompt-index`). */
  protected override _isInlineField(input: HTMLInputElement | HTMLTextAreaElement): boolean {
    const { listField, promptIndex } = input.dataset;
    return super._isInlineField(input) || listField !== undefined || promptIndex !== undefined;
  }

  protected override _onInlineChange(target: HTMLInputElement | HTMLTextAreaElement): void {
    const { listField, promptIndex } = target.dataset;
    if (listField !== undefined) {
      const list = target.value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      void this._update({ [listField]: list });
    } else if (promptIndex !== undefined) {
      const index = Number(promptIndex);
      const prompts = [...this.#prompts()];
      if (!(index in prompts)) return;
      const entry = promptEntry(target.dataset.promptCode || null, target.value);
      if (entry) prompts[index] = entry;
      else prompts.splice(index, 1);
      void this._update({ "system.details.prompts": prompts });
    }
  }

  #prompts(): readonly string[] {
    return versesLiving(this.actor).details.prompts;
  }

  // ---- actions ---------------------------------------------------------------------------------

  /**
   * The kinds of the sheet's roll buttons (`data-action="roll" data-roll="<kind>"`, core's `roll`
   * action; a button with `aria-disabled="true"` only says why), each rolled by {@link _onRoll}.
   */
  static readonly ROLL_KINDS = [
    "attribute",
    "skill",
    "weapon",
    "test",
    "maintain",
    "continueHealing",
    "prompt",
  ] as const;

  protected override async _onRoll(kind: string, event: PointerEvent, target: HTMLElement): Promise<unknown> {
    const { attribute, test, continuousId, mode } = target.dataset;
    switch (kind as (typeof VersesCharacterSheet.ROLL_KINDS)[number]) {
      case "attribute":
        return ATTRIBUTE_KEYS.includes(attribute as AttributeKey)
          ? rollAttribute(this.actor, attribute as AttributeKey, { event })
          : null;
      case "skill": {
        const item = this._itemOf(target);
        return item ? rollSkill(this.actor, item, { event }) : null;
      }
      case "weapon": {
        const item = this._itemOf(target);
        const index = Number(mode ?? 0);
        return item ? rollWeapon(this.actor, item, Number.isInteger(index) ? index : 0, { event }) : null;
      }
      case "test":
        return SHEET_TESTS.includes(test as SheetTest)
          ? VersesCharacterSheet.#TESTS[test as SheetTest](this.actor, { event })
          : null;
      case "maintain":
        return continuousId ? askMaintain(this.actor, continuousId, { event }) : null;
      case "continueHealing":
        return continuousId ? askContinueHealing(this.actor, continuousId, { event }) : null;
      case "prompt":
        return this.#rollPrompt();
      default:
        return null;
    }
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

  static async #onLetGoTest(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const id = target.dataset.continuousId;
    if (!id || !this.isEditable) return;
    if (await endContinuous(this.actor, id))
      ui.notifications?.info(game.i18n!.localize("POLYVERSE.Verses.Tests.Continuous.LetGo"));
  }

  /** The name of an item type in "New {type}", as the sheet's create buttons word it. */
  protected override _itemTypeLabel(type: string): string {
    return game.i18n!.localize(`${ROOT}.Item.Type.${type}`);
  }

  /** Reload a weapon (attack/attack.ts): its AD, ammunition and rounds. */
  static async #onReloadWeapon(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this._itemOf(target);
    if (item && this.isEditable) await reloadWithChoice(this.actor, item);
  }

  static async #onAddPrompt(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const select = target.closest(".pv-prompt-add")?.querySelector<HTMLSelectElement>(".pv-prompt-choice");
    const code = select?.value ?? "";
    if (!PROMPT_CODES.includes(code)) return;
    await this.#appendPrompt(code);
  }

  async #rollPrompt(): Promise<void> {
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
    await this._update({ "system.details.prompts": [...this.#prompts(), promptEntry(code, "")] });
  }

  static async #onDeletePrompt(this: VersesCharacterSheet, _event: PointerEvent, target: HTMLElement) {
    const index = Number(target.dataset.index);
    const prompts = [...this.#prompts()];
    if (!this.isEditable || !(index in prompts)) return;
    prompts.splice(index, 1);
    await this._update({ "system.details.prompts": prompts });
  }
}
