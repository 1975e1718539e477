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
