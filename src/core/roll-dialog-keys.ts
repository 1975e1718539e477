/**
 * The skip-dialog key: held while clicking a roll, it rolls at once with the dialog's defaults
 * (as dnd5e's `skipDialogNormal`). Players rebind it in Foundry's *Configure Controls*; Shift by
 * default. Every ruleset's roll dialog shares it; a ruleset registers it at `init` with
 * {@link registerRollKeybindings} and asks {@link isSkipDialogHeld} before opening its dialog.
 */
import { SYSTEM_ID } from "./constants";

/** The keybinding's action id, under the system's namespace. */
export const SKIP_DIALOG_ACTION = "skipRollDialog";

/** A key binding as Foundry stores it: a key code and the modifier names that go with it. */
export interface KeyBinding {
  key: string;
  modifiers?: readonly string[];
}

/** What is held at the moment of the click. */
export interface KeysHeld {
  /** Key codes held, as `game.keyboard.downKeys` has them ("ShiftLeft", "KeyQ"). */
  keys: ReadonlySet<string>;
  shift: boolean;
  control: boolean;
  alt: boolean;
}

const MODIFIER_CODES: Record<string, "shift" | "control" | "alt"> = {
  ShiftLeft: "shift",
  ShiftRight: "shift",
  ControlLeft: "control",
  ControlRight: "control",
  MetaLeft: "control",
  MetaRight: "control",
  AltLeft: "alt",
  AltRight: "alt",
};

const MODIFIER_NAMES: Record<string, "shift" | "control" | "alt"> = {
  Shift: "shift",
  Control: "control",
  Alt: "alt",
};

/**
 * Whether any of the bindings is held: its key is down (a modifier key also counts when the click
 * says it was held, since a click on a sheet may come before the keyboard manager saw the key)
 * and all its modifiers are held.
 */
export function bindingHeld(bindings: readonly KeyBinding[], held: KeysHeld): boolean {
  return bindings.some((b) => {
    const modifier = MODIFIER_CODES[b.key];
    const down = held.keys.has(b.key) || (modifier !== undefined && held[modifier]);
    if (!down) return false;
    return (b.modifiers ?? []).every((m) => {
      const name = MODIFIER_NAMES[m];
      return name !== undefined && held[name];
    });
  });
}

/** Register the skip-dialog keybinding (call during `init`; a second call does nothing). */
export function registerRollKeybindings(): void {
  const keybindings = game.keybindings;
  if (!keybindings || keybindings.actions.has(`${SYSTEM_ID}.${SKIP_DIALOG_ACTION}`)) return;
  keybindings.register(SYSTEM_ID, SKIP_DIALOG_ACTION, {
    name: "POLYVERSE.RollDialog.Keybinding.Skip.Name",
    hint: "POLYVERSE.RollDialog.Keybinding.Skip.Hint",
    editable: [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
    precedence: CONST.KEYBINDING_PRECEDENCE.NORMAL,
  });
}

/** Is the skip-dialog key held now (or was it, for the click `event`)? */
export function isSkipDialogHeld(event?: Event | null): boolean {
  const keybindings = game.keybindings;
  if (!keybindings?.actions.has(`${SYSTEM_ID}.${SKIP_DIALOG_ACTION}`)) return false;
  const bindings = keybindings.get(SYSTEM_ID, SKIP_DIALOG_ACTION) as readonly KeyBinding[];
  const mouse = event instanceof MouseEvent || event instanceof KeyboardEvent ? event : null;
  return bindingHeld(bindings, {
    keys: game.keyboard?.downKeys ?? new Set<string>(),
    shift: mouse?.shiftKey ?? false,
    control: (mouse?.ctrlKey ?? false) || (mouse?.metaKey ?? false),
    alt: mouse?.altKey ?? false,
  });
}
