/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): The Rest test: TUF + #AD → (#EX)S, unbinding EX.
 */
import type { DocumentChange } from "../../../../core/changes-logic";
import { adChange } from "../../base/ad-logic";
import {
  allADBound,
  applyRest,
  availableAD,
  refused,
  resolveTest,
  restTest,
  restWithMetabolism,
  spendAD,
  unbindEX,
  type AdRoundState,
  type RestInput,
} from "../../rules";
import type { MetabolismOffer } from "../../base/metabolism-logic";
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
  poolRefusal,
} from "./common";
// ---- Rest ---------------------------------------------------------------------------------------

export interface RestChoice extends CommonChoice {
  /** AD spent on the Rest action (default: every unspent AD). */
  ad?: number;
  fastAction?: boolean;
  optionalAbilities?: readonly string[];
  /** The actor's Heightened Metabolism (its bound dice count with the EX-bound AD); the glue reads it. */
  metabolism?: MetabolismOffer | null;
}

interface RestPlan extends RollPlan {
  state: AdRoundState;
  input: RestInput;
  /** Heightened Metabolism with dice bound, which this Rest frees first; null when none are bound. */
  metabolism: MetabolismOffer | null;
}

/**
 * The Rest test `TUF + #AD -> (#EX)S` (`restTest`): TUF with the ability dice of the Rest action
 * (Physical Conditioning), effects and conditions (Prone biologicals +1), and the AD. With nothing
 * EX-bound there is nothing to roll (TV-41). Heightened Metabolism's bound dice count as EX-bound
 * ("treated as EX-bound until they are recovered through the Rest action", `restWithMetabolism`):
 * with 2 AD and 1 metabolism die bound the Rest is against 3S; with only metabolism dice bound there
 * is still a Rest to roll.
 */
export function planRest(s: LivingState, choice: RestChoice = {}): Planned<RestPlan> {
  const state = adState(s);
  const metabolism = choice.metabolism && choice.metabolism.bound > 0 ? choice.metabolism : null;
  if (state.exBound <= 0 && !metabolism) return refuse("POLYVERSE.Verses.Tests.Reason.NothingBound");
  const ad = Math.max(0, Math.floor(choice.ad ?? availableAD(state)));
  const pool = poolFor(
    s,
    { attribute: "tuf", action: "rest", rest: true, ad, fastAction: choice.fastAction ?? false },
    choice,
  );
  if (!pool.usable) return poolRefusal(pool);
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
      metabolism,
      pool: test.value.pool,
      optional: pool.offered,
      addOns: pool.addOns,
      adBefore: state,
      roll: {
        target: restWithMetabolism(state.exBound, metabolism?.bound ?? 0, 0).target,
        parts: pool.parts,
        label: "POLYVERSE.Verses.Tests.Rest.Title",
        kind: "rest",
        perSM: "1",
        ad,
      },
    },
  };
}

/**
 * The Rest with Heightened Metabolism's dice bound: the AD spent, the test against the EX-bound AD
 * and metabolism dice together, and the SM freeing the metabolism dice first, then AD.
 */
function restFreeingMetabolism(plan: RestPlan, metabolism: MetabolismOffer, faces: readonly number[]) {
  if (faces.length !== plan.pool) return refused("restFaceCount", { pool: plan.pool, faces: faces.length });
  const spent = spendAD(plan.state, plan.input.adSpent, { minimum: allADBound(plan.state) ? 0 : 1 });
  if (!spent.ok) return spent;
  const outcome = resolveTest(faces, plan.roll.target);
  const freed = restWithMetabolism(
    plan.state.exBound,
    metabolism.bound,
    outcome.success ? outcome.margin : 0,
  );
  const { state } = unbindEX(spent.value, freed.adFreed);
  return {
    ok: true as const,
    value: { state, outcome, unbound: freed.adFreed, metabolismFreed: freed.metabolismFreed },
  };
}

/**
 * Resolve a Rest roll (`applyRest`): 1 EX unbound per SM, at most the EX bound. Jee (TV-28): SM 2,
 * 2 EX. Heightened Metabolism's bound dice are freed first (the ability item's `exBound` falls).
 */
export function resolveRestRoll(
  plan: RestPlan,
  faces: readonly number[],
  actor: { uuid: string; name: string },
  fastAction = false,
): Planned<SpecialResult> {
  const hm = plan.metabolism;
  const result = hm
    ? restFreeingMetabolism(plan, hm, faces)
    : (() => {
        const r = applyRest(plan.state, plan.input, faces);
        return r.ok ? { ok: true as const, value: { ...r.value, metabolismFreed: 0 } } : r;
      })();
  if (!result.ok) return rulesRefusal(result.reason);
  const { outcome, unbound, state, metabolismFreed } = result.value;
  // The EX unbound always count; the AD spent only in Fast Action (outside it nothing is tracked).
  const after = fastAction ? state : { ...plan.state, exBound: state.exBound };
  const ad = adChange(actor, plan.state, after);
  const changes: DocumentChange[] = ad ? [ad] : [];
  if (hm && metabolismFreed > 0)
    changes.push({ uuid: hm.uuid, name: hm.name, set: { "system.exBound": hm.bound - metabolismFreed } });
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
        lines: [
          ...(hm
            ? [
                line("POLYVERSE.Verses.Metabolism.Freed", {
                  freed: metabolismFreed,
                  bound: hm.bound - metabolismFreed,
                }),
              ]
            : []),
          line("POLYVERSE.Verses.Tests.Rest.Unbound", { unbound, bound: state.exBound }),
        ],
      },
    },
  };
}
