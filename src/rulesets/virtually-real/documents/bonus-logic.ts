/**
 * Placing and donating Bonus XP, without Foundry (chapter 1: "Bonus Experience").
 * - Placing: "Bonus XP may be placed into any skills you like at the end of the chapter ... No skill can
 *   be raised more than a single level at a time" (`placeBonusXP`, each skill from its own XP, the
 *   Bonus XP left shrinking as it goes), each new total indexed on the Experience table (an odd level
 *   above the attribute's raises it, `gainXP`). Bonus XP may go into Darkness too: "roll an Integrity
 *   save against the total number of Bonus XP you put into Darkness as the save DL"
 *   (`darknessBonusSaveDL`; what its result means, `darknessBonusOutcome`).
 * - Donating: "a player may decide that another player has done something so critical or valuable
 *   that they may donate any number of their own Bonus XP to that player ... the effect is immediate.
 *   If you give away at least 6 XP at once, you earn 1 point of light. If you give away 10 or more,
 *   index the XP on the EXPERIENCE TABLE" (`lightFromDonation`), the light wiping Darkness.
 */
import {
  bonusXPRoom,
  capacityNotation,
  darknessBonusSaveDL,
  lightFromDonation,
  placeBonusXP,
  takeDarkness,
  type AttributeOptions,
  type CharacterRefusal,
} from "../rules";
import {
  addXP,
  attributeUpdate,
  startGains,
  type PlayActor,
  type XPLine,
  type AttributeLine,
} from "./play-logic";
import { lightEarned, type LightLine } from "./scene-logic";
import { PLAY } from "./shared-logic";

/** A refusal of the rules (its reason key) for a named skill, or none. */
export interface BonusRefusal {
  reason: CharacterRefusal;
  data?: Record<string, number | string>;
  skill?: string;
}

/** What placing Bonus XP does. */
export interface BonusPlacement {
  actor: Record<string, unknown>;
  items: { _id: string; [path: string]: unknown }[];
  xp: XPLine[];
  attributes: AttributeLine[];
  bonusXP: { from: number; to: number };
  /** Bonus XP put into Darkness, its points before and after, and the Integrity save's DL. */
  darkness: { amount: number; from: number; to: number; dl: number } | null;
}

/**
 * Places Bonus XP: `amounts` by skill id, `darkness` into Darkness. Refuses the first skill that would
 * jump a level (`overLevelJump`, with the room left) or an amount above what is left (`notEnoughXP`).
 */
export function bonusPlacement(
  actor: PlayActor,
  amounts: ReadonlyMap<string, number>,
  darkness: number,
  options: { attribute?: AttributeOptions } = {},
): { ok: true; value: BonusPlacement } | { ok: false; refusal: BonusRefusal } {
  let left = actor.bonusXP;
  const gains = startGains(actor);
  for (const skill of actor.skills) {
    const amount = amounts.get(skill.id) ?? 0;
    if (amount === 0) continue;
    if (!Number.isInteger(amount) || amount < 0)
      return {
        ok: false,
        refusal: { reason: "notEnoughXP", data: { have: left, need: amount }, skill: skill.name },
      };
    const placed = placeBonusXP(skill.xp, amount, left);
    if (!placed.ok)
      return {
        ok: false,
        refusal: { reason: placed.reason, ...(placed.data ? { data: placed.data } : {}), skill: skill.name },
      };
    left = placed.value.bonusXP;
    addXP(gains, skill, amount, "bonus", options.attribute);
  }
  if (!Number.isInteger(darkness) || darkness < 0 || darkness > left)
    return { ok: false, refusal: { reason: "notEnoughXP", data: { have: left, need: darkness } } };
  left -= darkness;
  const update: Record<string, unknown> = { ...attributeUpdate(gains), "system.bonusXP.value": left };
  let dark: BonusPlacement["darkness"] = null;
  if (darkness > 0) {
    const taken = takeDarkness(actor.darkness, darkness);
    update["system.darkness.points"] = taken.darkness;
    dark = { amount: darkness, from: actor.darkness, to: taken.darkness, dl: darknessBonusSaveDL(darkness) };
  }
  return {
    ok: true,
    value: {
      actor: update,
      items: [...gains.items].map(([id, data]) => ({ _id: id, ...data })),
      xp: gains.xp,
      attributes: gains.attributes,
      bonusXP: { from: actor.bonusXP, to: left },
      darkness: dark,
    },
  };
}

/** The placement dialog's context: each skill with its notation and the most it may take now. */
export function bonusDialogContext(
  actor: PlayActor,
  localize: (key: string, data?: Record<string, string>) => string,
) {
  return {
    intro: localize(`${PLAY}.Bonus.Intro`, { n: String(actor.bonusXP), name: actor.name }),
    skills: actor.skills.map((s) => {
      const room = bonusXPRoom(s.xp);
      const most = Math.min(actor.bonusXP, room ?? actor.bonusXP);
      return {
        name: `skill|${s.id}`,
        label: s.name,
        notation: capacityNotation({ capacity: s.capacity, xp: s.xp }),
        max: most,
        room:
          room === null
            ? localize(`${PLAY}.Bonus.NoLimit`)
            : localize(`${PLAY}.Bonus.Room`, { n: String(room) }),
      };
    }),
    darkness: {
      max: actor.bonusXP,
      label: localize(`${PLAY}.Bonus.Darkness`, { points: String(actor.darkness) }),
    },
  };
}

/** The placement from the submitted form (unknown skills and bad numbers left out). */
export function bonusChoicesFrom(
  entries: readonly (readonly [string, string])[],
  actor: PlayActor,
): { amounts: Map<string, number>; darkness: number } {
  const ids = new Set(actor.skills.map((s) => s.id));
  const amounts = new Map<string, number>();
  let darkness = 0;
  for (const [name, value] of entries) {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0 || n > 9999) continue;
    if (name === "darkness") darkness = n;
    const [tag, id] = name.split("|");
    if (tag === "skill" && id && ids.has(id)) amounts.set(id, n);
  }
  return { amounts, darkness };
}

/** What a donation does to the donor and the recipient. */
export interface Donation {
  amount: number;
  donor: { bonusXP: { from: number; to: number }; light: LightLine | null; update: Record<string, unknown> };
  recipient: { bonusXP: { from: number; to: number }; update: Record<string, unknown> };
}

/** A donation of `amount` Bonus XP, or the refusal (`notEnoughXP`). */
export function donation(
  donor: PlayActor,
  recipient: PlayActor,
  amount: number,
): { ok: true; value: Donation } | { ok: false; refusal: BonusRefusal } {
  if (!Number.isInteger(amount) || amount < 1 || amount > donor.bonusXP)
    return { ok: false, refusal: { reason: "notEnoughXP", data: { have: donor.bonusXP, need: amount } } };
  const earned = lightFromDonation(amount);
  const light = earned > 0 ? lightEarned(donor, earned) : null;
  const donorUpdate: Record<string, unknown> = { "system.bonusXP.value": donor.bonusXP - amount };
  if (light) {
    donorUpdate["system.light.value"] = light.to;
    donorUpdate["system.darkness.points"] = light.darknessTo;
  }
  return {
    ok: true,
    value: {
      amount,
      donor: { bonusXP: { from: donor.bonusXP, to: donor.bonusXP - amount }, light, update: donorUpdate },
      recipient: {
        bonusXP: { from: recipient.bonusXP, to: recipient.bonusXP + amount },
        update: { "system.bonusXP.value": recipient.bonusXP + amount },
      },
    },
  };
}
