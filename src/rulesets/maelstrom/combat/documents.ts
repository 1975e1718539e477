/**
 * The Maelstrom Combat and Combatant classes (the descriptor's `combat`). Turn order is Foundry's
 * own roll of an initiative formula: the `initiative` setting's (rules `initiativeFormula`; a
 * Polyverse default, the text's Initiative section is empty), read at every roll so a changed
 * setting applies without a reload. Ties keep Foundry's order.
 */
import { initiativeFormula } from "../rules";
import { maelstromSetting } from "../base/settings";

/** A Maelstrom combat: Foundry's, named so that hooks know it is Maelstrom's (`core/owners.ts`). */
export class MaelstromCombat<SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {}

export class MaelstromCombatant<
  SubType extends Combatant.SubType = Combatant.SubType,
> extends Combatant<SubType> {
  /** The `initiative` setting's formula ("1d10 + @attributes.reflexes + @attributes.wits" by default). */
  protected override _getInitiativeFormula(): string {
    return initiativeFormula(maelstromSetting("initiative"));
  }
}
