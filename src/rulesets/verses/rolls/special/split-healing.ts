/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): Healing several patients at once.
 * "If more than one patient is present during the interval for healing, resulting HP recovery may be
 * divided between the patients" (Healing): one test (`Skill + Tools + #AD → 3S`), its HP capped by
 * the patients' missing HP together, divided by `splitHealing` (the healer's shares, or dealt one
 * at a time in turn: an even split, the remainder to the first listed), one card. Each patient's HP
 * and the conditions healing ends are a change of its own, so a patient the healer's user does not
 * own is asked of the GM (the card's pending changes, within the ruleset's allow-list).
 */
import {
  conditionsAfterHealing,
  resolveHealing,
  splitHealing,
  type HealingOptions,
  type RulesMessageKey,
} from "../../rules";
import {
  CONDITION_NAME,
  line,
  refuse,
  rulesRefusal,
  side,
  spendChange,
  type CardLine,
  type Planned,
  type SpecialResult,
} from "./common";
import { adOf, recoveryChanges, statusDiff, type HealingPlan, type PatientState } from "./recovery";

/** Why the healer's division is refused, by the rules' reason. */
const SHARE_REASON: Partial<Record<RulesMessageKey, string>> = {
  recoveryUnknownPatient: "POLYVERSE.Verses.SplitHealing.UnknownPatient",
  recoveryInvalidShare: "POLYVERSE.Verses.SplitHealing.InvalidShare",
  recoveryShareAboveMissing: "POLYVERSE.Verses.SplitHealing.ShareAboveMissing",
  recoverySharesAboveTotal: "POLYVERSE.Verses.SplitHealing.SharesAboveTotal",
};

/**
 * Resolve one Healing test for several patients: the HP (allocated dice per SM, at most what the
 * patients miss together) divided between them; on a success every patient present loses Sickened,
 * Stunned and Moribund ("A patient ... who receives healing also has these conditions removed"),
 * supplies consumed = AD. A course shared by several patients is not kept for tomorrow: each
 * patient's continuation is its own course (the card says so).
 */
export function resolveSplitHealingRoll(
  plan: HealingPlan,
  faces: readonly number[],
  healer: { uuid: string; name: string },
  patients: readonly PatientState[],
  shares?: Readonly<Record<string, number>>,
  options: HealingOptions & { healedMoribund?: "conscious" | "unconscious" } = {},
  fastAction = false,
): Planned<SpecialResult & { split: Map<string, number> }> {
  const missing = patients.map((p) => ({ id: p.uuid, missingHp: Math.max(0, p.hpMax - p.hp) }));
  const total = missing.reduce((n, p) => n + p.missingHp, 0);
  const r = resolveHealing(faces, { ...plan.input, patientMissingHp: total }, plan.phase, options);
  if (!r.ok) return rulesRefusal(r.reason);
  const o = r.value;
  let split = splitHealing(o.hpRecovered, missing, o.success ? shares : undefined);
  // The healer's division asked for more HP than the test gave: divided evenly instead, as said.
  const evenly = !split.ok && split.reason.key === "recoverySharesAboveTotal";
  if (evenly) split = splitHealing(o.hpRecovered, missing);
  if (!split.ok)
    return refuse(SHARE_REASON[split.reason.key] ?? "POLYVERSE.Verses.SplitHealing.InvalidShare");
  const changes = [...spendChange(healer, plan.adBefore, adOf(plan), fastAction)];
  const lines: CardLine[] = [];
  patients.forEach((patient, i) => {
    const hp = split.value.get(patient.uuid) ?? 0;
    const after = o.success
      ? conditionsAfterHealing(
          patient.conditions,
          options.healedMoribund ? { healedMoribund: options.healedMoribund } : {},
        )
      : patient.conditions;
    const statuses = statusDiff(patient.conditions, after);
    // The supplies are consumed once, with the first patient's changes.
    changes.push(...recoveryChanges(patient, plan.gear, hp, i === 0 ? o.suppliesConsumed : 0, statuses));
    if (o.success) lines.push(line("POLYVERSE.Verses.SplitHealing.Share", { patient: patient.name, hp }));
    for (const s of statuses.filter((x) => !x.active))
      lines.push(
        line("POLYVERSE.Verses.SplitHealing.Removed", {
          patient: patient.name,
          condition: CONDITION_NAME(s.id),
        }),
      );
  });
  if (o.success)
    lines.unshift(
      line("POLYVERSE.Verses.SplitHealing.Total", {
        hp: o.hpRecovered,
        margin: o.margin,
        perSM: o.hpPerMargin,
        count: patients.length,
      }),
    );
  lines.push(
    line("POLYVERSE.Verses.Tests.Recovery.Supplies", {
      used: o.suppliesConsumed,
      item: plan.gear.supply.name,
      left: Math.max(0, plan.gear.supply.supplies - o.suppliesConsumed),
    }),
    line("POLYVERSE.Verses.SplitHealing.NoCourse"),
  );
  if (evenly) lines.unshift(line("POLYVERSE.Verses.SplitHealing.Evenly", { hp: o.hpRecovered }));
  return {
    ok: true,
    value: {
      split: split.value,
      changes,
      card: {
        kind: "healing",
        title: line("POLYVERSE.Verses.SplitHealing.Title", {
          patients: patients.map((p) => p.name).join(", "),
        }),
        sides: [side(healer.name, plan.roll, faces)],
        outcome: o.success ? "success" : "failure",
        headline: o.success
          ? line("POLYVERSE.Verses.Roll.Success", { margin: o.margin })
          : line("POLYVERSE.Verses.Roll.Failure"),
        lines,
      },
    },
  };
}

/**
 * The healer's division checked before the roll (every share a whole number for a patient present,
 * no more than that patient misses); the total is checked against the HP the roll gives.
 */
export function checkShares(
  patients: readonly PatientState[],
  shares: Readonly<Record<string, number>> | undefined,
): CardLine | null {
  if (!shares) return null;
  const missing = patients.map((p) => ({ id: p.uuid, missingHp: Math.max(0, p.hpMax - p.hp) }));
  const r = splitHealing(Number.MAX_SAFE_INTEGER, missing, shares);
  return r.ok ? null : { key: SHARE_REASON[r.reason.key] ?? "POLYVERSE.Verses.SplitHealing.InvalidShare" };
}
