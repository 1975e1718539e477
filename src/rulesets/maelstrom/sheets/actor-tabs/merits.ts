/**
 * The Merits & Flaws tab: the merits with what each costs, the flaws with what each awards (the
 * ability Inept binds, whether a situational flaw is in force now), the totals, and the creation
 * check (the rules layer's `validateCreation` and `creationBudget`, against the experience earned so
 * far). Foundry-free.
 */
import {
  SENSES,
  ALL_SENSES,
  creationBudget,
  validateCreation,
  type CreationInput,
  type CreationProblem,
  type HeldTrait,
} from "../../rules";
import {
  ROOT,
  abilityName,
  attributeName,
  bool,
  itemControls,
  itemsIn,
  num,
  str,
  type CharacterSheetInput,
  type Localize,
  type SheetItem,
} from "./common";

/** A merit or flaw item as the rules hold it. */
export function heldTrait(item: SheetItem): HeldTrait {
  const s = item.system;
  return {
    key: str(s.key),
    points: num(s.points),
    option: str(s.option),
    ...(str(s.ability) ? { ability: str(s.ability) } : {}),
    active: bool(s.active),
  };
}

/** An option as the sheet shows it: a sense by its name, anything else as written. */
export function optionText(option: string, localize: Localize): string {
  return option === ALL_SENSES || (SENSES as readonly string[]).includes(option)
    ? localize(`${ROOT}.Sense.${option}`)
    : option;
}

/** What the creation check reads from the sheet. */
export function creationInput(input: CharacterSheetInput): CreationInput {
  const { system } = input;
  return {
    attributes: { ...system.attributes },
    abilities: { ...system.abilities },
    willpower: system.willpower.max,
    specialties: itemsIn(input, "specialties").map((item) => ({
      kind: item.system.kind === "advanced" ? ("advanced" as const) : ("general" as const),
    })),
    merits: itemsIn(input, "merits").map(heldTrait),
    flaws: itemsIn(input, "flaws").map(heldTrait),
    startingXp: system.xp.total,
  };
}

/** A creation problem in words, its trait keys named. */
export function problemText(problem: CreationProblem, input: CharacterSheetInput): string {
  const { localize } = input;
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(problem.data ?? {})) data[k] = String(v);
  if (data.attribute) data.attribute = localize(attributeName(data.attribute));
  if (data.ability) data.ability = localize(abilityName(data.ability));
  if (data.trait) {
    const kind = data.kind === "flaw" ? "flaws" : "merits";
    const key = data.trait;
    data.trait = itemsIn(input, kind).find((item) => item.system.key === key)?.name ?? key;
  }
  if (data.sense) data.sense = optionText(data.sense, localize);
  if (data.option) data.option = optionText(data.option, localize);
  if (problem.key === "overBudget") data.over = String(-num(problem.data?.remaining));
  return localize(`${ROOT}.Creation.${problem.key}`, data);
}

function creationContext(input: CharacterSheetInput) {
  const rules = creationInput(input);
  const budget = creationBudget(rules);
  const numbers = Object.fromEntries(Object.entries(budget).map(([k, v]) => [k, String(v)]));
  return {
    problems: validateCreation(rules).map((p) => problemText(p, input)),
    budget: input.localize(`${ROOT}.Creation.Budget`, numbers),
  };
}

export function meritsContext(input: CharacterSheetInput) {
  const { localize } = input;
  const merits = itemsIn(input, "merits").map((item) => ({
    ...itemControls(item, localize),
    img: item.img,
    points: num(item.system.points),
    option: optionText(str(item.system.option), localize),
  }));
  const flaws = itemsIn(input, "flaws").map((item) => {
    const ability = str(item.system.ability);
    const active = bool(item.system.active);
    return {
      ...itemControls(item, localize),
      img: item.img,
      points: num(item.system.points),
      option: optionText(str(item.system.option), localize),
      ability: ability ? localize(abilityName(ability)) : "",
      active,
      activeLabel: localize(`${ROOT}.Merits.${active ? "Deactivate" : "Activate"}`, { name: item.name }),
    };
  });
  const meritCost = merits.reduce((sum, m) => sum + m.points, 0);
  const flawAward = flaws.reduce((sum, f) => sum + f.points, 0);
  return {
    merits,
    flaws,
    meritCost,
    flawAward,
    totals: localize(`${ROOT}.Merits.Totals`, { cost: String(meritCost), award: String(flawAward) }),
    /** Storyteller characters are not held to the creation rules. */
    creation: input.type === "maelstrom-npc" ? null : creationContext(input),
  };
}
