/**
 * The world migration's second half: each ruleset's legacy flags (kept directly under
 * `flags.polyverse` before rulesets had namespaces, declared in its descriptor's `legacyFlags`)
 * move to `flags.polyverse.<id>` (core/flags.ts) on every document that keeps them: world actors
 * with their effects and items, world items, combats and combatants, tokens and the actor deltas
 * (flags and effects) of unlinked tokens on every scene, and the actors and items of unlocked world
 * compendiums. Only the difference is sent, and a document with nothing to move is not written, so
 * it can run again at no cost.
 */
import { deletionUpdate } from "./compat";
import { SYSTEM_ID } from "./constants";
import { legacyFlagUpdate, type LegacyFlagDocument } from "./flags";
import { documentOwnerId } from "./owners";
import type { RulesetRegistry } from "./registry";
import type { PolyverseRuleset } from "./ruleset";
import { SAVE_AS_GIVEN, list, type WorldMigrationReport } from "./migrations";

type Flags = Record<string, unknown> | undefined;

/** A stored document's flags and embedded effects (a compendium index entry, an actor delta). */
interface RawFlagged {
  _id: string;
  name?: string;
  type?: string;
  flags?: { [SYSTEM_ID]?: unknown };
  effects?: RawFlagged[];
  items?: RawFlagged[];
}

interface Updatable {
  update(changes: object, options?: object): Promise<unknown>;
}
interface EmbeddedCollection<T> extends Iterable<T> {
  get(id: string): T | undefined;
}
/** What the flag migration reads of a live document. */
interface LiveFlagged extends Updatable {
  id: string | null;
  name: string | null;
  documentName?: string;
  type?: string;
  _source: { flags?: { [SYSTEM_ID]?: unknown }; delta?: RawFlagged | null };
  effects?: EmbeddedCollection<LiveFlagged>;
  items?: EmbeddedCollection<LiveFlagged>;
  combatants?: Iterable<LiveFlagged>;
  tokens?: Iterable<LiveFlagged>;
  actor?: LiveFlagged | null;
  actorLink?: boolean;
}
interface FlagPack {
  locked: boolean;
  documentName: string;
  metadata: { packageType?: string; label?: string; id?: string };
  getIndex(options: { fields: string[] }): Promise<Iterable<RawFlagged>>;
  getDocument(id: string): Promise<LiveFlagged | undefined | null>;
}

/** One document's flags to move. */
interface FlagMove {
  name: string;
  changes: Record<string, unknown>;
  save(changes: Record<string, unknown>): Promise<unknown>;
}

const polyverseOf = (doc: { flags?: { [SYSTEM_ID]?: unknown } } | null | undefined): Flags =>
  doc?.flags?.[SYSTEM_ID] as Flags;

/** The rulesets whose flags move, with the keys each moves per document class. */
type Movers = { id: string; legacy: Partial<Record<LegacyFlagDocument, readonly string[]>> }[];

class FlagMoves {
  readonly moves: FlagMove[] = [];

  constructor(
    private readonly registry: RulesetRegistry<PolyverseRuleset>,
    private readonly movers: Movers,
  ) {}

  /** The move of one document's stored `flags.polyverse`, by its owner's legacy keys of that class. */
  add(
    name: string,
    owner: string | undefined,
    documentName: LegacyFlagDocument,
    stored: Flags,
    save: FlagMove["save"],
    prefix?: string,
  ): void {
    const mover = this.movers.find((m) => m.id === owner);
    const keys = mover?.legacy[documentName];
    if (!mover || !keys?.length) return;
    const changes = legacyFlagUpdate(stored, mover.id, keys, prefix);
    if (Object.keys(changes).length) this.moves.push({ name, changes, save });
  }

  ownerOf(doc: unknown): string | undefined {
    return documentOwnerId(this.registry, doc);
  }

  /** An actor or item, with its embedded effects (and an actor's items). */
  live(doc: LiveFlagged, documentName: "Actor" | "Item", label = doc.name ?? ""): void {
    const owner = this.ownerOf(doc);
    const save = (changes: object) => doc.update(changes, SAVE_AS_GIVEN);
    this.add(label, owner, documentName, polyverseOf(doc._source), save);
    for (const effect of list<LiveFlagged>(doc.effects)) {
      const name = `${effect.name ?? ""} (${label})`;
      const stored = polyverseOf(effect._source);
      this.add(name, owner, "ActiveEffect", stored, (c) => effect.update(c, SAVE_AS_GIVEN));
    }
    for (const item of list<LiveFlagged>(doc.items)) this.live(item, "Item", `${item.name ?? ""} (${label})`);
  }

  /** A scene's tokens: their own flags, and the actor delta (flags, effects) of an unlinked one. */
  token(token: LiveFlagged, sceneName: string): void {
    const owner = this.ownerOf(token);
    const label = `${token.name ?? ""} (${sceneName})`;
    const save = (changes: object) => token.update(changes, SAVE_AS_GIVEN);
    this.add(label, owner, "Token", polyverseOf(token._source), save);
    const delta = token._source.delta;
    if (token.actorLink || !delta) return;
    this.add(label, owner, "Actor", polyverseOf(delta), save, `delta.flags.${SYSTEM_ID}`);
    for (const raw of delta.effects ?? []) {
      const effect = () => {
        const live = token.actor?.effects?.get(raw._id);
        if (!live) throw new Error(`${raw._id} is not on ${label}`);
        return live;
      };
      const name = `${raw.name ?? ""} (${label})`;
      this.add(name, owner, "ActiveEffect", polyverseOf(raw), (c) => effect().update(c, SAVE_AS_GIVEN));
    }
  }

  /** An unlocked world compendium's actors or items, read from its index; loaded only to be saved. */
  async pack(pack: FlagPack): Promise<void> {
    const label = pack.metadata.label ?? pack.metadata.id ?? "";
    const documentName = pack.documentName as "Actor" | "Item";
    for (const raw of await pack.getIndex({ fields: ["flags", "effects", "items"] })) {
      const load = async () => {
        const doc = await pack.getDocument(raw._id);
        if (!doc) throw new Error(`${raw._id} is not in ${label}`);
        return doc;
      };
      this.raw(
        raw,
        documentName,
        `${raw.name ?? ""} (${label})`,
        async (c) => (await load()).update(c, SAVE_AS_GIVEN),
        {
          effect: async (id) => (await load()).effects?.get(id),
          item: async (id) => (await load()).items?.get(id),
        },
      );
    }
  }

  private raw(
    raw: RawFlagged,
    documentName: "Actor" | "Item",
    label: string,
    save: FlagMove["save"],
    embedded: {
      effect: (id: string) => Promise<LiveFlagged | undefined>;
      item: (id: string) => Promise<LiveFlagged | undefined>;
    },
  ): void {
    const owner = raw.type ? this.ownerOf({ documentName, type: raw.type }) : undefined;
    this.add(label, owner, documentName, polyverseOf(raw), save);
    const found = (doc: LiveFlagged | undefined, id: string) => {
      if (!doc) throw new Error(`${id} is not on ${label}`);
      return doc;
    };
    for (const e of raw.effects ?? []) {
      const saveEffect = async (c: object) =>
        found(await embedded.effect(e._id), e._id).update(c, SAVE_AS_GIVEN);
      this.add(`${e.name ?? ""} (${label})`, owner, "ActiveEffect", polyverseOf(e), saveEffect);
    }
    for (const i of raw.items ?? []) {
      const saveItem = async (c: object) => found(await embedded.item(i._id), i._id).update(c, SAVE_AS_GIVEN);
      this.raw(i, "Item", `${i.name ?? ""} (${label})`, saveItem, {
        effect: async (id) => found(await embedded.item(i._id), i._id).effects?.get(id),
        item: async () => undefined,
      });
    }
  }
}

/** Every world document's flags that the given rulesets move, read from the stored sources. */
async function collectMoves(
  registry: RulesetRegistry<PolyverseRuleset>,
  movers: Movers,
): Promise<FlagMove[]> {
  const moves = new FlagMoves(registry, movers);
  for (const actor of list<LiveFlagged>(game.actors)) moves.live(actor, "Actor");
  for (const item of list<LiveFlagged>(game.items)) moves.live(item, "Item");
  for (const combat of list<LiveFlagged>(game.combats)) {
    const owner = moves.ownerOf(combat);
    const label = combat.name || combat.id || "";
    moves.add(label, owner, "Combat", polyverseOf(combat._source), (c) => combat.update(c, SAVE_AS_GIVEN));
    for (const combatant of list<LiveFlagged>(combat.combatants)) {
      const name = `${combatant.name ?? ""} (${label})`;
      const save = (c: object) => combatant.update(c, SAVE_AS_GIVEN);
      moves.add(name, moves.ownerOf(combatant), "Combatant", polyverseOf(combatant._source), save);
    }
  }
  for (const scene of list<LiveFlagged>(game.scenes))
    for (const token of list<LiveFlagged>(scene.tokens)) moves.token(token, scene.name ?? "");
  for (const pack of list<FlagPack>(game.packs)) {
    if (pack.locked || pack.metadata.packageType !== "world") continue;
    if (pack.documentName !== "Actor" && pack.documentName !== "Item") continue;
    await moves.pack(pack);
  }
  return moves.moves;
}

/**
 * Move the legacy flags of the given rulesets into their namespaces on every world document that
 * keeps them. Each document is saved on its own, so one failure never stops the rest.
 */
export async function migrateLegacyFlags(
  registry: RulesetRegistry<PolyverseRuleset>,
  rulesetIds: readonly string[],
): Promise<WorldMigrationReport> {
  const report: WorldMigrationReport = { migrated: [], failed: [] };
  const movers: Movers = registry
    .list()
    .filter((r) => rulesetIds.includes(r.id) && r.legacyFlags)
    .map((r) => ({ id: r.id, legacy: r.legacyFlags! }));
  if (!movers.length) return report;
  for (const move of await collectMoves(registry, movers)) {
    try {
      await move.save(deletionUpdate(move.changes));
      report.migrated.push(move.name);
    } catch (error) {
      report.failed.push({ name: move.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
