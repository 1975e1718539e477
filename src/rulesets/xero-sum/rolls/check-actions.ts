/**
 * Xero Sum checks on core's pipeline (`runRoll`, kind "check"): `rollCheck` gathers the actor's
 * numbers and the world's settings (`configure`), asks the roller (`dialog`: the check dialog with
 * its live exact odds, or its defaults with the skip key or `skipDialog`), rolls and works out what
 * the roll changes applying nothing (`evaluate`: the Insight Die spent before the roll, the Moment's
 * die), posts the `xero-sum-check` card with the changes the roller may not make left for the GM
 * (`post`), then applies the rest and has a Cover Fire penalty the check took used up (`apply`). `rollPerception` is a Perception check, `rollOpposed`
 * an opposed check whose other side the opponent's owner rolls from the card, `rollGroupCheck` a
 * Group Check rolled by its leader for every participant.
 */
import { applyPosted } from "../../../core/changes";
import { postRolledCard } from "../../../core/cards";
import { localize } from "../../../core/i18n";
import { chooseRoll, type RollAsk } from "../../../core/roll-dialog";
import { runRoll } from "../../../core/rolls/pipeline";
import { isXeroSumLiving } from "../data/systems";
import type { AttributeKey, SkillKey } from "../rules";
import { checkResultOf, outcomeOf, type CheckOutcome } from "./card";
import { checkActor, checkSettings } from "./check-actor";
import {
  checkPlan,
  planOptions,
  type CheckDialogInput,
  type CheckDialogState,
  type NamedCmod,
  type Traits,
} from "./check-plan-logic";
import { checkState, rollChanges, type CheckState } from "./check-state-logic";
import { useCheckPenalty } from "./check-penalty";
import { checkDialogModel } from "./dialog-logic";
import { CHECK_CARD, type XeroSumCheckCard } from "./messages-logic";
import type { BeforeRollInsight, CheckKind } from "./roll-logic";
import { bandName, traitsLabel } from "./text-logic";
import { XeroSumRoll } from "./xero-sum-roll";

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

/** `rollCheck`'s options: the check as far as the caller settles it, and how it is posted. */
export interface CheckRollOptions extends RollAsk {
  attribute?: AttributeKey;
  skill?: SkillKey;
  /** CMods the caller names ("Damaged item" −1, "First Impression" +1): each a checkbox, on. */
  conditional?: NamedCmod[];
  /** "attribute", "skill", "perception" (Reason + Acumen + its bonuses) or "breakingPoint" (Reason & Acumen). */
  kind?: CheckKind;
  /** A line above the card ("Stabilising Bo"). */
  flavor?: string;
  /** An Insight Die spent before the roll: a third die, or +3. */
  insight?: BeforeRollInsight | null;
  /** Offer the roller's owner to replace the check's dice with Insight Dice after the roll. Default true. */
  replace?: boolean;
}

/** `rollOpposed`'s options: the roller's check, and what the opponent rolls (by default the same). */
export interface OpposedRollOptions extends CheckRollOptions {
  opponent?: { kind?: CheckKind; attribute?: AttributeKey; skill?: SkillKey };
}

/** `rollGroupCheck`'s options: no Insight ("Insight Dice cannot be used as part of a Group Check"). */
export type GroupRollOptions = Omit<CheckRollOptions, "insight" | "replace">;

/** What a check made: its card, its roll and its result now. */
export interface CheckRolled {
  message: Message | null;
  roll: XeroSumRoll;
  result: CheckOutcome;
}

interface Evaluated {
  roll: XeroSumRoll;
  card: XeroSumCheckCard;
  state: CheckState;
  changes: ReturnType<typeof rollChanges>["changes"];
  rollMode: string;
  speaker: AnyActor;
}

const warn = (problem: { key: string; data?: Record<string, string> }) =>
  ui.notifications?.warn(localize(problem.key, problem.data));

/** The traits a caller's choice names (kind, attribute, skill), for an opponent. */
function traitsOfChoice(c: NonNullable<OpposedRollOptions["opponent"]>): Traits {
  const kind = c.kind ?? (c.skill ? "skill" : "attribute");
  if (kind === "perception" || kind === "breakingPoint") return { kind, attribute: null, skill: null };
  if (kind === "skill" && c.skill) return { kind, attribute: c.attribute ?? null, skill: c.skill };
  return { kind: "attribute", attribute: c.attribute ?? "rsn", skill: null };
}

/** The dialog's input for a check by `actor`. */
function inputFor(actor: AnyActor, choice: CheckRollOptions): CheckDialogInput {
  return {
    actor: checkActor(actor),
    settings: checkSettings(),
    choice: {
      ...(choice.kind ? { kind: choice.kind } : {}),
      ...(choice.attribute ? { attribute: choice.attribute } : {}),
      ...(choice.skill ? { skill: choice.skill } : {}),
      ...(choice.conditional ? { conditional: choice.conditional } : {}),
      ...(choice.insight !== undefined ? { insight: choice.insight } : {}),
    },
  };
}

async function evaluate(
  input: CheckDialogInput,
  settled: { state: CheckDialogState; rollMode: string },
  actors: readonly AnyActor[],
  replace: boolean,
): Promise<Evaluated | null> {
  const plan = checkPlan(input, settled.state);
  const problem = plan.problems[0];
  if (problem) {
    warn(problem);
    return null;
  }
  const roller = actors[plan.leader] ?? actors[0]!;
  const options = planOptions(input, plan, replace);
  const roll = await XeroSumRoll.rollCheck(options);
  const read = roll.read;
  if (!read) throw new Error("Polyverse: a Xero Sum check could not be read back");
  const who = { uuid: roller.uuid, name: roller.name ?? "" };
  const { changes, gained } = rollChanges(read.options, read.faces, who);
  const card: XeroSumCheckCard = { actorUuid: who.uuid, actorName: who.name, ...(gained ? { gained } : {}) };
  const state = checkState(read, card);
  if (!state) throw new Error("Polyverse: a Xero Sum check could not be read back");
  return { roll, card, state, changes, rollMode: settled.rollMode, speaker: roller };
}

/** Post the card with the changes the roller may not make left for the GM. */
function post(rolled: Evaluated, flavor: string | undefined) {
  const result = outcomeOf(rolled.state);
  const o = rolled.state.options;
  const label = traitsLabel({ kind: o.kind, attribute: o.attribute, skill: o.skill }, localize);
  const text = `${label}: ${result.total}, ${bandName(result.band, localize)}`;
  return postRolledCard(CHECK_CARD, rolled.speaker, rolled, { text, flavor });
}

/** Run a check on the pipeline: the dialog, the roll, the card, the changes. */
async function run(
  kind: string,
  actors: readonly AnyActor[],
  configure: () => CheckDialogInput,
  choice: CheckRollOptions,
): Promise<CheckRolled | null> {
  const outcome = await runRoll(
    { ruleset: "xero-sum", kind, subject: actors.length === 1 ? actors[0] : actors },
    {
      configure,
      dialog: (input) => chooseRoll(checkDialogModel(input, localize), choice),
      evaluate: (input, settled) => evaluate(input, settled, actors, choice.replace ?? true),
      post: (rolled) => post(rolled, choice.flavor),
      apply: async (_rolled, posted) => {
        await applyPosted(posted);
        // A Cover Fire penalty the check took is used up now (check-penalty.ts), never before the roll.
        await useCheckPenalty(posted.message);
      },
    },
  );
  if (outcome.status !== "done") return null;
  const { rolled, posted } = outcome.context;
  const result = (posted.message ? checkResultOf(posted.message) : null) ?? outcomeOf(rolled.state);
  return { message: posted.message, roll: rolled.roll, result };
}

const refuseNotXeroSum = (actor: AnyActor | null | undefined): boolean => {
  if (actor && isXeroSumLiving(actor)) return false;
  ui.notifications?.warn(localize("POLYVERSE.XeroSum.Roll.Problem.NotXeroSum"));
  return true;
};

/**
 * A check: an attribute alone, a skill with its attribute (Barter's per `barterAttribute`), Perception
 * or Reason & Acumen, through the check dialog (or its defaults with the skip key or `skipDialog`).
 * Its card, roll and result (`{ total, band, moment, dice }`), or null when cancelled, refused or
 * vetoed by a `polyverse.*` roll hook.
 */
export async function rollCheck(
  actor: AnyActor,
  options: CheckRollOptions = {},
): Promise<CheckRolled | null> {
  if (refuseNotXeroSum(actor)) return null;
  return run("check", [actor], () => inputFor(actor, options), options);
}

/** A Perception check: 2d6 + Reason + Acumen (the Perception stat, with its bonuses) + CMods. */
export function rollPerception(
  actor: AnyActor,
  options: Omit<CheckRollOptions, "kind" | "attribute" | "skill"> = {},
): Promise<CheckRolled | null> {
  return rollCheck(actor, { ...options, kind: "perception" });
}

/**
 * An opposed check against `opponent`: the roller's check now, the opponent's from the card, rolled
 * for its owner (or the GM) by the GM; the higher total wins, a draw gives neither side the upper
 * hand. The result is the roller's side (its `winner` null until the opponent rolls).
 */
export async function rollOpposed(
  actor: AnyActor,
  opponent: AnyActor,
  options: OpposedRollOptions = {},
): Promise<CheckRolled | null> {
  if (refuseNotXeroSum(actor) || refuseNotXeroSum(opponent)) return null;
  if (opponent.uuid === actor.uuid) {
    ui.notifications?.warn(localize("POLYVERSE.XeroSum.Roll.Problem.SelfOpposed"));
    return null;
  }
  const traits = options.opponent ? traitsOfChoice(options.opponent) : undefined;
  return run(
    "opposed",
    [actor],
    () => ({
      ...inputFor(actor, options),
      opposed: { actor: checkActor(opponent), ...(traits ? { traits } : {}) },
    }),
    options,
  );
}

/**
 * A Group Check by several characters on the same attribute or skill: the one with the highest AMod
 * + SMod rolls, adding the others' AMods (and SMods with `groupCheckSkills`) and CMods; no Insight
 * Dice; a Moment of Insight gives every participant an Insight Die.
 */
export async function rollGroupCheck(
  actors: readonly AnyActor[],
  options: GroupRollOptions = {},
): Promise<CheckRolled | null> {
  const members = [...new Map(actors.map((a) => [a.uuid, a])).values()];
  if (!members.length || members.some((a) => refuseNotXeroSum(a))) return null;
  return run(
    "group",
    members,
    () => ({ ...inputFor(members[0]!, options), group: members.map(checkActor) }),
    { ...options, replace: false },
  );
}
