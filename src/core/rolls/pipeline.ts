/**
 * The roll pipeline in Foundry: {@link runRoll} runs a roll's steps with Foundry's `Hooks`
 * (pipeline-logic.ts has the steps, the hook names and what each is called with). A ruleset
 * describes each roll it offers from a sheet as its five steps; a module may watch or veto any
 * roll of any ruleset through the hooks.
 */
import { runRollSteps, type HookCaller, type RollOutcome, type RollSteps } from "./pipeline-logic";

export {
  ROLL_HOOKS,
  ROLL_STEPS,
  type RollContext,
  type RollOutcome,
  type RollStep,
  type RollSteps,
} from "./pipeline-logic";

/** Run a roll's steps in order with Foundry's hooks between them (a hook returning false vetoes). */
export function runRoll<Config, Choice, Rolled, Posted>(
  who: { ruleset: string; kind: string; subject: unknown },
  steps: RollSteps<Config, Choice, Rolled, Posted>,
): Promise<RollOutcome<Config, Choice, Rolled, Posted>> {
  return runRollSteps(who, steps, Hooks as unknown as HookCaller);
}
