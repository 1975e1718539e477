/**
 * Abilities that act on an attack card after its rolls, Foundry-free:
 * - Uncanny Luck: "When any dice pool is rolled, the actor may re-roll a number of resulting 1s
 *   equal to the number of allocated dice one time". The attack's roll and each defence roll may be
 *   re-rolled once, while nothing has yet been done with the result; the GM rolls the new dice and
 *   the card's outcome follows them.
 * - Adrenaline Rush: "Immediately after any successful test with a SM of 4 or higher, unbind a
 *   number of EX equal to the number of allocated dice plus 1". A direct attack is a test against
 *   its target's #S settled by the defence: it qualifies with a hit of SM 4+ after the defence (the
 *   net the card shows), when a row settles. A sweep or a blast is one test however many targets it
 *   covers, and its roll alone settles it: a dodge against it "subtracts the number of successes
 *   from the share of damage", never from the attack's successes. So it qualifies at once, on its
 *   roll against its #S, when the card is posted (`rushAtRoll`), or after the attacker's Uncanny
 *   Luck re-roll if that makes it SM 4+; the targets' rows never change it. A defence is a test
 *   whose target is the successes it must take off the attack to make it miss (`successes − #S +
 *   1`, at least 1): it qualifies when it takes off three more than that. Once per card for the
 *   attacker and once per row for a defender.
 */
import { countSuccesses, resolveTest, uncannyLuckRerolls, type Face } from "../rules";
import {
  directOutcome,
  settled,
  type AttackCard,
  type DefenceRecord,
  type LuckRecord,
} from "./card-state-logic";

/** Whether an attack of this kind is settled by its roll alone (a sweep, a blast): its Rush is read at the roll. */
export const rushAtRoll = (mode: AttackCard["mode"]): boolean => mode !== "direct";

/**
 * Nothing has been done with the attack's result yet: no defence, no Apply, no chain or riposte (a
 * direct attack's Rush follows a settled row; a sweep's or a blast's, its roll, which luck may still re-roll).
 */
export function untouched(card: AttackCard): boolean {
  return (
    !card.chained &&
    !card.holdDone &&
    !(card.rush && !rushAtRoll(card.mode)) &&
    card.targets.every((t) => !t.defence && !t.taken && !t.applied && !t.riposted)
  );
}

/**
 * The dice of the attack roll (`index` null) or of a row's defence that Uncanny Luck may re-roll
 * now, for an actor with `allocated` dice: its 1s, up to `allocated`, once, while the result is
 * unused (the attack: `untouched`; a defence: its row not applied or riposted, no chain made).
 */
export function luckIndices(card: AttackCard, index: number | null, allocated: number): number[] {
  if (allocated < 1) return [];
  if (index === null) {
    if (card.luck || !untouched(card)) return [];
    return uncannyLuckRerolls(card.faces as Face[], allocated);
  }
  const row = card.targets[index];
  const d = row?.defence;
  if (!row || !d || d.luck || row.applied || row.riposted || row.rush || card.chained) return [];
  return uncannyLuckRerolls(d.faces as Face[], allocated);
}

/** Merge re-rolled faces in: the record the card keeps, and the faces that now count. */
export function rerolled(faces: readonly number[], indices: readonly number[], newFaces: readonly number[]) {
  const merged = [...faces];
  indices.forEach((at, i) => {
    merged[at] = newFaces[i] ?? merged[at]!;
  });
  const record: LuckRecord = { rolled: [...faces], indices: [...indices], faces: [...newFaces] };
  return { faces: merged, record };
}

/** The card with the attack roll's 1s re-rolled. */
export function withAttackLuck(card: AttackCard, indices: number[], newFaces: number[]): AttackCard {
  const r = rerolled(card.faces, indices, newFaces);
  return { ...card, faces: r.faces, luck: r.record };
}

/** A row's defence with its 1s re-rolled. */
export function defenceWithLuck(d: DefenceRecord, indices: number[], newFaces: number[]): DefenceRecord {
  const r = rerolled(d.faces, indices, newFaces);
  return { ...d, faces: r.faces, luck: r.record };
}

/**
 * The test Adrenaline Rush reads for the attacker, or null when the card's result is not settled
 * or not a success: a direct attack's best settled hit (the faces left after the defence against
 * that target's #S), a sweep's or a blast's roll against its #S.
 */
export function attackerTest(card: AttackCard): { faces: number[]; target: number } | null {
  if (card.mode !== "direct") {
    const t = resolveTest(card.faces as Face[], card.target);
    return t.success ? { faces: card.faces, target: card.target } : null;
  }
  let best: { faces: number[]; target: number; sm: number } | null = null;
  for (const t of card.targets) {
    if (!settled(card, t)) continue;
    const o = directOutcome(card, t);
    if (o.hit && (!best || o.sm > best.sm)) best = { faces: o.faces, target: t.target, sm: o.sm };
  }
  return best ? { faces: best.faces, target: best.target } : null;
}

/**
 * The test the attacker's Adrenaline Rush reads now: a direct attack's when a row settles
 * (`attackerTest`); a sweep's or a blast's only when its roll is made or re-rolled (`rolled`), never
 * when a row settles, since the rows do not change its test.
 */
export function attackerRushTest(
  card: AttackCard,
  rolled: boolean,
): { faces: number[]; target: number } | null {
  if (card.rush || (rushAtRoll(card.mode) && !rolled)) return null;
  return attackerTest(card);
}

/**
 * The test Adrenaline Rush reads for a row's defender, or null without a defence: its faces against
 * the successes it had to take off to make the attack miss (at least 1).
 */
export function defenderTest(card: AttackCard, index: number): { faces: number[]; target: number } | null {
  const row = card.targets[index];
  const d = row?.defence;
  if (!row || !d) return null;
  const attack = countSuccesses(card.faces as Face[]).successes;
  const needed = card.mode === "direct" ? Math.max(1, attack - row.target + 1) : Math.max(1, attack);
  return { faces: d.faces, target: needed };
}
