// The Tension Pool's Foundry-free glue, against the text (L733-747): "Each time a character does a
// time-consuming task, the GM loudly drops a die into a glass bowl"; "If you commit a reckless action
// ... you roll the dice that are in the bowl. If it's time-consuming and reckless, add a die and then
// roll the pool"; "If you add a 6th die to the bowl, immediately roll the pool"; "When the pool is
// rolled, the dice are not returned to the bowl"; "If any 1's are rolled, that indicates a
// complication"; "The GM may clear the pool at the end of each scene, or choose to keep the dice".
import { describe, expect, it } from "vitest";
import {
  EMPTY_BOWL,
  TENSION,
  TENSION_CARDS_KEPT,
  bowlAtSceneEnd,
  planTension,
  readBowl,
  rememberCard,
  tensionCardContext,
  tensionCardProblems,
  tensionIndicator,
  type TensionCardState,
} from "./tension-logic";

/** A localiser that shows the key and its values, so the tests read what the card asks for. */
const l = (key: string, data?: Record<string, string>) =>
  data
    ? `${key}(${Object.entries(data)
        .map(([k, v]) => `${k}=${v}`)
        .join(",")})`
    : key;

describe("the bowl as the world keeps it", () => {
  it("reads a stored bowl plainly; anything broken is an empty bowl; never more than 6 dice", () => {
    expect(readBowl({ dice: 3, cards: ["a", 7, "b"] })).toEqual({ dice: 3, cards: ["a", "b"] });
    for (const bad of [null, "3", [], { dice: -1 }, { dice: 2.5 }, { dice: "4" }])
      expect(readBowl(bad)).toEqual(EMPTY_BOWL);
    expect(readBowl({ dice: 40 }).dice).toBe(6);
  });

  it("remembers each check card once, and forgets the oldest past its limit", () => {
    const bowl = { dice: 1, cards: ["a"] };
    expect(rememberCard(bowl, "a")).toEqual(["a"]);
    expect(rememberCard(bowl, "b")).toEqual(["a", "b"]);
    expect(rememberCard(bowl, null)).toEqual(["a"]);
    const full = { dice: 0, cards: Array.from({ length: TENSION_CARDS_KEPT }, (_, i) => `m${i}`) };
    const next = rememberCard(full, "new");
    expect(next).toHaveLength(TENSION_CARDS_KEPT);
    expect(next.at(-1)).toBe("new");
    expect(next).not.toContain("m0");
  });
});

describe("the GM's three controls", () => {
  it("Add tension die: one die dropped, nothing rolled", () => {
    expect(planTension({ dice: 2, cards: [] }, "add")).toEqual({
      dice: 3,
      added: true,
      roll: 0,
      reason: null,
    });
  });
  it("Add tension die on 5: the 6th die rolls the pool at once, all 6 dice", () => {
    expect(planTension({ dice: 5, cards: [] }, "add")).toEqual({
      dice: 6,
      added: true,
      roll: 6,
      reason: "full",
    });
  });
  it("Roll tension pool (reckless): the dice in the bowl, none added", () => {
    expect(planTension({ dice: 3, cards: [] }, "roll")).toEqual({
      dice: 3,
      added: false,
      roll: 3,
      reason: "reckless",
    });
    // An empty bowl has nothing to roll: the glue refuses it.
    expect(planTension(EMPTY_BOWL, "roll").roll).toBe(0);
  });
  it("Reckless and time-consuming: add a die and then roll the pool", () => {
    expect(planTension({ dice: 3, cards: [] }, "both")).toEqual({
      dice: 4,
      added: true,
      roll: 4,
      reason: "reckless",
    });
    expect(planTension(EMPTY_BOWL, "both").roll).toBe(1);
  });
});

describe("the end of a scene", () => {
  it("clears the pool, or keeps the dice from scene to scene; the cards remembered stay", () => {
    const bowl = { dice: 4, cards: ["a"] };
    expect(bowlAtSceneEnd(bowl, false)).toEqual({ dice: 0, cards: ["a"] });
    expect(bowlAtSceneEnd(bowl, true)).toEqual({ dice: 4, cards: ["a"] });
  });
});

const rolled = (faces: number[], over: Partial<TensionCardState> = {}): TensionCardState => ({
  kind: "roll",
  reason: "reckless",
  added: false,
  dice: 0,
  faces,
  ...over,
});

describe("the tension card", () => {
  it("accepts a die dropped and a rolled pool", () => {
    expect(tensionCardProblems({ kind: "add", reason: null, added: true, dice: 2, faces: [] })).toEqual([]);
    expect(tensionCardProblems(rolled([1, 4, 6]))).toEqual([]);
    expect(tensionCardProblems(rolled([1, 2, 3, 4, 5, 6], { reason: "full", added: true }))).toEqual([]);
  });

  it("refuses a broken card: faces off a d6, more than 6 dice, a rolled bowl not empty, a full bowl of 5", () => {
    const bad: unknown[] = [
      null,
      rolled([0, 3]),
      rolled([7]),
      rolled([1.5]),
      rolled([1, 1, 1, 1, 1, 1, 1]),
      rolled([]),
      rolled([2, 3], { dice: 2 }),
      rolled([1, 2, 3, 4, 5], { reason: "full", added: true }),
      rolled([1], { reason: "bored" as never }),
      { kind: "add", reason: null, added: true, dice: 0, faces: [] },
      { kind: "add", reason: "reckless", added: true, dice: 2, faces: [] },
      { kind: "add", reason: null, added: true, dice: 2, faces: [3] },
      { kind: "peek", reason: null, added: true, dice: 2, faces: [] },
    ];
    for (const card of bad) expect(tensionCardProblems(card)).not.toEqual([]);
  });

  it("a rolled pool: any 1 is a complication, counted; the bowl is empty after", () => {
    const ctx = tensionCardContext(rolled([1, 4, 1]), l, true);
    expect(ctx).toMatchObject({
      title: `${TENSION}.Card.Title.roll`,
      reason: `${TENSION}.Card.Reason.reckless`,
      dice: [
        { face: 1, one: true },
        { face: 4, one: false },
        { face: 1, one: true },
      ],
      outcome: `${TENSION}.Card.Complication.other(n=2)`,
      tone: "failure",
      emptied: `${TENSION}.Card.Emptied`,
    });
    const calm = tensionCardContext(rolled([2, 6], { added: true }), l, true);
    expect(calm).toMatchObject({
      outcome: `${TENSION}.Card.NoComplication`,
      tone: "success",
      reason: `${TENSION}.Card.Reason.both`,
    });
    expect(
      tensionCardContext(rolled([3, 3, 3, 3, 3, 1], { reason: "full", added: true }), l, true),
    ).toMatchObject({
      reason: `${TENSION}.Card.Reason.full`,
      outcome: `${TENSION}.Card.Complication.one(n=1)`,
    });
  });

  it("a die dropped: the bowl's count and the chance of a complication, 1 − (5/6)^n (11/36 for 2)", () => {
    const ctx = tensionCardContext({ kind: "add", reason: null, added: true, dice: 2, faces: [] }, l, true);
    // 11/36 = 30.6 %
    expect(ctx).toMatchObject({ bowl: `${TENSION}.Card.Bowl(dice=${TENSION}.Dice.other(n=2),odds=30.6 %)` });
  });

  it("a card a GM did not post shows only that it changes nothing", () => {
    const ctx = tensionCardContext(rolled([1, 1]), l, false);
    expect(ctx).toEqual({
      kind: "roll",
      title: `${TENSION}.Card.Title.roll`,
      forged: `${TENSION}.Card.NotGM`,
    });
  });

  it("the directory's line: the dice and the odds (1 die 16.7 %, 5 dice 59.8 %)", () => {
    expect(tensionIndicator(1, l).text).toBe(
      `${TENSION}.Indicator.Text(dice=${TENSION}.Dice.one(n=1),odds=16.7 %)`,
    );
    expect(tensionIndicator(5, l).text).toContain("odds=59.8 %");
    expect(tensionIndicator(0, l).text).toContain("odds=0 %");
  });
});
