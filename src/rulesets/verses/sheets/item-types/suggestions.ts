/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): the suggestion
 * lists (`<datalist>`) of the text fields.
 */
import { AMMUNITION } from "../../rules";
import { KNOWN_FEATURES } from "./checks";

// ---- suggestions ----------------------------------------------------------------------------

/** The weapon skills of the core list ("Weapons » *"), as the listings name them. */
export const WEAPON_SKILLS = [
  "Weapons » Axes",
  "Weapons » Bludgeons",
  "Weapons » Bows",
  "Weapons » Crossbows",
  "Weapons » Hand Grenades",
  "Weapons » Polearms",
  "Weapons » Short Blades",
  "Weapons » Staves",
  "Weapons » Swords",
  "Weapons » Muzzle-Loading Firearms",
  "Weapons » Firearms",
  "Weapons » Modern Small Arms",
  "Unarmed Combat",
] as const;

/** Skills that use tools (the healing and repair skills, navigation). */
export const TOOL_SKILLS = [
  "First Aid",
  "Medicine",
  "Jury-Rigging",
  "Engineering",
  "Navigation",
  "Nautical Navigation",
] as const;

/** Supply kinds of the core items and the Engineering table. */
export const SUPPLY_KINDS = [
  "medical",
  "blacksmithing",
  "woodworking",
  "steelworking",
  "electrical",
] as const;

/** Suggestion lists by name: `<datalist id="{idPrefix}-list-{name}">`. */
export function datalists(idPrefix: string, names: readonly string[]): { id: string; values: string[] }[] {
  const weaponNames = [...new Set(AMMUNITION.flatMap((a) => a.weapons.split(",").map((w) => w.trim())))];
  const all: Record<string, readonly string[]> = {
    hooks: SKILL_HOOKS,
    features: KNOWN_FEATURES,
    weaponSkills: WEAPON_SKILLS,
    ammunition: AMMUNITION.map((a) => a.name),
    weaponNames,
    toolSkills: TOOL_SKILLS,
    supplyKinds: SUPPLY_KINDS,
  };
  return names.map((name) => ({ id: `${idPrefix}-list-${name}`, values: [...(all[name] ?? [])] }));
}

/** Pools a skill commonly adds to (suggestions; the field is free text). */
export const SKILL_HOOKS = [
  "dodge",
  "parry",
  "attack",
  "watch",
  "influence/charm",
  "influence/intimidate",
  "healing",
  "stabilise",
  "oration",
  "engineering",
  "physics",
  "poisons",
] as const;
