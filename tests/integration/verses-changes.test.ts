// Document changes a player may not make go to the GM over the socket (issue #4): from the source
// of `changes.ts`, against the recording stand-in.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { DIST, readJSON } from "../lib/paths";
import type * as ChangesModule from "../../src/rulesets/verses/changes";
import type * as SocketModule from "../../src/core/socket";
import { installFoundryStub, type Recorder } from "./foundry-stub";

const g = globalThis as any;
let recorder: Recorder;
let changes: typeof ChangesModule;
let socket: typeof SocketModule;

const gm = { id: "gm00000000000001", name: "GM", isGM: true, active: true };
const player = { id: "pl00000000000001", name: "Player", isGM: false, active: true };
const other = { id: "ot00000000000001", name: "Other", isGM: false, active: true };

/** A document the player owns (their healer's kit) and one they do not (the patient). */
function fakeDoc(uuid: string, owner: string, system: Record<string, unknown>) {
  return {
    uuid,
    system,
    updates: [] as object[],
    canUserModify: (u: { id: string; isGM: boolean }) => u.isGM || u.id === owner,
    async update(data: Record<string, unknown>) {
      this.updates.push(data);
      for (const [path, value] of Object.entries(data)) g.foundry.utils.setProperty(this, path, value);
    },
  };
}

let kit: ReturnType<typeof fakeDoc>;
let patient: ReturnType<typeof fakeDoc>;
const messages = new Map<string, any>();

beforeAll(async () => {
  recorder = installFoundryStub({
    manifest: readJSON(join(DIST, "system.json")),
    lang: readJSON(join(DIST, "lang", "en.json")),
  });
  changes = await import("../../src/rulesets/verses/changes");
  socket = await import("../../src/core/socket");
  g.game.users.push(gm, player, other);
  g.game.messages = { get: (id: string) => messages.get(id) };
  g.fromUuid = async (uuid: string) => ({ [kit.uuid]: kit, [patient.uuid]: patient })[uuid] ?? null;
  changes.registerPendingChanges();
  changes.registerPendingRedraw("special", async (_m, left) => ({ content: `left ${left.length}` }));
  g.game.user = gm;
  socket.listenAsGM();
});

beforeEach(() => {
  kit = fakeDoc("Item.kit0000000000001", player.id, { quantity: 3 });
  patient = fakeDoc("Actor.patient000000001", other.id, { hp: { value: 0 } });
  g.game.user = player;
});

function card(id: string, author: { id: string }, pending: unknown[]) {
  const message = {
    id,
    author,
    flags: { polyverse: { special: {}, pending } },
    updates: [] as Record<string, unknown>[],
    async update(data: Record<string, unknown>) {
      this.updates.push(data);
      if ("flags.polyverse.pending" in data)
        this.flags.polyverse.pending = data["flags.polyverse.pending"] as [];
    },
  };
  messages.set(id, message);
  return message;
}

const heal = () => ({
  uuid: "Actor.patient000000001",
  name: "Phon",
  add: [{ path: "system.hp.value", delta: 2 }],
});
const useSupply = () => ({
  uuid: "Item.kit0000000000001",
  name: "Kit",
  add: [{ path: "system.quantity", delta: -1, min: 0 }],
});

describe("changes a player may not make", () => {
  it("what the player owns is applied at once; the rest is returned, untouched", async () => {
    const left = await changes.applyChanges([useSupply(), heal()]);
    expect(kit.system.quantity).toBe(2);
    expect(patient.updates).toEqual([]);
    expect(left).toEqual([heal()]);
  });

  it("the card's pending changes are sent to the GM over the system socket, naming the card", async () => {
    const message = card("msg0000000000001", player, [heal()]);
    expect(await changes.relayPending(message as any)).toBe(true);
    expect(recorder.socketEmits.at(-1)).toEqual({
      channel: "system.polyverse",
      data: { type: "verses.applyPending", payload: { messageId: "msg0000000000001" }, sender: player.id },
    });
    expect(await changes.relayPending(card("msg0000000000002", player, []) as any)).toBe(false);
  });

  it("the active GM applies the card's changes (0 HP + 2 = 2) and redraws it without its note", async () => {
    const message = card("msg0000000000003", player, [heal()]);
    g.game.user = gm;
    const [listener] = recorder.socketHandlers.get("system.polyverse")!;
    await listener!({ type: "verses.applyPending", payload: { messageId: message.id }, sender: player.id });
    expect(patient.system.hp).toEqual({ value: 2 });
    expect(message.updates).toEqual([{ "flags.polyverse.pending": [], content: "left 0" }]);
    // A second request finds nothing left to do.
    await listener!({ type: "verses.applyPending", payload: { messageId: message.id }, sender: player.id });
    expect(patient.updates).toHaveLength(1);
  });

  it("a player cannot have the GM apply another player's card", async () => {
    const message = card("msg0000000000004", other, [heal()]);
    g.game.user = gm;
    const [listener] = recorder.socketHandlers.get("system.polyverse")!;
    await listener!({ type: "verses.applyPending", payload: { messageId: message.id }, sender: player.id });
    await listener!({ type: "verses.applyPending", payload: { messageId: 42 }, sender: player.id });
    expect(patient.updates).toEqual([]);
    expect(message.updates).toEqual([]);
  });
});
