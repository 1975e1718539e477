/**
 * The roll pipeline, Foundry-free: a ruleset describes a roll as five named steps and the pipeline
 * runs them in order, `configure → dialog → evaluate → post → apply`, calling a hook before each
 * (and one after `configure`) that may veto the roll by returning false, as dnd5e's roll hooks do.
 *
 * | hook                       | called                           | the context holds so far       |
 * | -------------------------- | -------------------------------- | ------------------------------ |
 * | `polyverse.preRoll`        | before `configure`               | `ruleset`, `kind`, `subject`   |
 * | `polyverse.rollConfigured` | after `configure`                | + `config`                     |
 * | `polyverse.preRollDialog`  | before `dialog`                  | + `config`                     |
 * | `polyverse.preEvaluate`    | before `evaluate`                | + `choice`                     |
 * | `polyverse.prePost`        | before `post`                    | + `rolled`                     |
 * | `polyverse.preApply`       | before `apply`                   | + `posted`                     |
 * | `polyverse.rollDone`       | after `apply` (cannot veto)      | everything                     |
 *
 * Each hook is called with the one context object; a hook may change `config` or `choice` in it
 * (the next step reads them from the context). A step that returns null stops the roll: the dialog
 * was cancelled, or the rules refused the roll (the step tells the user why). Nothing after the
 * step that stopped runs, and no later hook is called.
 */

/** The steps, in order. */
export const ROLL_STEPS = ["configure", "dialog", "evaluate", "post", "apply"] as const;
export type RollStep = (typeof ROLL_STEPS)[number];

/** The hooks, by the step they come before (`configured`: after `configure`; `done`: after `apply`). */
export const ROLL_HOOKS = {
  configure: "polyverse.preRoll",
  configured: "polyverse.rollConfigured",
  dialog: "polyverse.preRollDialog",
  evaluate: "polyverse.preEvaluate",
  post: "polyverse.prePost",
  apply: "polyverse.preApply",
  done: "polyverse.rollDone",
} as const;

/** What the hooks are called with: Foundry's `Hooks`, or a fake in tests. */
export interface HookCaller {
  /** Call a hook; false when one of its functions returned false (the roll is vetoed). */
  call(name: string, ...args: unknown[]): boolean;
  /** Call a hook that cannot veto. */
  callAll(name: string, ...args: unknown[]): unknown;
}

/** What the hooks see, filled in step by step. */
export interface RollContext<Config, Choice, Rolled, Posted> {
  /** The ruleset's id ("verses"). */
  ruleset: string;
  /** What is rolled, as the ruleset names it ("test", "attack", "rest"). */
  kind: string;
  /** Who rolls (the actor), for hooks to read. */
  subject: unknown;
  config?: Config;
  choice?: Choice;
  rolled?: Rolled;
  posted?: Posted;
}

type Maybe<T> = T | null | Promise<T | null>;

/** A roll as its steps. A step returning null stops the roll (cancelled or refused). */
export interface RollSteps<Config, Choice, Rolled, Posted> {
  /** Work out what may be rolled and how (the dialog's input): null when the rules refuse. */
  configure(): Maybe<Config>;
  /** The roller's choice: the dialog, or its defaults when skipped; null when cancelled. */
  dialog(config: Config): Maybe<Choice>;
  /** Roll the dice: null when the rules refuse the choice (not enough AD). */
  evaluate(config: Config, choice: Choice): Maybe<Rolled>;
  /** Post the card (the chat message, or null when none was made). */
  post(rolled: Rolled, config: Config, choice: Choice): Posted | Promise<Posted>;
  /** Apply what the roll changes on documents. */
  apply(rolled: Rolled, posted: Posted, config: Config, choice: Choice): void | Promise<void>;
}

/** How a roll ended: done with what it rolled and posted, or stopped at a step. */
export type RollOutcome<Config, Choice, Rolled, Posted> =
  | { status: "done"; context: Required<RollContext<Config, Choice, Rolled, Posted>> }
  | {
      /** `vetoed`: a hook returned false; `stopped`: the step returned null (cancelled or refused). */
      status: "vetoed" | "stopped";
      step: RollStep;
      context: RollContext<Config, Choice, Rolled, Posted>;
    };

/**
 * Run a roll's steps in order with the hooks between them. Errors thrown by a step or a hook are
 * not caught: the caller's error handling applies.
 */
export async function runRollSteps<Config, Choice, Rolled, Posted>(
  who: { ruleset: string; kind: string; subject: unknown },
  steps: RollSteps<Config, Choice, Rolled, Posted>,
  hooks: HookCaller,
): Promise<RollOutcome<Config, Choice, Rolled, Posted>> {
  const context: RollContext<Config, Choice, Rolled, Posted> = { ...who };
  const vetoed = (step: RollStep) => ({ status: "vetoed" as const, step, context });
  const stopped = (step: RollStep) => ({ status: "stopped" as const, step, context });

  if (hooks.call(ROLL_HOOKS.configure, context) === false) return vetoed("configure");
  const config = await steps.configure();
  if (config === null) return stopped("configure");
  context.config = config;
  if (hooks.call(ROLL_HOOKS.configured, context) === false) return vetoed("configure");

  // A hook may have replaced the configuration or the choice: the next step reads them from the context.
  const configNow = (): Config => context.config ?? config;
  if (hooks.call(ROLL_HOOKS.dialog, context) === false) return vetoed("dialog");
  const choice = await steps.dialog(configNow());
  if (choice === null) return stopped("dialog");
  context.choice = choice;
  const choiceNow = (): Choice => context.choice ?? choice;

  if (hooks.call(ROLL_HOOKS.evaluate, context) === false) return vetoed("evaluate");
  const rolled = await steps.evaluate(configNow(), choiceNow());
  if (rolled === null) return stopped("evaluate");
  context.rolled = rolled;

  if (hooks.call(ROLL_HOOKS.post, context) === false) return vetoed("post");
  const posted = await steps.post(rolled, configNow(), choiceNow());
  context.posted = posted;

  if (hooks.call(ROLL_HOOKS.apply, context) === false) return vetoed("apply");
  await steps.apply(rolled, posted, configNow(), choiceNow());
  hooks.callAll(ROLL_HOOKS.done, context);
  return { status: "done", context: context as Required<typeof context> };
}
