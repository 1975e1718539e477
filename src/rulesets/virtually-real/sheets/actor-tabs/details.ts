/**
 * The Details tab: who the character is (ancestry, heritage, culture, occupation, the biography) and
 * what the end of the scene reads for experience (the worst wound taken, a Basic Combat Training check
 * failed or critically failed). Foundry-free.
 */
import { WOUND_BANDS } from "../../rules";
import { CHARACTER, FIELDS, keyOptions, type CharacterSheetInput } from "./common";

export function detailsContext(input: CharacterSheetInput) {
  const { system, localize } = input;
  const text = (key: keyof typeof system.details) => ({
    name: `system.details.${key}`,
    id: `details-${key}`,
    label: `${FIELDS}.details.${key}.label`,
    value: system.details[key],
  });
  const check = (key: "bctFailed" | "bctCriticalFailure") => ({
    name: `system.scene.${key}`,
    id: `scene-${key}`,
    label: `${FIELDS}.scene.${key}.label`,
    checked: system.scene[key],
  });
  return {
    fields: [text("ancestry"), text("heritage"), text("culture"), text("occupation")],
    biography: {
      name: "system.details.biography",
      value: system.details.biography,
      enrichedHTML: input.biographyHTML ?? system.details.biography,
    },
    scene: {
      wound: {
        name: "system.scene.highestWound",
        id: "scene-highestWound",
        label: `${FIELDS}.scene.highestWound.label`,
        options: keyOptions(WOUND_BANDS, `${CHARACTER}.WoundBand`, system.scene.highestWound, localize),
      },
      checks: [check("bctFailed"), check("bctCriticalFailure")],
    },
  };
}
