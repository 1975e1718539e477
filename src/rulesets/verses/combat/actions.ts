/**
 * The Fast Action actions the combat tracker offers (and macros call): Move by AD, Tactical
 * Awareness, and Rest in a round (the Rest test when AD are EX-bound; otherwise AD spent on Rest
 * without a test, which is what Sickened asks for). Each gathers the documents' data, asks
 * `combat-logic.ts`, applies the change through `ad-logic.ts` and posts a card.
 */
import { adChange, adStateOf } from "../base/ad-logic";
import { refuseForbiddenAction } from "../documents/conditions";
import { abilityDice, applyRest, hasCondition } from "../rules";
import { versesSetting } from "../base/settings";
import { rollRest, type PostChoice } from "../rolls/special-foundry";
import { metabolismOf } from "../rolls/roll-common";
import type { CardLine } from "../rolls/special";
import {
  planMove,
  planReserve,
  planRise,
  readTurnRecord,
  type MovePlan,
  type ReserveRequest,
} from "./combat-logic";
import { moveInTurnOrder } from "./initiative";
import { planDrive } from "../documents/vehicle-logic";
import { VEHICLE_TYPE, vehicleMovementOf } from "../documents/vehicles";
import {
  combatantOf,
  fastActionOf,
  isLiving,
  living,
  versesFlags,
  postNote,
  ref,
  refuse,
  setCombatantFlags,
  type AnyActor,
  type AnyCombatant,
} from "./shared";
import { rulesLine } from "../base/rules-message-logic";

const ROOT = "POLYVERSE.Verses.Combat";

/**
 * Move `metres` in Fast Action: `ceil(metres / MV)` AD (at least 1AD); on the actor's own turn, once
 * every AD it had at the turn's start went to Move, 1 AD is EX-bound (not with Physical
 * Conditioning). Posts a card; refused (with the reason) outside Fast Action, when a condition
 * forbids moving, or when the AD do not suffice.
 *
 * With `{ vehicle }` (an actor or its UUID) the actor drives it: the AD are the driver's, at the
 * vehicle's MV as its team caps it (`vehicleMovement`: a Chariot, 18 m/AD, behind a Horse, 14 m/AD,
 * moves at 14), and the card says why; the animals pull, so driving binds no EX. A vehicle itself
 * has no AD: `move(vehicle, …)` is refused with a pointer to its driver.
 */
export async function move(
  actor: AnyActor,
  metres: number,
  options: { vehicle?: AnyActor | string | null } = {},
): Promise<MovePlan | null> {
  if (actor?.type === VEHICLE_TYPE) return refuse({ key: "POLYVERSE.Verses.VehicleMove.NotADriver" });
  if (!isLiving(actor)) return refuse({ key: `${ROOT}.Reason.NotLiving` });
  if (refuseForbiddenAction(actor, "move")) return null;
  const fa = fastActionOf(actor);
  if (!fa) return refuse({ key: `${ROOT}.Reason.NotInFastAction` });
  if (options.vehicle) return drive(actor, metres, options.vehicle);
  const system = living(actor);
  const before = adStateOf(system);
  const { combat, combatant } = fa;
  const noted = readTurnRecord(versesFlags(combatant).turn);
  const ownTurn = combat.combatant?.id === combatant.id;
  const turn = ownTurn && noted?.round === combat.round && noted.turn === combat.turn ? noted : null;
  const plan = planMove({
    state: before,
    metres,
    mv: system.derived.mv,
    physicalConditioning: abilityDice(system.abilities, "physicalConditioning"),
    turn,
  });
  if (!plan.ok) return refuse(plan.reason);
  const { ad, exBound } = plan.value;
  if (plan.value.turn && combatant.canUserModify(game.user!, "update"))
    await setCombatantFlags(combatant, { turn: plan.value.turn });
  const change = adChange(ref(actor), before, plan.value.state);
  await postNote(
    actor,
    {
      kind: "move",
      title: { key: `${ROOT}.Move.Title` },
      lines: [
        { key: `${ROOT}.Move.Line`, data: { name: actor.name ?? "", metres, ad, mv: system.derived.mv } },
        ...(exBound ? [{ key: `${ROOT}.Move.Exhausted` }] : []),
      ],
    },
    change ? [change] : [],
  );
  return plan.value;
}

/** A driver's Move with a vehicle (see `move`). */
async function drive(actor: AnyActor, metres: number, given: AnyActor | string): Promise<MovePlan | null> {
  const vehicle = typeof given === "string" ? (foundry.utils.fromUuidSync(given) as AnyActor | null) : given;
  if (vehicle?.type !== VEHICLE_TYPE) return refuse({ key: "POLYVERSE.Verses.VehicleMove.NoVehicle" });
  const before = adStateOf(living(actor));
  const { vehicle: state, movement, lines } = vehicleMovementOf(vehicle);
  const plan = planDrive(ref(actor), before, metres, state, movement);
  if (!plan.ok) return refuse(plan.reason);
  await postNote(
    actor,
    {
      kind: "move",
      title: { key: `${ROOT}.Move.Title` },
      lines: [
        {
          key: "POLYVERSE.Verses.VehicleMove.Drives",
          data: { name: actor.name ?? "", vehicle: state.name, metres, ad: plan.value.ad, mv: plan.value.mv },
        },
        ...lines,
      ],
    },
    plan.value.change ? [plan.value.change] : [],
  );
  return { state: plan.value.state, ad: plan.value.ad, exBound: 0, turn: null };
}

/**
 * Rest in Fast Action: with AD EX-bound, the Rest test `TUF + #AD -> (#EX)S` (`special.rollRest`);
 * with none bound there is nothing to test, but the AD are spent on Rest all the same, which keeps
 * Sickened from binding a die that round ("unless they spend at least 1AD on the Rest action").
 * `choice.ad` defaults to every unspent AD for the test and to 1AD without one.
 */
export async function rest(actor: AnyActor, choice: { ad?: number } & PostChoice = {}) {
  if (!isLiving(actor)) return refuse({ key: `${ROOT}.Reason.NotLiving` });
  if (refuseForbiddenAction(actor, "rest")) return null;
  const system = living(actor);
  const before = adStateOf(system);
  // Heightened Metabolism's bound dice are "recovered through the Rest action": a test too.
  const metabolismBound = metabolismOf(actor)?.bound ?? 0;
  if (before.exBound > 0 || metabolismBound > 0 || !fastActionOf(actor)) return rollRest(actor, choice);
  const ad = Math.floor(choice.ad ?? 1);
  if (!(ad >= 1)) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.MinimumAd" });
  if (ad > system.adAvailable)
    return refuse({
      key: "POLYVERSE.Verses.Tests.Reason.NotEnoughAd",
      data: { ad, available: system.adAvailable },
    });
  const rested = applyRest(before, { tuf: system.effective.tuf, adSpent: ad, actorKind: system.kind }, []);
  if (!rested.ok) return refuse(rulesLine(rested.reason));
  const change = adChange(ref(actor), before, rested.value.state);
  return postNote(
    actor,
    {
      kind: "rest",
      title: { key: "POLYVERSE.Verses.Tests.Rest.Title" },
      lines: [{ key: `${ROOT}.Rest.NoTest`, data: { name: actor.name ?? "", ad } }],
      restAD: ad,
    },
    change ? [change] : [],
  );
}

/**
 * Tactical Awareness for a combatant (or an actor's combatant in the current combat): move
 * `places` positions in the turn order, positive earlier, one allocated die each.
 */
export async function tacticalAwareness(who: AnyActor | AnyCombatant, places: number): Promise<boolean> {
  const combatant =
    (who as { documentName?: string }).documentName === "Combatant"
      ? (who as AnyCombatant)
      : combatantOf(game.combat, who as AnyActor);
  if (!combatant) return Boolean(refuse({ key: `${ROOT}.Reason.NotInCombat` }));
  return moveInTurnOrder(combatant, places);
}

/**
 * Reserve AD in Fast Action: for Dodge or Parry ("reserved to actively contest any attack ... for
 * the rest of the round"; a Dodge or Parry roll then uses them first), or for an Await with its
 * trigger and declared actions. Posts a note card; refused with the reason (not in Fast Action, a
 * condition forbids it, too few AD unspent).
 */
export async function reserve(actor: AnyActor, request: ReserveRequest) {
  if (!isLiving(actor)) return refuse({ key: `${ROOT}.Reason.NotLiving` });
  if (refuseForbiddenAction(actor, request.kind)) return null;
  if (!fastActionOf(actor)) return refuse({ key: `${ROOT}.Reason.NotInFastAction` });
  const before = adStateOf(living(actor));
  const plan = planReserve(before, request);
  if (!plan.ok) return refuse(plan.reason);
  const change = adChange(ref(actor), before, plan.value);
  const lines: CardLine[] =
    request.kind === "await"
      ? [
          {
            key: `${ROOT}.Reserve.AwaitLine`,
            data: { name: actor.name ?? "", ad: request.ad, trigger: request.trigger },
          },
          ...(request.actions.trim()
            ? [{ key: `${ROOT}.Reserve.AwaitActions`, data: { actions: request.actions } }]
            : []),
        ]
      : [{ key: `${ROOT}.Reserve.Line.${request.kind}`, data: { name: actor.name ?? "", ad: request.ad } }];
  return postNote(
    actor,
    { kind: "reserve", title: { key: `${ROOT}.Reserve.Title.${request.kind}` }, lines },
    change ? [change] : [],
  );
}

/**
 * Rise from Prone: "(5-PRW)AD for biological actors" (Catlike Grace reduces it, to a minimum of
 * 1AD), spent from the round's AD in Fast Action; the Prone condition comes off.
 */
export async function rise(actor: AnyActor) {
  if (!isLiving(actor)) return refuse({ key: `${ROOT}.Reason.NotLiving` });
  const system = living(actor);
  if (!hasCondition(system.conditions, "prone")) return refuse({ key: `${ROOT}.Reason.NotProne` });
  if (refuseForbiddenAction(actor, "rise")) return null;
  const before = adStateOf(system);
  const plan = planRise(before, {
    prw: system.effective.prw,
    catlikeGrace: abilityDice(system.abilities, "catlikeGrace"),
    kind: system.kind,
    minimumOne: versesSetting("riseMinimumOne"),
    fastAction: Boolean(fastActionOf(actor)),
  });
  if (!plan.ok) return refuse(plan.reason);
  const change = adChange(ref(actor), before, plan.value.state);
  return postNote(
    actor,
    {
      kind: "rise",
      title: { key: `${ROOT}.Rise.Title` },
      lines: [{ key: `${ROOT}.Rise.Line`, data: { name: actor.name ?? "", ad: plan.value.ad } }],
    },
    [
      ...(change ? [change] : []),
      { uuid: actor.uuid, name: actor.name ?? "", statuses: [{ id: "prone", active: false }] },
    ],
  );
}

/**
 * Leave cover mid-round ("Full Cover"): "if the actor moves partially or fully from behind the wall
 * to take an action—even for only part of their turn—thereafter they have only Partial cover for the
 * rest of the round". The combatant keeps the round in `flags.polyverse.verses.leftCover`; an attack on it
 * this round finds full cover cut to partial (`coverAfterLeaving`, in the roll dialog). Posts a card.
 */
export async function leaveCover(actor: AnyActor) {
  if (!isLiving(actor)) return refuse({ key: `${ROOT}.Reason.NotLiving` });
  const fa = fastActionOf(actor);
  if (!fa) return refuse({ key: `${ROOT}.Reason.NotInFastAction` });
  await setCombatantFlags(fa.combatant, { leftCover: { round: fa.combat.round } });
  return postNote(
    actor,
    {
      kind: "leaveCover",
      title: { key: "POLYVERSE.Verses.NewRules.LeaveCover.Title" },
      lines: [{ key: "POLYVERSE.Verses.NewRules.LeaveCover.Line", data: { name: actor.name ?? "" } }],
    },
    [],
  );
}
