/**
 * Equipment, Library and Sanctuary (appendix 4: "Equipment", "Library", "Sanctuary", "Weapon and Armour
 * Table" with its traits). Pure: no Foundry, no globals. The weapon and armour rows themselves are pack
 * data; this file holds what the categories cost, the calculators, and what each trait does.
 * The 5-points-per-level budgets are character.ts's `budgetPoints`.
 */
import type { SkillKey } from "./traits";

/** "Common Items", "Uncommon Items", "Rare Items", "Illegal Items". */
export const ITEM_RARITIES = ["common", "uncommon", "rare", "illegal"] as const;
export type ItemRarity = (typeof ITEM_RARITIES)[number];

/** What a category is, for the item it makes. */
export type EquipmentKind =
  "tools" | "gear" | "stuff" | "clothes" | "pet" | "vehicle" | "weapon" | "armour" | "poison";

/** One of the 22 equipment categories. */
export interface EquipmentCategory {
  key: string;
  rarity: ItemRarity;
  kind: EquipmentKind;
  /** Gear points, as printed ("2+" is `{ min: 2 }`, "max 8" the `max`). */
  cost: { min: number; max?: number };
}

const cat = (
  key: string,
  rarity: ItemRarity,
  kind: EquipmentKind,
  min: number,
  max?: number,
): EquipmentCategory =>
  max === undefined ? { key, rarity, kind, cost: { min } } : { key, rarity, kind, cost: { min, max } };

/**
 * The 22 categories as printed, in the text's order. Costs are the headings' ("Crude Weapons – 1-4
 * Cost"); where the headings disagree with the weapon and armour tables or with their own formulas
 * (poisons, protective equipment, Security weapons), the tables and formulas below win for items (spec
 * ambiguity #27).
 */
export const EQUIPMENT_CATEGORIES: readonly EquipmentCategory[] = [
  cat("tools", "common", "tools", 3, 3),
  cat("stuff", "common", "stuff", 1, 1),
  cat("clothes", "common", "clothes", 1, 1),
  cat("pets", "common", "pet", 1, 1),
  cat("consumerVehicles", "common", "vehicle", 2, 8),
  cat("crudeWeapons", "common", "weapon", 1, 4),
  cat("specialistTools", "uncommon", "tools", 6, 6),
  cat("specialistGear", "uncommon", "gear", 4, 4),
  cat("fashionableClothes", "uncommon", "clothes", 2, 2),
  cat("commercialVehicles", "uncommon", "vehicle", 4, 15),
  cat("poorSportingWeapons", "uncommon", "weapon", 2, 6),
  cat("sportingProtection", "uncommon", "armour", 1, 4),
  cat("eliteTools", "rare", "tools", 10, 10),
  cat("eliteGear", "rare", "gear", 8, 8),
  cat("nonLethalPoisons", "rare", "poison", 4, 10),
  cat("courtClothes", "rare", "clothes", 3, 3),
  cat("goodSportingWeapons", "rare", "weapon", 4, 10),
  cat("securityWeapons", "rare", "weapon", 4, 10),
  cat("industrialProtection", "rare", "armour", 2, 6),
  cat("deadlyPoisons", "illegal", "poison", 8, 15),
  cat("militaryWeapons", "illegal", "weapon", 6, 15),
  cat("militaryArmour", "illegal", "armour", 6, 15),
];

/** A category by key; RangeError when unknown. */
export function equipmentCategory(key: string): EquipmentCategory {
  const found = EQUIPMENT_CATEGORIES.find((c) => c.key === key);
  if (!found) throw new RangeError(`Not an equipment category: ${key}`);
  return found;
}

/**
 * What a budget (gear, manuscript or lodging points: character.ts `budgetPoints`) has left after the
 * items bought; negative when overspent.
 */
export function budgetPointsLeft(budget: number, costs: readonly number[]): number {
  if (!Number.isInteger(budget) || budget < 0) throw new RangeError(`A budget is an integer >= 0: ${budget}`);
  for (const c of costs) {
    if (!Number.isInteger(c) || c < 0) throw new RangeError(`A cost is an integer >= 0: ${c}`);
  }
  return costs.reduce((left, c) => left - c, budget);
}

// ---------------------------------------------------------------- tools

/** A tool's grade: Tools (Skill +1), Specialist Tools (Skill +2), Elite Tools (Skill Re-roll). */
export type ToolGrade = "tools" | "specialistTools" | "eliteTools";

/** What a tool gives one test. */
export interface ToolBenefit {
  /** Added to the skill. */
  skillBonus: number;
  /** Elite Tools: a re-roll. */
  reroll: boolean;
  /** Elite Tools when a re-roll is already held: "+3 to their die roll instead". */
  dieBonus: number;
}

/**
 * A tool's benefit: Tools "a +1 bonus to a single skill (up to a maximum of 6)" (the cap is the
 * `traitCap` setting, default 6); Specialist Tools "+2 bonus to a specific skill (this may even go
 * beyond 6)"; Elite Tools "a re-roll on a single type of skill ... (if the character already has a
 * re-roll due to some advantage, they gain +3 to their die roll instead)". Savage: "1 point less benefit
 * from using them" ("less": the bonus one smaller, the re-roll kept) or "cannot use tools at all"
 * ("none").
 */
export function toolBenefit({
  grade,
  skill,
  hasReroll = false,
  savage,
  traitCap = 6,
}: {
  grade: ToolGrade;
  skill: number;
  hasReroll?: boolean;
  savage?: "less" | "none";
  traitCap?: number;
}): ToolBenefit {
  if (!Number.isInteger(skill) || skill < 0) throw new RangeError(`A skill is an integer >= 0: ${skill}`);
  const none: ToolBenefit = { skillBonus: 0, reroll: false, dieBonus: 0 };
  if (savage === "none") return none;
  const less = savage === "less" ? 1 : 0;
  switch (grade) {
    case "tools":
      return { ...none, skillBonus: Math.max(0, Math.min(1 - less, traitCap - skill)) };
    case "specialistTools":
      return { ...none, skillBonus: 2 - less };
    case "eliteTools":
      return hasReroll ? { ...none, dieBonus: 3 - less } : { ...none, reroll: true };
    default:
      throw new RangeError(`Not a tool grade: ${String(grade)}`);
  }
}

// ---------------------------------------------------------------- vehicles

/** The vehicle categories: Consumer (Common, "2+ Cost", max 8) and Commercial (Uncommon, "4+ Cost", max 15). */
export type VehicleClass = "consumer" | "commercial";

/** A vehicle's specification. */
export interface VehicleSpec {
  kind: VehicleClass;
  /** Top speed in km/h. */
  speed: number;
  /** Range in km (0: no range bought). */
  range?: number;
  /** Items carried ("assume 5 items"). */
  cargo?: number;
  /** Seats ("assume 2 seats"). */
  seats?: number;
  /** Commercial only: an aircraft. */
  aircraft?: boolean;
  /** Commercial only: hidden storage compartments. */
  hiddenCompartments?: number;
}

/** Why a vehicle cannot be built. */
export type VehicleProblem = "commercialOnly" | "tooFast" | "tooFar" | "tooExpensive";

/** Speed costs: "1 cost = 20km/hr, 2 cost = 50km/hr, 3 cost = 100km/hr, 4 cost = 200km/hr"; aircraft "500km/hr for 5 points or 1000km/hr for 6 points". */
export const VEHICLE_SPEEDS: readonly { speed: number; cost: number; aircraftOnly?: boolean }[] = [
  { speed: 20, cost: 1 },
  { speed: 50, cost: 2 },
  { speed: 100, cost: 3 },
  { speed: 200, cost: 4 },
  { speed: 500, cost: 5, aircraftOnly: true },
  { speed: 1000, cost: 6, aircraftOnly: true },
];

/** Range costs: "range 50km +1, range 100km +2, range 200km +3"; commercial "range 500km +4, range 1000km +5, range 2000km +6, Range 5000km +7". */
export const VEHICLE_RANGES: readonly { range: number; cost: number; commercialOnly?: boolean }[] = [
  { range: 50, cost: 1 },
  { range: 100, cost: 2 },
  { range: 200, cost: 3 },
  { range: 500, cost: 4, commercialOnly: true },
  { range: 1000, cost: 5, commercialOnly: true },
  { range: 2000, cost: 6, commercialOnly: true },
  { range: 5000, cost: 7, commercialOnly: true },
];

/** "The maximum cost of a consumer vehicle is 8 points"; commercial 15 (the text's second "consumer" is a slip). */
export const VEHICLE_LIMITS: Readonly<Record<VehicleClass, { min: number; max: number }>> = {
  consumer: { min: 2, max: 8 },
  commercial: { min: 4, max: 15 },
};

/**
 * A vehicle's gear cost: the speed's cost (the smallest listed speed reaching it), the range's (likewise;
 * none below 50 km), "+1 cost per extra 5 items" beyond 5, "+1 cost for every extra 2 seats" beyond 2,
 * and for a commercial vehicle an aircraft's "+2" and "1 point each" hidden compartment. The category's
 * "2+" / "4+" is a floor, its maximum a limit (how the parts add up is not spelled out: their sum).
 */
export function vehicleCost(
  spec: VehicleSpec,
): { ok: true; value: number } | { ok: false; reason: VehicleProblem; data?: Record<string, number> } {
  const { kind, speed, range = 0, cargo = 5, seats = 2, aircraft = false, hiddenCompartments = 0 } = spec;
  const limits = VEHICLE_LIMITS[kind];
  if (!limits) throw new RangeError(`Not a vehicle class: ${String(kind)}`);
  for (const n of [speed, range, cargo, seats]) {
    if (!Number.isFinite(n) || n < 0) throw new RangeError(`Vehicle numbers are >= 0: ${n}`);
  }
  if (!Number.isInteger(hiddenCompartments) || hiddenCompartments < 0)
    throw new RangeError(`Hidden compartments are an integer >= 0: ${hiddenCompartments}`);
  if (kind === "consumer" && (aircraft || hiddenCompartments > 0))
    return { ok: false, reason: "commercialOnly" };
  const speedRow = VEHICLE_SPEEDS.find((s) => speed <= s.speed && (aircraft || !s.aircraftOnly));
  if (!speedRow) return { ok: false, reason: "tooFast", data: { speed } };
  let rangeCost = 0;
  if (range > 0) {
    const rangeRow = VEHICLE_RANGES.find((r) => range <= r.range);
    if (!rangeRow) return { ok: false, reason: "tooFar", data: { range } };
    if (rangeRow.commercialOnly && kind === "consumer") return { ok: false, reason: "commercialOnly" };
    rangeCost = rangeRow.cost;
  }
  const cargoCost = Math.ceil(Math.max(0, cargo - 5) / 5);
  const seatCost = Math.ceil(Math.max(0, seats - 2) / 2);
  const sum = speedRow.cost + rangeCost + cargoCost + seatCost + (aircraft ? 2 : 0) + hiddenCompartments;
  const cost = Math.max(limits.min, sum);
  if (cost > limits.max) return { ok: false, reason: "tooExpensive", data: { cost, max: limits.max } };
  return { ok: true, value: cost };
}

// ---------------------------------------------------------------- poisons

/**
 * Non-lethal poisons: "All poisons have a base cost of 3 points, to which is added a damage rating from
 * 1 to 4"; the victim loses that many points of an attribute ("this may be absorbed with essence
 * points"; at 0 "the victim passes out"). 4..7 (the heading's "4-10" is wider: spec ambiguity #27).
 */
export function nonLethalPoisonCost(rating: number): number {
  if (!Number.isInteger(rating) || rating < 1 || rating > 4)
    throw new RangeError(`A poison's damage rating is 1..4: ${rating}`);
  return 3 + rating;
}

/**
 * Deadly poisons: "For 4 points such a poison will deal a light wound once when it enters its victims
 * system. For every additional two points, the poison deals another wound on the following round (up to
 * 7 wounds for 14 points). For an extra point ... each round the effects are considered medium level
 * wounds." The formula gives 16 for 7 wounds, the text 14 (spec ambiguity #27): the formula is used,
 * with the text's 7 wounds as the limit.
 */
export function deadlyPoisonCost({ wounds, medium = false }: { wounds: number; medium?: boolean }): number {
  if (!Number.isInteger(wounds) || wounds < 1 || wounds > 7)
    throw new RangeError(`A deadly poison deals 1..7 wounds: ${wounds}`);
  return 4 + 2 * (wounds - 1) + (medium ? 1 : 0);
}

/** The wounds a deadly poison deals, one a round from its entry (Light, or Medium when strong). */
export function deadlyPoisonWounds({
  wounds,
  medium = false,
}: {
  wounds: number;
  medium?: boolean;
}): ("light" | "medium")[] {
  deadlyPoisonCost({ wounds, medium });
  return Array.from({ length: wounds }, () => (medium ? "medium" : "light"));
}

// ---------------------------------------------------------------- library

/** The library's text types. */
export type TextType = "reference" | "educational" | "blackBook";

/**
 * A text's rarity by its manuscript points: Reference "2 Manuscript pts = Common, 4 ... = Uncommon, 6 ...
 * = Rare"; Educational "1-2 ... = Common, 3-4 ... = Uncommon, 5 ... = Rare"; Black Books "1-2 ... = Rare,
 * 3+ ... = Illegal". RangeError for points the text does not price (reference 2/4/6, educational 1..5).
 */
export function textRarity(type: TextType, points: number): ItemRarity {
  if (!Number.isInteger(points) || points < 1) throw new RangeError(`Manuscript points are >= 1: ${points}`);
  switch (type) {
    case "reference":
      if (points === 2) return "common";
      if (points === 4) return "uncommon";
      if (points === 6) return "rare";
      throw new RangeError(`A reference text costs 2, 4 or 6: ${points}`);
    case "educational":
      if (points <= 2) return "common";
      if (points <= 4) return "uncommon";
      if (points === 5) return "rare";
      throw new RangeError(`An educational text costs 1..5: ${points}`);
    case "blackBook":
      return points <= 2 ? "rare" : "illegal";
    default:
      throw new RangeError(`Not a text type: ${String(type)}`);
  }
}

/**
 * Reference texts "reduce the die roll on any dynamic difficulty by an amount up to half of their
 * manuscript point value (to a minimum of 1)": the most a text may take off.
 */
export function referenceTextMaxReduction(points: number): number {
  textRarity("reference", points);
  return Math.max(1, Math.floor(points / 2));
}

/** "-1 difficulty takes twice as long, -2 difficulty takes five times as long, -3 difficulty takes ten times as long." */
export function referenceTextTimeFactor(reduction: number): number {
  const factor = { 1: 2, 2: 5, 3: 10 }[reduction];
  if (factor === undefined) throw new RangeError(`A reference text takes off 1..3: ${reduction}`);
  return factor;
}

/** Educational texts "allow a character to learn a skill up to a level equal to their manuscript point value". */
export function educationalTextLimit(points: number): number {
  textRarity("educational", points);
  return points;
}

// ---------------------------------------------------------------- sanctuary

/** A sanctuary option's category. */
export type SanctuaryCategory = "size" | "location" | "furnishings" | "security" | "features";

/** One of the 30 sanctuary options. */
export interface SanctuaryOption {
  key: string;
  category: SanctuaryCategory;
  /** Lodging points. */
  cost: number;
  /** A "+" add-on (any number of them) rather than the category's one base choice. */
  addOn: boolean;
  /** Marked "*": "if multiple people are sharing the sanctuary, they must each pay the costs". */
  perSharer?: boolean;
}

const opt = (key: string, category: SanctuaryCategory, cost: number, addOn = false, perSharer = false) =>
  perSharer ? { key, category, cost, addOn, perSharer } : { key, category, cost, addOn };

/** The 30 options as printed, category by category. */
export const SANCTUARY_OPTIONS: readonly SanctuaryOption[] = [
  opt("singleRoom", "size", 0),
  opt("apartment", "size", 1),
  opt("smallHouse", "size", 3),
  opt("largeHouse", "size", 5),
  opt("mansion", "size", 7),
  opt("badPartOfTown", "location", 0),
  opt("suburban", "location", 1),
  opt("betterPartOfTown", "location", 3),
  opt("expensiveLocation", "location", 5),
  opt("hardToAccess", "location", 1, true),
  opt("hardToAccessExclusive", "location", 2, true),
  opt("bareEssentials", "furnishings", 0),
  opt("basicFurnishings", "furnishings", 1),
  opt("comfortableFurnishings", "furnishings", 3),
  opt("extensiveFurnishings", "furnishings", 5),
  opt("goodQualityFurnishings", "furnishings", 1, true),
  opt("fashionableFurnishings", "furnishings", 2, true),
  opt("noSecurity", "security", 0),
  opt("locks", "security", 1),
  opt("deadLocks", "security", 3),
  opt("fortified", "security", 5),
  opt("alarm", "security", 1, true),
  opt("mannedSecurity", "security", 2, true),
  opt("safeRoom", "security", 2, true),
  opt("smallGarden", "features", 1, true),
  opt("deceptiveAppearance", "features", 1, true),
  opt("secretPassages", "features", 1, true, true),
  opt("secretEscapeRoute", "features", 1, true, true),
  opt("largeGarden", "features", 2, true),
  opt("historicBuilding", "features", 3, true),
];

/** Why a dwelling's options do not fit together. */
export type SanctuaryProblem = "unknownOption" | "baseChoices" | "repeatedOption";

/** "the minimum cost of a sanctuary is 1 lodging point". */
export const MIN_SANCTUARY_COST = 1;

/**
 * A dwelling's lodging cost: one base choice in each of size, location, furnishings and security, plus
 * any add-ons, summed (spec ambiguity #56), never below 1. A sharer ("Additional people choosing to share
 * the sanctuary must spend their first lodging point for a single room in their allies home") pays 1
 * plus the starred features they want, plus what they add to the building's total (`contribution`).
 */
export function lodgingCost(
  keys: readonly string[],
):
  | { ok: true; value: number }
  | { ok: false; reason: SanctuaryProblem; data?: Record<string, string | number> } {
  const chosen: SanctuaryOption[] = [];
  for (const key of keys) {
    const o = SANCTUARY_OPTIONS.find((x) => x.key === key);
    if (!o) return { ok: false, reason: "unknownOption", data: { key } };
    if (chosen.includes(o)) return { ok: false, reason: "repeatedOption", data: { key } };
    chosen.push(o);
  }
  for (const category of ["size", "location", "furnishings", "security"] as const) {
    const bases = chosen.filter((o) => o.category === category && !o.addOn).length;
    if (bases !== 1) return { ok: false, reason: "baseChoices", data: { category, count: bases } };
  }
  return {
    ok: true,
    value: Math.max(
      MIN_SANCTUARY_COST,
      chosen.reduce((s, o) => s + o.cost, 0),
    ),
  };
}

/** What a sharer pays: the room's 1 point, the starred features they use, and their contribution. */
export function sharerLodgingCost({
  starred = [],
  contribution = 0,
}: {
  starred?: readonly string[];
  contribution?: number;
}): number {
  if (!Number.isInteger(contribution) || contribution < 0)
    throw new RangeError(`A contribution is an integer >= 0: ${contribution}`);
  let cost = 1 + contribution;
  for (const key of starred) {
    const o = SANCTUARY_OPTIONS.find((x) => x.key === key);
    if (!o?.perSharer) throw new RangeError(`Not a per-sharer feature: ${key}`);
    cost += o.cost;
  }
  return cost;
}

/**
 * The difficulty to get in: "Locks on doors (Static difficulty of 5 to get in)", "Dead-Locks ...
 * (Difficulty 9)", "Virtually Fortified (Difficulty 13)"; "Security alarm (increase difficulty to
 * dynamic)"; a "Safe Room installed (Double difficulty to get into saferoom)" doubles the base figure
 * (spec ambiguity #56). `null` with no security.
 */
export function sanctuarySecurity(keys: readonly string[]): {
  difficulty: number;
  dynamic: boolean;
  safeRoom: number | null;
  manned: boolean;
} | null {
  const base = { locks: 5, deadLocks: 9, fortified: 13 } as Record<string, number>;
  const key = keys.find((k) => k in base);
  if (key === undefined) return null;
  const difficulty = base[key] as number;
  return {
    difficulty,
    dynamic: keys.includes("alarm"),
    safeRoom: keys.includes("safeRoom") ? difficulty * 2 : null,
    manned: keys.includes("mannedSecurity"),
  };
}

/** "Small Garden (gives +1 to meditation or herbal tests)", "Large Garden (gives +2 across meditation, crafts or herbal tests)" (herbal: no such skill, spec ambiguity #8). */
export function gardenBonus(keys: readonly string[], skill: SkillKey): number {
  if (keys.includes("largeGarden") && (skill === "meditation" || skill === "crafts")) return 2;
  if (keys.includes("smallGarden") && skill === "meditation") return 1;
  return 0;
}

// ---------------------------------------------------------------- weapon and armour traits

/** The weapon traits. */
export const WEAPON_TRAIT_KEYS = [
  "auto",
  "clumsy",
  "entangle",
  "fragile",
  "heavy",
  "incendiary",
  "range",
  "reach",
  "splitDamage",
  "spray",
] as const;
export type WeaponTraitKey = (typeof WEAPON_TRAIT_KEYS)[number];

/** The armour traits. */
export const ARMOUR_TRAIT_KEYS = [
  "heavy",
  "cumbersome",
  "gasMask",
  "radiationCounter",
  "restrictive",
] as const;
export type ArmourTraitKey = (typeof ARMOUR_TRAIT_KEYS)[number];

/** A weapon trait with its number: Auto's X, Range's and Reach's metres. */
export interface WeaponTrait {
  key: WeaponTraitKey;
  value?: number;
}

/** An armour trait with the cost change the table's option lines print ("Cumbersome (-1 Cost)"). */
export interface ArmourTrait {
  key: ArmourTraitKey;
  costChange?: number;
}

const WEAPON_TRAIT_NAMES: Readonly<Record<string, WeaponTraitKey>> = {
  auto: "auto",
  clumsy: "clumsy",
  entangle: "entangle",
  fragile: "fragile",
  heavy: "heavy",
  incendiary: "incendiary",
  range: "range",
  reach: "reach",
  "split damage": "splitDamage",
  spray: "spray",
};

/** Why a trait text was refused. */
export type TraitTextProblem = "unknownTrait" | "missingValue" | "repeatedTrait";

/**
 * Reads a weapon table "Notes" cell: comma-separated traits, "-" or empty for none ("Clumsy, Entangle",
 * "Fragile, Reach 2m, Split Damage", "Auto (3), Range 50m"). Range and Reach need their metres; Auto
 * without its X (the Assault Rifle's "Auto": spec ambiguity #28) is kept without a value, for the data to
 * supply.
 */
export function parseWeaponTraits(
  text: string,
):
  { ok: true; value: WeaponTrait[] } | { ok: false; reason: TraitTextProblem; data: Record<string, string> } {
  const cell = text.trim();
  if (cell === "" || cell === "-") return { ok: true, value: [] };
  const traits: WeaponTrait[] = [];
  for (const part of cell.split(",")) {
    const token = part.trim();
    if (token === "") continue;
    const m = /^([a-z ]+?)\s*(?:\(?\s*(\d+)\s*m?\s*\)?)?$/i.exec(token);
    const key = m ? WEAPON_TRAIT_NAMES[(m[1] ?? "").toLowerCase()] : undefined;
    if (!m || !key) return { ok: false, reason: "unknownTrait", data: { text: token } };
    if (traits.some((t) => t.key === key))
      return { ok: false, reason: "repeatedTrait", data: { text: token } };
    const value = m[2] === undefined ? undefined : Number(m[2]);
    if (value === undefined && (key === "range" || key === "reach"))
      return { ok: false, reason: "missingValue", data: { text: token } };
    traits.push(value === undefined || !["auto", "range", "reach"].includes(key) ? { key } : { key, value });
  }
  return { ok: true, value: traits };
}

const ARMOUR_TRAIT_NAMES: Readonly<Record<string, ArmourTraitKey>> = {
  heavy: "heavy",
  cumbersome: "cumbersome",
  "gas mask": "gasMask",
  "radiation counter": "radiationCounter",
  restrictive: "restrictive",
};

/**
 * Reads armour traits, with or without the option lines' cost changes ("Cumbersome (-1 Cost), Restrictive
 * (-1 Cost), Heavy (-1 Cost) Gas Mask (+2 Cost), Radiation Counter (+1 Cost)," — the missing comma
 * included).
 */
export function parseArmourTraits(
  text: string,
):
  { ok: true; value: ArmourTrait[] } | { ok: false; reason: TraitTextProblem; data: Record<string, string> } {
  const traits: ArmourTrait[] = [];
  let rest = text.trim();
  if (rest === "-") return { ok: true, value: [] };
  const re =
    /^[\s,]*(heavy|cumbersome|gas mask|radiation counter|restrictive)\s*(?:\(\s*([+-]?\d+)\s*cost\s*\))?/i;
  while (rest.replace(/[\s,]/g, "") !== "") {
    const m = re.exec(rest);
    if (!m) return { ok: false, reason: "unknownTrait", data: { text: rest.replace(/^[\s,]+/, "") } };
    const key = ARMOUR_TRAIT_NAMES[(m[1] ?? "").toLowerCase()] as ArmourTraitKey;
    if (traits.some((t) => t.key === key))
      return { ok: false, reason: "repeatedTrait", data: { text: m[0].trim() } };
    traits.push(m[2] === undefined ? { key } : { key, costChange: Number(m[2]) });
    rest = rest.slice(m[0].length);
  }
  return { ok: true, value: traits };
}

/** The table footers' cost changes: Cumbersome, Restrictive and Heavy "-1 Cost", Gas Mask "+2 Cost", Radiation Counter "+1 Cost". */
export const ARMOUR_TRAIT_COST: Readonly<Record<ArmourTraitKey, number>> = {
  cumbersome: -1,
  restrictive: -1,
  heavy: -1,
  gasMask: 2,
  radiationCounter: 1,
};

/** An armour's cost with its options (never below 1: a Polyverse floor). */
export function armourCostWithTraits(base: number, traits: readonly ArmourTraitKey[]): number {
  if (!Number.isInteger(base) || base < 0) throw new RangeError(`A cost is an integer >= 0: ${base}`);
  return Math.max(
    1,
    traits.reduce((s, k) => s + (ARMOUR_TRAIT_COST[k] ?? 0), base),
  );
}

/** A weapon cost cell: "6", "2 (for 6)" (a set of six), "2/2" (Pepper Spray, Taser: a pair the text does not explain, spec ambiguity #28). */
export function parseWeaponCost(
  text: string,
): { cost: number; quantity?: number; pair?: readonly [number, number] } | null {
  const t = text.trim();
  let m = /^(\d+)$/.exec(t);
  if (m) return { cost: Number(m[1]) };
  m = /^(\d+)\s*\(\s*for\s+(\d+)\s*\)$/i.exec(t);
  if (m) return { cost: Number(m[1]), quantity: Number(m[2]) };
  m = /^(\d+)\s*\/\s*(\d+)$/.exec(t);
  if (m) return { cost: Number(m[1]), pair: [Number(m[1]), Number(m[2])] };
  return null;
}

/** What a weapon's traits do, gathered. */
export interface WeaponTraitEffects {
  /** Heavy: "Using this weapon reduces the user's initiative score by 1." */
  initiative: number;
  /** Clumsy: "If the die rolls a 2 ... it counts as an automatic failure (as though the die rolled a 1)." */
  clumsy: boolean;
  /** Entangle: "After a successful hit, the user ... may choose remove an action from their victim rather than dealing damage." */
  entangle: boolean;
  /** Fragile: "If used to parry this weapon breaks after the first block." */
  fragile: boolean;
  /** Incendiary: "If something is flammable, use of this weapon will set it alight." */
  incendiary: boolean;
  /** Range (X) in metres: the bands (combat.ts `rangeBand`). */
  range: number | null;
  /** Reach: "apply damage to people standing further away, up to the distance indicated" (metres). */
  reach: number | null;
  /** Auto (X): "+1 damage and a –1 attack modifier" per extra bullet up to X (damage.ts `autoFire`); `null` when X is missing. */
  auto: number | null | undefined;
  /** Spray: the whole group, −1 damage per extra victim (damage.ts `sprayStrength`). */
  spray: boolean;
  /** Split Damage: Hit Points absorb the first part, Essence the second (damage.ts `splitDamage`). */
  splitDamage: boolean;
}

/** Gathers a weapon's traits (`auto` is `undefined` without Auto, `null` for Auto without X). */
export function weaponTraitEffects(traits: readonly WeaponTrait[]): WeaponTraitEffects {
  const has = (key: WeaponTraitKey) => traits.some((t) => t.key === key);
  const valueOf = (key: WeaponTraitKey) => traits.find((t) => t.key === key)?.value ?? null;
  return {
    initiative: has("heavy") ? -1 : 0,
    clumsy: has("clumsy"),
    entangle: has("entangle"),
    fragile: has("fragile"),
    incendiary: has("incendiary"),
    range: valueOf("range"),
    reach: valueOf("reach"),
    auto: has("auto") ? valueOf("auto") : undefined,
    spray: has("spray"),
    splitDamage: has("splitDamage"),
  };
}

/** What an armour's traits do, gathered. */
export interface ArmourTraitEffects {
  /** Heavy: "Using this armour reduces the user's initiative score by 1." */
  initiative: number;
  /** Restrictive: "reduces it's user's movement rate by 25%" (a factor on the rate). */
  movementFactor: number;
  /** Cumbersome: "Any non-combat tests using the physical attribute are at an additional +1 difficulty". */
  physicalTaskDifficulty: number;
  /** Gas Mask: "automatically absorbs a level of damage each turn from poison gas" (levels a turn). */
  poisonGasLevelsAbsorbed: number;
  /** Radiation Counter: "notifies its wearer when radiation levels are getting high enough to cause point damage". */
  radiationCounter: boolean;
}

/** Gathers worn armour's traits (several pieces: each Heavy counts, Restrictive once). */
export function armourTraitEffects(traits: readonly ArmourTraitKey[]): ArmourTraitEffects {
  const count = (key: ArmourTraitKey) => traits.filter((t) => t === key).length;
  return {
    initiative: 0 - count("heavy"),
    movementFactor: count("restrictive") > 0 ? 0.75 : 1,
    physicalTaskDifficulty: count("cumbersome") > 0 ? 1 : 0,
    poisonGasLevelsAbsorbed: count("gasMask") > 0 ? 1 : 0,
    radiationCounter: count("radiationCounter") > 0,
  };
}
