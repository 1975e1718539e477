#!/usr/bin/env node
// Fail the build when dist/ is not installable as system.json describes it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { checkManifest } from "./lib/manifest-check.mjs";

const root = join(import.meta.dirname, "..");
const dist = join(root, "dist");
const read = (path) => JSON.parse(readFileSync(path, "utf8"));
const problems = checkManifest(
  read(join(dist, "system.json")),
  read(join(dist, "lang", "en.json")),
  dist,
  read(join(root, "package.json")).version,
);
if (problems.length) {
  console.error(`Manifest check failed (${problems.length}):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("Manifest check passed: every path system.json names is in dist/, every type has a label.");
