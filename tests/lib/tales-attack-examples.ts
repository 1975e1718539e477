// Tales attacks as the attack dialog reads them (attack-dialog-logic.ts AttackDialogInput): a
// marksman with a bow (Range 25 m, the spec's C09), a brute with a sword, a shotgun's Spray, and
// targets with what their side reads (attack-logic.ts DefenderView). Shared by the unit tests and the
// browser fixtures.
import type {
  AttackDialogInput,
  AttackTargetInput,
  AttackWeaponInput,
} from "../../src/rulesets/tales/combat/attack-dialog-logic";
import type { DefenderView } from "../../src/rulesets/tales/combat/attack-logic";

/** A defender with Physical 3, Block 2, Dodge 2, Melee 1, a weapon, two action dice, slower. */
export function defenderView(over: Partial<DefenderView> = {}): DefenderView {
  return {
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
    ...over,
  };
}

export function target(
  name: string,
  metres: number | null,
  over: Partial<DefenderView> = {},
  observed = true,
): AttackTargetInput {
  return {
    uuid: `Actor.${name.replace(/\W/g, "")}`,
    name,
    metres,
    view: defenderView(over),
    observed,
  };
}

const BOW: AttackWeaponInput = {
  modifier: 0,
  range: 25,
  reach: 0,
  auto: 0,
  spray: false,
  clumsy: false,
  broken: false,
};

/** Physical 3 + Archery 4 with a bow (Range 25 m), healthy, at one target 20 m away (close). */
export function bowInput(over: Partial<AttackDialogInput> = {}): AttackDialogInput {
  return {
    actorName: "Ines Varga",
    weaponName: "Bow",
    attribute: "physical",
    skill: "archery",
    attributeValue: 3,
    skillValue: 4,
    wound: "healthy",
    criticalWoundRule: "halfAttributeSkillsOne",
    weapon: BOW,
    aiming: false,
    sustaining: false,
    gridMetres: 1,
    targets: [target("Bob Hale", 20)],
    coverTable: "arithmetic",
    dynamicTieRule: "succeeds",
    choice: {},
    ...over,
  };
}

/** Physical 3 + Melee 2 with a sword (+6 damage, modifier 0), next to Bob (C04). */
export function swordInput(over: Partial<AttackDialogInput> = {}): AttackDialogInput {
  return bowInput({
    weaponName: "Sword",
    skill: "melee",
    skillValue: 2,
    weapon: { ...BOW, range: 0 },
    targets: [target("Bob Hale", 1)],
    ...over,
  });
}

/** Mental 3 + Firearms 3 with a shotgun (Spray, Range 50 m) at three targets standing together. */
export function shotgunInput(over: Partial<AttackDialogInput> = {}): AttackDialogInput {
  return bowInput({
    weaponName: "Shotgun",
    attribute: "mental",
    skill: "firearms",
    skillValue: 3,
    weapon: { ...BOW, range: 50, spray: true },
    targets: [target("Ada", 12), target("Bo", 13), target("Cy", 60, { cover: "partial" })],
    ...over,
  });
}
