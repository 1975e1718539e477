/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the species
 * sheet (core attributes, derived formulas, abilities).
 */
import {
  ATTRIBUTE_KEYS,
  DERIVED_KEYS,
  HUMAN_FORMULAS,
  findAbility,
  formatFormula,
  type AttributeKey,
} from "../../rules";
import { Fields } from "./fields";
import { ACTOR_KINDS, FIELD_PREFIX, P, type SheetData, abilityOptions, arr, keyed, num, rec } from "./shapes";

export function speciesContext(data: SheetData) {
  const s = data.system;
  const f = new Fields(FIELD_PREFIX["verses-species"], s, data);
  const coreSrc = rec(s.core);
  const core = Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, num(coreSrc[k], 2)])) as Record<
    AttributeKey,
    number
  >;
  const abilities = rec(s.abilities);
  const choices = rec(s.intrinsicAbilityChoices);
  const knownAbility = (k: string) => (findAbility(k) ? `${P}.Ability.${findAbility(k)!.key}` : null);
  return {
    general: [
      f.text("key"),
      f.select(
        "kind",
        keyed(ACTOR_KINDS, (v) => `${P}.ActorKind.${v}`, s.kind),
      ),
    ],
    core: ATTRIBUTE_KEYS.map((k) =>
      f.number(`core.${k}`, 1, 5, { label: `POLYVERSE.Verses.Attribute.${k}.Name` }),
    ),
    derived: DERIVED_KEYS.map((k) =>
      f.checked(`derived.${k}`, "formula", {
        derived: k,
        core,
        placeholder: formatFormula(HUMAN_FORMULAS[k]),
      }),
    ),
    creation: [
      f.number("coreShift", 0),
      f.number("coreVariance", 0),
      f.number("liftPerTuf", 0),
      f.number("languageDice", 0),
      f.text("recommendedLanguage"),
      f.number("freeRefinementDice", 0),
    ],
    choices: [
      f.number("intrinsicAbilityChoices.count", 0),
      f.number("intrinsicAbilityChoices.dicePerAbility", 0),
    ],
    recommended: f.entries("intrinsicAbilityChoices.recommended", {
      choices: abilityOptions(null),
      labelOf: knownAbility,
    }),
    recommendedCount: arr(choices.recommended).length,
    abilities: Object.entries(abilities).map(([key, dice]) => {
      const known = findAbility(key);
      return {
        key,
        label: known ? `${P}.Ability.${known.key}` : key,
        localize: !!known,
        field: f.number(`abilities.${key}`, 0, 5, {
          label: known ? `${P}.Ability.${known.key}` : `${P}.Ability.custom`,
        }),
        dice: num(dice),
        problem: known ? null : { key: `${P}.Problem.Ability`, detail: key },
      };
    }),
    abilityChoices: abilityOptions(null).filter((o) => !(o.value in abilities)),
    abilitiesLabel: `${FIELD_PREFIX["verses-species"]}.abilities.label`,
    coreLabel: `${FIELD_PREFIX["verses-species"]}.core.label`,
    derivedLabel: `${FIELD_PREFIX["verses-species"]}.derived.label`,
  };
}
