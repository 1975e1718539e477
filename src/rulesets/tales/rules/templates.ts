/**
 * Occupation and culture templates (appendix 1 "6 OCCUPATIONS", appendix 2 "6 CULTURES", "Note about
 * Time Commitment") as data with their choices, and what applying one does to a character. Pure: no
 * Foundry, no globals.
 *
 * Template skills add to the levels already held: "if two templates combine to raise a skill above
 * level 6, the extra points in that skill are forfeited". Unlevelled advantages a template names
 * without points take their list cost (Teamwork 2, Natural Leader 1, Ambidextrous 2, Well Travelled 2,
 * Cunning 3, Duty 2); Occult Leader's "Mystic (2)" takes the list's 3; Combatant's Resilient is the
 * 4-point one on a pool the player picks; "Sanctum (1)" is the placeholder standing for Sanctuary
 * (ambiguity #12). The printed bracket totals of the cultures are kept as printed and never used
 * (ambiguity #16): a template costs 5, 10 or 15.
 */
import { findAdvantage, findDisadvantage } from "./advantages";
import {
  TRAIT_SCALE_MAX,
  isSkillKey,
  type CharacterTraits,
  type Checked,
  type ConnectionKey,
  type HeldTrait,
  type SkillKey,
} from "./traits";

export const OCCUPATION_KEYS = [
  "bureaucrat",
  "combatant",
  "medic",
  "performer",
  "scientist",
  "scholar",
] as const;
export type OccupationKey = (typeof OCCUPATION_KEYS)[number];
export const CULTURE_KEYS = [
  "corporate",
  "military",
  "criminal",
  "occult",
  "government",
  "religious",
] as const;
export type CultureKey = (typeof CULTURE_KEYS)[number];

/** "Hobby (5)", "Part Time (10)", "Full Time (15)"; "Grunt (5)", "Veteran (10)", "Leader (15)". */
export const TEMPLATE_TIER_COSTS = {
  hobby: 5,
  partTime: 10,
  fullTime: 15,
  grunt: 5,
  veteran: 10,
  leader: 15,
} as const;
export type TemplateTier = keyof typeof TEMPLATE_TIER_COSTS;

/** A skill grant: one skill, "X (or Y)" (pick 1 of the options), or "[A, B, C or D (pick 2)] 2 each". */
export interface SkillGrant {
  options: readonly SkillKey[];
  pick: number;
  level: number;
}

export interface ConnectionGrant {
  connection: ConnectionKey;
  level: number;
}

/** One way to satisfy a trait grant. */
export interface TraitGrantOption {
  key: string;
  level: number;
  /** The skill (or other subject) it is about: one entry fixed ("Edge (Medicine)"), several a choice. */
  specialisations?: readonly string[];
  /** The priced variant: one fixed (Criminal Record "minor"), several a choice (Resilient's pool). */
  variants?: readonly string[];
  /** The name as printed when it differs ("Sanctum", "Mystic (2)"). */
  printed?: string;
}

/** A trait grant: one option, or "X or Y" / "X (or Y)" (pick one). */
export interface TraitGrant {
  options: readonly TraitGrantOption[];
}

export interface TalesTemplate {
  /** `${group}${Tier}`, e.g. "bureaucratHobby", "corporateGrunt". */
  key: string;
  family: "occupation" | "culture";
  group: OccupationKey | CultureKey;
  tier: TemplateTier;
  cost: number;
  skills: readonly SkillGrant[];
  connections: readonly ConnectionGrant[];
  advantages: readonly TraitGrant[];
  disadvantages: readonly TraitGrant[];
  /** The culture tables' bracketed totals as printed ([adv, dis]); never used (ambiguity #16). */
  printedTotals?: { advantages?: number; disadvantages?: number };
}

const sk = (options: SkillKey | readonly SkillKey[], level: number, pick = 1): SkillGrant => ({
  options: typeof options === "string" ? [options] : options,
  pick,
  level,
});
const con = (connection: ConnectionKey, level: number): ConnectionGrant => ({ connection, level });
const opt = (
  key: string,
  level: number,
  extra: Omit<TraitGrantOption, "key" | "level"> = {},
): TraitGrantOption => ({ key, level, ...extra });
const one = (
  key: string,
  level: number,
  extra: Omit<TraitGrantOption, "key" | "level"> = {},
): TraitGrant => ({
  options: [opt(key, level, extra)],
});
const either = (...options: TraitGrantOption[]): TraitGrant => ({ options });
const edge = (skills: readonly SkillKey[]): TraitGrant => one("edge", 2, { specialisations: skills });
const expert = (skills: readonly SkillKey[]): TraitGrant =>
  one("skillExpert", 6, { specialisations: skills });
const tc = (level: number): TraitGrant => one("timeCommitment", level);

function template(
  family: "occupation" | "culture",
  group: OccupationKey | CultureKey,
  tier: TemplateTier,
  parts: Partial<
    Pick<TalesTemplate, "skills" | "connections" | "advantages" | "disadvantages" | "printedTotals">
  >,
): TalesTemplate {
  const key = `${group}${tier.charAt(0).toUpperCase()}${tier.slice(1)}`;
  return {
    key,
    family,
    group,
    tier,
    cost: TEMPLATE_TIER_COSTS[tier],
    skills: parts.skills ?? [],
    connections: parts.connections ?? [],
    advantages: parts.advantages ?? [],
    disadvantages: parts.disadvantages ?? [],
    ...(parts.printedTotals ? { printedTotals: parts.printedTotals } : {}),
  };
}
const occ = (
  group: OccupationKey,
  tier: "hobby" | "partTime" | "fullTime",
  parts: Parameters<typeof template>[3],
) => template("occupation", group, tier, parts);
const cul = (
  group: CultureKey,
  tier: "grunt" | "veteran" | "leader",
  parts: Parameters<typeof template>[3],
) => template("culture", group, tier, parts);

const SCHOLAR_PICK: readonly SkillKey[] = ["appraisal", "science", "languages", "occult"];
const MILITARY_SKILLS: readonly SkillKey[] = ["brawl", "firearms", "melee", "martialArts"];
const CRIMINAL_SKILLS: readonly SkillKey[] = ["acrobatics", "appraisal", "intimidation", "subterfuge"];
const GOVERNMENT_SKILLS: readonly SkillKey[] = ["academics", "research", "performance"];

/** Appendix 1: the 18 occupation templates, as printed (disadvantages were the italics). */
export const OCCUPATION_TEMPLATES: readonly TalesTemplate[] = [
  occ("bureaucrat", "hobby", {
    skills: [sk("academics", 1), sk("etiquette", 1), sk("research", 2)],
    advantages: [one("library", 1), one("sanctuary", 1)],
  }),
  occ("bureaucrat", "partTime", {
    skills: [
      sk("academics", 2),
      sk("appraisal", 1),
      sk("cognition", 1),
      sk("etiquette", 2),
      sk("research", 2),
    ],
    advantages: [one("library", 2), one("sanctuary", 1), one("teamwork", 2)],
    disadvantages: [tc(1)],
  }),
  occ("bureaucrat", "fullTime", {
    skills: [
      sk("academics", 2),
      sk("appraisal", 2),
      sk("cognition", 1),
      sk("empathy", 1),
      sk("etiquette", 3),
      sk("research", 3),
    ],
    advantages: [one("library", 2), one("naturalLeader", 1), one("sanctuary", 2), one("teamwork", 2)],
    disadvantages: [tc(2)],
  }),
  occ("combatant", "hobby", {
    skills: [sk("athletics", 1), sk("brawl", 1), sk("firearms", 1), sk(["swimming", "dodge"], 1)],
    advantages: [one("equipment", 2)],
  }),
  occ("combatant", "partTime", {
    skills: [
      sk("athletics", 2),
      sk(["brawl", "martialArts"], 1),
      sk(["dodge", "block"], 1),
      sk("firearms", 2),
      sk("leadership", 1),
      sk(["swimming", "melee"], 1),
    ],
    advantages: [
      one("equipment", 2),
      one("resilient", 4, { variants: ["hitPoints", "essence"] }),
      one("status", 1),
    ],
    disadvantages: [one("duty", 2), tc(1)],
  }),
  occ("combatant", "fullTime", {
    skills: [
      sk("athletics", 2),
      sk(["brawl", "martialArts"], 2),
      sk(["dodge", "block"], 1),
      sk("firearms", 3),
      sk("leadership", 2),
      sk("melee", 1),
      sk("swimming", 1),
    ],
    advantages: [
      one("equipment", 4),
      one("resilient", 4, { variants: ["hitPoints", "essence"] }),
      one("status", 2),
    ],
    disadvantages: [one("duty", 2), tc(3)],
  }),
  occ("medic", "hobby", {
    skills: [sk("academics", 1), sk("medicine", 2), sk("science", 1)],
    advantages: [one("equipment", 1), one("status", 1)],
  }),
  occ("medic", "partTime", {
    skills: [sk("academics", 1), sk("appraisal", 1), sk("medicine", 3), sk("research", 1), sk("science", 2)],
    advantages: [one("equipment", 2), one("library", 1), one("status", 2)],
    disadvantages: [tc(1)],
  }),
  occ("medic", "fullTime", {
    skills: [
      sk("academics", 2),
      sk("appraisal", 2),
      sk("intuition", 1),
      sk("medicine", 3),
      sk("research", 2),
      sk("science", 2),
    ],
    advantages: [edge(["medicine"]), one("equipment", 2), one("library", 2), one("status", 2)],
    disadvantages: [tc(2)],
  }),
  occ("performer", "hobby", {
    skills: [sk("etiquette", 1), sk(["languages", "research"], 1), sk("performance", 2)],
    advantages: [one("equipment", 1), one("status", 1)],
  }),
  occ("performer", "partTime", {
    skills: [
      sk("athletics", 1),
      sk("bearing", 1),
      sk("empathy", 1),
      sk("etiquette", 1),
      sk(["languages", "research"], 1),
      sk("performance", 3),
    ],
    advantages: [one("ambidextrous", 2), one("equipment", 1), one("status", 1), one("wellTraveled", 2)],
    disadvantages: [tc(2)],
  }),
  occ("performer", "fullTime", {
    skills: [
      sk("athletics", 1),
      sk("bearing", 2),
      sk("empathy", 2),
      sk("etiquette", 2),
      sk(["languages", "research"], 2),
      sk("performance", 3),
    ],
    advantages: [
      one("ambidextrous", 2),
      edge(["performance"]),
      one("equipment", 1),
      one("wellTraveled", 2),
      one("status", 2),
    ],
    disadvantages: [one("memorable", 1), tc(2)],
  }),
  occ("scientist", "hobby", {
    skills: [sk("academics", 2), sk("repair", 1), sk("science", 1)],
    advantages: [one("equipment", 1), one("library", 1)],
  }),
  occ("scientist", "partTime", {
    skills: [sk("academics", 2), sk("cognition", 1), sk("crafts", 1), sk("repair", 2), sk("science", 2)],
    advantages: [edge(["academics", "repair", "science"]), one("equipment", 1), one("library", 2)],
    disadvantages: [tc(1)],
  }),
  occ("scientist", "fullTime", {
    skills: [
      sk("academics", 3),
      sk("cognition", 2),
      sk("crafts", 1),
      sk("repair", 2),
      sk("research", 1),
      sk("science", 3),
    ],
    advantages: [
      edge(["academics", "repair", "science"]),
      one("equipment", 1),
      one("library", 2),
      one("cunning", 3),
    ],
    disadvantages: [tc(2)],
  }),
  occ("scholar", "hobby", {
    skills: [sk("academics", 1), sk("research", 1), sk(["science", "languages", "occult"], 1)],
    advantages: [one("library", 1), either(opt("mentor", 1), opt("equipment", 1))],
  }),
  occ("scholar", "partTime", {
    skills: [sk("academics", 2), sk("cognition", 1), sk("research", 1), sk(SCHOLAR_PICK, 2, 2)],
    advantages: [one("library", 2), one("mentor", 1), one("equipment", 2)],
    disadvantages: [tc(1)],
  }),
  occ("scholar", "fullTime", {
    skills: [
      sk("academics", 3),
      sk("cognition", 2),
      sk(["etiquette", "subterfuge"], 1),
      sk("research", 2),
      sk(SCHOLAR_PICK, 2, 2),
    ],
    advantages: [one("library", 3), one("mentor", 2), one("equipment", 2), one("sanctuary", 1)],
    disadvantages: [tc(2)],
  }),
];

/** Appendix 2: the 18 culture templates ("Backgrounds" are connections). */
export const CULTURE_TEMPLATES: readonly TalesTemplate[] = [
  cul("corporate", "grunt", {
    connections: [con("contacts", 1), con("wealth", 1)],
    advantages: [either(opt("equipment", 2), opt("wellTraveled", 2))],
    printedTotals: { advantages: 2 },
  }),
  cul("corporate", "veteran", {
    connections: [con("contacts", 1), con("influence", 1), con("wealth", 2)],
    advantages: [either(opt("equipment", 2), opt("wellTraveled", 2)), one("focused", 2)],
    disadvantages: [tc(1), one("blindLoyalty", 1)],
    printedTotals: { advantages: 6, disadvantages: 2 },
  }),
  cul("corporate", "leader", {
    connections: [con("contacts", 2), con("influence", 2), con("wealth", 3)],
    advantages: [one("equipment", 3), one("wellTraveled", 2), one("focused", 2), one("naturalLeader", 1)],
    disadvantages: [tc(2), one("blindLoyalty", 1), one("socialAnimal", 1)],
    printedTotals: { advantages: 8, disadvantages: 4 },
  }),
  cul("military", "grunt", {
    connections: [con("allies", 1), con("wealth", 1)],
    advantages: [edge(MILITARY_SKILLS)],
  }),
  cul("military", "veteran", {
    connections: [con("allies", 2), con("wealth", 2)],
    advantages: [expert(MILITARY_SKILLS)],
    disadvantages: [tc(2)],
    printedTotals: { disadvantages: 2 },
  }),
  cul("military", "leader", {
    connections: [con("allies", 3), con("influence", 1), con("wealth", 3)],
    advantages: [expert(MILITARY_SKILLS), one("hardened", 2), one("naturalLeader", 1)],
    disadvantages: [tc(3), one("memorable", 1), one("blindLoyalty", 1)],
    printedTotals: { disadvantages: 4 },
  }),
  cul("criminal", "grunt", {
    connections: [con("allies", 1), con("territory", 1)],
    advantages: [edge(CRIMINAL_SKILLS)],
    printedTotals: { advantages: 2 },
  }),
  cul("criminal", "veteran", {
    connections: [con("allies", 1), con("territory", 2), con("wealth", 1)],
    advantages: [edge(CRIMINAL_SKILLS), one("equipment", 2), one("sanctuary", 2)],
    disadvantages: [either(opt("criminalRecord", 2, { variants: ["minor"] }), opt("enemies", 2))],
    printedTotals: { advantages: 6, disadvantages: 2 },
  }),
  cul("criminal", "leader", {
    connections: [con("allies", 2), con("territory", 3), con("wealth", 2)],
    advantages: [expert(CRIMINAL_SKILLS), one("equipment", 2), one("sanctuary", 2)],
    disadvantages: [
      either(opt("criminalRecord", 2, { variants: ["minor"] }), opt("enemies", 2)),
      one("hunted", 4),
    ],
    printedTotals: { advantages: 10, disadvantages: 4 },
  }),
  cul("occult", "grunt", {
    connections: [con("allies", 1), con("contacts", 1)],
    advantages: [one("sanctum", 1, { printed: "Sanctum (1)" })],
    printedTotals: { advantages: 2 },
  }),
  cul("occult", "veteran", {
    connections: [con("allies", 1), con("contacts", 2), con("wealth", 1)],
    advantages: [one("library", 2), one("sanctuary", 2)],
    disadvantages: [either(opt("addiction", 2, { variants: ["mild"] }), opt("weak", 2))],
    printedTotals: { advantages: 6, disadvantages: 2 },
  }),
  cul("occult", "leader", {
    connections: [con("allies", 2), con("contacts", 3), con("wealth", 2)],
    advantages: [
      one("library", 2),
      one("mystic", 3, { printed: "Mystic (2)" }),
      one("sanctuary", 2),
      edge(["occult", "meditation", "spiritKen", "medicine"]),
    ],
    disadvantages: [
      either(opt("addiction", 2, { variants: ["mild"] }), opt("weak", 2)),
      tc(1),
      one("memorable", 1),
    ],
    printedTotals: { advantages: 8, disadvantages: 4 },
  }),
  cul("government", "grunt", {
    connections: [con("influence", 1), con("wealth", 1)],
    advantages: [edge(GOVERNMENT_SKILLS)],
    printedTotals: { advantages: 2 },
  }),
  cul("government", "veteran", {
    connections: [con("fame", 1), con("influence", 1), con("wealth", 2)],
    advantages: [one("beauty", 3), one("status", 1), edge(GOVERNMENT_SKILLS)],
    disadvantages: [tc(1), one("memorable", 1)],
    printedTotals: { advantages: 6, disadvantages: 2 },
  }),
  cul("government", "leader", {
    connections: [con("fame", 2), con("influence", 2), con("wealth", 3)],
    advantages: [one("beauty", 3), one("status", 2), one("naturalLeader", 1), edge(GOVERNMENT_SKILLS)],
    disadvantages: [tc(2), one("memorable", 1), one("blindLoyalty", 1)],
    printedTotals: { advantages: 8, disadvantages: 4 },
  }),
  cul("religious", "grunt", {
    connections: [con("contacts", 1), con("territory", 1)],
    advantages: [one("library", 1), one("equipment", 1)],
    printedTotals: { advantages: 2 },
  }),
  cul("religious", "veteran", {
    connections: [con("contacts", 2), con("influence", 1), con("territory", 1)],
    advantages: [one("library", 2), one("equipment", 2), one("sanctuary", 2)],
    disadvantages: [one("hatred", 2)],
    printedTotals: { advantages: 6, disadvantages: 2 },
  }),
  cul("religious", "leader", {
    connections: [con("contacts", 3), con("influence", 3), con("territory", 1)],
    advantages: [
      one("library", 2),
      one("equipment", 2),
      one("sanctuary", 2),
      one("naturalLeader", 1),
      one("hardened", 2),
    ],
    disadvantages: [one("hatred", 2), one("cursed", 1), one("socialAnimal", 1), tc(1)],
    printedTotals: { advantages: 9, disadvantages: 5 },
  }),
];

/** All 36 templates. */
export const TEMPLATES: readonly TalesTemplate[] = [...OCCUPATION_TEMPLATES, ...CULTURE_TEMPLATES];

/** A template by key, or undefined. */
export function findTemplate(key: string): TalesTemplate | undefined {
  return TEMPLATES.find((t) => t.key === key);
}

/** A choice the player makes when taking a template (the glue's dialog lists these). */
export interface TemplateChoice {
  /** "skills.3", "advantages.0", "advantages.0.specialisation", "advantages.1.variant", "disadvantages.0". */
  id: string;
  kind: "skill" | "advantage" | "disadvantage" | "specialisation" | "variant";
  options: readonly string[];
  pick: number;
  /** For a specialisation or variant: the grant option it belongs to (when the grant offers several). */
  forOption?: string;
}

/** The answers: one key per choice id (a list for "pick 2"). */
export type TemplateChoices = Readonly<Record<string, string | readonly string[]>>;

/** Every choice a template asks for, in the table's order. */
export function templateChoices(t: TalesTemplate): TemplateChoice[] {
  const out: TemplateChoice[] = [];
  t.skills.forEach((g, i) => {
    if (g.options.length > 1)
      out.push({ id: `skills.${i}`, kind: "skill", options: g.options, pick: g.pick });
  });
  for (const family of ["advantages", "disadvantages"] as const) {
    t[family].forEach((g, i) => {
      const several = g.options.length > 1;
      if (several) {
        const kind = family === "advantages" ? "advantage" : "disadvantage";
        out.push({ id: `${family}.${i}`, kind, options: g.options.map((o) => o.key), pick: 1 });
      }
      for (const o of g.options) {
        const forOption = several ? { forOption: o.key } : {};
        if ((o.specialisations?.length ?? 0) > 1) {
          const options = o.specialisations ?? [];
          out.push({
            id: `${family}.${i}.specialisation`,
            kind: "specialisation",
            options,
            pick: 1,
            ...forOption,
          });
        }
        if ((o.variants?.length ?? 0) > 1) {
          const options = o.variants ?? [];
          out.push({ id: `${family}.${i}.variant`, kind: "variant", options, pick: 1, ...forOption });
        }
      }
    });
  }
  return out;
}

export type TemplateProblem =
  "choiceMissing" | "choiceInvalid" | "choiceCount" | "choiceRepeated" | "templateGroupRepeated";

/** Options for applying templates. */
export interface TemplateOptions {
  /** Setting `traitCap`: the level above which template skill points are forfeited (default 6). */
  traitCap?: number;
}

/** What applying a template did. */
export interface TemplateApplication {
  traits: CharacterTraits;
  /** Skill levels gained (after the cap) and forfeited above it. */
  skills: readonly { skill: SkillKey; gained: number; forfeited: number }[];
  connections: readonly { connection: ConnectionKey; gained: number; forfeited: number }[];
  advantages: readonly HeldTrait[];
  disadvantages: readonly HeldTrait[];
  /** 1 when this is a second occupation (or culture): "an additional time commitment" (ambiguity #44). */
  extraTimeCommitment: number;
}

type Fail = { ok: false; reason: TemplateProblem; data?: Record<string, number | string> };

function readChoice(choices: TemplateChoices, c: TemplateChoice): string[] | Fail {
  const raw = choices[c.id];
  if (raw === undefined) return { ok: false, reason: "choiceMissing", data: { id: c.id } };
  const picked = typeof raw === "string" ? [raw] : [...raw];
  if (picked.length !== c.pick) {
    return { ok: false, reason: "choiceCount", data: { id: c.id, pick: c.pick, given: picked.length } };
  }
  if (new Set(picked).size !== picked.length)
    return { ok: false, reason: "choiceRepeated", data: { id: c.id } };
  const bad = picked.find((p) => !c.options.includes(p));
  if (bad !== undefined) return { ok: false, reason: "choiceInvalid", data: { id: c.id, value: bad } };
  return picked;
}

/** The one option of a list, or the chosen one (choice id `id`). */
function pickOne(
  list: readonly string[] | undefined,
  id: string,
  choices: TemplateChoices,
  kind: TemplateChoice["kind"],
) {
  if (!list || list.length === 0) return undefined;
  if (list.length === 1) return list[0];
  const r = readChoice(choices, { id, kind, options: list, pick: 1 });
  return Array.isArray(r) ? r[0] : r;
}

/**
 * The skills and traits a template grants under the given choices (before adding to a character).
 * Fails with the first choice that is missing or invalid.
 */
export function resolveTemplate(
  t: TalesTemplate,
  choices: TemplateChoices = {},
): Checked<
  { skills: { skill: SkillKey; level: number }[]; advantages: HeldTrait[]; disadvantages: HeldTrait[] },
  TemplateProblem
> {
  const skills: { skill: SkillKey; level: number }[] = [];
  for (const [i, g] of t.skills.entries()) {
    if (g.options.length === 1 && g.options[0]) {
      skills.push({ skill: g.options[0], level: g.level });
      continue;
    }
    const r = readChoice(choices, { id: `skills.${i}`, kind: "skill", options: g.options, pick: g.pick });
    if (!Array.isArray(r)) return r;
    for (const s of r) if (isSkillKey(s)) skills.push({ skill: s, level: g.level });
  }
  const traits: Record<"advantages" | "disadvantages", HeldTrait[]> = { advantages: [], disadvantages: [] };
  for (const family of ["advantages", "disadvantages"] as const) {
    for (const [i, g] of t[family].entries()) {
      const kind = family === "advantages" ? "advantage" : "disadvantage";
      const key = pickOne(
        g.options.map((o) => o.key),
        `${family}.${i}`,
        choices,
        kind,
      );
      if (typeof key === "object") return key;
      const o = g.options.find((x) => x.key === key);
      if (!o) continue;
      const specialisation = pickOne(
        o.specialisations,
        `${family}.${i}.specialisation`,
        choices,
        "specialisation",
      );
      if (typeof specialisation === "object") return specialisation;
      const variant = pickOne(o.variants, `${family}.${i}.variant`, choices, "variant");
      if (typeof variant === "object") return variant;
      traits[family].push({
        key: o.key,
        level: o.level,
        fromTemplate: t.key,
        ...(specialisation !== undefined ? { specialisation } : {}),
        ...(variant !== undefined ? { variant } : {}),
      });
    }
  }
  return { ok: true, value: { skills, ...traits } };
}

function isLevelled(key: string, kind: "advantage" | "disadvantage"): boolean {
  const def = kind === "advantage" ? findAdvantage(key) : findDisadvantage(key);
  return def?.levelled ?? false;
}

/** Adds traits: levelled ones stack (one entry per source); an unlevelled one already held is not added twice. */
function mergeTraits(
  held: readonly HeldTrait[],
  added: readonly HeldTrait[],
  kind: "advantage" | "disadvantage",
): { all: HeldTrait[]; added: HeldTrait[] } {
  const all = [...held];
  const kept: HeldTrait[] = [];
  for (const a of added) {
    const same = all.some(
      (h) => h.key === a.key && h.specialisation === a.specialisation && h.variant === a.variant,
    );
    if (same && !isLevelled(a.key, kind)) continue;
    all.push(a);
    kept.push(a);
  }
  return { all, added: kept };
}

/**
 * Applies a template to a character: its skills add to the levels held, anything above the cap (6) is
 * forfeited; its connections add likewise ("Starting characters may not begin with backgrounds higher
 * than a level of 6"); its advantages and disadvantages are added; a second occupation (or a second
 * culture) brings one more level of Time Commitment ("they automatically gain an additional time
 * commitment", counted once per family: ambiguity #44). The same occupation or culture twice
 * (two levels of one group) is refused.
 */
export function applyTemplate(
  character: CharacterTraits,
  t: TalesTemplate,
  choices: TemplateChoices = {},
  options: TemplateOptions = {},
): Checked<TemplateApplication, TemplateProblem> {
  const cap = options.traitCap ?? TRAIT_SCALE_MAX;
  const heldTemplates = (character.templates ?? []).map(findTemplate).filter((x) => x !== undefined);
  if (heldTemplates.some((h) => h.family === t.family && h.group === t.group)) {
    return { ok: false, reason: "templateGroupRepeated", data: { group: t.group, template: t.key } };
  }
  const resolved = resolveTemplate(t, choices);
  if (!resolved.ok) return resolved;
  const skills: Partial<Record<SkillKey, number>> = { ...character.skills };
  const skillLog = resolved.value.skills.map(({ skill, level }) => {
    const before = skills[skill] ?? 0;
    const after = Math.min(cap, before + level);
    skills[skill] = Math.max(before, after);
    return {
      skill,
      gained: Math.max(0, after - before),
      forfeited: before + level - Math.max(before, after),
    };
  });
  const connections: Partial<Record<ConnectionKey, number>> = { ...character.connections };
  const connectionLog = t.connections.map(({ connection, level }) => {
    const before = connections[connection] ?? 0;
    const after = Math.max(before, Math.min(cap, before + level));
    connections[connection] = after;
    return { connection, gained: after - before, forfeited: before + level - after };
  });
  const sameFamily = heldTemplates.filter((h) => h.family === t.family).length;
  const extraTimeCommitment = sameFamily === 1 ? 1 : 0;
  const extraDis: HeldTrait[] = extraTimeCommitment
    ? [{ key: "timeCommitment", level: extraTimeCommitment, fromTemplate: t.key }]
    : [];
  const adv = mergeTraits(character.advantages ?? [], resolved.value.advantages, "advantage");
  const dis = mergeTraits(
    character.disadvantages ?? [],
    [...resolved.value.disadvantages, ...extraDis],
    "disadvantage",
  );
  return {
    ok: true,
    value: {
      traits: {
        ...character,
        skills,
        connections,
        advantages: adv.all,
        disadvantages: dis.all,
        templates: [...(character.templates ?? []), t.key],
      },
      skills: skillLog,
      connections: connectionLog,
      advantages: adv.added,
      disadvantages: dis.added,
      extraTimeCommitment,
    },
  };
}

/**
 * "Occupational Benefits for Skills": "For each point that the occupation provides in a certain skill,
 * a character may spend an extra XP per week" on it. The template's level in the skill (a chosen one
 * only when chosen); 0 for a culture or a skill the template does not give.
 */
export function occupationSkillPoints(
  t: TalesTemplate,
  skill: SkillKey,
  choices: TemplateChoices = {},
): number {
  if (t.family !== "occupation") return 0;
  return t.skills.reduce((sum, g, i) => {
    if (!g.options.includes(skill)) return sum;
    if (g.options.length === 1) return sum + g.level;
    const picked = choices[`skills.${i}`];
    const list = typeof picked === "string" ? [picked] : (picked ?? []);
    return list.includes(skill) ? sum + g.level : sum;
  }, 0);
}

/**
 * "Picking up an Occupation": "a character may acquire an occupation as long as they have all of the
 * skills indicated for the particular job" (the Combatant hobby needs "a level each in Athletics, Brawl
 * and Firearms, and then a level in either Swimming or Dodge"). The skills still short of the
 * template's levels; for a choice, how many more of its options must reach the level. Empty: it may be
 * taken (with a voucher, the Raconteur's call).
 */
export function missingOccupationSkills(
  character: CharacterTraits,
  t: TalesTemplate,
): { options: readonly SkillKey[]; level: number; short: number }[] {
  return t.skills
    .map((g) => {
      const have = g.options.filter((s) => (character.skills[s] ?? 0) >= g.level).length;
      return { options: g.options, level: g.level, short: Math.max(0, g.pick - have) };
    })
    .filter((m) => m.short > 0);
}
