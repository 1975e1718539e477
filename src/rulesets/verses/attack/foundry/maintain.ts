/**
 * 'Verses attacks in Foundry (see `../attack.ts`): a hit on someone maintaining a continuous test.
 * "If you are hit by an attack while maintaining a Continuous Test" the test must be maintained
 * (`maintainContinuous` with `reason: "hit"`); with Pain Tolerance and no HP lost there is no roll.
 * The applied row's *Maintain after the hit* button gives it the HP this card's blow took, read from
 * the card's applied record, so nobody types it. It is offered once for the blow: the row records
 * that it was used (`maintained`, written through the GM's operation for a card the user may not
 * update), and the button gives way to a line saying so.
 */
import { continuousTests, maintainContinuous } from "../../rolls/special-foundry/tests";
import { hpLostBy } from "../attack-logic";
import { cardOp } from "./operations";
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
  const row = cardOf(message)?.targets[index];
  const applied = row?.applied;
  if (row?.maintained) {
    warn(`${KEY}.Maintain.AlreadyDone`, { name: row.name });
    return 0;
  }
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
  // Marked first, so a second press (or a second client) finds the blow's maintenance used.
  if (!(await cardOp(message, { op: "maintained", index }))) return 0;
  for (const test of tests) await maintainContinuous(actor, test.id, { reason: "hit", hpDamage });
  return tests.length;
}
