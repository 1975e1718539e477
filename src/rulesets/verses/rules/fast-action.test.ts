import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  allADBound,
  applyTacticalAwareness,
  applyTacticalAwarenessMoves,
  applyUncannyLuck,
  availableAD,
  bindEX,
  compareInitiative,
  endRound,
  initiativeKey,
  initiativeLabel,
  initiativeValue,
  newAdRound,
  reserveAD,
  reservedAD,
  resolveTurnOrderRerolls,
  spendAD,
  startTurn,
  turnOrder,
  unbindEX,
  uncannyLuckRerolls,
  type AdRoundState,
} from "./fast-action";
import {
  applyRest,
  awakenTest,
  declareAwait,
  moveCost,
  moveDistance,
  moveExhaustion,
  movementRates,
  resolveWatch,
  restTest,
  riseFromProneAD,
  spendMove,
  sprintSeconds,
  watchPool,
} from "./fast-action-actions";
import type { Checked } from "./types";

function ok<T>(result: Checked<T>): T {
  if (!result.ok) throw new Error(`expected ok, got: ${JSON.stringify(result.reason)}`);
  return result.value;
}

const face = fc.integer({ min: 1, max: 6 });
const roll = fc.array(face, { minLength: 0, maxLength: 8 });

describe("turn order (Determining Turn Order)", () => {
  it("orders from highest number of successes to lowest", () => {
    const result = turnOrder([
      { id: "a", faces: [5, 1, 2] },
      { id: "b", faces: [6, 5, 6] },
      { id: "c", faces: [6, 5, 3] },
    ]);
    expect(result.order).toEqual(["b", "c", "a"]);
    expect(result.rerolls).toEqual([]);
  });

  it("TV-C02: A 6,5,1,1,2 vs B 5,5,4,4,3 (2 successes each): A first, more 6s", () => {
    expect(
      turnOrder([
        { id: "B", faces: [5, 5, 4, 4, 3] },
        { id: "A", faces: [6, 5, 1, 1, 2] },
      ]).order,
    ).toEqual(["A", "B"]);
  });

  it("TV-C03: A 6,5,4,2 vs B 6,5,3,3: A first, more 4s", () => {
    expect(
      turnOrder([
        { id: "B", faces: [6, 5, 3, 3] },
        { id: "A", faces: [6, 5, 4, 2] },
      ]).order,
    ).toEqual(["A", "B"]);
  });

  it("TV-C04: A 6,4,1 and B 1,4,6 are identical: both re-roll, placed together in input order", () => {
    const result = turnOrder([
      { id: "C", faces: [5, 5] },
      { id: "A", faces: [6, 4, 1] },
      { id: "D", faces: [2] },
      { id: "B", faces: [1, 4, 6] },
    ]);
    expect(result.order).toEqual(["C", "A", "B", "D"]);
    expect(result.rerolls).toEqual([["A", "B"]]);
  });

  it("resolves re-rolls within the tied block, and regroups a new identical roll", () => {
    const first = turnOrder([
      { id: "A", faces: [6, 4, 1] },
      { id: "B", faces: [1, 4, 6] },
      { id: "C", faces: [6, 1, 4] },
      { id: "X", faces: [6, 6, 6] },
    ]);
    expect(first.order).toEqual(["X", "A", "B", "C"]);
    expect(first.rerolls).toEqual([["A", "B", "C"]]);
    const second = resolveTurnOrderRerolls(first, [
      { id: "A", faces: [2, 2, 2] },
      { id: "B", faces: [5, 1, 1] },
      { id: "C", faces: [2, 2, 2] },
    ]);
    expect(second.order).toEqual(["X", "B", "A", "C"]);
    expect(second.rerolls).toEqual([["A", "C"]]);
    const third = resolveTurnOrderRerolls(second, [
      { id: "A", faces: [3, 1, 1] },
      { id: "C", faces: [3, 2, 1] },
    ]);
    expect(third).toEqual({ order: ["X", "B", "C", "A"], rerolls: [] });
  });

  it("keeps a group that did not fully re-roll", () => {
    const first = turnOrder([
      { id: "A", faces: [6] },
      { id: "B", faces: [6] },
    ]);
    expect(resolveTurnOrderRerolls(first, [{ id: "A", faces: [1] }])).toEqual(first);
  });

  it("actors who rolled no dice (all AD EX-bound) act last and are not asked to re-roll nothing", () => {
    const result = turnOrder([
      { id: "bound1", faces: [] },
      { id: "a", faces: [1] },
      { id: "bound2", faces: [] },
    ]);
    expect(result).toEqual({ order: ["a", "bound1", "bound2"], rerolls: [] });
  });

  it("rejects a repeated id and a face that is not a d6 face", () => {
    expect(() =>
      turnOrder([
        { id: "a", faces: [1] },
        { id: "a", faces: [2] },
      ]),
    ).toThrow(RangeError);
    expect(() => turnOrder([{ id: "a", faces: [7] }])).toThrow(RangeError);
  });

  it("property: the order is a permutation of the ids, sorted by the key, ties grouped", () => {
    fc.assert(
      fc.property(fc.array(roll, { maxLength: 8 }), (rolls) => {
        const entries = rolls.map((faces, i) => ({ id: `a${i}`, faces }));
        const { order, rerolls } = turnOrder(entries);
        expect([...order].sort()).toEqual(entries.map((e) => e.id).sort());
        const facesOf = new Map(entries.map((e) => [e.id, e.faces]));
        for (let i = 1; i < order.length; i++)
          expect(
            compareInitiative(facesOf.get(order[i - 1] ?? "") ?? [], facesOf.get(order[i] ?? "") ?? []),
          ).toBeLessThanOrEqual(0);
        const grouped = new Set(rerolls.flat());
        for (const group of rerolls) {
          expect(group.length).toBeGreaterThan(1);
          const places = group.map((id) => order.indexOf(id));
          expect(Math.max(...places) - Math.min(...places)).toBe(group.length - 1);
        }
        for (const a of entries)
          for (const b of entries)
            if (a.id !== b.id && a.faces.length > 0 && compareInitiative(a.faces, b.faces) === 0) {
              expect(grouped.has(a.id)).toBe(true);
              expect(rerolls.some((g) => g.includes(a.id) && g.includes(b.id))).toBe(true);
            }
      }),
    );
  });
});

describe("initiative value and label", () => {
  it("packs [successes, 6s, 5s, 4s, 3s, 2s, 1s] in base 100 (spec §6.2)", () => {
    expect(initiativeKey([6, 6, 5, 3, 1])).toEqual([3, 2, 1, 0, 1, 0, 1]);
    expect(initiativeValue([6, 6, 5, 3, 1])).toBe(3 * 1e12 + 2 * 1e10 + 1 * 1e8 + 1 * 1e4 + 1);
    expect(initiativeValue([])).toBe(0);
    expect(() => initiativeValue(new Array<number>(100).fill(1))).toThrow(RangeError);
  });

  it("TV-C02/C03 sort the same numerically", () => {
    expect(initiativeValue([6, 5, 1, 1, 2])).toBeGreaterThan(initiativeValue([5, 5, 4, 4, 3]));
    expect(initiativeValue([6, 5, 4, 2])).toBeGreaterThan(initiativeValue([6, 5, 3, 3]));
    expect(initiativeValue([6, 4, 1])).toBe(initiativeValue([1, 4, 6]));
  });

  it("property: the numeric value agrees with the comparison", () => {
    fc.assert(
      fc.property(roll, roll, (a, b) => {
        expect(Math.sign(initiativeValue(b) - initiativeValue(a))).toBe(Math.sign(compareInitiative(a, b)));
      }),
    );
  });

  it('reads "3S (6,6,5)"', () => {
    expect(initiativeLabel([5, 6, 6])).toBe("3S (6,6,5)");
    expect(initiativeLabel([1, 5, 4, 2])).toBe("1S (5,4,2,1)");
    expect(initiativeLabel([])).toBe("0S (no dice)");
  });
});

describe("Tactical Awareness", () => {
  const order = ["a", "b", "c", "d"];
  it("moves one position per allocated die, earlier or later", () => {
    expect(ok(applyTacticalAwareness(order, { id: "c", places: 2, allocated: 2 }))).toEqual({
      order: ["c", "a", "b", "d"],
      diceSpent: 2,
    });
    expect(ok(applyTacticalAwareness(order, { id: "a", places: -1, allocated: 3 })).order).toEqual([
      "b",
      "a",
      "c",
      "d",
    ]);
  });

  it("refuses more places than allocated dice, and moves past the ends", () => {
    expect(applyTacticalAwareness(order, { id: "c", places: 2, allocated: 1 }).ok).toBe(false);
    expect(applyTacticalAwareness(order, { id: "b", places: 2, allocated: 5 }).ok).toBe(false);
    expect(applyTacticalAwareness(order, { id: "c", places: -2, allocated: 5 }).ok).toBe(false);
    expect(applyTacticalAwareness(order, { id: "z", places: 1, allocated: 5 }).ok).toBe(false);
  });

  it("applies several moves in sequence", () => {
    const result = ok(
      applyTacticalAwarenessMoves(order, [
        { id: "d", places: 3, allocated: 3 },
        { id: "a", places: 1, allocated: 1 },
      ]),
    );
    expect(result).toEqual({ order: ["a", "d", "b", "c"], diceSpent: { d: 3, a: 1 } });
  });

  it("property: a move keeps the order a permutation", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.nat(),
        fc.integer({ min: -8, max: 8 }),
        (n, who, places) => {
          const ids = Array.from({ length: n }, (_, i) => `a${i}`);
          const id = ids[who % n] ?? "a0";
          const result = applyTacticalAwareness(ids, { id, places, allocated: 8 });
          if (result.ok) expect([...result.value.order].sort()).toEqual([...ids].sort());
        },
      ),
    );
  });
});

describe("the AD economy of a round (Action Dice, Action Cost)", () => {
  it("a typical human has 5AD; spending needs at least 1AD and whole dice", () => {
    const s = newAdRound(5);
    expect(availableAD(s)).toBe(5);
    expect(spendAD(s, 0).ok).toBe(false);
    expect(spendAD(s, 1.5).ok).toBe(false);
    expect(spendAD(s, 6).ok).toBe(false);
    expect(availableAD(ok(spendAD(s, 2)))).toBe(3);
  });

  it("TV-22: Anders spends 1AD (shot), 3AD (shot) and 1AD to run 5 m: 5AD used", () => {
    let s = newAdRound(5);
    s = ok(spendAD(s, 1));
    s = ok(spendAD(s, 3));
    const move = ok(spendMove(s, 5, 7));
    expect(move.ad).toBe(1);
    expect(availableAD(move.state)).toBe(0);
    expect(move.state.spent).toBe(5);
  });

  it("a minimum cost refuses fewer AD (Slow(3AD))", () => {
    const refused = spendAD(newAdRound(5), 2, { minimum: 3 });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toMatchObject({ key: "actionMinimumAd", data: { minimum: 3 } });
  });

  it("reserved dice are spent only from their own reservation", () => {
    let s = ok(reserveAD(newAdRound(5), "dodge", 4));
    expect(availableAD(s)).toBe(1);
    expect(spendAD(s, 2).ok).toBe(false);
    expect(spendAD(s, 1, { from: "await" }).ok).toBe(false);
    s = ok(spendAD(s, 2, { from: "dodge" }));
    expect(s.reserved.dodge).toBe(2);
    expect(reserveAD(s, "parry", 2).ok).toBe(false);
  });

  it("end of round: unspent AD count as Watch, spent AD return, reservations end, EX stays", () => {
    let s = newAdRound(5, 1);
    s = ok(spendAD(s, 2));
    s = ok(reserveAD(s, "dodge", 1));
    const end = endRound(s);
    expect(end.watchAD).toBe(1);
    expect(end.state).toEqual({ max: 5, exBound: 1, spent: 0, reserved: { await: 0, dodge: 0, parry: 0 } });
    expect(availableAD(end.state)).toBe(4);
    expect(endRound(s, { max: 1 }).state.max).toBe(1);
  });

  it("Await: reserved AD are not carried into the actor's new turn; option keeps them past the round's end", () => {
    const s = ok(reserveAD(newAdRound(5), "await", 3));
    expect(endRound(s).state.reserved.await).toBe(0);
    const kept = endRound(s, { awaitUntilNextTurn: true }).state;
    expect(kept.reserved.await).toBe(3);
    expect(availableAD(kept)).toBe(2);
    expect(availableAD(startTurn(kept))).toBe(5);
  });

  it("Anders' Await (setting awaitUntilNextTurn): 5AD reserved lapse with the round (default) or wait for Anders' next turn", () => {
    // "They reserve 5AD for this action, divided into one pool of 2AD for each shot" (Anders has 5AD:
    // "They spend 1 AD to run, and 4 AD on the dodge action"). The round's end: "Unspent AD are never
    // carried over into the next round ... all spent AD ... are returned" (default: the reservation
    // lapses). The Await: "If the trigger has not occurred by the actor's next turn ... the AD reserved
    // in the previous turn are not carried over into the new turn" (option: it lasts until then).
    const anders = ok(reserveAD(newAdRound(5), "await", 5));
    expect(availableAD(anders)).toBe(0);
    const lapsed = endRound(anders, { awaitUntilNextTurn: false });
    expect(lapsed.watchAD).toBe(0);
    expect(lapsed.state.reserved.await).toBe(0);
    expect(availableAD(lapsed.state)).toBe(5);
    const waiting = endRound(anders, { awaitUntilNextTurn: true }).state;
    expect(waiting.reserved.await).toBe(5);
    expect(availableAD(waiting)).toBe(0);
    // The pirates come through the hatch before Anders' turn: the 2AD + 2AD shots and the 1AD dive
    // are still reserved. At Anders' turn, unused, they return to the pool.
    expect(availableAD(startTurn(waiting))).toBe(5);
  });

  it("binding takes unspent dice first, otherwise spent dice", () => {
    let s = ok(spendAD(newAdRound(5), 4));
    const first = bindEX(s, 2);
    expect(first).toMatchObject({ bound: 2, fromUnspent: 1, fromSpent: 1, fromReserved: 0 });
    s = first.state;
    expect(s).toMatchObject({ exBound: 2, spent: 3 });
    expect(endRound(s).state.spent).toBe(0);
    expect(availableAD(endRound(s).state)).toBe(3);
  });

  it("binding never exceeds the pool; an actor with every AD bound may only Rest (with 0AD)", () => {
    const b = bindEX(newAdRound(3), 5);
    expect(b.bound).toBe(3);
    expect(allADBound(b.state)).toBe(true);
    expect(availableAD(b.state)).toBe(0);
    expect(unbindEX(b.state, 10)).toMatchObject({ unbound: 3 });
  });

  type Op =
    | { kind: "spend"; n: number }
    | { kind: "reserve"; n: number; r: "await" | "dodge" | "parry" }
    | { kind: "use"; n: number; r: "await" | "dodge" | "parry" }
    | { kind: "bind"; n: number }
    | { kind: "unbind"; n: number }
    | { kind: "end" };
  const reservation = fc.constantFrom<"await" | "dodge" | "parry">("await", "dodge", "parry");
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant<"spend">("spend"), n: fc.integer({ min: -1, max: 6 }) }),
    fc.record({ kind: fc.constant<"reserve">("reserve"), n: fc.integer({ min: 0, max: 6 }), r: reservation }),
    fc.record({ kind: fc.constant<"use">("use"), n: fc.integer({ min: 0, max: 6 }), r: reservation }),
    fc.record({ kind: fc.constant<"bind">("bind"), n: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ kind: fc.constant<"unbind">("unbind"), n: fc.integer({ min: 0, max: 3 }) }),
    fc.record({ kind: fc.constant<"end">("end") }),
  );

  it("property: AD are never negative, dice are conserved, and the end of round restores the unbound pool", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.array(op, { maxLength: 30 }), (max, ops) => {
        let s: AdRoundState = newAdRound(max);
        for (const o of ops) {
          if (o.kind === "spend") {
            const r = spendAD(s, o.n);
            if (r.ok) s = r.value;
          } else if (o.kind === "reserve") {
            const r = reserveAD(s, o.r, o.n);
            if (r.ok) s = r.value;
          } else if (o.kind === "use") {
            const r = spendAD(s, o.n, { from: o.r, minimum: 0 });
            if (r.ok) s = r.value;
          } else if (o.kind === "bind") s = bindEX(s, o.n).state;
          else if (o.kind === "unbind") s = unbindEX(s, o.n).state;
          else s = endRound(s).state;
          for (const v of [
            availableAD(s),
            s.spent,
            s.exBound,
            s.reserved.await,
            s.reserved.dodge,
            s.reserved.parry,
          ])
            expect(v).toBeGreaterThanOrEqual(0);
          expect(availableAD(s) + s.spent + s.exBound + reservedAD(s)).toBe(s.max);
          const next = endRound(s).state;
          expect(availableAD(next)).toBe(s.max - s.exBound);
        }
      }),
    );
  });
});

describe("Uncanny Luck", () => {
  it("re-rolls a number of 1s equal to the allocated dice, one time", () => {
    const faces = [1, 5, 1, 1, 6];
    expect(uncannyLuckRerolls(faces, 2)).toEqual([0, 2]);
    expect(uncannyLuckRerolls(faces, 5)).toEqual([0, 2, 3]);
    expect(uncannyLuckRerolls(faces, 2, 1)).toEqual([0]);
    expect(uncannyLuckRerolls([5, 6], 3)).toEqual([]);
  });

  it('merges the new faces, "using whatever value results from the re-roll" (a 1 again stays)', () => {
    expect(ok(applyUncannyLuck([1, 5, 1], [0, 2], [6, 1]))).toEqual([6, 5, 1]);
    expect(applyUncannyLuck([1, 5], [1], [6]).ok).toBe(false);
    expect(applyUncannyLuck([1, 1], [0, 0], [6, 6]).ok).toBe(false);
    expect(applyUncannyLuck([1, 1], [0], [6, 6]).ok).toBe(false);
    expect(applyUncannyLuck([1], [0], [7]).ok).toBe(false);
  });
});

describe("Move and Movement (MV)", () => {
  it("TV-05: 10 m at 7 m/AD costs 2AD (Holden: 2 move + 1 shot + 2 move = 5AD)", () => {
    expect(moveCost(10, 7)).toBe(2);
    expect(moveCost(5, 7)).toBe(1);
    expect(moveCost(7, 7)).toBe(1);
    expect(moveCost(14, 7)).toBe(2);
    expect(moveCost(0, 7)).toBe(0);
    expect(moveDistance(2, 7)).toBe(14);
    expect(() => moveCost(-1, 7)).toThrow(RangeError);
    let holden = newAdRound(3 + 2);
    holden = ok(spendMove(holden, 10, 7)).state;
    holden = ok(spendAD(holden, 1));
    holden = ok(spendMove(holden, 10, 7)).state;
    expect(availableAD(holden)).toBe(0);
    expect(moveExhaustion({ availableAtTurnStart: 5, spentOnMove: 4 })).toBe(0);
  });

  it("TV-05 (D): Croy's PRW 4 gives 3 + 4 = 7AD, not the text's 8AD; 2 + 4 + 2 does not fit in 7", () => {
    let croy = newAdRound(movementRates(3 + 4).ad);
    croy = ok(spendMove(croy, 10, 7)).state;
    croy = ok(spendAD(croy, 4));
    expect(spendMove(croy, 10, 7).ok).toBe(false);
  });

  it("TV-07: the MV table for PRW 1..5", () => {
    const rows = [1, 2, 3, 4, 5].map((prw) => movementRates(3 + prw));
    expect(rows.map((r) => r.ad)).toEqual([4, 5, 6, 7, 8]);
    expect(rows.map((r) => r.adPerSecond)).toEqual([0.8, 1.0, 1.2, 1.4, 1.6]);
    rows.forEach((r, i) => expect(r.metresPerSecond).toBeCloseTo([5.6, 7.0, 8.4, 9.8, 11.2][i] ?? 0, 10));
    expect(rows.map((r) => r.maxMetresPerRound)).toEqual([28, 35, 42, 49, 56]);
  });

  it('TV-06: 100 m in "about 14.3 seconds" at PRW 2 and "just under 9 seconds" at PRW 5', () => {
    expect(sprintSeconds(100, 5)).toBeCloseTo(14.29, 2);
    expect(sprintSeconds(100, 8)).toBeCloseTo(8.93, 2);
  });

  it('"Spending all available AD in a turn on the Move action will EX-bind 1AD", not with Physical Conditioning', () => {
    expect(moveExhaustion({ availableAtTurnStart: 5, spentOnMove: 5 })).toBe(1);
    expect(moveExhaustion({ availableAtTurnStart: 5, spentOnMove: 5, physicalConditioning: 1 })).toBe(0);
    expect(moveExhaustion({ availableAtTurnStart: 0, spentOnMove: 0 })).toBe(0);
  });
});

describe("Rest", () => {
  it("TV-28: Jee, 2 EX bound, rests with his remaining 3AD + TUF 2 = 5d6 vs 2S; 3 successes → 2 EX unbound", () => {
    const jee = bindEX(newAdRound(5), 2).state;
    expect(ok(restTest(jee, { tuf: 2, adSpent: 3 }))).toEqual({ pool: 5, target: 2, testNeeded: true });
    const rested = ok(applyRest(jee, { tuf: 2, adSpent: 3 }, [6, 5, 5, 2, 1]));
    expect(rested.outcome?.margin).toBe(2);
    expect(rested.unbound).toBe(2);
    expect(rested.state.exBound).toBe(0);
    // "Unbound AD are returned to the AD pool as unspent AD."
    expect(availableAD(rested.state)).toBe(2);
  });

  it("SM caps at the EX bound; a failed Rest unbinds nothing", () => {
    const s = bindEX(newAdRound(5), 1).state;
    expect(ok(applyRest(s, { tuf: 2, adSpent: 2 }, [6, 6, 6, 6])).unbound).toBe(1);
    const t = bindEX(newAdRound(5), 3).state;
    expect(ok(applyRest(t, { tuf: 2, adSpent: 2 }, [6, 5, 1, 1])).unbound).toBe(0);
  });

  it("TV-41: with 0 EX there is nothing to unbind and no test", () => {
    const r = ok(applyRest(newAdRound(5), { tuf: 2, adSpent: 1 }, []));
    expect(r).toMatchObject({ outcome: null, unbound: 0 });
    expect(r.state.spent).toBe(1);
  });

  it("Prone biologicals +1 die; Physical Conditioning adds its allocated dice", () => {
    const s = bindEX(newAdRound(5), 1).state;
    expect(ok(restTest(s, { tuf: 2, adSpent: 1, prone: true })).pool).toBe(4);
    expect(ok(restTest(s, { tuf: 2, adSpent: 1, prone: true, actorKind: "construct" })).pool).toBe(3);
    expect(ok(restTest(s, { tuf: 2, adSpent: 1, physicalConditioning: 2 })).pool).toBe(5);
  });

  it("all AD bound: one Rest with 0AD on TUF alone; otherwise Rest needs 1AD", () => {
    const all = bindEX(newAdRound(5), 5).state;
    expect(ok(restTest(all, { tuf: 2, adSpent: 0 }))).toEqual({ pool: 2, target: 5, testNeeded: true });
    const r = ok(applyRest(all, { tuf: 2, adSpent: 0 }, [6, 6]));
    expect(r.unbound).toBe(0);
    expect(restTest(bindEX(newAdRound(5), 2).state, { tuf: 2, adSpent: 0 }).ok).toBe(false);
    expect(restTest(newAdRound(5), { tuf: 2, adSpent: 6 }).ok).toBe(false);
    expect(applyRest(bindEX(newAdRound(5), 2).state, { tuf: 2, adSpent: 3 }, [6]).ok).toBe(false);
  });
});

describe("Watch and Await", () => {
  it("Watch pool: SMR + AD + perception capabilities; the watcher notices only if it wins", () => {
    expect(watchPool(2, 1, 2)).toBe(5);
    expect(resolveWatch([6, 5], [5]).noticed).toBe(false);
    expect(resolveWatch([6], [5, 5]).noticed).toBe(true);
  });

  it("TV-24: Anders reserves 5AD (2 + 2 + 1) and spends them out of turn when the trigger occurs", () => {
    let s = ok(
      declareAwait(newAdRound(5), {
        trigger: "the first pirate comes through the hatch into range",
        actions: [
          { label: "shot", ad: 2 },
          { label: "shot", ad: 2 },
          { label: "duck behind the bulkhead", ad: 1 },
        ],
      }),
    );
    expect(s.reserved.await).toBe(5);
    expect(availableAD(s)).toBe(0);
    // "Action dice reserved for reactions in the Await action cannot be spent" on a dodge.
    expect(spendAD(s, 1, { from: "dodge" }).ok).toBe(false);
    s = ok(spendAD(s, 2, { from: "await" }));
    s = ok(spendAD(s, 2, { from: "await" }));
    s = ok(spendAD(s, 1, { from: "await" }));
    expect(s).toMatchObject({ spent: 5, reserved: { await: 0 } });
  });

  it("refuses an empty trigger, an action without AD, and more AD than unspent", () => {
    const s = newAdRound(5);
    expect(declareAwait(s, { trigger: " ", actions: [{ label: "shot", ad: 1 }] }).ok).toBe(false);
    expect(declareAwait(s, { trigger: "door opens", actions: [] }).ok).toBe(false);
    expect(declareAwait(s, { trigger: "door opens", actions: [{ label: "shot", ad: 0 }] }).ok).toBe(false);
    expect(declareAwait(s, { trigger: "door opens", actions: [{ label: "shot", ad: 6 }] }).ok).toBe(false);
  });
});

describe("rising from Prone and awakening another", () => {
  it("TV-C12: PRW 2 → 3AD; PRW 2 + Catlike Grace 2 → 1AD; PRW 5 → 0AD (1AD with the minimum-1 option)", () => {
    expect(ok(riseFromProneAD(2))).toBe(3);
    expect(ok(riseFromProneAD(2, { catlikeGrace: 2 }))).toBe(1);
    expect(ok(riseFromProneAD(2, { catlikeGrace: 5 }))).toBe(1);
    expect(ok(riseFromProneAD(5))).toBe(0);
    expect(ok(riseFromProneAD(5, { minimumOne: true }))).toBe(1);
    expect(ok(riseFromProneAD(5, { catlikeGrace: 2 }))).toBe(0);
    expect(riseFromProneAD(2, { actorKind: "incorporeal" }).ok).toBe(false);
  });

  it("property: the rising cost is never negative and Catlike Grace never raises it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 5 }), (prw, grace) => {
        const plain = ok(riseFromProneAD(prw));
        const graced = ok(riseFromProneAD(prw, { catlikeGrace: grace }));
        expect(graced).toBeGreaterThanOrEqual(0);
        expect(graced).toBeLessThanOrEqual(plain);
      }),
    );
  });

  it("TV-C10: SOC 2 + 4AD = 6d6 vs 4S: 10.01 %", () => {
    const t = ok(awakenTest(2, 4));
    expect(t.pool).toBe(6);
    expect(t.target).toBe(4);
    expect(t.chance * 100).toBeCloseTo(10.01, 2);
    expect(awakenTest(2, 0).ok).toBe(false);
  });
});
