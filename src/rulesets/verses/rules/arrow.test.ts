import { describe, expect, it } from "vitest";
import { parseArrowTest } from "./arrow";

describe("arrow notation ('Arrow Notation')", () => {
  it("the Horse's Kick: PRW + TUF + 3AD → 2S", () => {
    expect(parseArrowTest("PRW + TUF + 3AD → 2S")).toEqual({
      ok: true,
      value: { attributes: ["prw", "tuf"], minimumAD: 3, target: 2, continuation: null },
    });
  });
  it("the Dog's Bite: PRW + 1AD → 1 S C (continuous, 1C)", () => {
    expect(parseArrowTest("PRW + 1AD → 1 S C")).toEqual({
      ok: true,
      value: { attributes: ["prw"], minimumAD: 1, target: 1, continuation: 1 },
    });
  });
  it("Awaken another: SOC + #AD -> 4S (any AD, at least 1)", () => {
    expect(parseArrowTest("SOC + #AD -> 4S")).toMatchObject({
      ok: true,
      value: { attributes: ["soc"], minimumAD: 1, target: 4 },
    });
  });
  it("refuses what it cannot read", () => {
    expect(parseArrowTest("2S@10m,20").ok).toBe(false);
    expect(parseArrowTest("PRW + Swords → 2S").ok).toBe(false);
    expect(parseArrowTest("PRW → lots").ok).toBe(false);
  });
});
