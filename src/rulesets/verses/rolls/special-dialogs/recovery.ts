/**
 * 'Verses special-test dialogs, Foundry-free (see `../special-dialog-logic.ts`): Stabilizing and Healing.
 */
import {
  type OptionalDice,
  type RollDialogField,
  type RollDialogState,
} from "../../../../core/roll-dialog-model";
import {
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
} from "../special-logic";
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
} from "./common";
// ---- Stabilizing and Healing -------------------------------------------------------------------

/** The gear a recovery dialog settled on, by UUID ("" tool: none). */
export interface RecoveryPicks {
  skill: string;
  supply: string;
  tool: string | null;
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
  options: { healingOptions?: Parameters<typeof planHealing>[4] } = {},
): SpecialDialog<RecoveryChoice & HealingChoice & { picks: RecoveryPicks }> {
  const healing = mode === "heal";
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
      evaluate: (s) =>
        evaluationOf(planOf(s, s.optional), {
          adMin: 1,
          target,
          extraOptional: helpers(s),
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
    choice: (s) => {
      const gear = gearOf(s);
      const picks: RecoveryPicks =
        "key" in gear
          ? { skill: "", supply: "", tool: null }
          : { skill: gear.skill.uuid, supply: gear.supply.uuid, tool: gear.tool?.uuid ?? "" };
      return { ...choiceOf(s, s.optional), picks, rollMode: s.rollMode };
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
