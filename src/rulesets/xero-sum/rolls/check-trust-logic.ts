/**
 * What the GM holds a player's check card to, Foundry-free (the card ledger's `bad`, ledger.ts): a
 * player's client wrote the roll's options, so before the GM acts on the card (the changes it
 * carries, an Insight replacement, the opponent's roll) the options must be what the documents and
 * the world give: the settings it was classified and priced under are the world's, and its
 * attribute, skill, Perception and Lasting Wound parts (a Group Check's leader and every
 * participant's) and the Cover Fire penalty waiting on the roller's combatant are the documents'
 * own. The CMods are the roller's to choose, as at the table, within what the dialog offers: Table 4's situation (−5..+5), each other CMod at most ±10 (a free one), no
 * more than eight, and together at most +20 — so a forged card cannot buy a check that drives a change
 * on another's documents (a stabilised patient, a Distract) with a +40.
 */
import {
  groupParts,
  penaltyParts,
  traitParts,
  type CheckActor,
  type CheckSettings,
  type Traits,
} from "./check-plan-logic";
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
  "coverFire",
];

/** The roller's own CMods (not the documents', not the Insight +3) and their bounds. */
const CHOSEN_PARTS: readonly PartKind[] = ["situation", "conditional", "relationship", "gear"];
export const MAX_CHOSEN_CMODS = 8;
export const MAX_CHOSEN_CMOD = 10;
export const MAX_CHOSEN_TOTAL = 20;

/** Whether the roller's chosen CMods stay within what the dialog offers. */
export function chosenCmodsFit(parts: readonly CheckPart[]): boolean {
  const chosen = parts.filter((p) => CHOSEN_PARTS.includes(p.kind));
  if (chosen.length > MAX_CHOSEN_CMODS) return false;
  if (chosen.some((p) => Math.abs(p.value) > (p.kind === "situation" ? 5 : MAX_CHOSEN_CMOD))) return false;
  // Only a gain is bounded in total: CMods against oneself hurt only the roller.
  return chosen.reduce((sum, p) => sum + p.value, 0) <= MAX_CHOSEN_TOTAL;
}

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
  if (!chosenCmodsFit(options.parts)) return `${KEY}.Unjustified`;
  const traits: Traits = { kind: options.kind, attribute: options.attribute, skill: options.skill };
  const given = options.parts.filter((p) => DOCUMENT_PARTS.includes(p.kind));
  let expected: CheckPart[];
  if (options.group) {
    if (members.length !== options.group.members.length) return `${KEY}.Unjustified`;
    const group = groupParts(members, traits, settings);
    if (members[group.leader]?.uuid !== roller.uuid) return `${KEY}.Unjustified`;
    expected = group.parts;
  } else expected = traitParts(roller, traits);
  // The Cover Fire penalty waiting on the roller's combatant is the documents' too.
  expected = [...expected, ...penaltyParts(roller)];
  return same(given, expected) ? null : `${KEY}.Unjustified`;
}
