// The world migration and the data models' bounds, through the built bundle against the stand-in:
// a world stored in the old shape is brought up to date with the difference only (never derived
// or Active-Effect values), valid current data is never changed by the migrations, and the models
// refuse what the rules do not allow.
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadBundle, type LoadedBundle } from "./load-bundle";

const g = globalThis as any;

const blankMode = {
  name: "",
  skill: "",
  test: "1S",
  damage: "",
  hands: 1,
  features: [],
  area: "",
  indirect: false,
  thrownDamage: "",
};

/** The world as the server stores it: written before schema 2, in the old shapes. */
const STORED = {
  actors: [
    {
      _id: "actorAnders00001",
      name: "Anders",
      type: "verses-character",
      system: {
        attributes: { smr: { value: 3, max: 5 }, prw: "2", tuf: 2, soc: 2 },
        hp: { value: 7, max: 10 },
        ad: { value: 3, max: 5 },
        modifiers: { ad: 0, hp: 0 },
      },
      items: [
        { _id: "itemRope00000001", name: "Rope", type: "verses-gear", system: { weight: "1,000g" } },
        {
          _id: "itemDagger000001",
          name: "Dagger",
          type: "verses-weapon",
          system: { weight: 0.5, modes: [blankMode] },
        },
      ],
    },
    {
      _id: "actorBenny000001",
      name: "Benny",
      type: "verses-character",
      system: { attributes: { smr: 2, prw: 2, tuf: 2, soc: 2 }, hp: { value: 10 } },
      items: [],
    },
  ],
  items: [
    {
      _id: "itemSword0000001",
      name: "Longsword",
      type: "verses-weapon",
      system: { weight: "1.5 kg", modes: [] },
    },
  ],
  scenes: [
    {
      _id: "sceneHarbour0001",
      name: "Harbour",
      tokens: [{ _id: "tokenGuard000001", delta: { system: { hp: { value: "4", max: 9 } } } }],
    },
  ],
};

let world: LoadedBundle;

/** What the server sends at load: documents built (and so migrated in memory) from the stored data. */
function buildWorld() {
  const Actor = g.CONFIG.Actor.documentClass;
  const Item = g.CONFIG.Item.documentClass;
  g.game.data = structuredClone(STORED);
  for (const raw of g.game.data.actors) {
    const actor = new Actor(structuredClone(raw));
    actor.statuses = new Set();
    actor.prepareData();
    // An Active Effect adding 5 HP, applied to the prepared data as Foundry does: never stored.
    actor.system.modifiers.hp += 5;
    g.game.actors.push(actor);
  }
  for (const raw of g.game.data.items) g.game.items.push(new Item(structuredClone(raw)));
  const token = {
    id: "tokenGuard000001",
    name: "Guard",
    actorLink: false,
    actor: { type: "verses-character" },
    _source: { delta: { system: { hp: { value: 4 } } } }, // migrated and cleaned on load
    update: async (changes: any, options: any) =>
      world.recorder.updates.push({ document: token, changes, options }),
  };
  g.game.scenes.push({ id: "sceneHarbour0001", name: "Harbour", tokens: [token] });
  const crate = { id: "packCrate0000001", name: "Crate", type: "verses-gear" } as any;
  crate.update = async (changes: any, options: any) =>
    world.recorder.updates.push({ document: crate, changes, options });
  g.game.packs.push(
    {
      collection: "world.homebrew",
      locked: false,
      documentName: "Item",
      metadata: { packageType: "world", label: "Homebrew", id: "world.homebrew" },
      getIndex: async ({ fields }: { fields: string[] }) =>
        fields.includes("system")
          ? [{ _id: "packCrate0000001", name: "Crate", type: "verses-gear", system: { weight: "12.000 g" } }]
          : [],
      getDocument: async (id: string) => (id === crate.id ? crate : undefined),
    },
    {
      collection: "world.locked",
      locked: true,
      documentName: "Item",
      metadata: { packageType: "world", label: "Locked" },
      getIndex: async () => {
        throw new Error("a locked compendium is not read");
      },
    },
  );
}

beforeAll(async () => {
  world = await loadBundle({
    stored: { "polyverse.schemaVersion": 1 },
    beforeImport: () => g.Hooks.once("setup", buildWorld),
  });
  await vi.waitFor(() => expect(world.recorder.settings.get("polyverse.schemaVersion")!.value).toBe(2));
});

const updatesOf = (name: string) =>
  world.recorder.updates.filter((u) => u.document.name === name).map((u) => u.changes);

describe("the world migration, on a world stored in the old shape", () => {
  it("saves world actors from their stored source, with the difference only", () => {
    expect(updatesOf("Anders")).toEqual([
      {
        "system.attributes.smr": 3,
        "system.attributes.prw": 2,
        "system.hp.-=max": null,
        "system.ad.spent": 2,
        "system.ad.-=value": null,
        "system.ad.-=max": null,
      },
    ]);
    expect(world.recorder.updates.every((u) => u.options.diff === false)).toBe(true);
    expect(updatesOf("Benny")).toEqual([]); // already current
  });
  it("never writes derived or Active-Effect values", () => {
    const sent = world.recorder.updates.flatMap((u) => Object.keys(u.changes));
    expect(sent.filter((k) => /modifiers|derived|effective|hpMax|adMax|\.max$|ad\.value/.test(k))).toEqual(
      [],
    );
    expect(g.game.actors[0].system.modifiers.hp).toBe(5); // the effect is still applied in memory
  });
  it("saves embedded items and world items", () => {
    expect(updatesOf("Rope")).toEqual([{ "system.weight": 1 }]);
    expect(updatesOf("Dagger")).toEqual([]);
    expect(updatesOf("Longsword")).toEqual([{ "system.weight": 1.5, "system.modes": [blankMode] }]);
  });
  it("saves unlinked tokens' actor deltas and unlocked world compendiums", () => {
    expect(updatesOf("Guard")).toEqual([{ "delta.system.hp.value": 4, "delta.system.hp.-=max": null }]);
    expect(updatesOf("Crate")).toEqual([{ "system.weight": 12 }]);
  });
  it("raises the schema version and says how many documents it saved", () => {
    expect(world.recorder.notifications.map((n) => n.message)).toContain(
      "Polyverse updated 5 documents to the current schema.",
    );
    expect(world.recorder.notifications.filter((n) => n.level === "error")).toEqual([]);
  });
});

// ---- valid current data is never changed by a migration ------------------------------------------

/** Any value the stand-in's field accepts, from its options (min, max, integer, choices, blank). */
function arbitrary(field: any): fc.Arbitrary<unknown> {
  const F = g.foundry.data.fields;
  const o = field.options;
  if (o.choices) {
    const choices = Array.isArray(o.choices) ? o.choices : Object.keys(o.choices);
    return fc.constantFrom(...choices);
  }
  if (field instanceof F.SchemaField)
    return fc.record(Object.fromEntries(Object.entries(field.fields).map(([k, f]) => [k, arbitrary(f)])));
  if (field instanceof F.ArrayField) return fc.array(arbitrary(field.element), { maxLength: 3 });
  if (field instanceof F.TypedObjectField)
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), arbitrary(field.element), { maxKeys: 3 });
  if (field instanceof F.NumberField) {
    const min = o.min ?? -1e6;
    const max = o.max ?? 1e6;
    return o.integer
      ? fc.integer({ min, max })
      : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
  }
  if (field instanceof F.BooleanField) return fc.boolean();
  if (field instanceof F.StringField)
    return fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("600g", "1,000g", "2", "1.5 kg"));
  return fc.constant(undefined);
}

describe("the migrations leave valid current data as it is", () => {
  const types = () =>
    [...Object.entries(g.CONFIG.Actor.dataModels), ...Object.entries(g.CONFIG.Item.dataModels)].filter(
      ([type]) => type.startsWith("verses-"),
    ) as [string, any][];

  it("covers every 'Verses document type", () => {
    expect(
      types()
        .map(([t]) => t)
        .sort(),
    ).toEqual(
      [
        "verses-ability",
        "verses-ammunition",
        "verses-armour",
        "verses-character",
        "verses-creature",
        "verses-gear",
        "verses-skill",
        "verses-society",
        "verses-species",
        "verses-vehicle",
        "verses-weapon",
      ].sort(),
    );
  });

  it("each model's migrateData runs the migrations of its own sub-type (bound from the registry)", () => {
    const model = (type: string) => types().find(([t]) => t === type)![1];
    const old = { smr: { value: 3, max: 5 }, prw: "4", tuf: 2, soc: 2 };
    for (const type of ["verses-character", "verses-creature"])
      expect(model(type).migrateData({ attributes: structuredClone(old) }).attributes, type).toEqual({
        smr: 3,
        prw: 4,
        tuf: 2,
        soc: 2,
      });
    expect(model("verses-gear").migrateData({ weight: "600g" }).weight).toBe(0.6);
    expect(model("verses-weapon").migrateData({ weight: "1.5 kg", modes: [blankMode] }).weight).toBe(1.5);
    expect(model("verses-skill").migrateData({ allocated: "2" }).allocated).toBe(2);
    // Another type's migrations do not apply: a society has no weight to convert.
    expect(model("verses-society").migrateData({ weight: "600g" }).weight).toBe("600g");
  });

  it("property: a random valid source of each type is unchanged by migrateData", () => {
    for (const [type, Model] of types()) {
      fc.assert(
        fc.property(arbitrary(Model.schema), (generated) => {
          const source = Model.cleanData(generated);
          fc.pre(!Model._check(source)); // valid, joint rules included
          expect(Model.migrateData(structuredClone(source)), type).toEqual(source);
        }),
        { numRuns: 150 },
      );
    }
  });
});

// ---- bounds -------------------------------------------------------------------------------------

const item = (type: string, name: string, system: Record<string, unknown> = {}) =>
  new g.CONFIG.Item.documentClass({ name, type, system });

function actor(type: string, name: string, system: Record<string, unknown>) {
  const a = new g.CONFIG.Actor.documentClass({ name, type, system });
  a.statuses = new Set();
  a.prepareData();
  return a;
}

describe("the data models bound what the rules bound", () => {
  const reload = { ...blankMode, features: [{ name: "Reload", value: "12AD" }] };
  it("a weapon has at least one mode: removing the last is refused; one stored without any gets the blank one", () => {
    const sword = item("verses-weapon", "Sword");
    expect(() => sword.system.updateSource({ modes: [] })).toThrow(/modes: a weapon has at least one mode/);
    expect(item("verses-weapon", "Old", { modes: [] }).system.modes).toEqual([blankMode]);
  });
  it("a magazine holds no more than the weapon does", () => {
    const musket = item("verses-weapon", "Musket", { modes: [reload] });
    musket.system.updateSource({ magazine: { loaded: 1 } });
    expect(() => musket.system.updateSource({ magazine: { loaded: 2 } })).toThrow(
      /magazine\.loaded \(2\) may not exceed the 1 rounds the weapon holds/,
    );
    const pistol = item("verses-weapon", "Pistol", { modes: [blankMode], magazine: { size: 6 } });
    expect(() => pistol.system.updateSource({ magazine: { loaded: 7 } })).toThrow(/magazine\.loaded \(7\)/);
  });
  it("modifiers stay within ±100 dice", () => {
    const anders = actor("verses-character", "Anders", {});
    expect(() => anders.system.updateSource({ modifiers: { dice: { all: 101 } } })).toThrow(
      /all: must be at most 100/,
    );
    expect(() => anders.system.updateSource({ modifiers: { ad: -101 } })).toThrow(
      /ad: must be at least -100/,
    );
    anders.system.updateSource({ modifiers: { dice: { all: -100 } } });
  });
  it("a vehicle's HP is never above its maximum; an ability's EX-bound dice never above its allocated dice", () => {
    const cart = actor("verses-vehicle", "Cart", { hp: { value: 8, max: 10 } });
    expect(() => cart.system.updateSource({ hp: { value: 11 } })).toThrow(
      /hp\.value \(11\) may not exceed hp\.max \(10\)/,
    );
    const metabolism = item("verses-ability", "Heightened Metabolism", { allocated: 2 });
    expect(() => metabolism.system.updateSource({ exBound: 3 })).toThrow(
      /exBound \(3\) may not exceed allocated \(2\)/,
    );
  });
  it("a character's HP is saved no higher than its maximum, and AD beyond its pool is not saved, with a warning", async () => {
    const anders = actor("verses-character", "Anders", { hp: { value: 6 } }); // HP max 10, AD 5
    const heal = { system: { hp: { value: 15 } } };
    await anders.system._preUpdate(heal, {}, g.game.user);
    expect(heal.system.hp.value).toBe(10);
    const spend = { "system.ad.spent": 6 };
    await anders.system._preUpdate(spend, {}, g.game.user);
    expect(spend).toEqual({});
    const warnings = world.recorder.notifications.filter((n) => n.level === "warn").map((n) => n.message);
    expect(warnings).toEqual([
      "HP 15 is above the maximum of 10: saved as 10.",
      "6 AD spent, EX-bound and reserved is more than the pool of 5 AD: that change was not saved.",
    ]);
  });
  it("Desperate Rally: HP lowered to its dice or below unbinds all EX, once when first brought low (setting desperateRallyTrigger)", async () => {
    const rally = {
      name: "Desperate Rally",
      type: "verses-ability",
      system: { key: "desperateRally", allocated: 1 },
    };
    const rex = (hp: number) => {
      const a = new g.CONFIG.Actor.documentClass({
        name: "Rex",
        type: "verses-character",
        system: { hp: { value: hp }, ad: { exBound: 1 } },
        items: [rally],
      });
      a.statuses = new Set();
      a.prepareData();
      return a;
    };
    // A blow from 6 HP to 1 that binds 1 EX on injury: all EX, that one included, are unbound.
    const blow = { system: { hp: { value: 1 }, ad: { exBound: 2 } } };
    await rex(6).system._preUpdate(blow, {}, g.game.user);
    expect(blow.system.ad.exBound).toBe(0);
    expect(world.recorder.notifications.at(-1)).toMatchObject({ level: "info" });
    expect(world.recorder.notifications.at(-1)!.message).toContain("Rex");
    // Already at 1 HP, hit to 0: by default the rally does not come again; at every loss, it does.
    const again = { "system.hp.value": 0 };
    await rex(1).system._preUpdate(again, {}, g.game.user);
    expect(again).toEqual({ "system.hp.value": 0 });
    await g.game.settings.set("polyverse", "verses.desperateRallyTrigger", "everyReduction");
    try {
      const every = { "system.hp.value": 0 };
      await rex(1).system._preUpdate(every, {}, g.game.user);
      expect(every).toEqual({ "system.hp.value": 0, system: { ad: { exBound: 0 } } });
    } finally {
      await g.game.settings.set("polyverse", "verses.desperateRallyTrigger", "crossing");
    }
  });
});

// ---- legacy flags move into the ruleset's namespace ----------------------------------------------

/** Flags as 'Verses kept them before namespaces, directly under `flags.polyverse`. */
const CHARMED = { charmed: { sourceId: "Actor.actorJee00000001" } };
const COURSE = { c1: { id: "c1", state: { continuation: 2 } } };
const TRAINING = { t1: { id: "t1", skill: "ridersMount", weeksDone: 1 } };
const WATCHING = { actorUuid: "Actor.x", name: "X", allAd: true, worldTime: 0, combatId: null, round: null };
const COVER = { kind: "partial", material: "Wood", hp: 4, whole: true };
const PAGE =
  "Compendium.polyverse.verses-rules.JournalEntry.TJJDXzNM8Eaz6MDt.JournalEntryPage.b4hLldZSqbBclLUP";

/** The schema version 'Verses' data is migrated to: its descriptor's, and at least 1 (its flags' move). */
const versesSchema = () => Math.max(1, Number(g.game.polyverse.registry.get("verses").schemaVersion) || 1);

describe("the world migration moves 'Verses' legacy flags into flags.polyverse.verses", () => {
  let flagWorld: LoadedBundle;
  /** Every live document of the stored world by name, with its stored source. */
  const sources = new Map<string, { flags: any }>();

  /** A live document whose `_source` is what the server stored; its updates are recorded. */
  function live(name: string, data: Record<string, unknown>) {
    const doc: any = {
      id: data._id,
      name,
      ...data,
      _source: structuredClone({ flags: data.flags, delta: data.delta }),
    };
    doc.update = async (changes: any, options: any) =>
      flagWorld.recorder.updates.push({ document: doc, changes, options });
    sources.set(name, doc._source);
    return doc;
  }

  function buildFlagWorld() {
    const Actor = g.CONFIG.Actor.documentClass;
    const stored = {
      _id: "actorIlse00000001",
      name: "Ilse",
      type: "verses-character",
      system: { attributes: { smr: 2, prw: 2, tuf: 2, soc: 2 } },
      flags: {
        polyverse: { conditions: CHARMED, continuous: COURSE, training: TRAINING, watching: WATCHING },
        core: { sheetLock: true },
      },
    };
    g.game.data = { actors: [stored], items: [], scenes: [] };
    const ilse = new Actor(structuredClone(stored));
    ilse.statuses = new Set(["charmed"]);
    ilse.prepareData();
    sources.set("Ilse", ilse._source);
    ilse.effects = [
      live("Charmed", {
        _id: "effCharmed000001",
        documentName: "ActiveEffect",
        flags: { polyverse: { condition: "charmed", reference: PAGE } },
      }),
    ];
    // Written after the move already: nothing to send.
    const kit = new Actor({
      _id: "actorKit00000001",
      name: "Kit",
      type: "verses-character",
      system: {},
      flags: { polyverse: { verses: { conditions: CHARMED } } },
    });
    kit.statuses = new Set();
    // Another ruleset's (unregistered) actor keeps whatever it has.
    const stranger = new Actor({ _id: "actorHero0000001", name: "Hero", type: "tales-hero", flags: {} });
    stranger.flags = { polyverse: { conditions: { x: 1 } } };
    g.game.actors.push(ilse, kit, stranger);

    const combat = new g.CONFIG.Combat.documentClass({
      _id: "combatFlags00001",
      name: "Skirmish",
      flags: { polyverse: { round: 3 } },
    });
    combat.combatants = [
      live("Ilse's combatant", {
        _id: "cbtIlse000000001",
        documentName: "Combatant",
        type: "base",
        actor: ilse,
        flags: {
          polyverse: {
            initiative: { faces: [6, 5], rerolls: [], taSpent: 0, taPlaces: 0 },
            turn: { round: 3 },
          },
        },
      }),
    ];
    g.game.combats = [combat];

    const linked = live("Ilse's token", {
      _id: "tokenIlse0000001",
      documentName: "Token",
      actorLink: true,
      actor: ilse,
      flags: { polyverse: { cover: COVER } },
    });
    const proneEffect = live("Prone (delta)", { _id: "effProne00000001", documentName: "ActiveEffect" });
    const guard = live("Guard", {
      _id: "tokenGuard000002",
      documentName: "Token",
      actorLink: false,
      actor: { documentName: "Actor", type: "verses-creature", effects: { get: () => proneEffect } },
      flags: {},
      delta: {
        flags: { polyverse: { conditions: { prone: {} } } },
        effects: [{ _id: "effProne00000001", name: "Prone", flags: { polyverse: { condition: "prone" } } }],
      },
    });
    g.game.scenes.push({ id: "sceneFlags000001", name: "Dock", tokens: [linked, guard] });

    const wolf = live("Wolf (Bestiary)", { _id: "packWolf00000001" });
    const wolfBite = live("Bite (Wolf)", { _id: "effBite000000001" });
    wolf.effects = { get: (id: string) => (id === "effBite000000001" ? wolfBite : undefined) };
    g.game.packs.push({
      collection: "world.bestiary",
      locked: false,
      documentName: "Actor",
      metadata: { packageType: "world", label: "Bestiary", id: "world.bestiary" },
      getIndex: async ({ fields }: { fields: string[] }) => [
        {
          _id: "packWolf00000001",
          name: "Wolf",
          type: "verses-creature",
          ...(fields.includes("system") ? { system: {} } : {}),
          ...(fields.includes("flags") ? { flags: { polyverse: { training: TRAINING } } } : {}),
          ...(fields.includes("effects")
            ? {
                effects: [
                  { _id: "effBite000000001", name: "Bite", flags: { polyverse: { reference: PAGE } } },
                ],
              }
            : {}),
        },
      ],
      getDocument: async (id: string) => (id === "packWolf00000001" ? wolf : undefined),
    });
  }

  beforeAll(async () => {
    flagWorld = await loadBundle({
      stored: { "polyverse.schemaVersion": 2 },
      beforeImport: () => g.Hooks.once("setup", buildFlagWorld),
    });
    await vi.waitFor(() =>
      expect(flagWorld.recorder.settings.get("polyverse.rulesetSchemas")!.value).toMatchObject({
        verses: versesSchema(),
      }),
    );
  });

  const sent = (name: string) =>
    flagWorld.recorder.updates.filter((u) => u.document.name === name).map((u) => u.changes);
  /** A document's stored flags with what the migration sent applied, as the server would. */
  const after = (name: string, root = "flags") => {
    const source = structuredClone(sources.get(name)!) as any;
    for (const changes of sent(name))
      g.foundry.utils.mergeObject(source, changes, { performDeletions: true });
    return root === "flags" ? source.flags : g.foundry.utils.getProperty(source, root);
  };

  it("moves an actor's conditions, continuous tests, training and Watch, sending only those keys", () => {
    expect(sent("Ilse")).toEqual([
      {
        "flags.polyverse.verses.conditions": CHARMED,
        "flags.polyverse.-=conditions": null,
        "flags.polyverse.verses.continuous": COURSE,
        "flags.polyverse.-=continuous": null,
        "flags.polyverse.verses.training": TRAINING,
        "flags.polyverse.-=training": null,
        "flags.polyverse.verses.watching": WATCHING,
        "flags.polyverse.-=watching": null,
      },
    ]);
    expect(after("Ilse")).toEqual({
      polyverse: {
        verses: { conditions: CHARMED, continuous: COURSE, training: TRAINING, watching: WATCHING },
      },
      core: { sheetLock: true },
    });
    expect(flagWorld.recorder.updates.every((u) => u.options.diff === false)).toBe(true);
  });

  it("moves an effect's condition marker, a combat's round and a combatant's turn order and turn", () => {
    expect(after("Charmed")).toEqual({ polyverse: { verses: { condition: "charmed", reference: PAGE } } });
    expect(sent("Skirmish")).toEqual([
      { "flags.polyverse.verses.round": 3, "flags.polyverse.-=round": null },
    ]);
    expect(after("Ilse's combatant")).toEqual({
      polyverse: {
        verses: { initiative: { faces: [6, 5], rerolls: [], taSpent: 0, taPlaces: 0 }, turn: { round: 3 } },
      },
    });
  });

  it("moves a token's cover, and an unlinked token's actor delta flags and effects", () => {
    expect(after("Ilse's token")).toEqual({ polyverse: { verses: { cover: COVER } } });
    expect(sent("Guard")).toEqual([
      {
        "delta.flags.polyverse.verses.conditions": { prone: {} },
        "delta.flags.polyverse.-=conditions": null,
      },
    ]);
    expect(sent("Prone (delta)")).toEqual([
      { "flags.polyverse.verses.condition": "prone", "flags.polyverse.-=condition": null },
    ]);
  });

  it("moves the flags of an unlocked world compendium's actors and their effects", () => {
    expect(sent("Wolf (Bestiary)")).toEqual([
      { "flags.polyverse.verses.training": TRAINING, "flags.polyverse.-=training": null },
    ]);
    expect(sent("Bite (Wolf)")).toEqual([
      { "flags.polyverse.verses.reference": PAGE, "flags.polyverse.-=reference": null },
    ]);
  });

  it("leaves what is moved already, and other rulesets' documents, as they are", () => {
    expect(sent("Kit")).toEqual([]);
    expect(sent("Hero")).toEqual([]);
    expect(flagWorld.recorder.notifications.filter((n) => n.level === "error")).toEqual([]);
  });

  it("runs once: the ruleset's schema version is recorded, so the next start sends nothing", async () => {
    const count = flagWorld.recorder.updates.length;
    // The next start: the same stored world, with the version the first start recorded.
    const next = await loadBundle({
      stored: { "polyverse.schemaVersion": 2, "polyverse.rulesetSchemas": { verses: versesSchema() } },
      beforeImport: () => g.Hooks.once("setup", buildFlagWorld),
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(next.recorder.updates).toEqual([]);
    expect(flagWorld.recorder.updates.length).toBe(count);
  });
});
