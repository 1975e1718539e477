// The rules text's roll examples as roll-dialog inputs, built with the system's own derivation and
// pool code (deriveLiving, assemblePool): the unit tests check them and the browser fixtures
// render them, so the screenshots show what the tests assert.
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import { assemblePool, type PoolRequest } from "../../src/rulesets/verses/data/pools";
import type {
  AttackDialogInput,
  RollChoice,
  TargetInfo,
  TestDialogInput,
} from "../../src/rulesets/verses/rolls/dialog";
import type { WeaponModeSource } from "../../src/rulesets/verses/data/weapon-modes";
import { livingSource, skillSource } from "./verses-sources";

export const ROLL_MODES = [
  { value: "publicroll", label: "Public Roll" },
  { value: "gmroll", label: "Private GM Roll" },
  { value: "blindroll", label: "Blind GM Roll" },
  { value: "selfroll", label: "Self Roll" },
];

type ItemLike = { name: string; type: string; system: unknown };

const skill = (name: string, allocated: number, over: Partial<ReturnType<typeof skillSource>>): ItemLike => ({
  name,
  type: "verses-skill",
  system: skillSource({ skill: name, allocated, ...over }),
});

/** Anders: Stellar Navigation 1 > Ship Systems 1 > SMR 2 (TV-08), with Intense Concentration 1. */
export const ANDERS_ITEMS: ItemLike[] = [
  skill("Stellar Navigation", 1, {
    difficulty: 2,
    default: { kind: "skill", attribute: "smr", ability: "", skill: "Ship Systems", spec: "" },
  }),
  skill("Ship Systems", 1, {
    difficulty: 2,
    default: { kind: "attribute", attribute: "smr", ability: "", skill: "", spec: "" },
  }),
  {
    name: "Intense Concentration",
    type: "verses-ability",
    system: { key: "intenseConcentration", allocated: 1, extrinsic: false, exBound: 0 },
  },
];

/** An archer: Weapons » Bows 2 over PRW 2. */
export const ARCHER_ITEMS: ItemLike[] = [
  skill("Weapons", 2, {
    spec: "Bows",
    default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
  }),
  // Known but not allocated (as the skills pack has it): "Weapons » Polearms ... default: Skill
  // Staves"; "Weapons » Staves difficulty: 1 default: Attribute PRW".
  skill("Weapons", 0, {
    spec: "Staves",
    default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
  }),
];

/** The Short Bow as the text lists it: "TEST: 2S@10m,20,30,40,50 HP/SM: 2(p) HANDS: 2 Reload(4AD)". */
export const SHORT_BOW: WeaponModeSource = {
  name: "",
  skill: "Weapons » Bows",
  test: "2S@10m,20,30,40,50",
  damage: "2(p)",
  features: [{ name: "Reload", value: "4AD" }],
};

function actorPool(items: ItemLike[], statuses: string[] = []) {
  const source = livingSource();
  const derived = deriveLiving(source, { items, statuses: new Set(statuses), flags: {} });
  return {
    pool: (request: PoolRequest) => assemblePool(source, derived, request),
    adAvailable: derived.adAvailable,
  };
}

/** TV-08: Anders' Stellar Navigation test outside Fast Action, against 2S. */
export function andersNavigation(choice: RollChoice = {}): TestDialogInput {
  return {
    kind: "test",
    label: "Stellar Navigation",
    request: { skill: "Stellar Navigation" },
    ...actorPool(ANDERS_ITEMS),
    fastAction: false,
    choice: { target: 2, ...choice },
    rollModes: ROLL_MODES,
    defaultRollMode: "publicroll",
  };
}

/** A Short Bow attack in Fast Action at a targeted token `metres` away. */
export function shortBowAttack(
  metres: number | null,
  choice: RollChoice = {},
  target: Partial<TargetInfo> = {},
  modes: WeaponModeSource[] = [SHORT_BOW],
): AttackDialogInput {
  return {
    kind: "attack",
    weaponName: "Short Bow",
    modes,
    target:
      metres === null
        ? null
        : { metres, name: "Bandit", prone: false, gridMetres: 1, several: false, ...target },
    ...actorPool(ARCHER_ITEMS),
    fastAction: true,
    choice,
    rollModes: ROLL_MODES,
    defaultRollMode: "publicroll",
  };
}
