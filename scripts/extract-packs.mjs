#!/usr/bin/env node
// Bring edits made in Foundry home: extract dist/packs/<pack> (LevelDB) back into packs/<pack> as YAML.
// Usage: npm run packs:extract [-- <pack> ...]
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";

// POLYVERSE_ROOT lets the tests run this script on a copy.
const root = process.env.POLYVERSE_ROOT ?? join(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));
const wanted = process.argv.slice(2);
const packs = (manifest.packs ?? []).filter((p) => !wanted.length || wanted.includes(p.name));
if (wanted.length && packs.length !== wanted.length) {
  console.error(`Unknown pack(s): ${wanted.filter((w) => !packs.some((p) => p.name === w)).join(", ")}`);
  process.exit(1);
}

/** Existing sources by _id, so that an extracted entry overwrites its own file wherever it lives. */
function sourcesById(dir) {
  const byId = new Map();
  const walk = (d) => {
    if (!existsSync(d)) return;
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ya?ml$/.test(name)) {
        const id = parse(readFileSync(path, "utf8"))?._id;
        if (id) byId.set(id, relative(dir, path));
      }
    }
  };
  walk(dir);
  return byId;
}

/** A file name for a new entry: its name in kebab case, then its id. */
function newName(entry) {
  const slug = String(entry.name ?? "entry")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug || "entry"}-${entry._id}.yml`;
}

/** Drop what changes on every save in Foundry, so that round trips leave no noise in git. */
function clean(entry) {
  delete entry._stats;
  for (const child of [
    ...(entry.items ?? []),
    ...(entry.effects ?? []),
    ...(entry.pages ?? []),
    ...(entry.results ?? []),
  ]) {
    delete child._stats;
  }
  return entry;
}

for (const pack of packs) {
  const src = join(root, "dist", "packs", pack.name);
  if (!existsSync(src)) {
    console.error(`dist/packs/${pack.name} does not exist: build first.`);
    process.exit(1);
  }
  const dest = join(root, "packs", pack.name);
  const existing = sourcesById(dest);
  await extractPack(src, dest, {
    yaml: true,
    omitVolatile: true,
    transformEntry: (entry) => void clean(entry),
    transformName: (entry) => existing.get(entry._id) ?? newName(entry),
  });
  console.log(`Extracted ${pack.name} into packs/${pack.name}.`);
}
