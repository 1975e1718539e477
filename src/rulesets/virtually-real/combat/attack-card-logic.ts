/**
 * The `virtually-real-attack` card without Foundry: its state, its shape (refused by the model when
 * broken) and what it shows to a reader.
 *
 * The attacker's client rolls the attack as a skill check (the rolls folder's `rollCheck`, its own
 * `virtually-real-check` card with the dice, the explosion and the XP) and posts one attack card per
 * target naming that check. The target's owner declares the active defence on the card (Dodge, Evade,
 * a parry with a combat skill, or none) and rolls it; the active GM's client then reads both checks
 * from their own cards (never the attack card's word), settles the outcome (attack-logic.ts
 * `resolveAttack`) and, on Apply, works the blow out from the target's documents as they are then
 * (`planApply`); Undo gives back that blow's own amounts (`planUndo`). A critical attack misses with
 * no defence. After a blow leaves the target Dying, its owner's Health save is read for its fate
 * (`dyingSave`).
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import { pluralKey } from "../../../core/i18n-logic";
import { MAX_MANEUVER_DICE } from "../base/maneuver-logic";
import {
  CONDITION_DURATIONS,
  CONDITION_GROUPS,
  CONDITION_IDS,
  CONDITION_SEVERITIES,
  EMOTIONAL_TARGETS,
  WOUND_BANDS,
  type WoundBand,
} from "../rules";
import {
  DEFENCES,
  type AppliedRecord,
  type Defence,
  type DyingResult,
  type StandingCheck,
} from "./attack-logic";

export const ATTACK_CARD = { type: "virtually-real-attack", flag: "virtuallyRealAttack" } as const;
export const ATTACK_OP = "virtually-real.attack.op";
export const ATTACK_BUTTONS = {
  resolve: "virtually-real.attack.resolve",
  defend: "virtually-real.attack.defend",
  apply: "virtually-real.attack.apply",
  undo: "virtually-real.attack.undo",
  dying: "virtually-real.attack.dying",
} as const;
/** Where the combat strings are (lang/en/virtually-real-combat.json). */
export const COMBAT_KEY = "POLYVERSE.VirtuallyReal.Combat";
const KEY = `${COMBAT_KEY}.Attack`;

/** A defence as the GM recorded it from its own check card. */
export interface DefenceRecord {
  kind: Defence;
  /** The defence's check card ("" for none). */
  messageId: string;
  total: number;
  critical: boolean;
  /** A parry's skill: its id on the target and its name ("" otherwise). */
  skillId: string;
  skillName: string;
}

/** The outcome the GM settled. */
export interface OutcomeRecord {
  hit: boolean;
  criticalMiss: boolean;
  margin: number | null;
  damage: number;
  band: WoundBand | null;
}

/** A save rolled while Dying and what it did. */
export interface DyingRecord {
  messageId: string;
  result: DyingResult;
}

export interface AttackCard {
  attacker: { actorUuid: string; name: string };
  target: { actorUuid: string; name: string } | null;
  /** The attack's own check card. */
  checkMessageId: string;
  /** The skill rolled and the weapon used (ids on the attacker; "" when none). */
  skill: { itemId: string; name: string };
  weapon: { itemId: string; name: string };
  /** A mental attack: dodged and evaded by Logic, its wound read by degree, no hit points. */
  mental: boolean;
  /** The combat it was made in ("" outside one): the combat's end reads its wounds and skills. */
  combatId: string;
  /** What the GM read of the attack's check when it settled (frozen: a later re-roll does not count). */
  attack: StandingCheck | null;
  defence: DefenceRecord | null;
  outcome: OutcomeRecord | null;
  applied: AppliedRecord | null;
  /** The newest chat message when the blow was applied: a save while Dying must come after it. */
  appliedAfter: string | null;
  dying: DyingRecord | null;
  /** Why the GM refused the attack (an i18n key and its values), or null. */
  refused: { key: string; data?: Record<string, string> } | null;
  /**
   * The Maneuver penalty the GM set on the target for its Dodge or Evade (disadvantage dice on its next
   * roll, the world's `maneuverPenalty` when declared; 0: none, or noted only). Absent on older cards.
   */
  maneuver?: number;
}

/** A new card, as the attacker's client posts it. */
export function newAttackCard(input: {
  attacker: { actorUuid: string; name: string };
  target: { actorUuid: string; name: string } | null;
  checkMessageId: string;
  skill?: { itemId: string; name: string } | null;
  weapon?: { itemId: string; name: string } | null;
  mental?: boolean;
  combatId?: string | null;
}): AttackCard {
  return {
    attacker: input.attacker,
    target: input.target,
    checkMessageId: input.checkMessageId,
    skill: input.skill ?? { itemId: "", name: "" },
    weapon: input.weapon ?? { itemId: "", name: "" },
    mental: input.mental === true,
    combatId: input.combatId ?? "",
    attack: null,
    defence: null,
    outcome: null,
    applied: null,
    appliedAfter: null,
    dying: null,
    refused: null,
    maneuver: 0,
  };
}

/** Whether nothing but the attacker's own choice is on the card yet (what a player may post). */
export const isFresh = (card: AttackCard): boolean =>
  !card.attack &&
  !card.defence &&
  !card.outcome &&
  !card.applied &&
  !card.appliedAfter &&
  !card.dying &&
  !card.refused &&
  !card.maneuver;

// ---------------------------------------------------------------- shape

const BAND_OR_NULL = [...WOUND_BANDS, null];

function markProblems(p: CardProblems, m: unknown, what: string): void {
  if (!isCardRecord(m)) return p.check(false, `${what} must be an object`);
  p.oneOf(m.severity, CONDITION_SEVERITIES, `${what}.severity`);
  p.oneOf(m.group, CONDITION_GROUPS, `${what}.group`);
  p.oneOf(m.target, ["", ...EMOTIONAL_TARGETS], `${what}.target`);
  p.oneOf(m.side, ["wound", "armor"], `${what}.side`);
  p.oneOf(m.id, ["", ...CONDITION_IDS], `${what}.id`);
  p.check(typeof m.letter === "string" && m.letter.length <= 3, `${what}.letter must be short text`);
  p.oneOf(m.atNext, ["", ...CONDITION_DURATIONS], `${what}.atNext`);
}

function appliedProblems(p: CardProblems, a: unknown): void {
  if (a === null) return;
  if (!isCardRecord(a)) return p.check(false, "applied must be an object or null");
  p.oneOf(a.band, WOUND_BANDS, "applied.band");
  p.whole(a.hpBefore, "applied.hpBefore", -99999, 99999);
  p.whole(a.hpAfter, "applied.hpAfter", -99999, 99999);
  p.entries(a.added, "applied.added", 12, (m) => markProblems(p, m, "applied.added"));
  p.oneOf(a.overflow, [true, false], "applied.overflow");
  p.whole(a.xAdded, "applied.xAdded", 0, 3);
  p.whole(a.adrenalineAdded, "applied.adrenalineAdded", 0, 4);
  p.oneOf(a.fearSet, [true, false], "applied.fearSet");
  p.oneOf(a.highestBefore, WOUND_BANDS, "applied.highestBefore");
  p.oneOf(a.highestAfter, WOUND_BANDS, "applied.highestAfter");
}

function namedProblems(p: CardProblems, v: unknown, what: string, id: string, nullable: boolean): void {
  if (nullable && v === null) return;
  if (!isCardRecord(v)) return p.check(false, `${what} must be an object`);
  p.text(v[id], `${what}.${id}`);
  p.text(v.name, `${what}.name`);
}

function checkProblems(p: CardProblems, v: unknown, what: string): void {
  if (v === null) return;
  if (!isCardRecord(v)) return p.check(false, `${what} must be an object or null`);
  p.whole(v.total, `${what}.total`, 0, 9999);
  p.oneOf(v.critical, [true, false], `${what}.critical`);
}

/** Why an attack card's state breaks its shape (empty when it does not). */
export function attackCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the card must be an object"];
  namedProblems(p, card.attacker, "attacker", "actorUuid", false);
  namedProblems(p, card.target, "target", "actorUuid", true);
  namedProblems(p, card.skill, "skill", "itemId", false);
  namedProblems(p, card.weapon, "weapon", "itemId", false);
  p.text(card.checkMessageId, "checkMessageId");
  p.oneOf(card.mental, [true, false], "mental");
  p.text(card.combatId, "combatId");
  checkProblems(p, card.attack, "attack");
  const d = card.defence;
  if (d !== null) {
    if (!isCardRecord(d)) p.check(false, "defence must be an object or null");
    else {
      p.oneOf(d.kind, DEFENCES, "defence.kind");
      p.text(d.messageId, "defence.messageId");
      p.text(d.skillId, "defence.skillId");
      p.text(d.skillName, "defence.skillName");
      checkProblems(p, d, "defence");
    }
  }
  const o = card.outcome;
  if (o !== null) {
    if (!isCardRecord(o)) p.check(false, "outcome must be an object or null");
    else {
      p.oneOf(o.hit, [true, false], "outcome.hit");
      p.oneOf(o.criticalMiss, [true, false], "outcome.criticalMiss");
      p.whole(o.margin, "outcome.margin", -9999, 9999, true);
      p.whole(o.damage, "outcome.damage", 0, 9999);
      p.oneOf(o.band, BAND_OR_NULL, "outcome.band");
    }
  }
  appliedProblems(p, card.applied);
  p.text(card.appliedAfter, "appliedAfter", true);
  const y = card.dying;
  if (y !== null) {
    if (!isCardRecord(y)) p.check(false, "dying must be an object or null");
    else {
      p.text(y.messageId, "dying.messageId");
      p.oneOf(y.result, ["none", "spendLight", "dies"], "dying.result");
    }
  }
  const r = card.refused;
  if (r !== null) p.line(r, "refused");
  if (card.maneuver !== undefined) p.whole(card.maneuver, "maneuver", 0, MAX_MANEUVER_DICE);
  return p.list;
}

// ---------------------------------------------------------------- what a reader sees

/** Text for a key (Foundry's localize/format). */
export type Localize = (key: string, data?: Record<string, string>) => string;

/** Who is reading, and what the card's documents say now. */
export interface AttackViewer {
  gm: boolean;
  targetOwner: boolean;
  attackerOwner: boolean;
  /** The attack's check as its card shows it now (null: gone or unreadable). */
  check: (StandingCheck & { diceNeeded: number }) | null;
  /** The target's combat skills a parry may use (the target's owner only). */
  parrySkills: readonly { id: string; name: string }[];
  /** The target has an X condition now. */
  dying: boolean;
}

export interface Button {
  action: string;
  label: string;
  data?: Record<string, string>;
}

const bandName = (band: WoundBand, localize: Localize) => localize(`${KEY}.Band.${band}`);

function outcomeLine(card: AttackCard, localize: Localize): { text: string; css: string } | null {
  const o = card.outcome;
  if (!o) return null;
  if (o.criticalMiss) return { text: localize(`${KEY}.CriticalMiss`), css: "failure" };
  if (!o.hit) return { text: localize(`${KEY}.Miss`, { margin: String(o.margin ?? 0) }), css: "failure" };
  // A tie goes to the attacker (the `ties` setting) but beats the defence by nothing.
  if (o.damage === 0) return { text: localize(`${KEY}.HitNoDamage`), css: "" };
  const band = o.band ?? "none";
  return {
    text: localize(card.mental ? `${KEY}.HitMental` : `${KEY}.Hit`, {
      damage: String(o.damage),
      band: bandName(band, localize),
    }),
    css: "success",
  };
}

function appliedLines(card: AttackCard, localize: Localize): string[] {
  const a = card.applied;
  if (!a) return [];
  const lines: string[] = [];
  if (a.hpBefore !== a.hpAfter)
    lines.push(localize(`${KEY}.Applied.HP`, { before: String(a.hpBefore), after: String(a.hpAfter) }));
  for (const mark of a.added) {
    if (mark.id === "X") continue;
    if (mark.id === "fearRush") continue;
    lines.push(
      localize(`${KEY}.Applied.Condition`, { severity: localize(`${KEY}.Severity.${mark.severity}`) }),
    );
  }
  if (a.xAdded) lines.push(localize(`${KEY}.Applied.X`, { count: String(a.xAdded) }));
  if (a.adrenalineAdded)
    lines.push(localize(`${KEY}.Applied.Adrenaline`, { count: String(a.adrenalineAdded) }));
  if (a.overflow) lines.push(localize(`${KEY}.Applied.Overflow`));
  if (!lines.length) lines.push(localize(`${KEY}.Applied.Nothing`));
  return lines;
}

function defenceLine(card: AttackCard, localize: Localize): string | null {
  const d = card.defence;
  if (!d) return null;
  if (d.kind === "none") return localize(`${KEY}.Defence.None`);
  const name = localize(`${KEY}.Defence.${d.kind}`, { skill: d.skillName });
  return d.critical
    ? localize(`${KEY}.Defence.Critical`, { defence: name })
    : localize(`${KEY}.Defence.Total`, { defence: name, total: String(d.total) });
}

function attackLine(card: AttackCard, viewer: AttackViewer, localize: Localize): string | null {
  const standing = card.attack ?? viewer.check;
  if (!standing) return localize(`${KEY}.CheckGone`);
  if (standing.critical) return localize(`${KEY}.AttackCritical`);
  return localize(`${KEY}.AttackTotal`, { total: String(standing.total) });
}

/** Where this card's Maneuver penalty strings are (lang/en/virtually-real-fight2.json). */
const FIGHT = "POLYVERSE.VirtuallyReal.Fight";

/**
 * The Maneuver penalty after a Dodge or Evade: the dice the GM set on the target (the world's
 * `maneuverPenalty`), or, with none set, the note that one follows (its size is not in chapter 1).
 */
function maneuverLine(card: AttackCard, localize: Localize): string | null {
  const d = card.defence;
  if (!d || (d.kind !== "dodge" && d.kind !== "evade")) return null;
  const dice = card.maneuver ?? 0;
  if (dice <= 0) return localize(`${KEY}.Maneuver`);
  return localize(`${FIGHT}.Card.Penalty`, {
    name: card.target?.name ?? "",
    dice: localize(pluralKey(`${FIGHT}.Dice`, dice), { n: String(dice) }),
  });
}

/** The buttons this reader may press now. */
function buttons(card: AttackCard, viewer: AttackViewer, localize: Localize) {
  const open = !card.refused;
  // The defence may be declared while a brilliant attack's explosion is still to roll: the GM
  // settles once both checks are final.
  const awaitingDefence =
    open && card.target && !card.outcome && !card.defence && viewer.check !== null && !viewer.check.critical;
  const defend: Button[] = [];
  if (awaitingDefence && viewer.targetOwner) {
    const logic = card.mental;
    for (const kind of ["dodge", "evade"] as const)
      defend.push({
        action: ATTACK_BUTTONS.defend,
        label: localize(`${KEY}.Declare.${kind}`, {
          attribute: localize(`${KEY}.Declare.${logic ? "Logic" : "Agility"}`),
        }),
        data: { defence: kind },
      });
    if (!card.mental)
      for (const skill of viewer.parrySkills)
        defend.push({
          action: ATTACK_BUTTONS.defend,
          label: localize(`${KEY}.Declare.parry`, { skill: skill.name }),
          data: { defence: "parry", skill: skill.id },
        });
    defend.push({
      action: ATTACK_BUTTONS.defend,
      label: localize(`${KEY}.Declare.none`),
      data: { defence: "none" },
    });
  }
  const hit = open && card.outcome?.hit === true && card.outcome.damage > 0;
  const apply =
    hit && !card.applied && (viewer.targetOwner || viewer.attackerOwner)
      ? { action: ATTACK_BUTTONS.apply, label: localize(`${KEY}.Apply`) }
      : null;
  const undo =
    hit && card.applied && !card.dying && viewer.targetOwner
      ? { action: ATTACK_BUTTONS.undo, label: localize(`${KEY}.Undo`) }
      : null;
  const dying =
    open && card.applied && !card.dying && viewer.dying && viewer.targetOwner
      ? { action: ATTACK_BUTTONS.dying, label: localize(`${KEY}.DyingSave`) }
      : null;
  // The GM settles by hand what no GM's client settled (posted while none was connected).
  const resolve =
    open && viewer.gm && card.target && !card.outcome && (viewer.check?.critical || card.defence)
      ? { action: ATTACK_BUTTONS.resolve, label: localize(`${KEY}.Resolve`) }
      : null;
  return { defend, apply, undo, dying, resolve };
}

/** What the card's template shows this reader (every name escaped by the template). */
export function attackCardContext(card: AttackCard, viewer: AttackViewer, localize: Localize) {
  const title = card.target
    ? localize(`${KEY}.Title`, { attacker: card.attacker.name, target: card.target.name })
    : localize(`${KEY}.TitleNoTarget`, { attacker: card.attacker.name });
  const using = [card.skill.name, card.weapon.name].filter((s) => s !== "").join(" · ");
  const outcome = outcomeLine(card, localize);
  const waiting =
    !card.refused && card.target && !card.outcome
      ? (viewer.check && viewer.check.diceNeeded > 0) || card.defence
        ? localize(`${KEY}.WaitExplosion`)
        : viewer.check && !viewer.check.critical
          ? localize(`${KEY}.WaitDefence`, { target: card.target.name })
          : null
      : null;
  const dyingLine = card.dying
    ? localize(`${KEY}.Dying.${card.dying.result}`, { name: card.target?.name ?? "" })
    : null;
  const maneuver = maneuverLine(card, localize);
  return {
    title,
    using,
    mental: card.mental ? localize(`${KEY}.Mental`) : null,
    attack: attackLine(card, viewer, localize),
    defence: defenceLine(card, localize),
    maneuver,
    outcome: outcome?.text ?? null,
    outcomeCss: outcome?.css ?? "",
    waiting,
    applied: appliedLines(card, localize),
    dyingLine,
    refused: card.refused ? localize(card.refused.key, card.refused.data ?? {}) : null,
    ...buttons(card, viewer, localize),
  };
}
