/**
 * The experience die, as both cards add it (the `maelstrom-roll` card's button, buttons.ts, and the
 * `maelstrom-attack` card's, combat/attack-ops.ts): "If you haven't botched, you may bank one of your
 * available experience points in a trait that you used for the action. Then, add a single bonus die
 * to your roll" (exploding tens with a specialty). Each card checks first what only it knows (its
 * roll resolved, once per roll); this banks the point (rules `bankExperienceDie`) and rolls the die
 * on this client. Whoever calls it may update the actor (its owner, or the GM).
 */
import { applyChange } from "../../../core/changes";
import { refuse } from "../../../core/relay-logic";
import { livingSystem } from "../data/systems";
import { bankExperienceDie, isBankKey, type BankKey, type XpLedger } from "../rules";
import { experienceChange } from "./changes-logic";
import { MaelstromRoll } from "./maelstrom-roll";

type AnyActor = Actor.Implementation;

const KEY = "POLYVERSE.Maelstrom.Roll.Relay";

/** What the die is added to: the trait to bank in, the roll's traits, whether its tens explode. */
export interface ExperienceRequest {
  trait: string;
  usedTraits: readonly string[];
  exploding: boolean;
}

/**
 * Bank 1 available point of `actor` in the trait and roll the experience die; `record` runs once the
 * die is rolled and before the actor changes (a card marks the die done there: a later request never
 * banks twice). Refuses (`refuse`) a trait the roll did not use and an actor without available
 * experience. Returns the die's roll (to show) and its faces: the die, then the bonus dice it earned.
 */
export async function addExperienceDie(
  actor: AnyActor,
  request: ExperienceRequest,
  record: () => Promise<void>,
): Promise<{ roll: MaelstromRoll; faces: number[] }> {
  const { trait } = request;
  const used = request.usedTraits.filter(isBankKey);
  if (!isBankKey(trait) || !used.includes(trait)) refuse("POLYVERSE.Relay.Malformed");
  // The model keys its banks by the trait lists, which fvtt-types reads as `{}`.
  const xp = livingSystem(actor).xp as unknown as XpLedger;
  const banked = bankExperienceDie({ xp, key: trait, usedTraits: used as BankKey[] });
  if (!banked.ok) refuse(`${KEY}.NoExperience`, { name: actor.name ?? "" });
  const die = await MaelstromRoll.rollExperienceDie(request.exploding);
  await record();
  await applyChange(actor, experienceChange({ uuid: actor.uuid, name: actor.name ?? "" }, trait));
  return die;
}
