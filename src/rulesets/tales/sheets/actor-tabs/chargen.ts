/**
 * The character-generation block of the Traits tab (characters only, until "Character generation
 * finished" is ticked): the three budgets of chargen.ts (`chargenBudget`) and its problems
 * (`validateCharacter`), read from the sheet.
 *
 * The rules take the plan of the four steps; the sheet holds only the result. The plan is read back
 * as plainly as the sheet allows (the rules' own functions do every sum): the templates held (their
 * rules keys and the choices stored when they were applied), the skills and connections less what
 * those templates gave (the rules' `applyTemplate` on an empty character), an attribute above step 1's
 * 5 or a skill above step 2's 3 as raised once with trait points, and the advantages and
 * disadvantages bought with trait points (source "trait"). Foundry-free.
 */
import {
  ATTRIBUTE_KEYS,
  CONNECTION_KEYS,
  SKILL_KEYS,
  STEP_ONE_ATTRIBUTE_MAX,
  STEP_TWO_SKILL_MAX,
  applyTemplate,
  chargenBudget,
  findTemplate,
  isAttributeKey,
  validateCharacter,
  type AttributeKey,
  type CharacterTraits,
  type ChargenPlan,
  type ChargenProblem,
  type ConnectionKey,
  type SkillKey,
} from "../../rules";
import {
  ROOT,
  attributeName,
  connectionName,
  heldTrait,
  itemsIn,
  skillName,
  str,
  type CharacterSheetInput,
  type Localize,
  type SheetItem,
  type TalesActorSystem,
} from "./common";
import { templateOf, type TemplateItem } from "./templates";

/** What the held templates gave, applied in order to an empty character. */
function templateGains(templates: ChargenPlan["templates"]): CharacterTraits {
  let traits: CharacterTraits = { attributes: {}, skills: {}, connections: {} };
  for (const entry of templates ?? []) {
    const t = entry.template ?? findTemplate(entry.key);
    if (!t) continue;
    const r = applyTemplate(traits, t, entry.choices ?? {});
    if (r.ok) traits = r.value.traits;
  }
  return traits;
}

/** The chargen plan the sheet's values stand for (see the module's comment). */
export function planFromSheet(system: TalesActorSystem, items: readonly SheetItem[]): ChargenPlan {
  // A Raconteur's own template (or one whose slots were edited) brings its data; the text's go by key.
  const templates = (itemsIn({ items }, "templates") as TemplateItem[]).map((item) => {
    const template = templateOf(item);
    return {
      key: template.key,
      choices: item.choices ?? {},
      ...(findTemplate(template.key) === template ? {} : { template }),
    };
  });
  const gains = templateGains(templates);
  const attributes: Partial<Record<AttributeKey, number>> = {};
  const raisedAttributes: AttributeKey[] = [];
  for (const k of ATTRIBUTE_KEYS) {
    const v = system.attributes[k];
    if (v > STEP_ONE_ATTRIBUTE_MAX) raisedAttributes.push(k);
    attributes[k] = v > STEP_ONE_ATTRIBUTE_MAX ? v - 1 : v;
  }
  const skills: Partial<Record<SkillKey, number>> = {};
  const raisedSkills: SkillKey[] = [];
  for (const k of SKILL_KEYS) {
    const own = Math.max(0, system.skills[k] - (gains.skills[k] ?? 0));
    if (own > STEP_TWO_SKILL_MAX) raisedSkills.push(k);
    if (own > 0) skills[k] = own > STEP_TWO_SKILL_MAX ? own - 1 : own;
  }
  const connectionPoints: Partial<Record<ConnectionKey, number>> = {};
  for (const k of CONNECTION_KEYS) {
    const own = Math.max(0, system.connections[k].level - (gains.connections?.[k] ?? 0));
    if (own > 0) connectionPoints[k] = own;
  }
  const bought = (group: "advantages" | "disadvantages") =>
    itemsIn({ items }, group)
      .filter((i) => (str(i.system.source) || "trait") === "trait")
      .map((i) => heldTrait(i, group === "advantages" ? "advantage" : "disadvantage"));
  return {
    attributes,
    skills,
    templates,
    raisedAttributes,
    raisedSkills,
    connectionPoints,
    advantages: bought("advantages"),
    disadvantages: bought("disadvantages"),
  };
}

/** A problem's data with its keys named (attributes, skills, connections, templates, traits). */
function namedData(data: ChargenProblem["data"], localize: Localize): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data ?? {})) {
    const text = String(v);
    if (k === "attribute" && isAttributeKey(text)) out[k] = localize(attributeName(text));
    else if (k === "skill" && (SKILL_KEYS as readonly string[]).includes(text))
      out[k] = localize(skillName(text));
    else if (k === "connection" && (CONNECTION_KEYS as readonly string[]).includes(text))
      out[k] = localize(connectionName(text));
    else if (k === "kind") out[k] = localize(`${ROOT}.Chargen.Kind.${text}`);
    else out[k] = text;
  }
  return out;
}

export function chargenContext(input: CharacterSheetInput) {
  const { localize, settings } = input;
  const plan = planFromSheet(input.system, input.items as SheetItem[]);
  const options = {
    ...(settings?.startingPointsMultiplier !== undefined
      ? { startingPointsMultiplier: settings.startingPointsMultiplier }
      : {}),
    ...(settings?.traitCap !== undefined ? { traitCap: settings.traitCap } : {}),
  };
  const budget = chargenBudget(plan, options);
  const problems = validateCharacter(plan, options).map((p) => ({
    key: p.key,
    severity: p.severity,
    text: localize(`POLYVERSE.Tales.Character.ChargenProblem.${p.key}`, namedData(p.data, localize)),
  }));
  const t = budget.traits;
  return {
    rows: [
      {
        key: "attributes",
        spent: budget.attributes.spent,
        budget: budget.attributes.budget,
        remaining: budget.attributes.remaining,
      },
      {
        key: "skills",
        spent: budget.skills.spent,
        budget: budget.skills.budget,
        remaining: budget.skills.remaining,
      },
      {
        key: "traits",
        spent: t.templates + t.attributes + t.skills + t.connections + t.advantages,
        budget: t.budget + t.disadvantageBonus,
        remaining: t.remaining,
      },
    ].map((r) => ({ ...r, label: `${ROOT}.Chargen.Budget.${r.key}`, over: r.remaining < 0 })),
    traitParts: (
      ["templates", "attributes", "skills", "connections", "advantages", "disadvantageBonus"] as const
    ).map((k) => ({ key: k, label: `${ROOT}.Chargen.Part.${k}`, value: t[k] })),
    problems,
    errors: problems.filter((p) => p.severity === "error").length,
    fine: problems.length === 0,
  };
}
