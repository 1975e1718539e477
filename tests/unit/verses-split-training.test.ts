// Two leftovers of issue #11, Foundry-free: Healing divided between several patients ("If more than
// one patient is present during the interval for healing, resulting HP recovery may be divided
// between the patients") and the end of a course of Animal Training (the skill added to the animal,
// the finished course deleted, what the GM checks before adding it for a player).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import {
  cardKeys,
  checkShares,
  planHealing,
  planTrainingWeek,
  resolveSplitHealingRoll,
  resolveTrainingWeekRoll,
  specialCardContext,
  trainingDeletePath,
  type AnimalState,
  type LivingState,
  type PatientState,
  type Planned,
  type RecoveryGear,
  type SpecialCard,
} from "../../src/rulesets/verses/rolls/special";
import {
  animalSkillItemData,
  learnPlan,
  trainingRollProblem,
} from "../../src/rulesets/verses/rolls/training-logic";
import { startTraining } from "../../src/rulesets/verses/rules";
import { ROOT } from "../lib/paths";
import { livingSource, skillSource } from "../lib/verses-sources";

const ok = <V>(planned: Planned<V>): V => {
  if (!planned.ok) throw new Error(`refused: ${planned.reason.key}`);
  return planned.value;
};
type ItemLike = { name: string; type: string; system: unknown };
function living(items: ItemLike[]): LivingState {
  const source = livingSource({});
  return { ...source, ...deriveLiving(source, { items, statuses: new Set(), flags: {} }) };
}
const skill = (name: string, allocated: number, extra: Record<string, unknown> = {}): ItemLike => ({
  name,
  type: "verses-skill",
  system: skillSource({
    skill: name,
    allocated,
    default: { kind: "attribute", attribute: "smr", ability: "", skill: "", spec: "" },
    ...extra,
  }),
});
const lang = mergeLanguage(join(ROOT, "lang", "en")).lang as Record<string, unknown>;
const text = (key: string, data?: Record<string, string>) => {
  let node: unknown = lang;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  const t = typeof node === "string" ? node : key;
  return t.replace(/\{(\w+)\}/g, (m, k: string) => data?.[k] ?? m);
};
function expectLocalised(card: SpecialCard, options: { learned?: boolean } = {}) {
  const context = specialCardContext(card, { localize: text, ...options });
  for (const key of cardKeys(card)) expect(text(key), key).not.toBe(key);
  for (const t of [
    context.title,
    context.headline,
    ...context.lines,
    context.learnGM ?? "",
    context.learnDone ?? "",
  ])
    expect(t).not.toMatch(/POLYVERSE\.|\{\w+\}/);
  return context;
}

describe("Healing divided between the patients present", () => {
  // TV-39's healer: Medicine 3, a 4 OL facility, 5AD: 12d6 against 3S, 3 HP per SM.
  const healer = living([skill("Medicine", 3)]);
  const HEALER = { uuid: "Actor.healer", name: "Village healer" };
  const gear: RecoveryGear = {
    skill: { uuid: "Item.medicine", name: "Medicine", ref: "Medicine", family: "Medicine" },
    supply: { uuid: "Item.bandages", name: "Bandages", supplies: 10 },
    tool: { uuid: "Item.clinic", name: "Medical clinic", ol: 4 },
  };
  const patient = (id: string, hp: number, hpMax: number, conditions: PatientState["conditions"] = []) => ({
    uuid: `Actor.${id}`,
    name: id,
    kind: "biological" as const,
    hp,
    hpMax,
    conditions,
  });
  const phon = patient("Phon", 2, 10, [{ id: "sickened" }]);
  const miner = patient("Miner", 0, 20);
  // SM 4: 6 successes against 3S. "the patient recovers HP in the amount of the skill's allocated dice per success margin": 12 HP.
  const faces = [6, 6, 6, 5, 5, 5, 4, 3, 2, 2, 1, 1];
  const options = { poolMode: "allocatedOnly" as const };
  const plan = ok(planHealing(healer, phon, gear, { ad: 5 }, options));

  it("TV-39's 12 HP between Phon (8 missing) and the Miner (20 missing): 6 each, one card; supplies once", () => {
    expect(plan.pool).toBe(12);
    const result = ok(resolveSplitHealingRoll(plan, faces, HEALER, [phon, miner], undefined, options));
    expect([...result.split]).toEqual([
      ["Actor.Phon", 6],
      ["Actor.Miner", 6],
    ]);
    expect(result.changes).toEqual([
      { uuid: "Item.bandages", name: "Bandages", add: [{ path: "system.supplies", delta: -5, min: 0 }] },
      {
        uuid: "Actor.Phon",
        name: "Phon",
        add: [{ path: "system.hp.value", delta: 6, min: 0, max: 10 }],
        statuses: [{ id: "sickened", active: false }],
      },
      { uuid: "Actor.Miner", name: "Miner", add: [{ path: "system.hp.value", delta: 6, min: 0, max: 20 }] },
    ]);
    const context = expectLocalised(result.card);
    expect(context.lines[0]).toBe("12 HP (SM 4 × 3), divided between the 2 patients present.");
    expect(context.lines).toContain("Phon: +6 HP.");
    expect(result.card.continuousId).toBeUndefined();
  });

  it("a patient missing less takes no more than it misses; the rest goes to the others", () => {
    const scratched = patient("Anders", 9, 10);
    const result = ok(resolveSplitHealingRoll(plan, faces, HEALER, [scratched, miner], undefined, options));
    expect([...result.split]).toEqual([
      ["Actor.Anders", 1],
      ["Actor.Miner", 11],
    ]);
  });

  it("the healer's division: checked before the roll, and evenly when it asks for more than was healed", () => {
    expect(checkShares([phon, miner], { "Actor.Phon": 9 })).toEqual({
      key: "POLYVERSE.Verses.SplitHealing.ShareAboveMissing",
    });
    expect(checkShares([phon, miner], { "Actor.Bob": 1 })?.key).toBe(
      "POLYVERSE.Verses.SplitHealing.UnknownPatient",
    );
    expect(checkShares([phon, miner], { "Actor.Phon": 2, "Actor.Miner": 10 })).toBeNull();
    const chosen = ok(
      resolveSplitHealingRoll(
        plan,
        faces,
        HEALER,
        [phon, miner],
        { "Actor.Phon": 2, "Actor.Miner": 10 },
        options,
      ),
    );
    expect([...chosen.split]).toEqual([
      ["Actor.Phon", 2],
      ["Actor.Miner", 10],
    ]);
    const greedy = ok(
      resolveSplitHealingRoll(
        plan,
        faces,
        HEALER,
        [phon, miner],
        { "Actor.Phon": 8, "Actor.Miner": 20 },
        options,
      ),
    );
    expect([...greedy.split]).toEqual([
      ["Actor.Phon", 6],
      ["Actor.Miner", 6],
    ]);
    expect(greedy.card.lines[0]).toEqual({ key: "POLYVERSE.Verses.SplitHealing.Evenly", data: { hp: 12 } });
  });

  it("a failure heals no one", () => {
    const result = ok(
      resolveSplitHealingRoll(plan, Array(12).fill(1), HEALER, [phon, miner], undefined, options),
    );
    expect(result.card.outcome).toBe("failure");
    expect(result.changes.filter((c) => c.uuid.startsWith("Actor."))).toEqual([]);
  });
});

describe("the end of a course of Animal Training", () => {
  const trainer = living([skill("Animal Training", 1, { spec: "Horse", difficulty: 3, repeatable: true })]);
  const TAM = { uuid: "Actor.tam", name: "Tam" };
  // The Horse: SMR 2, SOC 2: "(8 - [Animal's SMR + SOC])S" = 4S.
  const colt: AnimalState = {
    uuid: "Actor.colt",
    name: "Colt",
    type: "Horse",
    smr: 2,
    tuf: 3,
    soc: 2,
    trained: {},
  };

  it("the last week: the course is deleted from the trainer's flags (-=) and the card names the skill learned", () => {
    const existing = {
      ...startTraining("ridersMount"),
      weeksDone: 1,
      id: "c1",
      animalUuid: colt.uuid,
      animalName: "Colt",
    };
    const plan = ok(planTrainingWeek(trainer, colt, existing, "c1", { skill: "ridersMount", ad: 2 }));
    const result = resolveTrainingWeekRoll(plan, Array(plan.pool).fill(6), TAM);
    expect(result.trained).toBe(true);
    expect(result.changes).toEqual([
      { uuid: "Actor.tam", name: "Tam", set: { "flags.polyverse.verses.training.-=c1": null } },
    ]);
    expect(trainingDeletePath("c1")).toBe("flags.polyverse.verses.training.-=c1");
    expect(result.card.learn).toEqual({ animalUuid: "Actor.colt", animalName: "Colt", skill: "ridersMount" });
    expect(expectLocalised(result.card).learnGM).toBe(
      "Only the GM can add Rider's Mount to Colt: the GM has been asked.",
    );
    expect(expectLocalised(result.card, { learned: true })).toMatchObject({
      learnGM: null,
      learnDone: "Rider's Mount was added to Colt (1 allocated die).",
    });
  });

  it("a week that is not the last carries no skill", () => {
    const plan = ok(planTrainingWeek(trainer, colt, null, "c2", { skill: "warMount", ad: 2 }));
    expect(resolveTrainingWeekRoll(plan, Array(plan.pool).fill(6), TAM).card.learn).toBeUndefined();
  });

  it("the skill: an unallocated item of it is allocated, else one is created from the text's numbers", () => {
    const horseItems = [
      { id: "rm", name: "Rider's Mount", type: "verses-skill", system: { skill: "", allocated: 0 } },
    ];
    expect(learnPlan(horseItems, "ridersMount")).toEqual({ kind: "allocate", itemId: "rm" });
    expect(learnPlan([{ ...horseItems[0]!, system: { allocated: 2 } }], "ridersMount")).toEqual({
      kind: "already",
    });
    expect(learnPlan(horseItems, "warMount")).toEqual({ kind: "create" });
    // "War Mount difficulty: 4 default: Skill Rider's Mount".
    expect(animalSkillItemData("warMount")).toMatchObject({
      name: "War Mount",
      type: "verses-skill",
      system: { difficulty: 4, default: { kind: "skill", skill: "Rider's Mount" }, allocated: 1 },
    });
    // "Labor Animal difficulty: 2 default: Attribute TUF".
    expect(animalSkillItemData("laborAnimal").system.default).toMatchObject({
      kind: "attribute",
      attribute: "tuf",
    });
  });

  it("the GM's check: the roll was against the animal's own target (a Horse 4S) and succeeded", () => {
    const horse = { smr: 2, soc: 2 };
    expect(trainingRollProblem({ target: 4, faces: [6, 6, 5, 5, 1] }, horse)).toBeNull();
    expect(trainingRollProblem({ target: 4, faces: [6, 6, 5, 1, 1] }, horse)).toBe(
      "POLYVERSE.Verses.Training.NotTrained",
    );
    expect(trainingRollProblem({ target: 1, faces: [6] }, horse)).toBe(
      "POLYVERSE.Verses.Training.WrongTarget",
    );
    expect(trainingRollProblem(null, horse)).toBe("POLYVERSE.Verses.Training.WrongTarget");
  });
});
