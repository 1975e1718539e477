/**
 * Combat XP at a combat's end, without Foundry (Virtually Real core guidebook, chapter 1, "Combat
 * Experience"): "Other Combat XP is based on the highest wound you took. If you only took minor
 * wounds, you get no XP … A major wound grants 2 XP, serious 4 XP, and critical wounds 8 XP" (rules
 * `combatXP`); "No more than 1 XP may be placed into any skill in any given scene …, and every skill
 * must have been used during the scene … If you don't have enough eligible combat skills, then the
 * remaining XP is forfeit" (rules `distributeCombatXP`); "This XP is distributed between your weapon
 * proficiencies, shield proficiency (if you used one), armor proficiency, combat styles, and ki
 * powers that were used … If unsure which skill should get XP for combat, the player decides."
 *
 * The GM's client gathers, for each character in the combat, the worst wound the combat's attack
 * cards applied to it and the combat skills it used (the skill of each of its attacks, the skill of
 * each parry, the proficiency of the armor and shields it wears), and posts the `virtually-real-combat`
 * card; the character's owner picks the skills (the player decides), at most one XP each, and the GM
 * adds them, once.
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import { WOUND_BANDS, combatXP, distributeCombatXP, type WoundBand } from "../rules";
import type { Localize } from "./attack-card-logic";
import { COMBAT_KEY } from "./attack-card-logic";

export const COMBAT_XP_CARD = { type: "virtually-real-combat", flag: "virtuallyRealCombat" } as const;
export const COMBAT_XP_OP = "virtually-real.combat.xp";
export const COMBAT_XP_BUTTON = "virtually-real.combat.takeXP";
const KEY = `${COMBAT_KEY}.XP`;

/** A combat skill a character may put its combat XP into. */
export interface XPCandidate {
  id: string;
  name: string;
  /** Used in the combat's attacks or parries (the rest: armor and shields worn). */
  used: boolean;
}

/** One character's row. */
export interface XPRow {
  actorUuid: string;
  name: string;
  highestWound: WoundBand;
  xp: number;
  candidates: XPCandidate[];
  /** The skills that took 1 XP each, once chosen (null: not yet). */
  taken: string[] | null;
}

export interface CombatXPCard {
  combatId: string;
  rows: XPRow[];
}

/** What the combat showed of one character. */
export interface FightRecord {
  actorUuid: string;
  name: string;
  highestWound: WoundBand;
  /** Skill item ids used in its attacks and parries, most recent last. */
  used: string[];
}

/** A character's combat skills (skill items marked as combat skills) and the proficiencies it wears. */
export interface CombatSkills {
  skills: readonly { id: string; name: string; combat: boolean }[];
  /** Proficiency names of the armor and shields worn (equipped). */
  worn: readonly string[];
}

const worse = (a: WoundBand, b: WoundBand): WoundBand =>
  WOUND_BANDS.indexOf(a) >= WOUND_BANDS.indexOf(b) ? a : b;

/** Fold one blow or use into the records by actor. */
export function recordFight(
  records: Map<string, FightRecord>,
  actor: { actorUuid: string; name: string },
  add: { wound?: WoundBand; skill?: string },
): void {
  const r = records.get(actor.actorUuid) ?? { ...actor, highestWound: "none" as WoundBand, used: [] };
  if (add.wound) r.highestWound = worse(r.highestWound, add.wound);
  if (add.skill && !r.used.includes(add.skill)) r.used.push(add.skill);
  records.set(actor.actorUuid, r);
}

/**
 * A character's row: the XP its worst wound gives, and the skills it may go to: the combat skills it
 * used, then the proficiencies of the armor and shields it wears (by name), each once.
 */
export function xpRow(record: FightRecord, owned: CombatSkills): XPRow {
  const byId = new Map(owned.skills.map((s) => [s.id, s]));
  const candidates: XPCandidate[] = [];
  for (const id of record.used) {
    const s = byId.get(id);
    if (s?.combat && !candidates.some((c) => c.id === id)) candidates.push({ id, name: s.name, used: true });
  }
  const worn = new Set(owned.worn.map((n) => n.trim().toLowerCase()).filter((n) => n !== ""));
  for (const s of owned.skills)
    if (s.combat && worn.has(s.name.trim().toLowerCase()) && !candidates.some((c) => c.id === s.id))
      candidates.push({ id: s.id, name: s.name, used: false });
  return {
    actorUuid: record.actorUuid,
    name: record.name,
    highestWound: record.highestWound,
    xp: combatXP(record.highestWound),
    candidates,
    taken: null,
  };
}

/** The skills chosen, checked: each a candidate of the row, once, no more than its XP. Null if not. */
export function checkedPicks(row: XPRow, picks: readonly string[]): string[] | null {
  if (row.taken !== null) return null;
  const ids = row.candidates.map((c) => c.id);
  if (new Set(picks).size !== picks.length || picks.some((p) => !ids.includes(p))) return null;
  const { awarded } = distributeCombatXP(row.xp, picks);
  return awarded.length === picks.length ? awarded : null;
}

/** The skills a row's picker starts with: the first ones, as many as its XP (the player may change them). */
export const defaultPicks = (row: XPRow): string[] =>
  distributeCombatXP(
    row.xp,
    row.candidates.map((c) => c.id),
  ).awarded;

// ---------------------------------------------------------------- shape

/** Why a combat XP card's state breaks its shape (empty when it does not). */
export function combatXPCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the card must be an object"];
  p.text(card.combatId, "combatId");
  p.entries(card.rows, "rows", 60, (row) => {
    if (!isCardRecord(row)) return p.check(false, "a row must be an object");
    p.text(row.actorUuid, "row.actorUuid");
    p.text(row.name, "row.name");
    p.oneOf(row.highestWound, WOUND_BANDS, "row.highestWound");
    p.oneOf(row.xp, [0, 2, 4, 8], "row.xp");
    p.entries(row.candidates, "row.candidates", 40, (c) => {
      if (!isCardRecord(c)) return p.check(false, "a candidate must be an object");
      p.text(c.id, "candidate.id");
      p.text(c.name, "candidate.name");
      p.oneOf(c.used, [true, false], "candidate.used");
    });
    if (row.taken !== null) p.entries(row.taken, "row.taken", 8, (t) => p.text(t, "a skill taken"));
  });
  return p.list;
}

// ---------------------------------------------------------------- what a reader sees

/** The card's context: each row's line, what it went to, and the button for its owner. */
export function combatXPContext(card: CombatXPCard, mayTake: (row: XPRow) => boolean, localize: Localize) {
  return {
    title: localize(`${KEY}.Title`),
    rows: card.rows.map((row, index) => {
      const names = (ids: readonly string[]) =>
        ids.map((id) => row.candidates.find((c) => c.id === id)?.name ?? "").filter((n) => n !== "");
      const wound = localize(`${COMBAT_KEY}.Attack.Band.${row.highestWound}`);
      const taken = row.taken ? names(row.taken) : null;
      const forfeit = row.taken ? row.xp - row.taken.length : Math.max(0, row.xp - row.candidates.length);
      return {
        index,
        name: row.name,
        line:
          row.xp > 0
            ? localize(`${KEY}.Earned`, { wound, xp: String(row.xp) })
            : localize(`${KEY}.Practice`, { wound }),
        skills: row.candidates.map((c) => c.name).join(", "),
        noSkills: row.xp > 0 && row.candidates.length === 0 ? localize(`${KEY}.NoSkills`) : null,
        taken: taken
          ? taken.length
            ? localize(`${KEY}.Taken`, { skills: taken.join(", ") })
            : localize(`${KEY}.TakenNone`)
          : null,
        forfeit: row.xp > 0 && forfeit > 0 ? localize(`${KEY}.Forfeit`, { xp: String(forfeit) }) : null,
        take:
          row.taken === null && row.xp > 0 && row.candidates.length > 0 && mayTake(row)
            ? { action: COMBAT_XP_BUTTON, label: localize(`${KEY}.Take`), row: String(index) }
            : null,
      };
    }),
  };
}
