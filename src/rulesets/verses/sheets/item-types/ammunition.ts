/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the ammunition
 * sheet.
 */
import { Fields, physicalFields, tecField } from "./fields";
import { FIELD_PREFIX, type SheetData } from "./shapes";
import { datalists } from "./suggestions";

export function ammunitionContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-ammunition"], s, data);
  return {
    general: [tecField(f), f.text("key"), f.checked("effect", "ammoEffect", { placeholder: "+2(s)" })],
    weapons: f.entries("weapons", { list: "weaponNames" }),
    physical: physicalFields(f),
    lists: datalists(data.idPrefix ?? "pv", ["weaponNames"]),
  };
}
