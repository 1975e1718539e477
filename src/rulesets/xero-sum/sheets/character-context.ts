/**
 * The template context of the Xero Sum character and NPC sheet, Foundry-free: the sheet's
 * `_prepareContext` gathers plain data (the actor's `system` with `system.derived`, its items as
 * rows, whether the user may edit, which roll buttons have a roll behind them, the world settings
 * the layout depends on) and calls {@link characterSheetContext}; the unit tests and the browser
 * fixtures call the same function, so what they check is what the sheet shows.
 *
 * One module per part under `actor-tabs/`; this one gathers them.
 */
import { tabViews, type SheetTabView } from "../../../core/sheet-logic";
import { ROOT, isNpc, type CharacterSheetInput } from "./actor-tabs/common";
import { creationContext } from "./actor-tabs/creation";
import { equipmentContext, weaponsContext } from "./actor-tabs/gear";
import { healthContext } from "./actor-tabs/health";
import { skillsContext } from "./actor-tabs/skills";
import { storyContext } from "./actor-tabs/story";
import { headerContext, vitalsContext } from "./actor-tabs/vitals";

export {
  ITEM_GROUPS,
  ROLL_KINDS,
  ROOT,
  isHeldItemType,
  legalSkillValues,
  readActorSystem,
  type CharacterSheetInput,
  type Localize,
  type RollAvailability,
  type RollKind,
  type SheetItem,
  type SheetSettings,
  type XeroSumActorSystem,
} from "./actor-tabs/common";
export { STRESS_BOXES, poolUpdate, stressUpdate, type PoolKey } from "./actor-tabs/vitals";
export { skillsByAttribute } from "./actor-tabs/skills";
export { addLastingWound, removeLastingWound } from "./actor-tabs/health";
export { IMPRESSION_CMODS, addRelationship, editRelationship, removeRelationship } from "./actor-tabs/story";
export { carriedEncumbrance, formulaText } from "./actor-tabs/gear";
export {
  addSpend,
  removeSpend,
  backstoryApplyUpdate,
  paradigmUpdate,
  problemText,
  type ParadigmSource,
} from "./actor-tabs/creation";

/** The primary tabs, in order (an NPC has no creation tab). */
export const CHARACTER_SHEET_TABS = [
  "skills",
  "health",
  "story",
  "weapons",
  "equipment",
  "creation",
] as const;
export type CharacterSheetTab = (typeof CHARACTER_SHEET_TABS)[number];

/** The tabs an actor's sheet shows. */
export const tabsFor = (type: string): readonly CharacterSheetTab[] =>
  type === "xero-sum-npc" ? CHARACTER_SHEET_TABS.filter((t) => t !== "creation") : CHARACTER_SHEET_TABS;

export function characterSheetContext(input: CharacterSheetInput) {
  const { localize } = input;
  const tabs = tabViews(
    "primary",
    tabsFor(input.type).map((id) => ({ id, label: `${ROOT}.Tab.${id}` })),
    input.activeTab,
  ) as Record<CharacterSheetTab, SheetTabView>;
  const create = (type: "xero-sum-weapon" | "xero-sum-equipment") => ({
    type,
    label: localize(`${ROOT}.Item.Add`, { type: localize(`${ROOT}.ItemType.${type}`) }),
  });
  return {
    actor: headerContext(input),
    isNpc: isNpc(input),
    editable: input.editable,
    isGM: input.isGM,
    tabs,
    vitals: vitalsContext(input),
    skills: skillsContext(input),
    health: healthContext(input),
    story: storyContext(input),
    weapons: weaponsContext(input),
    equipment: equipmentContext(input),
    creation: isNpc(input) ? null : creationContext(input),
    create: { weapon: create("xero-sum-weapon"), equipment: create("xero-sum-equipment") },
  };
}
