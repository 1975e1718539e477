/**
 * Maelstrom's rolls on core's pipeline (`runRoll`): an action (`rollTraits`, kind "action"), a
 * Willpower roll (`rollWillpower`, "willpower") and a soak (`rollSoak`, "soak"). Each gathers the
 * actor's numbers (`configure`), asks the roller (`dialog`: the roll dialog, or its defaults with
 * the skip key or `skipDialog`), rolls and works out what the roll changes applying nothing
 * (`evaluate`), posts the `maelstrom-roll` card with the changes the roller may not make left for the
 * GM (`post`), then applies the rest (`apply`).
 */
import { postRolledCard } from "../../../core/cards";
import { applyPosted } from "../../../core/changes";
import type { DocumentChange } from "../../../core/changes-logic";
import { localize } from "../../../core/i18n";
import { chooseRoll } from "../../../core/roll-dialog";
import { runRoll } from "../../../core/rolls/pipeline";
import { maelstromSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import { soakPool, soakResult, type RollResult, type SoakResult } from "../rules";
import { rollCardView } from "./card-logic";
import { rollChanges } from "./changes-logic";
import {
  actionPlan,
  traitDialogModel,
  type HeldWithName,
  type SpecialtyOffer,
  type TraitChoice,
  type TraitDialogInput,
  type TraitDialogState,
} from "./dialog-logic";
import { MaelstromRoll } from "./maelstrom-roll";
import { ROLL_CARD, type MaelstromCard } from "./messages-logic";
import { resolveDice, type MaelstromRollOptions, type SoakType } from "./roll-logic";

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

/** How a roll is posted and whether its dialog opens. */
export interface RollCommon {
  /** Roll at once with the dialog's defaults (as the skip key does). */
  skipDialog?: boolean;
  /** The click that started the roll (the skip key is read from it). */
  event?: Event | null;
  /** A Foundry roll mode; by default the dialog's (the core setting). */
  rollMode?: string;
  /** A line above the card. */
  flavor?: string;
}

/** `rollTraits`' choice: the traits and numbers, and how it is posted. */
export interface TraitRollChoice extends TraitChoice, RollCommon {
  /** An attack: the dialog opens at the `attackDifficulty` setting. */
  attack?: boolean;
  /** The weapon ignores the Reflexive Action Penalty. */
  ignoresReflexivePenalty?: boolean;
}

/** What a roll made: its roll, its card, its result. */
export interface MaelstromRolled<R = RollResult> {
  roll: MaelstromRoll;
  message: Message | null;
  result: R;
}

// ---- the actor's numbers -------------------------------------------------------------------------

interface ItemLike {
  id: string | null;
  name: string | null;
  type: string;
  system: unknown;
}

const itemsOf = (actor: AnyActor): ItemLike[] => [...(actor.items as unknown as Iterable<ItemLike>)];
const sys = (item: ItemLike) => item.system as Record<string, unknown>;

/** The actor's merits and flaws as the rules read them. */
function heldTraits(actor: AnyActor, type: "maelstrom-merit" | "maelstrom-flaw"): HeldWithName[] {
  return itemsOf(actor)
    .filter((i) => i.type === type)
    .map((i) => {
      const s = sys(i);
      return {
        name: i.name ?? "",
        key: String(s.key ?? ""),
        points: Number(s.points) || 0,
        option: String(s.option ?? ""),
        ...(type === "maelstrom-flaw" ? { ability: String(s.ability ?? ""), active: s.active === true } : {}),
      };
    });
}

function specialtiesOf(actor: AnyActor): SpecialtyOffer[] {
  return itemsOf(actor)
    .filter((i) => i.type === "maelstrom-specialty" && i.id)
    .map((i) => {
      const s = sys(i);
      const subject = String(s.subject ?? "");
      return {
        id: i.id!,
        name: subject ? `${i.name ?? ""} (${subject})` : (i.name ?? ""),
        ability: String(s.ability ?? ""),
        kind: s.kind === "advanced" ? ("advanced" as const) : ("general" as const),
      };
    });
}

/** The current combat round as the actor's once-per-turn marks name it, or "" outside combat. */
export function combatRoundOf(actor: AnyActor): string {
  const combat = game.combat;
  if (!combat?.started || !combat.id) return "";
  const fighting = combat.combatants.some((c) => c.actor?.id === actor.id);
  return fighting ? `${combat.id}:${combat.round ?? 0}` : "";
}

/** The wound penalty and whether the actor may act (the model's derived data). */
function derived(actor: AnyActor): { penalty: number; incapacitated: boolean } {
  const { health, willpowerBroken } = livingSystem(actor).derived;
  return { penalty: Math.max(0, health.penalty), incapacitated: health.incapacitated || willpowerBroken };
}

/** The dialog's input from the actor, the world's settings and the caller's choice. */
export function dialogInput(
  actor: AnyActor,
  kind: "action" | "willpower",
  choice: TraitRollChoice,
): TraitDialogInput {
  const system = livingSystem(actor);
  const { penalty, incapacitated } = derived(actor);
  const defaultDifficulty =
    kind === "willpower"
      ? maelstromSetting("willpowerDifficulty")
      : choice.attack
        ? maelstromSetting("attackDifficulty")
        : 6;
  return {
    kind,
    actorName: actor.name ?? "",
    attributes: { ...(system.attributes as Record<string, number>) },
    abilities: { ...(system.abilities as Record<string, number>) },
    specialties: specialtiesOf(actor),
    merits: heldTraits(actor, "maelstrom-merit"),
    flaws: heldTraits(actor, "maelstrom-flaw"),
    woundPenalty: kind === "action" ? penalty : 0,
    willpower: system.willpower.value,
    ignoreWoundsPending: system.combat.ignoreWounds,
    ignoreWoundsRound: system.combat.ignoreWoundsRound,
    combatRound: combatRoundOf(actor),
    incapacitated: kind === "action" && incapacitated,
    ignoresReflexivePenalty: choice.ignoresReflexivePenalty ?? false,
    defaultDifficulty,
    knowledgePenalty: maelstromSetting("knowledgePenalty"),
    choice,
  };
}

// ---- the steps -----------------------------------------------------------------------------------

interface Settled {
  state: TraitDialogState;
  rollMode: string;
}

const warnOf = (problem: { key: string; data?: Record<string, string> }) =>
  ui.notifications?.warn(localize(problem.key, problem.data));

/** The roller's choice: the dialog, or its defaults at once (skip key, `skipDialog`). */
function chooseTraits(input: TraitDialogInput, choice: RollCommon, label: string): Promise<Settled | null> {
  return chooseRoll(traitDialogModel(input, label, localize), choice);
}

/** A roll evaluated: its dice, result, card and changes, nothing applied yet. */
interface Evaluated<R> {
  roll: MaelstromRoll;
  result: R;
  card: MaelstromCard;
  changes: DocumentChange[];
  rollMode: string;
}

/** Post the card with the changes the roller may not make left for the GM. */
async function postRolled<R>(actor: AnyActor, rolled: Evaluated<R>, flavor: string | undefined) {
  const read = rolled.roll.read;
  const view = rollCardView(read, { localize, card: rolled.card });
  const outcome = "outcome" in view && view.outcome ? `: ${view.outcome.text}` : "";
  return postRolledCard(ROLL_CARD, actor, rolled, { text: `${view.label}${outcome}`, flavor });
}

/** Roll a planned pool (an action's, a Willpower roll's: the rest's too) and read its result back. */
export async function rollResolved(
  options: MaelstromRollOptions,
): Promise<{ roll: MaelstromRoll; result: RollResult }> {
  const roll = await MaelstromRoll.rollPool(options);
  const read = roll.read;
  if (!read) throw new Error("Polyverse: a Maelstrom roll could not be read back");
  return { roll, result: resolveDice(read.options, read.rolled) };
}

/** Roll an action or a Willpower roll from the dialog's state. */
async function evaluateTraits(
  actor: AnyActor,
  input: TraitDialogInput,
  settled: Settled,
): Promise<Evaluated<RollResult> | null> {
  const plan = actionPlan(input, settled.state);
  const problem = plan.problems[0];
  if (problem) {
    warnOf(problem);
    return null;
  }
  const { roll, result } = await rollResolved(plan.options);
  const who = { uuid: actor.uuid, name: actor.name ?? "" };
  const { change, botchLoss } = rollChanges(who, plan.options, result, input.willpower, {
    spend: plan.spendWillpower,
    usePending: plan.usePending,
    round: input.combatRound,
  });
  return {
    roll,
    result,
    card: { actorUuid: actor.uuid, actorName: actor.name ?? "", ...(botchLoss ? { botchLoss } : {}) },
    changes: change ? [change] : [],
    rollMode: settled.rollMode,
  };
}

async function runTraits(
  actor: AnyActor,
  kind: "action" | "willpower",
  choice: TraitRollChoice,
): Promise<MaelstromRolled | null> {
  const outcome = await runRoll(
    { ruleset: "maelstrom", kind, subject: actor },
    {
      configure: () => dialogInput(actor, kind, choice),
      dialog: (input) => chooseTraits(input, choice, input.actorName),
      evaluate: (input, settled) => evaluateTraits(actor, input, settled),
      post: (rolled) => postRolled(actor, rolled, choice.flavor),
      apply: (_rolled, posted) => applyPosted(posted),
    },
  );
  if (outcome.status !== "done") return null;
  const { rolled, posted } = outcome.context;
  return { roll: rolled.roll, message: posted.message, result: rolled.result };
}

/**
 * An action: an attribute with an ability or a second attribute (or alone), through the roll dialog
 * (or its defaults with the skip key or `skipDialog`). The roll, its card and its result, or null
 * when cancelled, refused or vetoed by a `polyverse.*` roll hook.
 */
export function rollTraits(actor: AnyActor, choice: TraitRollChoice = {}): Promise<MaelstromRolled | null> {
  return runTraits(actor, "action", choice);
}

/** A Willpower roll: the current rank alone, no wound penalty, Strong Bond's automatic success. */
export function rollWillpower(
  actor: AnyActor,
  choice: Pick<TraitRollChoice, "difficulty" | "threshold" | "toggles"> & RollCommon = {},
): Promise<MaelstromRolled | null> {
  return runTraits(actor, "willpower", choice);
}

// ---- soak ----------------------------------------------------------------------------------------

/** The worn armor's bonus and ratings: the best equipped piece for each (armor does not stack). */
function wornArmor(actor: AnyActor): { bashing: number; lethal: number; aggravated: number; name: string } {
  const worn = itemsOf(actor).filter((i) => i.type === "maelstrom-armor" && sys(i).equipped === true);
  const best = { bashing: 0, lethal: 0, aggravated: 0, name: "" };
  for (const item of worn) {
    const s = sys(item);
    for (const type of ["bashing", "lethal", "aggravated"] as const) {
      const value = Math.max(0, Number(s[type]) || 0);
      if (value > best[type]) best[type] = value;
    }
    best.name ||= item.name ?? "";
  }
  return best;
}

/** A soak roll's set-up: "always at a difficulty 6", no threshold, no exploding tens, no wound penalty. */
export function soakOptions(actor: AnyActor, type: SoakType, incoming?: number): MaelstromRollOptions {
  const strength = (livingSystem(actor).attributes as Record<string, number>).strength ?? 0;
  const armor = wornArmor(actor);
  const { pool } = soakPool({ type, strength, armor });
  const armorPart = {
    label: armor.name || "POLYVERSE.Maelstrom.Roll.Armor",
    value: type === "bashing" ? armor.bashing : armor[type],
  };
  const parts =
    type === "bashing"
      ? [{ label: "POLYVERSE.Maelstrom.Attribute.strength", value: strength }, armorPart]
      : [armorPart];
  return {
    kind: "soak",
    traits: type === "bashing" ? ["attributes.strength"] : [],
    parts,
    woundPenalty: 0,
    woundsIgnored: false,
    pool: Math.max(0, pool),
    baseDifficulty: 6,
    modifiers: [],
    difficulty: 6,
    baseThreshold: 0,
    requiredUnused: 0,
    threshold: 0,
    specialties: [],
    maxSpecialties: 0,
    exploding: false,
    autoSuccesses: 0,
    soak: { type, ...(incoming !== undefined ? { incoming: Math.max(0, Math.floor(incoming)) } : {}) },
  };
}

/**
 * A soak roll (no dialog): bashing with Strength and the worn armor's bashing bonus, lethal and
 * aggravated with the armor's rating alone; difficulty 6, no exploding tens, no experience die,
 * allowed while incapacitated. With `incoming`, the card says the levels taken (`result.taken`).
 */
export async function rollSoak(
  actor: AnyActor,
  choice: { type: SoakType; incoming?: number } & Pick<RollCommon, "rollMode" | "flavor">,
): Promise<MaelstromRolled<SoakResult> | null> {
  const outcome = await runRoll(
    { ruleset: "maelstrom", kind: "soak", subject: actor },
    {
      configure: () => soakOptions(actor, choice.type, choice.incoming),
      dialog: (options) => options,
      evaluate: async (options): Promise<Evaluated<SoakResult>> => {
        const roll = await MaelstromRoll.rollPool(options);
        const dice = roll.read?.rolled.dice ?? [];
        return {
          roll,
          result: soakResult({ dice, incoming: options.soak?.incoming ?? 0 }),
          card: { actorUuid: actor.uuid, actorName: actor.name ?? "" },
          changes: [],
          rollMode: choice.rollMode ?? "",
        };
      },
      post: (rolled) => postRolled(actor, rolled, choice.flavor),
      apply: (_rolled, posted) => applyPosted(posted),
    },
  );
  if (outcome.status !== "done") return null;
  const { rolled, posted } = outcome.context;
  return { roll: rolled.roll, message: posted.message, result: rolled.result };
}
