// Item sources the integration worlds give their actors: a skill (PRW default, difficulty 1 unless
// said), a weapon with one mode, a weapon feature. One set of builders for every integration test.

/** A weapon mode's fields a test leaves alone. */
export const MODE = { name: "", area: "", indirect: false, hands: 1 };

/** A skill item "Family » Spec" with its allocated dice, defaulting to PRW. */
export const skill = (name: string, allocated: number, over: Record<string, unknown> = {}) => ({
  name,
  type: "verses-skill",
  system: {
    skill: name.split(" » ")[0],
    spec: name.split(" » ")[1] ?? "",
    difficulty: 1,
    default: { kind: "attribute", attribute: "prw" },
    allocated,
    ...over,
  },
});

/** An equipped weapon with one mode. */
export const weapon = (name: string, mode: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  name,
  type: "verses-weapon",
  system: { modes: [{ ...MODE, ...mode }], equipped: true, ...over },
});

/** A weapon feature, `Parry(3)` as `feature("Parry", "3")`. */
export const feature = (name: string, value = "") => ({ name, value });

/** An ability item by its key, with its allocated dice. */
export const ability = (key: string, allocated: number) => ({
  name: key,
  type: "verses-ability",
  system: { key, allocated },
});
