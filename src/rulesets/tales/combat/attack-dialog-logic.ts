/**
 * The Tales attack dialog without Foundry: what an attack with a weapon rolls (attribute + skill at
 * the wound level + the weapon's Modifier + aim − Auto bullets) and against what, for each target
 * (the range band from the measured distance, or the roller's band when it cannot be measured; cover
 * from the target's status), and the exact odds of hitting against every defence the target's owner
 * may choose on the card (attack-logic.ts `defenceChoices` and `attackPlan`: the same plan the GM
 * resolves with). The hit chance is the rules' `testOdds`; how a hit splits by damage shifts, Block's
 * half-strength damage and a counter-attack landing come from `resolveCardAttack` over all 36 pairs
 * of faces (the two agree: the unit tests check it).
 *
 * Spray: "As long as a group of victims are standing together, they may all be victim to the effects
 * of this weapon". One die is rolled for the attack and each target gets a card of its own with that
 * die, which its owner defends on; each takes the blow one weaker per other victim. The victims are
 * the targets the spray is fired at, counted when it is rolled (the text counts the targets "hit",
 * which is known only once every target has defended, and a card's damage may be rolled before).
 *
 * The fields and the view of a state are attack-dialog-view.ts.
 */
import { formatMetres } from "../../../core/board-logic";
import type { DialogMessage, DialogText } from "../../../core/roll-dialog-model";
import {
  RANGE_DIFFICULTY,
  aimBonus,
  autoFire,
  effectiveAttribute,
  effectiveSkill,
  rangeBand,
  rangedDifficulty,
  testOdds,
  woundAllowsActing,
  type AttributeKey,
  type CoverTable,
  type CriticalWoundRule,
  type RangeBand,
  type SkillKey,
  type TargetCover,
  type TestDynamicTieRule,
  type WoundLevel,
} from "../rules";
import {
  attackPlan,
  defenceChoices,
  planValue,
  resolveCardAttack,
  type AttackPlan,
  type DefenceChoice,
  type DefenderView,
} from "./attack-logic";

export const ATTACK_DIALOG_KEY = "POLYVERSE.Tales.AttackDialog";
const KEY = ATTACK_DIALOG_KEY;

/** The most targets one Spray is fired at (the damage card's limit on victims). */
export const MAX_SPRAY_VICTIMS = 20;

export const RANGE_BANDS: readonly RangeBand[] = ["close", "medium", "long"];
export const TARGET_COVERS: readonly TargetCover[] = ["none", "partial", "full"];

/** A target as the dialog reads it. */
export interface AttackTargetInput {
  /** The target's actor UUID (a token's actor for an unlinked token). */
  uuid: string;
  name: string;
  /** Metres from the attacker's token, or null when not measured (no token, no scene, another scene). */
  metres: number | null;
  /** What the defender's side reads from its documents (the GM resolves with the same). */
  view: DefenderView;
  /** The roller may see the target's sheet (Observer or better): the dialog shows its numbers. */
  observed: boolean;
}

/** The weapon's numbers. */
export interface AttackWeaponInput {
  /** The table's Modifier, added to the attack. */
  modifier: number;
  /** Range (X) in metres; 0 for a close weapon. */
  range: number;
  /** Reach in metres; 0 for none. */
  reach: number;
  /** Auto (X); 0 for none. */
  auto: number;
  spray: boolean;
  clumsy: boolean;
  broken: boolean;
}

/** What the caller settles before the dialog (a macro's options; the sheet gives none). */
export interface AttackChoice {
  /** The targets attacked, by UUID among the input's; by default the first (every one with Spray). */
  targets?: readonly string[];
  /** The band where a distance cannot be measured. */
  band?: RangeBand;
  /** The aim asked for (0..2): +1 the shooter kept still, +2 the target too; the rules may allow less. */
  aim?: number;
  autoBullets?: number;
  /** The cover with no target (the odds only: a target's cover is its status). */
  cover?: TargetCover;
}

/** What the dialog reads: the attacker, the weapon, the targets, the world's settings. */
export interface AttackDialogInput {
  actorName: string;
  weaponName: string;
  attribute: AttributeKey;
  skill: SkillKey;
  /** The stored values (the wound level applies to them). */
  attributeValue: number;
  skillValue: number;
  wound: WoundLevel;
  criticalWoundRule: CriticalWoundRule;
  weapon: AttackWeaponInput;
  /** The attacker's Aiming status: did not move this round. */
  aiming: boolean;
  /** The attacker is in Sustained Defence: "they may not perform any more attacks". */
  sustaining: boolean;
  /** One grid square in metres (a close weapon reaches the next square), or null without a scene. */
  gridMetres: number | null;
  targets: AttackTargetInput[];
  coverTable: CoverTable;
  dynamicTieRule: TestDynamicTieRule;
  choice: AttackChoice;
}

/** The dialog's state. */
export interface AttackDialogState {
  /** The targets attacked, in the input's order. */
  targets: string[];
  /** The band of a target whose distance is not measured (and of a ranged attack with no target). */
  band: RangeBand;
  /** The cover with no target. */
  cover: TargetCover;
  /** The shooter did not move this round. */
  still: boolean;
  /** The target moved no more than a metre or so since the round began. */
  targetStill: boolean;
  autoBullets: number;
}

/** The chance of each outcome of an attack against one way of defending (they add up to 1). */
export interface AttackOdds {
  /** The attack lands (`shifts[k]`: with k damage shifts). */
  hit: number;
  shifts: number[];
  /** A successful Block: damage still rolled at half strength. */
  blocked: number;
  /** A counter-attack that lands instead. */
  counter: number;
  /** Nothing lands (a miss, a Dodge or a Parry). */
  miss: number;
}

/** The defences that roll the attack the same way, and its odds. */
export interface DefenceOdds {
  defences: DefenceChoice[];
  plan: AttackPlan;
  odds: AttackOdds;
}

/** One target of the attack as it stands. */
export interface TargetPlan {
  uuid: string;
  name: string;
  metres: number | null;
  observed: boolean;
  /** The ranged attack's band (null in close combat, or beyond four times the Range). */
  band: RangeBand | null;
  outOfRange: boolean;
  cover: TargetCover;
  /** The target keeps a Sustained Defence (its difficulty may stand above the range's). */
  sustaining: boolean;
  /** Against each open defence, the one most in the defender's favour first. */
  defences: DefenceOdds[];
}

/** What the attack rolls as the state stands. */
export interface AttackDialogPlan {
  ranged: boolean;
  /** The attribute and the skill at the wound level. */
  attributeValue: number;
  skillValue: number;
  /** The aim bonus the rules allow (aimBonus); 0 in close combat. */
  aim: number;
  autoBullets: number;
  /** Auto's −1 per extra bullet. */
  autoModifier: number;
  /** Attribute + skill + Modifier + aim − Auto bullets; null when the wound forbids acting. */
  bonus: number | null;
  clumsy: boolean;
  targets: TargetPlan[];
  /** The card's band with no target (a ranged attack), else null. */
  band: RangeBand | null;
  /** With no target: the odds against the band and the cover chosen (a ranged attack), else null. */
  untargeted: DefenceOdds | null;
  /** Victims of one Spray (1: one target). */
  sprayVictims: number;
  problems: DialogMessage[];
  /** Notes (a skill's name among their parts). */
  notes: DialogText[];
}

const whole = (v: unknown, min: number, max: number, fallback: number): number => {
  const n = typeof v === "number" ? v : Number.parseInt(String(v), 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
};

/** The state the dialog opens with: the caller's choice, else every target of a Spray or the first. */
export function startState(input: AttackDialogInput): AttackDialogState {
  const { choice } = input;
  const known = input.targets.map((t) => t.uuid);
  const given = choice.targets?.filter((u) => known.includes(u));
  const first = known[0];
  const targets = given ?? (input.weapon.spray ? known : first ? [first] : []);
  const aim = choice.aim === undefined ? null : Math.trunc(choice.aim);
  return {
    targets: [...new Set(targets)],
    band: choice.band && RANGE_BANDS.includes(choice.band) ? choice.band : "close",
    cover: choice.cover && TARGET_COVERS.includes(choice.cover) ? choice.cover : "none",
    still: aim === null ? input.aiming : aim >= 1,
    targetStill: aim !== null && aim >= 2,
    autoBullets: Math.max(0, Math.trunc(choice.autoBullets ?? 0)),
  };
}

/** Read one input into the state. */
export function changeState(
  input: AttackDialogInput,
  state: AttackDialogState,
  name: string,
  value: string | boolean,
): AttackDialogState {
  const v = String(value);
  const known = input.targets.map((t) => t.uuid);
  if (name.startsWith("target.")) {
    const uuid = known[Number(name.slice(7))];
    if (uuid === undefined) return state;
    const chosen = new Set(state.targets);
    if (value === true) chosen.add(uuid);
    else chosen.delete(uuid);
    return { ...state, targets: known.filter((u) => chosen.has(u)) };
  }
  switch (name) {
    case "target":
      if (v === "") return { ...state, targets: [] };
      return known.includes(v) ? { ...state, targets: [v] } : state;
    case "band":
      return RANGE_BANDS.includes(v as RangeBand) ? { ...state, band: v as RangeBand } : state;
    case "cover":
      return TARGET_COVERS.includes(v as TargetCover) ? { ...state, cover: v as TargetCover } : state;
    case "still":
    case "targetStill":
      return { ...state, [name]: value === true };
    case "autoBullets":
      return { ...state, autoBullets: whole(value, 0, Math.max(0, input.weapon.auto), state.autoBullets) };
    default:
      return state;
  }
}

// ---- odds ----------------------------------------------------------------------------------------

/**
 * The chance that the attack lands against a plan: the rules' `testOdds` from the attacker's side
 * (dynamic with the world's tie rule; opposed with "attacker": it must beat the defence by one), or
 * against a counter-attack the chance the counter-attacker (opposed, "counter") does not win. A Dodge
 * of a ranged attack rolls three dice (the attack's, the dodge's, the range's), which `testOdds` does
 * not take: its chance is counted over their 216 faces as the card resolves them ({@link attackOdds}).
 */
export function hitChance(
  plan: AttackPlan,
  bonus: number,
  { clumsy, dynamicTieRule }: { clumsy: boolean; dynamicTieRule: TestDynamicTieRule },
): number {
  if (plan.mode === "dodgeRanged") return attackOdds(plan, "dodge", bonus, { clumsy, dynamicTieRule }).hit;
  if (plan.mode === "dynamic")
    return testOdds({ kind: "dynamic", bonus, difficulty: plan.difficulty, clumsy, tieRule: dynamicTieRule });
  if (plan.mode === "opposed")
    return testOdds({ kind: "opposed", bonus, opponentBonus: plan.defence, clumsy, tieRule: "attacker" });
  return (
    1 -
    testOdds({
      kind: "opposed",
      bonus: plan.defence,
      opponentBonus: bonus,
      opponentClumsy: clumsy,
      tieRule: "counter",
    })
  );
}

/**
 * Every outcome of the attack against a defence, exact: the 36 pairs of the attacker's and the
 * defender's (or the difficulty's) faces, each resolved as the card resolves it; against a Dodge of a
 * ranged attack the 216 triples with the dodge's die.
 */
export function attackOdds(
  plan: AttackPlan,
  defence: DefenceChoice,
  bonus: number,
  { clumsy, dynamicTieRule }: { clumsy: boolean; dynamicTieRule: TestDynamicTieRule },
): AttackOdds {
  const out: AttackOdds = { hit: 0, shifts: [], blocked: 0, counter: 0, miss: 0 };
  const dodges = plan.mode === "dodgeRanged" ? [1, 2, 3, 4, 5, 6] : [undefined];
  const p = 1 / (36 * dodges.length);
  for (let a = 1; a <= 6; a++)
    for (let d = 1; d <= 6; d++)
      for (const dodgeFace of dodges) {
        const { result, damage } = resolveCardAttack({
          plan,
          defence,
          attack: bonus,
          attackFace: a,
          defenceFace: d,
          ...(dodgeFace === undefined ? {} : { dodgeFace }),
          attackerClumsy: clumsy,
          dynamicTieRule,
        });
        if (result.hit) {
          out.hit += p;
          out.shifts[result.shifts] = (out.shifts[result.shifts] ?? 0) + p;
        } else if (result.counterHit) out.counter += p;
        else if (damage?.to === "target" && damage.blocked) out.blocked += p;
        else out.miss += p;
      }
  out.shifts = Array.from(out.shifts, (x) => x ?? 0);
  return out;
}

/** The open defences grouped by how they roll the attack, the defender's best first. */
export function defenceOdds(
  view: DefenderView,
  {
    ranged,
    band,
    bonus,
    clumsy,
    coverTable,
    dynamicTieRule,
    martialArts = false,
  }: {
    ranged: boolean;
    band: RangeBand | null;
    bonus: number;
    clumsy: boolean;
    coverTable: CoverTable;
    dynamicTieRule: TestDynamicTieRule;
    /** A Martial Arts attack (an undefended victim's Mental may stand for its Physical). */
    martialArts?: boolean;
  },
): DefenceOdds[] {
  const groups = new Map<string, DefenceOdds>();
  for (const choice of defenceChoices(view, { ranged })) {
    if (!choice.open) continue;
    const plan = attackPlan({
      defence: choice.defence,
      view,
      ...(band ? { band } : {}),
      coverTable,
      martialArts,
    });
    const blocks = choice.defence === "block" && plan.mode === "opposed";
    const dodge = plan.mode === "dodgeRanged" ? plan.dodge : "";
    const key = `${plan.mode}:${planValue(plan)}:${dodge}:${blocks}`;
    const group = groups.get(key);
    if (group) group.defences.push(choice.defence);
    else
      groups.set(key, {
        defences: [choice.defence],
        plan,
        odds: attackOdds(plan, choice.defence, bonus, { clumsy, dynamicTieRule }),
      });
  }
  return [...groups.values()].sort((x, y) => x.odds.hit - y.odds.hit);
}

// ---- the plan ------------------------------------------------------------------------------------

const message = (key: string, data?: Record<string, string>): DialogMessage => ({
  key: `${KEY}.${key}`,
  ...(data ? { data } : {}),
});

/** The aim the rules allow for the state (a skilled marksman who kept still; ranged attacks only). */
function aimOf(input: AttackDialogInput, state: AttackDialogState, skill: number): number {
  if (input.weapon.range <= 0) return 0;
  return aimBonus({ skill, shooterMoved: !state.still, targetMoved: !state.targetStill });
}

/** One attacked target's band, cover and odds. */
function targetPlan(
  input: AttackDialogInput,
  target: AttackTargetInput,
  state: AttackDialogState,
  bonus: number | null,
  clumsy: boolean,
): TargetPlan {
  const ranged = input.weapon.range > 0;
  const band = !ranged
    ? null
    : target.metres === null
      ? state.band
      : rangeBand(target.metres, input.weapon.range);
  const outOfRange = ranged && band === null;
  return {
    uuid: target.uuid,
    name: target.name,
    metres: target.metres,
    observed: target.observed,
    band,
    outOfRange,
    cover: target.view.cover,
    sustaining: target.view.sustainedAttacks !== null,
    defences:
      bonus === null || outOfRange
        ? []
        : defenceOdds(target.view, {
            ranged,
            band,
            bonus,
            clumsy,
            coverTable: input.coverTable,
            dynamicTieRule: input.dynamicTieRule,
            martialArts: input.skill === "martialArts",
          }),
  };
}

function problemsOf(input: AttackDialogInput, state: AttackDialogState, plan: AttackDialogPlan) {
  const problems: DialogMessage[] = [];
  const { weapon } = input;
  if (plan.bonus === null) problems.push({ key: "POLYVERSE.Tales.Combat.Attack.Refused.CannotAct" });
  if (weapon.broken) problems.push(message("Problem.broken", { weapon: input.weaponName }));
  if (input.sustaining) problems.push(message("Problem.sustaining"));
  if (state.autoBullets > weapon.auto)
    problems.push(
      weapon.auto > 0
        ? message("Problem.autoBullets", { n: String(weapon.auto) })
        : message("Problem.noAuto", { weapon: input.weaponName }),
    );
  if (state.targets.length > 1 && !weapon.spray)
    problems.push(message("Problem.severalTargets", { weapon: input.weaponName }));
  if (state.targets.length > MAX_SPRAY_VICTIMS)
    problems.push(message("Problem.tooManyTargets", { n: String(MAX_SPRAY_VICTIMS) }));
  if (weapon.spray && input.targets.length > 1 && state.targets.length === 0)
    problems.push(message("Problem.noTargetTicked"));
  for (const t of plan.targets)
    if (t.outOfRange)
      problems.push(
        message("Problem.outOfRange", {
          name: t.name,
          metres: formatMetres(t.metres ?? 0),
          max: formatMetres(4 * weapon.range),
        }),
      );
  return problems;
}

function notesOf(input: AttackDialogInput, state: AttackDialogState, plan: AttackDialogPlan) {
  const notes: DialogText[] = [];
  const { weapon } = input;
  if (!input.targets.length) notes.push(message("Note.noTarget"));
  else if (!state.targets.length && !weapon.spray) notes.push(message("Note.untargeted"));
  else if (state.targets.length) notes.push(message("Note.defence"));
  if (plan.ranged && (plan.targets.some((t) => t.metres === null) || !plan.targets.length))
    notes.push(message("Note.unmeasured"));
  if (!plan.ranged) {
    const reach = Math.max(weapon.reach, input.gridMetres ?? 0);
    for (const t of plan.targets)
      if (t.metres !== null && reach > 0 && t.metres > reach + 1e-9)
        notes.push(
          message("Note.beyondReach", {
            name: t.name,
            metres: formatMetres(t.metres),
            reach: formatMetres(reach),
          }),
        );
  }
  const skill = { skill: { key: `POLYVERSE.Tales.Skill.${input.skill}` } };
  if (plan.ranged && state.still && plan.skillValue < 2)
    notes.push({ ...message("Note.aimNeedsSkill", { n: String(plan.skillValue) }), parts: skill });
  else if (plan.ranged && state.still && state.targetStill && plan.skillValue < 4)
    notes.push({ ...message("Note.aimSecondNeedsSkill", { n: String(plan.skillValue) }), parts: skill });
  if (plan.clumsy) notes.push(message("Note.clumsy"));
  if (plan.sprayVictims > 1)
    notes.push(message("Note.spray", { n: String(plan.sprayVictims), minus: String(plan.sprayVictims - 1) }));
  if (state.autoBullets > 0 && state.autoBullets <= weapon.auto)
    notes.push(message("Note.auto", { n: String(state.autoBullets) }));
  return notes;
}

/** With no target: the odds against the band and the cover the roller chose (a shot at nobody's defence). */
function rangeOnly(input: AttackDialogInput, state: AttackDialogState, bonus: number): DefenceOdds {
  const plan: AttackPlan = {
    mode: "dynamic",
    difficulty: rangedDifficulty({ band: state.band, cover: state.cover, coverTable: input.coverTable }),
  };
  const rules = { clumsy: input.weapon.clumsy, dynamicTieRule: input.dynamicTieRule };
  return { defences: ["none"], plan, odds: attackOdds(plan, "none", bonus, rules) };
}

/** What the attack rolls as the state stands: its bonus, each target's band and odds, what stops it. */
export function attackDialogPlan(input: AttackDialogInput, state: AttackDialogState): AttackDialogPlan {
  const { weapon } = input;
  const rule = { criticalWoundRule: input.criticalWoundRule };
  const acts = woundAllowsActing(input.wound);
  const attributeValue = effectiveAttribute(Math.max(0, input.attributeValue), input.wound, rule);
  const skillValue = effectiveSkill(Math.max(0, input.skillValue), input.wound, rule);
  const ranged = weapon.range > 0;
  const aim = aimOf(input, state, skillValue);
  const autoBullets = state.autoBullets;
  const autoModifier =
    autoBullets > 0 && autoBullets <= weapon.auto ? autoFire(weapon.auto, autoBullets).attackModifier : 0;
  const bonus = acts ? attributeValue + skillValue + weapon.modifier + aim + autoModifier : null;
  const clumsy = weapon.clumsy;
  const attacked = input.targets.filter((t) => state.targets.includes(t.uuid));
  const targets = attacked.map((t) => targetPlan(input, t, state, bonus, clumsy));
  const untargeted = ranged && !targets.length && bonus !== null ? rangeOnly(input, state, bonus) : null;
  const plan: AttackDialogPlan = {
    ranged,
    attributeValue,
    skillValue,
    aim,
    autoBullets,
    autoModifier,
    bonus,
    clumsy,
    targets,
    band: ranged && !targets.length ? state.band : null,
    untargeted,
    sprayVictims: Math.max(1, targets.length),
    problems: [],
    notes: [],
  };
  plan.problems = problemsOf(input, state, plan);
  plan.notes = notesOf(input, state, plan);
  return plan;
}

/** A band's difficulty and how far it reaches for a weapon's Range ("close 3, up to 25 m"). */
export function bandReach(band: RangeBand, range: number): { difficulty: number; to: number } {
  const factor = band === "close" ? 1 : band === "medium" ? 2 : 4;
  return { difficulty: RANGE_DIFFICULTY[band], to: factor * range };
}
