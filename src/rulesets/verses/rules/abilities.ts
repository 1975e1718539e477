/**
 * Abilities as data ('Verses Core 0.8.5, "Abilities", "List of Abilities"; Scent Tracking from the
 * Dog stat block, "Animals & Vehicles"; Hollow Leg and the Heightened Metabolism addition from
 * "Intoxication, a 'Verses Rules Module").
 *
 * Each ability is a {@link AbilityDefinition}: the actor kinds it is intrinsic for, its verbatim
 * effect text, and a typed list of {@link AbilityHook}s the Foundry layer applies. The functions
 * below only read that data. "In every effect, allocated dice means the ability's rated value."
 * Pure: no Foundry, no globals.
 */
import { ATTACK_ACTION_IDS } from "./conditions";
import { normalizeKey } from "./skills";
import { type PoolPart } from "./skill-pools";
import { type ActionId, type ActorKind, type AttributeKey, type Checked, refused } from "./types";

/** The 23 core abilities, plus Scent Tracking (Dog) and Hollow Leg (Intoxication module). */
export type AbilityKey =
  | "actionAutopilot"
  | "adrenalineRush"
  | "catlikeGrace"
  | "charmingDemeanor"
  | "desperateRally"
  | "eagleEyed"
  | "healthyImmunity"
  | "heightenedMetabolism"
  | "intenseConcentration"
  | "intimidatingDemeanor"
  | "jackOfAllTrades"
  | "lightningFists"
  | "multitasking"
  | "painTolerance"
  | "perfectPitch"
  | "physicalConditioning"
  | "quickReflexes"
  | "spatialSensitivity"
  | "socialButterfly"
  | "sturdy"
  | "tacticalAwareness"
  | "temporalSensitivity"
  | "uncannyLuck"
  | "scentTracking"
  | "hollowLeg";

/**
 * What a test is about, beyond its action and attributes. The Foundry layer tags a pool with
 * these when the GM or the roll dialog says so (the text's phrases are in the comments).
 */
export type PoolTag =
  | "balance" // "tests involving PRW to maintain balance"
  | "fullBodyAthletic" // "or accomplish a full-body athletic task"
  | "fineMotor" // "tests involving PRW for fine-motor tasks"
  | "vision" // "non-attack tests involving vision or visual acuity"
  | "music" // "any test involving musical abilities"
  | "vocalImitation" // "or vocal imitation"
  | "navigation" // "tests involving navigation"
  | "volumeEstimation" // "volume estimation"
  | "indirectAttack" // "and indirect attacks"
  | "timing" // "tests that involve precise timing"
  | "timeEstimation" // "or estimating the passage of time"
  | "movingTarget" // "weapon attacks against moving targets"
  | "connectedness" // "tests involving Connectedness (CN)"
  | "resistSickened" // "any tests to resist the Sickened condition"
  | "resistIntoxication" // "any tests to resist intoxication" (Intoxication module)
  | "intimidate" // "attempts to intimidate"
  | "frighten" // "or frighten a target"
  | "unarmed" // "unarmed attacks and parries"
  | "scent"; // "attempts to track or distinguish objects by scent"

/**
 * The attack actions ("Actions"; a weapon attack is a Use of the weapon), the riposte included:
 * "Weapons that have both the Fast and Parry properties allow chaining a fast counter-attack known
 * as a riposte" ("Riposte"). The same list as the conditions' ({@link ATTACK_ACTION_IDS}), so an
 * ability's "attacks" and a condition's "cannot attack" mean the same actions.
 */
export const ATTACK_ACTIONS: readonly ActionId[] = ATTACK_ACTION_IDS;

/** A pool (a test, a contest, a maintenance roll ...) that ability dice may join. */
export interface PoolContext {
  action?: ActionId;
  /** The core attributes the test involves. */
  attributes?: readonly AttributeKey[];
  tags?: readonly PoolTag[];
  /** Names of the skills tested (Method of Loci, Music, Strategy & Tactics). */
  skills?: readonly string[];
  /** Whether the test happens during Fast Action. */
  fastAction?: boolean;
  /** A maintenance roll of a Continuous Test (also implied by the `maintain` action). */
  maintenance?: boolean;
  /** The tested skill is unallocated (Jack of All Trades). */
  unallocatedSkill?: boolean;
  /** The attack's range in metres. */
  rangeM?: number;
  /** The actor's current HP (Desperate Rally). */
  hp?: number;
}

/** A declarative condition on a {@link PoolContext}: data, so the Foundry layer can store it. */
export type PoolCondition =
  | { kind: "action"; actions: readonly ActionId[] }
  | { kind: "attack" }
  | { kind: "attribute"; attribute: AttributeKey }
  | { kind: "tag"; tag: PoolTag }
  | { kind: "skill"; skill: string }
  | { kind: "maintenance" }
  | { kind: "fastAction"; value: boolean }
  | { kind: "unallocatedSkill" }
  | { kind: "rangeOver"; metres: number }
  | { kind: "hpAtMostAllocated" }
  | { kind: "always" }
  | { kind: "all"; of: readonly PoolCondition[] }
  | { kind: "any"; of: readonly PoolCondition[] }
  | { kind: "not"; of: PoolCondition };

/**
 * A mechanical effect of an ability. `allocated` below is the ability's allocated dice.
 * - `addDice`: `multiplier × allocated` dice join pools matching `when` (`optional`: the text says
 *   "may"; `exCost`: using it binds that many EX, Intense Concentration).
 * - `useAsAd`: the dice stand in for AD (`inPlaceOf`: Multitasking) or may also be added
 *   (`inAdditionOrInPlaceOf`: Heightened Metabolism); `bindsUsedDice`: used dice become EX-bound
 *   until Rest.
 * - `unbindExOnSuccess`: after a successful test with SM ≥ `minMargin`, unbind `allocated + plus` EX.
 * - `unbindAllExAtLowHp`: when HP is reduced to ≤ `allocated`, all EX is unbound.
 * - `injuryExThreshold`: the EX-on-injury threshold is TUF + `allocated` instead of TUF.
 * - `skipMaintenanceWhenUnhurt`: hit while maintaining a Continuous Test with no HP damage: no maintenance roll.
 * - `hpTufBonus`: `allocated` is added to TUF for the HP formula.
 * - `rerollOnes`: after any roll, re-roll up to `allocated` 1s, `times` time(s), keeping the new faces.
 * - `turnOrderShift`: after turn order is rolled, spend allocated dice to move `positionsPerDie` per die.
 * - `riseCostReduction`: the AD cost of rising from Prone is reduced by `allocated`, to `minimum`.
 * - `noMoveExhaustion`: spending all AD on Move in one turn binds no EX.
 * - `ignoreDistraction`: unaffected by distractions on tests of `attribute` outside Fast Action.
 * - `chainLimit`: `allocated` is added to the named chain limit (no core ability has it; for expansions).
 */
export type AbilityHook =
  | { kind: "addDice"; when: PoolCondition; multiplier: number; optional: boolean; exCost?: number }
  | {
      kind: "useAsAd";
      when: PoolCondition;
      mode: "inPlaceOf" | "inAdditionOrInPlaceOf";
      bindsUsedDice: boolean;
    }
  | { kind: "unbindExOnSuccess"; minMargin: number; plus: number }
  | { kind: "unbindAllExAtLowHp" }
  | { kind: "injuryExThreshold" }
  | { kind: "skipMaintenanceWhenUnhurt" }
  | { kind: "hpTufBonus" }
  | { kind: "rerollOnes"; times: number }
  | { kind: "turnOrderShift"; positionsPerDie: number }
  | { kind: "riseCostReduction"; minimum: number }
  | { kind: "noMoveExhaustion" }
  | { kind: "ignoreDistraction"; attribute: AttributeKey; outsideFastAction: boolean }
  | { kind: "chainLimit"; chain: string };

/** Where an ability is defined. */
export type AbilitySource = "core" | "animal" | "intoxication";

/**
 * An ability as data ("Abilities"): "Abilities may be intrinsic (innate) or extrinsic (an external
 * or additional system added to the actor)". `intrinsicFor` lists the actor kinds that may take it
 * as intrinsic with refinement dice; "Any intrinsic ability may also be extrinsic" (granted by an
 * object, for any actor kind).
 */
export interface AbilityDefinition {
  key: AbilityKey;
  name: string;
  intrinsicFor: readonly ActorKind[];
  source: AbilitySource;
  /** The effect text, verbatim. */
  text: string;
  hooks: readonly AbilityHook[];
}

const ALL_KINDS: readonly ActorKind[] = ["biological", "construct", "incorporeal"];
const always: PoolCondition = { kind: "always" };
const action = (...actions: ActionId[]): PoolCondition => ({ kind: "action", actions });
const tag = (t: PoolTag): PoolCondition => ({ kind: "tag", tag: t });
const attr = (attribute: AttributeKey): PoolCondition => ({ kind: "attribute", attribute });
const all = (...of: PoolCondition[]): PoolCondition => ({ kind: "all", of });
const any = (...of: PoolCondition[]): PoolCondition => ({ kind: "any", of });
const not = (of: PoolCondition): PoolCondition => ({ kind: "not", of });
const attack: PoolCondition = { kind: "attack" };
const maintenance: PoolCondition = { kind: "maintenance" };
const add = (when: PoolCondition, optional = true): AbilityHook => ({
  kind: "addDice",
  when,
  multiplier: 1,
  optional,
});

const definitions: readonly AbilityDefinition[] = [
  {
    key: "actionAutopilot",
    name: "Action Autopilot",
    intrinsicFor: ALL_KINDS,
    source: "core",
    text: "Allocated dice may be added to any maintenance rolls for Continuous Tests.",
    hooks: [add(maintenance)],
  },
  {
    key: "adrenalineRush",
    name: "Adrenaline Rush",
    intrinsicFor: ["biological"],
    source: "core",
    text: "Immediately after any successful test with a SM of 4 or higher, unbind a number of EX equal to the number of allocated dice plus 1.",
    hooks: [{ kind: "unbindExOnSuccess", minMargin: 4, plus: 1 }],
  },
  {
    key: "catlikeGrace",
    name: "Catlike Grace",
    intrinsicFor: ["biological"],
    source: "core",
    text: "Allocated dice may be added to the dice pool for any Dodge actions or any tests involving PRW to maintain balance or accomplish a full-body athletic task (does not include attacks or parries). The AD cost of rising from the Prone state is reduced by the number of allocated dice, to a minimum of 1AD.",
    hooks: [
      add(
        any(
          action("dodge"),
          all(
            attr("prw"),
            any(tag("balance"), tag("fullBodyAthletic")),
            not(any(attack, action("parry", "riposte"))),
          ),
        ),
      ),
      { kind: "riseCostReduction", minimum: 1 },
    ],
  },
  {
    key: "charmingDemeanor",
    name: "Charming Demeanor",
    intrinsicFor: ["biological"],
    source: "core",
    text: "Apply any allocated dice to any test involving SOC except attempts to intimidate or frighten a target.",
    hooks: [add(all(attr("soc"), not(any(action("intimidate"), tag("intimidate"), tag("frighten")))), false)],
  },
  {
    key: "desperateRally",
    name: "Desperate Rally",
    intrinsicFor: ["biological"],
    source: "core",
    text: "When HP is reduced to equal to or less than the number of allocated dice, all EX is unbound. While HP is equal to or less than the number of allocated dice, allocated dice may be added to any actions during Fast Action.",
    hooks: [
      { kind: "unbindAllExAtLowHp" },
      add(all({ kind: "fastAction", value: true }, { kind: "hpAtMostAllocated" })),
    ],
  },
  {
    key: "eagleEyed",
    name: "Eagle Eyed",
    intrinsicFor: ALL_KINDS,
    source: "core",
    text: "Add any allocated dice to any Watch action, any attacks at a range of greater than 20 meters, and any non-attack tests involving vision or visual acuity.",
    hooks: [
      add(
        any(action("watch"), all(attack, { kind: "rangeOver", metres: 20 }), all(tag("vision"), not(attack))),
        false,
      ),
    ],
  },
  {
    key: "healthyImmunity",
    name: "Healthy Immunity",
    intrinsicFor: ["biological"],
    source: "core",
    text: "Add any allocated dice to any tests to resist the Sickened condition. Allocated dice may be added to any Survival Roll.",
    hooks: [add(tag("resistSickened"), false), add(action("survival"))],
  },
  {
    key: "heightenedMetabolism",
    name: "Heightened Metabolism",
    intrinsicFor: ["biological"],
    source: "core",
    text: "Any allocated dice may be used in addition to or in place of action dice. Once used in this way, allocated dice are treated as EX-bound until they are recovered through the Rest action. Allocated dice that are not EX-bound may be added to any Survival Roll. (Intoxication module: Allocated dice that are not EX-bound may be added to any tests to resist intoxication.)",
    hooks: [
      { kind: "useAsAd", when: always, mode: "inAdditionOrInPlaceOf", bindsUsedDice: true },
      add(any(action("survival"), tag("resistIntoxication"))),
    ],
  },
  {
    key: "intenseConcentration",
    name: "Intense Concentration",
    intrinsicFor: ["biological", "incorporeal"],
    source: "core",
    text: "Apply any allocated dice to any maintenance rolls for Continuous Tests involving SMR. Outside of Fast Action, actors may apply two times the allocated dice to any Test or Contest involving SMR. Using this feature binds 1 EX.",
    hooks: [
      add(all(maintenance, attr("smr")), false),
      {
        kind: "addDice",
        when: all({ kind: "fastAction", value: false }, attr("smr")),
        multiplier: 2,
        optional: true,
        exCost: 1,
      },
    ],
  },
  {
    key: "intimidatingDemeanor",
    name: "Intimidating Demeanor",
    intrinsicFor: ["biological"],
    source: "core",
    text: "Apply any allocated dice to any influence actions attempting to intimidate a target.",
    hooks: [add(any(action("intimidate"), tag("intimidate")), false)],
  },
  {
    key: "jackOfAllTrades",
    name: "Jack of All Trades",
    intrinsicFor: ["biological", "incorporeal"],
    source: "core",
    text: "Whenever attempting to use an unallocated skill, any allocated dice may be added to the dice pool.",
    hooks: [add({ kind: "unallocatedSkill" })],
  },
  {
    key: "lightningFists",
    name: "Lightning Fists",
    intrinsicFor: ["biological", "construct"],
    source: "core",
    text: "Add any allocated dice to unarmed attacks and parries.",
    hooks: [add(all(tag("unarmed"), any(attack, action("parry"))), false)],
  },
  {
    key: "multitasking",
    name: "Multitasking",
    intrinsicFor: ["biological", "incorporeal"],
    source: "core",
    text: "During Fast Action, use any allocated dice in place of an equivalent number of unbound AD for the Maintain a Test action, or for any Test or Contest involving SMR. Outside of Fast Action, actors are unaffected by distractions for any Test or Contest involving SMR.",
    hooks: [
      {
        kind: "useAsAd",
        when: all({ kind: "fastAction", value: true }, any(action("maintain"), attr("smr"))),
        mode: "inPlaceOf",
        bindsUsedDice: false,
      },
      { kind: "ignoreDistraction", attribute: "smr", outsideFastAction: true },
    ],
  },
  {
    key: "painTolerance",
    name: "Pain Tolerance",
    intrinsicFor: ["biological"],
    source: "core",
    text: "If you are hit by an attack while maintaining a Continuous Test and you take no HP damage, you do not have to make a maintenance roll. When injured, 1AD is EX-bound only if the amount of damage taken is higher than TUF + allocated dice, instead of TUF alone.",
    hooks: [{ kind: "skipMaintenanceWhenUnhurt" }, { kind: "injuryExThreshold" }],
  },
  {
    key: "perfectPitch",
    name: "Perfect Pitch",
    intrinsicFor: ALL_KINDS,
    source: "core",
    text: "Allocated dice may be added to any test involving musical abilities or vocal imitation.",
    hooks: [add(any(tag("music"), tag("vocalImitation")))],
  },
  {
    key: "physicalConditioning",
    name: "Physical Conditioning",
    intrinsicFor: ["biological"],
    source: "core",
    text: "Using all AD for the Move action in one turn does not EX-bind AD. Allocated dice may be added to the dice pool for any Rest actions. Allocated dice may be added to any Survival Roll.",
    hooks: [{ kind: "noMoveExhaustion" }, add(action("rest", "survival"))],
  },
  {
    key: "quickReflexes",
    name: "Quick Reflexes",
    intrinsicFor: ["biological"],
    source: "core",
    text: "Allocated dice may be added to the dice pool for any Parry or Use actions or tests involving PRW for fine-motor tasks (including attacks).",
    hooks: [add(any(action("parry", "use"), attack, all(attr("prw"), tag("fineMotor"))))],
  },
  {
    key: "spatialSensitivity",
    name: "Spatial Sensitivity",
    intrinsicFor: ["biological", "construct"],
    source: "core",
    text: "Allocated dice may be added to tests involving navigation, volume estimation, and indirect attacks. Allocated dice may also be applied to tests of the skill Method of Loci.",
    hooks: [
      add(
        any(tag("navigation"), tag("volumeEstimation"), tag("indirectAttack"), {
          kind: "skill",
          skill: "Method of Loci",
        }),
      ),
    ],
  },
  {
    key: "socialButterfly",
    name: "Social Butterfly",
    intrinsicFor: ["biological", "construct"],
    source: "core",
    text: "Allocated dice may be added to tests involving Connectedness (CN).",
    hooks: [add(tag("connectedness"))],
  },
  {
    key: "sturdy",
    name: "Sturdy",
    intrinsicFor: ["biological", "construct"],
    source: "core",
    text: "Add allocated dice to TUF for purposes of HP calculation.",
    hooks: [{ kind: "hpTufBonus" }],
  },
  {
    key: "tacticalAwareness",
    name: "Tactical Awareness",
    intrinsicFor: ["biological", "incorporeal"],
    source: "core",
    text: "After all actors in fast action have rolled for turn order, the actor can spend any number of allocated dice to increase or decrease their position in the turn order by one position per die.",
    hooks: [{ kind: "turnOrderShift", positionsPerDie: 1 }],
  },
  {
    key: "temporalSensitivity",
    name: "Temporal Sensitivity",
    intrinsicFor: ALL_KINDS,
    source: "core",
    text: "Allocated dice may be added to tests that involve precise timing or estimating the passage of time, including tests of Music, Strategy & Tactics, and weapon attacks against moving targets at ranges greater than 30m.",
    hooks: [
      add(
        any(
          tag("timing"),
          tag("timeEstimation"),
          { kind: "skill", skill: "Music" },
          { kind: "skill", skill: "Strategy & Tactics" },
          all(attack, tag("movingTarget"), { kind: "rangeOver", metres: 30 }),
        ),
      ),
    ],
  },
  {
    key: "uncannyLuck",
    name: "Uncanny Luck",
    intrinsicFor: ["biological", "incorporeal"],
    source: "core",
    text: "When any dice pool is rolled, the actor may re-roll a number of resulting 1s equal to the number of allocated dice one time, using whatever value results from the re-roll.",
    hooks: [{ kind: "rerollOnes", times: 1 }],
  },
  {
    key: "scentTracking",
    name: "Scent Tracking",
    // The Dog stat block does not list actor kinds; its only holder, the dog, is biological.
    intrinsicFor: ["biological"],
    source: "animal",
    text: "All dice are added to any attempts to track or distinguish objects by scent.",
    hooks: [add(tag("scent"), false)],
  },
  {
    key: "hollowLeg",
    name: "Hollow Leg",
    intrinsicFor: ["biological"],
    source: "intoxication",
    text: "Allocated dice are added to any tests to resist intoxication.",
    hooks: [add(tag("resistIntoxication"), false)],
  },
];

/** Every ability by key: the 23 core abilities, Scent Tracking and Hollow Leg. */
export const ABILITIES: Readonly<Record<AbilityKey, AbilityDefinition>> = Object.fromEntries(
  definitions.map((d) => [d.key, d]),
) as Record<AbilityKey, AbilityDefinition>;

/** The keys of the 23 core abilities, in the text's order ("List of Abilities"). */
export const CORE_ABILITY_KEYS: readonly AbilityKey[] = definitions
  .filter((d) => d.source === "core")
  .map((d) => d.key);

/** Look an ability up by key or by name ("Scent Tracking", "scentTracking", "scent-tracking"). */
export function findAbility(
  keyOrName: string,
  catalog: readonly AbilityDefinition[] = definitions,
): AbilityDefinition | undefined {
  const k = normalizeKey(keyOrName);
  return catalog.find((d) => normalizeKey(d.key) === k || normalizeKey(d.name) === k);
}

/**
 * Whether an actor of a kind may take an ability as intrinsic (with refinement dice): "intrinsic
 * for biologicals constructs incorporeals" lists the kinds. Extrinsic grants (objects) are not
 * restricted: "Any intrinsic ability may also be extrinsic".
 */
export function canTakeIntrinsic(ability: AbilityDefinition, kind: ActorKind): Checked<AbilityDefinition> {
  if (ability.intrinsicFor.includes(kind)) return { ok: true, value: ability };
  return refused("intrinsicOnly", { ability: ability.name, kinds: ability.intrinsicFor.join(", "), kind });
}

/**
 * An ability on an actor: its allocated dice, whether it comes from an object (extrinsic), and how
 * many of its own dice are EX-bound (Heightened Metabolism: "treated as EX-bound until they are
 * recovered through the Rest action").
 */
export interface AbilityAllocation {
  key: string;
  dice: number;
  extrinsic?: boolean;
  exBound?: number;
}

/** Abilities as a list of allocations or as a record `{ key: dice }`. */
export type AbilityAllocations = readonly AbilityAllocation[] | Readonly<Record<string, number>>;

function toAllocations(abilities: AbilityAllocations): readonly AbilityAllocation[] {
  if (Array.isArray(abilities)) return abilities as readonly AbilityAllocation[];
  return Object.entries(abilities as Readonly<Record<string, number>>).map(([key, dice]) => ({ key, dice }));
}

/**
 * The dice of an ability usable now: allocated minus its own EX-bound dice ("Action dice which
 * are EX-bound cannot be used in any rolls"). Several grants of one ability (intrinsic and
 * extrinsic) do not stack: the best one counts (INFERENCE: the text does not combine them).
 */
export function abilityDice(abilities: AbilityAllocations, keyOrName: string): number {
  const k = normalizeKey(keyOrName);
  const def = findAbility(keyOrName);
  let best = 0;
  for (const a of toAllocations(abilities)) {
    const ak = normalizeKey(a.key);
    if (ak !== k && (def === undefined || (ak !== normalizeKey(def.key) && ak !== normalizeKey(def.name))))
      continue;
    best = Math.max(best, Math.max(0, a.dice - Math.max(0, a.exBound ?? 0)));
  }
  return best;
}

/** Whether a {@link PoolCondition} holds for a context, for an ability with `allocated` dice. */
export function poolConditionHolds(
  condition: PoolCondition,
  context: PoolContext,
  allocated: number,
): boolean {
  switch (condition.kind) {
    case "always":
      return true;
    case "action":
      return context.action !== undefined && condition.actions.includes(context.action);
    case "attack":
      return context.action !== undefined && ATTACK_ACTIONS.includes(context.action);
    case "attribute":
      return (context.attributes ?? []).includes(condition.attribute);
    case "tag":
      return (context.tags ?? []).includes(condition.tag);
    case "skill":
      return (context.skills ?? []).some((s) => normalizeKey(s) === normalizeKey(condition.skill));
    case "maintenance":
      return context.maintenance === true || context.action === "maintain";
    case "fastAction":
      return (context.fastAction ?? false) === condition.value;
    case "unallocatedSkill":
      return context.unallocatedSkill === true;
    case "rangeOver":
      return context.rangeM !== undefined && context.rangeM > condition.metres;
    case "hpAtMostAllocated":
      return context.hp !== undefined && context.hp <= allocated;
    case "all":
      return condition.of.every((c) => poolConditionHolds(c, context, allocated));
    case "any":
      return condition.of.some((c) => poolConditionHolds(c, context, allocated));
    case "not":
      return !poolConditionHolds(condition.of, context, allocated);
  }
}

/** How ability dice join a pool. */
export type AbilityDiceUse = "add" | "inPlaceOfAd" | "inAdditionOrInPlaceOfAd";

/**
 * Ability dice that may join a pool. It is also a {@link PoolPart}: pass the `use: "add"` ones (that
 * the player takes, when `optional`) in `skillPool`'s `extra`. `inPlaceOfAd` dice replace that many
 * AD in the pool instead (Multitasking); `inAdditionOrInPlaceOfAd` dice may do either and then
 * become EX-bound (Heightened Metabolism).
 */
export interface AbilityContribution extends PoolPart {
  key: AbilityKey;
  source: "ability";
  use: AbilityDiceUse;
  /** The text says "may": the player chooses. */
  optional: boolean;
  /** EX bound by using it (Intense Concentration's doubled dice: 1). */
  exCost: number;
  /** Dice used this way become EX-bound until Rest (Heightened Metabolism). */
  bindsUsedDice: boolean;
}

/**
 * Which allocated ability dice join a pool: every `addDice` and `useAsAd` hook whose condition
 * holds. An ability joins a pool once: when several of its clauses hold, the one giving the most
 * dice counts (Intense Concentration outside Fast Action on an SMR maintenance roll: 2 ×
 * allocated). Unknown abilities (expansions not in `catalog`) are ignored.
 * Example: Desperate Rally 1 at 1 HP during Fast Action adds 1 die to any action.
 */
export function abilityDiceFor(
  context: PoolContext,
  abilities: AbilityAllocations,
  catalog: readonly AbilityDefinition[] = definitions,
): AbilityContribution[] {
  const out: AbilityContribution[] = [];
  const done = new Set<AbilityKey>();
  for (const a of toAllocations(abilities)) {
    const def = findAbility(a.key, catalog);
    if (!def || done.has(def.key)) continue;
    done.add(def.key);
    const allocated = abilityDice(abilities, def.key);
    if (allocated <= 0) continue;
    let best: AbilityContribution | undefined;
    for (const hook of def.hooks) {
      let candidate: AbilityContribution | undefined;
      if (hook.kind === "addDice" && poolConditionHolds(hook.when, context, allocated)) {
        candidate = {
          key: def.key,
          label: def.name,
          dice: hook.multiplier * allocated,
          source: "ability",
          use: "add",
          optional: hook.optional,
          exCost: hook.exCost ?? 0,
          bindsUsedDice: false,
        };
      } else if (hook.kind === "useAsAd" && poolConditionHolds(hook.when, context, allocated)) {
        candidate = {
          key: def.key,
          label: def.name,
          dice: allocated,
          source: "ability",
          use: hook.mode === "inPlaceOf" ? "inPlaceOfAd" : "inAdditionOrInPlaceOfAd",
          optional: true,
          exCost: 0,
          bindsUsedDice: hook.bindsUsedDice,
        };
      }
      if (
        candidate &&
        (!best || candidate.dice > best.dice || (candidate.dice === best.dice && candidate.use === "add"))
      )
        best = candidate;
    }
    if (best) out.push(best);
  }
  return out;
}

function hookDice(abilities: AbilityAllocations, kind: AbilityHook["kind"]): number {
  let total = 0;
  for (const def of definitions) {
    if (def.hooks.some((h) => h.kind === kind)) total += abilityDice(abilities, def.key);
  }
  return total;
}

/** Sturdy: the dice added to TUF "for purposes of HP calculation" (TV-C18: Sturdy 2, TUF 2 → HP (2 + 2) × 5 = 20). */
export function hpTufBonus(abilities: AbilityAllocations): number {
  return hookDice(abilities, "hpTufBonus");
}

/**
 * The damage a biological actor can take in one blow without binding 1 EX ("Damage & Recovery";
 * Pain Tolerance): TUF, or "TUF + allocated dice" with Pain Tolerance (TV-C28: TUF 2, Pain
 * Tolerance 1 → 3, so 3 damage binds no EX). `damage-layers.ts` (`exFromInjury`) applies the rule;
 * this reads the threshold from the ability data for the sheet.
 */
export function injuryExThreshold(tuf: number, abilities: AbilityAllocations): number {
  return tuf + hookDice(abilities, "injuryExThreshold");
}

/**
 * Adrenaline Rush: "Immediately after any successful test with a SM of 4 or higher, unbind a number
 * of EX equal to the number of allocated dice plus 1." Returns the EX to unbind (TV-C27: Adrenaline
 * Rush 1, SM 4 → 2).
 */
export function exUnboundOnSuccess(
  outcome: { success: boolean; margin: number },
  abilities: AbilityAllocations,
): number {
  let total = 0;
  for (const def of definitions) {
    const allocated = abilityDice(abilities, def.key);
    if (allocated <= 0) continue;
    for (const h of def.hooks) {
      if (h.kind === "unbindExOnSuccess" && outcome.success && outcome.margin >= h.minMargin)
        total += allocated + h.plus;
    }
  }
  return total;
}

/**
 * When Desperate Rally unbinds all EX. The ability's two sentences read against each other: "When HP
 * is reduced to equal to or less than the number of allocated dice, all EX is unbound" is an event
 * (HP *reaching* the threshold), while "While HP is equal to or less than the number of allocated
 * dice, allocated dice may be added" is the state that follows; but every later loss while low is
 * also "HP ... reduced to" a value at or below the dice. The text gives no example.
 * - `"crossing"` (default, spec §11.2 #30): only when HP goes from above the allocated dice to at or
 *   below them; the rally is the moment the actor is brought low, and the "While" sentence covers
 *   the rest of the time spent there.
 * - `"everyReduction"`: every HP loss that leaves HP at or below the allocated dice unbinds all EX
 *   again (the "When" sentence applied to each reduction).
 */
export type DesperateRallyTrigger = "crossing" | "everyReduction";

/** Options of {@link desperateRallyUnbindsAll}. */
export interface DesperateRallyOptions {
  /** See {@link DesperateRallyTrigger}. Default `"crossing"`. */
  trigger?: DesperateRallyTrigger;
}

/** Desperate Rally: whether an HP change unbinds all EX ("When HP is reduced to equal to or less than the number of allocated dice, all EX is unbound"). */
export function desperateRallyUnbindsAll(
  hpBefore: number,
  hpAfter: number,
  abilities: AbilityAllocations,
  options: DesperateRallyOptions = {},
): boolean {
  const allocated = abilityDice(abilities, "desperateRally");
  if (allocated <= 0 || hpAfter >= hpBefore || hpAfter > allocated) return false;
  return options.trigger === "everyReduction" || hpBefore > allocated;
}
