/**
 * The `xero-sum-attack` card in Foundry. `rollAttack` (kind "attack" on core's roll pipeline) opens the
 * attack dialog (attack-dialog.ts), rolls 2d6 (3d6 with an Insight Die) for each shot and posts a card
 * per shot; the attacker's owner spends the Insight and ammunition and keeps a Moment's Insight Die.
 * The active GM's client then resolves each card (`resolveAttackCard`, on its creation, or the GM's
 * Resolve button when no GM was there): it works the modifier out again from the documents and both
 * round states, never from the card's numbers, takes the attack's actions from the attacker's round
 * (refused when none are left) and the incoming attack from the target's (a Defend used up), and
 * settles the hit. Opposed, the target's owner has the GM roll the defence (2d6 + DM). The attacker's
 * owner may have the GM replace the attack's dice with Insight Dice (attack-insight.ts) until the
 * damage is rolled, and has the GM roll the damage (damage-card.ts), once.
 */
import { registerCard, saveCard, type CardKind } from "../../../core/cards";
import { registerChatAction } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { localize } from "../../../core/i18n";
import { entryForActing, ledgerEntry, markDone, registerCardLedger, restampCard } from "../../../core/ledger";
import { gmQueue, hereOrAsGM, isActiveGM, registerGMHandler, requestedCard } from "../../../core/relay";
import { RelayRefusal, documentId, oneOf, onlyKeys, refuse, type Payload } from "../../../core/relay-logic";
import { showDice } from "../../../core/rolls/post";
import { xeroSumSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { receiveAttack, receiveCoverFire, takeAction, type RoundState } from "../rules";
import { REPLACE_DICE, XeroSumRoll, type ReplaceDice } from "../rolls";
import { ATTACK_ACTIONS, attackResult, partsOf, planAttack } from "./attack-logic";
import {
  ATTACK_BUTTONS,
  ATTACK_CARD,
  ATTACK_OP,
  FIGHT_KEY,
  attackCardContext,
  attackStanding,
  momentAtRoll,
  type AttackCard,
  type Resolved,
} from "./attack-card-logic";
import { performAttackInsight } from "./attack-insight";
import {
  attackInsightSettings,
  attackSettings,
  checkedAttack,
  owns,
  readAttackCard,
  rolledFaces,
  sync,
} from "./attack-read";
import { rollDamageFor } from "./damage-roll";
import {
  ROUND_PATH,
  attackerViewOf,
  combatantOf,
  defenderViewOf,
  isLiving,
  roundStateOf,
  targetKeyOf,
  type AnyActor,
} from "./shared";

export { attackSettings, readAttackCard, rolledFaces } from "./attack-read";

type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;

export const ATTACK_TEMPLATE = "templates/xero-sum/chat/attack.hbs";
const KEY = `${FIGHT_KEY}.Attack`;
export const ATTACK_CARD_KIND: CardKind<AttackCard> = {
  ...ATTACK_CARD,
  template: templatePath("xero-sum/chat/attack.hbs"),
  context: (_message, card) => {
    const user = game.user;
    const attacker = sync<AnyActor>(card.attacker.actorUuid);
    const attackerOwner = Boolean(user && owns(attacker, user));
    return attackCardContext(card, localize, {
      gm: Boolean(user?.isGM),
      targetOwner: Boolean(user && card.target && owns(sync<AnyActor>(card.target.actorUuid), user)),
      attackerOwner,
      held: attackerOwner && isLiving(attacker) ? livingSystem(attacker).insight.value : null,
      replaceCost: xeroSumSetting("insightReplaceCost"),
    });
  },
};

/**
 * Settle the card from the documents (the GM). The target's key is the GM's own (Aim, the second
 * attack and Coordinate count only on the target really attacked). Rapid Fire's later shots were
 * paid for by the first: they are read against the round that shot left, and refused when no Rapid
 * Fire was taken this round.
 */
async function settle(message: Message, checkedCard: AttackCard): Promise<void> {
  const { attacker, weapon, target } = await checkedAttack(message, checkedCard);
  const card = {
    ...checkedCard,
    choice: { ...checkedCard.choice, targetKey: target ? targetKeyOf(target) : "" },
  };
  const settings = attackSettings();
  const mine = combatantOf(attacker);
  const theirs = target ? combatantOf(target) : null;
  const before = roundStateOf(mine);
  if (before && card.choice.shot > 0 && !before.taken.includes("rapidFire"))
    refuse(`${KEY}.Refused.NoVolley`);
  // An Automatic Burst's attack at a bystander comes with an attack already taken this round.
  const attacked = (a: string) => (ATTACK_ACTIONS as readonly string[]).includes(a);
  if (card.choice.burst && before && !before.taken.some(attacked)) refuse(`${KEY}.Refused.NoBurst`);
  const attackerView = attackerViewOf(attacker);
  if (attackerView.out) refuse(`${KEY}.Refused.Out`);
  attackerView.round = before;
  const defender = target ? defenderViewOf(target) : null;
  const plan = planAttack(attackerView, weapon, defender, card.choice, settings);
  let taken: RoundState | null = null;
  if (plan.ok && before && card.choice.shot === 0 && !card.choice.burst) {
    const t = takeAction(before, card.choice.action, {
      target: card.choice.targetKey,
      weapon,
      actionsUsed: card.choice.actionsUsed,
    });
    if (!t.ok)
      return saveCard<AttackCard>(message, ATTACK_CARD, {
        ...card,
        refused: { key: `POLYVERSE.XeroSum.CombatRules.Problem.${t.reason}`, data: stringData(t.data) },
      });
    taken = t.value;
  }
  if (!plan.ok)
    return saveCard<AttackCard>(message, ATTACK_CARD, {
      ...card,
      refused: { key: `POLYVERSE.XeroSum.CombatRules.Problem.${plan.reason}`, data: stringData(plan.data) },
    });
  const resolution = target ? settings.attackResolution : "checkOnly";
  const dice = attackStanding(card)?.dice ?? card.dice;
  const result = attackResult(dice, plan.value, resolution, settings.momentOn3d6);
  const resolved: Resolved = {
    ...result,
    parts: partsOf(plan.value),
    modifier: plan.value.modifier,
    defence: target ? plan.value.defence : 0,
    defenceDice: null,
    defenceTotal: null,
  };
  // The Moment's Insight Die of the attack's own dice came with the roll (the attacker's client gave it).
  const gained =
    Boolean(card.gained) || momentAtRoll({ dice: card.dice, resolution }, attackInsightSettings());
  await saveCard<AttackCard>(message, ATTACK_CARD, { ...card, resolution, resolved, gained });
  if (mine && taken) await mine.update({ [ROUND_PATH]: taken } as never);
  const targetState = roundStateOf(theirs);
  if (theirs && targetState) {
    let next = receiveAttack(targetState).state;
    if (card.choice.action === "coverFire" && result.hit) next = receiveCoverFire(next);
    await theirs.update({ [ROUND_PATH]: next } as never);
  }
}

const stringData = (data: Record<string, number | string> | undefined) =>
  Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)]));

/**
 * Resolve a card no GM resolved yet (the active GM, or a GM pressing Resolve). What the GM refuses (a
 * card edited since it was posted, a weapon gone, dice the roll does not show) is written on the card.
 */
export async function resolveAttackCard(message: Message, user: AnyUser): Promise<void> {
  const card = readAttackCard(message);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  if (!user.isGM) refuse(`${KEY}.Refused.NotYours`);
  if (card.resolved || card.refused) return;
  try {
    const entry = await entryForActing(message, user);
    await settle(message, card);
    if (entry) await markDone(message.id, ["resolve"]);
  } catch (error) {
    if (!(error instanceof RelayRefusal)) throw error;
    await saveCard<AttackCard>(message, ATTACK_CARD, {
      ...card,
      refused: { key: error.key, data: error.data },
    });
  }
  if (ledgerEntry(message.id)) await restampCard(message);
}

/** The defence of an opposed attack: 2d6 + the DM the GM settled, rolled on the GM's client. */
async function defend(message: Message, card: AttackCard, user: AnyUser): Promise<void> {
  const r = card.resolved;
  const target = sync<AnyActor>(card.target?.actorUuid);
  if (!owns(target, user)) refuse(`${KEY}.Refused.NotYours`);
  if (!r || r.hit !== null || card.resolution !== "opposed") refuse(`${KEY}.Refused.NotOpen`);
  const { roll, faces: dice } = await XeroSumRoll.rollDice(2);
  const defenceTotal = dice.reduce((a, b) => a + b, 0) + r.defence;
  const result = attackResult(
    attackStanding(card)?.dice ?? card.dice,
    { modifier: r.modifier, parts: [], defence: r.defence },
    "opposed",
    xeroSumSetting("momentOn3d6"),
    defenceTotal,
  );
  await showDice(roll);
  await saveCard<AttackCard>(message, ATTACK_CARD, {
    ...card,
    resolved: { ...r, ...result, defenceDice: dice, defenceTotal },
  });
  if (card.choice.action === "coverFire" && result.hit && target) {
    const theirs = combatantOf(target);
    const state = roundStateOf(theirs);
    if (theirs && state) await theirs.update({ [ROUND_PATH]: receiveCoverFire(state) } as never);
  }
}

export type AttackOp = { op: "resolve" | "defend" | "damage" } | { op: "insight"; dice: ReplaceDice };

/** A request's operation, checked strictly. */
export function parseAttackOp(payload: Payload): AttackOp {
  documentId(payload.messageId);
  const op = oneOf(payload.op, ["defend", "damage", "insight"] as const);
  if (op !== "insight") {
    onlyKeys(payload, ["messageId", "op"]);
    return { op };
  }
  onlyKeys(payload, ["messageId", "op", "dice"]);
  return { op, dice: oneOf(payload.dice, REPLACE_DICE) };
}

/** Carry out a button for `user` (this GM, or the player whose request the GM received). */
export async function performAttackOp(message: Message, op: AttackOp, user: AnyUser): Promise<void> {
  if (op.op === "resolve") return resolveAttackCard(message, user);
  const card = readAttackCard(message);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  const entry = await entryForActing(message, user);
  if (card.refused) refuse(card.refused.key, card.refused.data);
  if (op.op === "insight") await performAttackInsight(message, card, op.dice, user, entry);
  else if (op.op === "defend") {
    if (entry?.done.includes("defend")) refuse(`${KEY}.Refused.NotOpen`);
    await defend(message, card, user);
    if (entry) await markDone(message.id, ["defend"]);
  } else {
    const attacker = sync<AnyActor>(card.attacker.actorUuid);
    if (!owns(attacker, user)) refuse(`${KEY}.Refused.NotYours`);
    if (!card.resolved?.hit) refuse(`${KEY}.Refused.NoHit`);
    if (card.damageMessageId || entry?.done.includes("damage")) refuse(`${KEY}.Refused.AlreadyRolled`);
    const checked = await checkedAttack(message, card);
    if (entry) await markDone(message.id, ["damage"]);
    const posted = await rollDamageFor(message, card, checked);
    await saveCard<AttackCard>(message, ATTACK_CARD, { ...card, damageMessageId: posted?.id ?? null });
  }
  if (entry) await restampCard(message);
}

/** Press a button: the GM here (in its queue), a player through the relay. */
export async function attackCardOp(message: Message, op: AttackOp): Promise<boolean> {
  const user = game.user;
  if (!user || !readAttackCard(message)) return false;
  return hereOrAsGM(user.isGM, () => gmQueue(() => performAttackOp(message, op, user)), ATTACK_OP, {
    messageId: message.id ?? "",
    ...op,
  });
}

/** On the active GM's client: resolve each new attack card (after the ledger has recorded it). */
export function resolveNewAttackCards(): void {
  Hooks.on("createChatMessage", (message: Message) => {
    if (!isActiveGM() || !readAttackCard(message)) return;
    const user = game.user;
    if (!user) return;
    void gmQueue(async () => {
      try {
        await resolveAttackCard(message, user);
      } catch (error) {
        console.warn("Polyverse | a Xero Sum attack card could not be resolved", error);
      }
    });
  });
}

/** Register the card, its buttons, the GM's side and its ledger description. Call once at init. */
export function registerAttackCard(): void {
  const targetOwner = (message: Message, user: AnyUser) =>
    owns(sync<AnyActor>(readAttackCard(message)?.target?.actorUuid), user);
  const attackerOwner = (message: Message, user: AnyUser) =>
    owns(sync<AnyActor>(readAttackCard(message)?.attacker.actorUuid), user);
  registerChatAction(ATTACK_BUTTONS.resolve, {
    permission: "gm",
    handler: (m) => attackCardOp(m, { op: "resolve" }),
  });
  registerChatAction(ATTACK_BUTTONS.defend, {
    permission: targetOwner,
    handler: (m) => attackCardOp(m, { op: "defend" }),
  });
  registerChatAction(ATTACK_BUTTONS.damage, {
    permission: attackerOwner,
    handler: (m) => attackCardOp(m, { op: "damage" }),
  });
  registerChatAction(ATTACK_BUTTONS.insight, {
    permission: attackerOwner,
    handler: (m, button) => {
      const dice = REPLACE_DICE.find((d) => d === button.dataset.dice);
      return dice ? attackCardOp(m, { op: "insight", dice }) : false;
    },
  });
  registerGMHandler(ATTACK_OP, async (payload: Payload, requester) => {
    const op = parseAttackOp(payload);
    const { message } = requestedCard(payload, readAttackCard);
    await performAttackOp(message, op, requester);
  });
  // A player's card is recorded as posted: what it chose and rolled never changes; the GM's later
  // writes are recorded anew (restampCard).
  registerCardLedger(ATTACK_CARD, (message) => {
    const card = readAttackCard(message);
    if (!card) return null;
    const fresh = !card.resolved && !card.refused && !card.damageMessageId && !card.replacements?.length;
    return {
      subjects: [card.attacker.actorUuid, ...(card.target ? [card.target.actorUuid] : [])],
      stable: { card, dice: rolledFaces(message) },
      ...(fresh && livingSpeaker(message, card) ? {} : { bad: "POLYVERSE.Relay.CardChanged" }),
    };
  });
  registerCard(ATTACK_CARD_KIND);
}

/** A player's card speaks for its attacker. */
function livingSpeaker(message: Message, card: AttackCard): boolean {
  const actor = sync<AnyActor>(card.attacker.actorUuid);
  return Boolean(isLiving(actor) && message.author && actor.testUserPermission(message.author, "OWNER"));
}
