/**
 * Finding the i18n keys that code and templates use, and checking them against lang/en.json.
 * Shared by the integration tests (the built bundle, the templates in dist/) and the browser tests.
 */

/** Look a dotted key up in a nested i18n object (flattened keys are accepted too). */
export function hasKey(lang: Record<string, unknown>, key: string): boolean {
  if (Object.hasOwn(lang, key)) return true;
  let node: unknown = lang;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

/** Whole i18n keys written as string literals: "POLYVERSE.X.Y" or "TYPES.Actor.z". Prefixes ending in "." are skipped. */
export function keysInCode(source: string): string[] {
  const keys = new Set<string>();
  for (const m of source.matchAll(/["'`]((?:POLYVERSE|TYPES)\.[A-Za-z0-9_.-]*[A-Za-z0-9_-])["'`]/g))
    keys.add(m[1]!);
  return [...keys];
}

/** Keys a Handlebars template names literally: {{localize "K"}}, (localize "K"), {{format "K" ...}}, and data-tooltip="K". */
export function keysInTemplate(source: string): string[] {
  const keys = new Set<string>();
  for (const m of source.matchAll(/(?:localize|format)\s+["']([A-Z][A-Za-z0-9_.-]+)["']/g)) keys.add(m[1]!);
  for (const m of source.matchAll(
    /\b(?:data-tooltip|label|hint|title)=["']((?:POLYVERSE|TYPES)\.[A-Za-z0-9_.-]+)["']/g,
  ))
    keys.add(m[1]!);
  return [...keys];
}

/** A dotted name of a group of strings (a prefix such as a model's LOCALIZATION_PREFIXES). */
export function isGroup(lang: Record<string, unknown>, key: string): boolean {
  let node: unknown = lang;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return !!node && typeof node === "object";
}

/**
 * The keys that name nothing in lang. With `prefixes`, a literal naming a group counts as a
 * prefix (code writes prefixes it completes at run time); templates localise whole keys only.
 */
export function missingKeys(
  lang: Record<string, unknown>,
  keys: Iterable<string>,
  { prefixes = false } = {},
): string[] {
  return [...new Set(keys)].filter((k) => !hasKey(lang, k) && !(prefixes && isGroup(lang, k))).sort();
}
