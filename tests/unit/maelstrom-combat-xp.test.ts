// The experience die on the Maelstrom attack card, Foundry-free: "Once per roll, you can add an
// experience die. First, resolve the roll. If you haven't botched, you may bank one of your available
// experience points in a trait that you used for the action. Then, add a single bonus die to your
// roll. This die ... does not botch on a 1 ... if you're also using a specialty, it can get exploding
// tens". The state transition, who may press it, when the card allows it, its buttons, the model.
import { describe, expect, it } from "vitest";
import {
  attackExploding,
  attackTraits,
  mayPress,
  refusalFor,
  withDamage,
  withExperience,
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
import { botchCard, hitCard, missCard } from "../lib/maelstrom-attack-cards";

const K = "POLYVERSE.Maelstrom.Combat.Attack";
const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}(${Object.values(data).join(",")})` : key;
const xp = (trait: string) => ({ op: "experience" as const, trait });

/** A miss with a specialty: [5, 3, 2] at difficulty 6, tens exploding. */
const specialtyMiss = (): AttackCard => hitCard({ attack: { ...missCard().attack, exploding: true } });

describe("the state transition", () => {
  it("a miss becomes a hit: a 10 with a specialty explodes, the successes are resolved again", () => {
    const card = specialtyMiss();
    // [10] earns two bonus dice [6, 2]: 10 and 6 succeed at 6, the 2 does not; none of them botches.
    const next = withExperience(card, "abilities.firearms", [10, 6, 2]);
    expect(next.attack).toMatchObject({
      experience: { trait: "abilities.firearms", faces: [10, 6, 2] },
      successes: 2,
      outcome: "success",
    });
    // dicePool: a hit now, its damage to roll (3 + 1 = 4 dice); nothing else changes.
    expect(next.damage).toBeNull();
    expect(refusalFor(next, { op: "damage" })).toBeNull();
    expect(next.attack.faces).toEqual(card.attack.faces);
    expect(next.attack.bonusFaces).toEqual([]);
  });

  it("a 1 on the experience die never botches; a failure stays a failure", () => {
    const next = withExperience(missCard(), "attributes.reflexes", [1]);
    expect(next.attack).toMatchObject({ successes: 0, outcome: "failure" });
  });

  it("fixedLevels: a hit's levels follow the new successes", () => {
    const fixed = hitCard({ damageMode: "fixedLevels", damage: { dice: 0, faces: [], levels: 5 } });
    // Three successes and a fourth: 3 + 3 = 6 levels.
    expect(withExperience(fixed, "abilities.firearms", [9]).damage).toEqual({
      dice: 0,
      faces: [],
      levels: 6,
    });
  });

  it("the traits are the attack's attribute and the weapon's ability; explosions as the roll's", () => {
    expect(attackTraits(hitCard().attack)).toEqual(["attributes.reflexes", "abilities.firearms"]);
    expect(attackExploding(hitCard().attack)).toBe(false);
    expect(attackExploding(specialtyMiss().attack)).toBe(true);
    // A card from before `exploding` was kept: exploding only when its tens earned bonus dice.
    expect(attackExploding({ bonusFaces: [4, 6] })).toBe(true);
  });
});

describe("when the card allows it, and who may press it", () => {
  it("once, in a trait the attack used, not on a botch, not after the damage is used", () => {
    const hit = hitCard();
    expect(refusalFor(hit, xp("abilities.firearms"))).toBeNull();
    expect(refusalFor(missCard(), xp("attributes.reflexes"))).toBeNull();
    expect(refusalFor(hit, xp("attributes.wits"))).toBe("POLYVERSE.Relay.Malformed");
    expect(refusalFor(hit, xp("willpower"))).toBe("POLYVERSE.Relay.Malformed");
    expect(refusalFor(botchCard(), xp("abilities.firearms"))).toBe(`${K}.Refused.ExperienceBotch`);
    const added = withExperience(hit, "abilities.firearms", [4]);
    expect(refusalFor(added, xp("attributes.reflexes"))).toBe(`${K}.Refused.AlreadyDone`);
    const rolled = withDamage(hit, [6, 6, 2, 2, 2]);
    expect(refusalFor(rolled, xp("abilities.firearms"))).toBe(`${K}.Refused.ExperienceLate`);
    // fixedLevels: its levels are there from the start; late once a row soaked or applied them.
    const fixed = hitCard({ damageMode: "fixedLevels", damage: { dice: 0, faces: [], levels: 5 } });
    expect(refusalFor(fixed, xp("abilities.firearms"))).toBeNull();
    expect(refusalFor(withSoak(fixed, 0, [3]), xp("abilities.firearms"))).toBe(`${K}.Refused.ExperienceLate`);
    const applied = withRow(fixed, 0, {
      applied: {
        levels: 5,
        delta: { bashing: 0, lethal: 5, aggravated: 0 },
        died: false,
        incapacitated: false,
      },
    });
    expect(refusalFor(applied, xp("abilities.firearms"))).toBe(`${K}.Refused.ExperienceLate`);
  });

  it("a botch is the dice's, not the card's word for it", () => {
    // The card says success, but its dice botch: refused.
    const lying = hitCard({ attack: { ...botchCard().attack, successes: 1, outcome: "success" } });
    expect(refusalFor(lying, xp("abilities.firearms"))).toBe(`${K}.Refused.ExperienceBotch`);
  });

  it("the attacker's owner (and a GM); never the card's author or a target's owner alone", () => {
    const who = { gm: false, attackerOwner: false, author: false, targetOwner: false };
    expect(mayPress("experience", { ...who, attackerOwner: true })).toBe(true);
    expect(mayPress("experience", { ...who, gm: true })).toBe(true);
    expect(mayPress("experience", { ...who, author: true })).toBe(false);
    expect(mayPress("experience", { ...who, targetOwner: true })).toBe(false);
  });
});

describe("the card's buttons and its dice", () => {
  const buttons = (card: AttackCard, xpAvailable: number | null) =>
    attackCardContext(card, localize, xpAvailable === null ? null : { xpAvailable }).attackerButtons.map(
      (b) => [b.action, b.trait, b.who],
    );

  it("one per trait used, the attacker's, while the attacker has a point to bank", () => {
    expect(buttons(hitCard(), 2)).toEqual([
      ["maelstrom.attack.experience", "attributes.reflexes", "attacker"],
      ["maelstrom.attack.experience", "abilities.firearms", "attacker"],
      ["maelstrom.attack.damage", "", "attacker"],
    ]);
    const label = attackCardContext(missCard(), localize, { xpAvailable: 1 }).attackerButtons[0]?.label;
    expect(label).toBe(`${K}.Button.experience(POLYVERSE.Maelstrom.Attribute.reflexes)`);
    // No point available, the attacker unknown, a botch, added, damage rolled: none.
    expect(buttons(hitCard(), 0)).toEqual([["maelstrom.attack.damage", "", "attacker"]]);
    expect(buttons(hitCard(), null)).toEqual([["maelstrom.attack.damage", "", "attacker"]]);
    expect(buttons(botchCard(), 5)).toEqual([]);
    expect(buttons(withExperience(missCard(), "abilities.firearms", [3]), 5)).toEqual([]);
    expect(buttons(withDamage(hitCard(), [6, 2, 2, 2, 2]), 5)).toEqual([]);
  });

  it("the experience die shows with its trait, the outcome resolved with it", () => {
    const view = attackCardContext(
      withExperience(specialtyMiss(), "abilities.firearms", [10, 6, 2]),
      localize,
    );
    expect(view.experience).toEqual({
      line: `${K}.Experience.Rolled(POLYVERSE.Maelstrom.Ability.firearms)`,
      dice: [
        { face: 10, css: "pv-m-success pv-m-bonus pv-m-xp" },
        { face: 6, css: "pv-m-success pv-m-bonus pv-m-xp" },
        { face: 2, css: "pv-m-miss pv-m-bonus pv-m-xp" },
      ],
    });
    expect(view.outcome.css).toBe("success");
    expect(attackCardContext(hitCard(), localize).experience).toBeNull();
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
  const bad = "POLYVERSE.Relay.Malformed";

  it("a request names a trait the attack used, and nothing else", () => {
    const card = hitCard();
    const op = { messageId: "m", op: "experience" };
    expect(parseAttackOp({ ...op, trait: "abilities.firearms" }, card)).toEqual(xp("abilities.firearms"));
    expect(refusal(() => parseAttackOp({ ...op, trait: "abilities.melee" }, card))).toBe(bad);
    expect(refusal(() => parseAttackOp({ ...op, trait: ["abilities.firearms"] }, card))).toBe(bad);
    expect(refusal(() => parseAttackOp(op, card))).toBe(bad);
    expect(refusal(() => parseAttackOp({ ...op, trait: "abilities.firearms", faces: [10] }, card))).toBe(bad);
    expect(refusal(() => parseAttackOp({ ...op, trait: "abilities.firearms", index: 0 }, card))).toBe(bad);
  });

  it("the model: at most one die and its explosions, faces 1..10, in a trait the attack used", () => {
    const card = specialtyMiss();
    const withDie = (experience: unknown, over: object = {}) => ({
      ...card,
      attack: { ...card.attack, ...over, experience },
    });
    expect(attackCardProblems(withDie({ trait: "abilities.firearms", faces: [10, 6, 2] }))).toEqual([]);
    expect(attackCardProblems(withDie(null))).toEqual([]);
    // Two dice, a face of 11, none, a 10 with no explosion, explosions without a specialty.
    for (const faces of [[4, 5], [11], [], [10], [0]])
      expect(attackCardProblems(withDie({ trait: "abilities.firearms", faces }))).not.toEqual([]);
    expect(
      attackCardProblems(withDie({ trait: "abilities.firearms", faces: [10, 6, 2] }, { exploding: false })),
    ).not.toEqual([]);
    expect(attackCardProblems(withDie({ trait: "attributes.wits", faces: [4] }))).not.toEqual([]);
    expect(attackCardProblems(withDie("a die"))).not.toEqual([]);
    expect(attackCardProblems(withDie(null, { exploding: "yes" }))).not.toEqual([]);
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

  it("a player's card is posted without the die, exploding as its roll says", () => {
    const changed = "POLYVERSE.Relay.CardChanged";
    expect(cardMismatch(hitCard({ attack: { ...hitCard().attack, exploding: false } }), facts())).toBeNull();
    expect(cardMismatch(withExperience(hitCard(), "abilities.firearms", [9]), facts())).toBe(changed);
    // Says its tens explode, the roll says not (or the other way round).
    expect(cardMismatch(hitCard({ attack: { ...hitCard().attack, exploding: true } }), facts())).toBe(
      changed,
    );
    const exploding = hitCard({ attack: { ...hitCard().attack, exploding: true } });
    expect(cardMismatch(exploding, facts({ rollExploding: true }))).toBeNull();
    // Bonus dice its tens did not earn.
    const bonus = hitCard({ attack: { ...hitCard().attack, bonusFaces: [9], successes: 4 } });
    expect(cardMismatch(bonus, facts({ rolledFaces: [8, 9, 7, 2, 9] }))).toBe(changed);
  });
});
