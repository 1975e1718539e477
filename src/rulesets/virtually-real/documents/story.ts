/**
 * The GM's end of a scene and end of a chapter in Foundry (the descriptor's actions `endScene` and
 * `endChapter`, and two GM-only buttons in the Actors directory while Virtually Real is the world's
 * ruleset). Each asks the GM to confirm in a dialog that shows what it will do and takes the GM's
 * choices (the scene's XP per skill used and the risk's light; the chapter's awards), then, on the
 * active GM's client only, works out each character and NPC (world actors and unlinked tokens' actors)
 * by scene-logic.ts / chapter-logic.ts, updates them, advances the world's story clock and posts a
 * `virtually-real-scene` card summarising what changed for whom.
 *
 * Idempotent per scene and chapter: the number is fixed when the dialog opens, each actor carries the
 * last scene and chapter ended for it (updated with its changes), and the clock only moves forward, so
 * a second confirmation of the same scene (two dialogs, a retry after an error half way) changes
 * nothing already done and posts no second card. A player is refused; so is a GM who is not the active
 * GM (two GMs never work the same step at once).
 */
import { deletionUpdate } from "../../../core/compat";
import { registerDirectoryButtons, worldActors } from "../../../core/directory";
import { localize } from "../../../core/i18n";
import { isActiveGM } from "../../../core/relay";
import { SYSTEM_ID, templatePath } from "../../../core/constants";
import { virtuallyRealRulesOptions } from "../base/settings";
import { isVirtuallyRealLiving } from "../data/systems";
import { NO_GROUP_AWARDS, endChapterFor, groupAwardLines, type GroupAwards } from "./chapter-logic";
import { awardLines, chapterRowLines, sceneRowLines, type PlayCardState } from "./play-card-logic";
import { postPlayCard } from "./play-card";
import { playActorOf } from "./play-actor";
import type { IndividualAward } from "../rules";
import type { PlayActor } from "./play-logic";
import { defaultSceneChoice, endSceneFor, sceneRowShows, type SceneChoice } from "./scene-logic";
import {
  chapterChoicesFrom,
  chapterDialogContext,
  sceneChoicesFrom,
  sceneDialogContext,
  type FormEntries,
} from "./story-dialog-logic";
import { ACTOR_STORY_FLAG, START_CLOCK, STORY_SETTING_KEY, readClock, type StoryClock } from "./story-logic";
import { ID, PLAY, warn, type AnyActor, type Message } from "./shared";
import { tensionAtSceneEndStep } from "./tension";

type Register = (namespace: string, key: string, data: Record<string, unknown>) => void;
type Get = (namespace: string, key: string) => unknown;
type SetSetting = (namespace: string, key: string, value: unknown) => Promise<unknown>;

/** Register the world's story clock (a hidden world setting; at init, whatever ruleset is active). */
export function registerStoryClock(): void {
  (game.settings.register.bind(game.settings) as unknown as Register)(SYSTEM_ID, STORY_SETTING_KEY, {
    scope: "world",
    config: false,
    type: Object,
    default: { ...START_CLOCK },
  });
}

/** The world's story clock: the scenes, chapters and Acts ended so far. */
export function storyClock(): StoryClock {
  try {
    return readClock((game.settings.get as unknown as Get)(SYSTEM_ID, STORY_SETTING_KEY));
  } catch {
    return { ...START_CLOCK };
  }
}

async function setClock(clock: StoryClock): Promise<void> {
  await (game.settings.set.bind(game.settings) as unknown as SetSetting)(SYSTEM_ID, STORY_SETTING_KEY, clock);
}

/** Every Virtually Real character and NPC of the world. */
export const storyActors = (): AnyActor[] => worldActors((a) => Boolean(a && isVirtuallyRealLiving(a)));

/** One step at a time on this client (a second press while one runs does nothing). */
let running = false;

/** Refuse a user who may not run the steps: the active GM only. */
function mayRun(): boolean {
  if (!game.user?.isGM) return Boolean(warn("Story.GMOnly"));
  if (!isActiveGM()) return Boolean(warn("Story.ActiveGMOnly"));
  if (running) return Boolean(warn("Story.Running"));
  return true;
}

/** Open a dialog from a template; resolve with the submitted form's entries, or null when cancelled. */
async function formDialog(
  title: string,
  template: string,
  context: object,
  confirm: string,
): Promise<FormEntries | null> {
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath(template),
    context as never,
  );
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title },
    content,
    modal: true,
    rejectClose: false,
    position: { width: 560 },
    buttons: [
      {
        action: "confirm",
        label: confirm,
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) =>
          button.form
            ? [...new FormData(button.form).entries()].map(([k, v]) => [k, String(v)] as const)
            : [],
      },
      { action: "cancel", label: localize("Cancel") },
    ],
  } as never);
  return Array.isArray(answer) ? (answer as FormEntries) : null;
}

/**
 * Apply one actor's changes: its items first, then the actor with its story flag (the step's mark). An
 * actor the step changes nothing else of is left alone (a world's many NPCs are not written every scene).
 */
async function applyTo(
  actor: AnyActor,
  update: Record<string, unknown>,
  items: { _id: string }[],
): Promise<void> {
  const story = `flags.polyverse.${ID}.${ACTOR_STORY_FLAG}.`;
  if (!items.length && Object.keys(update).every((path) => path.startsWith(story))) return;
  for (const { _id, ...data } of items) {
    const item = actor.items.get(_id);
    // A `-=key` deletion (a skill's retries) in the running Foundry's shape (core/compat.ts).
    if (item && Object.keys(data).length) await item.update(deletionUpdate(data) as never);
  }
  if (Object.keys(update).length) await actor.update(update as never);
}

export interface EndSceneOptions {
  /** Ask the GM first (default true). */
  confirm?: boolean;
  /** The scene to end (default the next one); a scene already ended changes nothing. */
  scene?: number;
  /** Without the dialog: each character's choice by UUID (default: every offered XP, no risk light). */
  choices?: Readonly<Record<string, { xp?: readonly string[]; light?: boolean }>>;
}

/**
 * End the scene: the GM's choices (the dialog, or `options.choices`), each actor worked out and
 * updated, the clock advanced, a card posted. Returns the card's message and the scene's number, or
 * null when refused, cancelled or already done.
 */
export async function endScene(
  options: EndSceneOptions = {},
): Promise<{ scene: number; message: Message | null } | null> {
  if (!mayRun()) return null;
  const clock = storyClock();
  const scene = options.scene ?? clock.scene + 1;
  const actors = storyActors();
  const plays = new Map(actors.map((a) => [a.uuid, playActorOf(a)]));
  let choices: Map<string, SceneChoice>;
  if (options.confirm === false) choices = choicesGiven(plays, options.choices);
  else {
    const entries = await formDialog(
      localize(`${PLAY}.Dialog.Scene.Title`, { n: String(scene) }),
      "virtually-real/dialogs/end-scene.hbs",
      sceneDialogContext(scene, [...plays.values()], localize),
      localize(`${PLAY}.Dialog.Scene.Confirm`),
    );
    if (!entries) return null;
    choices = sceneChoicesFrom(entries, [...plays.values()]);
  }
  running = true;
  try {
    return await runScene(scene, actors, choices);
  } finally {
    running = false;
  }
}

function choicesGiven(
  plays: Map<string, PlayActor>,
  given: EndSceneOptions["choices"],
): Map<string, SceneChoice> {
  const out = new Map<string, SceneChoice>();
  for (const [uuid, play] of plays) {
    const mine = given?.[uuid];
    const offered = defaultSceneChoice(play);
    out.set(uuid, {
      xp: mine?.xp ? new Set(mine.xp.filter((id) => offered.xp.has(id))) : offered.xp,
      light: mine?.light === true,
    });
  }
  return out;
}

async function runScene(
  scene: number,
  actors: readonly AnyActor[],
  choices: Map<string, SceneChoice>,
): Promise<{ scene: number; message: Message | null } | null> {
  // The clock moves only once every actor is done: a scene it has passed is over.
  if (storyClock().scene >= scene) return warn("Story.SceneDone", { n: String(scene) });
  const settings = virtuallyRealRulesOptions();
  const rows: PlayCardState["rows"] = [];
  for (const actor of actors) {
    // Read again: another step may have changed it since the dialog opened.
    const play = playActorOf(actor);
    const end = endSceneFor(play, choices.get(actor.uuid) ?? { xp: new Set(), light: false }, scene, {
      attribute: settings.attribute,
      currency: settings.currency,
    });
    if (end.done) continue;
    await applyTo(actor, end.actor, end.items);
    if (sceneRowShows(end.row))
      rows.push({ uuid: actor.uuid, name: actor.name, lines: sceneRowLines(end.row) });
  }
  await setClock({ ...storyClock(), scene });
  await tensionAtSceneEndStep();
  const message = await postPlayCard({
    kind: "scene",
    number: scene,
    title: { key: `${PLAY}.Card.Scene.Title`, data: { n: scene } },
    lines: [],
    rows,
  });
  return { scene, message };
}

export interface EndChapterOptions {
  confirm?: boolean;
  /** The chapter to end (default the next one); a chapter already ended changes nothing. */
  chapter?: number;
  /** Without the dialog: the group's awards and each character's individual awards by UUID. */
  group?: Partial<GroupAwards>;
  individual?: Readonly<Record<string, Partial<Record<IndividualAward, number>>>>;
}

/**
 * End the chapter: the awards (the dialog, or `options`), each actor worked out and updated (practice
 * XP, light, Bonus XP, the Act's count, the chapter's conditions healed), the clock advanced (and the
 * Act, when it ends), a card posted whose rows offer each character's owner to place the Bonus XP.
 */
export async function endChapter(
  options: EndChapterOptions = {},
): Promise<{ chapter: number; message: Message | null } | null> {
  if (!mayRun()) return null;
  const clock = storyClock();
  const chapter = options.chapter ?? clock.chapter + 1;
  const actors = storyActors();
  const plays = actors.map(playActorOf);
  let group: GroupAwards;
  let individual: Map<string, Partial<Record<IndividualAward, number>>>;
  if (options.confirm === false) {
    group = {
      ...NO_GROUP_AWARDS,
      ...options.group,
      puzzles: { ...NO_GROUP_AWARDS.puzzles, ...options.group?.puzzles },
    };
    individual = new Map(Object.entries(options.individual ?? {}));
  } else {
    const entries = await formDialog(
      localize(`${PLAY}.Dialog.Chapter.Title`, { n: String(chapter) }),
      "virtually-real/dialogs/end-chapter.hbs",
      chapterDialogContext(chapter, plays, localize),
      localize(`${PLAY}.Dialog.Chapter.Confirm`),
    );
    if (!entries) return null;
    ({ group, individual } = chapterChoicesFrom(entries, plays));
  }
  running = true;
  try {
    return await runChapter(chapter, actors, group, individual);
  } finally {
    running = false;
  }
}

async function runChapter(
  chapter: number,
  actors: readonly AnyActor[],
  group: GroupAwards,
  individual: Map<string, Partial<Record<IndividualAward, number>>>,
): Promise<{ chapter: number; message: Message | null } | null> {
  // The clock moves only once every actor is done: a chapter it has passed is over.
  if (storyClock().chapter >= chapter) return warn("Story.ChapterDone", { n: String(chapter) });
  const settings = virtuallyRealRulesOptions();
  const rows: PlayCardState["rows"] = [];
  for (const actor of actors) {
    const end = endChapterFor(playActorOf(actor), group, individual.get(actor.uuid) ?? {}, chapter, {
      attribute: settings.attribute,
    });
    if (end.done) continue;
    await applyTo(actor, end.actor, end.items);
    const lines = chapterRowLines(end.row);
    const bonus = actor.type === "virtually-real-character" && (end.row.bonusXP?.to ?? 0) > 0;
    if (lines.length || bonus)
      rows.push({
        uuid: actor.uuid,
        name: actor.name,
        lines,
        ...(bonus ? { actions: ["placeBonus" as const] } : {}),
      });
  }
  const now = storyClock();
  await setClock({ ...now, chapter, act: now.act + (group.actEnds ? 1 : 0) });
  const message = await postPlayCard({
    kind: "chapter",
    number: chapter,
    title: {
      key: `${PLAY}.Card.Chapter.${group.actEnds ? "TitleAct" : "Title"}`,
      data: { n: chapter },
    },
    lines: awardLines(groupAwardLines(group)),
    rows,
  });
  return { chapter, message };
}

/** Register the clock and the directory buttons (at init, whatever ruleset is active). */
export function registerStory(): void {
  registerStoryClock();
  registerDirectoryButtons([
    {
      rulesetId: "virtually-real",
      key: "pv-vr-end-scene",
      icon: "fa-solid fa-clapperboard",
      label: `${PLAY}.Story.EndScene`,
      hint: `${PLAY}.Story.EndSceneHint`,
      className: "pv-vr-end-scene",
      onClick: () => endScene(),
    },
    {
      rulesetId: "virtually-real",
      key: "pv-vr-end-chapter",
      icon: "fa-solid fa-book-bookmark",
      label: `${PLAY}.Story.EndChapter`,
      hint: `${PLAY}.Story.EndChapterHint`,
      className: "pv-vr-end-chapter",
      onClick: () => endChapter(),
    },
  ]);
}
