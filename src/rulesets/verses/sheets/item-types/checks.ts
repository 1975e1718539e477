/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): checking a text
 * field with the rules as it is typed (tests, damage, resistance, ammunition effects, weapon
 * features, species formulas).
 */
import {
  HUMAN_FORMULAS,
  evaluateFormula,
  formatFormula,
  parseActionFeatures,
  parseAmmoEffect,
  parseAreaDamage,
  parseDamage,
  parseDerivedFormula,
  RulesError,
  validateRangeSpec,
  validateResistance,
  type AttributeKey,
  type DerivedKey,
  type RulesMessage,
} from "../../rules";
import type { Localize } from "../../../../core/roll-dialog-model";
import { rulesText } from "../../base/rules-message-logic";
import { type CheckKind, P, type PreviewPart, type Problem } from "./shapes";

// ---- checks ---------------------------------------------------------------------------------

export interface CheckResult {
  problem: Problem | null;
  preview: PreviewPart[];
}

const UNITLESS: readonly DerivedKey[] = ["ad", "cn", "hp", "sk"];

/**
 * Check one text value with the rules, as the sheet does on every render and as the user types:
 * - `test`: a weapon TEST (`validateRangeSpec`); previews the success target by range.
 * - `damage`: HP/SM (`parseDamage`); `area`: area damage (`parseAreaDamage`); both may be blank.
 * - `resistance` (`validateResistance`), `ammoEffect` (`parseAmmoEffect`, with a preview).
 * - `feature`: a weapon feature written `Name(value)` (`parseActionFeatures`, and `validateRangeSpec`
 *   for Throwable's range).
 * - `formula`: a species' derived formula (`parseDerivedFormula`), previewed on `core`; blank means
 *   the Human formula, which the preview names.
 */
export function checkValue(
  kind: CheckKind,
  value: string,
  context: {
    core?: Partial<Record<AttributeKey, number>>;
    derived?: DerivedKey | undefined;
    /** Turns the rules' message into the problem's detail (without it: the message's key). */
    localize?: Localize;
  } = {},
): CheckResult {
  const text = value.trim();
  const fail = (key: string, reason: RulesMessage): CheckResult => ({
    problem: { key: `${P}.Problem.${key}`, detail: rulesText(reason, context.localize) },
    preview: [],
  });
  // The parsers throw a RulesError with the message to show; anything else still reads as unreadable.
  const reason = (error: unknown): RulesMessage =>
    error instanceof RulesError ? error.reason : { key: "unreadable" };
  switch (kind) {
    case "test": {
      const checked = validateRangeSpec(text);
      if (!checked.ok) return fail("Test", checked.reason);
      const spec = checked.value;
      const preview: PreviewPart[] =
        spec.direction === "none"
          ? [{ key: `${P}.Range.Melee`, target: spec.base }]
          : spec.marks.map((metres, i) => ({
              key: spec.direction === "increasing" ? `${P}.Range.UpTo` : `${P}.Range.At`,
              target: spec.base + i,
              metres,
            }));
      if (spec.indirect) preview.push({ key: `${P}.Range.Indirect` });
      return { problem: null, preview };
    }
    case "damage": {
      if (!text) return { problem: null, preview: [] };
      try {
        const parsed = parseDamage(text);
        return {
          problem: null,
          preview: parsed.modes.map((m) => ({ key: `${P}.Damage.${m.type}`, value: m.amount })),
        };
      } catch (error) {
        return fail("Damage", reason(error));
      }
    }
    case "area": {
      if (!text || /^[—–-]$/.test(text)) return { problem: null, preview: [] };
      try {
        const parsed = parseAreaDamage(text);
        return {
          problem: null,
          preview: parsed.marks.map((metres, i) => ({
            key: `${P}.Area.${parsed.type}`,
            value: Math.max(0, parsed.amount - i),
            metres,
          })),
        };
      } catch (error) {
        return fail("Area", reason(error));
      }
    }
    case "resistance": {
      const checked = validateResistance(text);
      if (!checked.ok) return fail("Resistance", checked.reason);
      const r = checked.value;
      if (r.resists.length === 0) return { problem: null, preview: [{ key: `${P}.Resistance.None` }] };
      const preview: PreviewPart[] = [{ key: `${P}.Resistance.Resists`, formula: r.resists.join(", ") }];
      const into = new Map<string, string[]>();
      for (const [from, to] of Object.entries(r.transforms)) into.set(to, [...(into.get(to) ?? []), from]);
      for (const [to, from] of into)
        preview.push({ key: `${P}.Resistance.Becomes`, formula: from.join(", "), value: to });
      return { problem: null, preview };
    }
    case "ammoEffect": {
      try {
        const effect = parseAmmoEffect(text);
        if (effect.convertTo)
          return { problem: null, preview: [{ key: `${P}.Ammo.Converts`, formula: effect.convertTo }] };
        if (effect.bonus === 0) return { problem: null, preview: [{ key: `${P}.Ammo.None` }] };
        return {
          problem: null,
          preview: [
            effect.bonusType
              ? { key: `${P}.Ammo.BonusTyped`, value: effect.bonus, formula: effect.bonusType }
              : { key: `${P}.Ammo.Bonus`, value: effect.bonus },
          ],
        };
      } catch (error) {
        return fail("AmmoEffect", reason(error));
      }
    }
    case "feature":
      return { problem: featureProblem(text), preview: [] };
    case "formula": {
      const core = { smr: 2, prw: 2, tuf: 2, soc: 2, ...context.core };
      const key = context.derived ?? "ad";
      const unit = UNITLESS.includes(key) ? "" : key;
      const valueKey = `${P}.Formula.Value.${unit || "plain"}`;
      if (!text) {
        const human = HUMAN_FORMULAS[key];
        return {
          problem: null,
          preview: [
            {
              key: `${P}.Formula.Human.${unit || "plain"}`,
              formula: formatFormula(human),
              value: evaluateFormula(human, core),
            },
          ],
        };
      }
      const parsed = parseDerivedFormula(text);
      if (!parsed.ok) return fail("Formula", parsed.reason);
      return { problem: null, preview: [{ key: valueKey, value: evaluateFormula(parsed.value, core) }] };
    }
  }
}

/** Features whose value the rules read, and how to write it. */
const FEATURE_VALUES: Readonly<
  Record<string, (features: ReturnType<typeof parseActionFeatures>) => boolean>
> = {
  parry: (f) => f.parry !== null,
  slow: (f) => f.slow !== null,
  reload: (f) => f.reload !== null,
  magazine: (f) => f.magazine !== null,
  unhanded: (f) => f.unhanded !== null,
};
const FEATURES_WITHOUT_VALUE = ["chainable", "fast", "unwieldy"];

/** The weapon features the text lists ("Weapon Features"), for suggestions. */
export const KNOWN_FEATURES = [
  "Chainable",
  "Fast",
  "Magazine",
  "Parry",
  "Reload",
  "Slow",
  "Sustainable",
  "Throwable",
  "Unhanded",
  "Unwieldy",
] as const;

/**
 * A feature as written (`Parry(2)`, `Reload(12AD)`, `Throwable(2S@2m,5,8)`), checked by the rules'
 * reader. Unknown names are the GM's own and pass.
 */
export function featureProblem(text: string, localize?: Localize): Problem | null {
  const match = /^\s*([A-Za-z-]+)\s*(?:\((.*)\))?\s*$/.exec(text);
  if (!match) return text.trim() ? { key: `${P}.Problem.Feature`, detail: text } : null;
  const name = (match[1] as string).toLowerCase();
  const value = (match[2] ?? "").trim();
  const reads = FEATURE_VALUES[name];
  if (reads) {
    if (!reads(parseActionFeatures(`${match[1]}(${value})`)))
      return { key: `${P}.Problem.FeatureValue.${name}`, detail: value };
    return null;
  }
  if (name === "throwable") {
    const checked = validateRangeSpec(value);
    return checked.ok ? null : { key: `${P}.Problem.Test`, detail: rulesText(checked.reason, localize) };
  }
  if (name === "sustainable") {
    return /^\d+\s*,\s*\d+$/.test(value)
      ? null
      : { key: `${P}.Problem.FeatureValue.sustainable`, detail: value };
  }
  if (FEATURES_WITHOUT_VALUE.includes(name) && value)
    return { key: `${P}.Problem.FeatureNoValue`, detail: value };
  return null;
}

/** A stored feature `{ name, value }` as the listings write it. */
export function featureText(feature: { name: string; value: string }): string {
  return feature.value ? `${feature.name}(${feature.value})` : feature.name;
}
