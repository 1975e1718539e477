#!/usr/bin/env node
// `npm run package [-- --tag v<version>] [--out <dir>] [--verify]`: the release from dist/ (build
// first). Writes <out>/polyverse.zip (the installable system at the archive's root: system.json,
// the bundle, styles, templates, lang, packs; no source maps), <out>/system.json (the manifest asset)
// and <out>/notes.md (the version's CHANGELOG section), out defaulting to release/. It refuses, and
// writes nothing, when package.json, package-lock.json and system.json disagree on the version, when
// system.json's manifest is not the latest release's system.json or its download not this version's
// zip, when dist/ is stale or not installable, or, with --tag, when the tag is not v<version> or the
// CHANGELOG has no dated section for it. --verify checks the version, URLs and tag only (no dist/).
// The archive's entries carry one time: SOURCE_DATE_EPOCH (seconds) when set, else 1980-01-01, so the
// same dist/ gives the same bytes.
import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildPackage } from "./lib/package-files.mjs";
import { releaseProblems } from "./lib/release.mjs";

// POLYVERSE_ROOT lets the tests run this script on a copy.
const root = process.env.POLYVERSE_ROOT ?? join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { tag: { type: "string" }, out: { type: "string" }, verify: { type: "boolean" } },
});
const fail = (problems) => {
  console.error(`Package refused (${problems.length}):\n  ${problems.join("\n  ")}`);
  process.exit(1);
};

if (values.verify) {
  const json = (name) => JSON.parse(readFileSync(join(root, name), "utf8"));
  const problems = releaseProblems({
    pkg: json("package.json"),
    lock: json("package-lock.json"),
    system: json("system.json"),
    tag: values.tag,
  });
  if (problems.length) fail(problems);
  console.log(
    `Release check passed: version ${json("package.json").version}${values.tag ? `, tag ${values.tag}` : ""}.`,
  );
  process.exit(0);
}

const epoch = process.env.SOURCE_DATE_EPOCH;
if (epoch !== undefined && !/^\d+$/.test(epoch))
  fail([`SOURCE_DATE_EPOCH=${epoch} is not a number of seconds`]);
const out = resolve(values.out ?? join(root, "release"));
const result = buildPackage({
  root,
  out,
  tag: values.tag,
  mtime: epoch === undefined ? undefined : new Date(Number(epoch) * 1000),
});
if (result.problems.length) fail(result.problems);
const where = relative(process.cwd(), result.zip) || result.zip;
const runtime = result.left.filter((path) => /^packs\/.*\/(LOCK|LOG|LOG\.old)$/.test(path));
const others = result.left.filter((path) => !runtime.includes(path));
const leftOut = [...others, ...(runtime.length ? [`${runtime.length} LevelDB LOCK/LOG files`] : [])];
console.log(
  `Packaged Polyverse ${result.version}: ${where}, ${result.files.length} files, ${(result.bytes / 1024).toFixed(0)} KiB` +
    ` (left out of dist/: ${leftOut.length ? leftOut.join(", ") : "nothing"}).`,
);
