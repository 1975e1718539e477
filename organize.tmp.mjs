import ts from "typescript";
import { readFileSync, writeFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
const dir = resolve(process.argv[2]);
const files = (process.argv[3] ? process.argv.slice(3).map((f) => resolve(f)) : readdirSync(dir).filter((f) => f.endsWith(".ts")).map((f) => join(dir, f)));
const configPath = resolve("tsconfig.json");
const cfg = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, resolve("."));
const versions = new Map(files.map((f) => [f, 0]));
const host = {
  getScriptFileNames: () => [...new Set([...cfg.fileNames, ...files])],
  getScriptVersion: (f) => String(versions.get(f) ?? 0),
  getScriptSnapshot: (f) => (ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f)) : undefined),
  getCurrentDirectory: () => resolve("."),
  getCompilationSettings: () => cfg.options,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
};
const ls = ts.createLanguageService(host);
for (const f of files) {
  const changes = ls.organizeImports({ type: "file", fileName: f }, {}, { organizeImportsTypeOrder: "last" });
  let text = readFileSync(f, "utf8");
  for (const c of changes) {
    const edits = [...c.textChanges].sort((a, b) => b.span.start - a.span.start);
    for (const e of edits) text = text.slice(0, e.span.start) + e.newText + text.slice(e.span.start + e.span.length);
  }
  writeFileSync(f, text);
  versions.set(f, 1);
  console.log("organized", f);
}
