/**
 * The template context of the 'Verses character and creature sheet, Foundry-free: the sheet's
 * `_prepareContext` gathers plain data (the actor's prepared `system`, its items as plain objects,
 * whether the user may edit) and calls {@link buildActorSheetContext}; the unit tests and the
 * browser fixtures call the same function, so what they check is what the sheet shows.
 *
 * Every number comes from the derivation (`deriveLiving`) and the pool assembly (`assemblePool`)
 * the rolls use, so a pool shown beside a skill is the pool its button rolls (before AD).
 *
 * One module per tab under `actor-tabs/` (and one for what they share); this one gathers them and
 * builds the whole context.
 */
import { tabViews, type SheetTabView } from "../../../core/sheet-logic";
import { abilitiesContext } from "./actor-tabs/abilities";
import { advancementContext } from "./actor-tabs/advancement";
import { attributesContext } from "./actor-tabs/attributes";
import { biographyContext } from "./actor-tabs/biography";
import { combatContext } from "./actor-tabs/combat";
import { ROOT, type ActorSheetInput } from "./actor-tabs/common";
import { headerContext } from "./actor-tabs/header";
import { inventoryContext } from "./actor-tabs/inventory";
import { skillRows, skillTree } from "./actor-tabs/skills";
import { testsContext } from "./actor-tabs/tests";

export {
  FORBIDDEN_REASON_KEYS,
  formatKg,
  signed,
  skillItemRef,
  type ActorDetailsSource,
  type ActorSheetInput,
  type Localize,
  type PoolSummary,
  type SheetItem,
  type VersesActorSystem,
} from "./actor-tabs/common";
export { skillTree, type SkillRow } from "./actor-tabs/skills";
export { PROMPT_CODES, parsePromptEntry, promptEntry } from "./actor-tabs/biography";
export { SHEET_TESTS, type SheetTest, type SheetTestButton } from "./actor-tabs/tests";

/** The primary tabs, in order. */
export const ACTOR_SHEET_TABS = [
  "attributes",
  "skills",
  "abilities",
  "combat",
  "inventory",
  "advancement",
  "biography",
] as const;
type ActorSheetTab = (typeof ACTOR_SHEET_TABS)[number];

/** Items a creation button adds from each tab. */
const CREATE_TYPES = {
  skills: ["verses-skill"],
  abilities: ["verses-ability"],
  combat: ["verses-weapon", "verses-armour"],
  inventory: ["verses-weapon", "verses-armour", "verses-ammunition", "verses-gear"],
} as const;

// ---- the whole context -----------------------------------------------------------------------

export function buildActorSheetContext(input: ActorSheetInput) {
  const tabs = tabViews(
    "primary",
    ACTOR_SHEET_TABS.map((id) => ({ id, label: `${ROOT}.Tab.${id}` })),
    input.activeTab,
  ) as Record<ActorSheetTab, SheetTabView & { id: ActorSheetTab }>;
  const createTypes = (tab: keyof typeof CREATE_TYPES) =>
    CREATE_TYPES[tab].map((type) => ({ type, label: `${ROOT}.Item.Type.${type}` }));

  return {
    actor: { name: input.name, img: input.img, type: input.type, typeLabel: `TYPES.Actor.${input.type}` },
    isCreature: input.type === "verses-creature",
    editable: input.editable,
    tabs,
    header: headerContext(input),
    ...attributesContext(input),
    kind: {
      value: input.system.kind,
      choices: Object.fromEntries(
        ["biological", "construct", "incorporeal"].map((k) => [k, input.localize(`${ROOT}.Kind.${k}`)]),
      ),
    },
    skillGroups: skillTree(skillRows(input)),
    abilities: abilitiesContext(input),
    tests: testsContext(input),
    combat: combatContext(input),
    inventory: inventoryContext(input),
    advancement: advancementContext(input),
    details: biographyContext(input),
    create: {
      skills: createTypes("skills"),
      abilities: createTypes("abilities"),
      combat: createTypes("combat"),
      inventory: createTypes("inventory"),
    },
  };
}
