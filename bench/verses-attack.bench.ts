// Speed of resolving an attack against a target with three protective layers (partial cover of
// wood, a wielded shield, worn mail): what the card does when a defence is rolled and again when
// damage is applied. Target: well under a millisecond per resolution (no timed test asserts it).
import { bench, describe } from "vitest";
import {
  damagePreview,
  planApply,
  withDefence,
  type AttackCard,
} from "../src/rulesets/verses/attack/attack-logic";
import type { DefenderData } from "../src/rulesets/verses/attack/defender-logic";
import { newAdRound } from "../src/rulesets/verses/rules";

const defender: DefenderData = {
  name: "Jaye",
  kind: "biological",
  tuf: 2,
  hp: 20,
  abilities: [{ key: "painTolerance", dice: 1 }],
  armour: [
    { name: "Medium Shield", class: "shield", tuf: 3, resistance: "c, p, s", worn: true },
    { name: "Mail", class: "medium", tuf: 4, resistance: "s ⇒ c, p", worn: true },
  ],
  conditions: [],
  ad: newAdRound(5),
};

const card: AttackCard = {
  version: 1,
  attacker: { actorUuid: "Actor.a", tokenUuid: null, name: "Footpad" },
  weapon: {
    itemUuid: "Item.w",
    label: "Longsword",
    modeIndex: 0,
    skill: "Weapons » Swords",
    test: "1S",
    damage: "3(s) or 2(p)",
    damageMode: 0,
    parry: 3,
    grapple: null,
    area: "",
    chain: null,
  },
  mode: "direct",
  faces: [6, 6, 6, 5, 5, 4, 3, 2, 1, 1],
  target: 2,
  ad: 3,
  cover: { protective: "partial", material: "Wood", hp: 6 },
  ammo: null,
  sustain: 0,
  round: 1,
  chain: null,
  riposte: false,
  chained: false,
  area: null,
  targets: [
    {
      tokenUuid: null,
      actorUuid: "Actor.j",
      name: "Jaye",
      metres: 1,
      target: 2,
      defence: { kind: "parry", faces: [6, 5, 2, 1], ad: 2, messageId: null },
      taken: false,
      damage: null,
      applied: null,
      riposted: false,
    },
  ],
};

describe("verses attack resolution", () => {
  bench("damage preview through wood, shield and mail after a parry", () => {
    damagePreview(card, 0, defender);
  });
  bench("defence recorded, damage previewed, then applied (the card's whole path)", () => {
    const defended = withDefence(card, 0, card.targets[0]!.defence!, defender);
    planApply(defended, 0, defender, {
      uuid: "Actor.j",
      name: "Jaye",
      hp: 20,
      ad: defender.ad,
      statuses: [],
    });
  });
});
