// Maelstrom attack cards for the unit tests, the integration tests and the browser fixtures: one
// builder, so every layer shows the same states (a hit with damage to roll, soaked, applied, a miss,
// a botch).
import type { AttackCard } from "../../src/rulesets/maelstrom/combat/attack-card-logic";

/**
 * A hit with a pistol (ranged, 3 lethal): Reflexes + Firearms at difficulty 7, faces [8, 9, 7, 2],
 * three successes; dicePool damage with extra successes (3 + 2 = 5 dice to roll).
 */
export function hitCard(over: Partial<AttackCard> = {}): AttackCard {
  return {
    version: 1,
    attacker: { actorUuid: "Actor.attacker00000001", name: "Ada", tokenUuid: null },
    weapon: {
      itemUuid: "Actor.attacker00000001.Item.pistol0000000001",
      name: "Pistol",
      category: "ranged",
      damage: 3,
      addStrength: false,
      damageType: "lethal",
    },
    strength: 2,
    attack: {
      attribute: "reflexes",
      ability: "firearms",
      pool: 4,
      difficulty: 7,
      threshold: 0,
      faces: [8, 9, 7, 2],
      bonusFaces: [],
      successes: 3,
      outcome: "success",
    },
    damageMode: "dicePool",
    extraSuccessesAddDamage: true,
    damage: null,
    targets: [
      { actorUuid: "Actor.target0000000001", tokenUuid: null, name: "Brute", soak: null, applied: null },
    ],
    ...over,
  };
}

/** A miss: [3, 5, 2] at difficulty 6. */
export const missCard = (): AttackCard =>
  hitCard({
    attack: {
      ...hitCard().attack,
      pool: 3,
      difficulty: 6,
      faces: [3, 5, 2],
      successes: 0,
      outcome: "failure",
    },
  });

/** A botch: [1, 4, 1] at difficulty 6. */
export const botchCard = (): AttackCard =>
  hitCard({
    attack: { ...hitCard().attack, pool: 3, difficulty: 6, faces: [1, 4, 1], successes: 0, outcome: "botch" },
  });
