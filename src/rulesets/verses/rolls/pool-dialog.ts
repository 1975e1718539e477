/**
 * The 'Verses pool-roll dialog: the core roll dialog (core/roll-dialog.ts) on the 'Verses model
 * (pool-dialog-logic.ts), which shows the d6 pool built from labelled parts, the AD spent, dice
 * added or removed, the success target, optional dice and the ruleset's own fields, and the odds.
 *
 * `PoolRollDialog.wait(config, start)` resolves with the settled state (the roll mode chosen in
 * it) and evaluation when the roller rolls, or null when the dialog is closed.
 */
import { RollDialog } from "../../../core/roll-dialog";
import { poolDialogModel, type RollDialogConfig, type RollDialogResult } from "../base/pool-dialog-logic";

export type { RollDialogResult } from "../base/pool-dialog-logic";

export const PoolRollDialog = {
  /**
   * Open the dialog and wait for the roller. `start` is the state to open with (already settled,
   * e.g. keeping a target the caller gave); by default the config's initial state, settled.
   */
  async wait(config: RollDialogConfig, start?: RollDialogResult): Promise<RollDialogResult | null> {
    const model = poolDialogModel(config, start);
    const result = await RollDialog.wait(model, {
      rollModes: config.rollModes,
      rollMode: model.start.state.rollMode,
    });
    if (!result) return null;
    return { ...result.state, state: { ...result.state.state, rollMode: result.rollMode } };
  },
};
