// Hostile clients against the Virtually Real check card's later buttons (the built bundle in the
// stand-in): retries ("the GM may allow a retry"; "Every retry adds another +1 to the critical range
// until you roll a critical failure"), a mulligan forced on an NPC's roll ("You can spend light to
// force an NPC intimacy to mulligan a roll! ... that hate applies *disadvantages* to the reroll!
// Giving someone a disadvantage on a mulligan means you take a point of darkness!"), and a deadly
// save critically failed while Dying ("you must give up a point of light or die"). Each refused for
// the wrong user, forged counts, missing intimacies or light, and a second time.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverUserUpdates } from "./foundry-stub";
import {
  flush,
  loadVirtuallyRealRollsWorld,
  skillItem,
  type VirtuallyRealRollsWorld,
} from "./virtually-real-rolls-world";

const g = globalThis as any;
let world: VirtuallyRealRollsWorld;
let actions: any;
let player: any;
let gm: any;
let other: any;

const OP = "virtuallyReal.checkCardOp";
const NOT_YOURS = "You do not own that character.";
const NOT_OFFERED = "This card does not offer that now.";
const DONE = "That has been done already.";
const UNJUSTIFIED = "The card does not match the character's sheet or its own dice.";
const MALFORMED = "The GM refused a request that was not well formed.";
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const deliver = () => deliverUserUpdates(world.recorder, [gm, player, other]);
const card = (m: any) => m.system.card;
const messages = (): any[] => [...g.game.messages];

let ridCount = 0;
const rid = () => `vcard${String(++ridCount).padStart(11, "0")}`;

/** Write a relay request as the user's client would, and let the server deliver it; the new warnings. */
async function request(user: any, payload: Record<string, unknown>, id = rid(), type = OP) {
  const before = warnings().length;
  world.as(user);
  await user.update({ [`flags.polyverse.relay.${id}`]: { type, payload } });
  await deliver();
  await flush();
  return warnings().slice(before);
}

async function setting(name: string, value: unknown) {
  world.as(gm);
  await g.game.settings.set("polyverse", `virtually-real.${name}`, value);
}

const locks = (id = "openlocks0000001") =>
  skillItem("Open Locks", { capacity: 2, xp: 22, attribute: "agility" }, id);

const intimacy = (name: string, level: string, polarity = "positive") => ({
  name,
  target: "violence",
  polarity,
  level,
  basic: false,
  mulligan: false,
});

function ada(more: Record<string, unknown> = {}, owner = player.id) {
  return world.character(
    "Ada",
    {
      attributes: {
        agility: { capacity: 2, score: 10 },
        aura: { capacity: 2, score: 10 },
        body: { capacity: 2, score: 10 },
      },
      light: { value: 3 },
      ...more,
    },
    [locks()],
    owner,
  );
}

/** The player rolls Open Locks against DL 10 with these dice; the GM records the card. */
async function playerCheck(faces: number[], actor = ada()) {
  world.queueD6(faces);
  world.as(player);
  const done = await actions.rollCheck(actor, { skill: "Open Locks", dl: 10, skipDialog: true });
  await world.socketToGM();
  world.as(player);
  return { actor, message: done.message };
}

const newest = () => messages().at(-1);

beforeAll(async () => {
  world = await loadVirtuallyRealRollsWorld();
  actions = g.game.polyverse.rulesets["virtually-real"].actions;
  player = world.users.player;
  gm = world.users.gm;
  other = { id: "pl00000000000003", name: "Other", isGM: false, active: true, targets: new Set() };
  g.game.users.push(other);
  other.update = player.update;
});

beforeEach(async () => {
  world.as(gm);
  world.recorder.notifications.length = 0;
  await setting("retries", "gm");
});

describe("retries", () => {
  it("a failed check: Retry waits for the GM's Allow retry; the GM rolls it at +1 crit, then +2", async () => {
    const { message } = await playerCheck([1, 2]);
    expect(message.rolls[0].options.input.critMod).toBe(0);
    // Before the GM allows it: refused; the player may not allow it themself.
    expect(await request(player, { messageId: message.id, op: "retry" })).toEqual([NOT_OFFERED]);
    expect(await request(player, { messageId: message.id, op: "allowRetry" })).toEqual([
      "Only the GM may do that.",
    ]);
    expect(card(message).retryAllowed).toBeUndefined();
    world.as(gm);
    await world.press(message, '[data-pv-action="virtuallyReal.allowRetry"]');
    await flush();
    expect(card(message).retryAllowed).toBe(true);
    // Another player may not retry Ada's check.
    expect(await request(other, { messageId: message.id, op: "retry" })).toEqual([NOT_YOURS]);
    const count = messages().length;
    world.queueD6([1, 3]);
    expect(await request(player, { messageId: message.id, op: "retry" })).toEqual([]);
    expect(messages().length).toBe(count + 1);
    const first = newest();
    expect(card(first).retry).toEqual({ of: message.id, count: 1 });
    // "a second try will be at +1 critical"
    expect(first.rolls[0].options.choice.crit.retry).toBe(1);
    expect(first.rolls[0].options.input.critMod).toBe(1);
    // The first try is retried once only.
    expect(await request(player, { messageId: message.id, op: "retry" })).toEqual([NOT_OFFERED]);
    expect(messages().length).toBe(count + 1);
    // "Every retry adds another +1": the retry of the retry is at +2, counted along the chain.
    world.as(gm);
    await world.press(first, '[data-pv-action="virtuallyReal.allowRetry"]');
    await flush();
    world.queueD6([2, 3]);
    expect(await request(player, { messageId: first.id, op: "retry" })).toEqual([]);
    const second = newest();
    expect(card(second).retry).toEqual({ of: first.id, count: 2 });
    expect(second.rolls[0].options.input.critMod).toBe(2);
  });

  it("setting always: Retry at once; never: no retry; a success or a critical failure offers none", async () => {
    await setting("retries", "always");
    const { message } = await playerCheck([1, 2]);
    world.queueD6([1, 3]);
    expect(await request(player, { messageId: message.id, op: "retry" })).toEqual([]);
    expect(card(newest()).retry).toEqual({ of: message.id, count: 1 });
    // "Once you roll that failure, you can't retry anymore": [1, 1] is a critical result.
    const crit = await playerCheck([1, 1]);
    expect(await request(player, { messageId: crit.message.id, op: "retry" })).toEqual([NOT_OFFERED]);
    const success = await playerCheck([6, 5]);
    expect(await request(player, { messageId: success.message.id, op: "retry" })).toEqual([NOT_OFFERED]);
    await setting("retries", "never");
    const failed = await playerCheck([1, 2]);
    expect(await request(player, { messageId: failed.message.id, op: "retry" })).toEqual([NOT_OFFERED]);
  });

  it("a retry card forged by a player (its link and a lower crit written by hand): the GM refuses it", async () => {
    await setting("retries", "always");
    const { message } = await playerCheck([1, 2]);
    // A player posts the "retry" themself at +0 crit, linked as if it were the GM's first retry.
    world.as(player);
    const forged = await g.ChatMessage.create({
      type: "virtually-real-check",
      system: { card: { ...JSON.parse(JSON.stringify(card(message))), retry: { of: message.id, count: 1 } } },
      rolls: [message.rolls[0]],
      speaker: { actor: card(message).actorUuid.split(".")[1] },
    });
    await world.socketToGM();
    expect(await request(player, { messageId: forged.id, op: "retry" })).toEqual([UNJUSTIFIED]);
    expect(await request(player, { messageId: forged.id, op: "explode" })).toEqual([UNJUSTIFIED]);
    // A retry request naming a count is not what the button sends.
    expect(await request(player, { messageId: message.id, op: "retry", count: 0 })).toEqual([MALFORMED]);
  });
});

describe("a mulligan forced on an NPC's roll", () => {
  /** The GM's NPC Brute rolls Open Locks (DL 10) with these dice. */
  async function bruteCheck(faces: number[]) {
    const brute = world.actor({
      name: "Brute",
      type: "virtually-real-npc",
      system: { attributes: { agility: { capacity: 2, score: 10 } } },
      items: [locks("brutelocks000001")],
    });
    world.queueD6(faces);
    world.as(gm);
    const done = await actions.rollCheck(brute, { skill: "Open Locks", dl: 10, skipDialog: true });
    return { brute, message: done.message };
  }
  const force = (messageId: string, forcer: string, extra: Record<string, unknown> = {}) => ({
    messageId,
    op: "force",
    forcer,
    intimacy: 0,
    spendAs: "inner",
    agreed: true,
    ...extra,
  });

  it("Ada hates Brute (inner): 2 light and a Darkness point; Brute re-rolls with 2 disadvantages, once", async () => {
    const { message } = await bruteCheck([5, 6]);
    const FORCE = '[data-pv-action="virtuallyReal.force"]';
    const shown = () => {
      const button = world.render(message).querySelector<HTMLButtonElement>(FORCE);
      return Boolean(button && !button.hidden);
    };
    // The other player's characters hold no intimacy toward Brute: no button for them.
    world.as(other);
    expect(shown()).toBe(false);
    const me = ada({ intimacies: [intimacy("Brute", "inner", "negative")] });
    world.as(player);
    expect(shown()).toBe(true);
    world.queueD6([6, 6, 2, 1]);
    expect(await request(player, force(message.id, me.uuid))).toEqual([]);
    expect(me.system.light.value).toBe(1);
    expect(me.system.darkness.points).toBe(1);
    const m = card(message).mulligan;
    expect(m).toMatchObject({ intimacy: "Brute", level: "inner", light: 2 });
    expect(m.forcer).toEqual({ actorUuid: me.uuid, actorName: "Ada", hated: true });
    // Four dice kept low: the two lowest, [2, 1].
    expect(m.faces).toEqual([6, 6, 2, 1]);
    world.as(player);
    expect(shown()).toBe(false);
    // "Taking a mulligan can only be done once per roll."
    expect(await request(player, force(message.id, me.uuid))).toEqual([
      "This roll has already had its mulligan.",
    ]);
    expect(me.system.light.value).toBe(1);
  });

  it("an outer love: 1 light, as many advantages, no Darkness", async () => {
    const { message } = await bruteCheck([1, 2]);
    const me = ada({ intimacies: [intimacy("brute ", "outer")] });
    world.queueD6([4, 5, 1]);
    expect(await request(player, force(message.id, me.uuid, { spendAs: "outer" }))).toEqual([]);
    expect(me.system.light.value).toBe(2);
    expect(me.system.darkness.points).toBe(0);
    expect(card(message).mulligan.forcer.hated).toBe(false);
  });

  it("refused: no intimacy toward Brute, no light, another's character, a player's own roll", async () => {
    const { message } = await bruteCheck([3, 4]);
    const stranger = ada({ intimacies: [intimacy("Home", "defining")] });
    expect(await request(player, force(message.id, stranger.uuid, { spendAs: "defining" }))).toEqual([
      "None of your characters holds that intimacy toward Brute.",
    ]);
    const broke = ada({ light: { value: 0 }, intimacies: [intimacy("Brute", "inner")] });
    expect(await request(player, force(message.id, broke.uuid))).toEqual(["Not enough light (0, 1 needed)."]);
    const theirs = ada({ intimacies: [intimacy("Brute", "inner")] }, other.id);
    expect(await request(player, force(message.id, theirs.uuid))).toEqual([NOT_YOURS]);
    const notAgreed = ada({ intimacies: [intimacy("Brute", "inner")] });
    expect(await request(player, force(message.id, notAgreed.uuid, { agreed: false }))).toEqual([
      "Another player must agree that the intimacy fits.",
    ]);
    expect(card(message).mulligan).toBeUndefined();
    expect(notAgreed.system.light.value).toBe(3);
    // On the player's own roll the force is refused: their own mulligan is the way.
    const mine = ada({ intimacies: [intimacy("Ada", "inner")] });
    const own = await playerCheck([3, 4], mine);
    const twin = ada({ intimacies: [intimacy("Ada", "inner")] });
    expect(await request(player, force(own.message.id, twin.uuid))).toEqual([
      "This is your own roll: take your own mulligan.",
    ]);
    expect(await request(player, force(message.id, theirs.uuid, { forcer: 5 }))).toEqual([MALFORMED]);
  });
});

describe("a save critically failed while Dying", () => {
  const X = {
    severity: "critical",
    group: "physical",
    target: "",
    side: "wound",
    id: "X",
    letter: "",
    atNext: "longRest",
  };
  async function healthSave(actor: any, faces: number[], save = "health") {
    world.queueD6(faces);
    world.as(player);
    const done = await actions.rollSave(actor, save, { skipDialog: true, dl: 10 });
    await world.socketToGM();
    return done.message;
  }
  const answer = (messageId: string, a: unknown) => ({ messageId, op: "dying", answer: a });

  it("a Health save [1s] with an X condition: its owner gives up a light point, once; another may not", async () => {
    const me = ada({ conditions: [X] });
    const message = await healthSave(me, [1, 1, 1]);
    expect(await request(other, answer(message.id, "light"))).toEqual([NOT_YOURS]);
    expect(me.system.light.value).toBe(3);
    expect(await request(player, answer(message.id, "light"))).toEqual([]);
    expect(me.system.light.value).toBe(2);
    expect(card(message).dying).toBe("light");
    expect(await request(player, answer(message.id, "die"))).toEqual([DONE]);
    expect(await request(player, answer(message.id, "live"))).toEqual([MALFORMED]);
  });

  it("with no light left only death is offered; without X, or on a Dodge save, nothing is", async () => {
    const dark = ada({ conditions: [X], light: { value: 0 } });
    const message = await healthSave(dark, [1, 1, 1]);
    expect(await request(player, answer(message.id, "light"))).toEqual([NOT_OFFERED]);
    expect(await request(player, answer(message.id, "die"))).toEqual([]);
    expect(card(message).dying).toBe("die");
    const well = ada();
    const fine = await healthSave(well, [1, 1]);
    expect(await request(player, answer(fine.id, "light"))).toEqual([NOT_OFFERED]);
    const dodging = ada({ conditions: [X] });
    const dodge = await healthSave(dodging, [1, 1, 1], "dodge");
    expect(await request(player, answer(dodge.id, "light"))).toEqual([NOT_OFFERED]);
    expect(dodging.system.light.value).toBe(3);
  });
});

describe("strength feats", () => {
  const lifting = {
    _id: "weightlifting001",
    name: "Weight Lifting",
    type: "virtually-real-passion",
    system: { style: "Strength", branch: "root", depth: 2 },
  };
  function lifter(endurance = 2, owner = player.id) {
    return world.actor(
      {
        name: "Ada",
        type: "virtually-real-character",
        system: {
          attributes: { body: { capacity: 2, score: 10 } },
          health: { weightSize: 3 },
          endurance: { value: endurance, max: 4 },
        },
        items: [lifting],
      },
      owner,
    );
  }
  async function feat(actor: any, faces: number[]) {
    world.queueD6(faces);
    world.as(player);
    const done = await actions.rollStrengthFeat(actor, { skipDialog: true });
    await world.socketToGM();
    return done.message;
  }
  const retry = (messageId: string) => ({ messageId, op: "featRetry" });

  it("Body [2] plus weight size 3 and Weight Lifting (value 2): one advantage die, +5; retried at +1 crit for 1 Endurance", async () => {
    const me = lifter();
    const message = await feat(me, [3, 4, 5]);
    const input = message.rolls[0].options.input;
    // "add your weight size" (3) and Weight Lifting "adds its value to the total" (2); "grants advantages".
    expect(input).toMatchObject({ kind: "strengthFeat", capacity: 2, advantage: 1, flat: 5, critMod: 0 });
    const first = 4 + 5 + input.level + 5;
    expect(g.game.polyverse.rulesets["virtually-real"].actions.checkResultOf(message).total).toBe(first);
    expect(await request(other, retry(message.id))).toEqual([NOT_YOURS]);
    // A lower second try: the higher roll is kept.
    world.queueD6([2, 3, 2]);
    expect(await request(player, retry(message.id))).toEqual([]);
    expect(me.system.endurance.value).toBe(1);
    expect(card(message).feat).toEqual([{ faces: [2, 3, 2], explosion: null }]);
    expect(world.render(message).textContent).toContain(`Standing total: ${first}`);
    // "Keep the higher roll until you roll a critical failure, and then you drop it": at +2 crit the
    // kept [2, 1] (3, within capacity 2 + 2) is critical; the kept roll is dropped and the feat is over.
    world.queueD6([1, 2, 1]);
    expect(await request(player, retry(message.id))).toEqual([]);
    expect(me.system.endurance.value).toBe(0);
    expect(world.render(message).textContent).toContain("A critical failure dropped the kept roll");
    expect(await request(player, retry(message.id))).toEqual([NOT_OFFERED]);
  });

  it("no Endurance left: refused, nothing rolled", async () => {
    const tired = lifter(0);
    const message = await feat(tired, [3, 4, 5]);
    expect(await request(player, retry(message.id))).toEqual(["Not enough Endurance (0, 1 needed)."]);
    expect(card(message).feat).toBeUndefined();
  });

  it("a strength feat posted by hand with a forged total (+20 flat): the GM refuses it", async () => {
    const me = lifter();
    const real = await feat(me, [3, 4, 5]);
    const Roll = g.CONFIG.Dice.rolls.find((c: any) => c.name === "VirtuallyRealRoll");
    const term = {
      faces: 6,
      number: 3,
      _evaluated: true,
      results: [3, 4, 5].map((result) => ({ result, active: true })),
    };
    async function byHand(flat: number) {
      const options = JSON.parse(JSON.stringify(real.rolls[0].options));
      options.input.flat = flat;
      world.as(player);
      const posted = await g.ChatMessage.create({
        type: "virtually-real-check",
        system: { card: JSON.parse(JSON.stringify(card(real))) },
        rolls: [Roll.fromTerms([term], options)],
        speaker: { actor: me.id },
      });
      await world.socketToGM();
      return posted;
    }
    // The same card posted by hand with the true +5 stands (the check is what the sheet gives)...
    world.queueD6([1, 2, 3]);
    expect(await request(player, retry((await byHand(5)).id))).toEqual([]);
    expect(me.system.endurance.value).toBe(1);
    // ...with +20 it does not: nothing is rolled, no Endurance paid.
    expect(await request(player, retry((await byHand(20)).id))).toEqual([UNJUSTIFIED]);
    expect(me.system.endurance.value).toBe(1);
  });
});
