// The Maelstrom roll card's view (card-logic.ts) and what it reads (roll-logic.ts): the numbers come
// from the rules layer's resolveRoll on the dice the roll holds, a forged roll is refused, the
// buttons follow the rules (experience die, Willpower), the card's state is checked (messages-logic.ts).
import { describe, expect, it } from "vitest";
import { cardOffers, readRoll, rollCardView } from "../../src/rulesets/maelstrom/rolls/card-logic";
import { rollCardProblems } from "../../src/rulesets/maelstrom/rolls/messages-logic";
import { pendingProblem, rollChanges } from "../../src/rulesets/maelstrom/rolls/changes-logic";
import { experienceValid, readRollOptions, splitWaves } from "../../src/rulesets/maelstrom/rolls/roll-logic";
import { resolveRoll } from "../../src/rulesets/maelstrom/rules";
import { SNIPER, actionOptions, willpowerOptions } from "../lib/maelstrom-roll-examples";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key.split(".").pop()}${JSON.stringify(data)}` : key.split(".").pop()!;
const CARD = { actorUuid: "Actor.ada0000000000001", actorName: "Ada" };
const ACTOR = { xpAvailable: 3, willpower: 5 };

function view(
  options = actionOptions(),
  terms: unknown[][] = [[1, 3, 4, 6, 7]],
  card: object = CARD,
  actor = ACTOR,
) {
  const v = rollCardView(readRoll(options, terms), { localize, card: { ...CARD, ...card }, actor });
  if (v.invalid) throw new Error("invalid");
  return v as Extract<typeof v, { tally: unknown }>;
}

describe("the Maelstrom roll card", () => {
  it("TV-02: [1, 3, 4, 6, 7] at difficulty 6 is two successes, one botch, success ×1", () => {
    const v = view();
    expect(v.tally).toEqual({ successes: 2, thresholdRemoved: 0, botches: 1, net: 1 });
    expect(v.outcome).toEqual({ tone: "success", text: 'Success{"n":"1"}', good: false });
    expect(v.dice.map((d) => d.css)).toEqual(["botch", "plain", "plain", "success", "success"]);
    expect(v.label).toBe("precision + driving");
  });

  it("TV-06: the sniper's exploding tens, bonus 1s ignored: success ×2", () => {
    const v = view(SNIPER.options, SNIPER.terms);
    const r = resolveRoll({ dice: [1, 4, 7, 10], bonusDice: [1, 10, 4, 8], difficulty: 8 });
    expect(v.tally).toEqual({ successes: r.successes, thresholdRemoved: 0, botches: r.botches, net: r.net });
    expect(v.tally?.net).toBe(2);
    expect(v.bonus.map((d) => d.css)).toEqual(["ignored", "success", "plain", "success"]);
    expect(v.exploding).toBe("Exploding");
  });

  it("TV-05: a threshold removes successes before the botches: botch (1 uncancelled)", () => {
    const options = actionOptions({ pool: 3, baseThreshold: 0, requiredUnused: 2, threshold: 2 });
    const v = view({ ...options, parts: [{ label: "x", value: 3 }], traits: ["attributes.precision"] }, [
      [1, 6, 7],
    ]);
    expect(v.tally).toEqual({ successes: 2, thresholdRemoved: 2, botches: 1, net: -1 });
    expect(v.outcome?.tone).toBe("botch");
    expect(v.outcome?.text).toBe('Botch{"k":"1"}');
    expect(v.buttons.experience).toEqual([]);
  });

  it("three or more is a really good job; the experience die counts as a bonus die", () => {
    // TV-16: [2, 6] with a specialty, the experience die 10 then [6, 2]: success ×3.
    const options = actionOptions({
      pool: 2,
      parts: [{ label: "x", value: 2 }],
      specialties: ["Forensics"],
      exploding: true,
    });
    const v = view(options, [[2, 6]], { experience: { trait: "abilities.driving", faces: [10, 6, 2] } });
    expect(v.tally?.net).toBe(3);
    expect(v.outcome?.good).toBe(true);
    expect(v.experience?.dice.map((d) => d.face)).toEqual([10, 6, 2]);
    // TV-15: an experience die of 1 is no botch.
    const one = view(actionOptions({ pool: 2, parts: [{ label: "x", value: 2 }] }), [[3, 4]], {
      experience: { trait: "abilities.driving", faces: [1] },
    });
    expect(one.tally).toMatchObject({ botches: 0, net: 0 });
  });

  it("offers the experience die in each trait used, once, not on a botch or a soak, with XP available", () => {
    expect(view().buttons.experience.map((b) => b.trait)).toEqual([
      "attributes.precision",
      "abilities.driving",
    ]);
    expect(
      view(undefined, undefined, { experience: { trait: "abilities.driving", faces: [5] } }).buttons
        .experience,
    ).toEqual([]);
    expect(view(undefined, undefined, CARD, { xpAvailable: 0, willpower: 5 }).buttons.experience).toEqual([]);
    const soak = actionOptions({
      kind: "soak",
      traits: ["attributes.strength"],
      parts: [{ label: "x", value: 2 }],
      pool: 2,
      soak: { type: "bashing", incoming: 3 },
    });
    const s = view(soak, [[6, 9]]);
    expect(s.buttons.experience).toEqual([]);
    expect(s.soak).toEqual({ net: 2, text: 'Soaked{"n":"2"}', taken: 'Taken{"taken":"1","incoming":"3"}' });
  });

  it("offers Spend Willpower on a Willpower roll that did not botch, with 2 dots or more", () => {
    const result = resolveRoll({ dice: [2, 3, 4, 5, 2] });
    expect(cardOffers(willpowerOptions(), result, {}, ACTOR).willpower).toBe(true);
    expect(cardOffers(willpowerOptions(), result, {}, { ...ACTOR, willpower: 1 }).willpower).toBe(false);
    expect(cardOffers(willpowerOptions(), resolveRoll({ dice: [1, 1, 2] }), {}, ACTOR).willpower).toBe(false);
    expect(cardOffers(actionOptions(), result, {}, ACTOR).willpower).toBe(false);
    const spent = view(willpowerOptions(), [[2, 3, 4, 5, 2]], { willpower: { successes: 4, current: 4 } });
    expect(spent.outcome).toEqual({ tone: "success", text: 'WillpowerSuccess{"n":"4"}', good: true });
    expect(spent.buttons).toEqual({ experience: [], willpower: "" });
  });

  it("refuses a forged roll: a face of 11, too many or too few bonus dice, options that disagree", () => {
    expect(readRoll(actionOptions(), [[11, 3, 4, 6, 7]])).toBeNull();
    expect(readRoll(actionOptions(), [[1, 3, 4, 6]])).toBeNull();
    expect(
      readRoll(SNIPER.options, [
        [1, 4, 7, 10],
        [1, 10],
      ]),
    ).toBeNull();
    expect(
      readRoll(actionOptions(), [
        [1, 3, 4, 6, 10],
        [5, 5],
      ]),
    ).toBeNull();
    expect(readRollOptions({ ...actionOptions(), pool: 9 })).toBeNull();
    expect(readRollOptions({ ...actionOptions(), traits: ["a", "b", "c"] })).toBeNull();
    expect(readRollOptions({ ...actionOptions(), threshold: 4 })).toBeNull();
    expect(readRollOptions(null)).toBeNull();
    expect(rollCardView(null, { localize }).invalid).toBe(true);
    expect(splitWaves([10], [10, 3, 4, 5], true)).toEqual([
      [10, 3],
      [4, 5],
    ]);
    expect(experienceValid([10, 6], true)).toBe(false);
    expect(experienceValid([10, 6, 2], false)).toBe(false);
  });

  it("hides the dice from a reader who may not see them", () => {
    const v = rollCardView(readRoll(actionOptions(), [[1, 3, 4, 6, 7]]), { localize, isPrivate: true });
    expect(v).toMatchObject({ isPrivate: true, invalid: false });
    expect("dice" in v).toBe(false);
  });

  it("checks the card's state", () => {
    expect(rollCardProblems(CARD)).toEqual([]);
    expect(
      rollCardProblems({ ...CARD, experience: { trait: "abilities.driving", faces: [10, 6, 2] } }),
    ).toEqual([]);
    expect(rollCardProblems({ ...CARD, experience: { trait: "abilities.nope", faces: [11] } }).length).toBe(
      2,
    );
    expect(rollCardProblems({ ...CARD, willpower: { successes: 40, current: 4 } }).length).toBe(1);
    expect(rollCardProblems({ ...CARD, extra: 1 }).length).toBe(1);
    expect(rollCardProblems("card")).toEqual(["card must be an object"]);
  });
});

describe("what a roll changes", () => {
  const who = { uuid: "Actor.ada0000000000001", name: "Ada" };
  it("a Willpower botch costs a dot per uncancelled botch, never below 0, and may break", () => {
    const r = resolveRoll({ dice: [1, 1, 1, 6] });
    const { change, botchLoss } = rollChanges(who, { kind: "willpower" }, r, 2, {
      spend: false,
      usePending: false,
      round: "",
    });
    expect(botchLoss).toEqual({ lost: 2, current: 0, broken: true });
    expect(change?.add).toEqual([{ path: "system.willpower.value", delta: -2, min: 0 }]);
    // The same dice on an action cost nothing.
    expect(
      rollChanges(who, { kind: "action" }, r, 2, { spend: false, usePending: false, round: "" }).change,
    ).toBeNull();
  });
  it("Willpower spent against the wound penalty: one dot and the round; spent before: the mark cleared", () => {
    const r = resolveRoll({ dice: [6] });
    const spent = rollChanges(who, { kind: "action" }, r, 3, {
      spend: true,
      usePending: false,
      round: "combat0000000001:2",
    });
    expect(spent.change).toEqual({
      ...who,
      set: { "system.combat.ignoreWoundsRound": "combat0000000001:2" },
      add: [{ path: "system.willpower.value", delta: -1, min: 0 }],
    });
    const used = rollChanges(who, { kind: "action" }, r, 3, { spend: false, usePending: true, round: "" });
    expect(used.change).toEqual({ ...who, set: { "system.combat.ignoreWounds": false } });
  });
  it("a player's pending changes are held to what the roll justifies", () => {
    const options = willpowerOptions({ pool: 2, parts: [{ label: "x", value: 2 }] });
    const r = resolveRoll({ dice: [1, 1] });
    const fair = [{ ...who, id: "x", add: [{ path: "system.willpower.value", delta: -2, min: 0 }] }];
    expect(pendingProblem(fair, who.uuid, options, r)).toBeNull();
    const more = [{ ...who, add: [{ path: "system.willpower.value", delta: -5, min: 0 }] }];
    expect(pendingProblem(more, who.uuid, options, r)).not.toBeNull();
    expect(
      pendingProblem([{ ...fair[0], uuid: "Actor.other00000000001" }], who.uuid, options, r),
    ).not.toBeNull();
    expect(
      pendingProblem([{ ...who, add: [{ path: "system.xp.available", delta: -1 }] }], who.uuid, options, r),
    ).not.toBeNull();
  });
});
