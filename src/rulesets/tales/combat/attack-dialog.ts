/**
 * The Tales attack dialog in Foundry: what `rollAttack` (attack-card.ts) reads before it rolls (the
 * attacker's numbers, the weapon, the targets with the distance from the attacker's token measured on
 * the scene, what each target's side reads from its documents), the roller's choice (the dialog, or
 * its defaults at once: `chooseRoll`), and the cards it posts: one per target, each with the same die
 * (a Spray at several targets), or one with no target. The dialog's model is attack-dialog-view.ts.
 */
import {
  metresBetweenTokens,
  actorToken,
  gridScale,
  targetedTokens,
  type AnyToken,
} from "../../../core/board";
import { postCard } from "../../../core/cards";
import { localize } from "../../../core/i18n";
import { chooseRoll, type RollAsk } from "../../../core/roll-dialog";
import { isTalesLiving } from "../base/living";
import { talesSetting } from "../base/settings";
import { livingSystem, weaponSystem } from "../data/systems";
import type { RangeBand } from "../rules";
import { ATTACK_CARD, ATTACK_KEY, type AttackCard, type AttackRoll } from "./attack-card-logic";
import {
  attackDialogPlan,
  type AttackChoice,
  type AttackDialogInput,
  type AttackDialogState,
} from "./attack-dialog-logic";
import { attackDialogModel } from "./attack-dialog-view";
import type { DefenderView } from "./attack-logic";
import type { AnyActor } from "./shared";

type Message = ChatMessage.Implementation;
type AnyItem = Item.Implementation;

/** A target of the attack: its actor (a token's actor for an unlinked token) and its token, if any. */
export interface AttackTarget {
  actor: AnyActor;
  token: AnyToken | null;
}

/**
 * The targets: `targets` when given, else `target` when given (null: none), else the user's targeted
 * tokens. Only Tales characters and NPCs, never the attacker, each once.
 */
export function attackTargetsOf(
  actor: AnyActor,
  options: { target?: AnyActor | null; targets?: readonly AnyActor[] | null },
): AttackTarget[] {
  const given =
    options.targets ?? (options.target === undefined ? null : options.target ? [options.target] : []);
  const found: AttackTarget[] = given
    ? given.map((a) => ({ actor: a, token: actorToken(a) }))
    : targetedTokens().map((token) => ({ actor: token.actor as AnyActor, token }));
  const out: AttackTarget[] = [];
  for (const t of found)
    if (
      isTalesLiving(t.actor) &&
      t.actor.uuid !== actor.uuid &&
      !out.some((o) => o.actor.uuid === t.actor.uuid)
    )
      out.push(t);
  return out;
}

/** Whether this user may see the actor's numbers. */
const observes = (actor: AnyActor): boolean =>
  Boolean(game.user && (game.user.isGM || actor.testUserPermission(game.user, "OBSERVER")));

/**
 * The dialog's input from the documents, the scene and the world's settings; `viewOf` is what the
 * defender's side reads (attack-card.ts, the same view the GM resolves the defence with).
 */
export function attackDialogInput(
  actor: AnyActor,
  weapon: AnyItem,
  targets: readonly AttackTarget[],
  choice: AttackChoice,
  viewOf: (target: AnyActor) => DefenderView,
): AttackDialogInput {
  const s = livingSystem(actor);
  const w = weaponSystem(weapon);
  const from = actorToken(actor);
  return {
    actorName: actor.name ?? "",
    weaponName: weapon.name ?? "",
    attribute: w.attribute,
    skill: w.skill,
    attributeValue: s.attributes[w.attribute],
    skillValue: s.skills[w.skill],
    wound: s.health.level,
    criticalWoundRule: talesSetting("criticalWoundRule"),
    weapon: {
      modifier: w.modifier,
      range: w.traits.range,
      reach: w.traits.reach,
      auto: w.traits.auto,
      spray: w.traits.spray,
      clumsy: w.traits.clumsy,
      broken: w.broken,
    },
    aiming: actor.statuses.has("aiming"),
    sustaining: actor.statuses.has("sustainedDefence"),
    gridMetres: gridScale()?.metres ?? null,
    targets: targets.map((t) => ({
      uuid: t.actor.uuid,
      name: t.actor.name ?? "",
      metres: from && t.token ? metresBetweenTokens(from, t.token) : null,
      view: viewOf(t.actor),
      observed: observes(t.actor),
    })),
    coverTable: talesSetting("coverTable"),
    dynamicTieRule: talesSetting("dynamicTieRule"),
    choice,
  };
}

/** The attack as the roller settled it: the card's attack less its die, and each target with its band. */
export interface SettledAttack extends Omit<AttackRoll, "face"> {
  targets: { uuid: string; name: string; band: RangeBand | null }[];
  rollMode: string;
}

/** The attack a state settles, or null (with a warning) when the rules refuse it. */
export function settleAttack(
  input: AttackDialogInput,
  state: AttackDialogState,
  rollMode: string,
): SettledAttack | null {
  const plan = attackDialogPlan(input, state);
  const problem = plan.problems[0];
  if (problem || plan.bonus === null) {
    if (problem) ui.notifications?.warn(localize(problem.key, problem.data));
    return null;
  }
  return {
    bonus: plan.bonus,
    ranged: plan.ranged,
    band: plan.targets[0]?.band ?? plan.band,
    aim: plan.aim,
    autoBullets: plan.autoBullets,
    clumsy: plan.clumsy,
    ...(plan.sprayVictims > 1 ? { sprayVictims: plan.sprayVictims } : {}),
    targets: plan.targets.map((t) => ({ uuid: t.uuid, name: t.name, band: t.band })),
    rollMode,
  };
}

/** The roller's choice: the dialog, or its defaults at once (skip key, `skipDialog`). */
export async function chooseAttack(input: AttackDialogInput, ask: RollAsk): Promise<SettledAttack | null> {
  const chosen = await chooseRoll(attackDialogModel(input, localize), ask);
  return chosen ? settleAttack(input, chosen.state, chosen.rollMode) : null;
}

/**
 * Post the attack's cards: one per target, each with the attack's die and the target's band (a
 * Spray's targets each defend on their own), or one with no target. The cards in order.
 */
export async function postAttackCards(
  actor: AnyActor,
  weapon: AnyItem,
  { attack, roll }: { attack: SettledAttack & { face: number }; roll: Roll },
  rollMode: string | null,
): Promise<Message[]> {
  const { targets, rollMode: chosen, band, ...common } = attack;
  const cards: AttackCard[] = (targets.length ? targets : [null]).map((target) => ({
    attacker: { actorUuid: actor.uuid, name: actor.name ?? "" },
    weapon: { itemUuid: weapon.uuid, name: weapon.name ?? "" },
    target: target ? { actorUuid: target.uuid, name: target.name } : null,
    attack: { ...common, band: target ? target.band : band },
    defence: null,
    damageMessageId: null,
  }));
  const posted: Message[] = [];
  for (const card of cards) {
    const message = await postCard({
      kind: ATTACK_CARD,
      card,
      speaker: ChatMessage.getSpeaker({ actor }),
      text: localize(`${ATTACK_KEY}.Title`, { attacker: card.attacker.name, weapon: card.weapon.name }),
      rolls: [roll],
      rollMode: chosen || rollMode,
    });
    if (message) posted.push(message);
  }
  return posted;
}
