/**
 * Buying an advantage with experience (the Experience tab's purchase row): "Advantage: Twice the
 * level of Advantage" (xp.ts `advantageXpCost`; Lucky (3) costs 6 XP). The row picks one of the 29
 * advantages, its points (a levelled "1+" advantage any whole number from 1; a priced one its
 * variant, Resilient 4 or 10; the others their fixed points), and what it is about (the skill of Edge
 * and Skill Expert, the sense of Heightened Sense, the culture of Status, a person or subject). A new
 * advantage becomes an item with source "xp"; a levelled one held already for the same subject is
 * raised instead (twice the points added), as is Resilient from one pool to both (twice the 6 points
 * added). Foundry-free: the sheet keeps the row's pick, shows {@link advantageBuyView} and carries out
 * what {@link advantagePurchase} returns.
 */
import {
  ADVANTAGE_KEYS,
  SENSE_KEYS,
  SKILL_KEYS,
  advantageXpCost,
  allowedPoints,
  findAdvantage,
  isSkillKey,
  spendXp,
  xpReserve,
  type TraitDefinition,
} from "../../rules";
import { ROOT, num, skillName, str, type Localize, type SheetItem, type TalesActorSystem } from "./common";
import { traitName } from "./templates";

/** The row's choices (kept by the sheet between renders). */
export interface AdvantagePick {
  /** An advantage key, or "" before one is chosen. */
  key: string;
  /** Points to buy (a levelled advantage: added to the held level when raising it). */
  points: number;
  /** A priced advantage's variant (Resilient: hitPoints, essence, both). */
  variant: string;
  /** The skill it is about (Edge, Skill Expert). */
  skill: string;
  /** The sense, culture, person or subject it is about. */
  option: string;
}

export const EMPTY_PICK: AdvantagePick = { key: "", points: 1, variant: "", skill: "", option: "" };

/** The most points the row buys of a levelled advantage at once. */
export const MAX_LEVELLED_POINTS = 10;

/** The advantages on offer: the 29 the text defines (not the templates' placeholders). */
export const BUYABLE_ADVANTAGES: readonly string[] = ADVANTAGE_KEYS;

/** A pick's field changed from the row (`key`, `points`, `variant`, `skill`, `option`); a new key resets the rest. */
export function editPick(pick: AdvantagePick, field: string, value: string): AdvantagePick {
  switch (field) {
    case "key":
      return BUYABLE_ADVANTAGES.includes(value) ? { ...EMPTY_PICK, key: value } : { ...EMPTY_PICK };
    case "points": {
      const n = Number(value);
      return Number.isInteger(n) ? { ...pick, points: Math.max(1, Math.min(MAX_LEVELLED_POINTS, n)) } : pick;
    }
    case "variant":
    case "skill":
    case "option":
      return { ...pick, [field]: value.trim().slice(0, 80) };
    default:
      return pick;
  }
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The held item a pick raises (a levelled advantage for the same subject, or Resilient to both). */
function heldMatch(
  def: TraitDefinition,
  pick: AdvantagePick,
  items: readonly SheetItem[],
): SheetItem | undefined {
  return items.find(
    (i) =>
      i.type === "tales-advantage" &&
      str(i.system.key) === def.key &&
      (def.subject !== "skill" || str(i.system.skill) === pick.skill) &&
      (def.variants ||
        def.subject === "none" ||
        def.subject === "skill" ||
        same(str(i.system.option), pick.option)),
  );
}

export type AdvantagePurchaseRefusal =
  "choose" | "needSkill" | "needOption" | "needVariant" | "alreadyHeld" | "notEnoughXp";

/** What buying the pick does: a new item, a held one raised, or why not. */
export type AdvantagePurchase =
  | {
      ok: true;
      kind: "new";
      cost: number;
      level: number;
      name: string;
      /** The item to create (source "xp"). */
      item: { name: string; type: "tales-advantage"; system: Record<string, unknown> };
      update: { "system.xp.spent": number };
    }
  | {
      ok: true;
      kind: "raise";
      cost: number;
      from: number;
      level: number;
      name: string;
      itemId: string;
      itemUpdate: Record<string, unknown>;
      update: { "system.xp.spent": number };
    }
  | { ok: false; reason: AdvantagePurchaseRefusal; data: Record<string, string> };

/** The name an item of the advantage takes ("Edge (Firearms)"). */
function itemName(def: TraitDefinition, pick: AdvantagePick, localize: Localize): string {
  const name = localize(traitName(def.key, "advantage"));
  return def.subject === "skill" && isSkillKey(pick.skill)
    ? `${name} (${localize(skillName(pick.skill))})`
    : name;
}

/** The points and variant a pick buys, or why it cannot say. */
function pickedPoints(def: TraitDefinition, pick: AdvantagePick): { points: number; variant: string } | null {
  if (def.variants) {
    const variant = def.variants.find((v) => v.key === pick.variant);
    return variant ? { points: variant.points, variant: variant.key } : null;
  }
  return { points: def.levelled ? pick.points : def.points, variant: "" };
}

/** The subject a pick still lacks (the skill of Edge, the sense of Heightened Sense, the culture of Status). */
function missingSubject(def: TraitDefinition, pick: AdvantagePick): AdvantagePurchaseRefusal | null {
  if (def.subject === "skill" && !isSkillKey(pick.skill)) return "needSkill";
  if ((def.subject === "sense" || def.subject === "culture") && !pick.option.trim()) return "needOption";
  return null;
}

/** The purchase a pick makes now, or why not (the XP reserve, what is held, what is not chosen). */
export function advantagePurchase(
  system: TalesActorSystem,
  items: readonly SheetItem[],
  pick: AdvantagePick,
  localize: Localize,
): AdvantagePurchase {
  const def = BUYABLE_ADVANTAGES.includes(pick.key) ? findAdvantage(pick.key) : undefined;
  if (!def) return { ok: false, reason: "choose", data: {} };
  const name = itemName(def, pick, localize);
  const missing = missingSubject(def, pick);
  if (missing) return { ok: false, reason: missing, data: { name } };
  const bought = pickedPoints(def, pick);
  if (!bought) return { ok: false, reason: "needVariant", data: { name } };
  const held = heldMatch(def, pick, items);
  const heldLevel = held ? num(held.system.level) : 0;
  // Levelled: the points are added. Priced: only a dearer variant (one pool to both) raises it.
  const raise = held && (def.levelled || (def.variants && bought.points > heldLevel));
  if (held && !raise) return { ok: false, reason: "alreadyHeld", data: { name } };
  const level = raise ? (def.levelled ? heldLevel + bought.points : bought.points) : bought.points;
  const cost = advantageXpCost(level - heldLevel);
  const spent = spendXp(system.xp, cost);
  if (!spent.ok)
    return {
      ok: false,
      reason: "notEnoughXp",
      data: { name, cost: String(cost), reserve: String(xpReserve(system.xp)) },
    };
  const update = { "system.xp.spent": spent.value.spent };
  const pool = def.effects.some((e) => e.type === "pool");
  if (held && raise)
    return {
      ok: true,
      kind: "raise",
      cost,
      from: heldLevel,
      level,
      name: held.name,
      itemId: held.id,
      itemUpdate: {
        "system.level": level,
        ...(bought.variant ? { "system.option": bought.variant } : {}),
        ...(pool ? { "system.pool": num(held.system.pool) + (level - heldLevel) } : {}),
      },
      update,
    };
  const option = bought.variant || (def.subject === "skill" ? "" : pick.option.trim());
  return {
    ok: true,
    kind: "new",
    cost,
    level,
    name,
    item: {
      name,
      type: "tales-advantage",
      system: {
        key: def.key,
        level,
        levelOptions: def.variants ? [...allowedPoints(def)] : [],
        variable: def.levelled,
        skill: def.subject === "skill" ? pick.skill : "",
        option,
        source: "xp",
        ...(pool ? { pool: level } : {}),
      },
    },
    update,
  };
}

/** A purchase's refusal or result as text (`POLYVERSE.Tales.Sheet.Xp.Advantage.*`). */
export function advantagePurchaseText(p: AdvantagePurchase, localize: Localize): string {
  if (!p.ok) return localize(`${ROOT}.Xp.Advantage.Refused.${p.reason}`, p.data);
  return p.kind === "raise"
    ? localize(`${ROOT}.Xp.Advantage.Raise`, {
        name: p.name,
        from: String(p.from),
        level: String(p.level),
        cost: String(p.cost),
      })
    : localize(`${ROOT}.Xp.Advantage.New`, { name: p.name, level: String(p.level), cost: String(p.cost) });
}

const option = (value: string, label: string, selected: boolean) => ({ value, label, selected });

/** The purchase row's view: the choices, the fields the chosen advantage asks for, the price or the reason. */
export function advantageBuyView(
  system: TalesActorSystem,
  items: readonly SheetItem[],
  pick: AdvantagePick,
  localize: Localize,
) {
  const def = BUYABLE_ADVANTAGES.includes(pick.key) ? findAdvantage(pick.key) : undefined;
  const purchase = advantagePurchase(system, items, pick, localize);
  const keys = BUYABLE_ADVANTAGES.map((key) => ({
    value: key,
    label: localize(traitName(key, "advantage")),
    points: findAdvantage(key)?.levelled ? "1+" : allowedPoints(findAdvantage(key)!).join("/"),
  })).sort((a, b) => a.label.localeCompare(b.label));
  return {
    keyOptions: [
      option("", localize(`${ROOT}.Xp.Advantage.Choose`), !def),
      ...keys.map((k) => option(k.value, `${k.label} (${k.points})`, k.value === pick.key)),
    ],
    levelled: def?.levelled === true,
    points: pick.points,
    maxPoints: MAX_LEVELLED_POINTS,
    variantOptions: def?.variants
      ? [
          option("", localize(`${ROOT}.Xp.Advantage.ChooseVariant`), !pick.variant),
          ...def.variants.map((v) =>
            option(
              v.key,
              `${localize(`POLYVERSE.Tales.Character.Variant.${def.key}.${v.key}`)} (${v.points})`,
              v.key === pick.variant,
            ),
          ),
        ]
      : null,
    skillOptions:
      def?.subject === "skill"
        ? [
            option("", localize(`${ROOT}.Xp.Advantage.ChooseSkill`), !isSkillKey(pick.skill)),
            ...SKILL_KEYS.map((k) => option(k, localize(skillName(k)), k === pick.skill)),
          ]
        : null,
    senseOptions:
      def?.subject === "sense"
        ? [
            option("", localize(`${ROOT}.Xp.Advantage.ChooseSense`), !pick.option),
            ...SENSE_KEYS.map((k) => {
              const label = localize(`POLYVERSE.Tales.Character.Sense.${k}`);
              return option(label, label, same(label, pick.option));
            }),
          ]
        : null,
    optionLabel:
      def && (def.subject === "culture" || def.subject === "person" || def.subject === "subject")
        ? localize(`${ROOT}.Xp.Advantage.Subject.${def.subject}`)
        : "",
    option: pick.option,
    canBuy: purchase.ok,
    text: def ? advantagePurchaseText(purchase, localize) : localize(`${ROOT}.Xp.Advantage.Hint`),
  };
}
