// The code's shape (issue #12): no source file over 800 lines, no function over 150, so that a file
// is split along its seams before it grows past what a reader can hold; no import cycle between
// folders, so each folder is a layer that can be read (and moved) without the ones above it.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "../lib/paths";

const MAX_FILE_LINES = 800;
const MAX_FUNCTION_LINES = 150;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.endsWith(".d.ts") ? [path] : [];
  });
}
const files = sources(join(ROOT, "src"));

describe("the code's shape", () => {
  it(`no source file over ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .map((f) => ({ file: relative(ROOT, f), lines: readFileSync(f, "utf8").split("\n").length }))
      .filter((f) => f.lines > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const long: string[] = [];
    for (const file of files) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) && "body" in node && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
          const end = source.getLineAndCharacterOfPosition(node.end).line;
          if (end - start + 1 > MAX_FUNCTION_LINES)
            long.push(`${relative(ROOT, file)}:${start + 1} (${end - start + 1} lines)`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(long).toEqual([]);
  });

  it("no import cycle between folders", () => {
    // Folder graph: an edge for each relative import from a file in one folder to a file in another.
    const edges = new Map<string, Set<string>>();
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/(?:import|export)[^;]*?from\s+"(\.[^"]+)"/g)) {
        const from = relative(ROOT, dirname(file));
        const target = resolve(dirname(file), match[1]!);
        // A folder import (`../rules`) is its index file, inside that folder.
        const isFolder = existsSync(target) && statSync(target).isDirectory();
        const to = relative(ROOT, isFolder ? target : dirname(target));
        if (from === to) continue;
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from)!.add(to);
      }
    }
    // Every cycle shows up as a path back to a folder already on the current path.
    const cycles: string[] = [];
    const done = new Set<string>();
    const walk = (folder: string, path: string[]): void => {
      const at = path.indexOf(folder);
      if (at >= 0) {
        cycles.push([...path.slice(at), folder].join(" -> "));
        return;
      }
      if (done.has(folder)) return;
      for (const next of edges.get(folder) ?? []) walk(next, [...path, folder]);
      done.add(folder);
    };
    for (const folder of edges.keys()) walk(folder, []);
    expect(cycles).toEqual([]);
  });
});
