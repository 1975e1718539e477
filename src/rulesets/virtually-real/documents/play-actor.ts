/**
 * A Virtually Real character or NPC read for the end-of-scene and end-of-chapter steps (play-logic.ts
 * `PlayActor`), from its `system`, its skill items and the steps' flags.
 */
import { rulesetFlag } from "../../../core/flags";
import { ATTRIBUTE_KEYS, type AttributeKey } from "../rules";
import { livingSystem, skillSystem } from "../data/systems";
import type { StoredCondition } from "../data/living-logic";
import type { PlayActor, PlaySkill } from "./play-logic";
import { ACTOR_STORY_FLAG, PROGRESS_FLAG, RETRIES_FLAG, readActorStory, readProgress } from "./story-logic";
import { ID, type AnyActor, type AnyItem } from "./shared";

/** A skill item as the steps read it. */
export function playSkillOf(item: AnyItem): PlaySkill {
  const s = skillSystem(item);
  return {
    id: item.id ?? "",
    name: item.name,
    capacity: s.capacity,
    xp: s.xp,
    attribute: (ATTRIBUTE_KEYS as readonly string[]).includes(s.attribute)
      ? (s.attribute as AttributeKey)
      : "body",
    combat: s.combat,
    ref: s.ref,
    usedThisScene: s.usedThisScene,
    gainedThisChapter: s.gainedThisChapter,
    progress: readProgress(rulesetFlag(item, ID, PROGRESS_FLAG)),
    retries: rulesetFlag(item, ID, RETRIES_FLAG) !== undefined,
  };
}

/** An actor's skill items. */
export const skillItems = (actor: AnyActor): AnyItem[] =>
  [...actor.items].filter((i) => i.type === "virtually-real-skill");

/** A character or NPC as the steps read it. */
export function playActorOf(actor: AnyActor): PlayActor {
  const s = livingSystem(actor);
  return {
    uuid: actor.uuid,
    name: actor.name,
    character: actor.type === "virtually-real-character",
    attributes: Object.fromEntries(
      ATTRIBUTE_KEYS.map((k) => [k, { capacity: s.attributes[k].capacity, score: s.attributes[k].score }]),
    ) as PlayActor["attributes"],
    endurance: { value: s.endurance.value, max: s.endurance.max },
    state: { winded: s.state.winded, tired: s.state.tired },
    adrenaline: { level: s.adrenaline.level, aggressive: s.adrenaline.aggressive, fear: s.adrenaline.fear },
    emotional: {
      violence: { heroic: s.emotional.violence.heroic },
      despair: { heroic: s.emotional.despair.heroic },
      isolation: { heroic: s.emotional.isolation.heroic },
      guilt: { heroic: s.emotional.guilt.heroic },
    },
    conditions: s.conditions.map((c) => ({ ...c })) as StoredCondition[],
    scene: {
      highestWound: s.scene.highestWound,
      bctFailed: s.scene.bctFailed,
      bctCriticalFailure: s.scene.bctCriticalFailure,
    },
    light: s.light.value,
    darkness: s.darkness.points,
    bonusXP: s.bonusXP.value,
    story: readActorStory(rulesetFlag(actor, ID, ACTOR_STORY_FLAG)),
    skills: skillItems(actor).map(playSkillOf),
  };
}
