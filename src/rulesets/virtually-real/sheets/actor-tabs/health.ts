/**
 * The Health tab: hit points against their maximum (size base + Body modifier) and the wound bands the
 * Damage Capacity sets (major from 3, serious from DC + 3, critical from the maximum), the X conditions
 * the HP call for; the CONDITIONS rows and the CRIT row as boxes (conditions.ts), what the critical
 * ones forbid, time passing (each "At Next" heals by the rules); the adrenaline level and whether it
 * turned aggressive; winded and tired. Foundry-free.
 */
import { CONDITION_DURATIONS, EMOTIONAL_TARGETS, type ConditionMark } from "../../rules";
import { CHARACTER, FIELDS, ROOT, type CharacterSheetInput, type VirtuallyRealActorSystem } from "./common";
import { expireStored, rowView, type ConditionRowKey } from "./conditions";
import { pluralKey } from "../../../../core/i18n-logic";

/**
 * What time passing changes: the conditions whose "At Next" comes heal by the rules
 * (`expireConditions`), and at the end of a scene the heroic armor of Defending an Intimacy is erased
 * ("This bonus lasts 1 scene. Erase it when the scene changes."). Null for an unknown event.
 */
export function passTimeUpdate(
  system: VirtuallyRealActorSystem,
  marks: readonly ConditionMark[],
  event: string,
): Record<string, unknown> | null {
  const conditions = expireStored(system.conditions, marks, event);
  if (!conditions) return null;
  const update: Record<string, unknown> = { "system.conditions": conditions };
  if (event === "scene")
    for (const target of EMOTIONAL_TARGETS)
      if (system.emotional[target].heroic !== 0) update[`system.emotional.${target}.heroic`] = 0;
  return update;
}

const PLAIN_ROWS: readonly (readonly [ConditionRowKey, ConditionRowKey])[] = [
  ["major-physical", "major-mental"],
  ["serious-physical", "serious-mental"],
];

export function healthContext(input: CharacterSheetInput) {
  const { system, derived, localize, options } = input;
  const boxes = options.conditions.conditionBoxes!;
  const { hp } = derived;
  const row = (key: ConditionRowKey) =>
    rowView(key, system.conditions, boxes, system.adrenaline.level, localize);
  const check = (path: string, checked: boolean) => ({
    name: `system.${path}`,
    id: path.replace(/\./g, "-"),
    label: `${FIELDS}.${path}.label`,
    checked,
  });
  return {
    hp: {
      value: system.hp,
      max: hp.max,
      sizeBase: {
        name: "system.health.sizeBase",
        id: "health-sizeBase",
        value: system.health.sizeBase ?? "",
        placeholder: String(options.human.baseHitPoints),
        hint: `${FIELDS}.health.sizeBase.hint`,
      },
      dc: {
        name: "system.health.dc",
        id: "health-dc",
        value: system.health.dc ?? "",
        placeholder: String(options.human.damageCapacity),
        hint: `${FIELDS}.health.dc.hint`,
      },
      weightSize: {
        name: "system.health.weightSize",
        id: "health-weightSize",
        value: system.health.weightSize ?? "",
        placeholder: "0",
        hint: `${FIELDS}.health.weightSize.hint`,
      },
      bands: localize(`${ROOT}.Health.Bands`, {
        major: String(hp.major),
        serious: String(hp.serious),
        critical: String(hp.critical),
      }),
      human: hp.humanBase || hp.humanDc ? localize(`${ROOT}.Health.Human`) : null,
      xConditions:
        hp.xConditions > 0
          ? localize(pluralKey(`${ROOT}.Health.XConditions`, hp.xConditions), { n: String(hp.xConditions) })
          : null,
    },
    rows: PLAIN_ROWS.map(([left, right]) => ({ left: row(left), right: row(right) })),
    critical: row("critical"),
    effects: derived.critical.effects.map((e) => localize(`${CHARACTER}.ConditionEffect.${e}`)),
    events: CONDITION_DURATIONS.map((event) => ({
      event,
      label: localize(`${ROOT}.Conditions.Pass.${event}`),
      hint: localize(`${ROOT}.Conditions.PassHint`, {
        event: localize(`${CHARACTER}.Duration.${event}`),
      }),
    })),
    adrenaline: {
      level: { name: "system.adrenaline.level", id: "adrenaline-level", value: system.adrenaline.level },
      aggressive: check("adrenaline.aggressive", system.adrenaline.aggressive),
      fear: check("adrenaline.fear", system.adrenaline.fear),
    },
    state: [check("state.winded", system.state.winded), check("state.tired", system.state.tired)],
  };
}
