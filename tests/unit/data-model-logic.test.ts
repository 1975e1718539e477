import { describe, expect, it, vi } from "vitest";
import { ModelBindingError, ModelMigrations, type MigratingRuleset } from "../../src/core/data-model-logic";
import { RulesetRegistry, schemaVersionOf } from "../../src/core/registry";
import { VERSES_MIGRATIONS, VERSES_SCHEMA_VERSION } from "../../src/rulesets/verses/data/migrations";

/** A ruleset whose one migration turns a text `n` into a number (idempotent, like every real one). */
function ruleset(id = "demo") {
  const migrate = vi.fn((type: string, system: Record<string, unknown>) => {
    if (type === `${id}-thing` && typeof system.n === "string") system.n = Number(system.n);
    return system;
  });
  return { id, migrate } satisfies MigratingRuleset;
}

class Base {}
class Thing extends Base {}
class Other extends Base {}

describe("the data models' migration dispatch", () => {
  it("runs the owning ruleset's migrate with the model's sub-type, once per call", () => {
    const r = ruleset();
    const bindings = new ModelMigrations();
    bindings.bind(Thing, "demo-thing", r);
    const source = { n: "3" };
    expect(bindings.migrate(Thing, source)).toEqual({ n: 3 });
    expect(r.migrate).toHaveBeenCalledTimes(1);
    expect(r.migrate).toHaveBeenCalledWith("demo-thing", source);
  });

  it("is idempotent: migrated and current data come back unchanged", () => {
    const r = ruleset();
    const bindings = new ModelMigrations();
    bindings.bind(Thing, "demo-thing", r);
    const once = bindings.migrate(Thing, { n: "3", keep: ["a"] });
    const twice = bindings.migrate(Thing, structuredClone(once));
    expect(twice).toEqual(once);
    expect(bindings.migrate(Thing, { n: 3, keep: ["a"] })).toEqual({ n: 3, keep: ["a"] });
  });

  it("an unregistered subclass uses its nearest bound ancestor's type, still once", () => {
    const r = ruleset();
    const bindings = new ModelMigrations();
    bindings.bind(Thing, "demo-thing", r);
    class Special extends Thing {}
    expect(bindings.migrate(Special, { n: "7" })).toEqual({ n: 7 });
    expect(r.migrate).toHaveBeenCalledTimes(1);
    expect(bindings.bindingOf(Special)?.type).toBe("demo-thing");
  });

  it("leaves unknown models, rulesets without migrations and non-objects untouched", () => {
    const r = ruleset();
    const bindings = new ModelMigrations();
    bindings.bind(Thing, "demo-thing", r);
    bindings.bind(Other, "plain-other", { id: "plain" });
    const source = { n: "3" };
    expect(bindings.migrate(Base, source)).toBe(source);
    expect(source).toEqual({ n: "3" });
    expect(bindings.migrate(Other, source)).toBe(source);
    expect(source).toEqual({ n: "3" });
    for (const v of [null, undefined, 3, "x", ["n"]]) expect(bindings.migrate(Thing, v)).toBe(v);
    expect(r.migrate).not.toHaveBeenCalled();
  });

  it("a type the ruleset has no migration for comes back as it was", () => {
    const r = ruleset();
    const bindings = new ModelMigrations();
    bindings.bind(Other, "demo-other", r);
    expect(bindings.migrate(Other, { n: "3" })).toEqual({ n: "3" });
  });

  it("refuses one class for two sub-types; binding it again to its own type is harmless", () => {
    const r = ruleset();
    const bindings = new ModelMigrations();
    bindings.bind(Thing, "demo-thing", r);
    expect(() => bindings.bind(Thing, "demo-thing", r)).not.toThrow();
    expect(() => bindings.bind(Thing, "demo-other", r)).toThrow(ModelBindingError);
  });

  it("binds every model a registry declares, by document class", () => {
    const r = ruleset();
    class Skill {}
    class Card {}
    const registry = new RulesetRegistry("demo");
    registry.register({
      ...r,
      label: "L",
      credit: "C",
      rules: {},
      types: {
        Actor: { "demo-thing": { model: Thing } },
        Item: { "demo-skill": { model: Skill } },
        ChatMessage: { "demo-card": { model: Card } },
      },
    });
    const bindings = new ModelMigrations();
    bindings.bindAll(registry);
    expect(bindings.bindingOf(Thing)).toMatchObject({ type: "demo-thing", ruleset: { id: "demo" } });
    expect(bindings.bindingOf(Skill)?.type).toBe("demo-skill");
    expect(bindings.bindingOf(Card)?.type).toBe("demo-card");
    expect(bindings.migrate(Thing, { n: "1" })).toEqual({ n: 1 });
  });
});

describe("the schema version per ruleset", () => {
  const descriptor = (id: string, schemaVersion?: number) => ({
    id,
    label: "L",
    credit: "C",
    rules: {},
    types: {},
    ...(schemaVersion === undefined ? {} : { schemaVersion }),
  });

  it("is the descriptor's schemaVersion, read by id; 0 when unset, unknown or not a whole number", () => {
    const registry = new RulesetRegistry("demo");
    registry.register(descriptor("demo", 3));
    registry.register(descriptor("plain"));
    expect(registry.schemaVersionOf("demo")).toBe(3);
    expect(registry.schemaVersionOf("plain")).toBe(0);
    expect(registry.schemaVersionOf("gone")).toBe(0);
    for (const bad of [-1, 1.5, Number.NaN]) expect(schemaVersionOf({ schemaVersion: bad })).toBe(0);
    expect(schemaVersionOf(undefined)).toBe(0);
  });

  it("'Verses declares the highest version among its migrations", () => {
    expect(VERSES_SCHEMA_VERSION).toBe(Math.max(...VERSES_MIGRATIONS.map((m) => m.version)));
    expect(VERSES_SCHEMA_VERSION).toBeGreaterThanOrEqual(2);
  });
});
