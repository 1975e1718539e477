// npm run packs:extract: bring edits made in Foundry home, from dist/packs/<pack> (LevelDB) back
// into the YAML sources of packs/<pack>. Every existing source is read first with the build's own
// parser; one that cannot be read stops the extract, naming the file, before anything is written.
// Each entry goes back into its own file: an unchanged entry leaves its file untouched, a changed
// one is patched in place (only the values that changed are rewritten, so the rest of the file
// keeps its formatting), a new one gets a file of its own (in the disk folder of its Folder; a new
// Folder in a disk folder of its own, as `<name>/_Folder.yml`). An entry moved to another Folder in
// Foundry keeps its file: only its `folder:` changes. Sources of entries deleted in Foundry are
// reported, and removed with `prune`. Folders are entries like any other here.
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { FOLDER_FILE, isFolder } from "./pack-check.mjs";
import {
  STRINGIFY_OPTIONS,
  SourceError,
  parseSource,
  parseSourceDocument,
  stringifySource,
  yamlFiles,
} from "./yaml-source.mjs";

/** A name in kebab case, for a file or a disk folder. */
function slugOf(name, fallback) {
  const slug = String(name ?? fallback)
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return slug || fallback;
}

/** A file name for a new entry: its name in kebab case, then its id. */
export function newFileName(entry) {
  return `${slugOf(entry.name, "entry")}-${entry._id}.yml`;
}

/**
 * Where new sources of a pack go, relative to packs/<pack>: a new entry in the disk folder of its
 * Folder (packs/<pack> itself when it has none), a new Folder in a disk folder of its own, named
 * after it, inside its parent's (`<parent's folder>/<name>/_Folder.yml`, the layout foundryvtt-cli
 * extracts with `folders`). An existing Folder's disk folder is the one its source sits in.
 * @param {string} packDir packs/<pack>
 * @param {Map<string, { path: string }>} byId the existing sources by _id
 * @param {any[]} entries the pack's documents
 * @returns {(entry: any) => string} the path of a new source for an entry, relative to packDir
 */
export function newSourcePaths(packDir, byId, entries) {
  const folders = new Map(entries.filter(isFolder).map((f) => [f._id, f]));
  const dirs = new Map();
  const taken = new Set();
  for (const { path } of byId.values()) taken.add(relative(packDir, dirname(path)));
  /** The disk folder of a Folder, relative to packDir; `seen` stops at a cycle. */
  const dirOf = (id, seen = new Set()) => {
    if (dirs.has(id)) return dirs.get(id);
    const folder = folders.get(id);
    if (!folder || seen.has(id)) return "";
    seen.add(id);
    let dir;
    const source = byId.get(id);
    if (source) dir = relative(packDir, dirname(source.path));
    else {
      const parent = typeof folder.folder === "string" ? dirOf(folder.folder, seen) : "";
      dir = join(parent, slugOf(folder.name, "folder"));
      if (taken.has(dir)) dir = `${dir}-${folder._id}`;
      taken.add(dir);
    }
    dirs.set(id, dir);
    return dir;
  };
  return (entry) =>
    isFolder(entry)
      ? join(dirOf(entry._id), FOLDER_FILE)
      : join(typeof entry.folder === "string" ? dirOf(entry.folder) : "", newFileName(entry));
}

/** Drop what changes on every save in Foundry (`_stats`, here and in embedded documents). */
export function clean(entry) {
  delete entry._stats;
  for (const field of ["items", "effects", "pages", "results"])
    for (const child of Array.isArray(entry[field]) ? entry[field] : [])
      if (child && typeof child === "object") clean(child);
  return entry;
}

const isMapping = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Rewrite in `document` only what differs between `before` and `after`, at `path`. */
function patch(document, path, before, after) {
  if (isDeepStrictEqual(before, after)) return;
  if (isMapping(before) && isMapping(after)) {
    for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) document.deleteIn([...path, key]);
    for (const [key, value] of Object.entries(after)) {
      if (Object.hasOwn(before, key)) patch(document, [...path, key], before[key], value);
      else document.setIn([...path, key], document.createNode(value));
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    after.forEach((value, i) => patch(document, [...path, i], before[i], value));
    return;
  }
  if (path.length) document.setIn(path, document.createNode(after));
  else document.contents = document.createNode(after);
}

/**
 * The new text of an existing source for an entry that changed: the source's own document with
 * only the changed values rewritten; the whole entry written afresh if patching cannot reproduce it.
 */
export function patchedSource(source, after, file) {
  const { data, document } = parseSourceDocument(source, file);
  patch(document, [], data, after);
  const text = document.toString(STRINGIFY_OPTIONS);
  try {
    if (isDeepStrictEqual(parseSource(text, file), after)) return text;
  } catch {
    // fall through: write it afresh
  }
  return stringifySource(after);
}

/** Every existing source of a pack by _id; unreadable sources and duplicate ids are problems. */
function readSources(root, pack) {
  const byId = new Map();
  const problems = [];
  for (const path of yamlFiles(join(root, "packs", pack))) {
    const file = relative(root, path);
    const text = readFileSync(path, "utf8");
    let data;
    try {
      data = parseSource(text, file);
    } catch (error) {
      problems.push(error instanceof SourceError ? error.message : `${file}: ${error.message}`);
      continue;
    }
    const id = data?._id;
    if (typeof id !== "string" || !id)
      problems.push(`${file}: no _id, so no pack entry can be matched to it`);
    else if (byId.has(id)) problems.push(`${file}: _id ${id} is also the _id of ${byId.get(id).file}`);
    else byId.set(id, { file, path, text, data });
  }
  return { byId, problems };
}

/**
 * @param {object} options
 * @param {string} options.root the project (system.json, packs/, dist/packs/)
 * @param {string[]} [options.names] packs to extract (default: all the manifest lists)
 * @param {boolean} [options.prune] remove the sources of entries no longer in the pack
 * @returns {Promise<{ problems: string[], report: string[] }>} problems: nothing was written
 */
export async function extractPacks({ root, names = [], prune = false }) {
  const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));
  const packs = (manifest.packs ?? []).filter((p) => !names.length || names.includes(p.name));
  const unknown = names.filter((n) => !packs.some((p) => p.name === n));
  if (unknown.length) return { problems: [`Unknown pack(s): ${unknown.join(", ")}`], report: [] };

  // 1. Read every source and every pack before writing anything.
  const problems = [];
  const work = [];
  const scratch = mkdtempSync(join(tmpdir(), "polyverse-extract-"));
  try {
    for (const pack of packs) {
      const src = join(root, "dist", "packs", pack.name);
      if (!existsSync(src)) {
        problems.push(`dist/packs/${pack.name} does not exist: build first`);
        continue;
      }
      const { byId, problems: unreadable } = readSources(root, pack.name);
      problems.push(...unreadable);
      const out = join(scratch, pack.name);
      await extractPack(src, out, { omitVolatile: true, transformName: (entry) => `${entry._id}.json` });
      const entries = readdirSync(out)
        .sort()
        .map((name) => clean(JSON.parse(readFileSync(join(out, name), "utf8"))));
      work.push({ pack, byId, entries });
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (problems.length) return { problems, report: [] };

  // 2. Write: changed entries patched in place, new ones added, deleted ones reported or pruned.
  const report = [];
  for (const { pack, byId, entries } of work) {
    const counts = { unchanged: 0, changed: 0, added: 0 };
    const seen = new Set();
    const packDir = join(root, "packs", pack.name);
    const newPath = newSourcePaths(packDir, byId, entries);
    for (const entry of entries) {
      seen.add(entry._id);
      const source = byId.get(entry._id);
      if (source && isDeepStrictEqual(source.data, entry)) {
        counts.unchanged++;
        continue;
      }
      if (source) {
        writeFileSync(source.path, patchedSource(source.text, entry, source.file));
        report.push(`${source.file}: updated`);
        counts.changed++;
      } else {
        const path = join(packDir, newPath(entry));
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, stringifySource(entry));
        report.push(`${relative(root, path)}: added`);
        counts.added++;
      }
    }
    let gone = 0;
    for (const [id, source] of byId) {
      if (seen.has(id)) continue;
      gone++;
      const name = source.data.name ? ` (${source.data.name})` : "";
      if (prune) {
        rmSync(source.path);
        report.push(`${source.file}${name}: removed, no longer in the pack`);
      } else {
        report.push(
          `${source.file}${name}: no longer in the pack (deleted in Foundry?); kept: run with --prune to remove it`,
        );
      }
    }
    report.push(
      `${pack.name}: ${counts.unchanged} unchanged, ${counts.changed} updated, ${counts.added} added, ` +
        `${gone} ${prune ? "removed" : "no longer in the pack"}`,
    );
  }
  return { problems, report };
}
