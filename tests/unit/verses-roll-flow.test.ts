import { describe, expect, it } from "vitest";
import { bindingHeld } from "../../src/core/roll-dialog-keys";
import { chooseRollMode, ROLL_MODES } from "../../src/rulesets/verses/rolls/dice-so-nice";
import { poolCardContext, poolView } from "../../src/rulesets/verses/rolls/pool-view";

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

describe("the pool card after the dialog", () => {
  const options = {
    target: 6,
    kind: "attack" as const,
    perSM: "2(p)",
    label: "Short Bow",
    targetParts: [
      { label: "Range {metres} m", dice: 4, data: { metres: "25" } },
      { label: "Partial cover", dice: 2 },
    ],
  };
  it("shows how the target was worked out, from the roll's options alone", () => {
    const context = poolCardContext(poolView([6, 6, 5, 5, 5, 6, 1, 2, 3], options), {
      localize: (l, d) => (d ? l.replace("{metres}", d.metres ?? "") : l),
    });
    expect(context.targetParts.map((p) => [p.label, p.amount])).toEqual([
      ["Range 25 m", "4"],
      ["Partial cover", "+2"],
    ]);
    expect(context.success).toBe(true);
  });
  it("a private card (a blind roll, seen by its roller) shows no dice", () => {
    const view = poolView([6, 5, 1], { target: 1 });
    expect(poolCardContext(view, { isPrivate: true, localize: (l) => l }).dice).toEqual([]);
    expect(poolCardContext(view, { localize: (l) => l }).dice).toHaveLength(3);
  });
});
