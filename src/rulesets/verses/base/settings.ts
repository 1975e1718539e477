/**
 * 'Verses world settings: the rules options the text leaves open (spec §11.1, §11.2), each a real
 * choice between two readings, and the Intoxication rules module. Keys are
 * `polyverse.verses.<name>`; their types are declared in `settings.d.ts`.
 *
 * The table {@link VERSES_SETTINGS} and {@link ruleOptionsFrom} are plain data and code, so the
 * mapping from settings to the rules layer's option objects is unit-tested without Foundry; only
 * {@link registerVersesSettings}, {@link versesSetting} and {@link versesOption} touch `game`.
 */
import { rulesetSettings } from "../../../core/ruleset-settings";
import { defaultValues, settingLabelKeysUnder, type SettingTable } from "../../../core/settings-logic";
import { MAX_POOL, poolCapOf } from "./pool-cap";
import type {
  ArmourPenaltyMode,
  ChainCarryRule,
  ChainOptions,
  DamageLayerOptions,
  DesperateRallyOptions,
  DesperateRallyTrigger,
  EndRoundOptions,
  HealingOptions,
  HealingPoolMode,
  InfluenceOptions,
  InfluenceSixesRule,
  ParryOptions,
  PistolCutlassOptions,
  RiposteChainOptions,
  RiseFromProneOptions,
  SkillPoolOptions,
  SkillfulnessOptions,
  SustainOptions,
} from "../rules";

/** Where the settings' names, hints and choices are in the language file. */
const LABELS = "POLYVERSE.Verses.Settings";

/** Every 'Verses setting's value type, by name (the key is `polyverse.verses.<name>`). */
interface VersesSettingValues {
  /** The Intoxication rules module: the Intoxicated condition and its skills and abilities. */
  intoxication: boolean;
  /** Charm and Intimidate: "If all successes are 6s" (spec §11.2 #4). */
  sixesRule: InfluenceSixesRule;
  /** Which sixes a successful chained action carries (spec §11.2 #7). */
  chainCarry: ChainCarryRule;
  /** A riposte counts 1 toward the weapon's chain limit (spec §11.2 #8). */
  riposteCountsTowardChain: boolean;
  /** A parry may deflect attacks by weapons without the Parry feature (spec §11.2 #6). */
  parryNonParryAttacks: boolean;
  /** Rising from Prone costs at least 1AD even at PRW 5 (spec §11.2 #35). */
  riseMinimumOne: boolean;
  /** The Pistol Cutlass chain limit adds Muzzle-Loading Firearms to Short Blades (spec §11.2 #18). */
  pistolCutlassMuzzleLoading: boolean;
  /** "Skill" in the Healing pool: skill dice, or allocated dice only (spec §11.1 #3). */
  healingPoolMode: HealingPoolMode;
  /** Desperate Rally unbinds all EX when HP first reaches the allocated dice, or at every loss there (spec §11.2 #30). */
  desperateRallyTrigger: DesperateRallyTrigger;
  /** The species' free Language die counts against Skillfulness (spec §11.2 #37). */
  skillfulnessSpeciesLanguage: boolean;
  /** Partial cover, shield and armour together (spec §11.2 #9). */
  coverStacking: NonNullable<DamageLayerOptions["stacking"]>;
  /** Area damage against partial cover and armour (spec §11.2 #13). */
  areaVsPartial: NonNullable<DamageLayerOptions["areaVsPartial"]>;
  /** What the EX-on-injury rule compares with TUF (spec §11.2 #12). */
  exOnInjuryBasis: NonNullable<DamageLayerOptions["exBasis"]>;
  /** A sustained attack's base shot uses a round besides the sustain dice (spec §11.2 #15). */
  sustainBaseShot: boolean;
  /** A grappling move's target may add AD (its Dodge or Parry reservation first) to resist (spec §11.2 #39). */
  grappleDefenderAD: boolean;
  /** The General-skill TEC differential (spec §5.7). */
  tecDifferential: boolean;
  /** When armour's listed PRW PENALTY applies (spec §11.1 #4). */
  armourPenalty: ArmourPenaltyMode;
  /** The world's setting TEC, 1..5 (skill and equipment availability, the TEC differential). */
  settingTec: number;
  /** Turn order is rolled again every round, not once when Fast Action begins (spec §11.2 #1). */
  initiativeEachRound: boolean;
  /** An Await's reserved AD last past the round's end until the actor's next turn (`endRound`). */
  awaitUntilNextTurn: boolean;
  /** The largest pool any roll may have, in dice ({@link MAX_POOL}); larger pools are cut to it. */
  maxPool: number;
}
export type VersesSettingName = keyof VersesSettingValues;

/**
 * The settings, in the order the configuration dialog lists them. Where the text contradicts itself
 * and one reading is what its own worked example does, that reading is the default: the Healing
 * pool's "Skill" is the allocated dice, as the village healer rolls "3 dice allocated to their
 * Medicine skill ... a 4 OL facility ... their 5AD ... a dice pool of 12d6" (the rules function's
 * own default, for callers that pass no option, stays skill dice). Elsewhere defaults follow the
 * rules layer's own defaults (the literal text where it is clear, else the spec's recommendation);
 * the setting TEC defaults to 1, the TEC of the core text's items and of a new actor's native TEC.
 */
export const VERSES_SETTINGS: SettingTable<VersesSettingValues> = {
  intoxication: { type: "boolean", default: false, requiresReload: true },
  settingTec: { type: "number", default: 1, range: { min: 1, max: 5, step: 1 } },
  tecDifferential: { type: "boolean", default: true },
  sixesRule: {
    type: "choice",
    default: "allNetSixes",
    choices: ["allNetSixes", "anyNetSuccess", "netSixesOnly"],
  },
  chainCarry: { type: "choice", default: "netSixes", choices: ["netSixes", "rawSixes"] },
  riposteCountsTowardChain: { type: "boolean", default: true },
  parryNonParryAttacks: { type: "boolean", default: false },
  riseMinimumOne: { type: "boolean", default: false },
  pistolCutlassMuzzleLoading: { type: "boolean", default: true },
  // "The healer has 3 dice allocated to their Medicine skill. Their shop also counts as a 4 OL
  // facility. Adding in their 5AD, they have a dice pool of 12d6": allocated dice only.
  healingPoolMode: { type: "choice", default: "allocatedOnly", choices: ["allocatedOnly", "skillDice"] },
  desperateRallyTrigger: { type: "choice", default: "crossing", choices: ["crossing", "everyReduction"] },
  skillfulnessSpeciesLanguage: { type: "boolean", default: true },
  coverStacking: { type: "choice", default: "splitOnce", choices: ["splitOnce", "outermostOnly"] },
  areaVsPartial: { type: "choice", default: "cover", choices: ["cover", "direct"] },
  exOnInjuryBasis: { type: "choice", default: "taken", choices: ["taken", "incoming"] },
  sustainBaseShot: { type: "boolean", default: false },
  grappleDefenderAD: { type: "boolean", default: false },
  armourPenalty: { type: "choice", default: "always", choices: ["always", "unskilled"] },
  initiativeEachRound: { type: "boolean", default: false },
  awaitUntilNextTurn: { type: "boolean", default: false },
  maxPool: {
    type: "number",
    default: MAX_POOL.default,
    range: { min: MAX_POOL.min, max: MAX_POOL.max, step: 10 },
  },
};

/** i18n keys of a setting's name, hint and choice labels. */
export const settingLabelKeys = (name: VersesSettingName) => settingLabelKeysUnder(LABELS, name);

/** The default of every setting (what an unconfigured world plays). */
export const defaultSettingValues = (): VersesSettingValues => defaultValues(VERSES_SETTINGS);

/** The settings as the rules layer's option objects, one per rules function family. */
interface VersesRuleOptions {
  intoxication: boolean;
  settingTec: number;
  /** `resolveInfluence`. */
  influence: InfluenceOptions;
  /** `afterChainAction`. */
  chain: ChainOptions;
  /** `chainAfterRiposte`. */
  riposteChain: RiposteChainOptions;
  /** `checkParry`. */
  parry: ParryOptions;
  /** `riseFromProneAD` (add the actor's kind and Catlike Grace). */
  riseFromProne: RiseFromProneOptions;
  /** `pistolCutlassChainLimit`. */
  pistolCutlass: PistolCutlassOptions;
  /** Healing (add the supply options the text leaves to the caller). */
  healing: HealingOptions;
  /** `resolveDamage`. */
  damageLayers: DamageLayerOptions;
  /** `maxSustainDice` and ammunition accounting. */
  sustain: SustainOptions;
  /** `skillPool` (pass `settingTec` as the request's `contextTec`). */
  skillPool: SkillPoolOptions;
  /** `armourBurden` (through `deriveLiving`). */
  armour: { armourPenalty: ArmourPenaltyMode };
  /** `desperateRallyUnbindsAll` (through the living actors' `_preUpdate`). */
  desperateRally: DesperateRallyOptions;
  /** `countAllocatedSkills` and `canAllocateSkill` (through `deriveLiving` and the allocation checks). */
  skillfulness: SkillfulnessOptions;
  /** `endRound` (the GM's round change; add the next round's `max`). */
  endRound: EndRoundOptions;
}
type VersesRuleOptionGroup = keyof VersesRuleOptions;

/** Setting values → the rules' option objects (pure). */
export function ruleOptionsFrom(v: VersesSettingValues): VersesRuleOptions {
  return {
    intoxication: v.intoxication,
    settingTec: Math.min(5, Math.max(1, Math.round(v.settingTec))),
    influence: { sixesRule: v.sixesRule },
    chain: { carry: v.chainCarry },
    riposteChain: { carry: v.chainCarry, riposteCounts: v.riposteCountsTowardChain },
    parry: { allowNonParryAttacks: v.parryNonParryAttacks },
    riseFromProne: { minimumOne: v.riseMinimumOne },
    pistolCutlass: { includeMuzzleLoading: v.pistolCutlassMuzzleLoading },
    healing: { poolMode: v.healingPoolMode },
    damageLayers: { stacking: v.coverStacking, areaVsPartial: v.areaVsPartial, exBasis: v.exOnInjuryBasis },
    sustain: { baseShotUnits: v.sustainBaseShot ? 1 : 0 },
    skillPool: { tecDifferential: v.tecDifferential },
    armour: { armourPenalty: v.armourPenalty },
    desperateRally: { trigger: v.desperateRallyTrigger },
    skillfulness: { countSpeciesSkills: v.skillfulnessSpeciesLanguage },
    endRound: { awaitUntilNextTurn: v.awaitUntilNextTurn },
  };
}

// ---- Foundry ---------------------------------------------------------------------------------

const SETTINGS = rulesetSettings("verses", VERSES_SETTINGS, LABELS);

/**
 * Register the 'Verses world settings. Called at init for every registered ruleset (the descriptor's
 * `registerSettings`), so the settings exist whichever ruleset the world plays.
 */
export const registerVersesSettings = (): void => SETTINGS.register();

/**
 * One setting's value, typed; its default before the settings are registered. A stored value that
 * is not one of the choices (a hand-edited world) reads as the default.
 */
export const versesSetting = <K extends VersesSettingName>(name: K): VersesSettingValues[K] =>
  SETTINGS.get(name);

/** Every setting's current value. */
const versesSettingValues = (): VersesSettingValues => SETTINGS.values();

/**
 * The world's choice for one rules function family, in the rules layer's own option shape:
 * `resolveInfluence(..., versesOption("influence"))`, `resolveDamage(..., versesOption("damageLayers"))`,
 * `skillPool(actor, catalog, { ...request, contextTec: versesOption("settingTec") }, versesOption("skillPool"))`.
 */
export function versesOption<K extends VersesRuleOptionGroup>(group: K): VersesRuleOptions[K] {
  return ruleOptionsFrom(versesSettingValues())[group];
}

/**
 * The world's largest pool (setting `maxPool`), within {@link MAX_POOL} whatever is stored: what
 * the pool builder, the AD pool, the roll dialog and the roll itself cut pools to.
 */
export function versesMaxPool(): number {
  return poolCapOf(versesSetting("maxPool"));
}
