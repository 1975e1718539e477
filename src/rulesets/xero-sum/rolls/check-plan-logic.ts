/**
 * A Xero Sum check from the actor's numbers and the roller's choices, Foundry-free: what the check
 * dialog (dialog-logic.ts) shows and what the roll is made with. The actor's side is plain data (its
 * attributes after Lasting Wounds, skills, Perception, Lasting Wounds' penalties on checks, Insight
 * Dice held, First Impressions, the bonuses its carried items give, a Cover Fire penalty waiting on
 * its combatant); the roller's side is the dialog's state. {@link checkPlan} turns both into the check's parts and modifier (rules `checkModifier`,
 * `groupCheckModifier`), its dice (an Insight Die makes three) and the reasons it cannot be made.
 */
import {
  checkModifier,
  groupCheckModifier,
  isStarred,
  skillAttribute,
  spendInsight,
  INSIGHT_CMOD,
  MAX_CONDITIONAL,
  MIN_CONDITIONAL,
  type AttributeKey,
  type BarterAttribute,
  type InsightReplaceCost,
  type MomentOn3d6,
  type SkillKey,
} from "../rules";
import {
  CONDITIONAL_PARTS,
  partsModifier,
  type BeforeRollInsight,
  type CheckKind,
  type CheckPart,
  type XeroSumCheckOptions,
} from "./roll-logic";

/** A conditional modifier a caller names ("Damaged item", "Aim"), with its value. */
export interface NamedCmod {
  label: string;
  value: number;
}

/** An item's bonus to a check, and when it applies ("" always). */
export interface GearBonus {
  name: string;
  /** A skill key or "perception". */
  target: string;
  value: number;
  /** When it applies, as words (empty: always). */
  context: string;
}

/** What a check reads of an actor. */
export interface CheckActor {
  uuid: string;
  name: string;
  /** The attributes after Lasting Wounds. */
  attributes: Record<AttributeKey, number>;
  skills: Record<SkillKey, number>;
  /** The Perception stat (Reason + Acumen, its bonuses and wounds). */
  perception: number;
  /** What Lasting Wounds add to every check using each attribute (Lost Eye: Dexterity −1). */
  woundChecks: Record<AttributeKey, number>;
  /** Insight Dice held. */
  insight: number;
  relationships: { name: string; cmod: number }[];
  gear: GearBonus[];
  /**
   * A successful Cover Fire's CMod waiting on the actor's combatant for its next check (−2 a hit,
   * rules `receiveCoverFire`; 0 or absent: none): the check takes it, and its card has it used up.
   */
  coverFire?: number;
}

/** The world's settings a check reads. */
export interface CheckSettings {
  barterAttribute: BarterAttribute;
  clampConditional: boolean;
  momentOn3d6: MomentOn3d6;
  insightReplaceCost: InsightReplaceCost;
  opposedInsight: boolean;
  groupCheckSkills: boolean;
}

/** What the caller settles before the dialog (a sheet's button, a macro, another helper's check). */
export interface CheckChoice {
  kind?: CheckKind;
  attribute?: AttributeKey;
  skill?: SkillKey;
  conditional?: NamedCmod[];
  insight?: BeforeRollInsight | null;
}

/** The dialog's input: the actor, the settings, the caller's choice and what kind of check this is. */
export interface CheckDialogInput {
  actor: CheckActor;
  settings: CheckSettings;
  choice: CheckChoice;
  /** The traits are the caller's (an opponent rolling what the card asks): no attribute or skill field. */
  lockTraits?: boolean;
  /** An opposed check: the opponent and how they roll (their own traits, or the roller's). */
  opposed?: { actor: CheckActor; traits?: Traits } | null;
  /** A Group Check: every participant (the roller among them); Insight Dice stay out of it. */
  group?: CheckActor[] | null;
  /** The other side of an opposed check has rolled already: their name and total (the odds read it). */
  against?: { name: string; total: number } | null;
}

/** What the roller chose in the dialog. */
export interface CheckDialogState {
  kind: CheckKind;
  attribute: AttributeKey;
  skill: SkillKey | "";
  /** Table 4's CMod for the situation, −5..+5. */
  situation: number;
  /** One more CMod of the roller's own, and its label. */
  other: number;
  otherLabel: string;
  /** Each of the caller's CMods, on or off. */
  given: boolean[];
  /** A First Impression's CMod: its index, or −1. */
  relationship: number;
  /** Each item bonus that fits the check, on or off (by the item's index in `actor.gear`). */
  gear: boolean[];
  insight: BeforeRollInsight | "";
}

/** The traits a check rolls. */
export interface Traits {
  kind: CheckKind;
  attribute: AttributeKey | null;
  skill: SkillKey | null;
}

/** A reason a check cannot be made: an i18n key and its values. */
export interface PlanProblem {
  key: string;
  data?: Record<string, string>;
}

/** The most a free CMod may be (Table 4 reaches ±5; two of them stay within this). */
export const MAX_OTHER_CMOD = 10;

const KEY = "POLYVERSE.XeroSum.Roll";

/** The state a dialog opens with, from the caller's choice. */
export function startState(input: CheckDialogInput): CheckDialogState {
  const c = input.choice;
  const kind: CheckKind = c.kind ?? (c.skill ? "skill" : "attribute");
  const skill = kind === "skill" && c.skill ? c.skill : "";
  const attribute = c.attribute ?? (skill ? skillAttribute(skill, input.settings) : "rsn");
  return {
    kind: kind === "skill" && !skill ? "attribute" : kind,
    attribute,
    skill,
    situation: 0,
    other: 0,
    otherLabel: "",
    given: (c.conditional ?? []).map(() => true),
    relationship: -1,
    gear: gearDefaults(input, traitsOf(kind, attribute, skill)),
    insight: input.group ? "" : (c.insight ?? ""),
  };
}

/** The traits of a kind, attribute and skill as the dialog holds them. */
export function traitsOf(kind: CheckKind, attribute: AttributeKey, skill: SkillKey | ""): Traits {
  if (kind === "perception" || kind === "breakingPoint") return { kind, attribute: null, skill: null };
  if (kind === "skill" && skill) return { kind, attribute, skill };
  return { kind: "attribute", attribute, skill: null };
}

/** The traits a state rolls. */
export const stateTraits = (state: CheckDialogState): Traits =>
  traitsOf(state.kind, state.attribute, state.skill);

/** Whether an item's bonus is for this check: its skill's, or Perception's. */
export function gearFits(gear: GearBonus, traits: Traits): boolean {
  if (traits.kind === "perception") return gear.target === "perception";
  return traits.skill !== null && gear.target === traits.skill;
}

/** Which item bonuses are on when the traits are chosen: those that fit and apply always. */
export const gearDefaults = (input: Pick<CheckDialogInput, "actor">, traits: Traits): boolean[] =>
  input.actor.gear.map((g) => g.context === "" && gearFits(g, traits));

/** The SMod a skill check adds: a starred skill never trained counts −3 (rules `checkModifier`). */
export const skillMod = (actor: CheckActor, skill: SkillKey): number =>
  checkModifier({ attribute: 0, skill: actor.skills[skill] ?? 0, starred: isStarred(skill) }).skill;

/**
 * The parts an actor's traits add: the AMod (and SMod), or the Perception stat, or Reason and
 * Acumen's AMods; then what Lasting Wounds take from checks with that attribute.
 */
export function traitParts(actor: CheckActor, traits: Traits): CheckPart[] {
  const parts: CheckPart[] = [];
  if (traits.kind === "perception") parts.push({ kind: "perception", value: actor.perception });
  else if (traits.kind === "breakingPoint")
    parts.push(
      { kind: "sum", key: "rsn", value: actor.attributes.rsn },
      { kind: "sum", key: "acu", value: actor.attributes.acu },
    );
  else if (traits.attribute) {
    parts.push({ kind: "attribute", key: traits.attribute, value: actor.attributes[traits.attribute] });
    if (traits.skill) parts.push({ kind: "skill", key: traits.skill, value: skillMod(actor, traits.skill) });
    const wound = actor.woundChecks[traits.attribute] ?? 0;
    if (wound) parts.push({ kind: "wound", key: traits.attribute, value: wound });
  }
  return parts;
}

/** The Cover Fire CMod waiting for the actor's next check, as a part (none when nothing waits). */
export const penaltyParts = (actor: Pick<CheckActor, "coverFire">): CheckPart[] =>
  actor.coverFire && actor.coverFire < 0 ? [{ kind: "coverFire", value: actor.coverFire }] : [];

/** An actor's modifier for these traits before any CMod but its wounds' (an opponent's, for the odds). */
export const traitModifier = (actor: CheckActor, traits: Traits, clamp = false): number =>
  partsModifier(traitParts(actor, traits), clamp);

/** The CMods the roller chose, as parts. */
function chosenParts(input: CheckDialogInput, state: CheckDialogState, traits: Traits): CheckPart[] {
  const parts: CheckPart[] = [];
  (input.choice.conditional ?? []).forEach((c, i) => {
    if (state.given[i]) parts.push({ kind: "conditional", name: c.label, value: c.value });
  });
  const rel = input.actor.relationships[state.relationship];
  if (rel) parts.push({ kind: "relationship", name: rel.name, value: rel.cmod });
  input.actor.gear.forEach((g, i) => {
    if (state.gear[i] && gearFits(g, traits)) parts.push({ kind: "gear", name: g.name, value: g.value });
  });
  if (state.situation)
    parts.push({ kind: "situation", key: String(state.situation), value: state.situation });
  if (state.other) parts.push({ kind: "conditional", name: state.otherLabel.trim(), value: state.other });
  if (state.insight === "plusThree") parts.push({ kind: "insight", value: INSIGHT_CMOD });
  return parts;
}

/** A Group Check's parts: the leader's traits, the others' AMods (and SMods), every one's wound CMods. */
export function groupParts(
  members: readonly CheckActor[],
  traits: Traits,
  settings: Pick<CheckSettings, "groupCheckSkills" | "clampConditional">,
) {
  const participants = members.map((m) => {
    const own = traitParts(m, traits);
    const attribute = own
      .filter((p) => p.kind !== "skill" && p.kind !== "wound")
      .reduce((s, p) => s + p.value, 0);
    const skill = own.find((p) => p.kind === "skill")?.value;
    const wound = own.find((p) => p.kind === "wound")?.value ?? 0;
    return { attribute, ...(skill !== undefined ? { skill } : {}), conditional: wound ? [wound] : [] };
  });
  const group = groupCheckModifier(participants, settings);
  const leader = members[group.leader]!;
  const parts = traitParts(leader, traits);
  members.forEach((m, i) => {
    if (i === group.leader) return;
    const p = participants[i]!;
    parts.push({ kind: "participant", name: m.name, value: p.attribute });
    if (settings.groupCheckSkills && p.skill !== undefined)
      parts.push({ kind: "participantSkill", name: m.name, value: p.skill });
    for (const c of p.conditional) parts.push({ kind: "participantConditional", name: m.name, value: c });
  });
  return { leader: group.leader, parts };
}

/** What a dialog state makes: the check's parts, modifier and dice, its cost, and why it cannot be made. */
export interface CheckPlan {
  traits: Traits;
  parts: CheckPart[];
  modifier: number;
  dice: number;
  insight: BeforeRollInsight | null;
  /** The Insight Dice spent before the roll. */
  insightCost: number;
  /** The Group Check's leader (an index into `input.group`), who rolls; 0 otherwise. */
  leader: number;
  /** An opposed check: the opponent's traits and modifier before their own CMods. */
  opponent: { traits: Traits; modifier: number } | null;
  problems: PlanProblem[];
  /** The CMods' sum outside −5..+5, held to it (clampConditional). */
  clampedFrom: number | null;
}

/** The check a state makes. */
export function checkPlan(input: CheckDialogInput, state: CheckDialogState): CheckPlan {
  const traits = stateTraits(state);
  const problems: PlanProblem[] = [];
  const members = input.group ?? null;
  let leader = 0;
  let parts: CheckPart[];
  if (members?.length) {
    const g = groupParts(members, traits, input.settings);
    leader = g.leader;
    parts = g.parts;
  } else parts = traitParts(input.actor, traits);
  // The roller's own Cover Fire penalty (a Group Check's leader's, who rolls).
  parts.push(...penaltyParts(members?.[leader] ?? input.actor));
  parts.push(...chosenParts(input, state, traits));
  const insight = members ? null : state.insight || null;
  let insightCost = 0;
  if (insight) {
    const spend = spendInsight({ held: input.actor.insight, use: insight });
    if (spend.allowed) insightCost = spend.cost;
    else problems.push({ key: `POLYVERSE.XeroSum.Check.InsightRefusal.${spend.refusal}` });
  }
  if (members && members.length < 2) problems.push({ key: `${KEY}.Problem.GroupOfOne` });
  const clamp = input.settings.clampConditional;
  const rawCmods = parts.filter((p) => CONDITIONAL_PARTS.includes(p.kind)).reduce((s, p) => s + p.value, 0);
  const modifier = partsModifier(parts, clamp);
  const opposed = input.opposed ?? null;
  const opponentTraits = opposed ? (opposed.traits ?? traits) : null;
  return {
    traits,
    parts,
    modifier,
    dice: insight === "extraDie" ? 3 : 2,
    insight,
    insightCost,
    leader,
    opponent:
      opposed && opponentTraits
        ? {
            traits: opponentTraits,
            modifier: partsModifier(
              [...traitParts(opposed.actor, opponentTraits), ...penaltyParts(opposed.actor)],
              clamp,
            ),
          }
        : null,
    problems,
    clampedFrom: clamp && (rawCmods > MAX_CONDITIONAL || rawCmods < MIN_CONDITIONAL) ? rawCmods : null,
  };
}

/** Clamp a whole number to [min, max]; anything not a number reads as `fallback`. */
export function clampInt(value: unknown, min: number, max: number, fallback = 0): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value), 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

/** The Roll's options of a plan: the set-up the card is drawn from and the GM holds the card to. */
export function planOptions(
  input: Pick<CheckDialogInput, "settings" | "opposed" | "group">,
  plan: CheckPlan,
  replace: boolean,
): XeroSumCheckOptions {
  const opposed = input.opposed && plan.opponent;
  const s = input.settings;
  return {
    type: "check",
    kind: plan.traits.kind,
    attribute: plan.traits.attribute,
    skill: plan.traits.skill,
    parts: plan.parts,
    modifier: plan.modifier,
    clamped: s.clampConditional,
    insight: plan.insight,
    dice: plan.dice,
    momentOn3d6: s.momentOn3d6,
    replaceCost: s.insightReplaceCost,
    opposedInsight: s.opposedInsight,
    replace: replace && !input.group,
    opposed: opposed
      ? { uuid: input.opposed!.actor.uuid, name: input.opposed!.actor.name, ...plan.opponent!.traits }
      : null,
    group: input.group ? { members: input.group.map((m) => ({ uuid: m.uuid, name: m.name })) } : null,
  };
}
