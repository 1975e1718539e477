/**
 * How a Xero Sum check reads, Foundry-free: the check's name ("Acumen + Barter", "Perception",
 * "Reason & Acumen"), each part of its modifier ("Barter +2", "Bad −1", "Insight Die +3"), a band's
 * and a Moment's words. The dialog and the card share these, so both say the same thing.
 */
import { CONDITIONAL_LABELS, type Band } from "../rules";
import type { Traits } from "./check-plan-logic";
import type { CheckPart } from "./roll-logic";

export type Localize = (key: string, data?: Record<string, string>) => string;

export const ROLL_KEY = "POLYVERSE.XeroSum.Roll";
const NAMES = "POLYVERSE.XeroSum";

/** A whole number with its sign, a true minus for negatives ("+2", "−1", "0"). */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

export const attributeName = (key: string, localize: Localize) => localize(`${NAMES}.Attribute.${key}`);
export const skillName = (key: string, localize: Localize) => localize(`${NAMES}.Skill.${key}`);

/** The check's name: "Acumen + Barter", "Acumen", "Perception", "Reason & Acumen". */
export function traitsLabel(traits: Traits, localize: Localize): string {
  if (traits.kind === "perception") return localize(`${ROLL_KEY}.Kind.perception`);
  if (traits.kind === "breakingPoint") return localize(`${ROLL_KEY}.Kind.breakingPoint`);
  const attribute = attributeName(traits.attribute ?? "rsn", localize);
  return traits.skill ? `${attribute} + ${skillName(traits.skill, localize)}` : attribute;
}

/** Table 4's label of a situation CMod ("Bad"), or the number itself off the table. */
export function situationLabel(value: number, localize: Localize): string {
  const key = CONDITIONAL_LABELS[value];
  return key ? localize(`${NAMES}.Check.ConditionalLabel.${key}`) : signed(value);
}

/** What a part of the modifier is called on the dialog and the card. */
export function partLabel(part: CheckPart, localize: Localize): string {
  const name = part.name ?? "";
  switch (part.kind) {
    case "attribute":
    case "sum":
      return attributeName(part.key ?? "", localize);
    case "skill":
      return skillName(part.key ?? "", localize);
    case "perception":
      return localize(`${ROLL_KEY}.Kind.perception`);
    case "situation":
      return localize(`${ROLL_KEY}.Part.situation`, {
        label: situationLabel(Number(part.key ?? part.value), localize),
      });
    case "conditional":
      return name || localize(`${ROLL_KEY}.Part.cmod`);
    case "wound":
      return localize(`${ROLL_KEY}.Part.wound`);
    case "relationship":
      return localize(`${ROLL_KEY}.Part.relationship`, { name });
    case "gear":
      return name;
    case "insight":
      return localize(`${ROLL_KEY}.Part.insight`);
    case "participant":
      return name;
    case "participantSkill":
      return localize(`${ROLL_KEY}.Part.participantSkill`, { name });
    case "participantConditional":
      return localize(`${ROLL_KEY}.Part.participantConditional`, { name });
    case "coverFire":
      return localize("POLYVERSE.XeroSum.Attack.CoverFire.Part");
  }
}

/** A part as a label and its signed amount. */
export const partView = (part: CheckPart, localize: Localize) => ({
  label: partLabel(part, localize),
  amount: signed(part.value),
  kind: part.kind,
});

/** A band's words ("Wild Success"). */
export const bandName = (band: Band, localize: Localize) => localize(`${NAMES}.Band.${band}`);

/** The dice and modifier as a formula: "2d6 + 3", "3d6 − 1", "2d6". */
export function formulaText(dice: number, modifier: number): string {
  if (!modifier) return `${dice}d6`;
  return `${dice}d6 ${modifier > 0 ? "+" : "−"} ${Math.abs(modifier)}`;
}
