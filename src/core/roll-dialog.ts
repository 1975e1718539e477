/**
 * The pool-roll dialog every ruleset can use (ApplicationV2). It shows the pool built from labelled
 * parts, lets the roller change the AD spent, add or remove dice, set the success target, choose
 * optional dice and the ruleset's own fields (a weapon mode, a distance, cover) and the roll mode,
 * and shows the exact chance of success as the inputs change. The state and the view model are
 * Foundry-free (roll-dialog-model.ts); this class only renders them and listens to the form.
 *
 * `PoolRollDialog.wait(config)` resolves with the settled state and evaluation when the roller
 * rolls, or null when the dialog is closed.
 */
import { templatePath } from "./constants";
import {
  applyDialogChange,
  rollDialogView,
  type DialogChoice,
  type RollDialogConfig,
  type RollDialogEvaluation,
  type RollDialogResult,
  type RollDialogState,
} from "./roll-dialog-model";
import { localize } from "./i18n";

export type { RollDialogResult } from "./roll-dialog-model";

export const ROLL_DIALOG_TEMPLATE = templatePath("core/roll-dialog.hbs");
export const ROLL_DIALOG_SUMMARY_TEMPLATE = templatePath("core/roll-dialog-summary.hbs");

/** Foundry's roll modes as dialog choices. */
export function rollModeChoices(): DialogChoice[] {
  return Object.entries(CONFIG.Dice.rollModes).map(([value, mode]) => ({
    value,
    label: typeof mode === "string" ? mode : (mode as { label: string }).label,
  }));
}

/** The roll mode the core setting names. */
export function defaultRollMode(): string {
  return String(game.settings.get("core", "rollMode"));
}

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type FormInput = HTMLInputElement | HTMLSelectElement;

export class PoolRollDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    classes: ["polyverse", "pv-roll-dialog"],
    tag: "form",
    window: { icon: "fa-solid fa-dice-d6", resizable: false },
    position: { width: 420, height: "auto" as const },
    form: { handler: PoolRollDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { cancel: PoolRollDialog.#onCancel },
  };

  static override PARTS = {
    form: { template: ROLL_DIALOG_TEMPLATE, templates: [ROLL_DIALOG_SUMMARY_TEMPLATE] },
  };

  #config: RollDialogConfig;
  #state: RollDialogState;
  #evaluation: RollDialogEvaluation;
  #resolve: ((result: RollDialogResult | null) => void) | null = null;

  constructor(config: RollDialogConfig, start?: RollDialogResult) {
    super({
      window: { title: game.i18n!.format("POLYVERSE.Dialog.Title", { label: localize(config.title) }) },
    });
    this.#config = config;
    const settled = start ?? applyDialogChange(config, config.initial);
    this.#state = settled.state;
    this.#evaluation = settled.evaluation;
  }

  /**
   * Open the dialog and wait for the roller. `start` is the state to open with (already settled,
   * e.g. keeping a target the caller gave); by default the config's initial state, settled.
   */
  static wait(config: RollDialogConfig, start?: RollDialogResult): Promise<RollDialogResult | null> {
    return new Promise((resolve) => {
      const dialog = new this(config, start);
      dialog.#resolve = resolve;
      void dialog.render({ force: true });
    });
  }

  /** The dialog's current state. */
  get rollState(): RollDialogState {
    return this.#state;
  }

  #view() {
    return rollDialogView(this.#config, this.#state, this.#evaluation, localize, this.id);
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
  }

  /** An input changed: settle the state, then refresh what depends on it. */
  async #onInput(event: Event, committed: boolean): Promise<void> {
    const input = event.target as FormInput | null;
    if (!input?.name || input.name === "roll") return;
    // A number being typed: only react once it reads as a number (or on commit).
    if (!committed && input instanceof HTMLInputElement && input.type === "number" && input.value === "")
      return;
    const value =
      input instanceof HTMLInputElement && input.type === "checkbox" ? input.checked : input.value;
    const before = this.#evaluation.optional.map((o) => o.key).join("|");
    const settled = applyDialogChange(this.#config, this.#state, { name: input.name, value });
    this.#state = settled.state;
    this.#evaluation = settled.evaluation;
    const after = this.#evaluation.optional.map((o) => o.key).join("|");
    if (before !== after) {
      // Other optional dice on offer (another weapon mode): render anew, keeping the focus.
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
    const set = (name: string, value: string) => {
      const el = this.element.querySelector<FormInput>(`[name="${CSS.escape(name)}"]`);
      if (el && el !== typing && el.value !== value) el.value = value;
    };
    set("ad", String(view.ad));
    set("bonus", String(view.bonus));
    set("target", String(view.target));
    const ad = this.element.querySelector<HTMLInputElement>('[name="ad"]');
    if (ad) ad.min = String(view.adMin);
    for (const field of view.fields) if (!field.isSelect) set(field.name, field.value);
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

  static async #onSubmit(this: PoolRollDialog): Promise<void> {
    if (this.#evaluation.problems.length) {
      const first = this.#evaluation.problems[0]!;
      ui.notifications?.warn(localize(first.key, first.data));
      return;
    }
    this.#finish({ state: this.#state, evaluation: this.#evaluation });
    await this.close();
  }

  static async #onCancel(this: PoolRollDialog): Promise<void> {
    await this.close();
  }

  #finish(result: RollDialogResult | null): void {
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
