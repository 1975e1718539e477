/**
 * The 'Verses actor sheet's context (see `../actor-context.ts`): the Inventory tab (physical items,
 * load against Max Carry).
 */
import { itemLoadKg } from "../../data/convert";
import { type ActorSheetInput, PHYSICAL_TYPES, ROOT, bool, byName, formatKg, itemsIn, num } from "./common";

export { PHYSICAL_TYPES };

export function inventoryContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const rows = itemsIn(input, "physical")
    .map((item) => {
      const s = item.system as {
        quantity?: number;
        weight?: number;
        carried?: boolean;
        worn?: boolean;
        equipped?: boolean;
        carriedWeight?: number;
      };
      const load = itemLoadKg(item.type, s);
      return {
        id: item.id,
        name: item.name,
        img: item.img,
        type: item.type,
        typeLabel: `${ROOT}.Item.Type.${item.type}`,
        quantity: num(s.quantity, 1),
        weight: formatKg(num(s.weight)),
        load: formatKg(load),
        carried: s.carried !== false,
        /** The worn/equipped toggle this type has (armour is worn, weapons equipped). */
        toggle:
          item.type === "verses-armour"
            ? { field: "worn", on: bool(s.worn), label: `${ROOT}.Item.Worn` }
            : item.type === "verses-weapon"
              ? { field: "equipped", on: bool(s.equipped), label: `${ROOT}.Item.Equipped` }
              : null,
      };
    })
    .sort(
      (a, b) =>
        PHYSICAL_TYPES.indexOf(a.type as never) - PHYSICAL_TYPES.indexOf(b.type as never) || byName(a, b),
    );
  const { carried, maxCarry, prwPenalty, exPerRound } = system.load;
  const over = carried > maxCarry;
  return {
    rows,
    load: {
      carried: formatKg(carried),
      maxCarry: formatKg(maxCarry),
      over,
      overBy: formatKg(Math.max(0, carried - maxCarry)),
      prwPenalty,
      exPerRound,
      percent: maxCarry > 0 ? Math.min(100, Math.round((carried / maxCarry) * 100)) : over ? 100 : 0,
      summary: localize(`${ROOT}.Inventory.Load`, {
        carried: formatKg(carried),
        maxCarry: formatKg(maxCarry),
      }),
      overload: over
        ? localize(`${ROOT}.Inventory.Overload`, {
            over: formatKg(carried - maxCarry),
            penalty: String(prwPenalty),
          })
        : "",
      exhaustion: exPerRound > 0 ? localize(`${ROOT}.Inventory.Exhaustion`, { ex: String(exPerRound) }) : "",
    },
  };
}
