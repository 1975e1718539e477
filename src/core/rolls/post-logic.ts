/** Roll privacy, Foundry-free: which of Foundry's roll modes a roll is posted with. */

/** The roll modes Foundry knows, by id. */
export const ROLL_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"] as const;

/**
 * The roll mode to post with: the one asked for when Foundry offers it, else the fallback (the
 * core setting). `offered` is `Object.keys(CONFIG.Dice.rollModes)`.
 */
export function chooseRollMode(
  requested: string | null | undefined,
  offered: readonly string[],
  fallback: string,
): string {
  if (requested && offered.includes(requested)) return requested;
  return offered.includes(fallback) ? fallback : (offered[0] ?? "publicroll");
}
