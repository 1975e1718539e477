// Core's roll pipeline against the built bundle: a 'Verses attribute test from the sheet calls the
// polyverse.* roll hooks in order with its context, and a hook returning false stops it before
// anything is rolled, posted or spent.
import { beforeAll, describe, expect, it } from "vitest";
import { listenToRollHooks, ROLL_HOOKS, type RollHookLog } from "../lib/roll-hooks";
import { loadBundleWithCombat, makeActor, type CombatStub } from "./stub-combat";

const g = globalThis as any;
let stub: CombatStub;
let actions: any;
let log: RollHookLog;

beforeAll(async () => {
  ({ stub } = await loadBundleWithCombat());
  actions = g.game.polyverse.rulesets.verses.actions;
  log = listenToRollHooks(g.Hooks);
});

describe("a 'Verses test through core's roll pipeline", () => {
  it("calls every roll hook in order, with the ruleset, the kind and what is rolled", async () => {
    const jee = makeActor(stub, "Jee", { attributes: { smr: 2, prw: 2, tuf: 2, soc: 2 } });
    log.seen.length = 0;
    log.veto = null;
    stub.dice = [6, 5];
    const before = stub.messages.length;
    const roll = await actions.rollAttribute(jee, "prw", { skipDialog: true, ad: 0, target: 1 });
    expect(stub.errors).toEqual([]);
    expect(roll.faces).toEqual([6, 5]);
    expect(stub.messages.length).toBe(before + 1);
    expect(log.seen.map((s) => s.hook)).toEqual(ROLL_HOOKS);
    expect(log.seen.every((s) => s.ruleset === "verses" && s.kind === "test")).toBe(true);
    expect(log.seen.map((s) => s.rolled)).toEqual([false, false, false, false, true, true, true]);
  });

  it("a hook returning false stops the roll: nothing is posted", async () => {
    const jee = makeActor(stub, "Jee", { attributes: { smr: 2, prw: 2, tuf: 2, soc: 2 } });
    for (const hook of ["polyverse.preRoll", "polyverse.preEvaluate", "polyverse.prePost"]) {
      log.seen.length = 0;
      log.veto = hook;
      stub.dice = [6, 5];
      const before = stub.messages.length;
      expect(await actions.rollAttribute(jee, "prw", { skipDialog: true, ad: 0, target: 1 })).toBeNull();
      expect(stub.messages.length).toBe(before);
      expect(log.seen.at(-1)?.hook).toBe(hook);
    }
    log.veto = null;
    expect(stub.errors).toEqual([]);
  });
});
