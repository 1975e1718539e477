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

/**
 * Keys written twice in one object of a JSON text (JSON.parse keeps the last silently, so a merge
 * that leaves two `"RollDialog": {…}` groups in one fragment would lose the first group's strings).
 * @returns {string[]} the dotted paths of the repeated keys
 */
export function repeatedKeys(text) {
  const stack = []; // per open object or array: { keys: Set | null, path: string }
  const repeated = [];
  let lastKey = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const str = JSON.parse(text.slice(i, j + 1));
      let k = j + 1;
      while (k < text.length && /\s/.test(text[k])) k++;
      const top = stack.at(-1);
      if (text[k] === ":" && top?.keys) {
        const path = top.path ? `${top.path}.${str}` : str;
        if (top.keys.has(str)) repeated.push(path);
        top.keys.add(str);
        lastKey = path;
      }
      i = j;
    } else if (c === "{" || c === "[") {
      const top = stack.at(-1);
      stack.push({
        keys: c === "{" ? new Set() : null,
        path: top?.keys ? (lastKey ?? "") : (top?.path ?? ""),
      });
    } else if (c === "}" || c === "]") stack.pop();
  }
  return repeated;
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
    for (const key of repeatedKeys(readFileSync(join(dir, file), "utf8")))
      problems.push(`${file}: ${key} is written twice`);
    merge(lang, data, file, "", problems);
  }
  return { lang, problems };
}

/** Every dotted key of a language object, with its string. */
function flatten(obj, path = "", out = new Map()) {
  for (const [key, value] of Object.entries(obj)) {
    const at = path ? `${path}.${key}` : key;
    if (value && typeof value === "object") flatten(value, at, out);
    else out.set(at, value);
  }
  return out;
}

/** The `{placeholders}` of a string, sorted and unique. */
export const placeholders = (text) => [...new Set(String(text).match(/\{[A-Za-z0-9_.]+\}/g) ?? [])].sort();

/** Plural forms a translation may add beside English's `one`/`other` (Intl.PluralRules categories). */
const PLURAL_FORMS = new Set(["zero", "one", "two", "few", "many", "other"]);

/**
 * A translation's fragments against English's, file by file: every English fragment has its twin, every
 * key is there and nothing else (a plural group may add the forms its language needs: `few`, `many`, …),
 * each string keeps English's `{placeholders}`, none is empty.
 * @param {string} enDir lang/en
 * @param {string} otherDir lang/<code>
 * @param {string[]} [only] fragment file names to compare (default: all of English's)
 * @returns {string[]} the problems, each naming its file and key
 */
export function compareLanguage(enDir, otherDir, only) {
  const problems = [];
  const files = readdirSync(enDir)
    .filter((f) => f.endsWith(".json"))
    .filter((f) => !only?.length || only.includes(f))
    .sort();
  const theirs = new Set(readdirSync(otherDir).filter((f) => f.endsWith(".json")));
  if (!only?.length)
    for (const f of theirs) if (!files.includes(f)) problems.push(`${f}: no English fragment of this name`);
  for (const file of files) {
    if (!theirs.has(file)) {
      problems.push(`${file}: missing`);
      continue;
    }
    let en, other;
    try {
      en = flatten(JSON.parse(readFileSync(join(enDir, file), "utf8")));
      other = flatten(JSON.parse(readFileSync(join(otherDir, file), "utf8")));
    } catch (error) {
      problems.push(`${file}: invalid JSON: ${error.message}`);
      continue;
    }
    for (const [key, text] of en) {
      if (!other.has(key)) problems.push(`${file}: ${key} is missing`);
      else if (typeof other.get(key) !== "string" || !other.get(key).trim())
        problems.push(`${file}: ${key} is empty`);
      else if (placeholders(text).join() !== placeholders(other.get(key)).join())
        problems.push(
          `${file}: ${key} has ${placeholders(other.get(key)).join(" ") || "no placeholders"}, English ${placeholders(text).join(" ") || "none"}`,
        );
    }
    for (const key of other.keys()) {
      if (en.has(key)) continue;
      const form = key.slice(key.lastIndexOf(".") + 1);
      const group = key.slice(0, key.lastIndexOf("."));
      const isPluralForm = PLURAL_FORMS.has(form) && en.has(`${group}.other`);
      if (!isPluralForm) problems.push(`${file}: ${key} is not in English`);
    }
  }
  return problems;
}
