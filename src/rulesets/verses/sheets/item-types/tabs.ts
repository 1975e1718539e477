/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the item
 * sheets' tabs.
 */
import { P } from "./shapes";

// ---- tabs -------------------------------------------------------------------------------------

/** A tab as the templates read it (the shape of Foundry's `_prepareTabs` entries). */
export interface TabView {
  id: string;
  group: string;
  active: boolean;
  cssClass: string;
  label: string;
}

/** The item sheets' tabs: the type's fields, and the description. */
export const ITEM_TABS = [
  { id: "details", label: `${P}.Tab.details` },
  { id: "description", label: `${P}.Tab.description` },
] as const;

/** Tabs with one active, for a render outside Foundry (the sheet uses Foundry's own tab state). */
export function tabsContext(active: string = ITEM_TABS[0].id): Record<string, TabView> {
  return Object.fromEntries(
    ITEM_TABS.map((t) => [
      t.id,
      {
        id: t.id,
        group: "primary",
        active: t.id === active,
        cssClass: t.id === active ? "active" : "",
        label: t.label,
      },
    ]),
  );
}
