// @vitest-environment happy-dom
// Finding the combat tracker's rows (core/combat-tracker.ts) by the combatant's id rather than by one
// version's markup: v13's `li.combatant[data-combatant-id]` with `.token-name`, and rows that name
// their combatant in another of Foundry's entry attributes or keep the name elsewhere; a control in
// the row that carries the id too is never taken for the row; decorating twice shows it once.
import { describe, expect, it } from "vitest";
import {
  nameSlotOf,
  placeDecoration,
  placeTrackerControl,
  removeTrackerControl,
  trackerRoot,
  trackerRowOf,
  trackerRows,
} from "../../src/core/combat-tracker";

function tracker(html: string): HTMLElement {
  const root = document.createElement("section");
  root.innerHTML = html;
  return root;
}

const V13 = `<ol class="combat-tracker">
  <li class="combatant" data-combatant-id="aaa"><img><div class="token-name"><strong class="name">Ines</strong>
    <div class="combatant-controls"><button data-combatant-id="aaa" data-action="toggleHidden"></button></div></div>
    <div class="token-initiative"><span class="initiative">12</span></div></li>
  <li class="combatant" data-combatant-id="bbb"><div class="token-name"><strong class="name">Rook</strong></div></li>
</ol>`;

describe("the tracker's rows", () => {
  it("finds v13's rows, and the name's place in each", () => {
    const root = tracker(V13);
    const rows = trackerRows(root, [{ id: "aaa" }, { id: "bbb" }, { id: "ccc" }, { id: null }]);
    expect(rows.map((r) => [r.combatant.id, r.row.tagName, r.row.className])).toEqual([
      ["aaa", "LI", "combatant"],
      ["bbb", "LI", "combatant"],
    ]);
    expect(nameSlotOf(rows[0]!.row).className).toBe("token-name");
  });

  it("never takes a control inside the row for the row", () => {
    const root = tracker(V13);
    expect(trackerRowOf(root, "aaa")!.tagName).toBe("LI");
    // Even where the row is not a list item, the outermost element naming the combatant is the row.
    const divs = tracker(
      `<div class="row" data-combatant-id="aaa"><span class="name">Ines</span><button data-combatant-id="aaa"></button></div>`,
    );
    expect(trackerRowOf(divs, "aaa")!.className).toBe("row");
  });

  it("finds rows that name their combatant as a document or an entry, with the name elsewhere", () => {
    const asDocument = tracker(
      `<ol><li class="combatant-row" data-document-id="aaa"><div class="combatant-name">Ines</div></li></ol>`,
    );
    const row = trackerRowOf(asDocument, "aaa")!;
    expect(row.className).toBe("combatant-row");
    expect(nameSlotOf(row).className).toBe("combatant-name");
    const asEntry = tracker(`<ul><li data-entry-id="bbb"><span>Rook</span></li></ul>`);
    const bare = trackerRowOf(asEntry, "bbb")!;
    // No known name container: decorations go into the row itself.
    expect(nameSlotOf(bare)).toBe(bare);
  });

  it("prefers the combatant's own attribute to a list item that only names a document", () => {
    const root = tracker(
      `<ol><li data-document-id="aaa" class="other"></li><li data-combatant-id="aaa" class="combatant"></li></ol>`,
    );
    expect(trackerRowOf(root, "aaa")!.className).toBe("combatant");
  });

  it("reads an id with quotes or backslashes safely", () => {
    expect(trackerRowOf(tracker(V13), 'a"]b\\')).toBeNull();
    expect(trackerRowOf(tracker(V13), "")).toBeNull();
  });

  it("places a decoration once, however often the rows are decorated", () => {
    const root = tracker(V13);
    const row = trackerRowOf(root, "aaa")!;
    for (let i = 0; i < 3; i++) {
      const box = document.createElement("div");
      box.textContent = `pass ${i}`;
      placeDecoration(row, "pv-test-dice", box);
    }
    const placed = row.querySelectorAll(".pv-test-dice");
    expect(placed).toHaveLength(1);
    expect(placed[0]!.textContent).toBe("pass 2");
    expect(placed[0]!.parentElement!.className).toBe("token-name");
  });

  it("takes the tracker's element from the render hook's arguments", () => {
    const element = tracker(V13);
    expect(trackerRoot({}, element)).toBe(element);
    expect(trackerRoot({}, [element])).toBe(element);
    expect(trackerRoot({ element }, undefined)).toBe(element);
    expect(trackerRoot({}, null)).toBeNull();
  });
});

describe("a control of the whole combat", () => {
  const button = (text: string) => {
    const b = document.createElement("button");
    b.textContent = text;
    return b;
  };

  it("goes first among v13's footer controls, once however often the tracker renders; then away", () => {
    const root = tracker(
      `${V13}<nav class="combat-controls"><button data-action="startCombat">Begin</button></nav>`,
    );
    for (let i = 0; i < 3; i++) placeTrackerControl(root, "pv-test-control", button(`pass ${i}`));
    const placed = root.querySelectorAll(".pv-test-control");
    expect(placed).toHaveLength(1);
    expect(placed[0]!.textContent).toBe("pass 2");
    expect(placed[0]!.parentElement!.className).toBe("combat-controls");
    expect(placed[0]!.nextElementSibling?.getAttribute("data-action")).toBe("startCombat");
    removeTrackerControl(root, "pv-test-control");
    expect(root.querySelector(".pv-test-control")).toBeNull();
  });

  it("else the header's encounter controls, else the top of the tracker", () => {
    const header = tracker(
      `<header class="combat-tracker-header"><div class="encounter-controls"></div></header>${V13}`,
    );
    placeTrackerControl(header, "pv-test-control", button("x"));
    expect(header.querySelector(".pv-test-control")!.parentElement!.className).toBe("encounter-controls");
    const bare = tracker(V13);
    placeTrackerControl(bare, "pv-test-control", button("x"));
    expect(bare.firstElementChild!.classList.contains("pv-test-control")).toBe(true);
  });
});
