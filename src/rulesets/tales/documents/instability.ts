/**
 * The instability a K/O brings (health-logic.ts `instabilityChange`), written into the same update
 * that changes the wound: on the client that makes the update (`preUpdateActor`, whose changes a hook
 * may add to), so a wound applied by the GM, a player's own sheet or an Undo each carry it, once. The
 * marks kept with it (flags in the Tales namespace): `koUnstable` (the K/O, not a vicious attack, made
 * the victim unstable) and `holdOn` (the fight of the last hold-on roll, forgotten once stable).
 */
import { onOwnedDocumentHook } from "../../../core/owners";
import { isTalesLiving } from "../base/living";
import { livingSystem } from "../data/systems";
import { WOUND_LEVELS, type WoundLevel } from "../rules";
import { CARE_FLAGS, CARE_PATHS } from "./care-card-logic";
import { talesFlag } from "./care-card";
import { instabilityChange } from "./health-logic";

type AnyActor = Actor.Implementation;
type Changes = Record<string, unknown>;

/** A value an update writes at a path (its changes flattened or not). */
function read(changes: Changes, path: string): unknown {
  if (Object.hasOwn(changes, path)) return changes[path];
  return foundry.utils.getProperty(foundry.utils.expandObject(changes) as object, path);
}

/** Write a value at a path into an update's changes (beside a flattened key when there is one). */
function write(changes: Changes, path: string, value: unknown): void {
  if (Object.hasOwn(changes, path)) changes[path] = value;
  else foundry.utils.setProperty(changes, path, value);
}

/** Add to an actor's update what it does to the victim's instability. */
export function addInstability(actor: AnyActor, changes: Changes): void {
  if (!isTalesLiving(actor)) return;
  const health = livingSystem(actor).health;
  const level = read(changes, "system.health.level");
  const unstable = read(changes, CARE_PATHS.unstable);
  const change = instabilityChange(
    {
      level: health.level,
      unstable: health.unstable,
      fromKo: talesFlag(actor, CARE_FLAGS.koUnstable) === true,
    },
    {
      ...((WOUND_LEVELS as readonly unknown[]).includes(level) ? { level: level as WoundLevel } : {}),
      ...(typeof unstable === "boolean" ? { unstable } : {}),
    },
  );
  if (change.unstable !== undefined) write(changes, CARE_PATHS.unstable, change.unstable);
  if (change.fromKo !== undefined) write(changes, CARE_PATHS.koUnstable, change.fromKo);
  if (change.clearHoldOn) write(changes, CARE_PATHS.holdOn, null);
}

/** Register the hook (at init, whatever ruleset is active: it acts on Tales actors only). */
export function registerInstabilityHook(): void {
  onOwnedDocumentHook("tales", "preUpdateActor", (actor: AnyActor, changes: Changes) => {
    addInstability(actor, changes);
  });
}
