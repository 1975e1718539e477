/** Roll privacy, Foundry-free: which of Foundry's roll modes a roll is posted with. */
import { offeredMode, publicMode } from "../compat-logic";

/** The roll modes Foundry v13 knows, by id (v14 names them `public`, `gm`, `blind`, `self`). */
export const ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;

/**
 * The roll mode to post with: the one asked for when Foundry offers it, else the fallback (the
 * user's setting), else public. `offered` is the running Foundry's modes (v13's
 * `CONFIG.Dice.rollModes`, v14's `CONFIG.ChatMessage.modes`); a mode asked for under the other
 * version's name is the same visibility under this one's (`gmroll` is v14's `gm`, and back).
 */
export function chooseRollMode(
  requested: string | null | undefined,
  offered: readonly string[],
  fallback: string,
): string {
  return offeredMode(requested, offered) ?? offeredMode(fallback, offered) ?? publicMode(offered);
}
