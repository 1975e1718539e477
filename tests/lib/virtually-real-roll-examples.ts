// Plain Virtually Real actors, as the rolls read them (rolls/check-input-logic.ts `CheckActor`), for
// the rolls' unit tests: a human with every attribute [2] 10/+2 unless told, and skills by name.
import type { CheckActor, CheckSkill } from "../../src/rulesets/virtually-real/rolls/check-input-logic";
import type { AttributeKey } from "../../src/rulesets/virtually-real/rules";
import { buildCheck, type CheckChoice } from "../../src/rulesets/virtually-real/rolls/check-input-logic";
import {
  storedChoice,
  type ReadCheck,
  type VirtuallyRealCheckOptions,
} from "../../src/rulesets/virtually-real/rolls/roll-logic";
import type { VirtuallyRealCheckCard } from "../../src/rulesets/virtually-real/rolls/card-state-logic";
import { planCheck } from "../../src/rulesets/virtually-real/rules";

const KEYS: AttributeKey[] = ["body", "agility", "appearance", "mind", "logic", "aura", "reflex", "speed"];

/** A skill row: capacity, level, attribute, and its id (the name by default). */
export const skill = (
  name: string,
  capacity: number,
  level: number,
  more: Partial<CheckSkill> = {},
): CheckSkill => ({
  id: name.replace(/[^A-Za-z0-9]/g, "").slice(0, 16) || "skill",
  name,
  capacity,
  attribute: "agility",
  level,
  underlines: 0,
  ref: null,
  combat: false,
  ...more,
});

/** A human: [2] 10 (+2) everywhere unless `attributes` says otherwise. */
export function plainActor(
  more: Partial<CheckActor> = {},
  attributes: Partial<Record<AttributeKey, { capacity: number; score?: number; modifier: number }>> = {},
): CheckActor {
  return {
    uuid: "Actor.ada",
    name: "Ada",
    attributes: Object.fromEntries(
      KEYS.map((k) => {
        const a = attributes[k];
        return [k, { capacity: a?.capacity ?? 2, score: a?.score ?? 10, modifier: a?.modifier ?? 2 }];
      }),
    ) as CheckActor["attributes"],
    skills: [],
    marks: [],
    adrenaline: { level: 0, aggressive: false },
    darkness: { points: 0, level: 0 },
    initiativeLevel: 2,
    bctCapacity: 0,
    light: 3,
    mulligan: true,
    intimacies: [],
    ...more,
  };
}

/** The world's check settings at their defaults. */
export const CHECK_SETTINGS = {
  saveShortfall: "perDie",
  droppedSixConfirms: true,
  strengthFeatBrilliants: false,
} as const;

/** A check's options as `rollCheck` writes them, for an actor's choice. */
export function checkOptions(
  actor: CheckActor,
  choice: CheckChoice,
  more: Partial<VirtuallyRealCheckOptions> = {},
): VirtuallyRealCheckOptions {
  const built = buildCheck(actor, choice);
  return {
    type: "check",
    choice: storedChoice({ ...choice, skillId: built.subject.skillId }),
    input: built.input,
    dl: null,
    dlKey: null,
    subject: built.subject,
    lines: built.lines,
    settings: { ...CHECK_SETTINGS },
    label: null,
    opposed: null,
    ...more,
  };
}

/** A roll as the card reads it: the options, their plan, and the pool as rolled. */
export function readOf(options: VirtuallyRealCheckOptions, faces: number[]): ReadCheck {
  return { options, plan: planCheck(options.input, options.settings), faces };
}

/** The card `rollCheck` posts for a roll. */
export function cardOf(
  options: VirtuallyRealCheckOptions,
  more: Partial<VirtuallyRealCheckCard> = {},
): VirtuallyRealCheckCard {
  return {
    actorUuid: "Actor.ada",
    actorName: "Ada",
    kind: options.subject.kind,
    skillId: options.subject.skillId,
    attribute: options.subject.attribute,
    save: options.subject.save,
    ...more,
  };
}
