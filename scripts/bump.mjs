#!/usr/bin/env node
// `npm run bump -- <version> [--date YYYY-MM-DD]`: one version everywhere, in one step. Sets the
// version of package.json, package-lock.json (its root and packages[""]) and system.json, points
// system.json's download at that version's release zip (its manifest at the latest release's
// system.json), and turns CHANGELOG.md's unreleased section (`## Unreleased` or
// `## <x> (unreleased)` at the top) into `## <version> (<date>)`, today (UTC) by default. It refuses,
// changing nothing, a version that is not MAJOR.MINOR.PATCH[-pre], one lower than the current, or a
// CHANGELOG with no unreleased section or with one already dated for that version.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { bumpTexts } from "./lib/release.mjs";

// POLYVERSE_ROOT lets the tests run this script on a copy.
const root = process.env.POLYVERSE_ROOT ?? join(import.meta.dirname, "..");
const { values, positionals } = parseArgs({ options: { date: { type: "string" } }, allowPositionals: true });
const fail = (problems) => {
  console.error(`Bump refused, nothing changed (${problems.length}):\n  ${problems.join("\n  ")}`);
  process.exit(1);
};
if (positionals.length !== 1) fail(["usage: npm run bump -- <version> [--date YYYY-MM-DD]"]);
const version = positionals[0].replace(/^v/, "");
const date = values.date ?? new Date().toISOString().slice(0, 10);

const FILES = {
  pkg: "package.json",
  lock: "package-lock.json",
  system: "system.json",
  changelog: "CHANGELOG.md",
};
const texts = Object.fromEntries(
  Object.entries(FILES).map(([key, name]) => [key, readFileSync(join(root, name), "utf8")]),
);
const { files, problems } = bumpTexts(texts, version, date);
if (problems.length) fail(problems);
const changed = Object.entries(FILES).filter(([key]) => files[key] !== texts[key]);
for (const [key, name] of changed) writeFileSync(join(root, name), files[key]);
console.log(`Version ${version} (${date}): ${changed.map(([, name]) => name).join(", ")} updated.`);
console.log(
  `Next: run npm run build && npm test, commit, then tag and push: git tag v${version} && git push origin v${version}`,
);
