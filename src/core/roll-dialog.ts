/**
 * The roll dialog every ruleset uses (ApplicationV2): the shell around a ruleset's
 * {@link DialogModel}. It renders the model's fields, summary, problems and odds, reads each input
 * into the model's state and refreshes what depends on it, and offers the roll mode. Enter rolls,
 * Escape cancels, the first field has the focus when it opens, and the tab order is the form's.
 * The state and the view model are Foundry-free (roll-dialog-model.ts); this class only renders
 * them and listens to the form. The skip key (keybindings.ts) lets a roller do without it.
 *
 * `RollDialog.wait(model, options)` resolves with the model's state and the roll mode when the
 * roller rolls, or null when the dialog is closed.
 */
import { isTag } from "./dom-nodes";
import { templatePath } from "./constants";
import {
  dialogKeyAction,
  dialogView,
  fieldsShape,
  type DialogChoice,
  type DialogEvaluation,
  type DialogModel,
  type DialogResult,
} from "./roll-dialog-model";
import { rollModeConfig, userRollMode } from "./compat";
import { offeredMode } from "./compat-logic";
import { localize } from "./i18n";
import { isSkipDialogHeld } from "./keybindings";

export const ROLL_DIALOG_TEMPLATE = templatePath("core/roll-dialog.hbs");
export const ROLL_DIALOG_SUMMARY_TEMPLATE = templatePath("core/roll-dialog-summary.hbs");

/** Foundry's roll modes as dialog choices (v13's roll modes, v14's message modes but `ic`). */
export function rollModeChoices(): DialogChoice[] {
  return Object.entries(rollModeConfig()).map(([value, mode]) => ({
    value,
    label: typeof mode === "string" ? mode : String(mode.label ?? value),
  }));
}

/** The roll mode the user's setting names (v13 `core.rollMode`, v14 `core.messageMode`). */
export function defaultRollMode(): string {
  return userRollMode();
}

export interface RollDialogOptions {
  /** Roll modes offered (by default Foundry's). */
  rollModes?: DialogChoice[];
  /** The roll mode it opens with (by default the core setting's). */
  rollMode?: string;
}

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type FormInput = HTMLInputElement | HTMLSelectElement;

/** The inputs that take the focus, in the form's order. */
const FOCUSABLE = "input:not([type=hidden]):not(:disabled), select:not(:disabled)";

export class RollDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    classes: ["polyverse", "pv-roll-dialog"],
    tag: "form",
    window: { icon: "fa-solid fa-dice", resizable: false },
    position: { width: 420, height: "auto" as const },
    form: { handler: RollDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { cancel: RollDialog.#onCancel },
  };

  static override PARTS = {
    form: { template: ROLL_DIALOG_TEMPLATE, templates: [ROLL_DIALOG_SUMMARY_TEMPLATE] },
  };

  #model: DialogModel<unknown>;
  #state: unknown;
  #evaluation: DialogEvaluation;
  #rollModes: DialogChoice[];
  #rollMode: string;
  #resolve: ((result: DialogResult<unknown> | null) => void) | null = null;

  constructor(model: DialogModel<unknown>, options: RollDialogOptions = {}) {
    super({
      window: { title: game.i18n!.format("POLYVERSE.RollDialog.Title", { label: localize(model.title) }) },
    });
    this.#model = model;
    this.#state = model.start;
    this.#evaluation = model.evaluate(model.start);
    this.#rollModes = options.rollModes ?? rollModeChoices();
    // A mode named as the other Foundry version names it (a v13 `gmroll` on v14) opens as its counterpart.
    const offered = this.#rollModes.map((m) => m.value);
    this.#rollMode =
      offeredMode(options.rollMode, offered) ??
      offeredMode(defaultRollMode(), offered) ??
      options.rollMode ??
      defaultRollMode();
  }

  /** Open the dialog on a model and wait for the roller. */
  static wait<S>(model: DialogModel<S>, options: RollDialogOptions = {}): Promise<DialogResult<S> | null> {
    return new Promise((resolve) => {
      const dialog = new this(model as DialogModel<unknown>, options);
      dialog.#resolve = resolve as (result: DialogResult<unknown> | null) => void;
      void dialog.render({ force: true });
    });
  }

  #view() {
    return dialogView(this.#model, this.#evaluation, {
      localize,
      rollModes: this.#rollModes,
      rollMode: this.#rollMode,
      idPrefix: this.id,
    });
  }

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ) {
    return { ...(await super._prepareContext(options)), ...this.#view() };
  }

  protected override async _onFirstRender(
    context: Parameters<foundry.applications.api.ApplicationV2["_onFirstRender"]>[0],
    options: Parameters<foundry.applications.api.ApplicationV2["_onFirstRender"]>[1],
  ): Promise<void> {
    await super._onFirstRender(context, options);
    const form = this.element;
    form.addEventListener("input", (event) => void this.#onInput(event, false));
    form.addEventListener("change", (event) => void this.#onInput(event, true));
    form.addEventListener("keydown", (event) => this.#onKey(event));
    form.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }

  /** Enter rolls (from a field), Escape cancels. */
  #onKey(event: KeyboardEvent): void {
    const target = event.target;
    const field = isTag(target, "input") || isTag(target, "select") ? target : null;
    const on = field ? "field" : isTag(target, "button") ? "button" : "other";
    const action = dialogKeyAction(event.key, on, event.isComposing);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    if (action === "cancel") {
      void this.close();
      return;
    }
    // The value typed last may not have been committed yet: read it before rolling.
    if (field?.name) this.#read(field, true);
    (this.element as HTMLFormElement).requestSubmit();
  }

  /** Read an input into the state; whether the fields' shape changed. */
  #read(input: FormInput, committed: boolean): boolean {
    const value = isTag(input, "input") && input.type === "checkbox" ? input.checked : input.value;
    if (input.name === "rollMode") {
      this.#rollMode = String(value);
      return false;
    }
    if (!committed && isTag(input, "input") && input.type === "number" && input.value === "") return false;
    const before = fieldsShape(this.#evaluation);
    this.#state = this.#model.change(this.#state, input.name, value);
    this.#evaluation = this.#model.evaluate(this.#state);
    return fieldsShape(this.#evaluation) !== before;
  }

  /** An input changed: settle the state, then refresh what depends on it. */
  async #onInput(event: Event, committed: boolean): Promise<void> {
    const input = event.target as FormInput | null;
    if (!input?.name || input.name === "roll") return;
    // A number being typed: only react once it reads as a number (or on commit).
    if (!committed && isTag(input, "input") && input.type === "number" && input.value === "") return;
    if (this.#read(input, committed)) {
      // Other fields on offer (another weapon mode): render anew, keeping the focus.
      await this.render();
      this.element.querySelector<HTMLElement>(`[name="${CSS.escape(input.name)}"]`)?.focus();
      return;
    }
    this.#syncInputs(committed ? null : input);
    await this.#renderSummary();
  }

  /** Write settled values back into the inputs (not into the one being typed in). */
  #syncInputs(typing: FormInput | null): void {
    const view = this.#view();
    for (const group of view.groups)
      for (const field of group.fields) {
        const el = this.element.querySelector<FormInput>(`[name="${CSS.escape(field.name)}"]`);
        if (!el || el === typing) continue;
        if ("checked" in field && isTag(el, "input")) el.checked = field.checked;
        else if ("value" in field && el.value !== field.value) el.value = field.value;
        if ("min" in field && isTag(el, "input")) el.min = String(field.min);
        if ("max" in field && isTag(el, "input")) el.max = String(field.max);
      }
    const roll = this.element.querySelector<HTMLButtonElement>('button[name="roll"]');
    if (roll) roll.disabled = !view.canRoll;
  }

  async #renderSummary(): Promise<void> {
    const section = this.element.querySelector<HTMLElement>(".pv-roll-summary");
    if (!section) return;
    section.innerHTML = await foundry.applications.handlebars.renderTemplate(
      ROLL_DIALOG_SUMMARY_TEMPLATE,
      this.#view(),
    );
    this.setPosition({ height: "auto" });
  }

  static async #onSubmit(this: RollDialog): Promise<void> {
    if (this.#evaluation.problems.length) {
      const first = this.#evaluation.problems[0]!;
      ui.notifications?.warn(localize(first.key, first.data));
      return;
    }
    this.#finish({ state: this.#state, rollMode: this.#rollMode });
    await this.close();
  }

  static async #onCancel(this: RollDialog): Promise<void> {
    await this.close();
  }

  #finish(result: DialogResult<unknown> | null): void {
    const resolve = this.#resolve;
    this.#resolve = null;
    resolve?.(result);
  }

  protected override _onClose(
    options: Parameters<foundry.applications.api.ApplicationV2["_onClose"]>[0],
  ): void {
    super._onClose(options);
    this.#finish(null);
  }
}

/** How a roll is asked for: its dialog skipped (a macro, the skip key held on the click) and its roll mode. */
export interface RollAsk {
  /** Roll at once with the dialog's defaults (as the skip key does). */
  skipDialog?: boolean;
  /** The click that started the roll (the skip key is read from it). */
  event?: Event | null;
  /** A Foundry roll mode; by default the dialog's (the core setting). */
  rollMode?: string;
}

/**
 * The roller's choice on any dialog model: the dialog ({@link RollDialog.wait}), or its start state
 * at once when `skipDialog` or the skip key is held, the first problem refusing the roll (a warning).
 * Null when cancelled or refused. Every ruleset's roll step `dialog` calls this.
 */
export async function chooseRoll<S>(
  model: DialogModel<S>,
  ask: RollAsk,
): Promise<{ state: S; rollMode: string } | null> {
  if (ask.skipDialog || isSkipDialogHeld(ask.event)) {
    const problem = model.evaluate(model.start).problems[0];
    if (problem) {
      ui.notifications?.warn(localize(problem.key, problem.data));
      return null;
    }
    return { state: model.start, rollMode: ask.rollMode ?? "" };
  }
  const result = await RollDialog.wait(model, ask.rollMode ? { rollMode: ask.rollMode } : {});
  return result ? { state: result.state, rollMode: result.rollMode } : null;
}
