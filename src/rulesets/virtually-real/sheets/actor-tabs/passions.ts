/**
 * The Passions tab: the passion items grouped by style (a skill's style shows the skill and the
 * passions its level has earned, `stylePassionsEarned`); the Darkness trees apart, with the root of
 * each and one passion a Darkness level (`darknessPassionsEarned`) and, when the level has fallen below
 * the passions held, the ones that may be dropped (`droppablePassions`: never one another needs).
 * Foundry-free.
 */
import { num, str } from "../../../../core/sheet-logic";
import { droppablePassions } from "../../rules";
import { PASSION_BRANCHES } from "../../data/keys";
import { ROOT, itemControls, itemsIn, type CharacterSheetInput, type SheetItem } from "./common";
import { countText } from "../../../../core/i18n-logic";

const BRANCH_ROOT = "POLYVERSE.VirtuallyReal.PassionBranch";

function passionRow(item: SheetItem, input: CharacterSheetInput) {
  const { localize } = input;
  const branch = str(item.system.branch) || "root";
  const depth = num(item.system.depth);
  const prerequisite = str(item.system.prerequisite);
  return {
    ...itemControls(item, localize),
    img: item.img,
    branch: localize(`${BRANCH_ROOT}.${branch}`) + (branch !== "root" && depth > 0 ? ` ${depth}` : ""),
    prerequisite: prerequisite ? localize(`${ROOT}.Passions.After`, { name: prerequisite }) : null,
    adrenaline: item.system.adrenaline === true,
    order: PASSION_BRANCHES.indexOf(branch as (typeof PASSION_BRANCHES)[number]) * 10 + depth,
  };
}

const byTree = (a: { order: number }, b: { order: number }) => a.order - b.order;

export function passionsContext(input: CharacterSheetInput) {
  const { derived, localize } = input;
  const passions = itemsIn(input, "passions");
  const skills = itemsIn(input, "skills");
  const styles = new Map<string, SheetItem[]>();
  for (const p of passions.filter((p) => p.system.darkness !== true)) {
    const style = str(p.system.style);
    styles.set(style, [...(styles.get(style) ?? []), p]);
  }
  for (const s of skills) {
    const style = str(s.system.style);
    if (style && !styles.has(style)) styles.set(style, []);
  }
  const groups = [...styles.entries()].map(([style, owned]) => {
    const skill = skills.find((s) => style !== "" && str(s.system.style) === style);
    const earned = skill ? (derived.skills[skill.id]?.passions ?? 0) : null;
    return {
      style: style || localize(`${ROOT}.Passions.NoStyle`),
      skill: skill
        ? localize(`${ROOT}.Passions.OfSkill`, {
            skill: skill.name,
            earned: countText(localize, `${ROOT}.Passions.Earned`, earned ?? 0),
            owned: String(owned.length),
          })
        : null,
      over: earned !== null && owned.length > earned,
      passions: owned.map((p) => passionRow(p, input)).sort(byTree),
    };
  });
  const dark = passions.filter((p) => p.system.darkness === true);
  const chosen = dark.filter((p) => str(p.system.branch) !== "root");
  const { roots, chosen: allowed } = derived.darkness.passions;
  const droppable =
    chosen.length > allowed
      ? droppablePassions(
          dark.map((p) => ({
            id: p.name,
            prerequisite: str(p.system.branch) === "root" ? null : str(p.system.prerequisite),
          })),
        ).filter((name) => chosen.some((p) => p.name === name))
      : [];
  return {
    groups,
    darkness: {
      earned: localize(`${ROOT}.Passions.DarknessEarned`, {
        level: String(derived.darkness.level),
        roots: countText(localize, `${ROOT}.Passions.Trees`, roots),
        chosen: countText(localize, `${ROOT}.Passions.Chosen`, allowed),
        owned: String(chosen.length),
      }),
      passions: dark.map((p) => passionRow(p, input)).sort(byTree),
      drop: droppable.length ? localize(`${ROOT}.Passions.Drop`, { names: droppable.join(", ") }) : null,
    },
  };
}
