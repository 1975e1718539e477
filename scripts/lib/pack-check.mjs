// Checks on compendium pack sources, run by the build before compiling and by the packs tests.
// Pure functions over parsed entries: no file system here (see build-packs.mjs).

/** The collection name in a `_key` for each pack document type. */
export const KEY_COLLECTIONS = {
  Actor: "actors",
  Item: "items",
  Macro: "macros",
  JournalEntry: "journal",
  RollTable: "tables",
  Scene: "scenes",
  Adventure: "adventures",
  Cards: "cards",
  Playlist: "playlists",
};

/** Fields where a core document type legitimately holds HTML, as `a.*.b` paths. */
const CORE_HTML_FIELDS = {
  Actor: [],
  Item: ["effects.*.description"],
  Macro: ["command"],
  JournalEntry: ["pages.*.text.content"],
  RollTable: ["description", "results.*.description"],
};

const ID = /^[a-zA-Z0-9]{16}$/;
const HTML = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i;

/**
 * Every leaf string of a value with its path, `*` standing for array indices: ["system.description", "..."]
 * @returns {{ path: string, value: string }[]}
 */
export function stringLeaves(value, prefix = "") {
  if (typeof value === "string") return [{ path: prefix, value }];
  if (Array.isArray(value)) return value.flatMap((v) => stringLeaves(v, prefix ? `${prefix}.*` : "*"));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

/** The HTML fields a manifest declares for one document type and sub-type, as `system.*` paths. */
export function declaredHtmlFields(manifest, documentName, type) {
  const declared = manifest.documentTypes?.[documentName]?.[type]?.htmlFields ?? [];
  return [...(CORE_HTML_FIELDS[documentName] ?? []), ...declared.map((f) => `system.${f}`)];
}

/**
 * Check the entries of one pack against the manifest. Returns a list of problems, each naming
 * the file and what is wrong; an empty list means the pack compiles as written.
 * @param {object} manifest system.json
 * @param {object} pack the manifest's pack entry
 * @param {{ file: string, data: any }[]} entries parsed YAML sources (embedded documents included)
 * @returns {string[]}
 */
export function checkPackEntries(manifest, pack, entries) {
  const problems = [];
  const ids = new Map();
  const collection = KEY_COLLECTIONS[pack.type];
  if (!collection) problems.push(`pack ${pack.name}: type ${pack.type} is not a pack document type`);
  const subtyped = pack.type === "Actor" || pack.type === "Item";
  for (const { file, data } of entries) {
    if (!data || typeof data !== "object" || Array.isArray(data)) {
      problems.push(`${file}: not a document (expected a YAML mapping)`);
      continue;
    }
    const where = `${file}${data.name ? ` (${data.name})` : ""}`;
    if (typeof data._id !== "string" || !ID.test(data._id)) {
      problems.push(`${where}: _id must be 16 letters or digits, got ${JSON.stringify(data._id)}`);
    }
    if (data._key === undefined) {
      problems.push(`${where}: no _key (foundryvtt-cli silently skips entries without one)`);
    } else if (collection && data._key !== `!${collection}!${data._id}`) {
      problems.push(`${where}: _key must be "!${collection}!${data._id}", got ${JSON.stringify(data._key)}`);
    }
    if (typeof data._id === "string") {
      const seen = ids.get(data._id);
      if (seen) problems.push(`${where}: duplicate _id ${data._id} (also in ${seen})`);
      else ids.set(data._id, file);
    }
    if (subtyped) {
      const declared = manifest.documentTypes?.[pack.type] ?? {};
      if (!Object.hasOwn(declared, data.type)) {
        problems.push(
          `${where}: type ${JSON.stringify(data.type)} is not declared for ${pack.type} in system.json`,
        );
      }
    }
    const allowed = declaredHtmlFields(manifest, pack.type, data.type);
    // An actor's embedded items may hold HTML where their own Item type declares it.
    if (Array.isArray(data.items)) {
      for (const type of new Set(data.items.map((i) => i?.type))) {
        allowed.push(...declaredHtmlFields(manifest, "Item", type).map((f) => `items.*.${f}`));
      }
    }
    for (const leaf of stringLeaves(data)) {
      if (!HTML.test(leaf.value)) continue;
      if (allowed.some((pattern) => leaf.path === pattern || leaf.path.startsWith(`${pattern}.`))) continue;
      problems.push(`${where}: HTML in ${leaf.path}, which system.json does not declare in htmlFields`);
    }
    for (const [name, embedded] of [
      ["items", "Item"],
      ["effects", "ActiveEffect"],
    ]) {
      if (!Array.isArray(data[name])) continue;
      data[name].forEach((child, i) => {
        if (!child?._key) problems.push(`${where}: ${name}[${i}] has no _key`);
        if (embedded === "Item" && !Object.hasOwn(manifest.documentTypes?.Item ?? {}, child?.type)) {
          problems.push(
            `${where}: ${name}[${i}] type ${JSON.stringify(child?.type)} is not declared for Item`,
          );
        }
      });
    }
  }
  return problems;
}
