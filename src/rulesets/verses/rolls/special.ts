/**
 * The special tests of 'Verses Core in Foundry: Rest, continuous tests (start, Maintain, let go),
 * Connectedness, Charm and Intimidation contests, Stabilizing, Healing (and its daily continuation),
 * Awaken and the Survival roll. Each function gathers the documents' data, asks `special-logic.ts`
 * for the pool and, after the roll, for the outcome and the document changes; rolls the dice as a
 * `VersesRoll`; applies the changes the user may make; and posts the card. A change to a document
 * the user may not update (another player's patient, the GM's target) is kept on the card, which says
 * so, and sent to the GM to apply (`changes.ts`).
 */
import { templatePath } from "../../../core/constants";
import { registerChatAction, speakerActor } from "../../../core/chat";
import {
  abilityDice,
  type ActorKind,
  type InfluenceKind,
  type SocialSituation,
  type SurvivalOutcome,
} from "../rules";
import { versesMaxPool, versesOption } from "../settings";
import { chooseRollMode } from "./dice-so-nice";
import { PoolRollDialog, defaultRollMode, localizeLabel, rollModeChoices } from "../../../core/roll-dialog";
import { isSkipDialogHeld } from "./keybindings";
import { versesSkillCatalog } from "./skill-catalog";
import {
  awakenDialog,
  connectednessDialog,
  continuousDialog,
  continuousOptions,
  healingDayDialog,
  influenceDialog,
  maintainDialog,
  recoveryDialog,
  restDialog,
  settleSpecialDialog,
  survivalDialog,
  type SpecialDialog,
  type SpecialDialogBase,
} from "./special-dialog-logic";
import {
  pickRecoveryGear,
  planAwaken,
  skillGearOf,
  supplyGearOf,
  planConnectedness,
  planContinuousStart,
  planHealing,
  planInfluence,
  planMaintenance,
  hitSkipsMaintenance,
  resolveMaintenanceSkipped,
  planRest,
  planStabilize,
  planSurvival,
  recoveryOptions,
  resolveAwakenRoll,
  resolveConnectednessRoll,
  resolveContinuousStart,
  resolveHealingRoll,
  resolveInfluenceRoll,
  resolveMaintenanceRoll,
  resolveRestRoll,
  resolveStabilizeRoll,
  resolveSurvivalRoll,
  specialCardContext,
  storedContinuous,
  endContinuousChange,
  type AwakenChoice,
  type CardLine,
  type ConnectednessChoice,
  type ContinuousStartChoice,
  type DocumentChange,
  type HealingChoice,
  type HealingCourse,
  type InfluenceChoice,
  type LivingState,
  type Localize,
  type MaintainChoice,
  type OwnedItem,
  type PatientState,
  type PoolWorld,
  type RecoveryChoice,
  type RecoveryGear,
  type RestChoice,
  type SpecialCard,
  type SpecialResult,
  type StoredContinuous,
  type SurvivalChoice,
  SOCIAL_SITUATIONS,
  planSocialResponse,
  resolveSocialResponseRoll,
  type SocialResponseChoice,
  type SocietyRatings,
} from "./special-logic";
import type { VersesRollOptions } from "./pool-view";
import { commandDialog, lockPickingDialog, trainingDialog, type ToolOption } from "./special-dialog-logic";
import {
  animalSkillsOf,
  planCommand,
  planLockPicking,
  planTrainingWeek,
  resolveCommandRoll,
  resolveLockPickingRoll,
  resolveTrainingWeekRoll,
  storedTraining,
  type AnimalState,
  type CommandChoice,
  type LockPickingChoice,
  type StoredTraining,
  type TrainingChoice,
} from "./special-logic";
import { VersesRoll } from "./verses-roll";
import { inFastAction } from "./roll-common";
import { specialAdrenaline } from "./ability-logic";
import { adStateOf } from "../ad-logic";
import { lineTextWith } from "../card-text";
import { applyChanges, registerPendingRedraw, relayPending } from "../../../core/changes";
import { pendingNames } from "../../../core/changes-logic";

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;
type Message = ChatMessage.Implementation;

/** The card template of every special test. */
export const SPECIAL_CARD_TEMPLATE = "templates/verses/chat/special-test.hbs";
/** Templates to preload (add them to the ruleset's `templates`). */
export const SPECIAL_TEMPLATES = [SPECIAL_CARD_TEMPLATE];

/** How the card is posted. */
export interface PostChoice {
  /** A Foundry roll mode (`publicroll`, `gmroll` ...); default the user's. */
  rollMode?: string | null;
  flavor?: string;
}

/** What a special test posted, and what it left for the GM. */
export interface SpecialPosted {
  message: Message | null;
  result: SpecialResult;
  /** Changes to documents the user may not update, left on the card for the GM. */
  pending: DocumentChange[];
}

// ---- helpers ---------------------------------------------------------------------------------

const living = (actor: AnyActor): LivingState => actor.system as unknown as LivingState;

const localize: Localize = (key, data) => {
  const i18n = game.i18n!;
  if (!i18n.has(key)) return key;
  return data ? i18n.format(key, data) : i18n.localize(key);
};

/**
 * The world the pools are assembled in, as the attribute, skill and weapon rolls assemble them:
 * the setting TEC (General skills' TEC difference, when that setting is on) and the compendium's
 * skill catalog.
 */
export function versesWorld(): PoolWorld {
  return {
    contextTec: versesOption("settingTec"),
    catalog: versesSkillCatalog(),
    skillOptions: versesOption("skillPool"),
    maxPool: versesMaxPool(),
  };
}

/** The caller's choice with the world's pool settings, unless it brings its own. */
const inWorld = <C extends { world?: PoolWorld }>(choice: C): C => ({
  ...choice,
  world: choice.world ?? versesWorld(),
});

const lineText = (l: CardLine): string => lineTextWith(localize, l);

function refuse(reason: CardLine): null {
  ui.notifications?.warn(lineText(reason));
  return null;
}

async function rolled(options: VersesRollOptions, actor: AnyActor): Promise<VersesRoll> {
  const roll = VersesRoll.fromParts({ ...options, actorUuid: actor.uuid });
  await roll.evaluate();
  return roll;
}

const ref = (doc: { uuid: string; name: string | null }) => ({ uuid: doc.uuid, name: doc.name ?? "" });

/** The first targeted token's actor, if any. */
function targetedActor(): AnyActor | null {
  for (const token of game.user?.targets ?? []) if (token.actor) return token.actor;
  return null;
}

async function renderCard(
  card: SpecialCard,
  pending: readonly DocumentChange[],
  flavor?: string,
): Promise<string> {
  const context = specialCardContext(card, {
    localize,
    ...(flavor ? { flavor } : {}),
    pendingGM: pendingNames(pending),
  });
  return foundry.applications.handlebars.renderTemplate(
    templatePath("verses/chat/special-test.hbs"),
    context,
  );
}

function rollModeOf(choice: PostChoice): foundry.CONST.DICE_ROLL_MODES {
  return chooseRollMode(
    choice.rollMode,
    Object.keys(CONFIG.Dice.rollModes),
    String(game.settings.get("core", "rollMode")),
  ) as foundry.CONST.DICE_ROLL_MODES;
}

/**
 * Apply the result's changes and post its card with the rolls (the standard path: Dice So Nice
 * animates them, hidden roll modes stay hidden). The card and the pending changes are kept in the
 * message's `flags.polyverse` for the card's buttons.
 */
async function finish(
  actor: AnyActor,
  rolls: VersesRoll[],
  result: SpecialResult,
  choice: PostChoice,
): Promise<SpecialPosted> {
  const pending = await applyChanges(result.changes);
  // Adrenaline Rush, "immediately after any successful test with a SM of 4 or higher".
  const own = rolls[0];
  if (own && actor.isOwner) {
    const system = living(actor);
    const rush = specialAdrenaline(
      result.card.kind,
      { faces: own.faces, target: own.options.target },
      { uuid: actor.uuid, name: actor.name ?? "", abilities: system.abilities },
      adStateOf(system),
    );
    if (rush) {
      await applyChanges([rush.change]);
      result.card.lines.push(rush.line);
    }
  }
  const content = await renderCard(result.card, pending, choice.flavor);
  const rollMode = rollModeOf(choice);
  const data: Parameters<VersesRoll["toMessage"]>[0] = {
    speaker: ChatMessage.getSpeaker({ actor }),
    flavor: choice.flavor ?? "",
    content,
  };
  // The system's message flags are plain data that fvtt-types' flag config does not declare.
  Object.assign(data, { flags: { polyverse: { special: result.card, pending } } });
  const [first, ...others] = rolls;
  let message: Message | null;
  if (first && others.length === 0) {
    message = ((await first.toMessage(data, { rollMode })) as Message | undefined) ?? null;
  } else {
    const messageData = (await first!.toMessage(data, { rollMode, create: false })) as Record<
      string,
      unknown
    >;
    const stored = (messageData.rolls as unknown[] | undefined) ?? [];
    messageData.rolls = [...stored, ...others.map((r) => JSON.stringify(r.toJSON()))];
    message = ((await ChatMessage.implementation.create(messageData as never, { rollMode } as never)) ??
      null) as Message | null;
  }
  await relayPending(message);
  return { message, result, pending };
}

/** Post a card that rolled nothing (Pain Tolerance's skipped maintenance roll). */
async function post(actor: AnyActor, result: SpecialResult, choice: PostChoice): Promise<SpecialPosted> {
  const pending = await applyChanges(result.changes);
  const content = await renderCard(result.card, pending, choice.flavor);
  const data = {
    speaker: ChatMessage.getSpeaker({ actor }),
    flavor: choice.flavor ?? "",
    content,
    flags: { polyverse: { special: result.card, pending } },
  };
  const message = ((await ChatMessage.implementation.create(
    data as never,
    {
      rollMode: rollModeOf(choice),
    } as never,
  )) ?? null) as Message | null;
  await relayPending(message);
  return { message, result, pending };
}

// ---- Rest ---------------------------------------------------------------------------------------

/**
 * The Rest action `TUF + #AD -> (#EX)S`: 1 EX unbound per SM (`system.ad.exBound` falls); in Fast
 * Action the AD spent count against the round (`system.ad.spent`). Refused when nothing is bound.
 */
export async function rollRest(
  actor: AnyActor,
  choice: RestChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  const fastAction = choice.fastAction ?? inFastAction(actor);
  const plan = planRest(living(actor), inWorld({ ...choice, fastAction }));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  const result = resolveRestRoll(plan.value, roll.faces, ref(actor), fastAction);
  if (!result.ok) return refuse(result.reason);
  return finish(actor, [roll], result.value, choice);
}

// ---- Continuous tests ------------------------------------------------------------------------

/** The continuous tests and healing courses kept on an actor. */
export function continuousTests(actor: AnyActor): StoredContinuous[] {
  return storedContinuous(actor.flags as Record<string, unknown>);
}

function findContinuous(actor: AnyActor, id: string): StoredContinuous | null {
  return continuousTests(actor).find((c) => c.id === id) ?? null;
}

/**
 * Start a continuous test (`3S 2C`): roll its pool against `#S`; on a success it is kept in
 * `flags.polyverse.continuous[<id>]` (its base dice, `#C`, rounds continued) and the card offers
 * Maintain. Returns the new test's id with the post.
 */
export async function startContinuous(
  actor: AnyActor,
  choice: ContinuousStartChoice & PostChoice,
): Promise<(SpecialPosted & { id: string }) | null> {
  const fastAction = choice.fastAction ?? inFastAction(actor);
  const plan = planContinuousStart(living(actor), inWorld({ ...choice, fastAction }));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  const id = foundry.utils.randomID();
  const result = resolveContinuousStart(plan.value, roll.faces, ref(actor), id, fastAction);
  return { ...(await finish(actor, [roll], result, choice)), id };
}

/**
 * Maintain a continuous test: base dice + AD (at least 1AD for the action; `reason: "hit"` after a
 * hit, AD optional) + Multitasking / Action Autopilot / Intense Concentration, against `#C`. Kept
 * (rounds continued + 1) on a success, removed from the actor's flags on a failure.
 */
export async function maintainContinuous(
  actor: AnyActor,
  id: string,
  choice: MaintainChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  const stored = findContinuous(actor, id);
  if (!stored || stored.healing) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoContinuous" });
  if (hitSkipsMaintenance(living(actor), choice))
    return post(actor, resolveMaintenanceSkipped(stored, ref(actor)), choice);
  const fastAction = choice.fastAction ?? inFastAction(actor);
  const plan = planMaintenance(living(actor), stored, inWorld({ ...choice, fastAction }));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  const result = resolveMaintenanceRoll(plan.value, roll.faces, ref(actor), fastAction);
  return finish(actor, [roll], result, choice);
}

/** Let a continuous test (or a healing course) go: it ends, and its flag is removed. */
export async function endContinuous(actor: AnyActor, id: string): Promise<boolean> {
  const stored = findContinuous(actor, id);
  if (!stored) return false;
  const pending = await applyChanges([endContinuousChange(stored, ref(actor)).change]);
  return pending.length === 0;
}

// ---- Connectedness ---------------------------------------------------------------------------

/** The Connectedness test `CN -> (10 - SOC)S` (or the GM's population variant). No document changes. */
export async function rollConnectedness(
  actor: AnyActor,
  choice: ConnectednessChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  const plan = planConnectedness(living(actor), inWorld(choice));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  return finish(actor, [roll], resolveConnectednessRoll(plan.value, roll.faces, actor.name ?? ""), choice);
}

// ---- Influence -------------------------------------------------------------------------------

/** Opposite dispositions (friendly against hostile) make the two actors enemies. */
function areEnemies(a: AnyActor, b: AnyActor): boolean {
  const disposition = (actor: AnyActor) => actor.getActiveTokens()[0]?.document.disposition ?? 0;
  return disposition(a) * disposition(b) < 0;
}

/**
 * Charm or Intimidate the targeted actor (or `target`): both pools are rolled, the target's
 * successes remove the influencer's sixes first, and on a win with the sixes the world's rule
 * requires the target gains Charmed or Afraid for SM rounds (a status with that duration and its
 * source in `flags.polyverse.conditions`). A target the user may not update keeps the change on the
 * card for the GM.
 */
export async function rollInfluence(
  actor: AnyActor,
  kind: InfluenceKind,
  choice: InfluenceChoice & PostChoice & { target?: AnyActor | null } = {},
): Promise<SpecialPosted | null> {
  const target = choice.target ?? targetedActor();
  if (!target) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoTarget" });
  const fastAction = choice.fastAction ?? inFastAction(actor);
  const plan = planInfluence(
    living(actor),
    living(target),
    kind,
    inWorld({ ...choice, fastAction, enemy: choice.enemy ?? areEnemies(actor, target) }),
  );
  if (!plan.ok) return refuse(plan.reason);
  const mine = await rolled(plan.value.influencer.roll, actor);
  const theirs = await rolled(plan.value.resist.roll, target);
  const result = resolveInfluenceRoll(
    plan.value,
    mine.faces,
    theirs.faces,
    { influencer: ref(actor), target: ref(target) },
    versesOption("influence"),
    fastAction,
  );
  return finish(actor, [mine, theirs], result, choice);
}

// ---- Stabilizing and Healing -------------------------------------------------------------------

function patientState(actor: AnyActor): PatientState {
  const s = living(actor);
  return {
    uuid: actor.uuid,
    name: actor.name ?? "",
    kind: s.kind,
    hp: s.hp.value,
    hpMax: s.hpMax,
    conditions: s.conditions,
  };
}

/** An owned item as the Foundry-free recovery logic reads it. */
const owned = (item: AnyItem): OwnedItem => ({
  uuid: item.uuid,
  name: item.name ?? "",
  type: item.type,
  system: item.system as unknown as Record<string, unknown>,
});

/** The items a recovery test uses: the ones given, else the healer's best fitting ones. */
export interface RecoveryItems {
  skill?: AnyItem | null;
  supply?: AnyItem | null;
  tool?: AnyItem | null;
}

/**
 * The healer's skill that can stabilise (or heal) the patient's kind with the most allocated dice,
 * the gear holding the most supplies that serve the patient, and the tool with the highest OL for
 * that skill, unless given (`recoveryOptions`, `pickRecoveryGear`).
 */
function recoveryGear(
  healer: AnyActor,
  patientKind: ActorKind,
  mode: "stabilise" | "heal",
  items: RecoveryItems,
): RecoveryGear | CardLine {
  const atHand = recoveryOptions([...healer.items].map(owned), patientKind, mode);
  // Items given are used as they are (the plan refuses a skill that cannot treat the patient).
  if (items.skill) atHand.skills.unshift(skillGearOf(owned(items.skill)));
  if (items.supply) {
    const supply = supplyGearOf(owned(items.supply));
    if (!supply)
      return { key: "POLYVERSE.Verses.Tests.Reason.NoSupplies", data: { item: items.supply.name } };
    atHand.supplies.unshift(supply);
  }
  if (items.tool) {
    const ol = Number((items.tool.system as unknown as { ol?: number }).ol ?? 0);
    atHand.tools.unshift({ uuid: items.tool.uuid, name: items.tool.name ?? "", ol, toolFor: [] });
  }
  return pickRecoveryGear(atHand, {
    skill: items.skill?.uuid ?? null,
    supply: items.supply?.uuid ?? null,
    tool: items.tool === null ? "" : (items.tool?.uuid ?? null),
  });
}

const isLine = (v: object): v is CardLine => "key" in v;

/**
 * Stabilize `Skill + #AD -> 2S` the patient (default: the targeted actor): 1 HP per SM up to the
 * supplies used (`system.hp.value` of the patient), supplies consumed = AD (`system.supplies` of
 * the supply item), a Moribund patient becomes Unconscious (statuses).
 */
export async function stabilise(
  healer: AnyActor,
  patient: AnyActor | null = targetedActor(),
  choice: RecoveryChoice & PostChoice & RecoveryItems = {},
): Promise<SpecialPosted | null> {
  if (!patient) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoPatient" });
  const p = patientState(patient);
  const gear = recoveryGear(healer, p.kind, "stabilise", choice);
  if (isLine(gear)) return refuse(gear);
  const fastAction = choice.fastAction ?? inFastAction(healer);
  const options = versesOption("healing");
  const plan = planStabilize(living(healer), p, gear, inWorld({ ...choice, fastAction }), options);
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, healer);
  const result = resolveStabilizeRoll(plan.value, roll.faces, ref(healer), options, fastAction);
  if (!result.ok) return refuse(result.reason);
  return finish(healer, [roll], result.value, choice);
}

/**
 * Heal `Skill + Tools + #AD -> 3S 2C` the patient (default: the targeted actor): allocated dice HP
 * per SM, supplies consumed = AD, Sickened / Stunned / Moribund removed; while the patient is still
 * injured and supplies remain, the course is kept on the healer (`flags.polyverse.continuous[<id>]`
 * with `healing`) for tomorrow's continuation ({@link continueHealing}).
 */
export async function heal(
  healer: AnyActor,
  patient: AnyActor | null = targetedActor(),
  choice: HealingChoice & PostChoice & RecoveryItems & { courseId?: string; days?: number } = {},
): Promise<SpecialPosted | null> {
  if (!patient) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoPatient" });
  const p = patientState(patient);
  const gear = recoveryGear(healer, p.kind, "heal", choice);
  if (isLine(gear)) return refuse(gear);
  const fastAction = choice.fastAction ?? inFastAction(healer);
  const options = versesOption("healing");
  const plan = planHealing(living(healer), p, gear, inWorld({ ...choice, fastAction }), options);
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, healer);
  const course = { id: choice.courseId ?? foundry.utils.randomID(), days: choice.days ?? 0 };
  const result = resolveHealingRoll(plan.value, roll.faces, ref(healer), course, options, fastAction);
  if (!result.ok) return refuse(result.reason);
  return finish(healer, [roll], result.value, choice);
}

/** Roll a healing course's daily continuation (`2C`), with the course's patient and items. */
export async function continueHealing(
  healer: AnyActor,
  courseId: string,
  choice: RecoveryChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  const course = findContinuous(healer, courseId)?.healing;
  if (!course) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoContinuous" });
  const loaded = await loadCourse(course);
  if (!loaded) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.CourseGone" });
  const { patient, ...items } = loaded;
  return heal(healer, patient, { ...choice, ...items, phase: "continuation", courseId, days: course.days });
}

/** A healing course's patient and items, or null when one of them is gone. */
async function loadCourse(
  course: HealingCourse,
): Promise<{ patient: AnyActor; skill: AnyItem; supply: AnyItem; tool: AnyItem | null } | null> {
  const load = async (uuid: string | undefined) => (uuid ? ((await fromUuid(uuid)) as unknown) : null);
  const patient = (await load(course.patientUuid)) as AnyActor | null;
  const skill = (await load(course.skillUuid)) as AnyItem | null;
  const supply = (await load(course.supplyUuid)) as AnyItem | null;
  const tool = (await load(course.toolUuid)) as AnyItem | null;
  if (!patient || !skill || !supply) return null;
  return { patient, skill, supply, tool };
}

// ---- Awaken and Survival ---------------------------------------------------------------------

/** Awaken an Unconscious actor (default: the targeted one) `SOC + #AD -> 4S`: Unconscious ends. */
export async function awaken(
  actor: AnyActor,
  target: AnyActor | null = targetedActor(),
  choice: AwakenChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  if (!target) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoTarget" });
  const fastAction = choice.fastAction ?? inFastAction(actor);
  const plan = planAwaken(
    living(actor),
    { name: target.name ?? "", conditions: living(target).conditions },
    inWorld({ ...choice, fastAction }),
  );
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  const result = resolveAwakenRoll(
    plan.value,
    roll.faces,
    { actor: ref(actor), target: ref(target) },
    fastAction,
  );
  return finish(actor, [roll], result, choice);
}

/**
 * The Survival roll of a Moribund actor `TUF + all available AD`: at `6 - TUF` successes Moribund
 * ends (the actor stays Unconscious at 0 HP); 1+ it survives the turn; 0 it dies (the card says
 * so; the text has no "dead" condition, so no status changes).
 */
export async function rollSurvival(
  actor: AnyActor,
  choice: PostChoice & SurvivalChoice = {},
): Promise<(SpecialPosted & { survival: SurvivalOutcome }) | null> {
  const s = living(actor);
  const plan = planSurvival(s, inWorld({ ...choice, fastAction: choice.fastAction ?? inFastAction(actor) }));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  const result = resolveSurvivalRoll(plan.value, roll.faces, { ...ref(actor), conditions: s.conditions });
  return { ...(await finish(actor, [roll], result, choice)), survival: result.survival };
}

// ---- Social responses --------------------------------------------------------------------------

/** A society actor's ratings (TOL, MOB, JST). */
function societyRatings(society: AnyActor): SocietyRatings {
  const s = society.system as unknown as { tol?: number; mob?: number; jst?: number };
  return {
    name: society.name ?? "",
    tol: Number(s.tol ?? 0),
    mob: Number(s.mob ?? 0),
    jst: Number(s.jst ?? 0),
  };
}

/**
 * A social response (Social Responses): the character's side (SOC, CN, the society's TOL, MOB, JST
 * and Apparent Wealth, as the situation says) against the society's side (the GM's ratings), both
 * rolled, "If the contest resolves with more successes in the character's favor, the societal
 * response is more positive for the character". The society is `choice.society` (an actor or its
 * ratings), else the world's only society actor. No document changes.
 */
export async function rollSocialResponse(
  actor: AnyActor,
  situation: SocialSituation,
  choice: SocialResponseChoice & PostChoice & { society?: AnyActor | SocietyRatings | null } = {},
): Promise<SpecialPosted | null> {
  if (!SOCIAL_SITUATIONS.includes(situation))
    return refuse({ key: "POLYVERSE.Verses.Social.Unknown", data: { situation: String(situation) } });
  let society = choice.society ?? null;
  if (!society) {
    const all = (game.actors?.contents ?? []).filter((a) => (a.type as string) === "verses-society");
    if (all.length !== 1) return refuse({ key: "POLYVERSE.Verses.Social.NoSociety" });
    society = all[0] as unknown as AnyActor;
  }
  const ratings = "system" in society ? societyRatings(society) : society;
  const plan = planSocialResponse(living(actor), ratings, situation, choice);
  if (!plan.ok) return refuse(plan.reason);
  const favour = await rolled(plan.value.favour, actor);
  const against = await rolled(plan.value.against, actor);
  const result = resolveSocialResponseRoll(plan.value, favour.faces, against.faces, {
    character: actor.name ?? "",
    society: ratings.name,
  });
  return finish(actor, [favour, against], result, choice);
}

// ---- from the sheet: the roll dialog first ----------------------------------------------------

/** How a sheet button asks for a test: its click (the skip-dialog key is read from it). */
export interface AskOptions {
  event?: Event | null;
  /** Roll at once with the dialog's defaults. */
  skipDialog?: boolean;
}

function dialogBase(actor: AnyActor): SpecialDialogBase {
  return {
    actor: living(actor),
    world: versesWorld(),
    fastAction: inFastAction(actor),
    rollModes: rollModeChoices(),
    defaultRollMode: defaultRollMode(),
  };
}

/**
 * Settle a special test's dialog: open it, or (skip-dialog key held) take its defaults at once,
 * refusing with the first problem. Null when the roller cancels or the defaults cannot be rolled.
 */
async function ask<C>(
  dialog: SpecialDialog<C>,
  options: AskOptions,
): Promise<(C & { rollMode: string }) | null> {
  const start = settleSpecialDialog(dialog);
  if (options.skipDialog || isSkipDialogHeld(options.event)) {
    const problem = start.evaluation.problems[0];
    if (problem) {
      ui.notifications?.warn(localizeLabel(problem.key, problem.data));
      return null;
    }
    return dialog.choice(start.state);
  }
  const result = await PoolRollDialog.wait(dialog.config, start);
  return result ? dialog.choice(result.state) : null;
}

/** Rest, with the dialog (AD to spend, optional dice). */
export async function askRest(actor: AnyActor, options: AskOptions = {}) {
  const plan = planRest(living(actor));
  if (!plan.ok && plan.reason.key === "POLYVERSE.Verses.Tests.Reason.NothingBound")
    return refuse(plan.reason);
  const choice = await ask(restDialog(dialogBase(actor)), options);
  return choice ? rollRest(actor, choice) : null;
}

/** Connectedness, with the dialog (the GM's population adjustment, the target). */
export async function askConnectedness(actor: AnyActor, options: AskOptions = {}) {
  const societies = (game.actors?.contents ?? [])
    .filter((a) => (a.type as string) === "verses-society" && a.visible)
    .map((a) => ({
      uuid: a.uuid,
      name: a.name ?? "",
      pop: Number((a.system as unknown as { pop?: number }).pop ?? 0),
    }));
  const choice = await ask(connectednessDialog(dialogBase(actor), societies), options);
  return choice ? rollConnectedness(actor, choice) : null;
}

/** Charm or Intimidate the targeted token's actor, with the dialog (AD, the odds of the contest). */
export async function askInfluence(actor: AnyActor, kind: InfluenceKind, options: AskOptions = {}) {
  const target = targetedActor();
  if (!target || !isLiving(target)) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoTarget" });
  const dialog = influenceDialog(dialogBase(actor), kind, {
    name: target.name ?? "",
    state: living(target),
    enemy: areEnemies(actor, target),
  });
  const choice = await ask(dialog, options);
  return choice ? rollInfluence(actor, kind, { ...choice, target }) : null;
}

/** Start a continuous test, with the dialog (the attribute or skill, `#S`, `#C`, AD). */
export async function askStartContinuous(actor: AnyActor, options: AskOptions = {}) {
  const skills = actor.items
    .filter((i) => i.type === "verses-skill")
    .map((i) => {
      const gear = skillGearOf(owned(i));
      return { name: gear.name, ref: gear.ref };
    });
  const choice = await ask(continuousDialog(dialogBase(actor), continuousOptions(skills)), options);
  return choice ? startContinuous(actor, choice) : null;
}

/** Maintain a running continuous test, with the dialog (AD, Multitasking, a roll forced by a hit). */
export async function askMaintain(actor: AnyActor, id: string, options: AskOptions = {}) {
  const stored = findContinuous(actor, id);
  if (!stored || stored.healing) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoContinuous" });
  const multitasking = abilityDice(living(actor).abilities, "multitasking");
  const choice = await ask(maintainDialog(dialogBase(actor), stored, multitasking), options);
  return choice ? maintainContinuous(actor, id, choice) : null;
}

/** Whether an actor is a character or creature (the special tests' actors). */
function isLiving(actor: AnyActor): boolean {
  return actor.type === "verses-character" || actor.type === "verses-creature";
}

/** Stabilize or heal the targeted token's actor, with the dialog (skill, supplies, tool, AD, helpers). */
async function askRecovery(healer: AnyActor, mode: "stabilise" | "heal", options: AskOptions) {
  const patient = targetedActor();
  if (!patient || !isLiving(patient)) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoPatient" });
  const p = patientState(patient);
  const atHand = recoveryOptions([...healer.items].map(owned), p.kind, mode);
  if (!atHand.skills.length) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoSkill" });
  if (!atHand.supplies.length) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoSupplyItem" });
  const dialog = recoveryDialog(dialogBase(healer), mode, p, atHand, {
    healingOptions: versesOption("healing"),
  });
  const choice = await ask(dialog, options);
  if (!choice) return null;
  const item = (uuid: string | null) => (uuid ? (healer.items.find((i) => i.uuid === uuid) ?? null) : null);
  const { picks, ...rest } = choice;
  const items: RecoveryItems = {
    skill: item(picks.skill),
    supply: item(picks.supply),
    tool: item(picks.tool),
  };
  return mode === "heal"
    ? heal(healer, patient, { ...rest, ...items })
    : stabilise(healer, patient, { ...rest, ...items });
}

export const askStabilise = (healer: AnyActor, options: AskOptions = {}) =>
  askRecovery(healer, "stabilise", options);
export const askHeal = (healer: AnyActor, options: AskOptions = {}) => askRecovery(healer, "heal", options);

/** A healing course's next day, with the dialog (AD, helpers); the course keeps its patient and items. */
export async function askContinueHealing(healer: AnyActor, courseId: string, options: AskOptions = {}) {
  const course = findContinuous(healer, courseId)?.healing;
  if (!course) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoContinuous" });
  const loaded = await loadCourse(course);
  if (!loaded) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.CourseGone" });
  const gear = recoveryGear(healer, patientState(loaded.patient).kind, "heal", loaded);
  if (isLine(gear)) return refuse(gear);
  const dialog = healingDayDialog(dialogBase(healer), patientState(loaded.patient), gear, {
    healingOptions: versesOption("healing"),
  });
  const choice = await ask(dialog, options);
  return choice ? continueHealing(healer, courseId, choice) : null;
}

/** Awaken the targeted token's actor, with the dialog (AD). */
export async function askAwaken(actor: AnyActor, options: AskOptions = {}) {
  const target = targetedActor();
  if (!target || !isLiving(target)) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.NoTarget" });
  const dialog = awakenDialog(dialogBase(actor), {
    name: target.name ?? "",
    conditions: living(target).conditions,
  });
  const choice = await ask(dialog, options);
  return choice ? awaken(actor, target, choice) : null;
}

/** The Survival roll of a Moribund actor, with the dialog (optional dice, roll mode). */
export async function askSurvival(actor: AnyActor, options: AskOptions = {}) {
  const plan = planSurvival(living(actor));
  if (!plan.ok) return refuse(plan.reason);
  const choice = await ask(survivalDialog(dialogBase(actor)), options);
  return choice ? rollSurvival(actor, choice) : null;
}

// ---- the card's buttons ----------------------------------------------------------------------

interface SpecialFlags {
  special?: SpecialCard;
  pending?: DocumentChange[];
}
const flagsOf = (message: Message): SpecialFlags =>
  ((message.flags as Record<string, unknown>).polyverse as SpecialFlags | undefined) ?? {};

const speakerDocument = (message: Message) => speakerActor(message) as unknown as AnyActor | null;

/**
 * The card buttons: Apply (GM, pending changes), Maintain and Let go (the speaker's owner, on a
 * continuous test's card), Continue healing (the healer's owner). Call once at init.
 */
export function registerSpecialChatActions(): void {
  registerPendingRedraw("special", async (message, left) => {
    const special = flagsOf(message).special;
    return special ? { content: await renderCard(special, left, message.flavor || undefined) } : {};
  });
  registerChatAction("verses.maintain", {
    permission: "speakerOwner",
    handler: async (message, _button, event) => {
      const actor = speakerDocument(message);
      const id = flagsOf(message).special?.continuousId;
      if (actor && id) await askMaintain(actor, id, { event });
    },
  });
  registerChatAction("verses.endContinuous", {
    permission: "speakerOwner",
    handler: async (message) => {
      const actor = speakerDocument(message);
      const id = flagsOf(message).special?.continuousId;
      if (actor && id && (await endContinuous(actor, id)))
        ui.notifications?.info(localize("POLYVERSE.Verses.Tests.Continuous.LetGo"));
    },
  });
  registerChatAction("verses.continueHealing", {
    permission: "speakerOwner",
    handler: async (message, _button, event) => {
      const actor = speakerDocument(message);
      const id = flagsOf(message).special?.continuousId;
      if (actor && id) await askContinueHealing(actor, id, { event });
    },
  });
}

// ---- issue #11: Lock Picking, Animal Training, commanding an animal -----------------------------
// (one block, so that work elsewhere in this file merges cleanly)

/** An animal actor as the training and command tests read it (its species names its kind). */
function animalState(actor: AnyActor): AnimalState {
  const s = living(actor);
  return {
    uuid: actor.uuid,
    name: actor.name ?? "",
    type: s.species?.name || (actor.name ?? ""),
    smr: s.effective.smr,
    tuf: s.effective.tuf,
    soc: s.effective.soc,
    trained: animalSkillsOf(s.skills),
  };
}

/** The picker's items that may serve as improvised tools (gear not made for Lock Picking). */
function improvisedTools(actor: AnyActor): ToolOption[] {
  return actor.items
    .filter((i) => i.type === "verses-gear" && Number((i.system as { quantity?: number }).quantity ?? 1) > 0)
    .map((i) => ({ uuid: i.uuid, name: i.name ?? "" }));
}

/**
 * Lock Picking `Skill + #AD → (the lock's)S`; with improvised tools 1 die fewer, and on a failure
 * with no successes the improvised tool breaks (its quantity falls by 1). In Fast Action the AD
 * count against the round.
 */
export async function rollLockPicking(
  actor: AnyActor,
  choice: LockPickingChoice & PostChoice = {},
): Promise<SpecialPosted | null> {
  const fastAction = choice.fastAction ?? inFastAction(actor);
  const plan = planLockPicking(living(actor), inWorld({ ...choice, fastAction }));
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  return finish(
    actor,
    [roll],
    resolveLockPickingRoll(plan.value, roll.faces, ref(actor), fastAction),
    choice,
  );
}

/** Lock Picking, with the dialog (the lock's target, the tools, AD). */
export async function askLockPicking(actor: AnyActor, options: AskOptions = {}) {
  const choice = await ask(lockPickingDialog(dialogBase(actor), improvisedTools(actor)), options);
  return choice ? rollLockPicking(actor, choice) : null;
}

/** The courses of animal training kept on a trainer. */
export function trainingCourses(actor: AnyActor): StoredTraining[] {
  return storedTraining(actor.flags as Record<string, unknown>);
}

/**
 * A week of Animal Training of `animal` (default: the targeted token's actor) in an animal skill:
 * `Skill + #AD → (8 - [Animal's SMR + SOC])S`. The course (weeks done of 1 per level of difficulty)
 * is kept on the trainer (`flags.polyverse.training.<id>`); a failed week is begun again; after the
 * last week the card says the animal has learned the skill and the course is removed.
 */
export async function trainAnimal(
  trainer: AnyActor,
  animal: AnyActor | null = targetedActor(),
  choice: Partial<TrainingChoice> & PostChoice = {},
): Promise<(SpecialPosted & { trained: boolean }) | null> {
  if (!animal || !isLiving(animal)) return refuse({ key: "POLYVERSE.Verses.NewRules.Reason.NoAnimal" });
  const state = animalState(animal);
  const skill = choice.skill ?? "ridersMount";
  const existing =
    trainingCourses(trainer).find((c) => c.animalUuid === animal.uuid && c.skill === skill) ?? null;
  const plan = planTrainingWeek(
    living(trainer),
    state,
    existing,
    existing?.id ?? foundry.utils.randomID(),
    inWorld({ ...choice, skill }),
  );
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, trainer);
  const result = resolveTrainingWeekRoll(plan.value, roll.faces, ref(trainer));
  return { ...(await finish(trainer, [roll], result, choice)), trained: result.trained };
}

/** A week of Animal Training of the targeted animal, with the dialog (the skill, AD). */
export async function askTrainAnimal(trainer: AnyActor, options: AskOptions = {}) {
  const animal = targetedActor();
  if (!animal || !isLiving(animal)) return refuse({ key: "POLYVERSE.Verses.NewRules.Reason.NoAnimal" });
  const dialog = trainingDialog(dialogBase(trainer), animalState(animal), trainingCourses(trainer), "");
  const choice = await ask(dialog, options);
  return choice ? trainAnimal(trainer, animal, choice) : null;
}

/**
 * Command `animal` (default: the targeted token's actor): 1AD per command; a difficult or dangerous
 * task (or any command by a rider without Riding) is a test the animal may contest (`planCommand`);
 * a routine one is obeyed without a test (a card says so).
 */
export async function commandAnimal(
  commander: AnyActor,
  animal: AnyActor | null = targetedActor(),
  choice: CommandChoice & PostChoice = { task: "difficult" },
): Promise<(SpecialPosted & { obeyed: boolean }) | null> {
  if (!animal || !isLiving(animal)) return refuse({ key: "POLYVERSE.Verses.NewRules.Reason.NoAnimal" });
  const fastAction = choice.fastAction ?? inFastAction(commander);
  const plan = planCommand(living(commander), animalState(animal), inWorld({ ...choice, fastAction }));
  if (!plan.ok) return refuse(plan.reason);
  // A routine command is obeyed without a test: a card with no dice (a 0-dice roll carries it).
  const mine = await rolled(
    plan.value.testNeeded ? plan.value.roll : { ...plan.value.roll, parts: [] },
    commander,
  );
  const theirs =
    plan.value.resist && plan.value.testNeeded ? await rolled(plan.value.resist.roll, animal) : null;
  const result = resolveCommandRoll(plan.value, mine.faces, theirs?.faces ?? [], ref(commander), fastAction);
  return {
    ...(await finish(commander, theirs ? [mine, theirs] : [mine], result, choice)),
    obeyed: result.obeyed,
  };
}

/** Command the targeted animal, with the dialog (the task, the GM's difficulty). */
export async function askCommandAnimal(commander: AnyActor, options: AskOptions = {}) {
  const animal = targetedActor();
  if (!animal || !isLiving(animal)) return refuse({ key: "POLYVERSE.Verses.NewRules.Reason.NoAnimal" });
  const choice = await ask(commandDialog(dialogBase(commander), animalState(animal)), options);
  return choice ? commandAnimal(commander, animal, choice) : null;
}
