/**
 * The 'Verses actor sheet's context (see `../actor-context.ts`): the Advancement tab (dice awarded
 * and allocated, Skillfulness).
 */
import { formatAdvancement, unallocatedDice, advancementMeasure, type AdvancementRecord } from "../../rules";
import { type ActorSheetInput, ROOT } from "./common";

export function advancementContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const record = system.advancement;
  const left = unallocatedDice(record);
  const field = (key: keyof AdvancementRecord) => ({
    key,
    field: `system.advancement.${key}`,
    label: `${ROOT}.Advancement.${key}`,
    value: record[key],
  });
  return {
    core: [field("coreAwarded"), field("coreAllocated"), field("coreConverted")],
    refinement: [field("refinementAwarded"), field("refinementFromConversion"), field("refinementAllocated")],
    left: { core: left.core, refinement: left.refinement, negative: left.core < 0 || left.refinement < 0 },
    awarded: formatAdvancement(advancementMeasure(record, "awarded")),
    allocated: formatAdvancement(advancementMeasure(record, "allocated")),
    skillfulness: {
      used: system.skillfulness.used,
      allowed: system.skillfulness.allowed,
      over: system.skillfulness.used > system.skillfulness.allowed,
      text: localize(`${ROOT}.Advancement.Skillfulness`, {
        used: String(system.skillfulness.used),
        allowed: String(system.skillfulness.allowed),
      }),
    },
  };
}
