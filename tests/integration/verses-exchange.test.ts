// One whole 'Verses Fast Action exchange against the built bundle, in one world with a real
// VersesCombat and tokens on a scene (issue #5's check): turn order with a tie re-rolled, an
// attack at range on a targeted token, a parry with the minimum AD and a riposte, damage through
// mail as the rules text has it (unhurt by 6(s); a crossbow six bypasses it and binds 1 EX), a
// grenade's scatter, a Moribund combatant's survival roll on its turn, and the round's end giving
// the spent AD back. Every number is the Core text's.
import { beforeAll, describe, expect, it } from "vitest";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";
import { feature, skill, weapon } from "../lib/verses-world-items";

const g = globalThis as any;
let world: AttackWorld;
let api: any;
let combat: any;

const cardOf = (message: any) => message.system?.card;
const last = () => world.messages.at(-1);
const named = (name: string) => g.game.actors.find((a: any) => a.name === name);
const item = (actor: any, name: string) => actor.items.find((i: any) => i.name === name);
const settled = () => api.combatSettled();

beforeAll(async () => {
  world = await loadAttackBundle({ combat: true });
  api = g.game.polyverse.rulesets.verses.actions;
  // The mercenary (PRW 3: 6 AD) with a longsword, Parry(3).
  const merc = world.actor({
    name: "Mercenary",
    type: "verses-character",
    system: { attributes: { prw: 3 } },
    items: [
      skill("Weapons » Swords", 1),
      weapon("Longsword", {
        skill: "Weapons » Swords",
        test: "1S",
        damage: "3(s) or 2(p)",
        features: [feature("Parry", "3")],
      }),
    ],
  });
  // Jee: "his 1 die in Weapons » Swords skill and its default PRW of 2", a Fast rapier, Parry(2).
  const jee = world.actor({
    name: "Jee",
    type: "verses-character",
    items: [
      skill("Weapons » Swords", 1),
      weapon("Rapier", {
        skill: "Weapons » Swords",
        test: "1S",
        damage: "2(p)",
        features: [feature("Chainable"), feature("Fast"), feature("Parry", "2")],
      }),
    ],
  });
  // Jaye in her mail shirt: TUF 2, 10 HP.
  const jaye = world.actor({
    name: "Jaye",
    type: "verses-character",
    system: { hp: { value: 10 } },
    items: [
      {
        name: "Mail",
        type: "verses-armour",
        system: { class: "medium", tuf: 4, resistance: "s ⇒ c, p", worn: true },
      },
    ],
  });
  const crossbowman = world.actor({
    name: "Crossbowman",
    type: "verses-character",
    items: [
      skill("Weapons » Crossbows", 2),
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
    ],
  });
  const ambrose = world.actor({
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
  // Croy: at 0 HP and Moribund (his AD pool is 0).
  const croy = world.actor({ name: "Croy", type: "verses-character", system: { hp: { value: 0 } } });
  await croy.toggleStatusEffect("moribund", { active: true });
  const beast = world.actor({ name: "Beast", type: "verses-creature", system: { hp: { value: 30 } } });
  world.token(merc, 10, 10);
  world.token(jee, 11, 10);
  world.token(jaye, 9, 10);
  world.token(crossbowman, 9, 25);
  world.token(ambrose, 40, 20);
  world.token(beast, 40, 10);
  world.token(croy, 20, 20);
  const fighters = [merc, jee, jaye, crossbowman, ambrose, croy];
  combat = new g.CONFIG.Combat.documentClass({
    _id: "combatExchange01",
    combatants: fighters.map((a, i) => ({ _id: `cbtX${i}00000000000`, name: a.name, actorId: a.id })),
  });
  g.game.combat = combat;
  g.game.combats = { get: (id: string) => (id === combat.id ? combat : undefined) };
});

describe("a whole exchange of Fast Action", () => {
  it("turn order: 'roll all dice in their AD pools'; Jee's and Jaye's identical rolls re-roll, the others stand", async () => {
    expect(combat.constructor.name).toBe("VersesCombat");
    world.queueFaces(
      [6, 6, 5, 1, 1, 1], // Mercenary, 6 AD: 3S
      [6, 5, 4, 3, 2], // Jee, 5 AD: 2S
      [6, 5, 4, 3, 2], // Jaye: the same roll, "the tied actors re-roll"
      [5, 1, 1, 1, 1], // Crossbowman: 1S
      [4, 3, 2, 1, 1], // Ambrose: no success
      [], // Croy: Moribund, no AD to roll
      [1, 1, 1, 1, 1], // Jee's re-roll
      [6, 1, 1, 1, 1], // Jaye's re-roll: she goes first of the two
    );
    await combat.rollInitiative(combat.combatants.contents.map((c: any) => c.id));
    expect(combat.turns.map((c: any) => c.name)).toEqual([
      "Mercenary",
      "Jaye",
      "Jee",
      "Crossbowman",
      "Ambrose",
      "Croy",
    ]);
    await combat.startCombat();
    await settled();
    expect(combat.round).toBe(1);
  });

  it("'He parries the strike, and must spend a minimum of 2AD (1 + 3 - 2)'; the full parry's two 6s carry into the riposte", async () => {
    const [merc, jee] = [named("Mercenary"), named("Jee")];
    g.game.user.targets = new Set([jee._tokens[0]]);
    // "making an attack of 6d6": Swords 1 + PRW 3 + 2AD, two successes against 1S at 1 m.
    world.queueFaces([6, 5, 4, 3, 2, 1]);
    await api.rollWeapon(merc, item(merc, "Longsword"), 0, { skipDialog: true, ad: 2 });
    const attack = last();
    expect(cardOf(attack).targets[0]).toMatchObject({ name: "Jee", metres: 1, target: 1 });
    expect(merc.system.ad.spent).toBe(2);
    // "Jee parries again, spending 2AD for 5d6 ... The parry counters all of the attacker's
    // successes": asked for 1AD, the parry spends its minimum of 2.
    world.queueFaces([6, 6, 3, 2, 1]);
    await api.defend(jee, attack, 0, "parry", { skipDialog: true, ad: 1 });
    expect(last().rolls[0].options).toMatchObject({ kind: "defence", ad: 2 });
    expect(last().rolls[0].faces).toHaveLength(5);
    expect(cardOf(attack).targets[0].defence).toMatchObject({ kind: "parry", ad: 2 });
    expect(world.render(attack).innerHTML).toContain("Fully parried");
    // "attacking with 1AD and chaining the two 6s from the parry for 6d6".
    world.queueFaces([6, 6, 6, 5, 2, 1]);
    await api.riposte(jee, attack, 0, { skipDialog: true });
    const riposte = cardOf(last());
    expect(riposte).toMatchObject({ riposte: true, ad: 1 });
    expect(riposte.targets.map((t: any) => t.name)).toEqual(["Mercenary"]);
    expect(last().rolls[0].faces).toHaveLength(6);
    expect(jee.system.ad.spent).toBe(3);
  });

  it("'slashes with a sword ... succeeding with a 2SM for 6(s)HP': the mail absorbs 4 and turns 2 to crushing that TUF 2 absorbs", async () => {
    const [merc, jaye] = [named("Mercenary"), named("Jaye")];
    g.game.user.targets = new Set([jaye._tokens[0]]);
    // Swords 1 + PRW 3 + 2AD: two fives, no six.
    world.queueFaces([5, 5, 4, 3, 2, 1]);
    await api.rollWeapon(merc, item(merc, "Longsword"), 0, { skipDialog: true, ad: 2 });
    const message = last();
    await api.attackCardOp(message, { op: "take", index: 0 });
    expect(cardOf(message).targets[0].damage).toMatchObject({ taken: 0, exToBind: 0 });
    await api.attackCardOp(message, { op: "apply", index: 0 });
    expect(jaye.system.hp.value).toBe(10);
    expect(merc.system.ad.spent).toBe(4);
  });

  it("'The attack does 3(p)HP ... Since the success is a 6, it bypasses the partial cover of her armor ... she also binds 1EX' (15 m: 1S)", async () => {
    const [crossbowman, jaye] = [named("Crossbowman"), named("Jaye")];
    g.game.user.targets = new Set([jaye._tokens[0]]);
    // Crossbows 2 + PRW 2 + 2AD: one six.
    world.queueFaces([6, 4, 3, 2, 1, 1]);
    await api.rollWeapon(crossbowman, item(crossbowman, "Heavy Crossbow"), 0, { skipDialog: true, ad: 2 });
    const message = last();
    expect(cardOf(message).targets[0]).toMatchObject({ name: "Jaye", metres: 15, target: 1 });
    await api.attackCardOp(message, { op: "take", index: 0 });
    await api.attackCardOp(message, { op: "apply", index: 0 });
    expect(jaye.system.hp.value).toBe(7);
    expect(jaye.system.ad.exBound).toBe(1);
    expect(item(crossbowman, "Heavy Crossbow").system.magazine.loaded).toBe(0);
  });

  it("a missed grenade 10 m away (2S) lands '(5 - #SUCCESSES) meters' too far and wide left; its template moves there", async () => {
    const [ambrose, beast] = [named("Ambrose"), named("Beast")];
    g.game.user.targets = new Set([beast._tokens[0]]);
    // Hand Grenades 1 + PRW 2 + 3AD: no success; 2s outnumber 1s (far), 4s outnumber 3s (left).
    world.queueFaces([2, 2, 1, 4, 4, 3]);
    await api.rollWeapon(ambrose, item(ambrose, "High-Explosive Grenade"), 0, { skipDialog: true, ad: 3 });
    const card = cardOf(last());
    expect(card.area.scatter).toMatchObject({ hit: false, depth: "far", side: "left", offset: 5 });
    expect(world.templates.at(-1).updates).toEqual([{ x: card.area.landing.x, y: card.area.landing.y }]);
    expect(ambrose.system.ad.spent).toBe(3);
  });

  it("'on each turn the moribund actor must make a survival roll': Croy's comes with his turn, once", async () => {
    const survivals = () => world.messages.filter((m: any) => m.system?.card?.kind === "survival");
    // Mercenary -> Jaye -> Jee -> Crossbowman -> Ambrose: no rolls at their turns.
    for (let i = 0; i < 4; i++) await combat.nextTurn();
    await settled();
    expect(survivals()).toHaveLength(0);
    // Croy: TUF 2 + all his AD not EX-bound (5): 7 dice; one success (fewer than 6 - TUF = 4):
    // "Survives the turn", still Moribund.
    world.queueFaces([6, 1, 1, 1, 1, 1, 1]);
    await combat.nextTurn();
    await settled();
    expect(combat.combatant.name).toBe("Croy");
    expect(survivals()).toHaveLength(1);
    expect(named("Croy").statuses.has("moribund")).toBe(true);
  });

  it("the round ends: 'all spent AD that have not been EX-bound are returned'; Jaye's EX-bound die stays bound", async () => {
    await combat.nextTurn();
    await settled();
    expect(combat.round).toBe(2);
    for (const name of ["Mercenary", "Jee", "Crossbowman", "Ambrose"])
      expect(named(name).system.ad.spent).toBe(0);
    expect(named("Jaye").system.ad).toMatchObject({ spent: 0, exBound: 1 });
    expect(named("Jaye").system.adAvailable).toBe(4);
  });
});
