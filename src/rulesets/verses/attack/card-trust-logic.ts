/**
 * What the GM checks before acting on an attack card for someone else (no Foundry globals):
 * the operation a request names, field by field; the card's parts that never change after the
 * roll (what the ledger's digest covers); and whether the card's weapon numbers agree with the
 * attacking item.
 */
import { documentId, oneOf, onlyKeys, refuse, wholeNumber, type Payload } from "../../../core/relay-logic";
import type { AttackCard } from "./attack-logic";

/** A button's effect on the card. */
export type AttackOp =
  | { op: "defend"; index: number; defenceMessageId: string }
  | { op: "take"; index: number }
  | { op: "apply"; index: number; choice?: number }
  | { op: "undo"; index: number }
  | { op: "riposted"; index: number }
  | { op: "maintained"; index: number }
  | { op: "chained" }
  | { op: "held" }
  | { op: "release"; index?: number }
  | { op: "luck"; index?: number };

const OPS = [
  "defend",
  "take",
  "apply",
  "undo",
  "riposted",
  "maintained",
  "chained",
  "held",
  "release",
  "luck",
] as const;
/** The most "or" damage modes or grappling choices a weapon offers. */
const MAX_CHOICE = 9;

/**
 * The operation a request names, checked against the card: a known operation, only its own
 * fields, a row that exists, ids that are ids. Anything else is refused.
 */
export function parseAttackOp(payload: Payload, card: Pick<AttackCard, "targets">): AttackOp {
  const op = oneOf(payload.op, OPS);
  const last = card.targets.length - 1;
  const row = () => {
    if (last < 0) refuse("POLYVERSE.Relay.Malformed");
    return wholeNumber(payload.index, 0, last);
  };
  switch (op) {
    case "defend":
      onlyKeys(payload, ["messageId", "op", "index", "defenceMessageId"]);
      return { op, index: row(), defenceMessageId: documentId(payload.defenceMessageId) };
    case "apply":
      onlyKeys(payload, ["messageId", "op", "index", "choice"]);
      return {
        op,
        index: row(),
        ...(payload.choice === undefined ? {} : { choice: wholeNumber(payload.choice, 0, MAX_CHOICE) }),
      };
    case "take":
    case "undo":
    case "riposted":
    case "maintained":
      onlyKeys(payload, ["messageId", "op", "index"]);
      return { op, index: row() };
    case "chained":
    case "held":
      onlyKeys(payload, ["messageId", "op"]);
      return { op };
    case "release":
    case "luck":
      onlyKeys(payload, ["messageId", "op", "index"]);
      return payload.index === undefined ? { op } : { op, index: row() };
  }
}

/**
 * The parts of a card that never change after the roll: everything but what its buttons record
 * (a row's defence, "take it", damage preview, applied record, riposte mark, Adrenaline Rush and
 * Pain Tolerance's maintenance after the hit;
 * the card's chain mark, what became of a hold, and the attacker's Adrenaline Rush). The attack's
 * faces and its Uncanny Luck re-roll are stable: only the GM re-rolls, and then records the card
 * again (`restampCard`), so a legitimate re-roll is accepted and an edited one refused.
 */
export function stableCard(card: AttackCard): unknown {
  const { chained: _chained, holdDone: _holdDone, rush: _rush, targets, ...rest } = card;
  return {
    ...rest,
    targets: targets.map(
      ({
        defence: _d,
        taken: _t,
        damage: _m,
        applied: _a,
        riposted: _r,
        rush: _u,
        maintained: _k,
        ...fixed
      }) => fixed,
    ),
  };
}

/** What the attacking item says of the mode the card used. */
interface ItemMode {
  /** The item's actor (UUID), or null for an item outside any actor. */
  actorUuid: string | null;
  damage: string;
  thrownDamage?: string;
  area?: string;
}

/**
 * Why the card's weapon disagrees with the attacking item (an i18n key), or null: the item must be
 * the attacker's, its mode must exist, and the card's damage and area must be the mode's (its
 * thrown damage when thrown). `mode` is null when the item or its mode is gone.
 */
export function weaponMismatch(card: AttackCard, mode: ItemMode | null): string | null {
  if (!card.weapon.itemUuid) return null; // Unarmed and improvised attacks name no item.
  const key = "POLYVERSE.Relay.WeaponMismatch";
  if (!mode || mode.actorUuid !== card.attacker.actorUuid) return key;
  const damages = [mode.damage, ...(card.weapon.thrown && mode.thrownDamage ? [mode.thrownDamage] : [])];
  if (!damages.includes(card.weapon.damage)) return key;
  if ((card.weapon.area ?? "") !== (mode.area ?? "")) return key;
  return null;
}

/** Dice a card may show: real d6 faces, no more than the largest pool a world may allow. */
export function validFaces(faces: unknown, maxDice = 1000): faces is number[] {
  return (
    Array.isArray(faces) &&
    faces.length <= maxDice &&
    faces.every((f) => Number.isInteger(f) && (f as number) >= 1 && (f as number) <= 6)
  );
}

/** The most targets one attack card may list (a blast over a crowd). */
export const MAX_TARGETS = 100;

/**
 * Why a card cannot be what an attack rolled (an i18n key), or null: faces that are not d6 faces,
 * more dice or targets than any world allows.
 */
export function impossibleCard(card: AttackCard): string | null {
  const key = "POLYVERSE.Relay.Malformed";
  if (!validFaces(card.faces)) return key;
  if (!Array.isArray(card.targets) || card.targets.length > MAX_TARGETS) return key;
  return null;
}

/**
 * Whether a card's faces are not those its message's roll shows as rolled (before any Uncanny Luck
 * re-roll, which the card records in `luck.rolled`): a card posted with dice it did not roll, or
 * with no roll at all. `rolled` is null when the message carries no pool roll.
 */
export function facesMismatch(
  card: Pick<AttackCard, "faces" | "luck">,
  rolled: readonly number[] | null,
): boolean {
  if (!rolled) return true;
  const asRolled = card.luck ? card.luck.rolled : card.faces;
  return asRolled.length !== rolled.length || asRolled.some((f, i) => f !== rolled[i]);
}

/** The ledger's mark of a defence's Uncanny Luck re-roll: the row and the faces the GM rolled. */
export const defenceLuckKey = (index: number, faces: readonly number[]): string =>
  `luck:${index}=${faces.join(",")}`;

/**
 * Whether a row's defence was written by someone other than the GM and the defender (the card's
 * author may edit their own message): its faces as rolled must be those of its defence message
 * (`rolledFaces`, null when that message is gone), and an Uncanny Luck re-roll on it must be the
 * one the GM rolled and marked in the ledger (`defenceLuckKey`), merged in place.
 */
export function defenceForged(
  card: Pick<AttackCard, "targets">,
  index: number,
  rolledFaces: readonly number[] | null,
  done: readonly string[],
): boolean {
  const d = card.targets[index]?.defence;
  if (!d) return false;
  const same = (a: readonly number[], b: readonly number[]) =>
    a.length === b.length && a.every((f, i) => f === b[i]);
  const asRolled = d.luck ? d.luck.rolled : d.faces;
  if (rolledFaces && !same(asRolled, rolledFaces)) return true;
  if (!d.luck) return false;
  if (!done.includes(defenceLuckKey(index, d.luck.faces))) return true;
  const merged = [...d.luck.rolled];
  d.luck.indices.forEach((at, i) => {
    merged[at] = d.luck!.faces[i] ?? -1;
  });
  return !same(merged, d.faces);
}
