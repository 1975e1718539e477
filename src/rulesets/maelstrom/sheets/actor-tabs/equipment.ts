/**
 * The Equipment tab: weapons with the text's columns (damage "Strength + N" for melee and its type,
 * range, rate, capacity "17+1", rounds loaded with a Reload button) and an attack button each; armour with its soak
 * ratings and whether it is worn. Foundry-free.
 */
import { ROOT, abilityName, bool, itemControls, itemsIn, num, str, type CharacterSheetInput } from "./common";

const DAMAGE_ABBR = { bashing: "B", lethal: "L", aggravated: "A" } as const;

export function weaponRows(input: CharacterSheetInput) {
  const { localize } = input;
  return itemsIn(input, "weapons").map((item) => {
    const s = item.system;
    const melee = s.category === "melee";
    const damage = num(s.damage);
    const type = (["bashing", "lethal", "aggravated"] as const).find((t) => t === s.damageType) ?? "lethal";
    const magazine = num(s.capacity && (s.capacity as Record<string, unknown>).magazine);
    const chamber = num(s.capacity && (s.capacity as Record<string, unknown>).chamber);
    const holds = magazine + chamber;
    return {
      ...itemControls(item, localize),
      img: item.img,
      melee,
      category: localize(`POLYVERSE.Maelstrom.Weapon.Category.${melee ? "melee" : "ranged"}`),
      ability: localize(abilityName(str(s.ability) || (melee ? "melee" : "firearms"))),
      damage: bool(s.addStrength)
        ? localize(`${ROOT}.Equipment.StrengthPlus`, { damage: String(damage) })
        : String(damage),
      damageType: localize(`POLYVERSE.Maelstrom.DamageType.${type}`),
      damageKey: type,
      damageAbbr: DAMAGE_ABBR[type],
      range: melee ? "" : String(num(s.range)),
      rate: melee ? "" : String(num(s.rate)),
      capacity: melee || holds === 0 ? "" : chamber ? `${magazine}+${chamber}` : String(magazine),
      hasAmmo: !melee && holds > 0,
      loaded: num(s.loaded),
      holds,
      loadedLabel: localize(`${ROOT}.Equipment.LoadedOf`, { name: item.name }),
      // Reload fills the magazine and the chamber: nothing to do when they are full.
      reload:
        !melee && holds > 0
          ? {
              full: num(s.loaded) >= holds,
              label: localize(`${ROOT}.Equipment.ReloadOf`, { name: item.name }),
              hint: localize(`${ROOT}.Equipment.${num(s.loaded) >= holds ? "ReloadFull" : "ReloadHint"}`),
            }
          : null,
      rollLabel: localize(`${ROOT}.Roll.Attack`, { name: item.name }),
    };
  });
}

export function armorRows(input: CharacterSheetInput) {
  const { localize } = input;
  return itemsIn(input, "armor").map((item) => {
    const s = item.system;
    const equipped = s.equipped !== false;
    return {
      ...itemControls(item, localize),
      img: item.img,
      bashing: num(s.bashing),
      lethal: num(s.lethal),
      aggravated: num(s.aggravated),
      equipped,
      toggleLabel: localize(`${ROOT}.Equipment.${equipped ? "TakeOff" : "PutOn"}`, { name: item.name }),
    };
  });
}

export function equipmentContext(input: CharacterSheetInput) {
  return { weapons: weaponRows(input), armor: armorRows(input) };
}
