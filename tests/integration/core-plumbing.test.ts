// Chat-card actions and the GM relay, from their sources, against the recording stand-in.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { DIST, readJSON } from "../lib/paths";
import type * as ChatModule from "../../src/core/chat";
import type * as RelayModule from "../../src/core/relay";
import { deliverUserUpdates, installFoundryStub, type Recorder } from "./foundry-stub";

const g = globalThis as any;
let recorder: Recorder;
let chat: typeof ChatModule;
let relay: typeof RelayModule;

const gm: any = { id: "gm00000000000001", name: "GM", isGM: true, active: true };
const player: any = { id: "pl00000000000001", name: "Player", isGM: false, active: true };
const other: any = { id: "ot00000000000001", name: "Other", isGM: false, active: true };

beforeAll(async () => {
  recorder = installFoundryStub({
    manifest: readJSON(join(DIST, "system.json")),
    lang: readJSON(join(DIST, "lang", "en.json")),
  });
  chat = await import("../../src/core/chat");
  relay = await import("../../src/core/relay");
  g.game.users.push(gm, player, other);
  const actor = {
    id: "actor00000000001",
    uuid: "Actor.actor00000000001",
    testUserPermission: (u: any) => u.id === player.id,
  };
  g.game.actors.push(actor);
});

beforeEach(() => {
  g.game.user = player;
});

function card(buttons: string[]) {
  const html = document.createElement("div");
  html.innerHTML = buttons.map((b) => `<button type="button" data-pv-action="${b}">${b}</button>`).join("");
  return html;
}

const message = { speaker: { actor: "actor00000000001" }, author: { id: other.id } } as any;

describe("chat-card actions", () => {
  const calls: string[] = [];
  beforeAll(() => {
    chat.registerChatAction("test.owner", {
      permission: "speakerOwner",
      handler: () => void calls.push("owner"),
    });
    chat.registerChatAction("test.gm", { permission: "gm", handler: () => void calls.push("gm") });
    chat.registerChatAction("test.author", {
      permission: "author",
      handler: () => void calls.push("author"),
    });
  });

  it("the speaker's owner sees and uses an owner button; others' buttons are hidden", async () => {
    const html = card(["test.owner", "test.gm", "test.author", "test.unknown"]);
    chat.bindChatActions(message, html);
    const visible = [...html.querySelectorAll("button")]
      .filter((b) => !b.hidden)
      .map((b) => b.dataset.pvAction);
    expect(visible).toEqual(["test.owner"]);
    html.querySelector<HTMLButtonElement>('[data-pv-action="test.owner"]')!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual(["owner"]);
  });

  it("a GM may use every registered action; re-binding after a reload works the same", async () => {
    g.game.user = gm;
    const html = card(["test.gm", "test.author"]);
    chat.bindChatActions(message, html);
    expect([...html.querySelectorAll("button")].every((b) => !b.hidden)).toBe(true);
  });

  it("names are unique", () => {
    expect(() => chat.registerChatAction("test.gm", { permission: "gm", handler: () => undefined })).toThrow(
      /already/,
    );
  });
});

describe("the GM relay: requests in the requester's own User document", () => {
  const done: unknown[] = [];
  const requestFlags = (user: any) => user.flags?.polyverse?.relay ?? {};
  const warnings = () => recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
  beforeAll(() => {
    relay.registerGMHandler("test.apply", (payload, requester) => void done.push([payload, requester.id]));
    relay.registerGMHandler("test.refuse", () => {
      throw new (class extends Error {})("not a refusal");
    });
    g.game.user = gm;
    relay.listenForRequests();
  });
  const deliver = () => deliverUserUpdates(recorder, [gm, player, other]);

  it("a player's request is written into their own User document, not applied locally", async () => {
    g.game.user = player;
    expect(await relay.runAsGM("test.apply", { hp: 3 })).toBe(true);
    const entries = Object.values(requestFlags(player));
    expect(entries).toEqual([{ type: "test.apply", payload: { hp: 3 } }]);
    expect(done).toEqual([]);
    expect(recorder.socketEmits).toEqual([]);
  });

  it("the active GM carries it out once, for the user Foundry names as the updater, and clears it", async () => {
    await deliver();
    expect(done).toEqual([[{ hp: 3 }, player.id]]);
    expect(requestFlags(player)).toEqual({});
    // The reply was read and removed by the requester's client.
    expect(player.flags.polyverse.relayReply).toEqual({});
  });

  it("a replayed request id is never carried out twice", async () => {
    g.game.user = player;
    await player.update({
      "flags.polyverse.relay.replay0000000001": { type: "test.apply", payload: { n: 1 } },
    });
    await deliver();
    g.game.user = player;
    await player.update({
      "flags.polyverse.relay.replay0000000001": { type: "test.apply", payload: { n: 1 } },
    });
    await deliver();
    expect(done.filter((d) => (d as any)[0].n === 1)).toHaveLength(1);
  });

  it("hostile: a request written into another user's document is refused by the server, and the GM's own is refused", async () => {
    g.game.user = player;
    await expect(
      other.update({ "flags.polyverse.relay.forged0000000001": { type: "test.apply", payload: { x: 1 } } }),
    ).rejects.toThrow(/lacks permission/);
    // A GM's request through the relay (a GM never needs it): refused, not carried out.
    g.game.user = gm;
    await gm.update({ "flags.polyverse.relay.fromgm0000000001": { type: "test.apply", payload: { gm: 1 } } });
    const before = done.length;
    await deliver();
    expect(done).toHaveLength(before);
  });

  it("hostile: a sender id written into the payload changes nothing; the requester is who Foundry says", async () => {
    g.game.user = player;
    await relay.runAsGM("test.apply", { sender: gm.id, userId: gm.id });
    await deliver();
    expect(done.at(-1)).toEqual([{ sender: gm.id, userId: gm.id }, player.id]);
  });

  it("hostile: unknown types, malformed entries and huge payloads are answered with a refusal", async () => {
    g.game.user = player;
    const before = done.length;
    recorder.notifications.length = 0;
    await player.update({
      "flags.polyverse.relay.unknown000000001": { type: "core.setRole", payload: { role: 4 } },
      "flags.polyverse.relay.malformed0000001": { type: "test.apply", payload: "not an object" },
      "flags.polyverse.relay.huge000000000001": { type: "test.apply", payload: { x: "y".repeat(10_000) } },
    });
    await deliver();
    expect(done).toHaveLength(before);
    expect(warnings()).toEqual([
      "The GM refused a request of a kind Polyverse does not know.",
      "The GM refused a request that was not well formed.",
      "The GM refused a request that was not well formed.",
    ]);
    expect(requestFlags(player)).toEqual({});
  });

  it("a handler's failure is told to the requester as a failure", async () => {
    g.game.user = player;
    recorder.notifications.length = 0;
    await relay.runAsGM("test.refuse", {});
    await deliver();
    expect(warnings()).toEqual([
      "The GM could not carry out your request; the GM's console has the details.",
    ]);
  });

  it("a GM acts at once, and a player with no GM connected is told", async () => {
    g.game.user = gm;
    await relay.runAsGM("test.apply", { hp: 1 });
    expect(done.at(-1)).toEqual([{ hp: 1 }, gm.id]);
    g.game.user = player;
    gm.active = false;
    expect(await relay.runAsGM("test.apply", {})).toBe(false);
    expect(recorder.notifications.at(-1)?.message).toBe(
      "A GM must be connected to change documents you do not own.",
    );
    gm.active = true;
  });
});
