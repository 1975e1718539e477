/**
 * Virtually Real checks on core's pipeline (`runRoll`, kind "check"), for the sheets, the fight and
 * scene glue and macros: `rollCheck` gathers the actor's numbers and the world's settings
 * (`configure`), asks the roller (`dialog`: the check dialog with its live exact odds, or its
 * defaults with the skip key or `skipDialog`), rolls the pool and works out the marks the roll earns
 * (`evaluate`), posts the `virtually-real-check` card with the changes the roller may not make left
 * for the GM (`post`), then applies the rest (`apply`). `rollSave` is a saving throw, `rollOpposed`
 * an opposed check whose other side the opponent's owner rolls from the card; `rollEmotionalSave`
 * and `rollDarkness` the sheet's emotional saves and Darkness roll.
 */
import { ownsActor } from "../../../core/actor-lookup";
import { applyPosted } from "../../../core/changes";
import { postRolledCard } from "../../../core/cards";
import { localize } from "../../../core/i18n";
import { chooseRoll } from "../../../core/roll-dialog";
import { runRoll } from "../../../core/rolls/pipeline";
import { isVirtuallyRealLiving } from "../data/systems";
import {
  ATTRIBUTE_KEYS,
  DL_KEYS,
  type AttributeKey,
  type DLKey,
  type EmotionalTarget,
  type SaveKind,
} from "../rules";
import { checkResultOf } from "./card";
import { CHECK_CARD, checkCardProblems, checkState, type VirtuallyRealCheckCard } from "./card-state-logic";
import { earnedMarks, markChanges } from "./changes-logic";
import { checkActor, checkSettings, markTarget, teamMates } from "./check-actor";
import {
  findSkill,
  hasTeam,
  ROLLS_KEY,
  teamUsedSkills,
  type CheckActor,
  type CheckChoice,
  type TeamChoice,
} from "./check-input-logic";
import type { CheckRolled, RollCheckOptions, RollOpposedOptions, RollSaveOptions } from "./check-types";
import {
  checkDialogModel,
  dialogPlan,
  stateChoice,
  type CheckDialogInput,
  type CheckDialogState,
} from "./dialog-logic";
import { storedChoice, type CheckOpponent, type VirtuallyRealCheckOptions } from "./roll-logic";
import { subjectLabel } from "./text-logic";
import { VirtuallyRealRoll } from "./virtually-real-roll";
import type { DocumentChange } from "../../../core/changes-logic";

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

const warn = (key: string, data?: Record<string, string>) => ui.notifications?.warn(localize(key, data));

/** The skill item's id a caller's `skill` names (an item, its id, name or rules reference). */
function skillIdOf(actor: CheckActor, skill: RollCheckOptions["skill"]): string | null {
  if (!skill) return null;
  if (typeof skill !== "string") return skill.id ?? null;
  return findSkill(actor, skill)?.id ?? skill;
}

/** The team a caller's options name: Added Experience, helpers, a Combination's second part, "I'll try too!". */
function teamOf(actor: CheckActor, options: RollCheckOptions): TeamChoice | null {
  const combination = options.combination;
  const attribute =
    typeof combination === "string" && (ATTRIBUTE_KEYS as readonly string[]).includes(combination)
      ? (combination as AttributeKey)
      : null;
  const team: TeamChoice = {
    secondSkillId: options.secondSkill ? skillIdOf(actor, options.secondSkill) : null,
    combineSkillId: combination && !attribute ? skillIdOf(actor, combination) : null,
    combineAttribute: attribute,
    helpers: (options.helpers ?? []).map((h) => (typeof h === "string" ? h : h.uuid)),
    triedToo: options.triedToo === true,
  };
  return hasTeam(team) ? team : null;
}

/** The choice a caller's options name. */
export function choiceOf(
  actor: CheckActor,
  options: RollCheckOptions & { emotionalTarget?: EmotionalTarget; darkness?: boolean },
): CheckChoice {
  const team = teamOf(actor, options);
  const kind =
    options.kind ??
    options.prepared?.kind ??
    (options.combination
      ? "combination"
      : options.skill
        ? "skill"
        : options.save
          ? "save"
          : options.darkness
            ? "attribute"
            : "attribute");
  return {
    ...(team ? { team } : {}),
    kind,
    skillId: skillIdOf(actor, options.skill),
    attribute: options.attribute ?? null,
    save: options.save ?? (kind === "save" ? "standard" : null),
    emotionalTarget: options.emotionalTarget ?? null,
    darkness: options.darkness === true,
    advantage: options.advantage ?? 0,
    disadvantage: options.disadvantage ?? 0,
    critMod: options.critMod ?? 0,
    ...(options.luck ? { luck: options.luck } : {}),
    ...(options.mental ? { mental: true } : {}),
    ...(options.careful ? { careful: options.careful } : {}),
    ...(options.prepared ? { prepared: options.prepared } : {}),
  };
}

/** The dialog's input for a check by `actor`. */
function inputFor(
  actor: AnyActor,
  options: RollCheckOptions & { emotionalTarget?: EmotionalTarget; darkness?: boolean },
  against?: { name: string } | null,
): CheckDialogInput {
  const settings = checkSettings();
  const reader = checkActor(actor);
  // A fight's or a story's own check (its `extra`) is rolled as the caller asked: no team offered.
  const teamed =
    !against && !options.emotionalTarget && !options.darkness && !options.prepared && !options.extra;
  return {
    ...(teamed ? { team: { mates: teamMates(actor), maxHelpers: settings.build.team.maxHelpers } } : {}),
    actor: reader,
    choice: choiceOf(reader, options),
    dl: against ? null : (options.dl ?? null),
    label: options.label ?? null,
    check: settings.check,
    build: settings.build,
    ...(options.emotionalTarget ? { lockSubject: true } : {}),
    ...(against ? { against } : {}),
  };
}

/** Whether a caller's `extra` breaks the card's shape (too large, not plain data). */
const extraProblem = (extra: Record<string, unknown>): boolean =>
  checkCardProblems({
    actorUuid: "Actor.check",
    actorName: "",
    kind: "skill",
    skillId: null,
    attribute: null,
    save: null,
    extra,
  }).length > 0;

interface Evaluated {
  roll: VirtuallyRealRoll;
  card: VirtuallyRealCheckCard;
  changes: DocumentChange[];
  text: string;
  rollMode: string;
}

/** Roll the check the dialog settled, and work out its card and the changes its result makes. */
async function evaluate(
  actor: AnyActor,
  input: CheckDialogInput,
  settled: { state: CheckDialogState; rollMode: string },
  extra: { opposed: CheckOpponent | null; extra?: Record<string, unknown> | undefined },
): Promise<Evaluated | null> {
  const d = dialogPlan(input, settled.state);
  const problem = d.problems[0];
  if (problem || !d.plan) {
    if (problem) warn(problem.key, problem.data);
    return null;
  }
  if (extra.extra && extraProblem(extra.extra)) {
    warn(`${ROLLS_KEY}.Problem.ExtraTooLarge`);
    return null;
  }
  const subject = d.built.subject;
  const choice = { ...stateChoice(input, settled.state), skillId: subject.skillId };
  const dlKey = settled.state.dl;
  const options: VirtuallyRealCheckOptions = {
    type: "check",
    choice: storedChoice(choice),
    input: d.built.input,
    dl: d.dl,
    dlKey: (DL_KEYS as readonly string[]).includes(dlKey) ? (dlKey as DLKey) : null,
    subject,
    lines: d.built.lines,
    settings: input.check,
    label: input.label,
    opposed: extra.opposed,
  };
  const roll = await VirtuallyRealRoll.rollCheck(options, d.plan);
  const read = roll.read;
  if (!read) throw new Error("Polyverse: a Virtually Real check could not be read back");
  const card: VirtuallyRealCheckCard = {
    actorUuid: actor.uuid,
    actorName: actor.name ?? "",
    kind: subject.kind,
    skillId: subject.skillId,
    attribute: subject.attribute,
    save: subject.save,
    ...(extra.extra ? { extra: extra.extra } : {}),
  };
  const state = checkState(read, card);
  if (!state) throw new Error("Polyverse: a Virtually Real check could not be read back");
  const target = {
    ...markTarget(actor, subject.skillId),
    usedToo: teamUsedSkills(input.actor, choice, input.team?.mates ?? []),
  };
  const marks = earnedMarks(state, target.skill?.attribute ?? null);
  const changes = markChanges(marks, target, checkSettings().attribute);
  const label = subjectLabel(subject, localize, input.label);
  return {
    roll,
    card: marks.length ? { ...card, marks } : card,
    changes,
    text: `${label}: ${state.result.total}`,
    rollMode: settled.rollMode,
  };
}

/** Run a check on the pipeline: the dialog, the roll, the card, the changes. */
async function run(
  actor: AnyActor,
  kind: string,
  configure: () => CheckDialogInput,
  options: RollCheckOptions,
  opposed: CheckOpponent | null = null,
): Promise<CheckRolled | null> {
  const outcome = await runRoll(
    { ruleset: "virtually-real", kind, subject: actor },
    {
      configure,
      dialog: (input) => chooseRoll(checkDialogModel(input, localize), options),
      evaluate: (input, settled) => evaluate(actor, input, settled, { opposed, extra: options.extra }),
      post: (rolled) =>
        postRolledCard(
          CHECK_CARD,
          actor,
          { ...rolled, rollMode: rolled.rollMode || options.rollMode || null },
          { text: rolled.text, flavor: options.flavor },
        ),
      apply: (_rolled, posted) => applyPosted(posted),
    },
  );
  if (outcome.status !== "done") return null;
  const message = outcome.context.posted.message as Message | null;
  const result = message ? checkResultOf(message) : null;
  return message && result ? { message, result } : null;
}

/** Refuse (with a warning) anything but a Virtually Real actor this user may roll for. */
function refused(actor: AnyActor | null | undefined): boolean {
  if (!actor || !isVirtuallyRealLiving(actor)) {
    warn(`${ROLLS_KEY}.Problem.NotVirtuallyReal`);
    return true;
  }
  const user = game.user;
  if (!user || !ownsActor(actor, user)) {
    warn(`${ROLLS_KEY}.Problem.NotYours`, { name: actor.name ?? "" });
    return true;
  }
  return false;
}

/**
 * A check by `actor`: a skill (its item, id, name or rules reference), an attribute check, a save, a
 * Combination or a strength feat (`prepared`: the rules' input the caller built), through the check
 * dialog (or its defaults with the skip key or `skipDialog`). Its card and result (the rules'
 * `CheckResult` as it stands: `diceNeeded` 1 while a brilliant's explosion waits for its button), or
 * null when cancelled, refused or vetoed by a `polyverse.*` roll hook.
 */
export async function rollCheck(
  actor: AnyActor,
  options: RollCheckOptions = {},
): Promise<CheckRolled | null> {
  if (refused(actor)) return null;
  return run(actor, "check", () => inputFor(actor, options), options);
}

/** A saving throw: Health, Dodge, Evade, Initiative, Perception, or a standard save of `attribute`. */
export function rollSave(
  actor: AnyActor,
  save: SaveKind,
  options: RollSaveOptions = {},
): Promise<CheckRolled | null> {
  return rollCheck(actor, { ...options, kind: "save", save });
}

/**
 * An emotional target's save: the target's save skill (Basic Combat Training, Faith, Culture -
 * Influence, Culture - Integrity) with the target's wounds and armors and adrenaline's dice; an Aura
 * save assigned to the target when the actor has no such skill.
 */
export async function rollEmotionalSave(
  actor: AnyActor,
  target: EmotionalTarget,
  options: RollSaveOptions = {},
): Promise<CheckRolled | null> {
  if (refused(actor)) return null;
  const choice = { ...options, kind: "skill" as const, emotionalTarget: target };
  return run(actor, "emotionalSave", () => inputFor(actor, choice), options);
}

/** A Darkness roll: "You will roll your Darkness points just like any other attribute". */
export async function rollDarkness(
  actor: AnyActor,
  options: RollSaveOptions = {},
): Promise<CheckRolled | null> {
  if (refused(actor)) return null;
  const choice = { ...options, kind: "attribute" as const, darkness: true };
  return run(actor, "darkness", () => inputFor(actor, choice), options);
}

/** The opponent's side of an opposed check: the caller's, else the same check by the opponent's skill. */
function opponentSide(roller: CheckActor, opponent: AnyActor, options: RollOpposedOptions): CheckOpponent {
  const reader = checkActor(opponent);
  const side = options.opponent ?? {};
  const mine = options.skill ? findSkill(roller, skillIdOf(roller, options.skill)) : null;
  const skill =
    side.skill !== undefined
      ? findSkill(reader, skillIdOf(reader, side.skill))
      : mine
        ? (findSkill(reader, mine.ref) ?? findSkill(reader, mine.name))
        : null;
  const kind = side.kind ?? (skill ? "skill" : (options.kind ?? (options.save ? "save" : "attribute")));
  const attribute = side.attribute ?? options.attribute ?? mine?.attribute ?? (skill ? null : "body");
  return {
    uuid: opponent.uuid,
    name: opponent.name ?? "",
    kind: kind === "skill" && !skill ? "attribute" : kind,
    skillId: kind === "skill" ? (skill?.id ?? null) : null,
    attribute: kind === "skill" && skill ? (side.attribute ?? null) : attribute,
    save: kind === "save" ? (side.save ?? options.save ?? "standard") : null,
    ties: checkSettings().ties,
  };
}

/**
 * An opposed check against `opponent`: "your difficulty can be expressed as an opposed roll", the
 * opponent's total is the roller's DL. The roller's check now; the opponent's owner rolls the other
 * side from the card (the GM rolls it for them), their explosion rolled with it; ties go as the
 * world's `ties` says. The result is the roller's side (against no DL until the opponent rolls).
 */
export async function rollOpposed(
  actor: AnyActor,
  opponent: AnyActor,
  options: RollOpposedOptions = {},
): Promise<CheckRolled | null> {
  if (refused(actor)) return null;
  if (!opponent || !isVirtuallyRealLiving(opponent)) {
    warn(`${ROLLS_KEY}.Problem.NotVirtuallyReal`);
    return null;
  }
  if (opponent.uuid === actor.uuid) {
    warn(`${ROLLS_KEY}.Problem.SelfOpposed`);
    return null;
  }
  const side = opponentSide(checkActor(actor), opponent, options);
  return run(actor, "opposed", () => inputFor(actor, options, { name: opponent.name ?? "" }), options, side);
}
