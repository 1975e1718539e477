// @vitest-environment happy-dom
// The page side of the core sheet bases (core/sheet-dom.ts): Enter and Space on role="button",
// focus kept across a re-render, the remembered tab, tab buttons' aria-selected, refusals.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  SheetFocus,
  listenForKeyboardPresses,
  refused,
  rememberTab,
  restoreTabs,
  syncTabButtons,
  tabIds,
} from "../../src/core/sheet-dom";

function sheet(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

const press = (el: Element, key: string) =>
  el.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe("keyboard", () => {
  it("Enter and Space press a focused role=button element; other keys and elements are left alone", () => {
    const root = sheet(
      `<span role="button" tabindex="0" id="pill">Worn</span><span id="plain">x</span><button id="native">b</button>`,
    );
    listenForKeyboardPresses(root);
    const clicks: string[] = [];
    root.addEventListener("click", (event) => clicks.push((event.target as HTMLElement).id));
    const pill = root.querySelector("#pill")!;
    press(pill, "Enter");
    press(pill, " ");
    press(pill, "a");
    press(root.querySelector("#plain")!, "Enter");
    // A <button> presses itself; the listener does not press it a second time.
    press(root.querySelector("#native")!, "Enter");
    expect(clicks).toEqual(["pill", "pill"]);
  });
});

describe("Enter in a list's add control", () => {
  it("presses the data-enter-action button beside it, not the form", () => {
    const root = sheet(`<form><div><input id="new" data-enter-action="addEntry">
      <button type="button" id="add" data-action="addEntry">+</button></div>
      <div><button type="button" id="other" data-action="addEntry">+</button></div></form>`);
    listenForKeyboardPresses(root);
    const clicks: string[] = [];
    root.addEventListener("click", (event) => clicks.push((event.target as HTMLElement).id));
    const input = root.querySelector("#new")!;
    const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    input.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    press(input, "a");
    expect(clicks).toEqual(["add"]);
  });
});

describe("focus across a re-render", () => {
  const markup = `<button data-action="toggleItem" data-item-id="a1" data-field="worn">W</button>
    <button data-action="toggleItem" data-item-id="a2" data-field="worn">W</button><input name="system.x">`;

  it("gives an action button its focus back after its part is replaced", () => {
    const root = sheet(markup);
    const focus = new SheetFocus();
    root.querySelectorAll<HTMLElement>("button")[1]!.focus();
    focus.capture(root);
    root.innerHTML = markup;
    expect(root.contains(document.activeElement)).toBe(false);
    focus.restore(root);
    expect(document.activeElement).toBe(root.querySelectorAll("button")[1]);
  });

  it("focuses the control a handler asked for instead", () => {
    const root = sheet(markup);
    const focus = new SheetFocus();
    root.querySelector<HTMLElement>("button")!.focus();
    focus.capture(root);
    focus.request('input[name="system.x"]');
    root.innerHTML = markup;
    focus.restore(root);
    expect(document.activeElement).toBe(root.querySelector("input"));
  });

  it("leaves the focus alone when it stayed in the sheet, and does nothing when nothing was focused", () => {
    const root = sheet(markup);
    const focus = new SheetFocus();
    root.querySelector<HTMLElement>("button")!.focus();
    focus.capture(root);
    root.querySelector<HTMLElement>("input")!.focus();
    focus.restore(root);
    expect(document.activeElement).toBe(root.querySelector("input"));
    (document.activeElement as HTMLElement).blur();
    focus.capture(root);
    focus.restore(root);
    expect(root.contains(document.activeElement)).toBe(false);
  });
});

describe("tabs", () => {
  it("remembers the tab per document and restores it only where the group has no tab yet", () => {
    const known = tabIds({ primary: { tabs: [{ id: "attributes" }, { id: "combat" }] }, side: { tabs: [] } });
    expect(known).toEqual({ primary: ["attributes", "combat"], side: [] });
    rememberTab("Actor.a", "primary", "combat");
    rememberTab("Actor.a", "side", "gone");
    const fresh: Record<string, string | null> = {};
    restoreTabs("Actor.a", fresh, known);
    expect(fresh).toEqual({ primary: "combat" });
    const shown: Record<string, string | null> = { primary: "attributes" };
    restoreTabs("Actor.a", shown, known);
    expect(shown.primary).toBe("attributes");
    const other: Record<string, string | null> = {};
    restoreTabs("Actor.b", other, known);
    expect(other).toEqual({});
  });

  it("keeps role=tab buttons' aria-selected in step with the tab shown", () => {
    const root =
      sheet(`<nav><button role="tab" data-group="primary" data-tab="a" aria-selected="true"></button>
      <button role="tab" data-group="primary" data-tab="b" aria-selected="false"></button>
      <button role="tab" data-group="other" data-tab="b" aria-selected="false"></button></nav>`);
    syncTabButtons(root, "primary", "b");
    expect([...root.querySelectorAll("button")].map((b) => b.getAttribute("aria-selected"))).toEqual([
      "false",
      "true",
      "false",
    ]);
  });
});

describe("refusals", () => {
  it("a forbidden button says why instead of acting; an allowed one acts", () => {
    const warn = vi.fn();
    vi.stubGlobal("ui", { notifications: { warn } });
    const root = sheet(
      `<button aria-disabled="true" data-tooltip="No Heal skill">a</button><button aria-disabled="false">b</button>`,
    );
    const [forbidden, allowed] = root.querySelectorAll<HTMLElement>("button");
    expect(refused(forbidden!)).toBe(true);
    expect(warn).toHaveBeenCalledWith("No Heal skill");
    expect(refused(allowed!)).toBe(false);
  });
});
