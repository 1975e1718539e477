/**
 * The header (name, portrait, the templates held as chips) and the pools box above the tabs: Hit
 * Points and Essence left of their maxima (the rules layer's), the wound level with what it does to
 * the character's values, stunned and unstable. Foundry-free.
 */
import {
  DEFAULT_CRITICAL_WOUND_RULE,
  WOUND_LEVELS,
  maxEssence,
  maxHitPoints,
  woundAllowsActing,
} from "../../rules";
import {
  ROOT,
  itemsIn,
  num,
  str,
  traitsOf,
  woundName,
  type CharacterSheetInput,
  type TalesActorSystem,
} from "./common";

export function headerContext(input: CharacterSheetInput) {
  return {
    name: input.name,
    img: input.img,
    typeLabel: `${ROOT}.ActorType.${input.type === "tales-npc" ? "tales-npc" : "tales-character"}`,
    templates: itemsIn(input, "templates").map((t) => ({
      id: t.id,
      name: t.name,
      kind: str(t.system.kind) === "culture" ? "culture" : "occupation",
      kindLabel: `${ROOT}.Template.Kind.${str(t.system.kind) === "culture" ? "culture" : "occupation"}`,
      openLabel: input.localize(`${ROOT}.Item.Open`, { name: t.name }),
    })),
  };
}

/** The pools' maxima as the rules layer works them out (unwounded attributes). */
export function poolMaxima(system: TalesActorSystem) {
  const traits = traitsOf(system, []);
  return { hp: maxHitPoints(traits), essence: maxEssence(traits) };
}

export type PoolKey = "hp" | "essence";

/**
 * The update for a pool's +/− button: the value moved by `delta`, kept between 0 and the maximum;
 * null when it would not change.
 */
export function poolUpdate(
  system: TalesActorSystem,
  pool: PoolKey,
  delta: number,
): Record<string, number> | null {
  if (!Number.isInteger(delta) || delta === 0) return null;
  const max = poolMaxima(system)[pool];
  const current = system[pool].value;
  const next = Math.max(0, Math.min(Math.max(max, current), current + delta));
  return next === current ? null : { [`system.${pool}.value`]: next };
}

export function poolsContext(input: CharacterSheetInput) {
  const { system, localize } = input;
  const max = poolMaxima(system);
  const rule = input.settings?.criticalWoundRule ?? DEFAULT_CRITICAL_WOUND_RULE;
  const level = system.health.level;
  const pool = (key: "hp" | "essence") => {
    const value = num(system[key].value);
    const label = localize(`${ROOT}.Pools.${key}`);
    return {
      key,
      label,
      value,
      max: max[key],
      name: `system.${key}.value`,
      id: `${key}-value`,
      low: value < max[key],
      empty: value <= 0,
      spendLabel: localize(`${ROOT}.Pools.Spend`, { name: label }),
      regainLabel: localize(`${ROOT}.Pools.Regain`, { name: label }),
      canSpend: input.editable && value > 0,
      canRegain: input.editable && value < max[key],
    };
  };
  return {
    hp: pool("hp"),
    essence: pool("essence"),
    wound: {
      level,
      label: woundName(level),
      effect: `${ROOT}.WoundEffect.${rule}.${level}`,
      canAct: woundAllowsActing(level),
      options: WOUND_LEVELS.map((w) => ({ value: w, label: woundName(w), selected: w === level })),
      severity: WOUND_LEVELS.indexOf(level),
    },
    stunned: system.health.stunned,
    unstable: system.health.unstable,
  };
}
