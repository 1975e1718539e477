import { describe, expect, it } from "vitest";
import {
  invalidCardText,
  poolCardContext,
  poolSize,
  poolView,
} from "../../src/rulesets/verses/base/pool-view";

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

describe("a pool card never throws on data that is not a pool (a forged or corrupted message)", () => {
  const ok = { target: 2, kind: "test", label: "PRW", parts: [{ label: "PRW", dice: 3 }] };
  const cases: [string, unknown[], unknown][] = [
    ["a die showing 7", [7, 5, 1], ok],
    ["a die showing 0", [0, 5, 1], ok],
    ["faces that are not numbers", ["6", 5, null], ok],
    ["a fractional face", [5.5, 5, 1], ok],
    ["a target that is not a number", [6, 5, 1], { ...ok, target: "2" }],
    ["a negative target", [6, 5, 1], { ...ok, target: -1 }],
    ["a fractional target", [6, 5, 1], { ...ok, target: 1.5 }],
    ["a target of a million", [6, 5, 1], { ...ok, target: 1e6 }],
    ["no target at all", [6, 5, 1], { kind: "test" }],
    ["no options", [6, 5, 1], undefined],
    ["null options", [6, 5, 1], null],
    ["options that are a string", [6, 5, 1], "boom"],
    ["an unknown kind", [6, 5, 1], { ...ok, kind: "__proto__" }],
    ["parts that are not a list", [6, 5, 1], { ...ok, parts: "3" }],
    ["a part without a number", [6, 5, 1], { ...ok, parts: [{ label: "PRW", dice: "3" }] }],
    ["a label that is an object", [6, 5, 1], { ...ok, label: { toString: 1 } }],
    ["parts that do not add up to the dice", [6, 5, 1], { ...ok, parts: [{ label: "PRW", dice: 300 }] }],
    ["thousands of dice", Array.from({ length: 5000 }, () => 6), { target: 1 }],
  ];

  for (const [what, faces, options] of cases)
    it(`${what}: an invalid view, and a card context with the note and no dice`, () => {
      let view: ReturnType<typeof poolView> | undefined;
      expect(() => (view = poolView(faces, options))).not.toThrow();
      expect(view).toMatchObject({
        invalid: true,
        dice: [],
        pool: 0,
        hasTarget: false,
        effect: null,
        parts: [],
      });
      const context = poolCardContext(view!, { localize: identity });
      expect(context).toMatchObject({ invalid: true, dice: [], targetParts: [] });
    });

  it("a sound roll is not marked, and keeps its label even when the options carry other data", () => {
    const view = poolView([6, 5, 1], { ...ok, parts: [{ label: "PRW", dice: 3 }], actorUuid: "Actor.x" });
    expect(view).toMatchObject({ invalid: false, successes: 2, pool: 3, label: "PRW" });
    // The cap's part (a pool cut to the world's largest) is sound.
    const capped = poolView([1, 2, 3], {
      target: 1,
      parts: [
        { label: "Bonus", dice: 200_000 },
        { label: "POLYVERSE.Verses.Pool.Cap", dice: -199_997, data: { max: "3" } },
      ],
    });
    expect(capped.invalid).toBe(false);
  });

  it("an invalid card keeps only a plain-text label; the fallback card escapes the note", () => {
    expect(poolView([7], { target: 1, label: "<b>Sword</b>" }).label).toBe("<b>Sword</b>");
    expect(invalidCardText(() => "<script>x</script>")).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(
      invalidCardText(() => {
        throw new Error("no i18n");
      }),
    ).toContain("POLYVERSE.Verses.Roll.Invalid");
  });
});
