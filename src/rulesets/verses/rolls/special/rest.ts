/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): The Rest test: TUF + #AD → (#EX)S, unbinding EX.
 */
import type { DocumentChange } from "../../../../core/changes-logic";
import { adChange } from "../../ad-logic";
import { applyRest, availableAD, restTest, type AdRoundState, type RestInput } from "../../rules";
import {
  adState,
  line,
  outcomeLine,
  poolFor,
  refuse,
  rulesRefusal,
  side,
  sum,
  type CommonChoice,
  type LivingState,
  type Planned,
  type RollPlan,
  type SpecialResult,
} from "./common";
// ---- Rest ---------------------------------------------------------------------------------------

export interface RestChoice extends CommonChoice {
  /** AD spent on the Rest action (default: every unspent AD). */
  ad?: number;
  fastAction?: boolean;
  optionalAbilities?: readonly string[];
}

export interface RestPlan extends RollPlan {
  state: AdRoundState;
  input: RestInput;
}

/**
 * The Rest test `TUF + #AD -> (#EX)S` (`restTest`): TUF with the ability dice of the Rest action
 * (Physical Conditioning), effects and conditions (Prone biologicals +1), and the AD. With nothing
 * EX-bound there is nothing to roll (TV-41).
 */
export function planRest(s: LivingState, choice: RestChoice = {}): Planned<RestPlan> {
  const state = adState(s);
  if (state.exBound <= 0) return refuse("POLYVERSE.Verses.Tests.Reason.NothingBound");
  const ad = Math.max(0, Math.floor(choice.ad ?? availableAD(state)));
  const pool = poolFor(
    s,
    { attribute: "tuf", action: "rest", rest: true, ad, fastAction: choice.fastAction ?? false },
    choice,
  );
  if (!pool.usable) return rulesRefusal(pool.reason ?? "");
  const tuf = s.effective.tuf;
  // Every die besides TUF and the AD (abilities, effects, Prone) goes in as "other dice".
  const input: RestInput = { tuf, adSpent: ad, actorKind: s.kind, otherDice: sum(pool.parts) - tuf - ad };
  const test = restTest(state, input);
  if (!test.ok) return rulesRefusal(test.reason);
  return {
    ok: true,
    value: {
      state,
      input,
      pool: test.value.pool,
      optional: pool.offered,
      addOns: pool.addOns,
      adBefore: state,
      roll: {
        target: test.value.target,
        parts: pool.parts,
        label: "POLYVERSE.Verses.Tests.Rest.Title",
        kind: "rest",
        perSM: "1",
        ad,
      },
    },
  };
}

/** Resolve a Rest roll (`applyRest`): 1 EX unbound per SM, at most the EX bound. Jee (TV-28): SM 2, 2 EX. */
export function resolveRestRoll(
  plan: RestPlan,
  faces: readonly number[],
  actor: { uuid: string; name: string },
  fastAction = false,
): Planned<SpecialResult> {
  const result = applyRest(plan.state, plan.input, faces);
  if (!result.ok) return rulesRefusal(result.reason);
  const { outcome, unbound, state } = result.value;
  // The EX unbound always count; the AD spent only in Fast Action (outside it nothing is tracked).
  const after = fastAction ? state : { ...plan.state, exBound: state.exBound };
  const ad = adChange(actor, plan.state, after);
  const changes: DocumentChange[] = ad ? [ad] : [];
  // In Fast Action the active GM records the AD spent on Rest on the combatant from this card
  // (`combat/rounds.ts`), so that Sickened binds no EX that round.
  const success = outcome?.success ?? false;
  return {
    ok: true,
    value: {
      changes,
      card: {
        kind: "rest",
        title: line("POLYVERSE.Verses.Tests.Rest.Title"),
        sides: [side(actor.name, plan.roll, faces)],
        outcome: success ? "success" : "failure",
        headline: outcome ? outcomeLine(outcome) : line("POLYVERSE.Verses.Tests.Reason.NothingBound"),
        lines: [line("POLYVERSE.Verses.Tests.Rest.Unbound", { unbound, bound: state.exBound })],
      },
    },
  };
}
