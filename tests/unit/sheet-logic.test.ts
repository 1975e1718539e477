// The Foundry-free part of the core sheet bases (core/sheet-logic.ts): tabs, items in sheet order
// and grouped, toggles, the keys that press a role="button" element, the focus selector.
import { describe, expect, it } from "vitest";
import {
  activeTabOf,
  bool,
  num,
  signed,
  str,
  focusSelector,
  groupItems,
  isActivationKey,
  itemLists,
  sortItems,
  tabViews,
  toggledValue,
} from "../../src/core/sheet-logic";

describe("tabs", () => {
  const tabs = [
    { id: "details", label: "K.details" },
    { id: "description", label: "K.description" },
  ];

  it("shows the tab asked for if the group has it, else the first", () => {
    expect(activeTabOf(["a", "b"], "b")).toBe("b");
    expect(activeTabOf(["a", "b"], "zzz")).toBe("a");
    expect(activeTabOf(["a", "b"], null)).toBe("a");
    expect(activeTabOf([], "a")).toBe("");
  });

  it("builds Foundry's tab entries, one active", () => {
    expect(tabViews("primary", tabs, "description")).toEqual({
      details: { id: "details", group: "primary", label: "K.details", active: false, cssClass: "" },
      description: {
        id: "description",
        group: "primary",
        label: "K.description",
        active: true,
        cssClass: "active",
      },
    });
    expect(tabViews("primary", tabs).details?.active).toBe(true);
  });
});

describe("items", () => {
  const item = (id: string, type: string, sort?: number) => ({
    id,
    type,
    ...(sort === undefined ? {} : { sort }),
  });

  it("puts items in sheet order: by sort, ties in the order given", () => {
    const items = [item("a", "x", 200), item("b", "x"), item("c", "x", 100), item("d", "x", 0)];
    expect(sortItems(items).map((i) => i.id)).toEqual(["b", "d", "c", "a"]);
    expect(items.map((i) => i.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("keeps the order given when nothing was sorted", () => {
    expect(sortItems([item("z", "x"), item("a", "x"), item("m", "x")]).map((i) => i.id)).toEqual([
      "z",
      "a",
      "m",
    ]);
  });

  it("groups items by type, each group in sheet order; other types are left out", () => {
    const items = [
      item("w1", "weapon", 300),
      item("g", "gear"),
      item("w2", "weapon", 100),
      item("s", "skill"),
    ];
    const groups = groupItems(items, { weapons: ["weapon"], carried: ["weapon", "gear"], none: [] });
    expect(groups.weapons!.map((i) => i.id)).toEqual(["w2", "w1"]);
    expect(groups.carried!.map((i) => i.id)).toEqual(["g", "w2", "w1"]);
    expect(groups.none).toEqual([]);
  });
});

describe("toggles", () => {
  it("writes the opposite of what the button shows; an unset field shows its default", () => {
    expect(toggledValue(undefined, false)).toBe(true);
    expect(toggledValue(true, false)).toBe(false);
    expect(toggledValue(false, false)).toBe(true);
    expect(toggledValue(undefined, true)).toBe(false);
    expect(toggledValue(false, true)).toBe(true);
    expect(toggledValue(true, true)).toBe(false);
  });
});

describe("keyboard and focus", () => {
  it("Enter and Space press a role=button element; other keys do not", () => {
    expect(isActivationKey("Enter")).toBe(true);
    expect(isActivationKey(" ")).toBe(true);
    expect(isActivationKey("Tab")).toBe(false);
    expect(isActivationKey("a")).toBe(false);
  });

  it("finds a control again by id, else by name, else by its identifying data attributes", () => {
    expect(focusSelector({ tagName: "INPUT", id: 'app-1-"x"', name: "system.a", dataset: {} })).toBe(
      '[id="app-1-\\"x\\""]',
    );
    expect(focusSelector({ tagName: "INPUT", name: "system.modes.0.name", dataset: {} })).toBe(
      'input[name="system.modes.0.name"]',
    );
    expect(
      focusSelector({
        tagName: "BUTTON",
        dataset: { action: "toggleItem", itemId: "abc", field: "worn", tooltip: "ignored" },
      }),
    ).toBe('button[data-action="toggleItem"][data-item-id="abc"][data-field="worn"]');
    // A roll button: core's one action, told apart by its kind, row and mode.
    expect(
      focusSelector({
        tagName: "BUTTON",
        dataset: { action: "roll", roll: "weapon", itemId: "w1", mode: "1" },
      }),
    ).toBe('button[data-action="roll"][data-roll="weapon"][data-item-id="w1"][data-mode="1"]');
    expect(focusSelector({ tagName: "DIV", dataset: { tooltip: "x" } })).toBeNull();
  });
});

describe("reading plain data for a context builder", () => {
  it("keeps finite numbers, strings and exact true; anything else reads as the fallback", () => {
    expect([num(3), num(Number.NaN), num("3"), num(undefined, 7)]).toEqual([3, 0, 0, 7]);
    expect([str("a"), str(3), str(null)]).toEqual(["a", "", ""]);
    expect([bool(true), bool("true"), bool(1)]).toEqual([true, false, false]);
  });
  it("prints a change with its sign, a true minus for a loss", () => {
    expect([signed(2), signed(-1), signed(0)]).toEqual(["+2", "\u22121", "0"]);
  });
});

describe("a sheet's item lists", () => {
  it("gives one list's items in sheet order and says which types a drop may add", () => {
    const lists = itemLists({ weapons: ["x-weapon"], gear: ["x-gear", "x-tool"] });
    const items = [
      { type: "x-gear", sort: 2, name: "rope" },
      { type: "x-weapon", sort: 1, name: "sword" },
      { type: "x-tool", sort: 1, name: "kit" },
    ];
    expect(lists.itemsIn({ items }, "gear").map((i) => i.name)).toEqual(["kit", "rope"]);
    expect(lists.itemsIn({ items }, "weapons").map((i) => i.name)).toEqual(["sword"]);
    expect([lists.isHeld("x-tool"), lists.isHeld("y-weapon")]).toEqual([true, false]);
  });
});
