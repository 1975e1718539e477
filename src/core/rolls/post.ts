/**
 * Dice So Nice and roll privacy, for every ruleset. A ruleset whose rolls are plain Foundry dice
 * (d6, d10) gets Dice So Nice's animation with each player's own theme and colours with no
 * registration: nothing is hard-coded here and no `diceSoNiceReady` hook is needed. What it needs
 * is that every roll reaches chat through the standard path, `Roll#toMessage` with the roll mode
 * ({@link postRoll}): Foundry then whispers gm/blind/self rolls, marks blind ones, and Dice So Nice
 * shows them (or its ghost dice) to exactly the users Foundry shows the message to. A roll made
 * after its card is posted (a re-roll) is shown with {@link showDice}. The card itself hides the
 * dice from whoever may not see them (the ruleset's card context, given `isPrivate`).
 */
import { resolveRollMode } from "../compat";

export { ROLL_MODES, chooseRollMode } from "./post-logic";

/**
 * The roll mode to post with: `requested` when Foundry offers it (under this version's name: v14
 * calls v13's `gmroll` `gm`), else the user's setting (v13 `core.rollMode`, v14 `core.messageMode`).
 */
export function rollModeFor(requested: string | null | undefined): foundry.CONST.DICE_ROLL_MODES {
  return resolveRollMode(requested) as foundry.CONST.DICE_ROLL_MODES;
}

/**
 * Post an evaluated roll's chat card the standard way, so that Dice So Nice animates it and
 * hidden rolls stay hidden: `toMessage` with the speaker, the flavour and the roll mode.
 */
export async function postRoll(
  roll: foundry.dice.Roll,
  { actor, flavor, rollMode }: { actor: Actor.Implementation; flavor?: string; rollMode?: string | null },
): Promise<unknown> {
  return roll.toMessage(
    { speaker: ChatMessage.getSpeaker({ actor }), flavor: flavor ?? "" },
    { rollMode: rollModeFor(rollMode) },
  );
}

/**
 * Animate a roll that is not posted as a message of its own (a re-roll saved onto its card) with
 * Dice So Nice, when the module is active; shown to everyone (`synchronize`).
 */
export async function showDice(roll: foundry.dice.Roll): Promise<void> {
  const dice3d = (
    game as unknown as { dice3d?: { showForRoll(r: unknown, u: unknown, s: boolean): unknown } }
  ).dice3d;
  if (dice3d) await dice3d.showForRoll(roll, game.user, true);
}
