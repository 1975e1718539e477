// Actors and items made from the compendiums' own YAML sources (packs/verses-*/**/*.yml) through
// the built bundle's data models, against the recording stand-in: a Human character from the Human
// species item carrying the packs' weapons, armour and healing gear, and the creatures pack's Dog
// and Horse. Derived values are checked against the rules text's own examples (the TV ids of the
// structured reading), and the same prepared data drives the sheet's context and the special tests.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { assemblePool } from "../../src/rulesets/verses/data/pools";
import {
  planHealing,
  planStabilize,
  pickRecoveryGear,
  recoveryOptions,
  type LivingState,
  type OwnedItem,
} from "../../src/rulesets/verses/rolls/special";
import {
  buildActorSheetContext,
  type VersesActorSystem,
} from "../../src/rulesets/verses/sheets/actor-context";
import {
  absorb,
  biologicalAbsorb,
  parseActionFeatures,
  parryMinimumAD,
  reloadCost,
  successProbability,
} from "../../src/rulesets/verses/rules";
import { featuresText } from "../../src/rulesets/verses/data/weapon-modes";
import { jayeItems, jayeSystem, packCreature, packDocument, packItem } from "../lib/verses-packs";
import { DIST } from "../lib/paths";
import { loadBundle, type LoadedBundle } from "./load-bundle";

const g = globalThis as any;
let loaded: LoadedBundle;

beforeAll(async () => {
  loaded = await loadBundle();
});

/** An actor made with the bundle's document class and data models, prepared as Foundry prepares it. */
function actor(
  type: string,
  name: string,
  system: Record<string, unknown>,
  items: unknown[],
  statuses: string[] = [],
) {
  const a = new g.CONFIG.Actor.documentClass({ name, type, system, items });
  a.statuses = new Set(statuses);
  a.prepareData();
  return a;
}

const jaye = (statuses: string[] = [], system: Record<string, unknown> = {}) =>
  actor("verses-character", "Jaye", jayeSystem(system), jayeItems(), statuses);

const item = (a: any, name: string) => a.items.find((i: any) => i.name === name);
const features = (i: any) =>
  parseActionFeatures(featuresText(i.system.modes?.[0]?.features ?? i.system.features));
const owned = (a: any): OwnedItem[] =>
  a.items.map((i: any) => ({
    uuid: `Actor.${a.id}.Item.${i.id}`,
    name: i.name,
    type: i.type,
    system: i.system,
  }));

describe("a Human character from the compendiums", () => {
  it("TV-C17: from the Human species item, every attribute 2: AD 5, CN 12, HP 10, Max Carry 30, MV 7, SK 10", () => {
    const a = jaye();
    expect(a.system.species.name).toBe("Human");
    expect(a.system.speciesProblems).toEqual([]);
    expect(a.system.effective).toEqual({ smr: 2, prw: 2, tuf: 2, soc: 2 });
    expect(a.system.derived).toMatchObject({ ad: 5, cn: 12, hp: 10, maxCarry: 30, mv: 7, sk: 10 });
    expect(a.system.hp).toMatchObject({ max: 10 });
    expect(a.system.ad).toMatchObject({ value: 5, max: 5 });
  });

  it("keeps the pack items' rules data: the Longsword's 3(s) or 2(p) and Parry(3), the Crossbow's Reload(10AD), Mail TUF 4 s ⇒ c, p", () => {
    const a = jaye();
    expect(item(a, "Longsword").system.modes[0]).toMatchObject({
      skill: "Weapons » Swords",
      test: "1S",
      damage: "3(s) or 2(p)",
    });
    expect(item(a, "Mail").system).toMatchObject({
      class: "medium",
      tuf: 4,
      resistance: "s ⇒ c, p",
      worn: true,
    });
    expect(item(a, "Medium Shield").system).toMatchObject({ class: "shield", tuf: 3, worn: true });
  });

  it("TV-26: a parry against the pack's Longsword Parry(3) with the pack's Rapier Parry(2) needs 1 + 3 - 2 = 2AD", () => {
    const longsword = features(item(jaye(), "Longsword"));
    const rapier = parseActionFeatures(
      featuresText(packDocument("verses-weapons", "Rapier").system.modes[0].features),
    );
    expect(longsword.parry).toBe(3);
    expect(parryMinimumAD(longsword.parry!, rapier.parry!)).toBe(2);
  });

  it("TV-C14: the pack's Crossbow Reload(10AD) takes 10 - 3 = 7AD with Crossbows 3", () => {
    const crossbow = features(item(jaye(), "Crossbow"));
    expect(crossbow.reload).toEqual({ ad: 10, perShot: false });
    expect(reloadCost(crossbow.reload!, 3)).toBe(7);
  });

  it("TV-36: the pack's Mail (TUF 4, s ⇒ c, p) takes a 6(s) sword blow down to 2(c), which Jaye's TUF 2 absorbs: 0 HP", () => {
    const a = jaye();
    const mail = item(a, "Mail").system;
    const through = absorb({ amount: 6, type: "s" }, { tuf: mail.tuf, resistance: mail.resistance });
    expect(through).toEqual({ absorbed: 4, passed: { amount: 2, type: "c" } });
    expect(biologicalAbsorb(through.passed, a.system.effective.tuf).passed.amount).toBe(0);
  });

  it("weighs what she carries, stored gear excluded; over Max Carry 30 she loses 1 PRW per 20 kg or part (TV-C13)", () => {
    const a = jaye();
    // Longsword 2 + Crossbow 3 + 20 Bolts × 0.02 + Mail 10 + Medium Shield 3 + Healer's Kit 1
    // + 8 Bandages × 0.05 + Backpack 1 + Waterskin 0.8 (the Bedroll is not carried).
    expect(a.system.load.carried).toBeCloseTo(21.6, 6);
    expect(a.system.load.prwPenalty).toBe(0);
    // With the pack's Smith's Tools (10 kg), a Halberd (7 kg) and a suit of Plate carried, not worn
    // ("When carried and not worn, effective weight is 20kg"): 58.6 kg, 28.6 over. "-1 PRW for every
    // 20kg (or part thereof) over that limit": -2, as TV-C13's 51 kg; under 2 × Max Carry, no EX.
    const loaded = actor("verses-character", "Jaye", jayeSystem(), [
      ...jayeItems(),
      packItem("verses-items", "Smith's Tools"),
      packItem("verses-weapons", "Halberd"),
      packItem("verses-armour", "Plate"),
    ]);
    expect(loaded.system.load.carried).toBeCloseTo(58.6, 6);
    expect(loaded.system.load.prwPenalty).toBe(2);
    expect(loaded.system.load.exPerRound).toBe(0);
    expect(loaded.system.effective.prw).toBe(0);
  });

  it("Skillfulness counts the allocated skills, the Human's free language die included (SK SMR × 5 = 10)", () => {
    expect(jaye().system.skillfulness).toEqual({ used: 7, allowed: 10 });
  });

  it("attack pools from the pack weapons as the roll assembles them: Weapons » Swords 2 + PRW 2 = 4 dice before AD", () => {
    const s = jaye().system;
    const longsword = assemblePool(s, s, { skill: "Weapons » Swords", meleeAttack: true, action: "attack" });
    expect(longsword.dice).toBe(4);
    // TV-08's arithmetic on her: 4 skill dice + 5AD against 2S is 86 %.
    expect(successProbability(longsword.dice + 5, 2)).toBeCloseTo(0.86, 2);
  });
});

describe("special tests with the compendiums' skills and gear", () => {
  it("TV-38: Jaye stabilises Phon with the pack's First Aid 2 + SMR 2 + 3AD = 7d6 against 2S, from her stocked Healer's Kit (5)", () => {
    const a = jaye();
    const gear = pickRecoveryGear(recoveryOptions(owned(a), "biological", "stabilise"), {
      supply: owned(a).find((i) => i.name === "Healer's Kit")!.uuid,
    });
    if ("key" in gear) throw new Error(gear.key);
    expect(gear.skill.name).toBe("First Aid");
    expect(gear.supply).toMatchObject({ name: "Healer's Kit", supplies: 5 });
    const phon = {
      uuid: "Actor.phon",
      name: "Phon",
      kind: "biological" as const,
      hp: 2,
      hpMax: 10,
      conditions: [],
    };
    const plan = planStabilize(a.system as LivingState, phon, gear, { ad: 3 });
    expect(plan.ok && plan.value.pool).toBe(7);
    expect(plan.ok && plan.value.roll.target).toBe(2);
  });

  it("TV-12: Harry's Medicine 3 > Biology 3 > SMR 3 from the pack's skills (native TEC 4): the medkit's +1 and 5AD make 15d6; in a TEC 5 world 14d6", () => {
    const harry = actor(
      "verses-character",
      "Harry",
      { attributes: { smr: 3, prw: 2, tuf: 2, soc: 2 }, nativeTec: 4 },
      [
        packItem("verses-species", "Human"),
        packItem("verses-skills", "Medicine", { allocated: 3 }),
        packItem("verses-skills", "Biology", { allocated: 3 }),
        packItem("verses-skills", "Chemistry", { allocated: 1 }),
        packItem("verses-items", "Bandage", { quantity: 10 }),
      ],
    );
    const atHand = recoveryOptions(owned(harry), "biological", "heal");
    const medkit = { uuid: "Item.medkit", name: "Medkit", ol: 1, toolFor: [] };
    const gear = pickRecoveryGear({ ...atHand, tools: [medkit] });
    if ("key" in gear) throw new Error(gear.key);
    const professor = {
      uuid: "Actor.p",
      name: "The Professor",
      kind: "biological" as const,
      hp: 3,
      hpMax: 10,
      conditions: [],
    };
    const pool = (contextTec: number) => {
      const plan = planHealing(harry.system as LivingState, professor, gear, {
        ad: 5,
        world: { contextTec },
      });
      if (!plan.ok) throw new Error(plan.reason.key);
      return plan.value.pool;
    };
    expect(pool(4)).toBe(15);
    expect(pool(5)).toBe(14);
  });

  it("the sheet's Tests panel for her: Stabilize ready (First Aid, supplies), Heal not (First Aid cannot heal), Rest disabled until an AD is EX-bound", () => {
    const build = (a: any) =>
      buildActorSheetContext({
        name: a.name,
        img: "",
        type: a.type,
        system: {
          ...a.system,
          advancement: a.system.advancement,
          details: a.system.details,
        } as VersesActorSystem,
        items: a.items.map((i: any) => ({
          id: i.id,
          name: i.name,
          type: i.type,
          img: i.img ?? "",
          system: i.system,
        })),
        editable: true,
        localize: (key) => key,
      });
    const byId = (a: any) => Object.fromEntries(build(a).tests.buttons.map((b) => [b.id, b]));
    const fresh = byId(jaye());
    expect(fresh.stabilise!.disabled).toBeNull();
    expect(fresh.heal!.disabled).toBe("POLYVERSE.Verses.ActorSheet.Tests.NoHealSkill");
    expect(fresh.rest!.disabled).toBe("POLYVERSE.Verses.Tests.Reason.NothingBound");
    const tired = byId(
      jaye([], { ad: { spent: 0, exBound: 2, reserved: { await: 0, dodge: 0, parry: 0 } } }),
    );
    expect(tired.rest!.disabled).toBeNull();
  });
});

describe("the built sheet wires every button of its templates", () => {
  it("each data-action in the actor sheet's templates (the Tests panel's included) is one of the sheet's actions, each roll kind one _onRoll rolls", () => {
    const sheet = loaded.recorder.sheets.find(
      (r) => r.documentClass.documentName === "Actor" && r.options.types.includes("verses-character"),
    )!.sheet;
    // ApplicationV2 merges each class's DEFAULT_OPTIONS.actions down the chain (the core base's too).
    const actions: Record<string, unknown> = {};
    for (let cls = sheet; cls?.DEFAULT_OPTIONS; cls = Object.getPrototypeOf(cls))
      for (const [name, action] of Object.entries<unknown>(cls.DEFAULT_OPTIONS.actions ?? {}))
        actions[name] ??= action;
    const dir = join(DIST, "templates", "verses", "actor");
    const used = new Set<string>();
    for (const file of readdirSync(dir))
      for (const m of readFileSync(join(dir, file), "utf8").matchAll(/data-action="([A-Za-z]+)"/g))
        used.add(m[1]!);
    expect([...used]).toEqual(expect.arrayContaining(["roll", "letGoTest"]));
    // Every roll button is core's "roll" action with a kind the sheet's _onRoll rolls.
    const kinds = new Set<string>();
    for (const file of readdirSync(dir))
      for (const m of readFileSync(join(dir, file), "utf8").matchAll(
        /data-action="roll" data-roll="([A-Za-z]+)"/g,
      ))
        kinds.add(m[1]!);
    expect([...kinds].sort()).toEqual([...sheet.ROLL_KINDS].sort());
    // "tab" is ApplicationV2's own action.
    for (const action of [...used].filter((a) => a !== "tab"))
      expect(actions[action], action).toBeTypeOf("function");
    expect(sheet.PARTS.attributes.templates).toContain("systems/polyverse/templates/verses/actor/tests.hbs");
  });
});

describe("the creatures pack", () => {
  const creature = (name: string) => {
    const doc = packCreature(name);
    return actor("verses-creature", doc.name, doc.system, doc.items);
  };

  it("TV-C19: the Dog: AD 5, CN 13, HP 6, Max Carry 10, MV 10, SK 4", () => {
    const dog = creature("Dog");
    expect(dog.system.species.name).toBe("Dog");
    expect(dog.system.derived).toMatchObject({ ad: 5, cn: 13, hp: 6, maxCarry: 10, mv: 10, sk: 4 });
    expect(dog.system.hp).toMatchObject({ value: 6, max: 6 });
  });

  it("TV-C19: the Horse: AD 5, CN 5, HP 12, Max Carry 150, MV 14, SK 2", () => {
    const horse = creature("Horse");
    expect(horse.system.derived).toMatchObject({ ad: 5, cn: 5, hp: 12, maxCarry: 150, mv: 14, sk: 2 });
  });

  it("their natural attacks keep the text's TESTs: the Dog's Bite PRW + 1AD → 1S C, the Horse's Kick PRW + TUF + 3AD → 2S", () => {
    const bite = creature("Dog").items.find((i: any) => i.name === "Bite");
    expect(bite.system.modes[0].test.replace(/\s+/g, " ")).toMatch(/PRW \+ 1 ?AD → 1 ?S C/);
    const kick = creature("Horse").items.find((i: any) => i.name === "Kick");
    expect(kick.system.modes[0].test.replace(/\s+/g, " ")).toMatch(/PRW \+ TUF \+ 3 ?AD → 2 ?S/);
  });
});
