/**
 * The stand-in with Foundry v14's shapes where they differ from v13's (docs/foundry-v14.md lists
 * each with its source): `game.release.generation` 14; message modes (`CONFIG.ChatMessage.modes`,
 * the `core.messageMode` setting, `ChatMessage.applyMode`); `CONFIG.statusEffects` a record by id
 * (an array assigned to it is kept by id, as v14's registry does); the ForcedDeletion operator
 * (`foundry.data.operators.ForcedDeletion`, `_del`). It is stricter than v14, which still accepts
 * the v13 forms with a deprecation warning: here `ChatMessage.applyRollMode` and a `-=key` deletion
 * throw, so a test fails wherever the bundle would still use them. Like stub-scene.ts it implements
 * only what the bundle calls.
 */
import type { Recorder } from "./foundry-stub";

const g = globalThis as any;

/** v14's operator that deletes a key in an update. */
export class ForcedDeletion {
  static create(): ForcedDeletion {
    return new ForcedDeletion();
  }
}

/** v14's message modes by id (the labels are Foundry's own keys, which the test world lacks). */
export const V14_MODES = {
  public: { label: "CHAT.RollPublic", icon: "fa-solid fa-globe" },
  gm: { label: "CHAT.RollPrivate", icon: "fa-solid fa-user-secret" },
  blind: { label: "CHAT.RollBlind", icon: "fa-solid fa-eye-slash" },
  self: { label: "CHAT.RollSelf", icon: "fa-solid fa-user" },
  ic: { label: "CHAT.ModeIC", icon: "fa-solid fa-masks-theater" },
};

/** Give the complete stand-in v14's shapes (call from `beforeImport`: the bundle reads them at init). */
export function installV14Shapes(recorder: Recorder, messageMode = "gm"): void {
  g.game.release = { generation: 14 };
  g.CONFIG.ChatMessage.modes = V14_MODES;
  recorder.settings.set("core.messageMode", { config: {}, value: messageMode });
  g.ChatMessage.applyMode = (data: any, mode: string) => {
    if (!Object.hasOwn(V14_MODES, mode)) throw new Error(`No message mode ${mode}`);
    data.messageMode = mode;
    if (mode === "gm" || mode === "blind")
      data.whisper = g.game.users.filter((u: any) => u.isGM).map((u: any) => u.id);
    if (mode === "blind") data.blind = true;
    return data;
  };
  g.ChatMessage.applyRollMode = () => {
    throw new Error("ChatMessage.applyRollMode is deprecated in favor of ChatMessage.applyMode");
  };
  let registry: Record<string, any> = {};
  Object.defineProperty(g.CONFIG, "statusEffects", {
    configurable: true,
    get: () => registry,
    set: (value: unknown) => {
      registry = Array.isArray(value) ? Object.fromEntries(value.map((e: any) => [e.id, e])) : (value as any);
    },
  });
  g.CONFIG.statusEffects = [{ id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" }];
  g.foundry.data.operators = { ForcedDeletion };
  g._del = ForcedDeletion.create();
}

/**
 * An update as v14 takes it, handed on in the form the stand-in applies: each ForcedDeletion
 * becomes the stand-in's `-=key: null`; a `-=key` written by the caller throws (v14 deprecates it).
 * Everything else is handed on as it was given.
 */
export function v14Update(data: any): any {
  if (!data || typeof data !== "object" || Array.isArray(data)) return data;
  if (Object.getPrototypeOf(data) !== Object.prototype) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const parts = key.split(".");
    if (parts.some((p) => p.startsWith("-=")))
      throw new Error(`The {-=${parts.at(-1)!.slice(2)}: null} syntax for forced deletion is deprecated`);
    if (value instanceof ForcedDeletion) {
      parts[parts.length - 1] = `-=${parts.at(-1)}`;
      out[parts.join(".")] = null;
    } else out[key] = v14Update(value);
  }
  return out;
}

/** Make the documents' and users' updates take v14's deletions only (after the world is built). */
export function requireV14Deletions(users: any[]): void {
  for (const Doc of [g.Actor, g.Item, g.ChatMessage]) {
    const update = Doc.prototype.update;
    Doc.prototype.update = function (this: any, data: any, options?: any) {
      return update.call(this, v14Update(data), options);
    };
  }
  for (const user of users) {
    const update = user.update;
    user.update = function (this: any, data: any, options?: any) {
      return update.call(this, v14Update(data), options);
    };
  }
}
