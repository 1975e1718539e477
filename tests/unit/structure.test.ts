// The code's shape (issue #12): no source file over 800 lines, no function over 150, so that a file
// is split along its seams before it grows past what a reader can hold.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
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
});
