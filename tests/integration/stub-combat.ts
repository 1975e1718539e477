/**
 * More of the recording stand-in, for Fast Action against the built bundle: Combat and Combatant
 * (turn order sorted by the stored number, round and turn updates that fire `updateCombat`),
 * actors that update and toggle statuses, chat messages that fire `createChatMessage`, and rolls
 * whose dice come from a script. Written from Foundry's documented API, as `foundry-stub.ts` is:
 * it implements only what the bundle calls, and anything else fails loudly.
 */
import type { Recorder } from "./foundry-stub";
import { loadBundle, type LoadedBundle } from "./load-bundle";

const g = globalThis as any;

export interface CombatStub {
  /** Faces the next dice show, one per die; a roll past the end throws. */
  dice: number[];
  /** Templates rendered, with their contexts. */
  rendered: { path: string; context: any }[];
  messages: any[];
  /** Errors thrown by dice past the script's end. */
  errors: string[];
  actors: Map<string, any>;
  /** Documents by UUID (actors and their items), for `fromUuid`. */
  uuids: Map<string, any>;
}

/** A Foundry Collection: a Map whose iteration yields its values. */
class Coll<V> extends Map<string, V> {
  override [Symbol.iterator](): any {
    return this.values();
  }
  get contents(): V[] {
    return [...this.values()];
  }
  find(fn: (v: V) => boolean) {
    return this.contents.find(fn);
  }
  filter(fn: (v: V) => boolean) {
    return this.contents.filter(fn);
  }
  some(fn: (v: V) => boolean) {
    return this.contents.some(fn);
  }
  map<T>(fn: (v: V) => T) {
    return this.contents.map(fn);
  }
}

function applyFlat(target: any, data: Record<string, unknown>): any {
  const expanded = g.foundry.utils.expandObject(data);
  g.foundry.utils.mergeObject(target, expanded);
  return expanded;
}

function install(stub: CombatStub, recorder: Recorder): void {
  g.game.settings.register("core", "rollMode", { scope: "client", default: "publicroll" });
  g.CONFIG.Dice.rollModes = { publicroll: {}, gmroll: {}, blindroll: {}, selfroll: {} };
  const gm = { id: "gm00000000000001", name: "GM", isGM: true, active: true };
  g.game.user = gm;
  g.game.users.push(gm);
  g.game.messages = { get: (id: string) => stub.messages.find((m) => m.id === id) };
  g.fromUuid = async (uuid: string) => stub.uuids.get(uuid) ?? null;
  g.fromUuidSync = (uuid: string) => stub.uuids.get(uuid) ?? null;
  g.foundry.utils.fromUuidSync = g.fromUuidSync;
  g.foundry.applications.handlebars.renderTemplate = async (path: string, context: any) => {
    recorder.templatesRendered.push(path);
    stub.rendered.push({ path, context });
    return `<div data-template="${path}"></div>`;
  };
  // Templates compiled once: the cards are drawn with them as each message renders.
  g.foundry.applications.handlebars.getTemplate = async (path: string) => (context: any) => {
    recorder.templatesRendered.push(path);
    stub.rendered.push({ path, context });
    return `<div data-template="${path}"></div>`;
  };

  // Rolls: `${n}d6`, faces from the script.
  const RollClass = g.foundry.dice.Roll;
  Object.defineProperty(RollClass.prototype, "dice", {
    get() {
      return this._dice ?? [];
    },
  });
  RollClass.prototype.evaluate = async function (this: any) {
    const n = Number.parseInt(String(this.formula), 10) || 0;
    if (stub.dice.length < n) {
      const message = `the dice script ran out: ${this.formula} (${this.options?.label ?? ""})`;
      stub.errors.push(message);
      throw new Error(message);
    }
    const faces = stub.dice.splice(0, n);
    this._dice = [{ results: faces.map((result: number) => ({ result, active: true })) }];
    this._evaluated = true;
    this._total = faces.reduce((a: number, b: number) => a + b, 0);
    return this;
  };
  RollClass.prototype.toMessage = async function (this: any, data: any = {}, options: any = {}) {
    const messageData = { ...data, rolls: [this] };
    g.ChatMessage.applyRollMode(messageData, options.rollMode ?? "publicroll");
    if (options.create === false) return messageData;
    return g.ChatMessage.implementation.create(messageData);
  };

  // Chat messages.
  const BaseMessage = g.ChatMessage;
  let messageCount = 0;
  class StubChatMessage extends BaseMessage {
    content: string;
    speaker: any;
    rolls: any[];
    whisper: string[];
    author: any;
    flavor: string;
    constructor(data: any = {}) {
      super(data);
      this._id = `msg${String(++messageCount).padStart(13, "0")}`;
      this.content = data.content ?? "";
      this.speaker = data.speaker ?? {};
      this.rolls = data.rolls ?? [];
      this.whisper = data.whisper ?? [];
      this.flavor = data.flavor ?? "";
      this.author = g.game.user;
    }
    static get implementation() {
      return g.CONFIG.ChatMessage.documentClass;
    }
    static getSpeaker({ actor, token, alias }: any = {}) {
      return { scene: null, actor: actor?.id ?? null, token: token?.id ?? null, alias: alias ?? actor?.name };
    }
    static applyRollMode(data: any, mode: string) {
      data.rollMode = mode;
      if (mode === "gmroll" || mode === "blindroll")
        data.whisper = g.game.users.filter((u: any) => u.isGM).map((u: any) => u.id);
      if (mode === "blindroll") data.blind = true;
      return data;
    }
    static getWhisperRecipients(name: string) {
      return name === "GM" ? g.game.users.filter((u: any) => u.isGM) : [];
    }
    static async create(data: any) {
      const message = new this(data);
      stub.messages.push(message);
      g.Hooks.callAll("createChatMessage", message, {}, g.game.user.id);
      return message;
    }
    async update(data: Record<string, unknown>) {
      applyFlat(this, data);
      return this;
    }
  }
  g.ChatMessage = StubChatMessage;
  g.CONFIG.ChatMessage.documentClass = StubChatMessage;

  installCombatClasses((id) => stub.actors.get(id));
}

/** Load the built bundle with the Fast Action stand-in installed first. */
export async function loadBundleWithCombat(): Promise<{ loaded: LoadedBundle; stub: CombatStub }> {
  const stub: CombatStub = {
    dice: [],
    rendered: [],
    messages: [],
    errors: [],
    actors: new Map(),
    uuids: new Map(),
  };
  const loaded = await loadBundle({ beforeImport: (recorder) => install(stub, recorder) });
  return { loaded, stub };
}

/**
 * A 'Verses actor built by the bundle's own data model, that updates (re-preparing its derived
 * data) and toggles statuses as Foundry's do. `owners` are the non-GM users who own it.
 */
export function makeActor(
  stub: CombatStub,
  name: string,
  system: Record<string, unknown>,
  { items = [], statuses = [], owners = [] }: { items?: any[]; statuses?: string[]; owners?: string[] } = {},
): any {
  const actor = new g.CONFIG.Actor.documentClass({ name, type: "verses-character", system, items });
  actor.uuid = `Actor.${actor.id}`;
  actor.statuses = new Set(statuses);
  actor.ownerIds = owners;
  actor.hasPlayerOwner = owners.length > 0;
  Object.defineProperty(actor, "isOwner", {
    get: () => g.game.user.isGM || owners.includes(g.game.user.id),
  });
  const modifiable = (user: any) => user.isGM || owners.includes(user.id);
  actor.canUserModify = modifiable;
  actor.testUserPermission = modifiable;
  actor.update = async (data: Record<string, unknown>) => {
    const expanded = g.foundry.utils.expandObject(data);
    if (expanded.system) actor.system.updateSource(expanded.system);
    // The server performs `-=key` deletions in an update.
    if (expanded.flags) g.foundry.utils.mergeObject(actor.flags, expanded.flags, { performDeletions: true });
    actor.prepareData();
    g.Hooks.callAll("updateActor", actor, expanded, {}, g.game.user.id);
    return actor;
  };
  actor.toggleStatusEffect = async (id: string, { active }: { active?: boolean } = {}) => {
    const on = active ?? !actor.statuses.has(id);
    if (on) actor.statuses.add(id);
    else actor.statuses.delete(id);
    actor.prepareData();
    return on;
  };
  const ready = (item: any) => {
    item.uuid = `${actor.uuid}.Item.${item.id}`;
    item.canUserModify = modifiable;
    item.update = async (data: Record<string, unknown>) => {
      const expanded = g.foundry.utils.expandObject(data);
      if (expanded.system) item.system.updateSource(expanded.system);
      actor.prepareData();
      return item;
    };
    stub.uuids.set(item.uuid, item);
  };
  for (const item of actor.items) ready(item);
  actor.items.get = (id: string) => actor.items.find((i: any) => i.id === id);
  // Embedded items created as the server would (the owner or a GM only).
  actor.createEmbeddedDocuments = async (name: string, data: any[]) => {
    if (name !== "Item") throw new Error(`the stand-in actor creates no ${name}`);
    if (!modifiable(g.game.user)) throw new Error(`${g.game.user.id} may not create items on ${actor.name}`);
    const created = data.map((d) => new g.CONFIG.Item.documentClass(d, { parent: actor }));
    for (const item of created) {
      ready(item);
      actor.items.push(item);
    }
    actor.prepareData();
    return created;
  };
  actor.prepareData();
  stub.actors.set(actor.id, actor);
  stub.uuids.set(actor.uuid, actor);
  return actor;
}

/**
 * Combat and Combatant as Foundry's tracker has them, as far as the bundle uses them: turn order
 * sorted by the stored number, round and turn updates that fire `updateCombat`. `actorOf` finds a
 * combatant's actor by id. Install before the bundle is imported (its Combat subclasses these).
 */
export function installCombatClasses(actorOf: (id: string) => any): void {
  // Combatants and combats.
  class StubCombatant {
    static documentName = "Combatant";
    _id: string;
    name: string;
    actorId: string;
    tokenId: string | null;
    initiative: number | null;
    hidden: boolean;
    defeated: boolean;
    flags: any;
    parent: any;
    constructor(data: any = {}, context: any = {}) {
      this._id = data._id;
      this.name = data.name ?? "";
      this.actorId = data.actorId;
      this.tokenId = data.tokenId ?? null;
      this.initiative = data.initiative ?? null;
      this.hidden = data.hidden ?? false;
      this.defeated = data.defeated ?? false;
      this.flags = g.foundry.utils.deepClone(data.flags ?? {});
      this.parent = context.parent ?? null;
    }
    get id() {
      return this._id;
    }
    get documentName() {
      return "Combatant";
    }
    get uuid() {
      return `Combat.${this.parent?.id ?? ""}.Combatant.${this._id}`;
    }
    get combat() {
      return this.parent;
    }
    get actor() {
      return actorOf(this.actorId) ?? null;
    }
    get token() {
      return null;
    }
    get isOwner() {
      return this.actor?.isOwner ?? g.game.user.isGM;
    }
    canUserModify(user: any) {
      return user.isGM || (this.actor?.ownerIds ?? []).includes(user.id);
    }
    testUserPermission(user: any) {
      return this.canUserModify(user);
    }
    getFlag(scope: string, key: string) {
      return g.foundry.utils.getProperty(this.flags?.[scope], key);
    }
    async update(data: Record<string, unknown>) {
      applyFlat(this, data);
      return this;
    }
  }

  class StubCombat {
    static documentName = "Combat";
    _id: string;
    round = 0;
    turn: number | null = null;
    flags: any = {};
    combatants = new Coll<any>();
    constructor(data: any = {}) {
      this._id = data._id ?? "combat0000000001";
      const Cls = g.CONFIG.Combatant.documentClass;
      for (const c of data.combatants ?? []) this.combatants.set(c._id, new Cls(c, { parent: this }));
    }
    get id() {
      return this._id;
    }
    get documentName() {
      return "Combat";
    }
    get started() {
      return this.round > 0;
    }
    /** Players change their combatants; the combat itself (round, turn) is the GM's. */
    canUserModify(user: any) {
      return Boolean(user.isGM);
    }
    /** Highest number first; not rolled last; then by name. */
    get turns() {
      const value = (c: any) => (c.initiative === null ? -Infinity : c.initiative);
      return this.combatants.contents.sort((a, b) => value(b) - value(a) || a.name.localeCompare(b.name));
    }
    get combatant() {
      return this.turn === null ? undefined : this.turns[this.turn];
    }
    async update(data: Record<string, unknown>, options: any = {}) {
      const changed = applyFlat(this, data);
      g.Hooks.callAll("updateCombat", this, changed, options, g.game.user.id);
      return this;
    }
    async updateEmbeddedDocuments(name: string, updates: any[]) {
      if (name !== "Combatant") throw new Error(`no embedded ${name} in a Combat`);
      for (const u of updates) {
        const c = this.combatants.get(u._id);
        if (!c) throw new Error(`no combatant ${u._id}`);
        const { _id, ...rest } = u;
        await c.update(rest);
      }
      return updates;
    }
    startCombat() {
      return this.update({ round: 1, turn: 0 });
    }
    nextTurn() {
      const next = (this.turn ?? -1) + 1;
      return next >= this.combatants.size ? this.nextRound() : this.update({ turn: next });
    }
    previousTurn() {
      return this.update({ turn: Math.max(0, (this.turn ?? 0) - 1) });
    }
    nextRound() {
      return this.update({ round: this.round + 1, turn: 0 });
    }
    async rollInitiative() {
      throw new Error("the system's Combat must roll initiative itself");
    }
  }
  g.Combat = StubCombat;
  g.Combatant = StubCombatant;
  g.CONFIG.Combat.documentClass = StubCombat;
  g.CONFIG.Combatant.documentClass = StubCombatant;
}
