/**
 * The 'Verses actor sheet's context (see `../actor-context.ts`): the Abilities tab.
 */
import { type ActorSheetInput, bool, byName, itemsIn, num } from "./common";

export function abilitiesContext(input: ActorSheetInput) {
  return itemsIn(input, "abilities")
    .map((i) => ({
      id: i.id,
      name: i.name,
      img: i.img,
      allocated: num(i.system.allocated),
      extrinsic: bool(i.system.extrinsic),
      exBound: num(i.system.exBound),
    }))
    .sort(byName);
}
