// A Xero Sum character as the check dialog reads it (check-plan-logic.ts CheckActor, CheckDialogInput)
// and check options as the card reads them (roll-logic.ts XeroSumCheckOptions): shared by the unit
// tests and the browser fixtures.
import type {
  CheckActor,
  CheckDialogInput,
  CheckSettings,
} from "../../src/rulesets/xero-sum/rolls/check-plan-logic";
import type { XeroSumCheckOptions } from "../../src/rulesets/xero-sum/rolls/roll-logic";
import { SKILL_KEYS } from "../../src/rulesets/xero-sum/rules";

const skills = (over: Record<string, number> = {}) =>
  Object.fromEntries(
    SKILL_KEYS.map((k) => [
      k,
      over[k] ?? (["demolitions", "mechanic", "psychology", "tactics"].includes(k) ? -3 : 0),
    ]),
  ) as CheckActor["skills"];

/** What an example overrides: anything, its skills as only those that differ. */
type ActorOver = Partial<Omit<CheckActor, "skills">> & { skills?: Record<string, number> };

/** Mara Quill: Acumen +1, Barter +2, Stealth +1; a Lost Eye; two Insight Dice; binoculars. */
export function checkActor(over: ActorOver = {}): CheckActor {
  return {
    uuid: "Actor.mara000000000001",
    name: "Mara Quill",
    attributes: { rsn: 1, acu: 1, phy: 0, inf: 2, dex: 2 },
    skills: skills({ barter: 2, stealth: 1, sleightOfHand: 2 }),
    perception: 2,
    woundChecks: { rsn: 0, acu: 0, phy: 0, inf: 0, dex: -1 },
    insight: 2,
    relationships: [{ name: "Old Sal", cmod: 1 }],
    gear: [
      { name: "Binoculars", target: "perception", value: 1, context: "at Long or Distant range" },
      { name: "Lock picks", target: "sleightOfHand", value: 1, context: "" },
    ],
    ...over,
    ...(over.skills ? { skills: skills(over.skills) } : {}),
  };
}

/** A plain actor: every attribute 0, nothing held but two Insight Dice. */
export function plainActor(name: string, over: ActorOver = {}): CheckActor {
  return checkActor({
    uuid: `Actor.${name.toLowerCase().padEnd(16, "0").slice(0, 16)}`,
    name,
    attributes: { rsn: 0, acu: 0, phy: 0, inf: 0, dex: 0 },
    skills: {},
    perception: 0,
    woundChecks: { rsn: 0, acu: 0, phy: 0, inf: 0, dex: 0 },
    relationships: [],
    gear: [],
    ...over,
  });
}

export const SETTINGS: CheckSettings = {
  barterAttribute: "acu",
  clampConditional: false,
  momentOn3d6: "firstTwo",
  insightReplaceCost: "perDie",
  opposedInsight: true,
  groupCheckSkills: false,
};

export function dialogInput(over: Partial<CheckDialogInput> = {}): CheckDialogInput {
  return { actor: checkActor(), settings: SETTINGS, choice: { skill: "barter" }, ...over };
}

/** A localiser for tests and fixtures: the key's text with `{placeholders}` filled in. */
export function formatter(localize: (key: string) => string) {
  return (key: string, data?: Record<string, string>) =>
    localize(key).replace(/\{(\w+)\}/g, (m, k: string) => data?.[k] ?? m);
}

/** An Acumen + Barter check's options (C12: +1 +2 −1) unless changed. */
export function checkOptions(over: Partial<XeroSumCheckOptions> = {}): XeroSumCheckOptions {
  return {
    type: "check",
    kind: "skill",
    attribute: "acu",
    skill: "barter",
    parts: [
      { kind: "attribute", key: "acu", value: 1 },
      { kind: "skill", key: "barter", value: 2 },
      { kind: "conditional", name: "Haggling in the rain", value: -1 },
    ],
    modifier: 2,
    clamped: false,
    insight: null,
    dice: 2,
    momentOn3d6: "firstTwo",
    replaceCost: "perDie",
    opposedInsight: true,
    replace: true,
    opposed: null,
    group: null,
    ...over,
  };
}
