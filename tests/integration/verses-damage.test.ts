// Damage from an attack card (issue #5): the per-target buttons, the damage through the target's
// mail (TV-37: a crossbow six bypasses it and binds 1 EX), the GM relay for a player who does not own
// the target, and Undo. From the sources, against the stand-in, with the real templates.
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { join } from "node:path";
import { DIST, readJSON } from "../lib/paths";
import type * as DamageModule from "../../src/rulesets/verses/attack/damage";
import type * as DefenceModule from "../../src/rulesets/verses/attack/defence";
import type * as RollModule from "../../src/rulesets/verses/rolls/verses-roll";
import type * as ChangesModule from "../../src/rulesets/verses/changes";
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import { createRenderer } from "../browser/render.mjs";
import { jayeItems } from "../lib/verses-packs";
import { livingSource } from "../lib/verses-sources";
import { installFoundryStub, type Recorder } from "./foundry-stub";

const g = globalThis as any;
let recorder: Recorder;
let damage: typeof DamageModule;
let defence: typeof DefenceModule;
let rolls: typeof RollModule;
let changes: typeof ChangesModule;
const gm = { id: "gm00000000000001", name: "GM", isGM: true, active: true };
const attacker = { id: "pl00000000000001", name: "Attacker", isGM: false, active: true };
const cards: any[] = [];
let jaye: any;

beforeAll(async () => {
  recorder = installFoundryStub({
    manifest: readJSON(join(DIST, "system.json")),
    lang: readJSON(join(DIST, "lang", "en.json")),
  });
  damage = await import("../../src/rulesets/verses/attack/damage");
  defence = await import("../../src/rulesets/verses/attack/defence");
  rolls = await import("../../src/rulesets/verses/rolls/verses-roll");
  changes = await import("../../src/rulesets/verses/changes");
  g.game.users.push(gm, attacker);
  const renderer = createRenderer({ distDir: DIST, lang: readJSON(join(DIST, "lang", "en.json")) });
  g.foundry.applications.handlebars.renderTemplate = async (path: string, context: object) =>
    renderer.render(path, context);
  g.ChatMessage.getSpeaker = ({ actor }: any) => ({ actor: actor?.id, alias: actor?.name });
  g.ChatMessage.implementation = {
    create: async (data: any) => {
      const card = { id: `card${cards.length}`, author: g.game.user, ...data, update: vi.fn() };
      cards.push(card);
      return card;
    },
  };
  g.fromUuid = async (uuid: string) =>
    uuid === "Scene.s.Token.t" ? { actor: jaye } : uuid === jaye.uuid ? jaye : null;
  g.fromUuidSync = (uuid: string) => (uuid === "Scene.s.Token.t" ? { name: "Jaye" } : null);
  vi.spyOn(rolls.VersesRoll.prototype as any, "faces", "get").mockImplementation(function (this: any) {
    return this.options.testFaces;
  });
  changes.registerPendingChanges();
});

beforeEach(() => {
  cards.length = 0;
  // Jaye in the packs' Mail (her shield set down), owned by another player.
  const items = jayeItems().map((i) =>
    i.name === "Medium Shield" ? { ...i, system: { ...i.system, worn: false } } : i,
  );
  const source = livingSource();
  jaye = {
    id: "jaye",
    uuid: "Actor.jaye",
    name: "Jaye",
    statuses: new Set<string>(),
    flags: {},
    items,
    system: { ...source, ...deriveLiving(source, { items, statuses: new Set(), flags: {} }) },
    canUserModify: (u: any) => u.isGM,
    updates: [] as any[],
    async update(data: Record<string, unknown>) {
      this.updates.push(data);
      for (const [k, v] of Object.entries(data))
        if (!k.includes("-=")) g.foundry.utils.setProperty(this, k, v);
    },
  };
});

/** A crossbow attack card: one success, a six, 3(p) per SM, Jaye targeted. */
function attackCard(faces: number[], author = attacker) {
  const roll = new rolls.VersesRoll("3d6", {}, {
    kind: "attack",
    target: 1,
    perSM: "3(p)",
    targets: ["Scene.s.Token.t"],
    testFaces: faces,
  } as any);
  return { id: "attack1", author, rolls: [roll], flags: {} } as any;
}

describe("the attack card's damage buttons", () => {
  it("a successful attack with a target gets one button per target; a miss gets none", () => {
    g.game.user = attacker;
    const html = document.createElement("div");
    html.innerHTML = `<div class="polyverse pv-pool-card"></div>`;
    damage.decorateAttackCard(attackCard([6, 4, 2]), html);
    const button = html.querySelector<HTMLButtonElement>('[data-pv-action="verses.applyDamage"]')!;
    expect(button.textContent).toBe("Apply damage to Jaye");
    const missed = document.createElement("div");
    damage.decorateAttackCard(attackCard([4, 2, 1]), missed);
    expect(missed.querySelector("button")).toBeNull();
  });
});

describe("applying it", () => {
  it("TV-37 as the GM: the bolt's six bypasses the mail: 10 → 7 HP and 1 EX bound; the card says so", async () => {
    g.game.user = gm;
    const card = await damage.applyDamage(attackCard([6, 4, 2]), "Scene.s.Token.t");
    expect(jaye.system.hp.value).toBe(7);
    expect(jaye.system.ad.exBound).toBe(1);
    expect(card!.content).toContain("3 HP lost: 7 HP left.");
    expect(card!.content).toContain("3 past it on sixes");
    expect(card!.content).toContain("The blow binds 1 EX.");
    expect((card as any).flags.polyverse.pending).toEqual([]);
  });

  it("TV-36 in words: 6(s) against the mail leaves her unhurt", async () => {
    g.game.user = gm;
    const roll = attackCard([5, 5, 4, 1]);
    roll.rolls[0].options.perSM = "3(s)";
    const card = await damage.applyDamage(roll, "Scene.s.Token.t");
    expect(jaye.system.hp.value).toBe(10);
    expect(card!.content).toContain("absorbed 4, passed 2");
    expect(card!.content).toContain("0 HP lost: 10 HP left.");
  });

  it("the attacker, who does not own Jaye, sends it to the GM; the card waits for the GM", async () => {
    g.game.user = attacker;
    const card = await damage.applyDamage(attackCard([6, 4, 2]), "Scene.s.Token.t");
    expect(jaye.updates).toEqual([]);
    expect((card as any).flags.polyverse.pending).toHaveLength(1);
    expect(card!.content).toContain("Waiting for the GM to apply the changes to Jaye.");
    expect(recorder.socketEmits.at(-1)).toMatchObject({
      data: { type: "verses.applyPending", payload: { messageId: "card0" }, sender: attacker.id },
    });
  });

  it("another player is refused", async () => {
    g.game.user = { id: "ot00000000000001", isGM: false };
    expect(await damage.applyDamage(attackCard([6, 4, 2]), "Scene.s.Token.t")).toBeNull();
    expect(recorder.notifications.at(-1)?.message).toBe(
      "Only the GM, the attacker or the target's owner can apply this damage.",
    );
  });

  it("Undo on the damage card puts back her HP and EX", async () => {
    g.game.user = gm;
    const card = await damage.applyDamage(attackCard([6, 4, 2]), "Scene.s.Token.t");
    expect(jaye.system.hp.value).toBe(7);
    expect(await damage.undoDamage(card as any)).toBe(true);
    expect(jaye.system.hp.value).toBe(10);
    expect(jaye.system.ad.exBound).toBe(0);
  });
});

describe("a dodge", () => {
  function dodgeCard(faces: number[], attack: any) {
    g.game.messages = { get: (id: string) => (id === attack.id ? attack : undefined) };
    const roll = new rolls.VersesRoll("2d6", {}, {
      kind: "test",
      target: 0,
      defends: { attack: attack.id, target: "Scene.s.Token.t" },
      testFaces: faces,
    } as any);
    return { id: "dodge1", author: gm, rolls: [roll], flags: {}, speaker: {} } as any;
  }

  it("TV-25: an attack's 2 successes against a dodge of 2: evaded; no damage button", () => {
    g.game.user = gm;
    const attack = attackCard([6, 5, 1]);
    const html = document.createElement("div");
    defence.decorateDefenceCard(dodgeCard([5, 6, 2], attack), html);
    expect(html.querySelector(".pv-outcome")!.textContent).toBe(
      "The defence removes every success: the attack misses.",
    );
    expect(html.querySelector("button")).toBeNull();
  });

  it("a dodge of 1 against a crossbow's 6,5: the six is removed first; the 5 lands and meets the mail", async () => {
    g.game.user = gm;
    const attack = attackCard([6, 5, 1]);
    const dodged = dodgeCard([5, 2], attack);
    const html = document.createElement("div");
    defence.decorateDefenceCard(dodged, html);
    expect(html.querySelector(".pv-outcome")!.textContent).toBe("The attack still lands with 5, 1.");
    const card = await defence.damageAfterDefence(dodged);
    // One five left: 3(p) on the Mail (TUF 4, "s ⇒ c, p" resists p): all absorbed.
    expect((card as any).content).toContain("0 HP lost: 10 HP left.");
    expect(jaye.system.hp.value).toBe(10);
  });

  it("a full parry with sixes and a Fast weapon: evaded, and a Riposte carrying the parry's sixes", () => {
    g.game.user = gm;
    const attack = attackCard([6, 5, 1]);
    const parried = dodgeCard([6, 6, 2], attack);
    parried.rolls[0].options.defends = { ...parried.rolls[0].options.defends, kind: "parry", fast: true };
    const html = document.createElement("div");
    defence.decorateDefenceCard(parried, html);
    expect(html.querySelector(".pv-outcome")!.textContent).toBe(
      "The defence removes every success: the attack misses.",
    );
    expect(html.querySelector(".pv-effect")!.textContent).toBe(
      "A full parry with a Fast weapon: a Riposte may follow, carrying 2 six(es).",
    );
    expect(html.querySelector('[data-pv-action="verses.riposte"]')!.textContent).toBe("Riposte");
    // The same parry with a weapon that is not Fast offers no riposte.
    parried.rolls[0].options.defends.fast = false;
    const plain = document.createElement("div");
    defence.decorateDefenceCard(parried, plain);
    expect(plain.querySelector(".pv-effect")).toBeNull();
  });

  it("the attack card offers each target's owner a Dodge and a Parry", () => {
    g.game.user = attacker;
    const html = document.createElement("div");
    damage.decorateAttackCard(attackCard([6, 4, 2]), html);
    expect([...html.querySelectorAll("button")].map((b) => b.textContent)).toEqual([
      "Jaye dodges",
      "Jaye parries",
      "Apply damage to Jaye",
    ]);
  });
});
