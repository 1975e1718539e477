// Every name and text that reaches HTML is escaped (issue #11): every sheet, dialog and chat card
// the browser layer renders is rendered again here with each string of its context replaced by
// markup, through the built templates, and the markup must never come out as it went in. Only the enriched HTML fields (a biography, a description:
// Foundry's own enriched, sanitised output) are rendered raw, so they keep their values. Markup that
// becomes an element anywhere is a hole.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRenderer } from "../browser/render.mjs";
import { DIST, ROOT, readJSON } from "../lib/paths";

const EVIL = `<img data-evil src=x onerror=alert(1)>"'><script data-evil>alert(2)</script>`;
/** Context keys whose values are HTML by design: Foundry's enriched (sanitised) text. */
const RAW_HTML = /(HTML|Html|enriched)$/;
/** Values that are not text a user wrote: i18n keys, paths, CSS classes and tokens, ids. */
const STRUCTURAL = /^(POLYVERSE\.|systems\/|icons\/|fa-|#|[a-z][a-z0-9-]*$|[A-Za-z0-9]{16}$)/;

function poison(value: unknown, key = ""): unknown {
  if (typeof value === "string") return RAW_HTML.test(key) || STRUCTURAL.test(value) ? value : EVIL;
  if (Array.isArray(value)) return value.map((v) => poison(v, key));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
  return value;
}

const lang = readJSON<Record<string, unknown>>(join(DIST, "lang", "en.json"));
const renderer = createRenderer({ distDir: DIST, lang });
const browserDir = join(ROOT, "tests", "browser");
for (const file of readdirSync(join(browserDir, "stand-in")).filter((f) => f.endsWith(".hbs")))
  renderer.registerTemplate(
    `tests/stand-in/${file}`,
    readFileSync(join(browserDir, "stand-in", file), "utf8"),
  );
const localizeWith = (strings: Record<string, unknown>) => (key: string) => {
  const text = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], strings);
  return typeof text === "string" ? text : key;
};
const localize = localizeWith(lang);
/** A given language's strings, for fixtures rendered in it (tests/browser/fixtures/german.ts). */
const localizeIn = (code: string) =>
  localizeWith(readJSON<Record<string, unknown>>(join(DIST, "lang", `${code}.json`)));

const fixtureDir = join(browserDir, "fixtures");
const files = readdirSync(fixtureDir).filter((f) => /\.(mjs|ts)$/.test(f));

describe("markup in names and texts renders as text", () => {
  it.each(files)("every fixture of %s", async (file) => {
    const { default: exported } = await import(pathToFileURL(join(fixtureDir, file)).href);
    const fixtures = typeof exported === "function" ? await exported({ localize, localizeIn }) : exported;
    expect(fixtures.length).toBeGreaterThan(0);
    for (const fixture of fixtures) {
      for (const [path, standIn] of Object.entries((fixture.standIns ?? {}) as Record<string, string>))
        renderer.registerTemplate(path, readFileSync(join(browserDir, standIn), "utf8"));
      const html: string = renderer.render(fixture.template, poison(fixture.context));
      // Escaped, "<" is "&lt;" and a quote cannot close an attribute: the markup never stands as is.
      expect(html, `${fixture.name}: markup passed through unescaped`).not.toMatch(/<(img|script) data-evil/);
      expect(html, `${fixture.name}: an attribute was broken out of`).not.toContain(`"'><script`);
    }
  });
});

describe("the check itself", () => {
  it("catches markup in a field rendered raw (a biography with everything poisoned)", async () => {
    const { default: exported } = await import(pathToFileURL(join(fixtureDir, "verses-actor-sheet.ts")).href);
    const fixtures = typeof exported === "function" ? await exported({ localize }) : exported;
    const withBio = fixtures.find((f: { context: { details?: { biographyHTML?: string } } }) =>
      Boolean(f.context.details?.biographyHTML),
    );
    expect(withBio).toBeDefined();
    const context = structuredClone(withBio.context);
    context.details.biographyHTML = EVIL;
    expect(renderer.render(withBio.template, context)).toMatch(/<img data-evil/);
  });
});
