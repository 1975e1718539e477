import { describe, expect, it } from "vitest";
import { activeResults, activeResultsByTerm, formulaFits } from "../../src/core/rolls/roll-logic";

describe("the formulas a ruleset's roll may evaluate when its card is drawn", () => {
  it("'Verses: Nd6 up to the largest pool, nothing else", () => {
    const shape = { faces: 6, maxDice: 200 };
    expect(formulaFits("4d6", shape)).toBe(true);
    expect(formulaFits(" 0d6 ", shape)).toBe(true);
    expect(formulaFits("200d6", shape)).toBe(true);
    expect(formulaFits("201d6", shape)).toBe(false);
    expect(formulaFits("4d6+1", shape)).toBe(false);
    expect(formulaFits("4d10", shape)).toBe(false);
    expect(formulaFits("4d60", shape)).toBe(false);
    expect(formulaFits("4d6x", shape)).toBe(false);
    expect(formulaFits("1d6; 1000000d6", shape)).toBe(false);
    expect(formulaFits(4, shape)).toBe(false);
    expect(formulaFits(null, shape)).toBe(false);
  });
  it("Maelstrom: Nd10 exploding tens", () => {
    const shape = { faces: 10, maxDice: 30, minDice: 1, modifiers: ["x"] };
    expect(formulaFits("6d10x10", shape)).toBe(true);
    expect(formulaFits("6d10x", shape)).toBe(true);
    expect(formulaFits("6d10", shape)).toBe(true);
    expect(formulaFits("0d10", shape)).toBe(false);
    expect(formulaFits("31d10x10", shape)).toBe(false);
    expect(formulaFits("6d10kh1", shape)).toBe(false);
    expect(formulaFits("6d10x10000", shape)).toBe(false);
  });
  it("Xero Sum: 2d6 and a constant", () => {
    const shape = { faces: 6, minDice: 2, maxDice: 2, constant: true };
    expect(formulaFits("2d6 + 3", shape)).toBe(true);
    expect(formulaFits("2d6-1", shape)).toBe(true);
    expect(formulaFits("2d6", shape)).toBe(true);
    expect(formulaFits("3d6+1", shape)).toBe(false);
    expect(formulaFits("2d6+@str", shape)).toBe(false);
    expect(formulaFits("2d6+1+1", shape)).toBe(false);
  });
  it("Virtually Real: capacity dice kept high or low, and a level", () => {
    const shape = { faces: 6, maxDice: 10, modifiers: ["kh", "kl"], constant: true };
    expect(formulaFits("4d6kh2+3", shape)).toBe(true);
    expect(formulaFits("4d6kl1", shape)).toBe(true);
    expect(formulaFits("4d6dl1", shape)).toBe(false);
  });
  it("a modifier that is not a plain name is never allowed", () => {
    expect(formulaFits("4d6.*", { faces: 6, maxDice: 10, modifiers: [".*"] })).toBe(false);
  });
});

describe("reading a stored roll's dice", () => {
  it("the active results in the order rolled", () => {
    const dice = [
      {
        results: [
          { result: 6, active: true },
          { result: 1, active: false },
          { result: 5, active: true },
        ],
      },
      { results: [{ result: 2, active: true }] },
    ];
    expect(activeResults(dice)).toEqual([6, 5, 2]);
  });
  it("never throws on a forged roll, and leaves the values for the ruleset to check", () => {
    expect(activeResults(undefined)).toEqual([]);
    expect(activeResults("dice")).toEqual([]);
    expect(
      activeResults([null, 3, { results: "x" }, { results: [null, { active: 1, result: "six" }] }]),
    ).toEqual(["six"]);
    const hostile = [
      {
        get results(): unknown {
          throw new Error("forged");
        },
      },
    ];
    expect(activeResults(hostile)).toEqual([]);
  });
});

describe("activeResultsByTerm", () => {
  it("one array per dice term, in order; other terms give none", () => {
    const terms = [
      {
        results: [
          { result: 10, active: true },
          { result: 3, active: true },
        ],
      },
      { operator: "+" },
      {
        results: [
          { result: 4, active: false },
          { result: 10, active: true },
        ],
      },
      { results: [] },
    ];
    expect(activeResultsByTerm(terms)).toEqual([[10, 3], [10], []]);
  });
  it("never throws on a forged roll", () => {
    expect(activeResultsByTerm(undefined)).toEqual([]);
    expect(
      activeResultsByTerm([null, 3, { results: "x" }, { results: [null, { active: 1, result: "x" }] }]),
    ).toEqual([["x"]]);
    const hostile = [
      {
        get results(): unknown {
          throw new Error("forged");
        },
      },
    ];
    expect(activeResultsByTerm(hostile)).toEqual([]);
  });
});
