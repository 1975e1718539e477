/**
 * The `xero-sum-table` card without Foundry: a 2d6 table drawn (Tables 6, 7, 11, 12, 13) and what the
 * health and social checks did (stabilising, calming, the Lasting Wound, Panic and Breaking Point
 * checks, harm from a fall, drowning or hunger, rest, upkeep and repair, First Impressions, Gut
 * Instincts, Negotiations) and the round's timers. Its state (`system.card`), its shape (refused by
 * the model when broken), the changes a rescuer's or calmer's card leaves for the GM, and the check
 * the GM holds such a card to (`tableCardProblem`: the check, the patient, the dice, the changes).
 *
 * Lines of text are kept as i18n keys with their values (localised when the card is drawn), so the
 * card reads in each reader's language and every value is escaped by the template.
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import type { DocumentChange } from "../../../core/changes-logic";
import { canonicalJSON } from "../../../core/ledger-logic";
import { stabilisingSucceeds, isSuccess, TABLE_KEYS, XERO_SUM_TABLES, type TableKey } from "../rules";
import {
  ATTRIBUTE_KEYS,
  BANDS,
  SKILL_KEYS,
  type AttributeKey,
  type Band,
  type SkillKey,
} from "../rules/keys";
import { MAX_STABILISED_ROUNDS } from "../base/health-policy";
import { stabilisingCheckOf } from "./check-link-logic";
import { HEALTH_PATHS } from "./health-logic";
import {
  MAX_DRAW_DICE,
  MAX_DRAW_FACES,
  MAX_RESULT_NAME,
  MAX_RESULT_TEXT,
  type DrawnFrom,
} from "./table-draw-logic";

export const TABLE_CARD = { type: "xero-sum-table", flag: "xeroSumTable" } as const;
export const HEALTH_ROOT = "POLYVERSE.XeroSum.Health";
/** The table draws' and follow-ups' strings (lang/en/xero-sum-tables.json). */
export const TABLES_ROOT = "POLYVERSE.XeroSum.Tables";

export const TABLE_CARD_KINDS = [
  "lastingWound",
  "panic",
  "breakingPoint",
  "complication",
  "motivation",
  "stabilise",
  "calm",
  "surviveDying",
  "harm",
  "rest",
  "stress",
  "upkeep",
  "repair",
  "firstImpression",
  "gutInstinct",
  "gambit",
  "rebuttal",
  "round",
] as const;
export type TableCardKind = (typeof TABLE_CARD_KINDS)[number];

/** The follow-up buttons a card may offer, each pressed once. */
export const TABLE_BUTTONS = ["panic", "lastingWound", "selfHarm", "stopped", "rebuttal"] as const;
export type TableButton = (typeof TABLE_BUTTONS)[number];

/** The chat actions (and the GM request applying what a rescuer's card left). */
export const TABLE_ACTIONS = {
  apply: "xero-sum.table.apply",
  panic: "xero-sum.table.panic",
  lastingWound: "xero-sum.table.lastingWound",
  selfHarm: "xero-sum.table.selfHarm",
  stopped: "xero-sum.table.stopped",
  rebuttal: "xero-sum.table.rebuttal",
} as const;
export const TABLE_APPLY = TABLE_ACTIONS.apply;

export interface TableRef {
  uuid: string;
  name: string;
}

/** The check a card follows, as rolled (the GM reads the check message itself). */
export interface CheckSummary {
  messageId: string;
  attribute: AttributeKey;
  skill: SkillKey | "";
  dice: number[];
  total: number;
  band: Band;
}

/**
 * A table drawn: the table, the faces rolled (two d6 on the rules' table; the RollTable's own dice),
 * the rules row's key ("" when the RollTable's result stands for none: nothing applied), the total
 * (absent on older cards: the faces' sum) and the RollTable it came from (absent or null: the rules').
 */
export interface TableDraw {
  table: TableKey;
  dice: number[];
  key: string;
  total?: number;
  source?: DrawnFrom | null;
}

/** Another roll on the card: a Panic's or a stabilised patient's rounds, Self-Harm's WP, a kit's healing. */
export interface ExtraRoll {
  formula: string;
  faces: number[];
  value: number;
}

/** A line of text: an i18n key under the health strings and its values. */
export interface CardNote {
  key: string;
  data?: Record<string, string | number>;
}

export interface TableCard {
  kind: TableCardKind;
  /** Whose card: the patient, the character who checks or draws ("" for the round's card). */
  actor: TableRef;
  /** Another actor acting on them: the rescuer, the calmer, the other side of a negotiation. */
  by: TableRef | null;
  check: CheckSummary | null;
  draw: TableDraw | null;
  extra: ExtraRoll | null;
  notes: CardNote[];
  buttons: TableButton[];
  used: TableButton[];
  /** The kind's numbers: stabilised and its rounds, a gambit's CMod, ... */
  result: Record<string, string | number | boolean>;
}

export const MAX_NOTES = 40;

/** A note's values as the localiser takes them (numbers as text). */
export const stringData = (data: CardNote["data"] = {}): Record<string, string> =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));

/** The longest a RollTable's formula and UUID may be on a card. */
const MAX_FORMULA = 40;
const MAX_UUID = 200;

/** The RollTable a draw came from, checked. */
function sourceProblems(p: CardProblems, s: unknown): void {
  if (!isCardRecord(s)) return p.check(false, "draw.source must be a record");
  p.oneOf(s.from, ["world", "pack"], "draw.source.from");
  const short = (v: unknown, max: number, what: string) =>
    p.check(typeof v === "string" && v.length <= max, `${what} must be text of at most ${max}`);
  short(s.uuid, MAX_UUID, "draw.source.uuid");
  short(s.name, MAX_RESULT_NAME, "draw.source.name");
  short(s.formula, MAX_FORMULA, "draw.source.formula");
  if (s.result === null) return;
  if (!isCardRecord(s.result)) return p.check(false, "draw.source.result must be a record");
  short(s.result.name, MAX_RESULT_NAME, "draw.source.result.name");
  short(s.result.text, MAX_RESULT_TEXT, "draw.source.result.text");
}

/**
 * A draw, checked: from the rules' table two d6 faces and a row of the table; from a RollTable its
 * dice (at most 20, faces up to 1000), a row or "" (a result standing for none), the table it came from.
 */
function drawProblems(p: CardProblems, d: unknown): void {
  if (!isCardRecord(d)) return p.check(false, "draw must be a record");
  p.oneOf(d.table, TABLE_KEYS, "draw.table");
  const rows = TABLE_KEYS.includes(d.table as TableKey)
    ? (XERO_SUM_TABLES[d.table as TableKey] as readonly { key: string }[]).map((r) => r.key)
    : [];
  const fromTable = d.source !== undefined && d.source !== null;
  if (fromTable) {
    sourceProblems(p, d.source);
    p.entries(d.dice, "draw.dice", MAX_DRAW_DICE, (f, i) => p.whole(f, `draw.dice[${i}]`, 1, MAX_DRAW_FACES));
    p.oneOf(d.key, ["", ...rows], "draw.key");
  } else {
    p.entries(d.dice, "draw.dice", 2, (f, i) => p.whole(f, `draw.dice[${i}]`, 1, 6));
    p.check(Array.isArray(d.dice) && d.dice.length === 2, "draw.dice must hold two faces");
    p.oneOf(d.key, rows, "draw.key");
  }
  p.whole(d.total, "draw.total", -10_000, 10_000, true);
}

/** Why a card's state is not a table card's (empty when it is one). */
export function tableCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the card must be a record"];
  const ref = (v: unknown, what: string) => {
    if (!isCardRecord(v)) return p.check(false, `${what} must be a record`);
    p.text(v.uuid, `${what}.uuid`);
    p.text(v.name, `${what}.name`);
  };
  p.oneOf(card.kind, TABLE_CARD_KINDS, "kind");
  ref(card.actor, "actor");
  if (card.by !== null) ref(card.by, "by");
  if (card.check !== null) {
    const c = card.check;
    if (!isCardRecord(c)) p.check(false, "check must be a record");
    else {
      p.text(c.messageId, "check.messageId");
      p.oneOf(c.attribute, ATTRIBUTE_KEYS, "check.attribute");
      p.oneOf(c.skill, ["", ...SKILL_KEYS], "check.skill");
      p.entries(c.dice, "check.dice", 3, (f, i) => p.whole(f, `check.dice[${i}]`, 1, 6));
      p.whole(c.total, "check.total", -100, 100);
      p.oneOf(c.band, BANDS, "check.band");
    }
  }
  if (card.draw !== null) drawProblems(p, card.draw);
  if (card.extra !== null) {
    const e = card.extra;
    if (!isCardRecord(e)) p.check(false, "extra must be a record");
    else {
      p.check(typeof e.formula === "string" && /^[1-9]d[36]$/.test(e.formula), "extra.formula must be dice");
      p.entries(e.faces, "extra.faces", 9, (f, i) => p.whole(f, `extra.faces[${i}]`, 1, 6));
      p.whole(e.value, "extra.value", 0, 100);
    }
  }
  p.entries(card.notes, "notes", MAX_NOTES, (n, i) => {
    p.line(n, `notes[${i}]`);
    const key = isCardRecord(n) ? String(n.key) : "";
    p.check(
      key.startsWith(`${HEALTH_ROOT}.`) || key.startsWith(`${TABLES_ROOT}.`),
      `notes[${i}] is not a health or table line`,
    );
  });
  p.entries(card.buttons, "buttons", TABLE_BUTTONS.length, (b, i) =>
    p.oneOf(b, TABLE_BUTTONS, `buttons[${i}]`),
  );
  p.entries(card.used, "used", TABLE_BUTTONS.length, (b, i) => p.oneOf(b, TABLE_BUTTONS, `used[${i}]`));
  p.check(
    isCardRecord(card.result) &&
      Object.values(card.result).every(
        (v) =>
          typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v)),
      ),
    "result must hold text, numbers and true or false",
  );
  return p.list;
}

/** What a card keeps for the ledger: all but the buttons pressed since. */
export const stableTableCard = (card: TableCard): Omit<TableCard, "used"> => {
  const { used: _used, ...rest } = card;
  return rest;
};

/** A card with its follow-up `buttons` marked used. */
export const withUsed = (card: TableCard, ...buttons: TableButton[]): TableCard => ({
  ...card,
  used: [...new Set([...card.used, ...buttons])],
});

/** Whether a card still offers `button`. */
export const offers = (card: TableCard, button: TableButton): boolean =>
  card.buttons.includes(button) && !card.used.includes(button);

// ---- the rescuer's and the calmer's changes ------------------------------------------------------

/** The incapacitation a stabilised patient stays in: max(1, 1d6 − PHY), at most the policy's bound. */
export const stabilisedRounds = (d6: number, phy: number): number =>
  Math.min(MAX_STABILISED_ROUNDS, Math.max(1, d6 - phy));

/** The changes a card makes on its `actor` (the patient) that its author may not make: none but these. */
export function tableCardChanges(card: TableCard): DocumentChange[] {
  const patient = { uuid: card.actor.uuid, name: card.actor.name };
  if (card.kind === "stabilise" && card.result.stabilised === true)
    return [
      {
        ...patient,
        set: {
          [HEALTH_PATHS.stabilised]: true,
          [HEALTH_PATHS.deathRounds]: 0,
          [HEALTH_PATHS.incapacitatedRounds]: Number(card.result.rounds),
        },
      },
    ];
  if (card.kind === "calm" && card.result.calmed === true)
    return [{ ...patient, set: { [HEALTH_PATHS.breakingPoint]: "" } }];
  return [];
}

/** The kinds whose changes may wait for the GM. */
export const RELAYED_KINDS: readonly TableCardKind[] = ["stabilise", "calm"];

/** What the GM knows when it checks a rescuer's or calmer's card (read from the documents). */
export interface TableCardFacts {
  /** The check message's problem (check-link-logic `checkProblem`), or null. */
  checkProblem: string | null;
  /** The author owns the rescuer or calmer. */
  authorOwnsActor: boolean;
  /** The patient now. */
  patient: {
    mortallyWounded: boolean;
    stabilised: boolean;
    dead: boolean;
    /** Physicality after Lasting Wounds. */
    phy: number;
    breakingPoint: string;
  } | null;
  /** The faces this card's own message rolled (the stabilised patient's d6). */
  rolled: number[];
}

const sameChanges = (a: readonly DocumentChange[], b: readonly DocumentChange[]): boolean =>
  canonicalJSON(a.map(({ id: _id, ...c }) => c)) === canonicalJSON(b.map(({ id: _id, ...c }) => c));

/**
 * Why the GM refuses a player's stabilise or calm card (a refusal key under the health strings), or
 * null: the rescuer is not the author's, the check does not hold (check-link-logic `checkProblem`),
 * the patient is not dying (or not raging), the outcome or the rounds disagree with the dice, or the
 * changes left for the GM are not exactly the ones the card's outcome makes.
 */
export function tableCardProblem(
  card: TableCard,
  pending: readonly DocumentChange[],
  facts: TableCardFacts,
): string | null {
  if (!RELAYED_KINDS.includes(card.kind)) return pending.length ? "NothingToAsk" : null;
  if (!card.by || !card.check) return "NoCheck";
  if (!facts.authorOwnsActor) return "NotYours";
  if (facts.checkProblem) return facts.checkProblem;
  const p = facts.patient;
  if (!p || p.dead) return "Gone";
  const trait = { attribute: card.check.attribute, skill: card.check.skill || null };
  if (card.kind === "stabilise") {
    if (!p.mortallyWounded || p.stabilised) return "NotDying";
    const method = stabilisingCheckOf(trait);
    if (!method) return "CheckWrongTrait";
    const success = stabilisingSucceeds(method, card.check.band);
    if (card.result.stabilised !== success) return "CheckBand";
    if (success) {
      const face = card.extra?.faces[0];
      if (card.extra?.formula !== "1d6" || face === undefined || facts.rolled[0] !== face) return "CheckDice";
      if (card.result.rounds !== stabilisedRounds(face, p.phy)) return "CheckDice";
    }
  } else {
    if (p.breakingPoint !== "unfocusedRage") return "NotRaging";
    if (card.result.calmed !== isSuccess(card.check.band)) return "CheckBand";
  }
  return sameChanges(pending, tableCardChanges(card)) ? null : "ChangesDisagree";
}
