import { describe, expect, it } from "vitest";
import { adChange, adStateOf } from "../../src/rulesets/verses/base/ad-logic";
import { spendForRoll } from "../../src/rulesets/verses/base/spend-logic";
import { availableAD, spendAD } from "../../src/rulesets/verses/rules";

const ref = { uuid: "Actor.a", name: "Phon" };
const system = { adMax: 5, ad: { spent: 1, exBound: 1, reserved: { await: 0, dodge: 1, parry: 0 } } };

describe("an actor's AD as the rules' round state", () => {
  it("reads the stored round: available = max − EX-bound − spent − reserved", () => {
    const state = adStateOf(system);
    expect(state).toEqual({ max: 5, exBound: 1, spent: 1, reserved: { await: 0, dodge: 1, parry: 0 } });
    expect(availableAD(state)).toBe(2);
  });

  it("writes back only what changed, as values to set", () => {
    const before = adStateOf(system);
    const spent = spendAD(before, 2);
    if (!spent.ok) throw new Error(JSON.stringify(spent.reason));
    expect(adChange(ref, before, spent.value)).toEqual({ ...ref, set: { "system.ad.spent": 3 } });
    expect(adChange(ref, before, before)).toBeNull();
    const unreserved = { ...before, reserved: { ...before.reserved, dodge: 0 }, exBound: 0 };
    expect(adChange(ref, before, unreserved)).toEqual({
      ...ref,
      set: { "system.ad.exBound": 0, "system.ad.reserved.dodge": 0 },
    });
  });
});

describe("what a roll costs (spend-logic, read from an actor's AD)", () => {
  const fresh = adStateOf({
    adMax: 5,
    ad: { spent: 3, exBound: 0, reserved: { await: 0, dodge: 0, parry: 0 } },
  });
  const cost = (ad: number, fastAction: boolean, exCost = 0) =>
    spendForRoll(fresh, { ad, minimum: 0, fastAction, exCost });
  it("in Fast Action the AD spent count against the round; no more than are unspent", () => {
    const two = cost(2, true);
    expect(two.ok && two.value.after.spent).toBe(5);
    expect(cost(3, true).ok).toBe(false);
  });
  it("outside Fast Action AD are not counted", () => {
    const four = cost(4, false);
    expect(four.ok && four.value.after).toEqual(fresh);
  });
  it('Intense Concentration: "binds 1 EX", in or out of Fast Action', () => {
    const ic = cost(0, false, 1);
    expect(ic.ok && ic.value.after.exBound).toBe(1);
  });
});
