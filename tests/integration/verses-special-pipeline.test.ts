// 'Verses special tests through core's roll pipeline, against the built bundle: Rest from the macro
// API and from the sheet's dialog calls the polyverse.* roll hooks in order with kind "rest", a hook
// returning false posts nothing and changes nothing, and Adrenaline Rush is still read from the AD
// the test leaves (its line on the card, its EX unbound) though the card is posted before the
// changes are applied.
import { beforeAll, describe, expect, it } from "vitest";
import { listenToRollHooks, ROLL_HOOKS, VETOES_BEFORE_POST, type RollHookLog } from "../lib/roll-hooks";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";
import { ability } from "../lib/verses-world-items";

const g = globalThis as any;
let world: AttackWorld;
let api: any;
let log: RollHookLog;

const bound = (exBound: number) => ({
  hp: { value: 10 },
  ad: { spent: 0, exBound, reserved: { await: 0, dodge: 0, parry: 0 } },
});

beforeAll(async () => {
  world = await loadAttackBundle();
  api = g.game.polyverse.rulesets.verses.actions;
  log = listenToRollHooks(g.Hooks);
});

describe("a 'Verses special test through core's roll pipeline", () => {
  it('Rest from the macro API calls every roll hook in order with kind "rest"; its EX are unbound', async () => {
    const rin = world.actor({ name: "Rin", type: "verses-character", system: bound(2) });
    log.seen.length = 0;
    // TUF 2 + 1 AD against 2S: three successes, SM 2.
    world.queueFaces([6, 5, 5]);
    const before = world.messages.length;
    const posted = await api.rollRest(rin, { ad: 1 });
    expect(posted.message).toBe(world.messages.at(-1));
    expect(world.messages.length).toBe(before + 1);
    expect(log.seen.map((s) => s.hook)).toEqual(ROLL_HOOKS);
    expect(log.seen.every((s) => s.ruleset === "verses" && s.kind === "rest")).toBe(true);
    expect(log.seen.map((s) => s.rolled)).toEqual([false, false, false, false, true, true, true]);
    expect(rin.system.ad.exBound).toBe(0);
  });

  it("Rest from the sheet's dialog (skipped) runs the same hooks, the dialog between them", async () => {
    const rin = world.actor({ name: "Rin 2", type: "verses-character", system: bound(1) });
    log.seen.length = 0;
    const before = world.messages.length;
    expect(await api.askRest(rin, { skipDialog: true })).not.toBeNull();
    expect(world.messages.length).toBe(before + 1);
    expect(log.seen.map((s) => s.hook)).toEqual(ROLL_HOOKS);
    expect(log.seen.every((s) => s.kind === "rest")).toBe(true);
  });

  it("Adrenaline Rush after Rest is read from the EX Rest leaves bound, though the card is posted first", async () => {
    const jules = world.actor({
      name: "Jules",
      type: "verses-character",
      system: bound(1),
      items: [ability("adrenalineRush", 1)],
    });
    // TUF 2 + 2 AD against 1S: four successes, SM 4. Rest unbinds the 1 bound EX; Adrenaline Rush
    // then finds none bound: no line, nothing more (read from the EX before Rest, it would unbind 1).
    world.queueFaces([6, 6, 5, 5]);
    const posted = await api.rollRest(jules, { ad: 2 });
    expect(posted.message.rolls[0].options.target).toBe(1);
    expect(jules.system.ad.exBound).toBe(0);
    expect(world.render(posted.message).innerHTML).not.toContain("Adrenaline Rush");
    expect(posted.result.card.lines.some((l: any) => /Adrenaline/.test(l.key))).toBe(false);
  });

  it("a hook returning false stops Rest (macro and dialog): no card, no EX unbound", async () => {
    const rin = world.actor({ name: "Rin", type: "verses-character", system: bound(2) });
    for (const rest of [() => api.rollRest(rin, { ad: 1 }), () => api.askRest(rin, { skipDialog: true })])
      for (const hook of VETOES_BEFORE_POST) {
        log.seen.length = 0;
        log.veto = hook;
        const before = world.messages.length;
        expect(await rest()).toBeNull();
        expect(world.messages.length).toBe(before);
        expect(rin.system.ad.exBound).toBe(2);
        expect(log.seen.at(-1)?.hook).toBe(hook);
        expect(log.seen.every((s) => s.ruleset === "verses" && s.kind === "rest")).toBe(true);
      }
    log.veto = null;
  });
});
