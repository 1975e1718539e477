// Every file the scripts, tests and benchmarks read lives inside the repository, so that a fresh
// clone builds and tests on its own (the 'Verses text is in reference/, not in a folder beside it).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../lib/paths";

const SCANNED_DIRS = ["tests", "scripts", "bench"];
const SCANNED_FILES = ["vite.config.ts", "vitest.config.ts", "eslint.config.js"];
const SOURCE = /\.(ts|mts|cts|js|mjs|cjs)$/;
/** Absolute file-system paths of one machine (URL paths such as "/systems/polyverse/" are fine). */
const ABSOLUTE = /^(\/(work|home|Users|tmp|mnt|var|opt|srv|root)\/|~\/|[A-Za-z]:[\\/])/;
/** Names under which the sources hold the repository root. */
const ROOT_NAMES = /^(ROOT|root|repoRoot|projectRoot|import\.meta\.dirname|__dirname)$/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sources(path);
    return SOURCE.test(name) ? [path] : [];
  });
}

const inside = (path: string) => path === ROOT || path.startsWith(`${ROOT}${sep}`);

/**
 * The paths in one source file that leave the repository: relative imports resolving outside it,
 * `join`/`resolve` calls that climb above the root (`join(ROOT, "..")`, or from the file's own
 * folder past the root), a sibling `../shared` folder, or an absolute path of one machine.
 * @param file the file's absolute path (relative paths resolve from its folder)
 */
function escapingPaths(file: string, text: string): string[] {
  const found: string[] = [];
  const dir = dirname(file);
  const line = (index: number) => text.slice(0, index).split("\n").length;
  // import ... from "x", import("x"), export ... from "x"
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"']*)\1/g)) {
    if (!inside(resolve(dir, m[2]!))) found.push(`line ${line(m.index)}: import ${m[2]}`);
  }
  // join(base, "a", "b") and resolve(base, ...): follow the literal segments from the base.
  for (const m of text.matchAll(/\b(?:join|resolve)\(\s*([\w.]+)\s*((?:,\s*(["'`])[^"'`]*\3\s*)+)/g)) {
    const base = m[1]!;
    if (!ROOT_NAMES.test(base)) continue;
    const segments = [...m[2]!.matchAll(/(["'`])([^"'`]*)\1/g)].map((s) => s[2]!);
    const start = /dirname/.test(base) ? dir : ROOT;
    let path = start;
    for (const segment of segments) {
      path = resolve(path, segment);
      if (!inside(path)) {
        found.push(`line ${line(m.index)}: ${m[0]!.replace(/\s+/g, " ")}`);
        break;
      }
    }
  }
  for (const m of text.matchAll(/(["'`])([^"'`\n]*)\1/g)) {
    const value = m[2]!;
    if (/(^|\/)\.\.\/shared(\/|$)/.test(value) || /^shared\/rules\b/.test(value))
      found.push(`line ${line(m.index)}: ${JSON.stringify(value)}`);
    else if (ABSOLUTE.test(value))
      found.push(`line ${line(m.index)}: absolute path ${JSON.stringify(value)}`);
  }
  return found;
}

describe("paths in scripts, tests and benchmarks stay inside the repository", () => {
  it("catches each way out (self-check)", () => {
    const file = join(ROOT, "tests", "packs", "x.test.ts");
    // The folder beside the repository, named through a constant so that this file itself never
    // reads as a path out of the repository (the snippets below are the same text either way).
    const beside = "shared";
    const bad = [
      `readFileSync(join(ROOT, "..", "${beside}", "rules", "v.txt"))`,
      `const p = join(import.meta.dirname, "..", "..", "..", "${beside}")`,
      `const q = resolve(root, "../notes")`,
      `const TEXT = "../${beside}/rules/verses-core-0.8.5.txt"`,
      `readFileSync("/work/shared/rules/v.txt")`,
      `import data from "../../../outside/data.json"`,
    ];
    for (const snippet of bad) expect(escapingPaths(file, snippet), snippet).not.toEqual([]);
    const good = [
      `readFileSync(join(ROOT, "reference", "verses-core-0.8.5.txt"))`,
      `const ROOT = join(import.meta.dirname, "..", "..")`,
      `import { x } from "../../src/core/x"`,
      `if (url.pathname.startsWith("/systems/polyverse/")) {}`,
      `mkdirSync(join(path, ".."), { recursive: true })`,
    ];
    for (const snippet of good) expect(escapingPaths(file, snippet), snippet).toEqual([]);
  });

  const files = [
    ...SCANNED_DIRS.flatMap((d) => sources(join(ROOT, d))),
    ...SCANNED_FILES.map((f) => join(ROOT, f)),
  ].filter((f) => f !== join(ROOT, "tests", "unit", "repo-paths.test.ts"));

  it.each(files.map((f) => [relative(ROOT, f), f]))("%s reads nothing outside the repository", (_n, file) => {
    expect(escapingPaths(file, readFileSync(file, "utf8"))).toEqual([]);
  });
});
