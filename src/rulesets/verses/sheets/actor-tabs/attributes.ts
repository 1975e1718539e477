/**
 * The 'Verses actor sheet's context (see `../actor-context.ts`): the Attributes tab (core
 * attributes and their pools, derived attributes).
 */
import { ATTRIBUTE_KEYS, DERIVED_KEYS, formatFormula, speciesFormula, type DerivedKey } from "../../rules";
import { type ActorSheetInput, ROOT, attributeAbbr, poolFor, summarisePool, testForbidden } from "./common";

const DERIVED_UNITS: Partial<Record<DerivedKey, string>> = {
  maxCarry: `${ROOT}.Unit.Kg`,
  mv: `${ROOT}.Unit.MetresPerAD`,
};

export function attributesContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const forbidden = testForbidden(system, localize);
  const attributes = ATTRIBUTE_KEYS.map((key) => {
    const pool = summarisePool(poolFor(input.world, system, { attribute: key }), localize);
    const rollPool = system.attributePools[key];
    return {
      key,
      abbr: attributeAbbr(key),
      name: `POLYVERSE.Verses.Attribute.${key}.Name`,
      field: `system.attributes.${key}`,
      value: system.attributes[key],
      effective: system.effective[key],
      modified: system.effective[key] !== system.attributes[key],
      pool: rollPool,
      breakdown: pool.breakdown,
      forbidden,
    };
  });
  const derived = DERIVED_KEYS.map((key) => {
    const formula = formatFormula(speciesFormula(system.species, key));
    const unit = DERIVED_UNITS[key];
    return {
      key,
      abbr: `${ROOT}.Derived.${key}.Abbr`,
      name: `${ROOT}.Derived.${key}.Name`,
      value: system.derived[key],
      unit: unit ? localize(unit) : "",
      formula: localize(`${ROOT}.Derived.Formula`, {
        formula: unit ? `${formula} ${localize(unit)}` : formula,
      }),
    };
  });
  return { attributes, derived };
}
