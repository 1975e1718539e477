/**
 * A Virtually Real character as the scene, chapter and learning steps read it (`PlayActor`): Ana, with
 * Agility 14 and Aura 9 and every other attribute 10 at capacity [2], no conditions, nothing used this
 * scene. Tests and fixtures override what their case is about.
 */
import type { PlayActor } from "../../src/rulesets/virtually-real/documents/play-logic";

const attr = (score = 10) => ({ capacity: 2, score });

export const playActor = (a: Partial<PlayActor> = {}): PlayActor => ({
  uuid: "Actor.a",
  name: "Ana",
  character: true,
  attributes: {
    body: attr(),
    agility: attr(14),
    appearance: attr(),
    mind: attr(),
    logic: attr(),
    aura: attr(9),
    reflex: attr(),
    speed: attr(),
  },
  endurance: { value: 3, max: 6 },
  state: { winded: false, tired: false },
  adrenaline: { level: 0, aggressive: false, fear: false },
  emotional: {
    violence: { heroic: 0 },
    despair: { heroic: 0 },
    isolation: { heroic: 0 },
    guilt: { heroic: 0 },
  },
  conditions: [],
  scene: { highestWound: "none", bctFailed: false, bctCriticalFailure: false },
  light: 1,
  darkness: 0,
  bonusXP: 0,
  story: { scene: 0, chapter: 0, selfTaughtAct: null },
  skills: [],
  ...a,
});
