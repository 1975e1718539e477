// Render Polyverse's Handlebars templates as Foundry would: real Handlebars, every template
// registered as a partial under its Foundry path, and the helpers Foundry's templates rely on
// (written here from their documented behaviour). Used by the browser tests and their self-check.
import Handlebars from "handlebars";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const SYSTEM = "systems/polyverse";

function lookup(lang, key) {
  if (Object.hasOwn(lang, key) && typeof lang[key] === "string") return lang[key];
  let node = lang;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function hbsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? hbsFiles(path) : name.endsWith(".hbs") ? [path] : [];
  });
}

/**
 * @param {{ distDir: string, lang: object }} options
 * @returns a renderer with `render(path, context)`, `registerTemplate(path, source)` and the
 *   i18n keys it was asked for that lang/en.json lacks (`missing`).
 */
export function createRenderer({ distDir, lang }) {
  const hbs = Handlebars.create();
  const missing = new Set();
  const used = new Set();
  const templates = new Map();

  const localize = (key, hash = {}) => {
    if (typeof key !== "string") throw new Error(`localize: expected a key, got ${JSON.stringify(key)}`);
    used.add(key);
    const text = lookup(lang, key);
    if (text === undefined) {
      missing.add(key);
      return key;
    }
    return text.replace(/\{(\w+)\}/g, (m, k) => (k in hash ? String(hash[k]) : m));
  };

  hbs.registerHelper({
    localize: (key, options) => localize(key, options?.hash ?? {}),
    eq: (a, b) => a === b,
    ne: (a, b) => a !== b,
    lt: (a, b) => a < b,
    gt: (a, b) => a > b,
    lte: (a, b) => a <= b,
    gte: (a, b) => a >= b,
    and: (...args) => args.slice(0, -1).every(Boolean),
    or: (...args) => args.slice(0, -1).some(Boolean),
    not: (a) => !a,
    ifThen: (cond, a, b) => (cond ? a : b),
    concat: (...args) => args.slice(0, -1).join(""),
    json: (v) => JSON.stringify(v),
    checked: (v) => (v ? "checked" : ""),
    disabled: (v) => (v ? "disabled" : ""),
    numberFormat: (value, options) => {
      const { decimals = 0, sign = false } = options?.hash ?? {};
      const n = Number(value).toFixed(decimals);
      return sign && Number(value) >= 0 ? `+${n}` : n;
    },
    selectOptions: (choices, options) => {
      const { selected, localize: loc = false, blank } = options?.hash ?? {};
      const entries = Array.isArray(choices)
        ? choices.map((c) => [c.value ?? c, c.label ?? c])
        : Object.entries(choices ?? {});
      const esc = Handlebars.escapeExpression;
      const opts = entries.map(([value, label]) => {
        const text = loc ? localize(String(label)) : String(label);
        return `<option value="${esc(value)}"${String(value) === String(selected) ? " selected" : ""}>${esc(text)}</option>`;
      });
      if (blank !== undefined) opts.unshift(`<option value="">${esc(blank)}</option>`);
      return new Handlebars.SafeString(opts.join(""));
    },
  });

  const registerTemplate = (path, source) => {
    const compiled = hbs.compile(source, { strict: false });
    // Compile eagerly so that a syntax error surfaces at registration, as Foundry's loadTemplates does.
    hbs.precompile(source);
    templates.set(path, compiled);
    hbs.registerPartial(path, compiled);
  };

  for (const file of hbsFiles(join(distDir, "templates"))) {
    registerTemplate(`${SYSTEM}/${relative(distDir, file)}`, readFileSync(file, "utf8"));
  }

  return {
    registerTemplate,
    templates: () => [...templates.keys()],
    render(path, context) {
      const template = templates.get(path);
      if (!template) throw new Error(`No template at ${path}`);
      return template(context, { allowProtoPropertiesByDefault: true });
    },
    missing,
    used,
    localize,
  };
}
