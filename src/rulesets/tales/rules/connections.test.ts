import { describe, expect, it } from "vitest";
import {
  CONNECTION_TABLES,
  connectionDice,
  connectionDifficulty,
  connectionSpeed,
  connectionSuccesses,
  fameSocialDifficulty,
  territoryReach,
  wealthAllocation,
} from "./connections";
import { CONNECTION_KEYS } from "./traits";

describe("connection rolls: the vectors N01-N04", () => {
  it("N01 Allies 3, dangerous job needed immediately: 5 + 2 = 7, no die can succeed", () => {
    const d = connectionDifficulty("allies", { base: "dangerousJob", modifiers: { timing: "immediately" } });
    expect(d).toBe(7);
    expect(connectionSuccesses("allies", [6, 6, 6], d)).toBe(0);
  });
  it("N02 Allies 3, typical job (3), type and area both apply (-2): 1; dice 1, 1, 4: one ally", () => {
    const d = connectionDifficulty("allies", { base: "typicalJob", specific: 2 });
    expect(d).toBe(1);
    expect(connectionSuccesses("allies", [1, 1, 4], d)).toBe(1);
  });
  it("N03 Contacts 4, concealed + specific (4); dice 6, 4, 2, 5: 3 successes on speed, a few hours", () => {
    const d = connectionDifficulty("contacts", { base: "concealed", modifiers: { detail: "specific" } });
    expect(d).toBe(4);
    const n = connectionSuccesses("contacts", [6, 4, 2, 5], d);
    expect(n).toBe(3);
    expect(connectionSpeed(n)).toEqual({ speed: "fewHours", extra: 0 });
  });
  it("N04 Wealth 2, uncommon item needed today (3 + 1 = 4); dice 4, 3: 1 resource point", () => {
    const d = connectionDifficulty("wealth", { base: "uncommon", modifiers: { timing: "today" } });
    expect(d).toBe(4);
    expect(connectionSuccesses("wealth", [4, 3], d)).toBe(1);
  });
});

describe("the tables", () => {
  it("all six, each with four base rows 2..5 (Influence 1..4)", () => {
    for (const k of CONNECTION_KEYS) expect(CONNECTION_TABLES[k].base).toHaveLength(4);
    expect(CONNECTION_TABLES.influence.base.map((r) => r.difficulty)).toEqual([1, 2, 3, 4]);
    expect(connectionDifficulty("influence", { base: "dramatic", modifiers: { reach: "global" } })).toBe(10);
    expect(
      connectionDifficulty("fame", { base: "hostile", modifiers: { audience: "largerGroup" }, specific: 3 }),
    ).toBe(6);
    expect(
      connectionDifficulty("allies", { base: "easyJob", modifiers: { lastJob: "gotSomeoneKilled" } }),
    ).toBe(5);
    expect(connectionDifficulty("territory", { base: "secret", specific: 2 })).toBe(3);
  });
  it("refuses rows it does not have and bad faces", () => {
    expect(() => connectionDifficulty("wealth", { base: "cheap" })).toThrow(RangeError);
    expect(() => connectionDifficulty("wealth", { base: "common", modifiers: { timing: "never" } })).toThrow(
      RangeError,
    );
    expect(() => connectionSuccesses("fame", [7], 3)).toThrow(RangeError);
  });
  it("a 1 counts for others when the difficulty is 1 or less", () => {
    expect(connectionSuccesses("influence", [1, 2], 1)).toBe(2);
  });
  it("speed: 1 a few days .. 4 an hour or so, the rest on detail", () => {
    expect(connectionSpeed(0)).toEqual({ speed: null, extra: 0 });
    expect(connectionSpeed(1).speed).toBe("fewDays");
    expect(connectionSpeed(6)).toEqual({ speed: "hourOrSo", extra: 2 });
    expect(fameSocialDifficulty(2)).toBe(-2);
  });
  it("dice: one a level, Wealth's cash points one more each", () => {
    expect(connectionDice(3)).toBe(3);
    expect(connectionDice(3, 2)).toBe(5);
  });
  it("Wealth allocation: cash, equipment, home, lifestyle, within the level", () => {
    expect(wealthAllocation(3, { cash: 1, equipment: 1, home: 1 })).toEqual({
      ok: true,
      value: { extraDice: 1, equipmentLevels: 1, sanctuaryLevels: 1, reserveDice: 0 },
    });
    expect(wealthAllocation(1, { cash: 1, lifestyle: 1 })).toMatchObject({
      ok: false,
      reason: "allocationOverLevel",
    });
  });
  it("Territory: 1 km at level 1, +1 km or another area per further point", () => {
    expect(territoryReach(1)).toEqual({ ok: true, value: { homeRadiusKm: 1, otherAreas: 0, locations: 0 } });
    expect(territoryReach(3, 1)).toEqual({
      ok: true,
      value: { homeRadiusKm: 2, otherAreas: 1, locations: 0 },
    });
    expect(territoryReach(2, 1, 1)).toMatchObject({ ok: false });
  });
});
