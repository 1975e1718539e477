/**
 * The Experience tab: the ledger (earned, available, spent), the points banked per trait with a way
 * to bank more, a "+1 dot" purchase per trait and the specialties' prices, all from the rules
 * layer's `purchaseCost`, `purchase` and `bankExperience`; and the suggested awards the storyteller
 * grants. Also the purchases themselves as plain updates, so the sheet only applies them. Foundry-free.
 */
import { ABILITY_KEYS, ATTRIBUTE_KEYS, type AbilityKey } from "../../data/trait-keys";
import {
  AWARDS,
  MAX_TRAIT_DOTS,
  WILLPOWER_MAX,
  awardExperience,
  bankExperience,
  bankKeyFor,
  bankedIn,
  isBankKey,
  purchase,
  purchaseCost,
  raiseWillpower,
  type BankKey,
  type Checked,
  type XpLedger,
} from "../../rules";
import {
  ROOT,
  abilityName,
  traitName,
  type CharacterSheetInput,
  type Localize,
  type MaelstromActorSystem,
} from "./common";

/** Every trait experience buys, as bank keys, in the sheet's order. */
export const TRAIT_REFS: readonly BankKey[] = [
  ...ATTRIBUTE_KEYS.map((k) => `attributes.${k}` as const),
  ...ABILITY_KEYS.map((k) => `abilities.${k}` as const),
  "willpower",
];

/** A trait's dots now, and the most it may have. */
export function traitDots(
  system: Pick<MaelstromActorSystem, "attributes" | "abilities" | "willpower">,
  ref: BankKey,
) {
  if (ref === "willpower") return { dots: system.willpower.max, max: WILLPOWER_MAX };
  const [group, key] = ref.split(".") as ["attributes" | "abilities", string];
  return { dots: (system[group] as Record<string, number>)[key] ?? 0, max: MAX_TRAIT_DOTS };
}

const kindOf = (ref: BankKey) =>
  ref === "willpower" ? "willpower" : ref.startsWith("attributes.") ? "attribute" : "ability";

/** Why a purchase is refused, as the sheet says it. */
export type BuyRefusal = "atMaximum" | "notEnoughXp";

/** What buying the next dot of a trait costs and whether it can be paid. */
export function dotPrice(system: MaelstromActorSystem, ref: BankKey) {
  const { dots, max } = traitDots(system, ref);
  if (dots >= max)
    return {
      ref,
      dots,
      max,
      cost: 0,
      banked: bankedIn(system.xp.bank, ref),
      refusal: "atMaximum" as BuyRefusal,
    };
  const cost = purchaseCost(kindOf(ref), dots + 1);
  const paid = purchase({ xp: system.xp, bankKey: ref, cost });
  return {
    ref,
    dots,
    max,
    cost,
    banked: bankedIn(system.xp.bank, ref),
    refusal: paid.ok ? null : ("notEnoughXp" as BuyRefusal),
  };
}

/**
 * Buying the next dot of a trait: the new ledger (bank first, then available) and the trait's new
 * rating as one update; a permanent Willpower dot also gives a current one. Refused when the trait
 * is at its top or the points fall short.
 */
export function buyDot(
  system: MaelstromActorSystem,
  ref: BankKey,
): Checked<Record<string, unknown>, BuyRefusal> {
  const price = dotPrice(system, ref);
  if (price.refusal === "atMaximum") return { ok: false, reason: "atMaximum" };
  const paid = purchase({ xp: system.xp, bankKey: ref, cost: price.cost });
  if (!paid.ok) return { ok: false, reason: "notEnoughXp", data: paid.data ?? {} };
  const update: Record<string, unknown> = { "system.xp": paid.value.xp };
  if (ref === "willpower") {
    const raised = raiseWillpower({
      value: Math.min(system.willpower.value, system.willpower.max),
      max: system.willpower.max,
    });
    update["system.willpower.max"] = raised.max;
    update["system.willpower.value"] = raised.value;
    update["system.willpower.rallied"] = false;
  } else update[`system.${ref}`] = price.dots + 1;
  return { ok: true, value: update };
}

/** Buying a specialty of an ability (general 2, advanced 3): the ability's bank first. */
export function buySpecialty(
  xp: XpLedger,
  ability: AbilityKey,
  kind: "general" | "advanced",
): Checked<XpLedger, "notEnoughXp"> {
  const cost = purchaseCost(kind === "advanced" ? "advancedSpecialty" : "generalSpecialty");
  const paid = purchase({ xp, bankKey: bankKeyFor({ kind: "specialty", key: ability }), cost });
  return paid.ok ? { ok: true, value: paid.value.xp } : paid;
}

/**
 * A purchase that makes an item (a specialty), as one safe sequence: the item is created first (a
 * failed create spends nothing), then the experience is spent; when the spending fails (throws, or
 * resolves false: a hook refused the update), the item made is deleted again. `create` resolves
 * with the item made, or nothing.
 */
export async function createThenSpend<T>(steps: {
  create(): Promise<T | null | undefined>;
  spend(): Promise<boolean>;
  undo(created: T): Promise<unknown>;
}): Promise<{ ok: true; value: T } | { ok: false; reason: "createFailed" | "spendFailed"; error?: unknown }> {
  let created: T | null | undefined;
  try {
    created = await steps.create();
  } catch (error) {
    return { ok: false, reason: "createFailed", error };
  }
  if (created === null || created === undefined) return { ok: false, reason: "createFailed" };
  let spent = false;
  let error: unknown;
  try {
    spent = await steps.spend();
  } catch (thrown) {
    error = thrown;
  }
  if (spent) return { ok: true, value: created };
  await steps.undo(created).catch(() => undefined);
  return { ok: false, reason: "spendFailed", ...(error !== undefined ? { error } : {}) };
}

/** Banking `points` available points in a trait. */
export function bankPoints(xp: XpLedger, ref: string, points: number): Checked<XpLedger, string> {
  if (!isBankKey(ref)) return { ok: false, reason: "unknownTrait" };
  if (!Number.isInteger(points) || points < 1) return { ok: false, reason: "notAPoint" };
  return bankExperience(xp, ref, points);
}

/** Granting one of the suggested awards: its points earned and available. */
export function grantAward(xp: XpLedger, key: string): Checked<XpLedger, "unknownAward"> {
  const award = AWARDS.find((a) => a.key === key);
  return award
    ? { ok: true, value: awardExperience(xp, award.points) }
    : { ok: false, reason: "unknownAward" };
}

/** A refusal's text: "Needs 8 XP: 2 banked and 3 available." */
export function refusalText(reason: string, data: Record<string, unknown>, localize: Localize): string {
  const strings = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]));
  return localize(`${ROOT}.Xp.Refused.${reason}`, strings);
}

function buyRows(input: CharacterSheetInput, refs: readonly BankKey[]) {
  const { localize, system } = input;
  return refs.map((ref) => {
    const price = dotPrice(system, ref);
    const name = traitName(ref, localize);
    const reason =
      price.refusal === null
        ? ""
        : refusalText(
            price.refusal,
            { cost: price.cost, banked: price.banked, available: system.xp.available },
            localize,
          );
    return {
      ref,
      name,
      dots: price.dots,
      banked: price.banked,
      atMaximum: price.refusal === "atMaximum",
      label:
        price.refusal === "atMaximum"
          ? localize(`${ROOT}.Xp.AtMaximum`)
          : localize(`${ROOT}.Xp.BuyDot`, { cost: String(price.cost) }),
      ariaLabel: localize(`${ROOT}.Xp.BuyDotOf`, { name, cost: String(price.cost) }),
      forbidden: price.refusal !== null || !input.editable,
      reason: input.editable ? reason : "",
    };
  });
}

export function experienceContext(input: CharacterSheetInput) {
  const { localize, system } = input;
  const xp = system.xp;
  const banked = TRAIT_REFS.filter((ref) => bankedIn(xp.bank, ref) > 0).map((ref) => ({
    ref,
    name: traitName(ref, localize),
    points: bankedIn(xp.bank, ref),
  }));
  const noneAvailable = xp.available < 1;
  return {
    total: xp.total,
    available: xp.available,
    spent: xp.spent,
    bankedTotal: banked.reduce((sum, b) => sum + b.points, 0),
    banked,
    bankChoices: TRAIT_REFS.map((ref) => ({ value: ref, label: traitName(ref, localize) })),
    bankForbidden: noneAvailable,
    bankReason: noneAvailable ? refusalText("notEnoughAvailable", { available: xp.available }, localize) : "",
    buy: {
      attributes: buyRows(
        input,
        TRAIT_REFS.filter((r) => r.startsWith("attributes.")),
      ),
      abilities: buyRows(
        input,
        TRAIT_REFS.filter((r) => r.startsWith("abilities.")),
      ),
      willpower: buyRows(input, ["willpower"]),
    },
    specialty: {
      abilities: ABILITY_KEYS.map((k) => ({ value: k, label: localize(abilityName(k)) })),
      kinds: (["general", "advanced"] as const).map((kind) => ({
        value: kind,
        label: localize(`${ROOT}.Xp.SpecialtyKind`, {
          kind: localize(`POLYVERSE.Maelstrom.Specialty.Kind.${kind}`),
          cost: String(purchaseCost(kind === "advanced" ? "advancedSpecialty" : "generalSpecialty")),
        }),
      })),
    },
    awards: AWARDS.map((award) => ({
      key: award.key,
      label: localize(`${ROOT}.Xp.Award.${award.key}.Name`),
      hint: localize(`${ROOT}.Xp.Award.${award.key}.Hint`),
      scope: localize(`${ROOT}.Xp.Scope.${award.scope}`),
      points: award.points,
      grantLabel: localize(`${ROOT}.Xp.Grant`, { name: localize(`${ROOT}.Xp.Award.${award.key}.Name`) }),
    })),
    canGrant: input.isGM && input.editable,
  };
}
