// A hostile player against the GM's client on Virtually Real's story and Bonus XP, driven against the
// built bundle as a player's client would: requests written straight into the player's own User
// document, cards posted at will, buttons pressed on rows that are not theirs. A donation of Bonus XP
// ("donate any number of their own Bonus XP to that player ... If you give away at least 6 XP at once,
// you earn 1 point of light") is worked out by the GM from the documents: the requester must own the
// donor, both must be Virtually Real characters and not the same, the amount a whole number the donor
// has; each request is carried out once. The end of a scene and of a chapter are the active GM's only;
// a row's button is its character's owner's, on a card a GM posted.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { flush, loadPlayWorld, type PlayWorld } from "./virtually-real-play-world";

const g = globalThis as any;
let world: PlayWorld;
let player: any;
let gm: any;
let count = 0;
const nextId = (p: string) => `${p}${String(++count).padStart(16 - p.length, "0")}`;
const api = () => g.game.polyverse.rulesets["virtually-real"].actions;
const warnings = () => world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
const text = (key: string, data?: Record<string, string>) => String(g.game.i18n.format(key, data ?? {}));
const P = "POLYVERSE.VirtuallyReal.Play";
const MALFORMED = "POLYVERSE.Relay.Malformed";

/** Write a request as a hostile client would, and let the server deliver it. */
async function request(
  payload: Record<string, unknown>,
  id = nextId("vrhid"),
  type = "virtually-real.donate",
) {
  world.as(player);
  await player.update({ [`flags.polyverse.relay.${id}`]: { type, payload } });
  await world.socketToGM();
  world.as(player);
  return id;
}

/** What the player's client was told about its requests since the last call (the GM's refusals). */
let seen = 0;
function told(): string[] {
  const all = warnings();
  const out = all.slice(seen);
  seen = all.length;
  return out;
}

let mine: any; // The player's: 10 Bonus XP, light 1, Darkness 3.
let friend: any; // Another player's character (the GM's here): 0 Bonus XP.
let theirs: any; // The GM's character: 8 Bonus XP.
let beast: any; // The GM's NPC.

beforeAll(async () => {
  world = await loadPlayWorld();
  ({ player, gm } = world.users);
});
beforeEach(() => {
  world.as(gm);
  world.recorder.notifications.length = 0;
  seen = 0;
  mine = world.character(
    "Mina",
    { bonusXP: { value: 10 }, darkness: { points: 3 }, attributes: { aura: { capacity: 2, score: 9 } } },
    [],
    player.id,
  );
  friend = world.character("Fen", { bonusXP: { value: 0 } });
  theirs = world.character("Tor", { bonusXP: { value: 8 } });
  beast = world.npc("Beast");
});

describe("donating Bonus XP through the GM", () => {
  it("carries out the donor's owner's gift once: 7 XP given, 1 light earned (6 or more), Darkness wiped", async () => {
    const id = await request({ from: mine.uuid, to: friend.uuid, amount: 7 });
    expect(told()).toEqual([]);
    expect(mine.system.bonusXP.value).toBe(3);
    expect(friend.system.bonusXP.value).toBe(7);
    expect(mine.system.light.value).toBe(2);
    expect(mine.system.darkness.points).toBe(2);
    expect(world.messages.at(-1).system.card.kind).toBe("donation");
    // The same request again: the relay refuses a replay, nothing is given twice.
    await player.update({
      [`flags.polyverse.relay.${id}`]: {
        type: "virtually-real.donate",
        payload: { from: mine.uuid, to: friend.uuid, amount: 7 },
      },
    });
    await world.socketToGM();
    expect(friend.system.bonusXP.value).toBe(7);
    expect(mine.system.bonusXP.value).toBe(3);
  });

  it("gives 10 or more the Experience table's level in light: 10 XP → 2", async () => {
    await request({ from: mine.uuid, to: friend.uuid, amount: 10 });
    expect(mine.system.light.value).toBe(3);
    expect(mine.system.bonusXP.value).toBe(0);
  });

  it("refuses a gift from a character the player does not own", async () => {
    await request({ from: theirs.uuid, to: mine.uuid, amount: 5 });
    expect(told()).toEqual([text(`${P}.Donate.NotYours`, { name: "Tor" })]);
    expect(theirs.system.bonusXP.value).toBe(8);
    expect(mine.system.bonusXP.value).toBe(10);
  });

  it("refuses more than the donor has, and amounts that are not whole numbers from 1", async () => {
    await request({ from: mine.uuid, to: friend.uuid, amount: 11 });
    expect(told()).toEqual([
      text("POLYVERSE.VirtuallyReal.Character.Refusal.notEnoughXP", { have: "10", need: "11" }),
    ]);
    for (const amount of [0, -3, 2.5, "7", null]) {
      await request({ from: mine.uuid, to: friend.uuid, amount });
      expect(told()).toEqual([text(MALFORMED)]);
    }
    expect(mine.system.bonusXP.value).toBe(10);
    expect(friend.system.bonusXP.value).toBe(0);
  });

  it("refuses a recipient that is the donor, an NPC, another ruleset's actor or nothing; and extra keys", async () => {
    const stranger = world.actor({ name: "Other", type: "xero-sum-character", system: {} });
    await request({ from: mine.uuid, to: mine.uuid, amount: 1 });
    expect(told()).toEqual([text(`${P}.Donate.Self`)]);
    for (const to of [beast.uuid, stranger.uuid, "Actor.nothing000000001", 42]) {
      await request({ from: mine.uuid, to, amount: 1 });
      expect(told()).toEqual([text(`${P}.Donate.NotCharacters`)]);
    }
    await request({ from: mine.uuid, to: friend.uuid, amount: 1, light: 9 });
    expect(told()).toEqual([text(MALFORMED)]);
    expect(mine.system.bonusXP.value).toBe(10);
    expect(mine.system.light.value).toBe(1);
  });

  it("asks the GM from the macro, and refuses at once a donor the user does not own", async () => {
    world.as(player);
    expect(await api().donateBonusXP(theirs, mine, 2)).toBe(false);
    expect(warnings()).toContain(text(`${P}.Donate.NotYours`, { name: "Tor" }));
    expect(await api().donateBonusXP(mine, friend, 2)).toBe(true);
    await world.socketToGM();
    expect(friend.system.bonusXP.value).toBe(2);
  });
});

describe("the GM's steps and the card's rows", () => {
  it("refuses the end of a scene or chapter to a GM who is not the active GM", async () => {
    const second = { id: "gm00000000000002", name: "GM 2", isGM: true, active: true, targets: new Set() };
    g.game.users.push(second);
    try {
      world.as(second);
      expect(await api().endScene({ confirm: false })).toBeNull();
      expect(await api().endChapter({ confirm: false })).toBeNull();
      expect(warnings()).toContain(text(`${P}.Story.ActiveGMOnly`));
    } finally {
      g.game.users.splice(g.game.users.indexOf(second), 1);
    }
  });

  it("offers a row's Bonus XP only to its character's owner, and only on a card a GM posted", async () => {
    const done = await api().endChapter({
      confirm: false,
      individual: { [mine.uuid]: { showingUp: 1 }, [theirs.uuid]: { showingUp: 1 } },
    });
    const rows = done.message.system.card.rows;
    const theirRow = rows.findIndex((r: any) => r.uuid === theirs.uuid);
    world.as(player);
    // Another's row: refused, nothing placed, no dialog opened.
    expect(await world.press(done.message, `button[data-row="${theirRow}"]`)).toBe(true);
    expect(warnings()).toContain(text(`${P}.Card.NotYours`));
    expect(theirs.system.bonusXP.value).toBe(9);
    // A card the player posted, with a row of the player's own: refused too.
    const forged = await g.ChatMessage.create({
      type: "virtually-real-scene",
      system: {
        card: {
          kind: "chapter",
          number: 99,
          title: { key: `${P}.Card.Chapter.Title`, data: { n: 99 } },
          lines: [],
          rows: [{ uuid: mine.uuid, name: "Mina", lines: [], actions: ["placeBonus"] }],
        },
      },
    });
    world.recorder.notifications.length = 0;
    expect(await world.press(forged, 'button[data-row="0"]')).toBe(true);
    expect(warnings()).toContain(text(`${P}.Card.NotYours`));
  });

  it("never changes a status's mark on an actor the user may not update", async () => {
    world.as(player);
    await world.tokenStatus(theirs, "brokenBones", true);
    await flush();
    expect(theirs.system.conditions).toEqual([]);
  });
});

describe("the card's shape", () => {
  it("is refused when broken: an unknown kind, a row without lines, an unknown button", () => {
    const Model = g.CONFIG.ChatMessage.dataModels["virtually-real-scene"];
    const bad = [
      { kind: "party", number: 1, title: { key: "x" }, lines: [], rows: [] },
      { kind: "scene", number: -1, title: { key: "x" }, lines: [], rows: [] },
      { kind: "scene", number: 1, title: { key: "x" }, lines: [], rows: [{ uuid: "a", name: "b" }] },
      {
        kind: "scene",
        number: 1,
        title: { key: "x" },
        lines: [],
        rows: [{ uuid: "a", name: "b", lines: [], actions: ["steal"] }],
      },
    ];
    for (const card of bad) expect(() => Model.validateJoint({ card })).toThrow();
    expect(() =>
      Model.validateJoint({ card: { kind: "scene", number: 1, title: { key: "x" }, lines: [], rows: [] } }),
    ).not.toThrow();
  });
});
