// Tales combat against the built bundle, in a world whose ruleset is Tales: the status effects and
// combat classes follow the setting; the health statuses follow each actor's `health` (written by the
// active GM only).
import { beforeAll, describe, expect, it } from "vitest";
import { flush, loadTalesWorld, type TalesWorld } from "./tales-world";

const g = globalThis as any;
let world: TalesWorld;

beforeAll(async () => {
  world = await loadTalesWorld();
});

describe("a Tales world", () => {
  it("offers Tales's status effects, Dead as the defeated status", () => {
    const ids = g.CONFIG.statusEffects.map((s: any) => s.id);
    expect(ids.slice(0, 8)).toEqual([
      "woundLight",
      "woundMedium",
      "woundCritical",
      "unconscious",
      "dead",
      "stunned",
      "unstable",
      "coma",
    ]);
    expect(ids).toContain("sustainedDefence");
    expect(ids).toContain("partialCover");
    expect(g.CONFIG.statusEffects.every((s: any) => s.img.startsWith("icons/svg/"))).toBe(true);
    // Localised at setup.
    expect(g.CONFIG.statusEffects[0].description).toMatch(/halved/);
    expect(g.CONFIG.specialStatusEffects.DEFEATED).toBe("dead");
  });
});

describe("health statuses follow the data (the active GM's client writes them)", () => {
  it("one wound status per level; dead marks the combatant defeated; healed clears them", async () => {
    const hero = world.character("Hero", {}, [], world.users.player.id);
    const Combat = g.CONFIG.Combat.documentClass;
    const combat = new Combat({
      _id: "combat0000000002",
      combatants: [{ _id: "cb00000000000002", name: "Hero", actorId: hero.id }],
    });
    g.game.combats = [combat];
    world.as(world.users.gm);
    await hero.update({ "system.health.level": "medium", "system.health.stunned": true });
    await flush();
    expect([...hero.statuses].sort()).toEqual(["stunned", "woundMedium"]);
    await hero.update({
      "system.health.level": "ko",
      "system.health.stunned": false,
      "system.health.unstable": true,
    });
    await flush();
    expect([...hero.statuses].sort()).toEqual(["unconscious", "unstable"]);
    await hero.update({ "system.health": { level: "dead", unstable: false } });
    await flush();
    expect([...hero.statuses]).toEqual(["dead"]);
    expect(combat.combatants.get("cb00000000000002").defeated).toBe(true);
    await hero.update({ "system.health": { level: "healthy" } });
    await flush();
    expect(hero.statuses.size).toBe(0);
    g.game.combats = undefined;
  });

  it("a player's client never writes them; a hand-set marker stays", async () => {
    const hero = world.character("Quiet", {}, [], world.users.player.id);
    world.as(world.users.player);
    await hero.update({ "system.health.level": "light" });
    await flush();
    expect(hero.statuses.has("woundLight")).toBe(false);
    world.as(world.users.gm);
    await hero.toggleStatusEffect("partialCover", { active: true });
    await hero.update({ "system.health.level": "light" });
    await flush();
    expect([...hero.statuses].sort()).toEqual(["partialCover", "woundLight"]);
  });
});
