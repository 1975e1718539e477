// Checks on compendium pack sources, run by the build before compiling and by the packs tests.
// Pure functions over parsed entries: no file system here (see build-packs.mjs, which reads the
// sources with yaml-source.mjs and loads the data models with system-models.mjs).
import { checkSystemData } from "./system-models.mjs";

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
  Folder: ["description"],
  Actor: [],
  Item: ["effects.*.description"],
  Macro: ["command"],
  JournalEntry: ["pages.*.text.content"],
  RollTable: ["description", "results.*.description"],
};

const ID = /^[a-zA-Z0-9]{16}$/;
const HTML = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>/i;

/**
 * The file a Folder document of a pack is written to, in the disk folder holding its entries: the
 * name foundryvtt-cli gives it when it extracts a pack with `folders`.
 */
export const FOLDER_FILE = "_Folder.yml";
/** Foundry's CONST.FOLDER_MAX_DEPTH: folders nest at most this deep. */
export const FOLDER_MAX_DEPTH = 4;
/** The fields of a Folder document (Foundry's FolderData, with the `_key` of its source). */
const FOLDER_FIELDS = new Set([
  "_id",
  "_key",
  "name",
  "type",
  "description",
  "folder",
  "sorting",
  "sort",
  "color",
  "flags",
  "_stats",
]);
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** Whether a parsed source is a Folder document of its pack (its `_key` is `!folders!<id>`). */
export function isFolder(data) {
  return typeof data?._key === "string" && data._key.startsWith("!folders!");
}

/** The last part of a path. */
const fileName = (file) => String(file).split(/[\\/]/).pop();

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
 * @param {{ models?: Record<string, import("./system-models.mjs").SystemModel> }} [options] with
 *   `models` (loadSystemModels), the `system` of every Actor and Item, embedded items included,
 *   is checked against its sub-type's data model
 * @returns {string[]}
 */
export function checkPackEntries(manifest, pack, entries, { models } = {}) {
  const problems = [];
  const ids = new Map();
  const collection = KEY_COLLECTIONS[pack.type];
  if (!collection) problems.push(`pack ${pack.name}: type ${pack.type} is not a pack document type`);
  const subtyped = pack.type === "Actor" || pack.type === "Item";
  const isDocument = (data) => data && typeof data === "object" && !Array.isArray(data);
  // The pack's folders by _id, so that an entry can be checked against a folder listed after it.
  const folders = new Map();
  for (const { file, data } of entries)
    if (isDocument(data) && isFolder(data) && typeof data._id === "string" && !folders.has(data._id))
      folders.set(data._id, { file, data });
  for (const { file, data } of entries) {
    if (!isDocument(data)) {
      problems.push(`${file}: not a document (expected a YAML mapping)`);
      continue;
    }
    const where = `${file}${data.name ? ` (${data.name})` : ""}`;
    if (typeof data._id !== "string" || !ID.test(data._id)) {
      problems.push(`${where}: _id must be 16 letters or digits, got ${JSON.stringify(data._id)}`);
    }
    const folder = isFolder(data);
    if (data._key === undefined) {
      problems.push(`${where}: no _key (foundryvtt-cli silently skips entries without one)`);
    } else if (folder) {
      if (data._key !== `!folders!${data._id}`)
        problems.push(`${where}: _key must be "!folders!${data._id}", got ${JSON.stringify(data._key)}`);
    } else if (collection && data._key !== `!${collection}!${data._id}`) {
      problems.push(`${where}: _key must be "!${collection}!${data._id}", got ${JSON.stringify(data._key)}`);
    }
    if (typeof data._id === "string") {
      const seen = ids.get(data._id);
      if (seen) problems.push(`${where}: duplicate _id ${data._id} (also in ${seen})`);
      else ids.set(data._id, file);
    }
    if (folder !== (fileName(file) === FOLDER_FILE)) {
      problems.push(
        folder
          ? `${where}: a Folder must be written to a file named ${FOLDER_FILE} (in the disk folder of its entries)`
          : `${where}: a file named ${FOLDER_FILE} must hold a Folder (_key "!folders!<id>")`,
      );
    }
    if (data.folder !== undefined && data.folder !== null && !folders.has(data.folder))
      problems.push(`${where}: folder ${JSON.stringify(data.folder)} is not a Folder of pack ${pack.name}`);
    if (folder) {
      problems.push(...checkFolder(pack, data, where));
      // A Folder holds no content: only its description may hold HTML.
      for (const leaf of stringLeaves(data)) {
        if (!HTML.test(leaf.value)) continue;
        if (declaredHtmlFields(manifest, "Folder", data.type).includes(leaf.path)) continue;
        problems.push(`${where}: HTML in ${leaf.path}, which is plain text in a Folder`);
      }
      continue;
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
    problems.push(...checkEmbedded(manifest, pack.type, data, `!${collection}`, data._id, where));
    if (pack.type === "RollTable") problems.push(...checkTableRanges(data, where));
    if (models && subtyped) {
      problems.push(...checkSystemData(models, data.type, data.system).map((p) => `${where}: ${p}`));
      if (pack.type === "Actor" && Array.isArray(data.items)) {
        data.items.forEach((child, i) => {
          if (!child || typeof child !== "object") return;
          const at = `${where}: items[${i}]${child.name ? ` (${child.name})` : ""}`;
          problems.push(...checkSystemData(models, child.type, child.system).map((p) => `${at}: ${p}`));
        });
      }
    }
  }
  problems.push(...checkFolderTree(folders));
  return problems;
}

/** One Folder document's own fields: Foundry's FolderData, of the pack's document type. */
function checkFolder(pack, data, where) {
  const problems = [];
  if (data.type !== pack.type)
    problems.push(
      `${where}: a Folder of pack ${pack.name} must have type ${JSON.stringify(pack.type)}, got ${JSON.stringify(data.type)}`,
    );
  if (typeof data.name !== "string" || !data.name.trim())
    problems.push(`${where}: a Folder needs a name, got ${JSON.stringify(data.name)}`);
  if (data.sorting !== undefined && data.sorting !== "a" && data.sorting !== "m")
    problems.push(
      `${where}: sorting must be "a" (alphabetical) or "m" (manual), got ${JSON.stringify(data.sorting)}`,
    );
  if (data.sort !== undefined && !Number.isSafeInteger(data.sort))
    problems.push(`${where}: sort must be a whole number, got ${JSON.stringify(data.sort)}`);
  if (
    data.color !== undefined &&
    data.color !== null &&
    !(typeof data.color === "string" && COLOR.test(data.color))
  )
    problems.push(`${where}: color must be null or "#rrggbb", got ${JSON.stringify(data.color)}`);
  if (data.description !== undefined && typeof data.description !== "string")
    problems.push(`${where}: description must be a string`);
  if (
    data.flags !== undefined &&
    (!data.flags || typeof data.flags !== "object" || Array.isArray(data.flags))
  )
    problems.push(`${where}: flags must be a mapping`);
  for (const key of Object.keys(data))
    if (!FOLDER_FIELDS.has(key)) problems.push(`${where}: ${key} is not a field of a Folder`);
  return problems;
}

/**
 * The pack's folders as a tree: following `folder` from any of them reaches the top (no cycle)
 * within FOLDER_MAX_DEPTH levels. (A parent that is no Folder of the pack is reported with the
 * folder naming it, by checkPackEntries.)
 */
function checkFolderTree(folders) {
  const problems = [];
  const reported = new Set();
  for (const [id, { file, data }] of folders) {
    const chain = [id];
    let parent = data.folder;
    while (typeof parent === "string" && folders.has(parent) && !chain.includes(parent)) {
      chain.push(parent);
      parent = folders.get(parent).data.folder;
    }
    const where = `${file}${data.name ? ` (${data.name})` : ""}`;
    if (chain.includes(parent)) {
      // A folder below a cycle is not in it; each cycle is reported once, by its first member read.
      if (parent !== id || reported.has(id)) continue;
      for (const member of chain) reported.add(member);
      const names = [...chain, id].map((f) => JSON.stringify(folders.get(f).data.name ?? f));
      problems.push(`${where}: folders form a cycle: ${names.join(" in ")}`);
    } else if (chain.length > FOLDER_MAX_DEPTH) {
      problems.push(
        `${where}: nested ${chain.length} folders deep; Foundry allows at most ${FOLDER_MAX_DEPTH}`,
      );
    }
  }
  return problems;
}

/** The embedded collections of each document type: field → embedded document name. */
export const EMBEDDED_COLLECTIONS = {
  Actor: { items: "Item", effects: "ActiveEffect" },
  Item: { effects: "ActiveEffect" },
  RollTable: { results: "TableResult" },
  JournalEntry: { pages: "JournalEntryPage" },
};

/** Core sub-types of embedded documents (a system may declare more JournalEntryPage types). */
const CORE_TYPES = {
  TableResult: ["text", "document"],
  JournalEntryPage: ["text", "image", "pdf", "video"],
};

/**
 * Check the embedded documents of one document, and theirs in turn: each is a mapping with a
 * 16-character `_id`, unique in its collection, and the `_key` foundryvtt-cli files it under,
 * `!<parent collections>.<field>!<parent ids>.<id>` (`!actors.items!<actor>.<item>`,
 * `!tables.results!<table>.<result>`, `!journal.pages!<journal>.<page>`); Items of a declared
 * type, table results and journal pages of a known type.
 */
function checkEmbedded(manifest, documentName, data, keyCollections, keyIds, where) {
  const problems = [];
  for (const [field, embedded] of Object.entries(EMBEDDED_COLLECTIONS[documentName] ?? {})) {
    if (data[field] === undefined) continue;
    if (!Array.isArray(data[field])) {
      problems.push(`${where}: ${field} must be a list`);
      continue;
    }
    const seen = new Set();
    data[field].forEach((child, i) => {
      const at = `${where}: ${field}[${i}]`;
      if (!child || typeof child !== "object" || Array.isArray(child)) {
        problems.push(`${at} is not a document`);
        return;
      }
      if (typeof child._id !== "string" || !ID.test(child._id)) {
        problems.push(`${at}: _id must be 16 letters or digits, got ${JSON.stringify(child._id)}`);
      } else if (seen.has(child._id)) problems.push(`${at}: duplicate _id ${child._id}`);
      else seen.add(child._id);
      const key = `${keyCollections}.${field}!${keyIds}.${child._id}`;
      if (!child._key) problems.push(`${at} has no _key`);
      else if (child._key !== key)
        problems.push(`${at}: _key must be "${key}", got ${JSON.stringify(child._key)}`);
      if (embedded === "Item" && !Object.hasOwn(manifest.documentTypes?.Item ?? {}, child.type)) {
        problems.push(`${at} type ${JSON.stringify(child.type)} is not declared for Item`);
      }
      const known = CORE_TYPES[embedded];
      if (known) {
        const declared = Object.keys(manifest.documentTypes?.[embedded] ?? {});
        if (![...known, ...declared].includes(child.type))
          problems.push(`${at} type ${JSON.stringify(child.type)} is not a ${embedded} type`);
      }
      if (embedded === "TableResult" && child.type === "document" && typeof child.documentUuid !== "string")
        problems.push(`${at}: a document result needs a documentUuid`);
      problems.push(
        ...checkEmbedded(
          manifest,
          embedded,
          child,
          `${keyCollections}.${field}`,
          `${keyIds}.${child._id}`,
          at,
        ),
      );
    });
  }
  return problems;
}

/** At most this many equally likely dice outcomes are enumerated to check a table's formula. */
export const MAX_OUTCOMES = 100_000;
/** At most this many dice in a table's formula. */
export const MAX_DICE = 100;
/** At most this many problems of one kind (uncovered or unreachable values) are listed per table. */
const LISTED = 5;

/** The index of the last of `sorted` (ascending) that is <= v, or -1. */
function lastAtMost(sorted, v, key = (x) => x) {
  let lo = 0;
  let hi = sorted.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (key(sorted[mid]) <= v) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Up to LISTED sentences, then how many more there are. */
function listed(values, sentence, more) {
  const shown = values.slice(0, LISTED).map(sentence);
  if (values.length > LISTED) shown.push(more(values.length - LISTED));
  return shown;
}

/**
 * A roll table's results against its formula: every range is two whole numbers, low to high; no
 * value falls in two results; and the values the formula can roll are exactly the values the
 * ranges cover (nothing rolls into a gap, no result is out of reach). Ranges are compared as
 * intervals, so a range such as [1, 1e12] is checked as quickly as [1, 6]; a formula with more
 * than MAX_OUTCOMES outcomes is reported, never enumerated.
 */
function checkTableRanges(data, where) {
  const problems = [];
  if (!Array.isArray(data.results)) return problems; // checkEmbedded reports it
  const ranges = [];
  for (const [i, result] of data.results.entries()) {
    const range = result?.range;
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every(Number.isSafeInteger) ||
      range[0] > range[1]
    ) {
      problems.push(
        `${where}: results[${i}] range must be [low, high] whole numbers, got ${JSON.stringify(range)}`,
      );
      continue;
    }
    ranges.push({ low: range[0], high: range[1], i });
  }
  ranges.sort((a, b) => a.low - b.low || a.i - b.i);
  // Overlaps: each range against the one reaching furthest among those before it.
  let reach;
  for (const r of ranges) {
    if (reach && r.low <= reach.high) {
      const [a, b] = [reach.i, r.i].sort((x, y) => x - y);
      const top = Math.min(r.high, reach.high);
      const span = top === r.low ? `${r.low} falls` : `${r.low} to ${top} fall`;
      problems.push(`${where}: ${span} in results[${a}] and results[${b}]`);
    }
    if (!reach || r.high > reach.high) reach = r;
  }
  let outcomes;
  try {
    outcomes = formulaOutcomes(String(data.formula ?? ""));
  } catch (error) {
    problems.push(`${where}: cannot check formula ${JSON.stringify(data.formula)}: ${error.message}`);
    return problems;
  }
  const rolled = [...outcomes.keys()].sort((a, b) => a - b);
  const uncovered = rolled.filter((v) => {
    const k = lastAtMost(ranges, v, (r) => r.low);
    // Ranges may overlap (reported above): any range starting at or before v may cover it.
    for (let j = k; j >= 0; j--) if (ranges[j].high >= v) return false;
    return true;
  });
  problems.push(
    ...listed(
      uncovered,
      (v) => `${where}: the formula can roll ${v}, which no result covers`,
      (n) => `${where}: and ${n} more values the formula can roll that no result covers`,
    ),
  );
  // Values in a range the formula never rolls: the gaps between rolled values inside each range.
  const unreachable = [];
  let unreachableCount = 0;
  for (const r of ranges) {
    let next = r.low;
    for (let k = lastAtMost(rolled, r.low - 1) + 1; k < rolled.length && rolled[k] <= r.high; k++) {
      unreachableCount += rolled[k] - next;
      for (let v = next; v < rolled[k] && unreachable.length < LISTED; v++) unreachable.push(v);
      next = rolled[k] + 1;
    }
    unreachableCount += r.high + 1 - next;
    for (let v = next; v <= r.high && unreachable.length < LISTED; v++) unreachable.push(v);
  }
  for (const v of unreachable) problems.push(`${where}: ${v} is in a range but the formula never rolls it`);
  if (unreachableCount > unreachable.length)
    problems.push(
      `${where}: and ${unreachableCount - unreachable.length} more values in ranges the formula never rolls`,
    );
  return problems;
}

/**
 * Every total a simple roll formula can produce, with how many of the equally likely dice outcomes
 * give it: whole numbers, `NdM` dice, `+ - * /` (`/` must divide exactly) and parentheses, e.g.
 * `1d6 * 10 + 1d6` or `1d7 - 1`. Throws on anything else: more than MAX_OUTCOMES outcomes (counted
 * before any is rolled, so `1d1000000000` or `1000000000d6` is refused at once), a number beyond
 * the safe integers, more than MAX_DICE dice, a formula over 200 characters or a total beyond the safe integers.
 * @returns {Map<number, number>}
 */
export function formulaOutcomes(formula) {
  if (formula.length > 200) throw new Error("a formula of more than 200 characters");
  const tokens = formula.match(/\d+d\d+|\d+|[-+*/()]|\S/g) ?? [];
  let count = 1;
  let pos = 0;
  const dice = [];
  const peek = () => tokens[pos];
  const take = (t) => {
    if (tokens[pos] !== t) throw new Error(`expected ${t} at ${tokens[pos] ?? "end"}`);
    pos++;
  };
  // Parse into a function of the dice faces, collecting each die's number of faces.
  const atom = () => {
    const t = tokens[pos++];
    if (t === "(") {
      const e = sum();
      take(")");
      return e;
    }
    if (t === "-") {
      const e = atom();
      return (f) => -e(f);
    }
    if (t !== undefined && /^\d+d\d+$/.test(t)) {
      const [n, m] = t.split("d").map(Number);
      if (n < 1 || m < 1) throw new Error(`no dice in ${t}`);
      if (dice.length + n > MAX_DICE) throw new Error(`more than ${MAX_DICE} dice (${t})`);
      // m ** n outcomes, counted without rolling: stop as soon as there are too many.
      for (let k = 0; k < n && count <= MAX_OUTCOMES; k++) count *= m;
      if (count > MAX_OUTCOMES)
        throw new Error(`more than ${MAX_OUTCOMES.toLocaleString("en")} outcomes to check (${t})`);
      const first = dice.length;
      for (let k = 0; k < n; k++) dice.push(m);
      return (f) => f.slice(first, first + n).reduce((a, b) => a + b, 0);
    }
    if (t !== undefined && /^\d+$/.test(t)) {
      if (!Number.isSafeInteger(Number(t))) throw new Error(`${t} is too large`);
      return () => Number(t);
    }
    throw new Error(`unexpected ${t ?? "end"}`);
  };
  const product = () => {
    let e = atom();
    while (peek() === "*" || peek() === "/") {
      const op = tokens[pos++];
      const l = e;
      const r = atom();
      e =
        op === "*"
          ? (f) => l(f) * r(f)
          : (f) => {
              const q = l(f) / r(f);
              if (!Number.isInteger(q)) throw new Error("a division that is not whole");
              return q;
            };
    }
    return e;
  };
  const sum = () => {
    let e = product();
    while (peek() === "+" || peek() === "-") {
      const op = tokens[pos++];
      const l = e;
      const r = product();
      e = op === "+" ? (f) => l(f) + r(f) : (f) => l(f) - r(f);
    }
    return e;
  };
  if (!tokens.length) throw new Error("empty formula");
  const expr = sum();
  if (pos !== tokens.length) throw new Error(`unexpected ${tokens[pos]}`);
  const totals = new Map();
  const faces = dice.map(() => 1);
  for (let n = 0; n < count; n++) {
    const total = expr(faces);
    if (!Number.isSafeInteger(total)) throw new Error(`a total of ${total}, beyond the safe integers`);
    totals.set(total, (totals.get(total) ?? 0) + 1);
    for (let k = faces.length - 1; k >= 0; k--) {
      if (faces[k] < dice[k]) {
        faces[k]++;
        break;
      }
      faces[k] = 1;
    }
  }
  return totals;
}
