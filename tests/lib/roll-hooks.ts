// Core's roll pipeline hooks as the integration tests watch them: every hook in the order the
// pipeline calls it, a log of each call (hook, kind, ruleset, whether anything was rolled yet),
// and the one hook that returns false (a veto) when a test names it.

/** Every roll hook, in the order the pipeline calls them (docs/adding-a-ruleset.md). */
export const ROLL_HOOKS = [
  "polyverse.preRoll",
  "polyverse.rollConfigured",
  "polyverse.preRollDialog",
  "polyverse.preEvaluate",
  "polyverse.prePost",
  "polyverse.preApply",
  "polyverse.rollDone",
];

/** The hooks before anything is posted: a veto there leaves no card and no change. */
export const VETOES_BEFORE_POST = [
  "polyverse.preRoll",
  "polyverse.preRollDialog",
  "polyverse.preEvaluate",
  "polyverse.prePost",
];

export interface RollHookLog {
  seen: { hook: string; kind: string; ruleset: string; rolled: boolean }[];
  /** The hook that returns false, or null for none. */
  veto: string | null;
}

/** Listen to every roll hook through the stand-in's `Hooks`, logging each call into `log`. */
export function listenToRollHooks(hooks: {
  on(hook: string, fn: (context: any) => unknown): unknown;
}): RollHookLog {
  const log: RollHookLog = { seen: [], veto: null };
  for (const hook of ROLL_HOOKS)
    hooks.on(hook, (context: any) => {
      log.seen.push({ hook, kind: context.kind, ruleset: context.ruleset, rolled: Boolean(context.rolled) });
      return hook !== log.veto;
    });
  return log;
}
