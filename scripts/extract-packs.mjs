#!/usr/bin/env node
// Bring edits made in Foundry home: extract dist/packs/<pack> (LevelDB) back into packs/<pack> as
// YAML, each entry into its own file (see scripts/lib/pack-extract.mjs).
// Usage: npm run packs:extract [-- [--prune] <pack> ...]
//   --prune  remove the sources of entries deleted in Foundry (without it they are only reported)
import { join } from "node:path";
import { extractPacks } from "./lib/pack-extract.mjs";

// POLYVERSE_ROOT lets the tests run this script on a copy.
const root = process.env.POLYVERSE_ROOT ?? join(import.meta.dirname, "..");
const args = process.argv.slice(2);
const options = args.filter((a) => a.startsWith("-"));
const unknown = options.filter((o) => o !== "--prune");
if (unknown.length) {
  console.error(
    `Unknown option(s): ${unknown.join(", ")}. Usage: npm run packs:extract -- [--prune] [pack ...]`,
  );
  process.exit(1);
}
const { problems, report } = await extractPacks({
  root,
  names: args.filter((a) => !a.startsWith("-")),
  prune: options.includes("--prune"),
});
if (problems.length) {
  console.error(`Nothing was extracted (${problems.length} problem(s)):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(report.join("\n"));
