/**
 * The end of a chapter, without Foundry (chapter 1: "Experience & Learning", "Bonus Experience", the
 * three BONUS XP tables, "Light Points", "Self Taught", the conditions tables). For each character:
 * - practice XP: "Regular practice earns 1 XP per chapter if you have not otherwise gained XP in that
 *   skill this chapter" (`practiceXP`), for each skill practised this chapter;
 * - the skill's chapter counted for the Act ("If you have earned XP every chapter this Act"), and at
 *   the Act's end whether it may be self-taught now; the chapter's marks cleared (XP gained, practised)
 *   and its checks' retries reset ("The GM may let you try again in the next chapter", a critical
 *   failure's lock lifted: rules `retriesNextChapter`);
 * - the chapter's light ("You get 1 each chapter", `CHAPTER_LIGHT`) and the asterisks of the awards it
 *   earned ("Each asterisk is a point"), each wiping a Darkness point (`earnLight`, held to the Aura
 *   score);
 * - Bonus XP from the awards the GM gives: the story and combat awards to the whole group ("story and
 *   combat awards may be given to the whole group equally": the largest story goal reached, "not
 *   cumulative", `storyGoalAward`; each puzzle; Avoiding Violence; PC deaths, `pcDeathAward`), the
 *   individual awards to each character (Exceptional Role-Playing's "1+" as the XP the GM gives);
 *   placing it in skills is the player's (bonus-logic.ts);
 * - the conditions whose "At Next" is the chapter heal (`expireConditions`: L stays L);
 * - the actor's story flag set to the chapter (run twice, it changes nothing the second time).
 * NPCs only heal.
 */
import {
  CHAPTER_LIGHT,
  INDIVIDUAL_AWARDS,
  INDIVIDUAL_AWARD_TABLE,
  STORY_AWARD_TABLE,
  awardRow,
  pcDeathAward,
  practiceXP,
  storyGoalAward,
  type AttributeOptions,
  type IndividualAward,
} from "../rules";
import { ID } from "./shared-logic";
import { RETRIES_FLAG } from "./story-logic";
import {
  addXP,
  attributeUpdate,
  itemUpdate,
  startGains,
  type AttributeLine,
  type PlayActor,
  type XPLine,
} from "./play-logic";
import {
  healConditions,
  lightEarned,
  progressFlagPath,
  storyFlagPath,
  type HealedLine,
  type LightLine,
} from "./scene-logic";

/** The story goal reached this chapter (the largest counts), or none. */
export const STORY_GOALS = ["none", "chapterGoal", "actGoal", "completingStory"] as const;
export type StoryGoal = (typeof STORY_GOALS)[number];

/** The awards the GM gives the whole group. */
export interface GroupAwards {
  goal: StoryGoal;
  /** Puzzles solved: simple 1 XP, challenging 2, difficult 4 each. */
  puzzles: { simple: number; challenging: number; difficult: number };
  /** Times the group avoided violence (2 XP each). */
  avoidedViolence: number;
  /** PCs who died (or hit 0 HP: "close enough!"): 1 → 2 XP, 2 → 4, 3+ → 2 each, to everyone. */
  pcDeaths: number;
  /** This chapter also completes an Act. */
  actEnds: boolean;
}

export const NO_GROUP_AWARDS: GroupAwards = {
  goal: "none",
  puzzles: { simple: 0, challenging: 0, difficult: 0 },
  avoidedViolence: 0,
  pcDeaths: 0,
  actEnds: false,
};

/** An award earned, as a card shows it: its key, how many times, the XP and light it gave. */
export interface AwardLine {
  key: string;
  count: number;
  xp: number;
  light: number;
}

/** The group's awards as lines: the story goal, the puzzles, avoided violence, the PC deaths. */
export function groupAwardLines(group: GroupAwards): AwardLine[] {
  const lines: AwardLine[] = [];
  const goal = group.goal === "none" ? null : storyGoalAward([group.goal]);
  if (goal) lines.push({ key: goal.key, count: 1, xp: goal.xp, light: goal.light });
  const puzzle = (key: "simplePuzzle" | "challengingPuzzle" | "difficultPuzzle", n: number) => {
    const row = STORY_AWARD_TABLE.find((r) => r.key === key)!;
    if (n > 0) lines.push({ key, count: n, xp: row.xp * n, light: row.light * n });
  };
  puzzle("simplePuzzle", group.puzzles.simple);
  puzzle("challengingPuzzle", group.puzzles.challenging);
  puzzle("difficultPuzzle", group.puzzles.difficult);
  if (group.avoidedViolence > 0) {
    const row = awardRow("avoidingViolence");
    lines.push({ key: row.key, count: group.avoidedViolence, xp: row.xp * group.avoidedViolence, light: 0 });
  }
  if (group.pcDeaths > 0) {
    const key = group.pcDeaths === 1 ? "onePcDies" : group.pcDeaths === 2 ? "twoPcsDie" : "threePlusPcsDie";
    lines.push({ key, count: group.pcDeaths, xp: pcDeathAward(group.pcDeaths), light: 0 });
  }
  return lines;
}

/**
 * One character's individual awards as lines: each award's XP times the times earned, and a light
 * point per asterisk ("Endangering Self For Others" 1*, "Act Of Self Sacrifice" 3*); Exceptional
 * Role-Playing ("1+") counts the XP the GM gives.
 */
export function individualAwardLines(awards: Partial<Record<IndividualAward, number>>): AwardLine[] {
  const lines: AwardLine[] = [];
  for (const row of INDIVIDUAL_AWARD_TABLE) {
    const n = awards[row.key] ?? 0;
    if (!(Number.isInteger(n) && n > 0)) continue;
    lines.push({
      key: row.key,
      count: n,
      xp: row.open ? n : row.xp * n,
      light: row.light * (row.open ? 0 : n),
    });
  }
  return lines;
}

/** A character's individual awards read from plain data (an unknown key or a bad count is left out). */
export function readIndividualAwards(value: unknown): Partial<Record<IndividualAward, number>> {
  const out: Partial<Record<IndividualAward, number>> = {};
  if (typeof value !== "object" || value === null) return out;
  for (const [key, n] of Object.entries(value))
    if ((INDIVIDUAL_AWARDS as readonly string[]).includes(key) && Number.isInteger(n) && (n as number) > 0)
      out[key as IndividualAward] = Math.min(n as number, 99);
  return out;
}

/** One character's (or NPC's) line on the chapter card. */
export interface ChapterRow {
  uuid: string;
  name: string;
  xp: XPLine[];
  attributes: AttributeLine[];
  awards: AwardLine[];
  bonusXP: { from: number; to: number } | null;
  light: LightLine | null;
  healed: HealedLine[];
  /** Skills the completed Act lets be self-taught now. */
  selfTaught: string[];
}

/** What ending the chapter does to one actor. */
export interface ChapterEnd {
  done: boolean;
  actor: Record<string, unknown>;
  items: { _id: string; [path: string]: unknown }[];
  row: ChapterRow;
}

/**
 * What ending chapter `chapter` (the clock's number once it ends) does to one actor: practice XP, the
 * Act's count, the light and Bonus XP of the awards, the chapter's conditions healed.
 */
export function endChapterFor(
  actor: PlayActor,
  group: GroupAwards,
  individual: Partial<Record<IndividualAward, number>>,
  chapter: number,
  options: { attribute?: AttributeOptions } = {},
): ChapterEnd {
  const row: ChapterRow = {
    uuid: actor.uuid,
    name: actor.name,
    xp: [],
    attributes: [],
    awards: [],
    bonusXP: null,
    light: null,
    healed: [],
    selfTaught: [],
  };
  if (actor.story.chapter >= chapter) return { done: true, actor: {}, items: [], row };
  const update: Record<string, unknown> = {};
  const gains = startGains(actor);
  if (actor.character) {
    for (const skill of actor.skills) {
      const practice = practiceXP(skill.progress.practising, skill.gainedThisChapter);
      addXP(gains, skill, practice, "practice", options.attribute);
      const item = itemUpdate(gains, skill.id);
      const chapters = skill.progress.actChapters + 1;
      const withXP = skill.progress.actXPChapters + (skill.gainedThisChapter || practice > 0 ? 1 : 0);
      if (group.actEnds) {
        const ready = withXP === chapters;
        item[`${progressFlagPath}.selfTaught`] = ready;
        item[`${progressFlagPath}.actChapters`] = 0;
        item[`${progressFlagPath}.actXPChapters`] = 0;
        if (ready) row.selfTaught.push(skill.name);
      } else {
        item[`${progressFlagPath}.actChapters`] = chapters;
        item[`${progressFlagPath}.actXPChapters`] = withXP;
      }
      if (skill.gainedThisChapter) item["system.gainedThisChapter"] = false;
      if (skill.retries) item[`flags.polyverse.${ID}.-=${RETRIES_FLAG}`] = null;
      if (skill.progress.practising) item[`${progressFlagPath}.practising`] = false;
    }
    Object.assign(update, attributeUpdate(gains));
    row.xp = gains.xp;
    row.attributes = gains.attributes;
    row.awards = [...groupAwardLines(group), ...individualAwardLines(individual)];
    const xp = row.awards.reduce((sum, a) => sum + a.xp, 0);
    if (xp > 0) {
      row.bonusXP = { from: actor.bonusXP, to: actor.bonusXP + xp };
      update["system.bonusXP.value"] = row.bonusXP.to;
    }
    const light = CHAPTER_LIGHT + row.awards.reduce((sum, a) => sum + a.light, 0);
    row.light = lightEarned(actor, light);
    update["system.light.value"] = row.light.to;
    update["system.darkness.points"] = row.light.darknessTo;
  }
  const { conditions, healed } = healConditions(actor.conditions, "chapter");
  if (healed.length) update["system.conditions"] = conditions;
  row.healed = healed;
  update[`${storyFlagPath}.chapter`] = chapter;
  const items = [...gains.items]
    .filter(([, data]) => Object.keys(data).length > 0)
    .map(([id, data]) => ({ _id: id, ...data }));
  return { done: false, actor: update, items, row };
}
