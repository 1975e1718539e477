/**
 * The round's upkeep card (`tales-upkeep`) without Foundry: one row per unstable fighter, posted by the
 * active GM at each new round. A row asks for the round's upkeep ("a point of Essence to remain
 * conscious ... a hit point to avoid suffering a stun", health-logic.ts `upkeepPlan`) and, for the
 * unconscious, offers the hold-on roll; a victim who held on in this fight ("stable until the end of
 * the combat") or lies in a coma owes nothing. Its state, its shape, the rows from the actors, and the
 * template context.
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import { WOUND_LEVELS, woundAllowsActing, type WoundLevel } from "../rules";
import { holdOnRefusal, type UpkeepOutcome } from "./health-logic";

export const UPKEEP_CARD = { type: "tales-upkeep", flag: "talesUpkeep" } as const;
/** The GM request carrying an upkeep card's button (`{ messageId, op, index }`). */
export const UPKEEP_OP = "tales.upkeep.op";
export const UPKEEP_OPS = ["pay", "holdOn"] as const;
export type UpkeepOp = { op: (typeof UPKEEP_OPS)[number]; index: number };
export const UPKEEP_ACTIONS = { pay: "tales.upkeep.pay", holdOn: "tales.upkeep.holdOn" } as const;
/** The most rows a card holds (fighters in one combat). */
export const MAX_UPKEEP_ROWS = 50;

const KEY = "POLYVERSE.Tales.Health.Upkeep";

/** What paying did, as the row keeps it. */
export interface UpkeepPaid {
  hp: number;
  essence: number;
  fellUnconscious: boolean;
  stunned: boolean;
  level: WoundLevel;
}

export interface UpkeepRow {
  actorUuid: string;
  name: string;
  /** What the row asks this round: the upkeep, or nothing (held on in this fight, in a coma). */
  state: "due" | "heldOn" | "coma";
  /** Conscious when the card was posted (the Essence is owed only then). */
  conscious: boolean;
  /** Unconscious and not rolled yet in this fight: may roll to hold on. */
  canHoldOn: boolean;
  paid: UpkeepPaid | null;
  /** The hold-on roll made from this card. */
  heldOn: "held" | "coma" | null;
}

export interface UpkeepCard {
  combatId: string;
  round: number;
  rows: UpkeepRow[];
}

/** Why a state is not an upkeep card's (empty when it is one). */
export function upkeepCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the card must be a record"];
  p.text(card.combatId, "combatId");
  p.whole(card.round, "round", 0, 100000);
  p.entries(card.rows, "rows", MAX_UPKEEP_ROWS, (row, i) => {
    const what = `rows[${i}]`;
    if (!isCardRecord(row)) return p.check(false, `${what} must be a record`);
    p.text(row.actorUuid, `${what}.actorUuid`);
    p.text(row.name, `${what}.name`);
    p.oneOf(row.state, ["due", "heldOn", "coma"], `${what}.state`);
    p.check(typeof row.conscious === "boolean", `${what}.conscious must be true or false`);
    p.check(typeof row.canHoldOn === "boolean", `${what}.canHoldOn must be true or false`);
    p.oneOf(row.heldOn, ["held", "coma", null], `${what}.heldOn`);
    const paid = row.paid;
    if (paid === null) return;
    if (!isCardRecord(paid)) return p.check(false, `${what}.paid must be a record`);
    p.whole(paid.hp, `${what}.paid.hp`, 0, 1);
    p.whole(paid.essence, `${what}.paid.essence`, 0, 1);
    p.check(typeof paid.fellUnconscious === "boolean", `${what}.paid.fellUnconscious must be true or false`);
    p.check(typeof paid.stunned === "boolean", `${what}.paid.stunned must be true or false`);
    p.oneOf(paid.level, WOUND_LEVELS, `${what}.paid.level`);
  });
  return p.list;
}

/** What a row reads off an actor. */
export interface UpkeepActor {
  uuid: string;
  name: string;
  level: WoundLevel;
  unstable: boolean;
  comaDays: number;
  /** The fight of the actor's last hold-on roll ("" outside one), or null. */
  holdOn: string | null;
}

/** The row of an actor in a fight, or null when it owes nothing (stable, dead). */
export function upkeepRow(actor: UpkeepActor, fight: string): UpkeepRow | null {
  if (!actor.unstable || actor.level === "dead") return null;
  const heldOn = actor.holdOn !== null && actor.holdOn === fight;
  const state = actor.comaDays > 0 ? "coma" : heldOn ? "heldOn" : "due";
  return {
    actorUuid: actor.uuid,
    name: actor.name,
    state,
    conscious: woundAllowsActing(actor.level),
    canHoldOn: state === "due" && holdOnRefusal({ ...actor, rolledIn: actor.holdOn, fight }) === null,
    paid: null,
    heldOn: null,
  };
}

/** What a row records once paid. */
export const paidRecord = (outcome: UpkeepOutcome): UpkeepPaid => ({
  hp: outcome.paid.hp,
  essence: outcome.paid.essence,
  fellUnconscious: outcome.fellUnconscious,
  stunned: outcome.stunned,
  level: outcome.after.level,
});

/** Why a row's operation is refused (i18n key tails), or null. */
export function upkeepOpRefusal(row: UpkeepRow | undefined, op: UpkeepOp["op"]): string | null {
  if (!row) return "NoRow";
  if (op === "pay") return row.state !== "due" ? "Nothing" : row.paid ? "AlreadyPaid" : null;
  return !row.canHoldOn || row.heldOn ? "NoHoldOn" : null;
}

type Localize = (key: string, data?: Record<string, string>) => string;

/** The card's template context for a reader (`mayPress`: this reader owns the row's actor, or is a GM). */
export function upkeepCardContext(
  card: UpkeepCard,
  localize: Localize,
  mayPress: (actorUuid: string) => boolean,
) {
  const rows = card.rows.map((row, index) => {
    const name = row.name;
    const lines: string[] = [];
    if (row.state === "coma") lines.push(localize(`${KEY}.InComa`, { name }));
    else if (row.state === "heldOn") lines.push(localize(`${KEY}.HeldOn`, { name }));
    else lines.push(localize(`${KEY}.${row.conscious ? "Conscious" : "Unconscious"}`, { name }));
    const paid = row.paid;
    if (paid) {
      lines.push(localize(`${KEY}.Paid`, { essence: String(paid.essence), hp: String(paid.hp) }));
      if (paid.stunned)
        lines.push(
          localize(`${KEY}.Stunned`, { name, level: localize(`POLYVERSE.Tales.Wound.${paid.level}`) }),
        );
      if (paid.fellUnconscious) lines.push(localize(`${KEY}.FellUnconscious`, { name }));
    }
    if (row.heldOn) lines.push(localize(`${KEY}.HoldOnDone.${row.heldOn}`, { name }));
    const press = mayPress(row.actorUuid);
    return {
      index,
      lines,
      pay:
        press && upkeepOpRefusal(row, "pay") === null
          ? { action: UPKEEP_ACTIONS.pay, label: localize(`${KEY}.Pay`) }
          : null,
      holdOn:
        press && upkeepOpRefusal(row, "holdOn") === null
          ? { action: UPKEEP_ACTIONS.holdOn, label: localize(`${KEY}.HoldOn`) }
          : null,
    };
  });
  return {
    title: localize(`${KEY}.Title`, { round: String(card.round) }),
    rows,
    hint: localize(`${KEY}.Hint`),
  };
}
