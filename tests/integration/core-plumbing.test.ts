// Chat-card actions and the GM relay, from their sources, against the recording stand-in.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { DIST, readJSON } from "../lib/paths";
import type * as ChatModule from "../../src/core/chat";
import type * as SocketModule from "../../src/core/socket";
import { installFoundryStub, type Recorder } from "./foundry-stub";

const g = globalThis as any;
let recorder: Recorder;
let chat: typeof ChatModule;
let socket: typeof SocketModule;

const gm = { id: "gm00000000000001", name: "GM", isGM: true, active: true };
const player = { id: "pl00000000000001", name: "Player", isGM: false, active: true };
const other = { id: "ot00000000000001", name: "Other", isGM: false, active: true };

beforeAll(async () => {
  recorder = installFoundryStub({
    manifest: readJSON(join(DIST, "system.json")),
    lang: readJSON(join(DIST, "lang", "en.json")),
  });
  chat = await import("../../src/core/chat");
  socket = await import("../../src/core/socket");
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

describe("the GM relay", () => {
  const done: unknown[] = [];
  beforeAll(() => {
    socket.registerGMHandler("test.apply", (payload, sender) => void done.push([payload, sender.id]));
    g.game.user = gm;
    socket.listenAsGM();
  });

  it("a player's request is sent over the system socket, not applied locally", async () => {
    g.game.user = player;
    expect(await socket.runAsGM("test.apply", { hp: 3 })).toBe(true);
    expect(recorder.socketEmits.at(-1)).toEqual({
      channel: "system.polyverse",
      data: { type: "test.apply", payload: { hp: 3 }, sender: player.id },
    });
    expect(done).toEqual([]);
  });

  it("the active GM carries it out once, with the sender known", async () => {
    g.game.user = gm;
    const [listener] = recorder.socketHandlers.get("system.polyverse")!;
    await listener!({ type: "test.apply", payload: { hp: 3 }, sender: player.id });
    await listener!({ junk: true });
    expect(done).toEqual([[{ hp: 3 }, player.id]]);
  });

  it("a GM acts at once, and a player with no GM connected is told", async () => {
    g.game.user = gm;
    await socket.runAsGM("test.apply", { hp: 1 });
    expect(done.at(-1)).toEqual([{ hp: 1 }, gm.id]);
    g.game.user = player;
    gm.active = false;
    expect(await socket.runAsGM("test.apply", {})).toBe(false);
    expect(recorder.notifications.at(-1)?.message).toBe(
      "A GM must be connected to change documents you do not own.",
    );
    gm.active = true;
  });
});
