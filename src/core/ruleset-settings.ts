/**
 * A ruleset's world settings in Foundry, from its table (`settings-logic.ts`): registered under
 * `polyverse.<ruleset>.<name>` at init whatever ruleset the world plays, and read typed, with the
 * default for a value the table does not offer (or before the settings are registered).
 */
import { SYSTEM_ID } from "./constants";
import {
  defaultValues,
  registrationData,
  rulesetSettingKey,
  settingLabelKeysUnder,
  validSettingValue,
  type AnySettingSpec,
  type SettingTable,
} from "./settings-logic";

/** The register and get calls, typed loosely once: each key's type is declared to fvtt-types. */
type Register = (namespace: string, key: string, data: Record<string, unknown>) => void;
type Get = (namespace: string, key: string) => unknown;

export interface RulesetSettings<V> {
  /** Register every setting of the table (call from the descriptor's `registerSettings`). */
  register(): void;
  /** One setting's value, typed; its default when unregistered or invalid. */
  get<K extends keyof V & string>(name: K): V[K];
  /** Every setting's current value. */
  values(): V;
  /** Every setting's default. */
  defaults(): V;
}

/** The settings of ruleset `rulesetId` described by `table`, labelled under `labelRoot`. */
export function rulesetSettings<V>(
  rulesetId: string,
  table: SettingTable<V>,
  labelRoot: string,
): RulesetSettings<V> {
  const specs = table as unknown as Record<string, AnySettingSpec>;
  const read = (name: string): { value: unknown } | undefined => {
    try {
      return { value: (game.settings.get as unknown as Get)(SYSTEM_ID, rulesetSettingKey(rulesetId, name)) };
    } catch {
      return undefined; // Foundry's get throws before the setting is registered.
    }
  };
  const get = <K extends keyof V & string>(name: K): V[K] => {
    const spec = specs[name]!;
    const stored = read(name);
    return (
      stored !== undefined && validSettingValue(spec, stored.value) ? stored.value : spec.default
    ) as V[K];
  };
  return {
    register() {
      const register = game.settings.register.bind(game.settings) as unknown as Register;
      for (const [name, spec] of Object.entries(specs))
        register(
          SYSTEM_ID,
          rulesetSettingKey(rulesetId, name),
          registrationData(spec, settingLabelKeysUnder(labelRoot, name), { Boolean, Number, String }),
        );
    },
    get,
    values: () =>
      Object.fromEntries(Object.keys(specs).map((name) => [name, get(name as keyof V & string)])) as V,
    defaults: () => defaultValues(table),
  };
}
