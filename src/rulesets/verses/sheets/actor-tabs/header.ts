/**
 * The 'Verses actor sheet's context (see `../actor-context.ts`): the header (species, HP, AD pips,
 * conditions).
 */
import { type ActorSheetInput, ROOT } from "./common";

/** HP up to this many are shown as pips, more as a bar. */
const MAX_PIPS = 20;

export type PipState = "available" | "reserved" | "spent" | "exBound";

export function headerContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const hpMax = system.hpMax;
  const hpValue = Math.max(0, system.hp.value);
  const pips = hpMax <= MAX_PIPS;
  const reserved = system.ad.reserved.await + system.ad.reserved.dodge + system.ad.reserved.parry;
  // AD pips: available first, then reserved, spent and EX-bound (never more than the pool).
  const adPips: { state: PipState; label: string }[] = [];
  const push = (state: PipState, n: number) => {
    for (let i = 0; i < n && adPips.length < system.adMax; i++)
      adPips.push({ state, label: localize(`${ROOT}.AD.${state}`) });
  };
  push("available", system.adAvailable);
  push("reserved", reserved);
  push("spent", system.ad.spent);
  push("exBound", system.ad.exBound);
  push("exBound", system.adMax - adPips.length);
  return {
    species: {
      name: system.species.name,
      kind: `${ROOT}.Kind.${system.kind}`,
      problems: system.speciesProblems.map((p) =>
        localize(`${ROOT}.Header.SpeciesProblem`, {
          derived: localize(`${ROOT}.Derived.${p.derived}.Abbr`),
          reason: localize(p.reason.key, p.reason.data),
        }),
      ),
      isDefault: !input.items.some((i) => i.type === "verses-species"),
    },
    hp: {
      value: hpValue,
      max: hpMax,
      pips: pips ? Array.from({ length: hpMax }, (_, i) => ({ filled: i < hpValue })) : null,
      percent: hpMax > 0 ? Math.min(100, Math.round((hpValue / hpMax) * 100)) : 0,
      low: hpMax > 0 && hpValue <= Math.ceil(hpMax / 4),
    },
    ad: {
      max: system.adMax,
      available: system.adAvailable,
      spent: system.ad.spent,
      exBound: system.ad.exBound,
      reserved,
      pips: adPips,
      summary: localize(`${ROOT}.AD.Summary`, {
        available: String(system.adAvailable),
        max: String(system.adMax),
        reserved: String(reserved),
        spent: String(system.ad.spent),
        exBound: String(system.ad.exBound),
      }),
    },
    conditions: system.conditions.map((c) => ({
      id: c.id,
      label: localize(`POLYVERSE.Verses.Condition.${c.id}`),
      level: c.level ?? null,
    })),
  };
}
