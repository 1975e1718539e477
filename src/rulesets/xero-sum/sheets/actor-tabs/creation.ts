/**
 * The Creation tab: how the character was made (Backstory Generation, a Paradigm, a Pregen) and, for
 * Backstory Generation, the Character Development Points spent step by step against each step's
 * budget and cap, as the rules layer's `validateBackstory` reads them (its problems listed, the
 * attributes and skills they come to, set on the sheet with one button); the narrative steps (Three
 * Words, Complication and Motivation, gear) as a checklist. Also what dropping a Paradigm writes.
 * Foundry-free.
 */
import { signed } from "../../../../core/sheet-logic";
import {
  ATTRIBUTE_KEYS,
  BACKSTORY_BUDGETS,
  BACKSTORY_CDP,
  CREATION_METHODS,
  SKILL_KEYS,
  applyParadigm,
  backstoryInProgress,
  skillStart,
  validateBackstory,
  type AttributeKey,
  type BackstoryStep,
  type CreationProblem,
  type SkillKey,
} from "../../rules";
import {
  NAMES,
  ROOT,
  attributeName,
  itemsIn,
  num,
  record,
  removeAt,
  skillName,
  str,
  type BackstorySpend,
  type CharacterSheetInput,
  type Localize,
  type XeroSumActorSystem,
} from "./common";

/** The steps that spend CDP (One to Five). */
export const SPENDING_STEPS = [1, 2, 3, 4, 5] as const;

const isAttribute = (key: string): key is AttributeKey => (ATTRIBUTE_KEYS as readonly string[]).includes(key);
const isSkill = (key: string): key is SkillKey => (SKILL_KEYS as readonly string[]).includes(key);

/** A spend target as a select's value: "attribute:rsn", "skill:mechanic". */
export function parseSpendTarget(value: string): { kind: "attribute" | "skill"; key: string } | null {
  const [kind, key = ""] = value.split(":");
  if (kind === "attribute" && isAttribute(key)) return { kind, key };
  if (kind === "skill" && isSkill(key)) return { kind, key };
  return null;
}

/** The spends with one more CDP (null for a step that spends none, or an unknown target). */
export function addSpend(system: XeroSumActorSystem, step: number, target: string): BackstorySpend[] | null {
  const parsed = parseSpendTarget(target);
  if (!parsed || !(SPENDING_STEPS as readonly number[]).includes(step)) return null;
  return [...system.creation.spends, { step, ...parsed }];
}

/** The spends without the one at `index`. */
export function removeSpend(system: XeroSumActorSystem, index: number): BackstorySpend[] | null {
  return removeAt(system.creation.spends, index);
}

/**
 * The attributes and skills the backstory comes to, as an update of the sheet; null while it has a
 * problem other than CDP left to spend.
 */
export function backstoryApplyUpdate(system: XeroSumActorSystem): Record<string, number> | null {
  const result = validateBackstory(system.creation.spends);
  if (!backstoryInProgress(result.problems)) return null;
  return {
    ...Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [`system.attributes.${k}`, result.attributes[k]])),
    ...Object.fromEntries(SKILL_KEYS.map((k) => [`system.skills.${k}`, result.skills[k]])),
  };
}

/** A paradigm's `system` as dropping it reads it. */
export type ParadigmSource = Record<string, unknown>;

const numbers = (source: unknown, keys: readonly string[]): Record<string, number> =>
  Object.fromEntries(
    keys
      .map((k) => [k, record(source)[k]] as const)
      .filter((e): e is readonly [string, number] => typeof e[1] === "number" && Number.isInteger(e[1])),
  );

/**
 * What applying a dropped Paradigm writes, through the rules layer's `applyParadigm`: its RAPID Range
 * and skills, the character's own Complication and Motivation kept (the Paradigm's where the
 * character has none), the creation method; and what is still missing (the Three Words ...).
 */
export function paradigmUpdate(
  paradigm: ParadigmSource,
  system: XeroSumActorSystem,
): { update: Record<string, unknown>; problems: CreationProblem[] } {
  const n = system.narrative;
  const words = [n.threeWords.first, n.threeWords.second, n.threeWords.third].filter((w) => w.trim());
  const applied = applyParadigm(
    {
      attributes: numbers(paradigm.attributes, ATTRIBUTE_KEYS),
      skills: numbers(paradigm.skills, SKILL_KEYS),
      complication: str(paradigm.complication),
      motivation: str(paradigm.motivation),
    },
    {
      ...(words.length ? { threeWords: words } : {}),
      ...(n.complication || n.customComplication
        ? { complication: n.complication || n.customComplication }
        : {}),
      ...(n.motivation || n.customMotivation ? { motivation: n.motivation || n.customMotivation } : {}),
    },
  );
  const update: Record<string, unknown> = { "system.creation.method": "paradigm" };
  for (const k of ATTRIBUTE_KEYS) update[`system.attributes.${k}`] = applied.attributes[k];
  for (const k of SKILL_KEYS) update[`system.skills.${k}`] = applied.skills[k];
  if (!n.complication && !n.customComplication && applied.complication)
    update["system.narrative.complication"] = applied.complication;
  if (!n.motivation && !n.customMotivation && applied.motivation)
    update["system.narrative.motivation"] = applied.motivation;
  return { update, problems: applied.problems };
}

/** A problem of the rules layer as a sentence (its key under `POLYVERSE.XeroSum.Check.Problem`), its data named. */
export function problemText(problem: CreationProblem, localize: Localize): string {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(problem.data ?? {})) data[k] = String(v);
  const key = str(problem.data?.key);
  if (key) data.key = localize(isAttribute(key) ? attributeName(key) : isSkill(key) ? skillName(key) : key);
  if (problem.data?.kind === "attribute" || problem.data?.kind === "skill")
    data.kind = localize(`${ROOT}.Creation.Kind.${problem.data.kind}`);
  if (typeof problem.data?.value === "number") data.value = signed(problem.data.value);
  if (typeof problem.data?.cap === "number") data.cap = signed(problem.data.cap);
  return localize(`${NAMES}.Check.Problem.${problem.key}`, data);
}

function spendTargets(localize: Localize, withAttributes: boolean) {
  const attributes = ATTRIBUTE_KEYS.map((k) => ({
    value: `attribute:${k}`,
    label: localize(attributeName(k)),
  }));
  const skills = SKILL_KEYS.map((k) => ({ value: `skill:${k}`, label: localize(skillName(k)) }));
  return [
    ...(withAttributes ? [{ label: localize(`${ROOT}.Creation.Kind.attribute`), options: attributes }] : []),
    { label: localize(`${ROOT}.Creation.Kind.skill`), options: skills },
  ];
}

function backstoryContext(input: CharacterSheetInput) {
  const { system, localize } = input;
  const result = validateBackstory(system.creation.spends);
  const steps = SPENDING_STEPS.map((step) => {
    const budget = BACKSTORY_BUDGETS[step as BackstoryStep];
    const spent = result.spent[step as BackstoryStep];
    const kind = (k: "attribute" | "skill") => ({
      spent: spent[k],
      budget: budget[k],
      over: spent[k] > budget[k],
      done: spent[k] === budget[k],
      text: localize(`${ROOT}.Creation.Spent.${k}`, { spent: String(spent[k]), budget: String(budget[k]) }),
    });
    return {
      step,
      title: `${NAMES}.Check.BackstoryStep.${step}`,
      attribute: kind("attribute"),
      skill: kind("skill"),
      cap: localize(`${ROOT}.Creation.Cap`, { cap: signed(budget.skillCap) }),
      spends: system.creation.spends
        .map((s, index) => ({ ...s, index }))
        .filter((s) => s.step === step)
        .map((s) => {
          const name = localize(s.kind === "attribute" ? attributeName(s.key) : skillName(s.key));
          return {
            index: s.index,
            kind: s.kind,
            name,
            removeLabel: localize(`${ROOT}.Creation.RemoveSpend`, { name, step: String(step) }),
          };
        }),
      pickId: `creation-pick-${step}`,
      pickLabel: localize(`${ROOT}.Creation.PickLabel`, { step: String(step) }),
      targets: spendTargets(localize, budget.attribute > 0),
      addLabel: localize(`${ROOT}.Creation.AddSpend`, { step: String(step) }),
    };
  });
  const total = (k: "attribute" | "skill") =>
    SPENDING_STEPS.reduce((sum, step) => sum + result.spent[step as BackstoryStep][k], 0);
  const illegal = result.problems.filter((p) => p.key !== "unspent");
  return {
    steps,
    totals: {
      attribute: localize(`${ROOT}.Creation.Total.attribute`, {
        spent: String(total("attribute")),
        budget: String(BACKSTORY_CDP.attribute),
      }),
      skill: localize(`${ROOT}.Creation.Total.skill`, {
        spent: String(total("skill")),
        budget: String(BACKSTORY_CDP.skill),
      }),
    },
    complete: result.problems.length === 0,
    problems: illegal.map((p) => problemText(p, localize)),
    attributes: ATTRIBUTE_KEYS.map((k) => ({
      name: `${NAMES}.AttributeAbbr.${k}`,
      value: signed(result.attributes[k]),
    })),
    skills: SKILL_KEYS.filter((k) => result.skills[k] !== skillStart(k)).map((k) => ({
      name: skillName(k),
      value: signed(result.skills[k]),
    })),
    canApply: input.editable && illegal.length === 0 && system.creation.spends.length > 0,
  };
}

/** The narrative steps as a checklist: Three Words, Complication and Motivation, two weapons and an item. */
function checklist(input: CharacterSheetInput) {
  const n = input.system.narrative;
  const words = [n.threeWords.first, n.threeWords.second, n.threeWords.third].filter((w) => w.trim()).length;
  const weapons = itemsIn(input, "weapons").length;
  const equipment = itemsIn(input, "equipment").length;
  const item = (key: string, done: boolean, data: Record<string, string> = {}) => ({
    key,
    done,
    text: input.localize(`${ROOT}.Creation.Check.${key}`, data),
  });
  return [
    item("threeWords", words === 3, { count: String(words) }),
    item("complication", Boolean(n.complication || n.customComplication.trim())),
    item("motivation", Boolean(n.motivation || n.customMotivation.trim())),
    item("weapons", weapons >= 2, { count: String(weapons) }),
    item("equipment", equipment >= 1, { count: String(equipment) }),
  ];
}

export function creationContext(input: CharacterSheetInput) {
  const { system } = input;
  const method = system.creation.method;
  return {
    method: {
      id: "creation-method",
      name: "system.creation.method",
      options: CREATION_METHODS.map((m) => ({
        value: m,
        label: `${NAMES}.CreationMethod.${m}`,
        selected: m === method,
      })),
    },
    done: { id: "creation-done", name: "system.creation.done", checked: system.creation.done },
    isBackstory: method === "backstory",
    note: method === "backstory" ? null : `${ROOT}.Creation.Note.${method}`,
    backstory: method === "backstory" ? backstoryContext(input) : null,
    checklist: checklist(input),
    spendCount: num(system.creation.spends.length),
  };
}
