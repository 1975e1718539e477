/**
 * The end of a scene, without Foundry (chapter 1: "Experience & Learning", "Combat Experience",
 * "Aggressive Adrenal Response", "Defending An Intimacy", "Light Points", the conditions tables).
 * For each character or NPC it works out:
 * - scene XP: 1 XP in each skill used this scene ("per scene, not per roll of the dice", rules
 *   `sceneXP`) that the GM leaves ticked (a use without consequences or with an unknown outcome earns
 *   nothing: `useEarnsXP`, the GM's call at the table), never for combat skills (their XP is the
 *   wound's, `combatXP`); Basic Combat Training by its failures (`bctSceneXP`: 1, 2 on a critical
 *   failure); combat skills used in a scene of no more than minor wounds practised ("this scene counts
 *   as practice"). Characters only: an NPC's skills are written as levels;
 * - adrenaline fading: "At the end of the scene, you must give up an Endurance point as this
 *   adrenaline fades. If already Winded, you will become Tired" (`adrenalineFades`); Endurance at 0
 *   makes the character Winded (or U, by the world setting `zeroEndurance`);
 * - the conditions whose "At Next" is the scene heal by their "Heal to" (`expireConditions`: the fear
 *   and despair rushes to F and P, T to D, H stays); once no rush box is left the adrenaline level,
 *   its aggression and fear are over;
 * - the heroic armor of Defending an Intimacy erased ("This bonus lasts 1 scene");
 * - a light point for a character the GM ticks as having risked themselves for a stranger or an enemy
 *   this scene ("one for each scene where you risk yourself for the well-being of a stranger or
 *   enemy"), wiping a Darkness point (`earnLight`);
 * - the scene's marks cleared (skills used, the worst wound, Basic Combat Training's failures) and the
 *   actor's story flag set to the scene, so the step run twice changes nothing the second time.
 */
import {
  CONDITION_IDS,
  EMOTIONAL_TARGETS,
  adrenalineFades,
  bctSceneXP,
  conditionRow,
  earnLight,
  expireConditions,
  zeroCondition,
  type AttributeOptions,
  type ConditionId,
  type ConditionMark,
  type CurrencyOptions,
} from "../rules";
import { conditionMark, type StoredCondition } from "../data/living-logic";
import {
  addXP,
  attributeUpdate,
  itemUpdate,
  startGains,
  type AttributeLine,
  type PlayActor,
  type PlaySkill,
  type XPLine,
} from "./play-logic";
import { ACTOR_STORY_FLAG, PROGRESS_FLAG } from "./story-logic";
import { ID } from "./shared-logic";

/** Flag paths of the steps' own flags. */
export const storyFlagPath = `flags.polyverse.${ID}.${ACTOR_STORY_FLAG}`;
export const progressFlagPath = `flags.polyverse.${ID}.${PROGRESS_FLAG}`;

/** A condition healed (or gone), as a card shows it: the table's id or the letter, before and after. */
export interface HealedLine {
  from: string;
  to: string | null;
}

/** What a light point earned did, as a card shows it. */
export interface LightLine {
  earned: number;
  from: number;
  to: number;
  darknessFrom: number;
  darknessTo: number;
  passionsToDrop: number;
}

/** One character's or NPC's line on the scene card. */
export interface SceneRow {
  uuid: string;
  name: string;
  xp: XPLine[];
  attributes: AttributeLine[];
  practice: string[];
  endurance: { from: number; to: number } | null;
  tired: boolean;
  emptied: "winded" | ConditionId | null;
  adrenalineEnded: boolean;
  healed: HealedLine[];
  heroicCleared: boolean;
  light: LightLine | null;
}

/** The GM's choices for one actor: which used skills earn the scene's XP, and the risk light. */
export interface SceneChoice {
  /** Skill ids the GM left ticked (the used skills by default); Basic Combat Training's key is its id too. */
  xp: ReadonlySet<string>;
  /** Risked themselves for a stranger or an enemy this scene. */
  light: boolean;
}

/** What ending the scene does to one actor. */
export interface SceneEnd {
  /** Nothing to do: this scene was already ended for it. */
  done: boolean;
  actor: Record<string, unknown>;
  items: { _id: string; [path: string]: unknown }[];
  row: SceneRow;
}

/** The world settings the step reads. */
export interface SceneOptions {
  attribute?: AttributeOptions;
  currency?: CurrencyOptions;
}

/** A skill that is Basic Combat Training. */
export const isBct = (skill: Pick<PlaySkill, "ref">): boolean => skill.ref === "basicCombatTraining";

/** The XP a skill may earn at the scene's end, before the GM's choice (what the dialog offers). */
export function sceneOffers(actor: PlayActor): { skill: PlaySkill; xp: number; reason: "use" | "bct" }[] {
  if (!actor.character) return [];
  const out: { skill: PlaySkill; xp: number; reason: "use" | "bct" }[] = [];
  const bct = bctSceneXP({
    failed: actor.scene.bctFailed,
    criticallyFailed: actor.scene.bctCriticalFailure,
  });
  for (const skill of actor.skills) {
    if (isBct(skill)) {
      if (bct > 0) out.push({ skill, xp: bct, reason: "bct" });
      continue;
    }
    if (skill.combat || !skill.usedThisScene || skill.capacity === 0) continue;
    out.push({ skill, xp: 1, reason: "use" });
  }
  return out;
}

/** The GM's default choice: every offered XP, no risk light. */
export const defaultSceneChoice = (actor: PlayActor): SceneChoice => ({
  xp: new Set(sceneOffers(actor).map((o) => o.skill.id)),
  light: false,
});

const stored = (mark: ConditionMark): StoredCondition => ({
  severity: mark.severity,
  group: mark.group,
  target: mark.target ?? "",
  side: mark.side ?? "wound",
  id: mark.id ?? "",
  letter: mark.letter ?? "",
  atNext: mark.atNext ?? "",
});

/** What a mark is called on a card: its table id, else its letter, else its severity. */
const markName = (c: StoredCondition): string => c.id || c.letter || c.severity;

/**
 * The conditions after a time passes, and what healed: each mark whose "At Next" came, by
 * `expireConditions`, shown as before → after (null: gone).
 */
export function healConditions(
  conditions: readonly StoredCondition[],
  event: "scene" | "chapter",
): { conditions: StoredCondition[]; healed: HealedLine[] } {
  const after = expireConditions(conditions.map(conditionMark), event).map(stored);
  const healed: HealedLine[] = [];
  let j = 0;
  for (const before of conditions) {
    if (before.atNext !== event) {
      j++;
      continue;
    }
    const next = after[j];
    // expireConditions keeps a mark (healed) or drops it (a major condition), in order.
    if (before.severity === "major" && !before.id) {
      healed.push({ from: markName(before), to: null });
      continue;
    }
    j++;
    healed.push({ from: markName(before), to: next ? markName(next) : null });
  }
  return { conditions: after, healed };
}

const isRush = (c: StoredCondition): boolean =>
  c.id !== "" && (CONDITION_IDS as readonly string[]).includes(c.id) && conditionRow(c.id).adrenaline;

/** The adrenaline fading and the conditions healing at the scene's end (every actor). */
function calmDown(actor: PlayActor, options: SceneOptions, update: Record<string, unknown>, row: SceneRow) {
  const hadRush = actor.adrenaline.level > 0;
  if (hadRush) {
    const faded = adrenalineFades(actor.endurance.value, actor.state.winded);
    if (faded.endurance !== actor.endurance.value) {
      update["system.endurance.value"] = faded.endurance;
      row.endurance = { from: actor.endurance.value, to: faded.endurance };
      if (faded.endurance === 0) {
        const empty = zeroCondition("endurance", options.currency);
        row.emptied = empty;
        if (empty === "winded") update["system.state.winded"] = true;
      }
    }
    if (faded.tired && !actor.state.tired) {
      update["system.state.tired"] = true;
      row.tired = true;
    }
  }
  const { conditions, healed } = healConditions(actor.conditions, "scene");
  let next = conditions;
  if (row.emptied && row.emptied !== "winded" && !next.some((c) => c.id === row.emptied))
    next = [
      ...next,
      {
        severity: "critical",
        group: "physical",
        target: "",
        side: "wound",
        id: row.emptied,
        letter: "",
        atNext: conditionRow(row.emptied).atNext,
      },
    ];
  if (healed.length || next.length !== actor.conditions.length) update["system.conditions"] = next;
  row.healed = healed;
  if (hadRush && !next.some(isRush)) {
    update["system.adrenaline.level"] = 0;
    if (actor.adrenaline.aggressive) update["system.adrenaline.aggressive"] = false;
    if (actor.adrenaline.fear) update["system.adrenaline.fear"] = false;
    row.adrenalineEnded = true;
  }
  for (const target of EMOTIONAL_TARGETS)
    if (actor.emotional[target].heroic !== 0) {
      update[`system.emotional.${target}.heroic`] = 0;
      row.heroicCleared = true;
    }
}

/** A light point earned: `earnLight` against the Aura score. */
export function lightEarned(actor: PlayActor, earned: number): LightLine {
  const after = earnLight(
    { light: actor.light, darkness: actor.darkness },
    earned,
    actor.attributes.aura.score,
  );
  return {
    earned,
    from: actor.light,
    to: after.light,
    darknessFrom: actor.darkness,
    darknessTo: after.darkness,
    passionsToDrop: after.passionsToDrop,
  };
}

/** What ending scene `scene` (the clock's number once it ends) does to one actor, by the GM's choice. */
export function endSceneFor(
  actor: PlayActor,
  choice: SceneChoice,
  scene: number,
  options: SceneOptions = {},
): SceneEnd {
  const row: SceneRow = {
    uuid: actor.uuid,
    name: actor.name,
    xp: [],
    attributes: [],
    practice: [],
    endurance: null,
    tired: false,
    emptied: null,
    adrenalineEnded: false,
    healed: [],
    heroicCleared: false,
    light: null,
  };
  if (actor.story.scene >= scene) return { done: true, actor: {}, items: [], row };
  const update: Record<string, unknown> = {};
  const gains = startGains(actor);
  if (actor.character) {
    for (const offer of sceneOffers(actor)) {
      if (!choice.xp.has(offer.skill.id)) continue;
      addXP(gains, offer.skill, offer.xp, offer.reason, options.attribute);
      itemUpdate(gains, offer.skill.id)["system.gainedThisChapter"] = true;
    }
    const minorOnly = actor.scene.highestWound === "none" || actor.scene.highestWound === "minor";
    for (const skill of actor.skills)
      if (skill.combat && !isBct(skill) && skill.usedThisScene && minorOnly && !skill.progress.practising) {
        itemUpdate(gains, skill.id)[`${progressFlagPath}.practising`] = true;
        row.practice.push(skill.name);
      }
    Object.assign(update, attributeUpdate(gains));
    row.xp = gains.xp;
    row.attributes = gains.attributes;
  }
  for (const skill of actor.skills)
    if (skill.usedThisScene) itemUpdate(gains, skill.id)["system.usedThisScene"] = false;
  calmDown(actor, options, update, row);
  if (actor.character && choice.light) {
    row.light = lightEarned(actor, 1);
    update["system.light.value"] = row.light.to;
    update["system.darkness.points"] = row.light.darknessTo;
  }
  if (actor.scene.highestWound !== "none") update["system.scene.highestWound"] = "none";
  if (actor.scene.bctFailed) update["system.scene.bctFailed"] = false;
  if (actor.scene.bctCriticalFailure) update["system.scene.bctCriticalFailure"] = false;
  update[`${storyFlagPath}.scene`] = scene;
  const items = [...gains.items].map(([id, data]) => ({ _id: id, ...data }));
  return { done: false, actor: update, items, row };
}

/** Whether a scene row has anything to show (a row of nothing is left off the card). */
export const sceneRowShows = (row: SceneRow): boolean =>
  row.xp.length > 0 ||
  row.practice.length > 0 ||
  row.endurance !== null ||
  row.tired ||
  row.adrenalineEnded ||
  row.healed.length > 0 ||
  row.heroicCleared ||
  row.light !== null;
