// The release archive as a GM's Foundry receives it: `npm run package` run on the built dist/ into a
// temporary folder, the zip unpacked, and what system.json names looked for inside it (issue #17).
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPackSources } from "../../scripts/lib/yaml-source.mjs";
import { readZip } from "../../scripts/lib/zip.mjs";
import { DIST, ROOT, readJSON } from "../lib/paths";

const pkg = readJSON(join(ROOT, "package.json"));
const repoManifest = readJSON(join(ROOT, "system.json"));
const hasUnzip = spawnSync("unzip", ["-v"]).status === 0;

let out: string;
let zipPath: string;
let unpacked: string;
let files: Map<string, Buffer>;
let printed: string;
let manifest: any;

/** Every file below a folder, as `/`-separated paths relative to it. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path).map((p) => `${name}/${p}`) : [name];
  });
}

/**
 * A copy of the project whose dist/ is the built one with its packs compiled afresh: the packs tests
 * open dist/packs in parallel with this file, and LevelDB rewrites its files when opened.
 */
function project(dir: string): string {
  const root = join(dir, "project");
  mkdirSync(join(root, "dist"), { recursive: true });
  for (const name of ["package.json", "package-lock.json", "system.json", "CHANGELOG.md"])
    copyFileSync(join(ROOT, name), join(root, name));
  symlinkSync(join(ROOT, "packs"), join(root, "packs"), "dir");
  for (const name of readdirSync(DIST).filter((n) => n !== "packs"))
    cpSync(join(DIST, name), join(root, "dist", name), { recursive: true });
  execFileSync("node", [join(ROOT, "scripts", "build-packs.mjs")], {
    env: { ...process.env, POLYVERSE_ROOT: root },
    timeout: 120_000,
  });
  return root;
}

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), "pv-release-"));
  const root = project(out);
  const release = join(out, "release");
  printed = String(
    execFileSync("node", [join(ROOT, "scripts", "package.mjs"), "--out", release], {
      env: { ...process.env, POLYVERSE_ROOT: root },
      timeout: 120_000,
    }),
  );
  zipPath = join(release, "polyverse.zip");
  files = readZip(readFileSync(zipPath));
  unpacked = join(out, "unpacked");
  for (const [name, data] of files) {
    mkdirSync(dirname(join(unpacked, name)), { recursive: true });
    writeFileSync(join(unpacked, name), data);
  }
  manifest = JSON.parse(files.get("system.json")!.toString("utf8"));
}, 120_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

describe("npm run package", () => {
  it("writes polyverse.zip and the system.json the release publishes beside it, and says so", () => {
    expect(printed).toContain(`Packaged Polyverse ${pkg.version}`);
    expect(readdirSync(dirname(zipPath))).toEqual(expect.arrayContaining(["polyverse.zip", "system.json"]));
    expect(readFileSync(join(dirname(zipPath), "system.json"))).toEqual(files.get("system.json"));
  });

  it("puts the installable system at the archive's root, system.json first", () => {
    expect([...files.keys()][0]).toBe("system.json");
    expect(manifest).toEqual(repoManifest);
    const top = new Set([...files.keys()].map((name) => name.split("/")[0]));
    const allowed = ["system.json", "polyverse.mjs", "styles", "templates", "lang", "packs", "assets"];
    expect(
      [...top].filter((name) => ![...allowed, "README.md", "LICENSE", "CHANGELOG.md"].includes(name)),
    ).toEqual([]);
    for (const name of files.keys()) expect(name, name).not.toMatch(/^\/|(^|\/)\.\.?(\/|$)|\\/);
  });

  it("holds every path the manifest names: esmodules, styles, languages, packs", () => {
    const named = [
      ...manifest.esmodules,
      ...manifest.styles.map((s: { src: string }) => s.src),
      ...manifest.languages.map((l: { path: string }) => l.path),
    ];
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const path of named) expect(files.has(path), path).toBe(true);
    for (const language of manifest.languages) {
      const lang = JSON.parse(files.get(language.path)!.toString("utf8"));
      expect(Object.keys(lang).length, language.path).toBeGreaterThan(0);
    }
    expect(manifest.packs.length).toBe(repoManifest.packs.length);
    for (const pack of manifest.packs) {
      const inside = [...files.keys()].filter((name) => name.startsWith(`${pack.path}/`));
      expect(inside, pack.path).toContain(`${pack.path}/CURRENT`);
      expect(
        inside.some((name) => /\/MANIFEST-\d+$/.test(name)),
        pack.path,
      ).toBe(true);
      expect(
        inside.some((name) => /\.(ldb|log)$/.test(name)),
        pack.path,
      ).toBe(true);
    }
  });

  it("holds every template the sources have, and the built bundle and styles unchanged but for the map comment", () => {
    for (const path of walk(join(ROOT, "templates")))
      expect(files.get(`templates/${path}`)?.equals(readFileSync(join(ROOT, "templates", path))), path).toBe(
        true,
      );
    const bundle = files.get("polyverse.mjs")!.toString("utf8");
    const built = readFileSync(join(DIST, "polyverse.mjs"), "utf8");
    expect(bundle).not.toContain("sourceMappingURL");
    expect(built.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, "").trimEnd()).toBe(bundle.trimEnd());
    expect(files.get("styles/polyverse.css")).toEqual(readFileSync(join(DIST, "styles", "polyverse.css")));
  });

  it("ships no source map and no LevelDB lock or log file", () => {
    const names = [...files.keys()];
    expect(names.filter((name) => name.endsWith(".map"))).toEqual([]);
    expect(names.filter((name) => /\/(LOCK|LOG|LOG\.old)$/.test(name))).toEqual([]);
    for (const name of names.filter((n) => /\.(m?js|css)$/.test(n)))
      expect(files.get(name)!.toString("utf8"), name).not.toContain("sourceMappingURL");
  });

  it("carries one version, the latest release's manifest URL and this version's download URL", () => {
    const repo = "https://github.com/polyverse-vtt/polyverse";
    expect(manifest.url).toBe(repo);
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.manifest).toBe(`${repo}/releases/latest/download/system.json`);
    expect(manifest.download).toBe(`${repo}/releases/download/v${pkg.version}/polyverse.zip`);
    expect(readJSON(join(ROOT, "package-lock.json")).packages[""].version).toBe(pkg.version);
  });

  it("has packs that open, each holding exactly its sources' documents", async () => {
    for (const pack of manifest.packs) {
      const opened: { key: string; name: string }[] = [];
      await extractPack(join(unpacked, pack.path), join(out, "extracted", pack.name), {
        transformEntry: (doc: { _key: string; name: string }) => {
          opened.push({ key: doc._key, name: doc.name });
          return false;
        },
      });
      const { entries, problems } = readPackSources(ROOT, pack.name);
      expect(problems).toEqual([]);
      const want = entries.map((e: any) => ({ key: e.data._key, name: e.data.name }));
      const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
      expect(opened.sort(byKey), pack.name).toEqual(want.sort(byKey));
      expect(opened.length, pack.name).toBeGreaterThan(0);
    }
  }, 60_000);

  it.skipIf(!hasUnzip)("is read the same by the system's unzip (an independent reader)", () => {
    const zip = zipPath;
    expect(spawnSync("unzip", ["-tq", zip]).status).toBe(0);
    const listed = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).trim().split("\n");
    expect(listed).toEqual([...files.keys()]);
    const other = join(out, "unzipped");
    expect(spawnSync("unzip", ["-q", zip, "-d", other]).status).toBe(0);
    expect(walk(other).sort()).toEqual([...files.keys()].sort());
    for (const [name, data] of files) expect(readFileSync(join(other, name)).equals(data), name).toBe(true);
  });
});

describe("npm run package refuses, writing nothing", () => {
  it("a tag whose version the CHANGELOG has not dated, then a dist/ older than the bumped system.json", () => {
    const root = join(out, "refusing");
    mkdirSync(root);
    for (const name of ["package.json", "package-lock.json", "system.json"])
      copyFileSync(join(ROOT, name), join(root, name));
    writeFileSync(join(root, "CHANGELOG.md"), "# Changelog\n\n## Unreleased\n- A change.\n");
    symlinkSync(DIST, join(root, "dist"), "dir");
    const target = join(out, "refused");
    const run = (args: string[]) =>
      spawnSync("node", [join(ROOT, "scripts", "package.mjs"), "--out", target, ...args], {
        env: { ...process.env, POLYVERSE_ROOT: root },
        encoding: "utf8",
      });

    const undated = run(["--tag", `v${pkg.version}`]);
    expect(undated.status).toBe(1);
    expect(undated.stderr).toContain(`CHANGELOG.md has no dated section "## ${pkg.version} (YYYY-MM-DD)"`);
    expect(existsSync(target)).toBe(false);

    const [major, minor] = pkg.version.split(".");
    const next = `${major}.${Number(minor) + 1}.0`;
    const bump = spawnSync("node", [join(ROOT, "scripts", "bump.mjs"), next, "--date", "2026-11-27"], {
      env: { ...process.env, POLYVERSE_ROOT: root },
      encoding: "utf8",
    });
    expect(bump.status).toBe(0);
    const stale = run(["--tag", `v${next}`]);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain("dist/system.json differs from system.json: dist/ is stale");
    expect(existsSync(target)).toBe(false);
  });
});
