/**
 * The `tales-attack` card in Foundry: `rollAttack` (kind "attack" on core's roll pipeline: the attacker's
 * d6, a `TalesRoll` (attack-card-roll.ts), on attribute + skill at the wound level + the weapon's
 * modifier, aim and Auto), then its buttons carried out on the GM's client (`hereOrAsGM`): Defend (the
 * target's owner chooses among the open defences; the GM works the defence out from the target's
 * documents and its combat state, spends its action dice, rolls its die and resolves the attack: the
 * attacker must beat it by one; a Fragile weapon that parries breaks) and the blow's (attack-card-blow.ts:
 * Roll damage with the striker's rows or extra dice, Entangle, Undo a break). A player's card is held to
 * its ledger entry and recorded again after each change.
 *
 * The attacker's choices (targets, range band, aim, Auto bullets) are `rollAttack`'s options, or the
 * attack dialog's (attack-dialog.ts: the band from the token distance, the exact odds; a Spray at
 * several targets posts a card for each with the same die).
 */
import { cardOf, registerCard, saveCard, type CardKind } from "../../../core/cards";
import { registerChatAction } from "../../../core/chat";
import { templatePath } from "../../../core/constants";
import { flagPath, rulesetFlag } from "../../../core/flags";
import { localize } from "../../../core/i18n";
import { entryForActing, markDone, registerCardLedger, restampCard } from "../../../core/ledger";
import { gmQueue, hereOrAsGM, registerGMHandler, requestedCard } from "../../../core/relay";
import { documentId, oneOf, onlyKeys, refuse, wholeNumber, type Payload } from "../../../core/relay-logic";
import { runRoll } from "../../../core/rolls/pipeline";
import { isTalesLiving } from "../base/living";
import { talesSetting } from "../base/settings";
import { livingSystem, weaponSystem } from "../data/systems";
import {
  aimBonus,
  autoFire,
  effectiveAttribute,
  effectiveSkill,
  effectiveTotal,
  type RangeBand,
  type TargetCover,
} from "../rules";
import {
  attackPlan,
  defenceChoices,
  planValue,
  resolveCardAttack,
  type AttackPlan,
  type DefenceChoice,
  type DefenderView,
  type DodgeRangedRoll,
} from "./attack-logic";
import {
  ATTACK_ACTIONS,
  ATTACK_CARD,
  ATTACK_KEY,
  ATTACK_OP,
  DEFENCE_CHOICES,
  attackCardContext,
  type AttackCard,
  type DefenceRecord,
} from "./attack-card-logic";
import { blowContext } from "./attack-card-blow-logic";
import {
  blowReader,
  combatantOf,
  mayMend,
  mayStrike,
  owns,
  performBlowOp,
  type AttackSides,
  type BlowOp,
} from "./attack-card-blow";
import { rollAgrees, rollAttackDie, rollDefenceDice, rolledFace, rolledSkill } from "./attack-card-roll";
import { attackDialogInput, attackTargetsOf, chooseAttack, postAttackCards } from "./attack-dialog";
import { spendDice, storedRoundState } from "./combat-logic";
import { heldWeapon } from "./damage-documents";
import { ROUND_PATH, SUSTAINED_FLAG, stateOf, type AnyActor } from "./shared";

type Message = ChatMessage.Implementation;
type AnyUser = User.Implementation;
type AnyItem = Item.Implementation;

export const ATTACK_TEMPLATE = "templates/tales/chat/attack-card.hbs";
const readCard = (message: Message) => cardOf<AttackCard>(message, ATTACK_CARD);
const sync = <T>(uuid: string | null | undefined): T | null =>
  uuid ? ((fromUuidSync(uuid) as T | null) ?? null) : null;

/**
 * The attacker's bonus from the documents: attribute + skill (wound level) + modifier + aim − Auto. The
 * aim counts only as far as the rules allow it (`aimBonus`: a shot, the skill at 2 or 4 at the wound
 * level), so a card claiming more disagrees with the documents. Null when the attacker cannot act, or
 * for more extra bullets than the weapon's Auto (X) fires ("up to the value X"; none without Auto).
 */
export function attackBonus(
  actor: AnyActor,
  weapon: AnyItem,
  aim: number,
  autoBullets: number,
): number | null {
  const s = livingSystem(actor);
  const w = weaponSystem(weapon);
  if (!Number.isInteger(autoBullets) || autoBullets < 0 || autoBullets > w.traits.auto) return null;
  const rule = { criticalWoundRule: talesSetting("criticalWoundRule") };
  const base = effectiveTotal(s.attributes[w.attribute], s.skills[w.skill], s.health.level, rule);
  if (base === null) return null;
  const skill = effectiveSkill(s.skills[w.skill], s.health.level, rule);
  const allowed = w.traits.range > 0 ? aimBonus({ skill, shooterMoved: false, targetMoved: false }) : 0;
  const auto = autoBullets > 0 ? autoFire(w.traits.auto, autoBullets).attackModifier : 0;
  return base + w.modifier + Math.min(aim, allowed) + auto;
}

/**
 * What the defender's side reads from its documents and its combat state. The weapon it parries and
 * counter-attacks with is the first equipped one not broken (damage-documents.ts `heldWeapon`).
 */
function defenderView(target: AnyActor, attacker: AnyActor | null): DefenderView {
  const s = livingSystem(target);
  const rule = { criticalWoundRule: talesSetting("criticalWoundRule") };
  const wound = s.health.level;
  const total = (skill: number) => effectiveTotal(s.attributes.physical, skill, wound, rule) ?? 0;
  const attribute = (value: number) => effectiveAttribute(Math.max(0, value), wound, rule);
  const skill = (value: number) => effectiveSkill(Math.max(0, value), wound, rule);
  const weapon = heldWeapon(target);
  const counter = weapon
    ? (effectiveTotal(
        s.attributes[weaponSystem(weapon).attribute],
        s.skills[weaponSystem(weapon).skill],
        s.health.level,
        rule,
      ) ?? 0) + weaponSystem(weapon).modifier
    : total(s.skills.brawl);
  const mine = combatantOf(target);
  const theirs = attacker ? combatantOf(attacker) : null;
  const state = mine ? stateOf(mine) : null;
  const other = theirs ? stateOf(theirs) : null;
  const sustaining = target.statuses.has("sustainedDefence");
  const attacks = Number((mine ? rulesetFlag(mine, "tales", SUSTAINED_FLAG) : 0) ?? 0);
  return {
    physical: attribute(s.attributes.physical),
    mental: attribute(s.attributes.mental),
    block: total(s.skills.block),
    dodge: total(s.skills.dodge),
    parry: total(s.skills.melee),
    counter,
    // Outside a combat round (no dice dealt) a defence is open, but Sustained Defence (it lasts the round).
    actionDiceLeft: state?.actionDice === undefined ? 2 : state.actionDice - (state.spent ?? 0),
    inRound: state?.actionDice !== undefined,
    faster: Boolean(state && other && state.total > other.total),
    aware: !target.statuses.has("undefended"),
    hasWeapon: Boolean(weapon),
    sustainedAttacks: sustaining ? (Number.isInteger(attacks) && attacks >= 0 ? attacks : 0) : null,
    sustainedSkill: Math.max(skill(s.skills.block), skill(s.skills.dodge)),
    cover: target.statuses.has("fullCover")
      ? "full"
      : target.statuses.has("partialCover")
        ? "partial"
        : "none",
  };
}

export const ATTACK_CARD_KIND: CardKind<AttackCard> = {
  ...ATTACK_CARD,
  template: templatePath("tales/chat/attack-card.hbs"),
  context: (_message, card) => {
    const target = sync<AnyActor>(card.target?.actorUuid);
    const user = game.user;
    const mayDefend = isTalesLiving(target) && user && (user.isGM || owns(target, user));
    return {
      ...attackCardContext(
        card,
        localize,
        mayDefend
          ? defenceChoices(defenderView(target, sync<AnyActor>(card.attacker.actorUuid)), {
              ranged: card.attack.ranged,
            })
          : null,
      ),
      ...blowContext(card, localize, blowReader(card, user ?? null)),
    };
  },
};

/** What `rollAttack` takes besides the attacker and the weapon. */
export interface AttackOptions {
  /** The target (null: none); by default the user's targeted tokens. */
  target?: AnyActor | null;
  /** Several targets: a Spray weapon's, each defending on a card of its own (one die for all). */
  targets?: readonly AnyActor[] | null;
  /** The band where the distance cannot be measured (the weapon's Range X: close to X, medium to 2X, long to 4X). */
  band?: RangeBand | null;
  /** The aim asked for (0, 1 or 2; the rules `aimBonus` may allow less). */
  aim?: number;
  autoBullets?: number;
  /** The cover with no target (the dialog's odds; a target's cover is its status). */
  cover?: TargetCover;
  /** Open the attack dialog first (the skip key held at `event` rolls its defaults at once). */
  dialog?: boolean;
  event?: Event | null;
  rollMode?: string | null;
}

/**
 * Roll an attack with a weapon (through the attack dialog with `dialog`) and post its card, one per
 * target of a Spray; the target's owner then defends on it. The first card, or null.
 */
export async function rollAttack(
  actor: AnyActor,
  weapon: AnyItem,
  options: AttackOptions = {},
): Promise<Message | null> {
  const outcome = await runRoll(
    { ruleset: "tales", kind: "attack", subject: actor },
    {
      configure: () => {
        if (!isTalesLiving(actor) || weapon.type !== "tales-weapon" || weapon.parent !== actor) return null;
        const { band, aim, autoBullets, cover } = options;
        return attackDialogInput(
          actor,
          weapon,
          attackTargetsOf(actor, options),
          {
            ...(options.targets ? { targets: options.targets.map((t) => t.uuid) } : {}),
            ...(band ? { band } : {}),
            ...(aim === undefined ? {} : { aim }),
            ...(autoBullets === undefined ? {} : { autoBullets }),
            ...(cover ? { cover } : {}),
          },
          (target) => defenderView(target, actor),
        );
      },
      dialog: (input) =>
        chooseAttack(input, {
          skipDialog: !options.dialog,
          event: options.event ?? null,
          ...(options.rollMode ? { rollMode: options.rollMode } : {}),
        }),
      evaluate: (_input, attack) => rollAttackDie(actor, weapon, attack),
      post: (rolled) => postAttackCards(actor, weapon, rolled, options.rollMode ?? null),
      apply: () => undefined,
    },
  );
  return outcome.status === "done" ? (outcome.context.posted[0] ?? null) : null;
}

export type AttackOp = { op: "defend"; choice: DefenceChoice } | BlowOp;

/** A request's operation, checked strictly. */
export function parseAttackOp(payload: Payload): AttackOp {
  const op = oneOf(payload.op, ["defend", "damage", "entangle", "mend"] as const);
  onlyKeys(payload, [
    "messageId",
    "op",
    ...(op === "defend" ? ["choice"] : op === "damage" ? ["rowShifts"] : []),
  ]);
  documentId(payload.messageId);
  if (op === "defend") return { op, choice: oneOf(payload.choice, DEFENCE_CHOICES) };
  if (op === "damage") return { op, rowShifts: wholeNumber(payload.rowShifts ?? 0, 0, 20) };
  return { op };
}

/** The card's attacker and weapon, checked against the documents and the roll. */
async function checkedAttack(
  message: Message,
  card: AttackCard,
): Promise<{ attacker: AnyActor; weapon: AnyItem }> {
  const weapon = (await fromUuid(card.weapon.itemUuid)) as AnyItem | null;
  const attacker = (weapon?.parent ?? null) as AnyActor | null;
  if (
    weapon?.type !== "tales-weapon" ||
    !isTalesLiving(attacker) ||
    attacker.uuid !== card.attacker.actorUuid
  )
    refuse(`${ATTACK_KEY}.Refused.Gone`, { name: card.weapon.name });
  if (rolledFace(message) !== card.attack.face) refuse("POLYVERSE.Relay.CardChanged");
  return { attacker, weapon };
}

/**
 * The target's defence: open to it now (refused with the reason otherwise), its action dice spent, its
 * die rolled (a Dodge of a ranged attack two: the dodge's, then the range's), the attack resolved.
 * A Parry or counter-attack is made with the defender's held weapon (a Clumsy one's 2 counts as a 1);
 * a Fragile weapon that parries breaks ("If used to parry this weapon breaks after the first block":
 * on any parry, whatever its outcome). A Sustained Defence declared here costs its two action dice and
 * stands for the rest of the round: this attack faces Physical + Block/Dodge and each one after it
 * one less ("After each time someone performs a melee attack or fires a shot at the character
 * maintaining the sustained defence this dynamic difficulty drops by 1").
 */
async function defend(sides: AttackSides, choice: DefenceChoice): Promise<void> {
  const { message, card, entry, user, attacker, weapon, target } = sides;
  if (!user.isGM && !owns(target, user)) refuse(`${ATTACK_KEY}.Refused.NotYours`);
  if (card.defence || entry?.done.includes("defend")) refuse(`${ATTACK_KEY}.Refused.AlreadyDefended`);
  // A player's card agreed with the documents when it was posted (the ledger), a GM's is the GM's.
  const view = defenderView(target, attacker);
  const open = defenceChoices(view, { ranged: card.attack.ranged }).find((c) => c.defence === choice);
  if (!open?.open)
    refuse(open?.reason ? `${ATTACK_KEY}.Closed.${open.reason}` : `${ATTACK_KEY}.Refused.NotOpen`);
  if (entry) await markDone(message.id!, ["defend"]);
  const combatant = combatantOf(target);
  const state = combatant ? stateOf(combatant) : null;
  if (combatant && state?.actionDice !== undefined && open.cost > 0) {
    const spent = spendDice(state, open.cost);
    if (spent.ok) await combatant.update({ [ROUND_PATH]: storedRoundState(spent.state) } as never);
  }
  const plan = attackPlan({
    defence: choice,
    view,
    ...(card.attack.band ? { band: card.attack.band } : {}),
    coverTable: talesSetting("coverTable"),
    // A Martial Arts attack: the skill it was rolled with (the weapon's for a roll that does not say).
    martialArts: (rolledSkill(message) ?? weaponSystem(weapon).skill) === "martialArts",
  });
  const armed = choice === "parry" || choice === "counter";
  const held = armed ? heldWeapon(target) : null;
  const dice = await rollDefenceDice(plan.mode === "dodgeRanged" ? 2 : 1);
  const [first = 1, second = 1] = dice.faces;
  const { result, damage, dodge } = resolveCardAttack({
    plan,
    defence: choice,
    attack: card.attack.bonus,
    attackFace: card.attack.face,
    ...(plan.mode === "dodgeRanged" ? { dodgeFace: first, defenceFace: second } : { defenceFace: first }),
    attackerClumsy: card.attack.clumsy,
    defenderClumsy: Boolean(held && weaponSystem(held).traits.clumsy),
    dynamicTieRule: talesSetting("dynamicTieRule"),
  });
  if (choice === "sustained" && !target.statuses.has("sustainedDefence"))
    await target.toggleStatusEffect("sustainedDefence", { active: true });
  // The attacks on the Sustained Defence this round, this one counted (declared now: the first).
  const taken = view.sustainedAttacks ?? (choice === "sustained" ? 0 : null);
  if (taken !== null && combatant)
    await combatant.update({ [flagPath("tales", SUSTAINED_FLAG)]: taken + 1 } as never);
  const breaks = choice === "parry" && held !== null && weaponSystem(held).traits.fragile;
  if (breaks) await held.update({ "system.broken": true } as never);
  const defence: DefenceRecord = {
    choice,
    ...defenceFaced(plan, dodge, first),
    hit: result.hit,
    counterHit: result.counterHit,
    margin: result.margin,
    shifts: result.shifts,
    damage,
    ...(armed ? { weapon: held ? { itemUuid: held.uuid, name: held.name ?? "" } : null } : {}),
    ...(breaks ? { broke: "broken" as const } : {}),
  };
  await saveCard(message, ATTACK_CARD, { ...card, defence });
  await dice.show();
}

/** What the attack faced, as the card records it: the plan's value and die, or a Dodge's raised range. */
function defenceFaced(
  plan: AttackPlan,
  dodge: DodgeRangedRoll | undefined,
  face: number,
): Pick<DefenceRecord, "value" | "mode" | "face" | "dodgeRanged" | "mental"> {
  if (plan.mode === "dodgeRanged" && dodge)
    return {
      mode: "dynamic",
      value: dodge.dodged ? dodge.dodge : dodge.difficulty,
      face: dodge.dodged ? dodge.dodgeFace : dodge.difficultyFace,
      dodgeRanged: dodge,
    };
  return {
    mode: plan.mode === "dodgeRanged" ? "dynamic" : plan.mode,
    value: planValue(plan),
    face,
    ...(plan.mode === "dynamic" && plan.mental ? { mental: true } : {}),
  };
}

/** Carry out a button for `user` (this GM, or the player whose request the GM received). */
export async function performAttackOp(message: Message, op: AttackOp, user: AnyUser): Promise<void> {
  const card = readCard(message);
  if (!card || !message.id) refuse("POLYVERSE.Relay.NoMessage");
  const entry = await entryForActing(message, user);
  const target = card.target ? ((await fromUuid(card.target.actorUuid)) as AnyActor | null) : null;
  if (!isTalesLiving(target)) refuse(`${ATTACK_KEY}.Refused.Gone`, { name: card.target?.name ?? "" });
  const { attacker, weapon } = await checkedAttack(message, card);
  const sides: AttackSides = { message, card, entry, user, attacker, weapon, target };
  if (op.op === "defend") await defend(sides, op.choice);
  else await performBlowOp(sides, op);
  if (entry) await restampCard(message);
}

/** Press a button: the GM here (in its queue), a player through the relay. */
export async function attackCardOp(message: Message, op: AttackOp): Promise<boolean> {
  const user = game.user;
  if (!user || !readCard(message)) return false;
  return hereOrAsGM(user.isGM, () => gmQueue(() => performAttackOp(message, op, user)), ATTACK_OP, {
    messageId: message.id ?? "",
    ...op,
  });
}

/**
 * Why a player's card, as posted, is refused (an i18n key), or null: it must be the author's own
 * attacker with a weapon it holds, the bonus the documents give, the die its roll shows (set up as the
 * card says, with the weapon's skill), nothing defended or dealt yet, and no more extra bullets than the
 * weapon's Auto fires.
 * Worked out on the GM's client as the card is recorded: whatever a forged card claims, this answers
 * (a failure it did not foresee refuses the card too) and never throws.
 */
async function postedProblem(message: Message, card: AttackCard): Promise<string | null> {
  const mismatch = "POLYVERSE.Relay.WeaponMismatch";
  try {
    const weapon = (await fromUuid(card.weapon.itemUuid)) as AnyItem | null;
    const attacker = (weapon?.parent ?? null) as AnyActor | null;
    const author = message.author ?? null;
    if (
      weapon?.type !== "tales-weapon" ||
      !isTalesLiving(attacker) ||
      attacker.uuid !== card.attacker.actorUuid ||
      (author && !owns(attacker, author))
    )
      return mismatch;
    const w = weaponSystem(weapon);
    if (card.attack.autoBullets > w.traits.auto) return `${ATTACK_KEY}.Refused.TooManyBullets`;
    const skill = rolledSkill(message);
    const agrees =
      !card.defence &&
      !card.damageMessageId &&
      !card.entangled &&
      rolledFace(message) === card.attack.face &&
      rollAgrees(message, card.attack) &&
      (skill === null || skill === w.skill) &&
      attackBonus(attacker, weapon, card.attack.aim, card.attack.autoBullets) === card.attack.bonus;
    return agrees ? null : mismatch;
  } catch (error) {
    console.warn("Polyverse | Tales: a posted attack card could not be checked; it is refused.", error);
    return mismatch;
  }
}

/** Register the card, its buttons, the GM's side and its ledger description. Call once at init. */
export function registerAttackCard(): void {
  const targetOwner = (message: Message, user: AnyUser) =>
    owns(sync<AnyActor>(readCard(message)?.target?.actorUuid), user);
  registerChatAction(ATTACK_ACTIONS.defend, {
    permission: targetOwner,
    handler: (message, button) => {
      const select = button
        .closest(".pv-t-attack-card")
        ?.querySelector<HTMLSelectElement>("select[name=defence]");
      const choice = (select?.value ?? "none") as DefenceChoice;
      return attackCardOp(message, {
        op: "defend",
        choice: DEFENCE_CHOICES.includes(choice) ? choice : "none",
      });
    },
  });
  // The blow is its striker's: the attacker's on a hit, the defender's when a counter-attack lands.
  registerChatAction(ATTACK_ACTIONS.damage, {
    permission: (message, user) => mayStrike(readCard(message), user),
    handler: (message, button) => {
      const select = button
        .closest(".pv-t-attack-card")
        ?.querySelector<HTMLSelectElement>("select[name=rowShifts]");
      const rows = Number(select?.value ?? 0);
      return attackCardOp(message, {
        op: "damage",
        rowShifts: Number.isInteger(rows) && rows >= 0 ? rows : 0,
      });
    },
  });
  registerChatAction(ATTACK_ACTIONS.entangle, {
    permission: (message, user) => mayStrike(readCard(message), user),
    handler: (message) => attackCardOp(message, { op: "entangle" }),
  });
  registerChatAction(ATTACK_ACTIONS.mend, {
    permission: (message, user) => mayMend(readCard(message), user),
    handler: (message) => attackCardOp(message, { op: "mend" }),
  });
  registerGMHandler(ATTACK_OP, async (payload: Payload, requester) => {
    const op = parseAttackOp(payload);
    const { message } = requestedCard(payload, readCard);
    await performAttackOp(message, op, requester);
  });
  registerCardLedger(ATTACK_CARD, async (message) => {
    const card = readCard(message);
    if (!card) return null;
    const bad = await postedProblem(message, card);
    return {
      subjects: [card.attacker.actorUuid, ...(card.target ? [card.target.actorUuid] : [])],
      stable: { card, face: rolledFace(message), skill: rolledSkill(message) },
      ...(bad ? { bad } : {}),
    };
  });
  registerCard(ATTACK_CARD_KIND);
}
