/**
 * Weapons & Equipment (SRD "Weapons & Equipment", "Condition & Upkeep", "Characteristics", Appendix C
 * Tables 17–21; Table 5's Encumbrance). Pure: no Foundry, no globals.
 *
 * The 38 weapons and 40 items are data with every column of their table: names as camelCase keys,
 * numbers as printed. Notes are turned into mechanics (bonuses, healing, charges, what a kit holds);
 * their wording is not kept (the packs describe items in Polyverse's own words).
 */
import type {
  AttributeKey,
  Band,
  CharacteristicKey,
  ItemCondition,
  RangeBand,
  Rarity,
  SkillKey,
  WeaponCategory,
  WeaponClass,
  WeaponSkill,
} from "./keys";
import { CONDITIONS, RANGE_BANDS } from "./keys";
import { STARTING_ENCUMBRANCE } from "./character";
import { assertBand, assertCount, assertInt, refuse, succeeded, type Checked } from "./combat-guards";

// ---------------------------------------------------------------- weapons

/** A damage cell: "a consistent and a random value, such as 5+1d6" (`dice` "" when only a number). */
export interface DamageFormula {
  base: number;
  /** "1d6", "2d3", "3d6"...; "" for a flat value (the Taser's 0). */
  dice: string;
}

/** One characteristic of a weapon, with its (X); 0 where the table gives none. */
export interface WeaponCharacteristic {
  key: CharacteristicKey;
  value: number;
}

/** A row of Tables 17–20. */
export interface WeaponRow {
  /** The name in camelCase (shotgunPumpAction for "Shotgun (Pump-Action)"). */
  key: string;
  /** 17 melee, 18 ranged, 19 explosive, 20 special. */
  table: 17 | 18 | 19 | 20;
  category: WeaponCategory;
  /** The Skill column ("Melee" is meleeCombat, "Ranged" rangedCombat, "Unarmed" unarmedCombat). */
  skill: WeaponSkill;
  /** The Range column: the band the weapon is made for (see combat.ts `rangeModifier`). */
  range: RangeBand;
  rarity: Rarity;
  /** The Damage column; null where it reads "-" (the smoke and flash-bang grenades). */
  damage: DamageFormula | null;
  /** The RP column as a percentage of the Wound Point damage; null where it reads "-". */
  rpPercent: number | null;
  enc: number;
  /**
   * The Ammo and Clip columns; null in Table 17, which has neither. `rarity` "" where Ammo reads "-"
   * (the Grenade: it is its own ammunition).
   */
  ammo: { rarity: Rarity; clip: number } | null;
  /** The Characteristic column, in the order printed. */
  characteristics: readonly WeaponCharacteristic[];
  /**
   * Pistol or rifle for Table 10's Long band (the tables do not say: Polyverse's reading). Carbines
   * are rifles, the sawed-off a shotgun, the slingshot, flame-thrower and tranquilizer gun "other".
   */
  weaponClass: WeaponClass;
}

const dmg = (base: number, dice = ""): DamageFormula => ({ base, dice });
const ch = (key: CharacteristicKey, value = 0): WeaponCharacteristic => ({ key, value });
const weaponRow = (
  table: WeaponRow["table"],
  key: string,
  category: WeaponCategory,
  skill: WeaponSkill,
  range: RangeBand,
  rarity: Rarity,
  damage: DamageFormula | null,
  rpPercent: number | null,
  enc: number,
  ammo: WeaponRow["ammo"],
  characteristics: WeaponCharacteristic[],
  weaponClass: WeaponClass,
): WeaponRow => ({
  key,
  table,
  category,
  skill,
  range,
  rarity,
  damage,
  rpPercent,
  enc,
  ammo,
  characteristics,
  weaponClass,
});
const melee = (
  key: string,
  skill: WeaponSkill,
  range: RangeBand,
  rarity: Rarity,
  damage: DamageFormula,
  rp: number,
  enc: number,
  chars: WeaponCharacteristic[] = [],
) => weaponRow(17, key, "melee", skill, range, rarity, damage, rp, enc, null, chars, "melee");
const ammo = (rarity: Rarity, clip: number) => ({ rarity, clip });

/** Table 17: Melee Weapons (17). Brass Knuckles' garbled damage cell is read "1" (see damage.ts). */
export const MELEE_WEAPONS: readonly WeaponRow[] = [
  melee("baseballBat", "meleeCombat", "engaged", "common", dmg(4, "1d6"), 100, 1),
  melee("brassKnuckles", "unarmedCombat", "engaged", "uncommon", dmg(1), 100, 0),
  melee("bullwhip", "athletics", "close", "uncommon", dmg(1, "1d3"), 100, 1, [ch("unwieldy", 2)]),
  melee("club", "meleeCombat", "engaged", "common", dmg(5, "1d6"), 100, 2, [ch("cumbersome", 1)]),
  melee("fireAxe", "meleeCombat", "close", "uncommon", dmg(3, "2d3"), 50, 1),
  melee("hatchet", "meleeCombat", "engaged", "common", dmg(3, "1d3"), 50, 1),
  melee("huntingKnife", "meleeCombat", "engaged", "common", dmg(2, "2d3"), 50, 1, [ch("unwieldy", 1)]),
  melee("kitchenKnife", "meleeCombat", "engaged", "common", dmg(2, "1d3"), 50, 1),
  melee("machete", "meleeCombat", "engaged", "uncommon", dmg(3, "2d3"), 50, 1),
  melee("makeshiftClub", "meleeCombat", "engaged", "common", dmg(3, "1d3"), 100, 1),
  melee("sledgehammer", "meleeCombat", "engaged", "uncommon", dmg(3, "3d3"), 100, 2, [ch("cumbersome", 2)]),
  melee("spear", "meleeCombat", "close", "uncommon", dmg(2, "2d6"), 50, 1, [ch("cumbersome", 2)]),
  melee("staff", "meleeCombat", "close", "common", dmg(2, "2d3"), 100, 1, [ch("unwieldy", 1)]),
  melee("sword", "meleeCombat", "engaged", "uncommon", dmg(3, "3d3"), 50, 1),
  melee("tacticalBaton", "meleeCombat", "engaged", "uncommon", dmg(4, "2d3"), 100, 1),
  melee("taser", "meleeCombat", "engaged", "uncommon", dmg(0), 200, 1, [ch("stunned")]),
  melee("woodAxe", "meleeCombat", "close", "common", dmg(5, "1d3"), 50, 1, [ch("cumbersome", 1)]),
];

const U: Rarity = "uncommon";
const C: Rarity = "common";
const R: Rarity = "rare";
const ranged = (
  key: string,
  range: RangeBand,
  rarity: Rarity,
  damage: DamageFormula,
  rp: number,
  enc: number,
  am: WeaponRow["ammo"],
  chars: WeaponCharacteristic[],
  weaponClass: WeaponClass,
) => weaponRow(18, key, "ranged", "rangedCombat", range, rarity, damage, rp, enc, am, chars, weaponClass);

/** Table 18: Ranged Weapons (13). "Automatic Burst" is printed without its (X) on both weapons. */
export const RANGED_WEAPONS: readonly WeaponRow[] = [
  ranged("automaticRifle", "long", U, dmg(5, "2d6"), 50, 2, ammo(U, 30), [ch("automaticBurst")], "rifle"),
  ranged("blackPowderRifle", "long", U, dmg(5, "1d6"), 50, 2, ammo(U, 1), [], "rifle"),
  ranged("bow", "medium", C, dmg(4, "1d6"), 50, 1, ammo(C, 1), [ch("tracking")], "bow"),
  ranged("carbine", "medium", U, dmg(5, "1d6"), 50, 1, ammo(U, 30), [ch("automaticBurst")], "rifle"),
  ranged("compoundBow", "long", U, dmg(4, "2d3"), 50, 2, ammo(C, 1), [ch("tracking")], "bow"),
  ranged("crossbow", "medium", U, dmg(4, "1d6"), 50, 2, ammo(U, 1), [ch("unwieldy", 1)], "bow"),
  ranged("heavyPistol", "close", U, dmg(3, "2d3"), 50, 1, ammo(U, 9), [], "pistol"),
  ranged("huntingRifle", "long", C, dmg(5, "1d6"), 50, 2, ammo(U, 12), [], "rifle"),
  ranged("lightPistol", "close", C, dmg(3, "1d6"), 50, 1, ammo(C, 6), [], "pistol"),
  ranged("shotgunPumpAction", "medium", C, dmg(5, "2d6"), 50, 2, ammo(C, 5), [ch("closeUp")], "shotgun"),
  ranged("shotgunSawedOff", "close", U, dmg(2, "3d6"), 50, 2, ammo(C, 2), [ch("closeUp")], "shotgun"),
  ranged("slingshot", "close", C, dmg(1, "1d3"), 100, 0, ammo(C, 30), [ch("tracking")], "other"),
  ranged("snipersRifle", "distant", R, dmg(2, "3d6"), 50, 2, ammo(U, 10), [], "rifle"),
];

const explosive = (
  key: string,
  skill: WeaponSkill,
  range: RangeBand,
  rarity: Rarity,
  damage: DamageFormula | null,
  rp: number | null,
  enc: number,
  am: WeaponRow["ammo"],
  chars: WeaponCharacteristic[],
  weaponClass: WeaponClass,
) => weaponRow(19, key, "explosive", skill, range, rarity, damage, rp, enc, am, chars, weaponClass);

const ATH: WeaponSkill = "athletics";
const DEM: WeaponSkill = "demolitions";
const TRACK = ch("tracking");
const BLAST = ch("blastRadius");
const STUN = ch("stunned");
const BURNING_1 = ch("burning", 1);

/** Table 19: Explosive Weapons (5). The smoke and flash-bang grenades print "-" for damage and RP. */
export const EXPLOSIVE_WEAPONS: readonly WeaponRow[] = [
  explosive("grenade", ATH, "close", U, dmg(2, "2d6"), 100, 1, ammo("", 1), [TRACK, BLAST], "thrown"),
  explosive("smokeGrenade", ATH, "close", U, null, null, 1, ammo(U, 1), [STUN], "thrown"),
  explosive("flashBangGrenade", ATH, "close", U, null, null, 1, ammo(U, 1), [STUN], "thrown"),
  explosive("mortar", DEM, "distant", R, dmg(5, "2d6"), 100, 2, ammo(U, 1), [BLAST], "launcher"),
  explosive("rocketLauncher", DEM, "distant", R, dmg(3, "3d6"), 100, 3, ammo(U, 1), [BLAST], "launcher"),
];

const special = (
  key: string,
  skill: WeaponSkill,
  range: RangeBand,
  rarity: Rarity,
  damage: DamageFormula,
  rp: number,
  enc: number,
  am: WeaponRow["ammo"],
  chars: WeaponCharacteristic[],
  weaponClass: WeaponClass,
) => weaponRow(20, key, "special", skill, range, rarity, damage, rp, enc, am, chars, weaponClass);

/** Table 20: Special Weapons (3). */
export const SPECIAL_WEAPONS: readonly WeaponRow[] = [
  special("flameThrower", DEM, "close", R, dmg(3, "2d6"), 100, 2, ammo(U, 1), [ch("burning", 3)], "other"),
  special(
    "molotovCocktail",
    ATH,
    "close",
    U,
    dmg(1, "1d3"),
    100,
    0,
    ammo(C, 1),
    [TRACK, BURNING_1],
    "thrown",
  ),
  special("tranquilizerGun", "rangedCombat", "medium", R, dmg(0), 100, 1, ammo(U, 1), [STUN], "other"),
];

/** All 38 weapons, table by table, each in its table's order. */
export const WEAPONS: readonly WeaponRow[] = [
  ...MELEE_WEAPONS,
  ...RANGED_WEAPONS,
  ...EXPLOSIVE_WEAPONS,
  ...SPECIAL_WEAPONS,
];
export const WEAPON_KEYS: readonly string[] = WEAPONS.map((w) => w.key);

/**
 * Fighting "with just their fists": 1d3 + PHY + Unarmed Combat SMod (damage.ts adds the SMod). Not a
 * table row. RP 100%: fists are the text's example of blunt force trauma.
 */
export const FISTS: WeaponRow = melee("fists", "unarmedCombat", "engaged", "", dmg(0, "1d3"), 100, 0);

/** A weapon by key (fists included); RangeError when unknown. */
export function xeroSumWeapon(key: string): WeaponRow {
  const found = key === FISTS.key ? FISTS : WEAPONS.find((w) => w.key === key);
  if (!found) throw new RangeError(`Not a Xero Sum weapon: ${key}`);
  return found;
}

/** The parts of a weapon the rules below read (a table row or an item's system data). */
export interface WeaponLike {
  key?: string;
  category: WeaponCategory;
  skill: WeaponSkill;
  range: RangeBand;
  damage: DamageFormula | null;
  rpPercent: number | null;
  characteristics: readonly WeaponCharacteristic[];
  weaponClass: WeaponClass;
  scoped?: boolean;
  ammo?: { rarity: Rarity; clip: number } | null;
}

/** A Table 17 weapon or bare fists: a melee attack, PHY added to its damage. */
export const isMeleeWeapon = (weapon: Pick<WeaponLike, "category">): boolean => weapon.category === "melee";

/**
 * An "Extended Melee Attack" ("such as a Spear"): a melee weapon whose Range column is Close (Bullwhip,
 * Fire Axe, Spear, Staff, Wood Axe). Polyverse's reading: the text never lists them.
 */
export const hasReach = (weapon: Pick<WeaponLike, "category" | "range">): boolean =>
  isMeleeWeapon(weapon) && RANGE_BANDS.indexOf(weapon.range) >= RANGE_BANDS.indexOf("close");

/** It takes ammunition: an Ammo rarity is printed (the Grenade's "-" does not). */
export const usesAmmunition = (weapon: Pick<WeaponLike, "ammo">): boolean =>
  weapon.ammo !== null && weapon.ammo !== undefined && weapon.ammo.rarity !== "";

/** A characteristic's (X) on the weapon (0 when printed without one); null when it has none. */
export function characteristicValue(
  weapon: Pick<WeaponLike, "characteristics">,
  key: CharacteristicKey,
): number | null {
  return weapon.characteristics.find((c) => c.key === key)?.value ?? null;
}
export const hasCharacteristic = (weapon: Pick<WeaponLike, "characteristics">, key: CharacteristicKey) =>
  characteristicValue(weapon, key) !== null;

/** How Cumbersome (X) and Unwieldy (X) penalise (the `characteristicPenalty` setting). */
export type CharacteristicPenalty = "literal" | "shortfall";

/**
 * Cumbersome (X) "requires a Physicality of (X) in order to use it or they incur an -X CMod"; Unwieldy
 * (X) "must have a Dexterity of (X) or incur a -X Mod". Below X: −X (literal, the default) or the
 * shortfall −(X − attribute); at X or above 0.
 */
export function characteristicPenalty(
  required: number,
  attribute: number,
  mode: CharacteristicPenalty = "literal",
): number {
  assertCount(required, "A characteristic's (X)");
  assertInt(attribute, "An attribute");
  if (attribute >= required) return 0;
  if (mode === "literal") return -required;
  if (mode === "shortfall") return attribute - required;
  throw new RangeError(`Not a characteristic penalty: ${String(mode)}`);
}

/** What Cumbersome and Unwieldy take from an attack with the weapon (0 when it has neither). */
export function handlingModifiers(
  weapon: Pick<WeaponLike, "characteristics">,
  { phy, dex }: { phy: number; dex: number },
  mode: CharacteristicPenalty = "literal",
): { cumbersome: number; unwieldy: number } {
  const cumbersome = characteristicValue(weapon, "cumbersome");
  const unwieldy = characteristicValue(weapon, "unwieldy");
  return {
    cumbersome: cumbersome === null ? 0 : characteristicPenalty(cumbersome, phy, mode),
    unwieldy: unwieldy === null ? 0 : characteristicPenalty(unwieldy, dex, mode),
  };
}

/** Tracking: "the Ready Weapon action confers a +1 Aim on their next Attack". */
export const TRACKING_AIM = 1;

/**
 * Rounds an Automatic Burst spends: its (X), which Table 18 leaves out on both automatic weapons; then
 * `defaultBurst` (3, the text's own example "such as Automatic Burst (3)"). 0 without the characteristic.
 */
export function burstRounds(weapon: Pick<WeaponLike, "characteristics">, defaultBurst = 3): number {
  assertCount(defaultBurst, "A default burst");
  const value = characteristicValue(weapon, "automaticBurst");
  if (value === null) return 0;
  return value > 0 ? value : defaultBurst;
}

// ---------------------------------------------------------------- equipment

/** What an equipment bonus applies to: a skill's checks, Perception, Encumbrance or Initiative. */
export type BonusTarget = SkillKey | "perception" | "encumbrance" | "initiative";

/**
 * A bonus an item's notes give. `context` (a key under POLYVERSE.XeroSum.CombatRules.BonusContext in
 * the language files) says when it applies; "" for always. The notes' checks that are not skills are read as the nearest skill:
 * Fishing → Survival, First Aid and Surgery → Medicine, Lock Picking → Sleight of Hand, Charm →
 * Manipulation, Tinkering → Tinkerer, Mechanics* → Mechanic*, Intimidate → Intimidation.
 */
export interface EquipmentBonus {
  target: BonusTarget;
  value: number;
  context: string;
}

/** What else the Notes column says, as facts. */
export type EquipmentFeature =
  /** A kit's contents (keys), and days of rations. */
  | { kind: "contains"; items: readonly string[]; rationDays: number }
  /** Everyone within `within` of it makes an attribute check or is blinded for `rounds`. */
  | { kind: "blinds"; within: RangeBand; attribute: AttributeKey; rounds: string }
  /** Talks up to `miles` away. */
  | { kind: "range"; miles: number }
  /** Makes something possible: climbing, seeing at night, listening in, purifying water. */
  | { kind: "allows"; what: "climbing" | "nightVision" | "radioListening" | "waterPurification" }
  /** Needed for weapons' upkeep and repairs. */
  | { kind: "requiredFor"; what: "weaponUpkeep" };

/** A row of Table 21. */
export interface EquipmentRow {
  key: string;
  /** "" where the cell is blank (seven items). */
  rarity: Rarity;
  /** null where the cell is blank (the same seven). */
  enc: number | null;
  bonuses: readonly EquipmentBonus[];
  /** Healing "over a 24-hour period" (1+1d3, 1+2d3); null for none. */
  heal: DamageFormula | null;
  /** Charges (the Instant Camera's 6); 0 for none. */
  charges: number;
  features: readonly EquipmentFeature[];
}

const bonus = (target: BonusTarget, value: number, context = ""): EquipmentBonus => ({
  target,
  value,
  context,
});
const item = (
  key: string,
  rarity: Rarity,
  enc: number | null,
  more: Partial<Pick<EquipmentRow, "bonuses" | "heal" | "charges" | "features">> = {},
): EquipmentRow => ({
  key,
  rarity,
  enc,
  bonuses: more.bonuses ?? [],
  heal: more.heal ?? null,
  charges: more.charges ?? 0,
  features: more.features ?? [],
});
const blinds = (): EquipmentFeature => ({ kind: "blinds", within: "close", attribute: "phy", rounds: "1d3" });

/** Table 21: Equipment (40), in the table's order. */
export const EQUIPMENT: readonly EquipmentRow[] = [
  item("anglersSet", "uncommon", 1, { bonuses: [bonus("survival", 2, "fishing")] }),
  item("backpack", "common", 0, { bonuses: [bonus("encumbrance", 2)] }),
  item("basicSurvivalKit", "common", 2, {
    features: [{ kind: "contains", items: ["tent", "sleepingBag"], rationDays: 0 }],
  }),
  item("bicycleRepairKit", "common", 0),
  item("boltCutters", "", null),
  item("binoculars", "common", 1, { bonuses: [bonus("perception", 1, "longOrDistant")] }),
  item("canteen", "", null),
  item("climbingGear", "uncommon", 1, {
    features: [
      { kind: "contains", items: ["ropes", "carabiners", "harnesses"], rationDays: 0 },
      { kind: "allows", what: "climbing" },
    ],
  }),
  item("compass", "common", 0, { bonuses: [bonus("navigation", 1)] }),
  item("crowbar", "", null),
  item("doctorsBag", "uncommon", 1, {
    bonuses: [bonus("medicine", 2, "firstAidOrSurgery")],
    heal: dmg(1, "2d3"),
  }),
  item("fireStartingKit", "uncommon", 0),
  item("firstAidKit", "common", 1, { bonuses: [bonus("medicine", 1, "firstAid")], heal: dmg(1, "1d3") }),
  item("fishingKit", "common", 1, { bonuses: [bonus("survival", 1, "fishing")] }),
  item("flare", "", null),
  item("flashbang", "uncommon", 1, { features: [blinds()] }),
  item("flashlight", "common", 0),
  item("grapplingHook", "uncommon", 1, { bonuses: [bonus("athletics", 1, "climbing")] }),
  item("handcuffs", "uncommon", 0),
  item("instantCamera", "uncommon", 1, { charges: 6, bonuses: [bonus("manipulation", 1, "charmPictured")] }),
  item("horseshoeTools", "uncommon", 1),
  item("lantern", "", null),
  item("loudspeaker", "uncommon", 1, { bonuses: [bonus("intimidation", 1), bonus("inspiration", 1)] }),
  item("militaryBackpack", "uncommon", 0, { bonuses: [bonus("encumbrance", 2)] }),
  item("multitool", "", null, { bonuses: [bonus("tinkerer", 1), bonus("mechanic", 1)] }),
  item("nightVisionGoggles", "uncommon", 1, { features: [{ kind: "allows", what: "nightVision" }] }),
  item("radioScanner", "common", 0, { features: [{ kind: "allows", what: "radioListening" }] }),
  item("roadFlare", "common", 1),
  item("rope", "common", 1),
  item("shovel", "", null),
  item("smokeGrenade", "uncommon", 1, { features: [blinds()] }),
  item("survivalistsKit", "uncommon", 2, {
    features: [
      { kind: "contains", items: ["waterproofTent", "sleepingBag", "fireStartingKit"], rationDays: 3 },
    ],
  }),
  item("standardLockpicks", "uncommon", 0, { bonuses: [bonus("sleightOfHand", 1, "lockPicking")] }),
  item("criminalLockpicks", "uncommon", 0, { bonuses: [bonus("sleightOfHand", 2, "lockPicking")] }),
  item("huntingTraps", "common", 1),
  item("toolkit", "common", 1, { bonuses: [bonus("mechanic", 1)] }),
  item("walkieTalkies", "uncommon", 1, { features: [{ kind: "range", miles: 20 }] }),
  item("waterFiltrationSystem", "uncommon", 1, { features: [{ kind: "allows", what: "waterPurification" }] }),
  item("weaponsToolkit", "uncommon", 1, { features: [{ kind: "requiredFor", what: "weaponUpkeep" }] }),
  item("workmansToolkit", "uncommon", 1, { bonuses: [bonus("mechanic", 2)] }),
];
export const EQUIPMENT_KEYS: readonly string[] = EQUIPMENT.map((e) => e.key);

/** An item of Table 21 by key; RangeError when unknown. */
export function xeroSumEquipment(key: string): EquipmentRow {
  const found = EQUIPMENT.find((e) => e.key === key);
  if (!found) throw new RangeError(`Not a Xero Sum equipment item: ${key}`);
  return found;
}

// ---------------------------------------------------------------- item data

/** A weapon row as an item's system data (the `xero-sum-weapon` model's fields). */
export function weaponSystemData(
  row: WeaponRow,
  { condition = "used", reloads = 0 }: { condition?: ItemCondition; reloads?: number } = {},
) {
  assertCount(reloads, "Reloads");
  const clip = row.ammo?.clip ?? 0;
  return {
    key: row.key,
    category: row.category,
    skill: row.skill,
    range: row.range,
    rarity: row.rarity,
    damage: { base: row.damage?.base ?? 0, dice: row.damage?.dice ?? "" },
    rpPercent: row.rpPercent ?? 0,
    enc: row.enc,
    ammo: { rarity: row.ammo?.rarity ?? "", clip, loaded: clip, reloads: usesAmmunition(row) ? reloads : 0 },
    characteristics: row.characteristics.map((c) => ({ key: c.key, value: c.value })),
    weaponClass: row.weaponClass,
    scoped: false,
    condition,
    readied: false,
    jammed: false,
    equipped: false,
    quantity: 1,
    description: "",
  };
}

/** An equipment row as an item's system data (the `xero-sum-equipment` model's fields). */
export function equipmentSystemData(
  row: EquipmentRow,
  { condition = "used" }: { condition?: ItemCondition } = {},
) {
  return {
    key: row.key,
    rarity: row.rarity,
    enc: row.enc ?? 0,
    quantity: 1,
    condition,
    charges: { value: row.charges, max: row.charges },
    bonuses: row.bonuses.map((b) => ({ target: b.target, value: b.value, context: b.context })),
    heal: { base: row.heal?.base ?? 0, dice: row.heal?.dice ?? "" },
    carried: true,
    description: "",
  };
}

// ---------------------------------------------------------------- encumbrance

/** What a carried thing weighs: Enc × quantity; not counted when not carried. */
export interface CarriedThing {
  enc: number;
  quantity?: number;
  carried?: boolean;
  bonuses?: readonly { target: string; value: number }[];
}

/**
 * Encumbrance capacity: 6 + PHY (character.ts `STARTING_ENCUMBRANCE`) + each carried item's Encumbrance bonus (Backpack and Military
 * Backpack "+2 Encumbrance"; counted once per item, whatever its quantity) + `bonus` (hand-entered).
 */
export function encumbranceCapacity(phy: number, things: readonly CarriedThing[] = [], bonus = 0): number {
  assertInt(phy, "Physicality");
  assertInt(bonus, "An encumbrance bonus");
  let capacity = STARTING_ENCUMBRANCE + phy + bonus;
  for (const t of things) {
    if (t.carried === false) continue;
    for (const b of t.bonuses ?? []) if (b.target === "encumbrance") capacity += b.value;
  }
  return capacity;
}

/** The load carried: Σ Enc × quantity over what is carried. */
export function encumbranceLoad(things: readonly CarriedThing[]): number {
  let load = 0;
  for (const t of things) {
    assertCount(t.enc, "An item's Enc");
    const quantity = t.quantity ?? 1;
    assertCount(quantity, "A quantity");
    if (t.carried !== false) load += t.enc * quantity;
  }
  return load;
}

/**
 * Load, capacity and whether it is over: then the character must "stop and rest or drop something"
 * (the text gives no number to take off anything).
 */
export function encumbrance(phy: number, things: readonly CarriedThing[], bonus = 0) {
  const load = encumbranceLoad(things);
  const capacity = encumbranceCapacity(phy, things, bonus);
  return { load, capacity, over: load > capacity };
}

/** The bonuses carried items give `target`, each with its context (the caller judges the context). */
export function equipmentBonuses(
  things: readonly { key?: string; carried?: boolean; bonuses?: readonly EquipmentBonus[] }[],
  target: BonusTarget,
): { key: string; value: number; context: string }[] {
  const found: { key: string; value: number; context: string }[] = [];
  for (const t of things) {
    if (t.carried === false) continue;
    for (const b of t.bonuses ?? [])
      if (b.target === target) found.push({ key: t.key ?? "", value: b.value, context: b.context });
  }
  return found;
}

// ---------------------------------------------------------------- condition and upkeep

/** Table 14: what each condition does to a check with the item. */
export function conditionModifier(condition: ItemCondition): { usable: boolean; cmod: number } {
  if (!CONDITIONS.includes(condition)) throw new RangeError(`Not a condition: ${String(condition)}`);
  if (condition === "broken") return { usable: false, cmod: 0 };
  return { usable: true, cmod: condition === "damaged" ? -1 : 0 };
}

const shift = (condition: ItemCondition, by: number): ItemCondition =>
  CONDITIONS[
    Math.min(CONDITIONS.length - 1, Math.max(0, CONDITIONS.indexOf(condition) + by))
  ] as ItemCondition;

/**
 * An Upkeep check's result (a Mechanic* or Tinkerer check after heavy use): a Wild Success (or
 * Moment of High Insight) raises the condition one level "to a maximum of used" (a Pristine item
 * stays Pristine), a Success keeps it, a Failure drops it one level, a Dire Failure (or Moment of
 * Low Insight) breaks it. A Broken item is refused: it is repaired ({@link repairCondition}).
 */
export function upkeepCondition(condition: ItemCondition, band: Band): Checked<ItemCondition, "broken"> {
  conditionModifier(condition);
  assertBand(band);
  if (condition === "broken") return refuse("broken");
  if (band === "wild-success")
    return {
      ok: true,
      value: condition === "pristine" || condition === "used" ? condition : shift(condition, -1),
    };
  if (band === "success") return { ok: true, value: condition };
  if (band === "failure") return { ok: true, value: shift(condition, 1) };
  return { ok: true, value: "broken" };
}

/**
 * Repairing a Broken item: "it can only be returned back to Damaged". How is not said: Polyverse reads
 * it as an Upkeep check, Damaged on a Success or better, still Broken otherwise. Anything but a Broken
 * item is refused.
 */
export function repairCondition(condition: ItemCondition, band: Band): Checked<ItemCondition, "notBroken"> {
  conditionModifier(condition);
  assertBand(band);
  if (condition !== "broken") return refuse("notBroken");
  return { ok: true, value: succeeded(band) ? "damaged" : "broken" };
}
