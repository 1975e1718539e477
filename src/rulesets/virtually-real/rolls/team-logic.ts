/**
 * Combining skills in a Virtually Real check, Foundry-free (chapter 1, "Combining Skills"; "I'll try
 * too!"): what a choice's team names (Added Experience's second skill, a Combination's second part,
 * helpers, a repeat of another's failure), the characters who may help, the skill a helper adds in
 * (the leader's by rules reference, else by name), and the skill items a use mark reaches. The check
 * itself is built in check-input-logic.ts (`buildCheck`), which also finds skills through here.
 */
import type { AttributeKey } from "../rules";
import type { CheckActor, CheckChoice, CheckSkill } from "./check-input-logic";

/** What combining skills adds to a choice (each field only where the check's kind takes it). */
export interface TeamChoice {
  /** Added Experience (a skill check): a second skill of the roller's, of the same capacity. */
  secondSkillId?: string | null;
  /** A Combination's second part: one of the roller's skills, or an attribute. */
  combineSkillId?: string | null;
  combineAttribute?: AttributeKey | null;
  /** Helpers (a skill check): other characters' actor UUIDs. */
  helpers?: readonly string[];
  /** "I'll try too!": following another's failed attempt at the same check. */
  triedToo?: boolean;
}

/** Another character who may help: its UUID, name and skills (a `CheckActor` is one). */
export interface TeamMate {
  uuid: string;
  name: string;
  skills: CheckSkill[];
}

/** The most helpers a check may name (the world's `maxHelpers` may set fewer). */
export const MAX_HELPERS = 8;
export const TEAM_KEY = "POLYVERSE.VirtuallyReal.Team";

/** The skill the choice names: by id, else by rules reference. */
export function findSkill(actor: CheckActor, idOrRef: string | null | undefined): CheckSkill | null {
  if (!idOrRef) return null;
  return (
    actor.skills.find((s) => s.id === idOrRef) ??
    actor.skills.find((s) => s.ref === idOrRef) ??
    actor.skills.find((s) => s.name.toLocaleLowerCase() === idOrRef.toLocaleLowerCase()) ??
    null
  );
}

/** Whether a team choice names anything. */
export const hasTeam = (team: TeamChoice | null | undefined): boolean =>
  Boolean(
    team &&
    (team.secondSkillId ||
      team.combineSkillId ||
      team.combineAttribute ||
      (team.helpers?.length ?? 0) > 0 ||
      team.triedToo),
  );

/**
 * A Combination's parts in order, the skill first: a Combination opened on an attribute with a skill
 * as its second part rolls that skill with the attribute as its second part (the same capacity and
 * levels; see the module comment).
 */
export function normalizeTeam(choice: CheckChoice): CheckChoice {
  const team = choice.team;
  if (choice.kind !== "combination" || choice.prepared || !team?.combineSkillId || choice.skillId)
    return choice;
  return {
    ...choice,
    skillId: team.combineSkillId,
    attribute: null,
    team: { ...team, combineSkillId: null, combineAttribute: choice.attribute ?? "body" },
  };
}

/** The skill a helper adds in: the leader's by rules reference, else by name. */
export function mateSkill(mate: TeamMate, leader: CheckSkill): CheckSkill | null {
  const name = leader.name.toLocaleLowerCase();
  return (
    (leader.ref ? mate.skills.find((s) => s.ref === leader.ref) : undefined) ??
    mate.skills.find((s) => s.name.toLocaleLowerCase() === name) ??
    null
  );
}

/** The helpers a choice names, each with the skill they add in (null: they lack it or are unknown). */
export function teamHelpers(
  actor: CheckActor,
  choice: CheckChoice,
  mates: readonly TeamMate[],
): { uuid: string; mate: TeamMate | null; skill: CheckSkill | null }[] {
  const leader = findSkill(actor, choice.skillId);
  return (choice.team?.helpers ?? []).map((uuid) => {
    const mate = uuid === actor.uuid ? null : (mates.find((m) => m.uuid === uuid) ?? null);
    return { uuid, mate, skill: mate && leader ? mateSkill(mate, leader) : null };
  });
}

/**
 * The skill items besides the roller's own that a use mark reaches (as `{ uuid, name }`): Added
 * Experience's second skill, a Combination's second skill, each helper's skill. UUIDs are the
 * actors' with `.Item.<id>` (as Foundry writes an embedded item's).
 */
export function teamUsedSkills(
  actor: CheckActor,
  choice: CheckChoice,
  mates: readonly TeamMate[],
): { uuid: string; name: string }[] {
  const c = normalizeTeam(choice);
  const team = c.team;
  if (!team || c.prepared) return [];
  const out: { uuid: string; name: string }[] = [];
  const own = (id: string | null | undefined) => {
    const skill = findSkill(actor, id);
    if (skill && skill.id !== c.skillId)
      out.push({ uuid: `${actor.uuid}.Item.${skill.id}`, name: skill.name });
  };
  if (c.kind === "skill") own(team.secondSkillId);
  if (c.kind === "combination") own(team.combineSkillId);
  if (c.kind === "skill")
    for (const h of teamHelpers(actor, c, mates))
      if (h.mate && h.skill)
        out.push({ uuid: `${h.mate.uuid}.Item.${h.skill.id}`, name: `${h.mate.name}: ${h.skill.name}` });
  return out;
}
