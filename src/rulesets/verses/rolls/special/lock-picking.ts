/**
 * 'Verses special tests, Foundry-free (see `../special-logic.ts`): Lock Picking, with appropriate
 * or improvised tools (`lockPickingTest`, `resolveLockPicking`).
 */
import { lockPickingTest, resolveLockPicking } from "../../rules";
import {
  line,
  outcomeLine,
  poolFor,
  rulesRefusal,
  side,
  spendChange,
  type CommonChoice,
  type DocumentChange,
  type LivingState,
  type Planned,
  type RollPlan,
  type SpecialResult,
  poolRefusal,
} from "./common";
import { adState } from "./common";

/** The skill the test uses. */
const LOCK_PICKING_SKILL = "Lock Picking";

export interface LockPickingChoice extends CommonChoice {
  /** AD spent on the attempt (default 1). */
  ad?: number;
  /** The lock's success target, set by the GM (default 2S). */
  target?: number;
  /** Improvised tools: 1 die fewer, and they break on a failure with no successes. */
  improvised?: boolean;
  /** The improvised tool, an item of the picker's (it loses 1 from its quantity when it breaks). */
  tool?: { uuid: string; name: string } | null;
  fastAction?: boolean;
  optionalAbilities?: readonly string[];
}

interface LockPickingPlan extends RollPlan {
  improvised: boolean;
  tool: { uuid: string; name: string } | null;
  ad: number;
}

/**
 * Lock Picking `Skill + #AD → (the lock's)S`: the skill's pool (PRW by default, "difficulty: 2"), and
 * with improvised tools 1 die fewer ("When using improvised tools, subtract 1 die from attempts to
 * defeat locks").
 */
export function planLockPicking(s: LivingState, choice: LockPickingChoice = {}): Planned<LockPickingPlan> {
  const ad = Math.max(0, Math.floor(choice.ad ?? 1));
  const improvised = choice.improvised === true;
  const pool = poolFor(s, { skill: LOCK_PICKING_SKILL, ad, fastAction: choice.fastAction ?? false }, choice);
  if (!pool.usable) return poolRefusal(pool);
  const test = lockPickingTest({ pool: pool.dice, target: Math.floor(choice.target ?? 2), improvised });
  if (!test.ok) return rulesRefusal(test.reason);
  const parts = [...pool.parts];
  if (test.value.penalty) parts.push({ label: "POLYVERSE.Verses.NewRules.LockPicking.Improvised", dice: -1 });
  return {
    ok: true,
    value: {
      improvised,
      tool: improvised ? (choice.tool ?? null) : null,
      ad,
      pool: test.value.pool,
      optional: pool.offered,
      addOns: pool.addOns,
      adBefore: adState(s),
      roll: {
        target: test.value.target,
        parts,
        label: "POLYVERSE.Verses.NewRules.LockPicking.Title",
        kind: "test",
        ad,
      },
    },
  };
}

/** The lock is defeated on a success; an improvised tool breaks on a failure with no successes (its quantity falls by 1). */
export function resolveLockPickingRoll(
  plan: LockPickingPlan,
  faces: readonly number[],
  actor: { uuid: string; name: string },
  fastAction = false,
): SpecialResult {
  const { outcome, toolBreaks } = resolveLockPicking(faces, plan.roll.target, plan.improvised);
  const changes: DocumentChange[] = spendChange(actor, plan.adBefore, plan.ad, fastAction);
  if (toolBreaks && plan.tool)
    changes.push({
      uuid: plan.tool.uuid,
      name: plan.tool.name,
      add: [{ path: "system.quantity", delta: -1, min: 0 }],
    });
  const lines = [
    line(
      outcome.success
        ? "POLYVERSE.Verses.NewRules.LockPicking.Open"
        : "POLYVERSE.Verses.NewRules.LockPicking.Holds",
    ),
  ];
  if (plan.improvised) lines.push(line("POLYVERSE.Verses.NewRules.LockPicking.ImprovisedLine"));
  if (toolBreaks)
    lines.push(
      plan.tool
        ? line("POLYVERSE.Verses.NewRules.LockPicking.BreaksItem", { tool: plan.tool.name })
        : line("POLYVERSE.Verses.NewRules.LockPicking.Breaks"),
    );
  return {
    changes,
    card: {
      kind: "lockPicking",
      title: line("POLYVERSE.Verses.NewRules.LockPicking.Title"),
      sides: [side(actor.name, plan.roll, faces)],
      outcome: outcome.success ? "success" : "failure",
      headline: outcomeLine(outcome),
      lines,
    },
  };
}
