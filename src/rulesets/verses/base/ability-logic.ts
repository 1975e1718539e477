/**
 * The abilities a roll sets off after it is rolled, Foundry-free: Adrenaline Rush (EX unbound after a
 * test with SM 4 or more) and Uncanny Luck (the roller re-rolls some of a pool's 1s, once). The
 * roll's glue (`roll-common.ts`, `special.ts`, `luck.ts`) gathers the actor and the roll and applies
 * what these return. What a card shows of them is kept in the roll's options (`luck`,
 * `adrenalineRush`), so the card is the same after a reload.
 */
import { adChange } from "./ad-logic";
import type { DocumentChange } from "../../../core/changes-logic";
import {
  abilityDice,
  applyUncannyLuck,
  exUnboundOnSuccess,
  resolveTest,
  uncannyLuckRerolls,
  unbindEX,
  type AbilityAllocations,
  type AdRoundState,
  type Face,
} from "../rules";

// ---- Adrenaline Rush ---------------------------------------------------------------------------

/** What Adrenaline Rush did after a roll. */
interface AdrenalineResult {
  /** EX the ability unbinds ("allocated dice plus 1"), before looking at what is bound. */
  due: number;
  /** EX actually unbound: no more than are bound. */
  unbound: number;
  /** The actor's AD after it. */
  state: AdRoundState;
}

/**
 * Adrenaline Rush after a test: "Immediately after any successful test with a SM of 4 or higher,
 * unbind a number of EX equal to the number of allocated dice plus 1" (`exUnboundOnSuccess`). The
 * dice unbound return to the pool as unspent AD (`unbindEX`). `state` is the actor's AD once the
 * roll's own AD were spent. Null when the ability does nothing (no ability, no success, SM under 4,
 * or a pool rolled with no success target). TV-C27: Adrenaline Rush 1, SM 4 → 2 EX.
 */
export function adrenalineRushAfter(
  faces: readonly number[],
  target: number,
  abilities: AbilityAllocations,
  state: AdRoundState,
): AdrenalineResult | null {
  if (!(target > 0)) return null;
  const outcome = resolveTest(faces as Face[], target);
  const due = exUnboundOnSuccess(outcome, abilities);
  if (due <= 0) return null;
  const after = unbindEX(state, due);
  return { due, unbound: after.unbound, state: after.state };
}

/**
 * The change that unbinds Adrenaline Rush's EX on top of the state the roll left (`before`), or null
 * when nothing is bound.
 */
export function adrenalineChange(
  actor: { uuid: string; name: string },
  before: AdRoundState,
  result: AdrenalineResult | null,
): DocumentChange | null {
  if (!result || result.unbound <= 0) return null;
  return adChange(actor, before, result.state);
}

// ---- Uncanny Luck ------------------------------------------------------------------------------

/**
 * Uncanny Luck on a roll, kept in its options: the roller's allocated dice when the roll was made
 * and, once used, which dice were re-rolled (indices into the faces as rolled) and what they show.
 */
export interface LuckState {
  allocated: number;
  rerolled?: { indices: number[]; faces: number[] };
}

const isCount = (v: unknown, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max;

/** A roll's `luck` option when it is one this system writes for these faces, else null. */
export function readLuck(value: unknown, faces: readonly number[]): LuckState | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (!isCount(v.allocated, 100) || v.allocated < 1) return null;
  if (v.rerolled === undefined) return { allocated: v.allocated };
  const r = v.rerolled as Record<string, unknown> | null;
  if (typeof r !== "object" || r === null || !Array.isArray(r.indices) || !Array.isArray(r.faces))
    return null;
  const indices = r.indices as unknown[];
  const newFaces = r.faces as unknown[];
  if (indices.length > v.allocated || !indices.every((i) => isCount(i, faces.length - 1))) return null;
  const merged = applyUncannyLuck(faces as Face[], indices as number[], newFaces as Face[]);
  if (!merged.ok) return null;
  return { allocated: v.allocated, rerolled: { indices: indices as number[], faces: newFaces as number[] } };
}

/**
 * The faces that count: the faces as rolled with Uncanny Luck's re-rolls in place ("using whatever
 * value results from the re-roll"). Faces whose luck is not one this system could have written are
 * returned as rolled.
 */
export function facesWithLuck(faces: readonly number[], luck: unknown): number[] {
  const read = readLuck(luck, faces);
  if (!read?.rerolled) return [...faces];
  const merged = applyUncannyLuck(faces as Face[], read.rerolled.indices, read.rerolled.faces as Face[]);
  return merged.ok ? merged.value : [...faces];
}

/** The card kinds whose roll nothing else reads afterwards: a re-roll changes only the card. */
const LUCK_KINDS: readonly string[] = ["test"];

/**
 * The dice Uncanny Luck may re-roll on a card: "re-roll a number of resulting 1s equal to the number
 * of allocated dice one time" (`uncannyLuckRerolls`). Empty when the roll has no luck, was re-rolled
 * already (one time), shows no 1, or is a roll whose result something else has already used (a
 * defence, an attack, turn order: only plain tests, `kind: "test"`).
 */
export function luckRerollable(
  faces: readonly number[],
  options: { luck?: unknown; kind?: string; defence?: unknown },
): number[] {
  const luck = readLuck(options.luck, faces);
  if (!luck || luck.rerolled || options.defence) return [];
  if (!LUCK_KINDS.includes(options.kind ?? "test")) return [];
  return uncannyLuckRerolls(faces as Face[], luck.allocated);
}

/** The luck a roll made by an actor with these abilities carries, or undefined without Uncanny Luck. */
export function luckFor(abilities: AbilityAllocations): LuckState | undefined {
  const allocated = abilityDice(abilities, "uncannyLuck");
  return allocated > 0 ? { allocated } : undefined;
}

/**
 * The roll's luck once re-rolled: the dice at `indices` show `newFaces`. Refused (null) when they are
 * not the dice the card offers ({@link luckRerollable}).
 */
export function rerolledLuck(
  faces: readonly number[],
  options: { luck?: unknown; kind?: string; defence?: unknown },
  newFaces: readonly number[],
): LuckState | null {
  const indices = luckRerollable(faces, options);
  const luck = readLuck(options.luck, faces);
  if (!luck || !indices.length || newFaces.length !== indices.length) return null;
  if (!applyUncannyLuck(faces as Face[], indices, newFaces as Face[]).ok) return null;
  return { allocated: luck.allocated, rerolled: { indices, faces: [...newFaces] } };
}

// ---- on a special test's card ------------------------------------------------------------------

/** The card line of the EX Adrenaline Rush unbound. */
const ADRENALINE_LINE = "POLYVERSE.Verses.Adrenaline.Unbound";

/**
 * Adrenaline Rush after a special test (Rest, a continuous test, Connectedness, Stabilizing, Healing,
 * Awaken, the Survival roll): the roller's own roll against its success target. A Charm or
 * Intimidate contest is not a test against a target, so it is left out. `state` is the roller's AD
 * once the test's own changes are made (Rest's EX already unbound). Returns the change and the line
 * the card shows, or null (also when no EX is bound: there is nothing to unbind).
 */
export function specialAdrenaline(
  kind: string,
  roll: { faces: readonly number[]; target: number },
  actor: { uuid: string; name: string; abilities: AbilityAllocations },
  state: AdRoundState,
): { change: DocumentChange; unbound: number; line: { key: string; data: { ex: number } } } | null {
  if (kind === "influence") return null;
  const rush = adrenalineRushAfter(roll.faces, roll.target, actor.abilities, state);
  if (!rush || rush.unbound <= 0) return null;
  const change = adrenalineChange(actor, state, rush);
  if (!change) return null;
  return {
    change,
    unbound: rush.unbound,
    line: { key: ADRENALINE_LINE, data: { ex: rush.unbound } },
  };
}
