/**
 * 'Verses attacks in Foundry (see `../attack.ts`): a hit on someone maintaining a continuous test.
 * "If you are hit by an attack while maintaining a Continuous Test" the test must be maintained
 * (`maintainContinuous` with `reason: "hit"`); with Pain Tolerance and no HP lost there is no roll.
 * The applied row's *Maintain after the hit* button gives it the HP this card's blow took, read from
 * the card's applied record, so nobody types it.
 */
import { continuousTests, maintainContinuous } from "../../rolls/special-foundry/tests";
import { hpLostBy } from "../attack-logic";
import { KEY, cardOf, warn, type AnyActor, type Message } from "./shared";

/** The continuous tests an actor is maintaining (healing courses are not maintained after a hit). */
function running(actor: AnyActor) {
  return continuousTests(actor).filter((c) => !c.healing && c.state.active);
}

/** Whether a card button is shown for what its actor runs: the Maintain button only to one maintaining a test. */
export function runsContinuous(button: HTMLElement): boolean {
  if (button.dataset.pvAction !== "verses.attack.maintain") return true;
  const actor = fromUuidSync(button.dataset.actorUuid ?? "") as AnyActor | null;
  return Boolean(actor && running(actor).length);
}

/**
 * Maintain every continuous test the row's target runs after this card's blow, with the HP the
 * blow took (`hpLostBy`). Returns how many were maintained.
 */
export async function maintainAfterHit(actor: AnyActor, message: Message, index: number): Promise<number> {
  const applied = cardOf(message)?.targets[index]?.applied;
  if (!applied) {
    warn(`${KEY}.Maintain.NotApplied`);
    return 0;
  }
  const tests = running(actor);
  if (!tests.length) {
    warn(`${KEY}.Maintain.Nothing`, { name: actor.name ?? "" });
    return 0;
  }
  const hpDamage = hpLostBy(applied);
  for (const test of tests) await maintainContinuous(actor, test.id, { reason: "hit", hpDamage });
  return tests.length;
}
