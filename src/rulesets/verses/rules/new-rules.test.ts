/**
 * Issue #11's rules, against the 'Verses Core 0.8.5 text's own words and numbers: Lock Picking with
 * improvised tools, Assassination, the Animal Training weekly test and the animal command tests,
 * vehicles capped by their team, leaving cover mid-round and Heightened Metabolism.
 */
import { describe, expect, it } from "vitest";
import {
  ANIMAL_SKILLS,
  ASSASSINATION_WINDOW_SECONDS,
  assassination,
  assassinationFaces,
  commandTest,
  coverAfterLeaving,
  leftCoverHolds,
  lockPickingTest,
  metabolismFree,
  resolveCommand,
  resolveLockPicking,
  resolveTrainingWeek,
  restWithMetabolism,
  startTraining,
  trainingTarget,
  trainingWeeks,
  useMetabolism,
  vehicleMovement,
  DOG,
  HORSE,
  derivedAttributes,
  type CommandInput,
} from "./index";

describe("Lock Picking: 'When using improvised tools, subtract 1 die ... On a failure with no successes, the improvised tool breaks.'", () => {
  it("improvised tools take 1 die off; appropriate tools none", () => {
    expect(lockPickingTest({ pool: 4, target: 2, improvised: true })).toEqual({
      ok: true,
      value: { pool: 3, target: 2, penalty: 1 },
    });
    expect(lockPickingTest({ pool: 4, target: 2, improvised: false })).toMatchObject({ value: { pool: 4 } });
    expect(lockPickingTest({ pool: 0, target: 1, improvised: true })).toMatchObject({ value: { pool: 0 } });
    expect(lockPickingTest({ pool: 3, target: 0, improvised: false }).ok).toBe(false);
  });
  it("the improvised tool breaks only on a failure with no successes", () => {
    expect(resolveLockPicking([1, 2, 4], 2, true).toolBreaks).toBe(true);
    expect(resolveLockPicking([5, 2, 4], 2, true)).toMatchObject({
      toolBreaks: false,
      outcome: { success: false },
    });
    expect(resolveLockPicking([5, 6, 4], 2, true)).toMatchObject({
      toolBreaks: false,
      outcome: { success: true },
    });
    expect(resolveLockPicking([1, 2, 4], 2, false).toolBreaks).toBe(false);
  });
});

describe("Assassination: all available AD on Watch at a biological actor, then within 1 minute all AD on an attack", () => {
  const watch = { targetId: "guard", allAd: true, at: 100 };
  const attack = { targetId: "guard", targetKind: "biological" as const, allAd: true, at: 130, allocated: 2 };
  it("adds the allocated dice and lets every success through armour as a six", () => {
    expect(assassination(watch, attack)).toEqual({
      ok: true,
      value: { dice: 2, successesAsSixesAgainstArmour: true },
    });
    expect(assassinationFaces([5, 6, 5, 3, 1])).toEqual([6, 6, 6, 3, 1]);
  });
  it("'within 1 minute': 60 s (12 rounds of 5 s) and no later", () => {
    expect(ASSASSINATION_WINDOW_SECONDS).toBe(60);
    expect(assassination(watch, { ...attack, at: 160 }).ok).toBe(true);
    expect(assassination(watch, { ...attack, at: 165 }).ok).toBe(false);
  });
  it("is refused without each of its conditions", () => {
    expect(assassination(null, attack).ok).toBe(false);
    expect(assassination({ ...watch, allAd: false }, attack).ok).toBe(false);
    expect(assassination({ ...watch, targetId: "cook" }, attack).ok).toBe(false);
    expect(assassination(watch, { ...attack, allAd: false }).ok).toBe(false);
    expect(assassination(watch, { ...attack, targetKind: "construct" }).ok).toBe(false);
    expect(assassination(watch, { ...attack, allocated: 0 }).ok).toBe(false);
    expect(assassination(watch, { ...attack, knowsAnatomy: false }).ok).toBe(false);
  });
});

describe("Animal Training: 'Skill + #AD → (8 - [Animal's SMR + SOC])S', 1 week per level of difficulty", () => {
  it("the Dog (SMR 2, SOC 3) trains against 3S, the Horse (SMR 2, SOC 2) against 4S (TV-C20)", () => {
    expect(trainingTarget(DOG.core)).toBe(3);
    expect(trainingTarget(HORSE.core)).toBe(4);
  });
  it("Rider's Mount takes 2 weeks, War Mount 4; Labor Animal and Tracker 2", () => {
    expect(trainingWeeks(ANIMAL_SKILLS.ridersMount.difficulty)).toBe(2);
    expect(trainingWeeks(ANIMAL_SKILLS.warMount.difficulty)).toBe(4);
    expect(startTraining("laborAnimal").weeksNeeded).toBe(2);
    expect(startTraining("tracker").weeksNeeded).toBe(2);
  });
  it("a failed week 'begin[s] that week's training again'; the last successful week trains the animal", () => {
    let course = startTraining("ridersMount");
    const failed = resolveTrainingWeek(course, [5, 6, 1, 2], HORSE.core);
    expect(failed).toMatchObject({ trained: false, course: { weeksDone: 0 } });
    course = resolveTrainingWeek(course, [5, 6, 5, 6], HORSE.core).course;
    expect(course.weeksDone).toBe(1);
    const last = resolveTrainingWeek(course, [5, 6, 5, 6, 1], HORSE.core);
    expect(last).toMatchObject({ trained: true, course: { weeksDone: 2 } });
  });
});

describe("Commanding animals (Labor Animal, Rider's Mount, War Mount, untrained)", () => {
  const horse = { smr: 2, tuf: 3, soc: 2 };
  const base: CommandInput = {
    training: "laborAnimal",
    task: "routine",
    soc: 2,
    ridingDice: 0,
    trainedDice: 1,
    animal: horse,
    taskDifficulty: 2,
  };
  it("each command costs 1AD; a routine command needs no test", () => {
    expect(commandTest(base)).toEqual({
      ok: true,
      value: { pool: 3, target: 1, resist: 0, testNeeded: false, ad: 1 },
    });
  });
  it("Labor Animal: difficult 'SOC + Animal's Trained Skill → [Task Difficulty]S', contested by its Smarts", () => {
    expect(commandTest({ ...base, task: "difficult" })).toMatchObject({
      value: { pool: 3, target: 2, resist: 2 },
    });
  });
  it("Labor Animal: dangerous '→ Animal's SMR + TUF', a contest against 5 dice for the Horse", () => {
    expect(commandTest({ ...base, task: "dangerous" })).toMatchObject({
      value: { pool: 3, target: 1, resist: 5 },
    });
  });
  it("Rider's Mount: the rider's Riding dice replace SOC; an unallocated Riding needs a test even for routine commands", () => {
    const mount = { ...base, training: "ridersMount" as const, ridingDice: 2 };
    expect(commandTest(mount)).toMatchObject({ value: { pool: 3, testNeeded: false } });
    expect(commandTest({ ...mount, ridingDice: 0 })).toMatchObject({ value: { testNeeded: true } });
    expect(commandTest({ ...mount, task: "dangerous" })).toMatchObject({ value: { resist: 5 } });
  });
  it("War Mount: 'Difficult and dangerous tasks are not contested'", () => {
    const war = { ...base, training: "warMount" as const, ridingDice: 2, trainedDice: 2 };
    expect(commandTest({ ...war, task: "difficult" })).toMatchObject({
      value: { pool: 4, target: 2, resist: 0 },
    });
    expect(commandTest({ ...war, task: "dangerous" })).toMatchObject({
      value: { pool: 4, target: 2, resist: 0 },
    });
  });
  it("an untrained animal contests Animal Training with its Smarts + Sociability, at the GM's margin", () => {
    const calm = commandTest({ ...base, training: "untrained", animalTrainingDice: 3, taskDifficulty: 1 });
    expect(calm).toMatchObject({ value: { pool: 3, target: 1, resist: 4 } });
  });
  it("a contested command is obeyed when the commander's net successes reach the target", () => {
    const test = { pool: 3, target: 1, resist: 5, testNeeded: true, ad: 1 };
    expect(resolveCommand(test, [6, 6, 5], [5, 1, 1, 1, 1]).obeyed).toBe(true);
    expect(resolveCommand(test, [6, 1, 5], [5, 6, 1, 1, 1]).obeyed).toBe(false);
  });
});

describe("Vehicles: 'always limited by the Movement derived attribute of the animals pulling them, as well as the net weight'", () => {
  const horseStats = derivedAttributes(HORSE, { attributes: HORSE.core });
  const horse = { name: "Horse", mv: horseStats.mv, maxCarry: horseStats.maxCarry };
  it("a Chariot (18m/AD) behind a Horse (14m/AD) moves 14m/AD; a Cart (3m/AD) 3m/AD", () => {
    expect(horseStats).toMatchObject({ mv: 14, maxCarry: 150 });
    const chariot = { mv: 18, weight: 150, twoWheeled: true };
    expect(vehicleMovement(chariot, [horse])).toMatchObject({
      mv: 14,
      limitedBy: "animal",
      slowest: "Horse",
    });
    expect(vehicleMovement({ mv: 3, weight: 100, twoWheeled: true }, [horse])).toMatchObject({
      mv: 3,
      limitedBy: "vehicle",
    });
  });
  it("with no team it does not move", () => {
    expect(vehicleMovement({ mv: 3, weight: 100, twoWheeled: true }, [])).toMatchObject({
      mv: 0,
      limitedBy: "noTeam",
    });
  });
  it("Labor Animal pulls 2 × Max Carry (300 kg for a Horse) without a PRW penalty; untrained, -1 PRW per 20 kg over 150", () => {
    const cart = { mv: 3, weight: 100, cargoKg: 200, twoWheeled: true };
    expect(vehicleMovement(cart, [{ ...horse, laborAnimal: true }])).toMatchObject({
      laden: 300,
      capacity: 300,
      overloads: [{ prwPenalty: 0, exPerRound: 0 }],
    });
    expect(vehicleMovement(cart, [horse]).overloads[0]).toMatchObject({ prwPenalty: 8, exPerRound: 0 });
  });
  it("War Mount pulls 2 × Max Carry only for a two-wheeled cart; the team shares the weight", () => {
    const coach = { mv: 3, weight: 700, twoWheeled: false };
    const war = { ...horse, warMount: true };
    expect(vehicleMovement(coach, [war, war]).overloads[0]).toMatchObject({ prwPenalty: 10, exPerRound: 1 });
    expect(vehicleMovement({ ...coach, twoWheeled: true }, [war, war]).overloads[0]).toMatchObject({
      prwPenalty: 3,
    });
  });
});

describe("Leaving cover: 'thereafter they have only Partial cover for the rest of the round'", () => {
  it("full cover becomes partial once the target left it this round; partial and none stay", () => {
    expect(coverAfterLeaving("full", true)).toBe("partial");
    expect(coverAfterLeaving("full", false)).toBe("full");
    expect(coverAfterLeaving("partial", true)).toBe("partial");
    expect(coverAfterLeaving("none", true)).toBe("none");
  });
  it("the mark lasts for the rest of the round it was made in", () => {
    expect(leftCoverHolds({ round: 3 }, 3)).toBe(true);
    expect(leftCoverHolds({ round: 3 }, 4)).toBe(false);
    expect(leftCoverHolds(null, 3)).toBe(false);
  });
});

describe("Heightened Metabolism: used dice 'are treated as EX-bound until they are recovered through the Rest action'", () => {
  it("using dice binds them; no more than the unbound ones", () => {
    const hm = { allocated: 2, bound: 0 };
    const used = useMetabolism(hm, 2);
    expect(used).toEqual({ ok: true, value: { allocated: 2, bound: 2 } });
    expect(metabolismFree({ allocated: 2, bound: 2 })).toBe(0);
    expect(useMetabolism({ allocated: 2, bound: 2 }, 1).ok).toBe(false);
  });
  it("Rest counts them in (#EX)S and frees them first: SM 2 with 2 AD and 1 die bound frees one of each", () => {
    expect(restWithMetabolism(2, 1, 2)).toEqual({ target: 3, metabolismFreed: 1, adFreed: 1 });
    expect(restWithMetabolism(0, 2, 1)).toEqual({ target: 2, metabolismFreed: 1, adFreed: 0 });
    expect(restWithMetabolism(2, 0, 5)).toEqual({ target: 2, metabolismFreed: 0, adFreed: 2 });
  });
});
