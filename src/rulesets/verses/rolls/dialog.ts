/**
 * The 'Verses configuration of the core pool-roll dialog, Foundry-free: which fields a test or an
 * attack shows, how the pool is built from them (`assemblePool`'s labelled parts, with AD, the
 * bonus and the optional ability dice chosen), the success target an attack's range and cover
 * give, the exact odds (`successProbability`), and the `RollChoice` the roll is made with. The
 * roll flow (actions.ts), the skip-dialog path and the browser fixtures all go through
 * {@link versesDialogConfig} and {@link settleVersesDialog}, so they agree.
 */
import {
  applyDialogChange,
  type DialogChoice,
  type DialogMessage,
  type LabelledDice,
  type OptionalDice,
  type RollDialogConfig,
  type RollDialogEvaluation,
  type RollDialogField,
  type RollDialogState,
} from "../../../core/roll-dialog-model";
import type { AssembledPool, PoolRequest } from "../data/pools";
import { successProbability, type ObstructiveCover } from "../rules";
import { attackRequest, modeMinimumAD, modeRangeTest, type WeaponModeSource } from "./weapon-modes";
import type { PoolPart } from "./pool-view";
import { attackTargetFor, formatMetres } from "./targeting";

/** What the roll is made with: the dialog's result, or the caller's choice when it is skipped. */
export interface RollChoice {
  /** Action dice to add (at least 1 for an action in Fast Action; 0 outside it). */
  ad?: number;
  /** The success target `#S`. */
  target?: number;
  /** Dice added or removed by the player or GM. */
  bonus?: number;
  flavor?: string;
  /** Keys of the optional ("may") ability dice the player adds. */
  optionalAbilities?: string[];
  /** Obstructive cover between attacker and target. */
  cover?: ObstructiveCover;
  /** Distance to the target in metres (null or absent: not known). */
  metres?: number | null;
  /** The weapon mode attacked with. */
  modeIndex?: number;
  /** Foundry's roll mode; the core setting when absent. */
  rollMode?: string;
  /** How the success target was worked out (range band, cover, a hand adjustment), for the card. */
  targetParts?: PoolPart[];
  /** Roll at once with these values, without the dialog. */
  skipDialog?: boolean;
  /** The click that asked for the roll: the skip-dialog key is read from it. */
  event?: Event | null;
}

/** The attacker's view of the target, from the canvas (targeting.ts) or nothing. */
export interface TargetInfo {
  metres: number;
  name: string;
  prone: boolean;
  /** One grid square in metres (a melee TEST's reach). */
  gridMetres: number;
  several: boolean;
}

interface DialogCommon {
  /** The dice pool for a request: `assemblePool` over the actor, with the AD and extras given. */
  pool(request: PoolRequest): AssembledPool;
  /** AD the actor has left this round (a note when the roll spends more). */
  adAvailable: number;
  /** The actor is in Fast Action (a started combat): tests default to 1AD, and abilities know it. */
  fastAction: boolean;
  /** What the caller asked for; the dialog starts from it. */
  choice: RollChoice;
  rollModes: DialogChoice[];
  /** The core roll mode setting, used when the choice names none. */
  defaultRollMode: string;
}

/** An attribute or skill test. */
export interface TestDialogInput extends DialogCommon {
  kind: "test";
  /** What is tested (i18n key or a skill's name). */
  label: string;
  request: PoolRequest;
}

/** An attack with a weapon. */
export interface AttackDialogInput extends DialogCommon {
  kind: "attack";
  weaponName: string;
  modes: readonly WeaponModeSource[];
  target: TargetInfo | null;
}

export type VersesDialogInput = TestDialogInput | AttackDialogInput;

const DIALOG = "POLYVERSE.Verses.Dialog";
export const COVER_CHOICES: readonly ObstructiveCover[] = ["none", "partial", "full"];

function modeLabel(mode: WeaponModeSource, index: number): string {
  return mode.name || mode.skill || `#${index + 1}`;
}

function selectedMode(input: AttackDialogInput, state: RollDialogState): number {
  const raw = Number(state.values.mode ?? 0);
  return Number.isInteger(raw) && raw >= 0 && raw < input.modes.length ? raw : 0;
}

function fields(input: VersesDialogInput): RollDialogField[] {
  if (input.kind === "test") return [];
  const out: RollDialogField[] = [];
  if (input.modes.length > 1)
    out.push({
      kind: "select",
      name: "mode",
      label: `${DIALOG}.Mode`,
      choices: input.modes.map((m, i) => ({ value: String(i), label: `${modeLabel(m, i)} (${m.test})` })),
    });
  out.push(
    {
      kind: "number",
      name: "metres",
      label: `${DIALOG}.Distance`,
      min: 0,
      step: 0.5,
      unit: `${DIALOG}.Metres`,
      hint: `${DIALOG}.DistanceHint`,
    },
    {
      kind: "select",
      name: "cover",
      label: `${DIALOG}.Cover`,
      choices: COVER_CHOICES.map((c) => ({ value: c, label: `${DIALOG}.CoverChoice.${c}` })),
      hint: `${DIALOG}.CoverHint`,
    },
  );
  return out;
}

/** The request for the test or the attack with the dialog's values, before AD and extras. */
function baseRequest(input: VersesDialogInput, state: RollDialogState): PoolRequest {
  if (input.kind === "test") return { ...input.request, fastAction: input.fastAction };
  return attackRequest(input.modes[selectedMode(input, state)], {
    fastAction: input.fastAction,
    metres: state.values.metres,
  });
}

function bonusParts(state: RollDialogState): PoolPart[] {
  return state.bonus ? [{ label: "POLYVERSE.Verses.Pool.Bonus", dice: state.bonus }] : [];
}

function evaluate(input: VersesDialogInput, state: RollDialogState): RollDialogEvaluation {
  const base = baseRequest(input, state);
  const extra = [...(base.extra ?? []), ...bonusParts(state)];
  const request: PoolRequest = { ...base, ad: state.ad, extra, optionalAbilities: state.optional };
  const pool = input.pool(request);
  // Every optional ability on offer, chosen or not (assemblePool lists only those not chosen).
  const offered = state.optional.length
    ? input.pool({ ...request, optionalAbilities: [] }).optional
    : pool.optional;
  const optional: OptionalDice[] = offered.map((o) => ({
    key: o.key,
    label: o.label,
    dice: o.dice,
    ...(o.exCost ? { hint: `${DIALOG}.BindsEX`, hintData: { ex: String(o.exCost) } } : {}),
  }));
  const problems: DialogMessage[] = [];
  const notes: DialogMessage[] = [];
  if (!pool.usable) problems.push({ key: pool.reason ?? "POLYVERSE.Verses.Roll.Unusable" });
  if (pool.exCost > 0) notes.push({ key: `${DIALOG}.ExCost`, data: { ex: String(pool.exCost) } });
  if (state.ad > input.adAvailable)
    notes.push({ key: `${DIALOG}.MoreADThanAvailable`, data: { available: String(input.adAvailable) } });

  let adMin = 0;
  let suggestedTarget: RollDialogEvaluation["suggestedTarget"] = null;
  if (input.kind === "attack") {
    const mode = input.modes[selectedMode(input, state)];
    if (!mode) problems.push({ key: `${DIALOG}.NoMode` });
    else {
      adMin = modeMinimumAD(mode);
      const metres = typeof state.values.metres === "number" ? state.values.metres : null;
      const result = attackTargetFor(modeRangeTest(mode), {
        metres,
        cover: (state.values.cover as ObstructiveCover | undefined) ?? "none",
        targetProne: input.target?.prone ?? false,
        meleeReach: input.target?.gridMetres ?? 1,
      });
      suggestedTarget = { value: result.value, parts: result.parts };
      if (result.problem) problems.push(result.problem);
      if (input.target && metres !== null)
        notes.push({
          key: input.target.several ? `${DIALOG}.MeasuredFirst` : `${DIALOG}.Measured`,
          data: { name: input.target.name, metres: formatMetres(input.target.metres) },
        });
      if (adMin > 1) notes.push({ key: `${DIALOG}.SlowMinimum`, data: { ad: String(adMin) } });
    }
  }
  return { parts: pool.parts, optional, adMin, suggestedTarget, problems, notes };
}

function initialState(input: VersesDialogInput): RollDialogState {
  const { choice } = input;
  const values: RollDialogState["values"] = {};
  let ad: number;
  if (input.kind === "attack") {
    const index = choice.modeIndex ?? 0;
    values.mode = String(index >= 0 && index < input.modes.length ? index : 0);
    values.metres = choice.metres !== undefined ? choice.metres : (input.target?.metres ?? null);
    values.cover = choice.cover ?? "none";
    ad = choice.ad ?? 1;
  } else {
    // Outside Fast Action the rules' examples spend every AD on a test (Anders: + 5AD).
    ad = choice.ad ?? (input.fastAction ? 1 : Math.max(0, input.adAvailable));
  }
  return {
    ad: Math.max(0, ad),
    bonus: choice.bonus ?? 0,
    target: Math.max(0, choice.target ?? 1),
    optional: [...(choice.optionalAbilities ?? [])],
    values,
    rollMode: choice.rollMode ?? input.defaultRollMode,
  };
}

/** The dialog's configuration for a 'Verses test or attack. */
export function versesDialogConfig(input: VersesDialogInput): RollDialogConfig {
  const label = input.kind === "attack" ? input.weaponName : input.label;
  return {
    title: label,
    label,
    fields: fields(input),
    showAD: true,
    initial: initialState(input),
    evaluate: (state) => evaluate(input, state),
    probability: successProbability,
    rollModes: input.rollModes,
    targetUnit: `${DIALOG}.SuccessesN`,
  };
}

/**
 * The state a dialog opens with, settled (AD raised to a Slow weapon's minimum, the target from
 * range and cover, unless the caller gave one): what the skip-dialog path rolls.
 */
export function settleVersesDialog(config: RollDialogConfig, keepTarget: boolean) {
  const settled = applyDialogChange(config, config.initial);
  if (!keepTarget) return settled;
  const state = { ...settled.state, target: config.initial.target };
  return { state, evaluation: config.evaluate(state) };
}

/**
 * The choice a dialog's state stands for. The target's breakdown goes with it for the card; a
 * target set by hand shows as an adjustment of the situation's.
 */
export function choiceFromDialog(
  input: VersesDialogInput,
  state: RollDialogState,
  evaluation: RollDialogEvaluation,
): RollChoice {
  const choice: RollChoice = {
    ad: state.ad,
    bonus: state.bonus,
    target: state.target,
    optionalAbilities: [...state.optional],
    rollMode: state.rollMode,
    ...(input.choice.flavor !== undefined ? { flavor: input.choice.flavor } : {}),
  };
  if (input.kind === "attack") {
    choice.modeIndex = selectedMode(input, state);
    choice.cover = (state.values.cover as ObstructiveCover | undefined) ?? "none";
    choice.metres = typeof state.values.metres === "number" ? state.values.metres : null;
  }
  const suggested = evaluation.suggestedTarget;
  if (suggested && suggested.value !== null) {
    const parts: LabelledDice[] = [...suggested.parts];
    if (state.target !== suggested.value)
      parts.push({ label: `${DIALOG}.Target.Adjusted`, dice: state.target - suggested.value });
    choice.targetParts = parts;
  }
  return choice;
}
