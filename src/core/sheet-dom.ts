/**
 * What the actor and item sheet bases (`sheets.ts`) share that touches the page or Foundry's
 * document API: keyboard paths, focus kept across re-renders, the remembered tab, tab buttons'
 * `aria-selected`, image picking and enriched HTML. Both bases delegate here, so each behaviour is
 * written once.
 */
import { activeElementOf, isElement, isFormControl, isTag } from "./dom-nodes";
import { templatePath } from "./constants";
import { focusSelector, isActivationKey } from "./sheet-logic";

/**
 * The partials the sheet bases give every ruleset's templates: `core/tabs.hbs`, a sheet's tab
 * navigation (`{{> "systems/polyverse/templates/core/tabs.hbs" navClass=… tabClass=…}}`), and
 * `core/field.hbs`, one item-sheet form control (a `FieldView` of sheet-fields-logic.ts:
 * `{{> "systems/polyverse/templates/core/field.hbs" cls=…}}`); `core/item-controls.hbs`, an item row's
 * open and delete buttons (an `ItemControls` of sheet-logic.ts); `core/item-header.hbs` and
 * `core/item-description.hbs`, an item sheet's header and description PARTs (sheet-fields-logic.ts's
 * `headerContext` and `descriptionContext`). Each takes the ruleset's class prefix as `cls=…`.
 */
export const CORE_SHEET_TEMPLATES: readonly string[] = [
  templatePath("core/tabs.hbs"),
  templatePath("core/field.hbs"),
  templatePath("core/item-controls.hbs"),
  templatePath("core/item-header.hbs"),
  templatePath("core/item-description.hbs"),
];

/** Register the core sheet partials (before a sheet's first render; Foundry loads each path once). */
export async function loadCoreSheetTemplates(): Promise<void> {
  await foundry.applications.handlebars.loadTemplates([...CORE_SHEET_TEMPLATES]);
}

/** The document a sheet edits, as these helpers use it. */
export interface SheetDocument {
  uuid: string;
  img?: string | null;
  isOwner: boolean;
  update(data: Record<string, unknown>): Promise<unknown>;
}

/**
 * Keyboard paths, added once (the element outlives re-renders): Enter or Space on a focused
 * `role="button"` element that is not a `<button>` presses it, as they press a button
 * (ApplicationV2 runs `data-action` on click); Enter in a control with `data-enter-action="name"`
 * (a list's "add" input) presses the `data-action="name"` button beside it instead of submitting.
 */
export function listenForKeyboardPresses(root: HTMLElement): void {
  root.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!isElement(target) || isTag(target, "button")) return;
    const enterAction = target.dataset.enterAction;
    if (event.key === "Enter" && enterAction) {
      event.preventDefault();
      target.parentElement?.querySelector<HTMLElement>(`[data-action="${CSS.escape(enterAction)}"]`)?.click();
      return;
    }
    if (!isActivationKey(event.key) || target.getAttribute("role") !== "button") return;
    event.preventDefault();
    target.click();
  });
}

/** A control a sheet may save itself: an input, a text area or a select. */
export type InlineControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Controls the sheet saves itself (a list's rows, an embedded item's field), added once: a change of
 * one that `isInline` claims is kept from the form (in the capture phase, before the form's own
 * change handler, so that these unnamed controls never submit it) and handed to `save`, only when the
 * sheet is editable then.
 */
export function listenForInlineChanges(
  root: HTMLElement,
  sheet: {
    isInline(input: InlineControl): boolean;
    editable(): boolean;
    save(input: InlineControl): void;
  },
): void {
  root.addEventListener(
    "change",
    (event) => {
      const target = event.target;
      if (!isFormControl(target)) return;
      if (!sheet.isInline(target)) return;
      event.stopPropagation();
      if (sheet.editable()) sheet.save(target);
    },
    { capture: true },
  );
}

/**
 * Focus kept across a re-render: the control a handler names (the row it just added), else the
 * control that had focus when the render began, found again by {@link focusSelector}. Foundry keeps
 * the focus of a named or id'd input itself; this also keeps an action button's.
 */
export class SheetFocus {
  #requested: string | null = null;
  #previous: string | null = null;

  /** Focus this control after the next render (a row just added, the add control of a list). */
  request(selector: string): void {
    this.#requested = selector;
  }

  /** Before a render: note the focused control inside the sheet. */
  capture(root: HTMLElement | null): void {
    const active = activeElementOf(root);
    this.#previous =
      root && isElement(active) && active !== root && root.contains(active)
        ? focusSelector({
            tagName: active.tagName,
            id: active.id,
            name: active.getAttribute("name") ?? undefined,
            dataset: { ...active.dataset },
          })
        : null;
  }

  /** After a render: focus what was asked for, or give the noted control its focus back if it lost it. */
  restore(root: HTMLElement): void {
    const requested = this.#requested;
    const previous = this.#previous;
    this.#requested = null;
    this.#previous = null;
    if (requested) {
      root.querySelector<HTMLElement>(requested)?.focus();
      return;
    }
    if (!previous || root.contains(activeElementOf(root))) return;
    root.querySelector<HTMLElement>(previous)?.focus();
  }
}

/** The tab last shown per document and group, so that a new sheet of the document opens on it. */
const rememberedTabs = new Map<string, Record<string, string>>();

export function rememberTab(uuid: string, group: string, tab: string): void {
  rememberedTabs.set(uuid, { ...rememberedTabs.get(uuid), [group]: tab });
}

/** Give a sheet the tabs remembered for its document, for each group that has no tab yet. */
export function restoreTabs(
  uuid: string,
  tabGroups: Record<string, string | null | undefined>,
  known: Readonly<Record<string, readonly string[]>>,
): void {
  for (const [group, tab] of Object.entries(rememberedTabs.get(uuid) ?? {}))
    if (tabGroups[group] == null && known[group]?.includes(tab)) tabGroups[group] = tab;
}

/** The tab ids of each group of a sheet class's `TABS`. */
export function tabIds(
  tabs: Readonly<Record<string, { tabs?: readonly { id: string }[] | undefined }>> | undefined,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(tabs ?? {}).map(([group, g]) => [group, (g.tabs ?? []).map((t) => t.id)]),
  );
}

/** Keep the `role="tab"` buttons' `aria-selected` in step with the tab Foundry shows. */
export function syncTabButtons(root: HTMLElement, group: string, tab: string): void {
  for (const button of root.querySelectorAll<HTMLElement>(`[role="tab"][data-group="${CSS.escape(group)}"]`))
    button.setAttribute("aria-selected", String(button.dataset.tab === tab));
}

/** Choose the document's image with Foundry's file picker. */
export async function pickImage(doc: SheetDocument, editable: boolean): Promise<void> {
  if (!editable) return;
  const picker = new foundry.applications.apps.FilePicker.implementation({
    type: "image",
    current: doc.img ?? "",
    callback: (path: string) => void doc.update({ img: path }),
  });
  await picker.browse(doc.img ?? "");
}

/** Rich text as the sheet shows it: links, rolls and (for its owners) secrets enriched. */
export function enrichFor(
  doc: SheetDocument,
  html: string,
  rollData?: Record<string, unknown>,
): Promise<string> {
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(html, {
    secrets: doc.isOwner,
    relativeTo: doc as never,
    ...(rollData ? { rollData } : {}),
  });
}

/** What a sheet's form holds now, unsaved edits included, as nested data (`system.a.b` → `{ system: { a: { b } } }`). */
export function readForm(form: HTMLFormElement): Record<string, unknown> {
  return foundry.utils.expandObject(new foundry.applications.ux.FormDataExtended(form).object) as Record<
    string,
    unknown
  >;
}

/** A button a condition forbids (`aria-disabled="true"`) says why (its tooltip) instead of acting. */
export function refused(target: HTMLElement): boolean {
  if (target.getAttribute("aria-disabled") !== "true") return false;
  const reason = target.dataset.tooltip;
  if (reason) ui.notifications?.warn(reason);
  return true;
}
