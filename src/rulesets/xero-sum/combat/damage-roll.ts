/**
 * Rolling a hit's damage on the GM's client (the attack card's Roll damage): the weapon's dice from
 * the documents (d3s as d6s read per the d3Mode setting; a Stunned weapon's d6, Burning's d6 for its
 * d3 of rounds), the blow worked out (damage-card-logic.ts `blowOf`: PHY and the Unarmed SMod where
 * they count, Subdue, the target's DM with dmReducesDamage), Blast Radius or Close-Up splash on the
 * actors whose tokens stand within reach of the target's, and the damage card posted.
 */
import { actorToken, metresBetweenTokens } from "../../../core/board";
import { localize } from "../../../core/i18n";
import { refuse } from "../../../core/relay-logic";
import { livingSystem } from "../data/systems";
import { xeroSumSetting } from "../base/settings";
import { bandOfMetres, type AttackWeapon } from "./attack-logic";
import { FIGHT_KEY, type AttackCard } from "./attack-card-logic";
import {
  blowOf,
  burningOf,
  damageDiceOf,
  damageRows,
  type Bystander,
  type DamageCard,
} from "./damage-card-logic";
import { postDamageCard } from "./damage-card";
import { isLiving, type AnyActor } from "./shared";

type Message = ChatMessage.Implementation;

async function rollD6s(n: number): Promise<{ roll: Roll | null; faces: number[] }> {
  if (n < 1) return { roll: null, faces: [] };
  const roll = await new foundry.dice.Roll(`${n}d6`).evaluate();
  const faces = (roll.dice[0]?.results ?? []).filter((r) => r.active !== false).map((r) => r.result);
  return { roll, faces };
}

/** The living actors whose tokens stand within Medium of the target's token, with their band. */
export function bystandersOf(target: AnyActor): Bystander[] {
  const from = actorToken(target);
  const placeables = (canvas?.tokens?.placeables ?? []) as unknown as { actor: AnyActor | null }[];
  if (!from) return [];
  const out: Bystander[] = [];
  for (const token of placeables) {
    const actor = token.actor;
    if (!isLiving(actor) || actor.uuid === target.uuid || out.some((o) => o.actorUuid === actor.uuid))
      continue;
    const metres = metresBetweenTokens(from, token as never);
    if (metres === null) continue;
    out.push({ actorUuid: actor.uuid, name: actor.name ?? "", band: bandOfMetres(metres) });
  }
  return out;
}

/** Roll and post the damage of a hit (the GM's client); the posted message. */
export async function rollDamageFor(
  attackMessage: Message,
  card: AttackCard,
  checked: { attacker: AnyActor; weapon: AttackWeapon; target: AnyActor | null },
): Promise<Message | null> {
  const { attacker, weapon, target } = checked;
  if (!target || !card.target || !card.resolved?.hit) refuse(`${FIGHT_KEY}.Attack.Refused.NoHit`);
  const d3Mode = xeroSumSetting("d3Mode");
  const brassKnuckles = xeroSumSetting("brassKnuckles");
  const dice = damageDiceOf(weapon, brassKnuckles);
  const damage = await rollD6s(dice.count);
  const stun = await rollD6s(dice.stun ? 1 : 0);
  const burn = await rollD6s(dice.burn ? 1 : 0);
  const s = livingSystem(attacker);
  const subdue = card.choice.action === "subdue";
  const blow = blowOf(weapon, damage.faces, {
    phy: s.derived.attributes.phy,
    unarmedSkill: s.skills.unarmedCombat,
    subdue,
    defence: card.resolved.defence,
    d3Mode,
    brassKnuckles,
    dmReducesDamage: xeroSumSetting("dmReducesDamage"),
  });
  if (!blow) refuse(`POLYVERSE.XeroSum.CombatRules.Problem.subdueNeedsMelee`);
  const damageCard: DamageCard = {
    attacker: { ...card.attacker },
    weapon: { ...card.weapon },
    attackMessageId: attackMessage.id ?? "",
    subdue,
    attackBand: card.resolved.band,
    faces: damage.faces,
    read: blow.read,
    stunD6: stun.faces[0] ?? null,
    burnD6: burn.faces[0] ?? null,
    rolled: blow.rolled,
    harm: blow.harm,
    burning: burningOf(weapon, burn.faces[0] ?? null, d3Mode),
    rows: damageRows(
      weapon,
      { actorUuid: target.uuid, name: target.name ?? "" },
      blow.harm,
      blow.splashBase,
      bystandersOf(target),
    ),
  };
  const rolls = [damage.roll, stun.roll, burn.roll].filter((r): r is Roll => r !== null);
  const speaker = {
    ...ChatMessage.getSpeaker({ actor: attacker }),
    alias: attacker.name ?? localize(`${FIGHT_KEY}.Damage.Speaker`),
  };
  return postDamageCard(damageCard, rolls, speaker);
}
