/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the society
 * sheet.
 */
import { ATTRIBUTE_RATING_LABELS, POPULATION_SIZES, SOCIETY_ATTRIBUTES, TEC_LEVELS } from "../../rules";
import { Fields, descriptionContext, headerContext } from "./fields";
import { FIELD_PREFIX, type FieldView, P, type SheetData } from "./shapes";

export interface SocietyAttributeView {
  key: string;
  abbreviation: string;
  field: FieldView;
  description: string;
}

/**
 * A society: JST, MOB and TOL on the rated-value scale (0 None .. 5 Superior, the rules'
 * `ATTRIBUTE_RATING_LABELS`), TEC on the TEC scale (1 Ancient .. 5 Future), POP 1..5 (1 "a small
 * hamlet or village", 5 "a sprawling metropolis").
 */
export function societyContext(data: SheetData) {
  const s = data.system;
  const prefix = FIELD_PREFIX["verses-society"];
  const f = new Fields(prefix, s, data);
  const attributes: SocietyAttributeView[] = SOCIETY_ATTRIBUTES.map((a) => {
    const options =
      a.key === "tec"
        ? TEC_LEVELS.map((t) => ({
            value: String(t.value),
            label: `${P}.Society.TecOption.${t.value}`,
            localize: true,
            selected: Number(s.tec) === t.value,
          }))
        : ATTRIBUTE_RATING_LABELS.map((_label, n) => ({
            value: String(n),
            label: `${P}.Society.Rating.${n}`,
            localize: true,
            selected: Number(s[a.key]) === n,
          }));
    return {
      key: a.key,
      abbreviation: `${prefix}.${a.key}.abbr`,
      field: f.select(a.key, options, { hint: `${prefix}.${a.key}.hint` }),
      description: `${prefix}.${a.key}.hint`,
    };
  });
  const pop = f.select(
    "pop",
    POPULATION_SIZES.map((p) => ({
      value: String(p.value),
      label: `${P}.Society.Population.${p.value}`,
      localize: true,
      selected: Number(s.pop) === p.value,
    })),
    { hint: `${prefix}.pop.hint` },
  );
  return {
    header: headerContext(data, false),
    editable: data.editable,
    attributes,
    pop,
    description: descriptionContext(data, `${prefix}.description.label`),
  };
}
