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
  return {
    tool: `axe-core ${axeVersion}`,
    failsOn: failingImpacts,
    disabledRules,
    subset: subset.length ? subset : null,
    pages: entries.length,
    fixtures: new Set(entries.map((e) => e.fixture)).size,
    violationNodes: totals,
    rules: Object.fromEntries(
      Object.entries(rules).sort(
        ([a, x], [b, y]) => IMPACTS.indexOf(x.impact) - IMPACTS.indexOf(y.impact) || a.localeCompare(b),
      ),
    ),
    keyboard: { interactiveElements: total, reachedWithTab: reached, pagesWithProblems: keyboardProblems },
    entries,
  };
}

/** The short Markdown summary written as report.md. */
export function a11yMarkdown(report) {
  const lines = [
    "# Accessibility scan",
    "",
    `${report.tool} on every sheet, dialog and chat-card fixture of the browser runner, in Foundry's light`,
    `and dark themes${report.subset ? ` (subset: ${report.subset.join(", ")})` : ""}: ${report.fixtures} fixtures,`,
    `${report.pages} pages. A ${report.failsOn.join(" or ")} violation fails the run; moderate and minor ones are`,
    "listed here. The keyboard walk presses Tab through each page: every input, button, [data-action] and tab must",
    "be reached, draw a focus ring, and (when not a native control) answer Enter with a click.",
    "",
    "| Impact | Elements |",
    "|---|---|",
    ...IMPACTS.map((i) => `| ${i} | ${report.violationNodes[i]} |`),
    "",
    `Keyboard: ${report.keyboard.reachedWithTab} of ${report.keyboard.interactiveElements} interactive elements reached`,
    `with Tab (summed over pages); pages with a keyboard problem: ${report.keyboard.pagesWithProblems}.`,
    "",
  ];
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
