/**
 * A ruleset's world settings as a table (no Foundry): each setting's default and its choices or
 * range, the keys and i18n keys it is registered under, the defaults of a whole table, and which
 * stored values are valid. `ruleset-settings.ts` registers and reads them in Foundry. A ruleset's
 * settings are the choices its text leaves open; the README lists each with its default and why.
 */

/** How one setting is offered: its default, and its choices or range. */
export type SettingSpec<T> = [T] extends [boolean]
  ? { type: "boolean"; default: boolean; requiresReload?: boolean }
  : [T] extends [number]
    ? { type: "number"; default: number; range: { min: number; max: number; step: number } }
    : [string] extends [T]
      ? TextSettingSpec
      : { type: "choice"; default: T; choices: readonly T[] };

/**
 * A free text (a plain `string` value): `valid` says which texts the ruleset can read; a stored text
 * it refuses reads as the default (a track of wound penalties written as "0,0,1,2,3,4,5,0").
 */
export interface TextSettingSpec {
  type: "text";
  default: string;
  valid?: (value: string) => boolean;
}

/** Any setting's spec. */
export type AnySettingSpec =
  | SettingSpec<boolean>
  | SettingSpec<number>
  | TextSettingSpec
  | { type: "choice"; default: string; choices: readonly string[] };

/** A ruleset's settings: one spec per name, typed by the values they hold. */
export type SettingTable<V> = { readonly [K in keyof V]: SettingSpec<V[K]> };

/** The setting's key under the system's namespace: `<ruleset>.<name>` (`verses.maxPool`). */
export const rulesetSettingKey = <R extends string, K extends string>(ruleset: R, name: K): `${R}.${K}` =>
  `${ruleset}.${name}`;

/** i18n keys of a setting's name, hint and choice labels, under the ruleset's root. */
export const settingLabelKeysUnder = (root: string, name: string) => ({
  name: `${root}.${name}.Name`,
  hint: `${root}.${name}.Hint`,
  choice: (value: string) => `${root}.${name}.Choices.${value}`,
});

/** The default of every setting in a table (what an unconfigured world plays). */
export function defaultValues<V>(table: SettingTable<V>): V {
  return Object.fromEntries(
    Object.entries(table as Record<string, AnySettingSpec>).map(([name, spec]) => [name, spec.default]),
  ) as V;
}

/** Is a stored value one the spec offers (a hand-edited world may hold anything)? */
export function validSettingValue(spec: AnySettingSpec, value: unknown): boolean {
  if (spec.type === "choice") return (spec.choices as readonly unknown[]).includes(value);
  if (spec.type === "boolean") return typeof value === "boolean";
  if (spec.type === "text") return typeof value === "string" && (spec.valid?.(value) ?? true);
  return typeof value === "number" && Number.isFinite(value);
}

/** The data Foundry's `game.settings.register` takes for one spec (world scope, shown to the GM). */
export function registrationData(
  spec: AnySettingSpec,
  labels: ReturnType<typeof settingLabelKeysUnder>,
  types: { Boolean: unknown; Number: unknown; String: unknown },
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    name: labels.name,
    hint: labels.hint,
    scope: "world",
    config: true,
    default: spec.default,
  };
  if (spec.type === "boolean") {
    data.type = types.Boolean;
    if (spec.requiresReload) data.requiresReload = true;
  } else if (spec.type === "number") {
    data.type = types.Number;
    data.range = { ...spec.range };
  } else if (spec.type === "text") {
    data.type = types.String;
  } else {
    data.type = types.String;
    data.choices = Object.fromEntries(spec.choices.map((c) => [c, labels.choice(c)]));
  }
  return data;
}
