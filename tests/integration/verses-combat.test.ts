// 'Verses Fast Action in the combat tracker (issue #5): the combat class, the round's AD reset, the
// Moribund survival roll on its turn and the tracker's AD, from their sources against the stand-in.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { join } from "node:path";
import { DIST, readJSON } from "../lib/paths";
import type * as CombatModule from "../../src/rulesets/verses/combat/combat";
import type * as RollModule from "../../src/rulesets/verses/rolls/verses-roll";
import { createRenderer } from "../browser/render.mjs";
import { installFoundryStub, type Recorder } from "./foundry-stub";

const g = globalThis as any;
let recorder: Recorder;
let combat: typeof CombatModule;
let rolls: typeof RollModule;
const gm = { id: "gm00000000000001", name: "GM", isGM: true, active: true };
const messages: any[] = [];
/** Faces each evaluated roll shows, in order. */
let queue: number[][] = [];
const poolSizes: number[] = [];

beforeAll(async () => {
  recorder = installFoundryStub({
    manifest: readJSON(join(DIST, "system.json")),
    lang: readJSON(join(DIST, "lang", "en.json")),
  });
  combat = await import("../../src/rulesets/verses/combat/combat");
  rolls = await import("../../src/rulesets/verses/rolls/verses-roll");
  g.game.users.push(gm);
  g.game.user = gm;
  g.CONFIG.sounds = { dice: "sounds/dice.wav" };
  g.ChatMessage.implementation = { create: async (data: any) => messages.push(data) };
  // The real templates, rendered with Handlebars as the browser tests do.
  const renderer = createRenderer({ distDir: DIST, lang: readJSON(join(DIST, "lang", "en.json")) });
  g.foundry.applications.handlebars.renderTemplate = async (path: string, context: object) =>
    renderer.render(path, context);
  const proto = rolls.VersesRoll.prototype as any;
  // The stand-in's Roll rolls no dice: each evaluation takes the next faces from `queue`.
  proto.evaluate = async function (this: any) {
    poolSizes.push(Number.parseInt(this.formula, 10));
    this._faces = queue.shift() ?? [];
    this._evaluated = true;
    return this;
  };
  vi.spyOn(proto, "faces", "get").mockImplementation(function (this: any) {
    return this._faces;
  });
});

beforeEach(() => {
  messages.length = 0;
  poolSizes.length = 0;
});

/** A living 'Verses actor as the combat code reads it. */
function actor(
  name: string,
  ad: { adMax: number; spent?: number; exBound?: number },
  statuses: string[] = [],
) {
  return {
    uuid: `Actor.${name}`,
    name,
    statuses: new Set(statuses),
    flags: {},
    system: {
      adMax: ad.adMax,
      ad: { spent: ad.spent ?? 0, exBound: ad.exBound ?? 0, reserved: { await: 0, dodge: 0, parry: 0 } },
      conditions: statuses.map((id) => ({ id })),
    },
  };
}

function fakeCombat(list: { id: string; name: string; actor: any; initiative?: number | null }[]) {
  const combatants = list.map((c) => ({ flags: {}, initiative: null, isOwner: true, ...c }));
  const collection = Object.assign([...combatants], {
    get: (id: string) => combatants.find((c) => c.id === id),
  });
  return {
    combatants: collection,
    updates: [] as any[],
    async updateEmbeddedDocuments(_name: string, updates: any[]) {
      this.updates.push(...updates);
      for (const u of updates) {
        const c = combatants.find((x) => x.id === u._id)!;
        c.initiative = u.initiative;
        c.flags = {
          polyverse: u["flags.polyverse.initiative"] ? { initiative: u["flags.polyverse.initiative"] } : {},
        };
      }
    },
  };
}

describe("initiative by AD pools", () => {
  it("rolls every AD not EX-bound; identical rolls re-roll just the tied; the tracker sorts the places", async () => {
    // Ana AD 5 with 2 EX-bound rolls 3 dice; Bo and Cy roll 5.
    const c = fakeCombat([
      { id: "ana", name: "Ana", actor: actor("Ana", { adMax: 5, exBound: 2 }) },
      { id: "bo", name: "Bo", actor: actor("Bo", { adMax: 5 }) },
      { id: "cy", name: "Cy", actor: actor("Cy", { adMax: 5 }) },
    ]);
    // Bo and Cy show the same faces (2S, no six): only they re-roll.
    queue = [
      [6, 5, 2],
      [5, 5, 1, 2, 3],
      [3, 2, 1, 5, 5],
      [4, 1, 1, 1, 1],
      [6, 2, 2, 2, 2],
    ];
    await combat.VersesCombat.prototype.rollInitiative.call(c as any, ["ana", "bo", "cy"]);
    expect(poolSizes).toEqual([3, 5, 5, 5, 5]);
    const byId = Object.fromEntries(c.updates.map((u) => [u._id, u]));
    // Ana 2S with a six first; then the re-roll: Cy 1S with a six beats Bo 0S.
    expect([byId.ana.initiative, byId.cy.initiative, byId.bo.initiative]).toEqual([3, 2, 1]);
    expect(byId.cy["flags.polyverse.initiative"].rolls).toEqual([
      [3, 2, 1, 5, 5],
      [6, 2, 2, 2, 2],
    ]);
    expect(messages).toHaveLength(1);
    expect(messages[0].rolls).toHaveLength(5);
    expect(messages[0].content).toContain("2S (5,5,3,2,1) → 1S (6,2,2,2,2)");
    expect(messages[0].content).toContain("re-rolled a tie");
  });
});

describe("a new round", () => {
  it("returns spent AD, keeps EX bound, and binds 1 EX for Sickened without Rest", () => {
    const c = fakeCombat([
      { id: "ana", name: "Ana", actor: actor("Ana", { adMax: 5, spent: 3, exBound: 1 }) },
      { id: "bo", name: "Bo", actor: actor("Bo", { adMax: 2, spent: 1 }, ["sickened"]) },
      { id: "cy", name: "Cy", actor: actor("Cy", { adMax: 5 }) },
    ]);
    expect(combat.roundChanges(c as any)).toEqual([
      { uuid: "Actor.Ana", name: "Ana", set: { "system.ad.spent": 0 } },
      { uuid: "Actor.Bo", name: "Bo", set: { "system.ad.spent": 0, "system.ad.exBound": 1 } },
    ]);
  });

  it("a Sickened actor that rested 1AD this round binds nothing, and its Rest count starts again", () => {
    const bo = actor("Bo", { adMax: 2, spent: 1 }, ["sickened"]);
    (bo.flags as any).polyverse = { fastAction: { restAD: 1 } };
    const c = fakeCombat([{ id: "bo", name: "Bo", actor: bo }]);
    expect(combat.roundChanges(c as any)).toEqual([
      { uuid: "Actor.Bo", name: "Bo", set: { "system.ad.spent": 0 } },
      { uuid: "Actor.Bo", name: "Bo", set: { "flags.polyverse.fastAction.restAD": 0 } },
    ]);
  });
});

describe("the tracker", () => {
  it("shows each combatant's AD and its initiative roll", async () => {
    const c = fakeCombat([
      { id: "ana", name: "Ana", actor: actor("Ana", { adMax: 5, spent: 2, exBound: 1 }) },
    ]);
    (c.combatants.get("ana") as any).flags = { polyverse: { initiative: { rolls: [[6, 5, 2]] } } };
    const html = document.createElement("ol");
    html.innerHTML = `<li class="combatant" data-combatant-id="ana"><div class="token-name"><strong>Ana</strong></div><div class="token-initiative"><span class="initiative">1</span></div></li>`;
    await combat.decorateTracker(c as any, html);
    const badge = html.querySelector<HTMLElement>(".pv-tracker-ad")!;
    expect(badge.textContent).toBe("2/5 AD");
    expect(badge.dataset.tooltip).toBe("Spent 2, reserved 0, EX-bound 1");
    const initiative = html.querySelector<HTMLElement>(".initiative")!;
    expect(initiative.textContent).toBe("2S");
    expect(initiative.dataset.tooltip).toBe("2S (6,5,2)");
  });
});

describe("registration", () => {
  it("the hooks of the round, the turn and the tracker are registered", () => {
    combat.registerVersesCombatHooks();
    for (const hook of ["combatRound", "combatStart", "combatTurnChange", "renderCombatTracker"])
      expect(recorder.hooks.on.has(hook), hook).toBe(true);
  });
});
