/**
 * What a Tales test dialog's state rolls, Foundry-free: the actor's numbers at its wound level, the
 * caller's choice and the dialog's state settled by the rules layer into the roll's options
 * (roll-logic.ts `TalesTestOptions`), what it costs before the roll (boost points, Dream or Status
 * points, the subject's Enigma point), and why it may not be rolled. The dialog (dialog-logic.ts)
 * shows this plan; the roll (roll-actions.ts) rolls it.
 *
 * - Attribute + skill (any pair; a specialisation's level stands for its skill's) at the wound level
 *   (`effectiveAttribute`, `effectiveSkill`); K/O and dead cannot act.
 * - Skill modifiers: extra time (`extraTimeBonus`), tools from the actor's gear for the skill
 *   (`toolTestBonus`, Savage; Elite Tools' re-roll or +3 with Lucky: `eliteToolsBenefit`), recent
 *   success, foreign lands (`foreignSocialModifier`), a free modifier; co-operation
 *   (`cooperationBonus` within the leader's limit; the leader must be able to succeed alone).
 * - The difficulty: stress and a task under attack make it dynamic (`stressedDifficulty`,
 *   `underAttackDifficulty`), the subject's Enigma too (`enigmaDifficulty`: two dice when dynamic).
 * - Dice: two with Skill Expert in the skill or a medic's help (`testDiceCount`); Edge in the skill.
 */
import {
  couldSucceedAlone,
  cooperationBonus,
  effectiveAttribute,
  effectiveSkill,
  eliteToolsBenefit,
  enigmaDifficulty,
  extraTimeBonus,
  foreignSocialModifier,
  skillGroup,
  stressedDifficulty,
  testDiceCount,
  toolTestBonus,
  underAttackDifficulty,
  woundAllowsActing,
  RECENT_SUCCESS_BONUS,
  type AttributeKey,
  type CriticalWoundRule,
  type SkillKey,
  type TestDifficulty,
  type TestDynamicTieRule,
  type TestKind,
  type TestOpposedTieRule,
  type WoundLevel,
} from "../rules";
import { isAttributeKey, isSkillKey, type RollPart, type TalesTestOptions } from "./roll-logic";

const KEY = "POLYVERSE.Tales.RollDialog";

/** Tools and gear of the actor's, for a skill. */
export type ToolCategory = "tools" | "specialistTools" | "eliteTools" | "specialistGear" | "eliteGear";
export interface ToolOffer {
  skill: SkillKey;
  category: ToolCategory;
  name: string;
}

/** A targeted actor, for an opposed test or Enigma. */
export interface TestTarget {
  uuid: string;
  name: string;
  attributes: Record<string, number>;
  skills: Record<string, number>;
  wound: WoundLevel;
  skillExpert: SkillKey[];
  /** Enigma points left (0: none held). */
  enigma: number;
  /** The Enigma advantage item's UUID, when held. */
  enigmaUuid: string;
}

/** What the caller may settle beforehand (a sheet's button, a macro, the combat glue). */
export interface TestChoice {
  attribute?: string;
  skill?: string;
  /** A specialisation of the skill, by name. */
  specialisation?: string;
  kind?: TestKind;
  difficulty?: number;
  /** Opposed: a target's UUID, or absent for a number. */
  opponent?: string;
  opponentAttribute?: string;
  opponentSkill?: string;
  opponentBonus?: number;
  /** A Clumsy weapon. */
  clumsy?: boolean;
  /** A free modifier added to the total. */
  modifier?: number;
  underAttack?: boolean;
  helpers?: number;
  boost?: number;
  boostPool?: "hp" | "essence";
  reserve?: number;
  medic?: boolean;
}

/** The actor, its gear, its targets and the world's settings: what the dialog is built from. */
export interface TestDialogInput {
  actorName: string;
  attributes: Record<string, number>;
  skills: Record<string, number>;
  specialisations: { skill: SkillKey; name: string; level: number }[];
  wound: WoundLevel;
  criticalWoundRule: CriticalWoundRule;
  hp: number;
  essence: number;
  skillExpert: SkillKey[];
  edge: SkillKey[];
  lucky: boolean;
  /** Savage's points (0, 2 or 4). */
  savage: 0 | 2 | 4;
  wellTraveled: boolean;
  foreigner: boolean;
  tools: ToolOffer[];
  /** Dream and Status points left (0 when not held), and their items' UUIDs. */
  dream: number;
  status: number;
  dreamUuid: string;
  statusUuid: string;
  /** How many helpers the actor may lead (derived `leadershipLimit`). */
  leadershipLimit: number;
  targets: TestTarget[];
  degrees: boolean;
  dynamicTieRule: TestDynamicTieRule;
  opposedTieRule: TestOpposedTieRule;
  choice: TestChoice;
}

/** The dialog's state. */
export interface TestDialogState {
  attribute: AttributeKey;
  /** "" (none), a skill key, or "spec:<index>" (a specialisation). */
  skill: string;
  kind: TestKind;
  difficulty: number;
  /** Opposed: "" (a number) or a target's UUID. */
  against: string;
  opponentAttribute: AttributeKey;
  opponentSkill: string;
  opponentBonus: number;
  /** "1", "2", "5", "10": the time taken over the usual. */
  extraTime: string;
  /** "none", or a tool category the actor has for the skill. */
  tools: string;
  specialistGear: boolean;
  eliteGear: boolean;
  stress: number;
  underAttack: boolean;
  recentSuccess: boolean;
  abroad: boolean;
  firstMeeting: boolean;
  enigma: boolean;
  medic: boolean;
  clumsy: boolean;
  helpers: number;
  teamworkHelpers: number;
  boostPool: "hp" | "essence";
  boost: number;
  reserve: number;
  modifier: number;
}

/** A message: an i18n key and its values. */
export interface PlanMessage {
  key: string;
  data?: Record<string, string>;
}

/** What a test costs before the roll. */
export interface TestCosts {
  hp: number;
  essence: number;
  /** Dream or Status points from the actor's advantage item. */
  reserve: { uuid: string; points: number } | null;
  /** One point of the subject's Enigma. */
  enigma: { uuid: string; name: string } | null;
}

/** The roll the state describes. */
export interface TestPlan {
  options: TalesTestOptions;
  costs: TestCosts;
  problems: PlanMessage[];
  notes: PlanMessage[];
  /** What the opponent brings (for the odds): their bonus and dice; null unless opposed. */
  opponent: { bonus: number; dice: number; name: string } | null;
  /** The helpers the leader may take. */
  helperLimit: number;
  /** The Dream or Status pool the test may draw on, and its points. */
  reservePool: { pool: "dream" | "status"; points: number } | null;
  /** The target whose Enigma may apply. */
  enigmaTarget: TestTarget | null;
  /** Tool categories the actor has for the skill. */
  toolOffers: ToolCategory[];
}

export const EXTRA_TIMES = ["1", "2", "5", "10"] as const;

export const clampInt = (v: unknown, min: number, max: number, fallback: number): number => {
  const n = typeof v === "number" ? v : Number.parseInt(String(v), 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
};

const value = (record: Record<string, number>, key: string | null) =>
  key ? Math.max(0, Math.floor(Number(record[key]) || 0)) : 0;

/** The skill a state's skill field names, and the specialisation (name, level) when one. */
export function skillOfState(
  input: Pick<TestDialogInput, "specialisations">,
  skill: string,
): { skill: SkillKey | null; specialisation: { name: string; level: number } | null } {
  if (skill.startsWith("spec:")) {
    const spec = input.specialisations[Number(skill.slice(5))];
    return spec
      ? { skill: spec.skill, specialisation: { name: spec.name, level: spec.level } }
      : { skill: null, specialisation: null };
  }
  return { skill: isSkillKey(skill) ? skill : null, specialisation: null };
}

/** The reserve a test may draw on: Dream for a Mental test, Status for a Social one. */
function reservePoolOf(input: TestDialogInput, attribute: AttributeKey, skill: SkillKey | null) {
  const group = skill ? skillGroup(skill) : attribute;
  if (group === "mental" && input.dream > 0)
    return { pool: "dream" as const, points: input.dream, uuid: input.dreamUuid };
  if (group === "social" && input.status > 0)
    return { pool: "status" as const, points: input.status, uuid: input.statusUuid };
  return null;
}

/** The state a dialog opens with: the caller's choice, within bounds, the rest by default. */
export function startState(input: TestDialogInput): TestDialogState {
  const c = input.choice;
  const skillKey = c.skill && isSkillKey(c.skill) ? c.skill : null;
  const attribute =
    c.attribute && isAttributeKey(c.attribute) ? c.attribute : skillKey ? skillGroup(skillKey) : "physical";
  const specIndex = c.specialisation
    ? input.specialisations.findIndex((s) => s.skill === skillKey && s.name === c.specialisation)
    : -1;
  const target = input.targets.find((t) => t.uuid === c.opponent) ?? null;
  const kind: TestKind = c.kind ?? "static";
  return {
    attribute,
    skill: specIndex >= 0 ? `spec:${specIndex}` : (skillKey ?? ""),
    kind,
    difficulty: clampInt(c.difficulty ?? 7, -20, 60, 7),
    against:
      kind === "opposed"
        ? (target?.uuid ?? (c.opponentBonus === undefined ? (input.targets[0]?.uuid ?? "") : ""))
        : (target?.uuid ?? ""),
    opponentAttribute:
      c.opponentAttribute && isAttributeKey(c.opponentAttribute) ? c.opponentAttribute : attribute,
    opponentSkill: c.opponentSkill && isSkillKey(c.opponentSkill) ? c.opponentSkill : (skillKey ?? ""),
    opponentBonus: clampInt(c.opponentBonus ?? 5, -20, 60, 5),
    extraTime: "1",
    tools: "none",
    specialistGear: false,
    eliteGear: false,
    stress: 0,
    underAttack: c.underAttack ?? false,
    recentSuccess: false,
    abroad: false,
    firstMeeting: false,
    enigma: false,
    medic: c.medic ?? false,
    clumsy: c.clumsy ?? false,
    helpers: clampInt(c.helpers ?? 0, 0, 50, 0),
    teamworkHelpers: 0,
    boostPool: c.boostPool ?? (attribute === "physical" ? "hp" : "essence"),
    boost: clampInt(c.boost ?? 0, 0, 100, 0),
    reserve: clampInt(c.reserve ?? 0, 0, 30, 0),
    modifier: clampInt(c.modifier ?? 0, -20, 20, 0),
  };
}

/** The difficulty after stress, an attack and Enigma, with its parts. */
function difficultyOf(input: TestDialogInput, state: TestDialogState, enigmaTarget: TestTarget | null) {
  const parts: RollPart[] = [{ label: `${KEY}.SetDifficulty`, value: state.difficulty }];
  let test: TestDifficulty = {
    kind: state.kind === "dynamic" ? "dynamic" : "static",
    difficulty: state.difficulty,
  };
  if (state.stress > 0) {
    const next = stressedDifficulty(test, state.stress);
    parts.push({ label: `${KEY}.Part.stress`, value: next.difficulty - test.difficulty });
    test = next;
  }
  if (state.underAttack) {
    const next = underAttackDifficulty(test);
    parts.push({ label: `${KEY}.Part.underAttack`, value: next.difficulty - test.difficulty });
    test = next;
  }
  let dice = test.kind === "dynamic" ? 1 : 0;
  let enigma = false;
  if (state.enigma && enigmaTarget) {
    const e = enigmaDifficulty(test, enigmaTarget.enigma);
    if (e.cost > 0) {
      parts.push({ label: `${KEY}.Part.enigma`, data: { name: enigmaTarget.name }, value: 0 });
      test = e.test;
      dice = e.difficultyDice;
      enigma = true;
    }
  }
  void input;
  return { test, parts, dice, enigma };
}

/** The opponent of an opposed test as the odds read them: a target's traits at its wound level, or a number. */
function opponentOf(input: TestDialogInput, state: TestDialogState) {
  const target = input.targets.find((t) => t.uuid === state.against) ?? null;
  if (!target) return { target: null, bonus: state.opponentBonus, dice: 1 };
  const skill = isSkillKey(state.opponentSkill) ? state.opponentSkill : null;
  const attr = effectiveAttribute(value(target.attributes, state.opponentAttribute), target.wound, input);
  const sk = skill ? effectiveSkill(value(target.skills, skill), target.wound, input) : 0;
  const dice = testDiceCount({ skillExpert: skill !== null && target.skillExpert.includes(skill) });
  return { target, bonus: attr + sk, dice };
}

/** The skill modifiers, co-operation and the free modifier, as parts of the bonus. */
function modifierParts(
  input: TestDialogInput,
  state: TestDialogState,
  skill: SkillKey | null,
  skillValue: number,
  toolOffers: ToolCategory[],
) {
  const parts: RollPart[] = [];
  const notes: PlanMessage[] = [];
  const time = extraTimeBonus(Number(state.extraTime) || 1);
  if (time) parts.push({ label: `${KEY}.Part.extraTime`, data: { n: state.extraTime }, value: time });
  let eliteReroll = false;
  const tool = input.tools.find(
    (t) => t.skill === skill && t.category === state.tools && toolOffers.includes(t.category),
  );
  if (tool && state.tools === "tools")
    parts.push({ label: tool.name, value: toolTestBonus(skillValue, "tools", input.savage) });
  if (tool && state.tools === "specialistTools")
    parts.push({ label: tool.name, value: toolTestBonus(skillValue, "specialist", input.savage) });
  if (tool && state.tools === "eliteTools") {
    const benefit = eliteToolsBenefit(input.lucky);
    if (benefit.bonus) parts.push({ label: tool.name, value: benefit.bonus });
    eliteReroll = benefit.reroll;
  }
  if (state.recentSuccess) parts.push({ label: `${KEY}.Part.recentSuccess`, value: RECENT_SUCCESS_BONUS });
  const social = state.attribute === "social";
  const foreign = foreignSocialModifier({
    social,
    abroad: state.abroad,
    wellTraveled: input.wellTraveled,
    foreignerFirstMeeting: input.foreigner && state.firstMeeting,
  });
  if (foreign) parts.push({ label: `${KEY}.Part.foreign`, value: foreign });
  if (state.modifier) parts.push({ label: `${KEY}.Part.other`, value: state.modifier });
  return { parts, notes, eliteReroll };
}

/** The plan of a state: the roll's options, its costs, and why it may not be rolled. */
export function testPlan(input: TestDialogInput, state: TestDialogState): TestPlan {
  const { skill, specialisation } = skillOfState(input, state.skill);
  const attribute = state.attribute;
  const problems: PlanMessage[] = [];
  const notes: PlanMessage[] = [];
  const storedSkill = specialisation ? specialisation.level : value(input.skills, skill);
  const attributeValue = effectiveAttribute(value(input.attributes, attribute), input.wound, input);
  const skillValue = skill ? effectiveSkill(storedSkill, input.wound, input) : 0;
  if (!woundAllowsActing(input.wound))
    problems.push({ key: `${KEY}.Refused.cannotAct`, data: { name: input.actorName } });
  const toolOffers = [...new Set(input.tools.filter((t) => t.skill === skill).map((t) => t.category))];
  if (input.savage === 4) toolOffers.splice(0);
  const mods = modifierParts(input, state, skill, skillValue, toolOffers);
  const parts = [...mods.parts];
  const enigmaTarget = state.kind === "opposed" ? null : (input.targets.find((t) => t.enigma > 0) ?? null);
  const diff = difficultyOf(input, state, enigmaTarget);
  const kind: TestKind = state.kind === "opposed" ? "opposed" : diff.test.kind;
  const leaderBonus = attributeValue + skillValue + parts.reduce((s, p) => s + p.value, 0);
  const helperLimit = Math.max(0, input.leadershipLimit);
  if (state.helpers > 0 || state.teamworkHelpers > 0) {
    const coop = cooperationBonus({
      helpers: state.helpers,
      teamworkHelpers: state.teamworkHelpers,
      limit: helperLimit,
    });
    if (coop.bonus)
      parts.push({ label: `${KEY}.Part.cooperation`, data: { n: String(coop.joined) }, value: coop.bonus });
    if (coop.turnedAway)
      notes.push({
        key: `${KEY}.Note.turnedAway`,
        data: { n: String(coop.turnedAway), limit: String(helperLimit) },
      });
    if (kind !== "opposed" && !couldSucceedAlone(leaderBonus, diff.test))
      problems.push({ key: `${KEY}.Refused.leaderAlone` });
  }
  const reservePool = reservePoolOf(input, attribute, skill);
  const reserve = reservePool ? Math.min(state.reserve, reservePool.points) : 0;
  const pool = state.boostPool === "hp" ? input.hp : input.essence;
  if (state.boost > pool)
    problems.push({
      key: `${KEY}.Refused.boost${state.boostPool === "hp" ? "Hp" : "Essence"}`,
      data: { n: String(pool) },
    });
  const opp = kind === "opposed" ? opponentOf(input, state) : null;
  const dice =
    testDiceCount({ skillExpert: skill !== null && input.skillExpert.includes(skill) }) > 1 || state.medic
      ? 2
      : 1;
  const specialistGear =
    state.specialistGear && input.tools.some((t) => t.skill === skill && t.category === "specialistGear");
  const eliteGear =
    kind !== "opposed" &&
    state.eliteGear &&
    input.tools.some((t) => t.skill === skill && t.category === "eliteGear");
  const bonus = attributeValue + skillValue + parts.reduce((s, p) => s + p.value, 0);
  const options: TalesTestOptions = {
    type: "test",
    kind,
    attribute,
    skill,
    specialisation: specialisation?.name ?? "",
    wound: input.wound,
    attributeValue,
    skillValue,
    modifiers: parts,
    bonus,
    difficulty: kind === "opposed" ? 0 : diff.test.difficulty,
    difficultyParts: kind === "opposed" ? [] : diff.parts,
    difficultyDice: kind === "dynamic" ? diff.dice : 0,
    opponent: opp?.target
      ? {
          uuid: opp.target.uuid,
          name: opp.target.name,
          attribute: state.opponentAttribute,
          skill: isSkillKey(state.opponentSkill) ? state.opponentSkill : null,
        }
      : null,
    opponentBonus: opp && !opp.target ? opp.bonus : 0,
    opponentDice: opp && !opp.target ? 1 : 0,
    dice,
    enigma:
      diff.enigma && enigmaTarget && kind === "dynamic"
        ? { uuid: enigmaTarget.enigmaUuid, name: enigmaTarget.name }
        : null,
    reserve: reservePool && reserve > 0 ? { pool: reservePool.pool, points: reserve } : null,
    clumsy: state.clumsy,
    boost: Math.max(0, Math.min(state.boost, pool)),
    boostPool: state.boost > 0 ? state.boostPool : null,
    edge: skill !== null && input.edge.includes(skill),
    specialistGear,
    eliteGear,
    eliteToolsReroll: mods.eliteReroll,
    tieRule: kind === "dynamic" ? input.dynamicTieRule : kind === "opposed" ? input.opposedTieRule : null,
    degrees: input.degrees,
  };
  if (options.boost === 0) options.boostPool = null;
  const costs: TestCosts = {
    hp: options.boostPool === "hp" ? options.boost : 0,
    essence: options.boostPool === "essence" ? options.boost : 0,
    reserve:
      options.reserve && reservePool ? { uuid: reservePool.uuid, points: options.reserve.points } : null,
    enigma: options.enigma,
  };
  return {
    options,
    costs,
    problems,
    notes: [...mods.notes, ...notes],
    opponent: opp ? { bonus: opp.bonus, dice: opp.dice, name: opp.target?.name ?? "" } : null,
    helperLimit,
    reservePool: reservePool ? { pool: reservePool.pool, points: reservePool.points } : null,
    enigmaTarget,
    toolOffers,
  };
}
