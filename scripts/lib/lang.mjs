// English strings live in fragments, lang/en/*.json (one per area, so that work on different
// areas never collides); the build deep-merges them into dist/lang/en.json, the one file
// system.json names. A key defined in two fragments is an error, not a silent override.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

function merge(target, source, file, path, problems) {
  for (const [key, value] of Object.entries(source)) {
    const at = path ? `${path}.${key}` : key;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      if (typeof target[key] === "string")
        problems.push(`${file}: ${at} is a group here but a string elsewhere`);
      else merge((target[key] ??= {}), value, file, at, problems);
    } else if (typeof value !== "string") {
      problems.push(`${file}: ${at} must be a string`);
    } else if (Object.hasOwn(target, key)) {
      problems.push(`${file}: ${at} is already defined in another fragment`);
    } else {
      target[key] = value;
    }
  }
}

/** @returns {{ lang: object, problems: string[] }} the merged language and what is wrong with it */
export function mergeLanguage(dir) {
  const lang = {};
  const problems = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    let data;
    try {
      data = JSON.parse(readFileSync(join(dir, file), "utf8"));
    } catch (error) {
      problems.push(`${file}: invalid JSON: ${error.message}`);
      continue;
    }
    merge(lang, data, file, "", problems);
  }
  return { lang, problems };
}
