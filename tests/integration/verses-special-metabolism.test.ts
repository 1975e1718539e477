// Heightened Metabolism in a special test, against the built bundle through the macro API: "Any
// allocated dice may be used in addition to or in place of action dice. Once used in this way,
// allocated dice are treated as EX-bound until they are recovered through the Rest action."
import { beforeAll, describe, expect, it } from "vitest";
import type { Recorder } from "./foundry-stub";
import { loadBundleWithCombat, makeActor, type CombatStub } from "./stub-combat";

const g = globalThis as any;
let stub: CombatStub;
let recorder: Recorder;
let actions: any;

const warnings = () => recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const PART = { label: "POLYVERSE.Verses.Metabolism.Part", dice: 1 };

beforeAll(async () => {
  let loaded;
  ({ stub, loaded } = await loadBundleWithCombat());
  recorder = loaded.recorder;
  actions = g.game.polyverse.rulesets.verses.actions;
});

describe("a special test binds the Heightened Metabolism dice on the ability item", () => {
  it("Charm at 0AD with 1 die stands for the 1AD, is rolled with it and binds it; a second die asked of 1 free is refused before the roll", async () => {
    const jee = makeActor(
      stub,
      "Jee",
      {},
      {
        items: [
          {
            name: "Heightened Metabolism",
            type: "verses-ability",
            system: { key: "heightenedMetabolism", allocated: 2, exBound: 0 },
          },
        ],
      },
    );
    const guard = makeActor(stub, "Guard", {});
    const hm = jee.items.find((i: any) => i.type === "verses-ability");
    // SOC 2 + SMR 2 + 1 metabolism die = 5d6 against the guard's SOC 2 + SMR 2 (the guard resists: no status).
    stub.dice = [1, 1, 1, 1, 1, 6, 6, 6, 6];
    const posted = await actions.rollInfluence(jee, "charm", {
      target: guard,
      enemy: false,
      ad: 0,
      metabolismUsed: 1,
    });
    stub.dice = [];
    expect(stub.errors).toEqual([]);
    expect(posted).not.toBeNull();
    const mine = posted.message.rolls[0];
    expect(mine.faces).toHaveLength(5);
    expect(mine.options.parts).toContainEqual(PART);
    expect(hm.system.exBound).toBe(1);
    // 1 die left free: 2 are refused before anything is rolled or bound.
    recorder.notifications.length = 0;
    const messages = stub.messages.length;
    expect(
      await actions.rollInfluence(jee, "charm", { target: guard, enemy: false, ad: 1, metabolismUsed: 2 }),
    ).toBeNull();
    expect(warnings()[0]).toMatch(/Only 1 Heightened Metabolism dice/);
    expect(stub.messages.length).toBe(messages);
    expect(hm.system.exBound).toBe(1);
    // An actor without the ability is told so.
    recorder.notifications.length = 0;
    expect(
      await actions.rollInfluence(guard, "charm", { target: jee, enemy: false, ad: 1, metabolismUsed: 1 }),
    ).toBeNull();
    expect(warnings()[0]).toMatch(/No Heightened Metabolism dice are allocated/);
  });
});
