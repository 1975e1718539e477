import { describe, expect, it } from "vitest";
import { RulesetRegistry, RulesetRegistryError, type RulesetDescriptor } from "../../src/core/registry";
import { hiddenPacks, packRuleset } from "../../src/core/packs";

const ruleset = (id: string, types: RulesetDescriptor["types"] = {}): RulesetDescriptor => ({
  id,
  label: `POLYVERSE.Ruleset.${id}.Name`,
  credit: `POLYVERSE.Ruleset.${id}.Credit`,
  rules: {},
  types,
});

describe("the ruleset registry", () => {
  it("registers rulesets in order and knows who owns each sub-type", () => {
    const r = new RulesetRegistry("verses");
    r.register(
      ruleset("verses", {
        Actor: { "verses-character": { model: 1 } },
        Item: { "verses-skill": { model: 2 } },
      }),
    );
    r.register(ruleset("xero-sum", { Actor: { "xero-sum-character": { model: 3 } } }));
    expect(r.ids()).toEqual(["verses", "xero-sum"]);
    expect(r.ownerOf("Actor", "verses-character")?.id).toBe("verses");
    expect(r.ownerOf("Actor", "xero-sum-character")?.id).toBe("xero-sum");
    expect(r.ownerOf("Item", "verses-character")).toBeUndefined();
    expect(r.typesOf("verses", "Item")).toEqual(["verses-skill"]);
    expect(r.allTypes("Actor").map((t) => t.type)).toEqual(["verses-character", "xero-sum-character"]);
  });

  it("refuses a sub-type without its ruleset's prefix, so no other model validates it", () => {
    const r = new RulesetRegistry("verses");
    expect(() => r.register(ruleset("verses", { Actor: { character: { model: 1 } } }))).toThrow(
      RulesetRegistryError,
    );
    expect(() => r.register(ruleset("verses", { Actor: { "verses-": { model: 1 } } }))).toThrow(
      /must start with "verses-"/,
    );
    // A prefix that merely starts the same way is still another ruleset's.
    expect(() => r.register(ruleset("tales", { Item: { "talesman-x": { model: 1 } } }))).toThrow(
      RulesetRegistryError,
    );
    expect(r.ids()).toEqual([]);
  });

  it("refuses bad ids, duplicates and documents without sub-types", () => {
    const r = new RulesetRegistry("verses");
    r.register(ruleset("verses"));
    expect(() => r.register(ruleset("verses"))).toThrow(/already registered/);
    expect(() => r.register(ruleset("Bad Id"))).toThrow(/lower-case/);
    expect(() =>
      r.register({ ...ruleset("tales"), types: { Scene: { "tales-x": { model: 1 } } } as never }),
    ).toThrow(/no sub-types/);
  });

  it("resolves the stored setting, falling back to the default for an unknown id", () => {
    const r = new RulesetRegistry("verses");
    r.register(ruleset("verses"));
    r.register(ruleset("tales"));
    expect(r.resolve("tales")).toMatchObject({ ruleset: { id: "tales" }, fallback: false });
    expect(r.resolve("gone")).toMatchObject({ ruleset: { id: "verses" }, fallback: true });
    expect(r.resolve(undefined)).toMatchObject({ ruleset: { id: "verses" }, fallback: true });
    expect(() => new RulesetRegistry("verses").resolve("verses")).toThrow(/No ruleset/);
  });
});

describe("packs by ruleset", () => {
  const packs = [
    { collection: "polyverse.verses-weapons", flags: { polyverse: { ruleset: "verses" } } },
    { collection: "polyverse.tales-gear", flags: { polyverse: { ruleset: "tales" } } },
    { collection: "world.homebrew", flags: {} },
    { collection: "module.other" },
  ];
  it("hides other rulesets' packs, never world or module packs", () => {
    expect(hiddenPacks("verses", packs)).toEqual(["polyverse.tales-gear"]);
    expect(hiddenPacks("tales", packs)).toEqual(["polyverse.verses-weapons"]);
    expect(packRuleset(packs[2]!)).toBeUndefined();
  });
});
