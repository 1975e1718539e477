/**
 * A vehicle's team in Foundry: the animals dropped on the vehicle sheet (`system.team`, UUIDs),
 * read as the rules need them (`vehicle-logic.ts`), for the vehicle sheet and a driver's Move.
 */
import type { TextLine } from "../base/card-text";
import type { VehicleMovement } from "../rules";
import { livingSystem, vehicleSystem } from "../data/systems";
import { vehicleMoveLines, vehicleMoveOf, type TeamActorState, type VehicleState } from "./vehicle-logic";

type AnyActor = Actor.Implementation;

export const VEHICLE_TYPE = "verses-vehicle";
const LIVING = ["verses-character", "verses-creature"];

/** The vehicle's own numbers. */
function vehicleStateOf(vehicle: AnyActor): VehicleState {
  const s = vehicleSystem(vehicle);
  return {
    name: vehicle.name ?? "",
    vehicleType: String(s.vehicleType ?? ""),
    mv: Number(s.mv ?? 0),
    weight: Number(s.weight ?? 0),
  };
}

/** The team's animals that can be found (world actors, by UUID), and how many could not. */
function vehicleTeamOf(vehicle: AnyActor): { team: TeamActorState[]; missing: number } {
  const uuids: unknown = vehicleSystem(vehicle).team;
  const team: TeamActorState[] = [];
  let missing = 0;
  for (const uuid of Array.isArray(uuids) ? uuids : []) {
    const found = typeof uuid === "string" ? (foundry.utils.fromUuidSync(uuid) as AnyActor | null) : null;
    if (!found || !LIVING.includes(found.type)) {
      missing++;
      continue;
    }
    const s = livingSystem(found);
    team.push({
      name: found.name ?? "",
      mv: Number(s.derived?.mv ?? 0),
      maxCarry: Number(s.derived?.maxCarry ?? 0),
      skills: s.skills ?? [],
    });
  }
  return { team, missing };
}

/** The vehicle's MV with its team, and the lines that say why. */
export function vehicleMovementOf(vehicle: AnyActor): {
  vehicle: VehicleState;
  movement: VehicleMovement;
  lines: TextLine[];
} {
  const state = vehicleStateOf(vehicle);
  const { team, missing } = vehicleTeamOf(vehicle);
  const movement = vehicleMoveOf(state, team);
  return { vehicle: state, movement, lines: vehicleMoveLines(state, movement, team, missing) };
}

/**
 * The vehicles a driver may choose in the Move dialog: those with a token on the viewed scene or a
 * combatant in the current combat, else every vehicle actor the user can see.
 */
export function nearbyVehicles(): AnyActor[] {
  const found = new Map<string, AnyActor>();
  const add = (actor: AnyActor | null | undefined) => {
    if (actor?.type === VEHICLE_TYPE && !found.has(actor.uuid)) found.set(actor.uuid, actor);
  };
  const placeables = (globalThis as { canvas?: { tokens?: { placeables?: { actor?: AnyActor | null }[] } } })
    .canvas?.tokens?.placeables;
  for (const token of placeables ?? []) add(token.actor);
  for (const combatant of game.combat?.combatants ?? []) add(combatant.actor);
  const user = game.user;
  if (!found.size && user)
    for (const actor of (game.actors ?? []) as Iterable<AnyActor>)
      if (actor.testUserPermission(user, "OBSERVER")) add(actor);
  return [...found.values()];
}
