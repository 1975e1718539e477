/**
 * Tales tests on core's pipeline (`runRoll`, kind "test"): `rollTest` gathers the actor's numbers,
 * its gear and its targets (`configure`), asks the roller (`dialog`: the roll dialog, or its
 * defaults with the skip key or `skipDialog`), rolls and works out what the test costs applying
 * nothing (`evaluate`), posts the `tales-test` card with the changes the roller may not make left for
 * the GM (`post`), then applies the rest (`apply`). An opposed test against an actor posts the card
 * waiting for the opponent, whose owner (or the GM) rolls through the card's button.
 */
import { postRolledCard } from "../../../core/cards";
import { applyPosted } from "../../../core/changes";
import type { DocumentChange } from "../../../core/changes-logic";
import { localize } from "../../../core/i18n";
import { chooseRoll, type RollAsk } from "../../../core/roll-dialog";
import { runRoll } from "../../../core/rolls/pipeline";
import { talesSetting } from "../base/settings";
import { livingSystem } from "../data/systems";
import type { SkillKey, TestResult } from "../rules";
import { testCardView } from "./card-logic";
import { costChanges } from "./changes-logic";
import { testDialogModel } from "./dialog-logic";
import { TEST_CARD, type TalesTestCard } from "./messages-logic";
import { isSkillKey, type TalesRollOptions } from "./roll-logic";
import { TalesRoll } from "./tales-roll";
import { testState } from "./test-state-logic";
import {
  testPlan,
  type TestChoice,
  type TestDialogInput,
  type TestDialogState,
  type TestTarget,
  type ToolCategory,
} from "./test-plan-logic";

type AnyActor = Actor.Implementation;
type Message = ChatMessage.Implementation;

/** How a roll is posted and whether its dialog opens (core's `RollAsk`), and a line above the card. */
export interface TalesRollAsk extends RollAsk {
  flavor?: string;
}

/** `rollTest`'s choice: the test as far as the caller settles it, and how it is posted. */
export interface TestRollChoice extends TestChoice, TalesRollAsk {}

/** What a test made: its roll, its card, its result (null while an opposed test waits for the opponent). */
export interface TalesRolled {
  roll: TalesRoll;
  message: Message | null;
  result: TestResult | null;
}

// ---- the actor's numbers -------------------------------------------------------------------------

interface ItemLike {
  id: string | null;
  uuid: string;
  name: string | null;
  type: string;
  system: unknown;
}

const itemsOf = (actor: AnyActor): ItemLike[] => [...(actor.items as unknown as Iterable<ItemLike>)];
const sys = (item: ItemLike) => item.system as Record<string, unknown>;
const keyed = (actor: AnyActor, type: string, key: string) =>
  itemsOf(actor).filter((i) => i.type === type && sys(i).key === key);
const skillsWith = (actor: AnyActor, key: string): SkillKey[] =>
  keyed(actor, "tales-advantage", key)
    .map((i) => sys(i).skill)
    .filter((s): s is SkillKey => isSkillKey(s));
const poolOf = (actor: AnyActor, key: string) => {
  const item = keyed(actor, "tales-advantage", key)[0];
  return { points: item ? Math.max(0, Number(sys(item).pool) || 0) : 0, uuid: item?.uuid ?? "" };
};

const TOOL_CATEGORIES: readonly ToolCategory[] = [
  "tools",
  "specialistTools",
  "eliteTools",
  "specialistGear",
  "eliteGear",
];

/** A targeted actor as an opposed test or Enigma reads it. */
function targetOf(actor: AnyActor): TestTarget {
  const system = livingSystem(actor);
  const enigma = poolOf(actor, "enigma");
  return {
    uuid: actor.uuid,
    name: actor.name ?? "",
    attributes: { ...(system.attributes as Record<string, number>) },
    skills: { ...(system.skills as Record<string, number>) },
    wound: system.health.level,
    skillExpert: skillsWith(actor, "skillExpert"),
    enigma: enigma.points,
    enigmaUuid: enigma.uuid,
  };
}

/** The Tales actors this user targets (not the roller). */
function targets(actor: AnyActor): TestTarget[] {
  const out: TestTarget[] = [];
  for (const token of game.user?.targets ?? []) {
    const other = (token as unknown as { actor?: AnyActor | null }).actor ?? null;
    if (
      !other ||
      other.uuid === actor.uuid ||
      !["tales-character", "tales-npc"].includes(other.type as string)
    )
      continue;
    if (!out.some((t) => t.uuid === other.uuid)) out.push(targetOf(other));
  }
  return out;
}

/** The dialog's input from the actor, its gear, its targets, the world's settings and the caller's choice. */
export function dialogInput(actor: AnyActor, choice: TestChoice): TestDialogInput {
  const system = livingSystem(actor);
  const dream = poolOf(actor, "dream");
  const status = poolOf(actor, "status");
  const savage = Math.max(
    0,
    ...keyed(actor, "tales-disadvantage", "savage").map((i) => Number(sys(i).level) || 0),
  );
  const tools = itemsOf(actor)
    .filter(
      (i) =>
        i.type === "tales-gear" &&
        TOOL_CATEGORIES.includes(sys(i).category as ToolCategory) &&
        isSkillKey(sys(i).skill),
    )
    .map((i) => ({
      skill: sys(i).skill as SkillKey,
      category: sys(i).category as ToolCategory,
      name: i.name ?? "",
    }));
  return {
    actorName: actor.name ?? "",
    attributes: { ...(system.attributes as Record<string, number>) },
    skills: { ...(system.skills as Record<string, number>) },
    specialisations: system.specialisations.map((s) => ({
      skill: s.skill as SkillKey,
      name: s.name,
      level: s.level,
    })),
    wound: system.health.level,
    criticalWoundRule: talesSetting("criticalWoundRule"),
    hp: system.hp.value,
    essence: system.essence.value,
    skillExpert: skillsWith(actor, "skillExpert"),
    edge: skillsWith(actor, "edge"),
    lucky: keyed(actor, "tales-advantage", "lucky").length > 0,
    savage: savage >= 4 ? 4 : savage >= 2 ? 2 : 0,
    wellTraveled: keyed(actor, "tales-advantage", "wellTraveled").length > 0,
    foreigner: keyed(actor, "tales-disadvantage", "foreigner").length > 0,
    tools,
    dream: dream.points,
    status: status.points,
    dreamUuid: dream.uuid,
    statusUuid: status.uuid,
    leadershipLimit: system.derived?.leadershipLimit ?? 0,
    targets: targets(actor),
    degrees: talesSetting("degreesOfSuccess"),
    dynamicTieRule: talesSetting("dynamicTieRule"),
    opposedTieRule: talesSetting("opposedTieRule"),
    choice,
  };
}

// ---- posting, shared by every Tales roll -----------------------------------------------------------

/** A roll evaluated: its dice, card and changes, nothing applied yet. */
export interface TalesEvaluated {
  roll: TalesRoll;
  card: TalesTestCard;
  changes: DocumentChange[];
  rollMode: string;
}

const warnOf = (problem: { key: string; data?: Record<string, string> }) =>
  ui.notifications?.warn(localize(problem.key, problem.data));

/** Post the card with the changes the roller may not make left for the GM. */
export async function postRolled(actor: AnyActor, rolled: TalesEvaluated, flavor: string | undefined) {
  const view = testCardView(rolled.roll.read, { localize, card: rolled.card });
  const outcome = "outcome" in view && view.outcome ? `: ${view.outcome.text}` : "";
  return postRolledCard(TEST_CARD, actor, rolled, { text: `${view.label}${outcome}`, flavor });
}

/** Roll the options and read them back (a roll that cannot be read back is a bug). */
export async function rollChecked(options: TalesRollOptions): Promise<TalesRoll> {
  const roll = await TalesRoll.rollFor(options);
  if (!roll.read) throw new Error("Polyverse: a Tales roll could not be read back");
  return roll;
}

// ---- the test ------------------------------------------------------------------------------------

async function evaluateTest(
  actor: AnyActor,
  input: TestDialogInput,
  settled: { state: TestDialogState; rollMode: string },
): Promise<TalesEvaluated | null> {
  const plan = testPlan(input, settled.state);
  const problem = plan.problems[0];
  if (problem) {
    warnOf(problem);
    return null;
  }
  const roll = await rollChecked(plan.options);
  const who = { uuid: actor.uuid, name: actor.name ?? "" };
  return {
    roll,
    card: { actorUuid: actor.uuid, actorName: actor.name ?? "" },
    changes: costChanges(who, plan.costs),
    rollMode: settled.rollMode,
  };
}

/** The result a test's card shows now (null while it waits for the opponent). */
function resultOf(roll: TalesRoll, card: TalesTestCard): TestResult | null {
  const read = roll.read;
  if (read?.options.type !== "test") return null;
  return testState(read.options, read.faces, card)?.result ?? null;
}

/**
 * A test: an attribute with a skill (or alone), static, dynamic or opposed, through the roll dialog
 * (or its defaults with the skip key or `skipDialog`). The roll, its card and its result, or null
 * when cancelled, refused or vetoed by a `polyverse.*` roll hook.
 */
export async function rollTest(actor: AnyActor, choice: TestRollChoice = {}): Promise<TalesRolled | null> {
  const outcome = await runRoll(
    { ruleset: "tales", kind: "test", subject: actor },
    {
      configure: () => dialogInput(actor, choice),
      dialog: (input) => chooseRoll(testDialogModel(input, input.actorName, localize), choice),
      evaluate: (input, settled) => evaluateTest(actor, input, settled),
      post: (rolled) => postRolled(actor, rolled, choice.flavor),
      apply: (_rolled, posted) => applyPosted(posted),
    },
  );
  if (outcome.status !== "done") return null;
  const { rolled, posted } = outcome.context;
  return { roll: rolled.roll, message: posted.message, result: resultOf(rolled.roll, rolled.card) };
}
