/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the gear sheet
 * (items, tools, supplies, containers).
 */
import { Fields, physicalFields, tecField } from "./fields";
import { FIELD_PREFIX, P, type SheetData, keyed, num, str } from "./shapes";
import { datalists } from "./suggestions";

export function gearContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-gear"], s, data);
  const kind = str(s.kind) || "item";
  const ol = f.number("ol", 0, 5);
  if (kind === "tool" && num(s.ol) === 0) ol.problem = { key: `${P}.Problem.ToolOl`, detail: "" };
  const toolFor = f.entries("toolFor", { list: "toolSkills" });
  return {
    general: [
      tecField(f),
      f.select(
        "kind",
        keyed(["item", "tool", "supply", "container"], (v) => `${P}.GearKind.${v}`, kind),
      ),
      f.check("perMetre"),
    ],
    tool: [ol],
    toolFor,
    supplies: [f.text("supplyKind", { list: "supplyKinds" }), f.number("supplies", 0)],
    physical: physicalFields(f),
    lists: datalists(data.idPrefix ?? "pv", ["toolSkills", "supplyKinds"]),
  };
}
