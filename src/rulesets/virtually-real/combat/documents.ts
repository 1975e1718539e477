/**
 * The Virtually Real Combat and Combatant classes (the descriptor's `combat`): initiative is the
 * Initiative save rolled through the rolls folder (initiative.ts), the order the highest total first
 * (initiative-logic.ts `compareInitiative`). The combatant's formula is the save's pool as Foundry
 * writes it, for what reads `getInitiativeRoll`; this combat never rolls it.
 */
import { livingSystem } from "../data/systems";
import { compareInitiative, initiativeFormula } from "./initiative-logic";
import { rollVirtuallyRealInitiative } from "./initiative";
import { isLiving, type AnyActor, type AnyCombat } from "./shared";

/** A Virtually Real combat: Foundry's, with the Initiative save and its order. */
export class VirtuallyRealCombat<SubType extends Combat.SubType = Combat.SubType> extends Combat<SubType> {
  override async rollInitiative(
    ids: string | string[],
    options: Combat.InitiativeOptions = {},
  ): Promise<this> {
    await rollVirtuallyRealInitiative(this as unknown as AnyCombat, ids, options);
    return this;
  }

  /** Highest first, then by name; not rolled last. */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const entry = (c: Combatant.Implementation) => ({ initiative: c.initiative ?? null, name: c.name ?? "" });
    return compareInitiative(entry(a), entry(b));
  }
}

export class VirtuallyRealCombatant<
  SubType extends Combatant.SubType = Combatant.SubType,
> extends Combatant<SubType> {
  /** The Initiative save's pool and level ("1d6 + 2"; "2d6" with Basic Combat Training at primary). */
  protected override _getInitiativeFormula(): string {
    const actor = this.actor as AnyActor | null;
    if (!isLiving(actor)) return "1d6";
    const s = livingSystem(actor);
    const init = s.derived.initiative;
    return initiativeFormula({
      attrCapacity: s.attributes.reflex.capacity,
      saveCapacity: init.capacity,
      level: init.level,
      ...init.dice,
    });
  }
}
