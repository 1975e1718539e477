/**
 * The Traits tab: the six connections (level, notes, used this session, a roll button), the
 * advantages and disadvantages (level, skill or option, the pool left for Dream, Status and Enigma,
 * a disadvantage's "in force" toggle), the templates taken, and, until character generation is
 * finished, the budget and problems of chargen.ts (characters only). Foundry-free.
 */
import { CONNECTION_KEYS, findAdvantage, findDisadvantage, woundAllowsActing } from "../../rules";
import { chargenContext } from "./chargen";
import {
  ROOT,
  bool,
  connectionName,
  itemControls,
  itemsIn,
  num,
  skillName,
  str,
  woundName,
  type CharacterSheetInput,
  type SheetItem,
} from "./common";
import { rollButton } from "./skills";

/** Whether an advantage keeps a pool of points (Dream, Status, Enigma: the rules' "pool" effect). */
export function hasPool(key: string): boolean {
  return findAdvantage(key)?.effects.some((e) => e.type === "pool") ?? false;
}

function traitRow(item: SheetItem, kind: "advantage" | "disadvantage", input: CharacterSheetInput) {
  const s = item.system;
  const key = str(s.key);
  const known = kind === "advantage" ? findAdvantage(key) : findDisadvantage(key);
  const skill = str(s.skill);
  const skillLabel = skill ? input.localize(skillName(skill)) : "";
  return {
    ...itemControls(item, input.localize),
    img: item.img,
    key,
    known: Boolean(known),
    level: num(s.level),
    // The skill it is about, unless its name says it already ("Edge (Firearms)").
    skill: skillLabel && !item.name.includes(skillLabel) ? skillLabel : "",
    option: str(s.option),
    source: str(s.source) || "trait",
    sourceLabel: `${ROOT}.Traits.Source.${str(s.source) || "trait"}`,
    pool: kind === "advantage" && hasPool(key) ? { value: num(s.pool), max: num(s.level) } : null,
    active: kind === "disadvantage" ? bool(s.active) : false,
    activeLabel: input.localize(`${ROOT}.Traits.ToggleActive`, { name: item.name }),
    levelLabel: input.localize(`${ROOT}.Traits.LevelOf`, { name: item.name }),
    poolLabel: input.localize(`${ROOT}.Traits.PoolOf`, { name: item.name }),
  };
}

function connectionRows(input: CharacterSheetInput) {
  const { system, localize } = input;
  const canAct = woundAllowsActing(system.health.level);
  return CONNECTION_KEYS.map((key) => {
    const c = system.connections[key];
    const name = localize(connectionName(key));
    const refusal = !canAct
      ? localize(`${ROOT}.Roll.CannotAct`, { level: localize(woundName(system.health.level)) })
      : c.level <= 0
        ? localize(`${ROOT}.Roll.NoConnection`, { name })
        : c.used
          ? localize(`${ROOT}.Roll.ConnectionUsed`, { name })
          : null;
    return {
      key,
      name,
      level: c.level,
      notes: c.notes,
      used: c.used,
      path: `system.connections.${key}`,
      roll: rollButton(localize(`${ROOT}.Roll.Connection`, { name }), refusal),
    };
  });
}

export function traitsContext(input: CharacterSheetInput) {
  const isNpc = input.type === "tales-npc";
  return {
    connections: connectionRows(input),
    advantages: itemsIn(input, "advantages").map((i) => traitRow(i, "advantage", input)),
    disadvantages: itemsIn(input, "disadvantages").map((i) => traitRow(i, "disadvantage", input)),
    templates: itemsIn(input, "templates").map((t) => ({
      ...itemControls(t, input.localize),
      img: t.img,
      kindLabel: `${ROOT}.Template.Kind.${str(t.system.kind) === "culture" ? "culture" : "occupation"}`,
      tierLabel: `POLYVERSE.Tales.Character.Tier.${str(t.system.tier) || "hobby"}`,
      cost: num(t.system.cost),
    })),
    showChargen: !isNpc && !input.system.chargenDone,
    chargenDone: input.system.chargenDone,
    isNpc,
    chargen: !isNpc && !input.system.chargenDone ? chargenContext(input) : null,
  };
}
