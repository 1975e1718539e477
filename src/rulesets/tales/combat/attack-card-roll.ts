/**
 * The dice of a `tales-attack` card. The attacker's die is a `TalesRoll` whose options hold the
 * attack's set-up (the attribute and skill at the wound level, the weapon's Modifier, aim, Auto: the
 * rolls' `attack` options), posted with the card: Dice So Nice shows it with the roller's theme, and
 * Foundry rebuilds it as a Tales roll after a reload (the descriptor lists `TalesRoll`), drawn on its
 * own where the card cannot be. The defence die is rolled by the GM when the target's owner defends,
 * shown with Dice So Nice and kept on the card (as a test card keeps its re-rolls); a Dodge against a
 * ranged attack rolls two, the dodge's and the range difficulty's.
 */
import { showDice } from "../../../core/rolls/post";
import { talesSetting } from "../base/settings";
import { livingSystem, weaponSystem } from "../data/systems";
import { TalesRoll, readRollOptions, type TalesAttackOptions } from "../rolls";
import { autoFire, effectiveAttribute, effectiveSkill, type SkillKey } from "../rules";
import { attackAgreesWithRoll, attackRollOptions, type AttackRoll } from "./attack-card-logic";
import type { AnyActor } from "./shared";

type AnyItem = Item.Implementation;
type Message = ChatMessage.Implementation;

/** The attack's die set-up from the documents, for an attack with this aim and these Auto bullets. */
export function attackSetupOf(
  actor: AnyActor,
  weapon: AnyItem,
  attack: Pick<AttackRoll, "aim" | "autoBullets">,
): TalesAttackOptions {
  const s = livingSystem(actor);
  const w = weaponSystem(weapon);
  const rule = { criticalWoundRule: talesSetting("criticalWoundRule") };
  const wound = s.health.level;
  return attackRollOptions({
    weapon: weapon.name ?? "",
    attribute: w.attribute,
    skill: w.skill,
    wound,
    attributeValue: effectiveAttribute(Math.max(0, s.attributes[w.attribute]), wound, rule),
    skillValue: effectiveSkill(Math.max(0, s.skills[w.skill]), wound, rule),
    weaponModifier: w.modifier,
    aim: attack.aim,
    autoModifier:
      attack.autoBullets > 0 ? autoFire(Math.max(1, w.traits.auto), attack.autoBullets).attackModifier : 0,
    clumsy: w.traits.clumsy,
  });
}

/**
 * Roll the attack's die for an attack the roller settled (`bonus` and `clumsy` as the dialog worked
 * them out): the attack with its face, and the roll to post with the card.
 */
export async function rollAttackDie<A extends Pick<AttackRoll, "aim" | "autoBullets" | "bonus" | "clumsy">>(
  actor: AnyActor,
  weapon: AnyItem,
  attack: A,
): Promise<{ attack: A & { face: number }; roll: TalesRoll }> {
  const options = { ...attackSetupOf(actor, weapon, attack), clumsy: attack.clumsy };
  const roll = await TalesRoll.rollFor(options);
  const face = Number(roll.activeResultsByTerm()[0]?.[0] ?? 1);
  return { attack: { ...attack, face }, roll };
}

/** The face of the card's attack die (its first roll's first die), or null. */
export const rolledFace = (message: Message): number | null =>
  message.rolls?.[0]?.dice[0]?.results[0]?.result ?? null;

/** Whether the card's attack agrees with its roll's options (a roll with none, an older card's, agrees). */
export function rollAgrees(message: Message, attack: AttackRoll): boolean {
  const roll = message.rolls?.[0];
  if (!(roll instanceof TalesRoll)) return attackAgreesWithRoll(attack, "none");
  const options = readRollOptions(roll.options);
  return attackAgreesWithRoll(attack, options?.type === "attack" ? options : null);
}

/**
 * The skill the card's attack was rolled with, as its roll's options hold it (null: a roll without
 * options, an older card's). The ledger keeps it with the card, so a player cannot change it after.
 */
export function rolledSkill(message: Message): SkillKey | null {
  const roll = message.rolls?.[0];
  if (!(roll instanceof TalesRoll)) return null;
  const options = readRollOptions(roll.options);
  return options?.type === "attack" ? options.skill : null;
}

/**
 * Roll the defence's dice on the GM's client (one; a Dodge of a ranged attack two: the dodge's, then
 * the range's): their faces, and a function that shows them once the card is saved.
 */
export async function rollDefenceDice(count = 1): Promise<{ faces: number[]; show: () => Promise<void> }> {
  const { roll, faces } = await TalesRoll.rollDice(count);
  return { faces, show: () => showDice(roll) };
}
