/**
 * Getting trained and reading books in Foundry (learning-logic.ts): the character's owner (or a GM)
 * trains a skill's next capacity (self-taught or with a trainer: another character's skill of the same
 * name and exactly the training sought, or a book the skill learnt from), rolls to erase its underlines
 * (once a chapter), reads a book, or learns an occupation. Each asks its choices in a dialog (or takes
 * them from the macro's options), refuses by the rules (the reason said), rolls the Combination check
 * through the rolls folder (checks.ts), applies the result to the character's own documents and posts a
 * `virtually-real-scene` card of what changed.
 */
import { ownsActor } from "../../../core/actor-lookup";
import { rulesetFlag } from "../../../core/flags";
import { localize } from "../../../core/i18n";
import { templatePath } from "../../../core/constants";
import { lineText, type TextLine } from "../../../core/text-line";
import { virtuallyRealRulesOptions } from "../base/settings";
import { ATTRIBUTE_KEYS, type AttributeKey } from "../rules";
import { bookSystem, livingSystem, skillSystem } from "../data/systems";
import { rollLearningCheck } from "./checks";
import {
  occupationOutcome,
  occupationPlan,
  readingOutcome,
  readingPlan,
  trainingOutcome,
  trainingPlan,
  underlineOutcome,
  underlinePlan,
  type LearnBook,
  type LearnOutcome,
  type LearnRefusal,
  type LearnSkill,
  type LearnTrainer,
  type LearningPlan,
  type Planned,
  type Rolled,
} from "./learning-logic";
import type { PlayCardKind } from "./play-card-logic";
import { postPlayCard } from "./play-card";
import { ACTOR_STORY_FLAG, PROGRESS_FLAG, readActorStory, readProgress } from "./story-logic";
import { storyActors, storyClock } from "./story";
import { ID, PLAY, vrLiving, warn, type AnyActor, type AnyItem, type Message } from "./shared";

const K = `${PLAY}.Learn`;

/** The roll's own choices a macro or a click passes on: the click (its skip key) and skipping the dialog. */
const rollChoice = (options: { event?: Event; skipDialog?: boolean }) => ({
  ...(options.event ? { event: options.event } : {}),
  ...(options.skipDialog ? { skipDialog: true } : {}),
});
const CHARACTER = "POLYVERSE.VirtuallyReal.Character";

const attributeOf = (v: string): AttributeKey =>
  (ATTRIBUTE_KEYS as readonly string[]).includes(v) ? (v as AttributeKey) : "body";
const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** A skill item as the learning steps read it. */
export function learnSkillOf(item: AnyItem): LearnSkill {
  const s = skillSystem(item);
  const flag = rulesetFlag(item, ID, PROGRESS_FLAG) as { book?: unknown } | undefined;
  const book = flag?.book as { name?: unknown; capacity?: unknown; xp?: unknown } | null | undefined;
  const whole = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);
  return {
    id: item.id ?? "",
    name: item.name,
    capacity: s.capacity,
    xp: s.xp,
    cost: s.cost,
    underlines: s.underlines,
    restricted: s.restricted,
    attribute: attributeOf(s.attribute),
    progress: {
      ...readProgress(flag),
      book:
        book && typeof book.name === "string"
          ? { name: book.name, capacity: Math.min(5, Math.max(1, whole(book.capacity))), xp: whole(book.xp) }
          : null,
    },
  };
}

const attributeFor = (actor: AnyActor, key: AttributeKey) => {
  const a = livingSystem(actor).attributes[key];
  return { key, capacity: a.capacity, score: a.score };
};

/** Say a refusal in this user's words. */
function refused(refusal: LearnRefusal): null {
  const data = Object.fromEntries(Object.entries(refusal.data ?? {}).map(([k, v]) => [k, String(v)]));
  const text =
    "reason" in refusal
      ? localize(`${CHARACTER}.Refusal.${refusal.reason}`, data)
      : localize(`${K}.Refused.${refusal.own}`, data);
  ui.notifications?.warn(text);
  return null;
}

/** The owner (or a GM) of a Virtually Real character or NPC, or a warning. */
function mayLearn(actor: AnyActor): boolean {
  const user = game.user;
  if (!user || !vrLiving(actor) || !ownsActor(actor, user)) return Boolean(warn("Card.NotYours"));
  return true;
}

/** Roll a planned check, apply what its result changes, post the card. */
async function runLearning(
  actor: AnyActor,
  planned: Planned<LearningPlan>,
  roll: { event?: Event; skipDialog?: boolean; purpose: PlayCardKind },
  title: TextLine,
  outcome: (rolled: Rolled) => LearnOutcome & { book?: Record<string, unknown> },
  targets: { item?: AnyItem; book?: AnyItem },
): Promise<Message | null> {
  if (!planned.ok) return refused(planned.refusal);
  const { check, parts } = planned.value;
  const heading = lineText(localize, title);
  const rolled = await rollLearningCheck(actor, check, {
    label: heading,
    ...(roll.event ? { event: roll.event } : {}),
    ...(roll.skipDialog ? { skipDialog: true } : {}),
    purpose: roll.purpose,
    flavor: localize(`${K}.Flavor`, {
      title: heading,
      a: localize(parts[0]),
      b: localize(parts[1]),
      dl: String(check.dl),
    }),
  });
  if (!rolled) return null;
  const result = rolled.result;
  const done = outcome({ margin: result.margin ?? result.total - check.dl, critical: result.critical });
  if (targets.item && Object.keys(done.item).length) await targets.item.update(done.item as never);
  if (targets.book && done.book && Object.keys(done.book).length)
    await targets.book.update(done.book as never);
  if (Object.keys(done.actor).length) await actor.update(done.actor as never);
  const checkLine: TextLine = {
    key: `${K}.Check`,
    data: {
      a: parts[0],
      b: parts[1],
      capacity: check.capacity,
      level: check.level,
      dl: check.dl,
      total: result.total,
    },
  };
  return postPlayCard(
    {
      kind: roll.purpose,
      number: 0,
      title,
      lines: [],
      rows: [{ uuid: actor.uuid, name: actor.name, lines: [checkLine, ...done.lines] }],
    },
    actor,
  );
}

// ---- training --------------------------------------------------------------------------------------

/** The trainers a skill may have now: others' skills of its name at the training sought, and its book. */
export function trainersFor(actor: AnyActor, item: AnyItem): (LearnTrainer & { id: string })[] {
  const skill = learnSkillOf(item);
  const target = skill.capacity + 1;
  const out: (LearnTrainer & { id: string })[] = [];
  for (const other of storyActors()) {
    if (other.uuid === actor.uuid) continue;
    const theirs = [...other.items].find(
      (i) =>
        i.type === "virtually-real-skill" &&
        sameName(i.name, item.name) &&
        skillSystem(i).capacity === target,
    );
    if (theirs) out.push({ id: other.uuid, name: other.name, capacity: target, xp: skillSystem(theirs).xp });
  }
  const book = skill.progress.book;
  if (book && book.capacity === target)
    out.push({ id: "book", name: book.name, capacity: book.capacity, xp: book.xp });
  return out;
}

export interface TrainOptions {
  /** "self" (default without a dialog), "book", or a trainer's actor UUID. */
  trainer?: string;
  /** Teaching a style: the trainer knows all three second-level passions. */
  style?: boolean;
  /** The GM's exception to self-teaching's limits (a GM only). */
  gmException?: boolean;
  /** Ask in a dialog (default: when no trainer is given). */
  dialog?: boolean;
  event?: Event;
  /** Roll the check without its dialog. */
  skipDialog?: boolean;
}

async function chooseTrainer(actor: AnyActor, item: AnyItem): Promise<string | null> {
  const trainers = trainersFor(actor, item);
  const skill = learnSkillOf(item);
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("virtually-real/dialogs/train.hbs"),
    {
      intro: localize(`${K}.Train.Intro`, {
        skill: item.name,
        from: String(skill.capacity),
        to: String(skill.capacity + 1),
      }),
      choices: [
        { value: "self", label: localize(`${K}.Train.Self`), checked: trainers.length === 0 },
        ...trainers.map((t, i) => ({
          value: t.id,
          label: localize(t.id === "book" ? `${K}.Train.Book` : `${K}.Train.Trainer`, {
            name: t.name,
            xp: String(t.xp),
          }),
          checked: i === 0,
        })),
      ],
      hint: localize(`${K}.Train.Hint`),
    } as never,
  );
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: localize(`${K}.Train.Title`, { skill: item.name }) },
    content,
    modal: true,
    rejectClose: false,
    buttons: [
      {
        action: "train",
        label: localize(`${K}.Train.Confirm`),
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) =>
          button.form ? String(new FormData(button.form).get("trainer") ?? "") : "",
      },
      { action: "cancel", label: localize("Cancel") },
    ],
  } as never);
  return typeof answer === "string" && answer !== "" ? answer : null;
}

/** Train a skill's next capacity (its owner or a GM). Returns the training card, or null. */
export async function trainSkill(
  actor: AnyActor,
  item: AnyItem,
  options: TrainOptions = {},
): Promise<Message | null> {
  if (!mayLearn(actor) || item.type !== "virtually-real-skill" || item.parent !== actor) return null;
  const choice = options.trainer ?? (options.dialog === false ? "self" : await chooseTrainer(actor, item));
  if (!choice) return null;
  const trainer = choice === "self" ? null : (trainersFor(actor, item).find((t) => t.id === choice) ?? null);
  if (choice !== "self" && !trainer) return refused({ own: "NoTrainer" });
  const skill = learnSkillOf(item);
  const input = {
    skill,
    attribute: attributeFor(actor, skill.attribute),
    trainer: trainer ? { ...trainer, ...(options.style ? { knowsStyle: true } : {}) } : null,
    ...(options.style ? { style: true } : {}),
    clock: storyClock(),
    story: readActorStory(rulesetFlag(actor, ID, ACTOR_STORY_FLAG)),
    ...(options.gmException && game.user?.isGM ? { gmException: true } : {}),
  };
  const settings = virtuallyRealRulesOptions();
  return runLearning(
    actor,
    trainingPlan(input),
    { ...rollChoice(options), purpose: "training" },
    { key: `${K}.Train.CardTitle`, data: { name: actor.name, skill: item.name } },
    (rolled) => trainingOutcome(input, rolled, settings.training),
    { item },
  );
}

/** Roll to erase a skill's underlines (once a chapter). */
export async function rerollUnderlines(
  actor: AnyActor,
  item: AnyItem,
  options: { event?: Event; skipDialog?: boolean } = {},
): Promise<Message | null> {
  if (!mayLearn(actor) || item.type !== "virtually-real-skill" || item.parent !== actor) return null;
  const skill = learnSkillOf(item);
  const attribute = attributeFor(actor, skill.attribute);
  const clock = storyClock();
  return runLearning(
    actor,
    underlinePlan(skill, attribute, clock),
    { ...rollChoice(options), purpose: "underlines" },
    { key: `${K}.Underline.CardTitle`, data: { name: actor.name, skill: item.name } },
    (rolled) => underlineOutcome(skill, rolled, clock),
    { item },
  );
}

// ---- books -----------------------------------------------------------------------------------------

/** A book item as reading reads it. */
export function learnBookOf(item: AnyItem): LearnBook {
  const b = bookSystem(item);
  const lost = rulesetFlag(item, ID, "reading") as { level?: unknown; chapter?: unknown } | null | undefined;
  const whole = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);
  return {
    id: item.id ?? "",
    name: item.name,
    capacity: b.capacity,
    xp: b.xp,
    language: b.language,
    story: b.story,
    lost:
      lost && typeof lost === "object" ? { level: whole(lost.level), chapter: whole(lost.chapter) } : null,
  };
}

const skillsOf = (actor: AnyActor) => [...actor.items].filter((i) => i.type === "virtually-real-skill");

/** The reader's Literacy skills (those the rules name Literacy), the one naming the book's language first. */
export function literaciesFor(actor: AnyActor, book: AnyItem): AnyItem[] {
  const language = bookSystem(book).language.trim().toLocaleLowerCase();
  const literacies = skillsOf(actor).filter((i) => skillSystem(i).ref === "literacy");
  const names = (i: AnyItem) => (language !== "" && i.name.toLocaleLowerCase().includes(language) ? 0 : 1);
  return literacies.sort((a, b) => names(a) - names(b));
}

export interface ReadOptions {
  /** The Literacy skill read with (default: the one naming the book's language, else the first). */
  literacy?: AnyItem;
  /** The reader's skill the book teaches (default: the one of the book's skill's name). */
  skill?: AnyItem;
  /** The reader can read the book's language (default: the Literacy skill names it, or the book names none). */
  readsLanguage?: boolean;
  dialog?: boolean;
  event?: Event;
  /** Roll the check without its dialog. */
  skipDialog?: boolean;
}

async function chooseReading(
  actor: AnyActor,
  book: AnyItem,
  given: ReadOptions,
): Promise<ReadOptions | null> {
  const literacies = literaciesFor(actor, book);
  const skills = skillsOf(actor).filter((i) => skillSystem(i).ref !== "literacy");
  const wanted = bookSystem(book).skill;
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("virtually-real/dialogs/read.hbs"),
    {
      intro: localize(`${K}.Read.Intro`, {
        book: book.name,
        skill: wanted,
        language: bookSystem(book).language || "—",
      }),
      literacies: literacies.map((i) => ({ value: i.id, label: i.name })),
      skills: skills.map((i) => ({ value: i.id, label: i.name, selected: sameName(i.name, wanted) })),
      reads: given.readsLanguage ?? defaultReads(book, literacies[0] ?? null),
    } as never,
  );
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: localize(`${K}.Read.Title`, { book: book.name }) },
    content,
    modal: true,
    rejectClose: false,
    buttons: [
      {
        action: "read",
        label: localize(`${K}.Read.Confirm`),
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => {
          const form = button.form ? new FormData(button.form) : null;
          return form
            ? {
                literacy: String(form.get("literacy") ?? ""),
                skill: String(form.get("skill") ?? ""),
                reads: form.get("reads") !== null,
              }
            : null;
        },
      },
      { action: "cancel", label: localize("Cancel") },
    ],
  } as never);
  const choice = answer as { literacy?: string; skill?: string; reads?: boolean } | null;
  if (!choice || typeof choice !== "object") return null;
  const literacy = literacies.find((i) => i.id === choice.literacy);
  const skill = skills.find((i) => i.id === choice.skill);
  return {
    ...given,
    ...(literacy ? { literacy } : {}),
    ...(skill ? { skill } : {}),
    readsLanguage: choice.reads === true,
  };
}

/** The reader reads the language when the book names none, or their Literacy skill's name names it. */
function defaultReads(book: AnyItem, literacy: AnyItem | null): boolean {
  const language = bookSystem(book).language.trim().toLocaleLowerCase();
  return language === "" || Boolean(literacy?.name.toLocaleLowerCase().includes(language));
}

/** Read a book (the owner of the reader and the book, or a GM). Returns the reading card, or null. */
export async function readBook(
  actor: AnyActor,
  book: AnyItem,
  options: ReadOptions = {},
): Promise<Message | null> {
  if (!mayLearn(actor) || book.type !== "virtually-real-book" || book.parent !== actor) return null;
  const chosen = options.dialog === false ? options : await chooseReading(actor, book, options);
  if (!chosen) return null;
  const literacy = chosen.literacy ?? literaciesFor(actor, book)[0];
  if (!literacy) return refused({ own: "NoLiteracy" });
  const skillItem =
    chosen.skill ??
    skillsOf(actor).find(
      (i) => sameName(i.name, bookSystem(book).skill) && skillSystem(i).ref !== "literacy",
    );
  if (!skillItem) return refused({ own: "UnknownSkill", data: { skill: bookSystem(book).skill } });
  const skill = learnSkillOf(skillItem);
  const lit = skillSystem(literacy);
  const input = {
    book: learnBookOf(book),
    literacy: { name: literacy.name, capacity: lit.capacity, xp: lit.xp },
    readsLanguage: chosen.readsLanguage ?? defaultReads(book, literacy),
    skill,
    attrCapacity: livingSystem(actor).attributes[skill.attribute].capacity,
    clock: storyClock(),
  };
  const settings = virtuallyRealRulesOptions();
  return runLearning(
    actor,
    readingPlan(input, settings.book),
    { ...rollChoice(options), purpose: "reading" },
    { key: `${K}.Read.CardTitle`, data: { name: actor.name, book: book.name } },
    (rolled) => readingOutcome(input, rolled, { ...settings.book, ...settings.time }),
    { item: skillItem, book },
  );
}

// ---- occupations -----------------------------------------------------------------------------------

export interface OccupationOptions {
  name?: string;
  /** Its XP cost (a full occupation: 100). */
  cost?: number;
  /** Weeks of a trainer's instruction (each lowers the cost by 1). */
  weeks?: number;
  /** The two attributes that get the most bonuses from it (Logic first on a tie). */
  attributes?: [AttributeKey, AttributeKey];
  dialog?: boolean;
  event?: Event;
  /** Roll the check without its dialog. */
  skipDialog?: boolean;
}

async function chooseOccupation(
  actor: AnyActor,
  given: OccupationOptions,
): Promise<OccupationOptions | null> {
  const attributes = ATTRIBUTE_KEYS.map((k) => ({
    value: k,
    label: localize(`${CHARACTER}.Attribute.${k}`),
  }));
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("virtually-real/dialogs/occupation.hbs"),
    {
      intro: localize(`${K}.Occupation.Intro`, { n: String(livingSystem(actor).bonusXP.value) }),
      name: given.name ?? "",
      cost: given.cost ?? 100,
      weeks: given.weeks ?? 0,
      first: attributes.map((a) => ({ ...a, selected: a.value === (given.attributes?.[0] ?? "logic") })),
      second: attributes.map((a) => ({ ...a, selected: a.value === (given.attributes?.[1] ?? "mind") })),
    } as never,
  );
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: localize(`${K}.Occupation.Title`, { name: actor.name }) },
    content,
    modal: true,
    rejectClose: false,
    buttons: [
      {
        action: "learn",
        label: localize(`${K}.Occupation.Confirm`),
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => {
          const form = button.form ? new FormData(button.form) : null;
          if (!form) return null;
          return {
            name: String(form.get("name") ?? ""),
            cost: Number(form.get("cost")),
            weeks: Number(form.get("weeks")),
            attributes: [attributeOf(String(form.get("first"))), attributeOf(String(form.get("second")))],
          };
        },
      },
      { action: "cancel", label: localize("Cancel") },
    ],
  } as never);
  return answer && typeof answer === "object" ? { ...given, ...(answer as OccupationOptions) } : null;
}

const count = (v: unknown, fallback: number) =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 9999 ? v : fallback;

/** Learn an occupation (a character's owner or a GM): its cost in Bonus XP on success. */
export async function learnOccupation(
  actor: AnyActor,
  options: OccupationOptions = {},
): Promise<Message | null> {
  if (!mayLearn(actor) || actor.type !== "virtually-real-character") return null;
  const chosen = options.dialog === false ? options : await chooseOccupation(actor, options);
  if (!chosen) return null;
  const [a, b] = chosen.attributes ?? ["logic", "mind"];
  const input = {
    name: chosen.name ?? "",
    cost: count(chosen.cost, 100),
    weeks: count(chosen.weeks, 0),
    attributes: [attributeFor(actor, a), attributeFor(actor, b)] as [
      ReturnType<typeof attributeFor>,
      ReturnType<typeof attributeFor>,
    ],
    bonusXP: livingSystem(actor).bonusXP.value,
  };
  return runLearning(
    actor,
    occupationPlan(input),
    { ...rollChoice(options), purpose: "occupation" },
    { key: `${K}.Occupation.CardTitle`, data: { name: actor.name, occupation: input.name } },
    (rolled) => occupationOutcome(input, rolled),
    {},
  );
}
