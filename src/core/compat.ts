/**
 * Foundry v13 and v14 side by side, in Foundry: which shape the running Foundry has, read from the
 * API itself where it can be (a registry present or not) and from `game.release.generation` where
 * the API gives no sign. The shapes and what is done with each are in compat-logic.ts; the list of
 * v14 changes, each with its source, is docs/foundry-v14.md.
 */
import {
  NOT_ROLL_MODES,
  effectChangesData,
  offeredMode,
  publicMode,
  effectRoundsUpdate,
  rollDefault,
  statusEffectEntries,
  statusEffectIds,
  withDeletionOperators,
  type EffectStart,
  type LegacyEffectChange,
} from "./compat-logic";

/** The running Foundry's major version (13 when it does not say). */
export function foundryGeneration(): number {
  const release = (globalThis as { game?: { release?: { generation?: unknown } } }).game?.release;
  return typeof release?.generation === "number" ? release.generation : 13;
}

/** The Active Effect data shape of the running Foundry (v14 moved changes and durations). */
export function effectShape(): "v13" | "v14" {
  return foundryGeneration() >= 14 ? "v14" : "v13";
}

// ---- message modes -------------------------------------------------------------------------------

type ModeConfig = Record<string, string | { label?: string; icon?: string }>;

/** v14's message modes (`CONFIG.ChatMessage.modes`), or undefined on v13. */
function modernModes(): ModeConfig | undefined {
  const modes = (CONFIG.ChatMessage as { modes?: unknown } | undefined)?.modes;
  return modes && typeof modes === "object" ? (modes as ModeConfig) : undefined;
}

/** The visibilities a roll may be posted with: v14's message modes (not `ic`), else v13's roll modes. */
export function rollModeConfig(): ModeConfig {
  const modern = modernModes();
  if (!modern) return (CONFIG.Dice.rollModes ?? {}) as ModeConfig;
  return Object.fromEntries(Object.entries(modern).filter(([id]) => !NOT_ROLL_MODES.includes(id)));
}

/** The ids of {@link rollModeConfig}. */
export function offeredRollModes(): string[] {
  return Object.keys(rollModeConfig());
}

/**
 * The user's chosen visibility: v14's `core.messageMode` (its `ic` posting publicly), else v13's
 * `core.rollMode`.
 */
export function userRollMode(): string {
  const key = modernModes() ? "messageMode" : "rollMode";
  const setting = String((game.settings as { get(ns: string, key: string): unknown }).get("core", key));
  return rollDefault(setting, offeredRollModes());
}

/**
 * The visibility to post with: `requested` when the running Foundry offers it (under this
 * version's name: v14 calls v13's `gmroll` `gm`, and back), else the user's setting, else public.
 */
export function resolveRollMode(requested: string | null | undefined): string {
  const offered = offeredRollModes();
  return offeredMode(requested, offered) ?? offeredMode(userRollMode(), offered) ?? publicMode(offered);
}

/** Give chat message data a visibility: v14's `ChatMessage.applyMode`, else v13's `applyRollMode`. */
export function applyRollMode<T extends object>(data: T, mode: string): T {
  const cls = ChatMessage as unknown as {
    applyMode?: (data: object, mode: string) => unknown;
    applyRollMode: (data: object, mode: string) => unknown;
  };
  if (typeof cls.applyMode === "function") cls.applyMode(data, mode);
  else cls.applyRollMode(data, mode);
  return data;
}

// ---- status effects ------------------------------------------------------------------------------

/** The configured status effects (v13's array or v14's record), the entries themselves. */
export function configuredStatusEffects(): Record<string, unknown>[] {
  return statusEffectEntries(CONFIG.statusEffects);
}

/** The ids of the status effects the world offers. */
export function offeredStatusIds(): Set<string> {
  return new Set(statusEffectIds(CONFIG.statusEffects));
}

// ---- deletions in an update ----------------------------------------------------------------------

/** v14's ForcedDeletion operator (the `_del` global, else one made by its class), or undefined on v13. */
export function deletionOperator(): unknown {
  const global = (globalThis as { _del?: unknown })._del;
  if (global !== undefined) return global;
  const Op = (foundry.data as { operators?: { ForcedDeletion?: unknown } }).operators?.ForcedDeletion as
    { create?: () => unknown; new (): unknown } | undefined;
  if (typeof Op !== "function") return undefined;
  return typeof Op.create === "function" ? Op.create() : new Op();
}

/** An update with its `-=key` deletions written as the running Foundry wants them. */
export function deletionUpdate<T extends Record<string, unknown>>(update: T): T {
  return withDeletionOperators(update, deletionOperator());
}

// ---- Active Effects ------------------------------------------------------------------------------

/** The data that gives an effect these changes, in the running Foundry's shape. */
export function effectChanges(changes: readonly LegacyEffectChange[]): Record<string, unknown> {
  return effectChangesData(changes, effectShape());
}

/** The update that makes an effect last `rounds` rounds from now, in the running Foundry's shape. */
export function effectRounds(rounds: number, combat: EffectStart | null): Record<string, unknown> {
  return effectRoundsUpdate(rounds, combat, effectShape());
}
