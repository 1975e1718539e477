/**
 * Tales attacks without Foundry: which defences the target's owner may choose (rules `defenceOpen`,
 * with the card's own limits of Sustained Defence), how the attack is then rolled (dynamic against
 * Physical + d6 when undefended, or the lower of Physical and Mental against a Martial Arts attack;
 * against a Sustained Defence or a range band with cover; opposed against Block, Dodge or Parry;
 * counter; Dodge against a ranged attack raises the range's difficulty to the dodge's roll when higher),
 * the outcome (rules `resolveAttack`: the attacker must beat the defence by one) and what the damage
 * card is then offered: a hit's margin; a successful Block still rolls damage at half strength with no
 * margin (spec ambiguity #20); a successful Parry is taken by the weapon; a counter-attack that lands
 * offers the defender's own damage.
 */
import {
  DEFENCES,
  defenceOpen,
  dodgeRangedDifficulty,
  rangedDifficulty,
  resolveAttack,
  sustainedDefenceDifficulty,
  undefendedDifficulty,
  type AttackResult,
  type CoverTable,
  type DefenceKind,
  type DefenceProblem,
  type RangeBand,
  type TargetCover,
  type TestDynamicTieRule,
} from "../rules";

/** A defence the card offers, or "none" (the attack is then dynamic against Physical + d6). */
export type DefenceChoice = DefenceKind | "none";

/** What the defender's side reads (effective values at the defender's wound level). */
export interface DefenderView {
  /** Physical and Mental at the wound level (the undefended difficulty; Martial Arts may take Mental). */
  physical: number;
  mental: number;
  /** Physical + Block, Physical + Dodge, Physical + Melee (effective). */
  block: number;
  dodge: number;
  parry: number;
  /** The counter-attack's offence score (the defender's weapon: attribute + skill + modifier). */
  counter: number;
  actionDiceLeft: number;
  /**
   * The defender's action dice are dealt for the current combat round: Sustained Defence lasts "for the
   * remainder of the round", so it is declared only in one (its decay is counted on the combatant).
   */
  inRound: boolean;
  /** A higher initiative than the attacker this round. */
  faster: boolean;
  aware: boolean;
  hasWeapon: boolean;
  /** Attacks already taken this round while in Sustained Defence; null when not sustaining. */
  sustainedAttacks: number | null;
  /** The best defensive skill for Sustained Defence (Block or Dodge, at the wound level). */
  sustainedSkill: number;
  cover: TargetCover;
}

/**
 * Why a defence is not open on the card: the rules' reasons (`defenceOpen`), and Sustained Defence's:
 * "noRound" (declared "during a round", it lasts "for the remainder of the round": there is none),
 * "alreadySustaining" (declared already: its two action dice are paid, it stands as "sustained" at no
 * cost), "sustaining" (in Sustained Defence the character "may not perform any more attacks or
 * offensive actions", so no counter-attack; and it defends: "none" gives way to "sustained").
 */
export type DefenceReason = DefenceProblem | "noRound" | "alreadySustaining" | "sustaining";

/** A defence on the card: open with its cost in action dice, or closed with the reason. */
export interface DefenceOption {
  defence: DefenceChoice;
  open: boolean;
  cost: number;
  reason?: DefenceReason;
}

const closed = (defence: DefenceChoice, reason: DefenceReason, cost = 0): DefenceOption => ({
  defence,
  open: false,
  cost,
  reason,
});

/**
 * The defences the target's owner may choose, each open or with the reason it is not. Sustained
 * Defence: "A character may choose to declare a sustained defence at any time during a round as long as
 * they have two or more action dice remaining" (two dice, in a combat round); once declared it stands
 * for the round at no further cost, and no counter-attack is open ("they may not perform any more
 * attacks or offensive actions for the remainder of the round").
 */
export function defenceChoices(view: DefenderView, { ranged }: { ranged: boolean }): DefenceOption[] {
  const sustaining = view.sustainedAttacks !== null;
  const kinds = Object.keys(DEFENCES) as DefenceKind[];
  const out = kinds.map((defence): DefenceOption => {
    if (defence === "sustained" && sustaining) return { defence, open: true, cost: 0 };
    const cost = DEFENCES[defence].actionDice;
    if (defence === "counter" && sustaining) return closed(defence, "sustaining", cost);
    const r = defenceOpen({
      defence,
      actionDice: view.actionDiceLeft,
      ranged,
      aware: view.aware,
      faster: view.faster,
      hasWeapon: view.hasWeapon,
    });
    if (!r.ok) return closed(defence, r.reason, cost);
    if (defence === "sustained" && !view.inRound) return closed(defence, "noRound", cost);
    return { defence, open: true, cost: r.value };
  });
  return [...out, sustaining ? closed("none", "sustaining") : { defence: "none", open: true, cost: 0 }];
}

/**
 * How the attack is rolled against the chosen defence: dynamic against a difficulty + d6; opposed or
 * counter against the defence's total + d6; Dodge against a ranged attack ("dodgeRanged") the higher of
 * the range's difficulty + d6 and the dodge's total + d6 (rules `dodgeRangedDifficulty`).
 */
export type AttackPlan =
  /** `mental`: an undefended victim's Mental, lower than its Physical, taken by a Martial Arts attack. */
  | { mode: "dynamic"; difficulty: number; mental?: true }
  | { mode: "opposed" | "counter"; defence: number }
  | { mode: "dodgeRanged"; difficulty: number; dodge: number };

/**
 * The roll the attack faces: a ranged attack the band's difficulty with cover (and a Sustained
 * Defence's, the higher), raised by a Dodge that rolls higher; a melee attack on a Sustained Defence its
 * decaying difficulty (declared on this very card: Physical + Block/Dodge, no attack taken yet);
 * undefended ("none") Physical, or with a Martial Arts attack the lower of Physical and Mental ("Martial
 * Arts attacks may allow the attacker to use the Mental attribute for their target number");
 * otherwise the defence's own total, opposed (or counter).
 */
export function attackPlan({
  defence,
  view,
  band,
  coverTable,
  martialArts = false,
}: {
  defence: DefenceChoice;
  view: DefenderView;
  /** The range band of a ranged attack (undefined in melee). */
  band?: RangeBand;
  coverTable: CoverTable;
  /** The attack is a Martial Arts attack (the weapon's skill). */
  martialArts?: boolean;
}): AttackPlan {
  // Declared on this card: "The moment Sustained Defence is declared, the character adds together
  // their Physical Attribute and a relevant Defensive Skill. This becomes the initial dynamic difficulty".
  const attacksTaken = view.sustainedAttacks ?? (defence === "sustained" ? 0 : null);
  const sustained =
    attacksTaken === null
      ? undefined
      : sustainedDefenceDifficulty({ physical: view.physical, skill: view.sustainedSkill, attacksTaken });
  if (band) {
    const difficulty = rangedDifficulty({
      band,
      cover: view.cover,
      coverTable,
      ...(sustained === undefined ? {} : { sustained }),
    });
    return defence === "dodge"
      ? { mode: "dodgeRanged", difficulty, dodge: view.dodge }
      : { mode: "dynamic", difficulty };
  }
  if (sustained !== undefined && (defence === "sustained" || defence === "none"))
    return { mode: "dynamic", difficulty: sustained };
  if (defence === "none" || defence === "sustained") {
    const difficulty = undefendedDifficulty({ physical: view.physical, mental: view.mental, martialArts });
    return difficulty < view.physical
      ? { mode: "dynamic", difficulty, mental: true }
      : { mode: "dynamic", difficulty };
  }
  if (defence === "counter") return { mode: "counter", defence: view.counter };
  return { mode: "opposed", defence: view[defence] };
}

/** The difficulty a plan shows before its die (a Dodge against a range: the range's). */
export const planValue = (plan: AttackPlan): number => ("defence" in plan ? plan.defence : plan.difficulty);

/** What the damage card is offered after the attack. */
export type DamageOffer =
  { to: "target"; margin: number; blocked: boolean } | { to: "attacker"; margin: number } | null;

/** A Dodge against a ranged attack: both rolls, and whether the dodge's stood as the difficulty. */
export interface DodgeRangedRoll {
  dodge: number;
  dodgeFace: number;
  difficulty: number;
  difficultyFace: number;
  dodged: boolean;
}

/**
 * Resolve the attack and say what damage follows. `defenceFace` is the defender's die (opposed,
 * counter) or the difficulty's (dynamic; against a Dodge of a ranged attack the range's), `dodgeFace`
 * the dodge's die against a ranged attack: "As long as the defender doesn't roll a 1, compare the values
 * of the dodge attempt and the range difficulty; the new difficulty of the ranged attack is the higher
 * result of these two" (then rolled as any dynamic attack).
 */
export function resolveCardAttack({
  plan,
  defence,
  attack,
  attackFace,
  defenceFace,
  dodgeFace,
  attackerClumsy = false,
  defenderClumsy = false,
  dynamicTieRule,
}: {
  plan: AttackPlan;
  defence: DefenceChoice;
  attack: number;
  attackFace: number;
  defenceFace: number;
  /** The dodge's die against a ranged attack (required with a "dodgeRanged" plan). */
  dodgeFace?: number;
  attackerClumsy?: boolean;
  defenderClumsy?: boolean;
  dynamicTieRule: TestDynamicTieRule;
}): { result: AttackResult; damage: DamageOffer; dodge?: DodgeRangedRoll } {
  let dodge: DodgeRangedRoll | undefined;
  let faced: { mode: "dynamic" | "opposed" | "counter"; defence: number; defenceFace: number };
  if (plan.mode === "dodgeRanged") {
    if (dodgeFace === undefined) throw new RangeError("A Dodge against a ranged attack needs its die");
    const raised = dodgeRangedDifficulty({
      dodge: plan.dodge,
      dodgeFace,
      difficulty: plan.difficulty,
      difficultyFace: defenceFace,
    });
    dodge = {
      dodge: plan.dodge,
      dodgeFace,
      difficulty: plan.difficulty,
      difficultyFace: defenceFace,
      dodged: raised.dodged,
    };
    faced = { mode: "dynamic", defence: raised.defence, defenceFace: raised.defenceFace };
  } else faced = { mode: plan.mode, defence: planValue(plan), defenceFace };
  const result = resolveAttack({
    mode: faced.mode,
    attack,
    attackFace,
    defence: faced.defence,
    defenceFace: faced.defenceFace,
    attackerClumsy,
    defenderClumsy,
    dynamicTieRule,
  });
  let damage: DamageOffer = null;
  if (result.hit) damage = { to: "target", margin: Math.max(0, result.margin), blocked: false };
  else if (result.counterHit) damage = { to: "attacker", margin: Math.max(0, result.margin) };
  else if (defence === "block" && plan.mode === "opposed")
    damage = { to: "target", margin: 0, blocked: true };
  return { result, damage, ...(dodge ? { dodge } : {}) };
}
