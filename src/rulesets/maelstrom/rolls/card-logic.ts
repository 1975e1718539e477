/**
 * The Maelstrom roll card's view, Foundry-free: what `templates/maelstrom/chat/roll.hbs` shows for a
 * roll (its options and dice, roll-logic.ts) and, on a `maelstrom-roll` card, what happened after it
 * (the experience die, Willpower spent, a botch's Willpower loss: the card's state, messages-logic.ts).
 * Every text is localised here, so the template only prints (and escapes) strings.
 *
 * - the traits ("Precision + Firearms", "Willpower", "Soak (Lethal)");
 * - the pool: each trait's dots, the wound penalty (or "ignored: Willpower spent");
 * - the difficulty with its modifiers; the threshold with the required specialties left unused;
 * - the specialties used ("1 of 2") and the exploding-tens badge;
 * - the normal dice (successes highlighted, ones marked as botches), the bonus dice in their own row
 *   (ones greyed: "1s are ignored"), the experience die marked;
 * - the tally (successes, removed by the threshold, botches, net) and the outcome: "Success ×N"
 *   ("three or more means you did a really good job"), "Failure", "Botch (k uncancelled)".
 */
import { soakResult, type RollResult } from "../rules";
import {
  experienceOffered,
  experienceValid,
  readRollOptions,
  readWaves,
  resolveDice,
  traitLabel,
  type ExperienceDie,
  type MaelstromRollOptions,
  type RolledDice,
  type RollPart,
} from "./roll-logic";
import type { MaelstromCard } from "./messages-logic";

export type Localize = (key: string, data?: Record<string, string>) => string;

const KEY = "POLYVERSE.Maelstrom.Roll";

/** "three or more means you did a really good job". */
export const REALLY_GOOD_JOB = 3;

/** A roll as the card reads it: its options and dice, checked; null when forged or unreadable. */
export interface ReadRoll {
  options: MaelstromRollOptions;
  rolled: RolledDice;
}

/** A stored roll's options and dice by term (`activeResultsByTerm`), checked. */
export function readRoll(rawOptions: unknown, terms: readonly unknown[][]): ReadRoll | null {
  const options = readRollOptions(rawOptions);
  const rolled = options ? readWaves(terms, options) : null;
  return options && rolled ? { options, rolled } : null;
}

/** The roll's label: its traits joined ("Precision + Firearms"), or "Soak (Lethal)". */
export function rollLabel(
  options: Pick<MaelstromRollOptions, "kind" | "traits" | "soak">,
  localize: Localize,
): string {
  if (options.kind === "soak")
    return localize(`${KEY}.SoakLabel`, {
      type: localize(`POLYVERSE.Maelstrom.DamageType.${options.soak?.type ?? "bashing"}`),
    });
  return options.traits.map((t) => localize(traitLabel(t))).join(" + ");
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

interface DieView {
  face: number;
  css: string;
  title: string;
}

function normalDie(face: number, difficulty: number, localize: Localize): DieView {
  if (face >= difficulty) return { face, css: "success", title: localize(`${KEY}.Die.Success`) };
  if (face === 1) return { face, css: "botch", title: localize(`${KEY}.Die.Botch`) };
  return { face, css: "plain", title: localize(`${KEY}.Die.Failure`) };
}

function bonusDie(face: number, difficulty: number, localize: Localize): DieView {
  if (face >= difficulty) return { face, css: "success", title: localize(`${KEY}.Die.Success`) };
  if (face === 1) return { face, css: "ignored", title: localize(`${KEY}.Die.Ignored`) };
  return { face, css: "plain", title: localize(`${KEY}.Die.Failure`) };
}

const partView = (p: RollPart, localize: Localize) => ({
  label: localize(p.label, p.data),
  amount: signed(p.value),
});

/** What a reader of the card may do now (the buttons, before core hides those a reader may not press). */
export interface CardOffers {
  /** The experience die: the traits it may bank in (none: not offered). */
  experience: string[];
  /** Spend Willpower for an automatic success. */
  willpower: boolean;
}

/** The actor as the card's buttons need it now. */
export interface CardActorNow {
  xpAvailable: number;
  willpower: number;
}

/**
 * The buttons a card offers: the experience die (not on a soak, not on a botch, once per roll, not
 * after a Willpower success replaced the roll, with at least 1 available experience point: each
 * trait used) and Spend Willpower (a Willpower roll that did not botch, not spent yet, with 2 dots
 * or more: "You may not spend your final Willpower dot in this way"). None on a rest's card.
 */
export function cardOffers(
  options: MaelstromRollOptions,
  result: RollResult,
  card: Pick<MaelstromCard, "experience" | "willpower" | "rest">,
  actor: CardActorNow | null,
): CardOffers {
  // A rest's roll has done its work (the dots are back): nothing to add to it afterwards.
  const open = result.outcome !== "botch" && !card.willpower && !card.rest;
  const experience =
    !card.willpower &&
    !card.rest &&
    experienceOffered(result, {
      soak: options.kind === "soak",
      alreadyUsed: Boolean(card.experience),
      xpAvailable: actor?.xpAvailable ?? null,
    })
      ? options.traits
      : [];
  const willpower = open && options.kind === "willpower" && (actor?.willpower ?? 0) >= 2;
  return { experience: [...experience], willpower };
}

function outcomeView(result: RollResult, card: Pick<MaelstromCard, "willpower"> | null, localize: Localize) {
  if (card?.willpower)
    return {
      tone: "success",
      text: localize(`${KEY}.Outcome.WillpowerSuccess`, { n: String(card.willpower.successes) }),
      good: card.willpower.successes >= REALLY_GOOD_JOB,
    };
  switch (result.outcome) {
    case "success":
      return {
        tone: "success",
        text: localize(`${KEY}.Outcome.Success`, { n: String(result.finalSuccesses) }),
        good: result.finalSuccesses >= REALLY_GOOD_JOB,
      };
    case "failure":
      return { tone: "failure", text: localize(`${KEY}.Outcome.Failure`), good: false };
    case "botch":
      return {
        tone: "botch",
        text: localize(`${KEY}.Outcome.Botch`, { k: String(result.uncancelledBotches) }),
        good: false,
      };
  }
}

function soakView(options: MaelstromRollOptions, rolled: RolledDice, localize: Localize) {
  const incoming = options.soak?.incoming;
  const soak = soakResult({ dice: rolled.dice, incoming: incoming ?? 0 });
  return {
    net: soak.net,
    text: localize(`${KEY}.Soak.Soaked`, { n: String(soak.net) }),
    taken:
      incoming === undefined
        ? ""
        : localize(`${KEY}.Soak.Taken`, { taken: String(soak.taken), incoming: String(incoming) }),
  };
}

/** A rest's lines (rest.ts): the hours, the dots back, a botch's loss (null when the card is no rest). */
export function restView(card: Pick<MaelstromCard, "rest"> | null, localize: Localize) {
  const rest = card?.rest;
  if (!rest) return null;
  const R = "POLYVERSE.Maelstrom.Rest.Card";
  return {
    rested: localize(`${R}.${rest.active ? "RestedActively" : "Rested"}`, { hours: String(rest.hours) }),
    regained: localize(`${R}.${rest.regained === 1 ? "RegainedOne" : "Regained"}`, {
      n: String(rest.regained),
    }),
    successes: rest.successes > 0 ? localize(`${R}.FromRoll`, { n: String(rest.successes) }) : "",
    lost:
      rest.lost > 0
        ? localize(`${KEY}.Willpower.Lost`, { lost: String(rest.lost), current: String(rest.current) })
        : "",
    broken: rest.broken ? localize(`${KEY}.Willpower.Broken`) : "",
    current: localize(`${R}.Current`, { n: String(rest.current) }),
  };
}

/** The card's context, localised. `card` is the `maelstrom-roll` card's state (absent for a bare roll). */
export function rollCardView(
  read: ReadRoll | null,
  options: {
    localize: Localize;
    flavor?: string | undefined;
    isPrivate?: boolean | undefined;
    card?: MaelstromCard | null;
    /** The actor now, for the buttons (null: none offered). */
    actor?: CardActorNow | null;
    /** Changes waiting for the GM, by the names of their documents. */
    pendingGM?: string[];
  },
) {
  const { localize } = options;
  const card = options.card ?? null;
  const common = {
    flavor: options.flavor ?? "",
    actorName: card?.actorName ?? "",
    pendingGM: options.pendingGM?.length
      ? localize(`${KEY}.PendingGM`, { names: options.pendingGM.join(", ") })
      : "",
  };
  const rest = restView(card, localize);
  // A rest without a roll (not active, or under 12 hours) is a card of its own lines.
  if (!read && rest)
    return {
      ...common,
      invalid: false,
      isPrivate: false,
      restOnly: true,
      kind: "rest",
      label: localize(`${KEY}.RestLabel`),
      rest,
    };
  if (!read) return { ...common, invalid: true, label: localize(`${KEY}.Invalid`) };
  const { options: o, rolled } = read;
  const label = rest ? localize(`${KEY}.RestLabel`) : rollLabel(o, localize);
  if (options.isPrivate) return { ...common, invalid: false, isPrivate: true, label };
  const experience: ExperienceDie | null =
    card?.experience && experienceValid(card.experience.faces, o.exploding) ? card.experience : null;
  const result = resolveDice(o, rolled, experience?.faces ?? []);
  const soak = o.kind === "soak" ? soakView(o, rolled, localize) : null;
  const offers = card
    ? cardOffers(o, result, card, options.actor ?? null)
    : { experience: [], willpower: false };
  const wound =
    o.woundPenalty > 0
      ? o.woundsIgnored
        ? {
            label: localize(`${KEY}.Wounds`),
            amount: localize(`${KEY}.WoundsIgnored`),
            chip: localize(`${KEY}.WoundsIgnoredChip`),
            ignored: true,
          }
        : {
            label: localize(`${KEY}.Wounds`),
            amount: signed(-o.woundPenalty),
            chip: localize(`${KEY}.WoundsChip`, { n: signed(-o.woundPenalty) }),
            ignored: false,
          }
      : null;
  const botchLoss = card?.botchLoss ?? null;
  return {
    ...common,
    invalid: false,
    isPrivate: false,
    kind: o.kind,
    rest,
    label,
    parts: o.parts.map((p) => partView(p, localize)),
    wound,
    pool: localize(`${KEY}.Pool`, { n: String(o.pool) }),
    difficulty: localize(`${KEY}.Difficulty`, { n: String(o.difficulty) }),
    difficultyParts: [
      { label: localize(`${KEY}.BaseDifficulty`), amount: String(o.baseDifficulty) },
      ...o.modifiers.map((m) => partView(m, localize)),
    ],
    threshold: o.threshold > 0 ? localize(`${KEY}.Threshold`, { n: String(o.threshold) }) : "",
    thresholdParts:
      o.threshold > 0
        ? [
            ...(o.baseThreshold > 0
              ? [{ label: localize(`${KEY}.BaseThreshold`), amount: String(o.baseThreshold) }]
              : []),
            ...(o.requiredUnused > 0
              ? [{ label: localize(`${KEY}.RequiredUnused`), amount: signed(o.requiredUnused) }]
              : []),
          ]
        : [],
    specialties: o.specialties.length
      ? localize(`${KEY}.Specialties`, {
          names: o.specialties.join(", "),
          n: String(o.specialties.length),
          max: String(o.maxSpecialties),
        })
      : "",
    exploding: o.exploding ? localize(`${KEY}.Exploding`) : "",
    autoSuccesses: o.autoSuccesses ? localize(`${KEY}.AutoSuccesses`, { n: String(o.autoSuccesses) }) : "",
    dice: rolled.dice.map((f) => normalDie(f, o.difficulty, localize)),
    noDice: rolled.dice.length === 0 ? localize(`${KEY}.NoDice`) : "",
    bonus: rolled.bonus.map((f) => bonusDie(f, o.difficulty, localize)),
    experience: experience
      ? {
          label: localize(`${KEY}.Experience.Rolled`),
          trait: localize(traitLabel(experience.trait)),
          dice: experience.faces.map((f) => bonusDie(f, o.difficulty, localize)),
        }
      : null,
    tally: soak
      ? null
      : {
          successes: result.successes,
          thresholdRemoved: result.thresholdRemoved,
          botches: result.botches,
          net: result.net,
        },
    outcome: soak ? null : outcomeView(result, card, localize),
    soak,
    willpowerSpent: card?.willpower
      ? localize(`${KEY}.Willpower.Spent`, { current: String(card.willpower.current) })
      : "",
    botchLoss: botchLoss
      ? {
          text: localize(`${KEY}.Willpower.Lost`, {
            lost: String(botchLoss.lost),
            current: String(botchLoss.current),
          }),
          broken: botchLoss.broken ? localize(`${KEY}.Willpower.Broken`) : "",
        }
      : null,
    buttons: {
      experience: offers.experience.map((trait) => ({
        trait,
        text:
          offers.experience.length > 1
            ? localize(`${KEY}.Experience.ButtonIn`, { trait: localize(traitLabel(trait)) })
            : localize(`${KEY}.Experience.Button`),
      })),
      willpower: offers.willpower ? localize(`${KEY}.Willpower.Button`) : "",
    },
    hasButtons: offers.experience.length > 0 || offers.willpower,
  };
}

export type RollCardView = ReturnType<typeof rollCardView>;
