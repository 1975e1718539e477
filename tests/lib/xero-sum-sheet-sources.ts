// A Xero Sum character as the sheet tests and the browser fixtures build it: Ada Kestrel, a scavenger
// part-way through Backstory Generation (Steps One and Two spent, Step Four begun), with a Lost Eye
// and Weakened, Resilience at her Panic Threshold and Twitchy for 2 rounds, winded, two stress boxes
// filled, a Dark Secret and a Motivation of her own, two First Impressions, a hunting rifle (3 of 5
// loaded), a damaged machete and a broken sledgehammer, a backpack, a first-aid kit, binoculars and
// a tent left behind. Plain data, as the sheet's `readActorSystem` gives it; `system.derived` is the
// data layer's own derivation (rules `secondaryStats`).
import { deriveXeroSum } from "../../src/rulesets/xero-sum/data/living-logic";
import {
  readActorSystem,
  type SheetItem,
  type XeroSumActorSystem,
} from "../../src/rulesets/xero-sum/sheets/character-context";

const SKILLS = {
  animalHandling: 0,
  athletics: 1,
  barter: 2,
  demolitions: -3,
  driving: 0,
  farming: 0,
  generalKnowledge: 1,
  inspiration: 0,
  intimidation: 0,
  manipulation: 0,
  mechanic: 1,
  medicine: 0,
  meleeCombat: 1,
  navigation: 2,
  psychology: -3,
  rangedCombat: 2,
  research: 0,
  scavenging: 3,
  sleightOfHand: 0,
  stealth: 1,
  survival: 1,
  tactics: -3,
  tinkerer: 1,
  unarmedCombat: 0,
};

const BONUSES = { initiative: 0, perception: 0, woundPoints: 0, resiliencePoints: 0, encumbrance: 0 };

/** The stored `system` of Ada (a record, as Foundry stores it), without `derived`. */
export function adaSource(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    attributes: { rsn: 1, acu: 2, phy: 0, inf: -1, dex: 1 },
    skills: { ...SKILLS },
    wp: { value: 7 },
    rp: { value: 3 },
    insight: { value: 3 },
    morality: { value: 3 },
    stress: { value: 2 },
    lastingWounds: ["lostEye", "weakened"],
    state: {
      incapacitatedRounds: 0,
      mortallyWounded: false,
      deathRounds: 0,
      stabilised: false,
      wasMortallyWounded: true,
      dead: false,
      breathRounds: 0,
      daysWithoutFood: 1,
      panic: { key: "twitchy", rounds: 2 },
      breakingPoint: "",
      winded: true,
      blindedRounds: 0,
    },
    narrative: {
      threeWords: { first: "Wary", second: "Resourceful", third: "" },
      complication: "darkSecret",
      customComplication: "",
      motivation: "",
      customMotivation: "Find her brother in the northern camps",
      profession: "Profession 2",
      apprentice: "",
      incidentalItem: "A cracked compass",
      backstory: "<p>Ada grew up in the salvage yards by the old rail line.</p>",
    },
    relationships: [
      { name: "Sheriff Dunn", cmod: -1 },
      { name: "Old Marta", cmod: 1 },
    ],
    creation: {
      method: "backstory",
      spends: [
        { step: 1, kind: "attribute", key: "acu" },
        { step: 1, kind: "skill", key: "scavenging" },
        { step: 1, kind: "skill", key: "scavenging" },
        { step: 2, kind: "attribute", key: "rsn" },
        { step: 2, kind: "skill", key: "mechanic" },
        { step: 2, kind: "skill", key: "navigation" },
        { step: 2, kind: "skill", key: "navigation" },
        { step: 4, kind: "attribute", key: "acu" },
        { step: 4, kind: "skill", key: "scavenging" },
      ],
      done: false,
    },
    bonuses: { ...BONUSES },
    ...overrides,
  };
}

const item = (
  id: string,
  name: string,
  type: string,
  system: Record<string, unknown>,
  img = "icons/svg/item-bag.svg",
): SheetItem => ({ id, name, type, img, sort: 0, system });

const weapon = (extra: Record<string, unknown>) => ({
  key: "",
  category: "melee",
  skill: "meleeCombat",
  range: "engaged",
  rarity: "common",
  damage: { base: 0, dice: "" },
  rpPercent: 50,
  enc: 1,
  ammo: { rarity: "", clip: 0, loaded: 0, reloads: 0 },
  characteristics: [],
  weaponClass: "melee",
  scoped: false,
  condition: "used",
  readied: false,
  jammed: false,
  equipped: false,
  quantity: 1,
  description: "",
  ...extra,
});

const gear = (extra: Record<string, unknown>) => ({
  key: "",
  rarity: "common",
  enc: 1,
  quantity: 1,
  condition: "used",
  charges: { value: 0, max: 0 },
  bonuses: [],
  heal: { base: 0, dice: "" },
  carried: true,
  description: "",
  ...extra,
});

/** Ada's items, in sheet order. */
export function adaItems(): SheetItem[] {
  return [
    item(
      "rifle",
      "Hunting Rifle",
      "xero-sum-weapon",
      weapon({
        category: "ranged",
        skill: "rangedCombat",
        range: "long",
        damage: { base: 5, dice: "1d6" },
        enc: 2,
        ammo: { rarity: "common", clip: 5, loaded: 3, reloads: 2 },
        characteristics: [{ key: "tracking", value: 0 }],
        weaponClass: "rifle",
        readied: true,
      }),
      "icons/svg/target.svg",
    ),
    item(
      "machete",
      "Machete",
      "xero-sum-weapon",
      weapon({ damage: { base: 2, dice: "1d3" }, condition: "damaged" }),
      "icons/svg/sword.svg",
    ),
    item(
      "sledge",
      "Sledgehammer",
      "xero-sum-weapon",
      weapon({
        damage: { base: 4, dice: "1d6" },
        enc: 3,
        rpPercent: 100,
        characteristics: [
          { key: "cumbersome", value: 2 },
          { key: "unwieldy", value: 1 },
        ],
        condition: "broken",
      }),
      "icons/svg/hammer.svg",
    ),
    item(
      "backpack",
      "Backpack",
      "xero-sum-equipment",
      gear({ bonuses: [{ target: "encumbrance", value: 2, context: "" }] }),
    ),
    item(
      "firstAid",
      "First Aid Kit",
      "xero-sum-equipment",
      gear({ charges: { value: 3, max: 5 }, heal: { base: 1, dice: "1d3" }, bonuses: [] }),
    ),
    item(
      "binoculars",
      "Binoculars",
      "xero-sum-equipment",
      gear({
        rarity: "uncommon",
        bonuses: [{ target: "perception", value: 1, context: "longOrDistant" }],
      }),
    ),
    item("tent", "Tent", "xero-sum-equipment", gear({ enc: 3, carried: false })),
  ];
}

/** A stored source with `system.derived` worked out as the data model does. */
export function withDerived(source: Record<string, unknown>, items: readonly SheetItem[] = adaItems()) {
  const derived = deriveXeroSum(
    {
      attributes: source.attributes as never,
      lastingWounds: (source.lastingWounds ?? []) as never,
      bonuses: { ...BONUSES, ...(source.bonuses as object) },
    },
    items.map((i) => ({ type: i.type, system: i.system })),
  );
  return { ...source, derived };
}

export function adaSystem(overrides: Record<string, unknown> = {}, items = adaItems()): XeroSumActorSystem {
  return readActorSystem(withDerived(adaSource(overrides), items));
}
