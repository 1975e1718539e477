/**
 * A Virtually Real check's set-up and dice, Foundry-free. A check keeps how it was made in its Roll's
 * options (Foundry stores them with the chat message, so the card is rebuilt after a reload): the
 * rules' input (kind, capacity, the related attribute's capacity, a save's capacity, advantages,
 * disadvantages, +crit, Luck, the level and a flat bonus), the DL, what it is of, the lines its dice
 * were added up from, the settings it was read under, and an opposed check's opponent. Its pool is
 * one d6 term (`4d6kh2`: kept by Foundry as the rules keep them; a conflicted pool plain `4d6`).
 *
 * A stored roll may be forged: {@link readCheckOptions} and {@link readCheck} accept only what this
 * system could have rolled (the lines add up to the input, the rules can plan it, the pool has the
 * plan's size), and the card reads the dice with the rules layer, never with Foundry's total.
 */
import {
  ATTRIBUTE_KEYS,
  CHECK_KINDS,
  CRIT_SOURCE_KEYS,
  DL_KEYS,
  EMOTIONAL_TARGETS,
  SAVE_KINDS,
  SKILL_REFS,
  planCheck,
  type AttributeKey,
  type CheckKind,
  type CheckOptions,
  type CheckPlan,
  type CritSourceKey,
  type DLKey,
  type EmotionalTarget,
  type PreparedCheck,
  type SaveKind,
  type Ties,
} from "../rules";
import {
  CHOSEN_CRIT_SOURCES,
  MAX_HELPERS,
  hasTeam,
  type CheckChoice,
  type CheckSubject,
  type ModifierLine,
  type SkillUse,
} from "./check-input-logic";

/** Who opposes a check, and what they roll (their own dice come later, on the card). */
export interface CheckOpponent {
  uuid: string;
  name: string;
  kind: CheckSubject["kind"];
  skillId: string | null;
  attribute: CheckSubject["attribute"];
  save: CheckSubject["save"];
  /** Who wins a tie (the world's `ties` when rolled). */
  ties: Ties;
}

/**
 * What the roller chose, as stored: enough for the GM to build the same check again from the
 * documents (`buildCheck`) and hold the roll's input and lines to it.
 */
export interface StoredChoice {
  kind: CheckKind;
  skillId: string | null;
  attribute: AttributeKey | null;
  save: SaveKind | null;
  emotionalTarget: EmotionalTarget | null;
  darkness: boolean;
  use: SkillUse | null;
  mental: boolean;
  careful: 0 | 1 | 2;
  luck: number;
  advantage: number;
  disadvantage: number;
  critMod: number;
  crit: Partial<Record<CritSourceKey, number>>;
  prepared: PreparedCheck | null;
  /** Combining skills and "I'll try too!" (absent: none; checks stored before it have none). */
  team?: StoredTeam;
}

/** A choice's team as stored: every field set. */
export interface StoredTeam {
  secondSkillId: string | null;
  combineSkillId: string | null;
  combineAttribute: AttributeKey | null;
  helpers: string[];
  triedToo: boolean;
}

/** A check's set-up (the Roll's `options`). */
export interface VirtuallyRealCheckOptions {
  type: "check";
  choice: StoredChoice;
  input: PreparedCheck;
  dl: number | null;
  /** The DL table's row the DL was picked from (null: a number, or none). */
  dlKey: DLKey | null;
  subject: CheckSubject;
  lines: ModifierLine[];
  /** The settings the roll was planned and is read under. */
  settings: Required<CheckOptions>;
  /** A caller's heading ("Training: Open Locks"), as written. */
  label: string | null;
  opposed: CheckOpponent | null;
}

/** Bounds of what a check may hold. */
export const MAX_LINES = 20;
export const MAX_LINE_DICE = 20;
export const MAX_LEVEL = 30;
export const MAX_FLAT = 60;
export const MAX_DL = 200;
export const MAX_TEXT = 200;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const whole = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
const text = (v: unknown, max = MAX_TEXT): v is string => typeof v === "string" && v.length <= max;
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  (list as readonly unknown[]).includes(v);
const nullOr = <T>(v: unknown, test: (x: unknown) => x is T): T | null | undefined =>
  v === null ? null : test(v) ? v : undefined;

/** A UUID as Foundry writes one (`Actor.abc`, `Scene.x.Token.y.Actor.z`). */
export const isUuid = (v: unknown): v is string =>
  typeof v === "string" &&
  v.length <= 200 &&
  /^[A-Za-z]+\.[A-Za-z0-9]{1,64}(\.[A-Za-z]+\.[A-Za-z0-9]{1,64})*$/.test(v);

/** A document id (16 letters and digits as Foundry makes them; up to 64 accepted). */
export const isDocumentId = (v: unknown): v is string =>
  typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);

const onlyKeys = (v: Record<string, unknown>, keys: readonly string[]) =>
  Object.keys(v).every((k) => keys.includes(k));

/** A prepared check as stored, checked; null for anything else. */
export function readInput(v: unknown): PreparedCheck | null {
  if (!isRecord(v) || !oneOf(CHECK_KINDS, v.kind)) return null;
  const keys = [
    "kind",
    "capacity",
    "attrCapacity",
    "saveCapacity",
    "advantage",
    "disadvantage",
    "critMod",
    "luck",
    "level",
    "flat",
  ];
  if (!onlyKeys(v, keys)) return null;
  if (!whole(v.capacity, 0, 9) || !whole(v.attrCapacity, 0, 5)) return null;
  if (v.saveCapacity !== undefined && !whole(v.saveCapacity, 1, 5)) return null;
  for (const k of ["advantage", "disadvantage", "critMod"])
    if (!whole(v[k], 0, MAX_LINE_DICE * 2)) return null;
  if (v.luck !== undefined && !whole(v.luck, 0, 9)) return null;
  if (!whole(v.level, -MAX_LEVEL, MAX_LEVEL)) return null;
  if (v.flat !== undefined && !whole(v.flat, -MAX_FLAT, MAX_FLAT)) return null;
  return {
    kind: v.kind,
    capacity: v.capacity,
    attrCapacity: v.attrCapacity,
    ...(v.saveCapacity !== undefined ? { saveCapacity: v.saveCapacity as number } : {}),
    advantage: v.advantage as number,
    disadvantage: v.disadvantage as number,
    critMod: v.critMod as number,
    ...(v.luck !== undefined ? { luck: v.luck as number } : {}),
    level: v.level,
    ...(v.flat !== undefined ? { flat: v.flat as number } : {}),
  };
}

/** A modifier line as stored, checked; null for anything else. */
export function readLine(v: unknown): ModifierLine | null {
  if (!isRecord(v) || !text(v.key, 100) || !v.key.startsWith("POLYVERSE.VirtuallyReal.")) return null;
  if (!onlyKeys(v, ["key", "data", "advantage", "disadvantage", "critMod"])) return null;
  for (const k of ["advantage", "disadvantage", "critMod"]) if (!whole(v[k], 0, MAX_LINE_DICE)) return null;
  let data: Record<string, string> | undefined;
  if (v.data !== undefined) {
    if (!isRecord(v.data) || Object.keys(v.data).length > 4) return null;
    if (!Object.values(v.data).every((x) => text(x, 100))) return null;
    data = { ...(v.data as Record<string, string>) };
  }
  return {
    key: v.key,
    ...(data ? { data } : {}),
    advantage: v.advantage as number,
    disadvantage: v.disadvantage as number,
    critMod: v.critMod as number,
  };
}

/** What a check is of, as stored, checked; null for anything else. */
export function readSubject(v: unknown): CheckSubject | null {
  if (!isRecord(v) || !oneOf(CHECK_KINDS, v.kind)) return null;
  const keys = [
    "kind",
    "skillId",
    "skillName",
    "skillRef",
    "attribute",
    "save",
    "emotionalTarget",
    "darkness",
  ];
  if (!onlyKeys(v, keys) || typeof v.darkness !== "boolean") return null;
  const skillId = nullOr(v.skillId, isDocumentId);
  const skillName = nullOr(v.skillName, (x): x is string => text(x));
  const skillRef = nullOr(v.skillRef, (x): x is (typeof SKILL_REFS)[number] => oneOf(SKILL_REFS, x));
  const attribute = nullOr(v.attribute, (x): x is (typeof ATTRIBUTE_KEYS)[number] =>
    oneOf(ATTRIBUTE_KEYS, x),
  );
  const save = nullOr(v.save, (x): x is (typeof SAVE_KINDS)[number] => oneOf(SAVE_KINDS, x));
  const target = nullOr(v.emotionalTarget, (x): x is (typeof EMOTIONAL_TARGETS)[number] =>
    oneOf(EMOTIONAL_TARGETS, x),
  );
  if ([skillId, skillName, skillRef, attribute, save, target].includes(undefined)) return null;
  if ((v.kind === "save") !== (save !== null)) return null;
  return {
    kind: v.kind,
    skillId: skillId!,
    skillName: skillName!,
    skillRef: skillRef!,
    attribute: attribute!,
    save: save!,
    emotionalTarget: target!,
    darkness: v.darkness,
  };
}

function readSettings(v: unknown): Required<CheckOptions> | null {
  if (!isRecord(v) || !onlyKeys(v, ["saveShortfall", "droppedSixConfirms", "strengthFeatBrilliants"]))
    return null;
  if (v.saveShortfall !== "perDie" && v.saveShortfall !== "one") return null;
  if (typeof v.droppedSixConfirms !== "boolean" || typeof v.strengthFeatBrilliants !== "boolean") return null;
  return {
    saveShortfall: v.saveShortfall,
    droppedSixConfirms: v.droppedSixConfirms,
    strengthFeatBrilliants: v.strengthFeatBrilliants,
  };
}

function readOpponent(v: unknown): CheckOpponent | null | undefined {
  if (v === null) return null;
  if (!isRecord(v) || !onlyKeys(v, ["uuid", "name", "kind", "skillId", "attribute", "save", "ties"]))
    return undefined;
  if (!isUuid(v.uuid) || !text(v.name) || !oneOf(CHECK_KINDS, v.kind)) return undefined;
  if (v.ties !== "actor" && v.ties !== "opponent") return undefined;
  const skillId = nullOr(v.skillId, isDocumentId);
  const attribute = nullOr(v.attribute, (x): x is (typeof ATTRIBUTE_KEYS)[number] =>
    oneOf(ATTRIBUTE_KEYS, x),
  );
  const save = nullOr(v.save, (x): x is (typeof SAVE_KINDS)[number] => oneOf(SAVE_KINDS, x));
  if (skillId === undefined || attribute === undefined || save === undefined) return undefined;
  return { uuid: v.uuid, name: v.name, kind: v.kind, skillId, attribute, save, ties: v.ties };
}

/** A choice as stored: every field set (the GM rebuilds the check from it). */
export function storedChoice(c: CheckChoice): StoredChoice {
  const n = (v: number | undefined) => (Number.isInteger(v) && (v ?? 0) > 0 ? v! : 0);
  return {
    kind: c.kind,
    skillId: c.skillId ?? null,
    attribute: c.attribute ?? c.saveAttribute ?? null,
    save: c.save ?? null,
    emotionalTarget: c.emotionalTarget ?? null,
    darkness: c.darkness === true,
    use: c.use ?? null,
    mental: c.mental === true,
    careful: c.careful ?? 0,
    luck: n(c.luck),
    advantage: n(c.advantage),
    disadvantage: n(c.disadvantage),
    critMod: n(c.critMod),
    crit: Object.fromEntries(
      CHOSEN_CRIT_SOURCES.filter((k) => n(c.crit?.[k]) > 0).map((k) => [k, n(c.crit?.[k])]),
    ),
    prepared: c.prepared ?? null,
    ...(hasTeam(c.team)
      ? {
          team: {
            secondSkillId: c.team?.secondSkillId ?? null,
            combineSkillId: c.team?.combineSkillId ?? null,
            combineAttribute: c.team?.combineAttribute ?? null,
            helpers: [...(c.team?.helpers ?? [])],
            triedToo: c.team?.triedToo === true,
          },
        }
      : {}),
  };
}

/** A stored team, checked (each field bounded: ids, at most `MAX_HELPERS` actor UUIDs); null otherwise. */
export function readTeam(v: unknown): StoredTeam | null {
  const keys = ["secondSkillId", "combineSkillId", "combineAttribute", "helpers", "triedToo"];
  if (!isRecord(v) || !onlyKeys(v, keys)) return null;
  const second = nullOr(v.secondSkillId, (x): x is string => text(x, 100));
  const combine = nullOr(v.combineSkillId, (x): x is string => text(x, 100));
  const attribute = nullOr(v.combineAttribute, (x): x is AttributeKey => oneOf(ATTRIBUTE_KEYS, x));
  if (second === undefined || combine === undefined || attribute === undefined) return null;
  if (combine !== null && attribute !== null) return null;
  if (!Array.isArray(v.helpers) || v.helpers.length > MAX_HELPERS || !v.helpers.every(isUuid)) return null;
  if (typeof v.triedToo !== "boolean") return null;
  const team: StoredTeam = {
    secondSkillId: second,
    combineSkillId: combine,
    combineAttribute: attribute,
    helpers: [...(v.helpers as string[])],
    triedToo: v.triedToo,
  };
  return hasTeam(team) ? team : null;
}

/** The most situational dice, Luck and +crit a stored choice may hold. */
export const MAX_CHOSEN = 10;

/** A stored choice, checked; null for anything else. */
export function readChoice(v: unknown): StoredChoice | null {
  const keys = [
    "kind",
    "skillId",
    "attribute",
    "save",
    "emotionalTarget",
    "darkness",
    "use",
    "mental",
    "careful",
    "luck",
    "advantage",
    "disadvantage",
    "critMod",
    "crit",
    "prepared",
    "team",
  ];
  if (!isRecord(v) || !onlyKeys(v, keys) || !oneOf(CHECK_KINDS, v.kind)) return null;
  const team = v.team === undefined ? undefined : readTeam(v.team);
  if (team === null) return null;
  const skillId = nullOr(v.skillId, (x): x is string => text(x, 100));
  const attribute = nullOr(v.attribute, (x): x is AttributeKey => oneOf(ATTRIBUTE_KEYS, x));
  const save = nullOr(v.save, (x): x is SaveKind => oneOf(SAVE_KINDS, x));
  const target = nullOr(v.emotionalTarget, (x): x is EmotionalTarget => oneOf(EMOTIONAL_TARGETS, x));
  const use = nullOr(v.use, (x): x is SkillUse => x === "defensive" || x === "aggressive");
  if ([skillId, attribute, save, target, use].includes(undefined)) return null;
  if (typeof v.darkness !== "boolean" || typeof v.mental !== "boolean" || !whole(v.careful, 0, 2))
    return null;
  for (const k of ["luck", "advantage", "disadvantage", "critMod"])
    if (!whole(v[k], 0, MAX_CHOSEN)) return null;
  if (
    !isRecord(v.crit) ||
    !Object.entries(v.crit).every(
      ([k, n]) =>
        oneOf(CRIT_SOURCE_KEYS, k) &&
        CHOSEN_CRIT_SOURCES.includes(k as CritSourceKey) &&
        whole(n, 1, MAX_CHOSEN),
    )
  )
    return null;
  const prepared = v.prepared === null ? null : readInput(v.prepared);
  if (prepared === null && v.prepared !== null) return null;
  return {
    kind: v.kind,
    skillId: skillId!,
    attribute: attribute!,
    save: save!,
    emotionalTarget: target!,
    darkness: v.darkness,
    use: use!,
    mental: v.mental,
    careful: v.careful as 0 | 1 | 2,
    luck: v.luck as number,
    advantage: v.advantage as number,
    disadvantage: v.disadvantage as number,
    critMod: v.critMod as number,
    crit: { ...(v.crit as Partial<Record<CritSourceKey, number>>) },
    prepared,
    ...(team ? { team } : {}),
  };
}

/** The sum of the lines' dice. */
export function linesSum(lines: readonly ModifierLine[]): {
  advantage: number;
  disadvantage: number;
  critMod: number;
} {
  return lines.reduce(
    (s, l) => ({
      advantage: s.advantage + l.advantage,
      disadvantage: s.disadvantage + l.disadvantage,
      critMod: s.critMod + l.critMod,
    }),
    { advantage: 0, disadvantage: 0, critMod: 0 },
  );
}

/** The plan of a check's input under its settings; null when the rules refuse it. */
export function planOf(input: PreparedCheck, settings: CheckOptions): CheckPlan | null {
  try {
    return planCheck(input, settings);
  } catch {
    return null;
  }
}

/** A stored roll's options, checked; null for anything this system could not have written. */
export function readCheckOptions(raw: unknown): VirtuallyRealCheckOptions | null {
  if (!isRecord(raw) || raw.type !== "check") return null;
  // Other keys (Foundry's or a module's own) are never read: only the check's are, each checked.
  const choice = readChoice(raw.choice);
  const input = readInput(raw.input);
  const subject = readSubject(raw.subject);
  const settings = readSettings(raw.settings);
  if (!choice || !input || !subject || !settings || input.kind !== subject.kind) return null;
  if (!Array.isArray(raw.lines) || raw.lines.length > MAX_LINES) return null;
  const lines: ModifierLine[] = [];
  for (const l of raw.lines as unknown[]) {
    const line = readLine(l);
    if (!line) return null;
    lines.push(line);
  }
  // The lines never add more than the input holds (the rest is the check's own base).
  const sum = linesSum(lines);
  if (sum.advantage > input.advantage || sum.disadvantage > input.disadvantage || sum.critMod > input.critMod)
    return null;
  const dl = raw.dl === null ? null : whole(raw.dl, 0, MAX_DL) ? raw.dl : undefined;
  const dlKey = nullOr(raw.dlKey, (x): x is DLKey => oneOf(DL_KEYS, x));
  const label = nullOr(raw.label, (x): x is string => text(x));
  const opposed = readOpponent(raw.opposed);
  if (dl === undefined || dlKey === undefined || label === undefined || opposed === undefined) return null;
  if (!planOf(input, settings)) return null;
  return { type: "check", choice, input, dl, dlKey, subject, lines, settings, label, opposed };
}

/** The pool as stored: every die of the first term (kept and dropped), each 1..6; else null. */
export function readPoolFaces(terms: unknown, size: number): number[] | null {
  if (!Array.isArray(terms)) return null;
  const first = (terms as unknown[]).find((t) => isRecord(t) && Array.isArray(t.results));
  if (!first || !isRecord(first)) return null;
  const results = first.results as unknown[];
  if (results.length !== size) return null;
  const faces = results.map((r) => (isRecord(r) ? r.result : undefined));
  return faces.every((f) => whole(f, 1, 6)) ? (faces as number[]) : null;
}

/** A roll as the card reads it: its options, plan and pool. */
export interface ReadCheck {
  options: VirtuallyRealCheckOptions;
  plan: CheckPlan;
  faces: number[];
}

/** A stored roll's options and pool, checked; null when forged or unreadable. */
export function readCheck(rawOptions: unknown, terms: unknown): ReadCheck | null {
  const options = readCheckOptions(rawOptions);
  const plan = options ? planOf(options.input, options.settings) : null;
  const faces = options && plan ? readPoolFaces(terms, plan.poolSize) : null;
  return options && plan && faces ? { options, plan, faces } : null;
}
