/**
 * Virtually Real initiative in Foundry (`VirtuallyRealCombat#rollInitiative`): each combatant this user
 * may change rolls the Initiative save through the rolls folder (`rollSave`: Reflex [1], [2] with Basic
 * Combat Training at primary or higher, a ready weapon's [I] box as the level, serious conditions and
 * adrenaline applied by the rolls folder), its dialog when one combatant is rolled, none for several.
 * The total (0 for a critical result) is the combatant's number; then a condition lasting until the
 * next initiative (the Guilt adrenaline box) changes (initiative-logic.ts `afterInitiative`).
 */
import { localize } from "../../../core/i18n";
import { COMBAT_KEY } from "./attack-card-logic";
import { rollSaveFor } from "./checks";
import { afterInitiative } from "./initiative-logic";
import { conditionsOf, isLiving, type AnyActor, type AnyCombat, type AnyCombatant } from "./shared";

/** Roll initiative for the combatants named that this user may change. */
export async function rollVirtuallyRealInitiative(
  combat: AnyCombat,
  ids: string | string[],
  options: Combat.InitiativeOptions = {},
): Promise<void> {
  const wanted = [...new Set(typeof ids === "string" ? [ids] : ids)];
  const skipDialog = wanted.length > 1;
  const rollMode = (options.messageOptions as { rollMode?: string } | undefined)?.rollMode;
  for (const id of wanted) {
    const combatant = combat.combatants.get(id) as AnyCombatant | undefined;
    const actor = combatant?.actor as AnyActor | null | undefined;
    if (!combatant?.isOwner || !isLiving(actor)) continue;
    const rolled = await rollSaveFor(actor, "initiative", {
      skipDialog,
      flavor: localize(`${COMBAT_KEY}.Initiative.Flavor`, { name: combatant.name ?? actor.name }),
      ...(rollMode ? { rollMode } : {}),
      extra: { initiative: { combat: combat.id ?? "" } },
    });
    if (!rolled) continue;
    const total = rolled.result.critical ? 0 : rolled.result.total;
    await combatant.update({ initiative: total } as never);
    const healed = afterInitiative(conditionsOf(actor));
    if (healed && actor.isOwner) await actor.update({ "system.conditions": healed } as never);
  }
}
