/**
 * A split Combination, Foundry-free (rules `splitNpcCapacity`, `splitCombinationTotal`): "Combination
 * checks can sometimes be *split* among two people where you are combining the effects of one person
 * and how it is received by another, such as during NPC Reaction Rolls and Performance appreciation
 * rolls. The PC rolls a normal skill or attribute check with the usual critical failure rates, and
 * the GM rolls for the NPC at -1 die, then adds the rolls together."
 *
 * Readings where the text is silent: the NPC's roll is one die smaller on both sides of its
 * capacities (its skill's and its attribute's: otherwise the attribute's higher capacity would give
 * the die back as an advantage); the PC's critical failure ("the usual critical failure rates") is
 * the whole roll's; the NPC's part counts as rolled (a critical result counts 0, as every check's).
 */
import type { TextLine } from "../../../core/text-line";
import {
  degreeFromMargin,
  splitCombinationTotal,
  splitNpcCapacity,
  type AttributeKey,
  type Degree,
  type PreparedCheck,
} from "../rules";
import type { CheckActor } from "../rolls/check-input-logic";
import { findSkill } from "../rolls/check-input-logic";
import type { PlayCardState } from "./play-card-logic";

export const SPLIT = "POLYVERSE.VirtuallyReal.Split";

/** The NPC's part: one of its skills (id, name or rules reference) or an attribute. */
export interface SplitPart {
  skill?: string | null;
  attribute?: AttributeKey | null;
}

/** The NPC's check at -1 die, or the problem's key. */
export type NpcPart =
  | { ok: true; prepared: PreparedCheck; skillId: string | null; attribute: AttributeKey }
  | { ok: false; key: string; data?: Record<string, string> };

/** The NPC's check at -1 die: its skill's (or attribute's) capacity and its attribute's, one less. */
export function npcSplitPart(actor: CheckActor, part: SplitPart): NpcPart {
  if (part.skill) {
    const skill = findSkill(actor, part.skill);
    if (!skill)
      return { ok: false, key: `${SPLIT}.Problem.NoSkill`, data: { name: actor.name, skill: part.skill } };
    if (skill.capacity < 1)
      return { ok: false, key: `${SPLIT}.Problem.Untrained`, data: { skill: skill.name } };
    const attribute = actor.attributes[skill.attribute];
    return {
      ok: true,
      skillId: skill.id,
      attribute: skill.attribute,
      prepared: {
        kind: "skill",
        capacity: splitNpcCapacity(skill.capacity),
        attrCapacity: Math.max(0, attribute.capacity - 1),
        advantage: 0,
        disadvantage: 0,
        critMod: skill.underlines,
        level: skill.level,
      },
    };
  }
  const key = part.attribute ?? "aura";
  const attribute = actor.attributes[key];
  if (attribute.capacity < 1) return { ok: false, key: `${SPLIT}.Problem.Untrained`, data: { skill: key } };
  const capacity = splitNpcCapacity(attribute.capacity);
  return {
    ok: true,
    skillId: null,
    attribute: key,
    prepared: {
      kind: "attribute",
      capacity,
      attrCapacity: capacity,
      advantage: 0,
      disadvantage: 0,
      critMod: 0,
      level: attribute.modifier,
    },
  };
}

/** Each side's rolled part. */
export interface SplitSide {
  uuid: string;
  name: string;
  total: number;
  critical: boolean;
}

/** What the split Combination came to. */
export interface SplitOutcome {
  total: number;
  /** The PC's critical failure is the whole roll's. */
  critical: boolean;
  /** Total − DL (−DL on a critical), null without a DL. */
  margin: number | null;
  success: boolean | null;
  degree: Degree | null;
}

/** The two parts added, read against the DL (a Combo DL: "opposed by ... a DL from the Combo column"). */
export function splitOutcome(pc: SplitSide, npc: SplitSide, dl: number | null): SplitOutcome {
  const critical = pc.critical;
  const total = critical ? 0 : splitCombinationTotal(pc.total, npc.total);
  if (dl === null) return { total, critical, margin: null, success: null, degree: null };
  const margin = critical ? -dl : total - dl;
  return { total, critical, margin, success: !critical && margin >= 0, degree: degreeFromMargin(margin) };
}

/** The card the split Combination posts: each part, the sum, and how it stands against the DL. */
export function splitCard(
  pc: SplitSide,
  npc: SplitSide,
  dl: number | null,
  out: SplitOutcome,
): PlayCardState {
  const part = (side: SplitSide, role: "Pc" | "Npc") => ({
    uuid: side.uuid,
    name: side.name,
    lines: [
      {
        key: `${SPLIT}.Part.${role}${side.critical ? "Critical" : ""}`,
        data: { total: String(side.total) },
      } satisfies TextLine,
    ],
  });
  const result: TextLine = out.critical
    ? { key: `${SPLIT}.Result.Critical` }
    : dl === null
      ? { key: `${SPLIT}.Result.Total`, data: { total: String(out.total) } }
      : {
          key: `${SPLIT}.Result.${out.success ? "Success" : "Failure"}`,
          data: {
            total: String(out.total),
            dl: String(dl),
            margin: String(Math.abs(out.margin ?? 0)),
            degree: `POLYVERSE.VirtuallyReal.Check.Degree.${out.degree}`,
          },
        };
  return {
    kind: "splitCombination",
    number: 0,
    title: { key: `${SPLIT}.Title`, data: { pc: pc.name, npc: npc.name } },
    lines: [result],
    rows: [part(pc, "Pc"), part(npc, "Npc")],
  };
}
