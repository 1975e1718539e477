/**
 * More of Foundry's stand-in for the attack tests: documents that update and check ownership, a
 * scene with a square grid, tokens and measured templates, chat messages that keep their rolls and
 * flags, rolls whose faces a test sets, and Handlebars rendering of the built templates. Like
 * foundry-stub.ts it implements only what the bundle calls, as Foundry's public API documents it;
 * it extends that stand-in rather than changing it.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { DIST, readJSON } from "../lib/paths";
import { createRenderer } from "../browser/render.mjs";
import { deliverUserUpdates, fireStartup, installFoundryStub, type Recorder } from "./foundry-stub";
import { installCombatClasses } from "./stub-combat";

const g = globalThis as any;
let loads = 0;

export interface User {
  id: string;
  name: string;
  isGM: boolean;
  active: boolean;
  targets: Set<any>;
}

export interface AttackWorld {
  recorder: Recorder;
  /** Faces the next rolls show, one array per roll, in order. */
  queueFaces(...rolls: number[][]): void;
  users: { gm: User; player: User };
  as(user: User): void;
  /** Every chat message, in order. */
  messages: any[];
  templates: any[];
  /** i18n keys the rendered cards asked for that en.json lacks. */
  missingKeys: Set<string>;
  /** Create an actor with items; `owner` is a user id with OWNER permission. */
  actor(data: any, owner?: string): any;
  /** Put a token of the actor on the scene at grid square (col, row). */
  token(actor: any, col: number, row: number): any;
  /** Render a message's content and fire renderChatMessageHTML: its bound buttons. */
  render(message: any): HTMLElement;
  /** Start a combat with these actors (Fast Action). */
  combat(actors: any[], round?: number): void;
  /** Deliver the User updates made so far (relay requests, the GM's replies) to the other clients. */
  socketToGM(): Promise<void>;
}

function flatten(obj: any, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj ?? {})) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (
      v &&
      typeof v === "object" &&
      !Array.isArray(v) &&
      Object.getPrototypeOf(v) === Object.prototype &&
      Object.keys(v).length
    )
      Object.assign(out, flatten(v, key));
    else out[key] = v;
  }
  return out;
}

/** Apply an update of flattened (or nested) paths to a document: system through its model, the rest as plain data. */
function applyUpdate(doc: any, data: Record<string, unknown>): void {
  const flat = flatten(data);
  const system: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(flat)) {
    if (path.startsWith("system.")) {
      system[path.slice(7)] = value;
      continue;
    }
    const parts = path.split(".");
    const last = parts.pop()!;
    let target = doc;
    for (const p of parts) target = target[p] ??= {};
    if (last.startsWith("-=")) delete target[last.slice(2)];
    else target[last] = value;
  }
  if (Object.keys(system).length) {
    if (typeof doc.system?.updateSource === "function")
      doc.system.updateSource(g.foundry.utils.expandObject(system));
    else for (const [p, v] of Object.entries(system)) g.foundry.utils.setProperty(doc.system, p, v);
  }
}

export async function loadAttackBundle(
  options: {
    /** Install Combat and Combatant documents (stub-combat.ts) so the bundle's VersesCombat is real. */
    combat?: boolean;
    /** Stored world setting values, e.g. { "polyverse.ruleset": "maelstrom" }. */
    stored?: Record<string, unknown>;
    /** Change the stand-in once it is complete, before the bundle loads (e.g. stub-v14.ts). */
    beforeImport?: (recorder: Recorder) => void;
  } = {},
): Promise<AttackWorld> {
  const manifest = readJSON(join(DIST, "system.json"));
  const lang = readJSON<Record<string, unknown>>(join(DIST, "lang", "en.json"));
  const recorder = installFoundryStub({
    manifest,
    lang,
    ...(options.stored ? { stored: options.stored } : {}),
  });
  const registry = new Map<string, any>();
  const queue: number[][] = [];
  const messages: any[] = [];
  const templates: any[] = [];
  const renderer = createRenderer({ distDir: DIST, lang });
  const users = {
    gm: { id: "gm00000000000001", name: "GM", isGM: true, active: true, targets: new Set<any>() },
    player: { id: "pl00000000000001", name: "Player", isGM: false, active: true, targets: new Set<any>() },
  };
  g.game.users.push(users.gm, users.player);
  g.game.user = users.gm;
  recorder.settings.set("core.rollMode", { config: {}, value: "publicroll" });
  g.CONFIG.Dice.rollModes = { publicroll: "Public", gmroll: "GM", blindroll: "Blind", selfroll: "Self" };

  // ---- rolls: faces from the queue -------------------------------------------------------------
  const Roll = g.foundry.dice.Roll;
  Roll.prototype.evaluate = async function evaluate(this: any) {
    const n = Number(/^(\d+)d6$/.exec(this.formula)?.[1] ?? 0);
    const next = queue.shift();
    if (next && next.length !== n)
      throw new Error(`The test queued ${next.length} faces for a roll of ${n}d6.`);
    const faces = next ?? Array.from({ length: n }, () => 1 + Math.floor(Math.random() * 6));
    this._faces = faces;
    this._evaluated = true;
    this._total = faces.length;
    return this;
  };
  Object.defineProperty(Roll.prototype, "dice", {
    get(this: any) {
      return [{ results: (this._faces ?? []).map((result: number) => ({ result, active: true })) }];
    },
  });
  Roll.prototype.toMessage = async function toMessage(this: any, data: any = {}, options: any = {}) {
    const message = { ...data, rolls: [this], rollMode: options.rollMode };
    if (options.create === false) return message;
    return g.ChatMessage.create(message);
  };

  // ---- chat messages -----------------------------------------------------------------------------
  const ChatMessage = g.ChatMessage;
  ChatMessage.getSpeaker = ({ actor }: any = {}) => ({ actor: actor?.id ?? null, alias: actor?.name ?? "" });
  ChatMessage.create = async (data: any) => {
    // A card is a sub-type with its state in `system`, validated by its model (core/cards.ts).
    const doc = new ChatMessage({ type: data.type, system: data.system, flags: data.flags ?? {} });
    Object.assign(doc, {
      content: data.content ?? "",
      rolls: data.rolls ?? [],
      speaker: data.speaker ?? {},
      flavor: data.flavor ?? "",
      author: g.game.user,
    });
    doc.uuid = `ChatMessage.${doc.id}`;
    messages.push(doc);
    registry.set(doc.uuid, doc);
    g.Hooks.callAll("createChatMessage", doc, {}, g.game.user.id);
    recorder.broadcasts.push({ hook: "createChatMessage", args: [doc, {}], userId: g.game.user.id });
    return doc;
  };
  Object.defineProperty(ChatMessage, "implementation", { get: () => ChatMessage });
  Object.defineProperty(ChatMessage.prototype, "isAuthor", {
    get(this: any) {
      return this.author?.id === g.game.user.id;
    },
  });
  ChatMessage.prototype.update = async function update(this: any, data: any) {
    const { rolls, ...rest } = data ?? {};
    applyUpdate(this, rest);
    // Rolls are saved as JSON and read back as Roll instances; the stand-in's toJSON keeps no dice,
    // so each keeps the faces of the roll it replaces.
    if (Array.isArray(rolls))
      this.rolls = rolls.map((r: any, i: number) => {
        const roll = Roll.fromData(typeof r === "string" ? JSON.parse(r) : r);
        roll._faces = this.rolls[i]?._faces;
        return roll;
      });
    return this;
  };
  g.game.messages = Object.assign(messages, { get: (id: string) => messages.find((m) => m.id === id) });

  // ---- actors and items --------------------------------------------------------------------------
  const ownership = new Map<string, Set<string>>();
  for (const Doc of [g.Actor, g.Item]) {
    Object.defineProperty(Doc.prototype, "uuid", {
      get(this: any) {
        return this.parent?.uuid ? `${this.parent.uuid}.Item.${this.id}` : `${this.documentName}.${this.id}`;
      },
    });
    Doc.prototype.toObject = function toObject(this: any) {
      return {
        _id: this.id,
        name: this.name,
        type: this.type,
        system: this.system?.toObject?.() ?? this.system,
        flags: this.flags,
      };
    };
    Doc.prototype.update = async function update(this: any, data: any) {
      applyUpdate(this, data);
      (this.parent ?? this).prepareData();
      return this;
    };
    Doc.prototype.testUserPermission = function testUserPermission(this: any, user: any) {
      const root = this.parent ?? this;
      return user.isGM || (ownership.get(root.uuid)?.has(user.id) ?? false);
    };
    Doc.prototype.canUserModify = function canUserModify(this: any, user: any) {
      return this.testUserPermission(user, "OWNER");
    };
    Object.defineProperty(Doc.prototype, "isOwner", {
      get(this: any) {
        return this.testUserPermission(g.game.user, "OWNER");
      },
    });
  }
  const effects: any[] = [];
  g.ActiveEffect = class ActiveEffect {
    updates: any[] = [];
    constructor(public statusId: string) {}
    async update(data: any) {
      this.updates.push(data);
      return this;
    }
  };
  g.Actor.prototype.toggleStatusEffect = async function toggleStatusEffect(
    this: any,
    id: string,
    { active }: any = {},
  ) {
    const on = active ?? !this.statuses.has(id);
    if (on) this.statuses.add(id);
    else this.statuses.delete(id);
    this.prepareData();
    if (!on) return false;
    const effect = new g.ActiveEffect(id);
    effects.push(effect);
    return effect;
  };
  // Embedded items created as the server would: only by the actor's owner or a GM.
  g.Actor.prototype.createEmbeddedDocuments = async function createEmbeddedDocuments(
    this: any,
    name: string,
    data: any[],
  ) {
    if (name !== "Item") throw new Error(`The stand-in actor creates no ${name}`);
    if (!this.testUserPermission(g.game.user, "OWNER"))
      throw new Error(`${g.game.user.id} may not create items on ${this.name}`);
    const created = data.map((d) => new g.CONFIG.Item.documentClass(d, { parent: this }));
    for (const item of created) {
      this.items.push(item);
      registry.set(item.uuid, item);
    }
    this.prepareData();
    return created;
  };
  g.Actor.prototype.getActiveTokens = function getActiveTokens(this: any) {
    return this._tokens ?? [];
  };

  g.fromUuid = async (uuid: string) => registry.get(uuid) ?? null;
  g.fromUuidSync = (uuid: string) => registry.get(uuid) ?? null;
  g.foundry.utils.fromUuidSync = g.fromUuidSync;

  // ---- the scene --------------------------------------------------------------------------------
  const size = 100;
  const scene: any = {
    id: "scene00000000001",
    uuid: "Scene.scene00000000001",
    grid: { distance: 1, units: "m", size },
    tokens: new Map(),
    async createEmbeddedDocuments(name: string, data: any[]) {
      if (name !== "MeasuredTemplate") throw new Error(`The stand-in scene creates no ${name}`);
      return data.map((d) => {
        const doc: any = {
          ...d,
          id: `template${templates.length}`,
          updates: [] as any[],
          async update(u: any) {
            this.updates.push(u);
            Object.assign(this, u);
            return this;
          },
        };
        doc.uuid = `${scene.uuid}.MeasuredTemplate.${doc.id}`;
        templates.push(doc);
        return doc;
      });
    },
  };
  const view = document.createElement("canvas");
  const placeables: any[] = [];
  g.canvas = {
    ready: true,
    scene,
    app: { view },
    grid: {
      isSquare: true,
      size,
      // Equidistant diagonals ("any adjacent square (including diagonals) as 1m"): Chebyshev.
      measurePath(points: { x: number; y: number }[]) {
        let distance = 0;
        for (let i = 1; i < points.length; i++) {
          const a = points[i - 1]!;
          const b = points[i]!;
          distance += Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) / size;
        }
        return { distance };
      },
    },
    tokens: { placeables, controlled: [] },
    canvasCoordinatesFromClient: (p: { x: number; y: number }) => ({ ...p }),
  };
  g.game.scenes = { get: (id: string) => (id === scene.id ? scene : undefined) };

  // ---- templates rendered with Handlebars, from dist/ -------------------------------------------
  g.foundry.applications.handlebars.renderTemplate = async (path: string, context: any) => {
    recorder.templatesRendered.push(path);
    renderer.missing.clear();
    const html = renderer.render(path, context);
    for (const k of renderer.missing) world.missingKeys.add(k);
    return html;
  };
  // Templates compiled once (the cards are drawn with them as each message renders).
  g.foundry.applications.handlebars.getTemplate = async (path: string) => (context: any) => {
    recorder.templatesRendered.push(path);
    renderer.missing.clear();
    const html = renderer.render(path, context);
    for (const k of renderer.missing) world.missingKeys.add(k);
    return html;
  };

  if (options.combat) {
    installCombatClasses((id) => g.game.actors.find((a: any) => a.id === id));
    ChatMessage.applyRollMode = (data: any, mode: string) => {
      data.rollMode = mode;
      if (mode === "gmroll" || mode === "blindroll")
        data.whisper = g.game.users.filter((u: any) => u.isGM).map((u: any) => u.id);
      return data;
    };
    ChatMessage.getWhisperRecipients = (name: string) =>
      name === "GM" ? g.game.users.filter((u: any) => u.isGM) : [];
  }
  options.beforeImport?.(recorder);
  const url = pathToFileURL(join(DIST, "polyverse.mjs"));
  url.searchParams.set("attack", String(++loads));
  await import(/* @vite-ignore */ url.href);
  fireStartup();

  const world: AttackWorld = {
    recorder,
    users,
    messages,
    templates,
    missingKeys: new Set(),
    queueFaces: (...rolls) => void queue.push(...rolls),
    as(user) {
      g.game.user = user;
    },
    actor(data, owner) {
      const actor = new g.CONFIG.Actor.documentClass(data);
      actor.statuses = new Set<string>();
      actor.token = null;
      const items = actor.items as any[];
      (items as any).get = (id: string) => items.find((i) => i.id === id);
      for (const item of items) registry.set(item.uuid, item);
      registry.set(actor.uuid, actor);
      if (owner) ownership.set(actor.uuid, new Set([owner]));
      g.game.actors.push(actor);
      actor.prepareData();
      return actor;
    },
    token(actor, col, row) {
      const document = {
        id: `token${placeables.length}`,
        x: col * size,
        y: row * size,
        width: 1,
        height: 1,
        name: actor.name,
      };
      const token: any = {
        document,
        actor,
        name: actor.name,
        scene,
        get center() {
          return { x: document.x + size / 2, y: document.y + size / 2 };
        },
      };
      (document as any).uuid = `${scene.uuid}.Token.${document.id}`;
      (document as any).object = token;
      // A token document: its flags (tracked cover), updates, and its actor's ownership.
      Object.assign(document as any, {
        documentName: "Token",
        flags: {},
        actor,
        async update(this: any, data: any) {
          applyUpdate(this, data);
          g.Hooks.callAll("updateToken", this, data, {}, g.game.user.id);
          return this;
        },
        canUserModify: (user: any) => actor.testUserPermission(user, "OWNER"),
      });
      placeables.push(token);
      registry.set((document as any).uuid, document);
      actor._tokens = [...(actor._tokens ?? []), token];
      return token;
    },
    render(message) {
      const html = document.createElement("div");
      html.innerHTML = message.content;
      g.Hooks.callAll("renderChatMessageHTML", message, html);
      return html;
    },
    combat(actors, round = 1) {
      const combat = {
        started: true,
        round,
        turn: 0,
        id: "combat0000000001",
        combatants: actors.map((actor) => ({ actor })),
      };
      g.game.combat = combat;
      g.game.combats ??= { get: (id: string) => (g.game.combat?.id === id ? g.game.combat : undefined) };
    },
    async socketToGM() {
      await deliverUserUpdates(recorder, [users.gm, users.player]);
    },
  };
  return world;
}
