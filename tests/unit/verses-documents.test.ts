import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import { hasKey } from "../lib/i18n";
import { ROOT } from "../lib/paths";
import { DOG_SOURCE, HORSE_SOURCE, livingSource, skillSource } from "../lib/verses-sources";
import type { SkillSource } from "../../src/rulesets/verses/data/convert";
import { messageKeys, type I18nMessage } from "../../src/rulesets/verses/base/conditions-logic";
import type { RulesetDescriptor } from "../../src/core/registry";
import type { PolyverseRuleset } from "../../src/core/ruleset";
import {
  applySpecialisation,
  getChange,
  planItemDrop,
  planSpeciesDrop,
  validateActorUpdate,
  validateItemCreate,
  validateItemDelete,
  validateItemUpdate,
  type ActorSnapshot,
  type DropPlan,
  type ItemSnapshot,
} from "../../src/rulesets/verses/data/documents-logic";

const { lang } = mergeLanguage(join(ROOT, "lang", "en")) as { lang: Record<string, unknown> };
const seen: I18nMessage[] = [];
/** The key of a message, recorded so that the last test can check every key exists. */
const key = (m: I18nMessage | undefined): string => {
  if (m) seen.push(m);
  return m?.key.replace("POLYVERSE.Verses.Validation.", "") ?? "";
};
const keys = (ms: readonly I18nMessage[]) => ms.map(key);

let nextId = 0;
const skill = (name: string, overrides: Partial<SkillSource> = {}): ItemSnapshot => ({
  _id: `skill${++nextId}`,
  name,
  type: "verses-skill",
  system: skillSource({ skill: name, ...overrides }) as unknown as Record<string, unknown>,
});
const ability = (name: string, system: Record<string, unknown> = {}): ItemSnapshot => ({
  _id: `ability${++nextId}`,
  name,
  type: "verses-ability",
  system: { key: "", allocated: 1, extrinsic: false, exBound: 0, actorKinds: [], ...system },
});
const species = (name: string, system: object): ItemSnapshot => ({
  _id: `species${++nextId}`,
  name,
  type: "verses-species",
  system: system as Record<string, unknown>,
});
const byDefault = (skillName: string) =>
  ({ kind: "skill", attribute: "smr", ability: "", skill: skillName, spec: "" }) as const;

function character(
  items: ItemSnapshot[] = [],
  attributes = { smr: 2, prw: 2, tuf: 2, soc: 2 },
): ActorSnapshot {
  return {
    type: "verses-character",
    name: "Anders",
    system: { ...livingSource({ attributes }), nativeTec: 1 } as unknown as Record<string, unknown>,
    items,
    statuses: new Set(),
    flags: {},
  };
}

/** Ten allocated skills: a Human with SMR 2 has Skillfulness SMR × 5 = 10 (TV-C17). */
const tenSkills = () => Array.from({ length: 10 }, (_, i) => skill(`Craft ${i + 1}`, { allocated: 1 }));

describe("core attributes are never set below 1 (preUpdateActor)", () => {
  it("0 is saved as 1 with a warning; the update's other changes are kept", () => {
    const r = validateActorUpdate(character(), {
      name: "Anders the Bold",
      system: { attributes: { smr: 0, prw: 3 }, hp: { value: 7 } },
    });
    expect(r.changes).toEqual({
      name: "Anders the Bold",
      system: { attributes: { smr: 1, prw: 3 }, hp: { value: 7 } },
    });
    expect(keys(r.warnings)).toEqual(["AttributeBelowMin"]);
    expect(r.warnings[0]!.data).toMatchObject({ value: 0, corrected: 1 });
    expect(r.refuse).toBe(false);
  });

  it("works on flattened keys too: -2 → 1, 7 → 5, 2.6 → 3, text dropped", () => {
    const r = validateActorUpdate(character(), {
      "system.attributes.smr": -2,
      "system.attributes.prw": 7,
      system: { attributes: { tuf: 2.6 } },
      "system.attributes.soc": "lots",
    });
    expect(getChange(r.changes, "system.attributes.smr").value).toBe(1);
    expect(getChange(r.changes, "system.attributes.prw").value).toBe(5);
    expect(getChange(r.changes, "system.attributes.tuf").value).toBe(3);
    expect(getChange(r.changes, "system.attributes.soc").found).toBe(false);
    expect(keys(r.warnings)).toEqual([
      "AttributeBelowMin",
      "AttributeAboveMax",
      "AttributeWhole",
      "AttributeNotANumber",
    ]);
  });

  it("a valid change passes untouched; an update left empty is refused", () => {
    const ok = validateActorUpdate(character(), { system: { attributes: { smr: 3 } } });
    expect(ok).toEqual({ changes: { system: { attributes: { smr: 3 } } }, warnings: [], refuse: false });
    const empty = validateActorUpdate(character(), { _id: "a1", "system.attributes.smr": "none" });
    expect(empty.refuse).toBe(true);
  });

  it("SMR 2 → 1 takes Skillfulness from 10 to 5: refused with 10 skills allocated, allowed with 5", () => {
    const full = validateActorUpdate(character(tenSkills()), {
      system: { attributes: { smr: 1 }, hp: { value: 9 } },
    });
    expect(getChange(full.changes, "system.attributes.smr").found).toBe(false);
    expect(getChange(full.changes, "system.hp.value").value).toBe(9);
    expect(keys(full.warnings)).toEqual(["AttributeSkillfulness"]);
    expect(full.warnings[0]!.data).toMatchObject({ sk: 5, used: 10 });
    const five = validateActorUpdate(character(tenSkills().slice(0, 5)), {
      system: { attributes: { smr: 1 } },
    });
    expect(five.warnings).toEqual([]);
    expect(getChange(five.changes, "system.attributes.smr").value).toBe(1);
  });

  it("does not touch vehicles or societies", () => {
    const vehicle = { ...character(), type: "verses-vehicle" };
    expect(validateActorUpdate(vehicle, { system: { tuf: 0 } }).warnings).toEqual([]);
  });
});

describe("Skillfulness and the species' Language die (setting skillfulnessSpeciesLanguage)", () => {
  // The Human: "The actor has 1 die allocated to any Language » * skill" (Languages) and
  // "Skillfulness SMR × 5" (SMR 2: 10). "The maximum number of skills an actor may allocate is given
  // by the Skillfulness derived attribute" (Skills) counts it; "an actor's maximum number of skills
  // that can be allocated with refinement dice" (Derived Attributes) does not.
  const common = () =>
    skill("Language", { spec: "Common", repeatable: true, allocated: 1, fromSpecies: true });
  const nine = () => tenSkills().slice(0, 9);
  const counted = { skillfulness: { countSpeciesSkills: true } };
  const notCounted = { skillfulness: { countSpeciesSkills: false } };

  it("Language » Common from the species + 9 skills: a tenth is refused when the Language counts (default), allowed when not", () => {
    const tenth = skill("Athletics");
    const actor = character([common(), ...nine(), tenth]);
    const r = validateItemUpdate(actor, tenth, { system: { allocated: 1 } });
    expect(keys(r.warnings)).toEqual(["Skillfulness"]);
    expect(r.warnings[0]!.data).toMatchObject({ sk: 10, used: 10 });
    expect(keys(validateItemUpdate(actor, tenth, { system: { allocated: 1 } }, counted).warnings)).toEqual([
      "Skillfulness",
    ]);
    expect(validateItemUpdate(actor, tenth, { system: { allocated: 1 } }, notCounted).warnings).toEqual([]);
    expect(
      validateItemCreate(character([common(), ...nine()]), skill("Athletics", { allocated: 1 }), notCounted)
        .warnings,
    ).toEqual([]);
  });

  it("SMR 2 → 1 (SK 5) with the species' Language and 5 skills: kept at 2 when the Language counts, allowed when not", () => {
    const actor = character([common(), ...tenSkills().slice(0, 5)]);
    const change = { system: { attributes: { smr: 1 } } };
    const r = validateActorUpdate(actor, change, counted);
    expect(keys(r.warnings)).toEqual(["AttributeSkillfulness"]);
    expect(r.warnings[0]!.data).toMatchObject({ sk: 5, used: 6 });
    const free = validateActorUpdate(actor, change, notCounted);
    expect(free.warnings).toEqual([]);
    expect(getChange(free.changes, "system.attributes.smr").value).toBe(1);
  });
});

describe("allocating skills (preUpdateItem): defaults, prerequisites, Skillfulness", () => {
  const shipSystems = () => skill("Ship Systems", { allocated: 0, difficulty: 2 });
  const stellar = () => skill("Stellar Navigation", { default: byDefault("Ship Systems"), difficulty: 3 });

  it('"A skill\'s default ... must be allocated with at least 1 die before the skill may be allocated"', () => {
    const nav = stellar();
    const r = validateItemUpdate(character([shipSystems(), nav]), nav, { "system.allocated": 2 });
    expect(keys(r.warnings)).toEqual(["SkillNeedsDefault"]);
    expect(r.warnings[0]!.data).toMatchObject({ skill: "Stellar Navigation", needed: "Ship Systems" });
    expect(getChange(r.changes, "system.allocated").found).toBe(false);
    expect(r.refuse).toBe(true);

    const ship = { ...shipSystems(), system: { ...shipSystems().system, allocated: 1 } };
    const ok = validateItemUpdate(character([ship, nav]), nav, { "system.allocated": 2 });
    expect(ok.warnings).toEqual([]);
    expect(ok.changes).toEqual({ "system.allocated": 2 });
  });

  it("prerequisites too (Pharmacology needs Chemistry), keeping the update's other changes", () => {
    const biology = skill("Biology", { allocated: 2 });
    const chemistry = skill("Chemistry");
    const pharmacology = skill("Pharmacology", {
      default: byDefault("Biology"),
      prerequisites: [{ kind: "skill", name: "Chemistry", spec: "" }],
    });
    const r = validateItemUpdate(character([biology, chemistry, pharmacology]), pharmacology, {
      system: { allocated: 1, notes: "from the guild" },
    });
    expect(keys(r.warnings)).toEqual(["SkillNeedsPrerequisite"]);
    expect(r.changes).toEqual({ system: { notes: "from the guild" } });
    expect(r.refuse).toBe(false);
  });

  it("Skillfulness SMR × 5 = 10: an eleventh skill is refused, raising an allocated one is not", () => {
    const skills = tenSkills();
    const eleventh = skill("Athletics");
    const actor = character([...skills, eleventh]);
    const r = validateItemUpdate(actor, eleventh, { system: { allocated: 1 } });
    expect(keys(r.warnings)).toEqual(["Skillfulness"]);
    expect(r.warnings[0]!.data).toMatchObject({ sk: 10, used: 10 });
    expect(r.refuse).toBe(true);
    const raise = validateItemUpdate(actor, skills[0]!, { system: { allocated: 3 } });
    expect(raise.warnings).toEqual([]);
    // SMR 3 gives SK 15: the eleventh fits.
    const smart = character([...skills, eleventh], { smr: 3, prw: 2, tuf: 2, soc: 2 });
    expect(validateItemUpdate(smart, eleventh, { system: { allocated: 1 } }).warnings).toEqual([]);
  });

  it("stops at the highest allowed value: 5 dice at most", () => {
    const athletics = skill("Athletics", { allocated: 4 });
    const r = validateItemUpdate(character([athletics]), athletics, { system: { allocated: 7 } });
    expect(keys(r.warnings)).toEqual(["SkillMax"]);
    expect(r.changes).toEqual({ system: { allocated: 5 } });
  });

  it("a skill above the world's and the actor's TEC cannot be allocated", () => {
    const engines = skill("Steam Engines", { tec: "3" });
    const r = validateItemUpdate(
      character([engines]),
      engines,
      { system: { allocated: 1 } },
      { settingTec: 1 },
    );
    expect(keys(r.warnings)).toEqual(["SkillTec"]);
    expect(r.warnings[0]!.data).toMatchObject({ tec: 3, available: 1 });
    expect(
      validateItemUpdate(character([engines]), engines, { system: { allocated: 1 } }, { settingTec: 3 })
        .warnings,
    ).toEqual([]);
    expect(validateItemUpdate(character([engines]), engines, { system: { allocated: 1 } }).warnings).toEqual(
      [],
    );
  });

  it("a repeatable skill cannot be allocated unspecialised", () => {
    const language = skill("Language", { repeatable: true });
    const r = validateItemUpdate(character([language]), language, { system: { allocated: 1 } });
    expect(keys(r.warnings)).toEqual(["SkillUnspecialised"]);
  });

  it("a default still needed keeps 1 die, and cannot be deleted", () => {
    const ship = skill("Ship Systems", { allocated: 1 });
    const nav = skill("Stellar Navigation", { default: byDefault("Ship Systems"), allocated: 2 });
    const actor = character([ship, nav]);
    const r = validateItemUpdate(actor, ship, { system: { allocated: 0 } });
    expect(keys(r.warnings)).toEqual(["StillNeeded"]);
    expect(r.warnings[0]!.data).toMatchObject({ dependents: ["Stellar Navigation"] });
    expect(r.changes).toEqual({ system: { allocated: 1 } });
    const d = validateItemDelete(actor, ship);
    expect(d.refuse).toBe(true);
    expect(keys(d.warnings)).toEqual(["StillNeededDelete"]);
    expect(validateItemDelete(actor, nav).refuse).toBe(false);
  });

  it("an ability a skill's root default needs keeps 1 die (Call » Flame needs Channel Power)", () => {
    const power = ability("Channel Power", { key: "channelPower", allocated: 1 });
    const call = skill("Call", {
      spec: "Flame",
      repeatable: true,
      default: { kind: "ability", attribute: "smr", ability: "Channel Power", skill: "", spec: "" },
      allocated: 1,
    });
    const r = validateItemUpdate(character([power, call]), power, { system: { allocated: 0 } });
    expect(keys(r.warnings)).toEqual(["StillNeeded"]);
    expect(r.warnings[0]!.data).toMatchObject({ dependents: ["Call » Flame"] });
  });

  it("a Family » * prerequisite is kept by any other allocated specialisation", () => {
    const swords = skill("Weapons", { spec: "Swords", repeatable: true, allocated: 1 });
    const axes = skill("Weapons", { spec: "Axes", repeatable: true, allocated: 1 });
    const twf = skill("Two Weapon Fighting", {
      prerequisites: [{ kind: "skill", name: "Weapons", spec: "*" }],
      allocated: 1,
    });
    expect(
      validateItemUpdate(character([swords, axes, twf]), swords, { system: { allocated: 0 } }).warnings,
    ).toEqual([]);
    expect(
      keys(validateItemUpdate(character([swords, twf]), swords, { system: { allocated: 0 } }).warnings),
    ).toEqual(["StillNeeded"]);
  });
});

describe("creating items on 'Verses actors (preCreateItem)", () => {
  it("refuses another ruleset's items, types the actor does not take, a second species, duplicates", () => {
    const actor = character([species("Human", DOG_SOURCE), skill("Athletics")]);
    const other = { name: "Chainsword", type: "maelstrom-weapon", system: {} };
    expect(keys(validateItemCreate(actor, other).warnings)).toEqual(["OtherRuleset"]);
    expect(validateItemCreate(actor, other).refuse).toBe(true);
    const vehicle = { ...character(), type: "verses-vehicle" };
    expect(keys(validateItemCreate(vehicle, species("Dog", DOG_SOURCE)).warnings)).toEqual(["NotForActor"]);
    expect(keys(validateItemCreate(actor, species("Horse", HORSE_SOURCE)).warnings)).toEqual([
      "SpeciesExists",
    ]);
    expect(keys(validateItemCreate(actor, skill("Athletics")).warnings)).toEqual(["SkillDuplicate"]);
    expect(validateItemCreate(actor, { name: "Rope", type: "verses-gear", system: {} }).refuse).toBe(false);
  });

  it("a skill arriving with allocated dice is checked like an allocation and corrected", () => {
    const nav = skill("Stellar Navigation", { default: byDefault("Ship Systems"), allocated: 3 });
    const r = validateItemCreate(character([skill("Ship Systems")]), nav);
    expect(keys(r.warnings)).toEqual(["SkillNeedsDefault"]);
    expect(r.changes).toEqual({ system: { allocated: 0 } });
    expect(r.refuse).toBe(false);
  });

  it("abilities: no duplicate; an intrinsic ability of another actor kind needs to be extrinsic", () => {
    const actor = character([ability("Sturdy", { key: "sturdy" })]);
    expect(keys(validateItemCreate(actor, ability("Sturdy", { key: "sturdy" })).warnings)).toEqual([
      "AbilityDuplicate",
    ]);
    const constructOnly = ability("Self Repair", { actorKinds: ["construct"] });
    expect(keys(validateItemCreate(actor, constructOnly).warnings)).toEqual(["AbilityKind"]);
    expect(
      validateItemCreate(actor, { ...constructOnly, system: { ...constructOnly.system, extrinsic: true } })
        .refuse,
    ).toBe(false);
  });
});

describe("dropping items on an actor sheet", () => {
  const created = (plan: DropPlan) => {
    expect(plan.kind).toBe("create");
    return plan.kind === "create" ? plan.data : undefined;
  };

  it("weapons, armour, abilities and skills are added; another ruleset's items are refused", () => {
    const actor = character();
    const sword = { name: "Arming Sword", type: "verses-weapon", system: { tec: 1 } };
    expect(created(planItemDrop(actor, sword))?.name).toBe("Arming Sword");
    expect(created(planItemDrop(actor, { name: "Mail", type: "verses-armour", system: {} }))?.type).toBe(
      "verses-armour",
    );
    expect(created(planItemDrop(actor, ability("Sturdy")))?.type).toBe("verses-ability");
    expect(created(planItemDrop(actor, skill("Athletics")))?.type).toBe("verses-skill");
    const refused = planItemDrop(actor, { name: "Lasgun", type: "maelstrom-weapon", system: {} });
    expect(refused.kind === "refuse" && key(refused.message)).toBe("OtherRuleset");
    const society = { ...character(), type: "verses-society" };
    const noGear = planItemDrop(society, { name: "Rope", type: "verses-gear", system: {} });
    expect(noGear.kind === "refuse" && key(noGear.message)).toBe("NotForActor");
  });

  it("a repeatable skill asks for its specialisation, stored in system.spec and the name", () => {
    const weapons = skill("Weapons", { repeatable: true, specialisationHint: "1 weapon type" });
    const plan = planItemDrop(character(), weapons);
    expect(plan.kind).toBe("specialisation");
    if (plan.kind !== "specialisation") return;
    expect(plan.dialog.hint).toBe("1 weapon type");
    expect(plan.dialog.title.data).toEqual({ skill: "Weapons" });
    seen.push(plan.dialog.title, plan.dialog.label);
    const applied = applySpecialisation(plan.data, "  Swords ");
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect(applied.data.name).toBe("Weapons » Swords");
    expect(applied.data.system).toMatchObject({ skill: "Weapons", spec: "Swords", repeatable: true });
    expect(created(planItemDrop(character(), applied.data))?.name).toBe("Weapons » Swords");
    // A fixed specialisation (compendium's Weapons » Swords) asks nothing.
    expect(planItemDrop(character(), applied.data).kind).toBe("create");
    // The same specialisation twice is refused.
    const again = planItemDrop(character([{ ...applied.data, _id: "w1" }]), applied.data);
    expect(again.kind === "refuse" && key(again.message)).toBe("SkillDuplicate");
  });

  it("a blank or wildcard specialisation is refused", () => {
    const weapons = skill("Weapons", { repeatable: true });
    const blank = applySpecialisation(weapons, "  ");
    expect(!blank.ok && key(blank.message)).toBe("Specialisation.Blank");
    const star = applySpecialisation(weapons, "*");
    expect(!star.ok && key(star.message)).toBe("Specialisation.Invalid");
    const chevron = applySpecialisation(weapons, "Swords » Sabres");
    expect(!chevron.ok && key(chevron.message)).toBe("Specialisation.Invalid");
  });
});

describe("dropping a species", () => {
  it("TV-C17 Human (2, 2, 2, 2) to Dog: attributes and kind set without asking", () => {
    const plan = planSpeciesDrop(character(), species("Dog", DOG_SOURCE));
    expect(plan.kind).toBe("species");
    if (plan.kind !== "species") return;
    expect(plan.plan.confirm).toBeUndefined();
    expect(plan.plan.deleteIds).toEqual([]);
    expect(plan.plan.update).toEqual({
      system: { kind: "biological", attributes: { smr: 2, prw: 2, tuf: 2, soc: 3 } },
    });
  });

  it("replaces the previous species and asks before overwriting changed attributes", () => {
    const dog = species("Dog", DOG_SOURCE);
    const actor = character([dog], { smr: 2, prw: 3, tuf: 2, soc: 3 });
    const plan = planSpeciesDrop(actor, species("Horse", HORSE_SOURCE));
    expect(plan.kind).toBe("species");
    if (plan.kind !== "species") return;
    expect(plan.plan.deleteIds).toEqual([dog._id]);
    expect(plan.plan.update).toEqual({
      system: { kind: "biological", attributes: { smr: 2, prw: 2, tuf: 3, soc: 2 } },
    });
    expect(plan.plan.keepUpdate).toEqual({ system: { kind: "biological" } });
    expect(key(plan.plan.confirm?.question)).toBe("Species.Question");
    expect(plan.plan.confirm?.question.data).toMatchObject({ previous: "Dog", species: "Horse" });
    seen.push(plan.plan.confirm!.title);
  });

  it("warns when the new species' Skillfulness is under the skills allocated (Dog: SK = SMR × 2 = 4)", () => {
    const plan = planSpeciesDrop(character(tenSkills()), species("Dog", DOG_SOURCE));
    expect(plan.kind === "species" && keys(plan.plan.warnings)).toEqual(["SpeciesSkillfulness"]);
    expect(plan.kind === "species" && plan.plan.warnings[0]!.data).toMatchObject({ sk: 4, used: 10 });
    const human = planSpeciesDrop(
      character(tenSkills(), { smr: 2, prw: 2, tuf: 2, soc: 2 }),
      species("Human", {
        ...DOG_SOURCE,
        key: "human",
        core: { smr: 2, prw: 2, tuf: 2, soc: 2 },
        derived: { ad: "", cn: "", hp: "", maxCarry: "", mv: "", sk: "" },
      }),
    );
    expect(human.kind === "species" && human.plan.warnings).toEqual([]);
  });

  it("the species the actor already has is refused; a vehicle takes none", () => {
    const dog = species("Dog", DOG_SOURCE);
    const same = planSpeciesDrop(character([dog]), species("Dog", DOG_SOURCE));
    expect(same.kind === "refuse" && key(same.message)).toBe("SpeciesSame");
    const vehicle = planItemDrop({ ...character(), type: "verses-vehicle" }, species("Dog", DOG_SOURCE));
    expect(vehicle.kind === "refuse" && key(vehicle.message)).toBe("NotForActor");
  });
});

describe("every message these checks produce is localised", () => {
  it("has its key, and its nested keys, in lang/en", () => {
    expect(seen.length).toBeGreaterThan(20);
    const missing = seen.flatMap(messageKeys).filter((k) => !hasKey(lang, k));
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe("the Foundry glue, against a minimal stand-in of game, ui and foundry", () => {
  const g = globalThis as unknown as Record<string, unknown>;
  const warnings: string[] = [];
  const calls: { method: string; args: unknown[] }[] = [];
  let answer: unknown = null;
  const i18n = {
    localize: (k: string) => {
      let node: unknown = lang;
      for (const part of k.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
      return typeof node === "string" ? node : k;
    },
    format(k: string, data: Record<string, string>) {
      return this.localize(k).replace(/\{(\w+)\}/g, (m, x: string) => data[x] ?? m);
    },
  };
  const install = () => {
    warnings.length = 0;
    calls.length = 0;
    g.game = { user: { id: "u1" }, i18n, settings: { get: () => 1 } };
    g.ui = { notifications: { warn: (m: string) => warnings.push(m) } };
    g.foundry = {
      utils: { escapeHTML: (s: string) => s },
      applications: { api: { DialogV2: { prompt: async () => answer, wait: async () => answer } } },
    };
  };
  const uninstall = () => {
    delete g.game;
    delete g.ui;
    delete g.foundry;
  };
  const doc = (snapshot: ItemSnapshot) => ({
    ...snapshot,
    id: snapshot._id,
    toObject: () => JSON.parse(JSON.stringify({ ...snapshot, flags: { polyverse: { credit: "x" } } })),
  });
  const fakeActor = (snapshot: ActorSnapshot) => ({
    documentName: "Actor",
    type: snapshot.type,
    name: snapshot.name,
    items: snapshot.items.map(doc),
    statuses: new Set<string>(),
    toObject: () => ({ type: snapshot.type, name: snapshot.name, system: snapshot.system, flags: {} }),
    createEmbeddedDocuments: async (...args: unknown[]) => {
      calls.push({ method: "create", args });
      return (args[1] as unknown[]).map((d) => d);
    },
    deleteEmbeddedDocuments: async (...args: unknown[]) => calls.push({ method: "delete", args }),
    update: async (...args: unknown[]) => calls.push({ method: "update", args }),
  });

  it("preUpdateActor corrects the change object in place and warns", async () => {
    install();
    try {
      const { onVersesPreUpdateActor } = await import("../../src/rulesets/verses/documents/documents");
      const changes: Record<string, unknown> = { system: { attributes: { smr: 0 } }, name: "B" };
      const actor = fakeActor(character()) as unknown as Actor.Implementation;
      expect(onVersesPreUpdateActor(actor, changes, {}, "u1")).toBeUndefined();
      expect(changes).toEqual({ system: { attributes: { smr: 1 } }, name: "B" });
      expect(warnings).toEqual([
        "SMR cannot be set to 0: core attributes are never set below 1 (only conditions lower them). Saved as 1.",
      ]);
      const other: Record<string, unknown> = { "system.attributes.smr": "x" };
      expect(onVersesPreUpdateActor(actor, other, {}, "u1")).toBe(false);
    } finally {
      uninstall();
    }
  });

  it("the item hooks: update and delete by owner ('Verses items), create sees every item on a 'Verses actor", async () => {
    install();
    const hooks = new Map<string, (...args: unknown[]) => unknown>();
    const before = g.Hooks;
    g.Hooks = { on: (hook: string, fn: (...args: unknown[]) => unknown) => (hooks.set(hook, fn), 1) };
    try {
      const { RulesetRegistry } = await import("../../src/core/registry");
      const { setRegistry } = await import("../../src/core/active");
      const registry = new RulesetRegistry<PolyverseRuleset>("verses");
      const described = (id: string, types: RulesetDescriptor["types"]) =>
        ({ id, label: id, credit: id, rules: {}, types }) as PolyverseRuleset;
      registry.register(
        described("verses", {
          Actor: { "verses-character": { model: 1 } },
          Item: { "verses-skill": { model: 1 }, "verses-gear": { model: 1 } },
        } as unknown as RulesetDescriptor["types"]),
      );
      registry.register(
        described("maelstrom", {
          Actor: { "maelstrom-character": { model: 1 } },
          Item: { "maelstrom-weapon": { model: 1 } },
        } as unknown as RulesetDescriptor["types"]),
      );
      setRegistry(registry);
      const { registerVersesDocumentHooks } = await import("../../src/rulesets/verses/documents/documents");
      registerVersesDocumentHooks();
      const actor = fakeActor(character([skill("Athletics")]));
      const item = (type: string, parent: unknown) => ({
        documentName: "Item",
        name: "Chainsword",
        type,
        parent,
        system: {},
        toObject: () => ({ name: "Chainsword", type, system: {} }),
        updateSource: () => undefined,
      });
      // Another ruleset's item dropped on a 'Verses actor is refused.
      const foreign = item("maelstrom-weapon", actor);
      expect(
        hooks.get("preCreateItem")!(foreign, { name: "Chainsword", type: "maelstrom-weapon" }, {}, "u1"),
      ).toBe(false);
      expect(warnings.length).toBe(1);
      // The update and delete hooks never run for another ruleset's item, nor for an item of no actor.
      expect(hooks.get("preUpdateItem")!(foreign, { system: { allocated: 9 } }, {}, "u1")).toBeUndefined();
      expect(hooks.get("preDeleteItem")!(foreign, {}, "u1")).toBeUndefined();
      const loose = item("verses-gear", null);
      expect(hooks.get("preUpdateItem")!(loose, { name: "Rope" }, {}, "u1")).toBeUndefined();
      expect(warnings.length).toBe(1);
    } finally {
      g.Hooks = before;
      uninstall();
    }
  });

  it("a dropped repeatable skill asks its specialisation and is created as Weapons » Swords", async () => {
    install();
    try {
      const { dropItemOnVersesActor } = await import("../../src/rulesets/verses/documents/documents");
      answer = "Swords";
      const actor = fakeActor(character()) as unknown as Actor.Implementation;
      const weapons = doc(skill("Weapons", { repeatable: true })) as unknown as Item.Implementation;
      const created = (await dropItemOnVersesActor(actor, weapons)) as unknown as Record<string, unknown>[];
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({
        name: "Weapons » Swords",
        type: "verses-skill",
        system: { skill: "Weapons", spec: "Swords" },
        flags: { polyverse: { credit: "x" } },
      });
      expect(created[0]).not.toHaveProperty("_id");
      answer = null;
      expect(await dropItemOnVersesActor(actor, weapons)).toBeNull();
      const other = doc({
        name: "Lasgun",
        type: "maelstrom-weapon",
        system: {},
      }) as unknown as Item.Implementation;
      expect(await dropItemOnVersesActor(actor, other)).toBeNull();
      expect(warnings).toEqual([
        "Lasgun belongs to another ruleset and cannot be added to this 'Verses actor.",
      ]);
    } finally {
      uninstall();
    }
  });

  it("a dropped species replaces the old one; 'keep' keeps changed attributes and takes the kind", async () => {
    install();
    try {
      const { dropItemOnVersesActor } = await import("../../src/rulesets/verses/documents/documents");
      const dog = species("Dog", DOG_SOURCE);
      const actor = fakeActor(
        character([dog], { smr: 2, prw: 4, tuf: 2, soc: 3 }),
      ) as unknown as Actor.Implementation;
      answer = "keep";
      await dropItemOnVersesActor(
        actor,
        doc(species("Horse", HORSE_SOURCE)) as unknown as Item.Implementation,
      );
      expect(calls.map((c) => c.method)).toEqual(["delete", "create", "update"]);
      expect(calls[0]!.args).toEqual(["Item", [dog._id]]);
      expect(calls[2]!.args).toEqual([{ system: { kind: "biological" } }]);
      calls.length = 0;
      answer = null;
      expect(
        await dropItemOnVersesActor(
          actor,
          doc(species("Horse", HORSE_SOURCE)) as unknown as Item.Implementation,
        ),
      ).toBeNull();
      expect(calls).toEqual([]);
    } finally {
      uninstall();
    }
  });
});
