/**
 * The attack card's template context, Foundry-free: the attack roll's pool card (pool-view.ts),
 * the card's lines, one row per target with its defence, net result, damage and buttons, and the
 * attacker's buttons, every line localised with the localiser given. The chat card and the
 * browser fixtures both build it here.
 */
import { lineTextWith, type Localize } from "../base/card-text";
import { poolCardContext, type PoolView } from "../base/pool-view";
import type { ChainOptions, RiposteChainOptions } from "../rules";
import { attackCardView, diceView, type AttackCard, type CardButton, type CardLine } from "./attack-logic";

/** An i18n key (with values) to text; a literal comes back as it is. */
export type { Localize } from "../base/card-text";

/** A line with its values; values that are i18n keys are localised too. */
export const lineText = (l: CardLine, localize: Localize): string => lineTextWith(localize, l);

function buttonContext(b: CardButton, actorUuid: string, localize: Localize) {
  return {
    action: b.action,
    label: lineText(b.label, localize),
    index: b.index ?? "",
    choice: b.choice ?? "",
    itemUuid: b.itemUuid ?? "",
    modeIndex: b.modeIndex ?? "",
    who: b.who,
    actorUuid,
  };
}

interface CardContextOptions {
  localize: Localize;
  /** Names of the documents whose changes wait for the GM. */
  pendingNames?: readonly string[];
  chainOptions?: ChainOptions & RiposteChainOptions;
}

/** The context of `templates/verses/chat/attack-card.hbs`. */
export function attackCardContext(card: AttackCard, pool: PoolView | null, options: CardContextOptions) {
  const { localize } = options;
  const text = (l: CardLine) => lineText(l, localize);
  const view = attackCardView(card, options.chainOptions ?? {});
  const pending = options.pendingNames ?? [];
  return {
    pool: pool ? poolCardContext(pool, { localize }) : null,
    attacker: card.attacker.name,
    lines: view.lines.map(text),
    scatter: view.scatter.map(text),
    rows: view.rows.map((r) => ({
      index: r.index,
      name: r.name,
      actorUuid: r.actorUuid,
      situation: r.situation.map(text).join(" · "),
      defence: r.defence ? { label: text(r.defence.label), dice: diceView(r.defence.faces) } : null,
      net: r.net
        ? { dice: diceView(r.net.faces), headline: text(r.net.headline), outcome: r.net.outcome }
        : null,
      damage: r.damage.map(text),
      applied: r.applied ? text(r.applied) : null,
      buttons: r.buttons.map((b) => buttonContext(b, r.actorUuid, localize)),
    })),
    attackerButtons: view.attackerButtons.map((b) => buttonContext(b, card.attacker.actorUuid, localize)),
    pendingGM: pending.length
      ? localize("POLYVERSE.Verses.Attack.PendingGM", { names: pending.join(", ") })
      : "",
  };
}
