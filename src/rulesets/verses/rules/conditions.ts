/**
 * Status conditions ('Verses Core 0.8.5, "Special Status Conditions"; Moribund also from "Actor
 * Destruction & Death"; the Intoxicated condition from "Intoxication, a 'Verses Rules Module").
 *
 * Every condition is plain DATA ({@link CONDITIONS}); the functions below only read that data:
 * effective AD, dice penalties for a test, forbidden actions, implied conditions, the Prone rising
 * cost, Prone's cover and Sickened's end-of-round EX binding. Pure: no Foundry, no globals.
 */
import type { ActionId, ActorKind, AttributeKey } from "./types";

/** The conditions of the core text, plus Intoxicated from the optional Intoxication module. */
export type ConditionId =
  | "afraid"
  | "charmed"
  | "immobilized"
  | "moribund"
  | "prone"
  | "sickened"
  | "stunned"
  | "unconscious"
  | "intoxicated";

/** The core conditions in the order the text lists them ("Special Status Conditions"). */
export const CORE_CONDITION_IDS: readonly ConditionId[] = [
  "afraid",
  "charmed",
  "immobilized",
  "moribund",
  "prone",
  "sickened",
  "stunned",
  "unconscious",
];

/**
 * A body part named in `Immobilized(parts)`. The text's examples name `hands`, `body`, `legs`
 * (Clinch), `head` (Headbutt footnote) and a "targeted limb" (the dog's Bite); other strings are
 * allowed for other species.
 */
export type BodyPart = "hands" | "body" | "legs" | "head" | "limb" | (string & {});

/**
 * One condition on an actor.
 * - `parts` (Immobilized only): "When partial, the condition name will be followed by the list of
 *   immobilized parts in parentheses. If the condition is written with no details, the actor is
 *   fully immobilized." Absent or empty means fully immobilized.
 * - `sourceId` (Afraid, Charmed): the source of the fear or charm; the movement and attack
 *   restrictions are relative to it.
 * - `level` (Intoxicated only): the Intoxication Level, 1.. ("declared with an Intoxication Level").
 */
export interface ConditionState {
  id: ConditionId;
  parts?: readonly BodyPart[];
  sourceId?: string;
  level?: number;
}

/** A condition given either by id alone or with its details. */
export type ConditionInput = ConditionId | ConditionState;

/** How a condition changes the actor's AD pool. */
export type AdChange = { kind: "none" } | { kind: "reduce"; by: number } | { kind: "zero" };

/** The kind of test a dice modifier applies to. */
export type DiceModifierScope =
  | { kind: "attribute"; attributes: readonly AttributeKey[] }
  | { kind: "meleeAttack" }
  | { kind: "rest" }
  | { kind: "resistCharm" };

/**
 * A change in dice to some tests: `dice` is added to the pool (negative = penalty). `actorKinds`
 * limits it to some actor kinds; `levels` (Intoxicated) to some intoxication levels.
 */
export interface DiceModifier {
  scope: DiceModifierScope;
  dice: number;
  actorKinds?: readonly ActorKind[];
  levels?: readonly number[];
}

/** Reason keys for a forbidden action; the Foundry layer turns them into localised messages. */
export type ForbiddenReason =
  | "moribund.survivalOnly"
  | "unconscious.noActions"
  | "immobilized.full"
  | "immobilized.parts"
  | "stunned.noReactions"
  | "prone.noDodgeOrParry"
  | "prone.noTwoHandedMelee"
  | "afraid.cannotAttackSource"
  | "afraid.cannotApproachSource"
  | "charmed.cannotLeaveSource";

/** An action a condition forbids outright, with its reason. */
export interface ForbiddenAction {
  action: ActionId;
  reason: ForbiddenReason;
}

/** Whether a condition can apply to an actor kind: always, to some (GM decides), or never. */
export type Applicability = "yes" | "some" | "no";

/** How long a condition lasts, as far as the text states it. */
export type ConditionDuration =
  { kind: "successMargin"; unit: "round" } | { kind: "intoxicationLevel" } | { kind: "source" };

/** An implied condition ("Actors with the moribund condition are also Unconscious"). */
export interface ImpliedCondition {
  condition: ConditionId;
  actorKinds?: readonly ActorKind[];
  /** Intoxicated: the implication holds from this level up. */
  minLevel?: number;
}

/** The whole rule of one condition, as data. */
export interface ConditionDefinition {
  id: ConditionId;
  label: string;
  /** The text section the rule comes from. */
  source: string;
  ad: AdChange;
  dice: readonly DiceModifier[];
  /** Actions forbidden whatever the situation. Situational ones (parts, source) are in `restrictions`. */
  forbids: readonly ForbiddenAction[];
  /** Actions still allowed even when another condition forbids them (Moribund: Survival Rolls). */
  alwaysAllows: readonly ActionId[];
  /**
   * Situational restrictions, as keys {@link forbiddenActions} evaluates against the action context
   * (`noMovement` and `noInteraction` are covered by forbidding every action; kept for the sheet).
   */
  restrictions: readonly (
    | "partsUnusable"
    | "fullyImmobilized"
    | "noAttackSource"
    | "noApproachSource"
    | "noLeaveSource"
    | "noMovement"
    | "noInteraction"
  )[];
  implies: readonly ImpliedCondition[];
  appliesTo: Record<ActorKind, Applicability>;
  duration: ConditionDuration;
  /** Module conditions are only in play when their module is on. */
  module?: "intoxication";
  /** The rule text, paraphrased, for tooltips. */
  summary: string;
}

const ALL_KINDS: Record<ActorKind, Applicability> = {
  biological: "yes",
  construct: "yes",
  incorporeal: "yes",
};

/** Every ActionId, for "no actions" conditions. */
export const ALL_ACTION_IDS: readonly ActionId[] = [
  "attack",
  "meleeAttack",
  "rangedAttack",
  "twoHandedMelee",
  "await",
  "dodge",
  "charm",
  "intimidate",
  "maintain",
  "move",
  "parry",
  "riposte",
  "rest",
  "use",
  "watch",
  "survival",
  "rise",
  "awaken",
];

/** The attack actions (a "Use" of a weapon, named apart for conditions). */
export const ATTACK_ACTION_IDS: readonly ActionId[] = [
  "attack",
  "meleeAttack",
  "rangedAttack",
  "twoHandedMelee",
  "riposte",
];

const allForbidden = (reason: ForbiddenReason, except: readonly ActionId[] = []): ForbiddenAction[] =>
  ALL_ACTION_IDS.filter((a) => !except.includes(a)).map((action) => ({ action, reason }));

/**
 * The conditions as data ("Special Status Conditions").
 *
 * - Afraid: "AD reduced by 1, and any SMR-related tests are at -2 dice for the duration. The actor
 *   can not willingly move closer to the source of their fear, unless at that source's command, and
 *   cannot attack it." Lasts SM rounds (Intimidation).
 * - Charmed: "AD reduced by 1, and any SMR-related tests are at -2 dice ... can not willingly move
 *   further from the source of their charm unless at that source's command." Lasts SM rounds (Charm).
 * - Immobilized: "While fully immobilized, the actor cannot use AD for any action except the Rest
 *   action or attempts to challenge the immobilization ... While any parts of the actor are
 *   immobilized, the actor may not use those parts in any action or skill, including attacks and parries."
 * - Moribund: "may not take any actions except Survival Rolls ... are also Unconscious."
 * - Prone: "partial obstructive cover at ranges greater than 10m ... may not take the dodge or parry
 *   action or use any two-handed melee weapon, and are -1 die to any melee attacks. Biological actors
 *   receive +1 die to any rest actions when prone ... not applicable to some constructs and all incorporeals."
 * - Sickened: "AD reduced by 3 and binds 1AD to EX every round, unless they spend at least 1AD on the
 *   Rest action".
 * - Stunned: "AD reduced by 4 and all PRW and SMR-related tests are at -2 dice ... may not take the
 *   Watch, Await, Dodge, or Parry actions." Riposte is listed too: it needs a parry.
 * - Unconscious: "zero AD for the duration. Biological actors with the unconscious condition are also
 *   Prone. While unconscious, the actor may not take any actions, make any movements, or interact".
 * - Intoxicated (module): effects by level ({@link INTOXICATION_LEVELS} in `intoxication.ts`);
 *   levels 1-2 give "-1 contest against Charm"; level 5 is Unconscious, above 5 Moribund.
 */
export const CONDITIONS: Readonly<Record<ConditionId, ConditionDefinition>> = {
  afraid: {
    id: "afraid",
    label: "Afraid",
    source: "Special Status Conditions: Afraid",
    ad: { kind: "reduce", by: 1 },
    dice: [{ scope: { kind: "attribute", attributes: ["smr"] }, dice: -2 }],
    forbids: [],
    alwaysAllows: [],
    restrictions: ["noAttackSource", "noApproachSource"],
    implies: [],
    appliesTo: ALL_KINDS,
    duration: { kind: "successMargin", unit: "round" },
    summary:
      "AD -1; SMR-related tests -2 dice; cannot willingly move closer to the source unless commanded, nor attack it; resisting the source's instructions uses SOC only.",
  },
  charmed: {
    id: "charmed",
    label: "Charmed",
    source: "Special Status Conditions: Charmed",
    ad: { kind: "reduce", by: 1 },
    dice: [{ scope: { kind: "attribute", attributes: ["smr"] }, dice: -2 }],
    forbids: [],
    alwaysAllows: [],
    restrictions: ["noLeaveSource"],
    implies: [],
    appliesTo: ALL_KINDS,
    duration: { kind: "successMargin", unit: "round" },
    summary:
      "AD -1; SMR-related tests -2 dice; cannot willingly move further from the source unless commanded; resisting the source's instructions uses SOC only.",
  },
  immobilized: {
    id: "immobilized",
    label: "Immobilized",
    source: "Special Status Conditions: Immobilized",
    ad: { kind: "none" },
    dice: [],
    forbids: [],
    alwaysAllows: [],
    restrictions: ["fullyImmobilized", "partsUnusable"],
    implies: [],
    appliesTo: ALL_KINDS,
    duration: { kind: "source" },
    summary:
      "Fully: no AD for any action except Rest or challenging the immobilization. Partially (parts listed): those parts cannot be used in any action or skill, including attacks and parries.",
  },
  moribund: {
    id: "moribund",
    label: "Moribund",
    source: "Special Status Conditions: Moribund; Actor Destruction & Death",
    ad: { kind: "none" },
    dice: [],
    forbids: allForbidden("moribund.survivalOnly", ["survival"]),
    alwaysAllows: ["survival"],
    restrictions: ["noMovement", "noInteraction"],
    implies: [{ condition: "unconscious" }],
    appliesTo: ALL_KINDS,
    duration: { kind: "source" },
    summary:
      "No actions except Survival Rolls; also Unconscious. Biologicals: zero HP but not dead; constructs and incorporeals: no longer functional but not yet destroyed.",
  },
  prone: {
    id: "prone",
    label: "Prone",
    source: "Special Status Conditions: Prone",
    ad: { kind: "none" },
    dice: [
      { scope: { kind: "meleeAttack" }, dice: -1 },
      { scope: { kind: "rest" }, dice: 1, actorKinds: ["biological"] },
    ],
    forbids: [
      { action: "dodge", reason: "prone.noDodgeOrParry" },
      { action: "parry", reason: "prone.noDodgeOrParry" },
      { action: "riposte", reason: "prone.noDodgeOrParry" },
      { action: "twoHandedMelee", reason: "prone.noTwoHandedMelee" },
    ],
    alwaysAllows: [],
    restrictions: [],
    implies: [],
    appliesTo: { biological: "yes", construct: "some", incorporeal: "no" },
    duration: { kind: "source" },
    summary:
      "Partial obstructive cover against attackers beyond 10 m; no Dodge, Parry or two-handed melee weapons; -1 die to melee attacks; biologicals +1 die to Rest; rising costs (5 - PRW)AD.",
  },
  sickened: {
    id: "sickened",
    label: "Sickened",
    source: "Special Status Conditions: Sickened",
    ad: { kind: "reduce", by: 3 },
    dice: [],
    forbids: [],
    alwaysAllows: [],
    restrictions: [],
    implies: [],
    appliesTo: ALL_KINDS,
    duration: { kind: "source" },
    summary: "AD -3; binds 1AD to EX every round unless at least 1AD is spent on Rest that round.",
  },
  stunned: {
    id: "stunned",
    label: "Stunned",
    source: "Special Status Conditions: Stunned",
    ad: { kind: "reduce", by: 4 },
    dice: [{ scope: { kind: "attribute", attributes: ["prw", "smr"] }, dice: -2 }],
    forbids: [
      { action: "watch", reason: "stunned.noReactions" },
      { action: "await", reason: "stunned.noReactions" },
      { action: "dodge", reason: "stunned.noReactions" },
      { action: "parry", reason: "stunned.noReactions" },
      { action: "riposte", reason: "stunned.noReactions" },
    ],
    alwaysAllows: [],
    restrictions: [],
    implies: [],
    appliesTo: ALL_KINDS,
    duration: { kind: "source" },
    summary: "AD -4; PRW- and SMR-related tests -2 dice; no Watch, Await, Dodge or Parry.",
  },
  unconscious: {
    id: "unconscious",
    label: "Unconscious",
    source: "Special Status Conditions: Unconscious",
    ad: { kind: "zero" },
    dice: [],
    forbids: allForbidden("unconscious.noActions"),
    alwaysAllows: [],
    restrictions: ["noMovement", "noInteraction"],
    implies: [{ condition: "prone", actorKinds: ["biological"] }],
    appliesTo: ALL_KINDS,
    duration: { kind: "source" },
    summary:
      "Zero AD; no actions, movement or interaction; biologicals are also Prone. Another actor may awaken it with SOC + #AD -> 4S.",
  },
  intoxicated: {
    id: "intoxicated",
    label: "Intoxicated",
    source: "Intoxication, a 'Verses Rules Module: Intoxicated Condition",
    ad: { kind: "none" },
    dice: [{ scope: { kind: "resistCharm" }, dice: -1, levels: [1, 2] }],
    forbids: [],
    alwaysAllows: [],
    restrictions: [],
    implies: [
      { condition: "unconscious", minLevel: 5 },
      { condition: "moribund", minLevel: 6 },
    ],
    appliesTo: { biological: "yes", construct: "no", incorporeal: "no" },
    duration: { kind: "intoxicationLevel" },
    module: "intoxication",
    summary:
      "Attribute changes by Intoxication Level; levels 1-2: -1 die resisting Charm; level 5: Unconscious; above 5: Moribund.",
  },
};

/** Normalise a condition given by id or by state. */
export function toConditionState(input: ConditionInput): ConditionState {
  return typeof input === "string" ? { id: input } : input;
}

/**
 * Whether a condition can apply to an actor kind. Prone "is not applicable to some constructs and
 * all incorporeals": for a construct the answer is "some", and `constructCanBeProne` (default true:
 * a construct with a body can lie flat) decides. Intoxicated is "for biological actors".
 */
export function conditionApplies(
  id: ConditionId,
  kind: ActorKind,
  options: { constructCanBeProne?: boolean } = {},
): boolean {
  const a = CONDITIONS[id].appliesTo[kind];
  if (a === "some") return options.constructCanBeProne ?? true;
  return a === "yes";
}

/**
 * The conditions with all implied ones added: Moribund implies Unconscious ("Actors with the moribund
 * condition are also Unconscious"); Unconscious implies Prone for biologicals ("Biological actors
 * with the unconscious condition are also Prone"); Intoxicated level 5 implies Unconscious and above
 * 5 Moribund (Intoxication module). Without `actorKind`, kind-limited implications are left out.
 * Each condition id appears once; the first given state of an id is kept.
 */
export function expandConditions(
  conditions: readonly ConditionInput[],
  actorKind?: ActorKind,
): ConditionState[] {
  const out: ConditionState[] = [];
  const seen = new Set<ConditionId>();
  const queue = conditions.map(toConditionState);
  while (queue.length > 0) {
    const c = queue.shift() as ConditionState;
    if (seen.has(c.id)) {
      // An Immobilized with parts and a full one: full wins.
      const i = out.findIndex((o) => o.id === c.id);
      const prev = out[i];
      if (prev && c.id === "immobilized" && (!c.parts || c.parts.length === 0)) out[i] = c;
      else if (prev && c.id === "immobilized" && prev.parts && prev.parts.length > 0 && c.parts)
        out[i] = { ...prev, parts: [...new Set([...prev.parts, ...c.parts])] };
      else if (prev && c.id === "intoxicated" && (c.level ?? 1) > (prev.level ?? 1)) {
        out[i] = c;
        queue.push(...impliedBy(c, actorKind));
      }
      continue;
    }
    seen.add(c.id);
    out.push(c);
    queue.push(...impliedBy(c, actorKind));
  }
  return out;
}

function impliedBy(c: ConditionState, actorKind: ActorKind | undefined): ConditionState[] {
  return CONDITIONS[c.id].implies
    .filter(
      (imp) =>
        imp.actorKinds === undefined || (actorKind !== undefined && imp.actorKinds.includes(actorKind)),
    )
    .filter((imp) => imp.minLevel === undefined || (c.level ?? 1) >= imp.minLevel)
    .map((imp) => ({ id: imp.condition }));
}

/** Whether the (expanded) conditions include an id. */
export function hasCondition(
  conditions: readonly ConditionInput[],
  id: ConditionId,
  actorKind?: ActorKind,
): boolean {
  return expandConditions(conditions, actorKind).some((c) => c.id === id);
}

/**
 * Effective AD pool under conditions: each reduction is summed (Afraid -1, Charmed -1, Sickened -3,
 * Stunned -4), the result never below 0; Unconscious (and Moribund, which implies it) "has zero AD".
 * Spec §11.2 #34: several AD reductions stack by summing, AD >= 0. The result is never above `baseAD`.
 */
export function effectiveAD(baseAD: number, conditions: readonly ConditionInput[]): number {
  const base = Math.max(0, Math.floor(baseAD));
  let reduction = 0;
  for (const c of expandConditions(conditions)) {
    const ad = CONDITIONS[c.id].ad;
    if (ad.kind === "zero") return 0;
    if (ad.kind === "reduce") reduction += ad.by;
  }
  return Math.max(0, base - reduction);
}

/** What a test is, for condition dice: the attributes it is rooted in and what kind of test it is. */
export interface TestContext {
  /** Attributes the test is related to (its root attribute, or every attribute in its pool). */
  attributes?: readonly AttributeKey[];
  /** A melee attack (Prone: "-1 die to any melee attacks"). */
  meleeAttack?: boolean;
  /** A Rest action (Prone biologicals: "+1 die to any rest actions"). */
  rest?: boolean;
  /** A contest resisting Charm (Intoxicated levels 1-2: "-1 contest against Charm"). */
  resistingCharm?: boolean;
  /** The actor's kind; kind-limited modifiers (Prone's Rest bonus) need it. */
  actorKind?: ActorKind;
}

/** One line of a condition dice breakdown. */
export interface ConditionDiceLine {
  condition: ConditionId;
  dice: number;
}

/**
 * Dice added to (negative: removed from) a test's pool by conditions ("Special Status Conditions";
 * "the number given refers to a number of dice added or removed from the dice pool").
 * - Afraid, Charmed: SMR-related tests -2. Stunned: PRW- and SMR-related tests -2 (once, even when the
 *   test relates to both). Prone: melee attacks -1; Rest +1 for biologicals. Intoxicated 1-2: -1 when
 *   resisting Charm.
 * - Different conditions stack by summing (spec §11.2 #34 applied to dice).
 * Implied conditions count (an Unconscious biological is Prone).
 */
export function conditionDiceBreakdown(
  conditions: readonly ConditionInput[],
  context: TestContext,
): ConditionDiceLine[] {
  const lines: ConditionDiceLine[] = [];
  for (const c of expandConditions(conditions, context.actorKind)) {
    let dice = 0;
    for (const m of CONDITIONS[c.id].dice) {
      if (m.actorKinds && (context.actorKind === undefined || !m.actorKinds.includes(context.actorKind)))
        continue;
      if (m.levels && !m.levels.includes(c.level ?? 1)) continue;
      if (scopeMatches(m.scope, context)) dice += m.dice;
    }
    if (dice !== 0) lines.push({ condition: c.id, dice });
  }
  return lines;
}

function scopeMatches(scope: DiceModifierScope, context: TestContext): boolean {
  switch (scope.kind) {
    case "attribute":
      return (context.attributes ?? []).some((a) => scope.attributes.includes(a));
    case "meleeAttack":
      return context.meleeAttack === true;
    case "rest":
      return context.rest === true;
    case "resistCharm":
      return context.resistingCharm === true;
  }
}

/** Sum of {@link conditionDiceBreakdown}: the dice to add to the pool (negative for a penalty). */
export function conditionDicePenalty(conditions: readonly ConditionInput[], context: TestContext): number {
  return conditionDiceBreakdown(conditions, context).reduce((sum, l) => sum + l.dice, 0);
}

/**
 * Which body parts an action uses, for partial Immobilization. INFERENCE (the text only says the
 * parts "may not [be used] in any action or skill, including attacks and parries"; Kick needs "2 legs
 * free", Headbutt "head free", Body Check "free of Immobilized"): weapon attacks and parries use the
 * hands, Move uses the legs, Dodge and Rise the legs and body. Override per action with
 * `actionParts` in the {@link ActionContext}, or `usesParts` in {@link isActionAllowed}.
 */
export const ACTION_BODY_PARTS: Readonly<Partial<Record<ActionId, readonly BodyPart[]>>> = {
  attack: ["hands"],
  meleeAttack: ["hands"],
  rangedAttack: ["hands"],
  twoHandedMelee: ["hands"],
  parry: ["hands"],
  riposte: ["hands"],
  use: ["hands"],
  move: ["legs"],
  dodge: ["legs", "body"],
  rise: ["legs", "body"],
};

/** The situation of an action, for situational restrictions. */
export interface ActionContext {
  /** The actor the action targets (Afraid: cannot attack the source of fear). */
  targetId?: string;
  /** Moving closer to this actor (Afraid: not towards the source). */
  approachingId?: string;
  /** Moving further from this actor (Charmed: not away from the source). */
  leavingId?: string;
  /** The action was commanded by this actor ("unless at that source's command"). */
  commandedBy?: string;
  /** The action challenges the immobilization (allowed while fully Immobilized, e.g. a grapple contest). */
  challengesImmobilization?: boolean;
  /** Body parts some actions use, overriding {@link ACTION_BODY_PARTS} (a kick: `{ meleeAttack: ["legs"] }`). */
  actionParts?: Partial<Record<ActionId, readonly BodyPart[]>>;
  /** The actor's kind, for implied conditions. */
  actorKind?: ActorKind;
}

/** Precedence of reasons when several conditions forbid the same action: the most severe first. */
const REASON_ORDER: readonly ForbiddenReason[] = [
  "moribund.survivalOnly",
  "unconscious.noActions",
  "immobilized.full",
  "immobilized.parts",
  "stunned.noReactions",
  "prone.noDodgeOrParry",
  "prone.noTwoHandedMelee",
  "afraid.cannotAttackSource",
  "afraid.cannotApproachSource",
  "charmed.cannotLeaveSource",
];

/**
 * The actions the conditions forbid, each with its reason key ("Special Status Conditions").
 * Unconscious and Moribund forbid every action, except that a Moribund actor still makes Survival
 * Rolls ("may not take any actions except Survival Rolls"). Fully Immobilized forbids every action
 * but Rest and attempts to challenge the immobilization (`context.challengesImmobilization`).
 * Partially Immobilized forbids actions using those parts. Prone forbids Dodge, Parry (so Riposte)
 * and two-handed melee; Stunned forbids Watch, Await, Dodge, Parry (so Riposte). Afraid forbids
 * attacking the source (`context.targetId`) and moving closer to it; Charmed forbids moving away from
 * the source, both unless commanded by it. When several reasons apply the most severe is kept.
 */
export function forbiddenActions(
  conditions: readonly ConditionInput[],
  context: ActionContext = {},
): Map<ActionId, ForbiddenReason> {
  const found = new Map<ActionId, ForbiddenReason>();
  const allowAlways = new Set<ActionId>();
  const add = (action: ActionId, reason: ForbiddenReason): void => {
    const prev = found.get(action);
    if (prev === undefined || REASON_ORDER.indexOf(reason) < REASON_ORDER.indexOf(prev))
      found.set(action, reason);
  };
  for (const c of expandConditions(conditions, context.actorKind)) {
    const def = CONDITIONS[c.id];
    for (const a of def.alwaysAllows) allowAlways.add(a);
    for (const f of def.forbids) add(f.action, f.reason);
    const parts = c.parts ?? [];
    if (
      def.restrictions.includes("fullyImmobilized") &&
      parts.length === 0 &&
      !context.challengesImmobilization
    )
      for (const a of ALL_ACTION_IDS) if (a !== "rest") add(a, "immobilized.full");
    if (def.restrictions.includes("partsUnusable") && parts.length > 0)
      for (const a of ALL_ACTION_IDS) {
        const uses = context.actionParts?.[a] ?? ACTION_BODY_PARTS[a] ?? [];
        if (uses.some((p) => parts.includes(p))) add(a, "immobilized.parts");
      }
    if (c.sourceId !== undefined) {
      const commanded = context.commandedBy === c.sourceId;
      if (def.restrictions.includes("noAttackSource") && context.targetId === c.sourceId)
        for (const a of ATTACK_ACTION_IDS) add(a, "afraid.cannotAttackSource");
      if (def.restrictions.includes("noApproachSource") && context.approachingId === c.sourceId && !commanded)
        add("move", "afraid.cannotApproachSource");
      if (def.restrictions.includes("noLeaveSource") && context.leavingId === c.sourceId && !commanded)
        add("move", "charmed.cannotLeaveSource");
    }
  }
  for (const a of allowAlways) found.delete(a);
  return found;
}

/**
 * Whether the conditions allow an action; see {@link forbiddenActions}. `usesParts` names the body
 * parts this particular action uses (a kick: `["legs"]`), overriding {@link ACTION_BODY_PARTS}.
 */
export function isActionAllowed(
  conditions: readonly ConditionInput[],
  action: ActionId,
  context: ActionContext & { usesParts?: readonly BodyPart[] } = {},
): boolean {
  const { usesParts, ...rest } = context;
  const ctx: ActionContext =
    usesParts === undefined ? rest : { ...rest, actionParts: { ...rest.actionParts, [action]: usesParts } };
  return !forbiddenActions(conditions, ctx).has(action);
}

/**
 * Prone gives "the benefits of partial obstructive cover at ranges greater than 10m" (Prone).
 * Partial obstructive cover is +2S to the attacker's success target (Cover: Obstructive Cover).
 */
export const PRONE_COVER = {
  extent: "partial",
  kind: "obstructive",
  /** Applies only when the attacker is strictly farther than this, in metres. */
  beyondMeters: 10,
  /** Partial obstructive cover: "+2S against targets at a range of 3m or more". */
  targetBonus: 2,
} as const;

/** The success-target increase Prone gives against an attacker at `rangeMeters`: +2S beyond 10 m, else 0. */
export function proneCoverBonus(rangeMeters: number): number {
  return rangeMeters > PRONE_COVER.beyondMeters ? PRONE_COVER.targetBonus : 0;
}

/**
 * Sickened: "binds 1AD to EX every round, unless they spend at least 1AD on the Rest action for the
 * duration of the condition". Returns the EX to bind at the end of a round: 1 if Sickened and less
 * than 1AD went to Rest, else 0.
 */
export function sickenedExBinding(conditions: readonly ConditionInput[], adSpentOnRest: number): number {
  return hasCondition(conditions, "sickened") && adSpentOnRest < 1 ? 1 : 0;
}

/** What a Choke has done after it has been continued for some rounds (Grappling: Choke). */
export type ChokeEffect = "immobilized" | "unconscious" | "moribund" | "dead";

/**
 * Choke: "Target has the Immobilized condition. If continued for: 2 rounds, target has the
 * Unconscious condition; 3 rounds, target has the Moribund condition; 4 rounds, target dies"
 * (Grappling Attacks). Spec §11.2 #41: rounds are consecutive successful continuations.
 */
export const CHOKE_PROGRESSION: readonly { rounds: number; effect: ChokeEffect }[] = [
  { rounds: 2, effect: "unconscious" },
  { rounds: 3, effect: "moribund" },
  { rounds: 4, effect: "dead" },
];

/** The Choke's effect after `roundsContinued` consecutive continued rounds (0 or 1: Immobilized). */
export function chokeEffect(roundsContinued: number): ChokeEffect {
  let effect: ChokeEffect = "immobilized";
  for (const step of CHOKE_PROGRESSION) if (roundsContinued >= step.rounds) effect = step.effect;
  return effect;
}

/**
 * Durations the text states for conditions from particular sources ("Otherwise the source or GM
 * decides", spec §7.8). `perSuccessMargin`: the amount is multiplied by the SM.
 */
export const STATED_DURATIONS: readonly {
  source: string;
  condition: ConditionId;
  amount: number;
  unit: "round" | "hour";
  perSuccessMargin: boolean;
}[] = [
  { source: "Charm (Influence)", condition: "charmed", amount: 1, unit: "round", perSuccessMargin: true },
  {
    source: "Intimidation (Influence)",
    condition: "afraid",
    amount: 1,
    unit: "round",
    perSuccessMargin: true,
  },
  { source: "Pepper Bomb", condition: "sickened", amount: 1, unit: "round", perSuccessMargin: true },
  { source: "Stun Grenade", condition: "stunned", amount: 3, unit: "round", perSuccessMargin: false },
  {
    source: "Intoxication level 5, on waking",
    condition: "sickened",
    amount: 3,
    unit: "hour",
    perSuccessMargin: false,
  },
];
