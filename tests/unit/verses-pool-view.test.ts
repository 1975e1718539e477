import { describe, expect, it } from "vitest";
import { poolCardContext, poolSize, poolView } from "../../src/rulesets/verses/rolls/pool-view";

const identity = (s: string) => s;

describe("the 'Verses pool card's view", () => {
  it("TV-21: a Flintlock Pistol (2(b)/SM), 3 successes against 2S: SM 2, two applications of 2(b)", () => {
    const view = poolView([1, 5, 6, 2, 5, 4, 3, 2, 4], { target: 2, kind: "attack", perSM: "2(b)" });
    expect(view.dice.map((d) => d.face)).toEqual([6, 5, 5, 4, 4, 3, 2, 2, 1]);
    expect(view.dice.map((d) => d.css).slice(0, 4)).toEqual(["six", "five", "five", "miss"]);
    expect(view).toMatchObject({ successes: 3, sixes: 1, fives: 2, success: true, margin: 2, pool: 9 });
    expect(view.effect).toEqual({ perSM: "2(b)", margin: 2 });
  });

  it("TV-08: the odds shown before the roll are the exact chance, 9d6 against 2S is 86 %", () => {
    const view = poolView([6, 5, 1, 1, 1, 1, 1, 1, 1], { target: 2 });
    expect(Math.round(view.chance * 100)).toBe(86);
    expect(poolCardContext(view, { localize: identity }).chancePercent).toBe("85.7 %");
  });

  it("TV-13: 3d6 against 3S with one success fails, and a failure has no effect", () => {
    const view = poolView([5, 2, 1], { target: 3, kind: "attack", perSM: "3(s)" });
    expect(view).toMatchObject({ success: false, effect: null });
    expect(poolCardContext(view, { localize: identity }).successesKey).toBe(
      "POLYVERSE.Verses.Roll.SuccessesOne",
    );
  });

  it("a roll without a target shows no success or failure", () => {
    expect(poolView([6, 6], { target: 0 })).toMatchObject({ hasTarget: false, effect: null, chance: 1 });
  });

  it("the pool is the sum of its parts, never below 0 dice (TV-13: 9 - 3 - 3 = 3)", () => {
    const parts = [
      { label: "Chemistry", dice: 1 },
      { label: "SMR", dice: 3 },
      { label: "AD", dice: 5 },
      { label: "TEC difference", dice: -3 },
      { label: "Skill difficulty", dice: -3 },
    ];
    expect(poolSize(parts)).toBe(3);
    expect(poolSize([{ label: "penalty", dice: -2 }])).toBe(0);
    expect(poolSize(undefined)).toBe(0);
  });

  it("a private roll hides its flavour", () => {
    const view = poolView([6], { target: 1 });
    expect(
      poolCardContext(view, { flavor: "secret", isPrivate: true, localize: identity }).flavor,
    ).toBeNull();
    expect(poolCardContext(view, { flavor: "open", localize: identity }).flavor).toBe("open");
  });
});
