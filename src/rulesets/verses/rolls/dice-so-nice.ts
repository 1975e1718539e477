/**
 * Dice So Nice and roll privacy. A 'Verses pool is plain d6, so Dice So Nice animates it with each
 * player's own theme and colours with no registration: nothing is hard-coded here and no
 * `diceSoNiceReady` hook is needed. What it needs is that every pool reaches chat through the
 * standard path, `Roll#toMessage` with the roll mode, which this module is the one place of:
 * Foundry then whispers gm/blind/self rolls, marks blind ones, and Dice So Nice shows them (or its
 * ghost dice) to exactly the users Foundry shows the message to. The card itself hides the dice
 * from whoever may not see them (pool-view `poolCardContext` with `isPrivate`).
 */

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

/**
 * Post an evaluated roll's chat card the standard way, so that Dice So Nice animates it and
 * hidden rolls stay hidden: `toMessage` with the speaker, the flavour and the roll mode.
 */
export async function postRoll(
  roll: foundry.dice.Roll,
  { actor, flavor, rollMode }: { actor: Actor.Implementation; flavor?: string; rollMode?: string | null },
): Promise<unknown> {
  const mode = chooseRollMode(
    rollMode,
    Object.keys(CONFIG.Dice.rollModes),
    String(game.settings.get("core", "rollMode")),
  ) as foundry.CONST.DICE_ROLL_MODES;
  return roll.toMessage(
    { speaker: ChatMessage.getSpeaker({ actor }), flavor: flavor ?? "" },
    { rollMode: mode },
  );
}
