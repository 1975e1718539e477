/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the skill
 * sheet.
 */
import { ATTRIBUTE_KEYS, findAbility } from "../../rules";
import { Fields, rows } from "./fields";
import {
  ATTRIBUTE_LABEL,
  FIELD_PREFIX,
  type FieldView,
  P,
  type SheetData,
  abilityOptions,
  keyed,
  rec,
  str,
} from "./shapes";
import { datalists } from "./suggestions";

export function skillContext(data: SheetData) {
  const prefix = FIELD_PREFIX["verses-skill"];
  const s = data.system;
  const f = new Fields(prefix, s, data);
  const def = rec(s.default);
  const defaultKind = str(def.kind) || "attribute";
  const defaultFields: FieldView[] = [
    f.select(
      "default.kind",
      keyed(["attribute", "ability", "skill"], (v) => `${P}.DefaultKind.${v}`, defaultKind),
    ),
  ];
  if (defaultKind === "attribute")
    defaultFields.push(f.select("default.attribute", keyed(ATTRIBUTE_KEYS, ATTRIBUTE_LABEL, def.attribute)));
  else if (defaultKind === "ability") {
    const field = f.select("default.ability", abilityOptions(def.ability, `${P}.Choose`));
    if (!findAbility(str(def.ability)))
      field.problem = { key: `${P}.Problem.Ability`, detail: str(def.ability) };
    defaultFields.push(field);
  } else {
    const field = f.text("default.skill");
    if (!str(def.skill).trim()) field.problem = { key: `${P}.Problem.DefaultSkill`, detail: "" };
    defaultFields.push(field, f.text("default.spec"));
  }
  const chain = rec(s.chainLimit);
  const chainFields = [
    f.select(
      "chainLimit.mode",
      keyed(["none", "sets", "adds"], (v) => `${P}.ChainMode.${v}`, chain.mode || "none"),
    ),
  ];
  if (str(chain.mode) !== "none" && chain.mode) {
    const field = f.text("chainLimit.chain");
    if (!str(chain.chain).trim()) field.problem = { key: `${P}.Problem.Chain`, detail: "" };
    chainFields.push(field);
  }
  return {
    identity: [
      f.text("skill"),
      f.text("spec"),
      f.number("difficulty", 0, 5),
      f.select(
        "tec",
        keyed(["general", "1", "2", "3", "4", "5"], (v) => `${P}.TecGroup.${v}`, s.tec),
      ),
      f.text("category"),
    ],
    repeat: [f.check("repeatable", { wide: true }), f.text("specialisationHint", { wide: true })],
    defaultFields,
    prerequisites: rows(f, "prerequisites", (p, i) => {
      const kind = str(p.kind) || "skill";
      const name =
        kind === "ability"
          ? f.select(`prerequisites.${i}.name`, abilityOptions(p.name, `${P}.Choose`), {
              labelPath: "prerequisites.element.name",
            })
          : f.text(`prerequisites.${i}.name`, { labelPath: "prerequisites.element.name" });
      if (kind === "ability" && !findAbility(str(p.name)))
        name.problem = { key: `${P}.Problem.Ability`, detail: str(p.name) };
      else if (kind === "skill" && !str(p.name).trim())
        name.problem = { key: `${P}.Problem.PrerequisiteName`, detail: "" };
      return [
        f.select(
          `prerequisites.${i}.kind`,
          keyed(["skill", "ability"], (v) => `${P}.DefaultKind.${v}`, kind),
          {
            labelPath: "prerequisites.element.kind",
          },
        ),
        name,
        f.text(`prerequisites.${i}.spec`, {
          labelPath: "prerequisites.element.spec",
          disabled: kind === "ability" || !data.editable,
        }),
      ];
    }),
    chainFields,
    reloadReduction: f.check("reloadReduction"),
    addsTo: rows(f, "addsTo", (a, i) => [
      f.text(`addsTo.${i}.hook`, { labelPath: "addsTo.element.hook", list: "hooks" }),
      f.select(
        `addsTo.${i}.mode`,
        keyed(["allocated", "skillDice"], (v) => `${P}.AddMode.${v}`, a.mode || "allocated"),
        {
          labelPath: "addsTo.element.mode",
        },
      ),
      f.text(`addsTo.${i}.condition`, { labelPath: "addsTo.element.condition" }),
    ]),
    notes: f.text("notes", { wide: true }),
    actor: [f.number("allocated", 0, 5), f.number("trainedTec", 0, 5), f.check("fromSpecies")],
    lists: datalists(data.idPrefix ?? "pv", ["hooks"]),
  };
}
