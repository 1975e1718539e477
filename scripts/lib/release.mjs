// The release's rules, as pure functions over file contents: which version the files carry, the
// manifest and download URLs a version must have, the CHANGELOG's sections, and the edits a version
// bump makes. Used by scripts/package.mjs, scripts/bump.mjs and their tests.

/** The archive a release publishes, beside its system.json. */
export const RELEASE_ZIP = "polyverse.zip";
/** A release version: MAJOR.MINOR.PATCH with an optional pre-release part (no build metadata). */
export const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;
const REPO_URL = /^https:\/\/github\.com\/[A-Za-z0-9][A-Za-z0-9-]*\/[A-Za-z0-9._-]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The URLs a version's system.json carries: the manifest always names the latest release's
 * system.json (so an installed system finds its updates), the download names this version's zip.
 * @param {string} url the repository (system.json `url`), https://github.com/<owner>/<repo>
 * @param {string} version
 */
export function releaseUrls(url, version) {
  return {
    manifest: `${url}/releases/latest/download/system.json`,
    download: `${url}/releases/download/v${version}/${RELEASE_ZIP}`,
  };
}

/** Whether a version is a pre-release (GitHub's "latest" release skips those). */
export const isPrerelease = (version) => VERSION.exec(version)?.[4] !== undefined;

/**
 * Compare two versions by semantic-versioning precedence.
 * @returns {number} negative when a < b, 0 when equal, positive when a > b
 */
export function compareVersions(a, b) {
  const pa = VERSION.exec(a);
  const pb = VERSION.exec(b);
  if (!pa || !pb) throw new RangeError(`not a version: ${pa ? b : a}`);
  for (let i = 1; i <= 3; i++) {
    const d = Number(pa[i]) - Number(pb[i]);
    if (d) return d;
  }
  if (pa[4] === pb[4]) return 0;
  if (pa[4] === undefined) return 1;
  if (pb[4] === undefined) return -1;
  const xs = pa[4].split(".");
  const ys = pb[4].split(".");
  for (let i = 0; i < Math.max(xs.length, ys.length); i++) {
    if (xs[i] === undefined) return -1;
    if (ys[i] === undefined) return 1;
    if (xs[i] === ys[i]) continue;
    const nx = /^\d+$/.test(xs[i]);
    const ny = /^\d+$/.test(ys[i]);
    if (nx && ny) return Number(xs[i]) - Number(ys[i]);
    if (nx !== ny) return nx ? -1 : 1;
    return xs[i] < ys[i] ? -1 : 1;
  }
  return 0;
}

/**
 * What keeps these files from making a release: package.json, package-lock.json and system.json
 * must carry one version, system.json's URLs must be that version's, and a tag, when given, must be
 * `v<version>`.
 * @param {{ pkg: object, lock?: object, system: object, tag?: string }} files parsed files
 * @returns {string[]} problems
 */
export function releaseProblems({ pkg, lock, system, tag }) {
  const problems = [];
  const version = pkg.version;
  if (!VERSION.test(String(version)))
    problems.push(`package.json version ${JSON.stringify(version)} is not MAJOR.MINOR.PATCH`);
  if (system.version !== version)
    problems.push(`system.json version ${system.version} differs from package.json ${version}`);
  if (lock) {
    if (lock.version !== version)
      problems.push(`package-lock.json version ${lock.version} differs from package.json ${version}`);
    const rootVersion = lock.packages?.[""]?.version;
    if (rootVersion !== version)
      problems.push(
        `package-lock.json packages[""].version ${rootVersion} differs from package.json ${version}`,
      );
  }
  if (!REPO_URL.test(String(system.url ?? ""))) {
    problems.push(`system.json url ${JSON.stringify(system.url)} is not a GitHub repository URL`);
  } else {
    const want = releaseUrls(system.url, version);
    for (const field of ["manifest", "download"]) {
      if (system[field] !== want[field])
        problems.push(`system.json ${field} must be ${want[field]}, not ${system[field]}`);
    }
  }
  if (tag !== undefined && tag !== `v${version}`)
    problems.push(`tag ${tag} does not match version ${version} (v${version})`);
  return problems;
}

/** A CHANGELOG heading `## <version> (<date>)`, `## <version> (unreleased)` or `## Unreleased`. */
const HEADING = /^## +(?:(unreleased)|(\S+)(?: +\(([^)]*)\))?) *$/i;

/**
 * The `## ` sections of a CHANGELOG, in order.
 * @param {string} text
 * @returns {{ version?: string, date?: string, unreleased: boolean, start: number, end: number,
 *   body: string, heading: string }[]} each section's lines [start, end) and its body (the lines
 *   under its heading, trimmed)
 */
export function changelogSections(text) {
  const lines = text.split("\n");
  const sections = [];
  lines.forEach((line, i) => {
    if (!line.startsWith("## ")) return;
    const m = HEADING.exec(line);
    const note = m?.[3];
    const unreleased = Boolean(m?.[1]) || /^unreleased$/i.test(note ?? "");
    sections.push({
      heading: line,
      version: m?.[2],
      date: note && DATE.test(note) ? note : undefined,
      unreleased,
      start: i,
      end: lines.length,
    });
  });
  sections.forEach((section, i) => {
    if (sections[i + 1]) section.end = sections[i + 1].start;
    section.body = lines
      .slice(section.start + 1, section.end)
      .join("\n")
      .trim();
  });
  return sections;
}

/** The notes of one released version (its dated section's body), or undefined. */
export function releaseNotes(text, version) {
  const section = changelogSections(text).find((s) => s.version === version && !s.unreleased);
  return section?.body || undefined;
}

/**
 * The CHANGELOG with its unreleased section (the first section, `## Unreleased` or
 * `## <x> (unreleased)`) turned into `## <version> (<date>)`.
 * @returns {{ text?: string, problems: string[] }}
 */
export function dateChangelog(text, version, date) {
  if (!DATE.test(date)) return { problems: [`date ${date} is not YYYY-MM-DD`] };
  const sections = changelogSections(text);
  if (sections.some((s) => s.version === version && !s.unreleased))
    return { problems: [`CHANGELOG.md already has a section for ${version}`] };
  const first = sections[0];
  if (!first?.unreleased)
    return {
      problems: [
        "CHANGELOG.md has no unreleased section at the top: write what this release changes under '## Unreleased' first",
      ],
    };
  if (!first.body)
    return { problems: ["CHANGELOG.md's unreleased section is empty: say what this release changes"] };
  const lines = text.split("\n");
  lines[first.start] = `## ${version} (${date})`;
  return { text: lines.join("\n"), problems: [] };
}

/** Replace the value of the first `"<key>": "<value>"` line of a JSON text whose indent is two spaces. */
function replaceTopLevel(text, key, value) {
  const pattern = new RegExp(`^( {2}"${key}": *)"[^"\\n]*"`, "m");
  if (!pattern.test(text)) return undefined;
  return text.replace(pattern, (_, head) => `${head}${JSON.stringify(value)}`);
}

/**
 * The new contents of the files a version bump changes. package.json and package-lock.json are
 * rewritten the way npm writes them; system.json is edited in place (its other lines keep their
 * formatting).
 * @param {{ pkg: string, lock: string, system: string, changelog: string }} texts the files' texts
 * @param {string} version the new version
 * @param {string} date YYYY-MM-DD, the CHANGELOG section's date
 * @returns {{ files?: { pkg: string, lock: string, system: string, changelog: string }, problems: string[] }}
 */
export function bumpTexts(texts, version, date) {
  if (!VERSION.test(version)) return { problems: [`${version} is not a version (MAJOR.MINOR.PATCH[-pre])`] };
  const pkg = JSON.parse(texts.pkg);
  const lock = JSON.parse(texts.lock);
  const current = pkg.version;
  if (VERSION.test(String(current)) && compareVersions(version, current) < 0)
    return { problems: [`${version} is lower than the current version ${current}`] };
  const changelog = dateChangelog(texts.changelog, version, date);
  if (changelog.problems.length) return { problems: changelog.problems };

  pkg.version = version;
  lock.version = version;
  if (!lock.packages?.[""])
    return { problems: ['package-lock.json has no packages[""] (lockfile version 2 or 3)'] };
  lock.packages[""].version = version;

  const url = JSON.parse(texts.system).url;
  if (!REPO_URL.test(String(url ?? "")))
    return { problems: [`system.json url ${JSON.stringify(url)} is not a GitHub repository URL`] };
  let system = texts.system;
  for (const [key, value] of Object.entries({ version, ...releaseUrls(url, version) })) {
    system = replaceTopLevel(system, key, value);
    if (system === undefined) return { problems: [`system.json has no top-level "${key}" line to update`] };
  }
  const files = {
    pkg: `${JSON.stringify(pkg, null, 2)}\n`,
    lock: `${JSON.stringify(lock, null, 2)}\n`,
    system,
    changelog: changelog.text,
  };
  const problems = releaseProblems({ pkg, lock, system: JSON.parse(files.system) });
  return problems.length ? { problems } : { files, problems };
}
