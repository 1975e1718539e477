/**
 * The header (portrait, name, the kind of actor, the states in force as chips) and the vitals strip
 * above the tabs: Wound and Resilience Points left of their maxima (Table 5, `system.derived`),
 * Insight Dice, Morality and the five Breaking Point boxes. Foundry-free.
 */
import { BREAKING_POINT_BOXES } from "../../rules";
import { NAMES, ROOT, rollButton, type CharacterSheetInput, type XeroSumActorSystem } from "./common";

/** "Breaking Point": five stress boxes. */
export const STRESS_BOXES = BREAKING_POINT_BOXES;
/** The most a pool field holds (the data model's bound). */
const POOL_CEILING = 99;

/** The states in force, as the header's chips: a label (with its numbers) and how grave it is. */
export function stateChips(system: XeroSumActorSystem, localize: CharacterSheetInput["localize"]) {
  const s = system.state;
  const chip = (key: string, severity: "grave" | "warn" | "info", data?: Record<string, string>) => ({
    key,
    severity,
    label: localize(`${ROOT}.State.Chip.${key}`, data),
  });
  const chips = [];
  if (s.dead) chips.push(chip("dead", "grave"));
  else if (s.mortallyWounded && !s.stabilised)
    chips.push(chip("mortallyWounded", "grave", { rounds: String(s.deathRounds) }));
  else if (s.mortallyWounded) chips.push(chip("stabilised", "warn"));
  if (!s.dead && s.incapacitatedRounds > 0)
    chips.push(chip("incapacitated", "warn", { rounds: String(s.incapacitatedRounds) }));
  if (s.panic.key)
    chips.push(
      chip("panic", "warn", {
        name: localize(`${NAMES}.Panic.${s.panic.key}`),
        rounds: String(s.panic.rounds),
      }),
    );
  if (s.breakingPoint)
    chips.push(
      chip("breakingPoint", "warn", { name: localize(`${NAMES}.BreakingPoint.${s.breakingPoint}`) }),
    );
  if (s.winded) chips.push(chip("winded", "info"));
  if (s.blindedRounds > 0) chips.push(chip("blinded", "info", { rounds: String(s.blindedRounds) }));
  return chips;
}

export function headerContext(input: CharacterSheetInput) {
  const npc = input.type === "xero-sum-npc";
  return {
    name: input.name,
    img: input.img,
    typeLabel: `${ROOT}.ActorType.${npc ? "npc" : "character"}`,
    chips: stateChips(input.system, input.localize),
  };
}

export type PoolKey = "wp" | "rp" | "insight";

/** A pool's maximum: WP and RP from Table 5 (`system.derived`), none for Insight Dice. */
export function poolMaximum(system: XeroSumActorSystem, pool: PoolKey): number | null {
  if (pool === "wp") return system.derived.woundPoints;
  if (pool === "rp") return system.derived.resiliencePoints;
  return null;
}

/**
 * The update for a pool's −/+ button: the value moved by `delta`, kept between 0 and the maximum
 * (a value already above it may only go down); null when it would not change.
 */
export function poolUpdate(
  system: XeroSumActorSystem,
  pool: PoolKey,
  delta: number,
): Record<string, number> | null {
  if (!Number.isInteger(delta) || delta === 0) return null;
  const current = system[pool];
  const max = poolMaximum(system, pool) ?? POOL_CEILING;
  const next = Math.max(0, Math.min(Math.max(max, current), current + delta, POOL_CEILING));
  return next === current ? null : { [`system.${pool}.value`]: next };
}

/**
 * A Breaking Point box pressed: an empty box fills the boxes up to it, a filled one clears itself and
 * those after it. Null for a box that is not one of the five.
 */
export function stressUpdate(system: XeroSumActorSystem, box: number): Record<string, number> | null {
  if (!Number.isInteger(box) || box < 1 || box > STRESS_BOXES) return null;
  const next = system.stress >= box ? box - 1 : box;
  return { "system.stress.value": next };
}

export function vitalsContext(input: CharacterSheetInput) {
  const { system, localize, editable } = input;
  const pool = (key: PoolKey) => {
    const value = system[key];
    const max = poolMaximum(system, key);
    const label = localize(`${ROOT}.Vitals.${key}`);
    return {
      key,
      label,
      value,
      max,
      name: `system.${key}.value`,
      id: `${key}-value`,
      empty: value <= 0,
      low: max !== null && value < max,
      spendLabel: localize(`${ROOT}.Vitals.Lower`, { name: label }),
      regainLabel: localize(`${ROOT}.Vitals.Raise`, { name: label }),
      canSpend: editable && value > 0,
      canRegain: editable && value < (max ?? POOL_CEILING),
    };
  };
  const stress = system.stress;
  const boxes = Array.from({ length: STRESS_BOXES }, (_, i) => {
    const box = i + 1;
    const filled = box <= stress;
    return {
      box,
      filled,
      label: localize(`${ROOT}.Vitals.StressBox`, {
        box: String(box),
        of: String(STRESS_BOXES),
        state: localize(`${ROOT}.Vitals.${filled ? "Filled" : "Empty"}`),
      }),
    };
  });
  const threshold = system.derived.panicThreshold;
  return {
    wp: pool("wp"),
    rp: pool("rp"),
    insight: pool("insight"),
    morality: { value: system.morality, name: "system.morality.value", id: "morality-value" },
    stress: {
      value: stress,
      boxes,
      full: stress >= STRESS_BOXES,
      summary: localize(`${ROOT}.Vitals.StressSummary`, { value: String(stress), of: String(STRESS_BOXES) }),
      roll: rollButton(input, "breakingPoint", localize(`${ROOT}.Vitals.BreakingPointCheck`)),
    },
    /** At or below the Panic Threshold (half the maximum RP, rounded down). */
    panicking: threshold !== null && system.rp <= threshold,
    panicThreshold: threshold,
  };
}
