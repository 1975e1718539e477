/**
 * The Story tab: the Three Words, the Complication and the Motivation (Tables 6 and 7, or one of the
 * player's own, and a 2d6 roll for each when the rolls are there), the profession, apprentice and
 * incidental item, the First Impressions made on NPCs (the lasting CMod of each) and the backstory.
 * Foundry-free.
 */
import { signed } from "../../../../core/sheet-logic";
import {
  NAMES,
  ROOT,
  removeAt,
  replaceAt,
  rollButton,
  type CharacterSheetInput,
  type Relationship,
  type XeroSumActorSystem,
} from "./common";
import { tableOptions } from "./health";

/**
 * The lasting CMods a First Impression leaves: +1 (a Wild Success or Moment of High Insight), 0 (a
 * Success), −1 (a Failure), −5 (a Dire Failure or Moment of Low Insight).
 */
export const IMPRESSION_CMODS = [1, 0, -1, -5] as const;
const IMPRESSION_KEYS: Readonly<Record<number, string>> = {
  1: "favourable",
  0: "neutral",
  [-1]: "poor",
  [-5]: "hostile",
};

/** The First Impressions with a blank one added at the end. */
export function addRelationship(system: XeroSumActorSystem): Relationship[] {
  return [...system.relationships, { name: "", cmod: 0 }];
}

/** The First Impressions with one entry's name or CMod edited (null for anything else). */
export function editRelationship(
  system: XeroSumActorSystem,
  index: number,
  field: string,
  value: string,
): Relationship[] | null {
  const entry = system.relationships[index];
  if (!entry) return null;
  if (field === "name") return replaceAt(system.relationships, index, { ...entry, name: value.trim() });
  if (field === "cmod") {
    const cmod = Number(value);
    if (!(IMPRESSION_CMODS as readonly number[]).includes(cmod)) return null;
    return replaceAt(system.relationships, index, { ...entry, cmod });
  }
  return null;
}

/** The First Impressions without the one at `index`. */
export function removeRelationship(system: XeroSumActorSystem, index: number): Relationship[] | null {
  return removeAt(system.relationships, index);
}

/** A Complication or Motivation: Table 6/7's choices with the player's own as the blank choice. */
function drive(input: CharacterSheetInput, kind: "complication" | "motivation") {
  const { system, localize } = input;
  const table = kind === "complication" ? "complications" : "motivations";
  const family = kind === "complication" ? "Complication" : "Motivation";
  const current = system.narrative[kind];
  const custom =
    kind === "complication" ? system.narrative.customComplication : system.narrative.customMotivation;
  const customField = kind === "complication" ? "customComplication" : "customMotivation";
  return {
    kind,
    id: `narrative-${kind}`,
    name: `system.narrative.${kind}`,
    label: `${NAMES}.Actor.FIELDS.narrative.${kind}.label`,
    options: tableOptions(table, `${NAMES}.${family}`, current, localize, `${ROOT}.Story.OwnChoice`),
    own: current === "",
    custom: {
      id: `narrative-${customField}`,
      name: `system.narrative.${customField}`,
      label: `${NAMES}.Actor.FIELDS.narrative.${customField}.label`,
      value: custom,
    },
    roll: rollButton(input, kind, localize(`${ROOT}.Story.Roll${family}`)),
  };
}

export function storyContext(input: CharacterSheetInput) {
  const { system, localize } = input;
  const words = system.narrative.threeWords;
  const text = (field: "profession" | "apprentice" | "incidentalItem") => ({
    id: `narrative-${field}`,
    name: `system.narrative.${field}`,
    label: `${NAMES}.Actor.FIELDS.narrative.${field}.label`,
    value: system.narrative[field],
  });
  return {
    threeWords: (["first", "second", "third"] as const).map((which) => ({
      id: `narrative-word-${which}`,
      name: `system.narrative.threeWords.${which}`,
      label: `${NAMES}.Actor.FIELDS.narrative.threeWords.${which}.label`,
      value: words[which],
    })),
    drives: [drive(input, "complication"), drive(input, "motivation")],
    details: [text("profession"), text("apprentice"), text("incidentalItem")],
    relationships: system.relationships.map((rel, index) => {
      const who = rel.name || localize(`${ROOT}.Story.Unnamed`);
      return {
        index,
        name: rel.name,
        nameLabel: localize(`${ROOT}.Story.ImpressionName`, { index: String(index + 1) }),
        cmodLabel: localize(`${ROOT}.Story.ImpressionCmod`, { name: who }),
        options: [
          ...IMPRESSION_CMODS,
          ...(IMPRESSION_CMODS.includes(rel.cmod as never) ? [] : [rel.cmod]),
        ].map((cmod) => ({
          value: cmod,
          label: IMPRESSION_KEYS[cmod]
            ? `${signed(cmod)} ${localize(`${ROOT}.Impression.${IMPRESSION_KEYS[cmod]}`)}`
            : signed(cmod),
          selected: cmod === rel.cmod,
        })),
        removeLabel: localize(`${ROOT}.Story.RemoveImpression`, { name: who }),
        roll: rollButton(input, "firstImpression", localize(`${ROOT}.Story.RollImpression`, { name: who })),
      };
    }),
    backstory: system.narrative.backstory,
    backstoryHTML: input.backstoryHTML ?? system.narrative.backstory,
  };
}
