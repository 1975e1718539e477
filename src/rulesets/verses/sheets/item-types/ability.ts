/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the ability
 * sheet.
 */
import { canTakeIntrinsic, findAbility } from "../../rules";
import { rulesText } from "../../base/rules-message-logic";
import { Fields } from "./fields";
import {
  ACTOR_KINDS,
  FIELD_PREFIX,
  type FieldView,
  P,
  type SheetData,
  abilityOptions,
  arr,
  bool,
  str,
} from "./shapes";

export function abilityContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-ability"], s, data);
  const key = f.select("key", abilityOptions(s.key, `${P}.Ability.custom`));
  const def = findAbility(str(s.key) || data.name);
  if (str(s.key) && !findAbility(str(s.key)))
    key.problem = { key: `${P}.Problem.Ability`, detail: str(s.key) };
  const kinds = arr(s.actorKinds).map(str);
  const extrinsic = bool(s.extrinsic);
  const kindFields: FieldView[] = ACTOR_KINDS.map((kind) => {
    const field: FieldView = {
      id: f.id(`actorKinds-${kind}`),
      name: `actorKindFlags.${kind}`,
      label: `${P}.ActorKind.${kind}`,
      kind: "checkbox",
      value: kinds.includes(kind),
      problem: null,
      preview: [],
      disabled: !data.editable,
    };
    if (def && kinds.includes(kind) && !extrinsic) {
      const allowed = canTakeIntrinsic(def, kind);
      if (!allowed.ok)
        field.problem = { key: `${P}.Problem.Intrinsic`, detail: rulesText(allowed.reason, data.localize) };
    }
    return field;
  });
  return {
    key,
    kindsLabel: `${FIELD_PREFIX["verses-ability"]}.actorKinds.label`,
    kinds: kindFields,
    dice: [f.number("allocated", 0, 5), f.number("exBound", 0, 5), f.check("extrinsic")],
    rules: def
      ? {
          name: `${P}.Ability.${def.key}`,
          text: def.text,
          intrinsicFor: def.intrinsicFor.map((k) => `${P}.ActorKind.${k}`),
        }
      : null,
  };
}
