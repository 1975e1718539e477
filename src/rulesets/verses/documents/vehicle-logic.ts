/**
 * A vehicle and the animals that pull it, Foundry-free: the team as the rules read it
 * (`vehicleMovement`: the slowest animal caps the listing's MV, the laden weight is shared), the
 * lines the vehicle sheet and a driver's Move card show to say why, and a driver's Move at the
 * vehicle's MV. The glue (`vehicles.ts`) reads the actors.
 */
import type { DocumentChange } from "../../../core/changes-logic";
import { adChange } from "../base/ad-logic";
import { lineTextWith, type Localize, type TextLine } from "../base/card-text";
import {
  ANIMAL_SKILLS,
  availableAD,
  normalizeKey,
  spendMove,
  vehicleMovement,
  type AdRoundState,
  type TeamAnimal,
  type VehicleMovement,
} from "../rules";
import { formatNumber } from "../../../core/i18n-logic";

const ROOT = "POLYVERSE.Verses.VehicleMove";

/** A team animal as its actor has it: name, derived MV and Max Carry, allocated skills. */
export interface TeamActorState {
  name: string;
  mv: number;
  maxCarry: number;
  skills: readonly { skill: string; dice: number }[];
}

/** A vehicle's own numbers, as its sheet stores them. */
export interface VehicleState {
  name: string;
  /** The listing's TYPE ("Cart": two wheels, "Carriage": four). */
  vehicleType: string;
  mv: number;
  weight: number;
}

const trainedIn = (skills: TeamActorState["skills"], name: string) =>
  skills.some((s) => normalizeKey(s.skill) === normalizeKey(name) && s.dice > 0);

/** A team animal for the rules: Labor Animal and War Mount training count when allocated. */
export function teamAnimalOf(state: TeamActorState): TeamAnimal {
  return {
    name: state.name,
    mv: Math.max(0, Number(state.mv) || 0),
    maxCarry: Math.max(0, Number(state.maxCarry) || 0),
    laborAnimal: trainedIn(state.skills, ANIMAL_SKILLS.laborAnimal.name),
    warMount: trainedIn(state.skills, ANIMAL_SKILLS.warMount.name),
  };
}

/**
 * Two wheels: the text's listings are of TYPE "Cart" (Cart, Chariot, Two-Wheeled Carriage) or
 * "Carriage" (four wheels); War Mount training pulls "a two-wheeled cart such as a chariot".
 */
export function isTwoWheeled(vehicleType: string): boolean {
  return normalizeKey(vehicleType) === "cart";
}

/** A vehicle's movement with its team (the animals that could be found). */
export function vehicleMoveOf(vehicle: VehicleState, team: readonly TeamActorState[]): VehicleMovement {
  return vehicleMovement(
    {
      mv: Math.max(0, Number(vehicle.mv) || 0),
      weight: Math.max(0, Number(vehicle.weight) || 0),
      twoWheeled: isTwoWheeled(vehicle.vehicleType),
    },
    team.map(teamAnimalOf),
  );
}

/** Whole metres or kilograms, or one decimal, in the user's language. */
const num = (n: number) =>
  formatNumber(Math.round(n * 10) / 10, { maximumFractionDigits: 1, grouping: false });

/**
 * Why the vehicle moves at its MV, as card lines: the slowest animal, the listing, or no team; the
 * laden weight against what the team pulls without a penalty, each animal's overload, and team
 * members that could not be found.
 */
export function vehicleMoveLines(
  vehicle: VehicleState,
  movement: VehicleMovement,
  team: readonly TeamActorState[],
  missing = 0,
): TextLine[] {
  const lines: TextLine[] = [];
  if (movement.limitedBy === "noTeam") lines.push({ key: `${ROOT}.NoTeam`, data: { vehicle: vehicle.name } });
  else if (movement.limitedBy === "animal") {
    const slowest = team.find((a) => a.name === movement.slowest);
    lines.push({
      key: `${ROOT}.ByAnimal`,
      data: {
        mv: num(movement.mv),
        animal: movement.slowest ?? "",
        animalMv: num(slowest?.mv ?? movement.mv),
        vehicle: vehicle.name,
        vehicleMv: num(vehicle.mv),
      },
    });
  } else
    lines.push({
      key: `${ROOT}.ByVehicle`,
      data: { mv: num(movement.mv), vehicle: vehicle.name, count: team.length },
    });
  if (movement.limitedBy !== "noTeam") {
    lines.push({
      key: `${ROOT}.Load`,
      data: { laden: num(movement.laden), capacity: num(movement.capacity) },
    });
    for (const o of movement.overloads)
      if (o.prwPenalty > 0 || o.exPerRound > 0)
        lines.push({
          key: o.exPerRound > 0 ? `${ROOT}.OverloadEx` : `${ROOT}.Overload`,
          data: { name: o.name, prw: o.prwPenalty },
        });
  }
  if (missing > 0) lines.push({ key: `${ROOT}.Missing`, data: { count: missing } });
  return lines;
}

/** A driver's Move with a vehicle. */
interface DrivePlan {
  state: AdRoundState;
  ad: number;
  mv: number;
  change: DocumentChange | null;
}

/**
 * Drive `metres` (a driver moving the vehicle, the Move action at the vehicle's MV): `ceil(metres
 * / MV)` AD from the driver, at least 1. The MV is the vehicle's with its team (`vehicleMovement`):
 * with no team it does not move. The all-AD exhaustion of Move is the running actor's: the animals
 * pull, the driver binds no EX for driving.
 */
export function planDrive(
  driver: { uuid: string; name: string },
  state: AdRoundState,
  metres: number,
  vehicle: VehicleState,
  movement: VehicleMovement,
): { ok: true; value: DrivePlan } | { ok: false; reason: TextLine } {
  if (!Number.isFinite(metres) || metres <= 0)
    return { ok: false, reason: { key: "POLYVERSE.Verses.Combat.Reason.Distance", data: { metres } } };
  if (!(movement.mv > 0))
    return { ok: false, reason: { key: `${ROOT}.NoTeam`, data: { vehicle: vehicle.name } } };
  const spent = spendMove(state, metres, movement.mv);
  if (!spent.ok)
    return {
      ok: false,
      reason: {
        key: "POLYVERSE.Verses.Combat.Reason.MoveAD",
        data: {
          metres,
          mv: movement.mv,
          ad: Math.max(1, Math.ceil(metres / movement.mv - 1e-9)),
          available: availableAD(state),
        },
      },
    };
  return {
    ok: true,
    value: {
      state: spent.value.state,
      ad: spent.value.ad,
      mv: movement.mv,
      change: adChange(driver, state, spent.value.state),
    },
  };
}

/** The vehicle sheet's note on its MV: the capped MV, whether the team or no team limits it, and why. */
export function teamMovementContext(
  movement: VehicleMovement,
  lines: readonly TextLine[],
  localize: Localize,
): { mv: number; label: string; limited: boolean; lines: string[] } {
  return {
    mv: movement.mv,
    label: localize(`${ROOT}.Capped`, { mv: num(movement.mv) }),
    limited: movement.limitedBy !== "vehicle",
    lines: lines.map((l) => lineTextWith(localize, l)),
  };
}
