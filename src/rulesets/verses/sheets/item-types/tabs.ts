/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the item
 * sheets' tabs.
 */
import { tabViews, type SheetTabView } from "../../../../core/sheet-logic";
import { P } from "./shapes";

// ---- tabs -------------------------------------------------------------------------------------

/** A tab as the templates read it (the shape of Foundry's `_prepareTabs` entries). */
export type TabView = SheetTabView;

/** The item sheets' tabs: the type's fields, and the description. */
export const ITEM_TABS = [
  { id: "details", label: `${P}.Tab.details` },
  { id: "description", label: `${P}.Tab.description` },
] as const;

/** Tabs with one active, for a render outside Foundry (the sheet uses Foundry's own tab state). */
export function tabsContext(active: string = ITEM_TABS[0].id): Record<string, TabView> {
  return tabViews("primary", ITEM_TABS, active);
}
