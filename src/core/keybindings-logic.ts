/** Which keys are held, Foundry-free: a keybinding's bindings against the keys down at a click. */

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
