/**
 * The 'Verses item, vehicle and society sheets' context (see `../item-context.ts`): turning
 * submitted form data into the documents' arrays, and adding or removing rows.
 */
import { blankWeaponMode } from "../../data/weapon-modes";
import { ACTOR_KINDS, type Rec, arr, at, rec, str } from "./shapes";

// ---- form data and rows -----------------------------------------------------------------------

/** Arrays of objects per item type, with their nested arrays: what {@link normaliseSubmit} rebuilds. */
const OBJECT_ARRAYS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  "verses-skill": { prerequisites: [], addsTo: [] },
  "verses-weapon": { modes: ["features"] },
  "verses-armour": { features: [] },
};
/** Arrays of strings per type (blank entries are dropped: the models refuse blank strings). */
const STRING_ARRAYS: Readonly<Record<string, readonly string[]>> = {
  "verses-ammunition": ["weapons"],
  "verses-gear": ["toolFor"],
  "verses-species": ["intrinsicAbilityChoices.recommended"],
  "verses-vehicle": ["team"],
};

function indexed(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (!value || typeof value !== "object") return null;
  const entries = Object.entries(value as Rec).filter(([k]) => /^\d+$/.test(k));
  if (!entries.length && Object.keys(value as Rec).length) return null;
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
}

function setAt(obj: Rec, path: string, value: unknown): void {
  const parts = path.split(".");
  let node = obj;
  for (const part of parts.slice(0, -1)) {
    if (!node[part] || typeof node[part] !== "object") node[part] = {};
    node = node[part] as Rec;
  }
  node[parts[parts.length - 1] as string] = value;
}

function mergeRows(submitted: unknown, source: unknown, nested: readonly string[]): unknown[] | null {
  const list = indexed(submitted);
  if (!list) return null;
  const previous = arr(source);
  return list.map((row, i) => {
    const before = rec(previous[i]);
    const merged: Rec = { ...before, ...rec(row) };
    for (const key of nested) {
      const inner = mergeRows(rec(row)[key], before[key], []);
      merged[key] = inner ?? arr(before[key]);
    }
    return merged;
  });
}

/**
 * Submitted form data (expanded, `system` part) into what the document stores: rows named
 * `system.modes.0.name` arrive as objects keyed "0", "1", ...: they become arrays again, each row
 * merged over the stored one (so a field the form does not show survives); blank strings leave
 * string lists; the ability's kind check boxes (`actorKindFlags`) become `actorKinds`.
 * Pure: `submitted` is not changed.
 */
export function normaliseSubmit(
  type: string,
  submitted: Rec,
  source: Rec,
  extra: { actorKindFlags?: Rec } = {},
): Rec {
  const out: Rec = structuredClone(submitted);
  for (const [path, nested] of Object.entries(OBJECT_ARRAYS[type] ?? {})) {
    const value = at(out, path);
    if (value === undefined) continue;
    const rows = mergeRows(value, at(source, path), nested);
    if (rows) setAt(out, path, rows);
  }
  for (const path of STRING_ARRAYS[type] ?? []) {
    const value = at(out, path);
    if (value === undefined) continue;
    const list = indexed(value);
    if (list)
      setAt(
        out,
        path,
        list
          .map(str)
          .map((v) => v.trim())
          .filter(Boolean),
      );
  }
  if (type === "verses-ability" && extra.actorKindFlags)
    out.actorKinds = ACTOR_KINDS.filter((k) => extra.actorKindFlags?.[k] === true);
  return out;
}

/** A new row for an array: a weapon mode, a feature, a prerequisite, an adds-to entry. */
export function newRow(path: string): Rec | null {
  const leaf = path
    .split(".")
    .filter((p) => !/^\d+$/.test(p))
    .pop();
  switch (leaf) {
    case "modes":
      return blankWeaponMode();
    case "features":
      return { name: "", value: "" };
    case "prerequisites":
      return { kind: "skill", name: "", spec: "" };
    case "addsTo":
      return { hook: "", mode: "allocated", condition: "" };
    default:
      return null;
  }
}

/** An update for one array: the path under `system` of the top-level array, and its new value. */
export interface ArrayUpdate {
  path: string;
  value: unknown[];
  /** The path of the row added (for focus), when one was. */
  added?: string;
}

function topArray(path: string): { top: string; rest: string[] } {
  const parts = path.replace(/^system\./, "").split(".");
  return { top: parts[0] as string, rest: parts.slice(1) };
}

function editNested(system: Rec, path: string, edit: (list: unknown[]) => unknown[]): ArrayUpdate {
  const { top, rest } = topArray(path);
  const copy = structuredClone(arr(system[top]));
  if (!rest.length) return { path: `system.${top}`, value: edit(copy) };
  let node: unknown = copy;
  for (const part of rest.slice(0, -1)) node = /^\d+$/.test(part) ? arr(node)[Number(part)] : rec(node)[part];
  const last = rest[rest.length - 1] as string;
  const holder = rec(node);
  holder[last] = edit(arr(holder[last]));
  return { path: `system.${top}`, value: copy };
}

/** Add a row (or a string `entry`) at `path` (`system.modes`, `system.modes.0.features`, `system.weapons`). */
export function addRow(system: Rec, path: string, entry?: string): ArrayUpdate | null {
  const row = entry === undefined ? newRow(path) : entry.trim();
  if (row === null || row === "") return null;
  let index = 0;
  const update = editNested(system, path, (list) => {
    index = list.length;
    return [...list, row];
  });
  return { ...update, added: `${path.startsWith("system.") ? path : `system.${path}`}.${index}` };
}

/** Remove row `index` at `path`. A weapon keeps at least one mode. */
export function removeRow(system: Rec, path: string, index: number): ArrayUpdate | null {
  const { top, rest } = topArray(path);
  if (top === "modes" && !rest.length && arr(system.modes).length <= 1) return null;
  return editNested(system, path, (list) => list.filter((_v, i) => i !== index));
}
