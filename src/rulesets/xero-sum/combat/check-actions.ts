/**
 * The combat actions that call for a check (Table 9): Coordinate (Tactics*), Distract (Intimidation,
 * Psychology* or Tactics*), Inspire (Inspiration), Sprint (Athletics) and a Dice Check (any). The
 * combatant's owner takes the action (rounds.ts `takeAction`), rolls the check (the rolls folder's
 * `rollCheck`, its dialog and card), and its band does what the action does: Distract takes an action
 * from the target, Inspire gives the target one (once a round), Coordinate gives each ally +2 (+1 next
 * round on a Wild Success) against the target, a failed Sprint check winds the sprinter.
 *
 * A combatant the roller may not change is the GM's to write (`EFFECT_OP`): the GM reads the band from
 * the check card itself (the rolls folder's `checkSummaryOf`), never from the request, and holds it to
 * the card's ledger entry: the requester's own check, of a skill the action allows, by a combatant who
 * took that action this round, each effect once. The Sprint check is rolled as the action is taken
 * (Polyverse's reading of "at the end of the round": its Winded lands on the next round either way).
 */
import { targetedTokens } from "../../../core/board";
import { localize } from "../../../core/i18n";
import { entryForActing, markDone } from "../../../core/ledger";
import { registerGMHandler, runAsGM } from "../../../core/relay";
import { RelayRefusal, documentId, oneOf, onlyKeys, refuse, type Payload } from "../../../core/relay-logic";
import { checkSummaryOf, rollCheck, type CheckRolled } from "../rolls";
import { sprintWinds, type Band, type CombatAction, type SkillKey } from "../rules";
import {
  CHECK_ACTIONS,
  EFFECT_ACTIONS,
  allowedSkills,
  receivedState,
  type EffectAction,
} from "./round-logic";
import { FIGHT_KEY } from "./attack-card-logic";
import { takeAction } from "./rounds";
import {
  ROUND_PATH,
  isLiving,
  isPc,
  roundStateOf,
  type AnyActor,
  type AnyCombat,
  type AnyCombatant,
} from "./shared";

type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;

export const EFFECT_OP = "xero-sum.fight.effect";
const KEY = `${FIGHT_KEY}.Effect`;

/** The combat a combatant fights in (the viewed one). */
const viewedCombat = () => (game.combat as AnyCombat | null | undefined) ?? null;

/**
 * Who receives an action's effect: Distract and Inspire the target; Coordinate each ally (the
 * combatants on the coordinator's side, PCs or NPCs: Polyverse's reading of "allies"), the target
 * being the enemy they get +2 against.
 */
function receivers(
  combat: AnyCombat,
  roller: AnyCombatant,
  action: EffectAction,
  target: AnyCombatant | null,
) {
  if (action !== "coordinate") return target ? [target] : [];
  const side = isPc(roller.actor as AnyActor | null);
  return combat.combatants.contents.filter(
    (c) => c.id !== roller.id && c.id !== target?.id && isPc(c.actor as AnyActor | null) === side,
  ) as AnyCombatant[];
}

/** Write one receiver's effect (the GM, or a user who may change that combatant). */
async function writeEffect(receiver: AnyCombatant, action: EffectAction, band: Band, enemyKey: string) {
  const state = roundStateOf(receiver);
  if (!state) return;
  const next = receivedState(state, action, band, enemyKey);
  if (typeof next === "string") refuse(next);
  await receiver.update({ [ROUND_PATH]: next } as never);
}

/** What the GM is asked: the check card, the action, the receiver and the enemy. */
export function parseEffect(payload: Payload) {
  onlyKeys(payload, ["messageId", "action", "receiverId", "enemyId"]);
  return {
    messageId: documentId(payload.messageId),
    action: oneOf(payload.action, EFFECT_ACTIONS),
    receiverId: documentId(payload.receiverId),
    enemyId: payload.enemyId === "" ? "" : documentId(payload.enemyId),
  };
}

/** The GM's side: the effect worked out from the check card and the documents. */
export async function performEffect(
  request: ReturnType<typeof parseEffect>,
  requester: AnyUser,
): Promise<void> {
  const message = game.messages?.get(request.messageId) as Message | undefined;
  const summary = checkSummaryOf(message);
  if (!message || !summary) refuse("POLYVERSE.Relay.NoMessage");
  if (summary.authorId !== requester.id) refuse(`${KEY}.NotYourCheck`);
  const allowed = allowedSkills(request.action);
  if (allowed && !(summary.skill && allowed.includes(summary.skill))) refuse(`${KEY}.WrongCheck`);
  const combat = viewedCombat();
  const roller = combat?.combatants.find((c) => c.actorId === summary.actorId) as AnyCombatant | undefined;
  const rollerState = roundStateOf(roller);
  if (!combat || !roller || !rollerState?.taken.includes(request.action)) refuse(`${KEY}.NotTaken`);
  const receiver = combat.combatants.get(request.receiverId) as AnyCombatant | undefined;
  const enemy = request.enemyId ? (combat.combatants.get(request.enemyId) as AnyCombatant | undefined) : null;
  if (!receiver || (request.enemyId && !enemy)) refuse(`${KEY}.NotInCombat`);
  const entitled = receivers(
    combat,
    roller,
    request.action,
    request.action === "coordinate" ? (enemy ?? null) : receiver,
  );
  if (!entitled.some((c) => c.id === receiver.id)) refuse(`${KEY}.NotEntitled`);
  const entry = await entryForActing(message, requester);
  // One check: Distract and Inspire reach one combatant; Coordinate each ally once, all against one enemy.
  const done =
    request.action === "coordinate"
      ? [`fight.coordinate.${receiver.id}`, `fight.coordinate.enemy.${enemy?.id ?? ""}`]
      : [`fight.${request.action}`];
  const other = (k: string) => k.startsWith("fight.coordinate.enemy.") && k !== done[1];
  if (entry && (entry.done.includes(done[0]!) || entry.done.some(other))) refuse(`${KEY}.AlreadyDone`);
  await writeEffect(receiver, request.action, summary.band, enemy?.id ?? "");
  if (entry) await markDone(message.id!, done);
}

/** What `actionCheck` takes. */
export interface ActionCheckOptions {
  /** The target (Distract's, Inspire's; Coordinate's enemy); by default the user's targeted token. */
  target?: AnyActor | null;
  /** The check's skill, among those the action allows (Distract: Intimidation by default). */
  skill?: SkillKey;
  skipDialog?: boolean;
  event?: Event | null;
}

/**
 * Take an action that calls for a check, roll the check, and carry out what its band does (above).
 * Returns the check, or null when the action or the check was refused or cancelled.
 */
export async function actionCheck(
  combatant: AnyCombatant,
  action: CombatAction,
  options: ActionCheckOptions = {},
): Promise<CheckRolled | null> {
  const actor = combatant.actor as AnyActor | null;
  const combat = combatant.parent as AnyCombat | null;
  if (!isLiving(actor) || !combat || !CHECK_ACTIONS.includes(action)) return null;
  const targetActor =
    options.target === undefined
      ? (targetedTokens()
          .map((t) => t.actor as AnyActor | null)
          .find((a) => isLiving(a) && a.uuid !== actor.uuid) ?? null)
      : options.target;
  if ((EFFECT_ACTIONS as readonly string[]).includes(action) && !targetActor) {
    ui.notifications?.warn(localize("POLYVERSE.XeroSum.CombatRules.Problem.needsTarget"));
    return null;
  }
  if (!(await takeAction(combatant, action, targetActor ? { target: targetActor } : {}))) return null;
  const skills = allowedSkills(action);
  const skill = options.skill && skills?.includes(options.skill) ? options.skill : skills?.[0];
  const rolled = await rollCheck(actor, {
    ...(skill ? { skill } : {}),
    flavor: localize(`POLYVERSE.XeroSum.Action.${action}`),
    ...(options.skipDialog ? { skipDialog: true } : {}),
    ...(options.event ? { event: options.event } : {}),
  });
  if (!rolled) return null;
  if (action === "sprint") {
    await actor.update({ "system.state.winded": sprintWinds(rolled.result.band) } as never);
    return rolled;
  }
  if (!(EFFECT_ACTIONS as readonly string[]).includes(action) || !targetActor) return rolled;
  const target = (combat.combatants.find((c) => c.actor?.uuid === targetActor.uuid) ??
    null) as AnyCombatant | null;
  const effect = action as EffectAction;
  for (const receiver of receivers(combat, combatant, effect, target)) {
    const enemyId = effect === "coordinate" ? (target?.id ?? "") : "";
    if (game.user && receiver.canUserModify(game.user, "update")) {
      try {
        await writeEffect(receiver, effect, rolled.result.band, enemyId);
      } catch (error) {
        if (!(error instanceof RelayRefusal)) throw error;
        ui.notifications?.warn(localize(error.key, error.data));
      }
    } else
      await runAsGM(EFFECT_OP, {
        messageId: rolled.message?.id ?? "",
        action: effect,
        receiverId: receiver.id ?? "",
        enemyId,
      });
  }
  return rolled;
}

/** Register the GM's side. Call once at init. */
export function registerActionChecks(): void {
  registerGMHandler(EFFECT_OP, async (payload: Payload, requester) => {
    await performEffect(parseEffect(payload), requester);
  });
}
