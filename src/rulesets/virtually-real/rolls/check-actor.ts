/**
 * What a check reads of a Foundry actor (check-input-logic.ts `CheckActor`): its attributes with
 * their modifiers, its skills with the levels the data model derived, its condition marks, its
 * adrenaline, Darkness, light, the Initiative save's level and Basic Combat Training's capacity, its
 * intimacies.
 */
import { virtuallyRealRulesOptions, virtuallyRealSetting } from "../base/settings";
import { maneuverOn } from "../base/maneuver";
import { isVirtuallyRealLiving, livingSystem } from "../data/systems";
import { ATTRIBUTE_KEYS, SKILL_REFS, type AttributeKey, type SkillRef } from "../rules";
import type { MarkTarget } from "./changes-logic";
import type { CheckActor, CheckSkill } from "./check-input-logic";

type AnyActor = Actor.Implementation;

const count = (v: unknown): number => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : 0);

/** The actor's skill items as a check reads them. */
function skillsOf(actor: AnyActor): CheckSkill[] {
  const derived = livingSystem(actor).derived;
  const skills: CheckSkill[] = [];
  for (const item of actor.items) {
    if (item.type !== "virtually-real-skill" || !item.id) continue;
    const system = item.system as unknown as Record<string, unknown>;
    const attribute = (ATTRIBUTE_KEYS as readonly unknown[]).includes(system.attribute)
      ? (system.attribute as AttributeKey)
      : "body";
    const ref = (SKILL_REFS as readonly unknown[]).includes(system.ref) ? (system.ref as SkillRef) : null;
    skills.push({
      id: item.id,
      name: item.name ?? "",
      capacity: Math.min(5, count(system.capacity)),
      attribute,
      level: derived?.skills[item.id]?.level ?? 0,
      underlines: count(system.underlines),
      ref,
      combat: system.combat === true,
      xp: count(system.xp),
    });
  }
  return skills;
}

/** A Virtually Real actor as a check reads it. */
export function checkActor(actor: AnyActor): CheckActor {
  const system = livingSystem(actor);
  const derived = system.derived;
  const attributes = Object.fromEntries(
    ATTRIBUTE_KEYS.map((key) => {
      const stored = system.attributes[key];
      return [
        key,
        { capacity: stored.capacity, score: stored.score, modifier: derived?.attributes[key]?.modifier ?? 0 },
      ];
    }),
  ) as CheckActor["attributes"];
  const skills = skillsOf(actor);
  return {
    uuid: actor.uuid,
    name: actor.name ?? "",
    attributes,
    skills,
    marks: derived?.marks ?? [],
    adrenaline: derived?.adrenaline ?? { level: 0, aggressive: false },
    darkness: { points: system.darkness.points, level: derived?.darkness.level ?? 0 },
    initiativeLevel: derived?.initiative.level ?? derived?.attributes.reflex.modifier ?? 0,
    bctCapacity: Math.max(0, ...skills.filter((s) => s.ref === "basicCombatTraining").map((s) => s.capacity)),
    light: system.light.value,
    mulligan: derived?.mulligan ?? system.attributes.aura.capacity >= 1,
    intimacies: system.intimacies.map((i) => ({ name: i.name, target: i.target, level: i.level })),
    maneuver: maneuverClaimOn(actor.uuid),
  };
}

/** The Maneuver penalty standing on the actor (the world's hidden record, only a GM writes it). */
function maneuverClaimOn(uuid: string) {
  const entry = maneuverOn(uuid);
  return entry ? { dice: entry.dice, after: entry.after } : null;
}

/** The skill and actor a check card's marks change, as they are now (changes-logic.ts `MarkTarget`). */
export function markTarget(actor: AnyActor, skillId: string | null): MarkTarget {
  const system = livingSystem(actor);
  const scores = Object.fromEntries(
    ATTRIBUTE_KEYS.map((k) => [k, system.attributes[k].score]),
  ) as MarkTarget["actor"]["scores"];
  const item = skillId ? actor.items.get(skillId) : undefined;
  const skill =
    item && item.type === "virtually-real-skill"
      ? (() => {
          const s = item.system as unknown as Record<string, unknown>;
          const attribute = (ATTRIBUTE_KEYS as readonly unknown[]).includes(s.attribute)
            ? (s.attribute as AttributeKey)
            : "body";
          return {
            uuid: item.uuid,
            name: item.name ?? "",
            capacity: Math.min(5, count(s.capacity)),
            xp: count(s.xp),
            attribute,
          };
        })()
      : null;
  return { actor: { uuid: actor.uuid, name: actor.name ?? "", scores }, skill };
}

/** The world's settings a check reads. */
export function checkSettings() {
  const o = virtuallyRealRulesOptions();
  return {
    check: {
      saveShortfall: o.check.saveShortfall ?? "perDie",
      droppedSixConfirms: o.check.droppedSixConfirms ?? true,
      strengthFeatBrilliants: o.check.strengthFeatBrilliants ?? false,
    },
    build: {
      conditions: o.conditions,
      currency: o.currency,
      team: { helperXP: o.helpers.helperXP, maxHelpers: virtuallyRealSetting("maxHelpers") },
    },
    attribute: o.attribute,
    ties: virtuallyRealSetting("ties"),
  };
}

/**
 * The characters who may help `actor`'s check: the current scene's tokens' actors and the world's
 * characters, never the roller itself, each once, by name.
 */
export function teamMates(actor: AnyActor): CheckActor[] {
  const found = new Map<string, AnyActor>();
  const add = (a: AnyActor | null | undefined) => {
    if (!a || a.uuid === actor.uuid || found.has(a.uuid) || !isVirtuallyRealLiving(a)) return;
    if (actor.isToken && a.id === actor.id && !a.isToken) return;
    found.set(a.uuid, a);
  };
  const scene = canvas?.scene ?? game.scenes?.viewed ?? null;
  for (const token of scene?.tokens ?? []) add(token.actor as AnyActor | null);
  for (const a of game.actors ?? []) if (a.type === "virtually-real-character") add(a as AnyActor);
  return [...found.values()].map(checkActor).sort((a, b) => a.name.localeCompare(b.name, game.i18n?.lang));
}

/** The helper actors a stored choice names, as they are now (those gone are left out). */
export async function helperMates(helpers: readonly string[] | undefined): Promise<CheckActor[]> {
  const mates: CheckActor[] = [];
  for (const uuid of helpers ?? []) {
    const doc = (await fromUuid(uuid)) as AnyActor | null;
    if (doc && doc instanceof Actor && isVirtuallyRealLiving(doc)) mates.push(checkActor(doc));
  }
  return mates;
}
