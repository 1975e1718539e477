/**
 * The roll dialogs of the 'Verses special tests, Foundry-free: for each test a configuration of the
 * 'Verses pool-roll dialog (`pool-dialog-logic.ts`) whose pool, optional dice, success target and
 * problems come from the test's own `plan…` function in special-logic.ts, and the choice the
 * settled dialog stands for, which the glue (special.ts) rolls with. The sheet's buttons, the
 * skip-dialog path and the browser fixtures all go through these functions, so they agree.
 *
 * The rules fix most special tests' targets (Rest `(#EX)S`, Stabilizing 2S, Healing 3S, Awaken
 * 4S, a maintenance roll's `#C`): those dialogs show the target without an input. Connectedness
 * suggests `(10 - SOC)S` and the GM may set another; a new continuous test's `#S` and `#C` are the
 * roller's. An Influence contest's odds are the chance of beating the target's resistance.
 *
 * One module per group under `special-dialogs/`; this one gathers them.
 */
export * from "./common";
export * from "./tests";
export * from "./recovery";
export * from "./animals";
export * from "./social";
