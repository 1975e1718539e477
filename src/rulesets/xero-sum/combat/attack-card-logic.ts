/**
 * The `xero-sum-attack` card without Foundry: its state (what the attacker chose and rolled, the
 * attacker's numbers at the roll, and what the GM resolved from the documents), its shape (refused by
 * the model when broken) and what it shows to a reader.
 *
 * The attacker's client rolls and posts the card; the active GM's client resolves it (attack-card.ts):
 * it works the modifier out again from the documents and both round states, takes the attack's actions
 * from the attacker's round and an incoming attack's Defend from the target's, and settles the hit
 * (opposed: once the target's owner has the GM roll the defence). The attacker's owner then has the GM
 * roll the damage, once.
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import type { Localize } from "../../../core/roll-dialog-model";
import {
  BANDS,
  RANGE_BANDS,
  momentOf,
  type AttackPartKey,
  type AttackResolution,
  type Band,
  type InsightReplaceCost,
  type Moment,
  type MomentOn3d6,
} from "../rules";
import {
  affordable,
  dieTitle,
  replaceButtons,
  replaceOffers,
  replacedLine,
  replacementProblems,
  standingDice,
  type ReplaceOffer,
  type Replacement,
  type Standing,
} from "../rolls/insight-logic";
import { ATTACK_ACTIONS, attackResult, type AttackChoice, type AttackResult } from "./attack-logic";

export const ATTACK_CARD = { type: "xero-sum-attack", flag: "xeroSumAttack" } as const;
export const ATTACK_OP = "xero-sum.attack.op";
export const ATTACK_BUTTONS = {
  resolve: "xero-sum.attack.resolve",
  defend: "xero-sum.attack.defend",
  damage: "xero-sum.attack.damage",
  insight: "xero-sum.attack.insight",
} as const;
export const FIGHT_KEY = "POLYVERSE.XeroSum.Fight";
const KEY = `${FIGHT_KEY}.Attack`;

const RESOLUTIONS: readonly AttackResolution[] = ["checkMinusDefence", "checkOnly", "opposed"];
const PART_KEYS: readonly AttackPartKey[] = [
  "attribute",
  "skill",
  "range",
  "aim",
  "secondAttack",
  "coordinate",
  "coverFire",
  "rapidFire",
  "condition",
  "cumbersome",
  "unwieldy",
  "conditional",
  "clamp",
  "defence",
];

export type Part = { key: AttackPartKey; value: number };

/** What the GM settled. */
export interface Resolved extends AttackResult {
  parts: Part[];
  modifier: number;
  /** The target's DM with Defend/Take Cover (0 with no target). */
  defence: number;
  /** Opposed: the defence's dice and total once rolled. */
  defenceDice: number[] | null;
  defenceTotal: number | null;
}

export interface AttackCard {
  attacker: { actorUuid: string; name: string };
  /** The weapon item ("" for bare fists) and its key. */
  weapon: { itemUuid: string; name: string; key: string };
  target: { actorUuid: string; name: string } | null;
  choice: AttackChoice;
  /** The attack's natural faces (a third with an Insight Die). */
  dice: number[];
  /** The attacker's numbers when it rolled (what the dialog showed). */
  preview: { parts: Part[]; modifier: number };
  resolution: AttackResolution;
  resolved: Resolved | null;
  /** Why the GM refused the attack (an i18n key and its values), or null. */
  refused: { key: string; data?: Record<string, string> } | null;
  damageMessageId: string | null;
  /** Insight Dice that replaced the attack's own dice after the roll (each of the two once). */
  replacements?: Replacement[];
  /** The Moment of Insight's die was given to the attacker (at the roll, or after a replacement). */
  gained?: boolean;
}

function partsProblems(p: CardProblems, parts: unknown, what: string): void {
  p.entries(parts, what, 20, (x) => {
    p.check(isCardRecord(x), `${what} entries must be objects`);
    if (!isCardRecord(x)) return;
    p.oneOf(x.key, PART_KEYS, `${what} key`);
    p.whole(x.value, `${what} value`, -50, 50);
  });
}

function resolvedProblems(p: CardProblems, r: unknown): void {
  if (r === null) return;
  if (!isCardRecord(r)) return p.check(false, "resolved must be an object or null");
  partsProblems(p, r.parts, "resolved.parts");
  p.whole(r.modifier, "resolved.modifier", -100, 100);
  p.whole(r.defence, "resolved.defence", -20, 30);
  p.whole(r.total, "resolved.total", -100, 200);
  p.oneOf(r.band, BANDS, "resolved.band");
  p.oneOf(r.moment, ["low", "high", null], "resolved.moment");
  p.oneOf(r.hit, [true, false, null], "resolved.hit");
  p.oneOf(r.wild, [true, false], "resolved.wild");
  p.oneOf(r.draw, [true, false], "resolved.draw");
  if (r.defenceDice !== null)
    p.entries(r.defenceDice, "resolved.defenceDice", 2, (d) => p.whole(d, "a defence die", 1, 6));
  p.whole(r.defenceTotal, "resolved.defenceTotal", -100, 200, true);
}

/** Why an attack card's state breaks its shape (empty when it does not). */
export function attackCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the card must be an object"];
  const ref = (v: unknown, what: string, id: "actorUuid" | "itemUuid") => {
    p.check(isCardRecord(v), `${what} must be an object`);
    if (!isCardRecord(v)) return;
    p.text(v[id], `${what}.${id}`);
    p.text(v.name, `${what}.name`);
  };
  ref(card.attacker, "attacker", "actorUuid");
  ref(card.weapon, "weapon", "itemUuid");
  if (isCardRecord(card.weapon)) p.text(card.weapon.key, "weapon.key");
  if (card.target !== null) ref(card.target, "target", "actorUuid");
  const c = card.choice;
  if (!isCardRecord(c)) p.check(false, "choice must be an object");
  else {
    p.oneOf(c.action, ATTACK_ACTIONS, "choice.action");
    p.oneOf(c.band, RANGE_BANDS, "choice.band");
    p.text(c.targetKey, "choice.targetKey");
    p.oneOf(c.actionsUsed, [1, 2], "choice.actionsUsed");
    p.whole(c.shot, "choice.shot", 0, 3);
    p.oneOf(c.insight, ["extraDie", "plusThree", null], "choice.insight");
    p.oneOf(c.burst, [true, false], "choice.burst", true);
    p.entries(c.conditional, "choice.conditional", 6, (x) => {
      p.check(isCardRecord(x) && typeof x.label === "string", "a conditional needs a label");
      if (isCardRecord(x)) p.whole(x.value, "a conditional's value", -5, 5);
    });
  }
  p.entries(card.dice, "dice", 3, (d) => p.whole(d, "a die", 1, 6));
  p.check(Array.isArray(card.dice) && card.dice.length >= 2, "an attack rolls 2 or 3 dice");
  if (!isCardRecord(card.preview)) p.check(false, "preview must be an object");
  else {
    partsProblems(p, card.preview.parts, "preview.parts");
    p.whole(card.preview.modifier, "preview.modifier", -100, 100);
  }
  p.oneOf(card.resolution, RESOLUTIONS, "resolution");
  resolvedProblems(p, card.resolved);
  if (card.refused !== null) p.line(card.refused, "refused");
  p.text(card.damageMessageId, "damageMessageId", true);
  replacementProblems(p, card.replacements);
  p.oneOf(card.gained, [true, false], "gained", true);
  return p.list;
}

// ---- Insight Dice after the roll ----------------------------------------------------------------------

/** The attack's dice that stand (its own, with the Insight Dice that replaced them); null when they do not fit. */
export const attackStanding = (card: Pick<AttackCard, "dice" | "replacements">): Standing | null =>
  standingDice(card.dice, card.replacements ?? []);

/** Whether a Moment on an attack earns the attacker an Insight Die (an opposed attack per `opposedInsight`). */
export const attackEarnsInsight = (resolution: AttackResolution, opposedInsight: boolean): boolean =>
  resolution !== "opposed" || opposedInsight;

/** Whether the attack's own dice made a Moment that earned its die (the attacker's roll gave it). */
export const momentAtRoll = (
  card: Pick<AttackCard, "dice" | "resolution">,
  settings: { momentOn3d6: MomentOn3d6; opposedInsight: boolean },
): boolean =>
  momentOf(card.dice, settings.momentOn3d6) !== null &&
  attackEarnsInsight(card.resolution, settings.opposedInsight);

/**
 * The replacements an attack card offers now: once the GM has settled it (never refused), and only
 * until its damage is rolled (Polyverse's reading: the dice stand once a damage card follows them,
 * so a damage card is never posted twice for one attack).
 */
export function attackReplaceOffers(card: AttackCard, replaceCost: InsightReplaceCost): ReplaceOffer[] {
  if (!card.resolved || card.refused || card.damageMessageId) return [];
  const standing = attackStanding(card);
  return standing ? replaceOffers(standing.replaced, replaceCost) : [];
}

/**
 * The card after an Insight replacement: the dice that stand classified afresh and the hit resolved
 * again as the card was settled (its modifier and DM; opposed, against the defence once rolled); the
 * Moment's die due when the fresh dice make the attack's first Moment. Null when it does not fit.
 */
export function replacedAttack(
  card: AttackCard,
  replacement: Replacement,
  settings: { momentOn3d6: MomentOn3d6; opposedInsight: boolean },
): { card: AttackCard; gain: boolean; hitBefore: boolean | null; hitAfter: boolean | null } | null {
  const r = card.resolved;
  if (!r) return null;
  const replacements = [...(card.replacements ?? []), replacement];
  const standing = standingDice(card.dice, replacements);
  if (!standing) return null;
  const result = attackResult(
    standing.dice,
    { modifier: r.modifier, parts: [], defence: r.defence },
    card.resolution,
    settings.momentOn3d6,
    card.resolution === "opposed" ? r.defenceTotal : null,
  );
  const gain =
    result.moment !== null && !card.gained && attackEarnsInsight(card.resolution, settings.opposedInsight);
  return {
    card: { ...card, replacements, gained: Boolean(card.gained) || gain, resolved: { ...r, ...result } },
    gain,
    hitBefore: r.hit,
    hitAfter: result.hit,
  };
}

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
const BAND_TONE: Record<Band, string> = {
  "dire-failure": "pv-xs-dire",
  failure: "pv-xs-failure",
  success: "pv-xs-success",
  "wild-success": "pv-xs-wild",
};

/** What the reader may press. */
export interface AttackCardReader {
  /** The GM (resolves a card no GM resolved yet). */
  gm: boolean;
  /** Owns the target (defends an opposed attack). */
  targetOwner: boolean;
  /** Owns the attacker (rolls the damage, replaces the attack's dice with Insight Dice). */
  attackerOwner: boolean;
  /** The Insight Dice the attacker holds, for its owner's buttons (null or absent: none offered). */
  held?: number | null;
  /** The world's `insightReplaceCost` (the replacements' price). */
  replaceCost?: InsightReplaceCost;
}

/** The Insight part of the card: the dice as they stand, what was spent, the buttons for the attacker's owner. */
function insightView(card: AttackCard, localize: Localize, reader: AttackCardReader) {
  const standing = attackStanding(card) ?? { dice: card.dice, replaced: [], spent: 0 };
  const lines: string[] = [];
  if (card.choice.insight) lines.push(localize(`POLYVERSE.XeroSum.Roll.Card.Spent.${card.choice.insight}`));
  const replaced = replacedLine(card.dice, standing, localize);
  if (replaced) lines.push(replaced);
  const owner = reader.attackerOwner && reader.held !== undefined && reader.held !== null;
  const possible = owner ? attackReplaceOffers(card, reader.replaceCost ?? "perDie") : [];
  const offers = affordable(possible, owner ? (reader.held ?? null) : null);
  return {
    dice: standing.dice.map((face, i) => ({
      face,
      css: [i >= 2 ? "pv-xs-insight-die" : "", standing.replaced.includes(i) ? "pv-xs-fresh" : ""]
        .filter(Boolean)
        .join(" "),
      title: dieTitle(i, standing, localize),
    })),
    insight: lines,
    replace: replaceButtons(offers.replace, standing.dice, localize).map((b) => ({
      ...b,
      action: ATTACK_BUTTONS.insight,
    })),
    held: offers.replace.length
      ? localize("POLYVERSE.XeroSum.Roll.Card.Held", { n: String(reader.held ?? 0) })
      : "",
    unaffordable: offers.unaffordable ? localize("POLYVERSE.XeroSum.Roll.Card.NoInsight") : "",
  };
}

/** The card's template context for a reader. */
export function attackCardContext(card: AttackCard, localize: Localize, reader: AttackCardReader) {
  const r = card.resolved;
  const parts = (r?.parts ?? card.preview.parts).map((p) => ({
    label: localize(`POLYVERSE.XeroSum.CombatRules.AttackPart.${p.key}`),
    value: signed(p.value),
  }));
  const moment: Moment = r?.moment ?? null;
  const outcome = !r
    ? null
    : r.hit === null
      ? localize(`${KEY}.AwaitingDefence`, { name: card.target?.name ?? "" })
      : localize(`${KEY}.${r.hit ? "Hit" : r.draw ? "Draw" : "Miss"}`, { name: card.target?.name ?? "" });
  const opposedDefence =
    r && r.defenceTotal !== null
      ? localize(`${KEY}.DefenceRolled`, {
          dice: (r.defenceDice ?? []).join(" + "),
          defence: signed(r.defence),
          total: String(r.defenceTotal),
        })
      : null;
  const canDamage = Boolean(r?.hit) && !card.damageMessageId && !card.refused;
  const insight = insightView(card, localize, reader);
  return {
    title: localize(`${KEY}.Title`, {
      attacker: card.attacker.name,
      weapon: card.weapon.name,
    }),
    action: localize(`POLYVERSE.XeroSum.Action.${card.choice.action}`),
    burst: card.choice.burst ? localize(`${KEY}.Burst`) : null,
    shot:
      card.choice.action === "rapidFire"
        ? localize(`${KEY}.Shot`, { n: String(card.choice.shot + 1) })
        : null,
    target: card.target
      ? localize(`${KEY}.Target`, {
          name: card.target.name,
          band: localize(`POLYVERSE.XeroSum.Range.${card.choice.band}`),
        })
      : localize(`${KEY}.NoTarget`, { band: localize(`POLYVERSE.XeroSum.Range.${card.choice.band}`) }),
    ...insight,
    parts,
    modifier: signed(r?.modifier ?? card.preview.modifier),
    total: r ? String(r.total) : null,
    band: r ? localize(`POLYVERSE.XeroSum.Band.${r.band}`) : null,
    bandCss: r ? BAND_TONE[r.band] : "",
    moment: moment ? localize(`${KEY}.Moment.${moment}`) : null,
    resolutionNote: localize(`${KEY}.Resolution.${card.resolution}`),
    outcome,
    outcomeCss: r?.hit === true ? "success" : r?.hit === false ? "failure" : "",
    opposedDefence,
    pending: !r && !card.refused ? localize(`${KEY}.Pending`) : null,
    refused: card.refused ? localize(card.refused.key, card.refused.data) : null,
    resolve:
      !r && !card.refused && reader.gm
        ? { action: ATTACK_BUTTONS.resolve, label: localize(`${KEY}.Resolve`) }
        : null,
    defend:
      r && r.hit === null && !card.refused && (reader.targetOwner || reader.gm)
        ? { action: ATTACK_BUTTONS.defend, label: localize(`${KEY}.Defend`) }
        : null,
    damage:
      canDamage && (reader.attackerOwner || reader.gm)
        ? { action: ATTACK_BUTTONS.damage, label: localize(`${KEY}.RollDamage`) }
        : null,
    damageRolled: card.damageMessageId ? localize(`${KEY}.DamageRolled`) : null,
  };
}
