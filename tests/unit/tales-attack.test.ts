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
  block: 5,
  dodge: 5,
  parry: 4,
  counter: 6,
  actionDiceLeft: 2,
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
