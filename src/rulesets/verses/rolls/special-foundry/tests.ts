/**
 * 'Verses special tests in Foundry (see `../special.ts`): Rest, continuous tests (start, Maintain, let go), Connectedness, Charm and Intimidation, Awaken and the Survival roll.
 */
import { applyChanges } from "../../../../core/changes";
import { type InfluenceKind, type SurvivalOutcome } from "../../rules";
import { versesOption } from "../../base/settings";
import { inFastAction, metabolismOf } from "../roll-common";
import {
  endContinuousChange,
  hitSkipsMaintenance,
  planAwaken,
  planConnectedness,
  planContinuousStart,
  planInfluence,
  planMaintenance,
  planRest,
  planSurvival,
  resolveAwakenRoll,
  resolveConnectednessRoll,
  resolveContinuousStart,
  resolveInfluenceRoll,
  resolveMaintenanceRoll,
  resolveMaintenanceSkipped,
  resolveRestRoll,
  resolveSurvivalRoll,
  storedContinuous,
  type AwakenChoice,
  type ConnectednessChoice,
  type ContinuousStartChoice,
  type InfluenceChoice,
  type MaintainChoice,
  type RestChoice,
  type StoredContinuous,
  type SurvivalChoice,
} from "../special";
import {
  givenChoice,
  metabolismRefused,
  inWorld,
  living,
  ref,
  refuse,
  rolled,
  runSpecial,
  targetedActor,
  type AnyActor,
  type PostChoice,
  type SpecialPosted,
  type SpecialRolled,
} from "./post";
// ---- Rest ---------------------------------------------------------------------------------------

/**
 * The Rest action `TUF + #AD -> (#EX)S`: 1 EX unbound per SM (`system.ad.exBound` falls); in Fast
 * Action the AD spent count against the round (`system.ad.spent`). Refused when nothing is bound.
 */
export function rollRest(
  actor: AnyActor,
  choice: RestChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  return runSpecial("rest", actor, givenChoice(choice), (c) => restRolled(actor, c));
}

/** Rest's plan and dice (the pipeline's `evaluate`): refused when nothing is bound. */
export async function restRolled(
  actor: AnyActor,
  choice: RestChoice & PostChoice,
): Promise<SpecialRolled | null> {
  const fastAction = choice.fastAction ?? inFastAction(actor);
  // Heightened Metabolism's bound dice count as EX-bound and are freed first (rest.ts).
  const plan = planRest(living(actor), inWorld({ ...choice, fastAction, metabolism: metabolismOf(actor) }));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  const result = resolveRestRoll(plan.value, roll.faces, ref(actor), fastAction);
  if (!result.ok) return refuse(result.reason);
  return { rolls: [roll], result: result.value, choice };
}

// ---- Continuous tests ------------------------------------------------------------------------

/** The continuous tests and healing courses kept on an actor. */
export function continuousTests(actor: AnyActor): StoredContinuous[] {
  return storedContinuous(actor.flags as Record<string, unknown>);
}

export function findContinuous(actor: AnyActor, id: string): StoredContinuous | null {
  return continuousTests(actor).find((c) => c.id === id) ?? null;
}

/**
 * Start a continuous test (`3S 2C`): roll its pool against `#S`; on a success it is kept in
 * `flags.polyverse.verses.continuous[<id>]` (its base dice, `#C`, rounds continued) and the card offers
 * Maintain. Returns the new test's id with the post.
 */
export function startContinuous(
  actor: AnyActor,
  choice: ContinuousStartChoice & PostChoice,
): Promise<(SpecialPosted & { id: string }) | null> {
  return runSpecial("continuous", actor, givenChoice(choice), (c) => continuousRolled(actor, c));
}

/** A continuous test's start, planned and rolled (the pipeline's `evaluate`), with its new id. */
export async function continuousRolled(
  actor: AnyActor,
  choice: ContinuousStartChoice & PostChoice,
): Promise<SpecialRolled<{ id: string }> | null> {
  const fastAction = choice.fastAction ?? inFastAction(actor);
  if (metabolismRefused(actor, choice)) return null;
  const plan = planContinuousStart(living(actor), inWorld({ ...choice, fastAction }));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  const id = foundry.utils.randomID();
  const result = resolveContinuousStart(plan.value, roll.faces, ref(actor), id, fastAction);
  return { rolls: [roll], result, choice, extra: { id } };
}

/**
 * Maintain a continuous test: base dice + AD (at least 1AD for the action; `reason: "hit"` after a
 * hit, AD optional) + Multitasking / Action Autopilot / Intense Concentration, against `#C`. Kept
 * (rounds continued + 1) on a success, removed from the actor's flags on a failure.
 */
export function maintainContinuous(
  actor: AnyActor,
  id: string,
  choice: MaintainChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  return runSpecial("maintain", actor, givenChoice(choice), (c) => maintainRolled(actor, id, c));
}

/** A maintenance planned and rolled (the pipeline's `evaluate`); a hit's skipped roll rolls nothing. */
export async function maintainRolled(
  actor: AnyActor,
  id: string,
  choice: MaintainChoice & PostChoice,
): Promise<SpecialRolled | null> {
  const stored = findContinuous(actor, id);
  if (!stored || stored.healing) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoContinuous" });
  if (hitSkipsMaintenance(living(actor), choice))
    return { rolls: [], result: resolveMaintenanceSkipped(stored, ref(actor)), choice };
  const fastAction = choice.fastAction ?? inFastAction(actor);
  if (metabolismRefused(actor, choice)) return null;
  const plan = planMaintenance(living(actor), stored, inWorld({ ...choice, fastAction }));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  const result = resolveMaintenanceRoll(plan.value, roll.faces, ref(actor), fastAction);
  return { rolls: [roll], result, choice };
}

/** Let a continuous test (or a healing course) go: it ends, and its flag is removed. */
export async function endContinuous(actor: AnyActor, id: string): Promise<boolean> {
  const stored = findContinuous(actor, id);
  if (!stored) return false;
  const pending = await applyChanges([endContinuousChange(stored, ref(actor)).change]);
  return pending.length === 0;
}

// ---- Connectedness ---------------------------------------------------------------------------

/** The Connectedness test `CN -> (10 - SOC)S` (or the GM's population variant). No document changes. */
export function rollConnectedness(
  actor: AnyActor,
  choice: ConnectednessChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  return runSpecial("connectedness", actor, givenChoice(choice), (c) => connectednessRolled(actor, c));
}

/** Connectedness planned and rolled (the pipeline's `evaluate`). */
export async function connectednessRolled(
  actor: AnyActor,
  choice: ConnectednessChoice & PostChoice,
): Promise<SpecialRolled | null> {
  const plan = planConnectedness(living(actor), inWorld(choice));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  return {
    rolls: [roll],
    result: resolveConnectednessRoll(plan.value, roll.faces, actor.name ?? ""),
    choice,
  };
}

// ---- Influence -------------------------------------------------------------------------------

/** Opposite dispositions (friendly against hostile) make the two actors enemies. */
export function areEnemies(a: AnyActor, b: AnyActor): boolean {
  const disposition = (actor: AnyActor) => actor.getActiveTokens()[0]?.document.disposition ?? 0;
  return disposition(a) * disposition(b) < 0;
}

/**
 * Charm or Intimidate the targeted actor (or `target`): both pools are rolled, the target's
 * successes remove the influencer's sixes first, and on a win with the sixes the world's rule
 * requires the target gains Charmed or Afraid for SM rounds (a status with that duration and its
 * source in `flags.polyverse.verses.conditions`). A target the user may not update keeps the change on the
 * card for the GM.
 */
export function rollInfluence(
  actor: AnyActor,
  kind: InfluenceKind,
  choice: InfluenceChoice & PostChoice & { target?: AnyActor | null } = {},
): Promise<SpecialPosted | null> {
  return runSpecial("influence", actor, givenChoice(choice), (c) => influenceRolled(actor, kind, c));
}

/** Charm or Intimidation planned, both pools rolled (the pipeline's `evaluate`). */
export async function influenceRolled(
  actor: AnyActor,
  kind: InfluenceKind,
  choice: InfluenceChoice & PostChoice & { target?: AnyActor | null },
): Promise<SpecialRolled | null> {
  const target = choice.target ?? targetedActor();
  if (!target) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoTarget" });
  const fastAction = choice.fastAction ?? inFastAction(actor);
  if (metabolismRefused(actor, choice)) return null;
  const plan = planInfluence(
    living(actor),
    living(target),
    kind,
    inWorld({ ...choice, fastAction, enemy: choice.enemy ?? areEnemies(actor, target) }),
  );
  if (!plan.ok) return refuse(plan.reason);
  const mine = await rolled(plan.value.influencer.roll, actor);
  const theirs = await rolled(plan.value.resist.roll, target);
  const result = resolveInfluenceRoll(
    plan.value,
    mine.faces,
    theirs.faces,
    { influencer: ref(actor), target: ref(target) },
    versesOption("influence"),
    fastAction,
  );
  return { rolls: [mine, theirs], result, choice };
}

// ---- Awaken and Survival ---------------------------------------------------------------------

/** Awaken an Unconscious actor (default: the targeted one) `SOC + #AD -> 4S`: Unconscious ends. */
export function awaken(
  actor: AnyActor,
  target: AnyActor | null = targetedActor(),
  choice: AwakenChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  return runSpecial("awaken", actor, givenChoice(choice), (c) => awakenRolled(actor, target, c));
}

/** Awaken planned and rolled (the pipeline's `evaluate`). */
export async function awakenRolled(
  actor: AnyActor,
  target: AnyActor | null,
  choice: AwakenChoice & PostChoice,
): Promise<SpecialRolled | null> {
  if (!target) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoTarget" });
  const fastAction = choice.fastAction ?? inFastAction(actor);
  if (metabolismRefused(actor, choice)) return null;
  const plan = planAwaken(
    living(actor),
    { name: target.name ?? "", conditions: living(target).conditions },
    inWorld({ ...choice, fastAction }),
  );
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  const result = resolveAwakenRoll(
    plan.value,
    roll.faces,
    { actor: ref(actor), target: ref(target) },
    fastAction,
  );
  return { rolls: [roll], result, choice };
}

/**
 * The Survival roll of a Moribund actor `TUF + all available AD`: at `6 - TUF` successes Moribund
 * ends (the actor stays Unconscious at 0 HP); 1+ it survives the turn; 0 it dies (the card says
 * so; the text has no "dead" condition, so no status changes).
 */
export function rollSurvival(
  actor: AnyActor,
  choice: PostChoice & SurvivalChoice = {},
): Promise<(SpecialPosted & { survival: SurvivalOutcome }) | null> {
  return runSpecial("survival", actor, givenChoice(choice), (c) => survivalRolled(actor, c));
}

/** The Survival roll planned and rolled (the pipeline's `evaluate`), with its outcome. */
export async function survivalRolled(
  actor: AnyActor,
  choice: PostChoice & SurvivalChoice,
): Promise<SpecialRolled<{ survival: SurvivalOutcome }> | null> {
  const s = living(actor);
  const plan = planSurvival(s, inWorld({ ...choice, fastAction: choice.fastAction ?? inFastAction(actor) }));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  const result = resolveSurvivalRoll(plan.value, roll.faces, { ...ref(actor), conditions: s.conditions });
  return { rolls: [roll], result, choice, extra: { survival: result.survival } };
}
