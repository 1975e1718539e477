/**
 * The Health tab: the states a character can be in (incapacitated, mortally wounded with the rounds
 * to death, stabilised, panic with its rounds, a Breaking Point reaction, winded, blinded, held
 * breath, days without food), and the Lasting Wounds taken (Table 11) with what each does, added from
 * the table and removed. Foundry-free.
 */
import { BREAKING_POINTS, LASTING_WOUNDS, PANICS, type LastingWound } from "../../rules";
import { NAMES, ROOT, removeAt, type CharacterSheetInput, type XeroSumActorSystem } from "./common";

/** A 2d6 table's entries as select options: "2 — Babbling", in roll order, with a blank first. */
export function tableOptions(
  keys: readonly string[],
  root: string,
  current: string,
  localize: CharacterSheetInput["localize"],
  blank: string,
) {
  return [
    { value: "", label: localize(blank), selected: current === "" },
    ...keys.map((key, i) => ({
      value: key,
      label: localize(`${ROOT}.TableEntry`, { roll: String(i + 2), name: localize(`${root}.${key}`) }),
      selected: key === current,
    })),
  ];
}

/** The Lasting Wounds after one more is taken (the same wound may be taken twice). */
export function addLastingWound(system: XeroSumActorSystem, key: string): LastingWound[] | null {
  if (!(LASTING_WOUNDS as readonly string[]).includes(key)) return null;
  return [...system.lastingWounds, key as LastingWound];
}

/** The Lasting Wounds without the one at `index`. */
export function removeLastingWound(system: XeroSumActorSystem, index: number): LastingWound[] | null {
  return removeAt(system.lastingWounds, index);
}

export function healthContext(input: CharacterSheetInput) {
  const { system, localize } = input;
  const s = system.state;
  const number = (path: string, value: number, max = 99) => ({
    name: `system.state.${path}`,
    id: `state-${path.replace(/\./g, "-")}`,
    label: `${NAMES}.Actor.FIELDS.state.${path}.label`,
    value,
    max,
  });
  const check = (path: string, value: boolean) => ({
    name: `system.state.${path}`,
    id: `state-${path}`,
    label: `${NAMES}.Actor.FIELDS.state.${path}.label`,
    checked: value,
  });
  return {
    incapacitated: number("incapacitatedRounds", s.incapacitatedRounds),
    mortal: {
      wounded: check("mortallyWounded", s.mortallyWounded),
      deathRounds: number("deathRounds", s.deathRounds),
      stabilised: check("stabilised", s.stabilised),
      wasWounded: check("wasMortallyWounded", s.wasMortallyWounded),
      dead: check("dead", s.dead),
      dying: s.mortallyWounded && !s.stabilised && !s.dead,
      dyingNote: localize(`${ROOT}.Health.Dying`, { rounds: String(s.deathRounds) }),
    },
    panic: {
      id: "state-panic-key",
      name: "system.state.panic.key",
      options: tableOptions(PANICS, `${NAMES}.Panic`, s.panic.key, localize, `${ROOT}.Health.NoPanic`),
      rounds: number("panic.rounds", s.panic.rounds),
    },
    breakingPoint: {
      id: "state-breakingPoint",
      name: "system.state.breakingPoint",
      options: tableOptions(
        BREAKING_POINTS,
        `${NAMES}.BreakingPoint`,
        s.breakingPoint,
        localize,
        `${ROOT}.Health.NoReaction`,
      ),
    },
    winded: check("winded", s.winded),
    blinded: number("blindedRounds", s.blindedRounds),
    breath: number("breathRounds", s.breathRounds),
    food: number("daysWithoutFood", s.daysWithoutFood, 999),
    lastingWounds: system.lastingWounds.map((key, index) => {
      const name = localize(`${NAMES}.LastingWound.${key}`);
      return {
        index,
        key,
        name,
        effect: `${ROOT}.LastingWoundEffect.${key}`,
        removeLabel: localize(`${ROOT}.Health.RemoveWound`, { name }),
      };
    }),
    woundChoices: LASTING_WOUNDS.map((key, i) => ({
      value: key,
      label: localize(`${ROOT}.TableEntry`, {
        roll: String(i + 2),
        name: localize(`${NAMES}.LastingWound.${key}`),
      }),
    })),
  };
}
