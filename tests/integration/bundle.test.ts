import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { keysInCode, keysInTemplate, missingKeys } from "../lib/i18n";
import { DIST, ROOT } from "../lib/paths";
import { loadBundle, type LoadedBundle } from "./load-bundle";

const g = globalThis as any;

function files(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, ext) : path.endsWith(ext) ? [path] : [];
  });
}

let loaded: LoadedBundle;
beforeAll(async () => {
  loaded = await loadBundle();
});

describe("start-up", () => {
  it("registers the init, setup and ready work and the compendium filter", () => {
    // Hooks.once handlers are consumed when fired; the bundle must have used all three.
    expect(loaded.recorder.hooks.on.has("renderCompendiumDirectory")).toBe(true);
    expect(g.game.polyverse).toBeDefined();
  });

  it("registers the world setting 'ruleset': default verses, a reload to change, one choice per ruleset", () => {
    const setting = loaded.recorder.settings.get("polyverse.ruleset");
    expect(setting?.config).toMatchObject({
      scope: "world",
      config: true,
      default: "verses",
      requiresReload: true,
    });
    expect(Object.keys(setting!.config.choices)).toEqual(g.game.polyverse.registry.ids());
    expect(g.game.polyverse.ruleset.id).toBe("verses");
  });

  it("uses the polyverse document classes", () => {
    expect(g.CONFIG.Actor.documentClass.name).toBe("PolyverseActor");
    expect(g.CONFIG.Item.documentClass.name).toBe("PolyverseItem");
    // 'Verses Fast Action: initiative by AD pools (no formula: the class rolls the pools).
    expect(g.CONFIG.Combat.documentClass.name).toBe("VersesCombat");
    expect(g.CONFIG.Combatant.documentClass.name).toBe("VersesCombatant");
    // Identical rolls are told apart by their re-roll as a fraction of the stored number.
    expect(g.CONFIG.Combat.initiative).toEqual({ formula: null, decimals: 2 });
  });
});

describe("status effects", () => {
  it("the eight Core conditions, each linking its page of the rules-reference journal", () => {
    const verses = (g.CONFIG.statusEffects as any[]).filter((e) => e.flags?.polyverse?.verses?.condition);
    expect(verses.map((e) => e.id)).toEqual([
      "afraid",
      "charmed",
      "immobilized",
      "moribund",
      "prone",
      "sickened",
      "stunned",
      "unconscious",
    ]);
    for (const effect of verses) {
      const reference = effect.flags.polyverse.verses.reference as string;
      expect(reference).toMatch(
        /^Compendium\.polyverse\.verses-rules\.JournalEntry\.\w{16}\.JournalEntryPage\.\w{16}$/,
      );
      expect(effect.description).toContain(`@UUID[${reference}]{Rules reference}`);
    }
  });
});

describe("document types", () => {
  it("every Actor and Item type in system.json has a data model and a sheet", () => {
    for (const documentName of ["Actor", "Item"]) {
      for (const type of Object.keys(loaded.manifest.documentTypes[documentName] ?? {})) {
        expect(g.CONFIG[documentName].dataModels[type], `${documentName}.${type} model`).toBeTypeOf(
          "function",
        );
        const sheet = loaded.recorder.sheets.find(
          (s) => s.documentClass.documentName === documentName && s.options.types.includes(type),
        );
        expect(sheet, `${documentName}.${type} sheet`).toBeDefined();
        expect(sheet!.scope).toBe("polyverse");
      }
    }
  });

  it("every other sub-typed document type in system.json has a data model", () => {
    for (const [documentName, types] of Object.entries<Record<string, unknown>>(
      loaded.manifest.documentTypes,
    )) {
      for (const type of Object.keys(types)) {
        expect(g.CONFIG[documentName]?.dataModels?.[type], `${documentName}.${type}`).toBeTypeOf("function");
      }
    }
  });

  it("every registered model is declared in system.json and carries its ruleset's prefix", () => {
    const registry = g.game.polyverse.registry;
    for (const documentName of ["Actor", "Item", "ChatMessage", "Combatant", "JournalEntryPage"]) {
      for (const type of Object.keys(g.CONFIG[documentName].dataModels)) {
        expect(loaded.manifest.documentTypes[documentName], documentName).toHaveProperty([type]);
        const owner = registry.ownerOf(documentName, type);
        expect(owner, `${documentName}.${type} owner`).toBeDefined();
        expect(type.startsWith(`${owner.id}-`)).toBe(true);
      }
    }
  });

  it("create dialogs offer only the active ruleset's types", async () => {
    await g.CONFIG.Actor.documentClass.createDialog({}, {}, {});
    await g.CONFIG.Item.documentClass.createDialog({}, {}, { types: ["explicit"] });
    const [actor, item] = loaded.recorder.createDialogs.slice(-2);
    expect(actor!.args[2].types).toEqual(g.game.polyverse.registry.typesOf("verses", "Actor"));
    expect(item!.args[2].types).toEqual(["explicit"]);
  });
});

describe("rolls", () => {
  it("keeps the core Roll at index 0 and appends every ruleset roll class with its name intact", () => {
    const rolls: any[] = g.CONFIG.Dice.rolls;
    expect(rolls[0].name).toBe("Roll");
    const declared = new Set<string>();
    for (const file of files(join(ROOT, "src"), ".ts")) {
      for (const m of readFileSync(file, "utf8").matchAll(/export class (\w+) extends [\w.]*Roll\b/g))
        declared.add(m[1]!);
    }
    const registered = g.game.polyverse.registry.list().flatMap((r: any) => r.rolls ?? []);
    expect(new Set(registered.map((r: any) => r.name))).toEqual(declared);
    for (const roll of registered) expect(rolls.indexOf(roll)).toBeGreaterThan(0);
  });
});

describe("templates and i18n", () => {
  const templatePaths = () => {
    const named = new Set<string>();
    for (const m of loaded.source.matchAll(/systems\/polyverse\/(templates\/[\w/.-]+\.hbs)/g))
      named.add(m[1]!);
    for (const path of loaded.recorder.templatesLoaded) named.add(path.replace(/^systems\/polyverse\//, ""));
    for (const { sheet } of loaded.recorder.sheets) {
      for (const part of Object.values<any>(sheet.PARTS ?? {})) {
        for (const t of [part.template, ...(part.templates ?? [])])
          if (t) named.add(t.replace(/^systems\/polyverse\//, ""));
      }
    }
    return [...named];
  };

  it("every template the code names exists in dist/", () => {
    for (const path of templatePaths()) expect(existsSync(join(DIST, path)), path).toBe(true);
  });

  it("every i18n key the code and the templates use exists in lang/en.json", () => {
    // Code may name prefixes (a model's LOCALIZATION_PREFIXES); whole keys must resolve to strings.
    expect(missingKeys(loaded.lang, keysInCode(loaded.source), { prefixes: true })).toEqual([]);
    const keys = [...loaded.recorder.i18nUsed];
    for (const file of files(join(DIST, "templates"), ".hbs"))
      keys.push(...keysInTemplate(readFileSync(file, "utf8")));
    for (const { config } of loaded.recorder.settings.values())
      keys.push(...[config.name, config.hint].filter(Boolean));
    for (const ruleset of g.game.polyverse.registry.list()) keys.push(ruleset.label, ruleset.credit);
    expect(missingKeys(loaded.lang, keys)).toEqual([]);
    expect([...loaded.recorder.i18nMissing]).toEqual([]);
  });

  it("every template in dist/ came from templates/", () => {
    for (const file of files(join(DIST, "templates"), ".hbs")) {
      expect(existsSync(join(ROOT, relative(DIST, file))), file).toBe(true);
    }
  });
});

describe("macro API (game.polyverse)", () => {
  it("exposes the registry, the active ruleset and each ruleset's pure rules", () => {
    const api = g.game.polyverse;
    expect(api.version).toBe(loaded.manifest.version);
    expect(api.rulesets.verses.rules.successProbability).toBeTypeOf("function");
    // 'Verses Core: Anders' 9d6 against 2S succeeds "86%" of the time.
    expect(Math.round(api.rulesets.verses.rules.successProbability(9, 2) * 100)).toBe(86);
    expect(api.ruleset).toBe(api.rulesets.verses);
    // Rolls and tests on documents, for macros and the hotbar.
    for (const name of [
      "rollAttribute",
      "rollSkill",
      "rollWeapon",
      "rollRest",
      "stabilise",
      "heal",
      "rollSurvival",
      "askRest",
      "askInfluence",
      "askStabilise",
      "askHeal",
      "askSurvival",
    ]) {
      expect(api.rulesets.verses.actions[name], name).toBeTypeOf("function");
    }
    expect(Object.isFrozen(api.rulesets.verses.actions)).toBe(true);
    expect(Object.isFrozen(api)).toBe(true);
  });
});

describe("compendium sidebar", () => {
  it("hides packs of other rulesets and keeps the active ruleset's and foreign packs", () => {
    const root = document.createElement("section");
    root.innerHTML = `
      <li data-pack="polyverse.verses-macros"></li>
      <li data-pack="polyverse.maelstrom-gear"></li>
      <li data-pack="world.homebrew"></li>`;
    g.game.packs.push({
      collection: "polyverse.maelstrom-gear",
      metadata: { flags: { polyverse: { ruleset: "maelstrom" } } },
    });
    g.game.packs.push({ collection: "world.homebrew", metadata: { flags: {} } });
    for (const fn of loaded.recorder.hooks.on.get("renderCompendiumDirectory")!) fn({}, root);
    const left = [...root.querySelectorAll("li")].map((li) => li.dataset.pack);
    expect(left).toEqual(["polyverse.verses-macros", "world.homebrew"]);
  });
});

describe("an unknown stored ruleset", () => {
  it("falls back to the default, tells the GM, and changes nothing else", async () => {
    const { recorder } = await loadBundle({ stored: { "polyverse.ruleset": "removed-ruleset" } });
    expect(g.game.polyverse.ruleset.id).toBe("verses");
    const warnings = recorder.notifications.filter((n) => n.level === "warn");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain("removed-ruleset");
  });
});

describe("packs by ruleset", () => {
  it("each ruleset names exactly the packs that system.json flags as its own", () => {
    for (const ruleset of g.game.polyverse.registry.list()) {
      const flagged = loaded.manifest.packs
        .filter((p: any) => p.flags?.polyverse?.ruleset === ruleset.id)
        .map((p: any) => p.name);
      expect([...(ruleset.packs ?? [])].sort(), ruleset.id).toEqual(flagged.sort());
    }
    const owners = new Set(g.game.polyverse.registry.ids());
    for (const pack of loaded.manifest.packs)
      expect(owners.has(pack.flags.polyverse.ruleset), pack.name).toBe(true);
  });

  it("hides a ruleset's pack folder along with its packs, but not a folder that was empty already", () => {
    const root = document.createElement("section");
    root.innerHTML = `
      <li class="folder" id="maelstrom"><ol><li data-pack="polyverse.maelstrom-gear"></li></ol></li>
      <li class="folder" id="verses"><ol><li data-pack="polyverse.verses-macros"></li></ol></li>
      <li class="folder" id="gm-empty"><ol></ol></li>`;
    g.game.packs.push({
      collection: "polyverse.maelstrom-gear",
      metadata: { flags: { polyverse: { ruleset: "maelstrom" } } },
    });
    for (const fn of loaded.recorder.hooks.on.get("renderCompendiumDirectory")!) fn({}, root);
    expect([...root.querySelectorAll(".folder")].map((f) => f.id)).toEqual(["verses", "gm-empty"]);
  });
});

/** The schema version a ruleset's data is migrated to: its descriptor's, and at least 1. */
const schemaOf = (id: string) => Math.max(1, Number(g.game.polyverse.registry.get(id).schemaVersion) || 1);
/** Every hosted ruleset's: a new world is brought to each. */
const allSchemas = () =>
  Object.fromEntries((g.game.polyverse.registry.ids() as string[]).map((id) => [id, schemaOf(id)]));

describe("the world migration at ready", () => {
  it("brings a new world to the current schema version once, as the GM", async () => {
    const { recorder } = await loadBundle();
    await new Promise((r) => setTimeout(r, 0));
    expect(recorder.settings.get("polyverse.schemaVersion")!.value).toBe(2);
    expect(recorder.settings.get("polyverse.rulesetSchemas")!.value).toEqual(allSchemas());
    expect(recorder.notifications.map((n) => n.message)).toContain(
      "Polyverse updated 0 documents to the current schema.",
    );
  });
  it("does nothing for a player, or when the world is up to date", async () => {
    const player = await loadBundle({ isGM: false });
    expect(player.recorder.settings.get("polyverse.schemaVersion")!.value).toBe(0);
    expect(player.recorder.settings.get("polyverse.rulesetSchemas")!.value).toEqual({});
    const current = await loadBundle({
      stored: { "polyverse.schemaVersion": 2, "polyverse.rulesetSchemas": allSchemas() },
    });
    expect(current.recorder.notifications.filter((n) => n.level === "info")).toEqual([]);
  });
});
