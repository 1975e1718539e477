// The combat tracker's action dice in a Tales combat, against the built bundle: the rows are found by
// the combatant's id (core/combat-tracker.ts), in v13's markup and in rows that name their combatant
// otherwise; only the combatant's owners and the GM see its dice; a second render shows them once;
// the spend button spends one of the owner's dice. The C01 round: A (Mental 3 + Awareness 2, a 4)
// and B (Mental 2 + Awareness 1, a 6) tie at 9, C (2 + 0, a 3) has 5: 3 dice for A, 2 for B and C.
import { beforeAll, describe, expect, it } from "vitest";
import { flush, loadTalesCombatWorld, type TalesCombatWorld } from "./tales-combat-world";

const g = globalThis as any;
let world: TalesCombatWorld;

beforeAll(async () => {
  world = await loadTalesCombatWorld();
});

const IDS = ["cbA0000000000001", "cbB0000000000001", "cbC0000000000001"];

async function rolledCombat() {
  world.as(world.users.gm);
  const a = world.character("A", { attributes: { mental: 3 }, skills: { awareness: 2 } });
  const b = world.character(
    "B",
    { attributes: { mental: 2 }, skills: { awareness: 1 } },
    [],
    world.users.player.id,
  );
  const c = world.character("C", { attributes: { mental: 2 }, skills: { awareness: 0 } });
  const combat = new g.CONFIG.Combat.documentClass({
    _id: "combat0000000009",
    combatants: [
      { _id: IDS[0], name: "A", actorId: a.id },
      { _id: IDS[1], name: "B", actorId: b.id },
      { _id: IDS[2], name: "C", actorId: c.id },
    ],
  });
  g.game.combat = combat;
  g.game.combats = [combat];
  world.queueFaces([4], [6], [3]);
  await combat.rollInitiative(IDS);
  await flush();
  return combat;
}

/** v13's tracker rows (`li.combatant[data-combatant-id]`, the name in `.token-name`). */
const v13 = () => {
  const html = document.createElement("section");
  html.innerHTML = `<ol>${IDS.map(
    (id, i) =>
      `<li class="combatant" data-combatant-id="${id}"><div class="token-name"><strong class="name">${"ABC"[i]}</strong>` +
      `<button class="combatant-control" data-combatant-id="${id}"></button></div></li>`,
  ).join("")}</ol>`;
  return html;
};

/** Rows that name their combatant as an entry and keep the name elsewhere. */
const otherMarkup = () => {
  const html = document.createElement("section");
  html.innerHTML = `<div class="tracker">${IDS.map(
    (id, i) => `<div class="row" data-entry-id="${id}"><span class="combatant-name">${"ABC"[i]}</span></div>`,
  ).join("")}</div>`;
  return html;
};

const render = (combat: any, html: HTMLElement) => {
  g.Hooks.callAll("renderCombatTracker", { viewed: combat }, html, {}, {});
  return html;
};

const pips = (html: HTMLElement, id: string) => {
  const row = html.querySelector(`[data-combatant-id="${id}"], [data-entry-id="${id}"]`)!;
  const box = row.querySelectorAll(".pv-tales-action-dice");
  return {
    boxes: box.length,
    left: row.querySelectorAll(".pv-die-left").length,
    spent: row.querySelectorAll(".pv-die-spent").length,
    where: box[0]?.parentElement?.className ?? "",
  };
};

describe("the tracker's action dice", () => {
  it("shows the GM every combatant's dice in v13's rows, beside the name, once however often it renders", async () => {
    const combat = await rolledCombat();
    const html = render(combat, render(combat, v13()));
    expect(IDS.map((id) => pips(html, id))).toEqual([
      { boxes: 1, left: 3, spent: 0, where: "token-name" },
      { boxes: 1, left: 2, spent: 0, where: "token-name" },
      { boxes: 1, left: 2, spent: 0, where: "token-name" },
    ]);
    // The control inside the row that names the combatant too never gets the dice.
    expect(html.querySelector("button.combatant-control .pv-tales-action-dice")).toBeNull();
  });

  it("finds rows that name their combatant otherwise", async () => {
    const combat = await rolledCombat();
    const html = render(combat, otherMarkup());
    expect(pips(html, IDS[0]!)).toEqual({ boxes: 1, left: 3, spent: 0, where: "combatant-name" });
  });

  it("shows a player only the dice of the combatants they own; the button spends one", async () => {
    const combat = await rolledCombat();
    world.as(world.users.player);
    try {
      const html = render(combat, v13());
      expect(IDS.map((id) => pips(html, id).boxes)).toEqual([0, 1, 0]);
      html.querySelector<HTMLButtonElement>(`[data-combatant-id="${IDS[1]}"] .pv-tales-spend`)!.click();
      await flush();
      expect(combat.combatants.get(IDS[1]).flags.polyverse.tales.round.spent).toBe(1);
      expect(pips(render(combat, v13()), IDS[1]!)).toMatchObject({ left: 1, spent: 1 });
    } finally {
      world.as(world.users.gm);
    }
  });

  it("leaves another ruleset's combat and a missing element alone", async () => {
    const combat = await rolledCombat();
    const html = v13();
    g.Hooks.callAll("renderCombatTracker", { viewed: {} }, html, {}, {});
    expect(html.querySelectorAll(".pv-tales-action-dice")).toHaveLength(0);
    expect(() => g.Hooks.callAll("renderCombatTracker", { viewed: combat }, null, {}, {})).not.toThrow();
  });
});
