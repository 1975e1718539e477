// Insight Dice on the Xero Sum attack card without Foundry (SRD "Insight Dice": "After a dice check, a
// player can remove one or both of the original dice and replace them with an Insight Dice, which are
// then rolled fresh"; an attack is a check): which replacements the card offers and when (settled,
// before its damage is rolled), what they cost (insightReplaceCost: perDie 1 a die, perCheck 1 for
// both), the dice that stand classified afresh and the hit resolved again per attackResolution, the
// Moment's Insight Die once per attack, the card's shape with replacements, and what the attacker's
// owner sees. Also the attack's roll options (the rolls folder's Roll class) and the shared Insight
// helpers both cards use.
import { describe, expect, it } from "vitest";
import { CardProblems } from "../../src/core/cards-logic";
import {
  attackCardContext,
  attackCardProblems,
  attackReplaceOffers,
  attackStanding,
  momentAtRoll,
  replacedAttack,
  type AttackCard,
  type Resolved,
} from "../../src/rulesets/xero-sum/combat/attack-card-logic";
import {
  attackRollOptions,
  attackRollView,
  readAttackRoll,
  readAttackRollOptions,
} from "../../src/rulesets/xero-sum/rolls/attack-roll-logic";
import {
  affordable,
  insightField,
  replaceOffers,
  replacementProblems,
  standingDice,
} from "../../src/rulesets/xero-sum/rolls/insight-logic";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;
const SETTINGS = { momentOn3d6: "firstTwo" as const, opposedInsight: true };

/** Brute's Machete at Engaged: PHY 2 + Melee 2 + Engaged 1 − Ada's Melee DM 1 = +4. */
const resolvedAt = (total: number, over: Partial<Resolved> = {}): Resolved => ({
  total,
  band: total >= 11 ? "wild-success" : total >= 9 ? "success" : total >= 0 ? "failure" : "dire-failure",
  moment: null,
  hit: total >= 9,
  wild: total >= 11,
  draw: false,
  parts: [],
  modifier: 4,
  defence: 1,
  defenceDice: null,
  defenceTotal: null,
  ...over,
});
const attack = (dice: number[], over: Partial<AttackCard> = {}): AttackCard => ({
  attacker: { actorUuid: "Actor.brute", name: "Brute" },
  weapon: { itemUuid: "Actor.brute.Item.m", name: "Machete", key: "machete" },
  target: { actorUuid: "Actor.ada", name: "Ada" },
  choice: {
    action: "attack",
    band: "engaged",
    targetKey: "cbAda",
    actionsUsed: 1,
    shot: 0,
    conditional: [],
    insight: null,
  },
  dice,
  preview: { parts: [], modifier: 4 },
  resolution: "checkMinusDefence",
  resolved: resolvedAt(dice.reduce((a, b) => a + b, 0) + 4),
  refused: null,
  damageMessageId: null,
  ...over,
});

describe("the replacements an attack card offers", () => {
  it("each of the two dice, and both: perDie 1, 1 and 2 Insight Dice; perCheck 1 for both", () => {
    const card = attack([1, 3]);
    expect(attackReplaceOffers(card, "perDie")).toEqual([
      { indices: [0], cost: 1 },
      { indices: [1], cost: 1 },
      { indices: [0, 1], cost: 2 },
    ]);
    expect(attackReplaceOffers(card, "perCheck").map((o) => o.cost)).toEqual([1, 1, 1]);
  });

  it("only once the GM settled it, never on a refused card, and not once its damage is rolled", () => {
    expect(attackReplaceOffers(attack([1, 3], { resolved: null }), "perDie")).toEqual([]);
    expect(attackReplaceOffers(attack([1, 3], { refused: { key: "x" } }), "perDie")).toEqual([]);
    expect(attackReplaceOffers(attack([5, 5], { damageMessageId: "dmg0000000000001" }), "perDie")).toEqual(
      [],
    );
  });

  it("each die once: after the first die, only the second; after both, nothing; never the Insight Die of 3d6", () => {
    const once = attack([1, 3], { replacements: [{ indices: [0], faces: [6], cost: 1 }] });
    expect(attackReplaceOffers(once, "perDie")).toEqual([{ indices: [1], cost: 1 }]);
    const both = attack([1, 3], { replacements: [{ indices: [0, 1], faces: [6, 6], cost: 2 }] });
    expect(attackReplaceOffers(both, "perDie")).toEqual([]);
    const extra = attack([1, 3, 2], { choice: { ...attack([1, 3]).choice, insight: "extraDie" } });
    expect(attackReplaceOffers(extra, "perDie").flatMap((o) => o.indices)).not.toContain(2);
    expect(standingDice([1, 3, 2], [{ indices: [2], faces: [6], cost: 1 }])).toBeNull();
  });

  it("what a roller holding 1 Insight Die can afford (perDie): one die, not both; holding 0, nothing", () => {
    const offers = replaceOffers([], "perDie");
    expect(affordable(offers, 1)).toEqual({
      replace: [
        { indices: [0], cost: 1 },
        { indices: [1], cost: 1 },
      ],
      unaffordable: false,
    });
    expect(affordable(offers, 0)).toEqual({ replace: [], unaffordable: true });
    expect(affordable(offers, null)).toEqual({ replace: [], unaffordable: false });
  });
});

describe("the attack after a replacement", () => {
  it("[1, 3] + 4 = 8 misses; the 1 re-rolled a 6: [6, 3] + 4 = 13, a Success: a hit", () => {
    const card = attack([1, 3]);
    expect(card.resolved).toMatchObject({ total: 8, hit: false });
    const after = replacedAttack(card, { indices: [0], faces: [6], cost: 1 }, SETTINGS)!;
    expect(after.card.resolved).toMatchObject({ total: 13, band: "success", hit: true, modifier: 4 });
    expect(attackStanding(after.card)?.dice).toEqual([6, 3]);
    expect([after.hitBefore, after.hitAfter, after.gain]).toEqual([false, true, false]);
  });

  it("fresh dice that make 6 + 6: a Moment of High Insight, a Wild Success whatever the modifier, one Insight Die", () => {
    const card = attack([6, 2], { resolved: resolvedAt(-2, { modifier: -10 }) });
    const after = replacedAttack(card, { indices: [1], faces: [6], cost: 1 }, SETTINGS)!;
    expect(after.card.resolved).toMatchObject({ total: 2, moment: "high", band: "wild-success", hit: true });
    expect(after.gain).toBe(true);
    expect(after.card.gained).toBe(true);
    // Once per attack: a card whose Moment already gave its die gives none again.
    expect(
      replacedAttack({ ...card, gained: true }, { indices: [1], faces: [6], cost: 1 }, SETTINGS)!.gain,
    ).toBe(false);
  });

  it("a fresh 1 + 1: a Moment of Low Insight, a Dire Failure (a miss) whatever the total", () => {
    const card = attack([6, 1], { resolved: resolvedAt(17, { modifier: 10 }) });
    const after = replacedAttack(card, { indices: [0], faces: [1], cost: 1 }, SETTINGS)!;
    expect(after.card.resolved).toMatchObject({ total: 12, moment: "low", band: "dire-failure", hit: false });
    expect([after.hitBefore, after.hitAfter]).toEqual([true, false]);
  });

  it("opposed: against the defence once rolled (10 beats 9; 9 against 9 is a draw, a miss); before it, still waiting", () => {
    // Attack +5 on [2, 3] = 10 against the defender's [3, 5] + DM 1 = 9.
    const defended = attack([2, 3], {
      resolution: "opposed",
      resolved: resolvedAt(10, {
        modifier: 5,
        hit: true,
        defenceDice: [3, 5],
        defenceTotal: 9,
      }),
    });
    const draw = replacedAttack(defended, { indices: [0], faces: [1], cost: 1 }, SETTINGS)!;
    expect(draw.card.resolved).toMatchObject({ total: 9, hit: false, draw: true, defenceTotal: 9 });
    const waiting = attack([2, 3], {
      resolution: "opposed",
      resolved: resolvedAt(10, { modifier: 5, hit: null }),
    });
    expect(
      replacedAttack(waiting, { indices: [0], faces: [6], cost: 1 }, SETTINGS)!.card.resolved,
    ).toMatchObject({
      total: 14,
      hit: null,
    });
    // opposedInsight off: an opposed attack's Moment (a fresh 6 beside a 6) gives no die.
    const sixes = attack([6, 3], {
      resolution: "opposed",
      resolved: resolvedAt(14, { modifier: 5, hit: null }),
    });
    const off = { ...SETTINGS, opposedInsight: false };
    const moment = replacedAttack(sixes, { indices: [1], faces: [6], cost: 1 }, off)!;
    expect(moment.card.resolved).toMatchObject({ moment: "high", band: "wild-success", hit: null });
    expect(moment.gain).toBe(false);
    expect(replacedAttack(sixes, { indices: [1], faces: [6], cost: 1 }, SETTINGS)!.gain).toBe(true);
  });

  it("the attack's own Moment gave its die at the roll (an opposed attack per opposedInsight)", () => {
    expect(momentAtRoll({ dice: [6, 6], resolution: "checkMinusDefence" }, SETTINGS)).toBe(true);
    expect(momentAtRoll({ dice: [1, 1], resolution: "checkOnly" }, SETTINGS)).toBe(true);
    expect(momentAtRoll({ dice: [6, 5], resolution: "checkOnly" }, SETTINGS)).toBe(false);
    expect(
      momentAtRoll({ dice: [6, 6], resolution: "opposed" }, { ...SETTINGS, opposedInsight: false }),
    ).toBe(false);
    // momentOn3d6 "firstTwo": the Insight Die makes no pair with the check's dice.
    expect(momentAtRoll({ dice: [6, 2, 6], resolution: "checkOnly" }, SETTINGS)).toBe(false);
    expect(
      momentAtRoll({ dice: [6, 2, 6], resolution: "checkOnly" }, { ...SETTINGS, momentOn3d6: "anyPair" }),
    ).toBe(true);
  });
});

describe("the card", () => {
  it("keeps its replacements and the Moment's die in a shape the model checks", () => {
    const card = attack([1, 3], { replacements: [{ indices: [0], faces: [6], cost: 1 }], gained: false });
    expect(attackCardProblems(card)).toEqual([]);
    expect(attackCardProblems({ ...card, gained: "yes" })).not.toEqual([]);
    expect(
      attackCardProblems({
        ...card,
        replacements: [
          { indices: [0], faces: [6], cost: 1 },
          { indices: [0], faces: [2], cost: 1 },
        ],
      }),
    ).toContain("replacements[1] replaces a die already replaced");
    expect(
      attackCardProblems({ ...card, replacements: [{ indices: [2], faces: [6], cost: 1 }] }),
    ).not.toEqual([]);
    expect(
      attackCardProblems({ ...card, replacements: [{ indices: [0], faces: [7], cost: 1 }] }),
    ).not.toEqual([]);
    const p = new CardProblems();
    replacementProblems(p, [{ indices: [0, 1], faces: [6], cost: 2 }]);
    expect(p.list).toContain("replacements[0] needs one face per die");
  });

  it("the attacker's owner holding Insight Dice sees the re-roll buttons; nobody else does", () => {
    const card = attack([1, 3]);
    const owner = {
      gm: false,
      targetOwner: false,
      attackerOwner: true,
      held: 2,
      replaceCost: "perDie" as const,
    };
    const view = attackCardContext(card, localize, owner);
    expect(view.replace.map((b) => [b.action, b.dice])).toEqual([
      ["xero-sum.attack.insight", "0"],
      ["xero-sum.attack.insight", "1"],
      ["xero-sum.attack.insight", "0,1"],
    ]);
    expect(view.replace[0]!.text).toBe('POLYVERSE.XeroSum.Roll.Card.Button.Replace{"which":"1","face":"1"}');
    expect(view.held).toContain('"n":"2"');
    const target = attackCardContext(card, localize, { ...owner, attackerOwner: false, targetOwner: true });
    expect(target.replace).toEqual([]);
    expect(target.held).toBe("");
    const broke = attackCardContext(card, localize, { ...owner, held: 0 });
    expect(broke.replace).toEqual([]);
    expect(broke.unaffordable).toBe("POLYVERSE.XeroSum.Roll.Card.NoInsight");
  });

  it("the dice as they stand, the fresh one marked, and what was spent", () => {
    const card = attack([1, 3, 4], {
      choice: { ...attack([1, 3]).choice, insight: "extraDie" },
      replacements: [{ indices: [0], faces: [6], cost: 1 }],
    });
    const view = attackCardContext(card, localize, { gm: true, targetOwner: false, attackerOwner: false });
    expect(view.dice.map((d) => [d.face, d.css])).toEqual([
      [6, "pv-xs-fresh"],
      [3, ""],
      [4, "pv-xs-insight-die"],
    ]);
    expect(view.insight).toEqual([
      "POLYVERSE.XeroSum.Roll.Card.Spent.extraDie",
      'POLYVERSE.XeroSum.Roll.Card.Spent.replace{"dice":"POLYVERSE.XeroSum.Roll.Card.Replaced{\\"from\\":\\"1\\",\\"to\\":\\"6\\"}","n":"1"}',
    ]);
  });
});

describe("the attack's roll", () => {
  it("keeps what its dice are: 2d6, or 3d6 with an Insight Die; anything else reads as nothing", () => {
    expect(attackRollOptions(null)).toEqual({ type: "attack", insight: null, dice: 2 });
    expect(attackRollOptions("extraDie")).toEqual({ type: "attack", insight: "extraDie", dice: 3 });
    expect(attackRollOptions("plusThree").dice).toBe(2);
    expect(readAttackRollOptions({ type: "attack", insight: null, dice: 3 })).toBeNull();
    expect(readAttackRollOptions({ type: "check", insight: null, dice: 2 })).toBeNull();
    expect(readAttackRollOptions({ type: "attack", insight: "twice", dice: 2 })).toBeNull();
    expect(readAttackRoll(attackRollOptions(null), [[4, 5]])).toEqual({
      options: attackRollOptions(null),
      faces: [4, 5],
    });
    expect(readAttackRoll(attackRollOptions(null), [[4, 7]])).toBeNull();
    expect(readAttackRoll(attackRollOptions(null), [[4, 5, 6]])).toBeNull();
  });

  it("drawn alone: its dice and formula, or invalid", () => {
    const read = readAttackRoll(attackRollOptions("extraDie"), [[4, 5, 6]]);
    const view = attackRollView(read, { localize });
    expect(view).toMatchObject({
      invalid: false,
      formula: "3d6",
      label: "POLYVERSE.XeroSum.Attack.Roll.Label",
    });
    expect((view as { dice: { css: string }[] }).dice.map((d) => d.css)).toEqual(["", "", "pv-xc-insight"]);
    expect(attackRollView(null, { localize }).invalid).toBe(true);
  });

  it("the Insight Die before the roll is the same choice as a check's: none, a third die, +3", () => {
    const field = insightField("plusThree", 2);
    expect(field).toMatchObject({
      kind: "choice",
      name: "insight",
      value: "plusThree",
      hintData: { n: "2" },
    });
    expect(field.kind === "choice" && field.choices.map((c) => c.value)).toEqual([
      "",
      "extraDie",
      "plusThree",
    ]);
  });
});
