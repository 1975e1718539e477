/**
 * The `virtually-real-check` card's view, Foundry-free: from where the check stands (card-state-logic
 * `checkState`), for one reader. It shows what is rolled, the lines its dice came from, the pool
 * (kept and dropped dice, a conflicted roll's deciding pair), the explosion as its own row (the [1]
 * confirmation die, the dropped sixes counted, the chain), the level and the total, and against a
 * DL the margin, the outcome and its degree, close enough, the effect bonus and the time it took; a
 * mulligan's re-roll beside the roll it replaced; an opposed check's other side and who won; what
 * the card gave (the skill's use, a brilliant's XP, Basic Combat Training's marks); the buttons the
 * check still offers.
 */
import { countText, formatNumber } from "../../../core/i18n-logic";
import type { CheckResult, PreparedCheck } from "../rules";
import { ROLLS_KEY } from "./check-input-logic";
import {
  checkOffers,
  featStanding,
  type CheckState,
  type DyingAnswer,
  type MarkKey,
} from "./card-state-logic";
import {
  capacityLines,
  degreeName,
  diceText,
  keepText,
  lineLabel,
  outcomeName,
  rangeText,
  signed,
  subjectLabel,
  type Localize,
} from "./text-logic";

const KEY = `${ROLLS_KEY}.Card`;

/** One die as the card draws it. */
export interface DieView {
  face: number;
  css: string;
  title: string;
}

/** A pool's reading as the card draws it. */
export interface PoolView {
  kept: DieView[];
  dropped: DieView[];
  decision: string;
  keep: string;
  explosion: { dice: DieView[]; text: string } | null;
  total: number;
  formula: string;
  outcome: string;
  tone: string;
}

const die = (face: number, css: string, title: string): DieView => ({ face, css, title });

/** The explosion row: [1]'s confirmation die, the dropped 6s counted, the chain. */
function explosionView(
  result: CheckResult,
  state: { confirmation: number | null; dice: number[] } | null,
  localize: Localize,
) {
  if (!result.brilliant && !state?.confirmation) return null;
  const dice: DieView[] = [];
  if (state?.confirmation)
    dice.push(die(state.confirmation, "pv-vr-confirm", localize(`${KEY}.Confirmation`)));
  for (const f of state?.dice ?? [])
    dice.push(die(f, f === 6 ? "pv-vr-six" : "pv-vr-last", localize(`${KEY}.Exploded`)));
  const parts: string[] = [];
  if (result.droppedSixes) parts.push(countText(localize, `${KEY}.DroppedSixes`, result.droppedSixes));
  if (result.brilliant && !result.diceNeeded)
    parts.push(localize(`${KEY}.ExplosionAdds`, { n: signed(result.explosionValue) }));
  else if (state?.confirmation) parts.push(localize(`${KEY}.NotConfirmed`));
  if (result.diceNeeded) parts.push(localize(`${KEY}.ExplosionGoesOn`));
  return { dice, text: parts.join(" · ") };
}

function poolView(
  input: PreparedCheck,
  result: CheckResult,
  explosion: CheckState["explosion"],
  localize: Localize,
  flag = true,
): PoolView {
  const high = result.keepHigh;
  const kept = result.kept.map((f) => die(f, "pv-vr-kept", localize(`${KEY}.Kept`)));
  const dropped = result.dropped.map((f) =>
    die(
      f,
      `pv-vr-dropped${f === 6 && high && result.brilliant ? " pv-vr-six" : ""}`,
      localize(`${KEY}.Dropped`),
    ),
  );
  const decision = result.decision
    ? localize(`${KEY}.Decision`, {
        low: String(result.decision.pair[0]),
        high: String(result.decision.pair[1]),
        value: String(result.decision.value),
        keep: localize(`${KEY}.Decision${result.decision.keepHigh ? "High" : "Low"}`),
      })
    : "";
  const bonus = input.level + (input.flat ?? 0);
  const formula = result.critical
    ? localize(`${KEY}.CriticalZero`, { sum: String(result.keptSum) })
    : [
        String(result.keptSum),
        ...(result.explosionValue ? [signed(result.explosionValue)] : []),
        signed(bonus),
      ].join(" ");
  const outcome = !flag
    ? ""
    : result.critical
      ? outcomeName("critical", localize)
      : result.brilliant
        ? outcomeName("brilliant", localize)
        : "";
  return {
    kept,
    dropped,
    decision,
    keep: keepText(result.plan, localize),
    explosion: explosionView(result, explosion, localize),
    total: result.total,
    formula,
    outcome,
    tone: result.critical ? "failure" : result.brilliant ? "critical" : "",
  };
}

/** The result against the DL: outcome, degree, margin, close enough, effect bonus, time. */
function verdict(state: CheckState, localize: Localize) {
  const r = state.result;
  if (r.diceNeeded > 0) return { text: localize(`${KEY}.Waiting`), tone: "pending", details: [] as string[] };
  if (state.dl === null) return { text: "", tone: "", details: [] as string[] };
  const { outcome, degree } = state.outcome;
  const details: string[] = [localize(`${KEY}.Margin`, { margin: signed(r.margin ?? 0) })];
  if (degree && outcome !== "success" && outcome !== "brilliant")
    details.push(localize(`${KEY}.FailureDegree`, { degree: degreeName(degree, localize) }));
  else if (degree && degree !== "success")
    details.push(localize(`${KEY}.SuccessDegree`, { degree: degreeName(degree, localize) }));
  if (r.effectBonus) details.push(localize(`${KEY}.EffectBonus`, { n: signed(r.effectBonus) }));
  if (state.time !== null && state.time !== 1)
    details.push(localize(`${KEY}.Time`, { factor: formatNumber(state.time, { maximumFractionDigits: 2 }) }));
  const tone =
    outcome === "critical"
      ? "failure"
      : outcome === "failure"
        ? "failure"
        : outcome === "closeEnough"
          ? "partial"
          : "success";
  return { text: outcomeName(outcome, localize), tone, details };
}

/** What the card gave, as lines. */
function marksView(marks: readonly MarkKey[], skill: string | null, localize: Localize): string[] {
  return marks.map((m) => localize(`${KEY}.Mark.${m}`, { skill: skill ?? "" }));
}

/** Who reads the card and what they may press (the card's buttons are hidden to others by core). */
export interface CheckReader {
  localize: Localize;
  flavor?: string | undefined;
  isPrivate?: boolean | undefined;
  /** The roller may take a mulligan (Aura [1] or more). */
  mulliganAllowed?: boolean;
  /** The names whose changes wait for the GM. */
  pendingGM?: readonly string[];
  /** The retry buttons a failed skill check offers now (`retryOffers`). */
  retry?: { retry: boolean; allow: boolean };
  /** The reader owns a character with an intimacy toward the roller, on a roll not theirs. */
  force?: boolean;
  /** A deadly save critically failed while Dying: the answers the owner may give. */
  dyingAnswers?: readonly DyingAnswer[];
  /** A strength feat offers its owner another try. */
  featRetry?: boolean;
  /** The GM may drop a tension die for this failed check (the Tension Pool's, documents/tension.ts). */
  tensionDrop?: boolean;
}

/** A strength feat's retries, its standing total, and the table the total is read on. */
function featView(state: CheckState, localize: Localize) {
  const standing = featStanding(state);
  if (!standing) return null;
  const tries = standing.tries.slice(1).map((r, i) => ({
    text: localize(`${CARDS_KEY}.Feat.Try`, {
      n: String(i + 2),
      crit: signed(i + 1),
      total: r.diceNeeded ? "…" : String(r.total),
    }),
    tone: r.critical ? "failure" : "",
    critical: r.critical ? localize(`${CARDS_KEY}.Feat.Critical`) : "",
  }));
  const total = standing.over
    ? localize(`${CARDS_KEY}.Feat.Dropped`)
    : standing.best === null
      ? ""
      : localize(`${CARDS_KEY}.Feat.Standing`, { total: String(standing.best) });
  return { tries, total, tone: standing.over ? "failure" : "", table: localize(`${CARDS_KEY}.Feat.Table`) };
}

/** The check card's strings this file adds (lang/en/virtually-real-cards.json). */
export const CARDS_KEY = "POLYVERSE.VirtuallyReal.Cards";
/** The Tension Pool's strings (documents/tension-logic.ts `TENSION`). */
const TENSION_KEY = "POLYVERSE.VirtuallyReal.Tension";

/** The lines about a retry chain, a forced mulligan and a save while Dying. */
function extrasView(state: CheckState, reader: CheckReader) {
  const { localize } = reader;
  const card = state.card;
  const retry = card.retry
    ? localize(`${CARDS_KEY}.Retry.Of`, { count: String(card.retry.count), crit: signed(card.retry.count) })
    : "";
  const allowed = card.retryAllowed && reader.retry?.retry ? localize(`${CARDS_KEY}.Retry.Allowed`) : "";
  const answers = reader.dyingAnswers ?? [];
  const dying = card.dying
    ? localize(`${CARDS_KEY}.Dying.${card.dying}`, { name: card.actorName })
    : answers.length
      ? localize(`${CARDS_KEY}.Dying.${answers.includes("light") ? "Ask" : "NoLight"}`, {
          name: card.actorName,
        })
      : "";
  return { retry, allowed, dying, feat: featView(state, localize) };
}

/** The card's template context (invalid: a roll or card this system could not have written). */
export function checkCardView(state: CheckState | null, reader: CheckReader) {
  const { localize } = reader;
  if (!state)
    return {
      invalid: true,
      title: localize(`${KEY}.Invalid`),
      flavor: reader.flavor ?? "",
      isPrivate: false,
    };
  const o = state.read.options;
  const card = state.card;
  const title = subjectLabel(o.subject, localize, o.label);
  const base = {
    invalid: false,
    title,
    actorName: card.actorName,
    flavor: reader.flavor ?? "",
    isPrivate: reader.isPrivate === true,
  };
  if (reader.isPrivate) return base;
  const offers = checkOffers(state, reader.mulliganAllowed === true);
  const v = verdict(state, localize);
  const forcer = card.mulligan?.forcer ?? null;
  const mulligan = card.mulligan
    ? {
        text: forcer
          ? localize(`${CARDS_KEY}.Force.${forcer.hated ? "DoneHate" : "Done"}`, {
              forcer: forcer.actorName,
              intimacy: card.mulligan.intimacy,
              light: String(card.mulligan.light),
              level: localize(`POLYVERSE.VirtuallyReal.Character.IntimacyLevel.${card.mulligan.level}`),
            })
          : localize(`${KEY}.Mulligan`, {
              intimacy: card.mulligan.intimacy,
              light: String(card.mulligan.light),
              level: localize(`POLYVERSE.VirtuallyReal.Character.IntimacyLevel.${card.mulligan.level}`),
            }),
        before: state.before ? poolView(o.input, state.before, card.explosion ?? null, localize) : null,
        declared: card.mulligan.declared ? localize(`${KEY}.MulliganDeclared`) : "",
      }
    : null;
  const opponent = o.opposed
    ? {
        name: o.opposed.name,
        waiting: state.opponent ? "" : localize(`${KEY}.OpponentWaiting`, { name: o.opposed.name }),
        pool:
          state.opponent && card.opponentRoll
            ? poolView(card.opponentRoll.input, state.opponent, card.opponentRoll.explosion, localize)
            : null,
        winner: state.opposed
          ? localize(`${KEY}.${state.opposed.actorWins ? "Wins" : "Loses"}`, {
              name: card.actorName,
              other: o.opposed.name,
            })
          : "",
        winnerTone: state.opposed ? (state.opposed.actorWins ? "success" : "failure") : "",
      }
    : null;
  const buttons = {
    explode: offers.explode
      ? localize(`${KEY}.Button.${offers.explode === "confirm" ? "Confirm" : "Explode"}`)
      : "",
    mulligan: offers.mulligan ? localize(`${KEY}.Button.Mulligan`) : "",
    opponentRoll:
      offers.opponentRoll && o.opposed
        ? localize(`${KEY}.Button.OpponentRoll`, { name: o.opposed.name })
        : "",
    retry: reader.retry?.retry ? localize(`${CARDS_KEY}.Button.Retry`) : "",
    allowRetry: reader.retry?.allow ? localize(`${CARDS_KEY}.Button.AllowRetry`) : "",
    force: reader.force && !card.mulligan ? localize(`${CARDS_KEY}.Button.Force`) : "",
    dyingLight:
      !card.dying && reader.dyingAnswers?.includes("light") ? localize(`${CARDS_KEY}.Button.GiveLight`) : "",
    dyingDie: !card.dying && reader.dyingAnswers?.includes("die") ? localize(`${CARDS_KEY}.Button.Die`) : "",
    featRetry: reader.featRetry
      ? localize(`${CARDS_KEY}.Button.FeatRetry`, { crit: signed((card.feat?.length ?? 0) + 1) })
      : "",
    tensionDrop: reader.tensionDrop ? localize(`${TENSION_KEY}.CheckButton`) : "",
  };
  return {
    ...base,
    kind: localize(`POLYVERSE.VirtuallyReal.Check.Kind.${o.subject.kind}`),
    lines: [
      ...o.lines.map((l) => ({ label: lineLabel(l, localize), dice: diceText(l, localize) })),
      ...capacityLines(o.input, state.read.plan, localize),
    ],
    range: rangeText(state.result.plan, localize),
    mulligan,
    // The verdict says brilliant or critical against a DL: the pool's own flag only without one.
    pool: poolView(state.input, state.result, state.explosion, localize, state.dl === null),
    dl:
      state.dl === null
        ? ""
        : localize(o.opposed ? `${KEY}.Against` : `${KEY}.DL`, {
            dl: String(state.dl),
            name: o.opposed?.name ?? "",
          }),
    verdict: v.text,
    verdictTone: v.tone,
    details: v.details,
    opponent,
    marks: marksView(card.marks ?? [], o.subject.skillName, localize),
    pendingGM: reader.pendingGM?.length
      ? localize(`${KEY}.PendingGM`, { names: reader.pendingGM.join(", ") })
      : "",
    buttons,
    extras: extrasView(state, reader),
    hasButtons: Object.values(buttons).some(Boolean),
    tensionDropHint: reader.tensionDrop ? localize(`${TENSION_KEY}.CheckButtonHint`) : "",
  };
}
