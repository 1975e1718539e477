/**
 * What a check reads of a Foundry actor and of the world (check-plan-logic.ts `CheckActor`,
 * `CheckSettings`): the attributes after Lasting Wounds and the Perception stat (`system.derived`),
 * the skills, what Lasting Wounds take from checks, the Insight Dice held, the First Impressions, a
 * Cover Fire penalty waiting on its combatant in the viewed combat, and the bonuses its carried
 * equipment gives (their "when" in words: a compendium item's context key
 * read under `POLYVERSE.XeroSum.CombatRules.BonusContext`, an item of one's own as written).
 */
import { localize } from "../../../core/i18n";
import { xeroSumSettings } from "../base/settings";
import { combatantOf, roundStateOf } from "../data/round-state";
import { livingSystem } from "../data/systems";
import { ATTRIBUTE_KEYS, effectiveAttributes, lastingWoundTotals, perception } from "../rules";
import type { CheckActor, CheckSettings, GearBonus } from "./check-plan-logic";

type AnyActor = Actor.Implementation;

const CONTEXT = "POLYVERSE.XeroSum.CombatRules.BonusContext";

/** When an item's bonus applies, as words. */
function contextText(context: string): string {
  if (!context) return "";
  const key = `${CONTEXT}.${context}`;
  return game.i18n?.has(key) ? localize(key) : context;
}

/** The bonuses the actor's carried equipment gives to checks. */
function gearOf(actor: AnyActor): GearBonus[] {
  const out: GearBonus[] = [];
  for (const item of actor.items) {
    if (item.type !== "xero-sum-equipment") continue;
    const system = item.system as { carried?: unknown; bonuses?: unknown };
    if (system.carried === false || !Array.isArray(system.bonuses)) continue;
    for (const b of system.bonuses as { target?: unknown; value?: unknown; context?: unknown }[]) {
      if (typeof b?.target !== "string" || !Number.isInteger(b.value) || !b.value) continue;
      if (b.target === "encumbrance" || b.target === "initiative") continue;
      out.push({
        name: item.name ?? "",
        target: b.target,
        value: b.value as number,
        context: contextText(typeof b.context === "string" ? b.context : ""),
      });
    }
  }
  return out;
}

/** A Xero Sum actor as a check reads it. */
export function checkActor(actor: AnyActor): CheckActor {
  const system = livingSystem(actor);
  const wounds = [...system.lastingWounds];
  const attributes = system.derived?.attributes ?? effectiveAttributes({ ...system.attributes }, wounds);
  const checks = lastingWoundTotals(wounds).checks;
  return {
    uuid: actor.uuid,
    name: actor.name ?? "",
    attributes: { ...attributes },
    skills: { ...system.skills },
    perception: system.derived?.perception ?? perception(attributes),
    woundChecks: Object.fromEntries(ATTRIBUTE_KEYS.map((k) => [k, checks[k]])) as CheckActor["woundChecks"],
    insight: system.insight.value,
    relationships: system.relationships.map((r) => ({ name: r.name, cmod: r.cmod })),
    gear: gearOf(actor),
    coverFire: roundStateOf(combatantOf(actor))?.nextCheck ?? 0,
  };
}

/** The world's settings a check reads. */
export function checkSettings(): CheckSettings {
  const s = xeroSumSettings();
  return {
    barterAttribute: s.barterAttribute,
    clampConditional: s.clampConditional,
    momentOn3d6: s.momentOn3d6,
    insightReplaceCost: s.insightReplaceCost,
    opposedInsight: s.opposedInsight,
    groupCheckSkills: s.groupCheckSkills,
  };
}
