import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  advanceMultistage,
  armWrestlingRoll,
  armWrestlingStage,
  stageModifiers,
  stagePayment,
  startArmWrestling,
  startMultistage,
  type StageCost,
  type StageResult,
} from "./multistage";

const ok = (effectBonus = 0): StageResult => ({
  success: true,
  critical: false,
  closeEnough: false,
  effectBonus,
});
const fail: StageResult = { success: false, critical: false, closeEnough: false, effectBonus: 0 };
const near: StageResult = { success: false, critical: false, closeEnough: true, effectBonus: 0 };
const crit: StageResult = { success: false, critical: true, closeEnough: false, effectBonus: 0 };
const costs: StageCost[] = [{ time: 2, money: 100, endurance: 1 }, { time: 4, money: 40 }, { time: 1 }];

describe("multistage tasks", () => {
  it("stages in order; a success's effect bonus helps the next stage", () => {
    let s = startMultistage(3);
    let r = advanceMultistage(s, costs, ok(2));
    expect(r.event).toBe("advanced");
    s = r.state;
    expect([s.stage, stageModifiers(s).flat]).toEqual([1, 2]);
    r = advanceMultistage(s, costs, ok());
    r = advanceMultistage(r.state, costs, ok());
    expect([r.event, r.state.done, r.state.spent]).toEqual([
      "done",
      true,
      { time: 7, money: 140, endurance: 1 },
    ]);
    expect(() => stageModifiers(r.state)).toThrow(RangeError);
    expect(() => advanceMultistage(r.state, costs, ok())).toThrow(RangeError);
  });
  it("a failure restarts the stage at +1 crit, paying a quarter of the money and all the time and endurance", () => {
    let r = advanceMultistage(startMultistage(3), costs, fail);
    expect([r.event, r.state.stage, stageModifiers(r.state).critMod]).toEqual(["retry", 0, 1]);
    r = advanceMultistage(r.state, costs, fail);
    expect(stageModifiers(r.state).critMod).toBe(2);
    expect(r.state.spent).toEqual({ time: 4, money: 125, endurance: 2 });
    r = advanceMultistage(r.state, costs, ok());
    expect([r.state.stage, stageModifiers(r.state).critMod]).toEqual([1, 0]);
  });
  it("close enough: plow on with a disadvantage on every later stage, or redo at +1 crit", () => {
    const on = advanceMultistage(startMultistage(3), costs, near);
    expect([on.event, on.state.stage, stageModifiers(on.state).disadvantage]).toEqual([
      "closeEnoughOn",
      1,
      1,
    ]);
    const again = advanceMultistage(on.state, costs, near);
    expect(stageModifiers(again.state).disadvantage).toBe(2);
    const redo = advanceMultistage(startMultistage(3), costs, near, "redo");
    expect([redo.event, redo.state.stage, stageModifiers(redo.state)]).toEqual([
      "redo",
      0,
      { critMod: 1, disadvantage: 0, flat: 0 },
    ]);
  });
  it("a critical failure stalls the project back to stage 1; stages tried before reuse their materials", () => {
    let r = advanceMultistage(startMultistage(3), costs, ok(1));
    r = advanceMultistage(r.state, costs, near, "redo");
    r = advanceMultistage(r.state, costs, crit);
    expect([r.event, r.state.stage, r.state.stalls, stageModifiers(r.state)]).toEqual([
      "stalled",
      0,
      1,
      { critMod: 0, disadvantage: 0, flat: 0 },
    ]);
    r = advanceMultistage(r.state, costs, ok());
    expect(r.state.spent.money).toBe(100 + 40 + 10 + 25);
  });
  it("stagePayment: full the first time, a quarter of the money after", () => {
    expect(stagePayment({ time: 3, money: 80, endurance: 2 }, false)).toEqual({
      time: 3,
      money: 80,
      endurance: 2,
    });
    expect(stagePayment({ time: 3, money: 80, endurance: 2 }, true)).toEqual({
      time: 3,
      money: 20,
      endurance: 2,
    });
    expect(() => stagePayment({ time: -1 }, false)).toThrow(RangeError);
  });
  it("refuses a task without stages and a cost list of the wrong length", () => {
    expect(() => startMultistage(0)).toThrow(RangeError);
    expect(() => advanceMultistage(startMultistage(2), costs, ok())).toThrow(RangeError);
  });
  it("the stage never goes past the end, the crit grows only by failing the same stage, spending only grows", () => {
    const results = [ok(), ok(1), fail, near, crit];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(4), fc.boolean()), { maxLength: 30 }), (steps) => {
        let s = startMultistage(3);
        for (const [i, redo] of steps) {
          if (s.done) break;
          const before = s;
          s = advanceMultistage(s, costs, results[i]!, redo ? "redo" : "plowOn").state;
          if (s.stage > 3 || s.spent.time < before.spent.time) return false;
          if (s.stage === before.stage && s.stalls === before.stalls && s.attempt !== before.attempt + 1)
            return false;
        }
        return true;
      }),
    );
  });
});

describe("arm wrestling", () => {
  it("TV-36: win by 1-2 narrative ground, 3-5 the opponent takes a disadvantage, 6-9 move one to the opponent, 10+ win", () => {
    const s = startArmWrestling();
    expect(armWrestlingStage(s, [12, 11])).toMatchObject({ winner: 0, degree: "minor", effect: "ground" });
    const major = armWrestlingStage(s, [10, 14]);
    expect([major.winner, major.effect, major.state.disadvantage]).toEqual([1, "disadvantage", [1, 0]]);
    const moved = armWrestlingStage(major.state, [17, 10]);
    expect([moved.effect, moved.state.disadvantage]).toEqual(["moveDisadvantage", [0, 1]]);
    const give = armWrestlingStage({ disadvantage: [0, 0], winner: null, stages: 2 }, [17, 10]);
    expect([give.effect, give.state.disadvantage]).toEqual(["disadvantage", [0, 1]]);
    const win = armWrestlingStage(s, [20, 10]);
    expect([win.winner, win.effect, win.state.winner]).toEqual([0, "win", 0]);
    expect(() => armWrestlingStage(win.state, [1, 1])).toThrow(RangeError);
  });
  it("a serious win with nothing to move gives the opponent one, or nothing if asked", () => {
    expect(
      armWrestlingStage(startArmWrestling(), [16, 10], { seriousWithoutDisadvantage: "nothing" }),
    ).toMatchObject({
      effect: "ground",
      state: { disadvantage: [0, 0] },
    });
  });
  it("a tie gains nothing", () => {
    expect(armWrestlingStage(startArmWrestling(), [9, 9])).toMatchObject({ winner: null, effect: "none" });
  });
  it("each side's roll: an advantage per Endurance point, its disadvantages", () => {
    expect(armWrestlingRoll({ disadvantage: [2, 0], winner: null, stages: 3 }, 0, 1)).toEqual({
      advantage: 1,
      disadvantage: 2,
    });
  });
});
