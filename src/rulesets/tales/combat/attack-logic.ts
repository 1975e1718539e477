/**
 * Tales attacks without Foundry (for the attack card, still to be built on the t-rolls test roll): which
 * defences the target's owner may choose (rules `defenceOpen`, "none" always), how the attack is then
 * rolled (dynamic against Physical + d6 when undefended, against a Sustained Defence or a range band with
 * cover; opposed against Block, Dodge or Parry; counter), the outcome (rules `resolveAttack`: the attacker
 * must beat the defence by one) and what the damage card is then offered: a hit's margin; a successful
 * Block still rolls damage at half strength with no margin (spec ambiguity #20); a successful Parry is
 * taken by the weapon; a counter-attack that lands offers the defender's own damage.
 */
import {
  DEFENCES,
  defenceOpen,
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
  physical: number;
  /** Physical + Block, Physical + Dodge, Physical + Melee (effective). */
  block: number;
  dodge: number;
  parry: number;
  /** The counter-attack's offence score (the defender's weapon: attribute + skill + modifier). */
  counter: number;
  actionDiceLeft: number;
  /** A higher initiative than the attacker this round. */
  faster: boolean;
  aware: boolean;
  hasWeapon: boolean;
  /** Attacks already taken this round while in Sustained Defence; null when not sustaining. */
  sustainedAttacks: number | null;
  /** The best defensive skill for Sustained Defence (Block or Dodge). */
  sustainedSkill: number;
  cover: TargetCover;
}

/** The defences the target's owner may choose, each open or with the reason it is not. */
export function defenceChoices(
  view: DefenderView,
  { ranged }: { ranged: boolean },
): { defence: DefenceChoice; open: boolean; cost: number; reason?: DefenceProblem }[] {
  const kinds = Object.keys(DEFENCES) as DefenceKind[];
  const out: { defence: DefenceChoice; open: boolean; cost: number; reason?: DefenceProblem }[] = kinds.map(
    (defence) => {
      const r = defenceOpen({
        defence,
        actionDice: view.actionDiceLeft,
        ranged,
        aware: view.aware,
        faster: view.faster,
        hasWeapon: view.hasWeapon,
      });
      return r.ok
        ? { defence, open: true, cost: r.value }
        : { defence, open: false, cost: DEFENCES[defence].actionDice, reason: r.reason };
    },
  );
  return [...out, { defence: "none", open: true, cost: 0 }];
}

/** How the attack is rolled against the chosen defence. */
export type AttackPlan =
  { mode: "dynamic"; difficulty: number } | { mode: "opposed" | "counter"; defence: number };

/**
 * The roll the attack faces: a ranged attack the band's difficulty with cover (and a Sustained Defence's,
 * the higher); a melee attack on a Sustained Defence its decaying difficulty; undefended ("none")
 * Physical; otherwise the defence's own total, opposed (or counter).
 */
export function attackPlan({
  defence,
  view,
  band,
  coverTable,
}: {
  defence: DefenceChoice;
  view: DefenderView;
  /** The range band of a ranged attack (undefined in melee). */
  band?: RangeBand;
  coverTable: CoverTable;
}): AttackPlan {
  const sustained =
    view.sustainedAttacks === null
      ? undefined
      : sustainedDefenceDifficulty({
          physical: view.physical,
          skill: view.sustainedSkill,
          attacksTaken: view.sustainedAttacks,
        });
  if (band) {
    return {
      mode: "dynamic",
      difficulty: rangedDifficulty({
        band,
        cover: view.cover,
        coverTable,
        ...(sustained === undefined ? {} : { sustained }),
      }),
    };
  }
  if (defence === "sustained" || (defence === "none" && sustained !== undefined))
    return { mode: "dynamic", difficulty: sustained ?? view.physical };
  if (defence === "none")
    return { mode: "dynamic", difficulty: undefendedDifficulty({ physical: view.physical }) };
  if (defence === "counter") return { mode: "counter", defence: view.counter };
  return { mode: "opposed", defence: view[defence] };
}

/** What the damage card is offered after the attack. */
export type DamageOffer =
  { to: "target"; margin: number; blocked: boolean } | { to: "attacker"; margin: number } | null;

/** Resolve the attack and say what damage follows. */
export function resolveCardAttack({
  plan,
  defence,
  attack,
  attackFace,
  defenceFace,
  attackerClumsy = false,
  defenderClumsy = false,
  dynamicTieRule,
}: {
  plan: AttackPlan;
  defence: DefenceChoice;
  attack: number;
  attackFace: number;
  defenceFace: number;
  attackerClumsy?: boolean;
  defenderClumsy?: boolean;
  dynamicTieRule: TestDynamicTieRule;
}): { result: AttackResult; damage: DamageOffer } {
  const result = resolveAttack({
    mode: plan.mode,
    attack,
    attackFace,
    defence: plan.mode === "dynamic" ? plan.difficulty : plan.defence,
    defenceFace,
    attackerClumsy,
    defenderClumsy,
    dynamicTieRule,
  });
  let damage: DamageOffer = null;
  if (result.hit) damage = { to: "target", margin: Math.max(0, result.margin), blocked: false };
  else if (result.counterHit) damage = { to: "attacker", margin: Math.max(0, result.margin) };
  else if (defence === "block" && plan.mode === "opposed")
    damage = { to: "target", margin: 0, blocked: true };
  return { result, damage };
}
