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
import { canHeal, canStabilize, type ActorKind, type InfluenceKind, type SurvivalOutcome } from "../rules";
import { versesOption } from "../settings";
import { chooseRollMode } from "./dice-so-nice";
import {
  planAwaken,
  planConnectedness,
  planContinuousStart,
  planHealing,
  planInfluence,
  planMaintenance,
  planRest,
  planStabilize,
  planSurvival,
  recoverySkillId,
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
  type InfluenceChoice,
  type LivingState,
  type Localize,
  type MaintainChoice,
  type PatientState,
  type RecoveryChoice,
  type RecoveryGear,
  type RestChoice,
  type SpecialCard,
  type SpecialResult,
  type StoredContinuous,
} from "./special-logic";
import type { VersesRollOptions } from "./pool-view";
import { VersesRoll } from "./verses-roll";
import { applyChanges, registerPendingRedraw, relayPending } from "../changes";
import { pendingNames } from "../changes-logic";

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

/** The actor is in a started combat: Fast Action. */
function inFastAction(actor: AnyActor): boolean {
  const combat = game.combat;
  return Boolean(combat?.started && combat.combatants.some((c) => c.actor?.id === actor.id));
}

const localize: Localize = (key, data) => {
  const i18n = game.i18n!;
  if (!i18n.has(key)) return key;
  return data ? i18n.format(key, data) : i18n.localize(key);
};

function lineText(l: CardLine): string {
  const data = l.data
    ? Object.fromEntries(
        Object.entries(l.data).map(([k, v]) => [
          k,
          typeof v === "string" && v.startsWith("POLYVERSE.") ? localize(v) : String(v),
        ]),
      )
    : undefined;
  return localize(l.key, data);
}

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
  const plan = planRest(living(actor), { ...choice, fastAction });
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
  const plan = planContinuousStart(living(actor), { ...choice, fastAction });
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
  const fastAction = choice.fastAction ?? inFastAction(actor);
  const plan = planMaintenance(living(actor), stored, { ...choice, fastAction });
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
  const plan = planConnectedness(living(actor), choice);
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
  const plan = planInfluence(living(actor), living(target), kind, {
    ...choice,
    fastAction,
    enemy: choice.enemy ?? areEnemies(actor, target),
  });
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

interface SkillSystem {
  skill: string;
  spec: string;
  allocated: number;
}
interface GearSystem {
  kind: string;
  ol: number;
  supplies: number;
}

function skillGear(item: AnyItem): RecoveryGear["skill"] {
  const s = item.system as unknown as SkillSystem;
  const family = s.skill || item.name || "";
  return {
    uuid: item.uuid,
    name: item.name ?? family,
    ref: s.spec ? `${family} » ${s.spec}` : family,
    family,
  };
}

/** The items a recovery test uses: the ones given, else the healer's best fitting ones. */
export interface RecoveryItems {
  skill?: AnyItem | null;
  supply?: AnyItem | null;
  tool?: AnyItem | null;
}

/**
 * The healer's skill that can stabilise (or heal) the patient's kind with the most allocated dice,
 * the gear holding the most supplies, and the tool with the highest OL, unless given.
 */
function recoveryGear(
  healer: AnyActor,
  patientKind: ActorKind,
  mode: "stabilise" | "heal",
  items: RecoveryItems,
): RecoveryGear | CardLine {
  const owned = [...healer.items];
  const fits = (item: AnyItem) => {
    const id = recoverySkillId(skillGear(item).family);
    if (!id) return false;
    return mode === "stabilise" ? canStabilize(id, patientKind) : canHeal(id, patientKind);
  };
  const allocated = (item: AnyItem) => (item.system as unknown as SkillSystem).allocated ?? 0;
  const skill =
    items.skill ??
    owned.filter((i) => i.type === "verses-skill" && fits(i)).sort((a, b) => allocated(b) - allocated(a))[0];
  if (!skill) return { key: "POLYVERSE.Verses.Tests.Reason.NoSkill" };
  const gear = owned.filter((i) => i.type === "verses-gear");
  const supplies = (i: AnyItem) => (i.system as unknown as GearSystem).supplies ?? 0;
  const ol = (i: AnyItem) => (i.system as unknown as GearSystem).ol ?? 0;
  const supply =
    items.supply ?? gear.filter((i) => supplies(i) > 0).sort((a, b) => supplies(b) - supplies(a))[0];
  if (!supply) return { key: "POLYVERSE.Verses.Tests.Reason.NoSupplyItem" };
  const tool =
    mode === "heal"
      ? (items.tool ?? gear.filter((i) => ol(i) > 0).sort((a, b) => ol(b) - ol(a))[0] ?? null)
      : null;
  return {
    skill: skillGear(skill),
    supply: { uuid: supply.uuid, name: supply.name ?? "", supplies: supplies(supply) },
    ...(tool ? { tool: { uuid: tool.uuid, name: tool.name ?? "", ol: ol(tool) } } : {}),
  };
}

const isLine = (v: RecoveryGear | CardLine): v is CardLine => "key" in v;

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
  const plan = planStabilize(living(healer), p, gear, { ...choice, fastAction }, options);
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
  const plan = planHealing(living(healer), p, gear, { ...choice, fastAction }, options);
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
  const load = async (uuid: string | undefined) => (uuid ? ((await fromUuid(uuid)) as unknown) : null);
  const patient = (await load(course.patientUuid)) as AnyActor | null;
  const skill = (await load(course.skillUuid)) as AnyItem | null;
  const supply = (await load(course.supplyUuid)) as AnyItem | null;
  const tool = (await load(course.toolUuid)) as AnyItem | null;
  if (!patient || !skill || !supply) return refuse({ key: "POLYVERSE.Verses.Tests.Reason.CourseGone" });
  return heal(healer, patient, {
    ...choice,
    skill,
    supply,
    tool,
    phase: "continuation",
    courseId,
    days: course.days,
  });
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
    {
      ...choice,
      fastAction,
    },
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
  choice: PostChoice & { optionalAbilities?: readonly string[] } = {},
): Promise<(SpecialPosted & { survival: SurvivalOutcome }) | null> {
  const s = living(actor);
  const plan = planSurvival(s, { ...choice, fastAction: inFastAction(actor) });
  if (!plan.ok) return refuse(plan.reason);
  const roll = await rolled(plan.value.roll, actor);
  const result = resolveSurvivalRoll(plan.value, roll.faces, { ...ref(actor), conditions: s.conditions });
  return { ...(await finish(actor, [roll], result, choice)), survival: result.survival };
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
    handler: async (message) => {
      const actor = speakerDocument(message);
      const id = flagsOf(message).special?.continuousId;
      if (actor && id) await maintainContinuous(actor, id);
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
    handler: async (message) => {
      const actor = speakerDocument(message);
      const id = flagsOf(message).special?.continuousId;
      if (actor && id) await continueHealing(actor, id);
    },
  });
}
