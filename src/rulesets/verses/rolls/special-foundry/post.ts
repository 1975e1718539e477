/**
 * 'Verses special tests in Foundry (see `../special.ts`): rolling a special test's dice, rendering and posting its card, applying its changes (what the user may not change is asked of the GM).
 */
import { livingSystem as versesLiving } from "../../data/systems";
import { localize } from "../../../../core/i18n";
import { cardField, type CardKey } from "../../../../core/cards-logic";
import { postCard, type CardKind } from "../../../../core/cards";
import { applyPosted, splitChanges } from "../../../../core/changes";
import { pendingNames, updateData } from "../../../../core/changes-logic";
import { runRoll } from "../../../../core/rolls/pipeline";
import { templatePath } from "../../../../core/constants";
import { SPECIAL_CARD } from "../../data/messages-logic";
import { adStateOf } from "../../base/ad-logic";
import type { AdRoundState } from "../../rules";
import { lineTextWith } from "../../base/card-text";
import { versesMaxPool, versesOption } from "../../base/settings";
import { specialAdrenaline } from "../../base/ability-logic";
import { resolveRollMode } from "../../../../core/compat";
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
  type SpecialKind,
  type SpecialResult,
} from "../special";
import { VersesRoll } from "../verses-roll";

export type AnyActor = Actor.Implementation;
export type AnyItem = Item.Implementation;
export type Message = ChatMessage.Implementation;

/** The card template of every special test. */
const SPECIAL_CARD_TEMPLATE = "templates/verses/chat/special-test.hbs";
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
  return resolveRollMode(choice.rollMode) as foundry.CONST.DICE_ROLL_MODES;
}

/**
 * The actor's AD as the changes will leave it (the values they set or add on the actor), computed
 * before any is applied: Adrenaline Rush is read from it.
 */
function adStateAfter(actor: AnyActor, changes: readonly DocumentChange[]): AdRoundState {
  const values = new Map<string, unknown>();
  const get = (path: string): unknown =>
    values.has(path) ? values.get(path) : foundry.utils.getProperty(actor, path);
  for (const change of changes)
    if (change.uuid === actor.uuid)
      for (const [path, value] of Object.entries(updateData(change, get))) values.set(path, value);
  const before = adStateOf(living(actor));
  const num = (path: string, fallback: number): number => {
    const value = Number(get(path));
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    max: before.max,
    spent: num("system.ad.spent", before.spent),
    exBound: num("system.ad.exBound", before.exBound),
    reserved: {
      await: num("system.ad.reserved.await", before.reserved.await),
      dodge: num("system.ad.reserved.dodge", before.reserved.dodge),
      parry: num("system.ad.reserved.parry", before.reserved.parry),
    },
  };
}

/** A special test rolled (or, with no dice, resolved), not yet posted. */
export interface SpecialRolled<Extra extends object = object> {
  /** Its dice, the roller's first (none for a card that rolled nothing). */
  rolls: VersesRoll[];
  result: SpecialResult;
  choice: PostChoice;
  /** What the test returns besides its post (a continuous test's id). */
  extra?: Extra;
  /** Done once its changes are applied, with its card (a GM request the card makes). */
  after?: (message: Message | null) => Promise<unknown>;
}

/** The rolled test with every change it makes: its own, the Heightened Metabolism dice bound, Adrenaline Rush. */
interface SpecialEvaluated<Extra extends object> extends SpecialRolled<Extra> {
  changes: DocumentChange[];
}

/**
 * Settle what a rolled test changes, applying nothing: its result's changes, the Heightened
 * Metabolism dice its pool used, and Adrenaline Rush, "immediately after any successful test with
 * a SM of 4 or higher", read from the AD the test leaves (its line joins the card).
 */
function settleSpecial<Extra extends object>(
  actor: AnyActor,
  rolled: SpecialRolled<Extra>,
): SpecialEvaluated<Extra> {
  const { rolls, result, choice } = rolled;
  const changes = [...result.changes, ...(rolls.length ? metabolismBinding(actor, choice) : [])];
  const own = rolls[0];
  if (own && actor.isOwner) {
    const rush = specialAdrenaline(
      result.card.kind,
      { faces: own.faces, target: own.options.target },
      { uuid: actor.uuid, name: actor.name ?? "", abilities: living(actor).abilities },
      adStateAfter(actor, changes),
    );
    if (rush) {
      changes.push(rush.change);
      result.card.lines.push(rush.line);
    }
  }
  return { ...rolled, changes };
}

/** A special test's card as posted, and the changes the user applies once it is. */
interface SpecialCardPosted {
  message: Message | null;
  now: DocumentChange[];
  pending: DocumentChange[];
}

/**
 * Post the card (a `verses-special` message) with its rolls (the standard path: Dice So Nice
 * animates them, hidden roll modes stay hidden) and the changes the user may not make, kept in
 * `flags.polyverse.pending` for the GM; nothing is applied yet.
 */
async function postSpecial(actor: AnyActor, test: SpecialEvaluated<object>): Promise<SpecialCardPosted> {
  const { now, pending } = await splitChanges(test.changes);
  const message = await postCard({
    kind: SPECIAL_CARD,
    card: test.result.card,
    speaker: ChatMessage.getSpeaker({ actor }),
    text: lineText(test.result.card.title),
    flavor: test.choice.flavor ?? "",
    rollMode: rollModeOf(test.choice),
    ...(test.rolls.length ? { rolls: test.rolls } : {}),
    pending,
  });
  return { message, now, pending };
}

/** Apply what the user may change, ask the GM for the rest, then what the test does after. */
async function applySpecial(test: SpecialEvaluated<object>, posted: SpecialCardPosted): Promise<void> {
  await applyPosted(posted);
  await test.after?.(posted.message);
}

/** How a special test gets its choice: given by the caller ({@link givenChoice}), or its dialog (ask.ts). */
export interface SpecialAsk<Config, Choice> {
  configure(): Maybe<Config>;
  dialog(config: Config): Maybe<Choice>;
}
type Maybe<T> = T | null | Promise<T | null>;

/** The caller's choice as it is (a macro, a card's button): no dialog. */
export const givenChoice = <C>(choice: C): SpecialAsk<C, C> => ({
  configure: () => choice,
  dialog: (given) => given,
});

/**
 * A special test as core's roll pipeline (kind: the test's id, "rest", "healing"): `configure` and
 * `dialog` from `ask` (the caller's choice, or the test's dialog), `evaluate` (its plan and dice,
 * with Adrenaline Rush; refused with a notification, or null), `post` its card with what the GM must
 * change, `apply` the rest. The post with what `evaluate` adds (`extra`), or null when refused,
 * cancelled or vetoed by a `polyverse.*` roll hook.
 */
export async function runSpecial<Config, Choice, Extra extends object = object>(
  kind: SpecialKind,
  actor: AnyActor,
  asked: SpecialAsk<Config, Choice>,
  evaluate: (choice: Choice, config: Config) => Maybe<SpecialRolled<Extra>>,
): Promise<(SpecialPosted & Extra) | null> {
  const outcome = await runRoll(
    { ruleset: "verses", kind, subject: actor },
    {
      configure: () => asked.configure(),
      dialog: (config) => asked.dialog(config),
      evaluate: async (config, choice) => {
        const rolled = await evaluate(choice, config);
        return rolled ? settleSpecial(actor, rolled) : null;
      },
      post: (test) => postSpecial(actor, test),
      apply: (test, posted) => applySpecial(test, posted),
    },
  );
  if (outcome.status !== "done") return null;
  const { rolled, posted } = outcome.context;
  return {
    message: posted.message,
    result: rolled.result,
    pending: posted.pending,
    ...(rolled.extra as Extra),
  };
}
