/**
 * Stabilizing, Healing, tools and supplies ('Verses Core 0.8.5, "Healing & Repair": "Stabilizing",
 * "Healing", "Tools & Consumables"; skills First Aid, Medicine, Jury-Rigging, Engineering,
 * Herbalism, Pharmacology).
 *
 * Pools are inputs: the skill dice come from the skill-pool assembly (`skills.ts`); this module adds
 * tools, AD and the allocated dice of helping skills, and resolves the outcome. Pure functions.
 */
import { resolveTest } from "./dice";
import type { ConditionId, ConditionInput, ConditionState } from "./conditions";
import { toConditionState } from "./conditions";
import { type ActorKind, type Checked, type Face, refused } from "./types";

/** The skills that stabilize, heal, or add dice to those tests. */
export type RecoverySkillId =
  "firstAid" | "medicine" | "juryRigging" | "engineering" | "herbalism" | "pharmacology";

/** What a recovery skill does ("Healing & Repair" and the skill descriptions). */
export interface RecoverySkill {
  id: RecoverySkillId;
  name: string;
  /** Actor kinds the skill can Stabilize. */
  stabilizes: readonly ActorKind[];
  /** Actor kinds the skill can Heal. */
  heals: readonly ActorKind[];
  /** Tests the skill's allocated dice may be added to, when it is not the test's own skill. */
  addsAllocatedTo: readonly ("stabilize" | "heal")[];
}

/**
 * The recovery skills as data. First Aid: "for Stabilizing an injured biological actor". Medicine:
 * "for both Stabilizing and Healing an injured biological actor". Jury-Rigging: "for Stabilizing a
 * damaged machine or construct actor". Engineering: "for both Stabilizing and Healing a damaged
 * machine or construct actor". Herbalism: "Allocated dice may be added to any Stabilization or
 * Healing tests". Pharmacology: "Allocated dice may be added to any Healing tests". The text names no
 * skill for incorporeals.
 */
export const RECOVERY_SKILLS: Readonly<Record<RecoverySkillId, RecoverySkill>> = {
  firstAid: { id: "firstAid", name: "First Aid", stabilizes: ["biological"], heals: [], addsAllocatedTo: [] },
  medicine: {
    id: "medicine",
    name: "Medicine",
    stabilizes: ["biological"],
    heals: ["biological"],
    addsAllocatedTo: [],
  },
  juryRigging: {
    id: "juryRigging",
    name: "Jury-Rigging",
    stabilizes: ["construct"],
    heals: [],
    addsAllocatedTo: [],
  },
  engineering: {
    id: "engineering",
    name: "Engineering",
    stabilizes: ["construct"],
    heals: ["construct"],
    addsAllocatedTo: [],
  },
  herbalism: {
    id: "herbalism",
    name: "Herbalism",
    stabilizes: [],
    heals: [],
    addsAllocatedTo: ["stabilize", "heal"],
  },
  pharmacology: {
    id: "pharmacology",
    name: "Pharmacology",
    stabilizes: [],
    heals: [],
    addsAllocatedTo: ["heal"],
  },
};

/** Whether a skill can Stabilize a patient of this kind (see {@link RECOVERY_SKILLS}). */
export function canStabilize(skill: RecoverySkillId, patientKind: ActorKind): boolean {
  return RECOVERY_SKILLS[skill].stabilizes.includes(patientKind);
}

/** Whether a skill can Heal a patient of this kind (see {@link RECOVERY_SKILLS}). */
export function canHeal(skill: RecoverySkillId, patientKind: ActorKind): boolean {
  return RECOVERY_SKILLS[skill].heals.includes(patientKind);
}

/**
 * "Healing Tool Examples by Operational Level (OL)" (Tools & Consumables): "The OL represents the
 * number of dice which the tool contributes to the dice pool when used in a healing test."
 */
export const TOOL_OPERATIONAL_LEVELS: readonly {
  ol: number;
  dice: number;
  healing: string;
  repair: string;
}[] = [
  { ol: 1, dice: 1, healing: "Doctor's bag", repair: "Toolbox" },
  { ol: 2, dice: 2, healing: "Paramedic's equipment", repair: "Tool cart" },
  { ol: 3, dice: 3, healing: "Ambulance", repair: "Machinist's tools" },
  { ol: 4, dice: 4, healing: "Medical clinic", repair: "Workshop" },
  { ol: 5, dice: 5, healing: "Hospital", repair: "Repair bay" },
];

/**
 * Dice a tool or facility adds: its OL ("the number of dice which the tool contributes"). With several
 * tools at hand the best one counts (INFERENCE: the text speaks of "the tool"; it never stacks OLs).
 */
export function toolDice(operationalLevels: number | readonly number[]): number {
  const ols = typeof operationalLevels === "number" ? [operationalLevels] : operationalLevels;
  return ols.reduce((best, ol) => Math.max(best, Math.floor(ol)), 0);
}

/**
 * "Engineering Tools & Supplies" (Engineering): the tools and consumable supplies for repairing
 * constructs by object type.
 */
export const REPAIR_MATERIALS: readonly {
  objectType: string;
  tec: number;
  example: string;
  tools: string;
  supplies: string;
}[] = [
  {
    objectType: "Wooden",
    tec: 1,
    example: "Wagon, Catapult",
    tools: "Wheelwright's Tools",
    supplies: "Woodworking",
  },
  {
    objectType: "Forged",
    tec: 1,
    example: "Wood stove, Siege tower",
    tools: "Smith's Tools",
    supplies: "Blacksmithing",
  },
  {
    objectType: "Fabricated",
    tec: 3,
    example: "Bicycle, Steam engine",
    tools: "Machinist's Tools",
    supplies: "Steelworking",
  },
  {
    objectType: "Electronic",
    tec: 4,
    example: "Electric car, Computer",
    tools: "Electrician's Tools",
    supplies: "Electrical",
  },
];

/** Stabilizing: `Skill + #AD -> 2S 1HP/SM` (Stabilizing). */
export const STABILIZE_TARGET = 2;

/** Healing: `Skill + Tools + #AD -> 3S 2C [Allocated Dice]HP/SM` (Healing). */
export const HEALING_TARGET = 3;

/** Healing's continuation target `2C`, rolled "each day" (Healing). */
export const HEALING_CONTINUATION = 2;

/** Conditions Healing removes: "A patient with the Sickened, Stunned, or Moribund condition who receives healing also has these conditions removed." */
export const HEALING_REMOVES: readonly ConditionId[] = ["sickened", "stunned", "moribund"];

/** What to do when more AD are spent than supplies are at hand (the text is silent). */
export type SupplyShortfall = "refuse" | "cap";

/** Options of Stabilizing and Healing (the Foundry layer turns them into world settings). */
export interface RecoveryOptions {
  /**
   * "An amount of supplies equal to the number of #AD spent is consumed." The text does not say what
   * happens with fewer supplies than AD. Default `"refuse"`: every AD spent needs a supply. `"cap"`:
   * the AD still add dice, only the supplies at hand are consumed, and HP stays capped by them.
   */
  supplyShortfall?: SupplyShortfall;
  /**
   * Supplies are consumed "in the process" (Stabilizing) and "for the initial test and for each
   * continuation" (Healing), success or not. Default true; false consumes them on success only.
   */
  consumeOnFailure?: boolean;
}

/** Inputs of a Stabilizing test. */
export interface StabilizeInput {
  /** Skill dice of First Aid / Medicine / Jury-Rigging / Engineering, as assembled (skill + default). */
  skillDice: number;
  /** AD spent (#AD), at least 1. */
  adSpent: number;
  /** Consumable supplies at hand. */
  suppliesAvailable: number;
  /** Other dice, e.g. Herbalism's allocated dice ("may be added to any Stabilization ... tests"). */
  extraDice?: number;
}

/** A Stabilizing or Healing test, ready to roll. */
export interface RecoveryTest {
  pool: number;
  target: number;
  /** Supplies the test will consume. */
  supplies: number;
}

function checkSupplies(
  adSpent: number,
  suppliesAvailable: number,
  options: RecoveryOptions,
): Checked<number> {
  if (!Number.isInteger(adSpent) || adSpent < 1) return refused("recoveryMinimumAd");
  if (suppliesAvailable < 1) return refused("recoveryNoSupplies");
  if (adSpent > suppliesAvailable && (options.supplyShortfall ?? "refuse") === "refuse")
    return refused("recoveryNotEnoughSupplies", { ad: adSpent, supplies: suppliesAvailable });
  return { ok: true, value: Math.min(adSpent, suppliesAvailable) };
}

/**
 * The Stabilizing test `Skill + #AD -> 2S` (Stabilizing): "the healer uses consumable healing supplies
 * along with a skill which allows for stabilization". Refused without supplies, without AD, or (option
 * `supplyShortfall: "refuse"`, the default) with more AD than supplies.
 * TV-38: 3AD + First Aid 2 + SMR 2 = 7d6 vs 2S.
 */
export function stabilizeTest(input: StabilizeInput, options: RecoveryOptions = {}): Checked<RecoveryTest> {
  const supplies = checkSupplies(input.adSpent, input.suppliesAvailable, options);
  if (!supplies.ok) return supplies;
  const pool = Math.max(0, input.skillDice) + input.adSpent + Math.max(0, input.extraDice ?? 0);
  return { ok: true, value: { pool, target: STABILIZE_TARGET, supplies: supplies.value } };
}

/** The outcome of a Stabilizing test. */
export interface StabilizeOutcome {
  success: boolean;
  successes: number;
  margin: number;
  hpRecovered: number;
  suppliesConsumed: number;
  /** "If the patient is Moribund, on successful stabilization the condition is ended and the patient becomes merely unconscious." */
  endsMoribund: boolean;
}

/**
 * Resolve Stabilizing (Stabilizing): "On a successful test of that skill, the patient recovers 1HP per
 * success margin up to the number of consumable supplies used. An amount of supplies equal to the
 * number of #AD spent is consumed in the process." HP is also capped by `patientMissingHp` when given.
 * TV-38: 4 successes vs 2S -> SM 3; kit of 5, 3AD -> 3 HP, 3 supplies consumed.
 */
export function resolveStabilize(
  faces: readonly Face[],
  input: StabilizeInput & { patientMissingHp?: number; patientMoribund?: boolean },
  options: RecoveryOptions = {},
): Checked<StabilizeOutcome> {
  const test = stabilizeTest(input, options);
  if (!test.ok) return test;
  const r = resolveTest(faces, STABILIZE_TARGET);
  const used = test.value.supplies;
  const consumed = r.success || (options.consumeOnFailure ?? true) ? used : 0;
  let hp = r.success ? Math.min(r.margin, used) : 0;
  if (input.patientMissingHp !== undefined) hp = Math.min(hp, Math.max(0, input.patientMissingHp));
  return {
    ok: true,
    value: {
      success: r.success,
      successes: r.successes,
      margin: r.margin,
      hpRecovered: hp,
      suppliesConsumed: consumed,
      endsMoribund: r.success && input.patientMoribund === true,
    },
  };
}

/**
 * Which dice stand for "Skill" in the Healing pool. Spec §11.1 #3: the text's healer rolls Medicine 3
 * (allocated only) + OL 4 + 5AD = 12d6, leaving out the Biology and SMR defaults that skill dice
 * would include, while the Stabilizing example includes SMR. Default `"skillDice"` (the skill's dice
 * with its defaults, as everywhere else); `"allocatedOnly"` reproduces the example.
 */
export type HealingPoolMode = "skillDice" | "allocatedOnly";

/** Options of Healing. */
export interface HealingOptions extends RecoveryOptions {
  /** See {@link HealingPoolMode}. Default `"skillDice"`. */
  poolMode?: HealingPoolMode;
  /**
   * The SM of a daily continuation: the text says HP follow "the success margin for each continuation,
   * using the same formula as the original test" without saying against which target. Default
   * `"continuation"`: SM = 1 + successes - 2 (the `2C` it must reach); `"initial"`: against 3S.
   */
  continuationMargin?: "continuation" | "initial";
  /**
   * Whether Tools still add their OL to the daily continuation rolls. A maintenance roll is "the dice
   * representing the skill or ability used in the original test plus at least 1AD" (Continuous Tests);
   * Healing says "using the same formula". Default true (the same pool every day).
   */
  continuationWithTools?: boolean;
}

/** Inputs of a Healing test or continuation. */
export interface HealingInput {
  /** Skill dice of Medicine / Engineering as assembled (skill + defaults). */
  skillDice: number;
  /** The healer's allocated dice in that skill: the HP per SM ("[Allocated Dice]HP/SM"). */
  allocatedDice: number;
  /** OL of the tool or facility used (0 or absent: none). */
  toolOL?: number;
  /** AD spent (#AD), at least 1. */
  adSpent: number;
  /** Consumable supplies at hand. */
  suppliesAvailable: number;
  /** Other dice, e.g. Herbalism or Pharmacology allocated dice ("may be added to any Healing tests"). */
  extraDice?: number;
}

/** Which roll of a Healing course: the initial test or a daily continuation. */
export type HealingPhase = "initial" | "continuation";

/**
 * The Healing test `Skill + Tools + #AD -> 3S 2C` (Healing), or a daily continuation (`2C`). "Tools"
 * adds the OL in dice. Refused like Stabilizing when supplies or AD are lacking.
 * TV-39: Medicine 3 + facility OL 4 + 5AD = 12d6 (with `poolMode: "allocatedOnly"`).
 */
export function healingTest(
  input: HealingInput,
  phase: HealingPhase = "initial",
  options: HealingOptions = {},
): Checked<RecoveryTest> {
  const supplies = checkSupplies(input.adSpent, input.suppliesAvailable, options);
  if (!supplies.ok) return supplies;
  const skill = (options.poolMode ?? "skillDice") === "allocatedOnly" ? input.allocatedDice : input.skillDice;
  const tools =
    phase === "initial" || (options.continuationWithTools ?? true) ? toolDice(input.toolOL ?? 0) : 0;
  const pool = Math.max(0, skill) + tools + input.adSpent + Math.max(0, input.extraDice ?? 0);
  const target = phase === "initial" ? HEALING_TARGET : HEALING_CONTINUATION;
  return { ok: true, value: { pool, target, supplies: supplies.value } };
}

/** The outcome of a Healing test or continuation. */
export interface HealingOutcome {
  success: boolean;
  successes: number;
  margin: number;
  /** HP per SM: the healer's allocated dice. */
  hpPerMargin: number;
  /** HP recovered, to share among the patients present ({@link splitHealing}). */
  hpRecovered: number;
  suppliesConsumed: number;
  /** Conditions the patient loses ({@link HEALING_REMOVES}) on success. */
  removesConditions: readonly ConditionId[];
  /** Whether a continuation may be rolled tomorrow: succeeded, patient still injured, supplies remain. */
  continuable: boolean;
}

/**
 * Resolve Healing (Healing): "On success, the patient recovers HP in the amount of the skill's
 * allocated dice per success margin. While the patient is still injured and while consumable supplies
 * are still available, the test is continuable with a continuation roll each day ... For the initial
 * test and for each continuation, a number of supplies equal to the #AD spent is consumed." A failed
 * continuation (fewer than 2 successes) ends the course. HP is capped by `patientMissingHp` when given
 * (the total missing HP of all patients present, when it is to be shared).
 * TV-39: SM 4 with Medicine 3 allocated -> 4 x 3 = 12 HP; 5AD -> 5 supplies.
 */
export function resolveHealing(
  faces: readonly Face[],
  input: HealingInput & { patientMissingHp?: number },
  phase: HealingPhase = "initial",
  options: HealingOptions = {},
): Checked<HealingOutcome> {
  const test = healingTest(input, phase, options);
  if (!test.ok) return test;
  const r = resolveTest(faces, test.value.target);
  const marginTarget =
    phase === "continuation" && (options.continuationMargin ?? "continuation") === "initial"
      ? HEALING_TARGET
      : test.value.target;
  const margin = Math.max(0, 1 + r.successes - marginTarget);
  const hpPerMargin = Math.max(0, input.allocatedDice);
  let hp = r.success ? margin * hpPerMargin : 0;
  if (input.patientMissingHp !== undefined) hp = Math.min(hp, Math.max(0, input.patientMissingHp));
  const consumed = r.success || (options.consumeOnFailure ?? true) ? test.value.supplies : 0;
  const stillInjured = input.patientMissingHp === undefined || input.patientMissingHp - hp > 0;
  return {
    ok: true,
    value: {
      success: r.success,
      successes: r.successes,
      margin: r.success ? margin : r.margin,
      hpPerMargin,
      hpRecovered: hp,
      suppliesConsumed: consumed,
      removesConditions: r.success ? HEALING_REMOVES : [],
      continuable: r.success && stillInjured && input.suppliesAvailable - consumed > 0,
    },
  };
}

/** A patient present during a Healing interval. */
export interface HealingPatient {
  id: string;
  missingHp: number;
}

/**
 * "If more than one patient is present during the interval for healing, resulting HP recovery may be
 * divided between the patients" (Healing). With `shares` (id -> HP) the healer's division is checked:
 * no share above that patient's missing HP, the total not above `totalHp`. Without it, HP are dealt
 * one at a time in turn to the patients still injured (an even split, remainder to the first listed).
 */
export function splitHealing(
  totalHp: number,
  patients: readonly HealingPatient[],
  shares?: Readonly<Record<string, number>>,
): Checked<Map<string, number>> {
  const out = new Map<string, number>();
  for (const p of patients) out.set(p.id, 0);
  if (shares) {
    let sum = 0;
    for (const [id, hp] of Object.entries(shares)) {
      const p = patients.find((q) => q.id === id);
      if (!p) return refused("recoveryUnknownPatient");
      if (!Number.isInteger(hp) || hp < 0) return refused("recoveryInvalidShare");
      if (hp > p.missingHp) return refused("recoveryShareAboveMissing");
      out.set(id, hp);
      sum += hp;
    }
    if (sum > totalHp) return refused("recoverySharesAboveTotal");
    return { ok: true, value: out };
  }
  let left = Math.max(0, Math.floor(totalHp));
  let progressed = true;
  while (left > 0 && progressed) {
    progressed = false;
    for (const p of patients) {
      const got = out.get(p.id) ?? 0;
      if (left > 0 && got < p.missingHp) {
        out.set(p.id, got + 1);
        left--;
        progressed = true;
      }
    }
  }
  return { ok: true, value: out };
}

/**
 * The patient's conditions after a successful Stabilizing: Moribund ends "and the patient becomes
 * merely unconscious" (Stabilizing), so an Unconscious condition is kept explicitly.
 */
export function conditionsAfterStabilizing(conditions: readonly ConditionInput[]): ConditionState[] {
  const states = conditions.map(toConditionState);
  if (!states.some((c) => c.id === "moribund")) return states;
  const rest = states.filter((c) => c.id !== "moribund");
  return rest.some((c) => c.id === "unconscious") ? rest : [...rest, { id: "unconscious" }];
}

/**
 * The patient's conditions after successful Healing: Sickened, Stunned and Moribund are removed
 * (Healing). The text does not say whether a healed Moribund patient stays Unconscious.
 * `healedMoribund: "conscious"` (default, literal: the removed Moribund no longer implies
 * Unconscious) or `"unconscious"` (as after Stabilizing).
 */
export function conditionsAfterHealing(
  conditions: readonly ConditionInput[],
  options: { healedMoribund?: "conscious" | "unconscious" } = {},
): ConditionState[] {
  const states = conditions.map(toConditionState);
  const wasMoribund = states.some((c) => c.id === "moribund");
  const rest = states.filter((c) => !HEALING_REMOVES.includes(c.id));
  if (wasMoribund && options.healedMoribund === "unconscious" && !rest.some((c) => c.id === "unconscious"))
    return [...rest, { id: "unconscious" }];
  return rest;
}
