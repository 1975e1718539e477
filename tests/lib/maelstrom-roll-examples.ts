// Maelstrom roll set-ups the unit tests, the browser fixtures and the integration tests share, with
// the rules text's own numbers (its worked examples: the motorcycle, the sniper).
import type { MaelstromRollOptions } from "../../src/rulesets/maelstrom/rolls/roll-logic";

/** An action's options with defaults: Precision 3 + Driving 2 at difficulty 6 (the motorcycle: "5 dice"). */
export function actionOptions(over: Partial<MaelstromRollOptions> = {}): MaelstromRollOptions {
  const base: MaelstromRollOptions = {
    kind: "action",
    traits: ["attributes.precision", "abilities.driving"],
    parts: [
      { label: "POLYVERSE.Maelstrom.Attribute.precision", value: 3 },
      { label: "POLYVERSE.Maelstrom.Ability.driving", value: 2 },
    ],
    woundPenalty: 0,
    woundsIgnored: false,
    pool: 5,
    baseDifficulty: 6,
    modifiers: [],
    difficulty: 6,
    baseThreshold: 0,
    requiredUnused: 0,
    threshold: 0,
    specialties: [],
    maxSpecialties: 2,
    exploding: false,
    autoSuccesses: 0,
  };
  return { ...base, ...over };
}

/**
 * The sniper (Using Specialties): Precision 3 + Firearms 1, difficulty 8, Extreme Range used (so no
 * threshold): dice [1, 4, 7, 10], bonus [1, 10] then [4, 8]: "success ×2".
 */
export const SNIPER = {
  options: actionOptions({
    traits: ["attributes.precision", "abilities.firearms"],
    parts: [
      { label: "POLYVERSE.Maelstrom.Attribute.precision", value: 3 },
      { label: "POLYVERSE.Maelstrom.Ability.firearms", value: 1 },
    ],
    pool: 4,
    baseDifficulty: 8,
    difficulty: 8,
    specialties: ["Extreme Range"],
    maxSpecialties: 1,
    exploding: true,
  }),
  terms: [
    [1, 4, 7, 10],
    [1, 10],
    [4, 8],
  ],
};

/** A Willpower roll: current 5, difficulty 6. */
export function willpowerOptions(over: Partial<MaelstromRollOptions> = {}): MaelstromRollOptions {
  return actionOptions({
    kind: "willpower",
    traits: ["willpower"],
    parts: [{ label: "POLYVERSE.Maelstrom.Willpower", value: 5 }],
    pool: 5,
    maxSpecialties: 0,
    ...over,
  });
}
