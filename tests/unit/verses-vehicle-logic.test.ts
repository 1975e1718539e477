// A vehicle behind its team ('Verses Core 0.8.5, "Vehicles": "animal-drawn vehicles are always
// limited by the Movement derived attribute of the animals pulling them, as well as the net weight
// they are carrying"): the MV the sheet shows and why, and a driver's Move at that MV.
import { describe, expect, it } from "vitest";
import { newAdRound } from "../../src/rulesets/verses/rules";
import {
  isTwoWheeled,
  planDrive,
  teamAnimalOf,
  teamMovementContext,
  vehicleMoveLines,
  vehicleMoveOf,
  type TeamActorState,
} from "../../src/rulesets/verses/documents/vehicle-logic";

// The listings: "Chariot TYPE: Cart ... MV: 18m/AD ... WT: 150kg"; "Cart TYPE: Cart ... MV: 3m/AD ... WT: 100kg";
// "Coach TYPE: Carriage ... MV: 3m/AD ... WT: 700kg".
const chariot = { name: "Chariot", vehicleType: "Cart", mv: 18, weight: 150 };
const cart = { name: "Cart", vehicleType: "Cart", mv: 3, weight: 100 };
const coach = { name: "Coach", vehicleType: "Carriage", mv: 3, weight: 700 };
// The Horse: MV 14, Max Carry TUF × 50 (TUF 3: 150 kg).
const horse = (name: string, skills: TeamActorState["skills"] = []): TeamActorState => ({
  name,
  mv: 14,
  maxCarry: 150,
  skills,
});
const fmt = (key: string, data?: Record<string, string>) =>
  data
    ? `${key}(${Object.entries(data)
        .map(([k, v]) => `${k}=${v}`)
        .join(",")})`
    : key;

describe("the vehicle's MV with its team", () => {
  it("a Chariot, 18 m/AD, behind a Horse, 14 m/AD, moves 14; the card says the Horse caps it", () => {
    const movement = vehicleMoveOf(chariot, [horse("Bess")]);
    expect(movement).toMatchObject({
      mv: 14,
      limitedBy: "animal",
      slowest: "Bess",
      laden: 150,
      capacity: 150,
    });
    const lines = vehicleMoveLines(chariot, movement, [horse("Bess")]);
    expect(lines[0]).toEqual({
      key: "POLYVERSE.Verses.VehicleMove.ByAnimal",
      data: { mv: "14", animal: "Bess", animalMv: "14", vehicle: "Chariot", vehicleMv: "18" },
    });
    expect(lines[1]).toEqual({
      key: "POLYVERSE.Verses.VehicleMove.Load",
      data: { laden: "150", capacity: "150" },
    });
    const context = teamMovementContext(movement, lines, fmt);
    expect(context).toMatchObject({
      mv: 14,
      limited: true,
      label: "POLYVERSE.Verses.VehicleMove.Capped(mv=14)",
    });
  });

  it("a Cart, 3 m/AD, behind the same Horse moves 3: the listing caps it", () => {
    const movement = vehicleMoveOf(cart, [horse("Bess")]);
    expect(movement).toMatchObject({ mv: 3, limitedBy: "vehicle" });
    expect(vehicleMoveLines(cart, movement, [horse("Bess")])[0]).toEqual({
      key: "POLYVERSE.Verses.VehicleMove.ByVehicle",
      data: { mv: "3", vehicle: "Cart", count: 1 },
    });
  });

  it("with no team a vehicle does not move; team members not found are said", () => {
    const movement = vehicleMoveOf(chariot, []);
    expect(movement).toMatchObject({ mv: 0, limitedBy: "noTeam" });
    expect(vehicleMoveLines(chariot, movement, [], 1)).toEqual([
      { key: "POLYVERSE.Verses.VehicleMove.NoTeam", data: { vehicle: "Chariot" } },
      { key: "POLYVERSE.Verses.VehicleMove.Missing", data: { count: 1 } },
    ]);
  });

  it("Labor Animal pulls 'up to two times its Max Carry weight without incurring a PRW penalty'", () => {
    // The Coach, 700 kg, behind two horses: 350 kg each against 150 kg Max Carry.
    const untrained = vehicleMoveOf(coach, [horse("Bess"), horse("Dun")]);
    // 350 − 150 = 200 kg over: "-1 PRW for every 20kg (or part thereof)": −10 PRW, and over twice Max Carry: 1 EX a round.
    expect(untrained.overloads).toEqual([
      { name: "Bess", prwPenalty: 10, exPerRound: 1 },
      { name: "Dun", prwPenalty: 10, exPerRound: 1 },
    ]);
    const labor = [{ skill: "Labor Animal", dice: 1 }];
    const trained = vehicleMoveOf(coach, [horse("Bess", labor), horse("Dun", labor)]);
    // 350 − 300 = 50 kg over twice Max Carry: −3 PRW.
    expect(trained.capacity).toBe(600);
    expect(trained.overloads[0]).toEqual({ name: "Bess", prwPenalty: 3, exPerRound: 1 });
    expect(vehicleMoveLines(coach, trained, [horse("Bess", labor), horse("Dun", labor)])).toContainEqual({
      key: "POLYVERSE.Verses.VehicleMove.OverloadEx",
      data: { name: "Bess", prw: 3 },
    });
  });

  it("War Mount pulls 'a two-wheeled cart such as a chariot' at twice Max Carry; an unallocated skill does not count", () => {
    expect(isTwoWheeled("Cart")).toBe(true);
    expect(isTwoWheeled("Carriage")).toBe(false);
    expect(teamAnimalOf(horse("Ironside", [{ skill: "War Mount", dice: 2 }]))).toMatchObject({
      warMount: true,
    });
    expect(teamAnimalOf(horse("Bay", [{ skill: "Labor Animal", dice: 0 }]))).toMatchObject({
      laborAnimal: false,
    });
    expect(vehicleMoveOf(chariot, [horse("Ironside", [{ skill: "War Mount", dice: 2 }])]).capacity).toBe(300);
    expect(vehicleMoveOf(coach, [horse("Ironside", [{ skill: "War Mount", dice: 2 }])]).capacity).toBe(150);
  });
});

describe("a driver's Move at the vehicle's MV", () => {
  const driver = { uuid: "Actor.anders0000000001", name: "Anders" };
  it("30 m in the Chariot behind the Horse: 3 AD at 14 m/AD (at its own 18 m/AD it would be 2)", () => {
    const state = newAdRound(5);
    const movement = vehicleMoveOf(chariot, [horse("Bess")]);
    const plan = planDrive(driver, state, 30, chariot, movement);
    expect(plan.ok && plan.value).toMatchObject({ ad: 3, mv: 14 });
    expect(plan.ok && plan.value.change).toEqual({
      uuid: driver.uuid,
      name: "Anders",
      set: { "system.ad.spent": 3 },
    });
  });

  it("refused with no team, or with too few AD", () => {
    const state = newAdRound(2);
    expect(planDrive(driver, state, 10, chariot, vehicleMoveOf(chariot, []))).toEqual({
      ok: false,
      reason: { key: "POLYVERSE.Verses.VehicleMove.NoTeam", data: { vehicle: "Chariot" } },
    });
    const tooFar = planDrive(driver, state, 50, chariot, vehicleMoveOf(chariot, [horse("Bess")]));
    expect(tooFar).toEqual({
      ok: false,
      reason: {
        key: "POLYVERSE.Verses.Combat.Reason.MoveAD",
        data: { metres: 50, mv: 14, ad: 4, available: 2 },
      },
    });
  });
});
