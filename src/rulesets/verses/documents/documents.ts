/**
 * 'Verses document rules in Foundry: the handlers of the document hooks and the actor sheets' item
 * drop. Every decision is in documents-logic.ts (Foundry-free, unit-tested); this module gathers the
 * documents as plain data, shows the warnings and dialogs, and saves.
 */
import {
  applySpecialisation,
  planItemDrop,
  validateActorUpdate,
  validateItemCreate,
  validateItemDelete,
  validateItemUpdate,
  type ActorSnapshot,
  type ItemSnapshot,
  type SpecialisationDialog,
  type SpeciesPlan,
  type ValidationOptions,
  type ValidationResult,
} from "../data/documents-logic";
import { formatMessage, type I18nMessage, type Localizer } from "../base/conditions-logic";
import { versesOption, versesSetting } from "../base/settings";
import { onOwnedDocumentHook, ownsDocument } from "../../../core/owners";
import { VERSES_ID } from "../base/flags";

type AnyActor = Actor.Implementation;
type AnyItem = Item.Implementation;
type Obj = Record<string, unknown>;

const i18n = (): Localizer => game.i18n as unknown as Localizer;
const text = (m: I18nMessage): string => formatMessage(m, i18n());
const warn = (messages: readonly I18nMessage[]): void => {
  for (const m of messages) ui.notifications?.warn(text(m));
};

const options = (): ValidationOptions => ({
  settingTec: versesSetting("settingTec"),
  skillfulness: versesOption("skillfulness"),
});

/** An item as plain source data. */
function itemSnapshot(item: AnyItem): ItemSnapshot {
  const o = item.toObject() as unknown as ItemSnapshot;
  return { _id: o._id ?? item.id, name: o.name, type: o.type, system: o.system };
}

/** An actor as plain source data, with its items, statuses and flags. */
function actorSnapshot(actor: AnyActor): ActorSnapshot {
  const o = actor.toObject() as unknown as { type: string; name: string; system: Obj; flags: Obj };
  return {
    type: o.type,
    name: o.name,
    system: o.system,
    items: actor.items.map(itemSnapshot),
    statuses: new Set(actor.statuses),
    flags: o.flags,
  };
}

/** Is it an actor of 'Verses' (its owner by the registry)? An item hook acts on the items of these. */
const versesActor = (doc: unknown): doc is AnyActor =>
  (doc as { documentName?: string } | null)?.documentName === "Actor" && ownsDocument(VERSES_ID, doc);

/** Put the corrected changes back into Foundry's change object (it is read after the hook). */
function replaceChanges(target: Obj, result: ValidationResult): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, result.changes);
}

// ---- hooks -----------------------------------------------------------------------------------

/**
 * `preUpdateActor` (registered for 'Verses actors only): a core attribute set by hand is a whole
 * number 1..5 (corrected, with a warning, keeping the update's other changes), and no attribute
 * drop may leave more allocated skills than Skillfulness allows. Returns false when nothing is
 * left to save.
 */
export function onVersesPreUpdateActor(
  actor: AnyActor,
  changes: Obj,
  _options: unknown,
  userId: string,
): boolean | void {
  if (userId !== game.user?.id) return;
  const result = validateActorUpdate(actorSnapshot(actor), changes, options());
  warn(result.warnings);
  if (result.warnings.length > 0) replaceChanges(changes, result);
  if (result.refuse) return false;
}

/**
 * `preUpdateItem`: a skill's allocation stops at what its default, prerequisites, TEC, the maximum 5
 * and Skillfulness allow; a skill or ability another allocated skill needs keeps 1 die.
 */
function onVersesPreUpdateItem(
  item: AnyItem,
  changes: Obj,
  _options: unknown,
  userId: string,
): boolean | void {
  if (userId !== game.user?.id || !versesActor(item.parent)) return;
  const result = validateItemUpdate(actorSnapshot(item.parent), itemSnapshot(item), changes, options());
  warn(result.warnings);
  if (result.warnings.length > 0) replaceChanges(changes, result);
  if (result.refuse) return false;
}

/** `preDeleteItem`: a skill or ability still needed by an allocated skill is not deleted. */
function onVersesPreDeleteItem(item: AnyItem, _options: unknown, userId: string): boolean | void {
  if (userId !== game.user?.id || !versesActor(item.parent)) return;
  const result = validateItemDelete(actorSnapshot(item.parent), itemSnapshot(item));
  warn(result.warnings);
  if (result.refuse) return false;
}

/**
 * `preCreateItem` on a 'Verses actor: refuses another ruleset's items, types the actor does not
 * take, a second species, duplicate skills and abilities; corrects a skill's allocated dice.
 */
function onVersesPreCreateItem(
  item: AnyItem,
  data: { name?: unknown; type?: unknown },
  _options: unknown,
  userId: string,
): boolean | void {
  if (userId !== game.user?.id || !versesActor(item.parent)) return;
  const snapshot: ItemSnapshot = {
    name: typeof data.name === "string" ? data.name : item.name,
    type: typeof data.type === "string" ? data.type : item.type,
    system: (item.toObject() as unknown as { system: Obj }).system,
  };
  const result = validateItemCreate(actorSnapshot(item.parent), snapshot, options());
  warn(result.warnings);
  if (result.refuse) return false;
  if (Object.keys(result.changes).length > 0) item.updateSource(result.changes);
}

/**
 * Register the handlers above on Foundry's hooks, each through the registry's owner
 * (`onOwnedDocumentHook`) where that keeps what it does, so it is safe in any world; call it once
 * at init. The actor hook runs for 'Verses actors; the update and delete hooks for 'Verses items,
 * and act on those on 'Verses actors (the only items a 'Verses actor can hold: creation refuses
 * the rest). The create hook alone is a plain hook that checks the actor, because it must see
 * every item created on a 'Verses actor, whatever its type, to refuse another ruleset's.
 */
export function registerVersesDocumentHooks(): void {
  onOwnedDocumentHook(VERSES_ID, "preUpdateActor", onVersesPreUpdateActor);
  onOwnedDocumentHook(VERSES_ID, "preUpdateItem", onVersesPreUpdateItem);
  onOwnedDocumentHook(VERSES_ID, "preDeleteItem", onVersesPreDeleteItem);
  Hooks.on("preCreateItem", onVersesPreCreateItem);
}

// ---- drops -----------------------------------------------------------------------------------

async function askSpecialisation(dialog: SpecialisationDialog): Promise<string | null> {
  const label = foundry.utils.escapeHTML(text(dialog.label));
  const hint = dialog.hint
    ? `<p class="hint">${foundry.utils.escapeHTML(
        text({ key: "POLYVERSE.Verses.Validation.Specialisation.HintLabel", data: { hint: dialog.hint } }),
      )}</p>`
    : "";
  const content =
    `<div class="form-group polyverse verses-specialisation"><label>${label}</label>` +
    `<div class="form-fields"><input type="text" name="spec" required autofocus></div>${hint}</div>`;
  const result: unknown = await foundry.applications.api.DialogV2.prompt({
    window: { title: text(dialog.title) },
    content,
    ok: {
      label: text({ key: "POLYVERSE.Verses.Validation.Specialisation.Confirm" }),
      callback: (_event: unknown, button: HTMLButtonElement) =>
        (button.form?.elements.namedItem("spec") as HTMLInputElement | null)?.value ?? "",
    },
    rejectClose: false,
  });
  return typeof result === "string" ? result : null;
}

async function askSpeciesOverwrite(
  confirm: NonNullable<SpeciesPlan["confirm"]>,
): Promise<"overwrite" | "keep" | null> {
  const result: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: text(confirm.title) },
    content: `<p>${foundry.utils.escapeHTML(text(confirm.question))}</p>`,
    buttons: [
      {
        action: "overwrite",
        label: text({ key: "POLYVERSE.Verses.Validation.Species.Overwrite" }),
        default: true,
      },
      { action: "keep", label: text({ key: "POLYVERSE.Verses.Validation.Species.Keep" }) },
      { action: "cancel", label: text({ key: "POLYVERSE.Verses.Validation.Species.Cancel" }) },
    ],
    rejectClose: false,
  });
  return result === "overwrite" || result === "keep" ? result : null;
}

/** The dropped item's source for creation on the actor: its own data, with the plan's name and system. */
function creationData(item: AnyItem, planned: ItemSnapshot): Item.CreateData {
  const source = item.toObject() as unknown as Obj;
  delete source._id;
  return { ...source, name: planned.name, system: planned.system } as unknown as Item.CreateData;
}

async function applySpeciesPlan(
  actor: AnyActor,
  item: AnyItem,
  plan: SpeciesPlan,
): Promise<AnyItem[] | null> {
  let update = plan.update;
  let warnings = plan.warnings;
  if (plan.confirm) {
    const choice = await askSpeciesOverwrite(plan.confirm);
    if (choice === null) return null;
    if (choice === "keep") {
      update = plan.keepUpdate;
      warnings = plan.keepWarnings;
    }
  }
  warn(warnings);
  if (plan.deleteIds.length > 0) await actor.deleteEmbeddedDocuments("Item", plan.deleteIds);
  const created = (await actor.createEmbeddedDocuments("Item", [creationData(item, plan.data)])) as
    AnyItem[] | undefined;
  await actor.update(update);
  return created ?? [];
}

/**
 * An item dropped on a 'Verses actor's sheet (call from the sheet's `_onDropItem` when the item is
 * not already the actor's own, i.e. not a sort). Adds weapons, armour, ammunition, gear, abilities
 * and skills after the checks of `preCreateItem`; asks for a repeatable skill's specialisation
 * (stored in `system.spec` and the name, `Weapons » Swords`); replaces the species (asking before
 * overwriting changed attributes); refuses another ruleset's items with a message. Returns the
 * created items, or null when nothing was created.
 */
export async function dropItemOnVersesActor(actor: AnyActor, item: AnyItem): Promise<AnyItem[] | null> {
  const snapshot = actorSnapshot(actor);
  let plan = planItemDrop(snapshot, itemSnapshot(item), options());
  if (plan.kind === "specialisation") {
    const spec = await askSpecialisation(plan.dialog);
    if (spec === null) return null;
    const applied = applySpecialisation(plan.data, spec);
    if (!applied.ok) {
      warn([applied.message]);
      return null;
    }
    plan = planItemDrop(snapshot, applied.data, options());
  }
  switch (plan.kind) {
    case "refuse":
      warn([plan.message]);
      return null;
    case "species":
      return applySpeciesPlan(actor, item, plan.plan);
    case "specialisation":
      return null;
    case "create": {
      warn(plan.warnings);
      const created = (await actor.createEmbeddedDocuments("Item", [creationData(item, plan.data)])) as
        AnyItem[] | undefined;
      return created ?? [];
    }
  }
}
