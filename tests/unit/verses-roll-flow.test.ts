import { describe, expect, it } from "vitest";
import { poolCardContext, poolView } from "../../src/rulesets/verses/base/pool-view";

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
