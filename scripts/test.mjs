#!/usr/bin/env node
// `npm test`: every check, in order: types, lint, build, unit + integration + packs (Vitest),
// browser. Each layer runs even when an earlier one failed, so one run shows everything; the
// last line totals the tests of every layer and the exit code is non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const report = join(root, "artifacts", "vitest.json");
mkdirSync(join(root, "artifacts"), { recursive: true });
rmSync(report, { force: true });

const steps = [
  ["types", "npm", ["run", "-s", "typecheck"]],
  ["lint", "npm", ["run", "-s", "lint"]],
  ["build", "npm", ["run", "-s", "build"]],
  [
    "vitest",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
  ],
  ["browser", "node", ["--import", "tsx", "tests/browser/run.mjs"]],
];

let passed = 0;
let failed = 0;
const failedSteps = [];
for (const [name, cmd, args] of steps) {
  console.log(`\n== ${name}: ${cmd} ${args.join(" ")}`);
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: name === "browser" ? ["inherit", "pipe", "inherit"] : "inherit",
    encoding: "utf8",
  });
  if (name === "browser") {
    process.stdout.write(result.stdout ?? "");
    const m = /browser: (\d+) passed, (\d+) failed/.exec(result.stdout ?? "");
    if (m) {
      passed += Number(m[1]);
      failed += Number(m[2]);
    }
  }
  if (name === "vitest" && existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
  }
  if (result.status !== 0) {
    failedSteps.push(name);
    // A build failure leaves nothing for the later layers to test.
    if (name === "build") break;
  }
}
console.log(`\n== layers failed: ${failedSteps.length ? failedSteps.join(", ") : "none"}`);
if (failedSteps.length && failed === 0) failed = failedSteps.length;
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
