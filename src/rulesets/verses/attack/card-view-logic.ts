/**
 * The attack card as lines and buttons, before localisation, Foundry-free: the card's lines, the
 * scatter, one row per target (its situation, defence, net result, damage and buttons) and the
 * attacker's buttons. Who may press each button is decided at render.
 */

import { countSuccesses, sortSixesFirst, type ChainOptions, type RiposteChainOptions } from "../rules";
import { luckIndices } from "./card-abilities-logic";
import { chokeOf, conditionsFor, holdBroken, holdOffer, shares, sweepTotal } from "./card-damage-logic";
import {
  chainOffer,
  damageText,
  directOutcome,
  KEY,
  line,
  riposteOffer,
  settled,
  type AttackCard,
  type AttackTarget,
  type CardLine,
  type DamageSummary,
  type DefenceRecord,
  type TargetOutcome,
} from "./card-state-logic";
import { pluralKey } from "../../../core/i18n-logic";

// ---- what the card shows ---------------------------------------------------------------------------

/** A button the card shows, with what it acts on. */
export interface CardButton {
  action: string;
  label: CardLine;
  index?: number;
  choice?: number;
  itemUuid?: string;
  modeIndex?: number;
  /** Who may press it: the target's owner, the attacker's owner, or either (apply/undo). */
  who: "target" | "attacker" | "either";
}

/** One target's row on the card. */
interface TargetRow {
  index: number;
  name: string;
  actorUuid: string;
  /** "2S at 15 m", "11 damage at 3 m". */
  situation: CardLine[];
  defence: { label: CardLine; faces: number[] } | null;
  /** The net result after the defence: faces left sixes first. */
  net: { faces: number[]; headline: CardLine; outcome: "success" | "failure" | "neutral" } | null;
  damage: CardLine[];
  applied: CardLine | null;
  buttons: CardButton[];
}

/** The card as lines and buttons, before localisation. */
interface AttackCardView {
  lines: CardLine[];
  scatter: CardLine[];
  rows: TargetRow[];
  attackerButtons: CardButton[];
}

const TYPE_NAMES: Record<string, string> = { b: "b", c: "c", p: "p", r: "r", s: "s" };

function damageLines(summary: DamageSummary): CardLine[] {
  const out: CardLine[] = [line(`${KEY}.Damage.Incoming`, { damage: damageText(summary.incoming) })];
  for (const l of summary.layers) {
    if (l.bypassed.length)
      out.push(line(`${KEY}.Damage.Bypassed`, { layer: l.name, damage: damageText(l.bypassed) }));
    const transformed = l.transformed
      .map((t) => `${t.amount}(${TYPE_NAMES[t.from]}⇒${TYPE_NAMES[t.to]})`)
      .join(", ");
    out.push(
      line(`${KEY}.Damage.Layer`, {
        layer: l.name,
        absorbed: l.absorbed,
        passed: damageText(l.passed),
      }),
    );
    if (transformed) out.push(line(`${KEY}.Damage.Transformed`, { layer: l.name, what: transformed }));
    if (l.hpDamage > 0) out.push(line(`${KEY}.Damage.CoverHp`, { layer: l.name, hp: l.hpDamage }));
    if (l.hpAfter !== undefined && l.hpDamage > 0)
      out.push(
        l.hpAfter <= 0
          ? line(`${KEY}.Damage.CoverDestroyed`, { layer: l.name })
          : line(`${KEY}.Damage.CoverLeft`, { layer: l.name, hp: l.hpAfter }),
      );
  }
  if (summary.bodyAbsorbed > 0)
    out.push(line(`${KEY}.Damage.BodyAbsorbed`, { absorbed: summary.bodyAbsorbed }));
  out.push(
    summary.taken > 0
      ? line(`${KEY}.Damage.Taken`, {
          taken: summary.taken,
          before: summary.hpBefore,
          after: summary.hpAfter,
        })
      : line(`${KEY}.Damage.Unhurt`),
  );
  if (summary.exToBind > 0) out.push(line(`${KEY}.Damage.BindsEX`, { ex: summary.exToBind }));
  if (summary.moribund) out.push(line(`${KEY}.Damage.Moribund`));
  return out;
}

function netHeadline(card: AttackCard, target: AttackTarget, outcome: TargetOutcome): CardLine {
  if (target.defence?.kind === "parry" && outcome.negated) return line(`${KEY}.Net.FullParry`);
  if (!outcome.hit) return line(`${KEY}.Net.Miss`, { successes: outcome.successes, target: target.target });
  return card.weapon.damage.trim()
    ? line(`${KEY}.Net.Hit`, { successes: outcome.successes, sm: outcome.sm })
    : line(`${KEY}.Net.HitNoDamage`, { successes: outcome.successes, sm: outcome.sm });
}

function defenceLabel(d: DefenceRecord): CardLine {
  const successes = countSuccesses(d.faces).successes;
  if (d.kind === "parry")
    return line(`${KEY}.Defence.Parried`, { weapon: d.weapon?.name ?? "", ad: d.ad, successes });
  return line(`${KEY}.Defence.${d.kind === "dodge" ? "Dodged" : "Resisted"}`, { ad: d.ad, successes });
}

function situationLines(card: AttackCard, t: AttackTarget): CardLine[] {
  const metres = t.metres === null ? null : Math.round(t.metres * 10) / 10;
  if (card.mode === "direct")
    return [
      metres === null
        ? line(`${KEY}.Situation.Target`, { target: t.target })
        : line(`${KEY}.Situation.TargetAt`, { target: t.target, metres }),
    ];
  if (card.mode === "sweep") return metres === null ? [] : [line(`${KEY}.Situation.InSweep`, { metres })];
  return metres === null ? [] : [line(`${KEY}.Situation.FromCentre`, { metres })];
}

/** The lines under the attack roll: how the weapon was held, ammunition, cover, sweep, chain, abilities. */
function headLines(card: AttackCard): CardLine[] {
  const lines: CardLine[] = [];
  if (card.weapon.thrown) lines.push(line(`${KEY}.Grip.Thrown`));
  if (card.weapon.offhand)
    lines.push(
      line(`${KEY}.Grip.TwoWeapons`, { other: card.weapon.offhand.label, dice: card.weapon.offhand.dice }),
    );
  if (card.weapon.unhandedDice) lines.push(line(`${KEY}.Grip.Unhanded`, { dice: card.weapon.unhandedDice }));
  if (card.ammo)
    lines.push(
      line(pluralKey(`${KEY}.AmmoLine`, card.ammo.rounds), {
        name: card.ammo.name,
        rounds: card.ammo.rounds,
      }),
    );
  if (card.sustain > 0) lines.push(line(`${KEY}.Sustain`, { dice: card.sustain }));
  if (card.cover.protective !== "none")
    lines.push(line(`${KEY}.CoverLine.${card.cover.protective}`, { material: card.cover.material }));
  if (card.mode === "sweep") {
    const total = sweepTotal(card);
    const left = total.reduce((n, a) => n + shares(card, a.amount).remainder, 0);
    lines.push(
      total.length
        ? line(`${KEY}.SweepTotal`, { damage: damageText(total), count: card.targets.length })
        : line(`${KEY}.SweepMissed`),
    );
    if (left > 0) lines.push(line(`${KEY}.SweepRemainder`, { damage: left }));
  }
  if (card.hold) lines.push(line(`${KEY}.Hold.Line`, { rounds: card.hold.continued }));
  if (card.chain && card.chain.links > 0)
    lines.push(line(`${KEY}.Chain.Link`, { link: card.chain.links + 1, limit: card.chain.limit }));
  if (card.assassination) {
    const watched = card.targets.find((t) => t.actorUuid === card.assassination?.actorUuid);
    lines.push(
      line(pluralKey(`${KEY}.Assassination.Line`, card.assassination.dice), {
        dice: card.assassination.dice,
        name: watched?.name ?? "",
      }),
    );
  }
  if (card.luck) lines.push(luckLine(card.luck));
  if (card.rush) lines.push(line(`${KEY}.Rush.Line`, { name: card.attacker.name, ex: card.rush }));
  return lines;
}

/** Where an area attack landed. */
function scatterLines(card: AttackCard): CardLine[] {
  const scatter: CardLine[] = [];
  if (card.area) {
    const s = card.area.scatter;
    if (!s || s.hit) scatter.push(line(`${KEY}.Area.OnTarget`));
    else if (s.offset === 0 || (!s.depth && !s.side)) scatter.push(line(`${KEY}.Area.MissNoDrift`));
    else
      scatter.push(
        line(`${KEY}.Area.Scatter`, {
          offset: s.offset,
          depth: s.depth ? `${KEY}.Area.Depth.${s.depth}` : `${KEY}.Area.Depth.none`,
          side: s.side ? `${KEY}.Area.Side.${s.side}` : `${KEY}.Area.Side.none`,
        }),
      );
    if (card.area.condition) scatter.push(line(`${KEY}.Area.Condition`, { name: card.area.condition }));
    if (!card.targets.length) scatter.push(line(`${KEY}.Area.NoOne`));
  }
  return scatter;
}

/** A row before it settles: the net result once defended, or the defence buttons. */
function rowDefence(
  card: AttackCard,
  t: AttackTarget,
  index: number,
): { net: TargetRow["net"]; buttons: CardButton[]; isSettled: boolean } {
  const buttons: CardButton[] = [];
  let net: TargetRow["net"] = null;
  const isSettled = settled(card, t);
  if (card.mode === "direct") {
    const outcome = directOutcome(card, t);
    if (isSettled || t.defence)
      net = {
        faces: outcome.faces,
        headline: netHeadline(card, t, outcome),
        outcome: outcome.hit ? "success" : "failure",
      };
    else if (card.weapon.grapple) {
      buttons.push({
        action: "verses.attack.resist",
        label: line(`${KEY}.Button.Resist`),
        index,
        who: "target",
      });
      buttons.push({
        action: "verses.attack.take",
        label: line(`${KEY}.Button.Take`),
        index,
        who: "target",
      });
    } else {
      buttons.push({
        action: "verses.attack.dodge",
        label: line(`${KEY}.Button.Dodge`),
        index,
        who: "target",
      });
      if (card.weapon.parry !== null)
        buttons.push({
          action: "verses.attack.parry",
          label: line(`${KEY}.Button.Parry`, { rating: card.weapon.parry }),
          index,
          who: "target",
        });
      buttons.push({
        action: "verses.attack.take",
        label: line(`${KEY}.Button.Take`),
        index,
        who: "target",
      });
    }
  } else if (!isSettled && (card.mode === "area" || sweepTotal(card).length)) {
    buttons.push({
      action: "verses.attack.dodge",
      label: line(`${KEY}.Button.DodgeReduce`),
      index,
      who: "target",
    });
    buttons.push({ action: "verses.attack.take", label: line(`${KEY}.Button.Take`), index, who: "target" });
  }
  return { net, buttons, isSettled };
}

/** One target's row: its situation, defence, net result, damage and buttons. */
function targetRow(card: AttackCard, t: AttackTarget, index: number): TargetRow {
  const { net, buttons, isSettled } = rowDefence(card, t, index);
  const damage = t.applied?.summary ? damageLines(t.applied.summary) : t.damage ? damageLines(t.damage) : [];
  const conditions = isSettled && !t.applied ? conditionsFor(card, index) : [];
  if (isSettled && !t.applied) {
    if (card.weapon.grapple === "clinch" && conditions.length && !card.hold) {
      buttons.push({
        action: "verses.attack.apply",
        label: line(`${KEY}.Button.ClinchUpper`),
        index,
        choice: 0,
        who: "either",
      });
      buttons.push({
        action: "verses.attack.apply",
        label: line(`${KEY}.Button.ClinchLegs`),
        index,
        choice: 1,
        who: "either",
      });
    } else if (t.damage || conditions.length)
      buttons.push({
        action: "verses.attack.apply",
        label: line(`${KEY}.Button.Apply`),
        index,
        who: "either",
      });
  }
  for (const c of conditions)
    damage.push(
      c.rounds
        ? line(pluralKey(`${KEY}.Damage.ConditionRounds`, c.rounds), {
            condition: `POLYVERSE.Verses.Condition.${c.id}`,
            rounds: c.rounds,
          })
        : line(`${KEY}.Damage.Condition`, { condition: `POLYVERSE.Verses.Condition.${c.id}` }),
    );
  // Throw: "thrown 1m/SM in a direction chosen by the attacker" (the GM moves the token).
  if (card.weapon.grapple === "throw" && card.mode === "direct" && isSettled) {
    const outcome = directOutcome(card, t);
    if (outcome.hit) damage.push(line(`${KEY}.Grapple.Thrown`, { metres: outcome.sm }));
  }
  if (card.hold && card.weapon.grapple === "choke" && conditions.length)
    damage.push(line(chokeKey(chokeOf(card), card.hold.continued), { rounds: card.hold.continued }));
  if (holdBroken(card, index)) {
    damage.push(line(`${KEY}.Hold.Broken`));
    if (!card.holdDone)
      buttons.push({
        action: "verses.attack.release",
        label: line(`${KEY}.Button.EndHold`),
        index,
        who: "attacker",
      });
  }
  if (card.holdDone === "released") damage.push(line(`${KEY}.Hold.Released`));
  if (t.defence?.luck) damage.unshift(luckLine(t.defence.luck));
  if (t.rush) damage.push(line(`${KEY}.Rush.Line`, { name: t.name, ex: t.rush }));
  const defenceLuck = t.defence ? luckIndices(card, index, t.defence.uncannyLuck ?? 0).length : 0;
  if (defenceLuck)
    buttons.push({
      action: "verses.attack.luck",
      label: line(`${KEY}.Button.Luck`, { n: defenceLuck }),
      index,
      who: "target",
    });
  if (t.applied) {
    buttons.push({ action: "verses.attack.undo", label: line(`${KEY}.Button.Undo`), index, who: "target" });
    // A hit while maintaining a continuous test: its owner maintains with the HP this blow took
    // (shown only to an owner running one).
    // Offered once for the blow: the row records that it was used (`maintained`).
    if (t.maintained) damage.push(line(`${KEY}.Maintain.Done`, { name: t.name }));
    else if (t.applied.summary?.hit || t.applied.conditions.length)
      buttons.push({
        action: "verses.attack.maintain",
        label: line(`${KEY}.Button.Maintain`),
        index,
        who: "target",
      });
  }
  const riposte = riposteOffer(card, index);
  if (riposte)
    buttons.push({
      action: "verses.attack.riposte",
      label: line(`${KEY}.Button.Riposte`, { weapon: riposte.name, sixes: riposte.carried }),
      index,
      itemUuid: riposte.itemUuid,
      modeIndex: riposte.modeIndex,
      who: "target",
    });
  return {
    index,
    name: t.name,
    actorUuid: t.actorUuid,
    situation: situationLines(card, t),
    defence: t.defence
      ? { label: defenceLabel(t.defence), faces: sortSixesFirst(t.defence.faces) }
      : t.taken
        ? { label: line(`${KEY}.Defence.Taken`), faces: [] }
        : null,
    net,
    damage,
    applied: t.applied
      ? line(t.applied.pending ? `${KEY}.Applied.Pending` : `${KEY}.Applied.Done`, { name: t.name })
      : null,
    buttons,
  };
}

/** The attacker's buttons: Uncanny Luck, Chain, continue or let go of a hold. */
function attackerButtonsOf(card: AttackCard, options: ChainOptions & RiposteChainOptions): CardButton[] {
  const attackerButtons: CardButton[] = [];
  const attackLuck = luckIndices(card, null, card.uncannyLuck ?? 0).length;
  if (attackLuck)
    attackerButtons.push({
      action: "verses.attack.luck",
      label: line(`${KEY}.Button.Luck`, { n: attackLuck }),
      who: "attacker",
    });
  const offer = chainOffer(card, options);
  if (offer)
    attackerButtons.push({
      action: "verses.attack.chain",
      label: line(`${KEY}.Button.Chain`, {
        sixes: offer.carried,
        link: offer.chain.count + 1,
        limit: offer.chain.limit,
      }),
      who: "attacker",
    });
  const hold = holdOffer(card);
  if (hold) {
    attackerButtons.push({
      action: "verses.attack.continue",
      label: line(`${KEY}.Button.ContinueHold`, { target: hold.continuation }),
      who: "attacker",
    });
    attackerButtons.push({
      action: "verses.attack.release",
      label: line(`${KEY}.Button.LetGo`),
      index: hold.index,
      who: "attacker",
    });
  }
  return attackerButtons;
}

/** The card's view for a reader: lines, rows and buttons (who may press each is decided at render). */
export function attackCardView(
  card: AttackCard,
  options: ChainOptions & RiposteChainOptions = {},
): AttackCardView {
  return {
    lines: headLines(card),
    scatter: scatterLines(card),
    rows: card.targets.map((t, index) => targetRow(card, t, index)),
    attackerButtons: attackerButtonsOf(card, options),
  };
}

/** Faces sorted sixes first with the css class the dice row uses. */
export function diceView(faces: readonly number[]): { face: number; css: "six" | "five" | "miss" }[] {
  return sortSixesFirst(faces).map((face) => ({
    face,
    css: face === 6 ? "six" : face === 5 ? "five" : "miss",
  }));
}
/** "Uncanny Luck re-rolled 1, 1 → 5, 3." */
function luckLine(luck: { faces: number[]; indices: number[] }): CardLine {
  return line(`${KEY}.Luck.Rerolled`, {
    before: luck.indices.map(() => 1).join(", "),
    after: luck.faces.join(", "),
  });
}

/** A Choke's line: held so many rounds (a count's plural form while it only immobilises). */
function chokeKey(effect: string, rounds: number): string {
  const key = `${KEY}.Hold.Choke.${effect}`;
  return effect === "immobilized" ? pluralKey(key, rounds) : key;
}
