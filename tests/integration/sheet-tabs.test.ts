// Core's tab navigation partial (templates/core/tabs.hbs), as the 'Verses actor and item sheets'
// "tabs" PARTS draw it through the built templates: a labelled tablist of tab buttons, one
// selected, each the ApplicationV2 `tab` action of its group (a <button>, so Tab reaches it and
// Enter or Space presses it), with the ruleset's style classes.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { createRenderer } from "../browser/render.mjs";
import { DIST, readJSON } from "../lib/paths";
import { tabViews } from "../../src/core/sheet-logic";

const lang = readJSON<Record<string, unknown>>(join(DIST, "lang", "en.json"));
const renderer = createRenderer({ distDir: DIST, lang });
const tabs = tabViews(
  "primary",
  [
    { id: "details", label: "POLYVERSE.Verses.ItemSheet.Tab.details" },
    { id: "description", label: "POLYVERSE.Verses.ItemSheet.Tab.description" },
  ],
  "description",
);

function nav(template: string, context: Record<string, unknown>): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderer.render(`systems/polyverse/templates/${template}`, context);
  return root.querySelector("nav")!;
}

describe("the core tab navigation", () => {
  it("is a labelled tablist of tab buttons, the shown one selected", () => {
    const el = nav("core/tabs.hbs", { tabs });
    expect(el.getAttribute("role")).toBe("tablist");
    expect(el.getAttribute("aria-label")).toBe("Sheet sections");
    expect(el.dataset.group).toBe("primary");
    const buttons = [...el.querySelectorAll("button")];
    expect(
      buttons.map((b) => [b.dataset.tab, b.getAttribute("role"), b.getAttribute("aria-selected")]),
    ).toEqual([
      ["details", "tab", "false"],
      ["description", "tab", "true"],
    ]);
    for (const b of buttons) {
      expect(b.type).toBe("button");
      expect(b.dataset.action).toBe("tab");
      expect(b.dataset.group).toBe("primary");
    }
    expect(buttons[1]!.classList.contains("active")).toBe(true);
    expect(renderer.missing.size).toBe(0);
  });

  it("carries each 'Verses sheet's classes", () => {
    const actor = nav("verses/actor/tabs.hbs", { tabs });
    expect(actor.classList.contains("pv-actor-tabs")).toBe(true);
    expect(actor.querySelectorAll("button.pv-actor-tab[role=tab]")).toHaveLength(2);
    const item = nav("verses/item/tabs.hbs", { tabs });
    expect(item.classList.contains("pv-tabs")).toBe(true);
    expect(item.querySelectorAll("button.pv-tab[role=tab]")).toHaveLength(2);
  });
});
