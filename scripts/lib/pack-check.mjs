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
    problems.push(...checkEmbedded(manifest, pack.type, data, `!${collection}`, data._id, where));
    if (pack.type === "RollTable") problems.push(...checkTableRanges(data, where));
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

/**
 * A roll table's results against its formula: every range is two whole numbers, low to high; no
 * value falls in two results; and the values the formula can roll are exactly the values the
 * ranges cover (nothing rolls into a gap, no result is out of reach).
 */
function checkTableRanges(data, where) {
  const problems = [];
  const covered = new Map();
  for (const [i, result] of (data.results ?? []).entries()) {
    const range = result?.range;
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every(Number.isInteger) ||
      range[0] > range[1]
    ) {
      problems.push(
        `${where}: results[${i}] range must be [low, high] whole numbers, got ${JSON.stringify(range)}`,
      );
      continue;
    }
    for (let v = range[0]; v <= range[1]; v++) {
      if (covered.has(v))
        problems.push(`${where}: ${v} falls in results[${covered.get(v)}] and results[${i}]`);
      else covered.set(v, i);
    }
  }
  let outcomes;
  try {
    outcomes = formulaOutcomes(String(data.formula ?? ""));
  } catch (error) {
    problems.push(`${where}: cannot check formula ${JSON.stringify(data.formula)}: ${error.message}`);
    return problems;
  }
  for (const v of outcomes.keys())
    if (!covered.has(v)) problems.push(`${where}: the formula can roll ${v}, which no result covers`);
  for (const v of covered.keys())
    if (!outcomes.has(v)) problems.push(`${where}: ${v} is in a range but the formula never rolls it`);
  return problems;
}

/**
 * Every total a simple roll formula can produce, with how many of the equally likely dice outcomes
 * give it: whole numbers, `NdM` dice, `+ - * /` (`/` must divide exactly) and parentheses, e.g.
 * `1d6 * 10 + 1d6` or `1d7 - 1`. Throws on anything else, or beyond 100,000 outcomes.
 * @returns {Map<number, number>}
 */
export function formulaOutcomes(formula) {
  const tokens = formula.match(/\d+d\d+|\d+|[-+*/()]|\S/g) ?? [];
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
      const first = dice.length;
      for (let k = 0; k < n; k++) dice.push(m);
      return (f) => f.slice(first, first + n).reduce((a, b) => a + b, 0);
    }
    if (t !== undefined && /^\d+$/.test(t)) return () => Number(t);
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
  const count = dice.reduce((a, m) => a * m, 1);
  if (count > 100000) throw new Error("too many outcomes to check");
  const totals = new Map();
  const faces = dice.map(() => 1);
  for (let n = 0; n < count; n++) {
    const total = expr(faces);
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
