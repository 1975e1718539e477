/**
 * The 'Verses Combat and Combatant classes (the descriptor's `combat`): turn order is rolled from
 * each combatant's unbound AD pool (`initiative.ts`), and a Moribund combatant keeps its turns, on
 * which it must make its survival roll: only a combatant marked defeated (dead, or taken out by the
 * GM) is out of the fight.
 */
import { rollVersesInitiative } from "./initiative";

export class VersesCombat<SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {
  /** Roll turn order by AD pools: successes, then 6s, 5s, 4s...; identical rolls re-roll. */
  override async rollInitiative(
    ids: string | string[],
    options: Combat.InitiativeOptions = {},
  ): Promise<this> {
    await rollVersesInitiative(this, ids, options);
    return this;
  }
}

export class VersesCombatant<
  SubType extends Combatant.SubType = Combatant.SubType,
> extends Combatant<SubType> {
  /**
   * Out of the fight only when marked defeated. Moribund (the status Foundry's "defeated" toggle
   * applies in 'Verses) still takes turns: "on each turn the moribund actor must make a survival
   * roll", so "skip defeated" must not skip it.
   */
  override get isDefeated(): boolean {
    return Boolean(this.defeated);
  }

  /** A single combatant rolls through its combat, so that ties with the others re-roll. */
  override async rollInitiative(_formula?: string): Promise<this> {
    if (this.combat && this.id) await this.combat.rollInitiative([this.id]);
    return this;
  }
}
