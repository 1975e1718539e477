// A Virtually Real check built from an actor and a choice (rolls/check-input-logic.ts): the skill's
// capacity and level with its related attribute's capacity, saves (Health, Dodge, Initiative), the
// attribute check, Darkness; the dice the rules add by themselves as lines (a major physical
// condition's disadvantage, a critical condition's disadvantage and +1 crit, adrenaline, Darkness, an
// underline's +1 crit), the roller's situational dice and counted +crit sources.
import { describe, expect, it } from "vitest";
import { buildCheck, findSkill } from "../../src/rulesets/virtually-real/rolls/check-input-logic";
import { planCheck } from "../../src/rulesets/virtually-real/rules";
import { CHECK_SETTINGS, plainActor, skill } from "../lib/virtually-real-roll-examples";

const lockpicker = plainActor({ skills: [skill("Open Locks", 2, 3)] });

describe("a skill check", () => {
  it("TV-01: Open Locks [2] 22/3 rolls 2d6 and adds +3", () => {
    const built = buildCheck(lockpicker, { kind: "skill", skillId: "OpenLocks" });
    expect(built.problems).toEqual([]);
    expect(built.input).toMatchObject({ kind: "skill", capacity: 2, attrCapacity: 2, level: 3 });
    expect(built.lines).toEqual([]);
    expect(planCheck(built.input, CHECK_SETTINGS)).toMatchObject({ poolSize: 2, keep: 2, formula: "2d6" });
    expect(built.subject).toMatchObject({
      kind: "skill",
      skillId: "OpenLocks",
      skillName: "Open Locks",
      attribute: "agility",
    });
  });

  it("finds a skill by id, by rules reference, or by name", () => {
    const actor = plainActor({ skills: [skill("Faith", 2, 1, { id: "f1", ref: "faith" })] });
    expect(findSkill(actor, "f1")?.name).toBe("Faith");
    expect(findSkill(actor, "faith")?.id).toBe("f1");
    expect(findSkill(actor, "FAITH")?.id).toBe("f1");
    expect(findSkill(actor, "nothing")).toBeNull();
  });

  it("refuses a skill the actor does not have, and a [0] skill", () => {
    expect(buildCheck(lockpicker, { kind: "skill", skillId: "nope" }).problems[0]?.key).toMatch(/NoSkill$/);
    const zero = plainActor({ skills: [skill("Flying", 0, 0)] });
    expect(buildCheck(zero, { kind: "skill", skillId: "Flying" }).problems[0]?.key).toMatch(/ZeroSkill$/);
  });

  it("TV-44: skill [1] with attribute [2] and one situational disadvantage rolls one die", () => {
    const actor = plainActor({ skills: [skill("Climb", 1, 2)] });
    const built = buildCheck(actor, { kind: "skill", skillId: "Climb", disadvantage: 1 });
    expect(built.lines).toEqual([expect.objectContaining({ disadvantage: 1 })]);
    expect(planCheck(built.input, CHECK_SETTINGS)).toMatchObject({
      poolSize: 1,
      keepRule: "all",
      cancelled: 1,
    });
  });

  it("a parry is Agility's whatever the skill's own attribute; knowledge reads Logic's capacity", () => {
    const actor = plainActor(
      { skills: [skill("Lore", 2, 2, { attribute: "mind" })] },
      { logic: { capacity: 3, modifier: 2 } },
    );
    const built = buildCheck(actor, { kind: "skill", skillId: "Lore", attribute: "logic" });
    expect(built.input.attrCapacity).toBe(3);
    // "If you roll more dice than the skill capacity, the extra dice are advantages".
    expect(planCheck(built.input, CHECK_SETTINGS)).toMatchObject({
      poolSize: 3,
      advantage: 1,
      formula: "3d6kh2",
    });
  });

  it("each underline is +1 to the critical range", () => {
    const actor = plainActor({ skills: [skill("Forge", 2, 1, { underlines: 2 })] });
    const built = buildCheck(actor, { kind: "skill", skillId: "Forge" });
    expect(built.lines).toEqual([
      expect.objectContaining({ key: expect.stringMatching(/Underlines$/), critMod: 2 }),
    ]);
    expect(planCheck(built.input, CHECK_SETTINGS).critRange).toEqual([2, 4]);
  });
});

describe("the dice the actor's marks give", () => {
  it("a major physical condition is a disadvantage on an Agility skill, not on a Mind one", () => {
    const marks = [{ severity: "major" as const, group: "physical" as const }];
    const actor = plainActor({
      marks,
      skills: [skill("Open Locks", 2, 3), skill("Lore", 2, 2, { attribute: "mind" })],
    });
    const locks = buildCheck(actor, { kind: "skill", skillId: "OpenLocks" });
    expect(locks.lines).toEqual([
      expect.objectContaining({ key: expect.stringMatching(/Conditions$/), disadvantage: 1 }),
    ]);
    expect(locks.input.disadvantage).toBe(1);
    expect(buildCheck(actor, { kind: "skill", skillId: "Lore" }).lines).toEqual([]);
  });

  it("a critical condition is a disadvantage on every roll and +1 to its critical range", () => {
    const actor = plainActor({ marks: [{ severity: "critical", group: "physical", id: "X" }] });
    const built = buildCheck(actor, { kind: "attribute", attribute: "mind" });
    expect(built.input).toMatchObject({ disadvantage: 1, critMod: 1 });
    expect(planCheck(built.input, CHECK_SETTINGS)).toMatchObject({
      poolSize: 3,
      keepRule: "low",
      critRange: [2, 3],
    });
  });

  it("an adrenaline level of 2 helps a defensive Sprint with 2 advantages and is a disadvantage on the rest", () => {
    const actor = plainActor({
      adrenaline: { level: 2, aggressive: false },
      skills: [skill("Sprint", 2, 1, { ref: "sprint" }), skill("Open Locks", 2, 3)],
    });
    const sprint = buildCheck(actor, { kind: "skill", skillId: "Sprint" });
    expect(sprint.lines).toEqual([
      expect.objectContaining({ key: expect.stringMatching(/Adrenaline$/), advantage: 2 }),
    ]);
    const charge = buildCheck(actor, { kind: "skill", skillId: "Sprint", use: "aggressive" });
    expect(charge.lines).toEqual([expect.objectContaining({ disadvantage: 1 })]);
    expect(buildCheck(actor, { kind: "skill", skillId: "OpenLocks" }).input.disadvantage).toBe(1);
  });

  it("Darkness level 1 is an advantage to Deception and a disadvantage to Diplomacy, none on initiative", () => {
    const actor = plainActor({
      darkness: { points: 6, level: 1 },
      skills: [
        skill("Deception", 2, 1, { ref: "deception" }),
        skill("Diplomacy", 2, 1, { ref: "diplomacy" }),
      ],
    });
    expect(buildCheck(actor, { kind: "skill", skillId: "Deception" }).input.advantage).toBe(1);
    expect(buildCheck(actor, { kind: "skill", skillId: "Diplomacy" }).input.disadvantage).toBe(1);
    expect(buildCheck(actor, { kind: "save", save: "initiative" }).lines).toEqual([]);
  });
});

describe("saves, attribute checks, Darkness and emotional saves", () => {
  it("TV-16: Dwarf Body [3]+2 falls ill: a Health save rolls 3 dice, drops the lowest, adds +2", () => {
    const dwarf = plainActor({}, { body: { capacity: 3, modifier: 2 } });
    const built = buildCheck(dwarf, { kind: "save", save: "health" });
    expect(built.input).toMatchObject({ kind: "save", saveCapacity: 2, attrCapacity: 3, level: 2 });
    expect(planCheck(built.input, CHECK_SETTINGS)).toMatchObject({ poolSize: 3, keep: 2, formula: "3d6kh2" });
    expect(built.subject).toMatchObject({ kind: "save", save: "health", attribute: "body" });
  });

  it("Initiative is Reflex [1], [2] with Basic Combat Training at primary; its level the [I] box's", () => {
    const actor = plainActor({ initiativeLevel: 4 });
    expect(buildCheck(actor, { kind: "save", save: "initiative" }).input).toMatchObject({
      saveCapacity: 1,
      level: 4,
    });
    const trained = plainActor({ bctCapacity: 2 });
    expect(buildCheck(trained, { kind: "save", save: "initiative" }).input.saveCapacity).toBe(2);
  });

  it("Dodge is Agility's [2], Evade [1], both by Logic against a mental attack", () => {
    const actor = plainActor({}, { logic: { capacity: 3, modifier: 4 } });
    expect(buildCheck(actor, { kind: "save", save: "evade" }).input).toMatchObject({
      saveCapacity: 1,
      attrCapacity: 2,
    });
    const mental = buildCheck(actor, { kind: "save", save: "dodge", mental: true });
    expect(mental.input).toMatchObject({ saveCapacity: 2, attrCapacity: 3, level: 4 });
    expect(mental.subject.attribute).toBe("logic");
  });

  it("an attribute check keeps the attribute's capacity and gives no capacity advantage", () => {
    const actor = plainActor({}, { agility: { capacity: 3, modifier: 1 } });
    const built = buildCheck(actor, { kind: "attribute", attribute: "agility" });
    expect(built.input).toMatchObject({ kind: "attribute", capacity: 3, level: 1 });
    expect(planCheck(built.input, CHECK_SETTINGS).poolSize).toBe(3);
  });

  it("a Darkness roll is [2] plus the Darkness level (6 points: level 1)", () => {
    const actor = plainActor({ darkness: { points: 6, level: 1 } });
    const built = buildCheck(actor, { kind: "attribute", darkness: true });
    expect(built.input).toMatchObject({ kind: "attribute", capacity: 2, level: 1 });
    expect(built.subject.darkness).toBe(true);
  });

  it("a Violence save is Basic Combat Training with the target's wounds and armors and adrenaline's dice", () => {
    const actor = plainActor({
      skills: [skill("Basic Combat Training", 2, 2, { ref: "basicCombatTraining", id: "bct" })],
      adrenaline: { level: 1, aggressive: false },
      marks: [
        { severity: "major", group: "emotional", target: "violence", side: "wound" },
        { severity: "major", group: "emotional", target: "violence", side: "armor" },
        { severity: "major", group: "emotional", target: "violence", side: "armor" },
        { severity: "major", group: "emotional", target: "guilt", side: "wound" },
      ],
    });
    const built = buildCheck(actor, { kind: "skill", emotionalTarget: "violence" });
    expect(built.subject).toMatchObject({ skillId: "bct", emotionalTarget: "violence" });
    // Two armors and adrenaline's level as advantages; Violence's one wound as a disadvantage.
    expect(built.input).toMatchObject({ advantage: 3, disadvantage: 1 });
  });

  it("without the target's save skill, an emotional save is an Aura save of the target", () => {
    const built = buildCheck(plainActor(), { kind: "skill", emotionalTarget: "despair" });
    expect(built.subject).toMatchObject({
      kind: "save",
      save: "standard",
      attribute: "aura",
      emotionalTarget: "despair",
    });
  });

  it("a prepared Combination is rolled as given (TV-47: capacity 3, +5), the conditions' dice added", () => {
    const actor = plainActor({ marks: [{ severity: "critical", group: "mental", id: "N" }] });
    const prepared = {
      kind: "combination" as const,
      capacity: 3,
      attrCapacity: 2,
      advantage: 0,
      disadvantage: 0,
      critMod: 0,
      level: 5,
    };
    const built = buildCheck(actor, { kind: "combination", prepared });
    expect(built.input).toMatchObject({
      kind: "combination",
      capacity: 3,
      level: 5,
      disadvantage: 1,
      critMod: 1,
    });
  });
});

describe("the roller's choices", () => {
  it("situational dice, counted +crit sources (two helpers +2) and other +crit are lines of their own", () => {
    const built = buildCheck(lockpicker, {
      kind: "skill",
      skillId: "OpenLocks",
      advantage: 1,
      disadvantage: 2,
      crit: { helper: 2 },
      critMod: 1,
    });
    expect(built.lines.map((l) => [l.key.split(".").pop(), l.advantage, l.disadvantage, l.critMod])).toEqual([
      ["Situation", 1, 2, 0],
      ["Crit", 0, 0, 2],
      ["CritOther", 0, 0, 1],
    ]);
    expect(built.input).toMatchObject({ advantage: 1, disadvantage: 2, critMod: 3 });
    expect(planCheck(built.input, CHECK_SETTINGS)).toMatchObject({ keepRule: "conflicted", poolSize: 5 });
  });
});
