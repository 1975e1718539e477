// A Tales character as the sheet tests and the browser fixtures build it: Ines Varga, a former
// soldier with the Combatant hobby (Dodge chosen over Swimming) and the Military grunt culture (Edge
// on Firearms), advantages bought and from templates, a phobia in force, a Light Wound, Hit Points and
// Essence spent, specialisations under Drive and Languages, three favoured actions, a pistol, a
// knife, a jacket, gear, a manual and a flat. Plain data, as the sheet's `readActorSystem` gives it.
import {
  readActorSystem,
  type SheetItem,
  type TalesActorSystem,
} from "../../src/rulesets/tales/sheets/character-context";
import type { TemplateItem } from "../../src/rulesets/tales/sheets/character-context";

const SKILLS = {
  athletics: 2,
  brawl: 2,
  dodge: 2,
  firearms: 3,
  melee: 1,
  survival: 1,
  swimming: 1,
  intimidation: 1,
  languages: 1,
  riding: 1,
  drive: 1,
  medicine: 2,
  repair: 1,
  stealth: 2,
  awareness: 2,
  intuition: 1,
};

/** The stored `system` of Ines (a record, as Foundry stores it). */
export function inesSource(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    attributes: { physical: 3, social: 2, mental: 3, spiritual: 2 },
    skills: { ...SKILLS },
    specialisations: [
      { skill: "drive", name: "Motorbike", level: 2 },
      { skill: "languages", name: "Portuguese", level: 3 },
    ],
    connections: {
      allies: { level: 1, notes: "Her old squad", used: false },
      contacts: { level: 2, notes: "Dockside fixers", used: true },
      fame: { level: 0, notes: "", used: false },
      influence: { level: 0, notes: "", used: false },
      territory: { level: 0, notes: "", used: false },
      wealth: { level: 1, notes: "Army pension", used: false },
    },
    hp: { value: 4 },
    essence: { value: 3 },
    health: { level: "light", stunned: false, unstable: false, comaDays: 0, lastHealAttempt: 0 },
    xp: { earned: 8, spent: 3 },
    combat: {
      favoured: [
        { label: "Pistol shot", attribute: "physical", skill: "firearms", weapon: "pistol", kind: "offence" },
        { label: "Duck and roll", attribute: "physical", skill: "dodge", weapon: "", kind: "defence" },
        { label: "Knife thrust", attribute: "physical", skill: "melee", weapon: "knife", kind: "offence" },
      ],
      initiativeModifier: 0,
    },
    uses: { lucky: false, astrological: false },
    details: {
      gender: "Female",
      age: 34,
      height: "1.70 m",
      weight: "64 kg",
      hair: "Black, cropped",
      eyes: "Grey",
      clothingStyle: "Army surplus",
      handedness: "Right",
      notableFeatures: "A scar through the left eyebrow",
      significantObject: "Her brother's dog tags",
      ambitions: "To open a garage of her own",
      loyalties: "Her old squad",
      commitments: "Weekly calls to her mother",
      drivingGoal: "Find out who sold her unit out",
      history: "<p>Ines served ten years before the ambush. She came home with a limp and questions.</p>",
    },
    chargenDone: false,
    ...overrides,
  };
}

export function inesSystem(overrides: Record<string, unknown> = {}): TalesActorSystem {
  return readActorSystem(inesSource(overrides));
}

const item = (
  id: string,
  name: string,
  type: string,
  system: Record<string, unknown>,
  img = "icons/svg/item-bag.svg",
): SheetItem => ({ id, name, type, img, sort: 0, system });

const trait = (key: string, level: number, extra: Record<string, unknown> = {}) => ({
  key,
  level,
  levelOptions: [],
  variable: false,
  skill: "",
  option: "",
  source: "trait",
  description: "",
  ...extra,
});

const physical = (extra: Record<string, unknown>) => ({
  key: "",
  group: "",
  rarity: "common",
  cost: 0,
  costNote: "",
  equipped: false,
  quantity: 1,
  description: "",
  ...extra,
});

const noWeaponTraits = {
  auto: 0,
  clumsy: false,
  entangle: false,
  fragile: false,
  heavy: false,
  incendiary: false,
  range: 0,
  reach: 0,
  splitDamage: false,
  spray: false,
};

/** Ines' items, in sheet order; the templates carry the choices stored when they were applied. */
export function inesItems(): TemplateItem[] {
  return [
    {
      ...item("combatantHobby", "Combatant (Hobby)", "tales-template", {
        kind: "occupation",
        group: "combatant",
        tier: "hobby",
        cost: 5,
        skills: [
          { options: ["athletics"], count: 1, level: 1 },
          { options: ["brawl"], count: 1, level: 1 },
          { options: ["firearms"], count: 1, level: 1 },
          { options: ["swimming", "dodge"], count: 1, level: 1 },
        ],
        connections: [],
        advantages: [{ options: [{ key: "equipment", level: 2, skills: [] }] }],
        disadvantages: [],
        description: "",
      }),
      choices: { "skills.3": "dodge" },
    },
    {
      ...item("militaryGrunt", "Military (Grunt)", "tales-template", {
        kind: "culture",
        group: "military",
        tier: "grunt",
        cost: 5,
        skills: [],
        connections: [
          { key: "allies", level: 1 },
          { key: "wealth", level: 1 },
        ],
        advantages: [
          { options: [{ key: "edge", level: 2, skills: ["brawl", "firearms", "melee", "martialArts"] }] },
        ],
        disadvantages: [],
        description: "",
      }),
      choices: { "advantages.0.specialisation": "firearms" },
    },
    item("equipment", "Equipment", "tales-advantage", {
      ...trait("equipment", 2, { source: "template" }),
      pool: 0,
    }),
    item("edge", "Edge (Firearms)", "tales-advantage", {
      ...trait("edge", 2, { skill: "firearms", source: "template" }),
      pool: 0,
    }),
    item("lucky", "Lucky", "tales-advantage", { ...trait("lucky", 3), pool: 0 }),
    item("dream", "Dream", "tales-advantage", { ...trait("dream", 2, { variable: true }), pool: 1 }),
    item("phobia", "Phobia", "tales-disadvantage", {
      ...trait("phobia", 3, { option: "deep water" }),
      illegal: false,
      active: true,
    }),
    item("hunted", "Hunted", "tales-disadvantage", { ...trait("hunted", 4), illegal: false, active: false }),
    item("pistol", "Pistol", "tales-weapon", {
      ...physical({ group: "Firearms", rarity: "uncommon", cost: 3, equipped: true }),
      damage: 4,
      damageNote: "",
      modifier: 0,
      skill: "firearms",
      attribute: "physical",
      traits: { ...noWeaponTraits, range: 15 },
      broken: false,
    }),
    item("knife", "Combat knife", "tales-weapon", {
      ...physical({ group: "Blades", cost: 1, equipped: true }),
      damage: 2,
      damageNote: "",
      modifier: 1,
      skill: "melee",
      attribute: "physical",
      traits: { ...noWeaponTraits, fragile: true },
      broken: false,
    }),
    item("jacket", "Armoured jacket", "tales-armour", {
      ...physical({ group: "Light armour", rarity: "uncommon", cost: 2, equipped: true }),
      protection: 2,
      modifier: 1,
      traits: {
        heavy: false,
        cumbersome: false,
        gasMask: false,
        radiationCounter: false,
        restrictive: false,
      },
    }),
    item("medkit", "Field medical kit", "tales-gear", {
      ...physical({ cost: 2, equipped: true }),
      category: "tools",
      skill: "medicine",
      vehicle: { speed: 0, range: 0, extraCargo: 0, extraSeats: 0, aircraft: false, hiddenCompartments: 0 },
      poison: { rating: 0, strong: false },
    }),
    item("torch", "Torch", "tales-gear", {
      ...physical({ cost: 1, quantity: 2 }),
      category: "stuff",
      skill: "",
      vehicle: { speed: 0, range: 0, extraCargo: 0, extraSeats: 0, aircraft: false, hiddenCompartments: 0 },
      poison: { rating: 0, strong: false },
    }),
    item("manual", "Field Surgery Manual", "tales-text", {
      kind: "educational",
      points: 2,
      skill: "medicine",
      flaws: [],
      description: "",
    }),
    item("flat", "Small flat", "tales-sanctuary", {
      key: "smallFlat",
      category: "size",
      cost: 2,
      extra: false,
      perSharer: false,
      description: "",
    }),
  ];
}
