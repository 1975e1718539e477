// The attack side of issue #11 against the built bundle: Assassination end to end (a Watch with
// all AD at the target, the dialog's offer, the card, the successes through armour as sixes),
// cover that keeps its HP from one attack to the next on the target's token, Adrenaline Rush and
// Uncanny Luck on attack and defence rolls, and Pain Tolerance's maintenance after an applied hit.
import { beforeAll, describe, expect, it } from "vitest";
import { loadAttackBundle, type AttackWorld } from "./stub-scene";
import { MODE, ability, skill } from "../lib/verses-world-items";

const g = globalThis as any;
let world: AttackWorld;
let api: any;

const LONGSWORD = {
  name: "Longsword",
  type: "verses-weapon",
  system: {
    modes: [{ ...MODE, skill: "Weapons » Swords", test: "1S", damage: "3(s)", features: [] }],
    equipped: true,
  },
};
const MAIL = {
  name: "Mail",
  type: "verses-armour",
  system: { class: "medium", tuf: 4, resistance: "s ⇒ c, p", worn: true },
};
const bound = (exBound: number, hp = 10) => ({
  hp: { value: hp },
  ad: { spent: 0, exBound, reserved: { await: 0, dodge: 0, parry: 0 } },
});

const cardOf = (message: any) => message.system?.card;
const last = () => world.messages.at(-1);
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const sword = (actor: any) => actor.items.find((i: any) => i.name === "Longsword");

/** The next roll's faces from its size (pools here depend on the actor's defaults). */
let nextFaces: ((n: number) => number[]) | null = null;
const fives = (n: number) => [5, 5, 4, ...Array(Math.max(0, n - 3)).fill(1)];

let sable: any; // The assassin.
let warden: any; // Mail, TUF 2.
let clerk: any; // Someone else.

beforeAll(async () => {
  world = await loadAttackBundle();
  api = g.game.polyverse.rulesets.verses.actions;
  const Roll = g.foundry.dice.Roll;
  const evaluate = Roll.prototype.evaluate;
  Roll.prototype.evaluate = async function (this: any) {
    const n = Number(/^(\d+)d6$/.exec(this.formula)?.[1] ?? 0);
    if (nextFaces) {
      world.queueFaces(nextFaces(n));
      nextFaces = null;
    }
    return evaluate.call(this);
  };
  sable = world.actor({
    name: "Sable",
    type: "verses-character",
    system: bound(0),
    items: [
      skill("Weapons » Swords", 1),
      skill("Assassination", 2, { difficulty: 3 }),
      LONGSWORD,
      ability("adrenalineRush", 1),
    ],
  });
  warden = world.actor({ name: "Warden", type: "verses-character", system: bound(0), items: [MAIL] });
  clerk = world.actor({ name: "Clerk", type: "verses-character", system: bound(0) });
  world.token(sable, 0, 0);
  world.token(warden, 1, 0);
  world.token(clerk, 0, 1);
});

describe("Assassination: a Watch with all AD at the target, then all AD on the attack", () => {
  it("the Watch records whom it was directed at, and whether it took all available AD", async () => {
    g.game.user.targets = new Set([warden._tokens[0]]);
    const available = sable.system.adAvailable;
    await api.watch(sable, { skipDialog: true, ad: available });
    expect(sable.flags.polyverse.verses.watching).toMatchObject({
      actorUuid: warden.uuid,
      name: "Warden",
      allAd: true,
    });
  });

  it("TV-36's blow on Jaye's mail (6(s), the threshold on fives: 4 absorbed, 2(c) against TUF 2) does nothing without it", async () => {
    g.game.user.targets = new Set([warden._tokens[0]]);
    nextFaces = fives;
    await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1 });
    const card = cardOf(last());
    expect(card.assassination).toBeUndefined();
    await api.attackCardOp(last(), { op: "take", index: 0 });
    expect(cardOf(last()).targets[0].damage).toMatchObject({ taken: 0, hpAfter: 10 });
  });

  it("as an assassination: all AD, Assassination's 2 dice added, and every success passes the mail as a six: 6(s), 10 -> 4 HP", async () => {
    g.game.user.targets = new Set([warden._tokens[0]]);
    nextFaces = fives;
    const available = sable.system.adAvailable;
    await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1, assassinate: true });
    const message = last();
    const card = cardOf(message);
    expect(card.assassination).toEqual({ actorUuid: warden.uuid, dice: 2 });
    expect(card.ad).toBe(available);
    expect(message.rolls[0].options.parts).toContainEqual({
      label: "POLYVERSE.Verses.Dialog.AssassinationDice",
      dice: 2,
    });
    await api.attackCardOp(message, { op: "take", index: 0 });
    const row = cardOf(message).targets[0];
    expect(row.damage.layers[0]).toMatchObject({
      name: "Mail",
      absorbed: 0,
      bypassed: [{ amount: 6, type: "s" }],
    });
    expect(row.damage).toMatchObject({ taken: 6, hpAfter: 4, exToBind: 1 });
    await api.attackCardOp(message, { op: "apply", index: 0 });
    expect(warden.system.hp.value).toBe(4);
    expect(world.render(message).textContent).toContain("every success passes armour as a six");
    await api.attackCardOp(message, { op: "undo", index: 0 });
    expect(warden.system.hp.value).toBe(10);
  });

  it("not offered against someone the Watch was not directed at, nor without a Watch at all", async () => {
    g.game.user.targets = new Set([clerk._tokens[0]]);
    nextFaces = fives;
    await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1, assassinate: true });
    expect(cardOf(last()).assassination).toBeUndefined();
    // A Watch at no one clears the record.
    g.game.user.targets = new Set();
    await api.watch(sable, { skipDialog: true });
    expect(sable.flags.polyverse.verses.watching).toBeUndefined();
  });

  it("'within 1 minute': in Fast Action 12 rounds of 5 s (60 s) still count; the 13th round after (65 s) does not", async () => {
    world.combat([sable, warden], 1);
    g.game.user.targets = new Set([warden._tokens[0]]);
    await api.watch(sable, { skipDialog: true, ad: sable.system.adAvailable });
    expect(sable.flags.polyverse.verses.watching).toMatchObject({ round: 1, allAd: true });
    const attack = async (round: number) => {
      g.game.combat.round = round;
      await sable.update({ "system.ad.spent": 0 });
      nextFaces = fives;
      await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1, assassinate: true });
      return cardOf(last());
    };
    expect((await attack(14)).assassination).toBeUndefined();
    const card = await attack(13);
    expect(card.assassination).toEqual({ actorUuid: warden.uuid, dice: 2 });
    expect(card.ad).toBe(sable.system.ad.spent);
    await sable.update({ "system.ad.spent": 0 });
    await api.watch(sable, { skipDialog: true, ad: 1 });
    expect(sable.flags.polyverse.verses.watching.allAd).toBe(false);
    g.game.combat = null;
    await sable.update({ "system.ad.spent": 0 });
  });
});

describe("cover keeps its HP on the target's token", () => {
  let pane: any;
  beforeAll(() => {
    pane = world.actor({ name: "Pane", type: "verses-character", system: bound(0) });
    world.token(pane, 1, 1);
  });

  it("glass (resists only r) with 8 HP stops the fives' 6(s): 2 HP left, kept on Pane's token when applied", async () => {
    g.game.user.targets = new Set([pane._tokens[0]]);
    nextFaces = fives;
    await api.rollWeapon(sable, sword(sable), 0, {
      skipDialog: true,
      ad: 1,
      metres: 1,
      protective: "partial",
      material: "Glass",
      coverHp: 8,
    });
    const message = last();
    expect(cardOf(message).cover).toMatchObject({ protective: "partial", material: "Glass", hp: 8 });
    await api.attackCardOp(message, { op: "take", index: 0 });
    await api.attackCardOp(message, { op: "apply", index: 0 });
    expect(pane.system.hp.value).toBe(10);
    expect(api.coverOf(pane._tokens[0])).toEqual({ protective: "partial", material: "Glass", hp: 2, max: 8 });
    expect(world.render(message).textContent).toContain("The Glass has 2 HP left.");
  });

  it("the next attack's dialog starts from the 2 HP left: 2 stopped, 4(s) through; the glass is destroyed", async () => {
    g.game.user.targets = new Set([pane._tokens[0]]);
    nextFaces = fives;
    await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1 });
    const message = last();
    expect(cardOf(message).cover).toMatchObject({ protective: "partial", material: "Glass", hp: 2 });
    await api.attackCardOp(message, { op: "take", index: 0 });
    await api.attackCardOp(message, { op: "apply", index: 0 });
    expect(pane.system.hp.value).toBe(6);
    expect(api.coverOf(pane._tokens[0])).toMatchObject({ hp: 0 });
    expect(world.render(message).textContent).toContain("it protects no more");
    // Undo gives back the blow and the glass's 2 HP.
    await api.attackCardOp(message, { op: "undo", index: 0 });
    expect(pane.system.hp.value).toBe(10);
    expect(api.coverOf(pane._tokens[0])).toMatchObject({ hp: 2 });
    await api.attackCardOp(message, { op: "apply", index: 0 });
    expect(api.coverOf(pane._tokens[0])).toMatchObject({ hp: 0 });
  });

  it("cover at 0 HP no longer protects: the next attack starts with none; the GM clears it with setCover", async () => {
    g.game.user.targets = new Set([pane._tokens[0]]);
    nextFaces = fives;
    await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1 });
    expect(cardOf(last()).cover.protective).toBe("none");
    expect(await api.setCover(pane._tokens[0], { protective: "full", material: "Stone", hp: 12 })).toBe(true);
    expect(api.coverOf(pane._tokens[0])).toEqual({ protective: "full", material: "Stone", hp: 12, max: 12 });
    expect(await api.setCover(pane._tokens[0], null)).toBe(true);
    expect(api.coverOf(pane._tokens[0])).toBeNull();
  });

  it("the token moves away: the GM's client clears its cover and notes it for the next attack, whose card ends the note", async () => {
    const token = pane._tokens[0];
    expect(await api.setCover(token, { protective: "full", material: "Stone", hp: 12 })).toBe(true);
    // An update that is not a move (a flag, a name) leaves it.
    await token.document.update({ name: "Pane" });
    expect(api.coverOf(token)).toMatchObject({ material: "Stone", hp: 12 });
    await token.document.update({ x: 200 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.coverOf(token)).toBeNull();
    expect(token.document.flags.polyverse.verses.coverLeft).toEqual({
      protective: "full",
      material: "Stone",
      hp: 12,
      max: 12,
    });
    g.game.user.targets = new Set([token]);
    nextFaces = fives;
    await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cardOf(last()).cover.protective).toBe("none");
    expect(token.document.flags.polyverse.verses.coverLeft).toBeUndefined();
    // New cover there ends any note too.
    await api.setCover(token, { protective: "partial", material: "Wood", hp: 5 });
    await token.document.update({ y: 300 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(token.document.flags.polyverse.verses.coverLeft).toMatchObject({ material: "Wood" });
    await api.setCover(token, { protective: "partial", material: "Wood", hp: 5 });
    expect(token.document.flags.polyverse.verses.coverLeft).toBeUndefined();
    await api.setCover(token, null);
  });
});

describe("Adrenaline Rush and Uncanny Luck on attack and defence rolls", () => {
  it("Adrenaline Rush 1: a hit at SM 4 (four successes against 1S) unbinds 2 EX once the target takes it", async () => {
    await sable.update({ "system.ad.exBound": 3 });
    g.game.user.targets = new Set([clerk._tokens[0]]);
    nextFaces = (n) => [6, 6, 5, 5, ...Array(n - 4).fill(2)];
    await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1 });
    const message = last();
    await api.attackCardOp(message, { op: "take", index: 0 });
    expect(sable.system.ad.exBound).toBe(1);
    expect(cardOf(message).rush).toBe(2);
    expect(world.render(message).textContent).toContain("Adrenaline Rush: Sable unbinds 2 EX.");
    await sable.update({ "system.ad.exBound": 0 });
  });

  it("a blast is one test however many it catches: Adrenaline Rush at its roll (SM 4 against 1S), never again as its rows settle", async () => {
    const GRENADE = {
      name: "High-Explosive Grenade",
      type: "verses-weapon",
      system: {
        modes: [
          {
            ...MODE,
            skill: "Weapons » Hand Grenades",
            test: "1S@5m,10,25,40",
            damage: "",
            area: "12(b)HP@2m,3,4",
            indirect: true,
            features: [],
          },
        ],
        equipped: true,
        quantity: 3,
      },
    };
    const bomber = world.actor({
      name: "Bomber",
      type: "verses-character",
      system: bound(3),
      items: [skill("Weapons » Hand Grenades", 1), GRENADE, ability("adrenalineRush", 1)],
    });
    const near = world.actor({ name: "Near", type: "verses-character", system: bound(0) });
    const far = world.actor({ name: "Far", type: "verses-character", system: bound(0) });
    world.token(bomber, 20, 22);
    world.token(near, 20, 17);
    world.token(far, 22, 17);
    const grenade = bomber.items.find((i: any) => i.type === "verses-weapon");
    g.game.user.targets = new Set([near._tokens[0]]);
    nextFaces = (n) => [6, 6, 5, 5, ...Array(Math.max(0, n - 4)).fill(2)];
    await api.rollWeapon(bomber, grenade, 0, { skipDialog: true, ad: 2 });
    const message = last();
    expect(cardOf(message).mode).toBe("area");
    expect(cardOf(message).targets.map((t: any) => t.name)).toEqual(["Near", "Far"]);
    // Four successes against 1S, SM 4: Adrenaline Rush 1 unbinds 2 EX as the card is posted, before any row.
    expect(cardOf(message).rush).toBe(2);
    expect(bomber.system.ad.exBound).toBe(1);
    expect(world.render(message).textContent).toContain("Adrenaline Rush: Bomber unbinds 2 EX.");
    await api.attackCardOp(message, { op: "take", index: 0 });
    await api.attackCardOp(message, { op: "take", index: 1 });
    expect(bomber.system.ad.exBound).toBe(1);
    expect(cardOf(message).rush).toBe(2);

    // SM 3: no Rush at the roll, and the rows settling (the roll unchanged) bring none.
    await bomber.update({ "system.ad.exBound": 3, "system.ad.spent": 0 });
    nextFaces = (n) => [6, 6, 5, ...Array(Math.max(0, n - 3)).fill(2)];
    await api.rollWeapon(bomber, grenade, 0, { skipDialog: true, ad: 2 });
    const weaker = last();
    expect(cardOf(weaker).rush ?? null).toBeNull();
    await api.attackCardOp(weaker, { op: "take", index: 0 });
    await api.attackCardOp(weaker, { op: "take", index: 1 });
    expect(cardOf(weaker).rush ?? null).toBeNull();
    expect(bomber.system.ad.exBound).toBe(3);
  });

  it("Uncanny Luck on the attack: the 1 is re-rolled once (by the GM), and the card's outcome follows the new face", async () => {
    const lucky = world.actor({
      name: "Lucky",
      type: "verses-character",
      system: bound(0),
      items: [skill("Weapons » Swords", 1), LONGSWORD, ability("uncannyLuck", 1)],
    });
    world.token(lucky, 3, 3);
    g.game.user.targets = new Set([clerk._tokens[0]]);
    nextFaces = (n) => [1, ...Array(n - 1).fill(2)];
    await api.rollWeapon(lucky, sword(lucky), 0, { skipDialog: true, ad: 1, metres: 1 });
    const message = last();
    const luck = world.render(message).querySelector('button[data-pv-action="verses.attack.luck"]');
    expect(luck?.textContent).toBe("Uncanny Luck: re-roll 1 of the 1s");
    world.queueFaces([6]);
    await api.attackCardOp(message, { op: "luck" });
    const card = cardOf(message);
    expect(card.faces[0]).toBe(6);
    expect(card.luck).toMatchObject({ indices: [0], faces: [6] });
    expect(message.rolls[0].faces[0]).toBe(6);
    expect(world.render(message).querySelector('button[data-pv-action="verses.attack.luck"]')).toBeNull();
    await api.attackCardOp(message, { op: "take", index: 0 });
    expect(cardOf(message).targets[0].damage).toMatchObject({ taken: 3 });
    // One time.
    world.recorder.notifications.length = 0;
    await api.attackCardOp(message, { op: "luck" });
    expect(warnings()).toEqual([g.game.i18n.localize("POLYVERSE.Verses.Luck.Nothing")]);
  });

  it("Uncanny Luck on a dodge: the defender's 1 re-rolled; its defence and the net follow", async () => {
    const dodger = world.actor({
      name: "Dodger",
      type: "verses-character",
      system: bound(0),
      items: [ability("uncannyLuck", 1)],
    });
    world.token(dodger, 1, 2);
    g.game.user.targets = new Set([dodger._tokens[0]]);
    nextFaces = (n) => [5, ...Array(n - 1).fill(2)];
    await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1 });
    const message = last();
    nextFaces = (n) => [1, ...Array(n - 1).fill(2)];
    await api.defend(dodger, message, 0, "dodge", { skipDialog: true, ad: 1 });
    expect(cardOf(message).targets[0].defence.uncannyLuck).toBe(1);
    expect(cardOf(message).targets[0].damage).not.toBeNull();
    world.queueFaces([5]);
    await api.attackCardOp(message, { op: "luck", index: 0 });
    const row = cardOf(message).targets[0];
    expect(row.defence.faces[0]).toBe(5);
    expect(row.defence.luck).toMatchObject({ indices: [0], faces: [5] });
    expect(row.damage).toBeNull();
    expect(world.missingKeys).toEqual(new Set());
  });
});

describe("Pain Tolerance: the maintenance after a hit reads the HP the applied card took", () => {
  it("no HP lost (the mail took it all): no roll; HP lost: the roll is made", async () => {
    const keeper = world.actor({
      name: "Keeper",
      type: "verses-character",
      system: bound(0),
      items: [MAIL, ability("painTolerance", 1)],
    });
    world.token(keeper, 4, 0);
    world.queueFaces([6, 4, 4]);
    const started = await api.startContinuous(keeper, {
      notation: "1S 1C",
      request: { attribute: "tuf" },
      label: "Hold the door",
      ad: 1,
    });
    g.game.user.targets = new Set([keeper._tokens[0]]);
    nextFaces = fives;
    await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1 });
    const message = last();
    await api.attackCardOp(message, { op: "take", index: 0 });
    await api.attackCardOp(message, { op: "apply", index: 0 });
    const button = world
      .render(message)
      .querySelector<HTMLButtonElement>('button[data-pv-action="verses.attack.maintain"]');
    expect(button?.hidden).toBe(false);
    expect(await api.maintainAfterHit(keeper, message, 0)).toBe(1);
    expect(world.render(last()).innerHTML).toContain("no maintenance roll is needed");
    expect(keeper.flags.polyverse.verses.continuous[started.id]).toBeDefined();
    // Offered once for the blow: the row records it, the button gives way to a line, a second press is refused.
    expect(cardOf(message).targets[0].maintained).toBe(true);
    const used = world.render(message);
    expect(used.querySelector('button[data-pv-action="verses.attack.maintain"]')).toBeNull();
    expect(used.textContent).toContain("Keeper maintained their continuous tests after this hit.");
    const rolled = world.messages.length;
    expect(await api.maintainAfterHit(keeper, message, 0)).toBe(0);
    expect(world.messages).toHaveLength(rolled);
    expect(warnings().at(-1)).toBe("Keeper already maintained their continuous tests after this hit.");

    // A blow that takes HP: the maintenance roll is made (TUF 2, no AD after a hit) against 1C.
    nextFaces = (n) => [6, 6, 6, 6, ...Array(n - 4).fill(2)];
    await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1 });
    const second = last();
    await api.attackCardOp(second, { op: "take", index: 0 });
    await api.attackCardOp(second, { op: "apply", index: 0 });
    expect(keeper.system.hp.value).toBeLessThan(10);
    world.queueFaces([4, 3]);
    await api.maintainAfterHit(keeper, second, 0);
    expect(last().rolls).toHaveLength(1);
    expect(keeper.flags.polyverse.verses.continuous?.[started.id]).toBeUndefined();
    // Someone running no continuous test is not offered the button.
    nextFaces = fives;
    await api.rollWeapon(sable, sword(sable), 0, { skipDialog: true, ad: 1, metres: 1 });
    const third = last();
    await api.attackCardOp(third, { op: "take", index: 0 });
    await api.attackCardOp(third, { op: "apply", index: 0 });
    const none = world
      .render(third)
      .querySelector<HTMLButtonElement>('button[data-pv-action="verses.attack.maintain"]');
    expect(none?.hidden).toBe(true);
  });
});
