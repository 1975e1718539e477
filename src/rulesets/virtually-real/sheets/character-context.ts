/**
 * The template context of the Virtually Real character and NPC sheet, Foundry-free: the sheet's
 * `_prepareContext` gathers plain data (the actor's `system` and `system.derived`, its items as rows,
 * whether the user may edit, which roll buttons have a roll behind them, the world settings as the
 * rules' option objects) and calls {@link characterSheetContext}; the unit tests and the browser
 * fixtures call the same function, so what they check is what the sheet shows.
 *
 * One module per part under `actor-tabs/`; this one gathers them.
 */
import { tabViews, type SheetTabView } from "../../../core/sheet-logic";
import { ROOT, isNpc, type CharacterSheetInput } from "./actor-tabs/common";
import { attributesContext } from "./actor-tabs/attributes";
import { detailsContext } from "./actor-tabs/details";
import { emotionsContext } from "./actor-tabs/emotions";
import { gearContext } from "./actor-tabs/gear";
import { healthContext } from "./actor-tabs/health";
import { passionsContext } from "./actor-tabs/passions";
import { skillsContext } from "./actor-tabs/skills";
import { headerContext, vitalsContext } from "./actor-tabs/vitals";

export {
  ITEM_GROUPS,
  ROLL_KINDS,
  ROOT,
  isHeldItemType,
  readActorSystem,
  type CharacterSheetInput,
  type Intimacy,
  type Localize,
  type RollAvailability,
  type RollKind,
  type SheetItem,
  type SheetOptions,
  type VirtuallyRealActorSystem,
} from "./actor-tabs/common";
export { POOLS, poolChange, refusalText, type PoolChange, type PoolKey } from "./actor-tabs/vitals";
export { levelOptions, SHEET_SAVES } from "./actor-tabs/attributes";
export {
  conditionFromPick,
  expireStored,
  pickerChoices,
  rowSpec,
  toggleCondition,
  type ConditionRowKey,
} from "./actor-tabs/conditions";
export { addBasicIntimacies, addIntimacy, editIntimacy, removeIntimacy } from "./actor-tabs/emotions";
export { passTimeUpdate } from "./actor-tabs/health";

/** The primary tabs, in order. */
export const CHARACTER_SHEET_TABS = [
  "attributes",
  "skills",
  "health",
  "emotions",
  "passions",
  "gear",
  "details",
] as const;
export type CharacterSheetTab = (typeof CHARACTER_SHEET_TABS)[number];

/** The item types the sheet's lists create, in the order of their "add" buttons. */
const CREATE = {
  skill: "virtually-real-skill",
  passion: "virtually-real-passion",
  equipment: "virtually-real-equipment",
  book: "virtually-real-book",
  task: "virtually-real-task",
} as const;

export function characterSheetContext(input: CharacterSheetInput) {
  const { localize } = input;
  const tabs = tabViews(
    "primary",
    CHARACTER_SHEET_TABS.map((id) => ({ id, label: `${ROOT}.Tab.${id}` })),
    input.activeTab,
  ) as Record<CharacterSheetTab, SheetTabView>;
  const create = Object.fromEntries(
    Object.entries(CREATE).map(([key, type]) => [
      key,
      { type, label: localize(`${ROOT}.Item.Add`, { type: localize(`${ROOT}.ItemType.${type}`) }) },
    ]),
  ) as Record<keyof typeof CREATE, { type: string; label: string }>;
  return {
    actor: headerContext(input),
    isNpc: isNpc(input),
    editable: input.editable,
    isGM: input.isGM,
    tabs,
    vitals: vitalsContext(input),
    attributes: attributesContext(input),
    skills: skillsContext(input),
    health: healthContext(input),
    emotions: emotionsContext(input),
    passions: passionsContext(input),
    gear: gearContext(input),
    details: detailsContext(input),
    create,
  };
}
