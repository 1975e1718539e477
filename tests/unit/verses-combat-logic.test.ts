import { describe, expect, it } from "vitest";
import {
  initiativePool,
  initiativeScores,
  initiativeText,
  roundReset,
  settleTurnOrder,
  trackerAd,
} from "../../src/rulesets/verses/combat/combat-logic";

const system = (over: Partial<{ adMax: number; spent: number; exBound: number; dodge: number }> = {}) => ({
  adMax: over.adMax ?? 5,
  ad: {
    spent: over.spent ?? 0,
    exBound: over.exBound ?? 0,
    reserved: { await: 0, dodge: over.dodge ?? 0, parry: 0 },
  },
  conditions: [] as { id: any }[],
});

describe("'Verses turn order in the tracker", () => {
  it('"roll all dice in their AD pools (that have not been EX-bound)": AD 5 with 2 EX-bound rolls 3', () => {
    expect(initiativePool(system({ exBound: 2 }))).toBe(3);
    expect(initiativePool(system({ adMax: 0 }))).toBe(0);
  });

  it("orders by successes, then sixes, fives ...; identical rolls re-roll just the tied actors", async () => {
    // Ana 6,5,2 (2S, one six); Bo 5,5,1 and Cy 5,5,1 identical (2S, no six): Bo and Cy re-roll.
    const asked: string[][] = [];
    const settled = await settleTurnOrder(
      [
        { id: "bo", faces: [5, 5, 1] },
        { id: "ana", faces: [6, 5, 2] },
        { id: "cy", faces: [1, 5, 5] },
      ],
      async (ids) => {
        asked.push([...ids]);
        return [
          { id: "bo", faces: [4, 1, 1] },
          { id: "cy", faces: [6, 2, 2] },
        ];
      },
    );
    expect(asked).toEqual([["bo", "cy"]]);
    expect(settled.order).toEqual(["ana", "cy", "bo"]);
    expect(settled.rolls.cy).toEqual([
      [1, 5, 5],
      [6, 2, 2],
    ]);
    expect(settled.unresolved).toEqual([]);
    // The tracker sorts descending: the first to act has the highest number.
    expect(initiativeScores(settled.order)).toEqual({ ana: 3, cy: 2, bo: 1 });
    expect(initiativeText(settled.rolls.cy!)).toEqual({ short: "1S", full: "2S (5,5,1) → 1S (6,2,2)" });
  });

  it("a tie that stays identical is left to the GM after the allowed re-rolls", async () => {
    const settled = await settleTurnOrder(
      [
        { id: "a", faces: [5] },
        { id: "b", faces: [5] },
      ],
      async (ids) => ids.map((id) => ({ id, faces: [3] })),
      2,
    );
    expect(settled.unresolved).toEqual([["a", "b"]]);
    expect(settled.rolls.a).toHaveLength(3);
  });
});

describe("'Verses AD at the end of a round", () => {
  it('"all spent AD that have not been EX-bound are returned"; reservations lapse; unspent AD were Watch', () => {
    const r = roundReset(system({ spent: 2, exBound: 1, dodge: 1 }), 0);
    expect(r.state).toEqual({ max: 5, exBound: 1, spent: 0, reserved: { await: 0, dodge: 0, parry: 0 } });
    expect(r.watchAD).toBe(1); // 5 − 1 bound − 2 spent − 1 reserved
    expect(r.sickenedEX).toBe(0);
  });

  it('Sickened "binds 1AD to EX every round, unless they spend at least 1AD on the Rest action"', () => {
    const sick = { ...system({ adMax: 2, spent: 1 }), conditions: [{ id: "sickened" as const }] };
    expect(roundReset(sick, 0)).toMatchObject({ sickenedEX: 1, state: { exBound: 1, spent: 0 } });
    expect(roundReset(sick, 1)).toMatchObject({ sickenedEX: 0, state: { exBound: 0 } });
  });

  it("the tracker's AD figures: available of the pool, spent, reserved and bound", () => {
    expect(trackerAd(system({ spent: 2, exBound: 1, dodge: 1 }))).toEqual({
      available: 1,
      max: 5,
      spent: 2,
      reserved: 1,
      exBound: 1,
    });
  });
});
