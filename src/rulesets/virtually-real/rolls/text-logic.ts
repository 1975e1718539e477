/**
 * How a Virtually Real check reads, Foundry-free: its name ("Open Locks", "Health save", "Body
 * check", "Violence save: Basic Combat Training", "Darkness"), each modifier line ("Conditions: 1
 * disadvantage, +1 crit"), how the dice are kept ("Roll 4, keep the 2 highest"), a degree's and an
 * outcome's words. The dialog and the card share these, so both say the same thing.
 */
import { countText } from "../../../core/i18n-logic";
import type { CheckPlan, Degree, KeepRule, Outcome, PreparedCheck } from "../rules";
import { ROLLS_KEY, type CheckSubject, type ModifierLine } from "./check-input-logic";

export type Localize = (key: string, data?: Record<string, string>) => string;

const CHECK = "POLYVERSE.VirtuallyReal.Check";
const CHARACTER = "POLYVERSE.VirtuallyReal.Character";

/** A whole number with its sign, a true minus for negatives ("+2", "−1", "0"). */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

export const attributeName = (key: string, localize: Localize) => localize(`${CHARACTER}.Attribute.${key}`);
export const saveName = (key: string, localize: Localize) => localize(`${CHECK}.Save.${key}`);
export const targetName = (key: string, localize: Localize) =>
  localize(`${CHARACTER}.EmotionalTarget.${key}`);
export const degreeName = (degree: Degree, localize: Localize) => localize(`${CHECK}.Degree.${degree}`);
export const outcomeName = (outcome: Outcome, localize: Localize) => localize(`${CHECK}.Outcome.${outcome}`);
export const dlName = (key: string, localize: Localize) => localize(`${CHECK}.DL.${key}`);
export const kindName = (kind: string, localize: Localize) => localize(`${CHECK}.Kind.${kind}`);
export const critSourceName = (key: string, localize: Localize) => localize(`${CHECK}.CritSource.${key}`);

/** The check's name: a skill's ("Open Locks"), a save's, an attribute check's, Darkness, an emotional save's. */
export function subjectLabel(subject: CheckSubject, localize: Localize, label?: string | null): string {
  if (label) return label;
  const k = `${ROLLS_KEY}.Subject`;
  if (subject.darkness) return localize(`${k}.darkness`);
  if (subject.emotionalTarget) {
    const target = targetName(subject.emotionalTarget, localize);
    return subject.skillName
      ? localize(`${k}.emotionalSkill`, { target, skill: subject.skillName })
      : localize(`${k}.emotional`, { target });
  }
  switch (subject.kind) {
    case "save":
      return subject.save === "standard"
        ? localize(`${k}.standardSave`, { attribute: attributeName(subject.attribute ?? "body", localize) })
        : localize(`${k}.save`, { save: saveName(subject.save ?? "health", localize) });
    case "attribute":
      return localize(`${k}.attribute`, { attribute: attributeName(subject.attribute ?? "body", localize) });
    case "strengthFeat":
      return localize(`${k}.strengthFeat`);
    case "combination":
      return subject.skillName ?? kindName("combination", localize);
    default:
      return subject.skillName ?? kindName("skill", localize);
  }
}

/** A line's dice as words: "1 advantage, 2 disadvantages, +1 crit". */
export function diceText(
  dice: Pick<ModifierLine, "advantage" | "disadvantage" | "critMod">,
  localize: Localize,
): string {
  const k = `${ROLLS_KEY}.Dice`;
  const parts: string[] = [];
  const count = (key: string, n: number) => countText(localize, `${k}.${key}`, n);
  if (dice.advantage) parts.push(count("Advantage", dice.advantage));
  if (dice.disadvantage) parts.push(count("Disadvantage", dice.disadvantage));
  if (dice.critMod) parts.push(localize(`${k}.Crit`, { crit: signed(dice.critMod) }));
  return parts.join(", ");
}

/** A modifier line's label ("Conditions", "Adrenaline (level 2)", "Helper ×2"). */
export function lineLabel(line: ModifierLine, localize: Localize): string {
  const data = { ...(line.data ?? {}) };
  if (data.source) data.source = localize(data.source);
  // A Combination's parts name an attribute by its key (`Team.Line.Combination`).
  for (const part of ["first", "second"] as const)
    if (data[part]?.startsWith(`${CHARACTER}.Attribute.`)) data[part] = localize(data[part]);
  return localize(line.key, data);
}

/** How the pool is rolled and read: "Roll 4 dice, keep the 2 highest". */
export function keepText(
  plan: Pick<CheckPlan, "poolSize" | "keep" | "keepRule">,
  localize: Localize,
): string {
  const rule: KeepRule = plan.keepRule;
  return localize(`${ROLLS_KEY}.Keep.${rule}`, { pool: String(plan.poolSize), keep: String(plan.keep) });
}

/** The critical range ("Critical on 2–3") and where brilliance starts ("Brilliant from 12"). */
export function rangeText(plan: CheckPlan, localize: Localize): string {
  const [low, high] = plan.critRange;
  const crit =
    low === high
      ? localize(`${ROLLS_KEY}.Range.CritOne`, { n: String(low) })
      : localize(`${ROLLS_KEY}.Range.Crit`, { low: String(low), high: String(high) });
  if (!plan.brilliantAllowed) return `${crit}; ${localize(`${ROLLS_KEY}.Range.NoBrilliant`)}`;
  return `${crit}; ${localize(`${ROLLS_KEY}.Range.Brilliant`, { n: String(plan.brilliantFrom) })}`;
}

/**
 * The capacity modifiers `planCheck` adds, as lines: the attribute's extra dice as advantages (and
 * the disadvantages they cancel), a save above its attribute's capacity, a [0] rolled as [1].
 */
export function capacityLines(
  input: PreparedCheck,
  plan: Pick<CheckPlan, "capacityDice" | "cancelled" | "disadvantage" | "zeroCapacity">,
  localize: Localize,
): { label: string; dice: string }[] {
  const k = `${ROLLS_KEY}.Capacity`;
  const lines: { label: string; dice: string }[] = [];
  if (plan.capacityDice) {
    const dice = diceText({ advantage: plan.capacityDice, disadvantage: 0, critMod: 0 }, localize);
    lines.push({
      label: localize(`${k}.Extra`, { n: String(input.attrCapacity) }),
      dice: plan.cancelled ? `${dice}, ${countText(localize, `${k}.Cancels`, plan.cancelled)}` : dice,
    });
  }
  const zero = plan.zeroCapacity ? 1 : 0;
  const shortfall = plan.disadvantage + plan.cancelled - input.disadvantage - zero;
  if (shortfall > 0)
    lines.push({
      label: localize(`${k}.Shortfall`, { n: String(input.attrCapacity) }),
      dice: diceText({ advantage: 0, disadvantage: shortfall, critMod: 0 }, localize),
    });
  if (zero)
    lines.push({
      label: localize(`${k}.Zero`),
      dice: diceText({ advantage: 0, disadvantage: 1, critMod: 0 }, localize),
    });
  return lines;
}
