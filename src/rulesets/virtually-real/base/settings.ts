/**
 * The Virtually Real world settings in Foundry: the table of `settings-logic.ts` (each a place chapter
 * 1 is silent, says two things or refers elsewhere, with the rules layer's proposed default),
 * registered under `polyverse.virtually-real.<name>` and read typed. Their types are declared in
 * `settings.d.ts`.
 */
import { rulesetSettings } from "../../../core/ruleset-settings";
import { registerManeuverState } from "./maneuver";
import {
  LABELS,
  VIRTUALLY_REAL_SETTINGS,
  rulesOptions,
  type VirtuallyRealRulesOptions,
  type VirtuallyRealSettingName,
  type VirtuallyRealSettingValues,
} from "./settings-logic";

export * from "./settings-logic";

// ---- Foundry ---------------------------------------------------------------------------------

const SETTINGS = rulesetSettings("virtually-real", VIRTUALLY_REAL_SETTINGS, LABELS);

/** Register the Virtually Real world settings (at init, whatever ruleset the world plays), and the
 * hidden one holding the Maneuver penalties that stand (maneuver.ts). */
export const registerVirtuallyRealSettings = (): void => {
  SETTINGS.register();
  registerManeuverState();
};
/** One setting's value, typed; its default when unregistered or invalid. */
export const virtuallyRealSetting = <K extends VirtuallyRealSettingName>(
  name: K,
): VirtuallyRealSettingValues[K] => SETTINGS.get(name);
/** Every setting's current value. */
export const virtuallyRealSettings = (): VirtuallyRealSettingValues => SETTINGS.values();
/** The rules layer's option objects for the world's current settings. */
export const virtuallyRealRulesOptions = (): VirtuallyRealRulesOptions => rulesOptions(SETTINGS.values());
