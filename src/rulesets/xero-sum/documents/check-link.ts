/**
 * The one place the documents glue meets the rolls folder's checks: `rollCheck(actor, options)` rolls
 * a check through the check dialog and posts its `xero-sum-check` card, `checkOfMessage(message)` reads
 * a check card back (the rolls folder's `checkSummaryOf`), `linkedCheckOf` adds what the GM holds a
 * table card's check to, and `checkCardTrust` is that card's own ledger check.
 *
 * Every check the health and social actions roll is posted with `replace: false`: the table card that
 * follows applies its consequences at once, so the check offers no Insight replacement afterwards (an
 * Insight Die spent before the roll, the extra die or +3, stays the roller's choice in the dialog).
 */
import { verifiedEntry } from "../../../core/ledger";
import { RelayRefusal } from "../../../core/relay-logic";
import {
  checkCardOf,
  checkStateOf,
  checkSummaryOf,
  rollCheck as rollXeroSumCheck,
  type CheckRollOptions,
  type CheckRolled,
  type NamedCmod,
} from "../rolls";
import { livingSystem } from "../data/systems";
import type { CheckRoller, LinkedCheck } from "./check-link-logic";
import type { AnyActor, Message } from "./shared";

/** A CMod as the check dialog lists it (label and value). */
export type ConditionalModifier = NamedCmod;

/** rollCheck's options (the rolls folder's, but `replace`: never offered here). */
export type RollCheckOptions = Omit<CheckRollOptions, "replace">;

/** What a rolled check gives back: its card, its roll and its result. */
export type RolledCheck = CheckRolled;

/** A check card read back: its kind, traits, CMods, dice and outcome now (null: not a plain check card). */
export const checkOfMessage = checkSummaryOf;

/** What the roller's documents say about their checks (to rank the traits a kind allows). */
export function rollerOf(actor: AnyActor): CheckRoller {
  const s = livingSystem(actor);
  return {
    attributes: { ...s.derived.attributes },
    skills: { ...(s.skills as unknown as CheckRoller["skills"]) },
    lastingWounds: [...s.lastingWounds],
  };
}

/**
 * Roll a check for `actor` and post its card (the rolls folder's `rollCheck`), never offering an
 * Insight replacement after the roll. Null when cancelled, refused or vetoed.
 */
export function rollCheck(actor: AnyActor, options: RollCheckOptions = {}): Promise<RolledCheck | null> {
  return rollXeroSumCheck(actor, { ...options, replace: false });
}

/** A check card as the GM holds a table card's check to it (check-link-logic `checkProblem`), or null. */
export function linkedCheckOf(message: Message | null | undefined): LinkedCheck | null {
  const summary = checkSummaryOf(message);
  const card = message ? checkCardOf(message) : null;
  const state = message ? checkStateOf(message) : null;
  if (!summary || !card || !state) return null;
  return {
    ...summary,
    actorUuid: card.actorUuid,
    authorId: message?.author?.id ?? null,
    replace: state.options.replace,
  };
}

/**
 * The check card's own ledger check (rolls/check-ledger.ts through core `verifiedEntry`): recorded
 * when it was posted, by its author, its options what the documents and the world give, unchanged
 * since. Null when it holds (or a GM posted it), else a refusal key under the health strings.
 */
export async function checkCardTrust(message: Message): Promise<string | null> {
  try {
    await verifiedEntry(message);
    return null;
  } catch (error) {
    if (!(error instanceof RelayRefusal)) throw error;
    return error.key === "POLYVERSE.Relay.NotRecorded" ? "CheckNotRecorded" : "CheckUntrusted";
  }
}
