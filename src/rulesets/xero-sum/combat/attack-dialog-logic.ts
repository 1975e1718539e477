/**
 * The Xero Sum attack dialog's model, Foundry-free (core's RollDialog shell shows it): the weapon (the
 * actor's weapons and bare fists), the action (Attack, Charge, Subdue, Cover Fire, Fire From Cover,
 * Rapid Fire with one action or both), the target and the range band (measured from the tokens when
 * both are on the scene), a free CMod and Insight spent before the roll; the modifier's parts (Aim,
 * the second attack, Coordinate, Cover Fire, condition, Cumbersome/Unwieldy, the target's DM with
 * Defend/Take Cover per the attackResolution setting), and the live exact odds of each band (opposed:
 * of hitting against the defender's 2d6 + DM).
 */
import {
  signed,
  type DialogEvaluation,
  type DialogField,
  type DialogModel,
  type DialogOutcome,
  type Localize,
} from "../../../core/roll-dialog-model";
import {
  BANDS,
  COMBAT_ACTION_RULES,
  RANGE_BANDS,
  checkOdds,
  opposedOdds,
  roundsFired,
  burstRounds,
  hasCharacteristic,
  spendInsight,
  takeAction,
  type RangeBand,
  type RoundState,
} from "../rules";
import { insightField } from "../rolls/insight-logic";
import {
  ATTACK_ACTIONS,
  meleeAttack,
  planAttack,
  shotsOf,
  type AttackAction,
  type AttackChoice,
  type AttackSettings,
  type AttackWeapon,
  type AttackerView,
  type DefenderView,
} from "./attack-logic";
import { FIGHT_KEY } from "./attack-card-logic";

const KEY = `${FIGHT_KEY}.Dialog`;

export interface DialogWeapon {
  /** The item's id, or "fists". */
  id: string;
  name: string;
  weapon: AttackWeapon;
}

export interface DialogTarget {
  uuid: string;
  name: string;
  /** Its key in round states (combatant id, else actor id). */
  key: string;
  /** The band measured between the tokens, or null. */
  measured: RangeBand | null;
  defender: DefenderView;
}

export interface AttackDialogInput {
  actorName: string;
  attacker: AttackerView;
  insightHeld: number;
  weapons: DialogWeapon[];
  targets: DialogTarget[];
  settings: AttackSettings;
  start: AttackDialogState;
}

export interface AttackDialogState {
  weapon: string;
  action: AttackAction;
  target: string;
  band: RangeBand;
  actionsUsed: 1 | 2;
  cmod: number;
  insight: "" | "extraDie" | "plusThree";
}

/** The round state a shot is read against: Rapid Fire's later shots after the action is taken. */
export function shotState(
  round: RoundState | null,
  choice: AttackChoice,
  weapon: AttackWeapon,
): RoundState | null {
  if (!round || choice.shot === 0) return round;
  const taken = takeAction(round, choice.action, {
    target: choice.targetKey,
    weapon,
    actionsUsed: choice.actionsUsed,
  });
  return taken.ok ? taken.value : round;
}

/** The choice a state makes (shot `shot`). */
export function choiceOf(input: AttackDialogInput, state: AttackDialogState, shot = 0): AttackChoice {
  const target = input.targets.find((t) => t.uuid === state.target) ?? null;
  return {
    action: state.action,
    band: state.band,
    targetKey: target?.key ?? "",
    actionsUsed: state.action === "rapidFire" ? state.actionsUsed : 1,
    shot,
    conditional: state.cmod ? [{ label: "", value: state.cmod }] : [],
    insight: shot === 0 && state.insight ? state.insight : null,
  };
}

/** The problems a state has before the rules read it (i18n keys with values). */
function stateProblems(input: AttackDialogInput, state: AttackDialogState, w: DialogWeapon) {
  const problems: { key: string; data?: Record<string, string> }[] = [];
  if (input.attacker.out) problems.push({ key: `POLYVERSE.XeroSum.Fight.Attack.Refused.Out` });
  const rule = COMBAT_ACTION_RULES[state.action];
  const melee = meleeAttack(w.weapon);
  if (rule.weapons === "meleeOrUnarmed" && !melee)
    problems.push({ key: "POLYVERSE.XeroSum.CombatRules.Problem.needsMeleeWeapon" });
  if (rule.weapons === "ranged" && melee)
    problems.push({ key: "POLYVERSE.XeroSum.CombatRules.Problem.needsRangedWeapon" });
  const round = input.attacker.round;
  const cost = state.action === "rapidFire" ? state.actionsUsed : Math.min(...rule.uses);
  if (round && round.actionsLeft < cost)
    problems.push({
      key: "POLYVERSE.XeroSum.CombatRules.Problem.noActions",
      data: { left: String(round.actionsLeft), cost: String(cost) },
    });
  if (round && rule.fromCover && !round.inCover)
    problems.push({ key: "POLYVERSE.XeroSum.CombatRules.Problem.notInCover" });
  if (w.weapon.ammo) {
    const shots = shotsOf(
      { action: state.action, actionsUsed: state.actionsUsed },
      input.settings.rapidFireBoth,
    ).length;
    const burst = hasCharacteristic(w.weapon, "automaticBurst") ? burstRounds(w.weapon) : 0;
    if (w.weapon.ammo.loaded < roundsFired(shots, burst)) problems.push({ key: `${KEY}.NoAmmo` });
  }
  if (state.insight) {
    // As a check's dialog: one Insight Die, refused for the same reasons (rules `spendInsight`).
    const spend = spendInsight({ held: input.insightHeld, use: state.insight });
    if (!spend.allowed) problems.push({ key: `POLYVERSE.XeroSum.Check.InsightRefusal.${spend.refusal}` });
  }
  return problems;
}

const bandOutcomes = (odds: Record<string, number>): DialogOutcome[] =>
  BANDS.map((band) => ({
    label: { key: `POLYVERSE.XeroSum.Band.${band}` },
    probability: odds[band] ?? 0,
    tone:
      band === "dire-failure"
        ? "failure"
        : band === "failure"
          ? "partial"
          : band === "success"
            ? "success"
            : "critical",
  }));

function fields(input: AttackDialogInput, state: AttackDialogState, localize: Localize): DialogField[] {
  const target = input.targets.find((t) => t.uuid === state.target);
  const out: DialogField[] = [
    {
      kind: "choice",
      name: "weapon",
      label: `${KEY}.Weapon`,
      value: state.weapon,
      choices: input.weapons.map((w) => ({ value: w.id, label: w.name })),
    },
    {
      kind: "choice",
      name: "action",
      label: `${KEY}.Action`,
      value: state.action,
      choices: ATTACK_ACTIONS.map((a) => ({ value: a, label: `POLYVERSE.XeroSum.Action.${a}` })),
    },
  ];
  if (state.action === "rapidFire")
    out.push({
      kind: "choice",
      name: "actionsUsed",
      label: `${KEY}.ActionsUsed`,
      value: String(state.actionsUsed),
      choices: [
        { value: "1", label: `${KEY}.OneAction` },
        { value: "2", label: `${KEY}.BothActions` },
      ],
    });
  out.push(
    {
      kind: "choice",
      name: "target",
      label: `${KEY}.Target`,
      value: state.target,
      choices: [
        { value: "", label: `${KEY}.NoTarget` },
        ...input.targets.map((t) => ({ value: t.uuid, label: t.name })),
      ],
    },
    {
      kind: "choice",
      name: "band",
      label: `${KEY}.Band`,
      value: state.band,
      choices: RANGE_BANDS.map((b) => ({ value: b, label: `POLYVERSE.XeroSum.Range.${b}` })),
      ...(target?.measured
        ? {
            hint: `${KEY}.Measured`,
            hintData: { band: localize(`POLYVERSE.XeroSum.Range.${target.measured}`) },
          }
        : {}),
    },
    // A Cover Fire penalty waiting on the attacker: this attack takes it (a line it cannot change).
    ...(input.attacker.round?.nextCheck
      ? [
          {
            kind: "number" as const,
            name: "coverFire",
            label: "POLYVERSE.XeroSum.Attack.CoverFire.Part",
            value: input.attacker.round.nextCheck,
            fixed: { key: signed(input.attacker.round.nextCheck) },
            hint: "POLYVERSE.XeroSum.Attack.CoverFire.Hint",
          },
        ]
      : []),
    { kind: "number", name: "cmod", label: `${KEY}.Cmod`, value: state.cmod, min: -5, max: 5, step: 1 },
  );
  return out;
}

/** What the dialog shows for a state. */
export function evaluateAttack(
  input: AttackDialogInput,
  state: AttackDialogState,
  localize: Localize = (k) => k,
): DialogEvaluation {
  const w = input.weapons.find((x) => x.id === state.weapon) ?? input.weapons[0]!;
  const target = input.targets.find((t) => t.uuid === state.target) ?? null;
  const problems = stateProblems(input, state, w);
  const choice = choiceOf(input, state);
  const plan = planAttack(input.attacker, w.weapon, target?.defender ?? null, choice, input.settings);
  if (!plan.ok) problems.push({ key: `POLYVERSE.XeroSum.CombatRules.Problem.${plan.reason}` });
  const groups = [
    { fields: fields(input, state, localize) },
    // The Insight Die before the roll, as a check's dialog offers it.
    {
      legend: "POLYVERSE.XeroSum.Roll.Dialog.InsightLegend",
      fields: [insightField(state.insight, input.insightHeld)],
    },
  ];
  if (!plan.ok) return { groups, summary: [], problems, notes: [], odds: null };
  const resolution = target ? input.settings.attackResolution : "checkOnly";
  const rows = plan.value.parts
    .filter((p) => p.value !== 0 || p.key === "attribute" || p.key === "skill")
    .map((p) => ({
      label: { key: `POLYVERSE.XeroSum.CombatRules.AttackPart.${p.key}` },
      amount: { key: signed(p.value) },
    }));
  const dice = choice.insight === "extraDie" ? 3 : 2;
  const summary = [
    {
      rows,
      total: [{ key: `${KEY}.Modifier`, data: { n: signed(plan.value.modifier), dice: `${dice}d6` } }],
    },
  ];
  const notes = [{ key: `POLYVERSE.XeroSum.Fight.Attack.Resolution.${resolution}` }];
  const shots = shotsOf(choice, input.settings.rapidFireBoth).length;
  if (shots > 1) notes.push({ key: `${KEY}.Shots`, data: { n: String(shots) } } as never);
  if (hasCharacteristic(w.weapon, "automaticBurst"))
    notes.push({ key: `${KEY}.Burst`, data: { n: String(burstRounds(w.weapon)) } } as never);
  if (resolution === "opposed") {
    const o = opposedOdds({ modifier: plan.value.modifier, dice }, { modifier: plan.value.defence });
    const outcomes: DialogOutcome[] = [
      { label: { key: `${KEY}.OddsHit` }, probability: o.a, tone: "success" },
      { label: { key: `${KEY}.OddsDraw` }, probability: o.draw, tone: "partial" },
      { label: { key: `${KEY}.OddsMiss` }, probability: o.b, tone: "failure" },
    ];
    return {
      groups,
      summary,
      problems,
      notes,
      odds: { heading: { key: `${KEY}.OddsOpposed`, data: { dm: signed(plan.value.defence) } }, outcomes },
    };
  }
  const odds = checkOdds({ modifier: plan.value.modifier, dice, momentOn3d6: input.settings.momentOn3d6 });
  return {
    groups,
    summary,
    problems,
    notes,
    odds: {
      heading: { key: shots > 1 ? `${KEY}.OddsFirstShot` : `${KEY}.OddsHeading` },
      outcomes: bandOutcomes(odds),
    },
  };
}

/** Read one input into the state. */
export function changeAttack(
  input: AttackDialogInput,
  state: AttackDialogState,
  name: string,
  value: string | boolean,
) {
  const v = String(value);
  switch (name) {
    case "weapon":
      return input.weapons.some((w) => w.id === v) ? { ...state, weapon: v } : state;
    case "action":
      return (ATTACK_ACTIONS as readonly string[]).includes(v)
        ? { ...state, action: v as AttackAction }
        : state;
    case "actionsUsed":
      return { ...state, actionsUsed: v === "2" ? 2 : 1 } as AttackDialogState;
    case "target": {
      const t = input.targets.find((x) => x.uuid === v);
      return { ...state, target: t ? v : "", band: t?.measured ?? state.band };
    }
    case "band":
      return (RANGE_BANDS as readonly string[]).includes(v) ? { ...state, band: v as RangeBand } : state;
    case "cmod": {
      const n = Math.trunc(Number(v));
      return Number.isFinite(n) ? { ...state, cmod: Math.max(-5, Math.min(5, n)) } : state;
    }
    case "insight":
      return ["", "extraDie", "plusThree"].includes(v)
        ? { ...state, insight: v as AttackDialogState["insight"] }
        : state;
    default:
      return state;
  }
}

/** The dialog's model. */
export function attackDialogModel(
  input: AttackDialogInput,
  localize: Localize,
): DialogModel<AttackDialogState> {
  return {
    title: localize(`${KEY}.Title`),
    label: localize(`${KEY}.Label`, { actor: input.actorName }),
    start: input.start,
    change: (state, name, value) => changeAttack(input, state, name, value),
    evaluate: (state) => evaluateAttack(input, state, localize),
  };
}
