/**
 * A Virtually Real attack in Foundry (`rollAttack`): "In combat, your damage is your attack's degree
 * of success." The attack is a skill check with the weapon's proficiency (or the skill named) through
 * the rolls folder's `rollCheck` (its dialog, its check card with the dice, the explosion and the XP);
 * then one `virtually-real-attack` card per target names that check, for the target's owner to declare
 * the defence (attack-card.ts). With no target the card only shows the attack. The check's card
 * records which targets it was rolled against (`extra.attack`), so a check is never used for another
 * target later.
 */
import { postCard } from "../../../core/cards";
import { localize } from "../../../core/i18n";
import { targetedTokens } from "../../../core/board";
import { ATTACK_CARD, COMBAT_KEY, newAttackCard, type AttackCard } from "./attack-card-logic";
import { rollCheckFor } from "./checks";
import { isLiving, itemsOfType, skillOf, type AnyActor, type AnyItem, type Message } from "./shared";

const KEY = `${COMBAT_KEY}.Attack`;

/** What `rollAttack` takes besides the attacker (all optional). */
export interface RollAttackOptions {
  /** The weapon (an equipment item of the attacker, or its id or name): its proficiency is the skill. */
  weapon?: AnyItem | string | null;
  /** The skill (an item of the attacker, or its id or name); default: the weapon's proficiency. */
  skill?: AnyItem | string | null;
  /** The targets (default: the user's targeted tokens' actors). */
  targets?: readonly AnyActor[];
  /** A mental attack: dodged and evaded by Logic, its wound read by degree, no hit points. */
  mental?: boolean;
  advantage?: number;
  disadvantage?: number;
  critMod?: number;
  skipDialog?: boolean;
  rollMode?: string;
  event?: Event;
}

/** The attack's weapon among the attacker's items, or null. */
function weaponOf(actor: AnyActor, weapon: AnyItem | string | null | undefined): AnyItem | null {
  if (!weapon) return null;
  const items = itemsOfType(actor, "virtually-real-equipment");
  if (typeof weapon !== "string") return items.find((i) => i.id === weapon.id) ?? null;
  const key = weapon.trim().toLowerCase();
  return items.find((i) => i.id === weapon) ?? items.find((i) => i.name.trim().toLowerCase() === key) ?? null;
}

/** The skill rolled: the one named, else the weapon's proficiency. */
function attackSkill(actor: AnyActor, options: RollAttackOptions, weapon: AnyItem | null): AnyItem | null {
  const named = options.skill;
  if (named) return typeof named === "string" ? skillOf(actor, named) : skillOf(actor, named.id ?? "");
  const proficiency = (weapon?.system as { proficiency?: string } | undefined)?.proficiency ?? "";
  return proficiency ? skillOf(actor, proficiency) : null;
}

/** The targets: those given, else the user's targeted tokens; Virtually Real characters and NPCs only, never the attacker. */
function targetsOf(actor: AnyActor, given: readonly AnyActor[] | undefined): AnyActor[] {
  const actors = given ?? targetedTokens().map((t) => t.actor as AnyActor | null);
  const out: AnyActor[] = [];
  for (const a of actors)
    if (isLiving(a) && a.uuid !== actor.uuid && !out.some((o) => o.uuid === a.uuid)) out.push(a);
  return out;
}

/** The combat the attacker fights in (the viewed one), or "". */
function combatIdOf(actor: AnyActor): string {
  const combat = game.combat;
  if (!combat?.id) return "";
  return [...combat.combatants].some((c) => c.actor?.uuid === actor.uuid) ? combat.id : "";
}

/**
 * Attack: the skill check (the rolls folder's dialog unless skipped), then a card per target. Null
 * when the attacker is not this user's, no skill is found, or the dialog is cancelled.
 */
export async function rollAttack(
  actor: AnyActor,
  options: RollAttackOptions = {},
): Promise<{ check: Message; cards: Message[] } | null> {
  if (!isLiving(actor) || !actor.isOwner) {
    ui.notifications?.warn(localize(`${KEY}.Refused.NotYours`));
    return null;
  }
  const weapon = weaponOf(actor, options.weapon);
  const skill = attackSkill(actor, options, weapon);
  if (!skill) {
    ui.notifications?.warn(localize(`${KEY}.NoSkill`, { weapon: weapon?.name ?? "" }));
    return null;
  }
  const targets = targetsOf(actor, options.targets);
  const mental = options.mental === true;
  const flavor = targets.length
    ? localize(`${KEY}.Flavor`, { skill: skill.name, targets: targets.map((t) => t.name).join(", ") })
    : localize(`${KEY}.FlavorNoTarget`, { skill: skill.name });
  const rolled = await rollCheckFor(actor, {
    kind: "skill",
    skill,
    flavor,
    ...(options.advantage ? { advantage: options.advantage } : {}),
    ...(options.disadvantage ? { disadvantage: options.disadvantage } : {}),
    ...(options.critMod ? { critMod: options.critMod } : {}),
    ...(options.skipDialog !== undefined ? { skipDialog: options.skipDialog } : {}),
    ...(options.rollMode ? { rollMode: options.rollMode } : {}),
    ...(options.event ? { event: options.event } : {}),
    extra: { attack: { targets: targets.map((t) => t.uuid), weapon: weapon?.id ?? "", mental } },
  });
  if (!rolled?.message.id) return null;
  const cards: Message[] = [];
  for (const target of targets.length ? targets : [null]) {
    const card: AttackCard = newAttackCard({
      attacker: { actorUuid: actor.uuid, name: actor.name },
      target: target ? { actorUuid: target.uuid, name: target.name } : null,
      checkMessageId: rolled.message.id,
      skill: { itemId: skill.id ?? "", name: skill.name },
      weapon: weapon ? { itemId: weapon.id ?? "", name: weapon.name } : null,
      mental,
      combatId: combatIdOf(actor),
    });
    const posted = await postCard({
      kind: ATTACK_CARD,
      card,
      speaker: ChatMessage.getSpeaker({ actor }),
      text: card.target
        ? localize(`${KEY}.Title`, { attacker: actor.name, target: card.target.name })
        : localize(`${KEY}.TitleNoTarget`, { attacker: actor.name }),
    });
    if (posted) cards.push(posted);
  }
  return { check: rolled.message, cards };
}
