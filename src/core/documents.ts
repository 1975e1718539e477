import { activeTypes } from "./active";

type DialogArgs<T extends { createDialog: (...args: never[]) => unknown }> = Parameters<T["createDialog"]>;

/**
 * Restrict a create dialog to the active ruleset's sub-types unless the caller chose types itself.
 * Documents of other rulesets stay valid and openable: this only narrows what a GM is offered.
 */
function narrowTypes<O extends object | undefined>(documentName: "Actor" | "Item", options: O): O {
  const given = (options as { types?: string[] } | undefined)?.types;
  if (given?.length) return options;
  return { ...(options ?? {}), types: activeTypes(documentName) } as O;
}

/** Polyverse's Actor class: every ruleset's actor sub-types share it. */
export class PolyverseActor<SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  static override createDialog(...[data, createOptions, options]: DialogArgs<typeof Actor>) {
    return super.createDialog(data, createOptions, narrowTypes("Actor", options));
  }
}

/** Polyverse's Item class: every ruleset's item sub-types share it. */
export class PolyverseItem<SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  static override createDialog(...[data, createOptions, options]: DialogArgs<typeof Item>) {
    return super.createDialog(data, createOptions, narrowTypes("Item", options));
  }
}
