/**
 * What a Tales character's sheet and rolls read besides the stored data, Foundry-free: the pools'
 * maxima and the combat numbers at the current wound level (rules `derivedValues`), from the actor's
 * attributes, skills, held advantages and disadvantages, worn armour and equipped heavy weapons.
 */
import {
  derivedValues,
  type CharacterTraits,
  type CooperationLimitRule,
  type CriticalWoundRule,
  type DerivedValues,
  type HeldTrait,
  type WoundLevel,
  type WornArmour,
} from "../rules";

/** An item as the derivation reads it (a plain row of the actor's items). */
export interface LivingItem {
  type: string;
  system: Record<string, unknown>;
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const rec = (v: unknown) => (v && typeof v === "object" ? (v as Record<string, unknown>) : {});

/** Held advantages or disadvantages of one item type, as the rules read them. */
export function heldTraits(
  items: readonly LivingItem[],
  type: "tales-advantage" | "tales-disadvantage",
): HeldTrait[] {
  return items
    .filter((i) => i.type === type && typeof i.system.key === "string" && i.system.key !== "")
    .map((i) => ({
      key: String(i.system.key),
      level: num(i.system.level),
      ...(typeof i.system.option === "string" && i.system.option ? { variant: i.system.option } : {}),
      ...(typeof i.system.skill === "string" && i.system.skill ? { specialisation: i.system.skill } : {}),
      ...(i.system.source === "template" ? { fromTemplate: "template" } : {}),
    }));
}

/** Armour worn (equipped), as the rules read it. */
export function wornArmour(items: readonly LivingItem[]): WornArmour[] {
  return items
    .filter((i) => i.type === "tales-armour" && i.system.equipped === true)
    .map((i) => {
      const traits = rec(i.system.traits);
      return {
        protection: num(i.system.protection),
        modifier: num(i.system.modifier),
        heavy: traits.heavy === true,
        restrictive: traits.restrictive === true,
      };
    });
}

/** The actor's traits as the rules read them. */
export function traitsOf(
  source: {
    attributes: Record<string, number>;
    skills: Record<string, number>;
    connections: Record<string, { level: number }>;
  },
  items: readonly LivingItem[],
): CharacterTraits {
  return {
    attributes: { ...source.attributes },
    skills: { ...source.skills },
    connections: Object.fromEntries(Object.entries(source.connections).map(([k, c]) => [k, c.level])),
    advantages: heldTraits(items, "tales-advantage"),
    disadvantages: heldTraits(items, "tales-disadvantage"),
  };
}

/** The derived values of a character at its wound level, with the world's settings. */
export function deriveLiving(
  source: Parameters<typeof traitsOf>[0] & { health: { level: WoundLevel } },
  items: readonly LivingItem[],
  settings: { criticalWoundRule: CriticalWoundRule; cooperationLimit: CooperationLimitRule },
): DerivedValues {
  const heavyWeapons = items.filter(
    (i) => i.type === "tales-weapon" && i.system.equipped === true && rec(i.system.traits).heavy === true,
  ).length;
  return derivedValues(traitsOf(source, items), {
    wound: source.health.level,
    criticalWoundRule: settings.criticalWoundRule,
    cooperationLimit: settings.cooperationLimit,
    armour: wornArmour(items),
    heavyWeapons,
  });
}
