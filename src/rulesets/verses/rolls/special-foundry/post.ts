/**
 * 'Verses special tests in Foundry (see `../special.ts`): rolling a special test's dice, rendering and posting its card, applying its changes (what the user may not change is asked of the GM).
 */
import { localize } from "../../../../core/i18n";
import { applyChanges, relayPending } from "../../../../core/changes";
import { pendingNames } from "../../../../core/changes-logic";
import { templatePath } from "../../../../core/constants";
import { adStateOf } from "../../ad-logic";
import { lineTextWith } from "../../card-text";
import { versesMaxPool, versesOption } from "../../settings";
import { specialAdrenaline } from "../ability-logic";
import { chooseRollMode } from "../../../../core/rolls/post-logic";
import { metabolismRefusal, metabolismUse } from "../metabolism-logic";
import { metabolismOf } from "../roll-common";
import { metabolismFree } from "../../rules";
import type { VersesRollOptions } from "../pool-view";
import { versesSkillCatalog } from "../skill-catalog";
import {
  specialCardContext,
  type CardLine,
  type DocumentChange,
  type LivingState,
  type PoolWorld,
  type SpecialCard,
  type SpecialResult,
} from "../special-logic";
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

export const living = (actor: AnyActor): LivingState => actor.system as unknown as LivingState;

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

export async function renderCard(
  card: SpecialCard,
  pending: readonly DocumentChange[],
  flavor?: string,
  learned = false,
): Promise<string> {
  const context = specialCardContext(card, {
    localize,
    ...(flavor ? { flavor } : {}),
    pendingGM: pendingNames(pending),
    learned,
  });
  return foundry.applications.handlebars.renderTemplate(
    templatePath("verses/chat/special-test.hbs"),
    context,
  );
}

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
 * Apply the result's changes and post its card with the rolls (the standard path: Dice So Nice
 * animates them, hidden roll modes stay hidden). The card and the pending changes are kept in the
 * message's `flags.polyverse` for the card's buttons.
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
export async function post(
  actor: AnyActor,
  result: SpecialResult,
  choice: PostChoice,
): Promise<SpecialPosted> {
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
