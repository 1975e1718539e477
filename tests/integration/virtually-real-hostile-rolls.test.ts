// Hostile clients against the Virtually Real check card (the built bundle in the stand-in): a player
// pressing another's explosion or mulligan, or rolling another's opponent side; a card edited after
// the roll (the GM refuses it); a replayed request; malformed payloads; a card state the model
// refuses; and forged cards posted by hand: a level the skill does not have, a condition left out,
// settings the world does not play, a brilliant's XP its dice do not earn, changes for the GM its
// marks do not make, a character the author does not own.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverUserUpdates } from "./foundry-stub";
import {
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
const CHANGED = "This card was changed after it was rolled; the GM refused to act on it.";
const NOT_YOURS = "You do not own that character.";
const MALFORMED = "The GM refused a request that was not well formed.";
const UNJUSTIFIED = "The card does not match the character's sheet or its own dice.";
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const deliver = () => deliverUserUpdates(world.recorder, [gm, player, other]);

let ridCount = 0;
const rid = () => `vhost${String(++ridCount).padStart(11, "0")}`;

/** Write a relay request as the user's client would, and let the server deliver it; the new warnings. */
async function request(user: any, payload: Record<string, unknown>, id = rid(), type = OP) {
  const before = warnings().length;
  world.as(user);
  await user.update({ [`flags.polyverse.relay.${id}`]: { type, payload } });
  await deliver();
  return warnings().slice(before);
}

const locks = (id = "openlocks0000001") =>
  skillItem("Open Locks", { capacity: 2, xp: 22, attribute: "agility" }, id);

function ada(owner = player.id, items = [locks()], more: Record<string, unknown> = {}) {
  return world.character(
    "Ada",
    {
      attributes: { agility: { capacity: 2, score: 10 }, aura: { capacity: 2, score: 10 } },
      light: { value: 3 },
      intimacies: [
        {
          name: "Home",
          target: "isolation",
          polarity: "positive",
          level: "inner",
          basic: true,
          mulligan: false,
        },
      ],
      ...more,
    },
    items,
    owner,
  );
}

/** The player rolls Open Locks with these dice; the GM records the card. */
async function playerCheck(faces: number[], actor = ada(), choice: Record<string, unknown> = {}) {
  world.queueD6(faces);
  world.as(player);
  const done = await actions.rollCheck(actor, { skill: "Open Locks", dl: 10, skipDialog: true, ...choice });
  await world.socketToGM();
  world.as(player);
  return { actor, done };
}

/** A roll of the bundle's own Roll class with these options and faces, built by hand (a forger's). */
function forgedRoll(options: Record<string, unknown>, faces: number[]) {
  const Roll = g.CONFIG.Dice.rolls.find((c: any) => c.name === "VirtuallyRealRoll");
  const term = {
    faces: 6,
    number: faces.length,
    _evaluated: true,
    results: faces.map((result) => ({ result, active: true })),
  };
  return Roll.fromTerms([term], options);
}

/** Post a card by hand as the player, then let the GM's client record it. */
async function forgedCard(
  actor: any,
  options: any,
  faces: number[],
  card: Record<string, unknown> = {},
  pending: any[] = [],
) {
  world.as(player);
  const message = await g.ChatMessage.create({
    type: "virtually-real-check",
    system: {
      card: {
        actorUuid: actor.uuid,
        actorName: actor.name,
        kind: options.subject.kind,
        skillId: options.subject.skillId,
        attribute: options.subject.attribute,
        save: options.subject.save,
        ...card,
      },
    },
    rolls: [forgedRoll(options, faces)],
    speaker: { actor: actor.id },
    flags: pending.length ? { polyverse: { pending } } : {},
  });
  await world.socketToGM();
  world.as(player);
  return message;
}

/** The options a real roll of Open Locks writes, as plain data to forge from. */
async function realOptions(): Promise<any> {
  const { done } = await playerCheck([3, 3]);
  return JSON.parse(JSON.stringify(done.message.rolls[0].options));
}

beforeAll(async () => {
  world = await loadVirtuallyRealRollsWorld();
  actions = g.game.polyverse.rulesets["virtually-real"].actions;
  player = world.users.player;
  gm = world.users.gm;
  other = { id: "pl00000000000003", name: "Other", isGM: false, active: true, targets: new Set() };
  g.game.users.push(other);
  other.update = player.update;
});

beforeEach(() => {
  world.as(gm);
  world.recorder.notifications.length = 0;
});

describe("the card's buttons, pressed by the wrong user", () => {
  it("another player asking for the roller's explosion or mulligan is refused; nothing is rolled", async () => {
    const { actor, done } = await playerCheck([6, 6]);
    expect(await request(other, { messageId: done.message.id, op: "explode" })).toEqual([NOT_YOURS]);
    const mulligan = {
      messageId: done.message.id,
      op: "mulligan",
      intimacy: 0,
      name: "",
      target: "violence",
      spendAs: "inner",
      agreed: true,
    };
    expect(await request(other, mulligan)).toEqual([NOT_YOURS]);
    expect(done.message.system.card.explosion).toBeUndefined();
    expect(done.message.system.card.mulligan).toBeUndefined();
    expect(actor.system.light.value).toBe(3);
  });

  it("the roller cannot roll the opponent's side of an opposed check", async () => {
    const actor = ada();
    const bo = world.character("Bo", {}, [], other.id);
    world.queueD6([3, 4]);
    world.as(player);
    const done = await actions.rollOpposed(actor, bo, { skill: "Open Locks", skipDialog: true });
    await world.socketToGM();
    const roll = {
      messageId: done.message.id,
      op: "opponentRoll",
      advantage: 0,
      disadvantage: 0,
      luck: 0,
      critOther: 0,
      crit: {},
      use: "",
      careful: 0,
    };
    expect(await request(player, roll)).toEqual([NOT_YOURS]);
    expect(done.message.system.card.opponentRoll).toBeUndefined();
    // Bo's owner may: their side is rolled once; a second request is refused.
    world.queueD6([2, 2]);
    expect(await request(other, roll)).toEqual([]);
    expect(done.message.system.card.opponentRoll.faces).toEqual([2, 2]);
    expect(await request(other, roll)).toEqual(["That has been done already."]);
  });
});

describe("requests that are not what a button sends", () => {
  it("malformed payloads: an unknown op, extra keys, out-of-bounds dice, an unknown +crit source", async () => {
    const { done } = await playerCheck([6, 6]);
    const id = done.message.id;
    expect(await request(player, { messageId: id, op: "reroll" })).toEqual([MALFORMED]);
    expect(await request(player, { messageId: id, op: "explode", faces: [6, 6, 6] })).toEqual([MALFORMED]);
    const side = {
      messageId: id,
      op: "opponentRoll",
      advantage: 0,
      disadvantage: 0,
      luck: 0,
      critOther: 0,
      crit: {},
      use: "",
      careful: 0,
    };
    expect(await request(player, { ...side, advantage: 99 })).toEqual([MALFORMED]);
    expect(await request(player, { ...side, crit: { combination: 2 } })).toEqual([MALFORMED]);
    const mulligan = {
      messageId: id,
      op: "mulligan",
      intimacy: 0,
      name: "",
      target: "violence",
      spendAs: "inner",
      agreed: "yes",
    };
    expect(await request(player, mulligan)).toEqual([MALFORMED]);
    expect(done.message.system.card.explosion).toBeUndefined();
  });

  it("a replayed request is refused: the explosion is rolled once", async () => {
    const { done } = await playerCheck([6, 6]);
    const id = rid();
    world.queueD6([2]);
    expect(await request(player, { messageId: done.message.id, op: "explode" }, id)).toEqual([]);
    expect(await request(player, { messageId: done.message.id, op: "explode" }, id)).toEqual([
      "That request was already handled.",
    ]);
    expect(done.message.system.card.explosion).toEqual({ confirmation: null, dice: [2] });
  });

  it("a card edited by its author after the roll: the GM refuses to act on it", async () => {
    const { done } = await playerCheck([6, 6]);
    world.as(player);
    await done.message.update({ "system.card.marks": [] });
    expect(await request(player, { messageId: done.message.id, op: "explode" })).toEqual([CHANGED]);
    expect(done.message.system.card.explosion).toBeUndefined();
  });

  it("a card state the model refuses never reaches the card (an explosion die of 7)", async () => {
    const { done } = await playerCheck([6, 6]);
    world.as(player);
    await expect(
      done.message.update({ "system.card.explosion": { confirmation: null, dice: [7] } }),
    ).rejects.toThrow();
  });
});

describe("forged cards posted by hand", () => {
  it("a level Open Locks does not have: the GM refuses every request on it", async () => {
    const options = await realOptions();
    const actor = ada();
    options.input.level = 9;
    const message = await forgedCard(actor, options, [6, 6], { marks: ["used", "brilliant"] });
    expect(await request(player, { messageId: message.id, op: "explode" })).toEqual([UNJUSTIFIED]);
  });

  it("a condition left out of the dice: refused", async () => {
    const options = await realOptions();
    const hurt = ada(player.id, [locks()], {
      conditions: [
        { severity: "major", group: "physical", target: "", side: "wound", id: "", letter: "", atNext: "" },
      ],
    });
    const message = await forgedCard(hurt, options, [6, 6], { marks: ["used", "brilliant"] });
    expect(await request(player, { messageId: message.id, op: "explode" })).toEqual([UNJUSTIFIED]);
  });

  it("settings the world does not play: refused", async () => {
    const options = await realOptions();
    options.settings.droppedSixConfirms = false;
    const message = await forgedCard(ada(), options, [6, 6], { marks: ["used", "brilliant"] });
    expect(await request(player, { messageId: message.id, op: "explode" })).toEqual([
      "The card was rolled under other settings than the world's.",
    ]);
  });

  it("a character the author does not own: refused", async () => {
    const options = await realOptions();
    const theirs = ada(other.id);
    const message = await forgedCard(theirs, options, [6, 6], { marks: ["used", "brilliant"] });
    expect(await request(player, { messageId: message.id, op: "explode" })).toEqual([NOT_YOURS]);
  });

  it("a brilliant's XP for another's skill, left for the GM, on a roll that is not brilliant: nothing applied", async () => {
    const options = await realOptions();
    const theirs = ada(other.id, [locks("theirlocks000001")]);
    const mine = ada();
    const xp = {
      id: "xp1",
      uuid: `${theirs.uuid}.Item.theirlocks000001`,
      name: "Open Locks",
      add: [{ path: "system.xp", delta: 1 }],
    };
    const message = await forgedCard(mine, options, [3, 3], { marks: ["used", "brilliant"] }, [xp]);
    const said = await request(player, { messageId: message.id }, rid(), "core.applyPending");
    expect(said.length).toBe(1);
    expect(theirs.items.get("theirlocks000001").system.xp).toBe(22);
  });

  it("a card claiming an explosion already rolled: refused", async () => {
    const options = await realOptions();
    const message = await forgedCard(ada(), options, [6, 6], {
      marks: ["used", "brilliant"],
      explosion: { confirmation: null, dice: [6, 6, 6, 5] },
    });
    expect(await request(player, { messageId: message.id, op: "explode" })).toEqual([UNJUSTIFIED]);
  });
});
