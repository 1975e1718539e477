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

/**
 * A data model that knows how its own token bars change (e.g. AD available is derived from the AD
 * spent, so editing the bar spends or recovers AD). Returns the update to make, or undefined to
 * let Foundry handle the attribute as usual.
 */
export interface TokenAttributeModel {
  tokenAttributeUpdate(
    attribute: string,
    value: number,
    isDelta: boolean,
    isBar: boolean,
  ): Record<string, unknown> | undefined;
}

function handlesTokenAttributes(system: unknown): system is TokenAttributeModel {
  return typeof (system as Partial<TokenAttributeModel> | null)?.tokenAttributeUpdate === "function";
}

/** Polyverse's Actor class: every ruleset's actor sub-types share it. */
export class PolyverseActor<SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  static override createDialog(...[data, createOptions, options]: DialogArgs<typeof Actor>) {
    return super.createDialog(data, createOptions, narrowTypes("Actor", options));
  }

  override async modifyTokenAttribute(attribute: string, value: number, isDelta = false, isBar = true) {
    const system: unknown = this.system;
    const update = handlesTokenAttributes(system)
      ? system.tokenAttributeUpdate(attribute, value, isDelta, isBar)
      : undefined;
    if (!update) return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
    await this.update(update as never);
    return this;
  }
}

/** Polyverse's Item class: every ruleset's item sub-types share it. */
export class PolyverseItem<SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  static override createDialog(...[data, createOptions, options]: DialogArgs<typeof Item>) {
    return super.createDialog(data, createOptions, narrowTypes("Item", options));
  }
}
