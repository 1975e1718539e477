/**
 * The Maneuver penalties standing in the world (maneuver-logic.ts), in Foundry: one hidden world
 * setting (`polyverse.virtually-real.maneuverState`), which only a GM may write (Foundry refuses a
 * player's write of a world setting), so what stands is never a player's word. Every client reads it:
 * the check builds a standing penalty into the roller's next roll as a line; the GM holds a player's
 * check card to it.
 */
import { SYSTEM_ID } from "../../../core/constants";
import {
  MANEUVER_SETTING_KEY,
  readManeuverState,
  standingManeuver,
  type ManeuverEntry,
  type ManeuverState,
} from "./maneuver-logic";

export * from "./maneuver-logic";

type Register = (namespace: string, key: string, data: Record<string, unknown>) => void;
type Get = (namespace: string, key: string) => unknown;
type SetSetting = (namespace: string, key: string, value: unknown) => Promise<unknown>;

/** Register the hidden setting (at init, whatever ruleset is active). */
export function registerManeuverState(): void {
  (game.settings.register.bind(game.settings) as unknown as Register)(SYSTEM_ID, MANEUVER_SETTING_KEY, {
    scope: "world",
    config: false,
    type: Object,
    default: {},
  });
}

/** The penalties standing now (none before the setting is registered). */
export function maneuverState(): ManeuverState {
  try {
    return readManeuverState((game.settings.get as unknown as Get)(SYSTEM_ID, MANEUVER_SETTING_KEY));
  } catch {
    return {};
  }
}

/** The penalty standing on an actor, or null. */
export const maneuverOn = (uuid: string | null | undefined): ManeuverEntry | null =>
  standingManeuver(maneuverState(), uuid);

/** Write the penalties (a GM's client only: a player's write is refused here as by Foundry). */
export async function writeManeuverState(state: ManeuverState): Promise<void> {
  if (!game.user?.isGM) return;
  await (game.settings.set.bind(game.settings) as unknown as SetSetting)(SYSTEM_ID, MANEUVER_SETTING_KEY, {
    ...state,
  });
}
