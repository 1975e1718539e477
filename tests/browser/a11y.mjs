// Accessibility checks inside the browser runner's pages (run.mjs): an axe-core scan of the
// system's markup in each fixture and theme, and a keyboard walk (Tab through the page: every
// interactive element reached, a focus ring drawn, every [data-action] operable from the keyboard).
// The page around the fixture is the runner's stand-in for Foundry's window or chat log, so the
// scan covers the system's markup only (`.window-content` / `.message-content`).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
export const AXE_VERSION = JSON.parse(readFileSync(require.resolve("axe-core/package.json"), "utf8")).version;

/** Impacts that fail the run; the others are only reported. */
export const FAILING_IMPACTS = ["serious", "critical"];
const IMPACTS = ["critical", "serious", "moderate", "minor"];

/**
 * Rules that judge the page around a fixture rather than the fixture: the runner's page is a stand-in
 * for Foundry's, which brings its own landmarks, headings and document title, so these are off.
 * (Page-level rules such as `document-title`, `html-has-lang`, `bypass`, `landmark-one-main` and
 * `page-has-heading-one` already skip a scan scoped to part of a page; they are named here too so
 * that the reason is written down.)
 */
export const DISABLED_RULES = {
  // Content outside landmarks: a sheet or card is a fragment inside Foundry's page, whose
  // landmarks (the sidebar, the windows layer) are Foundry's.
  region: "the fixture is a fragment; Foundry's page supplies the landmarks",
  "landmark-one-main": "Foundry's page supplies <main>",
  "landmark-complementary-is-top-level": "a sheet's <aside> sits inside Foundry's window, not at the top",
  "page-has-heading-one": "Foundry's page and window title supply the first heading",
  bypass: "skip links are Foundry's page's concern",
  "document-title": "the stand-in page is not Foundry's document",
  "html-has-lang": "the stand-in page is not Foundry's document",
};

function summarise(violations) {
  return violations
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? "minor",
      help: v.help,
      helpUrl: v.helpUrl.replace(/\?.*$/, ""),
      nodes: v.nodes.map((n) => ({
        target: n.target.join(" "),
        html: n.html.length > 200 ? `${n.html.slice(0, 200)}…` : n.html,
        summary: n.failureSummary?.split("\n").slice(0, 3).join(" ") ?? "",
      })),
    }))
    .sort((a, b) => IMPACTS.indexOf(a.impact) - IMPACTS.indexOf(b.impact) || a.id.localeCompare(b.id));
}

/**
 * Run axe-core on the fixture's markup in the open page; `contrastOnly` runs the one rule that
 * depends on the theme (the other rules judge the markup, which both themes share).
 * @returns {Promise<{ violations: object[], counts: Record<string, number>, problems: string[] }>}
 */
export async function scanPage(page, fixture, { contrastOnly = false } = {}) {
  await page.addScriptTag({ content: AXE_SOURCE });
  const scope = fixture.kind === "chat" ? ".message-content" : ".window-content";
  const rules = Object.fromEntries(Object.keys(DISABLED_RULES).map((id) => [id, { enabled: false }]));
  const options = { rules, resultTypes: ["violations"], reporter: "v1", iframes: false };
  if (contrastOnly) options.runOnly = { type: "rule", values: ["color-contrast"] };
  const raw = await page.evaluate(
    async ({ scope, options }) => (await window.axe.run({ include: [[scope]] }, options)).violations,
    { scope, options },
  );
  const violations = summarise(raw);
  const counts = Object.fromEntries(IMPACTS.map((i) => [i, 0]));
  for (const v of violations) counts[v.impact] += v.nodes.length;
  // Duplicate ids (axe's own duplicate-id rules are deprecated and off): a label's `for`, an
  // aria-labelledby or the sheet's own lookups would find the wrong element. In the page, and
  // the page holds one sheet or card, as Foundry's window holds one application.
  const duplicates = contrastOnly
    ? []
    : await page.evaluate((scope) => {
        const seen = new Map();
        for (const el of document.querySelector(scope).querySelectorAll("[id]"))
          seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
        return [...seen].filter(([, n]) => n > 1).map(([id, n]) => `#${id} (${n} times)`);
      }, scope);
  const problems = violations
    .filter((v) => FAILING_IMPACTS.includes(v.impact))
    .map(
      (v) =>
        `a11y ${v.impact} ${v.id} (${v.help}): ${v.nodes
          .slice(0, 4)
          .map((n) => n.target)
          .join(", ")}${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ""}`,
    );
  if (duplicates.length) problems.push(`a11y duplicate id: ${duplicates.join(", ")}`);
  return { violations, counts, problems, duplicates };
}

// ---- the keyboard walk ------------------------------------------------------------------------

/** In the page: mark every interactive element, remember how it looks unfocused, log focus moves. */
function prepareWalk(scope) {
  // An autofocused control would be measured focused: measure every control unfocused.
  document.activeElement?.blur();
  const root = document.querySelector(scope);
  const SELECTOR =
    'input:not([type="hidden"]), select, textarea, button, a[href], summary, [data-action], [tabindex], [role="tab"], [contenteditable="true"]';
  const NATIVE = new Set(["BUTTON", "INPUT", "SELECT", "TEXTAREA", "SUMMARY"]);
  const ring = (el) => {
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
    return {
      outline: outline ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.outlineOffset}` : "none",
      shadow: s.boxShadow,
      border: `${s.borderTopColor} ${s.borderTopWidth}`,
      background: s.backgroundColor,
    };
  };
  // A visually hidden control (an opacity-0 checkbox inside a styled label) draws its ring on the
  // element that shows it: its label or parent, through :focus-within.
  const shownBy = (el) => {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const hidden = s.opacity === "0" || r.width < 2 || r.height < 2 || s.clipPath !== "none";
    if (!hidden) return el;
    return (
      el.closest("label") ??
      (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`)) ??
      el.parentElement
    );
  };
  const describe = (el) => {
    const tag = el.tagName.toLowerCase();
    const bits = [tag];
    if (el.id) bits.push(`#${el.id}`);
    for (const attr of ["data-action", "name", "data-tab", "data-item-field", "aria-label"]) {
      const v = el.getAttribute(attr);
      if (v) bits.push(`[${attr}="${v.length > 40 ? `${v.slice(0, 40)}…` : v}"]`);
    }
    if (bits.length === 1 && el.className)
      bits.push(`.${String(el.className).trim().split(/\s+/).join(".")}`);
    return bits.join("");
  };
  // A composite widget with one tab stop is reached through the member that holds the stop and
  // moved through with the arrow keys (by the browser for radios, by the sheet's own code for a
  // "roving" tabindex such as a row of rating dots): its members share a key.
  const COMPOSITE = '[role="group"], [role="radiogroup"], [role="toolbar"], [role="tablist"], [role="grid"]';
  const tabStop = (el, index) => {
    if (el.type === "radio" && el.name) return `radio:${el.name}`;
    const composite = el.closest(COMPOSITE);
    if (!composite || !composite.querySelector('[tabindex="-1"]')) return `element:${index}`;
    composite.dataset.a11yComposite ??= String(index);
    return `composite:${composite.dataset.a11yComposite}`;
  };
  const elements = [...root.querySelectorAll(SELECTOR)].filter((el) => {
    if (el.matches(":disabled") || el.closest("fieldset:disabled, [inert]")) return false;
    if (el.getAttribute("tabindex") === "-1" && !el.matches("[data-action], input, select, textarea, button"))
      return false;
    return el.checkVisibility({ visibilityProperty: true });
  });
  const items = elements.map((el, index) => {
    el.dataset.a11yIndex = String(index);
    const shown = shownBy(el);
    return {
      index,
      what: describe(el),
      stop: tabStop(el, index),
      action: el.hasAttribute("data-action"),
      native: NATIVE.has(el.tagName) || (el.tagName === "A" && el.hasAttribute("href")),
      before: ring(shown),
    };
  });
  window.__a11y = { log: [], clicks: [] };
  document.addEventListener("focusin", (event) => {
    const el = event.target;
    const index = el?.dataset?.a11yIndex;
    window.__a11y.log.push(index === undefined ? null : { index: Number(index), after: ring(shownBy(el)) });
  });
  // Activation is recorded and its default prevented, so a walk changes nothing on the page.
  document.addEventListener(
    "click",
    (event) => {
      const el = event.target.closest?.("[data-a11y-index]");
      if (el) window.__a11y.clicks.push(Number(el.dataset.a11yIndex));
      event.preventDefault();
    },
    true,
  );
  document.addEventListener("submit", (event) => event.preventDefault(), true);
  // The sheet's tabs, and which one this page shows (the report lists tabs no fixture shows,
  // whose controls the walk never met).
  const tabs = [...root.querySelectorAll('[role="tab"][data-tab]')].map((el) => ({
    tab: `${el.dataset.group ?? ""}/${el.dataset.tab}`,
    active: el.getAttribute("aria-selected") === "true",
  }));
  return { items, tabs };
}

/**
 * Tab through the fixture's page and check that every visible interactive element is reached,
 * draws a focus ring (its computed outline or box-shadow differs when focused), and that every
 * [data-action] element that is not a native control answers Enter with a click (Foundry's
 * ApplicationV2 actions listen for clicks).
 * @returns {Promise<{ problems: string[], reached: number, total: number, tabStops: number }>}
 *   `reached`: the elements Tab reached or that share a reached composite's stop; `tabStops`:
 *   how many Tab itself stopped at.
 */
export async function keyboardWalk(page, fixture) {
  const scope = fixture.kind === "chat" ? ".message-content" : ".window-content";
  const { items, tabs } = await page.evaluate(prepareWalk, scope);
  if (!items.length) return { problems: [], reached: 0, total: 0, tabStops: 0, tabs };
  // Start before the first element: focus the page's body, then Tab one more time than there are
  // elements (the stand-in page has no focusable element of its own outside the fixture).
  await page.evaluate(() => document.activeElement?.blur());
  for (let i = 0; i <= items.length; i++) await page.keyboard.press("Tab");
  const log = await page.evaluate(() => window.__a11y.log);
  const reached = new Map();
  for (const entry of log) if (entry && !reached.has(entry.index)) reached.set(entry.index, entry.after);
  const problems = [];
  const unreached = [];
  const noRing = [];
  const stopsReached = new Set(items.filter((it) => reached.has(it.index)).map((it) => it.stop));
  for (const item of items) {
    const after = reached.get(item.index);
    if (!after) {
      if (!stopsReached.has(item.stop)) unreached.push(item.what);
      continue;
    }
    const b = item.before;
    if (after.outline === b.outline && after.shadow === b.shadow) noRing.push(item.what);
  }
  if (unreached.length) problems.push(`keyboard: not reachable with Tab: ${unreached.join(", ")}`);
  if (noRing.length) problems.push(`keyboard: no visible focus ring: ${noRing.join(", ")}`);
  // Operability: a non-native [data-action] element must answer Enter with a click.
  const inoperable = [];
  for (const item of items.filter((it) => it.action && !it.native && reached.has(it.index))) {
    await page.focus(`[data-a11y-index="${item.index}"]`);
    await page.keyboard.press("Enter");
    const clicks = await page.evaluate(() => window.__a11y.clicks);
    if (!clicks.includes(item.index)) inoperable.push(item.what);
  }
  if (inoperable.length)
    problems.push(`keyboard: [data-action] not operable with Enter: ${inoperable.join(", ")}`);
  return {
    problems,
    reached: items.length - unreached.length,
    total: items.length,
    tabStops: reached.size,
    unreached,
    noRing,
    inoperable,
    tabs,
  };
}
