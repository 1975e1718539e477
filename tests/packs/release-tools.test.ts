// The release tooling on its own: the ZIP writer and reader, version precedence, the checks the
// packager makes, `npm run bump` on a copy of the project's files, and the two GitHub workflows
// against the README's test command (issue #17).
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  bumpTexts,
  changelogSections,
  compareVersions,
  dateChangelog,
  isPrerelease,
  releaseNotes,
  releaseProblems,
} from "../../scripts/lib/release.mjs";
import { crc32, dosDateTime, readZip, writeZip } from "../../scripts/lib/zip.mjs";
import { ROOT, readJSON } from "../lib/paths";

const REPO = "https://github.com/polyverse-vtt/polyverse";
const temps: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Run one of scripts/ on a copy of the project: its exit status and what it printed. */
function run(script: string, root: string, args: string[] = []) {
  const result = spawnSync("node", [join(ROOT, "scripts", script), ...args], {
    env: { ...process.env, POLYVERSE_ROOT: root },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the ZIP writer and reader", () => {
  it('computes CRC-32 as ZIP does (the check value of "123456789" is CBF43926)', () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it("writes MS-DOS times (hours<<11 | minutes<<5 | seconds/2; years since 1980<<9 | month<<5 | day)", () => {
    expect(dosDateTime(new Date(Date.UTC(2026, 10, 27, 10, 20, 30)))).toEqual({
      time: (10 << 11) | (20 << 5) | 15,
      date: (46 << 9) | (11 << 5) | 27,
    });
  });

  const entries = [
    { name: "system.json", data: Buffer.from('{"id":"polyverse"}') },
    { name: "empty.txt", data: Buffer.alloc(0) },
    { name: "lang/de/würfel.json", data: Buffer.from('{"Würfel":"ß"}') },
    {
      name: "packs/a/000005.ldb",
      data: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)),
    },
    { name: "templates/long.hbs", data: Buffer.from("<div>{{name}}</div>\n".repeat(5000)) },
  ];

  it("round-trips files (empty, binary, UTF-8 names, compressible) byte for byte, the same bytes every time", () => {
    const zip = writeZip(entries);
    const read = readZip(zip);
    expect([...read.keys()]).toEqual(entries.map((e) => e.name));
    for (const entry of entries) expect(read.get(entry.name)!.equals(entry.data), entry.name).toBe(true);
    expect(zip.length).toBeLessThan(100_000 / 10);
    expect(writeZip(entries).equals(zip)).toBe(true);
    expect(writeZip(entries, { mtime: new Date(Date.UTC(2026, 0, 1)) }).equals(zip)).toBe(false);
  });

  it.skipIf(spawnSync("unzip", ["-v"]).status !== 0)("writes archives the system's unzip tests clean", () => {
    const dir = temp("pv-zip-");
    writeFileSync(join(dir, "a.zip"), writeZip(entries));
    expect(spawnSync("unzip", ["-tq", join(dir, "a.zip")]).status).toBe(0);
    expect(
      execFileSync("unzip", ["-Z1", join(dir, "a.zip")], { encoding: "utf8" })
        .trim()
        .split("\n"),
    ).toEqual(entries.map((e) => e.name));
  });

  it("refuses names that would leave the folder it is unpacked into, and duplicates", () => {
    for (const name of [
      "../evil",
      "a/../../evil",
      "/etc/passwd",
      ["C:", "evil"].join("/"),
      "a\\b",
      "",
      "a//b",
    ])
      expect(() => writeZip([{ name, data: Buffer.from("x") }]), name).toThrow(/unsafe/);
    expect(() => writeZip([entries[0]!, entries[0]!])).toThrow(/duplicate/);
    // The same archive with its name bytes changed from "xx/evil" to "../evil" (a zip-slip archive).
    const zip = writeZip([{ name: "xx/evil", data: Buffer.from("x") }]);
    const forged = Buffer.from(zip.toString("latin1").split("xx/evil").join("../evil"), "latin1");
    expect(() => readZip(forged)).toThrow(/unsafe/);
  });

  it("refuses a damaged archive: a changed byte fails the CRC, a cut one has no directory", () => {
    const data = Buffer.from("stored bytes, too short to deflate");
    const zip = writeZip([{ name: "a.txt", data }]);
    const at = zip.indexOf(data);
    expect(at).toBeGreaterThan(0);
    const damaged = Buffer.from(zip);
    damaged[at] ^= 1;
    expect(() => readZip(damaged)).toThrow(/CRC/);
    expect(() => readZip(zip.subarray(0, zip.length - 30))).toThrow(/ZIP/);
  });
});

describe("versions", () => {
  it("orders versions as semver.org §11 does: 1.0.0-alpha < alpha.1 < alpha.beta < beta < beta.2 < beta.11 < rc.1 < 1.0.0", () => {
    const order = [
      "1.0.0-alpha",
      "1.0.0-alpha.1",
      "1.0.0-alpha.beta",
      "1.0.0-beta",
      "1.0.0-beta.2",
      "1.0.0-beta.11",
      "1.0.0-rc.1",
      "1.0.0",
      "1.0.1",
      "1.1.0",
      "2.0.0",
      "10.0.0",
    ];
    for (let i = 0; i + 1 < order.length; i++) {
      expect(compareVersions(order[i], order[i + 1]), `${order[i]} < ${order[i + 1]}`).toBeLessThan(0);
      expect(compareVersions(order[i + 1], order[i])).toBeGreaterThan(0);
    }
    expect(compareVersions("0.1.0", "0.1.0")).toBe(0);
    expect(isPrerelease("1.0.0-rc.1")).toBe(true);
    expect(isPrerelease("1.0.0")).toBe(false);
    expect(() => compareVersions("1.0", "1.0.0")).toThrow(RangeError);
  });
});

describe("the packager's checks (version, URLs, tag)", () => {
  const files = (version: string, changes: Record<string, any> = {}) => ({
    pkg: { version },
    lock: { version, packages: { "": { version } } },
    system: {
      url: REPO,
      version,
      manifest: `${REPO}/releases/latest/download/system.json`,
      download: `${REPO}/releases/download/v${version}/polyverse.zip`,
      ...changes,
    },
  });

  it("passes files that agree, and the project's own", () => {
    expect(releaseProblems(files("1.2.3"))).toEqual([]);
    expect(releaseProblems({ ...files("1.2.3"), tag: "v1.2.3" })).toEqual([]);
    expect(
      releaseProblems({
        pkg: readJSON(join(ROOT, "package.json")),
        lock: readJSON(join(ROOT, "package-lock.json")),
        system: readJSON(join(ROOT, "system.json")),
      }),
    ).toEqual([]);
  });

  it("names each disagreement", () => {
    const problems = (f: any) => releaseProblems(f).join("\n");
    expect(problems(files("1.2.3", { version: "1.2.2" }))).toMatch(/system.json version 1.2.2 differs/);
    expect(
      problems({ ...files("1.2.3"), lock: { version: "1.2.3", packages: { "": { version: "1.0.0" } } } }),
    ).toMatch(/packages\[""\].version 1.0.0 differs/);
    expect(problems(files("1.2.3", { download: `${REPO}/releases/download/v1.2.2/polyverse.zip` }))).toMatch(
      /download must be .*v1.2.3\/polyverse.zip/,
    );
    expect(problems(files("1.2.3", { manifest: `${REPO}/releases/download/v1.2.3/system.json` }))).toMatch(
      /manifest must be .*latest\/download\/system.json/,
    );
    expect(problems({ ...files("1.2.3"), tag: "v1.2.4" })).toMatch(/tag v1.2.4 does not match version 1.2.3/);
    expect(problems({ ...files("1.2.3"), tag: "1.2.3" })).toMatch(/does not match/);
    expect(problems(files("1.2.3", { url: "https://example.com/polyverse" }))).toMatch(
      /not a GitHub repository/,
    );
    expect(problems(files("1.2"))).toMatch(/not MAJOR.MINOR.PATCH/);
  });
});

describe("the CHANGELOG", () => {
  const text = "# Changelog\n\nIntro.\n\n## Unreleased\n- New thing.\n\n## 0.1.0 (2026-01-02)\n- First.\n";

  it("reads its sections, the unreleased one included", () => {
    const sections = changelogSections(text);
    expect(sections.map((s: any) => [s.version, s.date, s.unreleased, s.body])).toEqual([
      [undefined, undefined, true, "- New thing."],
      ["0.1.0", "2026-01-02", false, "- First."],
    ]);
    expect(changelogSections("## 0.2.0 (unreleased)\n- x\n")[0].unreleased).toBe(true);
    expect(releaseNotes(text, "0.1.0")).toBe("- First.");
    expect(releaseNotes(text, "0.2.0")).toBeUndefined();
  });

  it("dates the unreleased section as the new version, or says why not", () => {
    expect(dateChangelog(text, "0.2.0", "2026-11-27").text).toBe(
      "# Changelog\n\nIntro.\n\n## 0.2.0 (2026-11-27)\n- New thing.\n\n## 0.1.0 (2026-01-02)\n- First.\n",
    );
    expect(dateChangelog("## 0.1.0 (unreleased)\n- x\n", "0.1.0", "2026-11-27").text).toBe(
      "## 0.1.0 (2026-11-27)\n- x\n",
    );
    expect(dateChangelog("## 0.1.0 (2026-01-02)\n- x\n", "0.2.0", "2026-11-27").problems[0]).toMatch(
      /no unreleased/,
    );
    expect(
      dateChangelog("## Unreleased\n\n## 0.1.0 (2026-01-02)\n", "0.2.0", "2026-11-27").problems[0],
    ).toMatch(/empty/);
    expect(dateChangelog(text, "0.1.0", "2026-11-27").problems[0]).toMatch(/already has a section for 0.1.0/);
    expect(dateChangelog(text, "0.2.0", "27.11.2026").problems[0]).toMatch(/YYYY-MM-DD/);
  });
});

describe("npm run bump", () => {
  const NAMES = ["package.json", "package-lock.json", "system.json", "CHANGELOG.md"];
  /** A copy of the project's four versioned files, with a CHANGELOG whose top section is unreleased. */
  function project() {
    const root = temp("pv-bump-");
    for (const name of NAMES) copyFileSync(join(ROOT, name), join(root, name));
    const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
    if (!changelogSections(changelog)[0]?.unreleased)
      writeFileSync(
        join(root, "CHANGELOG.md"),
        changelog.replace(/^## /m, "## Unreleased\n- A change.\n\n## "),
      );
    return root;
  }
  const read = (root: string) =>
    Object.fromEntries(NAMES.map((name) => [name, readFileSync(join(root, name), "utf8")]));

  it("sets one version in package.json, package-lock.json and system.json and dates the CHANGELOG, nothing else", () => {
    const root = project();
    const before = read(root);
    const current = JSON.parse(before["package.json"]).version;
    const [major] = current.split(".");
    const version = `${Number(major) + 1}.0.0`;
    const result = run("bump.mjs", root, [version, "--date", "2026-11-27"]);
    expect(result.output).toContain(`Version ${version} (2026-11-27)`);
    expect(result.status).toBe(0);
    const after = read(root);
    expect(JSON.parse(after["package.json"]).version).toBe(version);
    const lock = JSON.parse(after["package-lock.json"]);
    expect([lock.version, lock.packages[""].version]).toEqual([version, version]);
    const system = JSON.parse(after["system.json"]);
    expect(system.version).toBe(version);
    expect(system.download).toBe(`${REPO}/releases/download/v${version}/polyverse.zip`);
    expect(system.manifest).toBe(`${REPO}/releases/latest/download/system.json`);
    expect(changelogSections(after["CHANGELOG.md"])[0]).toMatchObject({
      version,
      date: "2026-11-27",
      unreleased: false,
    });
    // Only the version lines, the download line and the CHANGELOG heading changed.
    const changedLines = (name: string) => {
      const a = before[name]!.split("\n");
      const b = after[name]!.split("\n");
      expect(b.length, name).toBe(a.length);
      return b.filter((line, i) => line !== a[i]).length;
    };
    expect(NAMES.map(changedLines)).toEqual([1, 2, 2, 1]);
    // The bumped files pass the packager's check for the new tag, and only for it.
    expect(run("package.mjs", root, ["--verify", "--tag", `v${version}`]).status).toBe(0);
    const wrongTag = run("package.mjs", root, ["--verify", "--tag", `v${current}`]);
    expect(wrongTag.status).toBe(1);
    expect(wrongTag.output).toContain(`tag v${current} does not match version ${version}`);
  });

  it("refuses, changing nothing, a lower version, a malformed one, and a second bump to the same version", () => {
    const root = project();
    const before = read(root);
    const current = JSON.parse(before["package.json"]).version;
    expect(run("bump.mjs", root, ["0.0.0-alpha", "--date", "2026-11-27"]).output).toMatch(
      /lower than the current/,
    );
    expect(run("bump.mjs", root, ["1.2", "--date", "2026-11-27"]).output).toMatch(/not a version/);
    expect(run("bump.mjs", root, []).status).toBe(1);
    expect(read(root)).toEqual(before);
    const [major, minor] = current.split(".");
    const next = `${major}.${Number(minor) + 1}.0`;
    expect(run("bump.mjs", root, [next, "--date", "2026-11-27"]).status).toBe(0);
    const bumped = read(root);
    const again = run("bump.mjs", root, [next, "--date", "2026-11-28"]);
    expect(again.status).toBe(1);
    expect(again.output).toMatch(/already has a section|no unreleased section/);
    expect(read(root)).toEqual(bumped);
  });

  it("edits system.json in place: only its version and download lines change, its inline arrays stay", () => {
    const texts = read(project());
    const { files, problems } = bumpTexts(
      {
        pkg: texts["package.json"],
        lock: texts["package-lock.json"],
        system: texts["system.json"],
        changelog: texts["CHANGELOG.md"],
      },
      "99.0.0",
      "2026-11-27",
    );
    expect(problems).toEqual([]);
    const before = texts["system.json"]!.split("\n");
    const changed = files!.system.split("\n").filter((line: string, i: number) => line !== before[i]);
    expect(changed).toEqual([
      '  "version": "99.0.0",',
      `  "download": "${REPO}/releases/download/v99.0.0/polyverse.zip",`,
    ]);
    expect(files!.system).toContain('"esmodules": ["polyverse.mjs"]');
  });
});

describe("the GitHub workflows", () => {
  const workflow = (name: string) => parse(readFileSync(join(ROOT, ".github", "workflows", name), "utf8"));
  /** The README's test command: the commands of the sh block under "## The two commands", in order. */
  const readmeCommands = () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const block = /## The two commands\s+```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    return block
      .split("\n")
      .map((line) => line.replace(/#.*/, "").trim())
      .filter(Boolean)
      .flatMap((line) => line.split("&&").map((c) => c.trim()));
  };
  /** Each command the job's `run` steps execute, in order. */
  const commands = (w: any) =>
    (Object.values(w.jobs)[0] as any).steps
      .filter((s: any) => s.run)
      .flatMap((s: any) =>
        String(s.run)
          .split(/\n|&&/)
          .map((c: string) => c.trim())
          .filter(Boolean),
      );
  const inOrder = (have: string[], want: string[]) => {
    let at = 0;
    for (const command of have) if (command === want[at]) at++;
    return at === want.length;
  };

  it("reads the README's test command as npm ci, npm run build, npm test", () => {
    expect(readmeCommands()).toEqual(["npm ci", "npm run build", "npm test"]);
  });

  it("ci.yml runs it on every push, then packages", () => {
    const ci = workflow("ci.yml");
    expect(ci.on.push.branches).toEqual(["**"]);
    expect(inOrder(commands(ci), [...readmeCommands(), "npm run package"])).toBe(true);
  });

  it("release.yml on a tag v* checks the tag first, runs it, packages with the tag and publishes both assets", () => {
    const release = workflow("release.yml");
    expect(release.on.push.tags).toEqual(["v*"]);
    expect(release.permissions.contents).toBe("write");
    const run = commands(release);
    const check = 'node scripts/package.mjs --verify --tag "$GITHUB_REF_NAME"';
    const pack = run.find((c: string) => c.includes("npm run package"));
    expect(pack).toContain('--tag "$GITHUB_REF_NAME"');
    expect(inOrder(run, [check, ...readmeCommands(), pack])).toBe(true);
    const publish = run.filter((c: string) => /^gh release (create|upload)/.test(c));
    expect(publish.length).toBe(2);
    for (const c of publish) expect(c).toContain("release/polyverse.zip release/system.json");
    expect(run.indexOf(pack)).toBeLessThan(run.findIndex((c: string) => c.startsWith("gh release")));
  });
});
