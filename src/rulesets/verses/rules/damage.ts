/**
 * Damage: damage strings, ammunition effects, resistance strings, absorption by TUF, materials and
 * object HP ('Verses Core 0.8.5, "Damage & Recovery", "Toughness & Damage Resistance", "Object Damage",
 * "Ammunition"). Pure functions on plain values.
 */
import { type Checked, DAMAGE_TYPES, type DamageType, RulesError, reasonOf, refused } from "./types";

/** One application of damage of one type ("any single application of that type"). */
export interface DamageApplication {
  amount: number;
  type: DamageType;
}

function isDamageType(text: string): text is DamageType {
  return (DAMAGE_TYPES as readonly string[]).includes(text);
}

function damageType(text: string, source: string): DamageType {
  const lower = text.trim().toLowerCase();
  if (!isDamageType(lower))
    throw new RulesError({ key: "notDamageType", data: { type: text.trim(), text: source } });
  return lower;
}

// ---------------------------------------------------------------------------------------------
// Damage strings
// ---------------------------------------------------------------------------------------------

/** A parsed damage string: the modes the attacker chooses from, and whether it scales with SM. */
export interface DamageSpec {
  /**
   * The alternative modes, e.g. Longsword `3(s) or 2(p)` -> `[{3, s}, {2, p}]`. The attacker picks one
   * mode per attack (at declaration, §7.1).
   */
  modes: DamageApplication[];
  /** The string says `/SM` (`3(s)/SM`, `1(c)HP/SM`): the amount is multiplied by the success margin. */
  perSM: boolean;
}

/**
 * Parse a damage string: `3(s)`, `3(s) or 2(p)`, `1(c)HP/SM`, `3(s)/SM`, `6(b)HP`. Damage types are
 * the text's abbreviations ("Damage Types": b, c, p, r, s). The text never writes one amount with two
 * types; `2(b,p)` is read as shorthand for `2(b) or 2(p)`, the attacker's choice, like the "or" listings.
 * A weapon's `HP/SM` column is per SM whether or not the string repeats `/SM`: use {@link weaponDamage}.
 * Throws a `RangeError` on anything else.
 */
export function parseDamage(text: string): DamageSpec {
  const source = text;
  let body = text.trim();
  let perSM = false;
  const perSMMatch = /\s*(?:HP)?\s*\/\s*SM\s*$/i.exec(body);
  if (perSMMatch) {
    perSM = true;
    body = body.slice(0, perSMMatch.index);
  } else {
    body = body.replace(/\s*HP\s*$/i, "");
  }
  const modes: DamageApplication[] = [];
  for (const part of body.split(/\s+or\s+/i)) {
    const match = /^\s*(\d+)\s*\(\s*([^)]+)\)\s*$/.exec(part);
    if (!match) throw new RulesError({ key: "notDamageString", data: { text: source } });
    const amount = Number(match[1]);
    for (const type of (match[2] as string).split(","))
      modes.push({ amount, type: damageType(type, source) });
  }
  return { modes, perSM };
}

// ---------------------------------------------------------------------------------------------
// Ammunition
// ---------------------------------------------------------------------------------------------

/** The damage side of an ammunition type (the "Dmg+" column of "Ammunition"). */
export interface AmmoEffect {
  /** Damage added once per attack: `+4` -> 4, `+2(s)` -> 2, `—` -> 0. */
  bonus: number;
  /** The bonus's own type (`+2(s)`); absent for an untyped bonus, which takes the weapon's type. */
  bonusType?: DamageType;
  /** `⇒c`: "converts all weapon damage to Crushing (c) damage" (Bean Bag Shell). */
  convertTo?: DamageType;
}

/**
 * Parse the "Dmg+" column of the ammunition table: `—` or empty (nothing), `+3` (untyped), `+2(s)`
 * (typed), `⇒c` / `=>c` (conversion, with or without the table's `[†]` footnote mark). Throws a
 * `RangeError` on anything else.
 */
export function parseAmmoEffect(text: string): AmmoEffect {
  const body = text
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\\Rightarrow/g, "⇒")
    .trim();
  if (body === "" || /^[—–-]$/.test(body)) return { bonus: 0 };
  const conversion = /^(?:⇒|=>)\s*([a-z])$/i.exec(body);
  if (conversion) return { bonus: 0, convertTo: damageType(conversion[1] as string, text) };
  const bonus = /^\+\s*(\d+)\s*(?:\(\s*([a-z])\s*\))?$/i.exec(body);
  if (!bonus) throw new RulesError({ key: "notAmmoEffect", data: { text } });
  const amount = Number(bonus[1]);
  return bonus[2] === undefined
    ? { bonus: amount }
    : { bonus: amount, bonusType: damageType(bonus[2], text) };
}

/** One listing of the ammunition table: name, TEC, weapons it fits (as written) and its damage effect. */
export interface AmmunitionListing {
  name: string;
  tec: number;
  weapons: string;
  /** The "Dmg+" column as written. */
  dmg: string;
  effect: AmmoEffect;
  /** Weight per shot in grams (rounded to 10 g by the text). */
  grams: number;
  value: number;
}

function ammo(
  name: string,
  tec: number,
  weapons: string,
  dmg: string,
  grams: number,
  value: number,
): AmmunitionListing {
  return { name, tec, weapons, dmg, effect: parseAmmoEffect(dmg), grams, value };
}

/**
 * The ammunition table ("Ammunition (all TEC levels)"). "Weapons listed are general categories only."
 * "Damage bonuses for ammunition are applied once per attack, not per success margin."
 */
export const AMMUNITION: readonly AmmunitionListing[] = [
  ammo("Arrow", 1, "Bows", "—", 20, 1),
  ammo("Bolt", 1, "Crossbows", "—", 20, 1),
  ammo("Broadhead Arrow", 1, "Bows", "+2(s)", 30, 3),
  ammo("Broadhead Bolt", 1, "Crossbows", "+2(s)", 30, 3),
  ammo("Buck & Ball Load", 2, "Blunderbuss, Dragon", "+1", 50, 2),
  ammo("Lead Ball", 2, "Musket, Flintlock Pistol", "—", 10, 1),
  ammo("Lead Shot", 2, "Blunderbuss, Dragon", "—", 40, 1),
  ammo("Minié Ball", 2, "Musket, Flintlock Pistol", "+2", 30, 3),
  ammo("Buckshot Shell", 3, "All Shotguns", "+3", 50, 3),
  ammo("Bullet", 3, "All Rifles, All Handguns, Revolver, Submachine Gun", "—", 10, 1),
  ammo("Shot Shell", 3, "All Shotguns", "—", 40, 2),
  ammo("Armor-Piercing Bullet", 4, "Assault Rifle, Rifle", "+4", 20, 4),
  ammo("Bean Bag Shell", 4, "All Shotguns", "⇒c", 20, 12),
  ammo("Hollow-Point Bullet", 4, "Assault Rifle, Rifle, All Handguns, Revolver, Submachine Gun", "+3", 10, 2),
  ammo("Slug Shell", 4, "All Shotguns", "+6", 30, 5),
];

/** The damage of one attack, split into what scales with SM and what comes once per attack. */
export interface AttackDamage {
  /** Damage per SM unit after any ammunition conversion. */
  perUnit: DamageApplication;
  /** The success margin (number of units); 0 or less is a miss. */
  units: number;
  /** Ammunition damage applied once per attack (see {@link attackDamage}). */
  once: DamageApplication[];
}

/**
 * The damage of a weapon attack before any cover or armour ("Action Tests"; "Ammunition"): the chosen
 * mode's `HP/SM` times the success margin, and the ammunition's effect "applied once per attack, not per
 * success margin". An untyped bonus (`+3`) has the weapon's type and joins its damage; a typed bonus
 * (`+2(s)` on a (p) arrow) is a separate application of its own type (§11.2 #14); a conversion (`⇒c`,
 * Bean Bag Shell) "converts all weapon damage to Crushing (c) damage". A weapon's damage column is per SM
 * whether or not the string says so. Flintlock Pistol 2HP/SM at SM 2: 4 (TV-21).
 */
export function attackDamage(perSM: DamageApplication, sm: number, ammoEffect?: AmmoEffect): AttackDamage {
  const type = ammoEffect?.convertTo ?? perSM.type;
  const units = Math.max(0, Math.floor(sm));
  const once: DamageApplication[] = [];
  if (units > 0 && ammoEffect !== undefined && ammoEffect.bonus > 0) {
    once.push({ amount: ammoEffect.bonus, type: ammoEffect.bonusType ?? type });
  }
  return { perUnit: { amount: perSM.amount, type }, units, once };
}

/**
 * A weapon attack's damage as applications, merged by type (an attack is one application per type,
 * §11.2 #11): e.g. Broadhead Arrow on a Short Bow at SM 2 -> `4(p)` and `2(s)`.
 */
export function weaponDamage(
  hpPerSM: string,
  sm: number,
  options: { mode?: number; ammo?: AmmoEffect } = {},
): DamageApplication[] {
  const spec = parseDamage(hpPerSM);
  const mode = spec.modes[options.mode ?? 0];
  if (mode === undefined) throw new RangeError(`No damage mode ${options.mode ?? 0} in "${hpPerSM}"`);
  const damage = attackDamage(mode, sm, options.ammo);
  if (damage.units <= 0) return [];
  return mergeByType([
    { amount: damage.perUnit.amount * damage.units, type: damage.perUnit.type },
    ...damage.once,
  ]);
}

/** Total damage of a list of applications. */
export function totalDamage(applications: readonly DamageApplication[]): number {
  return applications.reduce((sum, a) => sum + a.amount, 0);
}

/**
 * Merge applications of the same type into one (one attack meets a layer as one application per type,
 * §11.2 #11), dropping zero amounts, in the order of first appearance.
 */
export function mergeByType(applications: readonly DamageApplication[]): DamageApplication[] {
  const merged: DamageApplication[] = [];
  for (const application of applications) {
    if (application.amount <= 0) continue;
    const existing = merged.find((m) => m.type === application.type);
    if (existing) existing.amount += application.amount;
    else merged.push({ amount: application.amount, type: application.type });
  }
  return merged;
}

// ---------------------------------------------------------------------------------------------
// Resistance strings and absorption
// ---------------------------------------------------------------------------------------------

/** A parsed resistance: the resisted types and, per type, the type that what passes becomes. */
export interface Resistance {
  /** Every resisted type. */
  resists: DamageType[];
  /** Transformations: `{ s: "c" }` turns what passes of resisted slashing into crushing. */
  transforms: Partial<Record<DamageType, DamageType>>;
}

/**
 * Parse a resistance as listed for materials, armour and shields ("Toughness & Damage Resistance").
 * Accepts `⇒`, `=>` and the LaTeX `\Rightarrow` the text sometimes prints, and `—` or empty for none.
 *
 * Reading (the text defines only "s ⇒ c": "resists slashing damage and transforms any remaining damage
 * into crushing damage. The damage type on the left side of the double arrow is the resisted type";
 * the longer forms are read consistently across the listings, spec §7.2):
 * - `b` or `s, p, c`: plain resistances.
 * - `X ⇒ Y, Z...` or `(X1, X2) ⇒ Y, Z...`: every type left of the arrow is resisted and what passes of it
 *   becomes the FIRST type right of the arrow (Y); every FURTHER type right of the arrow (Z...) is also
 *   resisted, without transformation. Y itself is resisted only when it is listed again among them.
 * - Mail `s ⇒ c, p`: resists s (what passes becomes c) and p. Mail TUF 4 takes 4 of 6(s) and 2(c)
 *   passes (TV-36). `(s, p) ⇒ c, r`: resists s, p (-> c) and r, not c. `(s, p) ⇒ c, c, r`: resists s, p
 *   (-> c), c and r.
 * Throws a `RangeError` on anything else.
 */
export function parseResistance(text: string): Resistance {
  const body = text
    .replace(/\\Rightarrow/g, "⇒")
    .replace(/=>/g, "⇒")
    .trim();
  const resists: DamageType[] = [];
  const transforms: Partial<Record<DamageType, DamageType>> = {};
  const add = (type: DamageType): void => {
    if (!resists.includes(type)) resists.push(type);
  };
  if (body === "" || /^[—–-]$/.test(body)) return { resists, transforms };
  const sides = body.split("⇒");
  if (sides.length > 2) throw new RulesError({ key: "resistanceArrows", data: { text } });
  const list = (part: string): DamageType[] =>
    part
      .replace(/^\s*\(|\)\s*$/g, "")
      .split(",")
      .map((t) => damageType(t, text));
  if (sides.length === 1) {
    list(sides[0] as string).forEach(add);
    return { resists, transforms };
  }
  const left = (sides[0] as string).trim();
  if (left === "") throw new RulesError({ key: "resistanceNothingLeft", data: { text } });
  if (left.includes(",") && !/^\(.*\)$/.test(left)) {
    throw new RulesError({ key: "resistanceParentheses", data: { text } });
  }
  const [into, ...also] = list(sides[1] as string);
  if (into === undefined) throw new RulesError({ key: "resistanceNothingRight", data: { text } });
  for (const type of list(left)) {
    add(type);
    transforms[type] = into;
  }
  also.forEach(add);
  return { resists, transforms };
}

/** `parseResistance` for a sheet: a refusal with the reason instead of an exception. */
export function validateResistance(text: string): Checked<Resistance> {
  try {
    return { ok: true, value: parseResistance(text) };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

/** A protective material: its TUF and its resistance string (or a parsed one). */
export interface ProtectiveMaterial {
  tuf: number;
  resistance: string | Resistance;
}

/** The result of {@link absorb} and {@link biologicalAbsorb}: `absorbed + passed.amount` is the incoming amount. */
export interface Absorption {
  absorbed: number;
  passed: DamageApplication;
}

/**
 * Absorb one application of damage ("Toughness & Damage Resistance"): "When a material is resistant to a
 * type of damage, an amount of damage equal to the material's TUF is absorbed from any single application
 * of that type. Damage that is absorbed is not counted against the object's HP." What is not absorbed of
 * a transformed type "is then converted into the damage type on the right side of the double arrow, and
 * passed on to the next object in line". Damage of a type the material does not resist passes whole
 * (§11.2 #10); whether a cover's HP stops it is a matter for the layer (see `resolveDamage`).
 * Mail TUF 4 `s ⇒ c, p`: 6(s) -> 4 absorbed, 2(c) passes (TV-36).
 */
export function absorb(
  damage: DamageApplication,
  material: ProtectiveMaterial,
): { absorbed: number; passed: DamageApplication } {
  const resistance =
    typeof material.resistance === "string" ? parseResistance(material.resistance) : material.resistance;
  const amount = Math.max(0, damage.amount);
  if (!resistance.resists.includes(damage.type))
    return { absorbed: 0, passed: { amount, type: damage.type } };
  const absorbed = Math.min(amount, Math.max(0, material.tuf));
  return {
    absorbed,
    passed: { amount: amount - absorbed, type: resistance.transforms[damage.type] ?? damage.type },
  };
}

/**
 * Damage a biological body takes from one application ("Toughness & Damage Resistance"): "All biological
 * actors are resistant to Crushing (c) damage. When receiving such damage, the damage is reduced
 * (absorbed) by the actor's TUF attribute." Benny (TUF 2) takes 0 from Anders's 2(c) punch (TV-32).
 */
export function biologicalAbsorb(damage: DamageApplication, tuf: number): Absorption {
  return absorb(damage, { tuf, resistance: BIOLOGICAL_RESISTANCE });
}

/** The resistance every biological actor has: crushing ("Flesh ... c"). */
export const BIOLOGICAL_RESISTANCE = "c";

// ---------------------------------------------------------------------------------------------
// Materials and object HP
// ---------------------------------------------------------------------------------------------

/** A row of the materials table. `hpPer100cm3` and `tuf` are `null` for Flesh ("see ... Core & Derived Attributes"). */
export interface Material {
  name: string;
  hpPer100cm3: number | null;
  tuf: number | null;
  resistance: string;
}

/** "HP & Resistance of Common Materials" (per 100 cm³). Flesh takes its HP and TUF from the actor. */
export const MATERIALS: readonly Material[] = [
  { name: "Aluminum", hpPer100cm3: 4, tuf: 3, resistance: "c, p, r, s" },
  { name: "Cement", hpPer100cm3: 5, tuf: 3, resistance: "b, c, p, r, s" },
  { name: "Flesh", hpPer100cm3: null, tuf: null, resistance: "c" },
  { name: "Glass", hpPer100cm3: 1, tuf: 5, resistance: "r" },
  { name: "High-strength Composites", hpPer100cm3: 20, tuf: 5, resistance: "b, c, p, r, s" },
  { name: "Plasterboard Walls", hpPer100cm3: 2, tuf: 2, resistance: "c, p, r, s" },
  { name: "Plastic", hpPer100cm3: 2, tuf: 2, resistance: "c, s" },
  { name: "Steel", hpPer100cm3: 8, tuf: 4, resistance: "b, c, p, r, s" },
  { name: "Stone", hpPer100cm3: 6, tuf: 4, resistance: "b, c, p, r, s" },
  { name: "Titanium", hpPer100cm3: 10, tuf: 5, resistance: "b, c, p, r, s" },
  { name: "Wood", hpPer100cm3: 2, tuf: 3, resistance: "b, c, p, r, s" },
];

/** A material of {@link MATERIALS} by name (case-insensitive), or `undefined`. */
export function findMaterial(name: string): Material | undefined {
  const key = name.trim().toLowerCase();
  return MATERIALS.find((m) => m.name.toLowerCase() === key);
}

/** How {@link materialHp} rounds a part of 100 cm³. */
export type HpRounding = "up" | "down" | "nearest";

/**
 * HP of a piece of material of a volume in cm³ ("it would be important to know the HP of a portion of
 * wall"): HP per 100 cm³ x volume / 100. The text gives no rounding; the default rounds up, so any piece
 * of material has at least 1 HP (INFERENCE); `"down"` and `"nearest"` are the alternatives. Flesh has no
 * listed value (refused).
 */
export function materialHp(
  material: Material,
  volumeCm3: number,
  rounding: HpRounding = "up",
): Checked<number> {
  if (material.hpPer100cm3 === null) return refused("materialHpFromActor", { material: material.name });
  if (!Number.isFinite(volumeCm3) || volumeCm3 < 0) return refused("volumeNotValid", { volume: volumeCm3 });
  const raw = (material.hpPer100cm3 * volumeCm3) / 100;
  const round = rounding === "up" ? Math.ceil : rounding === "down" ? Math.floor : Math.round;
  return { ok: true, value: round(raw - (rounding === "up" ? 1e-9 : 0)) };
}

/** The sizes of "Object HP by Size". */
export type ObjectSize = "tiny" | "small" | "medium" | "large" | "huge";

/** A row of "Object HP by Size": a rule-of-thumb HP range. */
export interface ObjectSizeRow {
  size: ObjectSize;
  /** Approximate volume as written. */
  volume: string;
  minHp: number;
  maxHp: number;
  example: string;
}

/**
 * "Object HP by Size" (the text's "Table 18"): "a rule-of-thumb estimate of object HP by approximate
 * size, although many additional factors such as material and condition will contribute".
 */
export const OBJECT_HP_BY_SIZE: readonly ObjectSizeRow[] = [
  { size: "tiny", volume: "~5cm³", minHp: 1, maxHp: 3, example: "A shot glass." },
  { size: "small", volume: "~150cm³", minHp: 3, maxHp: 9, example: "A portable computer." },
  { size: "medium", volume: "~0.5m³", minHp: 8, maxHp: 12, example: "A piece of furniture." },
  { size: "large", volume: "~1m³", minHp: 10, maxHp: 25, example: "A refrigerator." },
  {
    size: "huge",
    volume: "~5m³",
    minHp: 20,
    maxHp: 100,
    example: "A large boulder the size of a small boulder.",
  },
];

/**
 * The rule-of-thumb HP of an object by size ("Object HP by Size"), as `[min, max]`; with `fraction`
 * (0 = flimsy .. 1 = sturdy, default 0.5) a single value inside the range, rounded to the nearest whole HP.
 * "If an object's HP is reduced to 0, it is destroyed or scrapped."
 */
export function objectHp(size: ObjectSize, fraction = 0.5): { min: number; max: number; hp: number } {
  const row = OBJECT_HP_BY_SIZE.find((r) => r.size === size) as ObjectSizeRow;
  const f = Math.min(1, Math.max(0, fraction));
  return { min: row.minHp, max: row.maxHp, hp: Math.round(row.minHp + (row.maxHp - row.minHp) * f) };
}
