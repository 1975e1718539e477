// Attack -> defence -> damage in chat (issue #5), driven against the built bundle: an attack at
// range on targeted tokens, a parry with the minimum AD, a riposte, damage through mail as the
// rules text's example has it, apply and undo, a grenade's scatter, reloading, and a player's
// damage going through the GM.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";
import { feature, skill, weapon } from "../lib/verses-world-items";

const g = globalThis as any;
let world: AttackWorld;
let api: any;

const MAIL = {
  name: "Mail",
  type: "verses-armour",
  system: { class: "medium", tuf: 4, resistance: "s ⇒ c, p", worn: true },
};

const cardOf = (message: any) => message.system?.card;
const last = () => world.messages.at(-1);
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);

let jaye: any;
let footpad: any;
let crossbowman: any;
let phon: any;

beforeAll(async () => {
  world = await loadAttackBundle();
  api = g.game.polyverse.rulesets.verses.actions;
  jaye = world.actor({
    name: "Jaye",
    type: "verses-character",
    system: { hp: { value: 10 } },
    items: [MAIL],
  });
  phon = world.actor({ name: "Phon", type: "verses-character", system: { hp: { value: 10 } } });
  footpad = world.actor({
    name: "Footpad",
    type: "verses-character",
    items: [
      skill("Weapons » Swords", 1, { chainLimit: { mode: "sets", chain: "weapon" } }),
      weapon("Longsword", {
        skill: "Weapons » Swords",
        test: "1S",
        damage: "3(s) or 2(p)",
        features: [feature("Parry", "3")],
      }),
    ],
  });
  crossbowman = world.actor({
    name: "Crossbowman",
    type: "verses-character",
    items: [
      skill("Weapons » Crossbows", 2, { reloadReduction: true }),
      weapon(
        "Heavy Crossbow",
        {
          skill: "Weapons » Crossbows",
          test: "1S@20m,40,70,90,110",
          damage: "3(p)",
          hands: 2,
          features: [feature("Reload", "12AD")],
        },
        { ammunition: "Bolt", magazine: { size: 0, loaded: 1, ammo: "Bolt", effect: "—", paid: 0 } },
      ),
      {
        name: "Bolt",
        type: "verses-ammunition",
        system: { weapons: ["Heavy Crossbow"], effect: "—", quantity: 5 },
      },
    ],
  });
  world.token(footpad, 1, 0);
  world.token(jaye, 2, 0);
  world.token(crossbowman, 2, 15);
  world.token(phon, 2, 45);
});

describe("an attack at range on targeted tokens", () => {
  it("the card records each target with its success target from the distance (1S up to 20 m, 2S up to 40 m) and the bolt fired", async () => {
    g.game.user.targets = new Set([jaye._tokens[0], phon._tokens[0]]);
    // "Since the success is a 6": one six, against 1S at 15 m.
    world.queueFaces([6, 4, 3, 2, 1, 1]);
    const crossbow = crossbowman.items.find((i: any) => i.name === "Heavy Crossbow");
    await api.rollWeapon(crossbowman, crossbow, 0, { skipDialog: true, ad: 2 });
    const card = cardOf(last());
    expect(card.targets.map((t: any) => [t.name, t.metres, t.target])).toEqual([
      ["Jaye", 15, 1],
      ["Phon", 30, 2],
    ]);
    expect(card.ammo).toEqual({ name: "Bolt", effect: "—", rounds: 1 });
    expect(crossbow.system.magazine.loaded).toBe(0);
    // Outside Fast Action no AD are spent.
    expect(crossbowman.system.ad.spent).toBe(0);
    const html = world.render(last());
    expect([...html.querySelectorAll("button[data-pv-action]")].map((b: any) => b.dataset.pvAction)).toEqual([
      "verses.attack.dodge",
      "verses.attack.take",
    ]);
    expect(world.missingKeys).toEqual(new Set());
  });

  it("an empty weapon cannot fire: a clear message, nothing rolled", async () => {
    const before = world.messages.length;
    const crossbow = crossbowman.items.find((i: any) => i.name === "Heavy Crossbow");
    expect(await api.rollWeapon(crossbowman, crossbow, 0, { skipDialog: true, ad: 1 })).toBeNull();
    expect(warnings().at(-1)).toBe("Heavy Crossbow is empty: reload it before firing.");
    expect(world.messages.length).toBe(before);
  });

  it("'a crossbow six bypasses it and binds 1 EX': taking the bolt, Jaye loses 3 HP (10 -> 7) and binds 1 EX; Undo restores both", async () => {
    const message = world.messages.find((m) => cardOf(m)?.weapon.label === "Heavy Crossbow");
    const html = world.render(message);
    (html.querySelector('button[data-pv-action="verses.attack.take"]') as HTMLButtonElement).click();
    await new Promise((r) => setTimeout(r, 0));
    const row = cardOf(message).targets[0];
    expect(row.taken).toBe(true);
    expect(row.damage).toMatchObject({ taken: 3, hpAfter: 7, exToBind: 1 });
    expect(row.damage.layers[0]).toMatchObject({ name: "Mail", bypassed: [{ amount: 3, type: "p" }] });
    await api.attackCardOp(message, { op: "apply", index: 0 });
    expect(jaye.system.hp.value).toBe(7);
    expect(jaye.system.ad.exBound).toBe(1);
    expect(world.render(message).querySelector('button[data-pv-action="verses.attack.undo"]')).not.toBeNull();
    await api.attackCardOp(message, { op: "undo", index: 0 });
    expect(jaye.system.hp.value).toBe(10);
    expect(jaye.system.ad.exBound).toBe(0);
    expect(cardOf(message).targets[0].applied).toBeNull();
  });

  it("'6(s) against mail leaves the wearer unhurt': a sword's SM 2 for 6(s) with no six, taken by Jaye in her mail", async () => {
    g.game.user.targets = new Set([jaye._tokens[0]]);
    world.queueFaces([5, 5, 3, 2]);
    const sword = footpad.items.find((i: any) => i.name === "Longsword");
    await api.rollWeapon(footpad, sword, 0, { skipDialog: true, ad: 1 });
    const message = last();
    expect(cardOf(message).targets[0]).toMatchObject({ name: "Jaye", metres: 1, target: 1 });
    await api.attackCardOp(message, { op: "take", index: 0 });
    const damage = cardOf(message).targets[0].damage;
    expect(damage.incoming).toEqual([{ amount: 6, type: "s" }]);
    expect(damage.layers[0]).toMatchObject({ absorbed: 4, passed: [{ amount: 2, type: "c" }] });
    expect(damage).toMatchObject({ bodyAbsorbed: 2, taken: 0, exToBind: 0 });
    await api.attackCardOp(message, { op: "apply", index: 0 });
    expect(jaye.system.hp.value).toBe(10);
    expect(world.render(message).innerHTML).toContain("No HP lost.");
  });
});

describe("a parry with the minimum AD, and a riposte (Fast Action)", () => {
  let merc: any;
  let jee: any;
  beforeAll(() => {
    merc = world.actor({
      name: "Mercenary",
      type: "verses-character",
      system: { attributes: { prw: 3 } },
      items: [
        skill("Weapons » Swords", 1, { chainLimit: { mode: "sets", chain: "weapon" } }),
        weapon("Longsword", {
          skill: "Weapons » Swords",
          test: "1S",
          damage: "3(s) or 2(p)",
          features: [feature("Parry", "3")],
        }),
      ],
    });
    jee = world.actor({
      name: "Jee",
      type: "verses-character",
      items: [
        skill("Weapons » Swords", 1, { chainLimit: { mode: "sets", chain: "weapon" } }),
        weapon("Rapier", {
          skill: "Weapons » Swords",
          test: "1S",
          damage: "2(p)",
          features: [feature("Chainable"), feature("Fast"), feature("Parry", "2")],
        }),
      ],
    });
    world.token(merc, 10, 10);
    world.token(jee, 11, 10);
    world.combat([merc, jee]);
  });

  it("'He parries the strike, and must spend a minimum of 2AD (1 + 3 - 2)': with 1AD left it is refused; 2AD parry fully and offer the Riposte", async () => {
    g.game.user.targets = new Set([jee._tokens[0]]);
    // "an attack of 6d6" with two successes.
    world.queueFaces([6, 5, 4, 3, 2, 1]);
    const sword = merc.items.find((i: any) => i.name === "Longsword");
    await api.rollWeapon(merc, sword, 0, { skipDialog: true, ad: 2 });
    const attackMessage = last();
    expect(merc.system.ad.spent).toBe(2);

    await jee.update({ "system.ad.spent": 4 });
    expect(await api.defend(jee, attackMessage, 0, "parry", { skipDialog: true, ad: 1 })).toBeNull();
    expect(warnings().at(-1)).toBe("Not enough AD: this spends 2 AD and only 1 AD are left this round.");
    await jee.update({ "system.ad.spent": 0 });

    // "The roll is [...]. The parry counters all of the attacker's successes": two sixes.
    world.queueFaces([6, 6, 3, 2, 1]);
    await api.defend(jee, attackMessage, 0, "parry", { skipDialog: true });
    const parryMessage = last();
    expect(parryMessage.rolls[0].options).toMatchObject({ kind: "defence", ad: 2 });
    // Swords 1 + PRW 2 + 2AD = 5d6 ("for 5d6").
    expect(parryMessage.rolls[0].faces).toHaveLength(5);
    expect(jee.system.ad.spent).toBe(2);
    const row = cardOf(attackMessage).targets[0];
    expect(row.defence).toMatchObject({
      kind: "parry",
      ad: 2,
      weapon: { name: "Rapier", fast: true, parry: 2 },
    });
    expect(world.render(attackMessage).innerHTML).toContain("Fully parried");
    const buttons = [...world.render(attackMessage).querySelectorAll("button[data-pv-action]")].map(
      (b: any) => b.dataset.pvAction,
    );
    expect(buttons).toContain("verses.attack.riposte");
  });

  it("'attacking with 1AD and chaining the two 6s from the parry for 6d6': the riposte targets the mercenary", async () => {
    const attackMessage = world.messages.filter((m) => cardOf(m)?.attacker.name === "Mercenary").at(-1);
    world.queueFaces([6, 6, 6, 5, 2, 1]);
    await api.riposte(jee, attackMessage, 0, { skipDialog: true });
    const riposte = last();
    const card = cardOf(riposte);
    expect(card.attacker.name).toBe("Jee");
    expect(card.riposte).toBe(true);
    expect(card.targets.map((t: any) => t.name)).toEqual(["Mercenary"]);
    expect(riposte.rolls[0].faces).toHaveLength(6);
    expect(riposte.rolls[0].options.parts).toContainEqual({
      label: "POLYVERSE.Verses.Attack.Pool.Riposte",
      dice: 2,
    });
    expect(jee.system.ad.spent).toBe(3);
    expect(cardOf(attackMessage).targets[0].riposted).toBe(true);
    // Four successes against 1S: SM 4 at the rapier's 2(p) per SM.
    await api.attackCardOp(riposte, { op: "take", index: 0 });
    expect(cardOf(riposte).targets[0].damage.incoming).toEqual([{ amount: 8, type: "p" }]);
  });

  afterAll(() => {
    g.game.combat = null;
  });
});

describe("a grenade's scatter", () => {
  it("a missed throw at a token 10 m away (2S) lands '(5 - #SUCCESSES) meters' too far and wide left; the template moves there", async () => {
    const grenadier = world.actor({
      name: "Ambrose",
      type: "verses-character",
      items: [
        skill("Weapons » Hand Grenades", 1),
        weapon(
          "High-Explosive Grenade",
          {
            skill: "Weapons » Hand Grenades",
            test: "1S@5m,10,25,40",
            damage: "",
            area: "12(b)HP@2m,3,4",
            indirect: true,
          },
          { quantity: 2 },
        ),
      ],
    });
    const beast = world.actor({ name: "Beast", type: "verses-creature", system: { hp: { value: 30 } } });
    world.token(grenadier, 40, 20);
    world.token(beast, 40, 10);
    g.game.user.targets = new Set([beast._tokens[0]]);
    // No successes: 2s outnumber 1s (too far), 4s outnumber 3s (wide left); offset 5 - 0 = 5 m.
    world.queueFaces([2, 2, 1, 4, 4, 3]);
    const grenade = grenadier.items.find((i: any) => i.type === "verses-weapon");
    await api.rollWeapon(grenadier, grenade, 0, { skipDialog: true, ad: 3 });
    const card = cardOf(last());
    expect(card.mode).toBe("area");
    expect(card.target).toBe(2);
    expect(card.area.scatter).toMatchObject({ hit: false, depth: "far", side: "left", offset: 5 });
    // Thrown north (up the map) from (4050, 2050) at (4050, 1050): 5 m further north, 5 m west.
    expect(card.area.aim).toEqual({ x: 4050, y: 1050 });
    expect(card.area.landing.x).toBeCloseTo(3550);
    expect(card.area.landing.y).toBeCloseTo(550);
    const template = world.templates.at(-1);
    expect(template).toMatchObject({ t: "circle", distance: 4 });
    expect(template.updates).toEqual([{ x: card.area.landing.x, y: card.area.landing.y }]);
    expect(grenade.system.quantity).toBe(1);
    // The Beast is 5 m by 5 m from the blast, beyond its 4 m: no one is inside.
    expect(card.targets).toEqual([]);
    expect(world.render(last()).innerHTML).toContain("Misses: lands 5 m too far and 5 m wide left.");
  });

  it("on the target, area damage falls off by range marks for every token inside ('12 ... up to 2m away, 11 up to 3m')", async () => {
    const grenadier = g.game.actors.find((a: any) => a.name === "Ambrose");
    const beast = g.game.actors.find((a: any) => a.name === "Beast");
    const goblin = world.actor({ name: "Goblin", type: "verses-creature", system: { hp: { value: 6 } } });
    world.token(goblin, 43, 10);
    g.game.user.targets = new Set([beast._tokens[0]]);
    world.queueFaces([6, 6, 1, 1]);
    const grenade = grenadier.items.find((i: any) => i.type === "verses-weapon");
    await api.rollWeapon(grenadier, grenade, 0, { skipDialog: true, ad: 1 });
    const card = cardOf(last());
    expect(card.targets.map((t: any) => [t.name, t.metres])).toEqual([
      ["Beast", 0],
      ["Goblin", 3],
    ]);
    await api.attackCardOp(last(), { op: "take", index: 1 });
    expect(cardOf(last()).targets[1].damage.incoming).toEqual([{ amount: 11, type: "b" }]);
  });
});

describe("reloading and a player's damage through the GM", () => {
  it("TV-C14: a Heavy Crossbow's Reload(12AD) with Crossbows 2 is done at once outside Fast Action, from the Bolts carried", async () => {
    const crossbow = crossbowman.items.find((i: any) => i.name === "Heavy Crossbow");
    const bolts = crossbowman.items.find((i: any) => i.name === "Bolt");
    expect(await api.reload(crossbowman, crossbow)).toBe(true);
    expect(crossbow.system.magazine).toMatchObject({ loaded: 1, ammo: "Bolt", paid: 0 });
    expect(bolts.system.quantity).toBe(4);
    expect(await api.reload(crossbowman, crossbow)).toBe(false);
    expect(warnings().at(-1)).toBe("Heavy Crossbow is fully loaded (1).");
  });

  it("the attacker's player applies damage to a target they do not own: the GM works it out and applies it", async () => {
    const player = world.users.player;
    const rogue = world.actor(
      {
        name: "Rogue",
        type: "verses-character",
        items: [
          skill("Weapons » Short Blades", 2),
          weapon("Dagger", {
            skill: "Weapons » Short Blades",
            test: "2S",
            damage: "1(p)",
            features: [feature("Parry", "1")],
          }),
        ],
      },
      player.id,
    );
    world.token(rogue, 3, 0);
    world.as(player);
    g.game.user.targets = new Set([phon._tokens[0]]);
    world.queueFaces([6, 6, 6, 5, 1]);
    const dagger = rogue.items.find((i: any) => i.type === "verses-weapon");
    await api.rollWeapon(rogue, dagger, 0, { skipDialog: true, ad: 1, metres: 1 });
    const message = last();
    // The player may not take Phon's defence: the button is hidden.
    const html = world.render(message);
    expect(
      (html.querySelector('button[data-pv-action="verses.attack.take"]') as HTMLButtonElement).hidden,
    ).toBe(true);
    world.as(world.users.gm);
    await api.attackCardOp(message, { op: "take", index: 0 });
    world.as(player);
    await api.attackCardOp(message, { op: "apply", index: 0 });
    // Asked of the GM, who works the damage out from the card and Phon: nothing changed yet.
    expect(phon.system.hp.value).toBe(10);
    await world.socketToGM();
    // 4 successes against 2S: SM 3 at 1(p) = 3 HP.
    expect(phon.system.hp.value).toBe(7);
    expect(message.system.card.targets[0].applied.after.hp).toBe(7);
    world.as(world.users.gm);
  });
});

describe("AD through the roll dialog, chaining, and the weapon's stored ammunition", () => {
  it("Intense Concentration: 'actors may apply two times the allocated dice ... Using this feature binds 1 EX' (outside Fast Action: no AD spent)", async () => {
    const anders = world.actor({
      name: "Anders",
      type: "verses-character",
      items: [
        skill("Stellar Navigation", 1, { default: { kind: "attribute", attribute: "smr" } }),
        {
          name: "Intense Concentration",
          type: "verses-ability",
          system: { key: "intenseConcentration", allocated: 1 },
        },
      ],
    });
    const nav = anders.items.find((i: any) => i.type === "verses-skill");
    // Stellar Navigation 1 + SMR 2 + Intense Concentration 2 + 5AD.
    world.queueFaces([6, 5, 4, 3, 2, 1, 1, 1, 1, 1]);
    await api.rollSkill(anders, nav, {
      skipDialog: true,
      ad: 5,
      optionalAbilities: ["intenseConcentration"],
    });
    expect(anders.system.ad.exBound).toBe(1);
    expect(anders.system.ad.spent).toBe(0);
  });

  it("in Fast Action a test's AD leave the round's pool ('Benny spends his whole turn (5AD)')", async () => {
    const benny = world.actor({ name: "Benny", type: "verses-character" });
    world.combat([benny]);
    world.queueFaces([6, 5, 4, 3, 2, 1, 1]);
    await api.rollAttribute(benny, "prw", { skipDialog: true, ad: 5, target: 3 });
    expect(benny.system.ad.spent).toBe(5);
    expect(await api.rollAttribute(benny, "prw", { skipDialog: true, ad: 1 })).toBeNull();
    expect(warnings().at(-1)).toBe("Not enough AD: this spends 1 AD and only 0 AD are left this round.");
    g.game.combat = null;
  });

  it("Tam chains a second punch 'using only 1AD ... since two of the previous successes were 6s' (+2 dice), up to Unarmed Combat 2", async () => {
    const tam = world.actor({
      name: "Tam",
      type: "verses-character",
      system: { attributes: { prw: 3 } },
      items: [
        skill("Unarmed Combat", 2, { chainLimit: { mode: "sets", chain: "unarmed" } }),
        weapon("Punch", {
          skill: "Unarmed Combat",
          test: "1S",
          damage: "1(c)",
          features: [feature("Chainable"), feature("Fast"), feature("Parry", "1")],
        }),
      ],
    });
    const guard = world.actor({ name: "Guard", type: "verses-character" });
    world.token(tam, 60, 60);
    world.token(guard, 61, 60);
    world.combat([tam, guard]);
    g.game.user.targets = new Set([guard._tokens[0]]);
    // Unarmed Combat 2 + PRW 3 + 1AD = 6d6, three successes with two sixes.
    world.queueFaces([6, 6, 5, 3, 2, 1]);
    const punch = tam.items.find((i: any) => i.type === "verses-weapon");
    await api.rollWeapon(tam, punch, 0, { skipDialog: true, ad: 1 });
    const first = last();
    await api.attackCardOp(first, { op: "take", index: 0 });
    const html = world.render(first);
    const chainButton = html.querySelector(
      'button[data-pv-action="verses.attack.chain"]',
    ) as HTMLButtonElement;
    expect(chainButton.textContent).toBe("Chain (+2, 2/2)");
    // "he can roll 8d6 (2 from Unarmed Combat, 3 from PRW, 1AD, and 2 chained from the previous attack)".
    world.queueFaces([6, 6, 6, 5, 5, 3, 2, 1]);
    await api.chain(tam, first, { skipDialog: true, ad: 1 });
    const second = last();
    expect(second.rolls[0].faces).toHaveLength(8);
    expect(cardOf(second).chain).toMatchObject({ count: 1, links: 1, limit: 2 });
    expect(cardOf(first).chained).toBe(true);
    expect(tam.system.ad.spent).toBe(2);
    await api.attackCardOp(second, { op: "take", index: 0 });
    // "Tam's at his chain limit for unarmed attacks".
    expect(world.render(second).querySelector('button[data-pv-action="verses.attack.chain"]')).toBeNull();
    g.game.combat = null;
  });

  it("Tam's Clinch: 'he has eight skill dice ... spending 2AD and rolls 10d6'; the guard's one success negates a six; the hold immobilises 'the guard's arms and body', then chains to a Takedown", async () => {
    const tam = world.actor({
      name: "Tam the grappler",
      type: "verses-character",
      system: { attributes: { prw: 3 } },
      items: [
        skill("Unarmed Combat", 2, { chainLimit: { mode: "sets", chain: "unarmed" } }),
        skill("Grappling", 3, {
          default: { kind: "skill", skill: "Unarmed Combat" },
          chainLimit: { mode: "sets", chain: "grappling" },
        }),
        weapon("Clinch", {
          skill: "Grappling",
          test: "2S C",
          damage: "",
          hands: 2,
          features: [feature("Chainable"), feature("Unhanded", "-2")],
        }),
        weapon("Takedown", {
          skill: "Grappling",
          test: "2S",
          damage: "",
          features: [feature("Chainable"), feature("Unhanded", "-2")],
        }),
      ],
    });
    const guard = world.actor({ name: "House guard", type: "verses-character" });
    world.token(tam, 70, 70);
    world.token(guard, 71, 70);
    g.game.user.targets = new Set([guard._tokens[0]]);
    world.queueFaces([6, 6, 5, 4, 3, 3, 2, 2, 1, 1]);
    const clinch = tam.items.find((i: any) => i.name === "Clinch");
    await api.rollWeapon(tam, clinch, 0, { skipDialog: true, ad: 2 });
    const hold = last();
    expect(hold.rolls[0].options).toMatchObject({ target: 2, continuation: 1 });
    const buttons = [...world.render(hold).querySelectorAll("button[data-pv-action]")].map(
      (b: any) => b.dataset.pvAction,
    );
    expect(buttons).toEqual(["verses.attack.resist", "verses.attack.take"]);
    // PRW 2, no Grappling: 2d6 with one success.
    world.queueFaces([5, 2]);
    await api.defend(guard, hold, 0, "resist", { skipDialog: true });
    expect(cardOf(hold).targets[0].defence).toMatchObject({ kind: "resist", ad: 0 });
    await api.attackCardOp(hold, { op: "apply", index: 0, choice: 0 });
    expect([...guard.statuses]).toEqual(["immobilized"]);
    expect(guard.flags.polyverse.verses.conditions.immobilized.parts).toEqual(["hands", "body"]);
    // "spending only 1AD but with the six from the previous roll he has another 10d6".
    world.queueFaces([6, 6, 5, 4, 3, 2, 2, 1, 1, 1]);
    const takedown = tam.items.find((i: any) => i.name === "Takedown");
    await api.chain(tam, hold, { skipDialog: true, ad: 1, itemUuid: takedown.uuid });
    const thrown = last();
    expect(thrown.rolls[0].faces).toHaveLength(10);
    expect(thrown.rolls[0].options.parts).toContainEqual({
      label: "POLYVERSE.Verses.Attack.Pool.Chained",
      dice: 1,
    });
    await api.attackCardOp(thrown, { op: "take", index: 0 });
    await api.attackCardOp(thrown, { op: "apply", index: 0 });
    expect(guard.statuses.has("prone")).toBe(true);
  });

  it("'Some grappling moves are continuable. Continuations are contested in the same way': a Clinch held on at 1C, then let go", async () => {
    const wrestler = world.actor({
      name: "Wrestler",
      type: "verses-character",
      system: { attributes: { prw: 3 } },
      items: [
        skill("Unarmed Combat", 1),
        skill("Grappling", 2, { default: { kind: "skill", skill: "Unarmed Combat" } }),
        weapon("Clinch", { skill: "Grappling", test: "2S C", damage: "", hands: 2, features: [] }),
      ],
    });
    const mark = world.actor({ name: "Held mark", type: "verses-character" });
    world.token(wrestler, 90, 90);
    world.token(mark, 91, 90);
    g.game.user.targets = new Set([mark._tokens[0]]);
    const clinch = wrestler.items.find((i: any) => i.name === "Clinch");
    // Grappling 2 (+ Unarmed Combat 1, its default) + PRW 3 + 1AD: 7d6, two successes against 2S.
    world.queueFaces([6, 5, 4, 3, 2, 1, 1]);
    await api.rollWeapon(wrestler, clinch, 0, { skipDialog: true, ad: 1 });
    const first = last();
    await api.attackCardOp(first, { op: "take", index: 0 });
    // No Continue until the hold is on the target.
    expect(world.render(first).querySelector('[data-pv-action="verses.attack.continue"]')).toBeNull();
    await api.attackCardOp(first, { op: "apply", index: 0, choice: 1 });
    expect(mark.flags.polyverse.verses.conditions.immobilized.parts).toEqual(["legs"]);
    const continueButton = world.render(first).querySelector('[data-pv-action="verses.attack.continue"]');
    expect(continueButton?.textContent).toBe("Continue the hold (1C)");
    // The continuation: the same pool against 1S, and the mark may resist again.
    world.queueFaces([5, 4, 3, 2, 2, 1, 1]);
    await api.continueHold(wrestler, first, { skipDialog: true, ad: 1 });
    const second = last();
    expect(cardOf(first).holdDone).toBe("continued");
    expect(cardOf(second).hold).toMatchObject({ from: first.id, continued: 1, choice: 1 });
    expect(cardOf(second).targets[0]).toMatchObject({ name: "Held mark", target: 1 });
    expect(
      [...world.render(second).querySelectorAll("button[data-pv-action]")].map(
        (b: any) => b.dataset.pvAction,
      ),
    ).toEqual(["verses.attack.resist", "verses.attack.take"]);
    // PRW 2 against it: no success; the hold stays with the same choice (legs), no second choice offered.
    world.queueFaces([4, 2]);
    await api.defend(mark, second, 0, "resist", { skipDialog: true });
    const applyButtons = world.render(second).querySelectorAll('[data-pv-action="verses.attack.apply"]');
    expect(applyButtons).toHaveLength(1);
    await api.attackCardOp(second, { op: "apply", index: 0 });
    expect(mark.statuses.has("immobilized")).toBe(true);
    // "or the actor chooses not to maintain it, then the test and its effects end".
    await api.attackCardOp(second, { op: "release" });
    expect(mark.statuses.has("immobilized")).toBe(false);
    expect(cardOf(second).holdDone).toBe("released");
    expect(world.render(second).querySelector('[data-pv-action="verses.attack.continue"]')).toBeNull();
  });

  it("Choke: 'If continued for: 2 rounds, target has the Unconscious condition 3 rounds ... Moribund'; a continuation that fails ends the hold", async () => {
    const strangler = world.actor({
      name: "Strangler",
      type: "verses-character",
      system: { attributes: { prw: 3 } },
      items: [
        skill("Unarmed Combat", 1),
        skill("Grappling", 2, { default: { kind: "skill", skill: "Unarmed Combat" } }),
        weapon("Choke", { skill: "Grappling", test: "2S C", damage: "", hands: 1, features: [] }),
      ],
    });
    const victim = world.actor({ name: "Victim", type: "verses-character" });
    world.token(strangler, 95, 95);
    world.token(victim, 96, 95);
    g.game.user.targets = new Set([victim._tokens[0]]);
    const choke = strangler.items.find((i: any) => i.name === "Choke");
    world.queueFaces([6, 5, 4, 3, 2, 1, 1]);
    await api.rollWeapon(strangler, choke, 0, { skipDialog: true, ad: 1 });
    let card = last();
    await api.attackCardOp(card, { op: "take", index: 0 });
    await api.attackCardOp(card, { op: "apply", index: 0 });
    expect([...victim.statuses]).toEqual(["immobilized"]);
    const hold = async (faces: number[]) => {
      world.queueFaces(faces);
      await api.continueHold(strangler, card, { skipDialog: true, ad: 1 });
      card = last();
      await api.attackCardOp(card, { op: "take", index: 0 });
    };
    // Continued 1 round: still only Immobilized.
    await hold([5, 4, 3, 2, 1, 1, 1]);
    await api.attackCardOp(card, { op: "apply", index: 0 });
    expect(victim.statuses.has("unconscious")).toBe(false);
    // Continued 2 rounds: Unconscious.
    await hold([6, 4, 3, 2, 1, 1, 1]);
    expect(world.render(card).textContent).toContain("Choke held 2 rounds: Unconscious.");
    await api.attackCardOp(card, { op: "apply", index: 0 });
    expect(victim.statuses.has("unconscious")).toBe(true);
    // Continued 3 rounds: Moribund.
    await hold([5, 5, 3, 2, 1, 1, 1]);
    await api.attackCardOp(card, { op: "apply", index: 0 });
    expect(victim.statuses.has("moribund")).toBe(true);
    // A fourth continuation that misses 1S: the hold is broken and its Immobilized comes off.
    await hold([4, 4, 3, 2, 1, 1, 1]);
    const html = world.render(card);
    expect(html.textContent).toContain("The hold is broken: the move's effects end.");
    expect(html.querySelector('[data-pv-action="verses.attack.continue"]')).toBeNull();
    await api.attackCardOp(card, { op: "release", index: 0 });
    expect(victim.statuses.has("immobilized")).toBe(false);
    // Unconscious and Moribund, once suffered, stay.
    expect(victim.statuses.has("moribund")).toBe(true);
  });

  it("the weapon model keeps what an older weapon stored (size, loaded) and adds the ammunition loaded and the reload paid", () => {
    const Model = g.CONFIG.Item.dataModels["verses-weapon"];
    const model = new Model({ ammunition: "Bullet", magazine: { size: 30, loaded: 12 } });
    expect(model.magazine).toEqual({ size: 30, loaded: 12, ammo: "", effect: "", paid: 0 });
    expect(model.ammunition).toBe("Bullet");
    // A mode stored before the damage when thrown existed reads it as blank: the mode's own damage.
    const older = new Model({ modes: [{ name: "", skill: "Weapons » Axes", test: "1S", damage: "2(s)" }] });
    expect(older.modes[0]).toMatchObject({ damage: "2(s)", thrownDamage: "" });
  });
});

describe("how the weapon is held: thrown, one hand fewer, two weapons", () => {
  let duelist: any;
  let mark: any;
  const item = (actor: any, name: string) => actor.items.find((i: any) => i.name === name);
  const partsOf = (message: any) => message.rolls[0].options.parts;

  beforeAll(() => {
    duelist = world.actor({
      name: "Duelist",
      type: "verses-character",
      items: [
        skill("Weapons » Staves", 1, { chainLimit: { mode: "sets", chain: "weapon" } }),
        skill("Weapons » Short Blades", 1, { chainLimit: { mode: "sets", chain: "weapon" } }),
        skill("Two Weapon Fighting", 1, { chainLimit: { mode: "adds", chain: "weapon" } }),
        // The packs' Spear and Dagger, as the Core listings print them.
        weapon("Spear", {
          skill: "Weapons » Staves",
          test: "2S",
          damage: "2(p)",
          hands: 2,
          features: [
            feature("Parry", "2"),
            feature("Throwable", "1S@5m,10,15,20"),
            feature("Unhanded", "-1"),
          ],
        }),
        weapon("Dagger", {
          skill: "Weapons » Short Blades",
          test: "2S",
          damage: "1(s) or 1(p)",
          hands: 1,
          features: [
            feature("Chainable"),
            feature("Fast"),
            feature("Parry", "1"),
            feature("Throwable", "2S@2m,4,6"),
          ],
          thrownDamage: "1(p)",
        }),
      ],
    });
    mark = world.actor({ name: "Mark", type: "verses-character" });
    world.token(duelist, 80, 80);
    world.token(mark, 81, 80);
  });

  it("Spear with the Dagger under Two Weapon Fighting: +1 die, the spear's Unhanded(-1) reduced to 0, and the pair chains in alternation", async () => {
    g.game.user.targets = new Set([mark._tokens[0]]);
    // Staves 1 + PRW 2 + 1AD + Two Weapon Fighting 1: 5d6.
    world.queueFaces([6, 6, 5, 3, 1]);
    await api.rollWeapon(duelist, item(duelist, "Spear"), 0, { skipDialog: true, ad: 1, offhand: 0 });
    const first = last();
    const card = cardOf(first);
    expect(partsOf(first)).toContainEqual({ label: "POLYVERSE.Verses.Dialog.TwoWeaponDice", dice: 1 });
    expect(partsOf(first).some((p: any) => p.label === "POLYVERSE.Verses.Dialog.UnhandedDice")).toBe(false);
    expect(card.weapon.offhand).toMatchObject({ label: "Dagger", dice: 1 });
    // "both weapons count as Chainable ... All dice allocated to this skill are added to the Chain
    // Limit": Short Blades 1 + Two Weapon Fighting 1.
    expect(card.weapon.chain).toMatchObject({ limit: 2 });
    expect(card.weapon.chain.type).toMatch(/^twf:/);
    await api.attackCardOp(first, { op: "take", index: 0 });
    world.queueFaces([6, 5, 5, 4, 3, 2, 1]);
    await api.chain(duelist, first, { skipDialog: true, ad: 1 });
    const second = cardOf(last());
    // "as long as their use is alternated": the next link is the Dagger, paired with the Spear.
    expect(second.weapon.label).toBe("Dagger");
    expect(second.weapon.offhand).toMatchObject({ label: "Spear" });
    expect(second.chain).toMatchObject({ links: 1, limit: 2 });
  });

  it("the Spear alone in one hand: 'the indicated dice penalty on attacks' of Unhanded(-1)", async () => {
    g.game.user.targets = new Set([mark._tokens[0]]);
    // Staves 1 + PRW 2 + 1AD - 1: 3d6.
    world.queueFaces([5, 4, 3]);
    await api.rollWeapon(duelist, item(duelist, "Spear"), 0, { skipDialog: true, ad: 1, unhanded: true });
    expect(partsOf(last())).toContainEqual({
      label: "POLYVERSE.Verses.Dialog.UnhandedDice",
      dice: -1,
      data: { hands: "1" },
    });
    expect(cardOf(last()).weapon.unhandedDice).toBe(1);
  });

  it("a thrown Dagger at 3 m: the Throwable ranges give 3S; a thrown attack does not chain", async () => {
    const far = world.actor({ name: "Far mark", type: "verses-character" });
    world.token(far, 83, 80);
    g.game.user.targets = new Set([far._tokens[0]]);
    world.queueFaces([6, 6, 6, 1]);
    await api.rollWeapon(duelist, item(duelist, "Dagger"), 0, { skipDialog: true, ad: 1, thrown: true });
    const card = cardOf(last());
    expect(card.weapon.thrown).toBe(true);
    expect(card.targets[0]).toMatchObject({ metres: 3, target: 3 });
    expect(card.weapon.chain).toBeNull();
    expect(world.render(last()).textContent).toContain("Thrown.");
    // "A dagger always produces puncturing (p) damage when thrown", even with 1(s) chosen.
    expect(card.weapon.damage).toBe("1(p)");
    expect(card.weapon.damageMode).toBe(0);
  });
});

describe("a card posted before cards were typed (its state in flags.polyverse.attack, its HTML in content)", () => {
  it("is drawn from its flag, never from the stored HTML, and its buttons still work", async () => {
    g.game.user.targets = new Set([jaye._tokens[0]]);
    world.queueFaces([5, 5, 3, 2]);
    const sword = footpad.items.find((i: any) => i.name === "Longsword");
    await api.rollWeapon(footpad, sword, 0, { skipDialog: true, ad: 1 });
    const typed = last();
    // The same attack as a client before this version stored it.
    const old = await g.ChatMessage.create({
      speaker: typed.speaker,
      rolls: typed.rolls,
      content: "<p>stored HTML</p>",
      flags: { polyverse: { attack: structuredClone(cardOf(typed)) } },
    });
    expect(old.type).toBe("base");
    const html = world.render(old);
    expect(html.innerHTML).not.toContain("stored HTML");
    expect(html.querySelector(".pv-attack-card")).not.toBeNull();
    (html.querySelector('button[data-pv-action="verses.attack.take"]') as HTMLButtonElement).click();
    await new Promise((r) => setTimeout(r, 0));
    expect(old.flags.polyverse.attack.targets[0].taken).toBe(true);
    expect(world.render(old).querySelector('button[data-pv-action="verses.attack.apply"]')).not.toBeNull();
    expect(cardOf(typed).targets[0].taken).toBe(false);
  });
});
