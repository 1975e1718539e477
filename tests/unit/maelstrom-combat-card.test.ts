// The Maelstrom attack card's Foundry-free logic: damage, soak and the health track with the text's
// numbers, the card's state transitions, who may press what, and what the GM refuses.
import { describe, expect, it } from "vitest";
import {
  damageDiceToRoll,
  damageOf,
  fixedDamage,
  levelsTaken,
  mayPress,
  planApply,
  planUndo,
  refusalFor,
  withDamage,
  withRow,
  withSoak,
  type AttackCard,
} from "../../src/rulesets/maelstrom/combat/attack-card-logic";
import { attackCardContext } from "../../src/rulesets/maelstrom/combat/attack-card-context";
import {
  attackCardProblems,
  cardMismatch,
  parseAttackOp,
  type CardFacts,
} from "../../src/rulesets/maelstrom/combat/attack-trust-logic";
import { RelayRefusal } from "../../src/core/relay-logic";
import { soakPool } from "../../src/rulesets/maelstrom/rules";
import {
  afterAttack,
  fullLoad,
  reloaded,
  usesAmmunition,
} from "../../src/rulesets/maelstrom/combat/ammo-logic";
import { botchCard, hitCard, missCard } from "../lib/maelstrom-attack-cards";

const K = "POLYVERSE.Maelstrom.Combat.Attack";
const health = (bashing: number, lethal: number, aggravated = 0, dead = false) => ({
  bashing,
  lethal,
  aggravated,
  dead,
});
const club = (): AttackCard =>
  hitCard({
    weapon: {
      ...hitCard().weapon,
      name: "Club",
      category: "melee",
      damage: 1,
      addStrength: true,
      damageType: "bashing",
    },
  });

describe("damage (the damageMode and extraSuccessesAddDamage settings)", () => {
  it("dicePool: the weapon's damage, Strength for melee, one die per success past the first", () => {
    // Pistol 3, three successes: 3 + 2 = 5 dice.
    expect(damageDiceToRoll(hitCard())).toBe(5);
    // Club "Strength + 1", Strength 2, three successes: 1 + 2 + 2 = 5 dice.
    expect(damageOf(club())).toEqual({ mode: "dicePool", dice: 5 });
    expect(damageDiceToRoll(hitCard({ extraSuccessesAddDamage: false }))).toBe(3);
    // A ranged weapon never adds Strength, whatever its data says.
    const odd = hitCard({ weapon: { ...hitCard().weapon, addStrength: true } });
    expect(damageDiceToRoll(odd)).toBe(5);
  });

  it("the damage roll: each die of 6 or more one level, ones ignored", () => {
    const card = withDamage(hitCard(), [6, 1, 10, 5, 2]);
    expect(card.damage).toEqual({ dice: 5, faces: [6, 1, 10, 5, 2], levels: 2 });
    expect(damageDiceToRoll(card)).toBeNull();
  });

  it("fixedLevels: the levels directly, on the card from the start; a miss does nothing", () => {
    const fixed = hitCard({ damageMode: "fixedLevels" });
    expect(fixedDamage(fixed)).toEqual({ dice: 0, faces: [], levels: 5 });
    expect(damageDiceToRoll(fixed)).toBeNull();
    expect(fixedDamage(missCard())).toBeNull();
    expect(damageDiceToRoll(missCard())).toBeNull();
  });
});

describe("soak (the text's Soaking Damage)", () => {
  it("3 bashing, Strength 2, soak dice [6, 9]: 1 level taken", () => {
    const card = withDamage(club(), [6, 7, 8, 2, 3]);
    expect(card.damage?.levels).toBe(3);
    expect(
      soakPool({ type: card.weapon.damageType, strength: 2, armor: { bashing: 0, lethal: 0, aggravated: 0 } })
        .pool,
    ).toBe(2);
    const soaked = withSoak(card, 0, [6, 9]);
    expect(soaked.targets[0]!.soak).toMatchObject({ pool: 2, successes: 2, net: 2, taken: 1 });
    expect(levelsTaken(soaked, 0)).toBe(1);
  });

  it("(rules soakPool) lethal is soaked by the armour's rating only; bashing by Strength plus the armour's bonus", () => {
    const vest = { bashing: 1, lethal: 2, aggravated: 0 };
    expect(soakPool({ type: "lethal", strength: 4, armor: vest }).pool).toBe(2);
    expect(soakPool({ type: "bashing", strength: 2, armor: vest }).pool).toBe(3);
    expect(
      soakPool({ type: "lethal", strength: 4, armor: { bashing: 0, lethal: 0, aggravated: 0 } }).pool,
    ).toBe(0);
  });

  it("a failed or botched soak, or none, takes the full damage", () => {
    const card = withDamage(club(), [6, 7, 8]);
    expect(withSoak(card, 0, [1, 9]).targets[0]!.soak?.taken).toBe(3);
    expect(withSoak(card, 0, []).targets[0]!.soak?.taken).toBe(3);
  });
});

describe("the health track (Marking Damage, Incapacitation and Death)", () => {
  it("[X][/][/] + 1 lethal → [X][X][/][/]", () => {
    const card = withDamage(hitCard(), [6]);
    const plan = planApply(card, 0, health(2, 1), 8);
    expect(plan.state).toEqual(health(2, 2));
    expect(plan.record).toEqual({
      levels: 1,
      delta: { bashing: 0, lethal: 1, aggravated: 0 },
      died: false,
      incapacitated: false,
    });
  });

  it("Undo takes back exactly this card's levels, never another's", () => {
    const card = withDamage(hitCard(), [6, 7]);
    const { record } = planApply(card, 0, health(0, 0), 8);
    // Another card marked 2 more lethal since: Undo leaves those.
    expect(planUndo(record, health(0, 4), 8)).toEqual(health(0, 2));
    // The GM healed some since: never below zero.
    expect(planUndo(record, health(0, 1), 8)).toEqual(health(0, 0));
  });

  it("on a full track, lethal displaces bashing; Undo gives the bashing back", () => {
    const card = withDamage(hitCard(), [6]);
    const plan = planApply(card, 0, health(8, 0), 8);
    expect(plan.state).toEqual(health(7, 1));
    expect(plan.record).toMatchObject({
      delta: { bashing: -1, lethal: 1, aggravated: 0 },
      incapacitated: true,
    });
    expect(planUndo(plan.record, plan.state, 8)).toEqual(health(8, 0));
  });

  it("lethal in the bottom box: the next level kills; Undo brings them back", () => {
    const card = withDamage(hitCard(), [6]);
    const plan = planApply(card, 0, health(0, 8), 8);
    expect(plan.record.died).toBe(true);
    expect(plan.state.dead).toBe(true);
    expect(planUndo(plan.record, plan.state, 8)).toEqual(health(0, 8));
  });
});

describe("the card's states and who may press what", () => {
  it("a hit: Roll damage first, then Soak and Apply; after Apply only Undo", () => {
    const card = hitCard();
    expect(refusalFor(card, { op: "damage" })).toBeNull();
    expect(refusalFor(card, { op: "soak", index: 0 })).toBe(`${K}.Refused.NoDamage`);
    expect(refusalFor(card, { op: "apply", index: 0 })).toBe(`${K}.Refused.NoDamage`);
    const rolled = withDamage(card, [6, 6, 2, 2, 2]);
    expect(refusalFor(rolled, { op: "damage" })).toBe(`${K}.Refused.AlreadyDone`);
    expect(refusalFor(rolled, { op: "soak", index: 0 })).toBeNull();
    expect(refusalFor(rolled, { op: "undo", index: 0 })).toBe(`${K}.Refused.NothingToUndo`);
    const applied = withRow(rolled, 0, { applied: planApply(rolled, 0, health(0, 0), 8).record });
    expect(refusalFor(applied, { op: "apply", index: 0 })).toBe(`${K}.Refused.AlreadyDone`);
    expect(refusalFor(applied, { op: "soak", index: 0 })).toBe(`${K}.Refused.AlreadyDone`);
    expect(refusalFor(applied, { op: "undo", index: 0 })).toBeNull();
    expect(refusalFor(applied, { op: "undo", index: 3 })).toBe("POLYVERSE.Relay.Malformed");
  });

  it("a miss or a botch offers nothing", () => {
    for (const card of [missCard(), botchCard()]) {
      expect(refusalFor(card, { op: "damage" })).toBe(`${K}.Refused.Miss`);
      expect(refusalFor(card, { op: "apply", index: 0 })).toBe(`${K}.Refused.NoDamage`);
    }
  });

  it("Roll damage: the attacker's owner; Soak and Undo: the target's owner; Apply: also the attacker's", () => {
    const nobody = { gm: false, attackerOwner: false, author: false, targetOwner: false };
    expect(mayPress("damage", { ...nobody, attackerOwner: true })).toBe(true);
    expect(mayPress("damage", { ...nobody, author: true, targetOwner: true })).toBe(false);
    expect(mayPress("soak", { ...nobody, targetOwner: true })).toBe(true);
    expect(mayPress("soak", { ...nobody, author: true, attackerOwner: true })).toBe(false);
    expect(mayPress("apply", { ...nobody, author: true })).toBe(true);
    expect(mayPress("apply", { ...nobody, attackerOwner: true })).toBe(true);
    expect(mayPress("undo", { ...nobody, author: true, attackerOwner: true })).toBe(false);
    for (const op of ["damage", "soak", "apply", "undo"] as const) {
      expect(mayPress(op, { ...nobody, gm: true })).toBe(true);
      expect(mayPress(op, nobody)).toBe(false);
    }
  });

  it("the card shows each button only when its state allows it", () => {
    const localize = (key: string, data?: Record<string, string>) =>
      data ? `${key} ${JSON.stringify(data)}` : key;
    const fresh = attackCardContext(hitCard(), localize);
    expect(fresh.attackerButtons.map((b) => b.action)).toEqual(["maelstrom.attack.damage"]);
    expect(fresh.rows[0]!.buttons).toEqual([]);
    const rolled = attackCardContext(withDamage(hitCard(), [6, 6, 2, 2, 2]), localize);
    expect(rolled.attackerButtons).toEqual([]);
    expect(rolled.rows[0]!.buttons.map((b) => [b.action, b.who])).toEqual([
      ["maelstrom.attack.soak", "target"],
      ["maelstrom.attack.apply", "either"],
    ]);
    expect(attackCardContext(missCard(), localize).outcome.text).toBe(`${K}.Outcome.failure`);
    expect(attackCardContext(botchCard(), localize).dice.map((d) => d.css)).toEqual([
      "pv-m-botch",
      "pv-m-miss",
      "pv-m-botch",
    ]);
  });
});

describe("what the GM refuses", () => {
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error instanceof RelayRefusal ? error.key : String(error);
    }
    return null;
  };

  it("a request names a known operation, only its fields, a row that exists", () => {
    const card = hitCard();
    expect(parseAttackOp({ messageId: "m", op: "apply", index: 0 }, card)).toEqual({ op: "apply", index: 0 });
    expect(parseAttackOp({ messageId: "m", op: "damage" }, card)).toEqual({ op: "damage" });
    const bad = "POLYVERSE.Relay.Malformed";
    expect(refusal(() => parseAttackOp({ op: "apply", index: 1 }, card))).toBe(bad);
    expect(refusal(() => parseAttackOp({ op: "apply", index: -1 }, card))).toBe(bad);
    expect(refusal(() => parseAttackOp({ op: "apply", index: 0.5 }, card))).toBe(bad);
    expect(refusal(() => parseAttackOp({ op: "apply", index: 0, levels: 9 }, card))).toBe(bad);
    expect(refusal(() => parseAttackOp({ op: "damage", faces: [10, 10] }, card))).toBe(bad);
    expect(refusal(() => parseAttackOp({ op: "heal", index: 0 }, card))).toBe(bad);
  });

  const facts = (over: Partial<CardFacts> = {}): CardFacts => ({
    item: {
      actorUuid: "Actor.attacker00000001",
      category: "ranged",
      damage: 3,
      addStrength: false,
      damageType: "lethal",
    },
    strength: 2,
    rolledFaces: [8, 9, 7, 2],
    rollExploding: false,
    settings: { damageMode: "dicePool", extraSuccessesAddDamage: true },
    ...over,
  });

  it("a player's card must be what its weapon, its dice and the settings make it", () => {
    expect(cardMismatch(hitCard(), facts())).toBeNull();
    const changed = "POLYVERSE.Relay.CardChanged";
    const weapon = "POLYVERSE.Relay.WeaponMismatch";
    expect(cardMismatch(hitCard({ weapon: { ...hitCard().weapon, damage: 9 } }), facts())).toBe(weapon);
    expect(cardMismatch(hitCard(), facts({ item: null }))).toBe(weapon);
    expect(cardMismatch(hitCard(), facts({ item: { ...facts().item!, actorUuid: "Actor.other" } }))).toBe(
      weapon,
    );
    expect(cardMismatch(hitCard({ strength: 5 }), facts())).toBe(changed);
    expect(cardMismatch(hitCard(), facts({ rolledFaces: [10, 10, 10, 10] }))).toBe(changed);
    expect(cardMismatch(hitCard({ attack: { ...hitCard().attack, successes: 9 } }), facts())).toBe(changed);
    expect(cardMismatch(hitCard({ attack: { ...hitCard().attack, difficulty: 2 } }), facts())).toBe(changed);
    expect(cardMismatch(hitCard({ damageMode: "fixedLevels" }), facts())).toBe(changed);
    expect(cardMismatch(withDamage(hitCard(), [10, 10, 10, 10, 10]), facts())).toBe(changed);
    const fixed = hitCard({ damageMode: "fixedLevels", damage: { dice: 0, faces: [], levels: 5 } });
    const fixedFacts = facts({ settings: { damageMode: "fixedLevels", extraSuccessesAddDamage: true } });
    expect(cardMismatch(fixed, fixedFacts)).toBeNull();
    expect(cardMismatch({ ...fixed, damage: { dice: 0, faces: [], levels: 30 } }, fixedFacts)).toBe(changed);
  });

  it("the card's model refuses a shape no attack has", () => {
    expect(attackCardProblems(hitCard())).toEqual([]);
    expect(attackCardProblems({ ...hitCard(), damage: { dice: 1, faces: [11], levels: 1 } })).not.toEqual([]);
    expect(attackCardProblems({ ...hitCard(), targets: Array(51).fill(hitCard().targets[0]) })).not.toEqual(
      [],
    );
    expect(attackCardProblems({ ...hitCard(), strength: 1e9 })).not.toEqual([]);
    expect(attackCardProblems("card")).not.toEqual([]);
  });
});

describe("ammunition (a Polyverse default: one round per attack, Reload fills magazine and chamber)", () => {
  const pistol = { category: "ranged" as const, capacity: { magazine: 17, chamber: 1 }, loaded: 2 };
  it("an attack fires one round; none loaded refuses it; melee uses none", () => {
    expect(afterAttack(pistol)).toEqual({ ok: true, loaded: 1 });
    expect(afterAttack({ ...pistol, loaded: 0 })).toEqual({ ok: false, reason: "empty" });
    expect(afterAttack({ ...pistol, category: "melee" })).toEqual({ ok: true, loaded: null });
    expect(usesAmmunition({ ...pistol, capacity: { magazine: 0, chamber: 0 } })).toBe(false);
  });
  it('Reload: "17+1" holds 18', () => {
    expect(fullLoad(pistol)).toBe(18);
    expect(reloaded(pistol)).toEqual({ ok: true, loaded: 18 });
    expect(reloaded({ ...pistol, loaded: 18 })).toEqual({ ok: false, reason: "full" });
    expect(reloaded({ ...pistol, category: "melee" })).toEqual({ ok: false, reason: "noAmmunition" });
  });
});
