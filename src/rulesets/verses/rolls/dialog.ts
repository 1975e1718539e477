/**
 * The 'Verses configuration of its pool-roll dialog (pool-dialog-logic.ts), Foundry-free: which
 * fields a test or an attack shows, how the pool is built from them (`assemblePool`'s labelled
 * parts, with AD, the bonus and the optional ability dice chosen), the success target an attack's
 * range and cover give, the exact odds (`successProbability`), and the `RollChoice` the roll is
 * made with. The roll flow (actions.ts), the skip-dialog path and the browser fixtures all go
 * through {@link versesDialogConfig} and {@link settleVersesDialog}, so they agree.
 */
import {
  applyDialogChange,
  clampDialogState,
  type DialogChoice,
  type DialogMessage,
  type DialogText,
  type LabelledDice,
  type OptionalDice,
  type RollDialogConfig,
  type RollDialogEvaluation,
  type RollDialogField,
  type RollDialogState,
} from "../base/pool-dialog-logic";
import { MAX_POOL, cappedNote, poolCapOf, type AssembledPool, type PoolRequest } from "../data/pools";
import {
  isAddOnKey,
  maxSustainDice,
  parseDamage,
  successProbability,
  sweepRange,
  type AdRoundState,
  type ObstructiveCover,
  type Sustainable,
  type TwoWeaponWeapon,
  coverAfterLeaving,
} from "../rules";
import { spendProblem } from "../base/spend-logic";
import { coverNotes, type TrackedCover } from "../attack/cover-logic";
import { COVER_MATERIALS, NO_COVER, PROTECTIVE_COVERS, type ProtectiveCover } from "../attack/defender-logic";
import {
  attackRequest,
  canWieldUnhanded,
  gripEffect,
  modeMinimumAD,
  modeRangeTest,
  thrownMode,
  type GripEffect,
  type WeaponModeSource,
} from "../data/weapon-modes";
import type { PoolPart } from "../base/pool-view";
import { rulesLine } from "../base/rules-message-logic";
import { attackTargetFor, formatMetres } from "./targeting";
import {
  METABOLISM_FIELD,
  metabolismDiceOf,
  metabolismEffect,
  metabolismFields,
  type MetabolismOffer,
} from "../base/metabolism-logic";

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
  /**
   * Keys (`addOn:<id>`) of the optional skill add-ons the player keeps (Athletics on a Dodge,
   * Stealth & Skulking on a Watch). Absent: each one's default.
   */
  addOns?: string[];
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
  /** Protective cover between attacker and target, and its material and HP (attacks). */
  protective?: ProtectiveCover;
  material?: string;
  coverHp?: number | null;
  /** Sustain dice added to a sustained attack. */
  sustain?: number;
  /** A sustained attack swept across every targeted token. */
  sweep?: boolean;
  /** Which of the weapon's "or" damage modes ("3(s) or 2(p)"). */
  damageMode?: number;
  /** The weapon is thrown (its Throwable TEST; no Unhanded penalty; it does not chain). */
  thrown?: boolean;
  /** The weapon is wielded with one hand fewer than its HANDS, at its Unhanded penalty. */
  unhanded?: boolean;
  /** Fighting with two weapons: the other weapon's index among the dialog's `twoWeapon.others`. */
  offhand?: number | null;
  /** The roll plays out an Await's declared action: it spends the AD reserved for the Await first. */
  fromAwait?: boolean;
  /** An attack made as an Assassination (offered by `AttackDialogInput.assassination`): all AD, its dice added. */
  assassinate?: boolean;
  /** The parrying weapon's index among the defence dialog's weapons. */
  weaponIndex?: number;
  /** Heightened Metabolism dice used, in addition to or in place of AD (they become EX-bound). */
  metabolism?: number;
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
  /** The target left cover this round: full cover is partial for the rest of it (`coverAfterLeaving`). */
  leftCover?: boolean;
  /** The cover tracked on the target's token until it moved (cover-logic.ts): none is kept now. */
  movedFrom?: TrackedCover | null;
}

interface DialogCommon {
  /** The dice pool for a request: `assemblePool` over the actor, with the AD and extras given. */
  pool(request: PoolRequest): AssembledPool;
  /** AD the actor has left this round (a note when the roll spends more). */
  adAvailable: number;
  /**
   * The actor's round (`adStateOf`): with it, AD the actor cannot spend are a problem that stops
   * the roll (spend-logic.ts), not just a note. `reaction` lets a Dodge or Parry use its reservation.
   */
  adState?: AdRoundState;
  reaction?: "dodge" | "parry";
  /** The actor is in Fast Action (a started combat): tests default to 1AD, and abilities know it. */
  fastAction: boolean;
  /** What the caller asked for; the dialog starts from it. */
  choice: RollChoice;
  rollModes: DialogChoice[];
  /** The core roll mode setting, used when the choice names none. */
  defaultRollMode: string;
  /** The world's largest pool (setting `maxPool`); {@link MAX_POOL}`.default` when absent. */
  maxPool?: number;
  /** The actor's Heightened Metabolism, when it has the ability: its dice are offered. */
  metabolism?: MetabolismOffer | null;
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
  /** Distances to every targeted token (a sweep's success target is their mean). */
  distances?: readonly number[];
  /** The weapon's ammunition: rounds loaded, and why it cannot fire (empty). */
  ammo?: { loaded: number; name: string; problem: DialogMessage | null } | null;
  /** The weapon's `Sustainable(rate, cost)` and the world's base-shot rule, when it has one. */
  sustain?: { sustainable: Sustainable; baseShotUnits: number } | null;
  /** Sixes carried into this attack: a chained action's or a riposte's. */
  carried?: { dice: number; label: string; data?: Record<string, string> } | null;
  /**
   * Two Weapon Fighting, when the attacker has allocated dice in it: those dice, this weapon's
   * skill's allocated dice, and the other weapons it may be paired with.
   */
  twoWeapon?: TwoWeaponOffer | null;
  /** Hands free to hold weapons (2 unless the caller knows better). */
  freeHands?: number;
  /**
   * Assassination, when the attacker's Watch allows it against the first target: the skill's
   * allocated dice, and the AD the attack must then spend ("spends all AD on an attack").
   */
  assassination?: { dice: number; allAd: number; name: string } | null;
}

/** The weapons an attack may pair with under Two Weapon Fighting. */
export interface TwoWeaponOffer {
  allocated: number;
  skillAllocated: number;
  others: { label: string; weapon: TwoWeaponWeapon }[];
}

/** One weapon (or shield) a defender may parry with. */
interface ParryWeaponChoice {
  label: string;
  request: PoolRequest;
  /** `parryMinimumAD`, or 1. */
  minimumAD: number;
  /** Why it cannot parry this attack (`checkParry`), or null. */
  problem: DialogMessage | null;
}

/** A defence against an attack: a Dodge, a Parry with one of the defender's weapons, or a grappling resistance. */
export interface DefenceDialogInput extends DialogCommon {
  kind: "defence";
  defence: "dodge" | "parry" | "resist";
  /** What is rolled ("Dodge", "Parry"), i18n key. */
  label: string;
  /** The pool of a Dodge or a resistance. */
  request?: PoolRequest;
  /** The weapons a Parry may use. */
  weapons?: readonly ParryWeaponChoice[];
  /** Why the defence is not allowed at all (Prone, Stunned), or null. */
  forbidden?: DialogMessage | null;
  /** A grappling resistance may add AD (the world's setting); Dodge and Parry always do. */
  allowAD?: boolean;
}

export type VersesDialogInput = TestDialogInput | AttackDialogInput | DefenceDialogInput;

const DIALOG = "POLYVERSE.Verses.Dialog";
const COVER_CHOICES: readonly ObstructiveCover[] = ["none", "partial", "full"];

function modeLabel(mode: WeaponModeSource, index: number): string {
  return mode.name || mode.skill || `#${index + 1}`;
}

function selectedMode(input: AttackDialogInput, state: RollDialogState): number {
  const raw = Number(state.values.mode ?? 0);
  return Number.isInteger(raw) && raw >= 0 && raw < input.modes.length ? raw : 0;
}

/** The mode attacked with: the selected one, thrown when the roller throws it and it can be thrown. */
function activeMode(input: AttackDialogInput, state: RollDialogState): WeaponModeSource | undefined {
  const mode = input.modes[selectedMode(input, state)];
  if (!mode || state.values.throw !== "throw") return mode;
  return thrownMode(mode) ?? mode;
}

/** The other weapon chosen for Two Weapon Fighting, as an index into the offer, or null. */
/** The pool parts a grip adds: Two Weapon Fighting's dice and the Unhanded penalty. */
export function gripParts(effect: GripEffect): PoolPart[] {
  const parts: PoolPart[] = [];
  if (effect.twoWeaponDice > 0) parts.push({ label: `${DIALOG}.TwoWeaponDice`, dice: effect.twoWeaponDice });
  if (effect.unhandedDice > 0)
    parts.push({
      label: `${DIALOG}.UnhandedDice`,
      dice: -effect.unhandedDice,
      data: { hands: String(effect.hands) },
    });
  return parts;
}

function offhandIndex(input: AttackDialogInput, state: RollDialogState): number | null {
  const raw = state.values.offhand;
  const others = input.twoWeapon?.others ?? [];
  if (raw === undefined || raw === null || raw === "") return null;
  const i = Number(raw);
  return Number.isInteger(i) && i >= 0 && i < others.length ? i : null;
}

/** The "or" damage modes of a weapon mode ("3(s) or 2(p)"), as text; one entry when there is no choice. */
function damageModes(mode: WeaponModeSource | undefined): string[] {
  if (!mode?.damage.trim()) return [];
  try {
    return parseDamage(mode.damage).modes.map((m) => `${m.amount}(${m.type})`);
  } catch {
    return [];
  }
}

function selectedIndex(state: RollDialogState, name: string, count: number): number {
  const raw = Number(state.values[name] ?? 0);
  return Number.isInteger(raw) && raw >= 0 && raw < count ? raw : 0;
}

/** Several tokens are targeted and the weapon sweeps: a sweep can be declared. */
function canSweep(input: AttackDialogInput): boolean {
  return Boolean(input.sustain) && (input.distances?.length ?? 0) > 1;
}

function attackFields(input: AttackDialogInput): RollDialogField[] {
  const out: RollDialogField[] = [];
  if (input.modes.length > 1)
    out.push({
      kind: "select",
      name: "mode",
      label: `${DIALOG}.Mode`,
      choices: input.modes.map((m, i) => ({ value: String(i), label: `${modeLabel(m, i)} (${m.test})` })),
    });
  const withChoice = input.modes.map(damageModes).find((d) => d.length > 1);
  if (withChoice)
    out.push({
      kind: "select",
      name: "damageMode",
      label: `${DIALOG}.DamageMode`,
      choices: withChoice.map((d, i) => ({ value: String(i), label: d })),
    });
  if (input.modes.some((m) => thrownMode(m) !== null))
    out.push({
      kind: "select",
      name: "throw",
      label: `${DIALOG}.Throw`,
      choices: [
        { value: "wield", label: `${DIALOG}.ThrowChoice.wield` },
        { value: "throw", label: `${DIALOG}.ThrowChoice.throw` },
      ],
      hint: `${DIALOG}.ThrowHint`,
    });
  if (input.modes.some(canWieldUnhanded))
    out.push({
      kind: "select",
      name: "grip",
      label: `${DIALOG}.Grip`,
      choices: [
        { value: "full", label: `${DIALOG}.GripChoice.full` },
        { value: "unhanded", label: `${DIALOG}.GripChoice.unhanded` },
      ],
      hint: `${DIALOG}.GripHint`,
    });
  if (input.twoWeapon?.others.length)
    out.push({
      kind: "select",
      name: "offhand",
      label: `${DIALOG}.TwoWeapons`,
      choices: [
        { value: "", label: `${DIALOG}.TwoWeaponsNone` },
        ...input.twoWeapon.others.map((o, i) => ({ value: String(i), label: o.label })),
      ],
      hint: `${DIALOG}.TwoWeaponsHint`,
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
    {
      kind: "select",
      name: "protective",
      label: `${DIALOG}.Protective`,
      choices: PROTECTIVE_COVERS.map((c) => ({ value: c, label: `${DIALOG}.CoverChoice.${c}` })),
      hint: `${DIALOG}.ProtectiveHint`,
    },
    {
      kind: "select",
      name: "material",
      label: `${DIALOG}.Material`,
      choices: COVER_MATERIALS.map((m) => ({
        value: m,
        label: `${DIALOG}.Materials.${m.replace(/[^A-Za-z]/g, "")}`,
      })),
    },
    {
      kind: "number",
      name: "coverHp",
      label: `${DIALOG}.CoverHp`,
      min: 0,
      step: 1,
      hint: `${DIALOG}.CoverHpHint`,
    },
  );
  if (input.assassination)
    out.push({
      kind: "select",
      name: "assassinate",
      label: `${DIALOG}.Assassinate`,
      choices: [
        { value: "no", label: `${DIALOG}.AssassinateChoice.no` },
        { value: "yes", label: `${DIALOG}.AssassinateChoice.yes` },
      ],
      hint: `${DIALOG}.AssassinateHint`,
    });
  if (input.sustain) {
    out.push({
      kind: "number",
      name: "sustain",
      label: `${DIALOG}.Sustain`,
      min: 0,
      step: 1,
      hint: `${DIALOG}.SustainHint`,
    });
    if (canSweep(input))
      out.push({
        kind: "select",
        name: "sweep",
        label: `${DIALOG}.Sweep`,
        choices: [
          { value: "no", label: `${DIALOG}.SweepChoice.no` },
          { value: "yes", label: `${DIALOG}.SweepChoice.yes` },
        ],
        hint: `${DIALOG}.SweepHint`,
      });
  }
  return out;
}

/** The actor has AD reserved for an Await: the roll may play out one of its declared actions. */
function canAwait(input: VersesDialogInput): boolean {
  return input.kind !== "defence" && input.fastAction && (input.adState?.reserved.await ?? 0) > 0;
}

function awaitField(input: VersesDialogInput): RollDialogField[] {
  return canAwait(input)
    ? [
        {
          kind: "select",
          name: "awaited",
          label: `${DIALOG}.Awaited`,
          choices: [
            { value: "no", label: `${DIALOG}.AwaitedChoice.no` },
            { value: "yes", label: `${DIALOG}.AwaitedChoice.yes` },
          ],
          hint: `${DIALOG}.AwaitedHint`,
        },
      ]
    : [];
}

function fields(input: VersesDialogInput): RollDialogField[] {
  return [...kindFields(input), ...metabolismFields(input.metabolism)];
}

function kindFields(input: VersesDialogInput): RollDialogField[] {
  if (input.kind === "test") return awaitField(input);
  if (input.kind === "defence") {
    const weapons = input.weapons ?? [];
    return input.defence === "parry" && weapons.length > 1
      ? [
          {
            kind: "select",
            name: "weapon",
            label: `${DIALOG}.ParryWith`,
            choices: weapons.map((w, i) => ({ value: String(i), label: w.label })),
          },
        ]
      : [];
  }
  return [...attackFields(input), ...awaitField(input)];
}

/** The request for the test or the attack with the dialog's values, before AD and extras. */
function baseRequest(input: VersesDialogInput, state: RollDialogState): PoolRequest {
  if (input.kind === "test") return { ...input.request, fastAction: input.fastAction };
  if (input.kind === "defence") {
    if (input.defence !== "parry") return { ...(input.request ?? {}), fastAction: input.fastAction };
    const weapons = input.weapons ?? [];
    const chosen = weapons[selectedIndex(state, "weapon", weapons.length)];
    return { ...(chosen?.request ?? {}), fastAction: input.fastAction };
  }
  return attackRequest(activeMode(input, state), {
    fastAction: input.fastAction,
    metres: state.values.metres,
  });
}

function bonusParts(state: RollDialogState): PoolPart[] {
  return state.bonus ? [{ label: "POLYVERSE.Verses.Pool.Bonus", dice: state.bonus }] : [];
}

function sustainDice(state: RollDialogState): number {
  const n = Number(state.values.sustain ?? 0);
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
}

/** The AD the roll allows, its situation's parts and problems, for an attack. */
function attackSituation(
  input: AttackDialogInput,
  state: RollDialogState,
  problems: DialogText[],
  notes: DialogText[],
): { adMin: number; suggestedTarget: RollDialogEvaluation["suggestedTarget"]; extra: PoolPart[] } {
  const extra: PoolPart[] = [];
  const mode = activeMode(input, state);
  if (!mode) {
    problems.push({ key: `${DIALOG}.NoMode` });
    return { adMin: 0, suggestedTarget: null, extra };
  }
  if (state.values.throw === "throw" && !mode.thrown) problems.push({ key: `${DIALOG}.NotThrowable` });
  const offhand = offhandIndex(input, state);
  const pairWith = offhand === null ? null : input.twoWeapon?.others[offhand];
  const grip = gripEffect(mode, {
    unhanded: state.values.grip === "unhanded",
    twoWeapon:
      pairWith && input.twoWeapon
        ? {
            allocated: input.twoWeapon.allocated,
            skillAllocated: input.twoWeapon.skillAllocated,
            other: pairWith.weapon,
          }
        : null,
    freeHands: input.freeHands ?? 2,
  });
  if (!grip.ok) problems.push({ key: `${DIALOG}.GripRefused`, parts: { reason: rulesLine(grip.reason) } });
  else extra.push(...gripParts(grip.value));
  const assassin = input.assassination && state.values.assassinate === "yes" ? input.assassination : null;
  if (assassin) {
    extra.push({ label: `${DIALOG}.AssassinationDice`, dice: assassin.dice });
    notes.push({
      key: `${DIALOG}.AssassinationNote`,
      data: { name: assassin.name, ad: String(assassin.allAd) },
    });
  }
  const adMin = Math.max(modeMinimumAD(mode), input.carried ? 1 : 0, assassin?.allAd ?? 0);
  const sweeping = canSweep(input) && state.values.sweep === "yes";
  const typed = typeof state.values.metres === "number" ? state.values.metres : null;
  const metres = sweeping && input.distances?.length ? sweepRange(input.distances) : typed;
  const chosenCover = (state.values.cover as ObstructiveCover | undefined) ?? "none";
  const leftCover = input.target?.leftCover === true;
  notes.push(...coverNotes(input.target, chosenCover === "full" || state.values.protective === "full"));
  const result = attackTargetFor(modeRangeTest(mode), {
    metres,
    cover: coverAfterLeaving(chosenCover, leftCover),
    targetProne: input.target?.prone ?? false,
    meleeReach: input.target?.gridMetres ?? 1,
  });
  const suggestedTarget = { value: result.value, parts: result.parts };
  if (result.problem) problems.push(result.problem);
  if (sweeping && metres !== null)
    notes.push({
      key: `${DIALOG}.SweepRange`,
      data: { metres: formatMetres(metres), count: String(input.distances?.length ?? 0) },
    });
  else if (input.target && typed !== null)
    notes.push({
      key: input.target.several ? `${DIALOG}.MeasuredFirst` : `${DIALOG}.Measured`,
      data: { name: input.target.name, metres: formatMetres(input.target.metres) },
    });
  if (modeMinimumAD(mode) > 1) notes.push({ key: `${DIALOG}.SlowMinimum`, data: { ad: String(adMin) } });
  if (input.ammo?.problem) problems.push(input.ammo.problem);
  else if (input.ammo)
    notes.push({
      key: `${DIALOG}.Loaded`,
      data: { loaded: String(input.ammo.loaded), name: input.ammo.name },
    });
  if (input.sustain) {
    const dice = sustainDice(state);
    const max = input.ammo
      ? maxSustain(input.sustain, input.ammo.loaded, state.ad)
      : maxSustain(input.sustain, Number.POSITIVE_INFINITY, state.ad);
    if (dice > max)
      problems.push({ key: `${DIALOG}.SustainTooMany`, data: { dice: String(dice), max: String(max) } });
    else if (dice > 0) extra.push({ label: `${DIALOG}.SustainDice`, dice });
  }
  if (input.carried)
    extra.push({
      label: input.carried.label,
      dice: input.carried.dice,
      ...(input.carried.data ? { data: input.carried.data } : {}),
    });
  return { adMin, suggestedTarget, extra };
}

/** `maxSustainDice` with the loaded rounds (a weapon that tracks none is limited by the AD only). */
function maxSustain(sustain: NonNullable<AttackDialogInput["sustain"]>, units: number, ad: number): number {
  const availableUnits = Number.isFinite(units) ? units : Number.MAX_SAFE_INTEGER;
  return maxSustainDice(
    { sustainable: sustain.sustainable, availableUnits, adSpent: ad },
    { baseShotUnits: sustain.baseShotUnits },
  );
}

function evaluate(input: VersesDialogInput, state: RollDialogState): RollDialogEvaluation {
  const base = baseRequest(input, state);
  const problems: DialogText[] = [];
  const notes: DialogText[] = [];
  let adMin = input.kind === "test" && input.fastAction ? 1 : 0;
  let suggestedTarget: RollDialogEvaluation["suggestedTarget"] = null;
  let situational: PoolPart[] = [];
  if (input.kind === "attack") {
    const situation = attackSituation(input, state, problems, notes);
    adMin = situation.adMin;
    suggestedTarget = situation.suggestedTarget;
    situational = situation.extra;
  } else if (input.kind === "defence") {
    if (input.forbidden) problems.push(input.forbidden);
    if (input.defence === "parry") {
      const weapons = input.weapons ?? [];
      const chosen = weapons[selectedIndex(state, "weapon", weapons.length)];
      if (!chosen) problems.push({ key: `${DIALOG}.NoParryWeapon` });
      else {
        adMin = chosen.minimumAD;
        if (chosen.problem) problems.push(chosen.problem);
        if (chosen.minimumAD > 1)
          notes.push({ key: `${DIALOG}.ParryMinimum`, data: { ad: String(chosen.minimumAD) } });
      }
    } else adMin = input.defence === "dodge" ? 1 : 0;
  }
  const metabolism = metabolismEffect(input.metabolism, metabolismDiceOf(input.metabolism, state), adMin);
  adMin = metabolism.adMin;
  problems.push(...metabolism.problems);
  notes.push(...metabolism.notes);
  const extra = [...(base.extra ?? []), ...situational, ...metabolism.parts, ...bonusParts(state)];
  const maxPool = poolCapOf(input.maxPool ?? MAX_POOL.default);
  const request: PoolRequest = {
    ...base,
    ad: state.ad,
    extra,
    optionalAbilities: state.optional.filter((k) => !isAddOnKey(k)),
    addOns: state.optional.filter(isAddOnKey),
    maxPool,
  };
  const pool = input.pool(request);
  if (pool.capped) notes.push(cappedNote(pool.capped));
  // Every optional ability on offer, chosen or not (assemblePool lists only those not chosen).
  const offered = request.optionalAbilities?.length
    ? input.pool({ ...request, optionalAbilities: [] }).optional
    : pool.optional;
  const optional: OptionalDice[] = [
    // Skill add-ons the player may leave out ("may be added"), each with when it applies.
    ...pool.addOns.map((a) => ({
      key: a.key,
      label: a.label,
      dice: a.dice,
      ...(a.hint ? { hint: a.hint, ...(a.hintData ? { hintData: a.hintData } : {}) } : {}),
    })),
    ...offered.map((o) => ({
      key: o.key,
      label: o.label,
      dice: o.dice,
      ...(o.exCost ? { hint: `${DIALOG}.BindsEX`, hintData: { ex: String(o.exCost) } } : {}),
    })),
  ];
  if (!pool.usable) problems.push(pool.reason ?? { key: "POLYVERSE.Verses.Roll.Unusable" });
  if (pool.exCost > 0) notes.push({ key: `${DIALOG}.ExCost`, data: { ex: String(pool.exCost) } });
  if (input.adState) {
    const problem = spendProblem(input.adState, {
      ad: Math.max(adMin, state.ad),
      minimum: adMin,
      fastAction: input.fastAction,
      ...(input.reaction
        ? { reaction: input.reaction }
        : canAwait(input) && state.values.awaited === "yes"
          ? { reaction: "await" as const }
          : {}),
    });
    if (problem) problems.push(problem);
  } else if (state.ad > input.adAvailable)
    notes.push({ key: `${DIALOG}.MoreADThanAvailable`, data: { available: String(input.adAvailable) } });
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
    values.protective = choice.protective ?? "none";
    values.material = choice.material ?? NO_COVER.material;
    values.coverHp = choice.coverHp ?? null;
    values.damageMode = String(choice.damageMode ?? 0);
    values.throw = choice.thrown ? "throw" : "wield";
    values.grip = choice.unhanded ? "unhanded" : "full";
    values.offhand = choice.offhand === undefined || choice.offhand === null ? "" : String(choice.offhand);
    if (input.sustain) values.sustain = choice.sustain ?? 0;
    if (canSweep(input)) values.sweep = choice.sweep ? "yes" : "no";
    if (input.assassination) values.assassinate = choice.assassinate ? "yes" : "no";
    ad = choice.ad ?? 1;
  } else if (input.kind === "defence") {
    values.weapon = String(choice.weaponIndex ?? 0);
    ad = choice.ad ?? (input.defence === "resist" ? 0 : 1);
  } else {
    // Outside Fast Action the rules' examples spend every AD on a test (Anders: + 5AD).
    ad = choice.ad ?? (input.fastAction ? 1 : Math.max(0, input.adAvailable));
  }
  if (input.metabolism) values[METABOLISM_FIELD] = Math.max(0, Math.floor(choice.metabolism ?? 0));
  return {
    ad: Math.max(0, ad),
    bonus: choice.bonus ?? 0,
    target: Math.max(0, choice.target ?? (input.kind === "defence" ? 0 : 1)),
    optional: [...(choice.optionalAbilities ?? [])],
    values,
    rollMode: choice.rollMode ?? input.defaultRollMode,
  };
}

/**
 * The skill add-ons the dialog starts with: the caller's, else those the pool keeps by default
 * (every "may" add-on whose circumstance the pool can see), so that each shows as a ticked toggle.
 */
function withAddOns(input: VersesDialogInput, state: RollDialogState): RollDialogState {
  const chosen =
    input.choice.addOns ??
    input
      .pool({ ...baseRequest(input, state), ad: state.ad, optionalAbilities: state.optional })
      .addOns.filter((a) => a.included)
      .map((a) => a.key);
  return { ...state, optional: [...state.optional.filter((k) => !isAddOnKey(k)), ...chosen] };
}

/** The Await choice's starting value (set whatever the kind of roll, read only where offered). */
function withAwaited(state: RollDialogState, choice: RollChoice): RollDialogState {
  return { ...state, values: { ...state.values, awaited: choice.fromAwait ? "yes" : "no" } };
}

/** The dialog's configuration for a 'Verses test or attack. */
export function versesDialogConfig(input: VersesDialogInput): RollDialogConfig {
  const label = input.kind === "attack" ? input.weaponName : input.label;
  return {
    title: label,
    label,
    fields: fields(input),
    showAD: !(input.kind === "defence" && input.defence === "resist" && !input.allowAD),
    initial: withAddOns(input, withAwaited(initialState(input), input.choice)),
    evaluate: (state) => evaluate(input, state),
    probability: successProbability,
    countsSuccesses: true,
    rollModes: input.rollModes,
    targetUnit: `${DIALOG}.SuccessesN`,
    maxDice: poolCapOf(input.maxPool ?? MAX_POOL.default),
  };
}

/**
 * The state a dialog opens with, settled (AD raised to a Slow weapon's minimum, the target from
 * range and cover, unless the caller gave one): what the skip-dialog path rolls.
 */
export function settleVersesDialog(config: RollDialogConfig, keepTarget: boolean) {
  const settled = applyDialogChange(config, config.initial);
  if (!keepTarget) return settled;
  // The caller's target, within the dialog's limits; what the limits cut is still said.
  const kept = clampDialogState(config, config.initial);
  const state = { ...settled.state, target: kept.state.target };
  const evaluation = config.evaluate(state);
  return { state, evaluation: { ...evaluation, notes: [...kept.notes, ...evaluation.notes] } };
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
    optionalAbilities: state.optional.filter((k) => !isAddOnKey(k)),
    addOns: state.optional.filter(isAddOnKey),
    rollMode: state.rollMode,
    ...(input.choice.flavor !== undefined ? { flavor: input.choice.flavor } : {}),
    ...(input.metabolism ? { metabolism: metabolismDiceOf(input.metabolism, state) } : {}),
  };
  if (input.kind === "attack") {
    choice.modeIndex = selectedMode(input, state);
    const leftCover = input.target?.leftCover === true;
    choice.cover = coverAfterLeaving(
      (state.values.cover as ObstructiveCover | undefined) ?? "none",
      leftCover,
    );
    choice.metres = typeof state.values.metres === "number" ? state.values.metres : null;
    const protective = state.values.protective as ProtectiveCover | undefined;
    choice.protective = coverAfterLeaving(
      protective && PROTECTIVE_COVERS.includes(protective) ? protective : "none",
      leftCover,
    );
    choice.material = String(state.values.material ?? NO_COVER.material);
    choice.coverHp = typeof state.values.coverHp === "number" ? state.values.coverHp : null;
    choice.damageMode = selectedIndex(state, "damageMode", 8);
    choice.sustain = input.sustain ? sustainDice(state) : 0;
    choice.sweep = canSweep(input) && state.values.sweep === "yes";
    choice.thrown = activeMode(input, state)?.thrown === true;
    choice.unhanded = state.values.grip === "unhanded";
    choice.offhand = offhandIndex(input, state);
    choice.assassinate = Boolean(input.assassination) && state.values.assassinate === "yes";
  }
  if (input.kind === "defence")
    choice.weaponIndex = selectedIndex(state, "weapon", input.weapons?.length ?? 1);
  else if (canAwait(input)) choice.fromAwait = state.values.awaited === "yes";
  const suggested = evaluation.suggestedTarget;
  if (suggested && suggested.value !== null) {
    const parts: LabelledDice[] = [...suggested.parts];
    if (state.target !== suggested.value)
      parts.push({ label: `${DIALOG}.Target.Adjusted`, dice: state.target - suggested.value });
    choice.targetParts = parts;
  }
  return choice;
}
