/**
 * Skill add-ons: the skills whose dice "may be added" to another roll ('Verses Core 0.8.5, "List of
 * Skills"; the tools tables of Navigation and Nautical Navigation). Each add-on is a
 * {@link SkillAddOnRule}: the skill, its sentence verbatim, what it adds ("allocated dice" or "skill
 * dice"), whether the text says "may", which roll it joins and the conditions on it. The pool
 * builder (`data/pools.ts`) asks {@link skillAddOnsFor} which ones a pool gets.
 *
 * - "Allocated dice" add the skill's allocation only. "Skill dice" add the skill's assembled pool
 *   ("the pool is assembled from all allocated dice for the skill plus the pool that would be used
 *   if the actor was using the skill's default"), and a default already in the roll is counted once
 *   ("the default's allocation is only added once"): Athletics on a Dodge (PRW + #AD) adds its
 *   allocation, Stealth & Skulking on a Watch (SMR + #AD) adds its allocation and PRW. The text's
 *   "skill points" (Acting, the Armor skills) are read as skill dice (spec §11.2 #21).
 * - "May" (or "can"): the player may leave the dice out. Where the text states a circumstance the
 *   pool cannot see ("to detect covert movement", "attempts at artistic forgery"), the add-on is
 *   offered but left out until the player says it holds.
 * - An add-on applies only while its skill has allocated dice.
 *
 * Pure: no Foundry, no globals.
 */
import {
  ATTRIBUTE_LABELS,
  abilityAllocation,
  findSkillDefinition,
  formatSkillRef,
  isRangedWeaponType,
  normalizeKey,
  parseSkillRef,
  sameSkill,
  skillAllocation,
  type SkillActor,
  type SkillCatalog,
  type SkillDefinition,
} from "./skills";
import { defaultChain } from "./skill-pools";
import type { ActionId, AttributeKey } from "./types";

/** What an add-on adds: the skill's allocation, or its skill dice (its default chain, deduplicated). */
export type AddOnMode = "allocated" | "skillDice";

/**
 * A circumstance the pool cannot see; an add-on that needs one is offered, off until chosen.
 * - `covertMovement`: "any Watch action to detect covert movement" (Stealth & Skulking);
 * - `deception`: "when taking the Watch action to detect deception" (Bluffing & Tells);
 * - `persuasion`: "attempts to ... persuade an actor" (Charm & Persuasion, Intimidation);
 * - `forgeryDrawing`, `forgeryPainting`, `forgerySculpture`: "attempts at artistic forgery";
 * - `watchedTarget`: Assassination's "spent all available AD on the Watch action directed at a
 *   particular biological actor, and within 1 minute then spends all AD on an attack against that
 *   actor" (the attack flow's to apply, with the armour bypass).
 */
export type AddOnSituation =
  | "covertMovement"
  | "deception"
  | "persuasion"
  | "forgeryDrawing"
  | "forgeryPainting"
  | "forgerySculpture"
  | "watchedTarget"
  /** A homebrew skill's own condition, in its words (`addsTo[].condition`). */
  | "custom";

/** Which roll an add-on joins. */
export type AddOnJoin =
  /**
   * A Fast Action action (Dodge, Parry, Watch, an attack, Influence/Charm or Intimidate). For
   * Influence: `resisting: "also"` when the text adds "or to contest attempts from others".
   */
  | { kind: "action"; actions: readonly ActionId[]; resisting?: "also" }
  /** A test of one of these skills ("any test of Engineering or Physics", "tests of Oration"). */
  | { kind: "skillTest"; skills: readonly string[] }
  /** Any test that is not a Fast Action action (forgery: the text does not say which skill tests it). */
  | { kind: "anyTest" }
  /** A test of an unallocated `Language » *` skill, up to its difficulty penalty (Linguistics). */
  | { kind: "unallocatedLanguage" }
  /** Stabilization or Healing tests: the recovery tests apply these (`recoveryHelpers`). */
  | { kind: "recovery"; tests: readonly ("stabilization" | "healing")[] };

/** A condition the pool can check. */
export type AddOnRequirement =
  /** "while wearing heavy armor": armour (or a shield) of this class is worn or wielded. */
  | { kind: "wearing"; armourClass: string }
  /** "Parry actions for shields with the Parry feature": the parry is made with a shield. */
  | { kind: "parryWithShield" }
  /** "If spending 4 or more AD on an attack": at least this many AD. */
  | { kind: "minAd"; ad: number }
  /** "using a ranged weapon with an allocated skill": a ranged weapon type, its skill allocated. */
  | { kind: "rangedWeaponAllocated" };

/**
 * Who applies an add-on: the pool builder (`pool`, the default), the recovery tests (Herbalism,
 * Pharmacology on Healing: `recoveryHelpers`), the attack flow (Two Weapon Fighting, with the pair
 * of weapons: `gripEffect` and the parry choices; Assassination, with its Watch and its armour
 * bypass: `assassination` in skill-mechanics.ts), the skill pool itself (Historical Skill), or the
 * animal command tests (the animal's dice in its commander's pool: `commandTest` in animals.ts).
 */
export type AddOnAppliedBy = "pool" | "recovery" | "attack" | "skillPool" | "command";

/** One add-on, as the text defines it. */
export interface SkillAddOnRule {
  /** A stable id (`"athletics.dodge"`); the roll dialog's toggle is `addOn:<id>`. */
  id: string;
  /** The skill whose dice are added, as the text names it (`"Armor » Heavy"`). */
  skill: string;
  /** The sentence, verbatim. */
  text: string;
  mode: AddOnMode;
  /** The text says "may" (or "can"): the player may leave the dice out. */
  may: boolean;
  joins: AddOnJoin;
  requires?: readonly AddOnRequirement[];
  /** A circumstance the pool cannot see: offered, off until the player chooses it. */
  situation?: AddOnSituation;
  /** A limit the text sets: Linguistics "offset[s] difficulty penalties". */
  cap?: "difficultyPenalty";
  /** A condition shown beside it that the player judges, the dice on by default ("that can hear"). */
  note?: "heardSpeaker" | "mountDirected";
  appliedBy?: AddOnAppliedBy;
}

const dodge: AddOnJoin = { kind: "action", actions: ["dodge"] };

/** Every add-on of the core text's skills, in the text's order. */
export const SKILL_ADD_ONS: readonly SkillAddOnRule[] = [
  {
    id: "assassination.attack",
    skill: "Assassination",
    text: "If the actor has spent all available AD on the Watch action directed at a particular biological actor, and within 1 minute then spends all AD on an attack against that actor, any allocated dice may be added to the attack action, and for that attack all successes bypass any armor as if they were sixes.",
    mode: "allocated",
    may: true,
    joins: { kind: "action", actions: ["attack"] },
    situation: "watchedTarget",
    appliedBy: "attack",
  },
  {
    id: "dance.dodge",
    skill: "Dance",
    text: "Skill may be used directly to resolve tests of dance performance, and skill dice may be added to Dodge actions.",
    mode: "skillDice",
    may: true,
    joins: dodge,
  },
  {
    id: "linguistics.language",
    skill: "Linguistics",
    text: "Skill dice may also be added to rolls to offset difficulty penalties involved in use or understanding unallocated language skills.",
    mode: "skillDice",
    may: true,
    joins: { kind: "unallocatedLanguage" },
    cap: "difficultyPenalty",
  },
  {
    id: "pharmacology.healing",
    skill: "Pharmacology",
    text: "Allocated dice may be added to any Healing tests, and to any tests utilizing the Poisons skill.",
    mode: "allocated",
    may: true,
    joins: { kind: "recovery", tests: ["healing"] },
    appliedBy: "recovery",
  },
  {
    id: "pharmacology.poisons",
    skill: "Pharmacology",
    text: "Allocated dice may be added to any Healing tests, and to any tests utilizing the Poisons skill.",
    mode: "allocated",
    may: true,
    joins: { kind: "skillTest", skills: ["Poisons"] },
  },
  {
    id: "acting.charm",
    skill: "Acting",
    text: "Skill points can be added to attempts to Influence/Charm an actor.",
    mode: "skillDice",
    may: true,
    joins: { kind: "action", actions: ["charm"] },
  },
  {
    id: "argumentDebate.charm",
    skill: "Argument & Debate",
    text: "Skill may be used on its own to resolve tests of persuasion, and skill dice may be added to any attempts to Influence/Charm an actor.",
    mode: "skillDice",
    may: true,
    joins: { kind: "action", actions: ["charm"] },
  },
  ...(["Heavy", "Light", "Medium"] as const).map((cls): SkillAddOnRule => ({
    id: `armor${cls}.dodge`,
    skill: `Armor » ${cls}`,
    text: `Skill points may be added to Dodge actions while wearing ${cls.toLowerCase()} armor.`,
    mode: "skillDice",
    may: true,
    joins: dodge,
    requires: [{ kind: "wearing", armourClass: cls.toLowerCase() }],
  })),
  {
    id: "armorShields.parry",
    skill: "Armor » Shields",
    text: "Skill points may be added to Parry actions for shields with the Parry feature.",
    mode: "skillDice",
    may: true,
    joins: { kind: "action", actions: ["parry"] },
    requires: [{ kind: "parryWithShield" }],
  },
  {
    id: "athletics.dodge",
    skill: "Athletics",
    text: "Skill may be used directly to resolve tests of general athletics, and skill dice may be added to Dodge actions.",
    mode: "skillDice",
    may: true,
    joins: dodge,
  },
  {
    id: "bluffingTells.influence",
    skill: "Bluffing & Tells",
    text: "skill dice may be added to any attempts to Influence/Charm or Influence/Intimidate an actor or to contest attempts from others, and when taking the Watch action to detect deception.",
    mode: "skillDice",
    may: true,
    joins: { kind: "action", actions: ["charm", "intimidate"], resisting: "also" },
  },
  {
    id: "bluffingTells.watch",
    skill: "Bluffing & Tells",
    text: "skill dice may be added to any attempts to Influence/Charm or Influence/Intimidate an actor or to contest attempts from others, and when taking the Watch action to detect deception.",
    mode: "skillDice",
    may: true,
    joins: { kind: "action", actions: ["watch"] },
    situation: "deception",
  },
  {
    id: "charmPersuasion.charm",
    skill: "Charm & Persuasion",
    text: "Skill dice may be added to any attempts to Influence/Charm or persuade an actor, or to contest attempts from others.",
    mode: "skillDice",
    may: true,
    joins: { kind: "action", actions: ["charm"], resisting: "also" },
  },
  {
    id: "charmPersuasion.persuade",
    skill: "Charm & Persuasion",
    text: "Skill dice may be added to any attempts to Influence/Charm or persuade an actor, or to contest attempts from others.",
    mode: "skillDice",
    may: true,
    joins: { kind: "skillTest", skills: ["Argument & Debate", "Bluffing & Tells"] },
    situation: "persuasion",
  },
  {
    id: "drawing.forgery",
    skill: "Drawing",
    text: "Skill dice may also be added to attempts at artistic forgery of drawings or documents.",
    mode: "skillDice",
    may: true,
    joins: { kind: "anyTest" },
    situation: "forgeryDrawing",
  },
  {
    id: "herbalism.recovery",
    skill: "Herbalism",
    text: "Allocated dice may be added to any Stabilization or Healing tests.",
    mode: "allocated",
    may: true,
    joins: { kind: "recovery", tests: ["stabilization", "healing"] },
    appliedBy: "recovery",
  },
  {
    id: "intimidation.intimidate",
    skill: "Intimidation",
    text: "Skill dice may be added to any attempts to Influence/Intimidate or persuade an actor, or to contest attempts from others.",
    mode: "skillDice",
    may: true,
    joins: { kind: "action", actions: ["intimidate"], resisting: "also" },
  },
  {
    id: "intimidation.persuade",
    skill: "Intimidation",
    text: "Skill dice may be added to any attempts to Influence/Intimidate or persuade an actor, or to contest attempts from others.",
    mode: "skillDice",
    may: true,
    joins: { kind: "skillTest", skills: ["Argument & Debate", "Bluffing & Tells"] },
    situation: "persuasion",
  },
  {
    id: "marksmanship.ranged",
    skill: "Marksmanship",
    text: "If spending 4 or more AD on an attack using a ranged weapon with an allocated skill, add all allocated dice to the attack's dice pool.",
    mode: "allocated",
    may: false,
    joins: { kind: "action", actions: ["attack"] },
    requires: [{ kind: "minAd", ad: 4 }, { kind: "rangedWeaponAllocated" }],
  },
  {
    id: "mathematics.engineeringPhysics",
    skill: "Mathematics",
    text: "Any allocated dice may also be added to the dice pool for any test of Engineering or Physics.",
    mode: "allocated",
    may: true,
    joins: { kind: "skillTest", skills: ["Engineering", "Physics"] },
  },
  {
    id: "oration.charm",
    skill: "Oration",
    text: "Skill may be used on its own to resolve tests of public speaking, and skill dice may be added to any attempts to Influence/Charm one or more actors that can hear the speaker's voice.",
    mode: "skillDice",
    may: true,
    joins: { kind: "action", actions: ["charm"] },
    note: "heardSpeaker",
  },
  {
    id: "painting.forgery",
    skill: "Painting",
    text: "Skill dice may also be added to attempts at artistic forgery of paintings.",
    mode: "skillDice",
    may: true,
    joins: { kind: "anyTest" },
    situation: "forgeryPainting",
  },
  {
    id: "sculpture.forgery",
    skill: "Sculpture",
    text: "Skill dice may also be added to attempts at sculptural forgery.",
    mode: "skillDice",
    may: true,
    joins: { kind: "anyTest" },
    situation: "forgerySculpture",
  },
  {
    id: "singing.oration",
    skill: "Singing",
    text: "Allocated dice may also be added to tests of Oration.",
    mode: "allocated",
    may: true,
    joins: { kind: "skillTest", skills: ["Oration"] },
  },
  {
    id: "stealthSkulking.watch",
    skill: "Stealth & Skulking",
    text: "Skill dice may also be added to any Watch action to detect covert movement.",
    mode: "skillDice",
    may: true,
    joins: { kind: "action", actions: ["watch"] },
    situation: "covertMovement",
  },
  {
    id: "twoWeaponFighting.attackParry",
    skill: "Two Weapon Fighting",
    text: "Any allocated dice may be added to any attacks or parries with either weapon.",
    mode: "allocated",
    may: true,
    joins: { kind: "action", actions: ["attack", "parry"] },
    appliedBy: "attack",
  },
  {
    id: "historicalSkill.general",
    skill: "Historical Skill",
    text: "When operating in a Technology Level context less than the actor's native level, tests involving the specialized General skill are not subject to the skill difficulty penalty, and any allocated dice may be added to the test pool.",
    mode: "allocated",
    may: true,
    joins: { kind: "anyTest" },
    appliedBy: "skillPool",
  },
  {
    id: "laborAnimal.command",
    skill: "Labor Animal",
    text: "When necessary, the animal's allocated dice for this skill are added to the commanding actor's dice pool for any tests involving the actor's control of the animal's actions.",
    mode: "allocated",
    may: false,
    joins: { kind: "anyTest" },
    appliedBy: "command",
  },
  {
    id: "ridersMount.command",
    skill: "Rider's Mount",
    text: "When necessary, the animal's allocated dice for this skill are added to the rider's skill dice for any tests involving the rider's control of the animal's actions.",
    mode: "allocated",
    may: false,
    joins: { kind: "anyTest" },
    appliedBy: "command",
  },
  {
    id: "warMount.dodge",
    skill: "War Mount",
    text: "Skill dice are used for any attacks and added to any Dodge actions the mount is directed to perform.",
    mode: "skillDice",
    may: false,
    joins: dodge,
    note: "mountDirected",
  },
];

/** A roll an add-on may join, as the pool builder knows it. */
export interface AddOnContext {
  /** The Fast Action action of the roll (dodge, parry, watch, attack, charm ...). */
  action?: ActionId;
  /** The tested skill: a skill test's, or the weapon's skill of an attack or parry. */
  skill?: string;
  /** The attributes of an attribute test (Dodge: PRW; Watch: SMR). */
  attributes?: readonly AttributeKey[];
  /** The roll resists another's Influence ("or to contest attempts from others"). */
  resisting?: boolean;
  /** Action dice spent. */
  ad?: number;
  /** A melee attack (Marksmanship wants a ranged one). */
  meleeAttack?: boolean;
  /** The armour classes worn or wielded ("light", "medium", "heavy", "shield"). */
  wornArmour?: readonly string[];
  /** The dice the tested skill loses for unallocated skills (a positive number; Linguistics). */
  difficultyPenalty?: number;
}

/** One part of an add-on's dice: a skill's (`label` its name), or an attribute's (`attribute` set). */
export interface AddOnPart {
  label: string;
  dice: number;
  attribute?: AttributeKey;
}

/** An add-on a pool gets or is offered. */
export interface SkillAddOnOffer {
  rule: SkillAddOnRule;
  /** The toggle's key in the roll dialog: `addOn:<id>`. */
  key: string;
  /** The skill as the actor has it (`"Armor » Heavy"`). */
  skill: string;
  /** The dice it adds (after dedupe, and Linguistics' cap). */
  dice: number;
  /** What the dice are: the skill's allocation, then any default the roll did not have yet. */
  parts: AddOnPart[];
  /** The player may leave it out (the text says "may"). */
  optional: boolean;
  /** In the pool unless the player leaves it out: no circumstance the pool cannot see. */
  defaultOn: boolean;
}

/** The roll dialog's key of an add-on. */
export const addOnKey = (id: string): string => `addOn:${id}`;

/** Whether a dialog toggle's key is an add-on's. */
export const isAddOnKey = (key: string): boolean => key.startsWith("addOn:");

function joins(
  rule: SkillAddOnRule,
  context: AddOnContext,
  actor: SkillActor,
  catalog: SkillCatalog,
): boolean {
  const j = rule.joins;
  const tested = context.skill ? parseSkillRef(context.skill) : undefined;
  switch (j.kind) {
    case "action":
      if (context.action === undefined || !j.actions.includes(context.action)) return false;
      return context.resisting !== true || j.resisting === "also";
    case "skillTest":
      return (
        context.action === undefined && tested !== undefined && j.skills.some((s) => sameSkill(s, tested))
      );
    case "anyTest":
      return context.action === undefined && (tested === undefined || !sameSkill(rule.skill, tested));
    case "unallocatedLanguage": {
      if (context.action !== undefined || !tested || (context.difficultyPenalty ?? 0) <= 0) return false;
      if (skillAllocation(actor, tested) >= 1) return false;
      const definition = findSkillDefinition(catalog, tested);
      return normalizeKey((definition ?? { skill: tested.skill }).skill) === normalizeKey("Language");
    }
    case "recovery":
      return false;
  }
}

function requirementHolds(
  requirement: AddOnRequirement,
  context: AddOnContext,
  actor: SkillActor,
  catalog: SkillCatalog,
): boolean {
  switch (requirement.kind) {
    case "wearing":
      return (context.wornArmour ?? []).some(
        (c) => normalizeKey(c) === normalizeKey(requirement.armourClass),
      );
    case "parryWithShield":
      return context.skill !== undefined && sameSkill(context.skill, "Armor » Shields");
    case "minAd":
      return (context.ad ?? 0) >= requirement.ad;
    case "rangedWeaponAllocated":
      return (
        context.meleeAttack !== true &&
        context.skill !== undefined &&
        isRangedWeaponType(catalog, context.skill) &&
        skillAllocation(actor, context.skill) >= 1
      );
  }
}

/** The node ids of a pool: `attribute:smr`, `ability:<key>`, `skill:<family>»<spec>`. */
function skillNode(ref: { skill: string; spec?: string }): string {
  return `skill:${normalizeKey(ref.skill)}»${normalizeKey(ref.spec ?? "")}`;
}

/**
 * The nodes a pool already has: its attributes, and the tested skill's default chain ("If use of a
 * skill is composed with other skills in a single action and would result in a particular default
 * appearing more than once in the pool, the default's allocation is only added once").
 */
export function poolNodes(actor: SkillActor, catalog: SkillCatalog, context: AddOnContext): Set<string> {
  const nodes = new Set<string>((context.attributes ?? []).map((a) => `attribute:${a}`));
  if (context.skill) {
    const chain = defaultChain(actor, catalog, context.skill);
    if (chain.ok) {
      for (const s of chain.value.skills) nodes.add(skillNode(s.ref));
      const root = chain.value.root;
      if (root.kind === "attribute") nodes.add(`attribute:${root.attribute}`);
      else if (root.kind === "ability") nodes.add(`ability:${normalizeKey(root.ability)}`);
    }
  }
  return nodes;
}

/**
 * What one add-on adds to a pool that has `nodes`, and the nodes it brings. `allocated`: the
 * skill's allocation (none when the skill is already in the pool). `skillDice`: each node of the
 * skill's default chain the pool does not have yet, an unallocated default in the chain at minus
 * its difficulty ("Attempting Unallocated Skills").
 */
function addOnDice(
  rule: SkillAddOnRule,
  ref: { skill: string; spec?: string },
  actor: SkillActor,
  catalog: SkillCatalog,
  nodes: ReadonlySet<string>,
): { parts: AddOnPart[]; nodes: string[] } {
  const label = formatSkillRef(ref);
  if (rule.mode === "allocated") {
    const id = skillNode(ref);
    if (nodes.has(id)) return { parts: [], nodes: [] };
    return { parts: [{ label, dice: skillAllocation(actor, ref) }], nodes: [id] };
  }
  const chain = defaultChain(actor, catalog, ref);
  if (!chain.ok) return { parts: [], nodes: [] };
  const parts: AddOnPart[] = [];
  const added: string[] = [];
  for (const s of chain.value.skills) {
    const id = skillNode(s.ref);
    if (nodes.has(id) || added.includes(id)) continue;
    added.push(id);
    const alloc = skillAllocation(actor, s.ref);
    parts.push({ label: formatSkillRef(s.ref), dice: alloc > 0 ? alloc : -s.definition.difficulty });
  }
  const root = chain.value.root;
  if (root.kind === "attribute") {
    const id = `attribute:${root.attribute}`;
    if (!nodes.has(id)) {
      added.push(id);
      parts.push({
        label: ATTRIBUTE_LABELS[root.attribute],
        dice: actor.attributes[root.attribute],
        attribute: root.attribute,
      });
    }
  } else if (root.kind === "ability") {
    const id = `ability:${normalizeKey(root.ability)}`;
    if (!nodes.has(id)) {
      added.push(id);
      parts.push({ label: root.ability, dice: abilityAllocation(actor, root.ability) });
    }
  }
  return { parts, nodes: added };
}

/** The actor's allocated skills a rule names: the skill, or every allocated specialisation of it. */
function allocatedRefs(rule: SkillAddOnRule, actor: SkillActor): { skill: string; spec?: string }[] {
  const ref = parseSkillRef(rule.skill);
  if (ref.spec !== undefined) return skillAllocation(actor, ref) >= 1 ? [ref] : [];
  const own = actor.skills.filter((a) => normalizeKey(a.skill) === normalizeKey(ref.skill) && a.dice >= 1);
  return own.length ? own.map((a) => (a.spec ? { skill: a.skill, spec: a.spec } : { skill: a.skill })) : [];
}

/**
 * The add-ons a pool gets or is offered, in the order of `rules`. `include` says which optional
 * ones the player keeps (by default those on by default); the dice of each are worked out against
 * the pool's nodes and the add-ons before it that are included, so a default shared by two
 * add-ons counts once. Only add-ons the pool builder applies (`appliedBy` absent or `"pool"`).
 *
 * Examples: Athletics 2 and Dance 1 on a Dodge (PRW 3): +2 and +1. Stealth & Skulking 2 on a Watch
 * (SMR 2): +2 and PRW; Marksmanship 2 with Weapons » Bows allocated at 4AD: +2, at 3AD: nothing.
 */
export function skillAddOnsFor(
  actor: SkillActor,
  catalog: SkillCatalog,
  context: AddOnContext,
  include: (offer: SkillAddOnOffer) => boolean = (o) => o.defaultOn,
  rules: readonly SkillAddOnRule[] = SKILL_ADD_ONS,
): { offer: SkillAddOnOffer; included: boolean }[] {
  const nodes = poolNodes(actor, catalog, context);
  const out: { offer: SkillAddOnOffer; included: boolean }[] = [];
  for (const rule of rules) {
    if ((rule.appliedBy ?? "pool") !== "pool") continue;
    if (!joins(rule, context, actor, catalog)) continue;
    if (!(rule.requires ?? []).every((r) => requirementHolds(r, context, actor, catalog))) continue;
    for (const ref of allocatedRefs(rule, actor)) {
      const { parts, nodes: added } = addOnDice(rule, ref, actor, catalog, nodes);
      let dice = parts.reduce((n, p) => n + p.dice, 0);
      if (rule.cap === "difficultyPenalty")
        dice = Math.min(dice, Math.max(0, context.difficultyPenalty ?? 0));
      if (dice === 0 && parts.length === 0) continue;
      const offer: SkillAddOnOffer = {
        rule,
        key: addOnKey(rule.id),
        skill: formatSkillRef(ref),
        dice,
        parts,
        optional: rule.may,
        defaultOn: rule.situation === undefined,
      };
      const included = !rule.may || include(offer);
      if (included) for (const id of added) nodes.add(id);
      out.push({ offer, included });
    }
  }
  return out;
}

/**
 * Add-ons a homebrew skill declares in its `addsTo` (the item sheet's "Adds to" rows) when the core
 * text defines none for it: `dodge`, `parry`, `watch`, `attack`, `rangedAttack`, `influence/charm`,
 * `influence/intimidate` and `skill:<name>`. A condition in words makes it a choice the player
 * makes (offered, off until chosen). Hooks of other kinds are descriptions only.
 */
export function addOnRulesOf(definitions: readonly SkillDefinition[]): SkillAddOnRule[] {
  const out: SkillAddOnRule[] = [];
  for (const d of definitions) {
    const name = formatSkillRef(d.spec !== undefined ? { skill: d.skill, spec: d.spec } : { skill: d.skill });
    if (SKILL_ADD_ONS.some((r) => normalizeKey(parseSkillRef(r.skill).skill) === normalizeKey(d.skill)))
      continue;
    (d.addsTo ?? []).forEach((a, i) => {
      const hook = a.hook.trim();
      const lower = hook.toLowerCase();
      let j: AddOnJoin | null = null;
      let requires: AddOnRequirement[] | undefined;
      if (lower === "dodge" || lower === "parry" || lower === "watch" || lower === "attack")
        j = { kind: "action", actions: [lower] };
      else if (lower === "rangedattack") {
        j = { kind: "action", actions: ["attack"] };
        requires = [{ kind: "rangedWeaponAllocated" }];
      } else if (lower === "influence/charm" || lower === "charm") j = { kind: "action", actions: ["charm"] };
      else if (lower === "influence/intimidate" || lower === "intimidate")
        j = { kind: "action", actions: ["intimidate"] };
      else if (lower.startsWith("skill:")) j = { kind: "skillTest", skills: [hook.slice(6).trim()] };
      if (!j) return;
      const condition = a.condition?.trim() ?? "";
      out.push({
        id: `custom.${normalizeKey(name)}.${i}`,
        skill: name,
        text: condition,
        mode: a.mode,
        may: true,
        joins: j,
        ...(requires ? { requires } : {}),
        ...(condition ? { situation: "custom" as const } : {}),
      });
    });
  }
  return out;
}

// ---- tools --------------------------------------------------------------------------------------

/** A tool of the Navigation and Nautical Navigation tables, with its Operational Level. */
export interface NavigationTool {
  /** The tool as the text names it ("Map (typical or good quality)"). */
  name: string;
  /** What it is, so that two of a kind count once ("map", "compass"). */
  kind: string;
  ol: number;
}

/**
 * "In addition to skill dice, if available to the actor, the following tools add their Operational
 * Level (OL) to the dice pool of any of the described tests." The Land Navigation Tools and
 * Nautical Navigation Tools tables.
 */
export const NAVIGATION_TOOLS: Readonly<
  Record<"Navigation" | "Nautical Navigation", readonly NavigationTool[]>
> = {
  Navigation: [
    { name: "Magnetic Compass", kind: "compass", ol: 2 },
    { name: "Map (typical or good quality)", kind: "map", ol: 2 },
    { name: "Map (rudimentary or poor quality)", kind: "map", ol: 1 },
  ],
  "Nautical Navigation": [
    { name: "Charts (typical or good quality)", kind: "chart", ol: 2 },
    { name: "Charts (rudimentary or poor quality)", kind: "chart", ol: 1 },
    { name: "Magnetic Compass", kind: "compass", ol: 1 },
    { name: "Nautical Sextant", kind: "sextant", ol: 2 },
  ],
};

/** A tool the actor has: its name, its own OL and the skills it names. */
export interface ToolAtHand {
  name: string;
  ol: number;
  toolFor?: readonly string[];
}

/** The table entry a tool's name is: "Magnetic Compass"; "Map" or "Poor Map" by its quality words. */
function tableEntry(table: readonly NavigationTool[], name: string): NavigationTool | undefined {
  const n = normalizeKey(name);
  const poor = /rudimentary|poor/.test(n);
  const kinds: Record<string, string[]> = {
    compass: ["compass"],
    map: ["map"],
    chart: ["chart"],
    sextant: ["sextant"],
  };
  const candidates = table.filter((t) => (kinds[t.kind] ?? []).some((w) => n.includes(w)));
  if (candidates.length <= 1) return candidates[0];
  return candidates.find((t) => /rudimentary|poor/.test(normalizeKey(t.name)) === poor) ?? candidates[0];
}

/**
 * The tools that add their OL to a test of Navigation or Nautical Navigation: each tool of the
 * skill's table the actor has, at the table's OL (a Magnetic Compass is OL 2 on land and 1 at sea),
 * and any other tool that names the skill, at its own OL. Two tools of one kind (two maps) count
 * once, the better one (INFERENCE: the text lists kinds and qualities, not copies). Empty for
 * other skills.
 */
export function navigationToolDice(
  skill: string,
  tools: readonly ToolAtHand[],
): { label: string; dice: number }[] {
  const key = (Object.keys(NAVIGATION_TOOLS) as (keyof typeof NAVIGATION_TOOLS)[]).find((k) =>
    sameSkill(k, skill),
  );
  if (!key) return [];
  const table = NAVIGATION_TOOLS[key];
  const best = new Map<string, { label: string; dice: number }>();
  for (const tool of tools) {
    const entry = tableEntry(table, tool.name);
    const named = (tool.toolFor ?? []).some((s) => sameSkill(s, key));
    const dice = entry ? entry.ol : named ? Math.max(0, Math.floor(tool.ol)) : 0;
    if (dice <= 0) continue;
    const kind = entry?.kind ?? `other:${normalizeKey(tool.name)}`;
    const current = best.get(kind);
    if (!current || dice > current.dice) best.set(kind, { label: tool.name, dice });
  }
  return [...best.values()];
}
