// Resting to recover Willpower (rolls/rest-logic.ts) and its card (card-logic.ts, messages-logic.ts):
// "if they are at zero dots, they may immediately recover the first dot. Otherwise, they will regain
// 1 dot every 12 hours. If they actively rest or relax for that time, they may regain 1 additional dot
// per success on a difficulty 8 Willpower roll"; never past the permanent rank.
import { describe, expect, it } from "vitest";
import { cardOffers, readRoll, rollCardView } from "../../src/rulesets/maelstrom/rolls/card-logic";
import { rollCardProblems, stableCard } from "../../src/rulesets/maelstrom/rolls/messages-logic";
import {
  restChange,
  restDialogModel,
  restOutcome,
  restPlanOf,
  restProblem,
  restRolls,
  type RestInput,
} from "../../src/rulesets/maelstrom/rolls/rest-logic";
import { resolveRoll } from "../../src/rulesets/maelstrom/rules";
import { willpowerOptions } from "../lib/maelstrom-roll-examples";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key.split(".").pop()}${JSON.stringify(data)}` : key.split(".").pop()!;
const WHO = { uuid: "Actor.ada0000000000001", name: "Ada" };
const CARD = { actorUuid: WHO.uuid, actorName: "Ada" };
const roll = (dice: number[]) => resolveRoll({ dice, difficulty: 8 });
const input = (current: number, max = 5, choice = {}): RestInput => ({
  actorName: "Ada",
  current,
  max,
  choice,
  restingRoll: { pool: current, difficulty: 8, threshold: 0, exploding: false, autoSuccesses: 0 },
});

describe("what a rest recovers", () => {
  it("at zero the first dot comes at once, even with no hours", () => {
    expect(restOutcome({ current: 0, max: 5 }, { hours: 0, active: false }, null)).toMatchObject({
      regained: 1,
      current: 1,
      lost: 0,
    });
    expect(restProblem({ current: 0, max: 5 }, { hours: 0, active: false })).toBeNull();
  });

  it("one dot per full 12 hours: 24 hours give 2, 35 hours still 2", () => {
    expect(restOutcome({ current: 1, max: 5 }, { hours: 24, active: false }, null).current).toBe(3);
    expect(restOutcome({ current: 1, max: 5 }, { hours: 35, active: false }, null).regained).toBe(2);
  });

  it("actively resting adds the difficulty 8 roll's successes; never past the permanent rank", () => {
    const twoSuccesses = roll([8, 9, 3]);
    expect(twoSuccesses.finalSuccesses).toBe(2);
    expect(restOutcome({ current: 1, max: 5 }, { hours: 12, active: true }, twoSuccesses)).toMatchObject({
      regained: 3,
      successes: 2,
      current: 4,
    });
    expect(restOutcome({ current: 3, max: 5 }, { hours: 24, active: true }, twoSuccesses)).toMatchObject({
      regained: 2,
      current: 5,
    });
  });

  it("the roll counts only after a full 12 hours; a botch costs its dots after the rest's", () => {
    expect(restRolls({ hours: 11, active: true })).toBe(false);
    expect(restOutcome({ current: 0, max: 5 }, { hours: 6, active: true }, roll([9, 9])).current).toBe(1);
    const botch = roll([1, 1, 3]);
    expect(botch.uncancelledBotches).toBe(2);
    expect(restOutcome({ current: 1, max: 5 }, { hours: 12, active: true }, botch)).toMatchObject({
      regained: 1,
      lost: 2,
      current: 0,
      broken: true,
    });
  });

  it("refuses a rest that gives nothing: full Willpower, under 12 hours with dots left, no hours", () => {
    expect(restProblem({ current: 5, max: 5 }, { hours: 24, active: false })).toMatch(/Full$/);
    expect(restProblem({ current: 2, max: 5 }, { hours: 11, active: true })).toMatch(/TooShort$/);
    expect(restProblem({ current: 2, max: 5 }, restPlanOf({ hours: null, active: false }))).toMatch(/Hours$/);
  });

  it("the change: Willpower by the difference within 0..max, the recovered mark cleared", () => {
    const outcome = restOutcome({ current: 0, max: 4 }, { hours: 12, active: false }, null);
    expect(restChange(WHO, 0, 4, outcome)).toEqual({
      ...WHO,
      add: [{ path: "system.willpower.value", delta: 2, min: 0, max: 4 }],
      set: { "system.willpower.rallied": false },
    });
    const same = restOutcome({ current: 2, max: 4 }, { hours: 12, active: true }, roll([1, 5]));
    expect(same.current).toBe(2);
    expect(restChange(WHO, 2, 4, same)).toBeNull();
  });
});

describe("the rest dialog", () => {
  it("opens at 12 hours, not active; reads the hours within 0..720 and the checkbox", () => {
    const model = restDialogModel(input(2));
    expect(model.start).toEqual({ hours: 12, active: false });
    const next = model.change(model.change(model.start, "hours", "9999"), "active", true);
    expect(restPlanOf(next)).toEqual({ hours: 720, active: true });
  });

  it("shows the dots before any roll, the odds of the resting roll only when it rolls", () => {
    const model = restDialogModel(input(0, 5, { hours: 24 }));
    const quiet = model.evaluate(model.start);
    expect(quiet.summary[0]!.total![0]).toMatchObject({ data: { gained: "3" } });
    expect(quiet.odds).toBeNull();
    const active = model.evaluate({ ...model.start, active: true });
    expect(active.odds && "outcomes" in active.odds ? active.odds.outcomes.length : 0).toBe(5);
    expect(model.evaluate({ hours: 24, active: false }).problems).toEqual([]);
    expect(restDialogModel(input(5)).evaluate({ hours: 12, active: false }).problems[0]!.key).toMatch(
      /Full$/,
    );
  });
});

describe("the rest's card", () => {
  const rest = { hours: 24, active: true, regained: 3, successes: 1, lost: 0, current: 4, broken: false };

  it("is a valid card state; a forged rest is refused", () => {
    expect(rollCardProblems({ ...CARD, rest })).toEqual([]);
    expect(rollCardProblems({ ...CARD, rest: { ...rest, current: 11 } })).not.toEqual([]);
    expect(rollCardProblems({ ...CARD, rest: { ...rest, active: "yes" } })).not.toEqual([]);
    // A card without a rest keeps the digest it had before rests existed.
    expect(stableCard(CARD)).toEqual({ actorUuid: CARD.actorUuid, botchLoss: null });
  });

  it("without a roll: the rest's lines alone", () => {
    const v = rollCardView(null, {
      localize,
      card: { ...CARD, rest: { ...rest, active: false, successes: 0 } },
    });
    expect(v).toMatchObject({ invalid: false, restOnly: true, label: "RestLabel" });
    expect("rest" in v && v.rest).toMatchObject({ rested: 'Rested{"hours":"24"}', successes: "" });
  });

  it("with the resting roll: the roll and the rest's lines, no buttons after it", () => {
    const options = { ...willpowerOptions(), difficulty: 8 };
    const read = readRoll(options, [[8, 3, 4, 5, 6]]);
    const v = rollCardView(read, {
      localize,
      card: { ...CARD, rest },
      actor: { xpAvailable: 3, willpower: 4 },
    });
    expect(v).toMatchObject({ label: "RestLabel", hasButtons: false });
    expect("rest" in v && v.rest).toMatchObject({
      regained: 'Regained{"n":"3"}',
      successes: 'FromRoll{"n":"1"}',
    });
    const result = resolveRoll({ dice: [8, 3, 4, 5, 6], difficulty: 8 });
    expect(cardOffers(options, result, { rest }, { xpAvailable: 3, willpower: 4 })).toEqual({
      experience: [],
      willpower: false,
    });
  });
});
