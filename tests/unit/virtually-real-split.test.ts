// A split Combination (rules text, 1.4.8 Combining Skills): "The PC rolls a normal skill or attribute
// check with the usual critical failure rates, and the GM rolls for the NPC at -1 die, then adds the
// rolls together." The glue's pure part: the NPC's check one die smaller, the sum, the card.
import { describe, expect, it } from "vitest";
import type { CheckActor } from "../../src/rulesets/virtually-real/rolls/check-input-logic";
import {
  npcSplitPart,
  splitCard,
  splitOutcome,
} from "../../src/rulesets/virtually-real/documents/split-logic";

const attr = (capacity: number, score: number, modifier: number) => ({ capacity, score, modifier });
const npc = {
  uuid: "Actor.npc",
  name: "Baron",
  attributes: {
    body: attr(2, 10, 2),
    agility: attr(2, 10, 2),
    appearance: attr(1, 6, 1),
    mind: attr(2, 10, 2),
    logic: attr(2, 10, 2),
    aura: attr(3, 20, 3),
    reflex: attr(2, 10, 2),
    speed: attr(2, 10, 2),
  },
  skills: [
    {
      id: "etq",
      name: "Etiquette",
      capacity: 2,
      attribute: "aura",
      level: 4,
      underlines: 1,
      ref: null,
      combat: false,
    },
    {
      id: "dnc",
      name: "Dance",
      capacity: 1,
      attribute: "agility",
      level: 2,
      underlines: 0,
      ref: null,
      combat: false,
    },
  ],
} as unknown as CheckActor;

describe("the NPC's part: the GM rolls it at -1 die", () => {
  it("a [2] skill is rolled as [1], its [3] attribute as [2] (no die given back as an advantage)", () => {
    const part = npcSplitPart(npc, { skill: "Etiquette" });
    expect(part).toMatchObject({
      ok: true,
      skillId: "etq",
      attribute: "aura",
      prepared: { kind: "skill", capacity: 1, attrCapacity: 2, level: 4, critMod: 1 },
    });
  });

  it("a [1] skill becomes a [0] roll; an attribute keeps its modifier as the level", () => {
    expect(npcSplitPart(npc, { skill: "dnc" })).toMatchObject({ ok: true, prepared: { capacity: 0 } });
    expect(npcSplitPart(npc, { attribute: "aura" })).toMatchObject({
      ok: true,
      prepared: { kind: "attribute", capacity: 2, attrCapacity: 2, level: 3 },
    });
    // Appearance [1] -> [0].
    expect(npcSplitPart(npc, { attribute: "appearance" })).toMatchObject({
      ok: true,
      prepared: { capacity: 0 },
    });
  });

  it("a skill the NPC lacks is refused by key", () => {
    expect(npcSplitPart(npc, { skill: "Juggling" })).toMatchObject({
      ok: false,
      key: expect.stringMatching(/NoSkill$/),
    });
  });
});

describe("the parts added together", () => {
  const pc = { uuid: "Actor.pc", name: "Ana", total: 9, critical: false };
  const baron = { uuid: "Actor.npc", name: "Baron", total: 7, critical: false };

  it("adds the rolls: 9 + 7 = 16 against a Combo DL 14 beats it by 2 (minor)", () => {
    expect(splitOutcome(pc, baron, 14)).toEqual({
      total: 16,
      critical: false,
      margin: 2,
      success: true,
      degree: "minor",
    });
  });

  it("missing the DL by 4 is a major failure; no DL, just the sum", () => {
    expect(splitOutcome(pc, baron, 20)).toMatchObject({
      total: 16,
      margin: -4,
      success: false,
      degree: "major",
    });
    expect(splitOutcome(pc, baron, null)).toEqual({
      total: 16,
      critical: false,
      margin: null,
      success: null,
      degree: null,
    });
  });

  it("the PC's critical failure is the whole roll's ('You fail by the DL')", () => {
    expect(splitOutcome({ ...pc, total: 0, critical: true }, baron, 14)).toMatchObject({
      total: 0,
      critical: true,
      margin: -14,
      success: false,
    });
  });

  it("the card names both parts and the result", () => {
    const card = splitCard(pc, baron, 14, splitOutcome(pc, baron, 14));
    expect(card.kind).toBe("splitCombination");
    expect(card.rows.map((r) => r.lines[0]!.data?.total)).toEqual(["9", "7"]);
    expect(card.lines[0]).toMatchObject({
      key: expect.stringMatching(/Result\.Success$/),
      data: { total: "16", dl: "14", margin: "2" },
    });
  });
});
