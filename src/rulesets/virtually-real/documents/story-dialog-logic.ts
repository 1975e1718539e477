/**
 * The GM's confirmation dialogs of the end of a scene and of a chapter, without Foundry: what each shows
 * (the step's number, every character with what it may earn, the awards to give) and how the submitted
 * form is read back into the steps' choices. A value the form should not hold (a skill of another
 * character, an unknown award, a count outside 0–99) is left out, so the dialog can give nothing the
 * step would not.
 */
import { INDIVIDUAL_AWARD_TABLE, STORY_AWARD_TABLE, type IndividualAward } from "../rules";
import { NO_GROUP_AWARDS, STORY_GOALS, type GroupAwards, type StoryGoal } from "./chapter-logic";
import type { PlayActor } from "./play-logic";
import { sceneOffers, type SceneChoice } from "./scene-logic";
import { PLAY } from "./shared-logic";

type Localize = (key: string, data?: Record<string, string>) => string;

/** A submitted form as name/value pairs (`[...new FormData(form)]`). */
export type FormEntries = readonly (readonly [string, string])[];

const K = `${PLAY}.Dialog`;
const CHARACTER = "POLYVERSE.VirtuallyReal.Character";

/** The end-of-scene dialog's context: each character's offered XP (ticked) and its risk light. */
export function sceneDialogContext(scene: number, actors: readonly PlayActor[], localize: Localize) {
  return {
    intro: localize(`${K}.Scene.Intro`, { n: String(scene) }),
    actors: actors
      .filter((a) => a.character)
      .map((a) => ({
        name: a.name,
        uuid: a.uuid,
        offers: sceneOffers(a).map((o) => ({
          value: `${a.uuid}|${o.skill.id}`,
          label: localize(`${K}.Scene.Offer.${o.reason}`, { skill: o.skill.name, xp: String(o.xp) }),
        })),
        light: { value: a.uuid, label: localize(`${K}.Scene.Light`) },
      })),
    none: localize(`${K}.Scene.None`),
  };
}

/** The GM's scene choices from the submitted form, for every actor (unlisted: nothing ticked). */
export function sceneChoicesFrom(
  entries: FormEntries,
  actors: readonly PlayActor[],
): Map<string, SceneChoice> {
  const out = new Map<string, SceneChoice>();
  for (const actor of actors) {
    const offered = new Set(sceneOffers(actor).map((o) => o.skill.id));
    const xp = new Set<string>();
    for (const [name, value] of entries) {
      if (name !== "xp") continue;
      const [uuid, id] = value.split("|");
      if (uuid === actor.uuid && id && offered.has(id)) xp.add(id);
    }
    const light =
      actor.character && entries.some(([name, value]) => name === "light" && value === actor.uuid);
    out.set(actor.uuid, { xp, light });
  }
  return out;
}

/** The end-of-chapter dialog's context: the group's awards, then each character's individual ones. */
export function chapterDialogContext(chapter: number, actors: readonly PlayActor[], localize: Localize) {
  const award = (key: string) => localize(`${CHARACTER}.Award.${key}`);
  const xpOf = (key: string) => [...STORY_AWARD_TABLE, ...INDIVIDUAL_AWARD_TABLE].find((r) => r.key === key)!;
  const characters = actors.filter((a) => a.character);
  return {
    intro: localize(`${K}.Chapter.Intro`, { n: String(chapter) }),
    goals: STORY_GOALS.map((g) => ({
      value: g,
      label:
        g === "none"
          ? localize(`${K}.Chapter.NoGoal`)
          : localize(`${K}.Chapter.Worth`, { name: award(g), xp: xpLabel(xpOf(g)) }),
    })),
    puzzles: (["simple", "challenging", "difficult"] as const).map((p) => ({
      name: `puzzle.${p}`,
      label: localize(`${K}.Chapter.Worth`, {
        name: award(`${p}Puzzle`),
        xp: xpLabel(xpOf(`${p}Puzzle`)),
      }),
    })),
    characters: characters.map((a) => ({ name: a.name, uuid: a.uuid })),
    awards: INDIVIDUAL_AWARD_TABLE.map((row) => ({
      key: row.key,
      label: localize(`${K}.Chapter.Worth`, { name: award(row.key), xp: xpLabel(row) }),
      cells: characters.map((a) => ({
        name: `award|${a.uuid}|${row.key}`,
        label: localize(`${K}.Chapter.Cell`, { award: award(row.key), name: a.name }),
      })),
    })),
    labels: {
      avoidedViolence: localize(`${K}.Chapter.Worth`, { name: award("avoidingViolence"), xp: "2" }),
      pcDeaths: localize(`${K}.Chapter.Deaths`),
    },
  };
}

/** An award's XP as the dialog shows it: "1*", "1+", "2". */
function xpLabel(row: { xp: number; light: number; open?: boolean }): string {
  return `${row.xp}${row.open ? "+" : ""}${"*".repeat(row.light)}`;
}

const countOf = (v: string | undefined): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 99 ? n : 0;
};

/** The GM's chapter choices from the submitted form. */
export function chapterChoicesFrom(
  entries: FormEntries,
  actors: readonly PlayActor[],
): { group: GroupAwards; individual: Map<string, Partial<Record<IndividualAward, number>>> } {
  const get = (name: string) => entries.find(([n]) => n === name)?.[1];
  const goal = get("goal");
  const group: GroupAwards = {
    ...NO_GROUP_AWARDS,
    goal: (STORY_GOALS as readonly string[]).includes(goal ?? "") ? (goal as StoryGoal) : "none",
    puzzles: {
      simple: countOf(get("puzzle.simple")),
      challenging: countOf(get("puzzle.challenging")),
      difficult: countOf(get("puzzle.difficult")),
    },
    avoidedViolence: countOf(get("avoidedViolence")),
    pcDeaths: countOf(get("pcDeaths")),
    actEnds: entries.some(([n, v]) => n === "actEnds" && v !== "" && v !== "false"),
  };
  const individual = new Map<string, Partial<Record<IndividualAward, number>>>();
  const keys = new Set<string>(INDIVIDUAL_AWARD_TABLE.map((r) => r.key));
  for (const actor of actors) {
    if (!actor.character) continue;
    const mine: Partial<Record<IndividualAward, number>> = {};
    for (const [name, value] of entries) {
      const [tag, uuid, key] = name.split("|");
      if (tag !== "award" || uuid !== actor.uuid || !key || !keys.has(key)) continue;
      const n = countOf(value);
      if (n > 0) mine[key as IndividualAward] = n;
    }
    individual.set(actor.uuid, mine);
  }
  return { group, individual };
}
