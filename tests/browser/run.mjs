#!/usr/bin/env node
// Browser tests (run with `node --import tsx`): render every sheet, dialog and chat-card fixture with real Handlebars and the
// built CSS in headless Chromium, in Foundry's light and dark themes; save screenshots under
// artifacts/browser/. A template error, a missing partial, a missing i18n key or a console error
// fails the run. Each page is also scanned for accessibility (a11y.mjs: axe-core, a serious or
// critical violation fails; a keyboard walk with Tab: every control reached, a focus ring shown,
// every [data-action] operable), reported in artifacts/a11y/. A self-check first proves that each
// kind of breakage is caught.
import chromium from "@sparticuz/chromium";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium as playwright } from "playwright-core";
import { AXE_VERSION, DISABLED_RULES, FAILING_IMPACTS, keyboardWalk, scanPage } from "./a11y.mjs";
import { a11yMarkdown, a11yReport } from "./a11y-report.mjs";
import { layoutMarkdown, layoutProblems } from "./layout.mjs";
import { pageHTML } from "./page.mjs";
import { createRenderer } from "./render.mjs";

const ROOT = join(import.meta.dirname, "..", "..");
const DIST = join(ROOT, "dist");
const OUT = join(ROOT, "artifacts", "browser");
const THEMES = ["light", "dark"];
const TYPES = {
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
  ".mjs": "text/javascript",
};
const STAND_IN_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#777"/><circle cx="32" cy="24" r="12" fill="#ccc"/><rect x="14" y="40" width="36" height="16" rx="8" fill="#ccc"/></svg>`;

if (!existsSync(join(DIST, "styles", "polyverse.css"))) {
  console.error('dist/ is not built: run "npm run build" first.');
  process.exit(1);
}
// BROWSER_LANG=de renders every fixture (or the BROWSER_FIXTURES subset) in that language: the
// screenshots are saved as <name>-de-<theme>.png and a key the language lacks fails the run.
const LANG = process.env.BROWSER_LANG || "en";
const languages = new Map();
/** dist/lang/<code>.json, loaded once. */
function languageOf(code) {
  if (!languages.has(code)) {
    const file = join(DIST, "lang", `${code}.json`);
    if (!existsSync(file)) {
      console.error(`dist/lang/${code}.json is not built: no lang/${code}/ fragments?`);
      process.exit(1);
    }
    languages.set(code, JSON.parse(readFileSync(file, "utf8")));
  }
  return languages.get(code);
}
const lang = languageOf("en");

async function executable() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return chromium.executablePath();
}

// The package's own launch flags force --single-process, in which closing a page ends the browser;
// these run it as a normal multi-process headless browser, off the network.
const browser = await playwright.launch({
  executablePath: await executable(),
  args: [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--use-gl=angle",
    "--use-angle=swiftshader",
    "--font-render-hinting=none",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});

/** What the accessibility checks found, per fixture and theme, for artifacts/a11y/. */
const a11yEntries = [];
/** What the layout check found, per fixture (light theme), for artifacts/browser/layout*.md. */
const layoutEntries = [];

/** Render one fixture in one theme; returns the problems found (empty when it passes). */
async function check(renderer, fixture, theme, screenshot, a11y = true) {
  const problems = [];
  let html;
  renderer.missing.clear();
  try {
    html = renderer.render(fixture.template, fixture.context);
  } catch (error) {
    return [`template error: ${error.message.split("\n")[0]}`];
  }
  if (renderer.missing.size) problems.push(`missing i18n keys: ${[...renderer.missing].join(", ")}`);
  const page = await browser.newPage({
    viewport: { width: (fixture.width ?? 720) + 40, height: (fixture.height ?? 400) + 40 },
  });
  page.on("console", (msg) => msg.type() === "error" && problems.push(`console error: ${msg.text()}`));
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/index.html") {
      return route.fulfill({
        contentType: "text/html",
        body: pageHTML({ ...fixture, html, theme, lang: fixture.lang ?? "en" }),
      });
    }
    if (url.pathname === "/stand-in/foundry.css") {
      return route.fulfill({
        contentType: "text/css",
        body: readFileSync(join(import.meta.dirname, "foundry.css")),
      });
    }
    if (url.pathname.startsWith("/systems/polyverse/")) {
      const file = join(DIST, decodeURIComponent(url.pathname.slice("/systems/polyverse/".length)));
      if (existsSync(file))
        return route.fulfill({
          contentType: TYPES[extname(file)] ?? "application/octet-stream",
          body: readFileSync(file),
        });
      return route.fulfill({ status: 404, body: "" });
    }
    // Foundry's own assets (icons/..., ui/...) are not ours to ship: a neutral stand-in image.
    if (/^\/(icons|ui)\//.test(url.pathname))
      return route.fulfill({ contentType: "image/svg+xml", body: STAND_IN_ICON });
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto("http://polyverse.test/index.html", { waitUntil: "networkidle" });
  if (screenshot) {
    const target = page.locator(fixture.kind === "chat" ? "#chat-log" : ".application").first();
    await target.screenshot({ path: join(OUT, `${fixture.name}-${theme}.png`) });
    if (theme === "light")
      layoutEntries.push({ fixture: fixture.name, problems: await layoutProblems(page, fixture) });
  }
  if (a11y) {
    // The markup is the same in both themes: the dark page is scanned for contrast only.
    const scan = await scanPage(page, fixture, { contrastOnly: theme === "dark" });
    const keyboard = await keyboardWalk(page, fixture);
    problems.push(...scan.problems, ...keyboard.problems);
    a11yEntries.push({
      fixture: fixture.name,
      kind: fixture.kind,
      template: fixture.template,
      theme,
      counts: scan.counts,
      duplicateIds: scan.duplicates,
      violations: scan.violations,
      keyboard: {
        reached: keyboard.reached,
        total: keyboard.total,
        tabStops: keyboard.tabStops,
        unreached: keyboard.unreached ?? [],
        noRing: keyboard.noRing ?? [],
        inoperable: keyboard.inoperable ?? [],
        tabs: keyboard.tabs ?? [],
      },
    });
  }
  await page.close();
  return problems;
}

// ---- self-check: the harness must catch each kind of breakage --------------------------------
const broken = {
  syntax: /template error/,
  partial: /template error: .*could not be found/,
  i18n: /missing i18n keys: POLYVERSE\.Broken\.NoSuchKey/,
  console: /console error/,
  // The accessibility checks: an unlabelled input, text below the contrast ratio, a [data-action]
  // on an element Tab never reaches, one reached but deaf to Enter, a focus ring taken away.
  "a11y-label": /a11y critical label/,
  "a11y-contrast": /a11y serious color-contrast/,
  "a11y-unreachable": /keyboard: not reachable with Tab: div\[data-action="roll"\]/,
  "a11y-inoperable": /keyboard: \[data-action\] not operable with Enter: span\[data-action="roll"\]/,
  "a11y-duplicate-id": /a11y duplicate id: #pv-dup \(2 times\)/,
  "a11y-focus": /keyboard: no visible focus ring: button\[data-action="roll"\]/,
};
let selfCheckFailed = false;
{
  const renderer = createRenderer({ distDir: DIST, lang });
  for (const [name, expected] of Object.entries(broken)) {
    const path = `tests/broken/${name}.hbs`;
    let problems;
    try {
      renderer.registerTemplate(
        path,
        readFileSync(join(import.meta.dirname, "broken", `${name}.hbs`), "utf8"),
      );
      problems = await check(
        renderer,
        { name, kind: "sheet", template: path, context: { open: true } },
        "light",
        false,
        name.startsWith("a11y-"),
      );
    } catch (error) {
      problems = [`template error: ${error.message}`];
    }
    if (!problems.some((p) => expected.test(p))) {
      selfCheckFailed = true;
      console.error(
        `self-check: a deliberately broken template (${name}) was not caught: ${JSON.stringify(problems)}`,
      );
    } else {
      console.log(`self-check: ${name} breakage is caught`);
    }
  }
  a11yEntries.length = 0;
}

// ---- the fixtures ----------------------------------------------------------------------------
mkdirSync(OUT, { recursive: true });
// Stand-ins for Foundry's own views that the system decorates (the combat tracker): our markup,
// registered as tests/stand-in/<name>.hbs, so a fixture can show the system's parts in place.
const standInDir = join(import.meta.dirname, "stand-in");
const renderers = new Map();
/** One renderer per language (its localize helper reads that language only). */
function rendererOf(code) {
  if (!renderers.has(code)) {
    const r = createRenderer({ distDir: DIST, lang: languageOf(code) });
    for (const file of readdirSync(standInDir).filter((f) => f.endsWith(".hbs")))
      r.registerTemplate(`tests/stand-in/${file}`, readFileSync(join(standInDir, file), "utf8"));
    renderers.set(code, r);
  }
  return renderers.get(code);
}
const fixtureDir = join(import.meta.dirname, "fixtures");
let passed = 0;
let failed = selfCheckFailed ? 1 : 0;
// Fixtures are .mjs or .ts (loaded through tsx, so that they build contexts with the system's
// own code); a module exports an array, or a function of { localize, localizeIn } returning one
// (localize: the run's language; localizeIn(code): a given one, for fixtures with `lang` set).
const localizeIn = (code) => (key) => {
  const text = key.split(".").reduce((node, part) => node?.[part], languageOf(code));
  return typeof text === "string" ? text : key;
};
const localize = localizeIn(LANG);
// BROWSER_FIXTURES=verses-attack-cards (a comma-separated list of fixture files, without extension)
// renders only those, while working on them; `npm test` renders every one.
const only = process.env.BROWSER_FIXTURES?.split(",").filter(Boolean) ?? [];
for (const file of readdirSync(fixtureDir)
  .filter((f) => /\.(mjs|ts)$/.test(f))
  .filter((f) => !only.length || only.includes(f.replace(/\.(mjs|ts)$/, "")))
  .sort()) {
  const { default: exported } = await import(pathToFileURL(join(fixtureDir, file)).href);
  const fixtures = typeof exported === "function" ? await exported({ localize, localizeIn }) : exported;
  for (const built of fixtures) {
    // A fixture with its own `lang` keeps it (and its name); the others take the run's language.
    const fixture =
      built.lang || LANG === "en" ? built : { ...built, name: `${built.name}-${LANG}`, lang: LANG };
    const renderer = rendererOf(fixture.lang ?? "en");
    // A fixture may bring stand-in templates of its own (a stand-in for a Foundry view around the
    // system's partials); they are registered beside the system's.
    for (const [path, file] of Object.entries(fixture.standIns ?? {}))
      renderer.registerTemplate(path, readFileSync(join(import.meta.dirname, file), "utf8"));
    for (const theme of THEMES) {
      const problems = await check(renderer, fixture, theme, true);
      if (problems.length) {
        failed++;
        console.error(`FAIL ${fixture.name} (${theme}):\n  ${problems.join("\n  ")}`);
      } else {
        passed++;
        console.log(`ok   ${fixture.name} (${theme}) -> artifacts/browser/${fixture.name}-${theme}.png`);
      }
    }
  }
}
await browser.close();
// The accessibility report: a run of every fixture writes report.*, a subset report.subset.*.
{
  const dir = join(ROOT, "artifacts", "a11y");
  mkdirSync(dir, { recursive: true });
  const report = a11yReport({
    entries: a11yEntries,
    axeVersion: AXE_VERSION,
    failingImpacts: FAILING_IMPACTS,
    disabledRules: DISABLED_RULES,
    subset: only,
  });
  // A run in another language writes report.<lang>.* (report.subset.<lang>.* for a subset).
  const base = join(dir, `report${only.length ? ".subset" : ""}${LANG === "en" ? "" : `.${LANG}`}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${base}.md`, a11yMarkdown(report));
  const v = report.violationNodes;
  console.log(
    `a11y: ${v.critical} critical, ${v.serious} serious, ${v.moderate} moderate, ${v.minor} minor; keyboard ${report.keyboard.reachedWithTab}/${report.keyboard.interactiveElements} reached -> ${base.slice(ROOT.length + 1)}.md`,
  );
}
// The layout report (text cut off or past the window's edge), beside the screenshots.
{
  const suffix = `${only.length ? ".subset" : ""}${LANG === "en" ? "" : `.${LANG}`}`;
  writeFileSync(join(OUT, `layout${suffix}.md`), layoutMarkdown(layoutEntries, LANG));
  const count = layoutEntries.reduce((n, e) => n + e.problems.length, 0);
  console.log(`layout: ${count} cut or overflowing texts -> artifacts/browser/layout${suffix}.md`);
}
console.log(`browser: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
