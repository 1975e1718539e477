import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  AWARDS,
  awardExperience,
  awardPoints,
  bankExperience,
  bankExperienceDie,
  bankKeyFor,
  bankedIn,
  cumulativeCost,
  isBankKey,
  purchase,
  purchaseCost,
  startingLedger,
  takeMeritOrFlaw,
  type BankKey,
  type XpLedger,
} from "./xp";

describe("purchase costs: 'the cost of that dot depends on the new rank'", () => {
  it("the table: general 2, advanced 3, Willpower new x 1, ability new x 2, attribute 15", () => {
    expect(purchaseCost("generalSpecialty")).toBe(2);
    expect(purchaseCost("advancedSpecialty")).toBe(3);
    expect(purchaseCost("ability", 1)).toBe(2);
    expect(purchaseCost("ability", 3)).toBe(6);
    expect(purchaseCost("ability", 5)).toBe(10);
    expect(purchaseCost("willpower", 4)).toBe(4);
    expect(purchaseCost("willpower", 10)).toBe(10);
    expect(purchaseCost("attribute", 2)).toBe(15);
    expect(purchaseCost("attribute", 5)).toBe(15);
  });
  it("cumulative: ability 0 -> 3 = 12; Willpower 3 -> 5 = 9", () => {
    expect(cumulativeCost("ability", 0, 3)).toBe(12);
    expect(cumulativeCost("willpower", 3, 5)).toBe(9);
    expect(cumulativeCost("attribute", 2, 4)).toBe(30);
    expect(cumulativeCost("ability", 3, 3)).toBe(0);
  });
  it("refuses ranks off the scale", () => {
    expect(() => purchaseCost("ability", 6)).toThrow(RangeError);
    expect(() => purchaseCost("ability", 0)).toThrow(RangeError);
    expect(() => purchaseCost("willpower", 11)).toThrow(RangeError);
    expect(() => purchaseCost("generalSpecialty", 2)).toThrow(RangeError);
  });
  it("property: costs never fall as the rank rises", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("ability", "willpower", "attribute" as const),
        fc.integer({ min: 1, max: 4 }),
        (k, r) => {
          expect(purchaseCost(k, r + 1)).toBeGreaterThanOrEqual(purchaseCost(k, r));
          expect(cumulativeCost(k, 0, r + 1)).toBeGreaterThan(cumulativeCost(k, 0, r));
        },
      ),
    );
  });
});

describe("banking", () => {
  it("moves available points into one trait's bank", () => {
    const r = bankExperience(startingLedger(), "abilities.firearms", 2);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.available).toBe(28);
    expect(r.value.total).toBe(30);
    expect(r.value.bank.abilities.firearms).toBe(2);
    expect(bankedIn(r.value.bank, "abilities.firearms")).toBe(2);
  });
  it("refuses when nothing is available", () => {
    const xp: XpLedger = { ...startingLedger(0) };
    expect(bankExperience(xp, "willpower")).toMatchObject({ ok: false, reason: "notEnoughAvailable" });
  });
  it("the experience die banks one point 'in a trait that you used for the action'", () => {
    const used: BankKey[] = ["attributes.precision", "abilities.firearms"];
    const r = bankExperienceDie({ xp: startingLedger(), key: "attributes.precision", usedTraits: used });
    expect(r.ok && r.value.bank.attributes.precision).toBe(1);
    expect(r.ok && r.value.available).toBe(29);
    expect(bankExperienceDie({ xp: startingLedger(), key: "willpower", usedTraits: used })).toMatchObject({
      ok: false,
      reason: "traitNotUsed",
    });
  });
  it("keys", () => {
    expect(isBankKey("willpower")).toBe(true);
    expect(isBankKey("abilities.heavyWeapons")).toBe(true);
    expect(isBankKey("abilities.strength")).toBe(false);
    expect(isBankKey("attributes.wits.x")).toBe(false);
    expect(bankKeyFor({ kind: "specialty", key: "melee" })).toBe("abilities.melee");
    expect(bankKeyFor({ kind: "attribute", key: "wits" })).toBe("attributes.wits");
    expect(bankKeyFor({ kind: "willpower" })).toBe("willpower");
    expect(() => bankExperience(startingLedger(), "abilities.law" as BankKey)).toThrow(RangeError);
  });
});

describe("spending: 'use any banked experience points that apply before spending available points'", () => {
  it("bank first, then available; spent grows", () => {
    const banked = bankExperience(startingLedger(), "abilities.melee", 3);
    if (!banked.ok) throw new Error("banking failed");
    const r = purchase({ xp: banked.value, bankKey: "abilities.melee", cost: purchaseCost("ability", 3) });
    expect(r).toMatchObject({ ok: true, value: { fromBank: 3, fromAvailable: 3 } });
    if (!r.ok) return;
    expect(r.value.xp.bank.abilities.melee).toBe(0);
    expect(r.value.xp.available).toBe(24);
    expect(r.value.xp.spent).toBe(6);
  });
  it("an ability's bank pays for its specialties; another trait's bank does not", () => {
    const banked = bankExperience(startingLedger(4), "abilities.melee", 4);
    if (!banked.ok) throw new Error("banking failed");
    const swords = purchase({
      xp: banked.value,
      bankKey: bankKeyFor({ kind: "specialty", key: "melee" }),
      cost: purchaseCost("advancedSpecialty"),
    });
    expect(swords).toMatchObject({ ok: true, value: { fromBank: 3, fromAvailable: 0 } });
    const other = purchase({ xp: banked.value, bankKey: "abilities.firearms", cost: 2 });
    expect(other).toMatchObject({ ok: false, reason: "notEnoughXp" });
  });
  it("merits use available points only", () => {
    expect(takeMeritOrFlaw(startingLedger(), "merit", 4)).toMatchObject({
      ok: true,
      value: { available: 26, spent: 4 },
    });
    expect(takeMeritOrFlaw(startingLedger(), "flaw", 2)).toMatchObject({
      ok: true,
      value: { available: 32, total: 32 },
    });
    expect(takeMeritOrFlaw(startingLedger(1), "merit", 2)).toMatchObject({ ok: false });
  });
  it("property: purchases never make available or a bank negative", () => {
    const key = fc.constantFrom<BankKey>("willpower", "abilities.melee", "attributes.strength");
    const op = fc.oneof(
      fc.record({ bank: key, points: fc.nat(5) }),
      fc.record({ buy: key, cost: fc.nat(16), useBank: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.nat(40), fc.array(op, { maxLength: 20 }), (start, ops) => {
        let xp = startingLedger(start);
        for (const o of ops) {
          const r =
            "bank" in o
              ? bankExperience(xp, o.bank, o.points)
              : purchase({ xp, bankKey: o.useBank ? o.buy : null, cost: o.cost });
          if (r.ok) xp = "xp" in r.value ? r.value.xp : r.value;
          expect(xp.available).toBeGreaterThanOrEqual(0);
          for (const k of ["willpower", "abilities.melee", "attributes.strength"] as const) {
            expect(bankedIn(xp.bank, k)).toBeGreaterThanOrEqual(0);
          }
          const banked = xp.bank.willpower + xp.bank.abilities.melee + xp.bank.attributes.strength;
          expect(xp.available + xp.spent + banked).toBe(start);
        }
      }),
    );
  });
});

describe("awards", () => {
  it("the seven awards with their scope", () => {
    expect(AWARDS.filter((a) => a.scope === "chapter").map((a) => a.key)).toEqual([
      "participation",
      "creativity",
      "roleplaying",
      "heroism",
    ]);
    expect(AWARDS.filter((a) => a.scope === "story").map((a) => a.key)).toEqual([
      "victory",
      "hazard",
      "ingenuity",
    ]);
    expect(AWARDS.every((a) => a.points === 1)).toBe(true);
  });
  it("awarding raises total and available", () => {
    expect(awardPoints(["participation", "heroism", "victory"])).toBe(3);
    expect(() => awardPoints(["luck"])).toThrow(RangeError);
    expect(awardExperience(startingLedger(), 3)).toMatchObject({ total: 33, available: 33, spent: 0 });
  });
});
