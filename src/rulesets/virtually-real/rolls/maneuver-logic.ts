/**
 * The Maneuver penalty on a check, Foundry-free: "You always take a Maneuver penalty after using one of
 * these defenses" (Dodge & Evade; its size is the GM's `maneuverPenalty` setting, chapter 1 leaves it
 * to THE ART OF COMBAT). A standing penalty (base/maneuver-logic.ts) is a line of disadvantage dice on
 * the defender's next roll (check-input-logic.ts), shown in the dialog and on the card.
 *
 * What the GM holds a player's card to: the roller's client built the line from the penalty it saw
 * when the roll was made, and the GM may have cleared that penalty since (the defender's turn came) or
 * set one (a defence declared meanwhile is a roll made before it). A card is held to the penalty
 * standing when the GM records it: it must carry at least those dice (a card leaving out a standing
 * penalty, or taking fewer dice, is refused); it may carry more, up to the largest penalty, from a
 * penalty cleared while the roll was made (dice against the roller only).
 */
import { MANEUVER_SOURCES, MAX_MANEUVER_DICE, type ManeuverSource } from "../base/maneuver-logic";

/** The penalty a check takes: its dice and the defence it follows. */
export interface ManeuverClaim {
  dice: number;
  after: ManeuverSource;
}

/** The line's key (check-input-logic.ts `lineOf("Maneuver")`). */
export const MANEUVER_LINE = "POLYVERSE.VirtuallyReal.Rolls.Line.Maneuver";
/** Where the defences' names for the line are (lang/en/virtually-real-fight2.json). */
export const FIGHT_KEY = "POLYVERSE.VirtuallyReal.Fight";

/** The line's source: the defence the penalty follows, as an i18n key. */
export const maneuverSourceKey = (after: ManeuverSource): string => `${FIGHT_KEY}.After.${after}`;

/** A line as the card stores it. */
interface StoredLine {
  key: string;
  data?: Record<string, string>;
  advantage: number;
  disadvantage: number;
  critMod: number;
}

/** The penalty a card's lines say it took, or null (none, or a line that is not one). */
export function claimedManeuver(lines: readonly StoredLine[]): ManeuverClaim | null {
  const line = lines.find((l) => l.key === MANEUVER_LINE);
  if (!line) return null;
  const after = MANEUVER_SOURCES.find((s) => line.data?.source === maneuverSourceKey(s));
  const dice = line.disadvantage;
  if (!after || !Number.isInteger(dice) || dice < 1 || dice > MAX_MANEUVER_DICE) return null;
  return { dice, after };
}

/**
 * The penalty the GM rebuilds a player's card with: the one the card claims when it is at least the
 * one standing now, else the one standing (the rebuilt card then differs, and is refused).
 */
export function maneuverToCheck(
  standing: ManeuverClaim | null,
  lines: readonly StoredLine[],
): ManeuverClaim | null {
  const claimed = claimedManeuver(lines);
  if (!claimed) return standing;
  return claimed.dice >= (standing?.dice ?? 0) ? claimed : standing;
}
