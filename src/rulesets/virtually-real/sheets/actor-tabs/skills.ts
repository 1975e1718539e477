/**
 * The Skills tab: each skill item with its training (the Capacities table's name), its XP and the
 * level the Experience table reads from it (a secondary skill never below its attribute's score), the
 * XP to its next level and the most Bonus XP it may take at once (`xpToNextLevel`, `bonusXPRoom`), its
 * related attribute and what the attribute's conditions give it, its underlines (+crit), its style and
 * the passions the style has earned; and the Experience table itself, read both ways (XP to level,
 * margin to degree). An NPC's skills are written `[2]+3`: the level is chosen and stored as the least
 * XP that gives it. Its projects are the character's multistage tasks, each with where it stands and
 * its owner's buttons (roll the stage, record its card). Foundry-free.
 */
import { num, signed, str } from "../../../../core/sheet-logic";
import { ATTRIBUTE_KEYS, EXPERIENCE_TABLE, bonusXPRoom, xpToNextLevel, type AttributeKey } from "../../rules";
import {
  CHARACTER,
  CHECK,
  ROOT,
  attributeName,
  capacityOptions,
  diceText,
  isNpc,
  itemControls,
  itemsIn,
  rollButton,
  skillCapacityKey,
  type CharacterSheetInput,
} from "./common";
import { levelOptions } from "./attributes";
import { skillPanelButtons, skillPlayButtons } from "./play";
import { TASKS, readTask } from "../../documents/task-logic";

/** The character's multistage tasks: where each stands, and whether its stage may be rolled or recorded. */
function projectRows(input: CharacterSheetInput) {
  const { localize } = input;
  return itemsIn(input, "tasks").map((item) => {
    const task = readTask(item.system);
    const p = task.progress;
    const pending = Boolean(task.pending) && !task.recorded.includes(task.pending);
    const standing = !task.stages.length
      ? localize(`${TASKS}.Progress.NoStages`)
      : p.done
        ? localize(`${TASKS}.Progress.Done`)
        : localize(`${TASKS}.Progress.UnderNamed`, {
            n: String(p.stage + 1),
            of: String(task.stages.length),
            name: task.stages[p.stage]?.name ?? "",
          });
    return {
      ...itemControls(item, localize),
      img: item.img,
      standing,
      roll:
        input.editable && task.stages.length > 0 && !p.done && !pending
          ? localize(`${ROOT}.Projects.Roll`, { name: item.name })
          : null,
      record: input.editable && pending ? localize(`${ROOT}.Projects.Record`, { name: item.name }) : null,
    };
  });
}

const attributeOf = (v: unknown): AttributeKey =>
  (ATTRIBUTE_KEYS as readonly unknown[]).includes(v) ? (v as AttributeKey) : "body";

export function skillsContext(input: CharacterSheetInput) {
  const { derived, localize } = input;
  const npc = isNpc(input);
  const passions = itemsIn(input, "passions");
  const rows = itemsIn(input, "skills").map((item) => {
    const { system } = item;
    const capacity = num(system.capacity, 1);
    const stored = num(system.xp);
    const attribute = attributeOf(system.attribute);
    const d = derived.skills[item.id] ?? {
      xp: stored,
      level: 0,
      notation: "",
      short: "",
      passions: 0,
    };
    const next = xpToNextLevel(d.xp);
    const room = bonusXPRoom(d.xp);
    const style = str(system.style);
    const owned = style ? passions.filter((p) => str(p.system.style) === style).length : 0;
    const underlines = num(system.underlines);
    const ref = str(system.ref);
    return {
      ...itemControls(item, localize),
      img: item.img,
      capacity,
      capacityOptions: capacityOptions(capacity, skillCapacityKey, localize),
      capacityLabel: localize(`${ROOT}.Skills.Capacity`, { name: item.name }),
      xp: stored,
      xpLabel: localize(`${ROOT}.Skills.Xp`, { name: item.name }),
      levels: npc ? levelOptions(stored, d.level) : null,
      levelLabel: localize(`${ROOT}.Skills.Level`, { name: item.name }),
      level: signed(d.level),
      notation: npc ? d.short : d.notation,
      /** A secondary skill rolled at its attribute's score. */
      floor:
        d.xp > stored
          ? localize(`${ROOT}.Skills.Floor`, {
              xp: String(d.xp),
              attribute: localize(attributeName(attribute)),
            })
          : null,
      next:
        next === null
          ? localize(`${ROOT}.Skills.Top`)
          : localize(`${ROOT}.Skills.Next`, { xp: String(next) }),
      room: room === null ? null : localize(`${ROOT}.Skills.Room`, { xp: String(room) }),
      attribute: localize(attributeName(attribute)),
      dice: diceText(derived.attributes[attribute].dice, localize),
      underlines: underlines ? localize(`${ROOT}.Skills.Underlines`, { n: String(underlines) }) : null,
      tags: [
        ...(ref ? [localize(`${CHARACTER}.Skill.${ref}`)] : []),
        ...(system.combat === true ? [localize(`${ROOT}.Skills.Combat`)] : []),
        ...(system.restricted === true ? [localize(`${ROOT}.Skills.Restricted`)] : []),
        ...(system.usedThisScene === true ? [localize(`${ROOT}.Skills.Used`)] : []),
      ],
      style: style
        ? localize(`${ROOT}.Skills.Style`, {
            style,
            earned: String(d.passions),
            owned: String(owned),
          })
        : null,
      unusable: capacity === 0,
      roll: rollButton(input, "skill", localize(`${ROOT}.Skills.Roll`, { name: item.name })),
      play: skillPlayButtons(input, item),
    };
  });
  return {
    rows,
    projects: projectRows(input),
    npc,
    play: skillPanelButtons(input),
    table: EXPERIENCE_TABLE.map((row) => ({
      range: row.to === null ? `${row.from}+` : row.from === row.to ? `${row.from}` : `${row.from}–${row.to}`,
      level: signed(row.level),
      degree: localize(`${CHECK}.Degree.${row.degree}`),
    })),
  };
}
