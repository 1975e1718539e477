/**
 * What the GM holds a player's check card to, Foundry-free (the card ledger's `bad`, core ledger.ts):
 * a player's client wrote the roll's options and the card, so before the GM acts on the card (the
 * changes it carries, an explosion, a mulligan, the opponent's roll; the combat glue's attack and
 * defence read its result through the same entry) they must be what the documents and the world
 * give: the settings it was planned under are the world's; what it is of, its input and its lines
 * are what the check builds again from the roller's documents and the roller's stored choices (the
 * situational dice, Luck and +crit the dialog offers, each bounded); nothing was rolled after it
 * yet; the marks it claims are those its dice earn; and each change it leaves for the GM is one of
 * those marks' changes.
 */
import { canonicalJSON } from "../../../core/ledger-logic";
import type { DocumentChange } from "../../../core/changes-logic";
import type { AttributeKey, CheckOptions } from "../rules";
import type { CheckState } from "./card-state-logic";
import { earnedMarks } from "./changes-logic";
import {
  buildCheck,
  type CheckActor,
  type CheckBuildOptions,
  type CheckChoice,
  type TeamMate,
} from "./check-input-logic";
import type { StoredChoice, VirtuallyRealCheckOptions } from "./roll-logic";

export const RELAY_KEY = "POLYVERSE.VirtuallyReal.Rolls.Relay";

/** A stored choice as the check builder reads it. */
export function choiceFromStored(c: StoredChoice): CheckChoice {
  return {
    kind: c.kind,
    skillId: c.skillId,
    attribute: c.attribute,
    save: c.save,
    emotionalTarget: c.emotionalTarget,
    darkness: c.darkness,
    use: c.use,
    mental: c.mental,
    careful: c.careful,
    luck: c.luck,
    advantage: c.advantage,
    disadvantage: c.disadvantage,
    critMod: c.critMod,
    crit: { ...c.crit },
    ...(c.prepared ? { prepared: { ...c.prepared } } : {}),
    ...(c.team ? { team: { ...c.team, helpers: [...c.team.helpers] } } : {}),
  };
}

/** Why a check's options disagree with the world and the roller's documents (an i18n key), or null. */
export function optionsProblem(
  options: VirtuallyRealCheckOptions,
  world: { check: Required<CheckOptions>; build: CheckBuildOptions },
  roller: CheckActor,
  mates: readonly TeamMate[] = [],
): string | null {
  if (canonicalJSON(options.settings) !== canonicalJSON(world.check)) return `${RELAY_KEY}.Settings`;
  // The helpers are read from their own documents as they are now (`mates`, loaded by the GM from the
  // UUIDs the choice names): one that is gone, lacks the skill, or gives other XP than the roll's
  // lines say, or more helpers than the world allows, and the card is refused.
  const built = buildCheck(roller, choiceFromStored(options.choice), world.build, mates);
  if (built.problems.length) return `${RELAY_KEY}.Unjustified`;
  const same =
    canonicalJSON({ input: built.input, lines: built.lines, subject: built.subject }) ===
    canonicalJSON({ input: options.input, lines: options.lines, subject: options.subject });
  return same ? null : `${RELAY_KEY}.Unjustified`;
}

/** Why a card as posted claims more than its roll: dice rolled after it, marks its dice do not earn. */
export function cardProblem(state: CheckState, ownAttribute: AttributeKey | null = null): string | null {
  const card = state.card;
  const subject = state.read.options.subject;
  if (card.explosion || card.mulligan || card.opponentRoll) return `${RELAY_KEY}.Unjustified`;
  if (card.kind !== subject.kind || card.skillId !== subject.skillId) return `${RELAY_KEY}.Unjustified`;
  if (card.attribute !== subject.attribute || card.save !== subject.save) return `${RELAY_KEY}.Unjustified`;
  const earned = earnedMarks(state, ownAttribute);
  if ((card.marks ?? []).some((m) => !earned.includes(m))) return `${RELAY_KEY}.Unjustified`;
  return null;
}

/** Whether a pending change asks for no more than one of the expected changes. */
function within(change: DocumentChange, expected: readonly DocumentChange[]): boolean {
  const e = expected.find((x) => x.uuid === change.uuid);
  if (!e || change.statuses?.length) return false;
  for (const [path, value] of Object.entries(change.set ?? {}))
    if (!e.set || !Object.hasOwn(e.set, path) || e.set[path] !== value) return false;
  for (const add of change.add ?? [])
    if (
      !e.add?.some(
        (x) => x.path === add.path && x.delta === add.delta && add.min === undefined && add.max === undefined,
      )
    )
      return false;
  return true;
}

/** Why the changes a card leaves for the GM are not those its marks make, or null. */
export function pendingProblem(
  pending: readonly unknown[],
  expected: readonly DocumentChange[],
): string | null {
  for (const change of pending) {
    if (typeof change !== "object" || change === null) return `${RELAY_KEY}.Unjustified`;
    const { id: _id, ...rest } = change as DocumentChange;
    if (!within(rest as DocumentChange, expected)) return `${RELAY_KEY}.Unjustified`;
  }
  return null;
}
