/**
 * The template context of the Tales character and NPC sheet, Foundry-free: the sheet's
 * `_prepareContext` gathers plain data (the actor's `system`, its items as rows, whether the user may
 * edit, the world settings the numbers depend on) and calls {@link characterSheetContext}; the unit
 * tests and the browser fixtures call the same function, so what they check is what the sheet shows.
 *
 * One module per part under `actor-tabs/`; this one gathers them.
 */
import { tabViews, type SheetTabView } from "../../../core/sheet-logic";
import { ROOT, type CharacterSheetInput } from "./actor-tabs/common";
import { combatContext } from "./actor-tabs/combat";
import { detailsContext } from "./actor-tabs/details";
import { equipmentContext } from "./actor-tabs/equipment";
import { experienceContext } from "./actor-tabs/experience";
import { headerContext, poolsContext } from "./actor-tabs/pools";
import { skillsContext } from "./actor-tabs/skills";
import { traitsContext } from "./actor-tabs/traits";

export {
  DETAIL_FIELDS,
  ITEM_GROUPS,
  ROOT,
  isHeldItemType,
  readActorSystem,
  traitsOf,
  type CharacterSheetInput,
  type Localize,
  type SheetItem,
  type SheetSettings,
  type TalesActorSystem,
} from "./actor-tabs/common";
export { poolMaxima, poolUpdate, type PoolKey } from "./actor-tabs/pools";
export {
  SPECIALISED_SKILLS,
  addSpecialisation,
  editSpecialisation,
  removeSpecialisation,
  woundRefusal,
} from "./actor-tabs/skills";
export { FAVOURED_ACTIONS, addFavoured, editFavoured, removeFavoured } from "./actor-tabs/combat";
export {
  buyLevel,
  parseXpTarget,
  purchaseRefusal,
  type Purchase,
  type XpTarget,
} from "./actor-tabs/experience";
export { planFromSheet } from "./actor-tabs/chargen";
export {
  EMPTY_PICK,
  advantageBuyView,
  advantagePurchase,
  advantagePurchaseText,
  editPick,
  type AdvantagePick,
  type AdvantagePurchase,
} from "./actor-tabs/advantage-xp";
export {
  characterTraits,
  planTemplate,
  readTemplateChoices,
  templateChoiceViews,
  templateOf,
  traitItemData,
  type ChoiceView,
  type TemplateItem,
  type TemplatePlan,
} from "./actor-tabs/templates";

/** The primary tabs, in order. */
export const CHARACTER_SHEET_TABS = [
  "skills",
  "traits",
  "combat",
  "equipment",
  "experience",
  "details",
] as const;
export type CharacterSheetTab = (typeof CHARACTER_SHEET_TABS)[number];

/** The items each tab's "add" buttons create. */
const CREATE_TYPES = {
  traits: ["tales-advantage", "tales-disadvantage"],
  combat: ["tales-weapon", "tales-armour"],
  equipment: ["tales-gear", "tales-text", "tales-sanctuary"],
} as const;

export function characterSheetContext(input: CharacterSheetInput) {
  const { localize } = input;
  const tabs = tabViews(
    "primary",
    CHARACTER_SHEET_TABS.map((id) => ({ id, label: `${ROOT}.Tab.${id}` })),
    input.activeTab,
  ) as Record<CharacterSheetTab, SheetTabView>;
  const create = (tab: keyof typeof CREATE_TYPES) =>
    CREATE_TYPES[tab].map((type) => ({
      type,
      label: localize(`${ROOT}.Item.Add`, { type: localize(`${ROOT}.ItemType.${type}`) }),
    }));
  return {
    actor: headerContext(input),
    isNpc: input.type === "tales-npc",
    editable: input.editable,
    isGM: input.isGM,
    tabs,
    pools: poolsContext(input),
    skills: skillsContext(input),
    traits: traitsContext(input),
    combat: combatContext(input),
    equipment: equipmentContext(input),
    xp: experienceContext(input),
    details: detailsContext(input),
    create: { traits: create("traits"), combat: create("combat"), equipment: create("equipment") },
  };
}
