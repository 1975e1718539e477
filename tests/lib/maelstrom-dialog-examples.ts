// A Maelstrom character as the roll dialog reads it (dialog-logic.ts TraitDialogInput), shared by the
// unit tests and the browser fixtures.
import type { TraitDialogInput } from "../../src/rulesets/maelstrom/rolls/dialog-logic";

export function dialogInput(over: Partial<TraitDialogInput> = {}): TraitDialogInput {
  return {
    kind: "action",
    actorName: "Ada Reyes",
    attributes: { strength: 2, precision: 3, reflexes: 2, perception: 3, intelligence: 2, wits: 2 },
    abilities: { firearms: 2, driving: 2, alertness: 1, athletics: 0, medicine: 0, engineering: 1 },
    specialties: [
      { id: "spec0000000000001", name: "Pistols", ability: "firearms", kind: "general" },
      { id: "spec0000000000002", name: "Extreme Range", ability: "firearms", kind: "advanced" },
      { id: "spec0000000000003", name: "Power Armor", ability: "firearms", kind: "advanced" },
      { id: "spec0000000000004", name: "Motorcycles", ability: "driving", kind: "general" },
    ],
    merits: [{ key: "acuteSense", name: "Acute Sense", option: "vision", points: 2 }],
    flaws: [{ key: "phobia", name: "Phobia", option: "spiders", points: 2, active: false }],
    woundPenalty: 0,
    willpower: 5,
    ignoreWoundsPending: false,
    ignoreWoundsRound: "",
    combatRound: "",
    incapacitated: false,
    ignoresReflexivePenalty: false,
    defaultDifficulty: 6,
    knowledgePenalty: 2,
    choice: { attribute: "precision", ability: "firearms" },
    ...over,
  };
}

/** A localiser for tests and fixtures: the key's text with `{placeholders}` filled in. */
export function formatter(localize: (key: string) => string) {
  return (key: string, data?: Record<string, string>) =>
    localize(key).replace(/\{(\w+)\}/g, (m, k: string) => data?.[k] ?? m);
}
