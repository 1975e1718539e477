// The one YAML reader and writer of compendium sources (packs/<pack>/**/*.yml). The build's checks,
// the compile (which is handed the parsed documents, never the YAML), the extract and the packs
// tests all read a source through parseSource, so they can never disagree on what a file holds.
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { parseDocument, stringify } from "yaml";

/** YAML 1.2 core schema, duplicate keys refused, no `<<` merges: what you read is what is stored. */
const PARSE_OPTIONS = { version: "1.2", schema: "core", uniqueKeys: true, merge: false, prettyErrors: true };
/** How new or changed sources are written (the format every source in packs/ already has). */
export const STRINGIFY_OPTIONS = { lineWidth: 0 };

/** A source that cannot be read as one compendium document; the message names the file. */
export class SourceError extends Error {
  constructor(file, problems) {
    super(`${file}: ${problems.join("; ")}`);
    this.file = file;
    this.problems = problems;
  }
}

/** JSON can hold it (no Infinity or NaN, no `<<` key left by a merge): the paths of what cannot. */
function unstorable(value, path = "") {
  if (typeof value === "number") return Number.isFinite(value) ? [] : [`${path || "(root)"} is ${value}`];
  if (Array.isArray(value)) return value.flatMap((v, i) => unstorable(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) =>
      k === "<<"
        ? [`${path ? `${path}.` : ""}<< (YAML merge keys are not allowed)`]
        : unstorable(v, path ? `${path}.${k}` : k),
    );
  }
  return [];
}

/**
 * Parse the YAML text of one source. Errors and warnings alike (an unresolved tag, a duplicate key,
 * several documents in one file, a %YAML 1.1 directive) throw a SourceError naming the file.
 * @param {string} text
 * @param {string} file the path to name in messages
 * @returns {{ data: unknown, document: import("yaml").Document }}
 */
export function parseSourceDocument(text, file) {
  const document = parseDocument(text, PARSE_OPTIONS);
  const issues = [...document.errors, ...document.warnings].map(
    (e) => `${e.code}: ${e.message.split("\n")[0]}`,
  );
  if (document.directives?.yaml?.explicit && document.directives.yaml.version !== "1.2")
    issues.push(`%YAML ${document.directives.yaml.version}: sources are YAML 1.2`);
  if (issues.length) throw new SourceError(file, issues);
  let data;
  try {
    data = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw new SourceError(file, [error.message]);
  }
  const bad = unstorable(data);
  if (bad.length)
    throw new SourceError(
      file,
      bad.map((b) => `cannot be stored: ${b}`),
    );
  return { data, document };
}

/** The data of one source's YAML text (see parseSourceDocument). */
export function parseSource(text, file) {
  return parseSourceDocument(text, file).data;
}

/** A document as a new source file's text. */
export function stringifySource(data) {
  return stringify(data, STRINGIFY_OPTIONS);
}

/** Every .yml/.yaml file below dir, sorted, so that every run reads them in the same order. */
export function yamlFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return yamlFiles(path);
      return /\.ya?ml$/.test(name) ? [path] : [];
    });
}

/**
 * Read and parse every source of one pack.
 * @param {string} root the project root
 * @param {string} pack the pack's name (its folder under packs/)
 * @returns {{ entries: { file: string, path: string, data: any }[], problems: string[] }} `file` is
 *   relative to root; a source that does not parse is a problem naming it, not an entry
 */
export function readPackSources(root, pack) {
  const entries = [];
  const problems = [];
  for (const path of yamlFiles(join(root, "packs", pack))) {
    const file = relative(root, path);
    try {
      entries.push({ file, path, data: parseSource(readFileSync(path, "utf8"), file) });
    } catch (error) {
      problems.push(error instanceof SourceError ? error.message : `${file}: ${error.message}`);
    }
  }
  return { entries, problems };
}
