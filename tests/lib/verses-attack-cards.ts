// Attack cards, rows and defenders for the attack tests, with the rules text's people: Jaye in her
// mail, the Footpad's longsword. One set of builders, shared by the unit tests.
import type { AttackCard, AttackTarget, TargetNow } from "../../src/rulesets/verses/attack/attack-logic";
import { NO_COVER, type DefenderData } from "../../src/rulesets/verses/attack/defender-logic";
import { newAdRound } from "../../src/rulesets/verses/rules";

export const MAIL = { name: "Mail", class: "medium" as const, tuf: 4, resistance: "s ⇒ c, p", worn: true };

export function defender(over: Partial<DefenderData> = {}): DefenderData {
  return {
    name: "Jaye",
    kind: "biological",
    tuf: 2,
    hp: 10,
    abilities: [],
    armour: [MAIL],
    conditions: [],
    ad: newAdRound(5),
    ...over,
  };
}

export function row(over: Partial<AttackTarget> = {}): AttackTarget {
  return {
    tokenUuid: "Scene.s.Token.jaye",
    actorUuid: "Actor.jaye",
    name: "Jaye",
    metres: 1,
    target: 1,
    defence: null,
    taken: false,
    damage: null,
    applied: null,
    riposted: false,
    ...over,
  };
}

export function card(over: Partial<AttackCard> = {}, weapon: Partial<AttackCard["weapon"]> = {}): AttackCard {
  return {
    version: 1,
    attacker: { actorUuid: "Actor.foot", tokenUuid: "Scene.s.Token.foot", name: "Footpad" },
    weapon: {
      itemUuid: "Actor.foot.Item.sword",
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
      ...weapon,
    },
    mode: "direct",
    faces: [5, 5, 3, 2, 1],
    target: 1,
    ad: 1,
    cover: NO_COVER,
    ammo: null,
    sustain: 0,
    round: null,
    chain: null,
    riposte: false,
    chained: false,
    area: null,
    targets: [row()],
    ...over,
  };
}

export const now = (d: DefenderData): TargetNow => ({
  uuid: "Actor.jaye",
  name: "Jaye",
  hp: d.hp,
  ad: d.ad,
  statuses: [],
});
