/**
 * The Equipment tab: gear, library texts and sanctuary options, with the gear, manuscript and lodging
 * points spent against the budgets the rules layer gives (5 a level of Equipment, Library and
 * Sanctuary: `derivedValues`). Foundry-free.
 */
import {
  ROOT,
  bool,
  itemControls,
  itemsIn,
  num,
  skillName,
  str,
  type CharacterSheetInput,
  type SheetItem,
} from "./common";
import { combatNumbers } from "./combat";

/** The points an item takes from its budget: its cost (gear, weapons, armour, sanctuary) or points (texts). */
const costOf = (item: SheetItem): number =>
  num(item.type === "tales-text" ? item.system.points : item.system.cost);
const sumOf = (items: readonly SheetItem[]) => items.reduce((s, i) => s + costOf(i), 0);

function budget(key: "gear" | "manuscript" | "lodging", spent: number, total: number) {
  return {
    key,
    label: `${ROOT}.Equipment.Budget.${key}`,
    spent,
    total,
    remaining: total - spent,
    over: spent > total,
  };
}

export function equipmentContext(input: CharacterSheetInput) {
  const { localize } = input;
  const numbers = combatNumbers(input);
  const physical = [...itemsIn(input, "weapons"), ...itemsIn(input, "armour"), ...itemsIn(input, "gear")];
  const texts = itemsIn(input, "texts");
  const sanctuary = itemsIn(input, "sanctuary");
  return {
    budgets: [
      budget("gear", sumOf(physical), numbers.gearPoints),
      budget("manuscript", sumOf(texts), numbers.manuscriptPoints),
      budget("lodging", sumOf(sanctuary), numbers.lodgingPoints),
    ],
    gear: itemsIn(input, "gear").map((g) => ({
      ...itemControls(g, localize),
      img: g.img,
      category: `${ROOT}.GearCategory.${str(g.system.category) || "stuff"}`,
      rarity: `${ROOT}.Rarity.${str(g.system.rarity) || "common"}`,
      cost: str(g.system.costNote) || String(num(g.system.cost)),
      quantity: num(g.system.quantity, 1),
      skill: str(g.system.skill) ? skillName(str(g.system.skill)) : "",
      equipped: bool(g.system.equipped),
      equipLabel: localize(`${ROOT}.Equipment.ToggleEquipped`, { name: g.name }),
    })),
    texts: texts.map((t) => ({
      ...itemControls(t, localize),
      img: t.img,
      kind: `${ROOT}.TextKind.${str(t.system.kind) || "reference"}`,
      points: num(t.system.points),
      skill: str(t.system.skill) ? skillName(str(t.system.skill)) : "",
    })),
    sanctuary: sanctuary.map((s) => ({
      ...itemControls(s, localize),
      img: s.img,
      category: `${ROOT}.SanctuaryCategory.${str(s.system.category) || "size"}`,
      cost: num(s.system.cost),
      extra: bool(s.system.extra),
      perSharer: bool(s.system.perSharer),
    })),
  };
}
