/**
 * The header (portrait, name, what is in force as chips) and the vitals strip (hit points, Endurance,
 * Ki, light, Darkness, Bonus XP), each pool with − and + buttons whose meaning is the rules': spending
 * Endurance or Ki is refused while a condition forbids it and empties into Winded (or U) and N
 * (`spendPool`, `zeroCondition`); earning light wipes a Darkness point (`earnLight`), spending it
 * needs one (`spendLight`); Darkness taken is `takeDarkness`. Foundry-free.
 */
import {
  earnLight,
  spendLight,
  spendPool,
  takeDarkness,
  type CharacterRefusal,
  type ConditionId,
} from "../../rules";
import { CHARACTER, ROOT, isNpc, type CharacterSheetInput, type VirtuallyRealActorSystem } from "./common";
import { conditionFromPick } from "./conditions";
import type { VirtuallyRealDerived } from "../../data/living-logic";
import type { SheetOptions } from "./common";

export const POOLS = ["hp", "endurance", "ki", "light", "darkness", "bonusXP"] as const;
export type PoolKey = (typeof POOLS)[number];

/** What pressing a pool's button does: an update, or the rules' refusal. */
export type PoolChange =
  | { update: Record<string, unknown>; note?: string }
  | { refusal: { reason: CharacterRefusal; data?: Record<string, number | string> } };

/** The conditions' table ids in force (what forbids spending Endurance or Ki). */
const conditionIds = (system: VirtuallyRealActorSystem): ConditionId[] =>
  system.conditions.map((c) => c.id).filter((id): id is ConditionId => id !== "");

function spend(
  currency: "endurance" | "ki",
  system: VirtuallyRealActorSystem,
  options: SheetOptions,
): PoolChange | null {
  const spent = spendPool(currency, system[currency], 1, conditionIds(system), options.currency);
  if (!spent.ok) return { refusal: { reason: spent.reason, ...(spent.data ? { data: spent.data } : {}) } };
  const update: Record<string, unknown> = { [`system.${currency}.value`]: spent.value.value };
  const condition = spent.value.condition;
  if (condition === "winded") update["system.state.winded"] = true;
  else if (condition) {
    const mark = conditionFromPick("critical", `id:${condition}`);
    if (mark) update["system.conditions"] = [...system.conditions, mark];
  }
  return { update, ...(condition ? { note: `${ROOT}.Vitals.Emptied.${condition}` } : {}) };
}

/**
 * The update for a pool's − (`delta` −1) or + (+1) button, or null when it changes nothing (a
 * maximum reached, nothing left). Hit points go below 0 ("negative DC HP") and up to their maximum.
 */
export function poolChange(
  system: VirtuallyRealActorSystem,
  derived: VirtuallyRealDerived,
  pool: PoolKey,
  delta: number,
  options: SheetOptions,
): PoolChange | null {
  if (delta !== 1 && delta !== -1) return null;
  const set = (path: string, value: number, current: number) =>
    value === current ? null : { update: { [path]: value } };
  switch (pool) {
    case "hp":
      if (delta > 0 && system.hp >= derived.hp.max) return null;
      return set("system.hp.value", system.hp + delta, system.hp);
    case "endurance":
    case "ki":
      if (delta < 0) return spend(pool, system, options);
      return set(
        `system.${pool}.value`,
        Math.min(system[pool].max, system[pool].value + 1),
        system[pool].value,
      );
    case "light": {
      if (delta < 0) {
        const spent = spendLight(system.light, 1);
        if (!spent.ok)
          return { refusal: { reason: spent.reason, ...(spent.data ? { data: spent.data } : {}) } };
        return { update: { "system.light.value": spent.value } };
      }
      const earned = earnLight(
        { light: system.light, darkness: system.darkness },
        1,
        system.attributes.aura.score,
      );
      if (earned.light === system.light && earned.darkness === system.darkness) return null;
      return {
        update: { "system.light.value": earned.light, "system.darkness.points": earned.darkness },
        ...(earned.passionsToDrop > 0 ? { note: `${ROOT}.Vitals.DropPassion` } : {}),
      };
    }
    case "darkness":
      if (delta > 0)
        return { update: { "system.darkness.points": takeDarkness(system.darkness, 1).darkness } };
      return set("system.darkness.points", Math.max(0, system.darkness - 1), system.darkness);
    case "bonusXP":
      return set("system.bonusXP.value", Math.max(0, system.bonusXP + delta), system.bonusXP);
    default:
      return null;
  }
}

/** The refusal's words (lang/en/virtually-real-character.json `Refusal`). */
export function refusalText(
  refusal: { reason: CharacterRefusal; data?: Record<string, number | string> },
  localize: CharacterSheetInput["localize"],
): string {
  const data = Object.fromEntries(Object.entries(refusal.data ?? {}).map(([k, v]) => [k, String(v)]));
  return localize(`${CHARACTER}.Refusal.${refusal.reason}`, data);
}

/** One pool of the vitals strip as the templates draw it. */
export interface PoolView {
  key: PoolKey;
  id: string;
  name: string;
  label: string;
  value: number;
  max: number | null;
  /** The maximum is an input (Endurance and Ki: the GM's numbers). */
  maxName: string | null;
  maxId: string;
  maxLabel: string;
  min: number;
  note: string | null;
  spendLabel: string;
  regainLabel: string;
  canSpend: boolean;
  canRegain: boolean;
  low: boolean;
}

export function vitalsContext(input: CharacterSheetInput) {
  const { system, derived, localize, editable } = input;
  const pool = (
    key: PoolKey,
    path: string,
    value: number,
    max: number | null,
    extra: { maxName?: string; note?: string | null; min?: number } = {},
  ): PoolView => {
    const label = localize(`${ROOT}.Vitals.${key}`);
    return {
      key,
      id: `pool-${key}`,
      name: path,
      label,
      value,
      max,
      maxName: extra.maxName ?? null,
      maxId: `pool-${key}-max`,
      maxLabel: localize(`${ROOT}.Vitals.Max`, { name: label }),
      min: extra.min ?? 0,
      note: extra.note ?? null,
      spendLabel: localize(`${ROOT}.Vitals.Spend.${key}`),
      regainLabel: localize(`${ROOT}.Vitals.Regain.${key}`),
      canSpend: editable && (key === "hp" || value > 0),
      canRegain: editable && (max === null || value < max || key === "light"),
      low: key === "hp" ? value <= 0 : false,
    };
  };
  const pools = [
    pool("hp", "system.hp.value", system.hp, derived.hp.max, { min: -9999 }),
    pool("endurance", "system.endurance.value", system.endurance.value, system.endurance.max, {
      maxName: "system.endurance.max",
    }),
    pool("ki", "system.ki.value", system.ki.value, system.ki.max, { maxName: "system.ki.max" }),
    pool("light", "system.light.value", system.light, derived.light.max),
    pool("darkness", "system.darkness.points", system.darkness, null, {
      note: localize(`${ROOT}.Vitals.DarknessLevel`, { level: String(derived.darkness.level) }),
    }),
  ];
  if (!isNpc(input)) pools.push(pool("bonusXP", "system.bonusXP.value", system.bonusXP, null));
  return { pools };
}

/** A chip of the header: what is in force. */
export interface ChipView {
  key: string;
  label: string;
  severity: "critical" | "serious" | "info";
}

export function headerContext(input: CharacterSheetInput) {
  const { system, derived, localize } = input;
  const chips: ChipView[] = system.conditions
    .filter((c) => c.severity === "critical" && c.id)
    .map((c) => ({
      key: c.id,
      label: localize(`${CHARACTER}.Condition.${c.id}`),
      severity: "critical" as const,
    }));
  const marksX = system.conditions.filter((c) => c.id === "X").length;
  if (derived.hp.xConditions > marksX)
    chips.push({
      key: "xDue",
      label: localize(`${ROOT}.Header.XDue`, { n: String(derived.hp.xConditions - marksX) }),
      severity: "critical",
    });
  if (system.adrenaline.level > 0)
    chips.push({
      key: "adrenaline",
      label: localize(`${ROOT}.Header.${system.adrenaline.aggressive ? "Aggressive" : "Adrenaline"}`, {
        level: String(system.adrenaline.level),
      }),
      severity: "serious",
    });
  for (const state of ["winded", "tired"] as const)
    if (system.state[state])
      chips.push({ key: state, label: localize(`${CHARACTER}.Condition.${state}`), severity: "serious" });
  return {
    name: input.name,
    img: input.img,
    typeLabel: `TYPES.Actor.${input.type}`,
    chips,
    details: isNpc(input)
      ? null
      : [system.details.ancestry, system.details.culture, system.details.occupation].filter((s) => s !== ""),
  };
}
