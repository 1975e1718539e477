// The accessibility report the browser runner writes to artifacts/a11y/: report.json (every fixture
// and theme, its axe violations by impact with the elements concerned, the keyboard walk's result)
// and report.md (a short summary of the same). Deterministic: the same results give the same bytes.

const IMPACTS = ["critical", "serious", "moderate", "minor"];

/** The report object written as report.json. */
export function a11yReport({ entries, axeVersion, failingImpacts, disabledRules, subset }) {
  const totals = Object.fromEntries(IMPACTS.map((i) => [i, 0]));
  const rules = {};
  let reached = 0;
  let total = 0;
  for (const entry of entries) {
    for (const impact of IMPACTS) totals[impact] += entry.counts[impact];
    for (const v of entry.violations) {
      rules[v.id] ??= { impact: v.impact, help: v.help, helpUrl: v.helpUrl, pages: 0, nodes: 0 };
      rules[v.id].pages++;
      rules[v.id].nodes += v.nodes.length;
    }
    reached += entry.keyboard.reached;
    total += entry.keyboard.total;
  }
  const keyboardProblems = entries.filter(
    (e) => e.keyboard.unreached.length || e.keyboard.noRing.length || e.keyboard.inoperable.length,
  ).length;
  // Per template, the tabs its pages offer and those some page shows.
  const tabs = {};
  for (const entry of entries) {
    for (const { tab, active } of entry.keyboard.tabs) {
      tabs[entry.template] ??= { offered: new Set(), shown: new Set() };
      tabs[entry.template].offered.add(tab);
      if (active) tabs[entry.template].shown.add(tab);
    }
  }
  const tabsNotShown = Object.fromEntries(
    Object.entries(tabs)
      .map(([template, t]) => [template, [...t.offered].filter((tab) => !t.shown.has(tab)).sort()])
      .filter(([, missing]) => missing.length)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return {
    tool: `axe-core ${axeVersion}`,
    failsOn: [...failingImpacts, "duplicate id"],
    disabledRules,
    duplicateIds: entries.reduce((n, e) => n + e.duplicateIds.length, 0),
    subset: subset.length ? subset : null,
    pages: entries.length,
    fixtures: new Set(entries.map((e) => e.fixture)).size,
    violationNodes: totals,
    rules: Object.fromEntries(
      Object.entries(rules).sort(
        ([a, x], [b, y]) => IMPACTS.indexOf(x.impact) - IMPACTS.indexOf(y.impact) || a.localeCompare(b),
      ),
    ),
    keyboard: {
      interactiveElements: total,
      reachedWithTab: reached,
      pagesWithProblems: keyboardProblems,
      tabsNotShown,
    },
    entries,
  };
}

/** The short Markdown summary written as report.md. */
export function a11yMarkdown(report) {
  const scope = report.subset ? ` (a subset: ${report.subset.join(", ")})` : "";
  const lines = [
    "# Accessibility scan",
    "",
    `${report.tool} on every sheet, dialog and chat-card fixture of the browser runner${scope}, in ` +
      `Foundry's light and dark themes: ${report.fixtures} fixtures, ${report.pages} pages (written by ` +
      "`npm run test:browser`, part of `npm test`). A page fails on any " +
      `${report.failsOn.join(" or ")}; moderate and minor violations are listed here. The dark pages are ` +
      "scanned for contrast only (the markup is the same in both themes).",
    "",
    "The keyboard walk presses Tab through each page: every input, select, button, link, tab and " +
      "[data-action] element must be reached (a roving-tabindex group or a radio group through its one " +
      "tab stop), draw a focus ring (its computed outline or box-shadow changes), and, when it is not a " +
      "native control, answer Enter with a click.",
    "",
    "| Impact | Elements |",
    "|---|---|",
    ...IMPACTS.map((i) => `| ${i} | ${report.violationNodes[i]} |`),
    "",
    `Keyboard: ${report.keyboard.reachedWithTab} of ${report.keyboard.interactiveElements} interactive elements ` +
      `reached with Tab (summed over pages); pages with a keyboard problem: ${report.keyboard.pagesWithProblems}.`,
    "",
  ];
  const notShown = Object.entries(report.keyboard.tabsNotShown);
  if (notShown.length) {
    lines.push("Sheet tabs no fixture shows (their controls were not walked):", "");
    for (const [template, missing] of notShown) lines.push(`- ${template}: ${missing.join(", ")}`);
    lines.push("");
  } else {
    lines.push("Every sheet tab is shown by some fixture, so every tab's controls were walked.", "");
  }
  const ruleIds = Object.keys(report.rules);
  if (ruleIds.length) {
    lines.push(
      "## Rules violated",
      "",
      "| Rule | Impact | Pages | Elements | What |",
      "|---|---|---|---|---|",
    );
    for (const id of ruleIds) {
      const r = report.rules[id];
      lines.push(`| [${id}](${r.helpUrl}) | ${r.impact} | ${r.pages} | ${r.nodes} | ${r.help} |`);
    }
    lines.push("");
  } else {
    lines.push("No axe rule is violated on any page.", "");
  }
  lines.push(`Duplicate ids (the runner's own check, beside axe): ${report.duplicateIds}.`, "");
  lines.push("## Rules turned off", "", "| Rule | Why |", "|---|---|");
  for (const [id, why] of Object.entries(report.disabledRules)) lines.push(`| ${id} | ${why} |`);
  lines.push("", "## Pages", "", "| Fixture | Theme | critical | serious | moderate | minor | Tab reached |");
  lines.push("|---|---|---|---|---|---|---|");
  for (const e of report.entries) {
    const c = e.counts;
    const kb = `${e.keyboard.reached}/${e.keyboard.total}`;
    lines.push(
      `| ${e.fixture} | ${e.theme} | ${c.critical} | ${c.serious} | ${c.moderate} | ${c.minor} | ${kb} |`,
    );
  }
  lines.push("");
  return lines.join("\n");
}
