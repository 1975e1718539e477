// @vitest-environment happy-dom
// The Maelstrom sheets' dot rows: the rating a click sets (the top dot lowers by one), the keys
// (arrows, Home, End), and the keydown listener on the dot buttons as the template draws them.
import { afterEach, describe, expect, it } from "vitest";
import { dotClickValue, dotKeyValue, dotRow } from "../../src/rulesets/maelstrom/sheets/actor-tabs/dots";
import { dotTarget, listenForDotKeys } from "../../src/rulesets/maelstrom/sheets/dots-dom";

const labels = {
  dotLabel: ({ name, value, max }: Record<string, string>) => `${name} ${value} of ${max}`,
  rowLabel: ({ name, value, max }: Record<string, string>) => `${name}: ${value} of ${max}`,
};

afterEach(() => document.body.replaceChildren());

describe("dot rows", () => {
  it("labels each dot 'Strength 3 of 5' and fills up to the rating", () => {
    const row = dotRow({
      path: "system.attributes.strength",
      value: 3,
      max: 5,
      name: "Strength",
      editable: true,
      ...labels,
    });
    expect(row.label).toBe("Strength: 3 of 5");
    expect(row.dots.map((d) => d.label)).toEqual([1, 2, 3, 4, 5].map((n) => `Strength ${n} of 5`));
    expect(row.dots.map((d) => d.filled)).toEqual([true, true, true, false, false]);
    expect(row.dots.map((d) => d.top)).toEqual([false, false, true, false, false]);
  });

  it("makes the first dot the tab stop at zero, and reads a bad rating as the floor", () => {
    const zero = dotRow({ path: "p", value: 0, max: 5, name: "X", editable: true, ...labels });
    expect(zero.dots.map((d) => d.tabindex)).toEqual([0, -1, -1, -1, -1]);
    const bad = dotRow({
      path: "p",
      value: Number.NaN,
      min: 1,
      max: 10,
      name: "X",
      editable: true,
      ...labels,
    });
    expect(bad.value).toBe(1);
  });

  it("disables every dot of a read-only sheet and those beyond the ceiling", () => {
    const read = dotRow({ path: "p", value: 2, max: 5, name: "X", editable: false, ...labels });
    expect(read.dots.every((d) => d.disabled)).toBe(true);
    const capped = dotRow({ path: "p", value: 2, max: 10, ceiling: 4, name: "X", editable: true, ...labels });
    expect(capped.dots.map((d) => d.beyond)).toEqual([false, false, false, false, ...Array(6).fill(true)]);
  });

  it("sets the clicked rating; the rating's own top dot lowers it by one", () => {
    expect(dotClickValue(2, 4, 0, 5)).toBe(4);
    expect(dotClickValue(4, 2, 0, 5)).toBe(2);
    expect(dotClickValue(3, 3, 0, 5)).toBe(2);
    expect(dotClickValue(1, 1, 0, 5)).toBe(0);
    // Permanent Willpower never falls below 1; current never climbs past the permanent rank.
    expect(dotClickValue(1, 1, 1, 10)).toBe(1);
    expect(dotClickValue(2, 7, 0, 4)).toBe(4);
  });

  it("raises and lowers with the arrow keys, Home and End, within the bounds", () => {
    expect(dotKeyValue("ArrowRight", 2, 0, 5)).toBe(3);
    expect(dotKeyValue("ArrowUp", 5, 0, 5)).toBe(5);
    expect(dotKeyValue("ArrowLeft", 2, 0, 5)).toBe(1);
    expect(dotKeyValue("ArrowDown", 1, 1, 10)).toBe(1);
    expect(dotKeyValue("Home", 4, 0, 5)).toBe(0);
    expect(dotKeyValue("End", 1, 0, 4)).toBe(4);
    expect(dotKeyValue("Enter", 1, 0, 5)).toBeNull();
    expect(dotKeyValue("Tab", 1, 0, 5)).toBeNull();
  });
});

describe("the dot keys on the page", () => {
  const sheet = (html: string) => {
    const root = document.createElement("div");
    root.innerHTML = html;
    document.body.append(root);
    return root;
  };
  const dot = (value: number, extra = "") =>
    `<button type="button" data-action="setDots" data-path="system.attributes.wits" data-value="${value}" data-current="3" data-min="0" data-ceiling="5" ${extra}></button>`;
  const press = (el: Element, key: string) => {
    const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
    el.dispatchEvent(event);
    return event;
  };

  it("reads a dot's row from its attributes", () => {
    const root = sheet(dot(2));
    expect(dotTarget(root.querySelector("button"))).toEqual({
      path: "system.attributes.wits",
      min: 0,
      ceiling: 5,
      current: 3,
    });
    expect(dotTarget(root)).toBeNull();
  });

  it("an arrow key on a dot sets the rating; other keys and disabled dots are left alone", () => {
    const root = sheet(dot(3) + dot(4, "disabled"));
    const set: [string, number][] = [];
    listenForDotKeys(root, (path, rating) => set.push([path, rating]));
    const [three, four] = root.querySelectorAll("button");
    const right = press(three!, "ArrowRight");
    expect(right.defaultPrevented).toBe(true);
    press(three!, "ArrowLeft");
    press(three!, "Tab");
    press(four!, "ArrowRight");
    expect(set).toEqual([
      ["system.attributes.wits", 4],
      ["system.attributes.wits", 2],
    ]);
  });
});
