// 'Verses attacks and defences through core's roll pipeline, against the built bundle: a weapon
// attack calls the polyverse.* roll hooks in order with kind "attack", a Dodge with kind "defence",
// and a hook returning false posts nothing and spends nothing (no AD, no round, no defence on the
// attack card).
import { beforeAll, describe, expect, it } from "vitest";
import { listenToRollHooks, ROLL_HOOKS, VETOES_BEFORE_POST, type RollHookLog } from "../lib/roll-hooks";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";
import { feature, skill, weapon } from "../lib/verses-world-items";

const g = globalThis as any;
let world: AttackWorld;
let api: any;
let log: RollHookLog;

let archer: any;
let target: any;
const bow = () => archer.items.find((i: any) => i.name === "Light Crossbow");
const cardOf = (message: any) => message.system?.card;

beforeAll(async () => {
  world = await loadAttackBundle();
  api = g.game.polyverse.rulesets.verses.actions;
  log = listenToRollHooks(g.Hooks);
  archer = world.actor({
    name: "Archer",
    type: "verses-character",
    items: [
      skill("Weapons » Crossbows", 2),
      weapon(
        "Light Crossbow",
        {
          skill: "Weapons » Crossbows",
          test: "1S@20m,40,70,90,110",
          damage: "2(p)",
          hands: 2,
          features: [feature("Reload", "6AD")],
        },
        { ammunition: "Bolt", magazine: { size: 0, loaded: 1, ammo: "Bolt", effect: "—", paid: 0 } },
      ),
      { name: "Bolt", type: "verses-ammunition", system: { weapons: ["Light Crossbow"], effect: "—" } },
    ],
  });
  target = world.actor({ name: "Target", type: "verses-character", system: { hp: { value: 10 } } });
  world.token(archer, 0, 0);
  world.token(target, 0, 5);
  world.combat([archer, target]);
});

/** Dice are queued only for a roll that gets as far as evaluating them. */
const rolls = () =>
  log.veto === null || log.veto === "polyverse.prePost" || log.veto === "polyverse.preApply";

const attack = () => {
  g.game.user.targets = new Set([target._tokens[0]]);
  if (rolls()) world.queueFaces([6, 5, 3, 2, 1]);
  return api.rollWeapon(archer, bow(), 0, { skipDialog: true, ad: 1 });
};

describe("a 'Verses weapon attack through core's roll pipeline", () => {
  it("a hook returning false stops the attack: no card, no AD and no round spent", async () => {
    for (const hook of VETOES_BEFORE_POST) {
      log.seen.length = 0;
      log.veto = hook;
      const before = world.messages.length;
      expect(await attack()).toBeNull();
      expect(world.messages.length).toBe(before);
      expect(archer.system.ad.spent).toBe(0);
      expect(bow().system.magazine.loaded).toBe(1);
      expect(log.seen.at(-1)?.hook).toBe(hook);
      expect(log.seen.every((s) => s.kind === "attack")).toBe(true);
    }
    log.veto = null;
  });

  it("preApply vetoed: the card is posted, nothing is spent", async () => {
    log.seen.length = 0;
    log.veto = "polyverse.preApply";
    const before = world.messages.length;
    expect(await attack()).toBeNull();
    expect(world.messages.length).toBe(before + 1);
    expect(archer.system.ad.spent).toBe(0);
    expect(bow().system.magazine.loaded).toBe(1);
    log.veto = null;
  });

  it('calls every roll hook in order with kind "attack"; the AD and the bolt are spent', async () => {
    log.seen.length = 0;
    const before = world.messages.length;
    const roll = await attack();
    expect(roll.options.kind).toBe("attack");
    expect(world.messages.length).toBe(before + 1);
    expect(log.seen.map((s) => s.hook)).toEqual(ROLL_HOOKS);
    expect(log.seen.every((s) => s.ruleset === "verses" && s.kind === "attack")).toBe(true);
    expect(log.seen.map((s) => s.rolled)).toEqual([false, false, false, false, true, true, true]);
    expect(archer.system.ad.spent).toBe(1);
    expect(bow().system.magazine.loaded).toBe(0);
  });
});

describe("a 'Verses defence through core's roll pipeline", () => {
  it("a hook returning false stops the Dodge: no roll posted, no AD spent, the row still open", async () => {
    const attackMessage = world.messages.findLast((m: any) => cardOf(m)?.weapon?.label === "Light Crossbow");
    for (const hook of VETOES_BEFORE_POST) {
      log.seen.length = 0;
      log.veto = hook;
      if (rolls()) world.queueFaces([6, 6, 1]);
      const before = world.messages.length;
      expect(await api.defend(target, attackMessage, 0, "dodge", { skipDialog: true, ad: 1 })).toBeNull();
      expect(world.messages.length).toBe(before);
      expect(target.system.ad.spent).toBe(0);
      expect(cardOf(attackMessage).targets[0].defence).toBeNull();
      expect(log.seen.at(-1)?.hook).toBe(hook);
      expect(log.seen.every((s) => s.kind === "defence")).toBe(true);
    }
    log.veto = null;
  });

  it('calls every roll hook in order with kind "defence"; the Dodge is recorded on the attack card', async () => {
    const attackMessage = world.messages.findLast((m: any) => cardOf(m)?.weapon?.label === "Light Crossbow");
    log.seen.length = 0;
    world.queueFaces([6, 6, 1]);
    const before = world.messages.length;
    const roll = await api.defend(target, attackMessage, 0, "dodge", { skipDialog: true, ad: 1 });
    expect(roll.options.kind).toBe("defence");
    expect(world.messages.length).toBe(before + 1);
    expect(log.seen.map((s) => s.hook)).toEqual(ROLL_HOOKS);
    expect(log.seen.every((s) => s.ruleset === "verses" && s.kind === "defence")).toBe(true);
    expect(target.system.ad.spent).toBe(1);
    expect(cardOf(attackMessage).targets[0].defence).toMatchObject({ kind: "dodge" });
  });
});
