// Core's roll plumbing every ruleset shares, Foundry-free: the skip-dialog key (and any ruleset's
// keybinding) read against the keys held at a click, and the roll mode a roll is posted with.
import { describe, expect, it } from "vitest";
import { bindingHeld } from "../../src/core/keybindings-logic";
import { chooseRollMode, ROLL_MODES } from "../../src/core/rolls/post-logic";

const held = (keys: string[], mods: Partial<{ shift: boolean; control: boolean; alt: boolean }> = {}) => ({
  keys: new Set(keys),
  shift: false,
  control: false,
  alt: false,
  ...mods,
});

describe("the skip-dialog key", () => {
  const shift = [{ key: "ShiftLeft" }, { key: "ShiftRight" }];
  it("Shift (either side) by default, from the keyboard or from the click", () => {
    expect(bindingHeld(shift, held(["ShiftRight"]))).toBe(true);
    expect(bindingHeld(shift, held([], { shift: true }))).toBe(true);
    expect(bindingHeld(shift, held([]))).toBe(false);
    expect(bindingHeld(shift, held(["ControlLeft"], { control: true }))).toBe(false);
  });
  it("a rebound key with modifiers needs them all", () => {
    const altQ = [{ key: "KeyQ", modifiers: ["Alt"] }];
    expect(bindingHeld(altQ, held(["KeyQ"], { alt: true }))).toBe(true);
    expect(bindingHeld(altQ, held(["KeyQ"]))).toBe(false);
    expect(bindingHeld([], held(["KeyQ"], { alt: true }))).toBe(false);
  });
});

describe("posting a roll", () => {
  it("uses the roll mode asked for when Foundry offers it, else the core setting", () => {
    expect(chooseRollMode("blindroll", ROLL_MODES, "publicroll")).toBe("blindroll");
    expect(chooseRollMode("nonsense", ROLL_MODES, "gmroll")).toBe("gmroll");
    expect(chooseRollMode(null, ROLL_MODES, "selfroll")).toBe("selfroll");
    expect(chooseRollMode(undefined, ["publicroll"], "gone")).toBe("publicroll");
  });
});
