import { describe, expect, it } from "vitest";
import {
  CORE_FLAG_KEYS,
  deleteFlagPath,
  flagPath,
  flagUpdate,
  legacyFlagUpdate,
  rulesetFlag,
  rulesetFlagData,
  rulesetFlags,
  withLegacyFlagsMoved,
} from "../../src/core/flags";
import { documentOwnerId } from "../../src/core/owners";
import { RulesetRegistry, type RulesetDescriptor } from "../../src/core/registry";
import type { PolyverseRuleset } from "../../src/core/ruleset";

const ruleset = (id: string, types: RulesetDescriptor["types"] = {}, extra = {}): PolyverseRuleset =>
  ({ id, label: id, credit: id, rules: {}, types, ...extra }) as PolyverseRuleset;

describe("flags by ruleset", () => {
  it("names a ruleset's flag paths under its namespace", () => {
    expect(flagPath("verses", "conditions")).toBe("flags.polyverse.verses.conditions");
    expect(deleteFlagPath("verses", "watching")).toBe("flags.polyverse.verses.-=watching");
    expect(flagUpdate("xero-sum", { a: 1, b: null })).toEqual({
      "flags.polyverse.xero-sum.a": 1,
      "flags.polyverse.xero-sum.b": null,
    });
    expect(rulesetFlagData("verses", { condition: "prone" })).toEqual({
      polyverse: { verses: { condition: "prone" } },
    });
  });

  it("reads only the ruleset's own namespace", () => {
    const doc = { flags: { polyverse: { conditions: { old: 1 }, verses: { turn: 2 }, tales: { turn: 3 } } } };
    expect(rulesetFlags(doc, "verses")).toEqual({ turn: 2 });
    expect(rulesetFlag(doc, "tales", "turn")).toBe(3);
    expect(rulesetFlags(doc, "maelstrom")).toEqual({});
    expect(rulesetFlags({ flags: { polyverse: { verses: [1] } } }, "verses")).toEqual({});
    expect(rulesetFlags(null, "verses")).toEqual({});
    expect(rulesetFlags({}, "verses")).toEqual({});
  });

  it("moves legacy flags into the namespace, sending only the difference, once", () => {
    const stored = {
      conditions: { charmed: { sourceId: "Actor.x" } },
      continuous: { a: { dice: 3 } },
      ledger: { m1: {} },
      credit: "x",
      verses: { training: { t: 1 } },
    };
    const keys = ["conditions", "continuous", "training", "watching", "ledger"];
    expect(legacyFlagUpdate(stored, "verses", keys)).toEqual({
      "flags.polyverse.verses.conditions": { charmed: { sourceId: "Actor.x" } },
      "flags.polyverse.-=conditions": null,
      "flags.polyverse.verses.continuous": { a: { dice: 3 } },
      "flags.polyverse.-=continuous": null,
    });
    const moved = withLegacyFlagsMoved(stored, "verses", keys);
    expect(moved).toEqual({
      ledger: { m1: {} },
      credit: "x",
      verses: {
        training: { t: 1 },
        conditions: { charmed: { sourceId: "Actor.x" } },
        continuous: { a: { dice: 3 } },
      },
    });
    expect(legacyFlagUpdate(moved, "verses", keys)).toEqual({});
    expect(withLegacyFlagsMoved(moved, "verses", keys)).toEqual(moved);
    expect(legacyFlagUpdate(undefined, "verses", keys)).toEqual({});
  });

  it("keeps what the namespace has already (newer) and drops the legacy copy", () => {
    const stored = { turn: { round: 1 }, verses: { turn: { round: 4 } } };
    expect(legacyFlagUpdate(stored, "verses", ["turn"], "delta.flags.polyverse")).toEqual({
      "delta.flags.polyverse.-=turn": null,
    });
  });
});

describe("the registry and core's flag keys", () => {
  it("refuses a ruleset id equal to a key core keeps under flags.polyverse", () => {
    for (const key of CORE_FLAG_KEYS) {
      if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(key)) continue;
      expect(() => new RulesetRegistry("verses").register(ruleset(key))).toThrow(/core keeps under flags/);
    }
    expect(() => new RulesetRegistry("verses").register(ruleset("ledger"))).toThrow(/core keeps/);
  });

  it("refuses legacy flag keys that are core keys or rulesets' namespaces", () => {
    const r = new RulesetRegistry("verses");
    r.register(ruleset("tales"));
    expect(() => r.register(ruleset("verses", {}, { legacyFlags: { Actor: ["pending"] } }))).toThrow(
      /Legacy flag/,
    );
    expect(() => r.register(ruleset("verses", {}, { legacyFlags: { Actor: ["tales"] } }))).toThrow(
      /Legacy flag/,
    );
    r.register(ruleset("verses", {}, { legacyFlags: { Actor: ["conditions", "maelstrom"] } }));
    expect(() => r.register(ruleset("maelstrom"))).toThrow(/legacy flag key of "verses"/);
  });
});

describe("hooks for a ruleset's own documents", () => {
  it("calls the handler only for documents the ruleset owns, and returns what it returns", async () => {
    const { onOwnedDocumentHook } = await import("../../src/core/owners");
    const { setRegistry } = await import("../../src/core/active");
    const registry = new RulesetRegistry<PolyverseRuleset>("verses");
    registry.register(ruleset("verses", { Actor: { "verses-character": { model: 1 } } }));
    registry.register(ruleset("tales", { Actor: { "tales-hero": { model: 1 } } }));
    setRegistry(registry);
    const hooks = new Map<string, (...args: unknown[]) => unknown>();
    const g = globalThis as { Hooks?: unknown };
    const before = g.Hooks;
    g.Hooks = { on: (hook: string, fn: (...args: unknown[]) => unknown) => (hooks.set(hook, fn), 7) };
    try {
      const seen: unknown[] = [];
      const id = onOwnedDocumentHook("verses", "preUpdateActor", (doc: unknown, changes: unknown) => {
        seen.push([doc, changes]);
        return false;
      });
      expect(id).toBe(7);
      const fire = hooks.get("preUpdateActor")!;
      const anders = { documentName: "Actor", type: "verses-character" };
      expect(fire(anders, { a: 1 })).toBe(false);
      expect(fire({ documentName: "Actor", type: "tales-hero" }, {})).toBeUndefined();
      expect(seen).toEqual([[anders, { a: 1 }]]);
    } finally {
      g.Hooks = before;
    }
  });
});

describe("which ruleset owns a document", () => {
  class VersesCombat {
    documentName = "Combat";
  }
  const registry = new RulesetRegistry<PolyverseRuleset>("verses");
  registry.register(
    ruleset(
      "verses",
      { Actor: { "verses-character": { model: 1 } } },
      { combat: { combatClass: VersesCombat } },
    ),
  );
  registry.register(ruleset("tales", { Actor: { "tales-hero": { model: 1 } } }));
  const hero = { documentName: "Actor", type: "tales-hero" };
  const anders = { documentName: "Actor", type: "verses-character" };

  it("reads it off the sub-type, and from what a document belongs to", () => {
    expect(documentOwnerId(registry, anders)).toBe("verses");
    expect(documentOwnerId(registry, hero)).toBe("tales");
    // An undeclared sub-type still carries its ruleset's prefix.
    expect(documentOwnerId(registry, { documentName: "Item", type: "tales-spell" })).toBe("tales");
    expect(documentOwnerId(registry, { documentName: "ActiveEffect", parent: hero })).toBe("tales");
    expect(documentOwnerId(registry, { documentName: "Token", actor: anders })).toBe("verses");
    expect(documentOwnerId(registry, { documentName: "Combatant", type: "base", actor: hero })).toBe("tales");
    expect(documentOwnerId(registry, new VersesCombat())).toBe("verses");
    expect(documentOwnerId(registry, { statusId: "prone", parent: anders })).toBe("verses");
  });

  it("says none for documents of no ruleset", () => {
    expect(documentOwnerId(registry, { documentName: "Actor", type: "character" })).toBeUndefined();
    expect(
      documentOwnerId(registry, { documentName: "Combatant", type: "base", actor: null }),
    ).toBeUndefined();
    expect(documentOwnerId(registry, { documentName: "Combat" })).toBeUndefined();
    expect(documentOwnerId(registry, { documentName: "ChatMessage", type: "base" })).toBeUndefined();
    expect(documentOwnerId(registry, null)).toBeUndefined();
  });
});
