// The Xero Sum check card's logic (roll-logic.ts, check-state-logic.ts, card-logic.ts,
// messages-logic.ts, check-trust-logic.ts): reading a stored roll without trusting it, where a check
// stands after Insight replacements (classified afresh, each die once, the Moment's die once), what the
// card offers and shows, what a roll changes and the pending changes the GM accepts, the card states
// the model refuses, and the options the GM holds a player's card to.
import { describe, expect, it } from "vitest";
import { checkCardView } from "../../src/rulesets/xero-sum/rolls/card-logic";
import {
  checkOffers,
  checkState,
  checkSummary,
  momentGain,
  pendingProblem,
  replaceOptions,
  rollChanges,
} from "../../src/rulesets/xero-sum/rolls/check-state-logic";
import { optionsProblem } from "../../src/rulesets/xero-sum/rolls/check-trust-logic";
import { checkCardProblems, type XeroSumCheckCard } from "../../src/rulesets/xero-sum/rolls/messages-logic";
import { readCheck, readCheckOptions } from "../../src/rulesets/xero-sum/rolls/roll-logic";
import { classify, replaceDice } from "../../src/rulesets/xero-sum/rules";
import { SETTINGS, checkActor, checkOptions, plainActor } from "../lib/xero-sum-roll-examples";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;
const ADA = { actorUuid: "Actor.ada0000000000001", actorName: "Ada" };

function view(faces: number[], over = {}, card: Partial<XeroSumCheckCard> = {}, held: number | null = 2) {
  return checkCardView(readCheck(checkOptions(over), [faces]), {
    localize,
    card: { ...ADA, ...card },
    held,
  }) as any;
}

describe("reading a stored check", () => {
  it("accepts what the dialog writes and refuses anything else", () => {
    expect(readCheckOptions(checkOptions())).toEqual(checkOptions());
    const bad = [
      { modifier: 3 },
      { dice: 3 },
      { insight: "extraDie" },
      { insight: "plusThree" },
      { kind: "attribute" },
      { kind: "perception" },
      { parts: [{ kind: "luck", value: 2 }] },
      { parts: [{ kind: "attribute", key: "acu", value: 1, extra: 1 }], modifier: 1 },
      { parts: [{ kind: "attribute", key: "acu", value: 99 }], modifier: 99 },
      { group: { members: [{ uuid: ADA.actorUuid, name: "Ada" }] } },
      { group: { members: [] }, replace: false },
      { momentOn3d6: "somePair" },
      { opposed: { uuid: "nope", name: "Bob", kind: "attribute", attribute: "phy", skill: null } },
    ];
    for (const over of bad)
      expect(readCheckOptions(checkOptions(over as never)), JSON.stringify(over)).toBeNull();
    expect(readCheckOptions({ ...checkOptions(), type: "test" })).toBeNull();
    expect(readCheckOptions(null)).toBeNull();
    // The dice: one term of the options' count, each 1..6.
    expect(readCheck(checkOptions(), [[3, 4]])).not.toBeNull();
    for (const terms of [[[3]], [[3, 4, 5]], [[3, 7]], [[3, 4], [1]], [["3", 4]]])
      expect(readCheck(checkOptions(), terms as unknown[][])).toBeNull();
    // The Insight Die's +3 is a part, and its third die the roll's third.
    const plus = checkOptions({
      insight: "plusThree",
      parts: [...checkOptions().parts, { kind: "insight", value: 3 }],
      modifier: 5,
    });
    expect(readCheckOptions(plus)).toEqual(plus);
    expect(readCheckOptions(checkOptions({ insight: "extraDie", dice: 3 }))).not.toBeNull();
  });

  it("clamped options sum their CMods within −5..+5", () => {
    const parts = [
      { kind: "attribute" as const, key: "acu", value: 1 },
      { kind: "situation" as const, key: "5", value: 5 },
      { kind: "insight" as const, value: 3 },
    ];
    expect(
      readCheckOptions(
        checkOptions({
          kind: "attribute",
          skill: null,
          parts,
          modifier: 6,
          clamped: true,
          insight: "plusThree",
        }),
      ),
    ).not.toBeNull();
    expect(
      readCheckOptions(
        checkOptions({
          kind: "attribute",
          skill: null,
          parts,
          modifier: 9,
          clamped: true,
          insight: "plusThree",
        }),
      ),
    ).toBeNull();
  });
});

describe("where a check stands", () => {
  it("C18: [1, 3] + 2 replaced at the 1 with a 5 is 10, a Success, as rules replaceDice says", () => {
    const read = readCheck(
      checkOptions({ parts: [{ kind: "attribute", key: "acu", value: 2 }], kind: "attribute", skill: null }),
      [[1, 3]],
    )!;
    const before = checkState(read, ADA)!;
    expect(before.result).toMatchObject({ total: 6, band: "failure" });
    const after = checkState(read, { ...ADA, replacements: [{ indices: [0], faces: [5], cost: 1 }] })!;
    expect(after).toMatchObject({ dice: [5, 3], rolled: [1, 3], replaced: [0], replaceSpent: 1 });
    const rules = replaceDice([1, 3], [0], [5], { modifier: 2 });
    expect(after.result).toMatchObject({ total: rules.total, band: rules.band, moment: rules.moment });
  });

  it("refuses a card state that does not fit the roll", () => {
    const read = readCheck(checkOptions(), [[1, 3]])!;
    expect(
      checkState(read, {
        ...ADA,
        replacements: [
          { indices: [0], faces: [5], cost: 1 },
          { indices: [0], faces: [2], cost: 1 },
        ],
      }),
    ).toBeNull();
    const none = readCheck(checkOptions({ replace: false }), [[1, 3]])!;
    expect(checkState(none, { ...ADA, replacements: [{ indices: [0], faces: [5], cost: 1 }] })).toBeNull();
    const roll = { parts: [], modifier: 0, insight: null, faces: [3, 3], gained: false };
    expect(checkState(read, { ...ADA, opponentRoll: roll })).toBeNull();
  });

  it("offers each of the two dice once, both while both stand, at the roll's cost and within the dice held", () => {
    const read = readCheck(checkOptions(), [[1, 3]])!;
    const state = checkState(read, ADA)!;
    expect(replaceOptions(state, "perDie")).toEqual([
      { indices: [0], cost: 1 },
      { indices: [1], cost: 1 },
      { indices: [0, 1], cost: 2 },
    ]);
    expect(replaceOptions(state, "perCheck").at(-1)).toEqual({ indices: [0, 1], cost: 1 });
    expect(checkOffers(state, 1, ADA).replace.map((o) => o.indices)).toEqual([[0], [1]]);
    expect(checkOffers(state, 0, ADA)).toMatchObject({ replace: [], replaceUnaffordable: true });
    expect(checkOffers(state, null, ADA)).toMatchObject({ replace: [], replaceUnaffordable: false });
    const after = checkState(read, { ...ADA, replacements: [{ indices: [1], faces: [6], cost: 1 }] })!;
    expect(replaceOptions(after, "perDie")).toEqual([{ indices: [0], cost: 1 }]);
    // Never the Insight Die of a 3d6 check.
    const three = checkState(readCheck(checkOptions({ insight: "extraDie", dice: 3 }), [[1, 3, 2]])!, ADA)!;
    expect(replaceOptions(three, "perDie").flatMap((o) => o.indices)).not.toContain(2);
  });

  it("the Moment's die: at the roll or when a replacement makes the check's first Moment, never twice", () => {
    const read = readCheck(checkOptions(), [[1, 3]])!;
    const low = checkState(read, { ...ADA, replacements: [{ indices: [1], faces: [1], cost: 1 }] })!;
    expect(low.result).toMatchObject({ moment: "low", band: "dire-failure" });
    expect(momentGain(low, {})).toBe(true);
    expect(momentGain(low, { gained: true })).toBe(false);
    const opposed = checkOptions({
      opposed: {
        uuid: "Actor.bob0000000000001",
        name: "Bob",
        kind: "attribute",
        attribute: "phy",
        skill: null,
      },
    });
    const o = checkState(readCheck({ ...opposed, opposedInsight: false }, [[6, 6]])!, ADA)!;
    expect(momentGain(o, {})).toBe(false);
  });
});

describe("what a roll changes", () => {
  const who = { uuid: ADA.actorUuid, name: "Ada" };

  it("the Insight Die spent before the roll and the Moment's die, netted on the roller", () => {
    expect(rollChanges(checkOptions(), [3, 4], who)).toEqual({ changes: [], gained: false });
    const plus = checkOptions({
      insight: "plusThree",
      parts: [...checkOptions().parts, { kind: "insight", value: 3 }],
      modifier: 5,
    });
    expect(rollChanges(plus, [3, 4], who).changes).toEqual([
      { uuid: who.uuid, name: "Ada", add: [{ path: "system.insight.value", delta: -1, min: 0 }] },
    ]);
    expect(rollChanges(plus, [6, 6], who)).toEqual({ changes: [], gained: true });
    expect(rollChanges(checkOptions(), [1, 1], who).changes[0]!.add![0]!.delta).toBe(1);
  });

  it("C30: a Group Check's Moment gives every participant a die", () => {
    const members = [
      { uuid: "Actor.al00000000000001", name: "Al" },
      { uuid: "Actor.bea0000000000001", name: "Bea" },
      { uuid: "Actor.cat0000000000001", name: "Cat" },
    ];
    const group = checkOptions({ group: { members }, replace: false });
    const { changes } = rollChanges(group, [6, 6], { uuid: members[1]!.uuid, name: "Bea" });
    expect(changes.map((c) => [c.name, c.add![0]!.delta])).toEqual([
      ["Al", 1],
      ["Bea", 1],
      ["Cat", 1],
    ]);
    expect(rollChanges(group, [3, 6], who).changes).toEqual([]);
  });

  it("the GM accepts a player's card's pending changes only as its roll makes them", () => {
    const expected = rollChanges(checkOptions(), [1, 1], who).changes;
    const insight = (d: object) => [
      { uuid: who.uuid, name: "Ada", id: "x", add: [{ path: "system.insight.value", ...d }] },
    ];
    expect(pendingProblem(insight({ delta: 1, min: 0 }), expected)).toBeNull();
    expect(pendingProblem([], expected)).toBeNull();
    for (const bad of [
      insight({ delta: 2, min: 0 }),
      insight({ delta: 1, min: 50 }),
      insight({ delta: 1, min: 0, max: 9 }),
      insight({ delta: 1 }),
      [
        {
          uuid: "Actor.bea0000000000001",
          name: "Bea",
          add: [{ path: "system.insight.value", delta: 1, min: 0 }],
        },
      ],
      [{ uuid: who.uuid, name: "Ada", set: { "system.insight.value": 9 } }],
      [{ uuid: who.uuid, name: "Ada", statuses: [{ id: "dead", active: true }] }],
      [...insight({ delta: 1, min: 0 }), ...insight({ delta: 1, min: 0 })],
    ])
      expect(pendingProblem(bad, expected), JSON.stringify(bad)).toBe(
        "POLYVERSE.XeroSum.Roll.Relay.Unjustified",
      );
  });
});

describe("the card's state", () => {
  it("is refused by the model when it breaks the card's shape", () => {
    expect(checkCardProblems(ADA)).toEqual([]);
    expect(
      checkCardProblems({
        ...ADA,
        replacements: [{ indices: [0, 1], faces: [2, 5], cost: 1 }],
        gained: true,
      }),
    ).toEqual([]);
    for (const card of [
      null,
      { ...ADA, actorUuid: "<b>" },
      { ...ADA, extra: 1 },
      { ...ADA, replacements: [{ indices: [2], faces: [5], cost: 1 }] },
      { ...ADA, replacements: [{ indices: [0], faces: [5, 5], cost: 1 }] },
      { ...ADA, replacements: [{ indices: [0], faces: [0], cost: 1 }] },
      { ...ADA, replacements: [{ indices: [0], faces: [5], cost: 3 }] },
      { ...ADA, replacements: [{ indices: [], faces: [], cost: 1 }] },
      {
        ...ADA,
        replacements: [
          { indices: [1], faces: [5], cost: 1 },
          { indices: [1], faces: [2], cost: 1 },
        ],
      },
      { ...ADA, gained: 1 },
      { ...ADA, opponentRoll: { parts: [], modifier: 0, insight: "extraDie", faces: [1, 2], gained: false } },
      {
        ...ADA,
        opponentRoll: {
          parts: [{ kind: "x", value: 1 }],
          modifier: 0,
          insight: null,
          faces: [1, 2],
          gained: false,
        },
      },
    ])
      expect(checkCardProblems(card).length, JSON.stringify(card)).toBeGreaterThan(0);
  });
});

describe("the card's view", () => {
  it("C12: the check, its parts, the dice, the total and the band; the buttons within the dice held", () => {
    const v = view([3, 4]);
    expect(v).toMatchObject({
      invalid: false,
      label: "POLYVERSE.XeroSum.Attribute.acu + POLYVERSE.XeroSum.Skill.barter",
      band: "success",
    });
    expect(v.parts.map((p: any) => p.amount)).toEqual(["+1", "+2", "−1"]);
    expect(v.parts[2].label).toBe("Haggling in the rain");
    expect(v.dice.map((d: any) => d.face)).toEqual([3, 4]);
    expect(v.total).toBe('POLYVERSE.XeroSum.Roll.Card.Total{"total":"9"}');
    expect(v.buttons.replace.map((b: any) => b.dice)).toEqual(["0", "1", "0,1"]);
    expect(view([3, 4], {}, {}, 1).buttons.replace.map((b: any) => b.dice)).toEqual(["0", "1"]);
    expect(view([3, 4], {}, {}, 0)).toMatchObject({
      hasButtons: false,
      unaffordable: "POLYVERSE.XeroSum.Roll.Card.NoInsight",
    });
    expect(view([3, 4], { replace: false }).hasButtons).toBe(false);
  });

  it("a Moment: its pair marked, the override said, who gains the die", () => {
    const v = view(
      [6, 6],
      { parts: [{ kind: "attribute", key: "acu", value: -5 }], kind: "attribute", skill: null, modifier: -5 },
      { gained: true },
    );
    expect(v).toMatchObject({
      band: "wild-success",
      moment: "high",
      overridden: "POLYVERSE.XeroSum.Roll.Card.Override",
    });
    expect(v.dice.map((d: any) => d.css)).toEqual(["pv-xc-high", "pv-xc-high"]);
    expect(v.momentText).toContain("MomentGained");
    expect(view([6, 6]).overridden).toBe("");
  });

  it("a 3d6 check marks its Insight Die and reads its Moment on the check's two dice", () => {
    const v = view([1, 4, 1], { insight: "extraDie", dice: 3 });
    expect(v.dice.map((d: any) => d.css)).toEqual(["", "", "pv-xc-insight"]);
    expect(v.moment).toBe("");
    const any = view([1, 4, 1], { insight: "extraDie", dice: 3, momentOn3d6: "anyPair" });
    expect(any.dice.map((d: any) => d.css)).toEqual(["pv-xc-low", "", "pv-xc-insight pv-xc-low"]);
    expect(any.insight).toEqual(["POLYVERSE.XeroSum.Roll.Card.Spent.extraDie"]);
  });

  it("a replacement: the fresh die marked, what it replaced and cost", () => {
    const v = view([1, 3], {}, { replacements: [{ indices: [0], faces: [5], cost: 1 }] });
    expect(v.dice.map((d: any) => [d.face, d.css])).toEqual([
      [5, "pv-xc-fresh"],
      [3, ""],
    ]);
    expect(v.insight[0]).toContain('"n":"1"');
    expect(v.buttons.replace.map((b: any) => b.dice)).toEqual(["1"]);
  });

  it("an opposed check waits for the opponent, then names the winner; a draw gives nobody the upper hand", () => {
    const opposed = {
      uuid: "Actor.bob0000000000001",
      name: "Bob",
      kind: "perception" as const,
      attribute: null,
      skill: null,
    };
    const waiting = view([3, 4], { opposed });
    expect(waiting.opponent).toMatchObject({
      name: "Bob",
      waiting: 'POLYVERSE.XeroSum.Roll.Card.Waiting{"name":"Bob"}',
    });
    expect(waiting.bandText).toBe("");
    expect(waiting.buttons.opponentRoll).toContain("OpponentRoll");
    const roll = {
      parts: [{ kind: "perception" as const, value: 2 }],
      modifier: 2,
      insight: null,
      faces: [4, 4],
      gained: false,
    };
    const lost = view([3, 4], { opposed }, { opponentRoll: roll });
    expect(lost.opponent).toMatchObject({
      winnerTone: "lost",
      winner: 'POLYVERSE.XeroSum.Check.Opposed.b{"name":"Bob"}',
    });
    expect(lost.buttons.opponentRoll).toBe("");
    const draw = view([3, 4], { opposed }, { opponentRoll: { ...roll, faces: [4, 3] } });
    expect(draw.opponent.winnerTone).toBe("draw");
    expect(view([5, 4], { opposed }, { opponentRoll: roll }).opponent.winner).toContain('"name":"Ada"');
  });

  it("a Group Check names its participants and offers no Insight", () => {
    const members = [
      { uuid: "Actor.al00000000000001", name: "Al" },
      { uuid: ADA.actorUuid, name: "Ada" },
    ];
    const v = view([6, 6], { group: { members }, replace: false });
    expect(v.members).toContain("Al, Ada");
    expect(v.momentText).toContain("MomentGroup");
    expect(v.hasButtons).toBe(false);
  });

  it("hides the dice from who may not see them, and draws a forged roll as invalid", () => {
    const hidden = checkCardView(readCheck(checkOptions(), [[3, 4]]), {
      localize,
      card: ADA,
      isPrivate: true,
    }) as any;
    expect(hidden).toMatchObject({ isPrivate: true });
    expect(hidden.dice).toBeUndefined();
    expect(checkCardView(null, { localize, card: ADA })).toMatchObject({ invalid: true });
    expect(
      view(
        [1, 3],
        {},
        {
          replacements: [
            { indices: [0], faces: [5], cost: 1 },
            { indices: [0], faces: [5], cost: 1 },
          ],
        },
      ).invalid,
    ).toBe(true);
  });
});

describe("the options the GM holds a player's card to", () => {
  const mara = checkActor();

  it("agree with the world's settings and the actor's own numbers", () => {
    const options = checkOptions({
      parts: [
        { kind: "attribute", key: "acu", value: 1 },
        { kind: "skill", key: "barter", value: 2 },
      ],
      modifier: 3,
    });
    expect(optionsProblem(options, SETTINGS, mara, [])).toBeNull();
    // The roller's CMods are theirs to choose, within what the dialog offers.
    expect(optionsProblem(checkOptions(), SETTINGS, mara, [])).toBeNull();
    const base = checkOptions().parts.slice(0, 2);
    const withParts = (extra: { kind: "situation" | "conditional"; value: number }[]) =>
      checkOptions({
        parts: [...base, ...extra.map((e) => ({ ...e, name: "x" }))],
        modifier: 3 + extra.reduce((sum, e) => sum + e.value, 0),
      });
    expect(
      optionsProblem(
        withParts([
          { kind: "situation", value: 5 },
          { kind: "conditional", value: 10 },
        ]),
        SETTINGS,
        mara,
        [],
      ),
    ).toBeNull();
    for (const forged of [
      [{ kind: "conditional" as const, value: 20 }],
      [{ kind: "situation" as const, value: 6 }],
      Array.from({ length: 9 }, () => ({ kind: "conditional" as const, value: 1 })),
      [5, 10, 10].map((value) => ({ kind: "conditional" as const, value })),
    ])
      expect(optionsProblem(withParts(forged), SETTINGS, mara, [])).toBe(
        "POLYVERSE.XeroSum.Roll.Relay.Unjustified",
      );
    expect(optionsProblem(checkOptions({ replaceCost: "perCheck" }), SETTINGS, mara, [])).toBe(
      "POLYVERSE.XeroSum.Roll.Relay.Settings",
    );
    expect(optionsProblem(checkOptions({ momentOn3d6: "anyPair" }), SETTINGS, mara, [])).toBe(
      "POLYVERSE.XeroSum.Roll.Relay.Settings",
    );
    const strong = checkOptions({
      parts: [
        { kind: "attribute", key: "acu", value: 4 },
        { kind: "skill", key: "barter", value: 2 },
      ],
      modifier: 6,
    });
    expect(optionsProblem(strong, SETTINGS, mara, [])).toBe("POLYVERSE.XeroSum.Roll.Relay.Unjustified");
    // A Dexterity check must carry the Lost Eye.
    const dex = checkOptions({
      kind: "attribute",
      attribute: "dex",
      skill: null,
      parts: [{ kind: "attribute", key: "dex", value: 2 }],
      modifier: 2,
    });
    expect(optionsProblem(dex, SETTINGS, mara, [])).toBe("POLYVERSE.XeroSum.Roll.Relay.Unjustified");
  });

  it("a Group Check: rolled by its leader, with every participant's part", () => {
    const al = plainActor("Al", { attributes: { rsn: 0, acu: 0, phy: 1, inf: 0, dex: 0 } });
    const bea = plainActor("Bea", { attributes: { rsn: 0, acu: 0, phy: 2, inf: 0, dex: 0 } });
    const group = checkOptions({
      kind: "attribute",
      attribute: "phy",
      skill: null,
      parts: [
        { kind: "attribute", key: "phy", value: 2 },
        { kind: "participant", name: "Al", value: 1 },
      ],
      modifier: 3,
      replace: false,
      group: {
        members: [
          { uuid: al.uuid, name: "Al" },
          { uuid: bea.uuid, name: "Bea" },
        ],
      },
    });
    expect(optionsProblem(group, SETTINGS, bea, [al, bea])).toBeNull();
    expect(optionsProblem(group, SETTINGS, al, [al, bea])).toBe("POLYVERSE.XeroSum.Roll.Relay.Unjustified");
    expect(optionsProblem(group, SETTINGS, bea, [al])).toBe("POLYVERSE.XeroSum.Roll.Relay.Unjustified");
  });

  it("a check as the health glue reads it: its traits, the roller's CMods, the dice that stand", () => {
    const plus = checkOptions({
      insight: "plusThree",
      parts: [
        ...checkOptions().parts,
        { kind: "wound", key: "acu", value: -1 },
        { kind: "insight", value: 3 },
      ],
      modifier: 4,
    });
    const state = checkState(readCheck(plus, [[1, 3]])!, {
      ...ADA,
      replacements: [{ indices: [0], faces: [6], cost: 1 }],
    })!;
    expect(checkSummary(state)).toEqual({
      kind: "skill",
      attribute: "acu",
      skill: "barter",
      conditional: [-1],
      plusThree: true,
      dice: [6, 3],
      total: 13,
      band: "success",
      moment: null,
    });
    const opposed = {
      uuid: "Actor.bob0000000000001",
      name: "Bob",
      kind: "attribute" as const,
      attribute: "phy" as const,
      skill: null,
    };
    expect(checkSummary(checkState(readCheck(checkOptions({ opposed }), [[1, 3]])!, ADA)!)).toBeNull();
  });

  it("classify is the card's judge: a check's band is the rules' for the dice that stand", () => {
    const state = checkState(readCheck(checkOptions(), [[2, 5]])!, ADA)!;
    expect(state.result).toEqual(classify([2, 5], 2));
  });
});
