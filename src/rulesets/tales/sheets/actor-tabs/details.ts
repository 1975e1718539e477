/**
 * The Details tab: the paper sheet's identity block (gender, age, height, weight, hair, eyes, clothing
 * style, handedness, notable features, significant object; ambitions, loyalties, commitments) and the
 * driving goal, and the history (enriched to read, edited with ProseMirror). Foundry-free.
 */
import { DETAIL_FIELDS, type CharacterSheetInput } from "./common";

/** The identity block's lines: the long ones (ambitions and after) take a whole row. */
const WIDE = new Set([
  "notableFeatures",
  "significantObject",
  "ambitions",
  "loyalties",
  "commitments",
  "drivingGoal",
]);

export function detailsContext(input: CharacterSheetInput) {
  const { details } = input.system;
  return {
    fields: [
      { key: "gender", kind: "text", value: details.gender },
      { key: "age", kind: "number", value: details.age },
      ...DETAIL_FIELDS.filter((k) => k !== "gender").map((key) => ({
        key,
        kind: "text",
        value: details[key],
      })),
    ].map((f) => ({
      ...f,
      name: `system.details.${f.key}`,
      id: `details-${f.key}`,
      label: `POLYVERSE.Tales.Actor.FIELDS.details.${f.key}.label`,
      wide: WIDE.has(f.key),
    })),
    history: details.history,
    historyHTML: input.historyHTML ?? details.history,
  };
}
