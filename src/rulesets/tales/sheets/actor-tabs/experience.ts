/**
 * The Experience tab: earned, spent and the reserve (xp.ts `xpReserve`), the price of the next level
 * of each attribute, skill and connection (`xpLevelCost`), and a buy button for each that spends the
 * reserve (`spendXp`), refused with its reason when the reserve is short or the level at its top;
 * and the advantage purchase row (advantage-xp.ts).
 * Foundry-free.
 */
import {
  ATTRIBUTE_KEYS,
  CONNECTION_KEYS,
  SKILL_GROUPS,
  TRAIT_SCALE_MAX,
  isAttributeKey,
  isConnectionKey,
  isSkillKey,
  spendXp,
  xpLevelCost,
  xpReserve,
  type XpTraitKind,
} from "../../rules";
import {
  ROOT,
  attributeName,
  connectionName,
  skillName,
  type CharacterSheetInput,
  type Localize,
  type TalesActorSystem,
} from "./common";
import { EMPTY_PICK, advantageBuyView } from "./advantage-xp";

/** A trait the XP table prices: "attribute.physical", "skill.drive", "connection.wealth". */
export interface XpTarget {
  kind: XpTraitKind;
  key: string;
}

export function parseXpTarget(ref: string): XpTarget | null {
  const [kind, key = ""] = ref.split(".");
  if (kind === "attribute" && isAttributeKey(key)) return { kind, key };
  if (kind === "skill" && isSkillKey(key)) return { kind, key };
  if (kind === "connection" && isConnectionKey(key)) return { kind, key };
  return null;
}

const levelOf = (system: TalesActorSystem, t: XpTarget): number =>
  t.kind === "attribute"
    ? system.attributes[t.key as keyof TalesActorSystem["attributes"]]
    : t.kind === "skill"
      ? system.skills[t.key as keyof TalesActorSystem["skills"]]
      : system.connections[t.key as keyof TalesActorSystem["connections"]].level;

const pathOf = (t: XpTarget): string =>
  t.kind === "connection" ? `system.connections.${t.key}.level` : `system.${t.kind}s.${t.key}`;

const nameOf = (t: XpTarget): string =>
  t.kind === "attribute"
    ? attributeName(t.key)
    : t.kind === "skill"
      ? skillName(t.key)
      : connectionName(t.key);

export type Purchase =
  | { ok: true; update: Record<string, number>; cost: number; level: number }
  | { ok: false; reason: "atMaximum" | "notEnoughXp"; data: Record<string, string> };

/** Buying the next level of a trait with experience: the update, or why not. */
export function buyLevel(system: TalesActorSystem, target: XpTarget, traitCap = TRAIT_SCALE_MAX): Purchase {
  const level = levelOf(system, target) + 1;
  if (level > traitCap) return { ok: false, reason: "atMaximum", data: { max: String(traitCap) } };
  const cost = xpLevelCost(target.kind, level, { traitCap });
  const spent = spendXp(system.xp, cost);
  if (!spent.ok)
    return {
      ok: false,
      reason: "notEnoughXp",
      data: { cost: String(cost), reserve: String(xpReserve(system.xp)) },
    };
  return {
    ok: true,
    cost,
    level,
    update: { [pathOf(target)]: level, "system.xp.spent": spent.value.spent },
  };
}

/** A refusal as text (`POLYVERSE.Tales.Sheet.Xp.Refused.<reason>`). */
export function purchaseRefusal(
  p: Extract<Purchase, { ok: false }>,
  name: string,
  localize: Localize,
): string {
  return localize(`${ROOT}.Xp.Refused.${p.reason}`, { ...p.data, name });
}

function buyRow(input: CharacterSheetInput, target: XpTarget) {
  const { system, localize } = input;
  const cap = input.settings?.traitCap ?? TRAIT_SCALE_MAX;
  const name = localize(nameOf(target));
  const level = levelOf(system, target);
  const purchase = buyLevel(system, target, cap);
  const cost = level + 1 <= cap ? xpLevelCost(target.kind, level + 1, { traitCap: cap }) : null;
  const refusal = purchase.ok ? null : purchaseRefusal(purchase, name, localize);
  return {
    ref: `${target.kind}.${target.key}`,
    name,
    level,
    next: level + 1,
    cost,
    forbidden: refusal !== null,
    tooltip:
      refusal ?? localize(`${ROOT}.Xp.Buy`, { name, level: String(level + 1), cost: String(cost ?? 0) }),
    label: localize(`${ROOT}.Xp.Buy`, { name, level: String(level + 1), cost: String(cost ?? 0) }),
  };
}

export function experienceContext(input: CharacterSheetInput) {
  const { xp } = input.system;
  return {
    advantage: advantageBuyView(input.system, input.items, input.advantagePick ?? EMPTY_PICK, input.localize),
    earned: xp.earned,
    spent: xp.spent,
    reserve: xpReserve(xp),
    editSpent: input.editable && input.isGM,
    attributes: ATTRIBUTE_KEYS.map((key) => buyRow(input, { kind: "attribute", key })),
    skillGroups: ATTRIBUTE_KEYS.map((attribute) => ({
      key: attribute,
      label: attributeName(attribute),
      rows: SKILL_GROUPS[attribute].map((key) => buyRow(input, { kind: "skill", key })),
    })),
    connections: CONNECTION_KEYS.map((key) => buyRow(input, { kind: "connection", key })),
  };
}
