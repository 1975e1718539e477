// Layout check of a rendered page: the text a player cannot read whole, found by measuring rather
// than by looking, so that a longer translation's overflow shows in a list beside the screenshots.
// It reports (it does not fail a run: some cuts are by design, an ellipsis with a title):
//  - cut: an element whose own text is cut off (ellipsis or hidden overflow), without a title;
//  - select: a select whose chosen option is wider than the select shows;
//  - outside: a control or text that runs past the right edge of its window or card;
//  - overflow: a button or label whose text runs out of its box.

/** The problems found on the page, each `{ kind, element, text }`. */
export async function layoutProblems(page, fixture) {
  return page.evaluate((kind) => {
    const root = document.querySelector(kind === "chat" ? "#chat-log" : ".application");
    if (!root) return [];
    const describe = (el) => {
      const cls = [...el.classList].slice(0, 2).join(".");
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ""}`;
    };
    const ownText = (el) =>
      [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join("")
        .trim();
    const visible = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
    };
    // Screen-reader-only text is clipped on purpose.
    const srOnly = (el) => {
      const r = el.getBoundingClientRect();
      return r.width <= 1 || r.height <= 1 || getComputedStyle(el).clip !== "auto";
    };
    const problems = [];
    const limit = root.getBoundingClientRect().right + 0.5;
    const canvas = document.createElement("canvas").getContext("2d");
    for (const el of root.querySelectorAll("*")) {
      if (!visible(el) || srOnly(el)) continue;
      const style = getComputedStyle(el);
      const text = (el.tagName === "SELECT" ? "" : el.textContent || el.value || "").trim();
      if (el.tagName === "SELECT") {
        const option = el.selectedOptions[0];
        if (!option) continue;
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const needed =
          canvas.measureText(option.textContent.trim()).width +
          parseFloat(style.paddingLeft) +
          parseFloat(style.paddingRight) +
          16; // the drop-down arrow
        if (needed > el.clientWidth + 1)
          problems.push({ kind: "select", element: describe(el), text: option.textContent.trim() });
      } else if (
        ownText(el) &&
        (style.overflowX === "hidden" || style.textOverflow === "ellipsis") &&
        el.scrollWidth > el.clientWidth + 1 &&
        !el.title
      ) {
        problems.push({ kind: "cut", element: describe(el), text: ownText(el) });
      } else if (
        (el.tagName === "BUTTON" || el.tagName === "LABEL") &&
        ownText(el) &&
        el.scrollWidth > el.clientWidth + 1 &&
        style.overflowX === "visible"
      ) {
        problems.push({ kind: "overflow", element: describe(el), text: ownText(el) });
      }
      const leaf = el.children.length === 0 || ["INPUT", "SELECT", "BUTTON"].includes(el.tagName);
      if (leaf && text && el.getBoundingClientRect().right > limit)
        problems.push({ kind: "outside", element: describe(el), text: text.slice(0, 60) });
    }
    return problems;
  }, fixture.kind);
}

/** Markdown for artifacts/browser/layout[.<lang>].md: one section per fixture with problems. */
export function layoutMarkdown(entries, lang) {
  const lines = [
    `# Layout check (${lang})`,
    "",
    "Text cut off, a select narrower than its choice, or something past the window's right edge,",
    "per fixture (light theme). Report only: an ellipsis with a title is by design and not listed.",
    "",
  ];
  const withProblems = entries.filter((e) => e.problems.length);
  if (!withProblems.length) lines.push("Nothing found.");
  for (const { fixture, problems } of withProblems) {
    lines.push(`## ${fixture}`, "");
    const counts = new Map();
    for (const p of problems) {
      const line = `${p.kind}: \`${p.element}\` “${p.text}”`;
      counts.set(line, (counts.get(line) ?? 0) + 1);
    }
    for (const [line, n] of counts) lines.push(`- ${line}${n > 1 ? ` (×${n})` : ""}`);
    lines.push("");
  }
  return `${lines.join("\n")}\n`;
}
