/**
 * The Foundry-free part of the Polyverse sheet bases (`sheets.ts`): tabs as the templates read
 * them, embedded items as plain rows grouped and sorted, the toggle of a boolean item field, the
 * keys that press a `role="button"` element, and the selector that finds a focused control again
 * after a re-render. Unit-tested without Foundry; a ruleset's context builders may call them too.
 */

/** A tab as the templates read it (the shape of Foundry's `_prepareTabs` entries). */
export interface SheetTabView {
  id: string;
  group: string;
  label: string;
  active: boolean;
  cssClass: string;
}

/** The tab shown: the one asked for if the group has it, else the group's first. */
export function activeTabOf(ids: readonly string[], requested: string | null | undefined): string {
  return requested && ids.includes(requested) ? requested : (ids[0] ?? "");
}

/**
 * A group's tabs keyed by id, one active, for a render outside Foundry (the browser fixtures, the
 * unit tests) or a context builder; the sheet bases use Foundry's own `_prepareTabs`.
 */
export function tabViews(
  group: string,
  tabs: readonly { id: string; label: string }[],
  requested?: string | null,
): Record<string, SheetTabView> {
  const active = activeTabOf(
    tabs.map((t) => t.id),
    requested,
  );
  return Object.fromEntries(
    tabs.map((t) => [
      t.id,
      { id: t.id, group, label: t.label, active: t.id === active, cssClass: t.id === active ? "active" : "" },
    ]),
  );
}

/** An embedded item as the context builders read it: plain data, no document. */
export interface SheetItemRow<S = Record<string, unknown>> {
  id: string;
  name: string;
  type: string;
  img: string;
  sort: number;
  system: S;
  /** The item's flags (a ruleset reads its own with `rulesetFlags`). */
  flags?: Record<string, unknown>;
}

/**
 * Items in their sheet order: by `sort` (what dragging one onto another sets), ties kept in the
 * order given (the actor's own). Pure: the input is not changed.
 */
export function sortItems<T extends { sort?: number }>(items: Iterable<T>): T[] {
  return [...items]
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.sort ?? 0) - (b.item.sort ?? 0) || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * Items grouped for a sheet's lists: each group takes the item types it names, in sheet order
 * ({@link sortItems}); an item of no group's types is left out. A type may be in several groups.
 */
export function groupItems<T extends { type: string; sort?: number }>(
  items: Iterable<T>,
  groups: Readonly<Record<string, readonly string[]>>,
): Record<string, T[]> {
  const sorted = sortItems(items);
  return Object.fromEntries(
    Object.entries(groups).map(([id, types]) => [id, sorted.filter((item) => types.includes(item.type))]),
  );
}

/**
 * The value a toggle button writes to a boolean item field: the opposite of what it shows. A field
 * left unset shows its default (`carried` defaults to true, `equipped` to false ...).
 */
export function toggledValue(current: unknown, defaultOn: boolean): boolean {
  const on = defaultOn ? current !== false : current === true;
  return !on;
}

/** The keys that press a focused `role="button"` element, as they press a `<button>`. */
export function isActivationKey(key: string): boolean {
  return key === "Enter" || key === " ";
}

/** A focused control, as {@link focusSelector} reads it. */
export interface FocusedControl {
  tagName: string;
  id?: string;
  name?: string;
  /** Its `data-*` attributes (camelCase keys, as `HTMLElement.dataset`). */
  dataset: Readonly<Record<string, string | undefined>>;
}

/** The `data-*` attributes that tell one control from its siblings. */
const IDENTIFYING = [
  "action",
  "roll",
  "itemId",
  "type",
  "field",
  "path",
  "index",
  "key",
  "tab",
  "group",
  "mode",
] as const;

const quoted = (value: string) => `"${value.replace(/["\\]/g, "\\$&")}"`;
const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A selector that finds the same control in the re-rendered sheet: by id, else by name, else by
 * its identifying `data-*` attributes (an action button of a row); null when nothing identifies it.
 */
export function focusSelector(control: FocusedControl): string | null {
  if (control.id) return `[id=${quoted(control.id)}]`;
  const tag = control.tagName.toLowerCase();
  if (control.name) return `${tag}[name=${quoted(control.name)}]`;
  const parts = IDENTIFYING.filter((key) => control.dataset[key] !== undefined).map(
    (key) => `[data-${kebab(key)}=${quoted(control.dataset[key] ?? "")}]`,
  );
  return parts.length ? `${tag}${parts.join("")}` : null;
}

/**
 * A sheet's item lists, named once (`{ weapons: ["x-weapon"], ... }`): the items of one list in sheet
 * order (`groupItems`), and whether an item type belongs to any list (what a drop may add).
 */
export function itemLists<G extends Record<string, readonly string[]>>(groups: G) {
  return {
    itemsIn<T extends { type: string; sort?: number }>(
      input: { items: readonly T[] },
      group: keyof G & string,
    ): T[] {
      return groupItems(input.items, { [group]: groups[group]! })[group] ?? [];
    },
    isHeld(type: string): boolean {
      return Object.values(groups).some((types) => types.includes(type));
    },
  };
}

// ---- reading plain data -----------------------------------------------------------------------

/** A finite number, or the fallback (a context builder reads stored data that may be anything). */
export const num = (v: unknown, fallback = 0): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;
/** A string, or "". */
export const str = (v: unknown): string => (typeof v === "string" ? v : "");
/** Exactly `true`. */
export const bool = (v: unknown): boolean => v === true;
/** A plain object, or an empty one. */
export const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
/** An array, or an empty one. */
export const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** One of `keys`, or the fallback. */
export const oneOf = <K extends string>(keys: readonly K[], v: unknown, fallback: K): K =>
  typeof v === "string" && (keys as readonly string[]).includes(v) ? (v as K) : fallback;
/** A number for each key (the fallback where `source` has none): the dots of a trait group. */
export const keyed = <K extends string>(
  keys: readonly K[],
  source: unknown,
  fallback: number,
): Record<K, number> => {
  const rec = record(source);
  return Object.fromEntries(keys.map((k) => [k, num(rec[k], fallback)])) as Record<K, number>;
};

/** A change in dice or difficulty as a sheet prints it: "+1", "−2" (a true minus sign), "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${Math.abs(n)}` : "0";
}

// ---- shared row helpers ----------------------------------------------------------------------

/** A list edited in place: `entries` with the one at `index` replaced by `next` (null off the list). */
export function replaceAt<T>(entries: readonly T[], index: number, next: T): T[] | null {
  if (!Number.isInteger(index) || index < 0 || index >= entries.length) return null;
  return entries.map((e, i) => (i === index ? next : e));
}

/** A list without the entry at `index` (null off the list). */
export function removeAt<T>(entries: readonly T[], index: number): T[] | null {
  if (!Number.isInteger(index) || index < 0 || index >= entries.length) return null;
  return entries.filter((_, i) => i !== index);
}

/** Open and delete buttons of an item row, as `templates/core/item-controls.hbs` draws them. */
export interface ItemControls {
  id: string;
  name: string;
  openLabel: string;
  deleteLabel: string;
}

/**
 * An item row's controls, labelled with the item's name: `<root>.Item.Open` and `<root>.Item.Delete`
 * (`{name}` filled), core's own words unless a ruleset gives its root.
 */
export function itemControls(
  item: { id: string; name: string },
  localize: (key: string, data?: Record<string, string>) => string,
  root = "POLYVERSE.Sheet",
): ItemControls {
  return {
    id: item.id,
    name: item.name,
    openLabel: localize(`${root}.Item.Open`, { name: item.name }),
    deleteLabel: localize(`${root}.Item.Delete`, { name: item.name }),
  };
}

/**
 * Which roll kinds of a sheet have a function behind them, from its table of roll handlers (a
 * ruleset's `sheets/roll-handlers.ts`): the sheet draws a roll button only where this says true, so
 * no button stands without a roll and a roll shows up the moment its helper adds it to the table.
 */
export function rollAvailability<K extends string>(
  handlers: Readonly<Partial<Record<K, unknown>>>,
): Readonly<Partial<Record<K, boolean>>> {
  return Object.fromEntries(
    (Object.keys(handlers) as K[]).map((kind) => [kind, typeof handlers[kind] === "function"]),
  ) as Partial<Record<K, boolean>>;
}

/** A roll button's view (its accessible name), or null when no roll is behind its kind. */
export function rollButton<K extends string>(
  input: { rolls?: Readonly<Partial<Record<K, boolean>>> },
  kind: K,
  label: string,
): { label: string } | null {
  return input.rolls?.[kind] ? { label } : null;
}
