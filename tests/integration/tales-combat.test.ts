// Tales combat against the built bundle, in a world whose ruleset is Tales: the status effects and
// combat classes follow the setting; the health statuses follow each actor's `health` (written by the
// active GM only).
import { beforeAll, describe, expect, it } from "vitest";
import { flush, loadTalesCombatWorld, type TalesCombatWorld } from "./tales-combat-world";

const g = globalThis as any;
let world: TalesCombatWorld;

beforeAll(async () => {
  world = await loadTalesCombatWorld();
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

describe("initiative and action dice", () => {
  const heroes = () => {
    // C01: A (Mental 3, Awareness 2), B (Mental 2, Awareness 1), C (Mental 2, Awareness 0).
    const a = world.character("A", { attributes: { mental: 3 }, skills: { awareness: 2 } });
    const b = world.character(
      "B",
      { attributes: { mental: 2 }, skills: { awareness: 1 } },
      [],
      world.users.player.id,
    );
    const c = world.character("C", { attributes: { mental: 2 }, skills: { awareness: 0 } });
    const Combat = g.CONFIG.Combat.documentClass;
    const combat = new Combat({
      _id: "combat0000000003",
      combatants: [
        { _id: "cbA0000000000001", name: "A", actorId: a.id },
        { _id: "cbB0000000000001", name: "B", actorId: b.id },
        { _id: "cbC0000000000001", name: "C", actorId: c.id },
      ],
    });
    g.game.combat = combat;
    g.game.combats = [combat];
    return { a, b, c, combat };
  };
  const state = (c: any) => c.flags.polyverse.tales.round;

  it("C01: a d6 on Mental + Awareness each; once all are in, 3 dice for the highest, 2 for the others", async () => {
    world.as(world.users.gm);
    const { combat } = heroes();
    expect(g.CONFIG.Combat.documentClass.name).toBe("TalesCombat");
    expect(g.CONFIG.Combatant.documentClass.name).toBe("TalesCombatant");
    world.queueFaces([4], [6], [3]);
    const before = world.messages.length;
    await combat.rollInitiative(["cbA0000000000001", "cbB0000000000001", "cbC0000000000001"]);
    await flush();
    const [ca, cb, cc] = ["cbA0000000000001", "cbB0000000000001", "cbC0000000000001"].map((id) =>
      combat.combatants.get(id),
    );
    expect([ca.initiative, cb.initiative, cc.initiative]).toEqual([9, 9, 5]);
    expect([state(ca).actionDice, state(cb).actionDice, state(cc).actionDice]).toEqual([3, 2, 2]);
    // Declaration order C, B, A.
    const sorted = [ca, cb, cc].sort((x, y) => combat._sortCombatants(x, y)).map((x: any) => x.name);
    expect(sorted).toEqual(["C", "B", "A"]);
    expect(world.messages.length).toBe(before + 1);
    expect(world.messages.at(-1).content).toContain("A: 5 + d6 (4) = 9");
  });

  it("spending: the owner spends, never more than are left; another player may not", async () => {
    const { b, combat } = heroes();
    world.as(world.users.gm);
    world.queueFaces([4], [6], [3]);
    await combat.rollInitiative(["cbA0000000000001", "cbB0000000000001", "cbC0000000000001"]);
    const actions = g.game.polyverse.rulesets.tales.actions;
    world.as(world.users.player);
    expect(await actions.spendActionDice(b, 1)).toBe(true);
    expect(await actions.spendActionDice(b, 2)).toBe(false);
    expect(state(combat.combatants.get("cbB0000000000001")).spent).toBe(1);
    const a = combat.combatants.get("cbA0000000000001").actor;
    expect(await actions.spendActionDice(a, 1)).toBe(false);
    expect(state(combat.combatants.get("cbA0000000000001")).spent).toBe(0);
    world.as(world.users.gm);
  });

  it("a new round: the stun and sustained defence lifted, initiative cleared to roll again", async () => {
    const { a, combat } = heroes();
    world.as(world.users.gm);
    world.queueFaces([4], [6], [3]);
    await combat.rollInitiative(["cbA0000000000001", "cbB0000000000001", "cbC0000000000001"]);
    await combat.startCombat();
    await a.update({ "system.health.stunned": true });
    await a.toggleStatusEffect("sustainedDefence", { active: true });
    await flush();
    await combat.nextRound();
    await flush();
    expect(a.system.health.stunned).toBe(false);
    expect(a.statuses.has("sustainedDefence")).toBe(false);
    expect(a.statuses.has("stunned")).toBe(false);
    expect(combat.combatants.contents.every((c: any) => c.initiative === null)).toBe(true);
  });

  it("with initiativeEachRound off the roll carries over and the dice are dealt again", async () => {
    const { combat } = heroes();
    await g.game.settings.set("polyverse", "tales.initiativeEachRound", false);
    world.queueFaces([4], [6], [3]);
    await combat.rollInitiative(["cbA0000000000001", "cbB0000000000001", "cbC0000000000001"]);
    await combat.startCombat();
    const b = combat.combatants.get("cbB0000000000001");
    await g.game.polyverse.rulesets.tales.actions.spendActionDice(b, 2);
    await combat.nextRound();
    await flush();
    expect(b.initiative).toBe(9);
    expect(state(b)).toMatchObject({ round: 2, actionDice: 2, spent: 0 });
    await g.game.settings.set("polyverse", "tales.initiativeEachRound", true);
  });

  it("an unstable character's owner and the GM get the round's upkeep card", async () => {
    const { b, combat } = heroes();
    await b.update({ "system.health": { level: "critical", unstable: true } });
    await combat.startCombat();
    const before = world.messages.length;
    await combat.nextRound();
    await flush();
    const card = world.messages.slice(before).find((m: any) => m.type === "tales-upkeep");
    expect(card.system.card.rows.map((r: any) => [r.name, r.state, r.conscious])).toEqual([
      ["B", "due", true],
    ]);
    expect(world.render(card).textContent).toContain("B: an Essence point to stay conscious and a Hit Point");
  });
});

describe("the damage card", () => {
  const sword = {
    name: "Sword",
    type: "tales-weapon",
    system: { damage: 6, skill: "melee", equipped: true },
  };
  const choose = async (message: any, levels: number) => {
    const html = world.render(message);
    const select = html.querySelector<HTMLSelectElement>("select[name=levels]")!;
    select.value = String(levels);
    html.querySelector<HTMLButtonElement>('button[data-pv-action="tales.damage.apply"]')!.click();
    await flush();
    await world.socketToGM();
    await flush();
  };

  it("D01: the Sword's +6 and a 5 (Torso) read 11: K/O; the target's owner absorbs 2 levels for 2 HP, Medium", async () => {
    world.as(world.users.gm);
    const attacker = world.character("Attacker", {}, [sword]);
    const target = world.character(
      "Target",
      { attributes: { physical: 3, mental: 3 }, hp: { value: 6 } },
      [],
      world.users.player.id,
    );
    world.queueFaces([5]);
    const message = await g.game.polyverse.rulesets.tales.actions.rollDamage(attacker, attacker.items[0], {
      target,
    });
    expect(message.type).toBe("tales-damage");
    expect(message.system.card).toMatchObject({ strength: 6, protection: 0, faces: [5] });
    const html = world.render(message);
    expect(html.querySelector(".pv-t-reading")!.textContent).toContain("11 on the Torso");
    world.as(world.users.player);
    await choose(message, 2);
    expect(target.system.health.level).toBe("medium");
    expect(target.system.hp.value).toBe(4);
    expect(message.system.card.applied).toMatchObject({ levels: 2, cost: 2 });
    // Applying again does nothing: the card says it is applied, the button is gone.
    expect(world.render(message).querySelector('button[data-pv-action="tales.damage.apply"]')).toBeNull();
    // Undo by the target's owner restores exactly this card's change.
    expect(await world.press(message, 'button[data-pv-action="tales.damage.undo"]')).toBe(true);
    await world.socketToGM();
    await flush();
    expect(target.system.health.level).toBe("healthy");
    expect(target.system.hp.value).toBe(6);
    expect(message.system.card.applied).toBeNull();
    world.as(world.users.gm);
  });

  it("the GM applies at once; a player who does not own the target sees no absorption", async () => {
    world.as(world.users.gm);
    const attacker = world.character("Attacker 2", {}, [sword], world.users.player.id);
    const target = world.character("Target 2", { hp: { value: 4 } });
    world.queueFaces([2]);
    const message = await g.game.polyverse.rulesets.tales.actions.rollDamage(attacker, attacker.items[0], {
      target,
      attack: { margin: 0 },
    });
    world.as(world.users.player);
    const html = world.render(message);
    expect((html.querySelector(".pv-t-absorb") as HTMLElement).hidden).toBe(true);
    world.as(world.users.gm);
    await choose(message, 0);
    // 6 + 2 = 8 on the legs: row 6-8, Light.
    expect(target.system.health.level).toBe("light");
  });
});

describe("health actions", () => {
  const actions = () => g.game.polyverse.rulesets.tales.actions;

  it("rest: a healthy character 3 HP below the maximum rests 3 hours and is full (H23)", async () => {
    world.as(world.users.gm);
    const hero = world.character("Rester", { attributes: { physical: 3, mental: 3 }, hp: { value: 3 } });
    expect(await actions().rest(hero, { hours: 3 })).toBe(true);
    expect(hero.system.hp.value).toBe(6);
    expect(world.messages.at(-1).content).toContain("3 hours");
  });

  it("heal: H18, Medium at full HP 6, spends 6 and rolls 4: Light; again within the week is refused", async () => {
    world.as(world.users.gm);
    const hero = world.character("Driver", {
      attributes: { physical: 3, mental: 3 },
      hp: { value: 6 },
      health: { level: "medium" },
    });
    g.game.time = { worldTime: 1_000_000 };
    world.queueFaces([4]);
    expect(await actions().heal(hero, { sacrifice: 6 })).toBe(true);
    expect(hero.system.health.level).toBe("light");
    expect(hero.system.hp.value).toBe(0);
    expect(hero.system.health.lastHealAttempt).toBe(1_000_000);
    await hero.update({ "system.hp.value": 6 });
    g.game.time = { worldTime: 1_000_000 + 3600 };
    expect(await actions().heal(hero, { sacrifice: 6 })).toBe(false);
    expect(hero.system.health.level).toBe("light");
  });

  it("stabilise: H15, Mental 3 + Medicine 2 + 6 = 11 against a K/O's 11; a player's medic asks the GM", async () => {
    world.as(world.users.gm);
    const medic = world.character(
      "Medic",
      { attributes: { mental: 3 }, skills: { medicine: 2 } },
      [],
      world.users.player.id,
    );
    const patient = world.character("Patient", { health: { level: "ko", unstable: true } });
    world.as(world.users.player);
    world.queueFaces([6]);
    const rolled = await actions().stabilise(medic, patient, { skipDialog: true });
    expect(rolled.success).toBe(true);
    await world.socketToGM();
    await flush();
    expect(patient.system.health.unstable).toBe(false);
    world.as(world.users.gm);
  });
});

describe("the attack card", () => {
  const sword = {
    name: "Sword",
    type: "tales-weapon",
    system: { damage: 6, skill: "melee", equipped: true },
  };

  it("C04 undefended: 3 + 2 + 5 = 10 against Physical 3 + 4 = 7: a hit by 3; the GM rolls the damage card", async () => {
    world.as(world.users.gm);
    const brute = world.actor({
      name: "Brute",
      type: "tales-npc",
      system: { attributes: { physical: 3 }, skills: { melee: 2 } },
      items: [sword],
    });
    const ward = world.character(
      "Ward",
      { attributes: { physical: 3 }, hp: { value: 4 } },
      [],
      world.users.player.id,
    );
    world.queueFaces([5]);
    const message = await g.game.polyverse.rulesets.tales.actions.rollAttack(brute, brute.items[0], {
      target: ward,
    });
    expect(message.type).toBe("tales-attack");
    expect(message.system.card.attack).toMatchObject({ bonus: 5, face: 5, ranged: false });
    // The target's owner chooses no defence on the card; the GM rolls its die (4).
    world.as(world.users.player);
    const html = world.render(message);
    const select = html.querySelector<HTMLSelectElement>("select[name=defence]")!;
    // No Sustained Defence outside a combat round (it lasts for the rest of one).
    expect([...select.options].map((o) => o.value)).toEqual(["block", "dodge", "none"]);
    select.value = "none";
    world.queueFaces([4]);
    html.querySelector<HTMLButtonElement>('button[data-pv-action="tales.attack.defend"]')!.click();
    await flush();
    await world.socketToGM();
    await flush();
    expect(message.system.card.defence).toMatchObject({
      choice: "none",
      mode: "dynamic",
      value: 3,
      face: 4,
      hit: true,
      margin: 3,
      shifts: 1,
    });
    // The player may not roll the GM's attacker's damage; the GM does: one extra location die (margin 3).
    expect(
      world.render(message).querySelector<HTMLButtonElement>('button[data-pv-action="tales.attack.damage"]')!
        .hidden,
    ).toBe(true);
    world.as(world.users.gm);
    world.queueFaces([2, 5]);
    expect(await world.press(message, 'button[data-pv-action="tales.attack.damage"]')).toBe(true);
    const damage = world.messages.find((m: any) => m.id === message.system.card.damageMessageId);
    expect(damage.system.card).toMatchObject({ strength: 6, faces: [2, 5], attack: { margin: 3 } });
    // Pressing again rolls nothing more.
    expect(world.render(message).querySelector('button[data-pv-action="tales.attack.damage"]')).toBeNull();
  });

  it("C06: attack 10 against Dodge 10 misses (must beat by one), and spends the defender's action die", async () => {
    world.as(world.users.gm);
    const a = world.actor({
      name: "A1",
      type: "tales-npc",
      system: { attributes: { physical: 3 }, skills: { melee: 3 } },
      items: [sword],
    });
    const d = world.actor({
      name: "D1",
      type: "tales-npc",
      system: { attributes: { physical: 3 }, skills: { dodge: 3 } },
    });
    world.queueFaces([4]);
    const message = await g.game.polyverse.rulesets.tales.actions.rollAttack(a, a.items[0], { target: d });
    const html = world.render(message);
    html.querySelector<HTMLSelectElement>("select[name=defence]")!.value = "dodge";
    world.queueFaces([4]);
    html.querySelector<HTMLButtonElement>('button[data-pv-action="tales.attack.defend"]')!.click();
    await flush();
    expect(message.system.card.defence).toMatchObject({
      choice: "dodge",
      mode: "opposed",
      value: 6,
      face: 4,
      hit: false,
    });
    expect(message.system.card.defence.damage).toBeNull();
  });
});
