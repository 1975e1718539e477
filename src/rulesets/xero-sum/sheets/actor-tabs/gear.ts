/**
 * The Weapons and Equipment tabs: each weapon with its skill, damage (+ PHY for melee and unarmed),
 * RP percentage, range, condition (Table 14), readied and jammed, ammunition (loaded of the clip,
 * reloads) and characteristics (Table 15); each piece of equipment with rarity, encumbrance,
 * quantity, condition, charges, what it adds and whether it is carried; and the encumbrance carried
 * against the character's capacity (Table 5, `system.derived`). Foundry-free.
 */
import { signed } from "../../../../core/sheet-logic";
import { CHARACTERISTIC_KEYS, CONDITIONS, SKILL_KEYS } from "../../rules";
import {
  NAMES,
  ROOT,
  bool,
  itemControls,
  itemsIn,
  num,
  record,
  rollButton,
  str,
  type CharacterSheetInput,
  type SheetItem,
} from "./common";
import { list } from "../../../../core/sheet-logic";

/** Skills whose damage adds the wielder's Physicality. */
const PHY_DAMAGE_SKILLS = ["meleeCombat", "unarmedCombat"];

/** "5+1d6", "1d3", "0": a damage or healing formula as printed. */
export function formulaText(base: number, dice: string): string {
  if (!dice) return String(base);
  return base ? `${base}+${dice}` : dice;
}

/** An item's encumbrance: its ENC times how many there are. */
const itemEnc = (item: SheetItem): number => num(item.system.enc) * Math.max(0, num(item.system.quantity, 1));

/** What the character carries: every weapon, and the equipment marked carried. */
export function carriedEncumbrance(items: readonly SheetItem[]): number {
  const weapons = itemsIn({ items }, "weapons").reduce((sum, w) => sum + itemEnc(w), 0);
  const equipment = itemsIn({ items }, "equipment")
    .filter((e) => e.system.carried !== false)
    .reduce((sum, e) => sum + itemEnc(e), 0);
  return weapons + equipment;
}

/** A condition select's options (Table 14, best first). */
function conditionOptions(current: string) {
  return CONDITIONS.map((c) => ({ value: c, label: `${NAMES}.Condition.${c}`, selected: c === current }));
}

/** What a condition does: Damaged −1 CMod, Broken unusable; nothing otherwise. */
function conditionEffect(condition: string): string | null {
  if (condition === "damaged") return `${ROOT}.Gear.DamagedEffect`;
  if (condition === "broken") return `${ROOT}.Gear.BrokenEffect`;
  return null;
}

function weaponRow(input: CharacterSheetInput, item: SheetItem) {
  const { localize } = input;
  const s = item.system;
  const damage = record(s.damage);
  const ammo = record(s.ammo);
  const skill = str(s.skill);
  const condition = str(s.condition) || "used";
  const clip = num(ammo.clip);
  const broken = condition === "broken";
  return {
    ...itemControls(item, localize),
    img: item.img,
    skill: `${NAMES}.Skill.${skill || "meleeCombat"}`,
    damage: formulaText(num(damage.base), str(damage.dice)),
    addsPhy: PHY_DAMAGE_SKILLS.includes(skill),
    rpPercent: num(s.rpPercent, 50),
    range: `${NAMES}.Range.${str(s.range) || "engaged"}`,
    enc: num(s.enc),
    condition,
    conditionOptions: conditionOptions(condition),
    conditionEffect: conditionEffect(condition),
    conditionLabel: localize(`${ROOT}.Gear.ConditionOf`, { name: item.name }),
    readied: bool(s.readied),
    readyLabel: localize(`${ROOT}.Gear.ReadiedOf`, { name: item.name }),
    jammed: bool(s.jammed),
    jamLabel: localize(`${ROOT}.Gear.JammedOf`, { name: item.name }),
    ammo:
      clip > 0
        ? {
            loaded: num(ammo.loaded),
            clip,
            reloads: num(ammo.reloads),
            empty: num(ammo.loaded) <= 0,
            loadedLabel: localize(`${ROOT}.Gear.LoadedOf`, { name: item.name }),
            reloadsLabel: localize(`${ROOT}.Gear.ReloadsOf`, { name: item.name }),
          }
        : null,
    characteristics: list(s.characteristics)
      .map((c) => record(c))
      .filter((c) => (CHARACTERISTIC_KEYS as readonly unknown[]).includes(c.key))
      .map((c) => {
        const name = localize(`${NAMES}.Characteristic.${str(c.key)}`);
        const value = num(c.value);
        return value ? `${name} (${value})` : name;
      }),
    attack: rollButton(input, "attack", localize(`${ROOT}.Gear.Attack`, { name: item.name })),
    attackRefused: broken ? localize(`${ROOT}.Gear.BrokenRefusal`, { name: item.name }) : "",
    upkeep: rollButton(input, "upkeep", localize(`${ROOT}.Gear.Upkeep`, { name: item.name })),
  };
}

/** "+1 Perception (at night)": one of an item's bonuses as a line. */
function bonusText(bonus: Record<string, unknown>, localize: CharacterSheetInput["localize"]): string {
  const target = str(bonus.target);
  const name = (SKILL_KEYS as readonly string[]).includes(target)
    ? localize(`${NAMES}.Skill.${target}`)
    : localize(`${ROOT}.BonusTarget.${target || "perception"}`);
  const context = str(bonus.context);
  return `${signed(num(bonus.value))} ${name}${context ? ` (${context})` : ""}`;
}

function equipmentRow(input: CharacterSheetInput, item: SheetItem) {
  const { localize } = input;
  const s = item.system;
  const charges = record(s.charges);
  const heal = record(s.heal);
  const condition = str(s.condition) || "used";
  const healText = formulaText(num(heal.base), str(heal.dice));
  const carried = s.carried !== false;
  return {
    ...itemControls(item, localize),
    img: item.img,
    rarity: `${NAMES}.Rarity.${str(s.rarity)}`,
    enc: num(s.enc),
    quantity: num(s.quantity, 1),
    quantityLabel: localize(`${ROOT}.Gear.QuantityOf`, { name: item.name }),
    condition,
    conditionOptions: conditionOptions(condition),
    conditionEffect: conditionEffect(condition),
    conditionLabel: localize(`${ROOT}.Gear.ConditionOf`, { name: item.name }),
    charges:
      num(charges.max) > 0
        ? {
            value: num(charges.value),
            max: num(charges.max),
            label: localize(`${ROOT}.Gear.ChargesOf`, { name: item.name }),
          }
        : null,
    bonuses: list(s.bonuses).map((b) => bonusText(record(b), localize)),
    heal: healText !== "0" ? localize(`${ROOT}.Gear.Heals`, { amount: healText }) : "",
    carried,
    carryLabel: localize(`${ROOT}.Gear.CarriedOf`, { name: item.name }),
    upkeep: rollButton(input, "upkeep", localize(`${ROOT}.Gear.Upkeep`, { name: item.name })),
  };
}

export function weaponsContext(input: CharacterSheetInput) {
  return { rows: itemsIn(input, "weapons").map((w) => weaponRow(input, w)) };
}

export function equipmentContext(input: CharacterSheetInput) {
  const carried = carriedEncumbrance(input.items);
  const capacity = input.system.derived.encumbrance;
  return {
    rows: itemsIn(input, "equipment").map((e) => equipmentRow(input, e)),
    encumbrance: {
      carried,
      capacity: capacity === null ? "—" : String(capacity),
      over: capacity !== null && carried > capacity,
      summary: input.localize(`${ROOT}.Gear.EncSummary`, {
        carried: String(carried),
        capacity: capacity === null ? "—" : String(capacity),
      }),
    },
  };
}
