/**
 * The checks a fight rolls and reads, through the rolls folder (`rollCheck`, `rollSave`,
 * `checkResultOf`): the attack (a skill check), the defences (Dodge and Evade saves, a parry: a skill
 * check whose related attribute is Agility, "A parry attempt is always an Agility-related roll"), the
 * Initiative save and a Health save while Dying. What the GM trusts of a check card is read here
 * (`trustedCheck`): its actor, its kind, its result as the rolls folder reads it from the card's dice,
 * and the card unchanged since the GM recorded it.
 */
import { verifiedEntry } from "../../../core/ledger";
import { refuse } from "../../../core/relay-logic";
import type { AttributeKey, CheckKind, CheckResult, SaveKind } from "../rules";
import {
  checkResultOf,
  rollCheck,
  rollSave,
  type CheckRolled,
  type RollCheckOptions,
  type RollSaveOptions,
} from "../rolls";
import { COMBAT_KEY } from "./attack-card-logic";
import type { StandingCheck } from "./attack-logic";
import type { AnyActor, Message } from "./shared";

const KEY = `${COMBAT_KEY}.Attack.Refused`;

/** What a fight passes to the rolls folder's `rollCheck` and `rollSave`. */
export type FightCheckOptions = RollCheckOptions;

export type Rolled = CheckRolled | null;

/** Roll a skill or attribute check (the rolls folder's dialog unless skipped). */
export const rollCheckFor = (actor: AnyActor, options: RollCheckOptions): Promise<Rolled> =>
  rollCheck(actor, options);

/** Roll a save. */
export const rollSaveFor = (actor: AnyActor, save: SaveKind, options: RollSaveOptions): Promise<Rolled> =>
  rollSave(actor, save, options);

/** A check card's result as it shows now (for drawing a card; never trusted for a change). */
export function shownCheck(messageId: string): (StandingCheck & { diceNeeded: number }) | null {
  const message = game.messages?.get(messageId) as Message | undefined;
  if (!message) return null;
  try {
    const result = checkResultOf(message);
    return result ? { total: result.total, critical: result.critical, diceNeeded: result.diceNeeded } : null;
  } catch {
    return null;
  }
}

/** A check card as the GM trusts it. */
export interface TrustedCheck {
  message: Message;
  actorUuid: string;
  kind: CheckKind;
  save: SaveKind | null;
  skillId: string | null;
  attribute: AttributeKey | null;
  result: CheckResult;
  extra: Record<string, unknown>;
}

/**
 * A check card the GM may act on: a Virtually Real check, unchanged since it was recorded (a player's
 * card), with a result the rolls folder reads from its dice. Refuses otherwise.
 */
export async function trustedCheck(messageId: string): Promise<TrustedCheck> {
  const message = game.messages?.get(messageId) as Message | undefined;
  if (!message || (message.type as string) !== "virtually-real-check") refuse(`${KEY}.NoCheck`);
  await verifiedEntry(message);
  const result = checkResultOf(message);
  if (!result) refuse(`${KEY}.NoCheck`);
  const card = (message.system as { card?: Record<string, unknown> }).card ?? {};
  const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  return {
    message,
    actorUuid: text(card.actorUuid) ?? "",
    kind: result.plan.kind,
    save: text(card.save) as SaveKind | null,
    skillId: text(card.skillId),
    attribute: text(card.attribute) as AttributeKey | null,
    result,
    extra: (card.extra as Record<string, unknown> | undefined) ?? {},
  };
}
