// A Virtually Real character as the sheet tests and the browser fixtures build it: Mara Voss, a human
// lock-breaker (Open Locks [2]22/3, a secondary Acrobatics at her Agility's 14, Basic Combat Training
// [2] with the Iron Wall style), at 5 of 12 hit points with a major physical wound, a serious mental
// one, Broken Bones and a Guilt wound, Violence armor, an adrenaline rush of 1 and heroic armor for
// Despair; 7 Darkness points (level 1) with a Darkness tree, 2 light, the basic intimacies and two of
// her own, a ready longsword, armor, a lantern and a book on astrology. Plain data: the stored
// `system` (a record, as Foundry stores it), the sheet's plain shape of it (`readActorSystem`) and
// `system.derived`, the data layer's own derivation (`deriveVirtuallyReal`).
import { deriveVirtuallyReal, type LivingSource } from "../../src/rulesets/virtually-real/data/living-logic";
import {
  defaultVirtuallyRealSettings,
  rulesOptions,
} from "../../src/rulesets/virtually-real/base/settings-logic";
import { readActorSystem, type SheetItem } from "../../src/rulesets/virtually-real/sheets/character-context";

const attr = (capacity: number, score: number) => ({ capacity, score });

/** The stored `system` of Mara (a record, as Foundry stores it), without `derived`. */
export function maraSource(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    attributes: {
      body: attr(2, 12),
      agility: attr(2, 14),
      appearance: attr(2, 9),
      mind: attr(2, 10),
      logic: attr(2, 11),
      aura: attr(2, 11),
      reflex: attr(2, 7),
      speed: attr(2, 10),
    },
    hp: { value: 5 },
    health: { sizeBase: null, dc: null },
    endurance: { value: 3, max: 6 },
    ki: { value: 2, max: 4 },
    light: { value: 2 },
    darkness: { points: 7 },
    bonusXP: { value: 4 },
    adrenaline: { level: 1, aggressive: false, fear: false },
    emotional: {
      violence: { heroic: 0 },
      despair: { heroic: 2 },
      isolation: { heroic: 0 },
      guilt: { heroic: 0 },
    },
    conditions: [
      { severity: "major", group: "physical", target: "", side: "wound", id: "", letter: "", atNext: "day" },
      {
        severity: "serious",
        group: "mental",
        target: "",
        side: "wound",
        id: "",
        letter: "",
        atNext: "scene",
      },
      {
        severity: "critical",
        group: "physical",
        target: "",
        side: "wound",
        id: "B",
        letter: "",
        atNext: "longRest",
      },
      {
        severity: "serious",
        group: "emotional",
        target: "guilt",
        side: "wound",
        id: "G",
        letter: "",
        atNext: "longRest",
      },
      {
        severity: "major",
        group: "emotional",
        target: "violence",
        side: "armor",
        id: "",
        letter: "",
        atNext: "scene",
      },
    ],
    state: { winded: false, tired: false },
    intimacies: [
      {
        name: "Native language",
        target: "isolation",
        polarity: "positive",
        level: "inner",
        basic: true,
        mulligan: false,
      },
      {
        name: "Home",
        target: "isolation",
        polarity: "positive",
        level: "inner",
        basic: true,
        mulligan: false,
      },
      {
        name: "Brother Tomas",
        target: "isolation",
        polarity: "positive",
        level: "defining",
        basic: false,
        mulligan: false,
      },
      {
        name: "The Red Baron",
        target: "violence",
        polarity: "negative",
        level: "outer",
        basic: false,
        mulligan: true,
      },
    ],
    scene: { highestWound: "serious", bctFailed: true, bctCriticalFailure: false },
    details: {
      ancestry: "Human",
      heritage: "River towns",
      culture: "Lowland",
      occupation: "Locksmith",
      biography: "<p>Mara opened her first lock at nine and has not stopped since.</p>",
    },
    ...overrides,
  };
}

const skill = (id: string, name: string, system: Record<string, unknown>, sort: number): SheetItem => ({
  id,
  name,
  type: "virtually-real-skill",
  img: "icons/svg/book.svg",
  sort,
  system: {
    capacity: 1,
    xp: 0,
    attribute: "agility",
    cost: 8,
    underlines: 0,
    restricted: false,
    ancestry: false,
    combat: false,
    ref: "",
    style: "",
    usedThisScene: false,
    gainedThisChapter: false,
    description: "",
    ...system,
  },
});

const passion = (id: string, name: string, system: Record<string, unknown>, sort: number): SheetItem => ({
  id,
  name,
  type: "virtually-real-passion",
  img: "icons/svg/aura.svg",
  sort,
  system: {
    style: "",
    branch: "root",
    depth: 0,
    prerequisite: "",
    darkness: false,
    adrenaline: false,
    description: "",
    ...system,
  },
});

const equipment = (id: string, name: string, system: Record<string, unknown>, sort: number): SheetItem => ({
  id,
  name,
  type: "virtually-real-equipment",
  img: "icons/svg/sword.svg",
  sort,
  system: {
    kind: "gear",
    quantity: 1,
    proficiency: "",
    ready: false,
    initiativeBonus: 0,
    proficiencyBonus: 0,
    magical: false,
    equipped: false,
    description: "",
    ...system,
  },
});

/** Mara's items as the sheet reads them (plain rows). */
export function maraItems(): SheetItem[] {
  return [
    skill("locks", "Open Locks", { capacity: 2, xp: 22, cost: 8, usedThisScene: true }, 1),
    skill("acrobatics", "Acrobatics", { capacity: 1, xp: 3, cost: 12 }, 2),
    skill(
      "bct",
      "Basic Combat Training",
      {
        capacity: 2,
        xp: 12,
        attribute: "reflex",
        ref: "basicCombatTraining",
        combat: true,
        style: "Iron Wall",
      },
      3,
    ),
    skill("faith", "Faith", { capacity: 1, xp: 8, attribute: "aura", ref: "faith" }, 4),
    skill(
      "integrity",
      "Culture (Lowland)",
      { capacity: 2, xp: 16, attribute: "aura", ref: "cultureIntegrity", underlines: 1 },
      5,
    ),
    passion("wall", "Stand Fast", { style: "Iron Wall", branch: "root" }, 6),
    passion(
      "guard",
      "High Guard",
      { style: "Iron Wall", branch: "first", depth: 1, prerequisite: "Stand Fast" },
      7,
    ),
    passion("eyes", "Cold Eyes", { style: "Darkness", branch: "root", darkness: true }, 8),
    passion(
      "tongue",
      "Sharp Tongue",
      { style: "Darkness", branch: "first", depth: 1, prerequisite: "Cold Eyes", darkness: true },
      9,
    ),
    equipment(
      "sword",
      "Longsword",
      { kind: "weapon", ready: true, initiativeBonus: 1, proficiencyBonus: 1, proficiency: "Swords" },
      10,
    ),
    equipment("armor", "Padded jack", { kind: "armor", equipped: true, proficiency: "Light armor" }, 11),
    equipment("lantern", "Lantern", { kind: "gear", quantity: 2 }, 12),
    {
      id: "stars",
      name: "Stars and Omens",
      type: "virtually-real-book",
      img: "icons/svg/book.svg",
      sort: 13,
      system: { skill: "Astrology", capacity: 2, xp: 16, language: "Lowland", story: false, description: "" },
    },
  ];
}

/** The world's default settings as the rules' option objects. */
export const defaultOptions = () => rulesOptions(defaultVirtuallyRealSettings());

/** `system.derived` of a stored system with these items (the data layer's derivation). */
export function derivedOf(source: Record<string, unknown>, items: readonly SheetItem[]) {
  const options = defaultOptions();
  const system = readActorSystem(source);
  const living: LivingSource = {
    attributes: system.attributes,
    hp: { value: system.hp },
    health: system.health,
    light: { value: system.light },
    darkness: { points: system.darkness },
    adrenaline: system.adrenaline,
    emotional: system.emotional,
    conditions: system.conditions,
  };
  return deriveVirtuallyReal(living, items, {
    conditions: options.conditions,
    health: options.health,
    human: options.human,
  });
}

/** Mara's sheet input parts: her plain system and its derivation. */
export function mara(overrides: Record<string, unknown> = {}, items: readonly SheetItem[] = maraItems()) {
  const source = maraSource(overrides);
  return { system: readActorSystem(source), derived: derivedOf(source, items), items };
}

/** An ash wyrmling (an NPC): Body [3], Appearance [0], its own size base 30 and DC 8, at −10 HP, dying. */
export function wyrmlingSource(): Record<string, unknown> {
  return maraSource({
    attributes: {
      body: attr(3, 25),
      agility: attr(2, 16),
      appearance: attr(0, 0),
      mind: attr(1, 6),
      logic: attr(1, 3),
      aura: attr(0, 2),
      reflex: attr(3, 16),
      speed: attr(3, 16),
    },
    hp: { value: -10 },
    health: { sizeBase: 30, dc: 8 },
    endurance: { value: 0, max: 8 },
    ki: { value: 0, max: 0 },
    light: { value: 0 },
    darkness: { points: 0 },
    bonusXP: { value: 0 },
    adrenaline: { level: 1, aggressive: true, fear: true },
    emotional: {
      violence: { heroic: 0 },
      despair: { heroic: 0 },
      isolation: { heroic: 0 },
      guilt: { heroic: 0 },
    },
    conditions: [
      {
        severity: "critical",
        group: "physical",
        target: "",
        side: "wound",
        id: "X",
        letter: "",
        atNext: "longRest",
      },
      {
        severity: "critical",
        group: "emotional",
        target: "violence",
        side: "wound",
        id: "fearRush",
        letter: "",
        atNext: "scene",
      },
    ],
    state: { winded: true, tired: false },
    intimacies: [],
    scene: { highestWound: "critical", bctFailed: false, bctCriticalFailure: false },
    details: { ancestry: "Ash wyrm", heritage: "", culture: "", occupation: "", biography: "" },
  });
}

export function wyrmlingItems(): SheetItem[] {
  return [
    skill("bite", "Bite", { capacity: 3, xp: 25, attribute: "body", combat: true }, 1),
    skill("fly", "Flight", { capacity: 2, xp: 16, attribute: "speed", ancestry: true }, 2),
  ];
}
