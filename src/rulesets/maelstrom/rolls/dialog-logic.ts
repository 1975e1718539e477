/**
 * The Maelstrom roll dialog's model (core's `DialogModel` on the `RollDialog` shell), Foundry-free.
 *
 * An action: an attribute and an ability or a second attribute ("there should never be more than
 * two"), the difficulty (2..10, 6 by default; an attack's and a Willpower roll's defaults are world
 * settings), the threshold and the required advanced specialties, the specialties used (at most the
 * ability's dots; any one makes tens explode; a required one used removes its +1 threshold),
 * Reflexes in place of Precision (+1, the "Reflexive Action Penalty"), the merits' and flaws'
 * situational toggles (`situationalModifiers`), the storyteller's leave to roll a knowledge at zero
 * dots (+ the `knowledgePenalty` setting), and one Willpower dot to ignore the wound penalty (once
 * per turn). A Willpower roll: the current rank alone, no wound penalty, Strong Bond's automatic
 * success. The pool, difficulty and threshold are the rules layer's (`actionPool`, `willpowerPool`);
 * the odds are exact (`outcomeOdds`, `netDistribution`). A refused roll (a knowledge at zero dots,
 * too many specialties, an incapacitated character) disables Roll with the reason.
 */
import type {
  DialogEvaluation,
  DialogField,
  DialogModel,
  DialogOutcome,
  Localize,
  SummaryRow,
} from "../../../core/roll-dialog-model";
import {
  ABILITY_KEYS,
  ATTRIBUTE_KEYS,
  actionPool,
  abilityCategory,
  canIgnoreWounds,
  isAbilityKey,
  isAttributeKey,
  netDistribution,
  outcomeOdds,
  situationalModifiers,
  willpowerPool,
  type AbilityKey,
  type AttributeKey,
  type HeldTrait,
  type SituationalToggle,
} from "../rules";
import { traitLabel, type MaelstromRollOptions, type RollPart } from "./roll-logic";
import { formatNumber } from "../../../core/i18n-logic";

/** Expected successes as the odds show them: two decimals ("1.25", "1,25" in German). */
const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2 };

const KEY = "POLYVERSE.Maelstrom.RollDialog";

/** A specialty of the actor's, as the dialog offers it. */
export interface SpecialtyOffer {
  id: string;
  name: string;
  ability: string;
  kind: "general" | "advanced";
}

/** A merit or flaw the actor holds, with its name (for the toggle's label). */
export interface HeldWithName extends HeldTrait {
  name: string;
}

/** What the caller may settle beforehand (a macro, a weapon's attack, the sheet's button). */
export interface TraitChoice {
  attribute?: string;
  ability?: string;
  secondAttribute?: string;
  difficulty?: number;
  threshold?: number;
  /** Required advanced specialties (a count). */
  required?: number;
  /** Ids of the specialties used. */
  specialties?: string[];
  /** Reflexes in place of an equivalent Precision action. */
  reflexive?: boolean;
  /** The storyteller lets a knowledge at zero dots be rolled. */
  knowledgeOverride?: boolean;
  /** Spend Willpower to ignore the wound penalty. */
  ignoreWounds?: boolean;
  /** Situational toggles by key, on or off. */
  toggles?: Record<string, boolean>;
}

/** What the dialog is built from: the actor's numbers, its items, the world's settings. */
export interface TraitDialogInput {
  kind: "action" | "willpower";
  actorName: string;
  attributes: Record<string, number>;
  abilities: Record<string, number>;
  specialties: SpecialtyOffer[];
  merits: HeldWithName[];
  flaws: HeldWithName[];
  /** The wound penalty, in dice. */
  woundPenalty: number;
  /** Current Willpower. */
  willpower: number;
  /** Willpower already spent to ignore the wound penalty on the next action (`combat.ignoreWounds`). */
  ignoreWoundsPending: boolean;
  /** Where that was last spent (`combat.ignoreWoundsRound`), and where the actor is now. */
  ignoreWoundsRound: string;
  combatRound: string;
  /** The character cannot act (incapacitated, or broken at zero Willpower). */
  incapacitated: boolean;
  /** The weapon used ignores the Reflexive Action Penalty. */
  ignoresReflexivePenalty: boolean;
  /** The difficulty the dialog opens with when the caller sets none (6; the settings' for attacks and Willpower). */
  defaultDifficulty: number;
  /** The `knowledgePenalty` setting. */
  knowledgePenalty: number;
  choice: TraitChoice;
}

/** The dialog's state. */
export interface TraitDialogState {
  attribute: string;
  /** "" (none), "abilities.<key>" or "attributes.<key>". */
  second: string;
  difficulty: number;
  threshold: number;
  required: number;
  specialties: string[];
  reflexive: boolean;
  knowledgeOverride: boolean;
  ignoreWounds: boolean;
  toggles: Record<string, boolean>;
}

/** A message: an i18n key and its values. */
interface Message {
  key: string;
  data?: Record<string, string>;
}

/** The roll the state describes, as the rules settle it. */
export interface TraitPlan {
  options: MaelstromRollOptions;
  /** Why it may not be rolled (empty when it may). */
  problems: Message[];
  notes: Message[];
  /** The toggles offered, with their state. */
  toggles: SituationalToggle[];
  /** One Willpower dot is spent now to ignore the wound penalty. */
  spendWillpower: boolean;
  /** The penalty is ignored with Willpower spent before (`combat.ignoreWounds`), used up by this roll. */
  usePending: boolean;
  /** Whether the ignore-wounds box is offered. */
  ignoreOffered: boolean;
}

const clampInt = (v: unknown, min: number, max: number, fallback: number): number => {
  const n = typeof v === "number" ? v : Number.parseInt(String(v), 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
};

const abilityOf = (state: Pick<TraitDialogState, "second">): AbilityKey | null => {
  const [group, key] = state.second.split(".");
  return group === "abilities" && key && isAbilityKey(key) ? key : null;
};
const secondAttributeOf = (state: Pick<TraitDialogState, "second">): AttributeKey | null => {
  const [group, key] = state.second.split(".");
  return group === "attributes" && key && isAttributeKey(key) ? key : null;
};

/** The state a dialog opens with: the caller's choice, within bounds, the rest by default. */
export function startState(input: TraitDialogInput): TraitDialogState {
  const c = input.choice;
  const attribute = c.attribute && isAttributeKey(c.attribute) ? c.attribute : "wits";
  const second =
    c.ability && isAbilityKey(c.ability)
      ? `abilities.${c.ability}`
      : c.secondAttribute && isAttributeKey(c.secondAttribute) && c.secondAttribute !== attribute
        ? `attributes.${c.secondAttribute}`
        : "";
  const ability = abilityOf({ second });
  const specialties = (c.specialties ?? []).filter((id) =>
    input.specialties.some((s) => s.id === id && s.ability === ability),
  );
  return {
    attribute,
    second,
    difficulty: clampInt(c.difficulty ?? input.defaultDifficulty, 2, 10, 6),
    threshold: clampInt(c.threshold ?? 0, 0, 10, 0),
    required: clampInt(c.required ?? 0, 0, 10, 0),
    specialties,
    reflexive: c.reflexive ?? false,
    knowledgeOverride: c.knowledgeOverride ?? false,
    ignoreWounds: c.ignoreWounds ?? input.ignoreWoundsPending,
    toggles: { ...(c.toggles ?? {}) },
  };
}

const dots = (record: Record<string, number>, key: string | null): number =>
  key ? Math.max(0, Math.floor(Number(record[key]) || 0)) : 0;

/** The merit and flaw toggles for this state, each on or off as the state (or its default) says. */
function togglesFor(input: TraitDialogInput, state: TraitDialogState): SituationalToggle[] {
  const ability = input.kind === "action" ? abilityOf(state) : null;
  const second = secondAttributeOf(state);
  const attributes = input.kind === "action" ? [state.attribute, ...(second ? [second] : [])] : [];
  return situationalModifiers({
    merits: input.merits,
    flaws: input.flaws,
    ...(ability ? { ability } : {}),
    ...(input.kind === "action" ? { attributes } : {}),
    rollKind: input.kind,
  }).map((t) => ({ ...t, on: state.toggles[t.key] ?? t.on }));
}

/** The name of the merit or flaw a toggle comes from. */
function toggleSource(input: TraitDialogInput, toggle: SituationalToggle): string {
  const list = toggle.source === "merit" ? input.merits : input.flaws;
  const name = list.find((h) => h.key === toggle.sourceKey)?.name ?? toggle.sourceKey;
  return toggle.option && toggle.situation !== "ability" ? `${name} (${toggle.option})` : name;
}

function toggleLabel(input: TraitDialogInput, toggle: SituationalToggle): RollPart {
  return {
    label: `${KEY}.Situation.${toggle.situation}`,
    data: { source: toggleSource(input, toggle) },
    value: toggle.difficulty,
  };
}

/** What the state rolls for a Willpower roll: the current rank alone, Strong Bond's success. */
function willpowerPlan(input: TraitDialogInput, state: TraitDialogState): TraitPlan {
  const toggles = togglesFor(input, state);
  const strongBond = input.merits.some((m) => m.key === "strongBond");
  const wp = willpowerPool({ current: input.willpower, strongBond });
  const on = toggles.filter((t) => t.on && !t.autoFail);
  const modifiers = on.map((t) => toggleLabel(input, t));
  const difficulty = Math.max(2, state.difficulty + modifiers.reduce((s, m) => s + m.value, 0));
  return {
    options: {
      kind: "willpower",
      traits: ["willpower"],
      parts: [{ label: traitLabel("willpower"), value: wp.pool }],
      woundPenalty: 0,
      woundsIgnored: false,
      pool: Math.max(0, wp.pool),
      baseDifficulty: state.difficulty,
      modifiers,
      difficulty,
      baseThreshold: state.threshold,
      requiredUnused: 0,
      threshold: state.threshold,
      specialties: [],
      maxSpecialties: 0,
      exploding: false,
      autoSuccesses: wp.autoSuccesses,
    },
    problems: [],
    notes: [],
    toggles,
    spendWillpower: false,
    usePending: false,
    ignoreOffered: false,
  };
}

/** Whether Willpower may be spent to ignore the wound penalty now (once per turn), and why not. */
function ignoreWoundsOffer(input: TraitDialogInput): { offered: boolean; note?: Message } {
  if (input.woundPenalty <= 0) return { offered: false };
  if (input.ignoreWoundsPending) return { offered: true };
  const check = canIgnoreWounds({
    current: Math.max(0, Math.min(10, input.willpower)),
    spentRound: input.ignoreWoundsRound,
    round: input.combatRound,
  });
  if (check.ok) return { offered: true };
  return { offered: false, note: { key: `${KEY}.IgnoreWounds.${check.reason}` } };
}

/** What the state rolls for an action, as the rules settle it. */
export function actionPlan(input: TraitDialogInput, state: TraitDialogState): TraitPlan {
  if (input.kind === "willpower") return willpowerPlan(input, state);
  const attribute = isAttributeKey(state.attribute) ? state.attribute : "wits";
  const ability = abilityOf(state);
  const second = secondAttributeOf(state);
  const abilityDots = dots(input.abilities, ability);
  const toggles = togglesFor(input, state);
  const used = input.specialties.filter(
    (s) => ability && s.ability === ability && state.specialties.includes(s.id),
  );
  const usedAdvanced = used.filter((s) => s.kind === "advanced").length;
  const ignore = ignoreWoundsOffer(input);
  const ignoring = ignore.offered && state.ignoreWounds;
  const reflexesRolled = attribute === "reflexes" || second === "reflexes";
  const knowledgeAtZero = ability !== null && abilityDots === 0 && abilityCategory(ability) === "knowledge";
  const situational = toggles.filter((t) => t.on && !t.autoFail).map((t) => toggleLabel(input, t));
  const extra: { key: string; value: number }[] = situational.map((m, i) => ({
    key: `toggle${i}`,
    value: m.value,
  }));
  const pool = actionPool({
    attribute,
    attributeDots: dots(input.attributes, attribute),
    ...(ability ? { ability, abilityDots } : {}),
    ...(second ? { secondAttribute: second, secondAttributeDots: dots(input.attributes, second) } : {}),
    baseDifficulty: state.difficulty,
    threshold: state.threshold,
    difficultyModifiers: extra,
    woundPenalty: input.woundPenalty,
    ignoreWounds: ignoring,
    required: state.required,
    usedRequired: Math.min(state.required, usedAdvanced),
    specialtiesUsed: used.length,
    knowledgeOverride: knowledgeAtZero && state.knowledgeOverride,
    knowledgePenalty: Math.max(0, input.knowledgePenalty),
    reflexive: reflexesRolled && state.reflexive,
    ignoresReflexivePenalty: input.ignoresReflexivePenalty,
  });
  // The rules' own modifiers (a skill at zero, the Reflexive Action Penalty), then the toggles'.
  const modifiers: RollPart[] = pool.modifiers.map((m) => {
    const index = /^toggle(\d+)$/.exec(m.key);
    const toggle = index ? situational[Number(index[1])] : undefined;
    return toggle ?? { label: `${KEY}.Modifier.${m.key}`, value: m.value };
  });
  const problems: Message[] = [];
  if (!pool.allowed) problems.push({ key: `${KEY}.Refused.${pool.reason ?? "refused"}` });
  const autoFail = toggles.find((t) => t.on && t.autoFail);
  if (autoFail)
    problems.push({ key: `${KEY}.Refused.autoFail`, data: { source: toggleSource(input, autoFail) } });
  if (input.incapacitated)
    problems.push({ key: `${KEY}.Refused.incapacitated`, data: { name: input.actorName } });
  const notes: Message[] = ignore.note ? [ignore.note] : [];
  const traits = [
    `attributes.${attribute}`,
    ...(ability ? [`abilities.${ability}`] : second ? [`attributes.${second}`] : []),
  ];
  const parts: RollPart[] = [
    { label: traitLabel(`attributes.${attribute}`), value: dots(input.attributes, attribute) },
    ...(ability ? [{ label: traitLabel(`abilities.${ability}`), value: abilityDots }] : []),
    ...(second ? [{ label: traitLabel(`attributes.${second}`), value: dots(input.attributes, second) }] : []),
  ];
  return {
    options: {
      kind: "action",
      traits,
      parts,
      woundPenalty: Math.max(0, input.woundPenalty),
      woundsIgnored: ignoring && input.woundPenalty > 0,
      pool: pool.pool,
      baseDifficulty: state.difficulty,
      modifiers,
      difficulty: pool.difficulty,
      baseThreshold: state.threshold,
      requiredUnused: Math.max(0, pool.threshold - state.threshold),
      threshold: pool.threshold,
      specialties: used.map((s) => s.name),
      maxSpecialties: Math.min(5, pool.maxSpecialties),
      exploding: pool.exploding,
      autoSuccesses: 0,
    },
    problems,
    notes,
    toggles,
    spendWillpower: ignoring && !input.ignoreWoundsPending,
    usePending: ignoring && input.ignoreWoundsPending,
    ignoreOffered: ignore.offered,
  };
}

// ---- the fields --------------------------------------------------------------------------------

const number = (
  name: string,
  label: string,
  value: number,
  min: number,
  max: number,
  hint?: string,
): DialogField => ({
  kind: "number",
  name,
  label,
  value,
  min,
  max,
  ...(hint ? { hint } : {}),
});

const badge = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

/** A trait as a choice: "Firearms (2)", "Strength (attribute, 3)" (choice labels take no values: localised here). */
function traitChoice(key: string, n: number, localize: Localize, attributeAsSecond = false) {
  const name = localize(traitLabel(key));
  return {
    value: attributeAsSecond || !key.startsWith("attributes.") ? key : key.slice("attributes.".length),
    label: localize(attributeAsSecond ? `${KEY}.AttributeDots` : `${KEY}.TraitDots`, { name, n: String(n) }),
  };
}

function traitFields(input: TraitDialogInput, state: TraitDialogState, localize: Localize): DialogField[] {
  const attributeChoices = ATTRIBUTE_KEYS.map((k) =>
    traitChoice(`attributes.${k}`, dots(input.attributes, k), localize),
  );
  const secondChoices = [
    { value: "", label: localize(`${KEY}.NoSecond`) },
    ...ABILITY_KEYS.map((k) => traitChoice(`abilities.${k}`, dots(input.abilities, k), localize)),
    ...ATTRIBUTE_KEYS.filter((k) => k !== state.attribute).map((k) =>
      traitChoice(`attributes.${k}`, dots(input.attributes, k), localize, true),
    ),
  ];
  return [
    {
      kind: "choice",
      name: "attribute",
      label: `${KEY}.Attribute`,
      value: state.attribute,
      choices: attributeChoices,
    },
    { kind: "choice", name: "second", label: `${KEY}.Second`, value: state.second, choices: secondChoices },
  ];
}

/** The fields of the state, in groups. */
function fieldGroups(input: TraitDialogInput, state: TraitDialogState, plan: TraitPlan, localize: Localize) {
  const groups: { legend?: string; fields: DialogField[] }[] = [];
  if (input.kind === "action") groups.push({ fields: traitFields(input, state, localize) });
  groups.push({
    fields: [
      number("difficulty", `${KEY}.Difficulty`, state.difficulty, 2, 10, `${KEY}.DifficultyHint`),
      number("threshold", `${KEY}.Threshold`, state.threshold, 0, 10),
      ...(input.kind === "action"
        ? [number("required", `${KEY}.Required`, state.required, 0, 10, `${KEY}.RequiredHint`)]
        : []),
    ],
  });
  const ability = input.kind === "action" ? abilityOf(state) : null;
  const offered = ability ? input.specialties.filter((s) => s.ability === ability) : [];
  if (ability && offered.length && dots(input.abilities, ability) > 0)
    groups.push({
      legend: `${KEY}.SpecialtiesLegend`,
      fields: offered.map((s) => ({
        kind: "checkbox" as const,
        name: `specialty.${s.id}`,
        label: s.name,
        checked: state.specialties.includes(s.id),
        badge: localize(s.kind === "advanced" ? `${KEY}.Advanced` : `${KEY}.General`),
      })),
    });
  const options: DialogField[] = [];
  if (input.kind === "action") {
    const second = secondAttributeOf(state);
    if (state.attribute === "reflexes" || second === "reflexes")
      options.push({
        kind: "checkbox",
        name: "reflexive",
        label: `${KEY}.Reflexive`,
        checked: state.reflexive,
        badge: input.ignoresReflexivePenalty
          ? localize(`${KEY}.ReflexiveIgnored`)
          : localize(`${KEY}.DifficultyBadge`, { n: "+1" }),
      });
    if (ability && dots(input.abilities, ability) === 0 && abilityCategory(ability) === "knowledge")
      options.push({
        kind: "checkbox",
        name: "knowledgeOverride",
        label: `${KEY}.KnowledgeOverride`,
        checked: state.knowledgeOverride,
        badge: localize(`${KEY}.DifficultyBadge`, { n: badge(input.knowledgePenalty) }),
      });
    if (plan.ignoreOffered)
      options.push({
        kind: "checkbox",
        name: "ignoreWounds",
        label: input.ignoreWoundsPending ? `${KEY}.IgnoreWounds.Pending` : `${KEY}.IgnoreWounds.Spend`,
        data: { n: String(input.woundPenalty) },
        checked: state.ignoreWounds,
        badge: localize(`${KEY}.DiceBadge`, { n: String(input.woundPenalty) }),
      });
  }
  for (const t of plan.toggles)
    options.push({
      kind: "checkbox",
      name: `toggle.${t.key}`,
      label: `${KEY}.Situation.${t.situation}`,
      data: { source: toggleSource(input, t) },
      checked: t.on,
      badge: t.autoFail
        ? localize(`${KEY}.AutoFail`)
        : localize(`${KEY}.DifficultyBadge`, { n: badge(t.difficulty) }),
    });
  if (options.length) groups.push({ legend: `${KEY}.Circumstances`, fields: options });
  return groups;
}

// ---- summary and odds --------------------------------------------------------------------------

const text = (key: string, data?: Record<string, string>) => ({ key, ...(data ? { data } : {}) });
const literal = (s: string) => ({ key: s });

function summaryOf(plan: TraitPlan) {
  const o = plan.options;
  const row = (
    label: RollPart | { label: string; data?: Record<string, string> },
    amount: string,
  ): SummaryRow => ({
    label: text(label.label, label.data),
    amount: literal(amount),
  });
  const poolRows: SummaryRow[] = o.parts.map((p) => row(p, badge(p.value)));
  if (o.woundPenalty > 0)
    poolRows.push({
      label: text("POLYVERSE.Maelstrom.Roll.Wounds"),
      amount: o.woundsIgnored
        ? text("POLYVERSE.Maelstrom.Roll.WoundsIgnored")
        : literal(badge(-o.woundPenalty)),
    });
  if (o.autoSuccesses > 0) poolRows.push(row({ label: `${KEY}.AutoSuccesses` }, `+${o.autoSuccesses}`));
  const difficultyRows: SummaryRow[] = [
    row({ label: "POLYVERSE.Maelstrom.Roll.BaseDifficulty" }, String(o.baseDifficulty)),
    ...o.modifiers.map((m) => row(m, badge(m.value))),
  ];
  const thresholdRows: SummaryRow[] = [];
  if (o.baseThreshold > 0)
    thresholdRows.push(row({ label: "POLYVERSE.Maelstrom.Roll.BaseThreshold" }, String(o.baseThreshold)));
  if (o.requiredUnused > 0)
    thresholdRows.push(row({ label: "POLYVERSE.Maelstrom.Roll.RequiredUnused" }, badge(o.requiredUnused)));
  return [
    { rows: poolRows, total: [text("POLYVERSE.Maelstrom.Roll.Pool", { n: String(o.pool) })] },
    {
      rows: difficultyRows,
      total: [text("POLYVERSE.Maelstrom.Roll.Difficulty", { n: String(o.difficulty) })],
    },
    {
      rows: thresholdRows,
      total: [
        text("POLYVERSE.Maelstrom.Roll.Threshold", { n: String(o.threshold) }),
        o.exploding ? text("POLYVERSE.Maelstrom.Roll.Exploding") : text(`${KEY}.NotExploding`),
      ],
    },
  ];
}

/** The exact odds of the roll the plan describes, as the dialog lists them. */
export function planOdds(
  options: Pick<MaelstromRollOptions, "pool" | "difficulty" | "threshold" | "exploding" | "autoSuccesses">,
) {
  const input = {
    pool: options.pool,
    difficulty: options.difficulty,
    threshold: options.threshold,
    specialty: options.exploding,
    autoSuccesses: options.autoSuccesses,
  };
  const odds = outcomeOdds(input);
  const dist = netDistribution(input);
  const at = (test: (net: number) => boolean) => dist.filter((d) => test(d.net)).reduce((s, d) => s + d.p, 0);
  const outcomes: DialogOutcome[] = [
    { label: text(`${KEY}.Odds.Botch`), probability: odds.botch, tone: "failure" },
    { label: text(`${KEY}.Odds.Failure`), probability: odds.failure, tone: "neutral" },
    { label: text(`${KEY}.Odds.One`), probability: at((n) => n === 1), tone: "partial" },
    { label: text(`${KEY}.Odds.Two`), probability: at((n) => n === 2), tone: "success" },
    { label: text(`${KEY}.Odds.ThreePlus`), probability: at((n) => n >= 3), tone: "critical" },
  ];
  return { odds, outcomes };
}

/** What the dialog shows for a state. */
export function evaluateDialog(
  input: TraitDialogInput,
  state: TraitDialogState,
  localize: Localize,
): DialogEvaluation {
  const plan = actionPlan(input, state);
  const { odds, outcomes } = planOdds(plan.options);
  return {
    groups: fieldGroups(input, state, plan, localize),
    summary: summaryOf(plan),
    problems: plan.problems,
    notes: plan.notes,
    odds: {
      heading: text(`${KEY}.Odds.Expected`, { n: formatNumber(odds.expectedSuccesses, TWO_DECIMALS) }),
      outcomes,
    },
  };
}

/** Read one input into the state. */
export function changeState(
  input: TraitDialogInput,
  state: TraitDialogState,
  name: string,
  value: string | boolean,
): TraitDialogState {
  const next: TraitDialogState = {
    ...state,
    toggles: { ...state.toggles },
    specialties: [...state.specialties],
  };
  if (name.startsWith("specialty.")) {
    const id = name.slice("specialty.".length);
    next.specialties =
      value === true ? [...new Set([...next.specialties, id])] : next.specialties.filter((s) => s !== id);
    return next;
  }
  if (name.startsWith("toggle.")) {
    next.toggles[name.slice("toggle.".length)] = value === true;
    return next;
  }
  switch (name) {
    case "attribute":
      if (typeof value === "string" && isAttributeKey(value)) {
        next.attribute = value;
        if (next.second === `attributes.${value}`) next.second = "";
      }
      return next;
    case "second": {
      const v = String(value);
      const [group, key] = v.split(".");
      const ok =
        v === "" ||
        (group === "abilities" && key !== undefined && isAbilityKey(key)) ||
        (group === "attributes" && key !== undefined && isAttributeKey(key) && key !== next.attribute);
      if (!ok) return state;
      next.second = v;
      const ability = abilityOf(next);
      next.specialties = next.specialties.filter((id) =>
        input.specialties.some((s) => s.id === id && s.ability === ability),
      );
      return next;
    }
    case "difficulty":
      next.difficulty = clampInt(value, 2, 10, state.difficulty);
      return next;
    case "threshold":
      next.threshold = clampInt(value, 0, 10, state.threshold);
      return next;
    case "required":
      next.required = clampInt(value, 0, 10, state.required);
      return next;
    case "reflexive":
    case "knowledgeOverride":
    case "ignoreWounds":
      next[name] = value === true;
      return next;
    default:
      return state;
  }
}

/** The dialog's model: its title and label, its state, how an input changes it, what it shows. */
export function traitDialogModel(
  input: TraitDialogInput,
  label: string,
  localize: Localize,
): DialogModel<TraitDialogState> {
  return {
    title: input.kind === "willpower" ? `${KEY}.WillpowerTitle` : `${KEY}.Title`,
    label,
    start: startState(input),
    change: (state, name, value) => changeState(input, state, name, value),
    evaluate: (state) => evaluateDialog(input, state, localize),
  };
}
