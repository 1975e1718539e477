// What goes into the release archive, and the archive itself: the installable system from dist/ at the
// archive's root, without source maps or LevelDB's run-time files. See scripts/package.mjs.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkManifest, manifestPaths } from "./manifest-check.mjs";
import { RELEASE_ZIP, releaseNotes, releaseProblems } from "./release.mjs";
import { writeZip } from "./zip.mjs";

/** Folders of dist/ shipped whole (besides the files and packs system.json names). */
const SHIPPED_FOLDERS = ["styles", "templates", "lang", "assets"];
/** Files a LevelDB folder holds only while it is open or for its own logging: never shipped. */
const LEVELDB_RUNTIME = new Set(["LOCK", "LOG", "LOG.old"]);
const SOURCE_MAP = /\.map$/;
/** The comment that points a bundle or stylesheet at its source map (removed with the maps). */
const MAP_COMMENT = /\n?(?:\/\/# sourceMappingURL=[^\n]*|\/\*# sourceMappingURL=[^*]*\*\/)\s*$/;

/** Every file below a folder, as `/`-separated paths relative to it, sorted. */
function walk(dir, prefix = "") {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      const path = join(dir, entry.name);
      const kind = entry.isSymbolicLink() ? statSync(path) : entry;
      if (kind.isDirectory()) return walk(path, rel);
      return kind.isFile() ? [rel] : [];
    });
}

/**
 * Which files of dist/ the archive holds: system.json, the files and pack folders it names, and the
 * styles, templates, lang and assets folders; never a source map or a LevelDB LOCK/LOG file.
 * @param {string} dist the built system
 * @param {object} manifest dist/system.json, parsed
 * @returns {{ files: string[], left: string[] }} the shipped paths (system.json first) and those left out
 */
export function packagedFiles(dist, manifest) {
  const named = new Set(["system.json", ...manifestPaths(manifest)]);
  const roots = [...named, ...SHIPPED_FOLDERS.filter((f) => existsSync(join(dist, f)))];
  const files = [];
  const left = [];
  for (const path of walk(dist)) {
    const shipped = roots.some((root) => path === root || path.startsWith(`${root}/`));
    const runtime = path.startsWith("packs/") && LEVELDB_RUNTIME.has(path.split("/").pop());
    if (shipped && !runtime && !SOURCE_MAP.test(path)) files.push(path);
    else left.push(path);
  }
  files.sort((a, b) => (a === "system.json" ? -1 : b === "system.json" ? 1 : 0));
  return { files, left };
}

/** A shipped file's bytes: a bundle or stylesheet loses the comment naming its (unshipped) map. */
export function shippedBytes(path, data) {
  if (!/\.(m?js|css)$/.test(path)) return data;
  const text = data.toString("utf8");
  return MAP_COMMENT.test(text) ? Buffer.from(`${text.replace(MAP_COMMENT, "")}\n`, "utf8") : data;
}

/**
 * Build the release from dist/: `<out>/polyverse.zip`, `<out>/system.json` (the manifest asset, the
 * same bytes as the archive's) and `<out>/notes.md` (the version's CHANGELOG section, when it has one).
 * Nothing is written when a check fails.
 * @param {{ root: string, out: string, tag?: string, mtime?: Date }} options the project, the output
 *   folder, the release tag (checked against the version, and then the CHANGELOG must date it), one
 *   time for every archive entry
 * @returns {{ problems: string[], files?: string[], left?: string[], zip?: string, bytes?: number,
 *   version?: string }}
 */
export function buildPackage({ root, out, tag, mtime }) {
  const dist = join(root, "dist");
  const read = (path) => readFileSync(path, "utf8");
  const json = (path) => JSON.parse(read(path));
  if (!existsSync(join(dist, "system.json")))
    return { problems: ['dist/ has no system.json: run "npm run build" first'] };
  const pkg = json(join(root, "package.json"));
  const lockPath = join(root, "package-lock.json");
  const lock = existsSync(lockPath) ? json(lockPath) : undefined;
  const systemText = read(join(root, "system.json"));
  const system = JSON.parse(systemText);
  const problems = releaseProblems({ pkg, lock, system, tag });
  if (read(join(dist, "system.json")) !== systemText)
    problems.push('dist/system.json differs from system.json: dist/ is stale, run "npm run build"');
  const changelog = join(root, "CHANGELOG.md");
  const notes = existsSync(changelog) ? releaseNotes(read(changelog), pkg.version) : undefined;
  if (tag !== undefined && !notes)
    problems.push(
      `CHANGELOG.md has no dated section "## ${pkg.version} (YYYY-MM-DD)": run "npm run bump -- ${pkg.version}"`,
    );
  const enPath = join(dist, "lang", "en.json");
  if (!existsSync(enPath)) problems.push("dist/lang/en.json is missing");
  else problems.push(...checkManifest(system, json(enPath), dist, pkg.version));
  if (problems.length) return { problems };

  const { files, left } = packagedFiles(dist, system);
  const zip = writeZip(
    files.map((name) => ({ name, data: shippedBytes(name, readFileSync(join(dist, name))) })),
    mtime ? { mtime } : {},
  );
  mkdirSync(out, { recursive: true });
  const zipPath = join(out, RELEASE_ZIP);
  writeFileSync(zipPath, zip);
  writeFileSync(join(out, "system.json"), systemText);
  if (notes) writeFileSync(join(out, "notes.md"), `${notes}\n`);
  else rmSync(join(out, "notes.md"), { force: true });
  return { problems, files, left, zip: zipPath, bytes: statSync(zipPath).size, version: pkg.version };
}
