/**
 * What the 'Verses cards' data models accept (`messages.ts`), without Foundry: the known kinds and
 * bounded numbers of the attack card, the special-test card and the combat note. A card that breaks
 * one is refused by its model, on whichever client posts or edits it; what a valid card claims is
 * still checked by the GM against the documents and the card's ledger entry.
 */
import { CARD_NUMBER_LIMIT, CardProblems, isCardRecord, type CardKey } from "../../../core/cards-logic";

/** The attack card: `system.card` of a `verses-attack` message (older cards: `flags.polyverse.attack`). */
export const ATTACK_CARD: CardKey = { type: "verses-attack", flag: "attack" };
/** A special test's card (older cards: `flags.polyverse.special`). */
export const SPECIAL_CARD: CardKey = { type: "verses-special", flag: "special" };
/** A combat action's note (older cards: `flags.polyverse.combatNote`). */
export const NOTE_CARD: CardKey = { type: "verses-note", flag: "combatNote" };

/** The most dice one card may show (a pool no world allows). */
const MAX_DICE = 1000;
/** The most targets one attack card may list (a blast over a crowd). */
const MAX_TARGETS = 100;
/** The most lines or sides a card may carry. */
const MAX_LINES = 500;

const ATTACK_MODES = ["direct", "sweep", "area"] as const;
const DEFENCES = ["dodge", "parry", "resist"] as const;
const HOLD_DONE = ["continued", "released"] as const;
const SPECIAL_KINDS = [
  "rest",
  "continuous",
  "maintain",
  "connectedness",
  "influence",
  "stabilise",
  "healing",
  "awaken",
  "survival",
  "lockPicking",
  "training",
  "command",
  "social",
] as const;
const OUTCOMES = ["success", "failure", "neutral"] as const;
const NOTE_KINDS = ["move", "rest", "reserve", "rise", "leaveCover"] as const;

const field = (v: unknown, name: string): unknown => (isCardRecord(v) ? v[name] : undefined);

function faces(p: CardProblems, v: unknown, what: string): void {
  p.entries(v, what, MAX_DICE, (f, i) => p.whole(f, `${what}[${i}]`, 1, 6));
}

function defence(p: CardProblems, d: unknown, what: string): void {
  if (d === null || d === undefined) return;
  if (!isCardRecord(d)) return p.check(false, `${what} must be a defence`);
  p.oneOf(d.kind, DEFENCES, `${what}.kind`);
  faces(p, d.faces, `${what}.faces`);
  p.whole(d.ad, `${what}.ad`);
  p.whole(d.uncannyLuck, `${what}.uncannyLuck`, 0, CARD_NUMBER_LIMIT, true);
}

/** Why an attack card's state is not one an attack could have (empty when it is). */
export function attackCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the attack card must be an object"];
  p.check(card.version === 1, "version must be 1");
  p.oneOf(card.mode, ATTACK_MODES, "mode");
  p.text(field(card.attacker, "actorUuid"), "attacker.actorUuid");
  p.text(field(card.attacker, "name"), "attacker.name");
  p.whole(field(card.weapon, "modeIndex"), "weapon.modeIndex", 0, 1000);
  p.whole(field(card.weapon, "damageMode"), "weapon.damageMode", 0, 1000);
  faces(p, card.faces, "faces");
  p.whole(card.target, "target", -CARD_NUMBER_LIMIT, CARD_NUMBER_LIMIT);
  p.whole(card.ad, "ad");
  p.whole(card.sustain, "sustain");
  p.whole(card.round, "round", 0, CARD_NUMBER_LIMIT, true);
  p.whole(card.uncannyLuck, "uncannyLuck", 0, CARD_NUMBER_LIMIT, true);
  p.whole(card.rush, "rush", 0, CARD_NUMBER_LIMIT, true);
  p.oneOf(card.holdDone, HOLD_DONE, "holdDone", true);
  p.check(
    typeof card.riposte === "boolean" && typeof card.chained === "boolean",
    "riposte and chained must be yes/no",
  );
  p.entries(card.targets, "targets", MAX_TARGETS, (t, i) => {
    const what = `targets[${i}]`;
    if (!isCardRecord(t)) return p.check(false, `${what} must be a target`);
    p.text(t.actorUuid, `${what}.actorUuid`);
    p.text(t.name, `${what}.name`);
    p.whole(t.target, `${what}.target`, -CARD_NUMBER_LIMIT, CARD_NUMBER_LIMIT);
    p.check(typeof t.taken === "boolean", `${what}.taken must be yes/no`);
    p.whole(t.rush, `${what}.rush`, 0, CARD_NUMBER_LIMIT, true);
    defence(p, t.defence, `${what}.defence`);
  });
  return p.list;
}

/** Why a special test's card is not one a test could have posted (empty when it is). */
export function specialCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the special test card must be an object"];
  p.oneOf(card.kind, SPECIAL_KINDS, "kind");
  p.oneOf(card.outcome, OUTCOMES, "outcome");
  p.line(card.title, "title");
  p.line(card.headline, "headline");
  p.entries(card.lines, "lines", MAX_LINES, (l, i) => p.line(l, `lines[${i}]`));
  p.entries(card.sides, "sides", MAX_LINES, (s, i) => {
    if (!isCardRecord(s)) return p.check(false, `sides[${i}] must be a side`);
    p.text(s.name, `sides[${i}].name`);
  });
  if (card.net !== undefined) faces(p, card.net, "net");
  p.text(card.continuousId, "continuousId", true);
  return p.list;
}

/** Why a combat note is not one a combat action could have posted (empty when it is). */
export function noteCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the combat note must be an object"];
  p.oneOf(card.kind, NOTE_KINDS, "kind");
  p.line(card.title, "title");
  p.entries(card.lines, "lines", MAX_LINES, (l, i) => p.line(l, `lines[${i}]`));
  p.whole(card.restAD, "restAD", 0, CARD_NUMBER_LIMIT, true);
  return p.list;
}
