/**
 * The Tales Combat and Combatant classes (the descriptor's `combat`): initiative is a d6 on Mental +
 * Awareness (initiative.ts), the tracker lists combatants in declaration order (lowest first:
 * combat-logic.ts `compareTurns`).
 */
import { compareTurns } from "./combat-logic";
import { rollTalesInitiative } from "./initiative";
import { initiativeSourceOf, stateOf, type AnyCombatant } from "./shared";

/** A Tales combat: Foundry's, with Tales's initiative and turn order (and named for `core/owners.ts`). */
export class TalesCombat<SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {
  override async rollInitiative(
    ids: string | string[],
    _options: Combat.InitiativeOptions = {},
  ): Promise<this> {
    await rollTalesInitiative(this as never, ids);
    return this;
  }

  /** Declaration order: this round's rank (lowest initiative first), then the unranked, then the unrolled. */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    return compareTurns(
      { state: stateOf(a as AnyCombatant), name: a.name ?? "" },
      { state: stateOf(b as AnyCombatant), name: b.name ?? "" },
    );
  }
}

export class TalesCombatant<
  SubType extends Combatant.SubType = Combatant.SubType,
> extends Combatant<SubType> {
  /** "1d6 + <initiative score>" (the derived Mental + Awareness − Heavy items, plus the modifier). */
  protected override _getInitiativeFormula(): string {
    const { score } = initiativeSourceOf(this.actor as Actor.Implementation | null);
    return score < 0 ? `1d6 - ${-score}` : `1d6 + ${score}`;
  }
}
