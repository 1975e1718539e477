/**
 * The Weapons and Equipment tabs: each weapon with its skill, damage (+ PHY for melee and unarmed),
 * RP percentage, range, condition (Table 14), readied and jammed, ammunition (loaded of the clip,
 * reloads) and characteristics (Table 15); each piece of equipment with rarity, encumbrance,
 * quantity, condition, charges, what it adds and whether it is carried; and the encumbrance carried
 * against the character's capacity (Table 5, `system.derived`). Foundry-free.
 */
import { list, signed } from "../../../../core/sheet-logic";
import {
  CHARACTERISTIC_KEYS,
  CONDITIONS,
  SKILL_KEYS,
  conditionModifier,
  encumbranceLoad,
  isMeleeWeapon,
  type ItemCondition,
} from "../../rules";
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

/** "5+1d6", "1d3", "0": a damage or healing formula as printed. */
export function formulaText(base: number, dice: string): string {
  if (!dice) return String(base);
  return base ? `${base}+${dice}` : dice;
}

/**
 * The load carried (the rules layer's `encumbranceLoad`: Enc × quantity): every weapon, and the
 * equipment marked carried.
 */
export function carriedEncumbrance(items: readonly SheetItem[]): number {
  const things = [...itemsIn({ items }, "weapons"), ...itemsIn({ items }, "equipment")].map((i) => ({
    enc: Math.max(0, Math.trunc(num(i.system.enc))),
    quantity: Math.max(0, Math.trunc(num(i.system.quantity, 1))),
    carried: i.system.carried !== false,
  }));
  return encumbranceLoad(things);
}

/** A condition select's options (Table 14, best first). */
function conditionOptions(current: string) {
  return CONDITIONS.map((c) => ({ value: c, label: `${NAMES}.Condition.${c}`, selected: c === current }));
}

/** What a condition does (Table 14, the rules layer's `conditionModifier`): usable, and its CMod. */
function conditionOf(condition: string): { usable: boolean; cmod: number } {
  return (CONDITIONS as readonly string[]).includes(condition)
    ? conditionModifier(condition as ItemCondition)
    : { usable: true, cmod: 0 };
}

/** What a condition does, as a line: Damaged "−1 CMod when used", Broken unusable; null otherwise. */
function conditionEffect(condition: string, localize: CharacterSheetInput["localize"]): string | null {
  const { usable, cmod } = conditionOf(condition);
  if (!usable) return localize(`${ROOT}.Gear.BrokenEffect`);
  return cmod ? localize(`${ROOT}.Gear.ConditionEffect`, { cmod: signed(cmod) }) : null;
}

function weaponRow(input: CharacterSheetInput, item: SheetItem) {
  const { localize } = input;
  const s = item.system;
  const damage = record(s.damage);
  const ammo = record(s.ammo);
  const skill = str(s.skill);
  const condition = str(s.condition) || "used";
  const clip = num(ammo.clip);
  const broken = !conditionOf(condition).usable;
  return {
    ...itemControls(item, localize),
    img: item.img,
    skill: `${NAMES}.Skill.${skill || "meleeCombat"}`,
    damage: formulaText(num(damage.base), str(damage.dice)),
    addsPhy: isMeleeWeapon({ category: str(s.category) as never }),
    rpPercent: num(s.rpPercent, 50),
    range: `${NAMES}.Range.${str(s.range) || "engaged"}`,
    enc: num(s.enc),
    condition,
    conditionOptions: conditionOptions(condition),
    conditionEffect: conditionEffect(condition, localize),
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

/**
 * When a bonus applies, as text: a compendium item names it by key (`longOrDistant`, under
 * `POLYVERSE.XeroSum.CombatRules.BonusContext`), an item of one's own in words.
 */
export function bonusContextText(
  context: string,
  input: Pick<CharacterSheetInput, "localize" | "hasKey">,
): string {
  if (!context) return "";
  const key = `${NAMES}.CombatRules.BonusContext.${context}`;
  const known = input.hasKey ? input.hasKey(key) : /^[a-z][A-Za-z]*$/.test(context);
  return known ? input.localize(key) : context;
}

/** "+1 Perception (at Long or Distant range)": one of an item's bonuses as a line. */
function bonusText(bonus: Record<string, unknown>, input: CharacterSheetInput): string {
  const target = str(bonus.target);
  const name = (SKILL_KEYS as readonly string[]).includes(target)
    ? input.localize(`${NAMES}.Skill.${target}`)
    : input.localize(`${ROOT}.BonusTarget.${target || "perception"}`);
  const context = bonusContextText(str(bonus.context), input);
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
    conditionEffect: conditionEffect(condition, localize),
    conditionLabel: localize(`${ROOT}.Gear.ConditionOf`, { name: item.name }),
    charges:
      num(charges.max) > 0
        ? {
            value: num(charges.value),
            max: num(charges.max),
            label: localize(`${ROOT}.Gear.ChargesOf`, { name: item.name }),
          }
        : null,
    bonuses: list(s.bonuses).map((b) => bonusText(record(b), input)),
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
