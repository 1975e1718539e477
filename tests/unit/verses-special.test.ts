// The special tests of 'Verses Core (Rest, continuous tests, Connectedness, Influence, Stabilizing,
// Healing, Awaken, Survival) from actor data and rolled faces to outcomes and document changes,
// with the rules text's numbers (the TV ids of the structured reading).
import { keysInCode } from "../lib/i18n";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import { deriveLiving, type LivingSource } from "../../src/rulesets/verses/data/living";
import { poolSize } from "../../src/rulesets/verses/base/pool-view";
import {
  cardKeys,
  conditionDetails,
  continuousPath,
  planAwaken,
  planConnectedness,
  planContinuousStart,
  planHealing,
  planInfluence,
  planMaintenance,
  planRest,
  planStabilize,
  planSurvival,
  pickRecoveryGear,
  recoveryOptions,
  recoverySkillId,
  resolveAwakenRoll,
  resolveConnectednessRoll,
  resolveContinuousStart,
  resolveHealingRoll,
  resolveInfluenceRoll,
  resolveMaintenanceRoll,
  resolveRestRoll,
  resolveStabilizeRoll,
  resolveSurvivalRoll,
  specialCardContext,
  statusDiff,
  storedContinuous,
  supplyGearOf,
  updateData,
  type LivingState,
  type PatientState,
  type Planned,
  type RecoveryGear,
  type RollPlan,
  type SpecialCard,
  type StoredContinuous,
} from "../../src/rulesets/verses/rolls/special";
import { successProbability, type SkillDefinition } from "../../src/rulesets/verses/rules";
import { toSkillDefinition } from "../../src/rulesets/verses/data/convert";
import { ROOT } from "../lib/paths";
import { livingSource, skillSource } from "../lib/verses-sources";

type ItemLike = { name: string; type: string; system: unknown };

function living(
  overrides: Partial<LivingSource> = {},
  items: ItemLike[] = [],
  statuses: string[] = [],
): LivingState {
  const source = livingSource(overrides);
  return { ...source, ...deriveLiving(source, { items, statuses: new Set(statuses), flags: {} }) };
}

const skill = (
  name: string,
  allocated: number,
  attribute: "smr" | "prw" | "tuf" | "soc" = "smr",
): ItemLike => ({
  name,
  type: "verses-skill",
  system: skillSource({
    skill: name,
    allocated,
    default: { kind: "attribute", attribute, ability: "", skill: "", spec: "" },
  }),
});

function ok<V>(planned: Planned<V>): V {
  if (!planned.ok) throw new Error(`refused: ${planned.reason.key}`);
  return planned.value;
}

/** The pool's parts add up to the pool the rules function gives. */
function expectConsistent(plan: RollPlan) {
  expect(poolSize(plan.roll.parts)).toBe(plan.pool);
}

const lang = mergeLanguage(join(ROOT, "lang", "en")).lang as Record<string, unknown>;
function hasKey(key: string): boolean {
  let node: unknown = lang;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string";
}
/** Every i18n key the card names exists, and the context renders it without a raw key left. */
function expectCardLocalised(card: SpecialCard) {
  for (const key of cardKeys(card)) expect(hasKey(key), key).toBe(true);
  const localize = (key: string, data?: Record<string, string>) => {
    let node: unknown = lang;
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    const text = typeof node === "string" ? node : key;
    return text.replace(/\{(\w+)\}/g, (m, k: string) => data?.[k] ?? m);
  };
  const context = specialCardContext(card, { localize });
  const texts = [context.title, context.headline, ...context.lines];
  for (const t of texts) {
    expect(t).not.toMatch(/POLYVERSE\./);
    expect(t).not.toMatch(/\{\w+\}/);
  }
  return context;
}

const JEE = { uuid: "Actor.jee", name: "Jee" };

describe("Rest: TUF + #AD -> (#EX)S, 1 EX unbound per SM", () => {
  it("TV-28: Jee, 2 EX bound, rests with her 3 AD left: TUF 2 + 3AD = 5d6 against 2S; 3 successes unbind 2 EX", () => {
    const jee = living({ ad: { spent: 0, exBound: 2, reserved: { await: 0, dodge: 0, parry: 0 } } });
    expect(jee.adAvailable).toBe(3);
    const plan = ok(planRest(jee));
    expect(plan.pool).toBe(5);
    expect(plan.roll.target).toBe(2);
    expectConsistent(plan);
    const result = ok(resolveRestRoll(plan, [6, 5, 5, 2, 1], JEE));
    expect(result.card.lines[0]).toEqual({
      key: "POLYVERSE.Verses.Tests.Rest.Unbound",
      data: { unbound: 2, bound: 0 },
    });
    // One AD bookkeeping (ad-logic.ts): the round's values are set, from 2 EX-bound to 0.
    expect(result.changes).toEqual([{ uuid: "Actor.jee", name: "Jee", set: { "system.ad.exBound": 0 } }]);
    expectCardLocalised(result.card);
  });

  it("in Fast Action the AD rested with are spent for the round", () => {
    const jee = living({ ad: { spent: 0, exBound: 2, reserved: { await: 0, dodge: 0, parry: 0 } } });
    const plan = ok(planRest(jee, { ad: 3, fastAction: true }));
    const result = ok(resolveRestRoll(plan, [6, 5, 5, 2, 1], JEE, true));
    expect(result.changes[0]!.set).toEqual({ "system.ad.spent": 3, "system.ad.exBound": 0 });
  });

  it("TV-41: with nothing EX-bound there is no test", () => {
    const plan = planRest(living());
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.reason.key).toBe("POLYVERSE.Verses.Tests.Reason.NothingBound");
  });

  it("a Prone biological rests with +1 die, shown as the condition's part", () => {
    const prone = living(
      { ad: { spent: 0, exBound: 1, reserved: { await: 0, dodge: 0, parry: 0 } } },
      [],
      ["prone"],
    );
    const plan = ok(planRest(prone, { ad: 2 }));
    expect(plan.pool).toBe(2 + 2 + 1);
    expect(plan.roll.parts).toContainEqual({ label: "POLYVERSE.Verses.Condition.prone", dice: 1 });
    expectConsistent(plan);
  });

  it("more AD than are unspent is refused", () => {
    const jee = living({ ad: { spent: 0, exBound: 2, reserved: { await: 0, dodge: 0, parry: 0 } } });
    expect(planRest(jee, { ad: 4 }).ok).toBe(false);
  });
});

describe("continuous tests and the maintenance roll", () => {
  const jules = living({ attributes: { smr: 2, prw: 2, tuf: 2, soc: 2 } });
  const JULES = { uuid: "Actor.jules", name: "Jules" };
  const start = () =>
    ok(
      planContinuousStart(jules, {
        notation: "1S 1C",
        request: { attribute: "tuf" },
        label: "POLYVERSE.Verses.Attribute.tuf.Abbr",
        ad: 5,
      }),
    );

  it("Heightened Metabolism: 'Any allocated dice may be used in addition to or in place of action dice' in a continuous test", () => {
    const choice = { notation: "1S 1C", request: { attribute: "tuf" as const }, label: "TUF" };
    // In addition: TUF 2 + 5AD + 2 = 9d6; the base dice kept for the maintenance stay TUF 2.
    const added = ok(planContinuousStart(jules, { ...choice, ad: 5, metabolismUsed: 2 }));
    expect(added.pool).toBe(9);
    expect(added.baseDice).toBe(2);
    // In place of: 0AD and 1 metabolism die stand for the action's 1AD; 0 of both is refused.
    expect(ok(planContinuousStart(jules, { ...choice, ad: 0, metabolismUsed: 1 })).pool).toBe(3);
    expect(planContinuousStart(jules, { ...choice, ad: 0 }).ok).toBe(false);
  });

  it("TV-03: Jules holds the airlock: TUF 2 + 5AD = 7d6 against 1S, kept on the actor with 1C", () => {
    const plan = start();
    expect(plan.pool).toBe(7);
    expect(plan.roll.target).toBe(1);
    expect(plan.roll.continuation).toBe(1);
    expectConsistent(plan);
    const result = resolveContinuousStart(plan, [6, 4, 3, 3, 2, 1, 1], JULES, "airlock");
    expect(result.card.continuousId).toBe("airlock");
    const set = result.changes.find((c) => c.set)!.set!;
    expect(set[continuousPath("airlock")]).toMatchObject({
      id: "airlock",
      notation: "1S 1C",
      state: { continuation: 1, baseDice: 2, roundsContinued: 0, active: true },
    });
    expectCardLocalised(result.card);
  });

  it("a failed start keeps nothing", () => {
    const result = resolveContinuousStart(start(), [4, 4, 3, 3, 2, 1, 1], JULES, "airlock");
    expect(result.changes).toEqual([]);
    expect(result.card.continuousId).toBeUndefined();
  });

  const stored: StoredContinuous = {
    id: "airlock",
    label: "POLYVERSE.Verses.Attribute.tuf.Abbr",
    notation: "1S 1C",
    state: { continuation: 1, baseDice: 2, involvesSmr: false, roundsContinued: 0, active: true },
  };

  it("TV-03: each turn TUF 2 + 5AD = 7d6 against 1C; a success keeps it, one round more", () => {
    const plan = ok(planMaintenance(jules, stored, { ad: 5 }));
    expect(plan.pool).toBe(7);
    expect(plan.roll.target).toBe(1);
    expectConsistent(plan);
    const result = resolveMaintenanceRoll(plan, [5, 4, 3, 3, 2, 1, 1], JULES);
    expect(result.changes).toEqual([
      {
        uuid: "Actor.jules",
        name: "Jules",
        set: { [continuousPath("airlock")]: { ...stored, state: { ...stored.state, roundsContinued: 1 } } },
      },
    ]);
    expectCardLocalised(result.card);
  });

  it("a failed maintenance roll ends the test: its flag is deleted", () => {
    const plan = ok(planMaintenance(jules, stored, { ad: 5 }));
    const result = resolveMaintenanceRoll(plan, [4, 4, 3, 3, 2, 1, 1], JULES);
    expect(result.changes[0]!.set).toEqual({ "flags.polyverse.verses.continuous.-=airlock": null });
    expect(result.card.outcome).toBe("failure");
  });

  it("the Maintain a Test action needs 1AD; a maintenance roll forced by a hit does not", () => {
    expect(planMaintenance(jules, stored, { ad: 0 }).ok).toBe(false);
    const hit = ok(planMaintenance(jules, stored, { ad: 0, reason: "hit" }));
    expect(hit.pool).toBe(2);
  });

  it("Action Autopilot adds its dice to maintenance rolls; Multitasking stands in for AD", () => {
    const abilities: ItemLike[] = [
      {
        name: "Action Autopilot",
        type: "verses-ability",
        system: { key: "actionAutopilot", allocated: 1, extrinsic: false, exBound: 0 },
      },
      {
        name: "Multitasking",
        type: "verses-ability",
        system: { key: "multitasking", allocated: 2, extrinsic: false, exBound: 0 },
      },
    ];
    const plan = ok(planMaintenance(living({}, abilities), stored, { ad: 0, multitasking: 1 }));
    expect(plan.pool).toBe(2 + 1 + 1);
    expectConsistent(plan);
  });

  it("reads the continuous tests back from the actor's flags", () => {
    expect(
      storedContinuous({ polyverse: { verses: { continuous: { airlock: stored, broken: { id: 3 } } } } }),
    ).toEqual([stored]);
  });
});

describe("Connectedness: CN -> (10 - SOC)S", () => {
  it("TV-C11: a human with SOC 2 rolls CN 12 dice against 8S, 1.88 %", () => {
    const plan = ok(planConnectedness(living()));
    expect(plan.pool).toBe(12);
    expect(plan.roll.target).toBe(8);
    expect(successProbability(plan.pool, plan.roll.target)).toBeCloseTo(0.0188, 4);
    expectConsistent(plan);
    const result = resolveConnectednessRoll(plan, [6, 6, 5, 5, 5, 5, 6, 5, 1, 2, 3, 4], "Anders");
    expect(result.card.outcome).toBe("success");
    expect(result.changes).toEqual([]);
    expectCardLocalised(result.card);
  });

  it("the GM's population variant: CN + POP + # of Recent Visits", () => {
    const plan = ok(planConnectedness(living(), { populationAdjustment: true, pop: 3, recentVisits: 2 }));
    expect(plan.pool).toBe(17);
    expectConsistent(plan);
  });
});

describe("Influence: Charm and Intimidation contests", () => {
  const docs = {
    influencer: { uuid: "Actor.jee", name: "Jee" },
    target: { uuid: "Actor.guard", name: "Guard" },
  };
  const guard = living();

  it("TV-C07: SOC 2 + SMR 2 + 3AD = 7d6 against SOC 2 + SMR 2 = 4d6; 6,6,5 against 1 success: net 6,5, no Charmed", () => {
    const plan = ok(planInfluence(living(), guard, "charm", { ad: 3 }));
    expect(plan.influencer.pool).toBe(7);
    expect(plan.resist.pool).toBe(4);
    expectConsistent(plan.influencer);
    expectConsistent(plan.resist);
    const result = resolveInfluenceRoll(plan, [6, 6, 5, 4, 3, 2, 1], [5, 4, 3, 2], docs);
    expect(result.influence.won).toBe(true);
    expect(result.influence.conditionApplies).toBe(false);
    expect(result.card.net).toEqual([6, 5, 4, 3, 2, 1]);
    expect(result.changes).toEqual([]);
    expectCardLocalised(result.card);
  });

  it("TV-C08: 6,6,6 against 1 success: net 6,6, Charmed for SM 1 + 2 - 1 = 2 rounds, its source the charmer", () => {
    const plan = ok(planInfluence(living(), guard, "charm", { ad: 3 }));
    const result = resolveInfluenceRoll(plan, [6, 6, 6, 4, 3, 2, 1], [5, 4, 3, 2], docs);
    expect(result.influence.rounds).toBe(2);
    expect(result.changes).toEqual([
      {
        uuid: "Actor.guard",
        name: "Guard",
        statuses: [{ id: "charmed", active: true, sourceId: "Actor.jee", rounds: 2 }],
      },
    ]);
    expect(conditionDetails(result.changes[0]!, "verses")).toEqual({
      "flags.polyverse.verses.conditions.charmed.sourceId": "Actor.jee",
    });
    const context = expectCardLocalised(result.card);
    expect(context.lines).toContain("Guard is Charmed for 2 rounds.");
    expect(context.sides).toHaveLength(2);
  });

  it("TV-C09: Intimidation SOC 2 + TUF 3 + 2AD = 7d6; 6,6 against 0 successes: Afraid for 2 rounds", () => {
    const tough = living({ attributes: { smr: 2, prw: 2, tuf: 3, soc: 2 } });
    const plan = ok(planInfluence(tough, guard, "intimidate", { ad: 2 }));
    expect(plan.influencer.pool).toBe(7);
    expect(plan.resist.pool).toBe(4);
    const result = resolveInfluenceRoll(plan, [6, 6, 4, 3, 2, 1, 1], [4, 3, 2, 1], docs, {}, true);
    expect(result.changes).toContainEqual({
      uuid: "Actor.guard",
      name: "Guard",
      statuses: [{ id: "afraid", active: true, sourceId: "Actor.jee", rounds: 2 }],
    });
    expect(result.changes).toContainEqual({
      uuid: "Actor.jee",
      name: "Jee",
      set: { "system.ad.spent": 2 },
    });
  });

  it("the other sixes rules of the world setting", () => {
    const plan = ok(planInfluence(living(), guard, "charm", { ad: 3 }));
    const any = resolveInfluenceRoll(plan, [6, 6, 5, 4, 3, 2, 1], [5, 4, 3, 2], docs, {
      sixesRule: "anyNetSuccess",
    });
    expect(any.influence.rounds).toBe(2);
  });

  it("influence needs 1AD, and Charm does not work on an enemy", () => {
    expect(planInfluence(living(), guard, "charm", { ad: 0 }).ok).toBe(false);
    const enemy = planInfluence(living(), guard, "charm", { ad: 2, enemy: true });
    expect(!enemy.ok && enemy.reason.key).toBe("POLYVERSE.Verses.Tests.Reason.CharmEnemy");
    expect(planInfluence(living(), guard, "intimidate", { ad: 2, enemy: true }).ok).toBe(true);
  });

  it("a condition on SMR counts once against Charm; an Afraid target resists with 2 dice less", () => {
    const afraid = living({}, [], ["afraid"]);
    const plan = ok(planInfluence(living(), afraid, "charm", { ad: 1 }));
    expect(plan.resist.pool).toBe(2);
    expect(plan.resist.roll.parts).toContainEqual({ label: "POLYVERSE.Verses.Condition.afraid", dice: -2 });
  });
});

const ALETH = { uuid: "Actor.aleth", name: "Aleth" };
const kit = (supplies: number): RecoveryGear["supply"] => ({
  uuid: "Item.kit",
  name: "Healer's Kit",
  supplies,
});

describe("Stabilizing: Skill + #AD -> 2S, 1 HP per SM up to the supplies used", () => {
  const aleth = living({}, [skill("First Aid", 2)]);
  const gear: RecoveryGear = {
    skill: { uuid: "Item.firstAid", name: "First Aid", ref: "First Aid", family: "First Aid" },
    supply: kit(5),
  };
  const phon = (conditions: PatientState["conditions"] = []): PatientState => ({
    uuid: "Actor.phon",
    name: "Phon",
    kind: "biological",
    hp: 2,
    hpMax: 10,
    conditions,
  });

  it("TV-38: Aleth's First Aid 2 + SMR 2 + 3AD = 7d6 against 2S; 4 successes: SM 3, 3 HP, 3 supplies", () => {
    const plan = ok(planStabilize(aleth, phon(), gear, { ad: 3 }));
    expect(plan.pool).toBe(7);
    expect(plan.roll.target).toBe(2);
    expectConsistent(plan);
    const result = ok(resolveStabilizeRoll(plan, [6, 6, 5, 5, 3, 2, 1], ALETH));
    expect(result.changes).toEqual([
      { uuid: "Item.kit", name: "Healer's Kit", add: [{ path: "system.supplies", delta: -3, min: 0 }] },
      { uuid: "Actor.phon", name: "Phon", add: [{ path: "system.hp.value", delta: 3, min: 0, max: 10 }] },
    ]);
    const context = expectCardLocalised(result.card);
    expect(context.lines).toContain("Phon recovers 3 HP.");
    expect(context.lines).toContain("3 supplies used from Healer's Kit, 2 left.");
  });

  it("a Moribund patient becomes merely Unconscious", () => {
    const plan = ok(planStabilize(aleth, { ...phon([{ id: "moribund" }]), hp: 0 }, gear, { ad: 3 }));
    const result = ok(resolveStabilizeRoll(plan, [6, 6, 5, 5, 3, 2, 1], ALETH));
    expect(result.changes.find((c) => c.uuid === "Actor.phon")!.statuses).toEqual([
      { id: "moribund", active: false },
      { id: "unconscious", active: true },
    ]);
  });

  it("a failure still consumes the supplies and heals nothing", () => {
    const plan = ok(planStabilize(aleth, phon(), gear, { ad: 3 }));
    const result = ok(resolveStabilizeRoll(plan, [6, 4, 3, 3, 2, 2, 1], ALETH));
    expect(result.changes).toEqual([
      { uuid: "Item.kit", name: "Healer's Kit", add: [{ path: "system.supplies", delta: -3, min: 0 }] },
    ]);
  });

  it("refused: more AD than supplies, no supplies, a skill that cannot stabilize the patient", () => {
    expect(planStabilize(aleth, phon(), { ...gear, supply: kit(2) }, { ad: 3 }).ok).toBe(false);
    const none = planStabilize(aleth, phon(), { ...gear, supply: kit(0) }, { ad: 1 });
    expect(!none.ok && none.reason.key).toBe("POLYVERSE.Verses.Tests.Reason.NoSupplies");
    const machine = planStabilize(aleth, { ...phon(), kind: "construct" }, gear, { ad: 1 });
    expect(!machine.ok && machine.reason.key).toBe("POLYVERSE.Verses.Tests.Reason.CannotStabilize");
  });

  it("recognises the recovery skills by name", () => {
    expect(recoverySkillId("First Aid")).toBe("firstAid");
    expect(recoverySkillId("jury-rigging")).toBe("juryRigging");
    expect(recoverySkillId("Swords")).toBeNull();
  });
});

describe("Healing: Skill + Tools + #AD -> 3S 2C, allocated dice HP per SM", () => {
  const healer = living({}, [skill("Medicine", 3), skill("Biology", 0)]);
  const HEALER = { uuid: "Actor.healer", name: "Village healer" };
  const gear: RecoveryGear = {
    skill: { uuid: "Item.medicine", name: "Medicine", ref: "Medicine", family: "Medicine" },
    supply: { uuid: "Item.bandages", name: "Bandages", supplies: 10 },
    tool: { uuid: "Item.clinic", name: "Medical clinic", ol: 4 },
  };
  const patient: PatientState = {
    uuid: "Actor.miner",
    name: "Miner",
    kind: "biological",
    hp: 0,
    hpMax: 20,
    conditions: [{ id: "moribund" }, { id: "sickened" }],
  };

  it("TV-39: Medicine 3 + facility OL 4 + 5AD = 12d6 against 3S (allocated dice only); SM 4: 4 x 3 = 12 HP, 5 supplies", () => {
    const plan = ok(planHealing(healer, patient, gear, { ad: 5 }, { poolMode: "allocatedOnly" }));
    expect(plan.pool).toBe(12);
    expect(plan.roll.target).toBe(3);
    expect(plan.roll.continuation).toBe(2);
    expectConsistent(plan);
    const result = ok(
      resolveHealingRoll(
        plan,
        [6, 6, 6, 5, 5, 5, 4, 3, 2, 2, 1, 1],
        HEALER,
        { id: "course", days: 0 },
        { poolMode: "allocatedOnly" },
      ),
    );
    expect(result.changes).toContainEqual({
      uuid: "Item.bandages",
      name: "Bandages",
      add: [{ path: "system.supplies", delta: -5, min: 0 }],
    });
    expect(result.changes).toContainEqual({
      uuid: "Actor.miner",
      name: "Miner",
      add: [{ path: "system.hp.value", delta: 12, min: 0, max: 20 }],
      statuses: [
        { id: "moribund", active: false },
        { id: "sickened", active: false },
      ],
    });
    // Still injured (12 of 20) with supplies left: the course goes on tomorrow with 2C.
    const course = result.changes.find((c) => c.uuid === "Actor.healer")!.set![continuousPath("course")];
    expect(course).toMatchObject({
      state: { continuation: 2 },
      healing: { patientUuid: "Actor.miner", supplyUuid: "Item.bandages", toolUuid: "Item.clinic", days: 1 },
    });
    expect(result.card.continuousId).toBe("course");
    expectCardLocalised(result.card);
  });

  it("with skill dice (the default) the pool is the skill's dice with its default", () => {
    const plan = ok(planHealing(healer, patient, gear, { ad: 5 }));
    expect(plan.pool).toBe(3 + 2 + 4 + 5);
    expectConsistent(plan);
  });

  it("the daily continuation rolls against 2C; a failure ends the course", () => {
    const plan = ok(
      planHealing(healer, { ...patient, hp: 12, conditions: [] }, gear, { ad: 2, phase: "continuation" }),
    );
    expect(plan.roll.target).toBe(2);
    const result = ok(
      resolveHealingRoll(plan, [6, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1], HEALER, { id: "course", days: 1 }),
    );
    expect(result.changes).toContainEqual({
      uuid: "Actor.healer",
      name: "Village healer",
      set: { "flags.polyverse.verses.continuous.-=course": null },
    });
    expect(result.card.title.key).toBe("POLYVERSE.Verses.Tests.Healing.Day");
  });

  it("First Aid cannot heal", () => {
    const firstAid = {
      ...gear,
      skill: { uuid: "Item.fa", name: "First Aid", ref: "First Aid", family: "First Aid" },
    };
    const plan = planHealing(living({}, [skill("First Aid", 2)]), patient, firstAid, { ad: 1 });
    expect(!plan.ok && plan.reason.key).toBe("POLYVERSE.Verses.Tests.Reason.CannotHeal");
  });

  it("Herbalism's allocated dice join the pool", () => {
    const herbalist = living({}, [skill("Medicine", 3), skill("Herbalism", 2)]);
    const plan = ok(planHealing(herbalist, patient, gear, { ad: 1 }));
    expect(plan.roll.parts).toContainEqual({ label: "Herbalism", dice: 2 });
    expectConsistent(plan);
  });
});

describe("Awaken and the Survival roll", () => {
  const SOCIAL = { uuid: "Actor.anders", name: "Anders" };
  const TARGET = { uuid: "Actor.jee", name: "Jee" };

  it("TV-C10: Awaken SOC 2 + 4AD = 6d6 against 4S (10.01 %); a success ends Unconscious", () => {
    const plan = ok(planAwaken(living(), { name: "Jee", conditions: [{ id: "unconscious" }] }, { ad: 4 }));
    expect(plan.pool).toBe(6);
    expect(plan.roll.target).toBe(4);
    expect(successProbability(plan.pool, 4)).toBeCloseTo(0.1001, 4);
    const result = resolveAwakenRoll(plan, [6, 6, 5, 5, 2, 1], { actor: SOCIAL, target: TARGET });
    expect(result.changes).toEqual([
      { uuid: "Actor.jee", name: "Jee", statuses: [{ id: "unconscious", active: false }] },
    ]);
    expectCardLocalised(result.card);
  });

  it("Awaken is refused for a Moribund or a conscious target", () => {
    expect(planAwaken(living(), { name: "Jee", conditions: [{ id: "moribund" }] }, { ad: 1 }).ok).toBe(false);
    expect(planAwaken(living(), { name: "Jee", conditions: [] }, { ad: 1 }).ok).toBe(false);
  });

  it("TV-40: a Moribund actor with TUF 2 rolls TUF + all available AD: 4 successes end Moribund, 1-3 survive, 0 dies", () => {
    const dying = living({ hp: { value: 0 } }, [], ["moribund"]);
    // Moribund's Unconscious zeroes the AD for actions, not for this roll: TUF 2 + 5AD.
    const plan = ok(planSurvival(dying));
    expect(plan.pool).toBe(7);
    expect(plan.roll.target).toBe(0);
    expectConsistent(plan);
    const who = { ...SOCIAL, conditions: dying.conditions };
    const faces = (successes: number) => [
      ...Array(successes).fill(5),
      ...Array(plan.pool - successes).fill(1),
    ];
    const recovers = resolveSurvivalRoll(plan, faces(4), who);
    expect(recovers.survival).toBe("recovers");
    expect(recovers.changes).toEqual([
      {
        uuid: "Actor.anders",
        name: "Anders",
        statuses: [
          { id: "moribund", active: false },
          { id: "unconscious", active: true },
        ],
      },
    ]);
    for (const n of [1, 2, 3]) expect(resolveSurvivalRoll(plan, faces(n), who).survival).toBe("survives");
    const dies = resolveSurvivalRoll(plan, faces(0), who);
    expect(dies.survival).toBe("dies");
    expect(dies.changes).toEqual([]);
    expectCardLocalised(recovers.card);
    expectCardLocalised(dies.card);
  });

  it("EX-bound dice do not join the survival roll", () => {
    const dying = living(
      { hp: { value: 0 }, ad: { spent: 0, exBound: 2, reserved: { await: 0, dodge: 0, parry: 0 } } },
      [],
      ["moribund"],
    );
    expect(ok(planSurvival(dying)).pool).toBe(5);
  });

  it("only a Moribund actor rolls for survival", () => {
    expect(planSurvival(living()).ok).toBe(false);
  });
});

describe("special tests assemble their pools in the world's setting, as attribute and skill rolls do", () => {
  // "tests involving General Skills receive a penalty equal to the difference between the Technology
  // Levels of the actor's allocated skill and that of the era the actor finds themselves in."
  // TV-12: Harry (born 1985, TEC 4) has Medicine 3 > Biology 3 > SMR 3; with his 5AD and the medkit's
  // +1 "he's starting with an excellent dice pool of 15d6", and in the TEC 5 future "he begins his
  // Medicine test at -1 die (TEC 5 - TEC 4)". (The GM's further -5 for the unfamiliar medkit is a
  // ruling for that situation, not part of the TEC difference.)
  const general = (name: string, allocated: number, difficulty: number, def: string | null) => ({
    name,
    type: "verses-skill",
    system: skillSource({
      skill: name,
      allocated,
      difficulty,
      tec: "general",
      default: def
        ? { kind: "skill", attribute: "smr", ability: "", skill: def, spec: "" }
        : { kind: "attribute", attribute: "smr", ability: "", skill: "", spec: "" },
    }),
  });
  const harry: LivingState = {
    ...living({ attributes: { smr: 3, prw: 2, tuf: 2, soc: 2 } }, [
      general("Medicine", 3, 5, "Biology"),
      general("Biology", 3, 3, null),
      general("Chemistry", 1, 3, null),
    ]),
    nativeTec: 4,
  };
  const professor: PatientState = {
    uuid: "Actor.professor",
    name: "The Professor",
    kind: "biological",
    hp: 4,
    hpMax: 10,
    conditions: [],
  };
  const medkit: RecoveryGear = {
    skill: { uuid: "Item.medicine", name: "Medicine", ref: "Medicine", family: "Medicine" },
    supply: { uuid: "Item.medkit", name: "Medkit", supplies: 10 },
    tool: { uuid: "Item.medkit", name: "Medkit", ol: 1 },
  };

  it("TV-12: Harry heals in his own era (TEC 4) with 15d6, and in the TEC 5 future with 1 die less: 14d6", () => {
    const home = ok(planHealing(harry, professor, medkit, { ad: 5, world: { contextTec: 4 } }));
    expect(home.pool).toBe(15);
    const future = ok(planHealing(harry, professor, medkit, { ad: 5, world: { contextTec: 5 } }));
    expect(future.pool).toBe(14);
    expect(future.roll.parts).toContainEqual({ label: "POLYVERSE.Verses.Pool.TecDifference", dice: -1 });
    expectConsistent(future);
  });

  it("the world's TEC-differential setting turned off: no TEC difference", () => {
    const off = ok(
      planHealing(harry, professor, medkit, {
        ad: 5,
        world: { contextTec: 5, skillOptions: { tecDifferential: false } },
      }),
    );
    expect(off.pool).toBe(15);
  });

  it("TV-13: a continuous test with a General skill three eras back: Chemistry 1 + SMR 3 + 5AD = 9, -3 (TEC 4 - TEC 1)", () => {
    const plan = ok(
      planContinuousStart(harry, {
        notation: "3S 1C",
        request: { skill: "Chemistry" },
        label: "Chemistry",
        ad: 5,
        world: { contextTec: 1 },
      }),
    );
    expect(plan.pool).toBe(6);
    // The continuation keeps the test's dice without its AD, TEC difference included.
    expect(plan.baseDice).toBe(1);
  });

  it("TV-10: the compendium's catalog lets a chain through skills the actor lacks resolve (Padma: SMR 2 - 2 - 2 + 5AD = 3d6)", () => {
    const catalog: SkillDefinition[] = [
      toSkillDefinition(
        "Stellar Navigation",
        skillSource({
          skill: "Stellar Navigation",
          difficulty: 2,
          tec: "5",
          default: { kind: "skill", attribute: "smr", ability: "", skill: "Ship Systems", spec: "" },
        }),
      ),
      toSkillDefinition("Ship Systems", skillSource({ skill: "Ship Systems", difficulty: 2, tec: "5" })),
    ];
    const padma = living();
    const choice = {
      notation: "2S 1C",
      request: { skill: "Stellar Navigation" },
      label: "Stellar Navigation",
      ad: 5,
    };
    expect(planContinuousStart(padma, choice).ok).toBe(false);
    expect(ok(planContinuousStart(padma, { ...choice, world: { catalog } })).pool).toBe(3);
  });

  it("dice the player or GM adds join every special test's pool, labelled", () => {
    const jee = living({ ad: { spent: 0, exBound: 2, reserved: { await: 0, dodge: 0, parry: 0 } } });
    const rest = ok(planRest(jee, { bonus: 1 }));
    expect(rest.pool).toBe(6);
    expect(rest.roll.parts).toContainEqual({ label: "POLYVERSE.Verses.Pool.Bonus", dice: 1 });
    expectConsistent(rest);
    const connect = ok(planConnectedness(living(), { bonus: -2 }));
    expect(connect.pool).toBe(10);
    expectConsistent(connect);
    const heal = ok(planHealing(harry, professor, medkit, { ad: 5, bonus: 2 }));
    expect(heal.pool).toBe(17);
    expectConsistent(heal);
  });
});

describe("the healer's gear", () => {
  const item = (name: string, type: string, system: Record<string, unknown>) => ({
    uuid: `Item.${name.replace(/\W/g, "")}`,
    name,
    type,
    system,
  });
  const firstAid = item("First Aid", "verses-skill", { skill: "First Aid", spec: "", allocated: 2 });
  const medicine = item("Medicine", "verses-skill", { skill: "Medicine", spec: "", allocated: 1 });
  const kit = item("Healer's Kit", "verses-gear", {
    kind: "tool",
    ol: 2,
    toolFor: ["Medicine"],
    supplyKind: "medical",
    supplies: 5,
    quantity: 1,
  });
  const bandages = item("Bandage", "verses-gear", {
    kind: "supply",
    supplyKind: "medical",
    supplies: 1,
    quantity: 8,
  });
  const smithing = item("Blacksmithing Supplies", "verses-gear", {
    kind: "supply",
    supplyKind: "blacksmithing",
    supplies: 1,
    quantity: 3,
  });

  it("a stack of single supplies (8 Bandages) holds 8, and using them takes Bandages off the stack", () => {
    expect(supplyGearOf(bandages)).toEqual({
      uuid: "Item.Bandage",
      name: "Bandage",
      supplies: 8,
      path: "system.quantity",
      perUnit: 1,
    });
    expect(supplyGearOf(kit)).toEqual({ uuid: "Item.HealersKit", name: "Healer's Kit", supplies: 5 });
  });

  it("TV-38 with the stack: Aleth's 3AD use 3 Bandages", () => {
    const aleth = living({}, [skill("First Aid", 2)]);
    const gear = pickRecoveryGear(recoveryOptions([firstAid, bandages], "biological", "stabilise"));
    if ("key" in gear) throw new Error(gear.key);
    const plan = ok(planStabilize(aleth, { ...phonLike, hp: 2 }, gear, { ad: 3 }));
    const result = ok(
      resolveStabilizeRoll(plan, [6, 5, 5, 5, 2, 1, 1], { uuid: "Actor.aleth", name: "Aleth" }),
    );
    expect(result.changes).toContainEqual({
      uuid: "Item.Bandage",
      name: "Bandage",
      add: [{ path: "system.quantity", delta: -3, min: 0 }],
    });
  });

  it("medical supplies serve biological patients, the others constructs; the best skill, supplies and tool are picked", () => {
    const items = [firstAid, medicine, kit, bandages, smithing];
    const bio = recoveryOptions(items, "biological", "stabilise");
    expect(bio.skills.map((s) => s.name)).toEqual(["First Aid", "Medicine"]);
    expect(bio.supplies.map((s) => s.name)).toEqual(["Bandage", "Healer's Kit"]);
    expect(recoveryOptions(items, "construct", "stabilise").supplies.map((s) => s.name)).toEqual([
      "Blacksmithing Supplies",
    ]);
    const heal = pickRecoveryGear(recoveryOptions(items, "biological", "heal"));
    expect(heal).toMatchObject({
      skill: { name: "Medicine" },
      supply: { name: "Bandage" },
      tool: { name: "Healer's Kit", ol: 2 },
    });
    expect(
      pickRecoveryGear(recoveryOptions(items, "biological", "heal"), { supply: kit.uuid, tool: "" }),
    ).toMatchObject({ supply: { name: "Healer's Kit" } });
    expect(pickRecoveryGear(recoveryOptions([kit], "biological", "stabilise"))).toEqual({
      key: "POLYVERSE.Verses.Tests.Reason.NoSkill",
    });
    expect(pickRecoveryGear(recoveryOptions([firstAid], "biological", "stabilise"))).toEqual({
      key: "POLYVERSE.Verses.Tests.Reason.NoSupplyItem",
    });
  });
});

const phonLike: PatientState = {
  uuid: "Actor.phon",
  name: "Phon",
  kind: "biological",
  hp: 2,
  hpMax: 10,
  conditions: [],
};

describe("applying the changes", () => {
  it("deltas are applied to the current values and clamped", () => {
    const values: Record<string, number> = { "system.hp.value": 8, "system.supplies": 1 };
    const get = (p: string) => values[p];
    expect(
      updateData(
        {
          uuid: "x",
          name: "x",
          set: { "flags.polyverse.continuous.-=a": null },
          add: [
            { path: "system.hp.value", delta: 5, min: 0, max: 10 },
            { path: "system.supplies", delta: -3, min: 0 },
          ],
        },
        get,
      ),
    ).toEqual({ "flags.polyverse.continuous.-=a": null, "system.hp.value": 10, "system.supplies": 0 });
  });

  it("a status switched off loses its details; the status diff names what changes", () => {
    expect(
      conditionDetails({ uuid: "x", name: "x", statuses: [{ id: "charmed", active: false }] }, "verses"),
    ).toEqual({
      "flags.polyverse.verses.conditions.-=charmed": null,
    });
    expect(statusDiff([{ id: "prone" }], [{ id: "prone" }, { id: "stunned" }])).toEqual([
      { id: "stunned", active: true },
    ]);
  });
});

describe("every message the special tests can show is in the language file", () => {
  it("the keys special-logic.ts, special-dialog-logic.ts and special.ts name, static and per kind", async () => {
    const { readFileSync, readdirSync } = await import("node:fs");
    const dir = join(ROOT, "src", "rulesets", "verses", "rolls");
    // The three modules gather one folder each (special/, special-foundry/, special-dialogs/).
    const sources = ["special", "special-foundry", "special-dialogs"].flatMap((folder) =>
      readdirSync(join(dir, folder))
        .filter((f) => f.endsWith(".ts"))
        .map((f) => readFileSync(join(dir, folder, f), "utf8")),
    );
    // Every key is written out in full (kinds and outcomes through lookup tables), so the same
    // scanner the integration tests run over the bundle finds them all here.
    const keys = sources.flatMap((source) => keysInCode(source));
    expect(keys.length).toBeGreaterThan(40);
    // A sentence a count picks is named by its group (the code adds `.one` or `.other`).
    for (const key of keys)
      expect(hasKey(key) || (hasKey(`${key}.one`) && hasKey(`${key}.other`)), key).toBe(true);
  });
});
