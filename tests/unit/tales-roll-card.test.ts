// The Tales test card (card-logic.ts, test-state-logic.ts, roll-logic.ts, messages-logic.ts): the
// view of each kind of test with the rules layer's numbers, the buttons it offers and when, and the
// forged rolls and card states it refuses.
import { describe, expect, it } from "vitest";
import { testCardView } from "../../src/rulesets/tales/rolls/card-logic";
import { testCardProblems } from "../../src/rulesets/tales/rolls/messages-logic";
import { readRollOptions } from "../../src/rulesets/tales/rolls/roll-logic";
import { pendingProblem } from "../../src/rulesets/tales/rolls/changes-logic";
import {
  readRoll,
  testOffers,
  testState,
  type TestActorNow,
} from "../../src/rulesets/tales/rolls/test-state-logic";
import { resolveTest } from "../../src/rulesets/tales/rules";
import { testOptions } from "../lib/tales-roll-examples";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;
const CARD = { actorUuid: "Actor.ines000000000001", actorName: "Ines" };
const RICH: TestActorNow = { essence: 3, luckyAvailable: true };

const view = (
  options = testOptions(),
  faces: number[][] = [[4]],
  card: object = {},
  actor: TestActorNow | null = RICH,
) => testCardView(readRoll(options, faces), { localize, card: { ...CARD, ...card }, actor }) as any;

describe("the Tales test card", () => {
  it("T01: Physical + Melee, total 9 against Static 8, a marginal success", () => {
    const v = view();
    expect(v.label).toBe("POLYVERSE.Tales.Attribute.physical + POLYVERSE.Tales.Skill.melee");
    expect(v.totalLine).toBe(
      'POLYVERSE.Tales.Roll.Total{"total":"9","target":"POLYVERSE.Tales.Roll.Target.Static{\\"n\\":\\"8\\"}"}',
    );
    expect(v.outcome).toEqual({
      tone: "success marginal",
      text: "POLYVERSE.Tales.Roll.Outcome.marginalSuccess",
    });
    expect(v.hasButtons).toBe(false);
  });

  it("without degrees: success or failure only", () => {
    expect(view(testOptions({ degrees: false })).outcome).toEqual({
      tone: "success",
      text: "POLYVERSE.Tales.Roll.Outcome.Success",
    });
  });

  it("T03: a 1 fails automatically, dramatically; a Clumsy 2 is marked as a 1", () => {
    const one = view(testOptions({ attributeValue: 4, skillValue: 3, difficulty: 4 }), [[1]]);
    expect(one.reason).toMatch(/^POLYVERSE.Tales.Roll.Reason.One\b/);
    expect(one.outcome.text).toBe("POLYVERSE.Tales.Roll.Outcome.dramaticFailure");
    expect(one.dice[0].css).toBe("kept one");
    const clumsy = view(testOptions({ clumsy: true, difficulty: 3 }), [[2]]);
    expect(clumsy.reason).toMatch(/^POLYVERSE.Tales.Roll.Reason.Clumsy\b/);
    expect(clumsy.dice[0]).toMatchObject({ css: "kept one", clumsy: true });
  });

  it("T04: a 6 on a failure offers Essence, while the actor has some; once spent, a marginal success", () => {
    const options = testOptions({ attributeValue: 1, skillValue: 0, difficulty: 18 });
    expect(view(options, [[6]]).buttons.essence).toBe("POLYVERSE.Tales.Roll.Button.Essence");
    expect(view(options, [[6]], {}, { essence: 0, luckyAvailable: false }).hasButtons).toBe(false);
    const spent = view(options, [[6]], { essence: true });
    expect(spent.outcome.text).toBe("POLYVERSE.Tales.Roll.Outcome.marginalSuccess");
    expect(spent.reason).toMatch(/^POLYVERSE.Tales.Roll.Reason.Essence\b/);
    expect(spent.buttons.essence).toBe("");
  });

  it("a dynamic test: 'Dynamic 6 + [4] = 10'; a 6 against the die's 1 is favoured", () => {
    const options = testOptions({ kind: "dynamic", difficulty: 6, difficultyDice: 1, tieRule: "succeeds" });
    expect(view(options, [[3], [4]]).totalLine).toContain(
      'Dynamic{\\"n\\":\\"6\\",\\"die\\":\\"4\\",\\"total\\":\\"10\\"}',
    );
    const favoured = view(testOptions({ ...options, attributeValue: 1, skillValue: 0, difficulty: 8 }), [
      [6],
      [1],
    ]);
    expect(favoured.reason).toMatch(/^POLYVERSE.Tales.Roll.Reason.Favoured\b/);
    expect(favoured.buttons.essence).toBe("");
  });

  it("several dice: the best is used, the others offered; a chosen one stands", () => {
    const options = testOptions({ dice: 2, difficulty: 9 });
    const v = view(options, [[2, 5]]);
    expect(v.dice.map((d: any) => d.css)).toEqual(["unused", "kept"]);
    expect(v.buttons.choose).toEqual([{ index: 0, text: 'POLYVERSE.Tales.Roll.Button.Choose{"face":"2"}' }]);
    expect(view(options, [[2, 5]], { chosen: 0 }).outcome.text).toBe(
      "POLYVERSE.Tales.Roll.Outcome.marginalFailure",
    );
  });

  it("Lucky and Elite Tools re-roll a failure: offered once each, the re-roll's dice stand", () => {
    const options = testOptions({ difficulty: 9, eliteToolsReroll: true });
    const failed = view(options, [[2]]);
    expect(failed.buttons).toMatchObject({
      lucky: "POLYVERSE.Tales.Roll.Button.Lucky",
      eliteTools: "POLYVERSE.Tales.Roll.Button.EliteTools",
    });
    const after = view(
      options,
      [[2]],
      { rerolls: [{ by: "lucky", faces: [3] }] },
      { essence: 3, luckyAvailable: false },
    );
    expect(after.buttons).toMatchObject({ lucky: "", eliteTools: "POLYVERSE.Tales.Roll.Button.EliteTools" });
    expect(after.rerolled.faces).toEqual([2]);
    expect(view(options, [[2]], { rerolls: [{ by: "lucky", faces: [4] }] }).outcome.tone).toContain(
      "success",
    );
  });

  it("Edge: a 6 offers another d6 for 1 Essence, while the last one shows a 6", () => {
    const options = testOptions({ edge: true, difficulty: 20 });
    expect(view(options, [[6]]).buttons.edge).toBe("POLYVERSE.Tales.Roll.Button.Edge");
    expect(view(options, [[6]], { edgeDice: [6] }).buttons.edge).toBe("POLYVERSE.Tales.Roll.Button.Edge");
    expect(view(options, [[6]], { edgeDice: [3] }).buttons.edge).toBe("");
    expect(view(options, [[6]], { edgeDice: [6, 5] }).totalLine).toContain('"total":"22"');
  });

  it("opposed against an actor: waits, offers the opponent's roll, then reads it", () => {
    const options = testOptions({
      kind: "opposed",
      difficulty: 0,
      difficultyParts: [],
      opponent: { uuid: "Actor.bob0000000000001", name: "Bob", attribute: "mental", skill: "awareness" },
      tieRule: "defender",
    });
    const waiting = view(options, [[5]]);
    expect(waiting.outcome).toBeNull();
    expect(waiting.buttons.opponentRoll).toBe('POLYVERSE.Tales.Roll.Button.OpponentRoll{"name":"Bob"}');
    const rolled = view(
      options,
      [[5]],
      { opponentRoll: { attributeValue: 3, skillValue: 2, bonus: 5, faces: [6], essence: false } },
      RICH,
    );
    expect(rolled.totalLine).toContain('Opponent{\\"name\\":\\"Bob\\",\\"total\\":\\"11\\"}');
    expect(rolled.outcome.tone).toContain("failure");
    // Bob's 6 against the actor's 5 does not need Essence: he is ahead on the totals.
    const st = testState(options, [[5]], {
      ...CARD,
      opponentRoll: { attributeValue: 1, skillValue: 0, bonus: 1, faces: [6], essence: false },
    })!;
    expect(
      testOffers(
        st,
        { ...CARD, opponentRoll: { attributeValue: 1, skillValue: 0, bonus: 1, faces: [6], essence: false } },
        RICH,
        RICH,
      ).opponentEssence,
    ).toBe(true);
  });

  it("a private roll hides the result; a forged roll or card state is invalid", () => {
    const hidden = testCardView(readRoll(testOptions(), [[4]]), {
      localize,
      isPrivate: true,
      card: CARD,
    }) as any;
    expect(hidden).toMatchObject({ isPrivate: true, invalid: false });
    expect(hidden.outcome).toBeUndefined();
    expect(testCardView(readRoll(testOptions(), [[7]]), { localize }).invalid).toBe(true);
    expect(testCardView(readRoll({ ...testOptions(), bonus: 20 }, [[4]]), { localize }).invalid).toBe(true);
    expect(testCardView(readRoll(testOptions(), [[4], [4]]), { localize }).invalid).toBe(true);
    // Essence the rules did not offer, Edge dice without Edge, a re-roll of the wrong count.
    expect(view(testOptions(), [[4]], { essence: true }).invalid).toBe(true);
    expect(view(testOptions(), [[6]], { edgeDice: [6] }).invalid).toBe(true);
    expect(view(testOptions(), [[4]], { rerolls: [{ by: "lucky", faces: [1, 2] }] }).invalid).toBe(true);
  });

  it("checks a stored roll's options: shape, bounds, kinds", () => {
    expect(readRollOptions(testOptions())).toEqual(testOptions());
    expect(readRollOptions({ ...testOptions(), kind: "dynamic" })).toBeNull();
    expect(readRollOptions({ ...testOptions(), dice: 3 })).toBeNull();
    expect(readRollOptions({ ...testOptions(), attribute: "luck" })).toBeNull();
    expect(readRollOptions({ ...testOptions(), tieRule: "succeeds" })).toBeNull();
    expect(
      readRollOptions({
        type: "connection",
        connection: "allies",
        level: 3,
        dice: 3,
        difficulty: 2,
        onesNeverSucceed: true,
      }),
    ).not.toBeNull();
    expect(readRollOptions({ type: "commitment", level: 2, length: "month" })).toBeNull();
  });

  it("the card state's model checks", () => {
    expect(testCardProblems(CARD)).toEqual([]);
    expect(testCardProblems({ ...CARD, rerolls: [{ by: "lucky", faces: [7] }] })).toEqual([
      "rerolls[0].faces[0] must be a whole number from 1 to 6",
    ]);
    expect(testCardProblems({ ...CARD, chosen: 4 })).toHaveLength(1);
    expect(
      testCardProblems({
        ...CARD,
        opponentRoll: { attributeValue: 1, skillValue: 0, bonus: 1, faces: [], essence: false },
      }),
    ).toHaveLength(1);
    expect(testCardProblems({ ...CARD, actorUuid: "<b>" })).toEqual(["actorUuid must be a UUID"]);
  });

  it("holds a player's pending changes to what the roll spent", () => {
    const o = testOptions({ boost: 2, boostPool: "essence", reserve: { pool: "dream", points: 1 } });
    const me = CARD.actorUuid;
    expect(
      pendingProblem([{ uuid: me, name: "I", add: [{ path: "system.essence.value", delta: -2 }] }], me, o),
    ).toBeNull();
    expect(
      pendingProblem(
        [{ uuid: `${me}.Item.dream00000000001`, name: "I", add: [{ path: "system.pool", delta: -1 }] }],
        me,
        o,
      ),
    ).toBeNull();
    expect(
      pendingProblem([{ uuid: me, name: "I", add: [{ path: "system.essence.value", delta: -3 }] }], me, o),
    ).not.toBeNull();
    expect(
      pendingProblem([{ uuid: me, name: "I", add: [{ path: "system.hp.value", delta: -1 }] }], me, o),
    ).not.toBeNull();
    expect(
      pendingProblem(
        [{ uuid: "Actor.other00000000001", name: "X", add: [{ path: "system.pool", delta: -1 }] }],
        me,
        o,
      ),
    ).not.toBeNull();
    expect(
      pendingProblem([{ uuid: me, name: "I", set: { "system.uses.lucky": true } }], me, o),
    ).not.toBeNull();
  });

  it("reads a result the rules layer gives", () => {
    const st = testState(testOptions({ difficulty: 9 }), [[6]], CARD)!;
    expect(st.result).toEqual(resolveTest({ kind: "static", bonus: 5, face: 6, difficulty: 9 }));
  });
});
