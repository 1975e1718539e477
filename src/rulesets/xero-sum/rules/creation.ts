/**
 * Character creation (Xero Sum Engine SRD 0.06, "Character Creation": "Backstory Generation" Steps
 * Xero to Nine, Table 8 "Profession & Vocational Skills", "Paradiams" [sic], "Pregens"; "Weapons &
 * Equipment"). Pure: no Foundry, no globals.
 *
 * "Players use 20 Character Development Points (CDP) ... Players spend 5 CDP on raising RAPID Range
 * attributes and 15 CDP on skills. Players may not raise attributes or skills above level 3 during
 * Backstory Generation." Steps One to Five give 1/2, 1/3, 1/3, 2/5 and 0/2 CDP (attributes/skills);
 * Steps Two and Three: "They may not raise a skill above +2 (Journeyman) during this step"; Steps Four
 * and Five: "players can raise skills to +3 (Professional)". "If they take a skill marked with an
 * asterisk (such as Mechanic*), this moves the skill from -3 (Inept) to +1 (Beginner)."
 *
 * Readings where the text is silent (spec §8 #20): Step One's skill cap is +2 (its example reaches
 * +2); unspent CDP do not carry over to a later step; CDP only raise (nothing lowers an attribute
 * below 0 to buy points).
 */
import { assertD3Face, type D3Mode } from "./check";
import {
  raiseSkill,
  sheetProblems,
  startingAttributes,
  startingSkills,
  type Attributes,
  type Skills,
} from "./character";
import {
  ATTRIBUTE_KEYS,
  BACKSTORY_STEPS,
  SKILL_KEYS,
  type AttributeKey,
  type CreationMethod,
  type SkillKey,
} from "./keys";

/** A Backstory Generation step (Xero = 0 .. Nine = 9). */
export type BackstoryStep = (typeof BACKSTORY_STEPS)[number];

/** What a step gives: CDP for attributes and for skills, and the highest value a skill may reach. */
export interface BackstoryBudget {
  attribute: number;
  skill: number;
  skillCap: number;
}

/** "Players may not raise attributes or skills above level 3 during Backstory Generation." */
export const BACKSTORY_CAP = 3;
/** "Players use 20 Character Development Points (CDP)": 5 on attributes, 15 on skills. */
export const BACKSTORY_CDP = { attribute: 5, skill: 15, total: 20 } as const;

const NONE: BackstoryBudget = { attribute: 0, skill: 0, skillCap: BACKSTORY_CAP };

/** Each step's budget (Steps Xero and Six to Nine spend nothing). */
export const BACKSTORY_BUDGETS: Readonly<Record<BackstoryStep, BackstoryBudget>> = {
  0: NONE,
  1: { attribute: 1, skill: 2, skillCap: 2 },
  2: { attribute: 1, skill: 3, skillCap: 2 },
  3: { attribute: 1, skill: 3, skillCap: 2 },
  4: { attribute: 2, skill: 5, skillCap: 3 },
  5: { attribute: 0, skill: 2, skillCap: 3 },
  6: NONE,
  7: NONE,
  8: NONE,
  9: NONE,
};

/** One CDP spent: the step, attribute or skill, and which (the data model's `creation.spends`). */
export interface BackstorySpend {
  step: number;
  kind: "attribute" | "skill";
  key: string;
}

/** A creation problem, as a stable key (the glue localises it) with the numbers a message needs. */
export interface CreationProblem {
  key:
    | "unknownStep"
    | "unknownKey"
    | "overBudget"
    | "unspent"
    | "aboveCap"
    | "attributeOutOfRange"
    | "skillValue"
    | "threeWords"
    | "complicationMissing"
    | "motivationMissing"
    | "weaponCount"
    | "equipmentCount";
  data?: Record<string, number | string>;
}

/** CDP spent per step and kind. */
export type BackstorySpent = Record<BackstoryStep, { attribute: number; skill: number }>;

/** What the spends come to. */
export interface BackstoryResult {
  /** Empty when the backstory is complete and legal ("unspent" entries mean CDP are left). */
  problems: CreationProblem[];
  attributes: Attributes;
  skills: Skills;
  spent: BackstorySpent;
}

const isStep = (step: number): step is BackstoryStep => (BACKSTORY_STEPS as readonly number[]).includes(step);

/**
 * Check a Backstory Generation and compute the sheet it makes: the spends are applied in step order
 * (in the given order within a step), each raising an attribute by +1 or a skill by one level.
 *
 * Example: Step One, 1 CDP on Mechanic*: −3 → +1; 2 CDP on one skill: 0 → +2 (Journeyman).
 */
export function validateBackstory(spends: readonly BackstorySpend[]): BackstoryResult {
  const problems: CreationProblem[] = [];
  const attributes = startingAttributes();
  const skills = startingSkills();
  const spent = Object.fromEntries(
    BACKSTORY_STEPS.map((s) => [s, { attribute: 0, skill: 0 }]),
  ) as BackstorySpent;
  const ordered = spends.map((s, i) => ({ s, i })).sort((x, y) => x.s.step - y.s.step || x.i - y.i);
  for (const { s } of ordered) {
    if (!isStep(s.step)) {
      problems.push({ key: "unknownStep", data: { step: s.step } });
      continue;
    }
    const budget = BACKSTORY_BUDGETS[s.step];
    if (s.kind === "attribute" && (ATTRIBUTE_KEYS as readonly string[]).includes(s.key)) {
      const key = s.key as AttributeKey;
      spent[s.step].attribute += 1;
      attributes[key] += 1;
      if (attributes[key] > BACKSTORY_CAP)
        problems.push({
          key: "aboveCap",
          data: { step: s.step, kind: "attribute", key, value: attributes[key], cap: BACKSTORY_CAP },
        });
    } else if (s.kind === "skill" && (SKILL_KEYS as readonly string[]).includes(s.key)) {
      const key = s.key as SkillKey;
      spent[s.step].skill += 1;
      const next = raiseSkill(key, skills[key]);
      if (next === null || next > budget.skillCap)
        problems.push({
          key: "aboveCap",
          data: { step: s.step, kind: "skill", key, value: next ?? skills[key] + 1, cap: budget.skillCap },
        });
      if (next !== null) skills[key] = next;
    } else problems.push({ key: "unknownKey", data: { step: s.step, kind: String(s.kind), key: s.key } });
  }
  for (const step of BACKSTORY_STEPS)
    for (const kind of ["attribute", "skill"] as const) {
      const budget = BACKSTORY_BUDGETS[step][kind];
      const used = spent[step][kind];
      if (used > budget) problems.push({ key: "overBudget", data: { step, kind, budget, spent: used } });
      else if (used < budget) problems.push({ key: "unspent", data: { step, kind, budget, spent: used } });
    }
  return { problems, attributes, skills, spent };
}

/** Whether a backstory's problems leave only unspent CDP (a sheet in progress, nothing illegal). */
export const backstoryInProgress = (problems: readonly CreationProblem[]): boolean =>
  problems.every((p) => p.key === "unspent");

// ---- Professions (Table 8) -------------------------------------------------------------------

/** Table 8's professions: the text lists twelve skill lists and no names. */
export const PROFESSION_KEYS = [
  "profession1",
  "profession2",
  "profession3",
  "profession4",
  "profession5",
  "profession6",
  "profession7",
  "profession8",
  "profession9",
  "profession10",
  "profession11",
  "profession12",
] as const;
export type ProfessionKey = (typeof PROFESSION_KEYS)[number];

/**
 * "XSE has a set of Professions, which is a loose collection of thematically similar vocational
 * skills. Players can either choose a Profession and raise the associated skills, or just choose the
 * skills they feel matches their concept." Seven skills each, in the text's order.
 */
export const PROFESSIONS: Readonly<Record<ProfessionKey, readonly SkillKey[]>> = {
  profession1: ["farming", "generalKnowledge", "medicine", "psychology", "research", "tactics", "survival"],
  profession2: [
    "animalHandling",
    "driving",
    "mechanic",
    "navigation",
    "scavenging",
    "sleightOfHand",
    "tinkerer",
  ],
  profession3: [
    "barter",
    "generalKnowledge",
    "inspiration",
    "manipulation",
    "psychology",
    "sleightOfHand",
    "tinkerer",
  ],
  profession4: [
    "athletics",
    "survival",
    "intimidation",
    "manipulation",
    "rangedCombat",
    "stealth",
    "tactics",
  ],
  profession5: [
    "athletics",
    "barter",
    "demolitions",
    "generalKnowledge",
    "mechanic",
    "scavenging",
    "tinkerer",
  ],
  profession6: [
    "athletics",
    "generalKnowledge",
    "inspiration",
    "medicine",
    "psychology",
    "research",
    "sleightOfHand",
  ],
  profession7: [
    "athletics",
    "demolitions",
    "rangedCombat",
    "stealth",
    "survival",
    "tactics",
    "unarmedCombat",
  ],
  profession8: [
    "animalHandling",
    "farming",
    "meleeCombat",
    "navigation",
    "rangedCombat",
    "stealth",
    "survival",
  ],
  profession9: [
    "intimidation",
    "manipulation",
    "psychology",
    "rangedCombat",
    "sleightOfHand",
    "stealth",
    "unarmedCombat",
  ],
  profession10: [
    "athletics",
    "barter",
    "inspiration",
    "manipulation",
    "psychology",
    "sleightOfHand",
    "stealth",
  ],
  profession11: [
    "barter",
    "generalKnowledge",
    "inspiration",
    "intimidation",
    "manipulation",
    "psychology",
    "tactics",
  ],
  profession12: [
    "barter",
    "generalKnowledge",
    "inspiration",
    "manipulation",
    "scavenging",
    "sleightOfHand",
    "tinkerer",
  ],
};

/** The step in which a Profession is chosen: "Step Four: How They Made Money". */
export const PROFESSION_STEP: BackstoryStep = 4;

/** Step Four's skill spends outside a profession's list (a hint: the list is "loose", not a rule). */
export function offProfessionSpends(
  spends: readonly BackstorySpend[],
  profession: ProfessionKey,
): BackstorySpend[] {
  const list = PROFESSIONS[profession];
  return spends.filter(
    (s) => s.step === PROFESSION_STEP && s.kind === "skill" && !list.includes(s.key as SkillKey),
  );
}

// ---- Paradigms -------------------------------------------------------------------------------

/** A Paradigm: "predefined with the attributes and a skill set to match the concept". */
export interface ParadigmData {
  attributes?: Partial<Attributes>;
  skills?: Partial<Skills>;
  threeWords?: readonly string[];
  complication?: string;
  motivation?: string;
}

/** What the player adds: "give it a name, provide a 3-word description, and choose a Complication and Motivation". */
export interface ParadigmChoices {
  threeWords?: readonly string[];
  complication?: string;
  motivation?: string;
}

/** A character made from a Paradigm. */
export interface ParadigmCharacter {
  method: CreationMethod;
  attributes: Attributes;
  skills: Skills;
  threeWords: [string, string, string];
  complication: string;
  motivation: string;
  problems: CreationProblem[];
}

/** The three words: "players pick three words that describe their core behaviors". */
export const THREE_WORDS = 3;

/**
 * Apply a Paradigm: its attributes and skills (anything it leaves out at the starting values), and
 * the player's three words, Complication and Motivation (the Paradigm's own where the player gives
 * none). Complications and Motivations may be the players' own ("at the GMs discretion"): any
 * non-empty text passes.
 */
export function applyParadigm(paradigm: ParadigmData, choices: ParadigmChoices = {}): ParadigmCharacter {
  const attributes = { ...startingAttributes(), ...definedOnly(paradigm.attributes) };
  const skills = { ...startingSkills(), ...definedOnly(paradigm.skills) };
  const problems: CreationProblem[] = sheetProblems({ attributes, skills }, "pc").map((p) => ({ ...p }));
  const words = (choices.threeWords ?? paradigm.threeWords ?? []).map((w) => w.trim());
  const threeWords: [string, string, string] = [words[0] ?? "", words[1] ?? "", words[2] ?? ""];
  if (words.length !== THREE_WORDS || threeWords.some((w) => w === ""))
    problems.push({ key: "threeWords", data: { count: words.filter((w) => w !== "").length } });
  const complication = (choices.complication ?? paradigm.complication ?? "").trim();
  const motivation = (choices.motivation ?? paradigm.motivation ?? "").trim();
  if (!complication) problems.push({ key: "complicationMissing" });
  if (!motivation) problems.push({ key: "motivationMissing" });
  return { method: "paradigm", attributes, skills, threeWords, complication, motivation, problems };
}

function definedOnly<T extends object>(record: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(record ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// ---- Starting gear (Step Eight) --------------------------------------------------------------

/** "both a primary and secondary weapon", "1 item from table x: equipment", "an incidental item". */
export const STARTING_GEAR = { weapons: 2, equipment: 1, incidental: 1, reloads: "1d3" } as const;
/** "Depending on the setting ... a Survival Kit that includes a tent, a sleeping bag, and 2 days of rations." */
export const STARTING_SURVIVAL_KIT = { tent: 1, sleepingBag: 1, rationDays: 2 } as const;

/** A starting weapon: its key, and whether it needs ammunition (the weapon data decides). */
export interface StartingWeapon {
  key: string;
  requiresAmmo: boolean;
}

/**
 * "They get 1d3 reloads of ammunition for any weapons that require it": `d3` is the d3's face as
 * rolled (1..3; 0..3 when `d3Mode` is "halfDown": `d3FromD6` reads a d6 that way).
 */
export function startingReloads(
  weapon: { requiresAmmo: boolean },
  d3: number,
  d3Mode: D3Mode = "uniform",
): number {
  assertD3Face(d3, d3Mode);
  return weapon.requiresAmmo ? d3 : 0;
}

/** Options of `startingGear`. */
export interface StartingGearOptions {
  d3Mode?: D3Mode;
}

/** Step Eight's gear, checked, with each weapon's reloads. */
export interface StartingGear {
  weapons: { key: string; reloads: number }[];
  problems: CreationProblem[];
}

/**
 * Step Eight: two weapons, one item and an incidental item; one d3 face per ammunition weapon, in
 * order, is its reloads.
 */
export function startingGear(
  input: { weapons: readonly StartingWeapon[]; equipment?: readonly string[]; d3Faces: readonly number[] },
  opts: StartingGearOptions = {},
): StartingGear {
  const problems: CreationProblem[] = [];
  if (input.weapons.length !== STARTING_GEAR.weapons)
    problems.push({
      key: "weaponCount",
      data: { count: input.weapons.length, expected: STARTING_GEAR.weapons },
    });
  const equipment = input.equipment?.length ?? 0;
  if (input.equipment && equipment !== STARTING_GEAR.equipment)
    problems.push({ key: "equipmentCount", data: { count: equipment, expected: STARTING_GEAR.equipment } });
  let next = 0;
  const weapons = input.weapons.map((w) => {
    if (!w.requiresAmmo) return { key: w.key, reloads: 0 };
    const face = input.d3Faces[next++];
    if (face === undefined)
      throw new RangeError(`One d3 face per ammunition weapon: ${input.d3Faces.length}`);
    return { key: w.key, reloads: startingReloads(w, face, opts.d3Mode) };
  });
  return { weapons, problems };
}
