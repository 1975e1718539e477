/**
 * The Merits & Flaws tab: the merits with what each costs, the flaws with what each awards (the
 * ability Inept binds, whether a situational flaw is in force now), the totals, and the creation
 * check. Foundry-free.
 */
import { ROOT, abilityName, bool, itemControls, itemsIn, num, str, type CharacterSheetInput } from "./common";

export function meritsContext(input: CharacterSheetInput) {
  const { localize } = input;
  const merits = itemsIn(input, "merits").map((item) => ({
    ...itemControls(item, localize),
    img: item.img,
    points: num(item.system.points),
    option: str(item.system.option),
  }));
  const flaws = itemsIn(input, "flaws").map((item) => {
    const ability = str(item.system.ability);
    const active = bool(item.system.active);
    return {
      ...itemControls(item, localize),
      img: item.img,
      points: num(item.system.points),
      option: str(item.system.option),
      ability: ability ? localize(abilityName(ability)) : "",
      active,
      activeLabel: localize(`${ROOT}.Merits.${active ? "Deactivate" : "Activate"}`, { name: item.name }),
    };
  });
  const meritCost = merits.reduce((sum, m) => sum + m.points, 0);
  const flawAward = flaws.reduce((sum, f) => sum + f.points, 0);
  return {
    merits,
    flaws,
    meritCost,
    flawAward,
    /** The creation check (`validateCreation`), once the rules layer has it. */
    creation: { available: false, problems: [] as string[] },
    totals: localize(`${ROOT}.Merits.Totals`, { cost: String(meritCost), award: String(flawAward) }),
  };
}
