/**
 * 'Verses special-test dialogs, Foundry-free (see `../special-dialog-logic.ts`): Stabilizing and Healing.
 */
import {
  type DialogMessage,
  type OptionalDice,
  type RollDialogField,
  type RollDialogState,
} from "../../base/pool-dialog-logic";
import {
  checkShares,
  pickRecoveryGear,
  planHealing,
  planStabilize,
  recoveryHelpers,
  type CardLine,
  type HealingChoice,
  type PatientState,
  type Planned,
  type RecoveryChoice,
  type RecoveryGear,
  type RecoveryOptionsAtHand,
  type RollPlan,
} from "../special";
import { isAddOnKey } from "../../rules";
import {
  chosenOptional,
  config,
  defaultAddOns,
  evaluationOf,
  initial,
  startingAd,
  type SpecialDialog,
  type SpecialDialogBase,
  common,
  defaultOptional,
  messageOf,
} from "./common";
// ---- Stabilizing and Healing -------------------------------------------------------------------

/** The gear a recovery dialog settled on, by UUID ("" tool: none). */
interface RecoveryPicks {
  skill: string;
  supply: string;
  tool: string | null;
}

// ---- Healing several patients: the healer's shares ------------------------------------------

/** The share field of the `i`th patient. */
const shareField = (i: number) => `share-${i}`;

/**
 * A share field per patient when healing several ("resulting HP recovery may be divided between the
 * patients"): HP to give each, all empty by default (then the HP are divided evenly).
 */
function shareFields(patients: readonly PatientState[]): RollDialogField[] {
  if (patients.length < 2) return [];
  return patients.map((p, i) => ({
    kind: "number" as const,
    name: shareField(i),
    label: p.name,
    min: 0,
    step: 1,
    unit: "POLYVERSE.Verses.SplitHealing.ShareUnit",
    // Said once, under the last share.
    ...(i === patients.length - 1 ? { hint: "POLYVERSE.Verses.SplitHealing.ShareHint" } : {}),
  }));
}

/**
 * The healer's shares (patient UUID -> HP) the dialog's fields say, or undefined (an even division)
 * when every field is empty; an empty field beside filled ones gives that patient nothing.
 */
export function sharesOf(
  patients: readonly PatientState[],
  state: Pick<RollDialogState, "values">,
): Record<string, number> | undefined {
  if (patients.length < 2) return undefined;
  const values = patients.map((_, i) => state.values[shareField(i)]);
  if (values.every((v) => v === null || v === undefined || v === "")) return undefined;
  return Object.fromEntries(
    patients.map((p, i) => {
      const n = Number(values[i] ?? 0);
      return [p.uuid, Number.isFinite(n) ? n : Number.NaN];
    }),
  );
}

/** The shares checked as a macro's are (`checkShares`), and a note on how the HP are divided. */
function shareMessages(
  patients: readonly PatientState[],
  state: RollDialogState,
): { problems: DialogMessage[]; notes: DialogMessage[] } {
  if (patients.length < 2) return { problems: [], notes: [] };
  const shares = sharesOf(patients, state);
  const bad = checkShares(patients, shares);
  return {
    problems: bad ? [messageOf(bad)] : [],
    notes: [
      {
        key: shares
          ? "POLYVERSE.Verses.SplitHealing.DialogShares"
          : "POLYVERSE.Verses.SplitHealing.DialogEven",
        data: { count: String(patients.length) },
      },
    ],
  };
}

/**
 * Stabilizing `Skill + #AD -> 2S` or Healing `Skill + Tools + #AD -> 3S 2C` of a patient: the
 * roller picks the skill, the supplies and (Healing) the tool among what they carry; Herbalism
 * (and, to heal, Pharmacology) may add their allocated dice; at least 1AD, no more than the
 * supplies hold.
 */
export function recoveryDialog(
  base: SpecialDialogBase,
  mode: "stabilise" | "heal",
  patient: PatientState,
  atHand: RecoveryOptionsAtHand,
  options: {
    healingOptions?: Parameters<typeof planHealing>[4];
    /** Every patient present when healing several (the first is `patient`): a share field each. */
    patients?: readonly PatientState[];
  } = {},
): SpecialDialog<RecoveryChoice & HealingChoice & { picks: RecoveryPicks; shares?: Record<string, number> }> {
  const healing = mode === "heal";
  const several = healing ? (options.patients ?? []) : [];
  const fields: RollDialogField[] = [
    {
      kind: "select",
      name: "skill",
      label: "POLYVERSE.Verses.Tests.Dialog.Skill",
      choices: atHand.skills.map((s) => ({ value: s.uuid, label: s.name })),
    },
    {
      kind: "select",
      name: "supply",
      label: "POLYVERSE.Verses.Tests.Dialog.Supplies",
      choices: atHand.supplies.map((s) => ({ value: s.uuid, label: `${s.name} (${s.supplies})` })),
      hint: "POLYVERSE.Verses.Tests.Dialog.SuppliesHint",
    },
  ];
  if (healing)
    fields.push({
      kind: "select",
      name: "tool",
      label: "POLYVERSE.Verses.Tests.Dialog.Tool",
      choices: [
        { value: "", label: "POLYVERSE.Verses.Tests.Dialog.NoTool" },
        ...atHand.tools.map((t) => ({ value: t.uuid, label: `${t.name} (OL ${t.ol})` })),
      ],
    });
  fields.push(...shareFields(several));
  const gearOf = (s: RollDialogState): RecoveryGear | CardLine =>
    pickRecoveryGear(atHand, {
      skill: String(s.values.skill ?? ""),
      supply: String(s.values.supply ?? ""),
      tool: healing ? String(s.values.tool ?? "") : "",
    });
  const helperKeys = new Set(["herbalism", "pharmacology"]);
  const choiceOf = (s: RollDialogState, optional?: string[]) => ({
    ...common(base, s),
    ad: s.ad,
    ...(optional
      ? {
          herbalism: optional.includes("herbalism"),
          pharmacology: optional.includes("pharmacology"),
          ...chosenOptional(optional.filter((k) => !helperKeys.has(k))),
        }
      : {}),
  });
  const planOf = (s: RollDialogState, optional?: string[]): Planned<RollPlan> => {
    const gear = gearOf(s);
    if ("key" in gear) return { ok: false, reason: gear };
    return healing
      ? planHealing(base.actor, patient, gear, choiceOf(s, optional), options.healingOptions ?? {})
      : planStabilize(base.actor, patient, gear, choiceOf(s, optional));
  };
  const helpers = (s: RollDialogState): OptionalDice[] => {
    const gear = gearOf(s);
    if ("key" in gear) return [];
    return recoveryHelpers(base.actor, healing, gear.skill.family).map((h) => ({
      key: h.key,
      label: h.label,
      dice: h.dice,
    }));
  };
  const best = pickRecoveryGear(atHand);
  const values = {
    skill: "key" in best ? "" : best.skill.uuid,
    supply: "key" in best ? "" : best.supply.uuid,
    ...(healing ? { tool: "key" in best ? "" : (best.tool?.uuid ?? "") } : {}),
  };
  const target = healing ? 3 : 2;
  const supplies = "key" in best ? Infinity : best.supply.supplies;
  const first = initial(base, { ad: startingAd(base, supplies), target }, values);
  const title = healing
    ? "POLYVERSE.Verses.Tests.Dialog.HealTitle"
    : "POLYVERSE.Verses.Tests.Dialog.StabiliseTitle";
  return {
    config: config(base, {
      title,
      label: title,
      fields,
      initial: {
        ...first,
        optional: [...helpers(first).map((h) => h.key), ...defaultOptional(planOf(first))],
      },
      evaluate: (s) => {
        const shares = shareMessages(several, s);
        return evaluationOf(planOf(s, s.optional), {
          adMin: 1,
          target,
          extraOptional: helpers(s),
          adAvailable: base.actor.adAvailable,
          ad: s.ad,
          problems: shares.problems,
          notes: [
            ...(several.length > 1 ? several : [patient]).map((p) => ({
              key: "POLYVERSE.Verses.Tests.Dialog.Patient",
              data: { name: p.name, hp: String(p.hp), max: String(p.hpMax) },
            })),
            ...shares.notes,
          ],
        });
      },
    }),
    choice: (s) => {
      const gear = gearOf(s);
      const picks: RecoveryPicks =
        "key" in gear
          ? { skill: "", supply: "", tool: null }
          : { skill: gear.skill.uuid, supply: gear.supply.uuid, tool: gear.tool?.uuid ?? "" };
      const shares = sharesOf(several, s);
      return { ...choiceOf(s, s.optional), picks, ...(shares ? { shares } : {}), rollMode: s.rollMode };
    },
  };
}

/**
 * The next day of a healing course (`2C`): its patient, skill, supplies and tool are the course's;
 * the roller chooses the AD (supplies used) and the helper skills.
 */
export function healingDayDialog(
  base: SpecialDialogBase,
  patient: PatientState,
  gear: RecoveryGear,
  options: { healingOptions?: Parameters<typeof planHealing>[4] } = {},
): SpecialDialog<HealingChoice> {
  const helpers: OptionalDice[] = recoveryHelpers(base.actor, true, gear.skill.family).map((h) => ({
    key: h.key,
    label: h.label,
    dice: h.dice,
  }));
  const choiceOf = (s: RollDialogState, addOns?: string[]): HealingChoice => ({
    ...common(base, s),
    ad: s.ad,
    phase: "continuation",
    herbalism: s.optional.includes("herbalism"),
    pharmacology: s.optional.includes("pharmacology"),
    ...(addOns ? { addOns } : {}),
  });
  const first = initial(base, {
    ad: startingAd(base, gear.supply.supplies),
    target: 2,
    optional: helpers.map((h) => h.key),
  });
  const planOf = (s: RollDialogState, addOns?: string[]) =>
    planHealing(base.actor, patient, gear, choiceOf(s, addOns), options.healingOptions ?? {});
  return {
    config: config(base, {
      title: "POLYVERSE.Verses.Tests.Dialog.HealDayTitle",
      label: gear.skill.name,
      initial: { ...first, optional: [...first.optional, ...defaultAddOns(planOf(first))] },
      evaluate: (s) =>
        evaluationOf(planOf(s, s.optional.filter(isAddOnKey)), {
          adMin: 1,
          target: 2,
          extraOptional: helpers,
          adAvailable: base.actor.adAvailable,
          ad: s.ad,
          notes: [
            {
              key: "POLYVERSE.Verses.Tests.Dialog.Patient",
              data: { name: patient.name, hp: String(patient.hp), max: String(patient.hpMax) },
            },
          ],
        }),
    }),
    choice: (s) => ({ ...choiceOf(s, s.optional.filter(isAddOnKey)), rollMode: s.rollMode }),
  };
}
