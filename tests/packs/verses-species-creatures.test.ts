// 'Verses species (the Human; the Dog and the Horse as species items) and the two creatures ('Verses
// Core 0.8.5, "Human Species", "Animals & Vehicles"): the stat blocks' numbers, the formulas read by
// the rules layer, and each creature's derived values computed from its own source (TV-C17, TV-C19).
import { describe, expect, it } from "vitest";
import { toSkillDefinition, toSpeciesDefinition } from "../../src/rulesets/verses/data/convert";
import { deriveLiving, type LivingSource } from "../../src/rulesets/verses/data/living";
import {
  ABILITIES,
  DOG,
  HORSE,
  HUMAN,
  findAbility,
  parseContinuous,
  parseDamage,
  parseDerivedFormula,
  validateRangeSpec,
  type AbilityKey,
} from "../../src/rulesets/verses/rules";
import { livingSource } from "../lib/verses-sources";
import { byName, packSources, sharedPackChecks, stripTags } from "./verses-content";

const species = packSources("verses-species").map((s) => s.data);
const speciesByName = byName(packSources("verses-species"));
const creatures = packSources("verses-creatures").map((s) => s.data);
const creaturesByName = byName(packSources("verses-creatures"));

const embedded = (actor: string, type: string) =>
  creaturesByName[actor].items.filter((i: any) => i.type === type);

// ---- species ----------------------------------------------------------------------------------

describe("pack verses-species", () => {
  sharedPackChecks("verses-species", "Item", ["verses-species"]);

  it("holds the Human, the Dog and the Horse", () => {
    expect(species.map((s) => s.name).sort()).toEqual(["Dog", "Horse", "Human"]);
  });

  it("Human: 'Type Biological Smarts 2 Prowess 2 Toughness 2 Sociability 2'; AD 3 + PRW, CN 10 + SOC, HP TUF × 5, Max Carry TUF × 15, MV 7m/AD, SK SMR × 5", () => {
    const s = speciesByName["Human"].system;
    expect(s.kind).toBe("biological");
    expect(s.core).toEqual({ smr: 2, prw: 2, tuf: 2, soc: 2 });
    expect(s.derived).toEqual({
      ad: "3 + PRW",
      cn: "10 + SOC",
      hp: "TUF × 5",
      maxCarry: "TUF × 15",
      mv: "7m/AD",
      sk: "SMR × 5",
    });
  });

  it("Human: lift 'TUF × 50 kg', one die shifted at creation, '1 die allocated to any Language » * skill' (Common), 'two Intrinsic Abilities' at 1 die (Adrenaline Rush, Multitasking), '2 additional Refinement Dice'", () => {
    expect(speciesByName["Human"].system).toMatchObject({
      liftPerTuf: 50,
      coreShift: 1,
      coreVariance: 0,
      languageDice: 1,
      recommendedLanguage: "Common",
      intrinsicAbilityChoices: {
        count: 2,
        dicePerAbility: 1,
        recommended: ["adrenalineRush", "multitasking"],
      },
      abilities: {},
      freeRefinementDice: 2,
    });
  });

  it("Dog: SMR 2, PRW 2, TUF 2, SOC 3; TUF × 3, TUF × 5, 10m/AD, SMR × 2; Desperate Rally 1, Scent Tracking (4 dice)", () => {
    const s = speciesByName["Dog"].system;
    expect(s.core).toEqual({ smr: 2, prw: 2, tuf: 2, soc: 3 });
    expect(s.derived).toEqual({
      ad: "3 + PRW",
      cn: "10 + SOC",
      hp: "TUF × 3",
      maxCarry: "TUF × 5",
      mv: "10m/AD",
      sk: "SMR × 2",
    });
    expect(s.abilities).toEqual({ desperateRally: 1, scentTracking: 4 });
  });

  it("Horse: SMR 2, PRW 2, TUF 3, SOC 2; 3 + SOC, TUF × 4, TUF × 50, 14m/AD, SMR × 1; Physical Conditioning 2", () => {
    const s = speciesByName["Horse"].system;
    expect(s.core).toEqual({ smr: 2, prw: 2, tuf: 3, soc: 2 });
    expect(s.derived).toEqual({
      ad: "3 + PRW",
      cn: "3 + SOC",
      hp: "TUF × 4",
      maxCarry: "TUF × 50",
      mv: "14m/AD",
      sk: "SMR × 1",
    });
    expect(s.abilities).toEqual({ physicalConditioning: 2 });
  });

  it("animals: 'may vary by up to two core dice'; no creation shift, language or free dice", () => {
    for (const name of ["Dog", "Horse"]) {
      expect(speciesByName[name].system).toMatchObject({
        coreVariance: 2,
        coreShift: 0,
        liftPerTuf: 0,
        languageDice: 0,
        freeRefinementDice: 0,
        intrinsicAbilityChoices: { count: 0, dicePerAbility: 0, recommended: [] },
      });
    }
  });

  it("every formula parses (parseDerivedFormula) and the items read as the rules layer's HUMAN, DOG and HORSE", () => {
    for (const s of species) {
      for (const [key, text] of Object.entries(s.system.derived as Record<string, string>)) {
        expect(parseDerivedFormula(text), `${s.name} ${key}`).toMatchObject({ ok: true });
      }
      for (const key of Object.keys(s.system.abilities)) expect(ABILITIES[key as AbilityKey]).toBeDefined();
      for (const key of s.system.intrinsicAbilityChoices.recommended)
        expect(ABILITIES[key as AbilityKey]).toBeDefined();
    }
    const read = (name: string) => {
      const { species: def, problems } = toSpeciesDefinition(name, speciesByName[name].system);
      expect(problems).toEqual([]);
      return def;
    };
    expect(read("Human")).toEqual(HUMAN);
    expect(read("Dog")).toEqual(DOG);
    expect(read("Horse")).toEqual(HORSE);
  });

  it("TV-C17: a Human with every attribute at 2 has AD 5, CN 12, HP 10, Max Carry 30, MV 7, SK 10", () => {
    const human = speciesByName["Human"];
    const d = deriveLiving(livingSource(), { items: [human] });
    expect(d.speciesProblems).toEqual([]);
    expect(d.derived).toMatchObject({ ad: 5, cn: 12, hp: 10, maxCarry: 30, mv: 7, sk: 10, liftLimit: 100 });
  });
});

// ---- creatures --------------------------------------------------------------------------------

/** A creature source as deriveLiving reads it: its own `system` and embedded items. */
function derive(name: string) {
  const actor = creaturesByName[name];
  return deriveLiving(actor.system as LivingSource, { items: actor.items, statuses: new Set(), flags: {} });
}

describe("pack verses-creatures", () => {
  sharedPackChecks(
    "verses-creatures",
    "Actor",
    ["verses-creature"],
    ["verses-species", "verses-weapon", "verses-ability", "verses-skill"],
  );

  it("holds the Dog and the Horse, biological, with the stat blocks' core attributes", () => {
    expect(creatures.map((c) => c.name).sort()).toEqual(["Dog", "Horse"]);
    expect(creaturesByName["Dog"].system).toMatchObject({
      kind: "biological",
      attributes: { smr: 2, prw: 2, tuf: 2, soc: 3 },
    });
    expect(creaturesByName["Horse"].system).toMatchObject({
      kind: "biological",
      attributes: { smr: 2, prw: 2, tuf: 3, soc: 2 },
    });
  });

  it("TV-C19: Dog AD 5, CN 13, HP 6, Max Carry 10, MV 10, SK 4 (deriveLiving on the Dog's own source)", () => {
    const d = derive("Dog");
    expect(d.speciesProblems).toEqual([]);
    expect(d.species.key).toBe("dog");
    expect(d.derived).toMatchObject({ ad: 5, cn: 13, hp: 6, maxCarry: 10, mv: 10, sk: 4 });
    expect([d.hpMax, d.adMax, d.adAvailable]).toEqual([6, 5, 5]);
    expect(d.load).toMatchObject({ carried: 0, prwPenalty: 0 });
  });

  it("TV-C19: Horse AD 5, CN 5, HP 12, Max Carry 150, MV 14, SK 2 (deriveLiving on the Horse's own source)", () => {
    const d = derive("Horse");
    expect(d.speciesProblems).toEqual([]);
    expect(d.species.key).toBe("horse");
    expect(d.derived).toMatchObject({ ad: 5, cn: 5, hp: 12, maxCarry: 150, mv: 14, sk: 2 });
    expect([d.hpMax, d.adMax, d.adAvailable]).toEqual([12, 5, 5]);
  });

  it("HP value is the creature's HP (Dog 6, Horse 12), nothing spent or bound", () => {
    for (const name of ["Dog", "Horse"]) {
      const c = creaturesByName[name];
      expect(c.system.hp.value).toBe(derive(name).hpMax);
      expect(c.system.ad).toEqual({ spent: 0, exBound: 0, reserved: { await: 0, dodge: 0, parry: 0 } });
    }
    expect(creaturesByName["Dog"].system.hp.value).toBe(6);
    expect(creaturesByName["Horse"].system.hp.value).toBe(12);
  });

  it("embeds a copy of its species item (the description as plain text: the build's check allows no HTML in embedded items)", () => {
    for (const name of ["Dog", "Horse"]) {
      const [copy, ...others] = embedded(name, "verses-species");
      expect(others).toEqual([]);
      const original = speciesByName[name];
      expect(copy.name).toBe(original.name);
      expect(copy.img).toBe(original.img);
      const { description, ...system } = copy.system;
      const { description: originalDescription, ...originalSystem } = original.system;
      expect(system).toEqual(originalSystem);
      expect(description).toBe(stripTags(originalDescription));
    }
  });

  it("every embedded item's description is plain text", () => {
    for (const c of creatures) for (const i of c.items) expect(i.system.description).not.toMatch(/<[a-z/]/i);
  });

  /** Actor, attack, the TEST as printed, HP/SM, what the notes say. */
  // prettier-ignore
  const ATTACKS: [string, string, string, string, string][] = [
    ["Dog", "Bite", "PRW + 1AD → 1 S C", "1(p)", "While continued, targeted limb is Immobilized"],
    ["Horse", "Bite", "PRW + 1AD → 1S", "1(c)", ""],
    ["Horse", "Kick", "PRW + TUF + 3AD → 2S", "3(c)", "May only be directed at targets behind; Requires War Mount training"],
    ["Horse", "Trample", "PRW + TUF + 2AD → 1S", "5(c)", "Move 3m towards target before attack"],
  ];

  it("has the 4 animal attacks (Dog 1, Horse 3) as natural weapons", () => {
    expect(embedded("Dog", "verses-weapon").map((w: any) => w.name)).toEqual(["Bite"]);
    expect(embedded("Horse", "verses-weapon").map((w: any) => w.name)).toEqual(["Bite", "Kick", "Trample"]);
  });

  it.each(ATTACKS)("%s %s: '%s', %s (%s)", (actor, name, test, damage) => {
    const weapon = embedded(actor, "verses-weapon").find((w: any) => w.name === name);
    const s = weapon.system;
    expect(s.modes).toHaveLength(1);
    expect(s.modes[0]).toMatchObject({ name: "", skill: "", test, damage, hands: 0, features: [], area: "" });
    expect(s).toMatchObject({ weight: 0, value: 0, equipped: true, ammunition: "" });
    // The damage parses; the TEST is attributes plus a minimum AD, then the success target.
    expect(parseDamage(s.modes[0].damage).modes).toHaveLength(1);
    const [pool, target] = s.modes[0].test.split("→").map((t: string) => t.trim());
    expect(pool).toMatch(/^(?:(?:SMR|PRW|TUF|SOC) \+ )+\d+AD$/);
    expect(parseContinuous(target)).toMatchObject({ ok: true });
  });

  it("the Dog's Bite is continuous ('1 S C' = 1S 1C); the Horse's attacks are plain success targets", () => {
    const target = (actor: string, name: string) =>
      embedded(actor, "verses-weapon")
        .find((w: any) => w.name === name)
        .system.modes[0].test.split("→")[1]
        .trim();
    expect(parseContinuous(target("Dog", "Bite"))).toEqual({
      ok: true,
      value: { target: 1, continuation: 1 },
    });
    for (const name of ["Bite", "Kick", "Trample"]) {
      expect(validateRangeSpec(target("Horse", name))).toMatchObject({ ok: true, value: { marks: [] } });
    }
    expect(validateRangeSpec(target("Horse", "Kick"))).toMatchObject({ value: { base: 2 } });
  });

  it("abilities: 'A typical dog has 1 die allocated to Desperate Rally' and 'Scent Tracking (4 dice)'; 'A typical horse has 2 dice allocated to Physical Conditioning'", () => {
    const allocations = (actor: string) =>
      Object.fromEntries(
        embedded(actor, "verses-ability").map((a: any) => [a.system.key, a.system.allocated]),
      );
    expect(allocations("Dog")).toEqual({ desperateRally: 1, scentTracking: 4 });
    expect(allocations("Horse")).toEqual({ physicalConditioning: 2 });
    for (const name of ["Dog", "Horse"]) {
      // The ability items carry what the species says every member has.
      expect(allocations(name)).toEqual(speciesByName[name].system.abilities);
      for (const a of embedded(name, "verses-ability")) {
        const def = ABILITIES[a.system.key as AbilityKey];
        expect(def.name).toBe(a.name);
        expect(a.system.actorKinds).toEqual(def.intrinsicFor);
        expect(a.system).toMatchObject({ extrinsic: false, exBound: 0 });
      }
    }
    expect(derive("Dog").abilities).toEqual([
      { key: "desperateRally", dice: 1 },
      { key: "scentTracking", dice: 4 },
    ]);
  });

  it("training skills (unallocated): Tracker for the Dog; Labor Animal, Rider's Mount and War Mount for the Horse", () => {
    const skills = (actor: string) =>
      Object.fromEntries(
        embedded(actor, "verses-skill").map((i: any) => [i.name, toSkillDefinition(i.name, i.system)]),
      );
    const dog = skills("Dog");
    const horse = skills("Horse");
    expect(Object.keys(dog)).toEqual(["Tracker"]);
    expect(Object.keys(horse)).toEqual(["Labor Animal", "Rider's Mount", "War Mount"]);
    // "difficulty: 2 default: Ability Scent Tracking"
    expect(dog["Tracker"]).toMatchObject({
      difficulty: 2,
      default: { kind: "ability", ability: "scentTracking" },
    });
    expect(
      findAbility(dog["Tracker"]!.default.kind === "ability" ? dog["Tracker"]!.default.ability : "")?.key,
    ).toBe("scentTracking");
    // "difficulty: 2 default: Attribute TUF", "difficulty: 2 default: Attribute PRW", "difficulty: 4 default: Skill Rider's Mount"
    expect(horse["Labor Animal"]).toMatchObject({
      difficulty: 2,
      default: { kind: "attribute", attribute: "tuf" },
    });
    expect(horse["Rider's Mount"]).toMatchObject({
      difficulty: 2,
      default: { kind: "attribute", attribute: "prw" },
    });
    expect(horse["War Mount"]).toMatchObject({
      difficulty: 4,
      default: { kind: "skill", skill: "Rider's Mount" },
    });
    for (const def of [...Object.values(dog), ...Object.values(horse)]) {
      expect(def).toMatchObject({ tec: 1, category: "animal", repeatable: false, prerequisites: [] });
    }
    for (const c of creatures)
      for (const i of embedded(c.name, "verses-skill")) expect(i.system.allocated).toBe(0);
    expect(derive("Horse").skillfulness).toEqual({ used: 0, allowed: 2 });
  });

  it("the Horse's biography holds the value table with the text's numbers", () => {
    const html: string = creaturesByName["Horse"].system.details.biography;
    const rows = [...html.matchAll(/<tr><th>([^<]+)<\/th>((?:<td>[^<]*<\/td>)+)<\/tr>/g)].map((m) => [
      m[1],
      [...m[2]!.matchAll(/<td>([^<]*)<\/td>/g)].map((c) => c[1]!.replace(/,/g, "")),
    ]);
    // "Labor Animal 100 200 300 350 —", "Rider's Mount 300 600 800 1,000 1,500", "War Mount* — 1,000 1,200 1,400 2,000"
    expect(rows).toEqual([
      ["Labor Animal", ["100", "200", "300", "350", "—"]],
      ["Rider's Mount", ["300", "600", "800", "1000", "1500"]],
      ["War Mount*", ["—", "1000", "1200", "1400", "2000"]],
    ]);
    expect(html).toMatch(
      /<th>-2 core dice<\/th><th>-1 core dice<\/th><th>Average<\/th><th>\+1 core dice<\/th><th>\+2 core dice<\/th>/,
    );
  });
});
