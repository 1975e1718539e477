#!/usr/bin/env node
// Compile packs/<pack>/**/*.yml into LevelDB under dist/packs/<pack>, after checking every entry.
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { existsSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { checkPackEntries } from "./lib/pack-check.mjs";

// POLYVERSE_ROOT lets the tests run this script on a deliberately broken copy.
const root = process.env.POLYVERSE_ROOT ?? join(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));

/** @returns {string[]} every .yml/.yaml file below dir */
function yamlFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/.test(name) ? [path] : [];
  });
}

const problems = [];
for (const pack of manifest.packs ?? []) {
  const src = join(root, "packs", pack.name);
  const files = yamlFiles(src);
  if (!files.length) problems.push(`pack ${pack.name}: no YAML sources in packs/${pack.name}`);
  const entries = [];
  for (const file of files) {
    try {
      entries.push({ file: relative(root, file), data: parse(readFileSync(file, "utf8")) });
    } catch (error) {
      problems.push(`${relative(root, file)}: invalid YAML: ${error.message}`);
    }
  }
  problems.push(...checkPackEntries(manifest, pack, entries));
}
if (problems.length) {
  console.error(`Pack check failed (${problems.length}):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}

for (const pack of manifest.packs ?? []) {
  const dest = join(root, "dist", "packs", pack.name);
  try {
    rmSync(dest, { recursive: true, force: true });
    await compilePack(join(root, "packs", pack.name), dest, { yaml: true, recursive: true });
  } catch (error) {
    console.error(
      `Could not compile ${pack.name}: ${error.message}\n(Is a Foundry world using dist/ open? It locks the packs.)`,
    );
    process.exit(1);
  }
}
console.log(`Compiled ${manifest.packs?.length ?? 0} pack(s) into dist/packs.`);
