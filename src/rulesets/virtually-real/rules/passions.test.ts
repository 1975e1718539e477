import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  canHaveStyle,
  darknessPassionsEarned,
  droppablePassions,
  knowsStyleToTeach,
  passionsAvailable,
  stylePassionsEarned,
  type OwnedPassion,
} from "./passions";

describe("style passions", () => {
  it("the root at level 0 of primary training, then one a level from level 2", () => {
    expect([0, 1, 2, 3, 5, 9].map((level) => stylePassionsEarned({ capacity: 2, level }))).toEqual([
      1, 1, 2, 3, 5, 9,
    ]);
  });
  it("secondary skills earn no passions and hold no style", () => {
    expect(stylePassionsEarned({ capacity: 1, level: 5 })).toBe(0);
    expect(canHaveStyle(1)).toEqual({ ok: false, reason: "secondaryNoStyle" });
    expect(canHaveStyle(2)).toEqual({ ok: true, value: true });
  });
  it("property: never fewer passions at a higher level", () =>
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.nat(9), fc.nat(9), (capacity, a, b) =>
        a <= b
          ? stylePassionsEarned({ capacity, level: a }) <= stylePassionsEarned({ capacity, level: b })
          : true,
      ),
    ));
  it("Darkness: every tree's root, and one passion every level from 1", () => {
    expect(darknessPassionsEarned(0, 3)).toEqual({ roots: 3, chosen: 0 });
    expect(darknessPassionsEarned(1, 3)).toEqual({ roots: 3, chosen: 1 });
    expect(darknessPassionsEarned(4, 2)).toEqual({ roots: 2, chosen: 4 });
  });
});

describe("dropping a Darkness passion", () => {
  const owned: OwnedPassion[] = [
    { id: "rootA", prerequisite: null },
    { id: "a1", prerequisite: "rootA" },
    { id: "a2", prerequisite: "a1" },
    { id: "b1", prerequisite: "rootA" },
  ];
  it("only a passion no other owned one stands on, never a root", () =>
    expect(droppablePassions(owned)).toEqual(["a2", "b1"]));
  it("the next passions of a tree stand on one owned", () =>
    expect(
      passionsAvailable(
        [...owned, { id: "a3", prerequisite: "a2" }, { id: "b2", prerequisite: "b1" }],
        ["rootA", "a1"],
      ),
    ).toEqual(["a2", "b1"]));
  it("property: nothing droppable is the prerequisite of an owned passion", () =>
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 9 }), fc.option(fc.integer({ min: 0, max: 9 }), { nil: null })),
        ),
        (pairs) => {
          const list: OwnedPassion[] = pairs.map(([id, pre]) => ({
            id: `p${id}`,
            prerequisite: pre === null ? null : `p${pre}`,
          }));
          const needed = new Set(list.map((p) => p.prerequisite));
          return droppablePassions(list).every((id) => !needed.has(id));
        },
      ),
    ));
});

describe("teaching a style", () => {
  it("the teacher knows all three second-level passions", () => {
    expect(knowsStyleToTeach(["a2", "b2", "c2"], ["a2", "b2", "c2", "root"])).toBe(true);
    expect(knowsStyleToTeach(["a2", "b2", "c2"], ["a2", "b2"])).toBe(false);
  });
});
