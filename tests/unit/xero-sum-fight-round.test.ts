// Xero Sum combat's Foundry-free bookkeeping: the round state read back strictly, a round carried
// over, the initiative record (2d6 + ACU + DEX, +1 after a quiet round from round 2 on, −3 after
// Getting the Drop, −2 Rattled), the tracker's order (PCs before NPCs on a draw) and its choices.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { firstRoundState, takeAction } from "../../src/rulesets/xero-sum/rules";
import {
  CHECK_ACTIONS,
  allowedSkills,
  compareTurns,
  receivedState,
  initiativeRecord,
  readInitiative,
  readRoundState,
  simultaneous,
  stateForRound,
  trackerRow,
} from "../../src/rulesets/xero-sum/combat/round-logic";
import { trackerView } from "../../src/rulesets/xero-sum/combat/tracker-logic";

describe("the stored round state", () => {
  it("reads back a state the rules made, and nothing else", () => {
    const aimed = takeAction(firstRoundState(1), "aim", { target: "cbBrute" });
    expect(aimed.ok).toBe(true);
    const state = aimed.ok ? aimed.value : firstRoundState(1);
    expect(readRoundState(JSON.parse(JSON.stringify(state)))).toEqual(state);
    expect(readRoundState(null)).toBeNull();
    expect(readRoundState({ ...state, actionsLeft: 99 })).toBeNull();
    expect(readRoundState({ ...state, aim: { bonus: 5, target: "x" } })).toBeNull();
    expect(readRoundState({ ...state, taken: ["fly"] })).toBeNull();
    expect(readRoundState({ ...state, coordinated: { x: 3 } })).toBeNull();
    expect(readRoundState({ ...state, nextCheck: 2 })).toBeNull();
  });

  it("a round's state: the stored one, carried from the round before, or fresh", () => {
    const r1 = takeAction(firstRoundState(1), "aim", { target: "t" });
    if (!r1.ok) throw new Error("aim refused");
    expect(stateForRound(r1.value, 1)).toEqual(r1.value);
    // Aim carries into the next round ("next action"); the actions come back, less Winded.
    expect(stateForRound(r1.value, 2, { winded: true })).toMatchObject({
      round: 2,
      actionsLeft: 1,
      aim: { bonus: 2 },
    });
    expect(stateForRound(r1.value, 5)).toMatchObject({ round: 5, actionsLeft: 2, aim: null });
    expect(stateForRound("forged", 3)).toMatchObject({ round: 3, actionsLeft: 2 });
    // Frozen: both actions lost.
    expect(stateForRound(null, 2, { actionsLost: 2 }).actionsLeft).toBe(0);
  });

  it("any JSON reads as a state or as nothing, never throws", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => readRoundState(v) === null || typeof readRoundState(v) === "object"),
    );
  });
});

describe("initiative", () => {
  const source = { round: 1, roundState: null, gotTheDrop: false, rattled: false, modifier: 3 };

  it("2d6 + ACU + DEX: [3, 4] + 3 = 10", () => {
    expect(initiativeRecord(source, [3, 4])).toEqual({
      round: 1,
      dice: [3, 4],
      modifier: 3,
      quiet: 0,
      drop: 0,
      rattled: 0,
      total: 10,
    });
  });

  it("Got the Drop −3, Rattled −2", () => {
    expect(initiativeRecord({ ...source, gotTheDrop: true }, [3, 4]).total).toBe(7);
    expect(initiativeRecord({ ...source, rattled: true, gotTheDrop: true }, [3, 4]).total).toBe(5);
  });

  it("+1 only after a quiet round from the second on (B22)", () => {
    const quiet1 = firstRoundState(1);
    expect(initiativeRecord({ ...source, round: 2, roundState: quiet1 }, [1, 1]).quiet).toBe(0);
    const quiet2 = firstRoundState(2);
    expect(initiativeRecord({ ...source, round: 3, roundState: quiet2 }, [1, 1]).quiet).toBe(1);
    const busy = { ...firstRoundState(2), wasAttacked: true };
    expect(initiativeRecord({ ...source, round: 3, roundState: busy }, [1, 1]).quiet).toBe(0);
    // Nothing recorded for round 2 (never acted, never attacked): quiet.
    expect(initiativeRecord({ ...source, round: 3, roundState: null }, [1, 1]).quiet).toBe(1);
  });

  it("a stored record reads back only when its total adds up", () => {
    const r = initiativeRecord({ ...source, gotTheDrop: true }, [6, 6]);
    expect(readInitiative(JSON.parse(JSON.stringify(r)))).toEqual(r);
    expect(readInitiative({ ...r, total: r.total + 5 })).toBeNull();
    expect(readInitiative({ ...r, dice: [7, 1] })).toBeNull();
  });
});

describe("the tracker", () => {
  it("highest first; on a draw PCs before NPCs (C-ties); PC ties act together, NPC ties too", () => {
    const rows = [
      { initiative: 10, pc: false, name: "Rook" },
      { initiative: 12, pc: false, name: "Brute" },
      { initiative: 10, pc: true, name: "Ada" },
      { initiative: null, pc: true, name: "Late" },
      { initiative: 10, pc: true, name: "Bea" },
    ];
    expect([...rows].sort(compareTurns).map((r) => r.name)).toEqual(["Brute", "Ada", "Bea", "Rook", "Late"]);
    expect(simultaneous(rows[2]!, rows[4]!)).toBe(true);
    expect(simultaneous(rows[0]!, rows[2]!)).toBe(false);
  });

  it("the 18 actions as choices: their cost and whether they can be taken now", () => {
    const one = { ...firstRoundState(1), actionsLeft: 1 };
    const row = trackerRow(one);
    expect(row.choices).toHaveLength(18);
    const open = Object.fromEntries(row.choices.map((c) => [c.action, [c.cost, c.open]]));
    expect(open.aim).toEqual([1, true]);
    expect(open.charge).toEqual([2, false]);
    expect(open.sprint).toEqual([2, false]);
    expect(open.rapidFire).toEqual([1, true]);
    expect(open.fireFromCover).toEqual([2, false]);
    const view = trackerView({ ...one, inCover: true, defends: 1 });
    expect(view?.marks).toEqual(["defend", "cover"]);
    expect(view?.pips).toBe(2);
    expect(view?.choices.find((c) => c.action === "subdue")?.attack).toBe(true);
    expect(trackerView(null)).toBeNull();
  });
});

describe("actions with a check", () => {
  it("Table 9's checks: Coordinate Tactics*, Distract Intimidation/Psychology*/Tactics*, Inspire Inspiration, Sprint Athletics, a Dice Check any", () => {
    expect(CHECK_ACTIONS).toEqual(["coordinate", "distract", "inspire", "sprint", "diceCheck"]);
    expect(allowedSkills("coordinate")).toEqual(["tactics"]);
    expect(allowedSkills("distract")).toEqual(["intimidation", "psychology", "tactics"]);
    expect(allowedSkills("inspire")).toEqual(["inspiration"]);
    expect(allowedSkills("sprint")).toEqual(["athletics"]);
    expect(allowedSkills("diceCheck")).toBeNull();
  });

  it("what the band does to the receiver", () => {
    const s = firstRoundState(1);
    expect(receivedState(s, "distract", "success", "")).toMatchObject({ actionsLeft: 1 });
    expect(receivedState(s, "distract", "failure", "")).toMatchObject({ actionsLeft: 2 });
    expect(receivedState(s, "inspire", "success", "")).toMatchObject({ actionsLeft: 3, inspired: true });
    expect(receivedState({ ...s, inspired: true }, "inspire", "success", "")).toBe(
      "POLYVERSE.XeroSum.CombatRules.Problem.alreadyInspired",
    );
    expect(receivedState(s, "coordinate", "wild-success", "e")).toMatchObject({
      coordinated: { e: 2 },
      coordinatedNext: { e: 1 },
    });
  });
});
