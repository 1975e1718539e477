/**
 * The Xero Sum check card's view, Foundry-free: what `templates/xero-sum/chat/check.hbs` shows for a
 * roll (its options and dice) and, on a `xero-sum-check` card, what came after it. Every text is
 * localised here, so the template only prints (and escapes) strings.
 *
 * - the check ("Acumen + Barter", "Perception"), each part of its modifier, the formula;
 * - the dice (the Insight Die of a 3d6 check marked, a Moment's pair marked, a replaced die with the
 *   face it replaced), the total and the band (a Moment overriding it);
 * - the Moment's Insight Die (to the roller, to every participant of a Group Check, or none in an
 *   opposed check when `opposedInsight` is off), the Insight spent;
 * - an opposed check's other side (waiting, or rolled) and the winner; a Group Check's participants;
 * - the buttons the check offers (check-state-logic.ts `checkOffers`).
 */
import { bandOfTotal, type Moment } from "../rules";
import {
  NO_OFFERS,
  checkOffers,
  checkState,
  earnsInsight,
  type CheckOffers,
  type CheckState,
} from "./check-state-logic";
import type { Traits } from "./check-plan-logic";
import { dieTitle, replaceButtons, replacedLine } from "./insight-logic";
import type { XeroSumCheckCard } from "./messages-logic";
import type { ReadCheck, XeroSumCheckOptions } from "./roll-logic";
import { ROLL_KEY, bandName, formulaText, partView, traitsLabel, type Localize } from "./text-logic";

const KEY = `${ROLL_KEY}.Card`;

/** The card's context options. */
export interface CheckCardViewOptions {
  localize: Localize;
  flavor?: string | undefined;
  isPrivate?: boolean | undefined;
  card?: XeroSumCheckCard | null;
  /** The Insight Dice the roller holds now, for the buttons (null: none offered). */
  held?: number | null;
  /** Changes waiting for the GM, by the names of their documents. */
  pendingGM?: string[];
}

const traitsOfOptions = (o: Pick<XeroSumCheckOptions, "kind" | "attribute" | "skill">): Traits => ({
  kind: o.kind,
  attribute: o.attribute,
  skill: o.skill,
});

interface DieView {
  face: number;
  css: string;
  title: string;
}

/** The dice as the card shows them: the Insight Die, a Moment's pair, a fresh face. */
function diceView(
  dice: readonly number[],
  opts: { moment: Moment; momentOn3d6: string; replaced?: readonly number[] },
  localize: Localize,
): DieView[] {
  const pairFace = opts.moment === "low" ? 1 : opts.moment === "high" ? 6 : null;
  const inPair = (i: number) =>
    pairFace !== null && dice[i] === pairFace && (opts.momentOn3d6 === "anyPair" || i < 2);
  const replaced = { replaced: opts.replaced ?? [] };
  return dice.map((face, i) => {
    const css: string[] = [];
    if (i === 2) css.push("pv-xc-insight");
    if (replaced.replaced.includes(i)) css.push("pv-xc-fresh");
    if (inPair(i)) css.push(opts.moment === "low" ? "pv-xc-low" : "pv-xc-high");
    return { face, css: css.join(" "), title: dieTitle(i, replaced, localize) };
  });
}

/** The Moment's line: which Moment, and who gains an Insight Die. */
function momentLine(state: CheckState, card: XeroSumCheckCard | null, localize: Localize): string {
  const moment = state.result.moment;
  if (!moment) return "";
  const name = localize(`POLYVERSE.XeroSum.Moment.${moment}`);
  const o = state.options;
  if (o.group) return localize(`${KEY}.MomentGroup`, { moment: name });
  if (!earnsInsight(o)) return localize(`${KEY}.MomentNoGain`, { moment: name });
  return localize(card?.gained ? `${KEY}.MomentGained` : `${KEY}.Moment`, { moment: name });
}

/** What Insight the roller spent: before the roll, and on replacements. */
function insightLines(state: CheckState, localize: Localize): string[] {
  const lines: string[] = [];
  if (state.options.insight) lines.push(localize(`${KEY}.Spent.${state.options.insight}`));
  const replaced = replacedLine(
    state.rolled,
    { dice: state.dice, replaced: state.replaced, spent: state.replaceSpent },
    localize,
  );
  if (replaced) lines.push(replaced);
  return lines;
}

/** An opposed check's other side: waiting for their roll, or their roll and the winner. */
function opponentView(state: CheckState, actorName: string, localize: Localize) {
  const o = state.options.opposed;
  if (!o) return null;
  const label = traitsLabel({ kind: o.kind, attribute: o.attribute, skill: o.skill }, localize);
  const opp = state.opponent;
  if (!opp) return { name: o.name, label, waiting: localize(`${KEY}.Waiting`, { name: o.name }) };
  const roll = opp.roll;
  const winner = state.winner;
  const gains = opp.moment && state.options.opposedInsight;
  return {
    name: o.name,
    label,
    waiting: "",
    parts: roll.parts.map((p) => partView(p, localize)),
    formula: formulaText(roll.faces.length, roll.modifier),
    dice: diceView(roll.faces, { moment: opp.moment, momentOn3d6: state.options.momentOn3d6 }, localize),
    total: localize(`${KEY}.Total`, { total: String(opp.total) }),
    moment: opp.moment
      ? localize(gains ? `${KEY}.MomentGained` : `${KEY}.MomentNoGain`, {
          moment: localize(`POLYVERSE.XeroSum.Moment.${opp.moment}`),
        })
      : "",
    insight: roll.insight ? localize(`${KEY}.Spent.${roll.insight}`) : "",
    winner:
      winner === "draw"
        ? localize("POLYVERSE.XeroSum.Check.Opposed.draw")
        : localize(`POLYVERSE.XeroSum.Check.Opposed.${winner}`, {
            name: winner === "a" ? actorName : o.name,
          }),
    winnerTone: winner === "draw" ? "draw" : winner === "a" ? "won" : "lost",
  };
}

/** The buttons' labels. */
function buttonsView(offers: CheckOffers, state: CheckState, opponentName: string, localize: Localize) {
  return {
    replace: replaceButtons(offers.replace, state.dice, localize),
    opponentRoll: offers.opponentRoll ? localize(`${KEY}.Button.OpponentRoll`, { name: opponentName }) : "",
  };
}

function checkView(read: ReadCheck, options: CheckCardViewOptions, common: Record<string, unknown>) {
  const { localize } = options;
  const card = options.card ?? null;
  const o = read.options;
  const label = traitsLabel(traitsOfOptions(o), localize);
  if (options.isPrivate) return { ...common, invalid: false, isPrivate: true, label };
  const state = checkState(read, card);
  if (!state) return { ...common, invalid: true, label: localize(`${KEY}.Invalid`) };
  const r = state.result;
  const offers = card ? checkOffers(state, options.held ?? null, card) : NO_OFFERS;
  const actorName = card?.actorName ?? "";
  const opponent = opponentView(state, actorName, localize);
  const buttons = buttonsView(offers, state, o.opposed?.name ?? "", localize);
  return {
    ...common,
    invalid: false,
    isPrivate: false,
    label,
    kindText: o.group
      ? localize(`${KEY}.Group`)
      : o.opposed
        ? localize(`${KEY}.Opposed`, { name: o.opposed.name })
        : "",
    parts: o.parts.map((p) => partView(p, localize)),
    formula: formulaText(o.dice, o.modifier),
    dice: diceView(
      state.dice,
      { moment: r.moment, momentOn3d6: o.momentOn3d6, replaced: state.replaced },
      localize,
    ),
    total: localize(`${KEY}.Total`, { total: String(r.total) }),
    band: r.band,
    bandText: o.opposed ? "" : bandName(r.band, localize),
    overridden: r.moment !== null && bandOfTotal(r.total) !== r.band ? localize(`${KEY}.Override`) : "",
    moment: r.moment ?? "",
    momentText: momentLine(state, card, localize),
    insight: insightLines(state, localize),
    members: o.group
      ? localize(`${KEY}.Members`, { names: o.group.members.map((m) => m.name).join(", ") })
      : "",
    opponent,
    buttons,
    unaffordable: offers.replaceUnaffordable ? localize(`${KEY}.NoInsight`) : "",
    held: offers.replace.length ? localize(`${KEY}.Held`, { n: String(options.held ?? 0) }) : "",
    hasButtons: buttons.replace.length > 0 || Boolean(buttons.opponentRoll),
  };
}

/** The card's context, localised. `card` is the `xero-sum-check` card's state (absent for a bare roll). */
export function checkCardView(read: ReadCheck | null, options: CheckCardViewOptions) {
  const { localize } = options;
  const common = {
    flavor: options.flavor ?? "",
    actorName: options.card?.actorName ?? "",
    pendingGM: options.pendingGM?.length
      ? localize(`${KEY}.PendingGM`, { names: options.pendingGM.join(", ") })
      : "",
  };
  if (!read) return { ...common, invalid: true, label: localize(`${KEY}.Invalid`) };
  return checkView(read, options, common);
}

export type CheckCardView = ReturnType<typeof checkCardView>;
