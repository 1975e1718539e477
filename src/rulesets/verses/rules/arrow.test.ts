import { describe, expect, it } from "vitest";
import { contestProbability, successProbability } from "./dice";
import { evaluateArrow, parseArrow, parseArrowTest, type ArrowNotation } from "./arrow";

/** Parse, failing the test with the reason when refused. */
function parsed(text: string): ArrowNotation {
  const r = parseArrow(text);
  if (!r.ok) throw new Error(`${r.reason.key} ${JSON.stringify(r.reason.data)}`);
  return r.value;
}

describe("arrow notation: tests with a fixed target ('Tests')", () => {
  it("the Horse's Kick: PRW + TUF + 3AD → 2S", () => {
    expect(parseArrowTest("PRW + TUF + 3AD → 2S")).toMatchObject({
      ok: true,
      value: { kind: "test", attributes: ["prw", "tuf"], minimumAD: 3, target: 2, continuation: null },
    });
  });
  it("the Dog's Bite: PRW + 1AD → 1 S C (continuous, 1C)", () => {
    expect(parseArrowTest("PRW + 1AD → 1 S C")).toMatchObject({
      ok: true,
      value: { kind: "test", attributes: ["prw"], minimumAD: 1, target: 1, continuation: 1 },
    });
  });
  it("Awaken another: SOC + #AD -> 4S (any AD, at least 1)", () => {
    expect(parseArrowTest("SOC + #AD -> 4S")).toMatchObject({
      ok: true,
      value: { attributes: ["soc"], minimumAD: 1, target: 4 },
    });
  });
  it("the Tests example, in backticks: `SMR + #AD → 2S`", () => {
    expect(parsed("`SMR + #AD → 2S`")).toMatchObject({ kind: "test", attributes: ["smr"], target: 2 });
  });
  it("Awaken in the text's LaTeX: $SOC + \\#AD \\rightarrow 4S$", () => {
    expect(parsed("$SOC + \\#AD \\rightarrow 4S$")).toMatchObject({
      kind: "test",
      attributes: ["soc"],
      minimumAD: 1,
      target: 4,
    });
  });
  it("Trample: PRW + TUF + 2AD → 1S; Bite: PRW + 1AD → 1S", () => {
    expect(parsed("PRW + TUF + 2AD → 1S")).toMatchObject({ minimumAD: 2, target: 1 });
    expect(parsed("PRW + 1AD → 1S")).toMatchObject({ minimumAD: 1, target: 1, continuation: null });
  });
  it('"a test of 2d6 → 1S" is 55 %, "5d6 → 1S has just 87%"', () => {
    const two = evaluateArrow(parsed("2d6 → 1S"));
    expect(two.ok && Math.floor(two.value.probability * 100)).toBe(55);
    const five = evaluateArrow(parsed("5d6 → 1S"));
    expect(five.ok && Math.round(five.value.probability * 100)).toBe(87);
  });
});

describe("arrow notation: success effects per SM and continuation", () => {
  it("Stabilizing: Skill + #AD → 2S 1HP/SM; Aleth's 3AD + 2 First Aid + 2 SMR is 7d6", () => {
    const a = parsed("Skill + #AD → 2S 1HP/SM");
    expect(a).toMatchObject({ kind: "test", target: 2, continuation: null, perMargin: { unit: "hp" } });
    // "uses 3AD + 2 dice from her First Aid skill + 2 SMR for a pool of 7d6" (skill dice: 2 + 2).
    expect(evaluateArrow(a, { values: { skill: 4 }, ad: 3 })).toMatchObject({
      ok: true,
      value: { pool: 7, target: 2, perMargin: { amount: 1, unit: "hp" } },
    });
  });
  it("Healing: Skill + Tools + #AD → 3S 2C [Allocated Dice]HP/SM", () => {
    const a = parsed("```\nSkill + Tools + #AD → 3S 2C [Allocated Dice]HP/SM\n```");
    expect(a).toMatchObject({
      kind: "test",
      target: 3,
      continuation: 2,
      perMargin: { unit: "hp", amount: { kind: "value", name: "allocatedDice" } },
    });
    expect(evaluateArrow(a, { values: { skill: 5, tools: 2, allocatedDice: 3 }, ad: 2 })).toMatchObject({
      ok: true,
      value: { pool: 9, target: 3, continuation: 2, perMargin: { amount: 3, unit: "hp" } },
    });
  });
  it("Rest: TUF + #AD → (#EX)S (1EX Unbound)/SM: the target is the EX-bound AD", () => {
    const a = parsed("TUF + #AD → (#EX)S (1EX Unbound)/SM");
    expect(a).toMatchObject({
      kind: "test",
      attributes: ["tuf"],
      target: null,
      targetFormula: { kind: "value", name: "ex" },
      perMargin: { unit: "exUnbound", amount: { kind: "number", value: 1 } },
    });
    // "The success target for the rest action is the number of AD that are EX-bound."
    expect(evaluateArrow(a, { values: { tuf: 2, ex: 3 }, ad: 2 })).toMatchObject({
      ok: true,
      value: { pool: 4, target: 3, perMargin: { amount: 1, unit: "exUnbound" } },
    });
  });
});

describe("arrow notation: formula targets", () => {
  it("Connectedness: $$CN \\rightarrow (10 - SOC)S$$; TV-C11 12d6 vs 8S is 1.88 %", () => {
    const a = parsed("$$CN \\rightarrow (10 - SOC)S$$");
    expect(a).toMatchObject({ kind: "test", target: null, attributes: [], minimumAD: 0 });
    const r = evaluateArrow(a, { values: { cn: 12, soc: 2 } });
    expect(r).toMatchObject({ ok: true, value: { pool: 12, target: 8 } });
    expect(r.ok && r.value.probability).toBeCloseTo(0.0188, 4);
  });
  it("Population: CN + POP + # of Recent Visits → (10 - SOC)S", () => {
    const a = parsed("$$CN + POP + \\# \\text{ of Recent Visits} \\rightarrow (10 - SOC)S$$");
    expect(evaluateArrow(a, { values: { cn: 12, pop: 3, recentVisits: 2, soc: 2 } })).toMatchObject({
      ok: true,
      value: { pool: 17, target: 8 },
    });
  });
  it("Animal Training: Skill + #AD → (8 - [Animal's SMR + SOC])S (the animal's SMR and SOC)", () => {
    const a = parsed("$$\\text{Skill} + \\#AD \\rightarrow (8 - [\\text{Animal's SMR} + \\text{SOC}])S$$");
    expect(a).toMatchObject({
      kind: "test",
      targetFormula: {
        kind: "subtract",
        left: { kind: "number", value: 8 },
        right: {
          kind: "add",
          left: { kind: "value", name: "smr", owner: "animal" },
          right: { kind: "value", name: "soc", owner: "animal" },
        },
      },
    });
    const r = evaluateArrow(a, {
      values: { skill: 4, smr: 5, soc: 5 },
      others: { animal: { smr: 1, soc: 2 } },
      ad: 3,
    });
    expect(r).toMatchObject({ ok: true, value: { pool: 7, target: 5 } });
  });
  it("Commanding a trained animal: SOC + Animal's Trained Skill → [Task Difficulty]S", () => {
    const a = parsed("SOC + Animal's Trained Skill → [Task Difficulty]S");
    expect(a).toMatchObject({ kind: "test", attributes: ["soc"], target: null });
    expect(
      evaluateArrow(a, { values: { soc: 2, taskDifficulty: 3 }, others: { animal: { trainedSkill: 2 } } }),
    ).toMatchObject({ ok: true, value: { pool: 4, target: 3 } });
    expect(evaluateArrow(a, { values: { soc: 2 }, others: { animal: { trainedSkill: 2 } } }).ok).toBe(false);
  });
  it("Riding: Rider's Skill + Animal's Trained Skill → [Task Difficulty]S", () => {
    const a = parsed("Rider's Skill + Animal's Trained Skill → [Task Difficulty]S");
    expect(a.pool).toEqual({
      kind: "add",
      left: { kind: "value", name: "skill", owner: "self" },
      right: { kind: "value", name: "trainedSkill", owner: "animal" },
    });
  });
  it("Intoxication: $(TUF \\times 2) + SMR \\rightarrow (\\# drinks in last 1/2 hour)S$", () => {
    const a = parsed(
      "$(TUF \\times 2) + SMR \\rightarrow (\\# \\text{ drinks in last } 1/2 \\text{ hour})S$",
    );
    expect(a).toMatchObject({ kind: "test", attributes: ["tuf", "smr"], target: null });
    expect(evaluateArrow(a, { values: { tuf: 2, smr: 2, drinks: 3 } })).toMatchObject({
      ok: true,
      value: { pool: 6, target: 3 },
    });
  });
  it("a formula target below 0 is a trivial 0S", () => {
    const a = parsed("Skill + #AD → (8 - [Animal's SMR + SOC])S");
    expect(evaluateArrow(a, { values: { skill: 1 }, others: { animal: { smr: 5, soc: 5 } } })).toMatchObject({
      ok: true,
      value: { target: 0, probability: 1 },
    });
  });
});

describe("arrow notation: contests ('Contests')", () => {
  it("the battle of wits: $SMR + \\#AD \\rightarrow SMR + \\#AD$", () => {
    const a = parsed("$SMR + \\#AD \\rightarrow SMR + \\#AD$");
    expect(a).toMatchObject({
      kind: "contest",
      attributes: ["smr"],
      minimumAD: 1,
      challenger: {
        kind: "add",
        left: { kind: "value", name: "smr", owner: "challenger" },
        right: { kind: "ad", count: "any" },
      },
    });
    const r = evaluateArrow(a, { values: { smr: 2 }, ad: 3, challenger: { smr: 2 }, challengerAd: 1 });
    expect(r).toMatchObject({ ok: true, value: { kind: "contest", pool: 5, challenger: 3, target: 1 } });
    expect(r.ok && r.value.probability).toBeCloseTo(contestProbability(5, 3), 14);
  });
  it("Charm: SOC + SMR + #AD → SOC + SMR; Intimidation: SOC + TUF + #AD → SOC + TUF", () => {
    const charm = parsed("SOC + SMR + #AD → SOC + SMR");
    expect(charm).toMatchObject({ kind: "contest", attributes: ["soc", "smr"] });
    // "Each target of charm can actively resist individually using the same capabilities" (no AD).
    expect(
      evaluateArrow(charm, { values: { soc: 3, smr: 2 }, ad: 2, challenger: { soc: 2, smr: 2 } }),
    ).toMatchObject({ ok: true, value: { pool: 7, challenger: 4 } });
    expect(parsed("SOC + TUF + #AD → SOC + TUF")).toMatchObject({
      kind: "contest",
      attributes: ["soc", "tuf"],
    });
  });
  it("Grappling: PRW + Skill → PRW [+ Skill] ('their own Grappling skill if allocated')", () => {
    const a = parsed("PRW + Skill → PRW [+ Skill]");
    expect(a).toMatchObject({
      kind: "contest",
      challenger: { kind: "add", right: { kind: "optional", of: { kind: "value", name: "skill" } } },
    });
    // Chida "has 5d6 to roll for the takedown, which has a success target of 2S ... Benny ... only has 3d6".
    const chida = evaluateArrow(a, {
      values: { prw: 3, skill: 2 },
      challenger: { prw: 3 },
      contestTarget: 2,
    });
    expect(chida).toMatchObject({ ok: true, value: { pool: 5, challenger: 3, target: 2 } });
    // A challenger with the skill allocated adds it.
    const trained = evaluateArrow(a, { values: { prw: 3, skill: 2 }, challenger: { prw: 3, skill: 1 } });
    expect(trained).toMatchObject({ ok: true, value: { challenger: 4, target: 1 } });
    // The challenger's PRW is required: "The actor being targeted may contest the move with PRW".
    expect(evaluateArrow(a, { values: { prw: 3, skill: 2 } }).ok).toBe(false);
  });
  it("a dangerous command: SOC + Animal's Trained Skill → Animal's SMR + TUF (both the animal's)", () => {
    const a = parsed("SOC + Animal's Trained Skill → Animal's SMR + TUF");
    expect(a).toMatchObject({
      kind: "contest",
      challenger: {
        kind: "add",
        left: { kind: "value", name: "smr", owner: "animal" },
        right: { kind: "value", name: "tuf", owner: "animal" },
      },
    });
    expect(
      evaluateArrow(a, {
        values: { soc: 3, tuf: 1 },
        others: { animal: { trainedSkill: 1, smr: 1, tuf: 3 } },
      }),
    ).toMatchObject({ ok: true, value: { pool: 4, challenger: 4 } });
    expect(parsed("Rider's Skill + Animal's Trained Skill → Animal's SMR + TUF").kind).toBe("contest");
  });
});

describe("arrow notation: refusals and evaluation errors", () => {
  it("refuses what it cannot read, with a reason", () => {
    // Each refusal is a message key with the text that was read (never an English sentence).
    for (const [text, key] of [
      ["2S@10m,20", "arrowNotNotation"],
      ["PRW + Swords → 2S", "arrowUnknownTerm"],
      ["PRW → lots", "arrowUnknownTerm"],
      ["PRW → 2S 1HP", "arrowUnknownTerm"],
      ["→ 2S", "arrowNotNotation"],
      ["PRW + → 2S", "arrowTermMissing"],
      ["(PRW + TUF → 2S", "arrowNotClosed"],
      ["PRW → 2S 0C", "arrowContinuationTarget"],
    ] as const) {
      const r = parseArrow(text);
      expect(r.ok, text).toBe(false);
      if (!r.ok) expect(r.reason, text).toMatchObject({ key, data: { text } });
    }
    const r = parseArrow("PRW + Swords → 2S");
    expect(!r.ok && r.reason.data).toEqual({ term: "Swords", text: "PRW + Swords → 2S" });
    const open = parseArrow("(PRW + TUF → 2S");
    expect(!open.ok && open.reason.data).toEqual({ open: "(", close: ")", text: "(PRW + TUF → 2S" });
  });
  it("evaluation refuses a missing value or too few AD", () => {
    expect(evaluateArrow(parsed("CN → (10 - SOC)S"), { values: { cn: 12 } }).ok).toBe(false);
    expect(evaluateArrow(parsed("PRW + TUF + 3AD → 2S"), { values: { prw: 2, tuf: 2 }, ad: 2 }).ok).toBe(
      false,
    );
    expect(evaluateArrow(parsed("SOC + #AD → 4S"), { values: { soc: 2 }, ad: 0 }).ok).toBe(false);
  });
  it("the default AD is the least the notation allows: PRW + TUF + 3AD → 2S is 7d6 with PRW 2, TUF 2", () => {
    const r = evaluateArrow(parsed("PRW + TUF + 3AD → 2S"), { values: { prw: 2, tuf: 2 } });
    expect(r).toMatchObject({ ok: true, value: { pool: 7, target: 2 } });
    expect(r.ok && r.value.probability).toBeCloseTo(successProbability(7, 2), 14);
  });
});
