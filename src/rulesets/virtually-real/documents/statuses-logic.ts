/**
 * Virtually Real's status effects, without Foundry: which exist, how each looks and what it says it
 * does, which an actor's condition marks imply, and which mark a status set on a token brings.
 *
 * Every condition of chapter 1's two tables is a status (SERIOUS EMOTIONAL CONDITIONS: F Fear, G Guilt,
 * P Despair, I Isolation, T New Trauma; CRITICAL CONDITIONS: the four adrenaline boxes, X Dying, U
 * Undone, B Broken Bones, N Numb, L Limb Loss, H Fast Healing), and so are Winded and Tired (the
 * actor's `state`); Defeated is the combat tracker's marker, and Maneuver the mirror of a Maneuver
 * penalty standing after a Dodge or Evade (combat/maneuver.ts keeps it). The statuses and the marks are kept in
 * step both ways (statuses.ts): a mark on the sheet shows its status on the token (the active GM's
 * client), a status set or cleared on the token marks or clears the condition (the client of the user
 * who did it, who owns the actor). None carries Active Effect changes: the rolls read the marks
 * (`conditionDice`), never the statuses; each status's description says what its condition does, from
 * the rules' tables.
 */
import { systemPartsTouched } from "../../../core/statuses-logic";
import {
  CRITICAL_CONDITIONS,
  SERIOUS_EMOTIONAL_CONDITIONS,
  conditionRow,
  type ConditionGroup,
  type ConditionId,
} from "../rules";
import type { StoredCondition } from "../data/living-logic";
import { MANEUVER_STATUS } from "../base/maneuver-logic";
import { ID } from "./shared-logic";

/** The Virtually Real statuses, in the order the token HUD lists them. */
export const VR_STATUS_IDS = [
  "dying",
  "undone",
  "brokenBones",
  "numb",
  "limbLoss",
  "fastHealing",
  "fearRush",
  "guiltRush",
  "despairRush",
  "isolationRush",
  "fear",
  "guilt",
  "despair",
  "isolation",
  "newTrauma",
  "winded",
  "tired",
  "maneuver",
  "defeated",
] as const;
export type VirtuallyRealStatusId = (typeof VR_STATUS_IDS)[number];

/** The conditions tables' row each condition status mirrors. */
export const STATUS_CONDITION: Readonly<Partial<Record<VirtuallyRealStatusId, ConditionId>>> = {
  dying: "X",
  undone: "U",
  brokenBones: "B",
  numb: "N",
  limbLoss: "L",
  fastHealing: "H",
  fearRush: "fearRush",
  guiltRush: "guiltRush",
  despairRush: "despairRush",
  isolationRush: "isolationRush",
  fear: "F",
  guilt: "G",
  despair: "P",
  isolation: "I",
  newTrauma: "T",
};

/** The statuses that mirror the actor's `state` flags. */
export const STATE_STATUSES = ["winded", "tired"] as const;
export type StateStatus = (typeof STATE_STATUSES)[number];

/** Icons from Foundry's own `icons/svg` set. */
export const VR_STATUS_ICONS: Readonly<Record<VirtuallyRealStatusId, string>> = {
  dying: "icons/svg/skull.svg",
  undone: "icons/svg/unconscious.svg",
  brokenBones: "icons/svg/bones.svg",
  numb: "icons/svg/frozen.svg",
  limbLoss: "icons/svg/blood.svg",
  fastHealing: "icons/svg/regen.svg",
  fearRush: "icons/svg/lightning.svg",
  guiltRush: "icons/svg/fire.svg",
  despairRush: "icons/svg/degen.svg",
  isolationRush: "icons/svg/aura.svg",
  fear: "icons/svg/terror.svg",
  guilt: "icons/svg/cancel.svg",
  despair: "icons/svg/downgrade.svg",
  isolation: "icons/svg/mystery-man.svg",
  newTrauma: "icons/svg/hazard.svg",
  winded: "icons/svg/windmill.svg",
  tired: "icons/svg/sleep.svg",
  maneuver: "icons/svg/daze.svg",
  defeated: "icons/svg/falling.svg",
};

/** Where the statuses' strings are (lang/en/virtually-real-play.json). */
export const STATUS_KEY = "POLYVERSE.VirtuallyReal.Play.Status";
const CHARACTER = "POLYVERSE.VirtuallyReal.Character";

/** A status effect as `CONFIG.statusEffects` takes it (the name and description are i18n keys). */
export interface VirtuallyRealStatusData {
  id: VirtuallyRealStatusId;
  name: string;
  img: string;
  description: string;
  flags: { polyverse: { "virtually-real": { status: VirtuallyRealStatusId } } };
}

/** The name key of a status: its condition's name from the character strings, or its own. */
export function statusNameKey(id: VirtuallyRealStatusId): string {
  const condition = STATUS_CONDITION[id];
  if (condition) return `${CHARACTER}.Condition.${condition}`;
  if (id === "winded" || id === "tired") return `${CHARACTER}.Condition.${id}`;
  return `${STATUS_KEY}.${id}.Name`;
}

/** One status effect's configuration (the description key is replaced by its text at `setup`). */
export function statusData(id: VirtuallyRealStatusId): VirtuallyRealStatusData {
  return {
    id,
    name: statusNameKey(id),
    img: VR_STATUS_ICONS[id],
    description: STATUS_CONDITION[id] ? `${STATUS_KEY}.Condition` : `${STATUS_KEY}.${id}.Hint`,
    flags: { polyverse: { [ID]: { status: id } } },
  };
}

/** What to assign into `CONFIG.specialStatusEffects` while Virtually Real is active. */
export const VR_SPECIAL_STATUS_EFFECTS = { DEFEATED: "defeated" } as const satisfies {
  DEFEATED: VirtuallyRealStatusId;
};

/** The status mirroring a condition id. */
export function statusOfCondition(id: ConditionId): VirtuallyRealStatusId {
  return (Object.entries(STATUS_CONDITION) as [VirtuallyRealStatusId, ConditionId][]).find(
    ([, c]) => c === id,
  )![0];
}

/** What the statuses read off an actor. */
export interface StatusSource {
  conditions: readonly Pick<StoredCondition, "id">[];
  state: { winded: boolean; tired: boolean };
}

/**
 * The statuses an actor's data implies, given the statuses it has (`current`): each condition status
 * while a mark of its row is in a box; Winded and Tired as the actor's `state`; Defeated kept as it is
 * (the tracker's, never the data's).
 */
export function impliedStatuses(
  source: StatusSource,
  current: ReadonlySet<string>,
): Record<VirtuallyRealStatusId, boolean> {
  const marked = new Set(source.conditions.map((c) => c.id).filter((id) => id !== ""));
  const out = {} as Record<VirtuallyRealStatusId, boolean>;
  for (const id of VR_STATUS_IDS) {
    const condition = STATUS_CONDITION[id];
    if (condition) out[id] = marked.has(condition);
    else if (id === "winded" || id === "tired") out[id] = source.state[id];
    else out[id] = current.has(id);
  }
  return out;
}

/** The statuses the data decides (every one but Defeated and the Maneuver penalty's, combat/maneuver.ts). */
export const DATA_STATUSES: readonly VirtuallyRealStatusId[] = VR_STATUS_IDS.filter(
  (id) => id !== "defeated" && id !== MANEUVER_STATUS,
);

/** The statuses an actor update may have changed: all the data decides when it names `conditions` or `state`. */
export function statusesTouched(changes: unknown): VirtuallyRealStatusId[] {
  const parts = systemPartsTouched(changes);
  return parts.has("conditions") || parts.has("state") ? [...DATA_STATUSES] : [];
}

/** The Virtually Real statuses among an effect's statuses. */
export function vrStatusesOf(statuses: Iterable<string>): VirtuallyRealStatusId[] {
  return [...statuses].filter((s): s is VirtuallyRealStatusId =>
    (VR_STATUS_IDS as readonly string[]).includes(s),
  );
}

/** The group a critical condition of the tables belongs to (it reaches every roll whatever it is). */
function criticalGroup(id: ConditionId): ConditionGroup {
  if (conditionRow(id).target) return "emotional";
  return id === "N" ? "mental" : "physical";
}

/**
 * The mark a condition status set on a token brings, as the sheet's picker would place it (the
 * table's row, its "At Next"): a critical condition in the CRIT row, a serious emotional one in its
 * target's wound boxes. Null for New Trauma (T), whose box is the target's the GM picks on the sheet
 * (the table gives it none), and for a status that mirrors no condition.
 */
export function markForStatus(id: VirtuallyRealStatusId): StoredCondition | null {
  const condition = STATUS_CONDITION[id];
  if (!condition) return null;
  const row = conditionRow(condition);
  if (row.severity === "critical")
    return {
      severity: "critical",
      group: criticalGroup(condition),
      target: row.target ?? "",
      side: "wound",
      id: condition,
      letter: "",
      atNext: row.atNext,
    };
  if (!row.target) return null;
  return {
    severity: "serious",
    group: "emotional",
    target: row.target,
    side: "wound",
    id: condition,
    letter: "",
    atNext: row.atNext,
  };
}

/** A status set on a token: its mark added when none of its row is there (null: nothing to add). */
export function conditionsWithStatus(
  conditions: readonly StoredCondition[],
  id: VirtuallyRealStatusId,
): StoredCondition[] | null {
  const condition = STATUS_CONDITION[id];
  if (!condition || conditions.some((c) => c.id === condition)) return null;
  const mark = markForStatus(id);
  return mark ? [...conditions, mark] : null;
}

/** A status cleared on a token: every mark of its row cleared (null: none was there). */
export function conditionsWithoutStatus(
  conditions: readonly StoredCondition[],
  id: VirtuallyRealStatusId,
): StoredCondition[] | null {
  const condition = STATUS_CONDITION[id];
  if (!condition || !conditions.some((c) => c.id === condition)) return null;
  return conditions.filter((c) => c.id !== condition);
}

/** Whether a status needs a choice only the sheet offers before it can be set on a token (T's target). */
export const needsSheet = (id: VirtuallyRealStatusId): boolean =>
  STATUS_CONDITION[id] !== undefined && markForStatus(id) === null;

/** Text for a key, with `{placeholders}` filled from `data`. */
export type Localize = (key: string, data?: Record<string, string>) => string;

/**
 * What a status's condition does, in words, from the rules' tables: its severity and reach (a critical
 * condition: a disadvantage on every roll and +1 critical, an adrenaline box's dice instead of the
 * disadvantage; a serious emotional one: a disadvantage on its target's rolls), what its footnote
 * forbids, and what it heals to and when. Winded, Tired and Defeated have their own words.
 */
export function statusDescription(id: VirtuallyRealStatusId, localize: Localize): string {
  const condition = STATUS_CONDITION[id];
  if (!condition) return localize(`${STATUS_KEY}.${id}.Hint`);
  const row = conditionRow(condition);
  const parts: string[] = [];
  const target = row.target ? localize(`${CHARACTER}.EmotionalTarget.${row.target}`) : "";
  if (row.severity === "critical")
    parts.push(localize(`${STATUS_KEY}.Reach.${row.adrenaline ? "rush" : "critical"}`, { target }));
  else parts.push(localize(`${STATUS_KEY}.Reach.${row.target ? "serious" : "trauma"}`, { target }));
  for (const effect of row.effects) parts.push(localize(`${CHARACTER}.ConditionEffect.${effect}`));
  const healsTo = [...SERIOUS_EMOTIONAL_CONDITIONS, ...CRITICAL_CONDITIONS].find(
    (r) => r.letter === row.healTo && !r.adrenaline,
  );
  parts.push(
    localize(`${STATUS_KEY}.HealsTo`, {
      when: localize(`${CHARACTER}.Duration.${row.atNext}`),
      to: healsTo ? `${healsTo.letter} (${localize(`${CHARACTER}.Condition.${healsTo.id}`)})` : row.healTo,
    }),
  );
  return parts.join(" ");
}
