/**
 * The Tension Pool in Foundry (the text's optional rule, world setting `tensionPool`): the bowl as a
 * hidden world setting only a GM writes and every client reads; the GM's three controls (the macro
 * API and, while the rule is on, buttons in the Actors directory beside End scene): *Add tension die*
 * (a 6th die rolls the pool at once), *Roll tension pool* (a reckless action), *Reckless and
 * time-consuming* (a die, then the roll); a failed check card's *Add tension die* for the GM (once per
 * card); the `virtually-real-tension` card each control posts (a real Roll of the bowl's dice, so Dice
 * So Nice shows it); the bowl's count and the chance of a complication for every user in the Actors
 * directory; the end of a scene emptying the bowl unless `tensionKeep`.
 *
 * Only the active GM works the bowl (two GMs never drop the same die twice); a player is refused
 * whatever the way in (the macro, a button shown to no player, a world setting the server lets no
 * player write). A card a GM did not post changes nothing and is drawn as such.
 */
import { cardOf, postCard, registerCard, type CardKind } from "../../../core/cards";
import { SYSTEM_ID, templatePath } from "../../../core/constants";
import {
  redrawActorDirectory,
  registerDirectoryButtons,
  registerDirectoryIndicators,
} from "../../../core/directory";
import { registerChatAction } from "../../../core/chat";
import { localize } from "../../../core/i18n";
import { isActiveGM } from "../../../core/relay";
import { activeResults } from "../../../core/rolls/roll-logic";
import { PolyverseCardModel } from "../../../core/card-model";
import { virtuallyRealSetting } from "../base/settings";
import { addReaderExtras, checkCardOf, checkResultOf } from "../rolls";
import { tensionOdds } from "../rules";
import type { Message } from "./shared";
import {
  EMPTY_BOWL,
  TENSION,
  TENSION_CARD,
  TENSION_SETTING_KEY,
  bowlAtSceneEnd,
  planTension,
  readBowl,
  rememberCard,
  tensionCardContext,
  tensionCardProblems,
  tensionCardText,
  tensionIndicator,
  type TensionBowl,
  type TensionCardState,
  type TensionControl,
} from "./tension-logic";

type Register = (namespace: string, key: string, data: Record<string, unknown>) => void;
type Get = (namespace: string, key: string) => unknown;
type SetSetting = (namespace: string, key: string, value: unknown) => Promise<unknown>;

/** What the tension card keeps (a GM's control posted it). */
export class VirtuallyRealTensionMessageData extends PolyverseCardModel {
  static override cardType = TENSION_CARD.type;
  static override cardProblems = tensionCardProblems;
}

/** The descriptor's `types.ChatMessage` for this card. */
export const VIRTUALLY_REAL_TENSION_MESSAGE_TYPES = {
  [TENSION_CARD.type]: { model: VirtuallyRealTensionMessageData },
};

export const TENSION_TEMPLATE = "templates/virtually-real/chat/tension.hbs";

/** A message's tension card state, or null. */
export const readTensionCard = (message: Message): TensionCardState | null =>
  cardOf<TensionCardState>(message, TENSION_CARD);

const TENSION_CARD_KIND: CardKind<TensionCardState> = {
  ...TENSION_CARD,
  template: templatePath("virtually-real/chat/tension.hbs"),
  context: (message, card) => tensionCardContext(card, localize, Boolean(message.author?.isGM)),
};

// ---- the bowl ----------------------------------------------------------------------------------------

function readSetting(): TensionBowl {
  try {
    return readBowl((game.settings.get as unknown as Get)(SYSTEM_ID, TENSION_SETTING_KEY));
  } catch {
    return { ...EMPTY_BOWL, cards: [] };
  }
}

async function writeBowl(bowl: TensionBowl): Promise<void> {
  await (game.settings.set.bind(game.settings) as unknown as SetSetting)(
    SYSTEM_ID,
    TENSION_SETTING_KEY,
    bowl,
  );
}

/** Whether the world plays the Tension Pool (`tensionPool`). */
const poolOn = (): boolean => virtuallyRealSetting("tensionPool");

/** The tension pool as every user reads it: on or off, kept between scenes, its dice and the odds. */
export interface TensionPoolView {
  on: boolean;
  keep: boolean;
  dice: number;
  /** The chance that rolling the bowl now brings a complication (any 1): 1 − (5/6)^dice. */
  odds: number;
}

/** The tension pool now (`actions.tensionPool()`). */
export function tensionPool(): TensionPoolView {
  const { dice } = readSetting();
  return { on: poolOn(), keep: virtuallyRealSetting("tensionKeep"), dice, odds: tensionOdds(dice) };
}

// ---- the GM's controls --------------------------------------------------------------------------------

/** One control at a time on this client (a second press while one runs is refused). */
let running = false;

function warn(key: string): null {
  ui.notifications?.warn(localize(`${TENSION}.Problem.${key}`));
  return null;
}

/** Refuse anyone but the active GM, and everyone while the rule is off or a control runs. */
function mayControl(): boolean {
  if (!game.user?.isGM) return Boolean(warn("GMOnly"));
  if (!isActiveGM()) return Boolean(warn("ActiveGMOnly"));
  if (!poolOn()) return Boolean(warn("Off"));
  if (running) return Boolean(warn("Running"));
  return true;
}

/** Roll `count` tension dice as one real roll; its faces, as rolled. */
async function rollBowl(count: number): Promise<{ roll: Roll; faces: number[] }> {
  const roll = new foundry.dice.Roll(`${count}d6`);
  await roll.evaluate();
  const faces = activeResults(roll.terms).filter(
    (f): f is number => typeof f === "number" && Number.isInteger(f) && f >= 1 && f <= 6,
  );
  if (faces.length !== count)
    throw new Error(`Polyverse: the tension roll gave ${faces.length} of ${count} dice`);
  return { roll: roll as Roll, faces };
}

const speaker = () => ({ alias: localize(`${TENSION}.Card.Speaker`) });

/** Carry out a control on the bowl (a check card's id for its die); the card posted, or null. */
async function runControl(control: TensionControl, cardId: string | null): Promise<Message | null> {
  const bowl = readSetting();
  const plan = planTension(bowl, control);
  if (plan.reason && plan.roll === 0) return warn("Empty");
  const cards = rememberCard(bowl, cardId);
  if (!plan.reason) {
    await writeBowl({ dice: plan.dice, cards });
    const card: TensionCardState = { kind: "add", reason: null, added: true, dice: plan.dice, faces: [] };
    return post(card, []);
  }
  const { roll, faces } = await rollBowl(plan.roll);
  // The rolled dice leave the bowl before the card is posted: a failure to post never rolls them twice.
  await writeBowl({ dice: 0, cards });
  const card: TensionCardState = { kind: "roll", reason: plan.reason, added: plan.added, dice: 0, faces };
  return post(card, [roll]);
}

function post(card: TensionCardState, rolls: Roll[]): Promise<Message | null> {
  return postCard({
    kind: TENSION_CARD,
    card,
    speaker: speaker(),
    text: tensionCardText(card, localize),
    rollMode: rolls.length ? "publicroll" : null,
    rolls,
  });
}

async function control(kind: TensionControl, cardId: string | null = null): Promise<Message | null> {
  if (!mayControl()) return null;
  running = true;
  try {
    return await runControl(kind, cardId);
  } finally {
    running = false;
    redrawActorDirectory();
  }
}

export interface AddTensionDieOptions {
  /** A failed check card the die is dropped for (once per card). */
  message?: Message | null;
}

/**
 * *Add tension die* (a time-consuming task): a die in the bowl, and a 6th die rolls the pool at once.
 * With `message`, a failed check card the die is dropped for: refused unless its check failed, and a
 * second time for the same card. The card posted, or null when refused.
 */
export async function addTensionDie(options: AddTensionDieOptions = {}): Promise<Message | null> {
  const message = options.message ?? null;
  if (message) {
    if (!mayControl()) return null;
    if (!failedCheck(message)) return warn("NotFailed");
    if (readSetting().cards.includes(message.id ?? "")) return warn("AlreadyDropped");
  }
  return control("add", message?.id ?? null);
}

/** *Roll tension pool* (a reckless action): the bowl's dice rolled, any 1 a complication, the bowl empty. */
export const rollTensionPool = (): Promise<Message | null> => control("roll");

/** *Reckless and time-consuming*: a die in the bowl, then the bowl rolled. */
export const addAndRollTension = (): Promise<Message | null> => control("both");

/** Empty the bowl without rolling (the GM's choice at any time; the end of a scene does it by itself). */
export async function clearTensionPool(): Promise<boolean> {
  if (!mayControl()) return false;
  await writeBowl({ ...readSetting(), dice: 0 });
  redrawActorDirectory();
  return true;
}

/**
 * The end of a scene (the GM's step, on the active GM's client): the bowl emptied unless the world
 * keeps the dice from scene to scene (`tensionKeep`). The dice left in the bowl.
 */
export async function tensionAtSceneEndStep(): Promise<number> {
  const bowl = readSetting();
  const next = bowlAtSceneEnd(bowl, virtuallyRealSetting("tensionKeep"));
  if (next.dice !== bowl.dice) {
    await writeBowl(next);
    redrawActorDirectory();
  }
  return next.dice;
}

// ---- the check card's button ----------------------------------------------------------------------

/** A check card whose check failed, read from its dice by the rules. */
function failedCheck(message: Message): boolean {
  if (!checkCardOf(message)) return false;
  return checkResultOf(message)?.success === false;
}

/**
 * Whether the check card offers this reader *Add tension die*: the active GM, the rule on, a failed
 * check, no die dropped for the card yet (the check card's reader extras, rolls/card.ts).
 */
function offersDrop(message: Message): boolean {
  if (!game.user?.isGM || game.polyverse?.ruleset?.id !== "virtually-real") return false;
  if (!poolOn() || !isActiveGM() || !failedCheck(message)) return false;
  return !readSetting().cards.includes(message.id ?? "");
}

// ---- registration ---------------------------------------------------------------------------------

const VR = "virtually-real";
const TOGGLES = new Set([`${SYSTEM_ID}.${VR}.tensionPool`, `${SYSTEM_ID}.${VR}.tensionKeep`]);

/**
 * Register the bowl (a hidden world setting), the card, the directory's buttons and indicator, and the
 * check card's button (at init, whatever ruleset is active).
 */
export function registerTension(): void {
  (game.settings.register.bind(game.settings) as unknown as Register)(SYSTEM_ID, TENSION_SETTING_KEY, {
    scope: "world",
    config: false,
    type: Object,
    default: { ...EMPTY_BOWL, cards: [] },
    onChange: () => redrawActorDirectory(),
  });
  registerCard(TENSION_CARD_KIND);
  // The rule turned on or off: the directory's buttons and indicator follow on every client.
  const toggled = (setting: { key?: string }) => {
    if (setting.key && TOGGLES.has(setting.key)) redrawActorDirectory();
  };
  Hooks.on("createSetting", toggled);
  Hooks.on("updateSetting", toggled);
  addReaderExtras((message) => (offersDrop(message) ? { tensionDrop: true } : {}));
  registerChatAction("virtuallyReal.tensionDrop", {
    permission: "gm",
    handler: (message) => addTensionDie({ message }),
  });
  const shown = () => poolOn() && isActiveGM();
  registerDirectoryButtons(
    (
      [
        ["add", "fa-solid fa-hourglass-half", () => addTensionDie()],
        ["roll", "fa-solid fa-dice", () => rollTensionPool()],
        ["both", "fa-solid fa-triangle-exclamation", () => addAndRollTension()],
      ] as const
    ).map(([kind, icon, onClick]) => ({
      rulesetId: VR,
      key: `pv-vr-tension-${kind}`,
      icon,
      label: `${TENSION}.Control.${kind}`,
      hint: `${TENSION}.Control.${kind}Hint`,
      className: `pv-vr-tension-control pv-vr-tension-${kind}`,
      onClick,
      when: shown,
    })),
  );
  registerDirectoryIndicators([
    {
      rulesetId: VR,
      key: "pv-vr-tension",
      className: "polyverse pv-vr-tension-indicator",
      icon: "fa-solid fa-hourglass-half",
      content: () => (poolOn() ? tensionIndicator(readSetting().dice, localize) : null),
    },
  ]);
}
