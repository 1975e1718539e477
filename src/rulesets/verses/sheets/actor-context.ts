/**
 * The template context of the 'Verses character and creature sheet, Foundry-free: the sheet's
 * `_prepareContext` gathers plain data (the actor's prepared `system`, its items as plain objects,
 * whether the user may edit) and calls {@link buildActorSheetContext}; the unit tests and the
 * browser fixtures call the same function, so what they check is what the sheet shows.
 *
 * Every number comes from the derivation (`deriveLiving`) and the pool assembly (`assemblePool`)
 * the rolls use, so a pool shown beside a skill is the pool its button rolls (before AD).
 */
import { sheetAmmo } from "../attack/ammo-logic";
import {
  ARMOUR_SKILLS,
  ATTRIBUTE_KEYS,
  CHARACTER_TRAITS,
  CREATION_PROMPTS,
  DERIVED_KEYS,
  abilityAllocation,
  defaultChain,
  formatAdvancement,
  formatFormula,
  formatSkillRef,
  normalizeKey,
  sameSkill,
  skillAllocation,
  speciesFormula,
  unallocatedDice,
  advancementMeasure,
  type ActionId,
  type ActorKind,
  type AdvancementRecord,
  type AttributeKey,
  type DerivedKey,
  type SkillActor,
  type SkillDefault,
  type SkillRef,
  type TraitCategory,
} from "../rules";
import { itemLoadKg, type SkillSource } from "../data/convert";
import type { LivingDerived, LivingSource } from "../data/living";
import { assemblePool, type AssembledPool, type PoolRequest } from "../data/pools";
import type { PoolPart } from "../rolls/pool-view";
import {
  influencePoolParts,
  planConnectedness,
  planSurvival,
  recoveryOptions,
  type OwnedItem,
  type PoolWorld,
  type StoredContinuous,
} from "../rolls/special-logic";
import { attackRequest, featuresText, naturalAttack, parryRating } from "../rolls/weapon-modes";

// ---- input -----------------------------------------------------------------------------------

/** The stored fields of a character or creature the sheet shows besides the living ones. */
export interface ActorDetailsSource {
  nativeTec: number;
  advancement: AdvancementRecord;
  details: {
    biography: string;
    traits: Record<"groupA" | "groupB", Record<TraitCategory, string>>;
    prompts: readonly string[];
    wealth: number;
    socialRank: number;
    languages: readonly string[];
  };
}

/** The prepared `system` of a character or creature: stored source plus derived values. */
export type VersesActorSystem = LivingSource & LivingDerived & ActorDetailsSource;

/** An embedded item as plain data. */
export interface SheetItem {
  id: string;
  name: string;
  type: string;
  img: string;
  system: Record<string, unknown>;
}

/** Text for a key, with `{placeholders}` filled from `data` (Foundry's `localize`/`format`). */
export type Localize = (key: string, data?: Record<string, string>) => string;

export interface ActorSheetInput {
  name: string;
  img: string;
  /** `verses-character` or `verses-creature`. */
  type: string;
  system: VersesActorSystem;
  items: readonly SheetItem[];
  /** The user may change the actor (inputs and item controls are enabled). */
  editable: boolean;
  /** The primary tab shown. */
  activeTab?: string;
  /** The biography enriched for display (the sheet enriches it with TextEditor). */
  biographyHTML?: string;
  /** The continuous tests and healing courses kept on the actor (`flags.polyverse.continuous`). */
  continuous?: readonly StoredContinuous[];
  /**
   * The world the pools are assembled in (setting TEC, the compendium's skill catalog), so that a
   * pool shown is the pool rolled. Absent: the actor's own skills and native TEC only.
   */
  world?: PoolWorld;
  localize: Localize;
}

// ---- constants -------------------------------------------------------------------------------

const ROOT = "POLYVERSE.Verses.ActorSheet";

/** The primary tabs, in order. */
export const ACTOR_SHEET_TABS = [
  "attributes",
  "skills",
  "abilities",
  "combat",
  "inventory",
  "advancement",
  "biography",
] as const;
export type ActorSheetTab = (typeof ACTOR_SHEET_TABS)[number];

const PHYSICAL_TYPES = ["verses-weapon", "verses-armour", "verses-ammunition", "verses-gear"] as const;

/** Items a creation button adds from each tab. */
const CREATE_TYPES = {
  skills: ["verses-skill"],
  abilities: ["verses-ability"],
  combat: ["verses-weapon", "verses-armour"],
  inventory: ["verses-weapon", "verses-armour", "verses-ammunition", "verses-gear"],
} as const;

const TRAIT_CATEGORIES: readonly TraitCategory[] = ["mental", "functional", "social", "physical"];

/** HP up to this many are shown as pips, more as a bar. */
const MAX_PIPS = 20;

/** Reasons that forbid every action (so skill and attribute tests too). */
const ALL_ACTION_REASONS = new Set(["moribund.survivalOnly", "unconscious.noActions", "immobilized.full"]);

/** The forbidden-action reasons the sheet explains (the rules' `ForbiddenReason`). */
export const FORBIDDEN_REASON_KEYS = [
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
] as const;

// ---- helpers ---------------------------------------------------------------------------------

const num = (v: unknown, fallback = 0): number =>
  typeof v === "number" && Number.isFinite(v) ? v : fallback;
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const bool = (v: unknown): boolean => v === true;

/** A dice change as the text prints it: "+1", "−2" (a true minus sign), "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${Math.abs(n)}` : "0";
}

/** Kilograms, at most three decimals, without trailing zeros. */
export function formatKg(kg: number): string {
  return String(Math.round(kg * 1000) / 1000);
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: "base" });

/** The reference a skill item is rolled by (as `rollSkill` builds it). */
export function skillItemRef(item: { name: string; system: Record<string, unknown> }): string {
  const s = item.system as unknown as Pick<SkillSource, "skill" | "spec">;
  const family = str(s.skill) || item.name;
  return s.spec ? `${family} » ${s.spec}` : family;
}

function skillActorOf(system: VersesActorSystem): SkillActor {
  const abilities: Record<string, number> = {};
  for (const a of system.abilities) abilities[a.key] = Math.max(abilities[a.key] ?? 0, a.dice);
  return {
    attributes: system.effective,
    abilities,
    skills: system.skills,
    ...(system.nativeTec ? { nativeTec: system.nativeTec } : {}),
  };
}

/** A forbidden action's explanation, or null when it is allowed. */
function forbiddenText(
  system: VersesActorSystem,
  actions: readonly ActionId[],
  localize: Localize,
  ignore: (reason: string) => boolean = () => false,
): string | null {
  for (const action of actions) {
    const reason = system.forbidden[action];
    if (reason && !ignore(reason)) {
      const known = (FORBIDDEN_REASON_KEYS as readonly string[]).includes(reason);
      return known
        ? localize(`${ROOT}.Forbidden.${reason}`)
        : localize(`${ROOT}.Forbidden.Unknown`, { reason });
    }
  }
  return null;
}

/** Attribute and skill tests: refused only by conditions that forbid every action. */
function testForbidden(system: VersesActorSystem, localize: Localize): string | null {
  return forbiddenText(system, ["use"], localize, (reason) => !ALL_ACTION_REASONS.has(reason));
}

/** A pool as the sheet shows it: dice, whether it can be rolled, and its breakdown as text. */
export interface PoolSummary {
  dice: number;
  usable: boolean;
  reason: string;
  parts: { label: string; dice: number; amount: string }[];
  breakdown: string;
}

function summarisePool(pool: AssembledPool, localize: Localize): PoolSummary {
  const parts = pool.parts.map((p: PoolPart) => ({
    label: localize(p.label, p.data),
    dice: p.dice,
    amount: signed(p.dice),
  }));
  const breakdown = pool.usable
    ? localize(`${ROOT}.Pool.Breakdown`, {
        parts: parts.map((p) => `${p.label} ${p.amount}`).join(", "),
        dice: String(pool.dice),
      })
    : (pool.reason ?? localize("POLYVERSE.Verses.Roll.Unusable"));
  return { dice: pool.dice, usable: pool.usable, reason: pool.reason ?? "", parts, breakdown };
}

/**
 * The optional skill add-ons a pool leaves out until the player says their circumstance holds, as
 * the sheet lists them: "Stealth & Skulking +4 (to detect covert movement)".
 */
function maybeAddOns(pool: AssembledPool, localize: Localize): string[] {
  return pool.addOns
    .filter((a) => !a.included)
    .map((a) => {
      const hint = a.hint ? localize(a.hint, a.hintData) : "";
      return hint ? `${a.label} ${signed(a.dice)} (${hint})` : `${a.label} ${signed(a.dice)}`;
    });
}

/** A pool as the rolls assemble it, in the world's setting (TEC, skill catalog) when given. */
function poolFor(
  world: PoolWorld | undefined,
  system: VersesActorSystem,
  request: PoolRequest,
): AssembledPool {
  return assemblePool(
    system,
    system,
    {
      ...(world?.contextTec !== undefined ? { contextTec: world.contextTec } : {}),
      ...request,
      ...(world?.maxPool !== undefined ? { maxPool: world.maxPool } : {}),
    },
    world?.catalog ?? [],
    world?.skillOptions ?? {},
  );
}

const attributeAbbr = (key: AttributeKey) => `POLYVERSE.Verses.Attribute.${key}.Abbr`;

// ---- header ----------------------------------------------------------------------------------

type PipState = "available" | "reserved" | "spent" | "exBound";

function headerContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const hpMax = system.hpMax;
  const hpValue = Math.max(0, system.hp.value);
  const pips = hpMax <= MAX_PIPS;
  const reserved = system.ad.reserved.await + system.ad.reserved.dodge + system.ad.reserved.parry;
  // AD pips: available first, then reserved, spent and EX-bound (never more than the pool).
  const adPips: { state: PipState; label: string }[] = [];
  const push = (state: PipState, n: number) => {
    for (let i = 0; i < n && adPips.length < system.adMax; i++)
      adPips.push({ state, label: localize(`${ROOT}.AD.${state}`) });
  };
  push("available", system.adAvailable);
  push("reserved", reserved);
  push("spent", system.ad.spent);
  push("exBound", system.ad.exBound);
  push("exBound", system.adMax - adPips.length);
  return {
    species: {
      name: system.species.name,
      kind: `${ROOT}.Kind.${system.kind}`,
      problems: system.speciesProblems,
      isDefault: !input.items.some((i) => i.type === "verses-species"),
    },
    hp: {
      value: hpValue,
      max: hpMax,
      pips: pips ? Array.from({ length: hpMax }, (_, i) => ({ filled: i < hpValue })) : null,
      percent: hpMax > 0 ? Math.min(100, Math.round((hpValue / hpMax) * 100)) : 0,
      low: hpMax > 0 && hpValue <= Math.ceil(hpMax / 4),
    },
    ad: {
      max: system.adMax,
      available: system.adAvailable,
      spent: system.ad.spent,
      exBound: system.ad.exBound,
      reserved,
      pips: adPips,
      summary: localize(`${ROOT}.AD.Summary`, {
        available: String(system.adAvailable),
        max: String(system.adMax),
        reserved: String(reserved),
        spent: String(system.ad.spent),
        exBound: String(system.ad.exBound),
      }),
    },
    conditions: system.conditions.map((c) => ({
      id: c.id,
      label: localize(`POLYVERSE.Verses.Condition.${c.id}`),
      level: c.level ?? null,
    })),
  };
}

// ---- attributes ------------------------------------------------------------------------------

const DERIVED_UNITS: Partial<Record<DerivedKey, string>> = {
  maxCarry: `${ROOT}.Unit.Kg`,
  mv: `${ROOT}.Unit.MetresPerAD`,
};

function attributesContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const forbidden = testForbidden(system, localize);
  const attributes = ATTRIBUTE_KEYS.map((key) => {
    const pool = summarisePool(poolFor(input.world, system, { attribute: key }), localize);
    const rollPool = system.attributePools[key];
    return {
      key,
      abbr: attributeAbbr(key),
      name: `POLYVERSE.Verses.Attribute.${key}.Name`,
      field: `system.attributes.${key}`,
      value: system.attributes[key],
      effective: system.effective[key],
      modified: system.effective[key] !== system.attributes[key],
      pool: rollPool,
      breakdown: pool.breakdown,
      forbidden,
    };
  });
  const derived = DERIVED_KEYS.map((key) => {
    const formula = formatFormula(speciesFormula(system.species, key));
    const unit = DERIVED_UNITS[key];
    return {
      key,
      abbr: `${ROOT}.Derived.${key}.Abbr`,
      name: `${ROOT}.Derived.${key}.Name`,
      value: system.derived[key],
      unit: unit ? localize(unit) : "",
      formula: localize(`${ROOT}.Derived.Formula`, {
        formula: unit ? `${formula} ${localize(unit)}` : formula,
      }),
    };
  });
  return { attributes, derived };
}

// ---- skills ----------------------------------------------------------------------------------

interface SkillRowBase {
  id: string;
  name: string;
  img: string;
  ref: string;
  allocated: number;
  difficulty: number;
  tec: string;
  fromSpecies: boolean;
  chain: { label: string; dice: number; allocated: boolean; root: boolean }[];
  pool: PoolSummary;
  unallocated: boolean;
  /** Dice the unallocated skills of the chain take away (0 or less). */
  penalty: number;
  penaltyText: string;
  forbidden: string | null;
  rootKey: string;
  rootLabel: string;
  parentId: string | null;
}
export type SkillRow = SkillRowBase & { depth: number; indent: string; hasChildren: boolean };

function rootOf(def: SkillDefault): string {
  if (def.kind === "attribute") return `attribute:${def.attribute}`;
  if (def.kind === "ability") return `ability:${normalizeKey(def.ability)}`;
  return "unresolved";
}

function skillRows(input: ActorSheetInput): SkillRowBase[] {
  const { system, localize } = input;
  const actor = skillActorOf(system);
  const forbidden = testForbidden(system, localize);
  const skillItems = input.items.filter((i) => i.type === "verses-skill");
  const refs = new Map(skillItems.map((i) => [i.id, skillItemRef(i)]));

  return skillItems.map((item): SkillRowBase => {
    const s = item.system as unknown as SkillSource;
    const ref = refs.get(item.id)!;
    const raw = poolFor(input.world, system, { skill: ref });
    const pool = summarisePool(raw, localize);
    const chainResult = defaultChain(actor, system.skillCatalog, ref);
    const chain: SkillRowBase["chain"] = [];
    let rootKey = "unresolved";
    let rootLabel = localize(`${ROOT}.Skills.Unresolved`);
    if (chainResult.ok) {
      for (const node of chainResult.value.skills) {
        const dice = skillAllocation(actor, node.ref);
        chain.push({ label: formatSkillRef(node.ref), dice, allocated: dice > 0, root: false });
      }
      const root = chainResult.value.root;
      rootKey = rootOf(root);
      if (root.kind === "attribute") {
        rootLabel = localize(attributeAbbr(root.attribute));
        chain.push({ label: rootLabel, dice: system.effective[root.attribute], allocated: true, root: true });
      } else if (root.kind === "ability") {
        const ability = system.abilities.find((a) => normalizeKey(a.key) === normalizeKey(root.ability));
        const abilityItem = input.items.find(
          (i) =>
            i.type === "verses-ability" &&
            (normalizeKey(str(i.system.key)) === normalizeKey(root.ability) ||
              normalizeKey(i.name) === normalizeKey(root.ability)),
        );
        rootLabel = abilityItem?.name ?? ability?.key ?? root.ability;
        const dice = abilityAllocation(actor, root.ability);
        chain.push({ label: rootLabel, dice, allocated: dice > 0, root: true });
      }
    } else {
      chain.push({ label: ref, dice: s.allocated, allocated: s.allocated > 0, root: false });
    }
    const penalty = raw.parts.filter(isDifficultyPart).reduce((sum, p) => sum + p.dice, 0);
    // The owned skill this one defaults to (the tree's parent).
    let parentId: string | null = null;
    if (s.default.kind === "skill" && s.default.skill) {
      const target: SkillRef = s.default.spec
        ? { skill: s.default.skill, spec: s.default.spec }
        : { skill: s.default.skill };
      const wildcard = target.spec === "*";
      const parent = skillItems.find((other) => {
        if (other.id === item.id) return false;
        const otherRef = refs.get(other.id)!;
        if (wildcard)
          return (
            normalizeKey((other.system as unknown as SkillSource).skill || other.name) ===
            normalizeKey(target.skill)
          );
        return sameSkill(otherRef, target);
      });
      parentId = parent?.id ?? null;
    }
    return {
      id: item.id,
      name: item.name,
      img: item.img,
      ref,
      allocated: s.allocated,
      difficulty: s.difficulty,
      tec: s.tec === "general" ? localize(`${ROOT}.Skills.General`) : String(s.tec),
      fromSpecies: bool(s.fromSpecies),
      chain,
      pool,
      unallocated: s.allocated < 1,
      penalty,
      penaltyText: s.allocated < 1 ? localize(`${ROOT}.Skills.Penalty`, { dice: signed(penalty) }) : "",
      forbidden,
      rootKey,
      rootLabel,
      parentId,
    };
  });
}

function isDifficultyPart(part: PoolPart | undefined): boolean {
  return part?.label === "POLYVERSE.Verses.Pool.Difficulty";
}

/** Groups by root default (SMR, PRW, TUF, SOC, then abilities, then unresolved chains), each a tree. */
export function skillTree(rows: readonly SkillRowBase[]) {
  const order = (key: string): number => {
    const a = ATTRIBUTE_KEYS.findIndex((k) => key === `attribute:${k}`);
    if (a >= 0) return a;
    return key === "unresolved" ? 99 : 10;
  };
  const groups = new Map<string, { key: string; label: string; rows: SkillRow[] }>();
  const keys = [...new Set(rows.map((r) => r.rootKey))].sort((a, b) => {
    const d = order(a) - order(b);
    if (d !== 0) return d;
    const la = rows.find((r) => r.rootKey === a)!.rootLabel;
    const lb = rows.find((r) => r.rootKey === b)!.rootLabel;
    return la.localeCompare(lb);
  });
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string, SkillRowBase[]>();
  for (const r of rows) {
    if (r.parentId && ids.has(r.parentId)) {
      const list = children.get(r.parentId) ?? [];
      list.push(r);
      children.set(r.parentId, list);
    }
  }
  for (const key of keys) {
    const inGroup = rows.filter((r) => r.rootKey === key);
    const group = { key, label: inGroup[0]!.rootLabel, rows: [] as SkillRow[] };
    const seen = new Set<string>();
    const visit = (row: SkillRowBase, depth: number) => {
      if (seen.has(row.id)) return;
      seen.add(row.id);
      const kids = (children.get(row.id) ?? []).filter((k) => k.rootKey === key).sort(byName);
      group.rows.push({ ...row, depth, indent: `--depth: ${depth}`, hasChildren: kids.length > 0 });
      for (const k of kids) visit(k, depth + 1);
    };
    const tops = inGroup
      .filter(
        (r) => !r.parentId || !ids.has(r.parentId) || rows.find((p) => p.id === r.parentId)!.rootKey !== key,
      )
      .sort(byName);
    for (const r of tops) visit(r, 0);
    // A loop of defaults has no top: show what is left flat.
    for (const r of [...inGroup].sort(byName)) visit(r, 0);
    groups.set(key, group);
  }
  return [...groups.values()];
}

// ---- abilities -------------------------------------------------------------------------------

function abilitiesContext(input: ActorSheetInput) {
  return input.items
    .filter((i) => i.type === "verses-ability")
    .map((i) => ({
      id: i.id,
      name: i.name,
      img: i.img,
      allocated: num(i.system.allocated),
      extrinsic: bool(i.system.extrinsic),
      exBound: num(i.system.exBound),
    }))
    .sort(byName);
}

// ---- combat ----------------------------------------------------------------------------------

interface ModeSource {
  name: string;
  skill: string;
  test: string;
  damage: string;
  hands: number;
  features: readonly { name: string; value: string }[];
  area: string;
}

function combatContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const actor = skillActorOf(system);

  const weapons = input.items
    .filter((i) => i.type === "verses-weapon")
    .map((item) => {
      const modes = (Array.isArray(item.system.modes) ? item.system.modes : []) as ModeSource[];
      const magazine = item.system.magazine as { size: number; loaded: number } | undefined;
      return {
        id: item.id,
        name: item.name,
        img: item.img,
        equipped: bool(item.system.equipped),
        magazine: magazine && magazine.size > 0 ? `${magazine.loaded}/${magazine.size}` : "",
        ammunition: str(item.system.ammunition),
        /** Rounds loaded of the capacity, and whether Reload is offered (attack/ammo-logic.ts). */
        ammo: sheetAmmo(item.name, item.system),
        modes: modes.map((mode, index) => {
          // The same pool the roll assembles (a creature's natural attack: its attributes).
          const request = attackRequest(mode, { fastAction: false });
          const melee = request.meleeAttack === true;
          const natural = naturalAttack(mode);
          const pool = summarisePool(poolFor(input.world, system, request), localize);
          const actions: ActionId[] = ["attack", melee ? "meleeAttack" : "rangedAttack"];
          if (melee && mode.hands === 2) actions.push("twoHandedMelee");
          return {
            index,
            label: mode.name || "—",
            rollLabel: localize(`${ROOT}.Combat.Attack`, {
              name: mode.name ? `${item.name}: ${mode.name}` : item.name,
            }),
            skill:
              mode.skill || (natural?.attributes ?? []).map((a) => localize(attributeAbbr(a))).join(" + "),
            test: mode.test,
            damage: mode.damage,
            area: mode.area,
            hands: mode.hands,
            features: featuresText(mode.features),
            pool,
            forbidden: forbiddenText(system, actions, localize),
          };
        }),
      };
    })
    .sort((a, b) => Number(b.equipped) - Number(a.equipped) || byName(a, b));

  const armourItems = input.items.filter((i) => i.type === "verses-armour");
  const armourRow = (item: SheetItem) => {
    const features = (
      Array.isArray(item.system.features) ? item.system.features : []
    ) as ModeSource["features"];
    return {
      id: item.id,
      name: item.name,
      img: item.img,
      worn: bool(item.system.worn),
      class: `${ROOT}.ArmourClass.${str(item.system.class) || "light"}`,
      tuf: num(item.system.tuf),
      resistance: str(item.system.resistance) || "—",
      prwPenalty: num(item.system.prwPenalty),
      features: featuresText(features),
      parry: parryRating(features),
    };
  };
  const armour = armourItems
    .filter((i) => i.system.class !== "shield")
    .map(armourRow)
    .sort(byName);
  const shields = armourItems
    .filter((i) => i.system.class === "shield")
    .map(armourRow)
    .sort(byName);

  // Dodge: PRW + the abilities and skill add-ons the rules add to a Dodge (Athletics, Dance, the
  // Armor skill of the armour worn); add-ons that need a circumstance are listed as "may add".
  const dodgeBase = poolFor(input.world, system, { attribute: "prw", action: "dodge" });
  const dodge = summarisePool(dodgeBase, localize);
  const dodgeMaybe = maybeAddOns(dodgeBase, localize);
  // Watch: SMR + perception abilities; Stealth & Skulking and Bluffing & Tells for what they detect.
  const watchBase = poolFor(input.world, system, { attribute: "smr", action: "watch" });
  const watch = {
    pool: summarisePool(watchBase, localize),
    maybe: maybeAddOns(watchBase, localize),
    forbidden: forbiddenText(system, ["watch"], localize),
  };

  // Parry: each equipped weapon mode with Parry(#), each wielded shield with it.
  const parries: {
    name: string;
    rating: number;
    pool: PoolSummary;
    usable: boolean;
    reason: string;
  }[] = [];
  for (const item of input.items.filter((i) => i.type === "verses-weapon" && bool(i.system.equipped))) {
    const modes = (Array.isArray(item.system.modes) ? item.system.modes : []) as ModeSource[];
    for (const mode of modes) {
      const rating = parryRating(mode.features);
      if (rating === null) continue;
      const pool = summarisePool(
        mode.skill
          ? poolFor(input.world, system, { skill: mode.skill, action: "parry" })
          : poolFor(input.world, system, {}),
        localize,
      );
      const allocated = mode.skill ? skillAllocation(actor, mode.skill) : 0;
      const usable = pool.usable && allocated > 0;
      parries.push({
        name: mode.name ? `${item.name}: ${mode.name}` : item.name,
        rating,
        pool,
        usable,
        reason: usable ? "" : localize(`${ROOT}.Combat.ParryNeedsSkill`, { skill: mode.skill || item.name }),
      });
    }
  }
  for (const shield of shields.filter((s) => s.worn && s.parry !== null)) {
    const ref = "Armor » Shields";
    const pool = summarisePool(poolFor(input.world, system, { skill: ref, action: "parry" }), localize);
    const usable = pool.usable && skillAllocation(actor, ref) > 0;
    parries.push({
      name: shield.name,
      rating: shield.parry!,
      pool,
      usable,
      reason: usable ? "" : localize(`${ROOT}.Combat.ParryNeedsSkill`, { skill: ref }),
    });
  }

  // What the worn armour costs ("Armor & Shields"): PRW lost, and dice off PRW-related tests.
  const { prwPenalty, unskilledDice, unskilled } = system.armour;
  const burden = [
    prwPenalty ? localize(`${ROOT}.Combat.ArmourPrw`, { n: String(prwPenalty) }) : "",
    unskilledDice
      ? localize(`${ROOT}.Combat.ArmourUnskilled`, {
          n: String(unskilledDice),
          skills: unskilled.map((c) => ARMOUR_SKILLS[c].skill).join(", "),
        })
      : "",
  ]
    .filter(Boolean)
    .join(" ");

  return {
    weapons,
    armour,
    burden,
    shields,
    dodge: {
      pool: dodge,
      maybe: dodgeMaybe,
      forbidden: forbiddenText(system, ["dodge"], localize),
    },
    watch,
    parries,
    parryForbidden: forbiddenText(system, ["parry"], localize),
    ad: {
      max: system.adMax,
      available: system.adAvailable,
      spent: system.ad.spent,
      exBound: system.ad.exBound,
      reserved: system.ad.reserved,
    },
  };
}

// ---- inventory -------------------------------------------------------------------------------

function inventoryContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const rows = input.items
    .filter((i) => (PHYSICAL_TYPES as readonly string[]).includes(i.type))
    .map((item) => {
      const s = item.system as {
        quantity?: number;
        weight?: number;
        carried?: boolean;
        worn?: boolean;
        equipped?: boolean;
        carriedWeight?: number;
      };
      const load = itemLoadKg(item.type, s);
      return {
        id: item.id,
        name: item.name,
        img: item.img,
        type: item.type,
        typeLabel: `${ROOT}.Item.Type.${item.type}`,
        quantity: num(s.quantity, 1),
        weight: formatKg(num(s.weight)),
        load: formatKg(load),
        carried: s.carried !== false,
        /** The worn/equipped toggle this type has (armour is worn, weapons equipped). */
        toggle:
          item.type === "verses-armour"
            ? { field: "worn", on: bool(s.worn), label: `${ROOT}.Item.Worn` }
            : item.type === "verses-weapon"
              ? { field: "equipped", on: bool(s.equipped), label: `${ROOT}.Item.Equipped` }
              : null,
      };
    })
    .sort(
      (a, b) =>
        PHYSICAL_TYPES.indexOf(a.type as never) - PHYSICAL_TYPES.indexOf(b.type as never) || byName(a, b),
    );
  const { carried, maxCarry, prwPenalty, exPerRound } = system.load;
  const over = carried > maxCarry;
  return {
    rows,
    load: {
      carried: formatKg(carried),
      maxCarry: formatKg(maxCarry),
      over,
      overBy: formatKg(Math.max(0, carried - maxCarry)),
      prwPenalty,
      exPerRound,
      percent: maxCarry > 0 ? Math.min(100, Math.round((carried / maxCarry) * 100)) : over ? 100 : 0,
      summary: localize(`${ROOT}.Inventory.Load`, {
        carried: formatKg(carried),
        maxCarry: formatKg(maxCarry),
      }),
      overload: over
        ? localize(`${ROOT}.Inventory.Overload`, {
            over: formatKg(carried - maxCarry),
            penalty: String(prwPenalty),
          })
        : "",
      exhaustion: exPerRound > 0 ? localize(`${ROOT}.Inventory.Exhaustion`, { ex: String(exPerRound) }) : "",
    },
  };
}

// ---- advancement -----------------------------------------------------------------------------

function advancementContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const record = system.advancement;
  const left = unallocatedDice(record);
  const field = (key: keyof AdvancementRecord) => ({
    key,
    field: `system.advancement.${key}`,
    label: `${ROOT}.Advancement.${key}`,
    value: record[key],
  });
  return {
    core: [field("coreAwarded"), field("coreAllocated"), field("coreConverted")],
    refinement: [field("refinementAwarded"), field("refinementFromConversion"), field("refinementAllocated")],
    left: { core: left.core, refinement: left.refinement, negative: left.core < 0 || left.refinement < 0 },
    awarded: formatAdvancement(advancementMeasure(record, "awarded")),
    allocated: formatAdvancement(advancementMeasure(record, "allocated")),
    skillfulness: {
      used: system.skillfulness.used,
      allowed: system.skillfulness.allowed,
      over: system.skillfulness.used > system.skillfulness.allowed,
      text: localize(`${ROOT}.Advancement.Skillfulness`, {
        used: String(system.skillfulness.used),
        allowed: String(system.skillfulness.allowed),
      }),
    },
  };
}

// ---- biography -------------------------------------------------------------------------------

/** A stored prompt answer: the prompt's two dice ("13"), then the answer ("13 Honesty, curiosity"). */
export function parsePromptEntry(entry: string): { code: string | null; answer: string } {
  const m = /^([1-6])([1-6])(?:\s+([\s\S]*))?$/.exec(entry.trim());
  if (!m) return { code: null, answer: entry };
  return { code: `${m[1]}${m[2]}`, answer: m[3] ?? "" };
}

/** The stored form of a prompt answer. */
export function promptEntry(code: string | null, answer: string): string {
  const text = answer.trim();
  return code ? (text ? `${code} ${text}` : code) : text;
}

/** Every prompt code, 11 to 66, in table order. */
export const PROMPT_CODES: readonly string[] = CREATION_PROMPTS.flatMap((row, i) =>
  row.map((_, j) => `${i + 1}${j + 1}`),
);

function biographyContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const d = system.details;
  const traits = (["A", "B"] as const).map((group) => {
    const key = group === "A" ? "groupA" : "groupB";
    return {
      group,
      label: `${ROOT}.Biography.Group${group}`,
      fields: TRAIT_CATEGORIES.map((category) => ({
        category,
        label: `${ROOT}.Biography.Trait.${category}`,
        field: `system.details.traits.${key}.${category}`,
        value: d.traits[key][category],
        listId: `trait-${group}-${category}`,
        suggestions: CHARACTER_TRAITS[group][category].map((_, i) =>
          localize(`${ROOT}.Traits.${group}.${category}.${i + 1}`),
        ),
      })),
    };
  });
  const prompts = d.prompts.map((entry, index) => {
    const { code, answer } = parsePromptEntry(entry);
    return {
      index,
      code,
      prompt: code ? localize(`${ROOT}.Prompts.${code}`) : localize(`${ROOT}.Biography.FreeAnswer`),
      answer,
    };
  });
  return {
    traits,
    prompts,
    promptChoices: PROMPT_CODES.map((code) => ({
      value: code,
      label: `${code[0]}-${code[1]}: ${localize(`${ROOT}.Prompts.${code}`)}`,
    })),
    biography: d.biography,
    biographyHTML: input.biographyHTML ?? d.biography,
    wealth: d.wealth,
    socialRank: d.socialRank,
    languages: d.languages.join(", "),
    nativeTec: system.nativeTec,
  };
}

// ---- special tests ---------------------------------------------------------------------------

/** The special tests the sheet offers (its "Tests" panel), in order. */
export const SHEET_TESTS = [
  "rest",
  "connectedness",
  "charm",
  "intimidate",
  "stabilise",
  "heal",
  "awaken",
  "continuous",
  "lockPicking",
  "trainAnimal",
  "commandAnimal",
  "survival",
] as const;
export type SheetTest = (typeof SHEET_TESTS)[number];

/** Tests rolled against the targeted token's actor. */
const TARGETED_TESTS = new Set<SheetTest>([
  "charm",
  "intimidate",
  "stabilise",
  "heal",
  "awaken",
  "trainAnimal",
  "commandAnimal",
]);

/** A button of the Tests panel. */
export interface SheetTestButton {
  id: SheetTest;
  label: string;
  /** The pool and target as the sheet can tell them before the roll ("3d6 + AD → 2S"). */
  summary: string;
  /** The rules' formula, and whom it is rolled against (the button's tooltip when allowed). */
  tooltip: string;
  /** Why it cannot be rolled now (a condition, nothing EX-bound, no skill or supplies), or null. */
  disabled: string | null;
  ariaLabel: string;
  /** Rolled against the targeted token's actor. */
  targeted: boolean;
}

const TESTS = `${ROOT}.Tests`;

/** Whether the actor carries a skill and supplies to stabilise (or heal) a patient of some kind. */
function recoveryProblem(items: readonly SheetItem[], mode: "stabilise" | "heal", localize: Localize) {
  const owned: OwnedItem[] = items.map((i) => ({ uuid: i.id, name: i.name, type: i.type, system: i.system }));
  const kinds: ActorKind[] = ["biological", "construct"];
  const atHand = kinds.map((k) => recoveryOptions(owned, k, mode));
  if (!atHand.some((a) => a.skills.length))
    return localize(mode === "heal" ? `${TESTS}.NoHealSkill` : `${TESTS}.NoStabiliseSkill`);
  if (!atHand.some((a) => a.skills.length && a.supplies.length)) return localize(`${TESTS}.NoSupplies`);
  return null;
}

function testsContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const anyTest = testForbidden(system, localize);
  const forbidden = (actions: ActionId[]) => forbiddenText(system, actions, localize);
  const effective = system.effective;
  const moribund = system.conditions.some((c) => c.id === "moribund");
  const dice = (n: number) => String(Math.max(0, n));
  const sumOf = (parts: readonly PoolPart[]) => parts.reduce((n, p) => n + p.dice, 0);

  const rest = poolFor(input.world, system, { attribute: "tuf", action: "rest", rest: true });
  const connectedness = planConnectedness(system, { world: input.world });
  const awaken = poolFor(input.world, system, { attribute: "soc", action: "awaken" });
  const survival = moribund ? planSurvival(system, { world: input.world }) : null;
  const needed = Math.max(0, 6 - effective.tuf);

  const summaries: Record<SheetTest, string> = {
    rest:
      system.ad.exBound > 0
        ? localize(`${TESTS}.Summary.rest`, { dice: dice(rest.dice), ex: String(system.ad.exBound) })
        : localize(`${TESTS}.Summary.restNone`, { dice: dice(rest.dice) }),
    connectedness: connectedness.ok
      ? localize(`${TESTS}.Summary.connectedness`, {
          dice: dice(connectedness.value.pool),
          target: String(connectedness.value.roll.target),
        })
      : localize(`${TESTS}.Summary.connectednessNone`),
    charm: localize(`${TESTS}.Summary.charm`, {
      dice: dice(sumOf(influencePoolParts(system, "charm", input.world))),
    }),
    intimidate: localize(`${TESTS}.Summary.intimidate`, {
      dice: dice(sumOf(influencePoolParts(system, "intimidate", input.world))),
    }),
    stabilise: localize(`${TESTS}.Summary.stabilise`),
    heal: localize(`${TESTS}.Summary.heal`),
    awaken: localize(`${TESTS}.Summary.awaken`, { dice: dice(awaken.dice) }),
    continuous: localize(`${TESTS}.Summary.continuous`),
    lockPicking: localize(`${TESTS}.Summary.lockPicking`),
    trainAnimal: localize(`${TESTS}.Summary.trainAnimal`),
    commandAnimal: localize(`${TESTS}.Summary.commandAnimal`),
    survival: localize(`${TESTS}.Summary.survival`, {
      dice: dice(survival?.ok ? survival.value.pool : effective.tuf),
      needed: String(needed),
    }),
  };
  const reasons: Record<SheetTest, string | null> = {
    rest:
      forbidden(["rest"]) ??
      (system.ad.exBound <= 0 ? localize("POLYVERSE.Verses.Tests.Reason.NothingBound") : null),
    connectedness: anyTest,
    charm: forbidden(["charm"]),
    intimidate: forbidden(["intimidate"]),
    stabilise: anyTest ?? recoveryProblem(input.items, "stabilise", localize),
    heal: anyTest ?? recoveryProblem(input.items, "heal", localize),
    awaken: forbidden(["awaken"]),
    continuous: anyTest,
    lockPicking: anyTest,
    trainAnimal: anyTest,
    commandAnimal: anyTest,
    survival: moribund ? forbidden(["survival"]) : localize("POLYVERSE.Verses.Tests.Reason.NotMoribund"),
  };
  // A Moribund actor's one possible test comes first.
  const order: readonly SheetTest[] = moribund
    ? ["survival", ...SHEET_TESTS.filter((id) => id !== "survival")]
    : SHEET_TESTS.filter((id) => id !== "survival");
  const buttons: SheetTestButton[] = order.map((id) => {
    const label = localize(`${TESTS}.Name.${id}`);
    const formula = localize(`${TESTS}.Formula.${id}`);
    const tooltip = TARGETED_TESTS.has(id) ? localize(`${TESTS}.Targeted`, { formula }) : formula;
    return {
      id,
      label,
      summary: summaries[id],
      tooltip,
      disabled: reasons[id],
      ariaLabel: localize(`${TESTS}.Roll`, { name: label, summary: summaries[id] }),
      targeted: TARGETED_TESTS.has(id),
    };
  });

  const maintainReason = forbidden(["maintain"]);
  const running = (input.continuous ?? []).map((c) => {
    const label = c.label.startsWith("POLYVERSE.") ? localize(c.label) : c.label;
    return {
      id: c.id,
      label,
      notation: c.notation,
      healing: Boolean(c.healing),
      detail: c.healing
        ? localize(`${TESTS}.Running.Course`, {
            patient: c.healing.patientName,
            days: String(c.healing.days),
            next: String(c.healing.days + 1),
          })
        : localize(`${TESTS}.Running.Maintained`, {
            rounds: String(c.state.roundsContinued),
            continuation: String(c.state.continuation),
            dice: String(c.state.baseDice),
          }),
      /** Maintain (a continuous test) or the next day (a healing course): why not, or null. */
      forbidden: c.healing ? anyTest : maintainReason,
      maintainLabel: localize(`${TESTS}.Running.MaintainLabel`, { name: label }),
      nextDayLabel: localize(`${TESTS}.Running.NextDayLabel`, { name: label }),
      letGoLabel: localize(`${TESTS}.Running.LetGoLabel`, { name: label }),
    };
  });
  return { buttons, moribund, running };
}

// ---- the whole context -----------------------------------------------------------------------

export function buildActorSheetContext(input: ActorSheetInput) {
  const active: ActorSheetTab = (ACTOR_SHEET_TABS as readonly string[]).includes(input.activeTab ?? "")
    ? (input.activeTab as ActorSheetTab)
    : "attributes";
  const tabs = Object.fromEntries(
    ACTOR_SHEET_TABS.map((id) => [
      id,
      {
        id,
        group: "primary",
        label: `${ROOT}.Tab.${id}`,
        active: id === active,
        cssClass: id === active ? "active" : "",
      },
    ]),
  ) as Record<
    ActorSheetTab,
    { id: ActorSheetTab; group: string; label: string; active: boolean; cssClass: string }
  >;
  const createTypes = (tab: keyof typeof CREATE_TYPES) =>
    CREATE_TYPES[tab].map((type) => ({ type, label: `${ROOT}.Item.Type.${type}` }));

  return {
    actor: { name: input.name, img: input.img, type: input.type, typeLabel: `TYPES.Actor.${input.type}` },
    isCreature: input.type === "verses-creature",
    editable: input.editable,
    tabs,
    tabList: ACTOR_SHEET_TABS.map((id) => tabs[id]),
    header: headerContext(input),
    ...attributesContext(input),
    kind: {
      value: input.system.kind,
      choices: Object.fromEntries(
        ["biological", "construct", "incorporeal"].map((k) => [k, input.localize(`${ROOT}.Kind.${k}`)]),
      ),
    },
    skillGroups: skillTree(skillRows(input)),
    abilities: abilitiesContext(input),
    tests: testsContext(input),
    combat: combatContext(input),
    inventory: inventoryContext(input),
    advancement: advancementContext(input),
    details: biographyContext(input),
    create: {
      skills: createTypes("skills"),
      abilities: createTypes("abilities"),
      combat: createTypes("combat"),
      inventory: createTypes("inventory"),
    },
  };
}

export type ActorSheetContext = ReturnType<typeof buildActorSheetContext>;
