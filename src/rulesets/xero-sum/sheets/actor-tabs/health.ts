/**
 * The Health tab: the states a character can be in (incapacitated, mortally wounded with the rounds
 * to death, stabilised, panic with its rounds, a Breaking Point reaction, winded, blinded, held
 * breath, days without food), and the Lasting Wounds taken (Table 11) with what each does, added from
 * the table and removed. Foundry-free.
 */
import { signed } from "../../../../core/sheet-logic";
import {
  LASTING_WOUNDS,
  XERO_SUM_TABLES,
  lastingWoundEffect,
  type LastingWound,
  type TableKey,
} from "../../rules";
import {
  NAMES,
  ROOT,
  attributeName,
  removeAt,
  type CharacterSheetInput,
  type XeroSumActorSystem,
} from "./common";

/** A 2d6 table's entries as select options ("2: Babbling", in roll order), with a blank first if named. */
export function tableOptions(
  table: TableKey,
  root: string,
  current: string,
  localize: CharacterSheetInput["localize"],
  blank: string | null,
) {
  return [
    ...(blank === null ? [] : [{ value: "", label: localize(blank), selected: current === "" }]),
    ...XERO_SUM_TABLES[table].map((row) => ({
      value: row.key,
      label: localize(`${ROOT}.TableEntry`, { roll: String(row.roll), name: localize(`${root}.${row.key}`) }),
      selected: row.key === current,
    })),
  ];
}

/** What a Lasting Wound does (Table 11's effect, as the rules layer gives it), as a line. */
export function woundEffectText(key: LastingWound, localize: CharacterSheetInput["localize"]): string {
  const effect = lastingWoundEffect(key);
  const line = (what: string, delta: number, data: Record<string, string> = {}) =>
    localize(`${ROOT}.WoundEffect.${what}`, { ...data, delta: signed(delta) });
  const parts = [
    ...(effect.attribute
      ? [line("attribute", effect.attribute.delta, { name: localize(attributeName(effect.attribute.key)) })]
      : []),
    ...(effect.checkPenalty
      ? [
          line("checks", effect.checkPenalty.delta, {
            name: localize(attributeName(effect.checkPenalty.attribute)),
          }),
        ]
      : []),
    ...(effect.woundPoints ? [line("woundPoints", effect.woundPoints)] : []),
    ...(effect.resiliencePoints ? [line("resiliencePoints", effect.resiliencePoints)] : []),
    ...(effect.initiative ? [line("initiative", effect.initiative)] : []),
    ...(effect.perception ? [line("perception", effect.perception)] : []),
  ];
  return parts.join("; ");
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
      options: tableOptions("panic", `${NAMES}.Panic`, s.panic.key, localize, `${ROOT}.Health.NoPanic`),
      rounds: number("panic.rounds", s.panic.rounds),
    },
    breakingPoint: {
      id: "state-breakingPoint",
      name: "system.state.breakingPoint",
      options: tableOptions(
        "breakingPoint",
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
        effect: woundEffectText(key, localize),
        removeLabel: localize(`${ROOT}.Health.RemoveWound`, { name }),
      };
    }),
    woundChoices: tableOptions("lastingWounds", `${NAMES}.LastingWound`, "", localize, null),
  };
}
