/**
 * Foundry v13 and v14 side by side, Foundry-free: the shapes that differ between the two versions
 * and what Polyverse does with each. The glue (compat.ts) detects which shape the running Foundry
 * has and hands it here; nothing in this file knows the version number. Every difference is listed
 * with its source in docs/foundry-v14.md.
 *
 * - Message modes: v13 names a roll's visibility `publicroll`/`gmroll`/`blindroll`/`selfroll`
 *   (`CONFIG.Dice.rollModes`, setting `core.rollMode`); v14 names it `public`/`gm`/`blind`/`self`
 *   and adds `ic` (`CONFIG.ChatMessage.modes`, setting `core.messageMode`).
 * - Status effects: v13's `CONFIG.statusEffects` is an array; v14's is a record by id.
 * - Deletions in an update: v13 writes `path.-=key: null`; v14 writes `path.key: <ForcedDeletion>`
 *   (the `-=` form is deprecated there, removed in v16).
 * - Active Effect changes: v13 keeps `changes` with a numeric `mode`; v14 keeps `system.changes`
 *   with a string `type`, a `phase` and a `priority`.
 * - Active Effect durations: v13 counts `duration.rounds` from `duration.startRound`; v14 counts
 *   `duration.value` in `duration.units` from `start.round`.
 */

// ---- message modes -------------------------------------------------------------------------------

/** Each v13 roll mode and the v14 message mode of the same visibility. */
export const MESSAGE_MODE_PAIRS: readonly (readonly [legacy: string, modern: string])[] = [
  ["publicroll", "public"],
  ["gmroll", "gm"],
  ["blindroll", "blind"],
  ["selfroll", "self"],
];

/**
 * v14's message modes that are not a roll's visibility: `ic` (in character) is how a chat line is
 * spoken, not who sees it, so a roll dialog does not offer it and a default of `ic` posts publicly.
 */
export const NOT_ROLL_MODES: readonly string[] = ["ic"];

/** The same visibility under the other version's name (`gmroll` ↔ `gm`), or undefined. */
export function counterpartMode(mode: string): string | undefined {
  for (const [legacy, modern] of MESSAGE_MODE_PAIRS) {
    if (mode === legacy) return modern;
    if (mode === modern) return legacy;
  }
  return undefined;
}

/**
 * The name the running Foundry uses for a requested visibility: `requested` itself when `offered`
 * has it, else its counterpart when `offered` has that (a ruleset's `"gmroll"` on v14 is `"gm"`),
 * else undefined. `offered` is the running Foundry's mode ids.
 */
export function offeredMode(
  requested: string | null | undefined,
  offered: readonly string[],
): string | undefined {
  if (!requested) return undefined;
  if (offered.includes(requested)) return requested;
  const other = counterpartMode(requested);
  return other !== undefined && offered.includes(other) ? other : undefined;
}

/** The public visibility under the running Foundry's names (`publicroll` on v13, `public` on v14). */
export function publicMode(offered: readonly string[]): string {
  return offeredMode("publicroll", offered) ?? offered[0] ?? "publicroll";
}

/** A default that is not a roll visibility (v14's `ic`) posts publicly; any other default stands. */
export function rollDefault(setting: string, offered: readonly string[]): string {
  return NOT_ROLL_MODES.includes(setting) ? publicMode(offered) : setting;
}

// ---- status effects ------------------------------------------------------------------------------

/** A configured status effect, whatever else it carries. */
export interface StatusEffectEntry {
  id: string;
  [key: string]: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The configured status effects as a list, from v13's array or v14's record (the entries
 * themselves, not copies, so a caller may localise them in place). A record entry without its own
 * `id` is not given one here: {@link statusEffectIds} reads the record's key instead.
 */
export function statusEffectEntries(configured: unknown): Record<string, unknown>[] {
  if (Array.isArray(configured)) return configured.filter(isRecord);
  if (isRecord(configured)) return Object.values(configured).filter(isRecord);
  return [];
}

/** The ids of the configured status effects, from v13's array or v14's record. */
export function statusEffectIds(configured: unknown): string[] {
  if (Array.isArray(configured))
    return configured.filter(isRecord).flatMap((e) => (typeof e.id === "string" ? [e.id] : []));
  if (isRecord(configured))
    return Object.entries(configured).flatMap(([key, e]) =>
      isRecord(e) ? [typeof e.id === "string" ? e.id : key] : [],
    );
  return [];
}

// ---- deletions in an update ----------------------------------------------------------------------

/**
 * An update with its deletions written for the running Foundry: `operator` undefined (v13) leaves
 * it as it is; otherwise every `-=key: null` (flattened, `a.b.-=key`, or nested, `{ a: { "-=key":
 * null } }`) becomes `key: operator` (v14's ForcedDeletion). Nothing else changes, and the input is
 * not modified.
 */
export function withDeletionOperators<T extends Record<string, unknown>>(update: T, operator: unknown): T {
  if (operator === undefined) return update;
  const convert = (value: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const parts = key.split(".");
      const last = parts[parts.length - 1] ?? "";
      if (last.startsWith("-=") && last.length > 2 && v === null) {
        parts[parts.length - 1] = last.slice(2);
        out[parts.join(".")] = operator;
      } else out[key] = isPlainRecord(v) ? convert(v) : v;
    }
    return out;
  };
  return convert(update) as T;
}

/** A plain object literal (not an array, a class instance or null). */
function isPlainRecord(v: unknown): v is Record<string, unknown> {
  return isRecord(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);
}

// ---- Active Effect changes -----------------------------------------------------------------------

/** A change as Polyverse describes it: v13's numeric mode (2 = ADD). */
export interface LegacyEffectChange {
  key: string;
  mode: number;
  value: string;
}

/** v13's numeric modes (CONST.ACTIVE_EFFECT_MODES) and v14's change types, in the same order. */
export const EFFECT_CHANGE_TYPES: readonly string[] = [
  "custom",
  "multiply",
  "add",
  "downgrade",
  "upgrade",
  "override",
];

/**
 * The data that gives an effect these changes: v13 `{ changes: [{ key, mode, value }] }`; v14
 * `{ system: { changes: [{ key, type, value, phase, priority }] } }` with the mode's type, the
 * `initial` phase and the type's default priority (v14's `CONST.ACTIVE_EFFECT_CHANGE_TYPES`: the v13
 * mode × 10, ADD 20), so a change applies as it did on v13.
 */
export function effectChangesData(
  changes: readonly LegacyEffectChange[],
  shape: "v13" | "v14",
): Record<string, unknown> {
  if (shape === "v13") return { changes: changes.map((c) => ({ ...c })) };
  return {
    system: {
      changes: changes.map((c) => ({
        key: c.key,
        type: EFFECT_CHANGE_TYPES[c.mode] ?? "custom",
        value: c.value,
        phase: "initial",
        priority: c.mode * 10,
      })),
    },
  };
}

/**
 * An effect's changes read back as {@link LegacyEffectChange}s, from either shape: v14's
 * `system.changes` (a `type`) or v13's `changes` (a `mode`). A type this does not know reads as
 * mode -1, so it never equals a known change.
 */
export function effectChangesOf(effect: { changes?: unknown; system?: unknown }): LegacyEffectChange[] {
  const system = isRecord(effect.system) ? effect.system : undefined;
  const raw = Array.isArray(system?.changes)
    ? system.changes
    : Array.isArray(effect.changes)
      ? effect.changes
      : [];
  return raw.filter(isRecord).map((c) => ({
    key: String(c.key ?? ""),
    mode: typeof c.type === "string" ? EFFECT_CHANGE_TYPES.indexOf(c.type) : Number(c.mode ?? -1),
    value: String(c.value ?? ""),
  }));
}

// ---- Active Effect durations ---------------------------------------------------------------------

/** The combat an effect starts in: its id, round and turn. */
export interface EffectStart {
  combat: string | null;
  round: number;
  turn: number;
}

/**
 * The update that makes an effect last `rounds` rounds from now: v13 `{ duration: { rounds,
 * combat, startRound, startTurn } }`; v14 `{ duration: { value, units: "rounds" }, start: { combat,
 * round, turn } }`. Without a combat only the length is set.
 */
export function effectRoundsUpdate(
  rounds: number,
  combat: EffectStart | null,
  shape: "v13" | "v14",
): Record<string, unknown> {
  if (shape === "v13")
    return {
      duration: {
        rounds,
        ...(combat ? { combat: combat.combat, startRound: combat.round, startTurn: combat.turn } : {}),
      },
    };
  return {
    duration: { value: rounds, units: "rounds" },
    ...(combat ? { start: { combat: combat.combat, round: combat.round, turn: combat.turn } } : {}),
  };
}
