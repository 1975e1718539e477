// The 'Verses actor sheet's roll buttons go through core's `roll` action: `data-roll` names the
// kind, the sheet's `_onRoll` dispatches it to the roll, and a button a condition forbids
// (`aria-disabled="true"`) only says why. A `polyverse.preRoll` hook vetoes each roll, so nothing
// is rolled or posted: what is checked is which roll the button started.
import { beforeAll, describe, expect, it } from "vitest";
import { loadBundleWithCombat, makeActor, type CombatStub } from "./stub-combat";
import type { LoadedBundle } from "./load-bundle";

const g = globalThis as any;
let stub: CombatStub;
let loaded: LoadedBundle;
const started: { kind: string; ruleset: string }[] = [];

beforeAll(async () => {
  ({ stub, loaded } = await loadBundleWithCombat());
  g.Hooks.on("polyverse.preRoll", (context: any) => {
    started.push({ kind: context.kind, ruleset: context.ruleset });
    return false;
  });
});

function characterSheet(actor: unknown) {
  const Sheet = loaded.recorder.sheets.find(
    (r: any) => r.documentClass.documentName === "Actor" && r.options.types.includes("verses-character"),
  )!.sheet as any;
  // ApplicationV2 merges each class's actions down the chain; the stub does not, so walk it.
  let roll: ((event: unknown, target: HTMLElement) => Promise<unknown>) | undefined;
  for (let cls = Sheet; cls?.DEFAULT_OPTIONS && !roll; cls = Object.getPrototypeOf(cls))
    roll = cls.DEFAULT_OPTIONS.actions?.roll;
  const sheet = new Sheet({ document: actor });
  return { Sheet, press: (target: HTMLElement) => roll!.call(sheet, {}, target) };
}

function button(attributes: Record<string, string>): HTMLElement {
  const el = document.createElement("button");
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

describe("the 'Verses roll buttons on core's roll action", () => {
  it("rolls the kind the button names; a forbidden button or an unknown kind rolls nothing", async () => {
    const jee = makeActor(stub, "Jee", { attributes: { smr: 2, prw: 2, tuf: 2, soc: 2 } });
    const { Sheet, press } = characterSheet(jee);
    expect(Sheet.ROLL_KINDS).toContain("attribute");
    const warned: string[] = [];
    const warn = g.ui.notifications.warn;
    g.ui.notifications.warn = (message: string) => warned.push(message);
    try {
      started.length = 0;
      await press(button({ "data-action": "roll", "data-roll": "attribute", "data-attribute": "prw" }));
      expect(started.map((s) => s.ruleset)).toEqual(["verses"]);
      // An attribute test is a pipeline roll of kind "test".
      expect(started[0]!.kind).toBe("test");

      started.length = 0;
      await press(
        button({
          "data-action": "roll",
          "data-roll": "attribute",
          "data-attribute": "prw",
          "aria-disabled": "true",
          "data-tooltip": "Unconscious",
        }),
      );
      await press(button({ "data-action": "roll", "data-roll": "attribute", "data-attribute": "xyz" }));
      await press(button({ "data-action": "roll", "data-roll": "nothing" }));
      expect(started).toEqual([]);
      expect(warned).toEqual(["Unconscious"]);
    } finally {
      g.ui.notifications.warn = warn;
    }
  });
});
