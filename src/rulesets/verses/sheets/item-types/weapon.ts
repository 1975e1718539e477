/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the weapon
 * sheet (its modes and their features).
 */
import { type FeatureRowView, Fields, featureRows, physicalFields, tecField } from "./fields";
import { FIELD_PREFIX, type FieldView, P, type SheetData, arr, num, numbers, rec, str } from "./shapes";
import { datalists } from "./suggestions";

export interface ModeView {
  index: number;
  title: string;
  number: number;
  named: boolean;
  fields: FieldView[];
  damage: FieldView[];
  features: FeatureRowView[];
  featuresPath: string;
  canRemove: boolean;
}

export function weaponContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-weapon"], s, data);
  const modes = arr(s.modes);
  const modeViews: ModeView[] = modes.map((m, i) => {
    const mode = rec(m);
    const base = `modes.${i}`;
    const l = (p: string) => ({ labelPath: `modes.element.${p}` });
    return {
      index: i,
      number: i + 1,
      title: str(mode.name),
      named: !!str(mode.name),
      fields: [
        f.text(`${base}.name`, l("name")),
        f.select(`${base}.hands`, numbers(0, 2, mode.hands), l("hands")),
        f.check(`${base}.indirect`, l("indirect")),
        f.text(`${base}.skill`, { ...l("skill"), list: "weaponSkills", wide: true }),
        f.checked(`${base}.test`, "test", l("test")),
      ],
      damage: [
        f.checked(`${base}.damage`, "damage", l("damage")),
        f.checked(`${base}.area`, "area", l("area")),
        f.checked(`${base}.thrownDamage`, "damage", l("thrownDamage")),
      ],
      features: featureRows(f, `${base}.features`, "modes.element.features.element"),
      featuresPath: `system.${base}.features`,
      canRemove: modes.length > 1,
    };
  });
  const magazine = rec(s.magazine);
  const loaded = f.number("magazine.loaded", 0);
  if (num(magazine.loaded) > num(magazine.size))
    loaded.problem = { key: `${P}.Problem.Loaded`, detail: String(num(magazine.size)) };
  return {
    general: [tecField(f), f.text("key"), f.text("ammunition", { list: "ammunition" }), f.check("equipped")],
    magazine: [f.number("magazine.size", 0), loaded],
    physical: physicalFields(f),
    modes: modeViews,
    modesPath: "system.modes",
    lists: datalists(data.idPrefix ?? "pv", ["features", "weaponSkills", "ammunition"]),
  };
}
