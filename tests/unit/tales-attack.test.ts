// Tales attacks, Foundry-free (combat/attack-logic.ts): the defences open to the target, the roll the
// attack faces, and the outcome with the damage it offers (spec vectors C04-C08, C10).
import { describe, expect, it } from "vitest";
import {
  attackPlan,
  defenceChoices,
  resolveCardAttack,
  type DefenderView,
} from "../../src/rulesets/tales/combat/attack-logic";

const view: DefenderView = {
  physical: 3,
  mental: 3,
  block: 5,
  dodge: 5,
  parry: 4,
  counter: 6,
  actionDiceLeft: 2,
  inRound: true,
  faster: false,
  aware: true,
  hasWeapon: true,
  sustainedAttacks: null,
  sustainedSkill: 2,
  cover: "none",
};
const tie = "succeeds" as const;

describe("the defences open to the target", () => {
  it("melee: all but the counter-attack (not faster); none is always there", () => {
    const open = defenceChoices(view, { ranged: false })
      .filter((c) => c.open)
      .map((c) => c.defence);
    expect(open).toEqual(["block", "dodge", "parry", "sustained", "none"]);
  });
  it("ranged: Block and Parry never; Dodge only when faster; no action dice or unaware: only none", () => {
    const ranged = defenceChoices(view, { ranged: true });
    expect(ranged.find((c) => c.defence === "block")).toMatchObject({ open: false, reason: "blockVsRanged" });
    expect(ranged.find((c) => c.defence === "dodge")).toMatchObject({ open: false, reason: "notFaster" });
    const spent = defenceChoices({ ...view, actionDiceLeft: 0 }, { ranged: false });
    expect(spent.filter((c) => c.open).map((c) => c.defence)).toEqual(["none"]);
    expect(defenceChoices(view, { ranged: false }).find((c) => c.defence === "sustained")!.cost).toBe(2);
  });
});

describe("the attack", () => {
  it("C04: Physical 3 + Melee 2 + 5 = 10 against an undefending Physical 3 + 4 = 7: hit, margin 3, one shift", () => {
    const plan = attackPlan({ defence: "none", view, coverTable: "arithmetic" });
    expect(plan).toEqual({ mode: "dynamic", difficulty: 3 });
    const r = resolveCardAttack({
      plan,
      defence: "none",
      attack: 5,
      attackFace: 5,
      defenceFace: 4,
      dynamicTieRule: tie,
    });
    expect(r.result).toMatchObject({ hit: true, margin: 3, shifts: 1 });
    expect(r.damage).toEqual({ to: "target", margin: 3, blocked: false });
  });
  it("C05: the same attack with a 1: an automatic miss, no damage", () => {
    const plan = attackPlan({ defence: "none", view, coverTable: "arithmetic" });
    const r = resolveCardAttack({
      plan,
      defence: "none",
      attack: 5,
      attackFace: 1,
      defenceFace: 4,
      dynamicTieRule: tie,
    });
    expect(r.result.hit).toBe(false);
    expect(r.damage).toBeNull();
  });
  it("C06: attack 10 against Dodge 10: a miss (the attacker must beat it by one)", () => {
    const plan = attackPlan({ defence: "dodge", view: { ...view, dodge: 6 }, coverTable: "arithmetic" });
    const r = resolveCardAttack({
      plan,
      defence: "dodge",
      attack: 6,
      attackFace: 4,
      defenceFace: 4,
      dynamicTieRule: tie,
    });
    expect(r.result.hit).toBe(false);
    expect(r.damage).toBeNull();
  });
  it("C07: attack 12 against Block 8 with the defender's 1: a hit, margin 4, one shift", () => {
    const plan = attackPlan({ defence: "block", view: { ...view, block: 7 }, coverTable: "arithmetic" });
    const r = resolveCardAttack({
      plan,
      defence: "block",
      attack: 8,
      attackFace: 4,
      defenceFace: 1,
      dynamicTieRule: tie,
    });
    expect(r.result).toMatchObject({ hit: true, margin: 4, shifts: 1 });
  });
  it("a successful Block still rolls damage at half strength with no margin; a Parry's is the weapon's", () => {
    const block = attackPlan({ defence: "block", view, coverTable: "arithmetic" });
    const held = resolveCardAttack({
      plan: block,
      defence: "block",
      attack: 5,
      attackFace: 2,
      defenceFace: 5,
      dynamicTieRule: tie,
    });
    expect(held.damage).toEqual({ to: "target", margin: 0, blocked: true });
    const parry = attackPlan({ defence: "parry", view, coverTable: "arithmetic" });
    const parried = resolveCardAttack({
      plan: parry,
      defence: "parry",
      attack: 5,
      attackFace: 2,
      defenceFace: 5,
      dynamicTieRule: tie,
    });
    expect(parried.damage).toBeNull();
  });
  it("a counter-attack that beats the attack by one lands instead: the defender's damage", () => {
    const plan = attackPlan({ defence: "counter", view, coverTable: "arithmetic" });
    expect(plan).toEqual({ mode: "counter", defence: 6 });
    const r = resolveCardAttack({
      plan,
      defence: "counter",
      attack: 5,
      attackFace: 3,
      defenceFace: 5,
      dynamicTieRule: tie,
    });
    expect(r.result.counterHit).toBe(true);
    expect(r.damage).toEqual({ to: "attacker", margin: 3 });
  });
  it("C08: a Sustained Defence of Physical 3 + Dodge 2 is 5 to hit, then 4, then 3, and stays 3", () => {
    const at = (n: number) =>
      attackPlan({ defence: "none", view: { ...view, sustainedAttacks: n }, coverTable: "arithmetic" });
    expect([0, 1, 2, 3].map((n) => (at(n) as { difficulty: number }).difficulty)).toEqual([5, 4, 3, 3]);
  });
  it("C10/C11: cover at close, medium and long range, printed table; the higher of range and Sustained Defence", () => {
    const at = (band: "close" | "medium" | "long", cover: "partial" | "full") =>
      (
        attackPlan({ defence: "none", view: { ...view, cover }, band, coverTable: "printed" }) as {
          difficulty: number;
        }
      ).difficulty;
    expect([at("close", "partial"), at("medium", "partial"), at("long", "partial")]).toEqual([5, 11, 13]);
    expect([at("close", "full"), at("medium", "full"), at("long", "full")]).toEqual([7, 10, 13]);
    const sustained = attackPlan({
      defence: "none",
      view: { ...view, sustainedAttacks: 0 },
      band: "close",
      coverTable: "arithmetic",
    });
    expect(sustained).toEqual({ mode: "dynamic", difficulty: 5 });
  });
});

// The reviewer's defects in the card's logic, each against the text (Tales Core Rules 0.5).
describe("Sustained Defence declared on the card", () => {
  // "The moment Sustained Defence is declared, the character adds together their Physical Attribute and a
  // relevant Defensive Skill. This becomes the initial dynamic difficulty to hit the combatant for the
  // remainder of the round."
  it("C08: declared against this attack, Physical 3 + Dodge 2 is 5 to hit (not Physical's 3)", () => {
    const plan = attackPlan({ defence: "sustained", view, coverTable: "arithmetic" });
    expect(plan).toEqual({ mode: "dynamic", difficulty: 5 });
    // 3 + 1 + 4 = 8 against 5 + 3 = 8 under the "succeeds" tie rule: a hit by 0; against Physical's 3 + 3
    // it would have been a hit by 2.
    const r = resolveCardAttack({
      plan,
      defence: "sustained",
      attack: 4,
      attackFace: 4,
      defenceFace: 3,
      dynamicTieRule: tie,
    });
    expect(r.result).toMatchObject({ hit: true, margin: 0 });
  });

  it("declared against a shot: the higher of the range's and Physical + Block/Dodge (close 3 against 5)", () => {
    // "(If a ranged target is currently using sustained defence, compare this value and the difficulty
    // for the range; use the higher result.)"
    const at = (band: "close" | "long") =>
      attackPlan({ defence: "sustained", view, band, coverTable: "arithmetic" });
    expect(at("close")).toEqual({ mode: "dynamic", difficulty: 5 });
    expect(at("long")).toEqual({ mode: "dynamic", difficulty: 9 });
  });

  it("costs two action dice, only in a combat round; once declared it stands at no cost, and no counter-attack", () => {
    // "A character may choose to declare a sustained defence at any time during a round as long as they
    // have two or more action dice remaining. Once they have done so, they may not perform any more
    // attacks or offensive actions for the remainder of the round."
    const find = (v: DefenderView, d: string) =>
      defenceChoices(v, { ranged: false }).find((c) => c.defence === d)!;
    expect(find(view, "sustained")).toEqual({ defence: "sustained", open: true, cost: 2 });
    expect(find({ ...view, actionDiceLeft: 1 }, "sustained")).toMatchObject({
      open: false,
      reason: "notEnoughActionDice",
    });
    expect(find({ ...view, inRound: false }, "sustained")).toMatchObject({ open: false, reason: "noRound" });
    const sustaining = { ...view, faster: true, sustainedAttacks: 1, actionDiceLeft: 0 };
    expect(find(sustaining, "sustained")).toEqual({ defence: "sustained", open: true, cost: 0 });
    expect(find({ ...sustaining, actionDiceLeft: 1 }, "counter")).toMatchObject({
      open: false,
      reason: "sustaining",
    });
    expect(find(sustaining, "none")).toMatchObject({ open: false, reason: "sustaining" });
    expect(attackPlan({ defence: "sustained", view: sustaining, coverTable: "arithmetic" })).toEqual({
      mode: "dynamic",
      difficulty: 4,
    });
  });
});

describe("Dodge against a ranged attack", () => {
  // "if a defender knows that an attack is coming, and they have a higher initiative than their
  // assailant, they may attempt to dodge a range attack heading their way. As long as the defender
  // doesn't roll a 1, compare the values of the dodge attempt and the range difficulty; the new
  // difficulty of the ranged attack is the higher result of these two."
  const faster = { ...view, faster: true, dodge: 8 };

  it("C13: dodge total 11 against the range's 3 + 4 = 7: the new difficulty is 11", () => {
    const plan = attackPlan({ defence: "dodge", view: faster, band: "close", coverTable: "arithmetic" });
    expect(plan).toEqual({ mode: "dodgeRanged", difficulty: 3, dodge: 8 });
    // Attack 6 + 4 = 10: it would beat the range's 7, it does not beat the dodge's 11.
    const r = resolveCardAttack({
      plan,
      defence: "dodge",
      attack: 6,
      attackFace: 4,
      dodgeFace: 3,
      defenceFace: 4,
      dynamicTieRule: tie,
    });
    expect(r.dodge).toEqual({ dodge: 8, dodgeFace: 3, difficulty: 3, difficultyFace: 4, dodged: true });
    expect(r.result.hit).toBe(false);
    expect(r.damage).toBeNull();
  });

  it("a dodge of 1, or one not above the range, leaves the range's difficulty", () => {
    const plan = attackPlan({ defence: "dodge", view: faster, band: "close", coverTable: "arithmetic" });
    const at = (dodgeFace: number, defenceFace: number) =>
      resolveCardAttack({
        plan,
        defence: "dodge",
        attack: 6,
        attackFace: 4,
        dodgeFace,
        defenceFace,
        dynamicTieRule: tie,
      });
    // 8 + 1 would be 9, above 3 + 4, but a 1 is no dodge: 10 against 7, a hit by 3.
    expect(at(1, 4).dodge?.dodged).toBe(false);
    expect(at(1, 4).result).toMatchObject({ hit: true, margin: 3 });
    // Long range with full cover: 13 + 6 = 19 stands above 8 + 6 = 14.
    const far = attackPlan({
      defence: "dodge",
      view: { ...faster, cover: "full" },
      band: "long",
      coverTable: "arithmetic",
    });
    expect(far).toEqual({ mode: "dodgeRanged", difficulty: 13, dodge: 8 });
  });

  it("a ranged attack on anyone not dodging is the range's alone; Dodge stays closed to the slower", () => {
    expect(attackPlan({ defence: "none", view: faster, band: "close", coverTable: "arithmetic" })).toEqual({
      mode: "dynamic",
      difficulty: 3,
    });
    expect(defenceChoices(view, { ranged: true }).find((c) => c.defence === "dodge")).toMatchObject({
      open: false,
      reason: "notFaster",
    });
  });
});

describe("an undefended victim of a Martial Arts attack", () => {
  // "If an attacker has managed to strike at a victim who remains undefensive, the test for this action
  // is typically a dynamic roll equal to the victim's Physical Attribute (Martial Arts attacks may allow
  // the attacker to use the Mental attribute for their target number)."
  const dull = { ...view, physical: 4, mental: 2 };

  it("Physical 4, Mental 2: a Martial Arts attack faces 2 + d6, any other 4 + d6", () => {
    expect(attackPlan({ defence: "none", view: dull, coverTable: "arithmetic", martialArts: true })).toEqual({
      mode: "dynamic",
      difficulty: 2,
      mental: true,
    });
    expect(attackPlan({ defence: "none", view: dull, coverTable: "arithmetic" })).toEqual({
      mode: "dynamic",
      difficulty: 4,
    });
  });

  it("the attacker takes Mental only when it is lower; a defended or sustaining victim is not undefended", () => {
    expect(
      attackPlan({
        defence: "none",
        view: { ...dull, mental: 5 },
        coverTable: "arithmetic",
        martialArts: true,
      }),
    ).toEqual({ mode: "dynamic", difficulty: 4 });
    expect(attackPlan({ defence: "block", view: dull, coverTable: "arithmetic", martialArts: true })).toEqual(
      {
        mode: "opposed",
        defence: 5,
      },
    );
    expect(
      attackPlan({
        defence: "sustained",
        view: { ...dull, sustainedAttacks: 2 },
        coverTable: "arithmetic",
        martialArts: true,
      }),
    ).toEqual({ mode: "dynamic", difficulty: 4 });
  });
});
