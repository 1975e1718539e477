/**
 * The Maelstrom attack card's template context, without Foundry: the attack's dice (the experience
 * die among them) and outcome, the damage, and for each target its soak, what was applied and the
 * buttons its reader may press (`data-who` says whose they are: the card's renderer hides the
 * others). Every name goes through `{{ }}` in the template; nothing here is HTML.
 */
import { experienceOffered, traitLabel } from "../rolls/roll-logic";
import {
  ATTACK_KEY,
  attackTraits,
  damageDiceToRoll,
  incomingLevels,
  refusalFor,
  resolveAttack,
  type AttackCard,
  type AttackOp,
} from "./attack-card-logic";

export type Localize = (key: string, data?: Record<string, string>) => string;

/** One die on the card. */
export interface DieView {
  face: number;
  css: string;
}

export interface ButtonView {
  action: string;
  label: string;
  /** Whose button: the attacker's owner, the target's owner, or either the target's owner or the card's author. */
  who: "attacker" | "target" | "either";
  index: number | "";
  actorUuid: string;
  /** The experience die's trait to bank in ("" on the other buttons). */
  trait: string;
}

export interface RowView {
  index: number;
  name: string;
  actorUuid: string;
  soak: { line: string; dice: DieView[] } | null;
  applied: string | null;
  buttons: ButtonView[];
}

export interface AttackCardView {
  title: string;
  rollLine: string;
  dice: DieView[];
  /** The experience die, once added: which trait it banked in, and its dice. */
  experience: { line: string; dice: DieView[] } | null;
  outcome: { css: string; text: string };
  damage: { line: string; dice: DieView[] } | null;
  attackerButtons: ButtonView[];
  rows: RowView[];
}

/** The chat actions of the card's buttons. */
export const ATTACK_ACTIONS = {
  damage: "maelstrom.attack.damage",
  experience: "maelstrom.attack.experience",
  soak: "maelstrom.attack.soak",
  apply: "maelstrom.attack.apply",
  undo: "maelstrom.attack.undo",
} as const;

const n = (v: number) => String(v);

/** A d10 on the card: a success at `difficulty` or more, a botch on a pool die's 1. */
function dieView(face: number, difficulty: number, bonus = false): DieView {
  const css = face >= difficulty ? "pv-m-success" : face === 1 && !bonus ? "pv-m-botch" : "pv-m-miss";
  return { face, css: bonus ? `${css} pv-m-bonus` : css };
}

function outcomeView(card: AttackCard, localize: Localize): AttackCardView["outcome"] {
  const { outcome, successes } = card.attack;
  if (outcome === "success")
    return {
      css: "success",
      text: localize(`${ATTACK_KEY}.Outcome.${successes === 1 ? "HitOne" : "Hit"}`, {
        successes: n(successes),
      }),
    };
  return {
    css: outcome === "botch" ? "failure botch" : "failure",
    text: localize(`${ATTACK_KEY}.Outcome.${outcome}`),
  };
}

function damageView(card: AttackCard, localize: Localize): AttackCardView["damage"] {
  if (card.attack.successes < 1) return null;
  const type = localize(`POLYVERSE.Maelstrom.DamageType.${card.weapon.damageType}`);
  if (!card.damage) {
    const dice = damageDiceToRoll(card);
    return dice === null
      ? null
      : { line: localize(`${ATTACK_KEY}.Damage.ToRoll`, { type, dice: n(dice) }), dice: [] };
  }
  const key = card.damage.dice > 0 || card.damage.faces.length ? "Rolled" : "Fixed";
  return {
    line: localize(`${ATTACK_KEY}.Damage.${key}`, { levels: n(card.damage.levels), type }),
    // Ones are ignored on a damage roll: never a botch.
    dice: card.damage.faces.map((face) => ({ face, css: face >= 6 ? "pv-m-success" : "pv-m-miss" })),
  };
}

function appliedLine(card: AttackCard, index: number, localize: Localize): string | null {
  const applied = card.targets[index]?.applied;
  if (!applied) return null;
  const type = localize(`POLYVERSE.Maelstrom.DamageType.${card.weapon.damageType}`);
  const parts = [localize(`${ATTACK_KEY}.Applied.Marked`, { levels: n(applied.levels), type })];
  if (applied.died) parts.push(localize(`${ATTACK_KEY}.Applied.Died`));
  else if (applied.incapacitated) parts.push(localize(`${ATTACK_KEY}.Applied.Incapacitated`));
  return parts.join(" ");
}

function rowButtons(card: AttackCard, index: number, actorUuid: string, localize: Localize): ButtonView[] {
  const out: ButtonView[] = [];
  const offer = (op: AttackOp & { index: number }, who: ButtonView["who"], data?: Record<string, string>) => {
    if (refusalFor(card, op) === null)
      out.push({
        action: ATTACK_ACTIONS[op.op],
        label: localize(`${ATTACK_KEY}.Button.${op.op}`, data),
        who,
        index,
        actorUuid,
        trait: "",
      });
  };
  const row = card.targets[index];
  const taken = row?.soak ? row.soak.taken : (incomingLevels(card) ?? 0);
  offer({ op: "soak", index }, "target");
  offer({ op: "apply", index }, "either", { levels: n(taken) });
  offer({ op: "undo", index }, "target");
  return out;
}

/** The attacker now, for the buttons: their available experience (null: unknown, none offered). */
export interface AttackerNow {
  xpAvailable: number;
}

/**
 * The buttons of the attacker's owner: the experience die, one per trait the attack used ("bank one
 * of your available experience points in a trait that you used for the action"), while the card
 * allows it and the attacker has a point to bank; Roll damage.
 */
function attackerButtons(card: AttackCard, attacker: AttackerNow | null, localize: Localize): ButtonView[] {
  const button = (action: string, label: string, trait = ""): ButtonView => ({
    action,
    label,
    who: "attacker",
    index: "",
    actorUuid: card.attacker.actorUuid,
    trait,
  });
  const offered = experienceOffered(resolveAttack(card.attack), {
    alreadyUsed: Boolean(card.attack.experience),
    xpAvailable: attacker?.xpAvailable ?? null,
  });
  const experience = offered
    ? attackTraits(card.attack)
        .filter((trait) => refusalFor(card, { op: "experience", trait }) === null)
        .map((trait) =>
          button(
            ATTACK_ACTIONS.experience,
            localize(`${ATTACK_KEY}.Button.experience`, { trait: localize(traitLabel(trait)) }),
            trait,
          ),
        )
    : [];
  const damage =
    refusalFor(card, { op: "damage" }) === null
      ? [button(ATTACK_ACTIONS.damage, localize(`${ATTACK_KEY}.Button.damage`))]
      : [];
  return [...experience, ...damage];
}

function experienceView(card: AttackCard, localize: Localize): AttackCardView["experience"] {
  const xp = card.attack.experience;
  if (!xp) return null;
  return {
    line: localize(`${ATTACK_KEY}.Experience.Rolled`, { trait: localize(traitLabel(xp.trait)) }),
    dice: xp.faces.map((f) => {
      const die = dieView(f, card.attack.difficulty, true);
      return { ...die, css: `${die.css} pv-m-xp` };
    }),
  };
}

/**
 * The card's context for the template, localised; `attacker` is the attacker now (their available
 * experience, for the experience die's buttons).
 */
export function attackCardContext(
  card: AttackCard,
  localize: Localize,
  attacker: AttackerNow | null = null,
): AttackCardView {
  const a = card.attack;
  const trait = (kind: "Attribute" | "Ability", key: string) =>
    localize(`POLYVERSE.Maelstrom.${kind}.${key}`);
  const rollData = {
    attribute: trait("Attribute", a.attribute),
    ability: trait("Ability", a.ability),
    difficulty: n(a.difficulty),
    threshold: n(a.threshold),
  };
  return {
    title: localize(`${ATTACK_KEY}.Title`, { attacker: card.attacker.name, weapon: card.weapon.name }),
    rollLine: localize(`${ATTACK_KEY}.Roll${a.threshold ? "Threshold" : ""}`, rollData),
    dice: [
      ...a.faces.map((f) => dieView(f, a.difficulty)),
      ...a.bonusFaces.map((f) => dieView(f, a.difficulty, true)),
    ],
    experience: experienceView(card, localize),
    outcome: outcomeView(card, localize),
    damage: damageView(card, localize),
    attackerButtons: attackerButtons(card, attacker, localize),
    rows: card.targets.map((t, index) => ({
      index,
      name: t.name,
      actorUuid: t.actorUuid,
      soak: t.soak
        ? {
            line: localize(`${ATTACK_KEY}.Soak.${t.soak.pool ? "Rolled" : "NoDice"}`, {
              net: n(t.soak.net),
              taken: n(t.soak.taken),
            }),
            dice: t.soak.faces.map((f) => dieView(f, 6)),
          }
        : null,
      applied: appliedLine(card, index, localize),
      buttons: rowButtons(card, index, t.actorUuid, localize),
    })),
  };
}
