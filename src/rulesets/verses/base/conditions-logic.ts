/**
 * 'Verses conditions as Foundry status effects, Foundry-free: which conditions exist in a world, their
 * icons, the rules lines each one shows (generated from the rules layer's `CONDITIONS` data), the
 * explanations of forbidden actions, and the conditions a new condition brings with it.
 *
 * How the numbers reach the actor: `deriveLiving` (data/living.ts) reads the actor's statuses and
 * applies every AD and dice change through the rules functions (`effectiveAD`,
 * `conditionDicePenalty`, `forbiddenActions`). So a condition's status effect carries NO numeric
 * Active Effect change on `system.modifiers` (that would count the condition twice); it carries its
 * description, its rules lines and a `flags.polyverse.verses.condition` marker. The one exception is the
 * Intoxication module's attribute changes by level, which the rules layer keeps apart
 * (`INTOXICATION_LEVELS`) and `deriveLiving` does not apply: {@link intoxicatedEffectChanges}.
 */
import { CONDITION_PAGES } from "./condition-pages";
import {
  AWAKEN_SUCCESS_TARGET,
  ATTRIBUTE_KEYS,
  CONDITIONS,
  CORE_CONDITION_IDS,
  PRONE_COVER,
  expandConditions,
  intoxicationAttributeModifiers,
  type ActionId,
  type ActorKind,
  type AttributeKey,
  type ConditionId,
  type ConditionInput,
  type ForbiddenReason,
} from "../rules";

// ---- messages --------------------------------------------------------------------------------

/** A localisable message: an i18n key and its data. Data values may be messages themselves. */
export interface I18nMessage {
  key: string;
  data?: Record<string, MessageValue>;
}
/** A value in a message's data: text, a number, another message, or a list (joined with ", "). */
export type MessageValue = string | number | I18nMessage | readonly MessageValue[];

/** The two methods of Foundry's `game.i18n` a message needs (tests pass a stand-in). */
export interface Localizer {
  localize(key: string): string;
  format(key: string, data: Record<string, string>): string;
}

const isMessage = (v: MessageValue): v is I18nMessage =>
  typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as I18nMessage).key === "string";

/** Turn a message into text: nested messages first, lists joined with ", ". */
export function formatMessage(message: I18nMessage, i18n: Localizer): string {
  const value = (v: MessageValue): string => {
    if (typeof v === "string") return v;
    if (typeof v === "number") return String(v);
    if (isMessage(v)) return formatMessage(v, i18n);
    return (v as readonly MessageValue[]).map(value).join(", ");
  };
  if (!message.data) return i18n.localize(message.key);
  const data = Object.fromEntries(Object.entries(message.data).map(([k, v]) => [k, value(v)]));
  return i18n.format(message.key, data);
}

/** Every i18n key a message uses, nested ones included (for the tests' key checks). */
export function messageKeys(message: I18nMessage): string[] {
  const keys = [message.key];
  const walk = (v: MessageValue): void => {
    if (isMessage(v)) keys.push(...messageKeys(v));
    else if (Array.isArray(v)) (v as readonly MessageValue[]).forEach(walk);
  };
  Object.values(message.data ?? {}).forEach(walk);
  return keys;
}

const msg = (key: string, data?: Record<string, MessageValue>): I18nMessage =>
  data === undefined ? { key } : { key, data };

/** A signed number as the text prints dice changes: "+1", "−2" (a true minus sign). */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${Math.abs(n)}` : "0";
}

// ---- keys ------------------------------------------------------------------------------------

const ROOT = "POLYVERSE.Verses.";
/** The condition's name (a key another fragment defines). */
const conditionNameKey = (id: ConditionId): string => `${ROOT}Condition.${id}`;
/** The condition's description, in this module's own words with the text's numbers. */
const conditionDescriptionKey = (id: ConditionId): string => `${ROOT}Conditions.${id}.Description`;
/** The explanation of a forbidden-action reason (`moribund.survivalOnly` ...). */
export const forbiddenReasonKey = (reason: string): string => `${ROOT}Forbidden.Reason.${reason}`;
/** An action's name, for "Dodge: ..." explanations. */
export const actionNameKey = (action: ActionId): string => `${ROOT}Forbidden.Action.${action}`;
const attributeAbbrKey = (a: AttributeKey): string => `${ROOT}Attribute.${a}.Abbr`;
const kindKey = (k: ActorKind): string => `${ROOT}Conditions.Kind.${k}`;
const MECH = `${ROOT}Conditions.Mechanics`;

// ---- status effects --------------------------------------------------------------------------

/**
 * Icons from Foundry's core `icons/svg/` set. Moribund is not death (it can be stabilised), so it
 * shows blood rather than the skull.
 */
export const CONDITION_ICONS: Readonly<Record<ConditionId, string>> = {
  afraid: "icons/svg/terror.svg",
  charmed: "icons/svg/heal.svg",
  immobilized: "icons/svg/net.svg",
  moribund: "icons/svg/blood.svg",
  prone: "icons/svg/falling.svg",
  sickened: "icons/svg/poison.svg",
  stunned: "icons/svg/daze.svg",
  unconscious: "icons/svg/unconscious.svg",
  intoxicated: "icons/svg/tankard.svg",
};

/** The conditions a world offers: the eight core ones, and Intoxicated when its module is on. */
export function worldConditionIds(intoxicationModule: boolean): ConditionId[] {
  const ids = [...CORE_CONDITION_IDS];
  if (intoxicationModule) {
    for (const def of Object.values(CONDITIONS)) if (def.module === "intoxication") ids.push(def.id);
  }
  return ids;
}

/** An Active Effect change (mode 2 = ADD). */
export interface EffectChange {
  key: string;
  mode: number;
  value: string;
}
/** Foundry's ADD mode (CONST.ACTIVE_EFFECT_MODES.ADD). */
const ADD_MODE = 2;

/**
 * The Active Effect changes of Intoxicated at a level: the level's attribute changes from
 * `INTOXICATION_LEVELS` ("Intoxicated Condition Levels") on `system.modifiers.attributes.*`. Level 1
 * (Buzzed): PRW −1, SOC +1. No other condition has changes: see the module comment.
 */
export function intoxicatedEffectChanges(level: number): EffectChange[] {
  const mods = intoxicationAttributeModifiers(level);
  return ATTRIBUTE_KEYS.filter((a) => mods[a] !== 0).map((a) => ({
    key: `system.modifiers.attributes.${a}`,
    mode: ADD_MODE,
    value: String(mods[a]),
  }));
}

/** The data of one condition's status effect, before localisation (name and description are keys). */
interface ConditionStatusData {
  id: ConditionId;
  name: string;
  img: string;
  description: string;
  changes: EffectChange[];
  flags: { polyverse: { verses: { condition: ConditionId; reference: string; intoxicationLevel?: number } } };
}

/** One condition's status effect (see the module comment for why it has no numeric changes). */
export function conditionStatusData(id: ConditionId): ConditionStatusData {
  const data: ConditionStatusData = {
    id,
    name: conditionNameKey(id),
    img: CONDITION_ICONS[id],
    description: conditionDescriptionKey(id),
    changes: [],
    // Its page in the rules-reference journal (the description links to it once localised).
    flags: { polyverse: { verses: { condition: id, reference: CONDITION_PAGES[id] } } },
  };
  if (id === "intoxicated") {
    data.changes = intoxicatedEffectChanges(1);
    data.flags.polyverse.verses.intoxicationLevel = 1;
  }
  return data;
}

/**
 * Foundry's special statuses: DEFEATED (what the combat tracker's "defeated" toggles) is Moribund,
 * the 'Verses condition that takes an actor out of the fight ("may not take any actions except
 * Survival Rolls", and it also makes it Unconscious). The core text has no "dead" condition: death
 * ends the actor rather than adding a status. The other special statuses (invisible, blind, fly ...)
 * have no 'Verses condition and are left as Foundry sets them.
 */
export const SPECIAL_STATUS_EFFECTS = { DEFEATED: "moribund" } as const satisfies { DEFEATED: ConditionId };

// ---- rules lines -----------------------------------------------------------------------------

const RESTRICTION_REASONS: Partial<Record<string, ForbiddenReason>> = {
  fullyImmobilized: "immobilized.full",
  partsUnusable: "immobilized.parts",
  noAttackSource: "afraid.cannotAttackSource",
  noApproachSource: "afraid.cannotApproachSource",
  noLeaveSource: "charmed.cannotLeaveSource",
};

function kindsQualifier(kinds: readonly ActorKind[] | undefined): MessageValue {
  return kinds && kinds.length > 0
    ? msg(`${MECH}.OnlyKinds`, { kinds: kinds.map((k) => msg(kindKey(k))) })
    : "";
}

/**
 * The rules lines of a condition, generated from its data in `CONDITIONS` (and the rules constants
 * for Prone's cover, rising, Sickened's EX and awakening), as messages: AD, dice, forbidden actions,
 * other restrictions, implied conditions, which actor kinds it applies to, its duration.
 */
export function conditionMechanics(id: ConditionId): I18nMessage[] {
  const def = CONDITIONS[id];
  const lines: I18nMessage[] = [];
  if (def.ad.kind === "reduce") lines.push(msg(`${MECH}.AdReduce`, { by: def.ad.by }));
  if (def.ad.kind === "zero") lines.push(msg(`${MECH}.AdZero`));
  for (const m of def.dice) {
    const data: Record<string, MessageValue> = {
      dice: signed(m.dice),
      kinds: kindsQualifier(m.actorKinds),
      levels: m.levels ? msg(`${MECH}.OnlyLevels`, { levels: m.levels.map(String) }) : "",
    };
    if (m.scope.kind === "attribute") {
      data.attributes = m.scope.attributes.map((a) => msg(attributeAbbrKey(a)));
      lines.push(msg(`${MECH}.Dice.attribute`, data));
    } else lines.push(msg(`${MECH}.Dice.${m.scope.kind}`, data));
  }
  const reasons = new Set<ForbiddenReason>(def.forbids.map((f) => f.reason));
  for (const r of def.restrictions) {
    const reason = RESTRICTION_REASONS[r];
    if (reason) reasons.add(reason);
  }
  for (const reason of reasons) lines.push(msg(forbiddenReasonKey(reason)));
  if (def.alwaysAllows.length > 0)
    lines.push(msg(`${MECH}.AlwaysAllows`, { actions: def.alwaysAllows.map((a) => msg(actionNameKey(a))) }));
  for (const r of def.restrictions)
    if (r === "noMovement" || r === "noInteraction") lines.push(msg(`${MECH}.${r}`));
  if (def.restrictions.includes("noAttackSource") || def.restrictions.includes("noLeaveSource"))
    lines.push(msg(`${MECH}.ResistSource`));
  if (id === "prone") {
    lines.push(
      msg(`${MECH}.ProneCover`, { bonus: PRONE_COVER.targetBonus, metres: PRONE_COVER.beyondMeters }),
    );
    lines.push(msg(`${MECH}.ProneRise`));
  }
  if (id === "sickened") lines.push(msg(`${MECH}.SickenedEx`));
  if (id === "unconscious") lines.push(msg(`${MECH}.Awaken`, { target: AWAKEN_SUCCESS_TARGET }));
  for (const imp of def.implies) {
    const data: Record<string, MessageValue> = {
      condition: msg(conditionNameKey(imp.condition)),
      kinds: kindsQualifier(imp.actorKinds),
    };
    if (imp.minLevel !== undefined) {
      data.level = imp.minLevel;
      lines.push(msg(`${MECH}.ImpliesFromLevel`, data));
    } else lines.push(msg(`${MECH}.Implies`, data));
  }
  const kinds = Object.entries(def.appliesTo) as [ActorKind, "yes" | "some" | "no"][];
  const some = kinds.filter(([, a]) => a === "some").map(([k]) => msg(kindKey(k)));
  const none = kinds.filter(([, a]) => a === "no").map(([k]) => msg(kindKey(k)));
  if (some.length > 0) lines.push(msg(`${MECH}.AppliesSome`, { kinds: some }));
  if (none.length > 0) lines.push(msg(`${MECH}.AppliesNone`, { kinds: none }));
  lines.push(msg(`${MECH}.Duration.${def.duration.kind}`));
  return lines;
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A condition's description as HTML: the description in words, its rules lines, and (for the
 * effect) the note that Polyverse applies the numbers from the status itself.
 */
export function conditionDescriptionHtml(
  id: ConditionId,
  i18n: Localizer,
  options: { title?: boolean; note?: boolean } = {},
): string {
  const parts: string[] = [];
  if (options.title) parts.push(`<strong>${escapeHtml(i18n.localize(conditionNameKey(id)))}</strong>`);
  parts.push(`<p>${escapeHtml(i18n.localize(conditionDescriptionKey(id)))}</p>`);
  const items = conditionMechanics(id).map((m) => `<li>${escapeHtml(formatMessage(m, i18n))}</li>`);
  parts.push(`<ul>${items.join("")}</ul>`);
  if (options.note) {
    const note = id === "intoxicated" ? `${MECH}.NoteIntoxicated` : `${MECH}.Note`;
    parts.push(`<p><em>${escapeHtml(i18n.localize(note))}</em></p>`);
  }
  return parts.join("");
}

// ---- forbidden actions -----------------------------------------------------------------------

/** Every reason key of the rules' `ForbiddenReason` (a Record, so the compiler notices a new one). */
const REASONS: Readonly<Record<ForbiddenReason, true>> = {
  "moribund.survivalOnly": true,
  "unconscious.noActions": true,
  "immobilized.full": true,
  "immobilized.parts": true,
  "stunned.noReactions": true,
  "prone.noDodgeOrParry": true,
  "prone.noTwoHandedMelee": true,
  "afraid.cannotAttackSource": true,
  "afraid.cannotApproachSource": true,
  "charmed.cannotLeaveSource": true,
};
export const FORBIDDEN_REASONS = Object.keys(REASONS) as ForbiddenReason[];
const KNOWN_REASONS = new Set<string>(FORBIDDEN_REASONS);

/** The condition a reason key names (`stunned.noReactions` → `stunned`). */
function reasonCondition(reason: string): ConditionId | undefined {
  const id = reason.split(".")[0] as ConditionId;
  return Object.hasOwn(CONDITIONS, id) ? id : undefined;
}

/**
 * Why an action is forbidden, as a message: "Dodge — Stunned: cannot Watch, Await, Dodge or Parry
 * (nor Riposte, which needs a parry)." Reasons the rules may add later fall back to a generic line.
 */
export function forbiddenExplanation(action: ActionId, reason: string): I18nMessage {
  const condition = reasonCondition(reason);
  const known = KNOWN_REASONS.has(reason);
  return msg(`${ROOT}Forbidden.Explanation`, {
    action: msg(actionNameKey(action)),
    condition: condition ? msg(conditionNameKey(condition)) : "?",
    reason: known ? msg(forbiddenReasonKey(reason)) : msg(`${ROOT}Forbidden.Unknown`, { reason }),
  });
}

/** The explanations of every forbidden action in `system.forbidden`, in the rules' action order. */
export function explainForbidden(forbidden: Partial<Record<ActionId, string>>): I18nMessage[] {
  return (Object.entries(forbidden) as [ActionId, string | undefined][])
    .filter((e): e is [ActionId, string] => typeof e[1] === "string")
    .map(([action, reason]) => forbiddenExplanation(action, reason));
}

/** The notification that refuses a forbidden action (for a roll). */
export function forbiddenRefusal(action: ActionId, reason: string): I18nMessage {
  return msg(`${ROOT}Forbidden.Refused`, { explanation: forbiddenExplanation(action, reason) });
}

// ---- implied conditions ----------------------------------------------------------------------

/**
 * The conditions to add as their own status effects when `added` is put on an actor that already
 * has `present`: what the rules imply (Moribund → Unconscious; Unconscious → Prone for biologicals;
 * Intoxicated 5 → Unconscious, above 5 → Moribund), transitively, minus what it already has.
 *
 * They are added as separate effects rather than folded into the new one so that each ends on its
 * own, as the text has it: a stabilised Moribund patient "becomes merely unconscious", and a
 * biological who wakes is still Prone until it rises. `deriveLiving` expands implications itself,
 * so adding them changes no number; it shows them on the token and lets each be removed.
 */
export function impliedConditionsToAdd(
  added: ConditionInput,
  present: Iterable<string>,
  actorKind: ActorKind,
): ConditionId[] {
  const have = new Set(present);
  const addedId = typeof added === "string" ? added : added.id;
  return expandConditions([added], actorKind)
    .map((c) => c.id)
    .filter((id) => id !== addedId && !have.has(id));
}
