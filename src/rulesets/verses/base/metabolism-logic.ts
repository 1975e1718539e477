/**
 * Heightened Metabolism's dice in the roll dialog and the Rest test, Foundry-free: "Any allocated
 * dice may be used in addition to or in place of action dice. Once used in this way, allocated dice
 * are treated as EX-bound until they are recovered through the Rest action." The dialog offers the
 * dice not yet bound (`metabolismFree`); those used join the pool, stand in for the AD an action
 * needs at least, and raise the ability item's `exBound` (`useMetabolism`). The Rest test counts them
 * with the EX-bound AD and frees them first (`restWithMetabolism`).
 */
import type { DialogMessage, RollDialogField, RollDialogState } from "./pool-dialog-logic";
import type { DocumentChange } from "../../../core/changes-logic";
import { metabolismFree, normalizeKey, useMetabolism } from "../rules";
import type { PoolPart } from "./pool-view";

const ROOT = "POLYVERSE.Verses.Metabolism";
/** The dialog field's name. */
export const METABOLISM_FIELD = "metabolism";

/** The actor's Heightened Metabolism: its ability item, allocated dice and those bound. */
export interface MetabolismOffer {
  uuid: string;
  name: string;
  allocated: number;
  bound: number;
}

/** An ability item as the offer reads it. */
export interface AbilityItemView {
  uuid: string;
  name: string;
  type: string;
  system: { key?: string; allocated?: number; exBound?: number };
}

const HM = normalizeKey("heightenedMetabolism");
const HM_NAME = normalizeKey("Heightened Metabolism");

/** The actor's Heightened Metabolism (the grant with the most allocated dice), or null without one. */
export function metabolismOfferOf(items: Iterable<AbilityItemView>): MetabolismOffer | null {
  let best: MetabolismOffer | null = null;
  for (const item of items) {
    if (item.type !== "verses-ability") continue;
    const key = normalizeKey(item.system.key || item.name);
    if (key !== HM && key !== HM_NAME) continue;
    const allocated = Math.max(0, Math.floor(Number(item.system.allocated) || 0));
    if (allocated < 1 || (best && best.allocated >= allocated)) continue;
    const bound = Math.min(allocated, Math.max(0, Math.floor(Number(item.system.exBound) || 0)));
    best = { uuid: item.uuid, name: item.name, allocated, bound };
  }
  return best;
}

/** The dialog's field: how many of the dice to use (only when the actor has the ability). */
export function metabolismFields(offer: MetabolismOffer | null | undefined): RollDialogField[] {
  return offer
    ? [
        {
          kind: "number",
          name: METABOLISM_FIELD,
          label: `${ROOT}.Field`,
          min: 0,
          step: 1,
          hint: `${ROOT}.Hint`,
        },
      ]
    : [];
}

/** The dice the dialog's state uses (0 without the ability). */
export function metabolismDiceOf(
  offer: MetabolismOffer | null | undefined,
  state: Pick<RollDialogState, "values">,
): number {
  if (!offer) return 0;
  const n = Number(state.values[METABOLISM_FIELD] ?? 0);
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
}

/** What using `dice` does to the dialog: its pool part, the AD minimum it stands in for, problems and notes. */
export function metabolismEffect(
  offer: MetabolismOffer | null | undefined,
  dice: number,
  adMin: number,
): { parts: PoolPart[]; adMin: number; problems: DialogMessage[]; notes: DialogMessage[] } {
  if (!offer) return { parts: [], adMin, problems: [], notes: [] };
  const free = metabolismFree(offer);
  const notes: DialogMessage[] = [
    { key: `${ROOT}.Free`, data: { free: String(free), allocated: String(offer.allocated) } },
  ];
  if (dice <= 0) return { parts: [], adMin, problems: [], notes };
  const problems: DialogMessage[] =
    dice > free ? [{ key: `${ROOT}.TooMany`, data: { free: String(free) } }] : [];
  return {
    parts: [{ label: `${ROOT}.Part`, dice }],
    // "in place of action dice": they count toward the AD the action needs at least.
    adMin: Math.max(0, adMin - dice),
    problems,
    notes: [...notes, { key: `${ROOT}.Binds`, data: { dice: String(dice) } }],
  };
}

/**
 * The change that binds the dice used: the ability item's `exBound` raised by `dice`. Refused
 * (the reason as an i18n key and data) when fewer are free.
 */
export function metabolismUse(
  offer: MetabolismOffer,
  dice: number,
): { ok: true; change: DocumentChange | null } | { ok: false; reason: DialogMessage } {
  const used = useMetabolism(offer, dice);
  if (!used.ok)
    return { ok: false, reason: { key: `${ROOT}.TooMany`, data: { free: String(metabolismFree(offer)) } } };
  if (dice === 0) return { ok: true, change: null };
  return {
    ok: true,
    change: { uuid: offer.uuid, name: offer.name, set: { "system.exBound": used.value.bound } },
  };
}

/**
 * A caller's (a macro's) request for `dice` Heightened Metabolism dice, checked before the roll: the
 * reason it is refused (an i18n key and data), or null when no more are asked than are free.
 */
export function metabolismRefusal(
  offer: MetabolismOffer | null | undefined,
  dice: number,
): DialogMessage | null {
  const asked = Math.max(0, Math.floor(Number(dice) || 0));
  if (asked === 0) return null;
  if (!offer) return { key: `${ROOT}.NoneAllocated` };
  const free = metabolismFree(offer);
  return asked > free ? { key: `${ROOT}.TooMany`, data: { free: String(free) } } : null;
}
