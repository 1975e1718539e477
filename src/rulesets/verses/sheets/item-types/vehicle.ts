/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the vehicle
 * sheet.
 */
import { Fields, descriptionContext, headerContext, tecField } from "./fields";
import { FIELD_PREFIX, P, type SheetData, arr, num, rec } from "./shapes";

export function vehicleContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-vehicle"], s, data);
  const hp = rec(s.hp);
  const hpValue = f.number("hp.value", 0);
  if (num(hp.max) > 0 && num(hp.value) > num(hp.max))
    hpValue.problem = { key: `${P}.Problem.HpAboveMax`, detail: String(num(hp.max)) };
  const team = f.entries("team");
  team.placeholder = `${P}.Entry.TeamPlaceholder`;
  team.entries = team.entries.map((e) => {
    const name = data.teamNames?.[e.value];
    return name ? { ...e, label: name, localize: false } : { ...e, label: e.value, localize: false };
  });
  const teamSize = arr(s.team).length;
  const animals = f.number("animals", 0);
  if (teamSize > num(s.animals)) animals.problem = { key: `${P}.Problem.TeamSize`, detail: String(teamSize) };
  return {
    header: headerContext(data, false),
    editable: data.editable,
    general: [f.text("vehicleType"), tecField(f), f.text("drivingSkill", { placeholder: "Driving » Cart" })],
    movement: [f.decimal("speedKmh"), f.decimal("mv"), f.decimal("cargoM3")],
    protection: [f.number("tuf", 0), f.checked("resistance", "resistance", { placeholder: "(s, p, r) ⇒ c" })],
    hp: [hpValue, f.number("hp.max", 0)],
    worth: [f.decimal("weight"), f.decimal("value")],
    animals,
    team,
    description: descriptionContext(data, `${FIELD_PREFIX["verses-vehicle"]}.description.label`),
  };
}
