// A Maelstrom character as the sheet tests and the browser fixtures build it: Rhea Okafor, a
// salvage pilot with dots in every group, specialties (one under an ability with no dots),
// merits and flaws, a pistol, a knife and a vest, some damage on the track, Willpower spent and
// experience banked. Plain data, as the sheet's `readActorSystem` gives it.
import type { MaelstromActorSystem, SheetItem } from "../../src/rulesets/maelstrom/sheets/character-context";
import { ABILITY_KEYS } from "../../src/rulesets/maelstrom/rules";

const ATTRIBUTES = { strength: 2, precision: 4, reflexes: 3, perception: 3, intelligence: 2, wits: 3 };

const zeroAbilities = () =>
  Object.fromEntries(ABILITY_KEYS.map((k) => [k, 0])) as Record<(typeof ABILITY_KEYS)[number], number>;

export function rheaSystem(overrides: Partial<MaelstromActorSystem> = {}): MaelstromActorSystem {
  const bankAbilities = zeroAbilities();
  bankAbilities.piloting = 4;
  bankAbilities.firearms = 1;
  return {
    attributes: { ...ATTRIBUTES },
    abilities: {
      ...zeroAbilities(),
      alertness: 2,
      athletics: 1,
      technology: 2,
      melee: 1,
      piloting: 3,
      firearms: 3,
      driving: 1,
      survival: 1,
      engineering: 2,
      navigation: 2,
      medicine: 1,
      computerScience: 1,
    },
    willpower: { max: 4, value: 2, rallied: false },
    health: { bashing: 2, lethal: 1, aggravated: 0, dead: false },
    xp: {
      total: 34,
      available: 3,
      spent: 26,
      bank: {
        attributes: { strength: 0, precision: 0, reflexes: 0, perception: 0, intelligence: 0, wits: 0 },
        abilities: bankAbilities,
        willpower: 0,
      },
    },
    details: {
      concept: "Salvage pilot",
      player: "Sam",
      biography: "<p>Rhea grew up on a tug in the outer belt and still talks to her ship.</p>",
    },
    ...overrides,
  };
}

let serial = 0;
const item = (
  type: string,
  name: string,
  system: Record<string, unknown>,
  img = "icons/svg/item-bag.svg",
): SheetItem => ({
  id: `rhea${String(++serial).padStart(12, "0")}`,
  name,
  type,
  img,
  sort: serial * 100,
  system,
});

export function rheaItems(): SheetItem[] {
  serial = 0;
  return [
    item("maelstrom-specialty", "Zero-g maneuvers", {
      ability: "piloting",
      kind: "advanced",
      subject: "",
      description: "",
    }),
    item("maelstrom-specialty", "Pistols", {
      ability: "firearms",
      kind: "general",
      subject: "",
      description: "",
    }),
    item("maelstrom-specialty", "Terrain", {
      ability: "survival",
      kind: "general",
      subject: "Vacuum",
      description: "",
    }),
    item("maelstrom-specialty", "Orbital mechanics", {
      ability: "science",
      kind: "advanced",
      subject: "",
      description: "",
    }),
    item("maelstrom-merit", "Acute Sense", {
      key: "acuteSense",
      points: 2,
      pointOptions: [2, 5],
      option: "hearing",
      description: "",
    }),
    item("maelstrom-merit", "Ambidextrous", {
      key: "ambidextrous",
      points: 1,
      pointOptions: [],
      option: "",
      description: "",
    }),
    item("maelstrom-flaw", "Phobia", {
      key: "phobia",
      points: 2,
      pointOptions: [],
      option: "Deep water",
      ability: "",
      active: true,
      description: "",
    }),
    item("maelstrom-flaw", "Inept", {
      key: "inept",
      points: 2,
      pointOptions: [],
      option: "",
      ability: "driving",
      active: false,
      description: "",
    }),
    item(
      "maelstrom-weapon",
      "Light pistol",
      {
        key: "lightPistol",
        category: "ranged",
        ability: "firearms",
        damage: 4,
        addStrength: false,
        damageType: "lethal",
        range: 20,
        rate: 3,
        capacity: { magazine: 17, chamber: 1 },
        loaded: 12,
        ignoresReflexivePenalty: false,
        description: "",
      },
      "icons/svg/target.svg",
    ),
    item(
      "maelstrom-weapon",
      "Knife",
      {
        key: "knife",
        category: "melee",
        ability: "melee",
        damage: 1,
        addStrength: true,
        damageType: "lethal",
        range: 0,
        rate: 0,
        capacity: { magazine: 0, chamber: 0 },
        loaded: 0,
        ignoresReflexivePenalty: false,
        description: "",
      },
      "icons/svg/sword.svg",
    ),
    item(
      "maelstrom-armor",
      "Armored vest",
      { bashing: 2, lethal: 3, aggravated: 0, equipped: true, description: "" },
      "icons/svg/shield.svg",
    ),
    item(
      "maelstrom-armor",
      "Vacuum suit",
      { bashing: 1, lethal: 1, aggravated: 1, equipped: false, description: "" },
      "icons/svg/shield.svg",
    ),
  ];
}
