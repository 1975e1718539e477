/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): Awaken (an Unconscious actor) and the Moribund Survival roll.
 */
import type { DocumentChange } from "../../../../core/changes-logic";
import { adStateOf } from "../../base/ad-logic";
import {
  awakenTest,
  conditionsAfterStabilizing,
  countSuccesses,
  effectiveAD,
  resolveTest,
  survivalOutcome,
  survivalPool,
  type ConditionState,
  type SurvivalOutcome,
} from "../../rules";
import {
  SURVIVAL_OUTCOME,
  line,
  outcomeLine,
  metabolismDice,
  poolFor,
  refuse,
  side,
  spendChange,
  sum,
  type CommonChoice,
  type LivingState,
  type Planned,
  type RollPlan,
  type SpecialResult,
  poolRefusal,
} from "./common";
import { statusDiff } from "./recovery";
// ---- Awaken and the Survival roll ----------------------------------------------------------

export interface AwakenChoice extends CommonChoice {
  ad?: number;
  fastAction?: boolean;
  optionalAbilities?: readonly string[];
}

/**
 * Awaken an Unconscious actor `SOC + #AD -> 4S` (`awakenTest`), with the dice `assemblePool` adds to
 * a SOC test. A Moribund actor cannot be awakened: it must be stabilised first. TV-C10: SOC 2 + 4AD
 * = 6d6 against 4S, 10.01 %.
 */
export function planAwaken(
  s: LivingState,
  target: { name: string; conditions: readonly ConditionState[] },
  choice: AwakenChoice = {},
): Planned<RollPlan> {
  const ids = new Set(target.conditions.map((c) => c.id));
  if (ids.has("moribund"))
    return refuse("POLYVERSE.Verses.Tests.Reason.AwakenMoribund", { target: target.name });
  if (!ids.has("unconscious"))
    return refuse("POLYVERSE.Verses.Tests.Reason.NotUnconscious", { target: target.name });
  const ad = Math.max(0, Math.floor(choice.ad ?? 1));
  if (ad > s.adAvailable)
    return refuse("POLYVERSE.Verses.Tests.Reason.NotEnoughAd", { ad, available: s.adAvailable });
  // Heightened Metabolism's dice stand "in place of action dice" for the test's 1AD (poolFor adds them).
  const test = awakenTest(s.effective.soc, ad + metabolismDice(choice));
  if (!test.ok) return refuse("POLYVERSE.Verses.Tests.Reason.MinimumAd");
  const pool = poolFor(
    s,
    { attribute: "soc", action: "awaken", ad, fastAction: choice.fastAction ?? false },
    choice,
  );
  if (!pool.usable) return poolRefusal(pool);
  return {
    ok: true,
    value: {
      pool: pool.dice,
      optional: pool.offered,
      addOns: pool.addOns,
      adBefore: adStateOf(s),
      roll: {
        target: test.value.target,
        parts: pool.parts,
        label: "POLYVERSE.Verses.Tests.Awaken.Title",
        kind: "test",
        ad,
      },
    },
  };
}

/** On a success the target is no longer Unconscious. */
export function resolveAwakenRoll(
  plan: RollPlan,
  faces: readonly number[],
  docs: { actor: { uuid: string; name: string }; target: { uuid: string; name: string } },
  fastAction = false,
): SpecialResult {
  const outcome = resolveTest(faces, plan.roll.target);
  const changes = spendChange(docs.actor, plan.adBefore, plan.roll.ad ?? 0, fastAction);
  if (outcome.success)
    changes.push({
      uuid: docs.target.uuid,
      name: docs.target.name,
      statuses: [{ id: "unconscious", active: false }],
    });
  return {
    changes,
    card: {
      kind: "awaken",
      title: line("POLYVERSE.Verses.Tests.Awaken.Target", { target: docs.target.name }),
      sides: [side(docs.actor.name, plan.roll, faces)],
      outcome: outcome.success ? "success" : "failure",
      headline: outcomeLine(outcome),
      lines: [
        outcome.success
          ? line("POLYVERSE.Verses.Tests.Awaken.Awake", { target: docs.target.name })
          : line("POLYVERSE.Verses.Tests.Awaken.StillUnconscious", { target: docs.target.name }),
      ],
    },
  };
}

export interface SurvivalChoice extends CommonChoice {
  fastAction?: boolean;
  optionalAbilities?: readonly string[];
}

interface SurvivalPlan extends RollPlan {
  tuf: number;
}

/**
 * The AD a Moribund actor rolls for survival. Moribund makes the actor Unconscious, whose AD are
 * zero, yet the roll is "TUF + all available AD", and TV-40 reaches 4 successes at TUF 2: the zero
 * of Moribund's Unconscious governs actions, not this roll. So: the AD pool after every other
 * condition (`effectiveAD`), less the dice EX-bound, spent or reserved.
 */
function survivalAd(s: LivingState): number {
  const others = s.conditions.filter((c) => c.id !== "moribund" && c.id !== "unconscious");
  const pool = effectiveAD(Math.max(0, s.derived.ad + s.modifiers.ad), others);
  const { exBound, spent, reserved } = s.ad;
  return Math.max(0, pool - exBound - spent - reserved.await - reserved.dodge - reserved.parry);
}

/**
 * The Survival roll of a Moribund actor: `TUF + all available AD + capabilities` (`survivalPool`;
 * Healthy Immunity, Heightened Metabolism and Physical Conditioning join through `assemblePool`).
 */
export function planSurvival(s: LivingState, choice: SurvivalChoice = {}): Planned<SurvivalPlan> {
  if (!s.conditions.some((c) => c.id === "moribund"))
    return refuse("POLYVERSE.Verses.Tests.Reason.NotMoribund");
  const ad = survivalAd(s);
  const pool = poolFor(
    s,
    { attribute: "tuf", action: "survival", ad, fastAction: choice.fastAction ?? false },
    choice,
  );
  if (!pool.usable) return poolRefusal(pool);
  const tuf = s.effective.tuf;
  const dice = survivalPool(tuf, ad, sum(pool.parts) - tuf - ad);
  return {
    ok: true,
    value: {
      tuf,
      pool: dice,
      optional: pool.offered,
      addOns: pool.addOns,
      roll: {
        target: 0,
        parts: pool.parts,
        label: "POLYVERSE.Verses.Tests.Survival.Title",
        kind: "survival",
        ad,
      },
    },
  };
}

/**
 * Resolve a Survival roll (`survivalOutcome`): at `6 - TUF` successes the actor is no longer Moribund
 * but stays Unconscious at 0 HP; 1+ it survives the turn; 0 it dies. TV-40 (TUF 2): 4 / 1-3 / 0.
 */
export function resolveSurvivalRoll(
  plan: SurvivalPlan,
  faces: readonly number[],
  actor: { uuid: string; name: string; conditions: readonly ConditionState[] },
): SpecialResult & { survival: SurvivalOutcome } {
  const { successes } = countSuccesses(faces);
  const result = survivalOutcome(successes, plan.tuf);
  const changes: DocumentChange[] = [];
  if (result === "recovers") {
    const statuses = statusDiff(actor.conditions, conditionsAfterStabilizing(actor.conditions));
    if (statuses.length) changes.push({ uuid: actor.uuid, name: actor.name, statuses });
  }
  return {
    survival: result,
    changes,
    card: {
      kind: "survival",
      title: line("POLYVERSE.Verses.Tests.Survival.Title"),
      sides: [side(actor.name, plan.roll, faces)],
      outcome: result === "dies" ? "failure" : result === "recovers" ? "success" : "neutral",
      headline: line(SURVIVAL_OUTCOME[result], { name: actor.name }),
      lines: [
        line("POLYVERSE.Verses.Tests.Survival.Needed", { needed: Math.max(0, 6 - plan.tuf), successes }),
      ],
    },
  };
}
