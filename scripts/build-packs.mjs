#!/usr/bin/env node
// Compile packs/<pack>/**/*.yml into LevelDB under dist/packs/<pack>, after checking every entry
// (its YAML, its _id and _key, its type, its HTML, its `system` against the data model, a roll
// table's ranges against its formula, its Folder; a Folder's own fields and place in the tree). All packs are compiled into a staging folder and swapped
// into dist/packs together, only when every one compiled. See scripts/lib/pack-build.mjs.
import { join } from "node:path";
import { buildPacks } from "./lib/pack-build.mjs";

const codeRoot = join(import.meta.dirname, "..");
// POLYVERSE_ROOT lets the tests run this script on a deliberately broken copy.
const root = process.env.POLYVERSE_ROOT ?? codeRoot;

const { problems, compiled } = await buildPacks({ root, codeRoot });
if (problems.length) {
  console.error(
    `Pack build failed (${problems.length}); dist/packs is unchanged:\n  ${problems.join("\n  ")}`,
  );
  process.exit(1);
}
console.log(`Compiled ${compiled} pack(s) into dist/packs.`);
