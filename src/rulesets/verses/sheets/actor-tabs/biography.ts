/**
 * The 'Verses actor sheet's context (see `../actor-context.ts`): the Biography tab (traits,
 * creation prompts, details).
 */
import { CHARACTER_TRAITS, CREATION_PROMPTS, type TraitCategory } from "../../rules";
import { type ActorSheetInput, ROOT } from "./common";

const TRAIT_CATEGORIES: readonly TraitCategory[] = ["mental", "functional", "social", "physical"];

/** A stored prompt answer: the prompt's two dice ("13"), then the answer ("13 Honesty, curiosity"). */
export function parsePromptEntry(entry: string): { code: string | null; answer: string } {
  const m = /^([1-6])([1-6])(?:\s+([\s\S]*))?$/.exec(entry.trim());
  if (!m) return { code: null, answer: entry };
  return { code: `${m[1]}${m[2]}`, answer: m[3] ?? "" };
}

/** The stored form of a prompt answer. */
export function promptEntry(code: string | null, answer: string): string {
  const text = answer.trim();
  return code ? (text ? `${code} ${text}` : code) : text;
}

/** Every prompt code, 11 to 66, in table order. */
export const PROMPT_CODES: readonly string[] = CREATION_PROMPTS.flatMap((row, i) =>
  row.map((_, j) => `${i + 1}${j + 1}`),
);

export function biographyContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const d = system.details;
  const traits = (["A", "B"] as const).map((group) => {
    const key = group === "A" ? "groupA" : "groupB";
    return {
      group,
      label: `${ROOT}.Biography.Group${group}`,
      fields: TRAIT_CATEGORIES.map((category) => ({
        category,
        label: `${ROOT}.Biography.Trait.${category}`,
        field: `system.details.traits.${key}.${category}`,
        value: d.traits[key][category],
        listId: `trait-${group}-${category}`,
        suggestions: CHARACTER_TRAITS[group][category].map((_, i) =>
          localize(`${ROOT}.Traits.${group}.${category}.${i + 1}`),
        ),
      })),
    };
  });
  const prompts = d.prompts.map((entry, index) => {
    const { code, answer } = parsePromptEntry(entry);
    return {
      index,
      code,
      prompt: code ? localize(`${ROOT}.Prompts.${code}`) : localize(`${ROOT}.Biography.FreeAnswer`),
      answer,
    };
  });
  return {
    traits,
    prompts,
    promptChoices: PROMPT_CODES.map((code) => ({
      value: code,
      label: `${code[0]}-${code[1]}: ${localize(`${ROOT}.Prompts.${code}`)}`,
    })),
    biography: d.biography,
    biographyHTML: input.biographyHTML ?? d.biography,
    wealth: d.wealth,
    socialRank: d.socialRank,
    languages: d.languages.join(", "),
    nativeTec: system.nativeTec,
  };
}
