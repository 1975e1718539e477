/**
 * What the GM holds a player's check card to, Foundry-free (the card ledger's `bad`, ledger.ts): a
 * player's client wrote the roll's options, so before the GM acts on the card (the changes it
 * carries, an Insight replacement, the opponent's roll) the options must be what the documents and
 * the world give: the settings it was classified and priced under are the world's, and its
 * attribute, skill, Perception and Lasting Wound parts (a Group Check's leader and every
 * participant's) are the actors' own. The CMods are the roller's to choose, as at the table.
 */
import { groupParts, traitParts, type CheckActor, type CheckSettings, type Traits } from "./check-plan-logic";
import type { CheckPart, PartKind, XeroSumCheckOptions } from "./roll-logic";

const KEY = "POLYVERSE.XeroSum.Roll.Relay";

/** The parts the documents decide (everything but the roller's CMods). */
const DOCUMENT_PARTS: readonly PartKind[] = [
  "attribute",
  "skill",
  "perception",
  "sum",
  "wound",
  "participant",
  "participantSkill",
  "participantConditional",
];

const same = (a: readonly CheckPart[], b: readonly CheckPart[]) =>
  JSON.stringify(a.map((p) => [p.kind, p.key ?? null, p.name ?? null, p.value])) ===
  JSON.stringify(b.map((p) => [p.kind, p.key ?? null, p.name ?? null, p.value]));

/**
 * Why a check's options disagree with the world and the documents (an i18n key), or null. `roller`
 * is the card's actor; `members` a Group Check's participants in the options' order (else empty).
 */
export function optionsProblem(
  options: XeroSumCheckOptions,
  settings: CheckSettings,
  roller: CheckActor,
  members: readonly CheckActor[],
): string | null {
  if (
    options.momentOn3d6 !== settings.momentOn3d6 ||
    options.replaceCost !== settings.insightReplaceCost ||
    options.opposedInsight !== settings.opposedInsight ||
    options.clamped !== settings.clampConditional
  )
    return `${KEY}.Settings`;
  const traits: Traits = { kind: options.kind, attribute: options.attribute, skill: options.skill };
  const given = options.parts.filter((p) => DOCUMENT_PARTS.includes(p.kind));
  let expected: CheckPart[];
  if (options.group) {
    if (members.length !== options.group.members.length) return `${KEY}.Unjustified`;
    const group = groupParts(members, traits, settings);
    if (members[group.leader]?.uuid !== roller.uuid) return `${KEY}.Unjustified`;
    expected = group.parts;
  } else expected = traitParts(roller, traits);
  return same(given, expected) ? null : `${KEY}.Unjustified`;
}
