/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): The Connectedness test.
 */
import { abilityDiceFor, connectednessTest, resolveTest, type AbilityContribution } from "../../rules";
import type { PoolPart } from "../../base/pool-view";
import {
  EFFECTS_LABEL,
  bonusParts,
  line,
  outcomeLine,
  refuse,
  side,
  sum,
  type CommonChoice,
  type LivingState,
  type Planned,
  type RollPlan,
  type SpecialResult,
} from "./common";
// ---- Connectedness -------------------------------------------------------------------------

export interface ConnectednessChoice extends CommonChoice {
  /** The GM's adjustment `CN + POP + # of Recent Visits` (Population). */
  populationAdjustment?: boolean;
  pop?: number;
  recentVisits?: number;
  /** A target the GM chose instead of `(10 - SOC)S`. */
  targetOverride?: number;
  optionalAbilities?: readonly string[];
}

/**
 * The Connectedness test `CN -> (10 - SOC)S` (`connectednessTest`), plus Social Butterfly's dice and
 * the effects on every test. TV-C11: a human with SOC 2 rolls CN 12 against 8S (1.88 %).
 */
export function planConnectedness(s: LivingState, choice: ConnectednessChoice = {}): Planned<RollPlan> {
  const adjust = choice.populationAdjustment === true;
  const test = connectednessTest(
    {
      cn: s.derived.cn,
      soc: s.effective.soc,
      ...(choice.pop !== undefined ? { pop: choice.pop } : {}),
      ...(choice.recentVisits !== undefined ? { recentVisits: choice.recentVisits } : {}),
    },
    {
      populationAdjustment: adjust,
      ...(choice.targetOverride !== undefined ? { targetOverride: choice.targetOverride } : {}),
    },
  );
  const parts: PoolPart[] = [{ label: "POLYVERSE.Verses.Tests.Connectedness.CN", dice: s.derived.cn }];
  if (adjust) {
    parts.push({ label: "POLYVERSE.Verses.Tests.Connectedness.POP", dice: Math.max(0, choice.pop ?? 0) });
    parts.push({
      label: "POLYVERSE.Verses.Tests.Connectedness.Visits",
      dice: Math.max(0, choice.recentVisits ?? 0),
    });
  }
  const chosen = choice.optionalAbilities;
  const offered: AbilityContribution[] = [];
  for (const c of abilityDiceFor({ tags: ["connectedness"], attributes: [] }, s.abilities)) {
    if (c.use !== "add") continue;
    if (c.optional) offered.push(c);
    if (c.optional && (chosen ? !chosen.includes(c.key) : c.exCost > 0)) continue;
    parts.push({ label: c.label, dice: c.dice });
  }
  if (s.modifiers.dice.all !== 0) parts.push({ label: EFFECTS_LABEL, dice: s.modifiers.dice.all });
  parts.push(...bonusParts(choice.bonus, choice.world));
  const pool = Math.max(0, test.pool + sum(parts) - sum(parts.slice(0, adjust ? 3 : 1)));
  if (test.target < 1) return refuse("POLYVERSE.Verses.Tests.Reason.ZeroTarget");
  return {
    ok: true,
    value: {
      pool,
      optional: offered,
      roll: { target: test.target, parts, label: "POLYVERSE.Verses.Tests.Connectedness.Title", kind: "test" },
    },
  };
}

/** The GM reads the result: a contact is found on a success, and SM hints at its disposition. */
export function resolveConnectednessRoll(
  plan: RollPlan,
  faces: readonly number[],
  actorName: string,
): SpecialResult {
  const outcome = resolveTest(faces, plan.roll.target);
  return {
    changes: [],
    card: {
      kind: "connectedness",
      title: line("POLYVERSE.Verses.Tests.Connectedness.Title"),
      sides: [side(actorName, plan.roll, faces)],
      outcome: outcome.success ? "success" : "failure",
      headline: outcomeLine(outcome),
      lines: [
        outcome.success
          ? line("POLYVERSE.Verses.Tests.Connectedness.Found", { margin: outcome.margin })
          : line("POLYVERSE.Verses.Tests.Connectedness.NotFound"),
      ],
    },
  };
}
