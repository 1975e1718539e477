/**
 * Template items and the rules layer's templates (templates.ts): which rules template an item is
 * (its kind, occupation or culture group and tier), the choices a drop asks for as a dialog's view,
 * the answers read back, and what applying one (the rules' `applyTemplate`) creates on the actor: the
 * skill and connection updates, the advantage and disadvantage items (source "template") and what was
 * forfeited above the cap. Foundry-free.
 */
import {
  TEMPLATES,
  applyTemplate,
  findAdvantage,
  findDisadvantage,
  isSkillKey,
  templateChoices,
  type CharacterTraits,
  type HeldTrait,
  type SkillKey,
  type TalesTemplate,
  type TemplateApplication,
  type TemplateChoice,
  type TemplateChoices,
} from "../../rules";
import {
  ROOT,
  connectionName,
  num,
  record,
  skillName,
  str,
  traitsOf,
  type Localize,
  type SheetItem,
  type TalesActorSystem,
} from "./common";

/**
 * A template item row with the choices made when it was applied and whether its slots were edited
 * on its sheet (its flags `choices`, `ownSlots`).
 */
export type TemplateItem = SheetItem & { choices?: TemplateChoices; ownSlots?: boolean };

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const keyOf = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");
const skills = (v: unknown): SkillKey[] =>
  list(v).filter((s): s is SkillKey => typeof s === "string" && isSkillKey(s));

/**
 * The rules template an item stands for: the one its `key` names; else the one of its kind and tier
 * whose group is the item's group (by key or printed name, "Bureaucrat" or "bureaucrat"); else a
 * template read from the item's own slots (a Raconteur's own), keyed by the item's name. An item
 * whose slots were edited on its sheet (`ownSlots`, its flag) is always read from its slots.
 */
export function templateOf(item: TemplateItem): TalesTemplate {
  const s = item.system;
  const family = str(s.kind) === "culture" ? "culture" : "occupation";
  const tier = str(s.tier);
  const group = keyOf(str(s.group));
  const byKey = str(s.key) && !item.ownSlots ? TEMPLATES.find((t) => t.key === str(s.key)) : undefined;
  if (byKey) return byKey;
  const known = item.ownSlots
    ? undefined
    : TEMPLATES.find((t) => t.family === family && t.tier === tier && keyOf(t.group) === group);
  if (known) return known;
  return {
    key: `custom:${item.name}`,
    family,
    group: (group || keyOf(item.name)) as TalesTemplate["group"],
    tier: (tier || "hobby") as TalesTemplate["tier"],
    cost: num(s.cost),
    skills: list(s.skills).map((slot) => {
      const r = record(slot);
      return { options: skills(r.options), pick: num(r.count, 1), level: num(r.level, 1) };
    }),
    connections: list(s.connections).map((c) => {
      const r = record(c);
      return { connection: str(r.key) as never, level: num(r.level) };
    }),
    advantages: traitSlots(s.advantages),
    disadvantages: traitSlots(s.disadvantages),
  };
}

function traitSlots(v: unknown) {
  return list(v).map((slot) => ({
    options: list(record(slot).options).map((o) => {
      const r = record(o);
      const specialisations = skills(r.skills);
      return { key: str(r.key), level: num(r.level), ...(specialisations.length ? { specialisations } : {}) };
    }),
  }));
}

// ---- the choice dialog ---------------------------------------------------------------------------

/** The name of an advantage or disadvantage (the rules layer's strings, lang/en/tales-character.json). */
export const traitName = (key: string, kind: "advantage" | "disadvantage") =>
  `POLYVERSE.Tales.Character.${kind === "advantage" ? "Advantage" : "Disadvantage"}.${key}`;

/** Whether a choice id belongs to a template's disadvantages ("disadvantages.0.variant"). */
const familyOf = (choice: TemplateChoice): "advantage" | "disadvantage" =>
  choice.id.startsWith("disadvantages") ? "disadvantage" : "advantage";

/** The label of a choice option: a skill, an advantage or disadvantage, or a trait's variant. */
function optionLabel(choice: TemplateChoice, option: string, trait: string, localize: Localize): string {
  if (choice.kind === "skill" || (choice.kind === "specialisation" && isSkillKey(option)))
    return localize(skillName(option));
  if (choice.kind === "advantage" || choice.kind === "disadvantage")
    return localize(traitName(option, choice.kind));
  if (choice.kind === "variant") return localize(`POLYVERSE.Tales.Character.Variant.${trait}.${option}`);
  return option;
}

/** One question of the dialog: a select (pick one) or checkboxes (pick several). */
export interface ChoiceView {
  id: string;
  /** The form field: the choice id, with the option it belongs to when the grant offers several. */
  field: string;
  legend: string;
  multiple: boolean;
  pick: number;
  forOption: string;
  options: { value: string; label: string; id: string }[];
}

/** The advantage or disadvantage a specialisation or variant choice belongs to. */
function traitOfChoice(template: TalesTemplate, choice: TemplateChoice): string {
  if (choice.forOption) return choice.forOption;
  const [family, index] = choice.id.split(".");
  const grants = family === "disadvantages" ? template.disadvantages : template.advantages;
  return grants[Number(index)]?.options[0]?.key ?? "";
}

/** The dialog's questions for a template, in the table's order. */
export function templateChoiceViews(template: TalesTemplate, localize: Localize): ChoiceView[] {
  return templateChoices(template).map((choice, n) => {
    const traitKey = traitOfChoice(template, choice);
    const options = choice.options.map((value, i) => ({
      value,
      label: optionLabel(choice, value, traitKey, localize),
      id: `pv-t-choice-${n}-${i}`,
    }));
    const trait =
      choice.kind === "specialisation" || choice.kind === "variant"
        ? localize(traitName(traitKey, familyOf(choice)))
        : "";
    const legend = localize(`${ROOT}.TemplateDialog.Choice.${choice.kind}`, {
      pick: String(choice.pick),
      options: options.map((o) => o.label).join(localize(`${ROOT}.TemplateDialog.Or`)),
      trait,
    });
    return {
      id: choice.id,
      field: choice.forOption ? `${choice.id}@${choice.forOption}` : choice.id,
      legend: choice.forOption
        ? localize(`${ROOT}.TemplateDialog.IfChosen`, { choice: legend, option: trait })
        : legend,
      multiple: choice.pick > 1,
      pick: choice.pick,
      forOption: choice.forOption ?? "",
      options,
    };
  });
}

/**
 * The answers from the dialog's form values (`field` → the value, or the values ticked): a
 * specialisation or variant that belongs to one option of a grant is kept only when that option is
 * the one chosen.
 */
export function readTemplateChoices(
  template: TalesTemplate,
  values: Readonly<Record<string, string | readonly string[]>>,
): TemplateChoices {
  const out: Record<string, string | readonly string[]> = {};
  for (const choice of templateChoices(template)) {
    const field = choice.forOption ? `${choice.id}@${choice.forOption}` : choice.id;
    const value = values[field];
    if (value === undefined) continue;
    if (choice.forOption) {
      const grant = choice.id.split(".").slice(0, 2).join(".");
      if (values[grant] !== undefined && values[grant] !== choice.forOption) continue;
    }
    out[choice.id] =
      choice.pick > 1
        ? typeof value === "string"
          ? [value]
          : [...value]
        : typeof value === "string"
          ? value
          : (value[0] ?? "");
  }
  return out;
}

// ---- applying ------------------------------------------------------------------------------------

/** Create data for a held advantage or disadvantage item (source "template"). */
export function traitItemData(held: HeldTrait, kind: "advantage" | "disadvantage", localize: Localize) {
  const spec = held.specialisation ?? "";
  const skill = isSkillKey(spec) ? spec : "";
  const option = held.variant ?? (skill ? "" : spec);
  const known = kind === "advantage" ? findAdvantage(held.key) : findDisadvantage(held.key);
  const name = known ? localize(traitName(held.key, kind)) : held.key;
  const pool =
    kind === "advantage" && known?.effects.some((e) => e.type === "pool") ? { pool: held.level } : {};
  return {
    name: skill ? `${name} (${localize(skillName(skill))})` : name,
    type: `tales-${kind}`,
    system: { key: held.key, level: held.level, skill, option, source: "template", ...pool },
  };
}

/** What applying a template changes on the actor, and the notes the sheet shows. */
export interface TemplatePlan {
  update: Record<string, number>;
  items: ReturnType<typeof traitItemData>[];
  forfeited: { name: string; points: number }[];
  application: TemplateApplication;
}

/**
 * Apply a template to a character through the rules layer; the actor update (the skills and
 * connections it raised), the trait items to create and what was forfeited over the cap. Fails with
 * the rules' reason.
 */
export function planTemplate(
  traits: CharacterTraits,
  template: TalesTemplate,
  choices: TemplateChoices,
  localize: Localize,
  traitCap?: number,
): { ok: true; value: TemplatePlan } | { ok: false; reason: string; data?: Record<string, number | string> } {
  const result = applyTemplate(traits, template, choices, traitCap !== undefined ? { traitCap } : {});
  if (!result.ok) return result;
  const app = result.value;
  const update: Record<string, number> = {};
  for (const s of app.skills)
    if (s.gained > 0) update[`system.skills.${s.skill}`] = app.traits.skills[s.skill] ?? 0;
  for (const c of app.connections)
    if (c.gained > 0)
      update[`system.connections.${c.connection}.level`] = app.traits.connections?.[c.connection] ?? 0;
  const forfeited = [
    ...app.skills
      .filter((s) => s.forfeited > 0)
      .map((s) => ({ name: localize(skillName(s.skill)), points: s.forfeited })),
    ...app.connections
      .filter((c) => c.forfeited > 0)
      .map((c) => ({ name: localize(connectionName(c.connection)), points: c.forfeited })),
  ];
  return {
    ok: true,
    value: {
      update,
      items: [
        ...app.advantages.map((a) => traitItemData(a, "advantage", localize)),
        ...app.disadvantages.map((d) => traitItemData(d, "disadvantage", localize)),
      ],
      forfeited,
      application: app,
    },
  };
}

/** The rules template keys of the template items a character holds (what `CharacterTraits.templates` lists). */
export function heldTemplateKeys(items: readonly SheetItem[]): string[] {
  return items.filter((i) => i.type === "tales-template").map((i) => templateOf(i).key);
}

/** The character as the rules layer reads it, with the templates it holds (by rules key). */
export function characterTraits(system: TalesActorSystem, items: readonly SheetItem[]): CharacterTraits {
  return { ...traitsOf(system, items), templates: heldTemplateKeys(items) };
}
