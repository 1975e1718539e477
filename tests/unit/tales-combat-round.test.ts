// Tales combat bookkeeping, Foundry-free (combat/combat-logic.ts): the initiative score, the round's
// ranking and action dice (spec vectors C01, C02), spending, the tracker's order, the new round.
import { describe, expect, it } from "vitest";
import {
  assignRound,
  compareTurns,
  currentState,
  diceLeft,
  newRoundPlan,
  readRoundState,
  refundDice,
  rolledState,
  spendDice,
  storedRoundState,
  type RoundEntry,
  type RoundState,
} from "../../src/rulesets/tales/combat/combat-logic";

const who = (mental: number, extra: Partial<RoundState> = {}) => ({
  mental,
  oblivious: false,
  uncoordinated: false,
  ...extra,
});
const entry = (id: string, state: RoundState | null, more: Partial<RoundEntry> = {}): RoundEntry => ({
  id,
  state,
  defeated: false,
  stunned: false,
  ...more,
});
const never = () => 0.5;

describe("the round's ranking and action dice", () => {
  // C01: A (Mental 3, Awareness 2, d6 4 = 9), B (Mental 2, Awareness 1, d6 6 = 9), C (Mental 2, Awareness 0, d6 3 = 5).
  const a = rolledState(1, 4, 5, who(3));
  const b = rolledState(1, 6, 3, who(2));
  const c = rolledState(1, 3, 2, who(2));

  it("C01: A and B tie at 9, Mental breaks it: A 3 dice, B and C 2; declaration C, B, A", () => {
    expect([a.total, b.total, c.total]).toEqual([9, 9, 5]);
    const out = assignRound([entry("A", a), entry("B", b), entry("C", c)], 1, never)!;
    expect(out.A!.actionDice).toBe(3);
    expect(out.B!.actionDice).toBe(2);
    expect(out.C!.actionDice).toBe(2);
    expect([out.C!.rank, out.B!.rank, out.A!.rank]).toEqual([0, 1, 2]);
    expect(Object.values(out).every((s) => s.spent === 0)).toBe(true);
  });

  it("C02: an Oblivious character who rolls 15 still declares first (the lowest)", () => {
    const obl = rolledState(1, 6, 9, who(3, { oblivious: true }));
    const other = rolledState(1, 5, 5, who(3));
    const out = assignRound([entry("O", obl), entry("X", other)], 1, never)!;
    expect(obl.total).toBe(15);
    expect(out.O!.rank).toBe(0);
    expect(out.X!.actionDice).toBe(3);
  });

  it("Uncoordinated gets one die, a stun takes one", () => {
    const u = rolledState(1, 6, 9, who(3, { uncoordinated: true }));
    const s = rolledState(1, 1, 1, who(1));
    const out = assignRound([entry("U", u), entry("S", s, { stunned: true })], 1, never)!;
    expect(out.U!.actionDice).toBe(1);
    expect(out.S!.actionDice).toBe(1);
  });

  it("waits until every combatant not defeated has rolled this round; never deals twice", () => {
    expect(assignRound([entry("A", a), entry("B", null)], 1, never)).toBeNull();
    expect(assignRound([entry("A", a), entry("B", { ...b, round: 0 })], 1, never)).toBeNull();
    const out = assignRound([entry("A", a), entry("B", null, { defeated: true })], 1, never)!;
    expect(Object.keys(out)).toEqual(["A"]);
    expect(assignRound([entry("A", out.A!)], 1, never)).toBeNull();
    expect(assignRound([], 1, never)).toBeNull();
  });
});

describe("the stored state", () => {
  const s = rolledState(2, 4, 5, who(3));
  it("reads back what was written; refuses a forged or inconsistent one", () => {
    expect(readRoundState(s)).toEqual(s);
    expect(readRoundState({ ...s, total: 99 })).toBeNull();
    expect(readRoundState({ ...s, die: 7, total: 12 })).toBeNull();
    expect(readRoundState({ ...s, rank: 0, actionDice: 2, spent: 3 })).toBeNull();
    expect(readRoundState({ ...s, rank: 0, actionDice: 99, spent: 0 })).toBeNull();
    expect(readRoundState({ ...s, oblivious: "yes" })).toBeNull();
    expect(readRoundState(null)).toBeNull();
    // Stored with the dealt fields null until the dice are dealt (an update merges into the flag).
    expect(readRoundState(storedRoundState(s))).toEqual(s);
    const dealt = { ...s, rank: 1, actionDice: 2, spent: 1 };
    expect(readRoundState(storedRoundState(dealt))).toEqual(dealt);
    expect(currentState(s, 2)).toEqual(s);
    expect(currentState(s, 3)).toBeNull();
  });
});

describe("spending action dice", () => {
  const dealt: RoundState = { ...rolledState(1, 4, 5, who(3)), rank: 0, actionDice: 2, spent: 0 };
  it("spends one at a time, Sustained Defence two; refuses more than are left or before they are dealt", () => {
    const one = spendDice(dealt, 1);
    expect(one.ok && diceLeft(one.state)).toBe(1);
    expect(spendDice(dealt, 2).ok).toBe(true);
    expect(spendDice(dealt, 3)).toEqual({ ok: false, reason: "notEnoughActionDice" });
    expect(spendDice(rolledState(1, 4, 5, who(3)), 1)).toEqual({ ok: false, reason: "noActionDice" });
    expect(spendDice(null, 1)).toEqual({ ok: false, reason: "noActionDice" });
    expect(diceLeft(refundDice({ ...dealt, spent: 2 }))).toBe(1);
    expect(refundDice(dealt).spent).toBe(0);
  });
});

describe("the tracker's order and the new round", () => {
  it("lists the declaration order (lowest first), then the unranked by total, then the unrolled", () => {
    const ranked = (rank: number, total: number) => ({
      ...rolledState(1, 1, total - 1, who(2)),
      rank,
      actionDice: 2,
      spent: 0,
    });
    const rows = [
      { name: "Z", state: null },
      { name: "High", state: ranked(1, 9) },
      { name: "Low", state: ranked(0, 12) },
      { name: "Rolled", state: rolledState(1, 2, 0, who(2)) },
    ];
    expect(rows.sort(compareTurns).map((r) => r.name)).toEqual(["Low", "High", "Rolled", "Z"]);
  });

  it("rolls again each round with the setting on; off, carries the roll with the dice dealt afresh", () => {
    const last: RoundState = { ...rolledState(1, 4, 5, who(3)), rank: 1, actionDice: 3, spent: 2 };
    expect(newRoundPlan(last, 2, { initiativeEachRound: true })).toEqual({ reroll: true, carried: null });
    const off = newRoundPlan(last, 2, { initiativeEachRound: false });
    expect(off.reroll).toBe(false);
    expect(off.carried).toEqual({ ...rolledState(2, 4, 5, who(3)) });
    expect(newRoundPlan(null, 2, { initiativeEachRound: false })).toEqual({ reroll: true, carried: null });
  });
});
