// Core's roll pipeline against the built bundle: a 'Verses attribute test from the sheet calls the
// polyverse.* roll hooks in order with its context, and a hook returning false stops it before
// anything is rolled, posted or spent.
import { beforeAll, describe, expect, it } from "vitest";
import { loadBundleWithCombat, makeActor, type CombatStub } from "./stub-combat";

const g = globalThis as any;
let stub: CombatStub;
let actions: any;
const seen: { hook: string; kind: string; ruleset: string; rolled: boolean }[] = [];
let veto: string | null = null;

const HOOKS = [
  "polyverse.preRoll",
  "polyverse.rollConfigured",
  "polyverse.preRollDialog",
  "polyverse.preEvaluate",
  "polyverse.prePost",
  "polyverse.preApply",
  "polyverse.rollDone",
];

beforeAll(async () => {
  ({ stub } = await loadBundleWithCombat());
  actions = g.game.polyverse.rulesets.verses.actions;
  for (const hook of HOOKS)
    g.Hooks.on(hook, (context: any) => {
      seen.push({ hook, kind: context.kind, ruleset: context.ruleset, rolled: Boolean(context.rolled) });
      return hook !== veto;
    });
});

describe("a 'Verses test through core's roll pipeline", () => {
  it("calls every roll hook in order, with the ruleset, the kind and what is rolled", async () => {
    const jee = makeActor(stub, "Jee", { attributes: { smr: 2, prw: 2, tuf: 2, soc: 2 } });
    seen.length = 0;
    veto = null;
    stub.dice = [6, 5];
    const before = stub.messages.length;
    const roll = await actions.rollAttribute(jee, "prw", { skipDialog: true, ad: 0, target: 1 });
    expect(stub.errors).toEqual([]);
    expect(roll.faces).toEqual([6, 5]);
    expect(stub.messages.length).toBe(before + 1);
    expect(seen.map((s) => s.hook)).toEqual(HOOKS);
    expect(seen.every((s) => s.ruleset === "verses" && s.kind === "test")).toBe(true);
    expect(seen.map((s) => s.rolled)).toEqual([false, false, false, false, true, true, true]);
  });

  it("a hook returning false stops the roll: nothing is posted", async () => {
    const jee = makeActor(stub, "Jee", { attributes: { smr: 2, prw: 2, tuf: 2, soc: 2 } });
    for (const hook of ["polyverse.preRoll", "polyverse.preEvaluate", "polyverse.prePost"]) {
      seen.length = 0;
      veto = hook;
      stub.dice = [6, 5];
      const before = stub.messages.length;
      expect(await actions.rollAttribute(jee, "prw", { skipDialog: true, ad: 0, target: 1 })).toBeNull();
      expect(stub.messages.length).toBe(before);
      expect(seen.at(-1)?.hook).toBe(hook);
    }
    veto = null;
    expect(stub.errors).toEqual([]);
  });
});
