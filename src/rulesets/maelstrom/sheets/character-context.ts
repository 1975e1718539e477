/**
 * The template context of the Maelstrom character and NPC sheet, Foundry-free: the sheet's
 * `_prepareContext` gathers plain data (the actor's `system`, its items as rows, whether the user
 * may edit, the world's wound penalties) and calls {@link characterSheetContext}; the unit tests
 * and the browser fixtures call the same function, so what they check is what the sheet shows.
 *
 * One module per part under `actor-tabs/`; this one gathers them.
 */
import { tabViews, type SheetTabView } from "../../../core/sheet-logic";
import { ROOT, type CharacterSheetInput } from "./actor-tabs/common";
import { equipmentContext } from "./actor-tabs/equipment";
import { experienceContext } from "./actor-tabs/experience";
import { meritsContext } from "./actor-tabs/merits";
import { healthContext, willpowerContext } from "./actor-tabs/status";
import { traitsContext } from "./actor-tabs/traits";

export {
  ITEM_GROUPS,
  ROOT,
  type CharacterSheetInput,
  type Localize,
  type MaelstromActorSystem,
  type SheetItem,
  isHeldItemType,
  readActorSystem,
  traitName,
} from "./actor-tabs/common";
export {
  HUGE_SIZE_KEY,
  MARK_GLYPHS,
  boxClickUpdate,
  damageUpdate,
  healUpdate,
  healthStateOf,
  ratingUpdate,
  sheetTrack,
} from "./actor-tabs/status";
export {
  TRAIT_REFS,
  bankPoints,
  buyDot,
  buySpecialty,
  createThenSpend,
  dotPrice,
  grantAward,
  refusalText,
  traitDots,
} from "./actor-tabs/experience";
export { abilityRollRefusal } from "./actor-tabs/traits";

/** The primary tabs, in order. */
export const CHARACTER_SHEET_TABS = ["traits", "experience", "merits", "equipment", "biography"] as const;
export type CharacterSheetTab = (typeof CHARACTER_SHEET_TABS)[number];

/** The items each tab's "add" buttons create. */
const CREATE_TYPES = {
  merits: ["maelstrom-merit", "maelstrom-flaw"],
  equipment: ["maelstrom-weapon", "maelstrom-armor"],
} as const;

export function characterSheetContext(input: CharacterSheetInput) {
  const { localize, system } = input;
  const tabs = tabViews(
    "primary",
    CHARACTER_SHEET_TABS.map((id) => ({ id, label: `${ROOT}.Tab.${id}` })),
    input.activeTab,
  ) as Record<CharacterSheetTab, SheetTabView>;
  const create = (tab: keyof typeof CREATE_TYPES) =>
    CREATE_TYPES[tab].map((type) => ({
      type,
      label: localize(`${ROOT}.Item.Add`, { type: localize(`${ROOT}.Item.Type.${type}`) }),
    }));
  return {
    actor: { name: input.name, img: input.img, type: input.type, typeLabel: `TYPES.Actor.${input.type}` },
    isNpc: input.type === "maelstrom-npc",
    editable: input.editable,
    tabs,
    details: {
      concept: system.details.concept,
      player: system.details.player,
      biography: system.details.biography,
      biographyHTML: input.biographyHTML ?? "",
    },
    willpower: willpowerContext(input),
    health: healthContext(input),
    traits: traitsContext(input),
    xp: experienceContext(input),
    merits: meritsContext(input),
    equipment: equipmentContext(input),
    create: { merits: create("merits"), equipment: create("equipment") },
  };
}
