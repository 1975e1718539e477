/**
 * The Xero Sum Combat and Combatant classes (the descriptor's `combat`): initiative is 2d6 + ACU + DEX
 * + the round bonuses, rolled every round (initiative.ts); the tracker lists the highest first, PCs
 * before NPCs on a draw (round-logic.ts `compareTurns`).
 */
import { compareTurns } from "./round-logic";
import { rollXeroSumInitiative } from "./initiative";
import { isPc, type AnyActor, type AnyCombat } from "./shared";

/** A Xero Sum combat: Foundry's, with Xero Sum's initiative and order (and named for `core/owners.ts`). */
export class XeroSumCombat<SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {
  override async rollInitiative(
    ids: string | string[],
    _options: Combat.InitiativeOptions = {},
  ): Promise<this> {
    await rollXeroSumInitiative(this as unknown as AnyCombat, ids);
    return this;
  }

  /** Highest first; on a draw PCs before NPCs; then by name; not rolled last. */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const entry = (c: Combatant.Implementation) => ({
      initiative: c.initiative ?? null,
      pc: isPc(c.actor as AnyActor | null),
      name: c.name ?? "",
    });
    return compareTurns(entry(a), entry(b));
  }
}

export class XeroSumCombatant<
  SubType extends Combatant.SubType = Combatant.SubType,
> extends Combatant<SubType> {
  /** "2d6 + <Initiative Modifier>" (ACU + DEX after Lasting Wounds, with the sheet's bonus). */
  protected override _getInitiativeFormula(): string {
    return "2d6";
  }
}
