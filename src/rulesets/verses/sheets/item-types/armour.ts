/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the armour and
 * shield sheet.
 */
import { Fields, featureRows, physicalFields, tecField } from "./fields";
import { FIELD_PREFIX, P, type SheetData, keyed, numbers } from "./shapes";
import { datalists } from "./suggestions";

export function armourContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-armour"], s, data);
  return {
    protection: [
      tecField(f),
      f.select(
        "class",
        keyed(["light", "medium", "heavy", "shield"], (v) => `${P}.ArmourClass.${v}`, s.class),
      ),
      f.number("tuf", 0),
      f.checked("resistance", "resistance", { placeholder: "s ⇒ c, p" }),
      f.number("prwPenalty", undefined, 0),
      f.select("hands", numbers(0, 2, s.hands)),
      f.check("worn"),
    ],
    features: featureRows(f, "features", "features.element"),
    featuresPath: "system.features",
    physical: physicalFields(f, [f.decimal("carriedWeight")]),
    lists: datalists(data.idPrefix ?? "pv", ["features"]),
  };
}
