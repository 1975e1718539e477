/**
 * Which ruleset owns a document, and document hooks that run only for a ruleset's own documents.
 *
 * Every ruleset's hooks are registered in every world (so its documents keep working whatever the
 * active ruleset), so each hook must leave other rulesets' documents alone. The owner is read off
 * the sub-type through the registry (`verses-character` is 'Verses'); documents without a sub-type
 * of their own take their owner from what they belong to: an Active Effect from its actor or item,
 * a token from its actor, a combatant from its actor, a combat from the combat class it is.
 */
import { currentRegistry } from "./active";
import type { RulesetRegistry } from "./registry";
import type { PolyverseRuleset } from "./ruleset";

/** What ownership reads of a document: its class name, sub-type and what it belongs to. */
export interface OwnedDocument {
  documentName?: string;
  type?: unknown;
  parent?: unknown;
  actor?: unknown;
}

const asDocument = (value: unknown): OwnedDocument | null =>
  typeof value === "object" && value !== null ? (value as OwnedDocument) : null;

/** The id of the ruleset a sub-type belongs to: its declaration, else its `<id>-` prefix. */
function ownerOfType(registry: RulesetRegistry<PolyverseRuleset>, documentName: string, type: string) {
  const declared = registry.ownerOf(documentName, type);
  if (declared) return declared.id;
  return registry.ids().find((id) => type.startsWith(`${id}-`));
}

/**
 * The id of the ruleset that owns a document, or undefined (a document of no ruleset: a base
 * combatant without an actor, a plain chat message).
 */
export function documentOwnerId(
  registry: RulesetRegistry<PolyverseRuleset>,
  doc: unknown,
  depth = 0,
): string | undefined {
  const d = asDocument(doc);
  if (!d || depth > 3) return undefined;
  const type = typeof d.type === "string" ? d.type : "";
  const name = d.documentName ?? "";
  if (type && type !== "base") {
    const owner = ownerOfType(registry, name, type);
    if (owner) return owner;
  }
  switch (name) {
    case "ActiveEffect":
      return documentOwnerId(registry, d.parent, depth + 1);
    case "Token":
    case "Combatant":
      return documentOwnerId(registry, d.actor, depth + 1);
    case "Combat":
      return registry
        .list()
        .find((r) => r.combat?.combatClass && (doc as object) instanceof r.combat.combatClass)?.id;
    case "":
      // A document that does not say what it is: by what it belongs to.
      return documentOwnerId(registry, d.parent, depth + 1) ?? documentOwnerId(registry, d.actor, depth + 1);
    default:
      return undefined;
  }
}

/** The id of the ruleset that owns a document (see {@link documentOwnerId}), once the registry is given. */
export function ownerIdOf(doc: unknown): string | undefined {
  const registry = currentRegistry();
  return registry === undefined ? undefined : documentOwnerId(registry, doc);
}

/** Does this ruleset own the document (see {@link documentOwnerId})? */
export function ownsDocument(rulesetId: string, doc: unknown): boolean {
  const registry = currentRegistry();
  return registry !== undefined && documentOwnerId(registry, doc) === rulesetId;
}

/**
 * `Hooks.on(hook, fn)` for a document hook (its first argument is the document), called only for
 * documents the ruleset owns. What `fn` returns is returned, so a `pre…` hook can still refuse
 * with `false`. Returns the hook's id.
 */
export function onOwnedDocumentHook<D = never, A extends unknown[] = never[]>(
  rulesetId: string,
  hook: string,
  fn: (doc: D, ...args: A) => unknown,
): number {
  const guarded = (doc: D, ...args: A): unknown =>
    ownsDocument(rulesetId, doc) ? fn(doc, ...args) : undefined;
  return (Hooks.on as (hook: string, fn: (...args: never[]) => unknown) => number)(hook, guarded as never);
}
