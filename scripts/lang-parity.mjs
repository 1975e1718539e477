#!/usr/bin/env node
// Compare a translation with English, fragment by fragment: `node scripts/lang-parity.mjs de [file.json ...]`
// prints every missing or extra key, a changed {placeholder} and an empty string; exits 1 on any.
import { join } from "node:path";
import { compareLanguage } from "./lib/lang.mjs";

const [code, ...files] = process.argv.slice(2);
if (!code) {
  console.error("usage: node scripts/lang-parity.mjs <language code> [fragment.json ...]");
  process.exit(2);
}
const root = join(import.meta.dirname, "..", "lang");
const problems = compareLanguage(join(root, "en"), join(root, code), files);
for (const p of problems) console.log(p);
console.log(
  problems.length ? `${problems.length} problem(s)` : `lang/${code}: every key of English, nothing else`,
);
process.exit(problems.length ? 1 : 0);
