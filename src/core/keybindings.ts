/**
 * Keybindings under the system's namespace, which players rebind in Foundry's *Configure
 * Controls*. Core registers the skip-dialog key every ruleset's rolls honour: held while clicking
 * a roll, it rolls at once with the dialog's defaults (as dnd5e's `skipDialogNormal`); Shift by
 * default. A ruleset registers its own keys with {@link registerKeybindings} from its
 * `registerHooks` (init), their action ids starting with its id, and reads them with
 * {@link isKeybindingHeld}.
 */
import { SYSTEM_ID } from "./constants";
import { bindingHeld, type KeyBinding } from "./keybindings-logic";

/** A keybinding to register: its action id (under `polyverse`), labels (i18n keys) and default keys. */
export interface KeybindingSpec {
  action: string;
  name: string;
  hint?: string;
  editable: readonly DefaultBinding[];
}

/** A default binding: a key code and the modifiers held with it, by Foundry's `MODIFIER_KEYS` names. */
export interface DefaultBinding {
  key: string;
  modifiers?: readonly ("ALT" | "CONTROL" | "SHIFT")[];
}

/** The skip-dialog keybinding's action id, under the system's namespace. */
export const SKIP_DIALOG_ACTION = "skipRollDialog";

/** The keys core registers. */
export const CORE_KEYBINDINGS: readonly KeybindingSpec[] = [
  {
    action: SKIP_DIALOG_ACTION,
    name: "POLYVERSE.RollDialog.Keybinding.Skip.Name",
    hint: "POLYVERSE.RollDialog.Keybinding.Skip.Hint",
    editable: [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
  },
];

/** Register keybindings under the system's namespace (during `init`; one already registered is kept). */
export function registerKeybindings(specs: readonly KeybindingSpec[]): void {
  const keybindings = game.keybindings;
  if (!keybindings) return;
  for (const spec of specs) {
    if (keybindings.actions.has(`${SYSTEM_ID}.${spec.action}`)) continue;
    keybindings.register(SYSTEM_ID, spec.action, {
      name: spec.name,
      ...(spec.hint ? { hint: spec.hint } : {}),
      editable: spec.editable.map((b) => ({ key: b.key, modifiers: [...(b.modifiers ?? [])] })),
      precedence: CONST.KEYBINDING_PRECEDENCE.NORMAL,
    });
  }
}

/** Register core's keys (the skip-dialog key); `boot` calls it at init. */
export function registerCoreKeybindings(): void {
  registerKeybindings(CORE_KEYBINDINGS);
}

/** Is the keybinding `action` held now (or was it, for the click `event`)? False when it is not registered. */
export function isKeybindingHeld(action: string, event?: Event | null): boolean {
  const keybindings = game.keybindings;
  if (!keybindings?.actions.has(`${SYSTEM_ID}.${action}`)) return false;
  const bindings = keybindings.get(SYSTEM_ID, action) as readonly KeyBinding[];
  const mouse = event instanceof MouseEvent || event instanceof KeyboardEvent ? event : null;
  return bindingHeld(bindings, {
    keys: game.keyboard?.downKeys ?? new Set<string>(),
    shift: mouse?.shiftKey ?? false,
    control: (mouse?.ctrlKey ?? false) || (mouse?.metaKey ?? false),
    alt: mouse?.altKey ?? false,
  });
}

/** Is the skip-dialog key held now (or was it, for the click `event`)? */
export function isSkipDialogHeld(event?: Event | null): boolean {
  return isKeybindingHeld(SKIP_DIALOG_ACTION, event);
}
