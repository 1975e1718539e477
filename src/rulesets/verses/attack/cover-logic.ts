/**
 * Cover that keeps its hit points from one attack to the next, Foundry-free. The text gives cover
 * material HP ("HP & Resistance of Common Materials", "Object HP") and lets damage wear it down:
 * unresisted damage is "passed on to the target only if unresisted damage exceeds the material's
 * HP", and an object at 0 HP is "destroyed or scrapped".
 *
 * Polyverse keeps the cover a token stands behind on that token (`flags.polyverse.verses.cover`): the
 * cover belongs to where the target stands, the GM sees it on the token, and it goes when the token
 * moves (the active GM's client clears it, keeping what it was in `flags.polyverse.verses.coverLeft` so the
 * token's next attack dialog says so), when the GM clears it (macro `setCover(token, null)`) or the
 * token is deleted. Applying an attack card's damage lowers it (the GM's side of the Apply); the next
 * attack's dialog against that token starts from it; at 0 HP it no longer protects.
 */
import { findMaterial } from "../rules";
import type { AppliedRecord, AttackCard } from "./card-state-logic";
import type { CoverChoice, ProtectiveCover } from "./defender-logic";

/** The cover a token stands behind, with its HP now and when whole. */
export interface TrackedCover {
  protective: Exclude<ProtectiveCover, "none">;
  /** A material of the text's table, by name. */
  material: string;
  hp: number;
  max: number;
}

const whole = (v: unknown, max = 100000): number | null =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max ? v : null;

/** A token's `flags.polyverse.verses.cover` when it is one this system writes, else null. */
export function readTrackedCover(value: unknown): TrackedCover | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (v.protective !== "partial" && v.protective !== "full") return null;
  const material = typeof v.material === "string" ? findMaterial(v.material) : undefined;
  const hp = whole(v.hp);
  const max = whole(v.max);
  if (!material || material.tuf === null || hp === null || max === null || hp > max) return null;
  return { protective: v.protective, material: material.name, hp, max };
}

/**
 * What the attack dialog starts from when the target stands behind tracked cover: its kind,
 * material and remaining HP; destroyed cover (0 HP) protects no more, so the dialog starts with none.
 */
export function coverDefaults(
  cover: TrackedCover | null,
): { protective: ProtectiveCover; material: string; coverHp: number | null } | null {
  if (!cover) return null;
  if (cover.hp <= 0) return { protective: "none", material: cover.material, coverHp: null };
  return { protective: cover.protective, material: cover.material, coverHp: cover.hp };
}

/**
 * The card's cover as it stands now for row `index`: a tracked cover (the row's token is the one
 * whose cover the card names) has the HP the token keeps now, so a late Apply after another card
 * wore it down meets what is left. Any other row: the card's cover as it was chosen.
 */
export function liveCover(card: AttackCard, index: number, tracked: TrackedCover | null): CoverChoice {
  const row = card.targets[index];
  const cover = card.cover;
  if (!cover.tokenUuid || !row || row.tokenUuid !== cover.tokenUuid || !tracked) return cover;
  if (tracked.material !== cover.material) return cover;
  return { ...cover, hp: cover.hp === null ? tracked.hp : Math.min(cover.hp, tracked.hp) };
}

/**
 * The tracked cover after an Apply: the HP the cover layer stopped come off (never below 0). Null
 * when the card's cover is not tracked on this row's token, or had no HP to count.
 */
export function coverAfterApply(
  card: AttackCard,
  index: number,
  applied: AppliedRecord,
  before: CoverChoice,
  tracked: TrackedCover | null,
): TrackedCover | null {
  const row = card.targets[index];
  if (!card.cover.tokenUuid || row?.tokenUuid !== card.cover.tokenUuid) return null;
  if (before.protective === "none" || before.hp === null) return null;
  const layer = applied.summary?.layers.find((l) => l.kind === "fullCover" || l.kind === "partialCover");
  const hp = Math.max(0, before.hp - (layer?.hpDamage ?? 0));
  const max = Math.max(tracked?.max ?? 0, card.cover.hp ?? 0, hp);
  return { protective: before.protective, material: before.material, hp, max };
}

/**
 * The tracked cover after an Undo: the HP this card's blow took from it come back (never above its
 * whole HP), as Undo gives back only the card's own blow. Null when there is nothing to give back.
 */
export function coverAfterUndo(
  card: AttackCard,
  index: number,
  applied: AppliedRecord,
  tracked: TrackedCover | null,
): TrackedCover | null {
  const row = card.targets[index];
  if (!tracked || !card.cover.tokenUuid || row?.tokenUuid !== card.cover.tokenUuid) return null;
  if (tracked.material !== card.cover.material) return null;
  const layer = applied.summary?.layers.find((l) => l.kind === "fullCover" || l.kind === "partialCover");
  const back = Math.max(0, layer?.hpDamage ?? 0);
  return back > 0 ? { ...tracked, hp: Math.min(tracked.max, tracked.hp + back) } : null;
}

/** Whether a token update moved the token (x or y changed) off the cover it stood behind. */
export function movedOffCover(changed: Record<string, unknown>, cover: TrackedCover | null): boolean {
  return Boolean(cover) && ("x" in changed || "y" in changed);
}

/** A dialog note: its i18n key and the strings it is formatted with. */
interface CoverNote {
  key: string;
  data: Record<string, string>;
}

/**
 * The attack dialog's notes about the first target's cover: it left cover this round (`leaveCover`:
 * full cover counts as partial, noted when full cover is chosen); it moved away from the cover
 * tracked on its token (`movedFrom`, the cover the GM's client cleared), so none is kept.
 */
export function coverNotes(
  target: { name: string; leftCover?: boolean; movedFrom?: TrackedCover | null } | null | undefined,
  fullChosen: boolean,
): CoverNote[] {
  if (!target) return [];
  const notes: CoverNote[] = [];
  if (target.leftCover && fullChosen)
    notes.push({ key: "POLYVERSE.Verses.NewRules.LeaveCover.Note", data: { name: target.name } });
  const moved = target.movedFrom;
  if (moved)
    notes.push({
      key: "POLYVERSE.Verses.Attack.Cover.Moved",
      data: { name: target.name, material: moved.material, hp: String(moved.hp), max: String(moved.max) },
    });
  return notes;
}
