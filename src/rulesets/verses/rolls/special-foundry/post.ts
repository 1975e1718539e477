/**
 * 'Verses special tests in Foundry (see `../special.ts`): rolling a special test's dice, rendering and posting its card, applying its changes (what the user may not change is asked of the GM).
 */
import { livingSystem as versesLiving } from "../../data/systems";
import { localize } from "../../../../core/i18n";
import { cardField, type CardKey } from "../../../../core/cards-logic";
import { postCard, type CardKind } from "../../../../core/cards";
import { applyChanges, relayPending } from "../../../../core/changes";
import { pendingNames } from "../../../../core/changes-logic";
import { templatePath } from "../../../../core/constants";
import { SPECIAL_CARD } from "../../data/messages-logic";
import { adStateOf } from "../../base/ad-logic";
import { lineTextWith } from "../../base/card-text";
import { versesMaxPool, versesOption } from "../../base/settings";
import { specialAdrenaline } from "../../base/ability-logic";
import { chooseRollMode } from "../../../../core/rolls/post-logic";
import { metabolismRefusal, metabolismUse } from "../../base/metabolism-logic";
import { metabolismOf } from "../roll-common";
import { metabolismFree } from "../../rules";
import type { VersesRollOptions } from "../../base/pool-view";
import { versesSkillCatalog } from "../skill-catalog";
import {
  specialCardContext,
  type CardLine,
  type DocumentChange,
  type LivingState,
  type PoolWorld,
  type SpecialCard,
  type SpecialResult,
} from "../special";
import { VersesRoll } from "../verses-roll";

export type AnyActor = Actor.Implementation;
export type AnyItem = Item.Implementation;
export type Message = ChatMessage.Implementation;

/** The card template of every special test. */
export const SPECIAL_CARD_TEMPLATE = "templates/verses/chat/special-test.hbs";
/** Templates to preload (add them to the ruleset's `templates`). */
export const SPECIAL_TEMPLATES = [SPECIAL_CARD_TEMPLATE];

/** How the card is posted. */
export interface PostChoice {
  /** A Foundry roll mode (`publicroll`, `gmroll` ...); default the user's. */
  rollMode?: string | null;
  flavor?: string;
  /** Heightened Metabolism dice used in the pool (bound on the ability item when posted). */
  metabolismUsed?: number;
}

/** What a special test posted, and what it left for the GM. */
export interface SpecialPosted {
  message: Message | null;
  result: SpecialResult;
  /** Changes to documents the user may not update, left on the card for the GM. */
  pending: DocumentChange[];
}

// ---- helpers ---------------------------------------------------------------------------------

export const living = (actor: AnyActor): LivingState => versesLiving(actor);

export { localize };

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
export const inWorld = <C extends { world?: PoolWorld }>(choice: C): C => ({
  ...choice,
  world: choice.world ?? versesWorld(),
});

const lineText = (l: CardLine): string => lineTextWith(localize, l);

export function refuse(reason: CardLine): null {
  ui.notifications?.warn(lineText(reason));
  return null;
}

/**
 * A caller's Heightened Metabolism dice checked before the roll: a warning, and true, when the
 * actor has fewer free than asked (or none allocated).
 */
export function metabolismRefused(actor: AnyActor, choice: { metabolismUsed?: number }): boolean {
  const reason = metabolismRefusal(metabolismOf(actor), Number(choice.metabolismUsed) || 0);
  if (!reason) return false;
  refuse(reason);
  return true;
}

export async function rolled(options: VersesRollOptions, actor: AnyActor): Promise<VersesRoll> {
  const roll = VersesRoll.fromParts({ ...options, actorUuid: actor.uuid });
  await roll.evaluate();
  return roll;
}

export const ref = (doc: { uuid: string; name: string | null }) => ({ uuid: doc.uuid, name: doc.name ?? "" });

/** The first targeted token's actor, if any. */
export function targetedActor(): AnyActor | null {
  for (const token of game.user?.targets ?? []) if (token.actor) return token.actor;
  return null;
}

/** The card's template context, localised for this user. */
function specialContext(
  card: SpecialCard,
  pending: readonly DocumentChange[],
  flavor?: string,
  learned = false,
) {
  return specialCardContext(card, {
    localize,
    ...(flavor ? { flavor } : {}),
    pendingGM: pendingNames(pending),
    learned,
  });
}

/** Whether the GM added the skill a training card's course taught (`system.learned`; older cards: a flag). */
export const learnedOf = (message: Message, key: CardKey = SPECIAL_CARD): boolean =>
  cardField(message, key, "learned") === true;

/** The special tests' card as core draws it (core/cards.ts), from its state and what is pending. */
export const SPECIAL_CARD_KIND: CardKind<SpecialCard> = {
  ...SPECIAL_CARD,
  template: templatePath("verses/chat/special-test.hbs"),
  context: (message, card, pending) =>
    specialContext(card, pending, message.flavor || undefined, learnedOf(message)),
};

/**
 * The Heightened Metabolism dice a test used, bound on the ability item: "Once used in this way,
 * allocated dice are treated as EX-bound until they are recovered through the Rest action"
 * (`metabolismUse`; never more than are free).
 */
function metabolismBinding(actor: AnyActor, choice: PostChoice): DocumentChange[] {
  const dice = Math.max(0, Math.floor(Number(choice.metabolismUsed) || 0));
  const offer = dice > 0 ? metabolismOf(actor) : null;
  if (!offer) return [];
  const used = metabolismUse(offer, Math.min(dice, metabolismFree(offer)));
  return used.ok && used.change ? [used.change] : [];
}

function rollModeOf(choice: PostChoice): foundry.CONST.DICE_ROLL_MODES {
  return chooseRollMode(
    choice.rollMode,
    Object.keys(CONFIG.Dice.rollModes),
    String(game.settings.get("core", "rollMode")),
  ) as foundry.CONST.DICE_ROLL_MODES;
}

/**
 * Apply the result's changes and post its card (a `verses-special` message) with the rolls (the
 * standard path: Dice So Nice animates them, hidden roll modes stay hidden). The card is kept in
 * `system.card` and the pending changes in `flags.polyverse.pending` for the card's buttons.
 */
export async function finish(
  actor: AnyActor,
  rolls: VersesRoll[],
  result: SpecialResult,
  choice: PostChoice,
): Promise<SpecialPosted> {
  const pending = await applyChanges([...result.changes, ...metabolismBinding(actor, choice)]);
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
  const message = await postCard({
    kind: SPECIAL_CARD,
    card: result.card,
    speaker: ChatMessage.getSpeaker({ actor }),
    text: lineText(result.card.title),
    flavor: choice.flavor ?? "",
    rollMode: rollModeOf(choice),
    rolls,
    pending,
  });
  await relayPending(message);
  return { message, result, pending };
}

/** Post a card that rolled nothing (Pain Tolerance's skipped maintenance roll). */
export async function post(
  actor: AnyActor,
  result: SpecialResult,
  choice: PostChoice,
): Promise<SpecialPosted> {
  const pending = await applyChanges(result.changes);
  const message = await postCard({
    kind: SPECIAL_CARD,
    card: result.card,
    speaker: ChatMessage.getSpeaker({ actor }),
    text: lineText(result.card.title),
    flavor: choice.flavor ?? "",
    rollMode: rollModeOf(choice),
    pending,
  });
  await relayPending(message);
  return { message, result, pending };
}
