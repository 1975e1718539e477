/**
 * Xero Sum rounds in Foundry. A new round (`updateCombat`, the active GM's client): the initiative of
 * every combatant not yet rolled for it (2d6 + ACU + DEX + the bonuses of the round that ended), then
 * each combatant's round state written for the new round (rules `nextRoundState`: two actions, less
 * Winded and a Panic's lost actions; Aim, a Cover Fire penalty and Coordinate's Wild Success carried),
 * Winded cleared once it has cost its action, and Burning's points taken. Taking an action (the
 * tracker's choice, the `takeAction` action): the combatant's owner spends it on their own round (an
 * action with a check, and what its band does to others, is check-actions.ts `actionCheck`).
 */
import { isActiveGM } from "../../../core/relay";
import { localize } from "../../../core/i18n";
import { rulesetFlag } from "../../../core/flags";
import { livingSystem, weaponSystem } from "../data/systems";
import { applyHarm, reload, takeAction as takeRuleAction, type CombatAction } from "../rules";
import { FIGHT_KEY } from "./attack-card-logic";
import { readInitiative, stateForRound, INITIATIVE_FLAG, ROUND_FLAG } from "./round-logic";
import { rollXeroSumInitiative } from "./initiative";
import {
  BURNING_FLAG,
  BURNING_PATH,
  ROUND_PATH,
  XS,
  combatantOf,
  healthOf,
  healthUpdate,
  isLiving,
  lossesOf,
  roundStateOf,
  targetKeyOf,
  weaponOf,
  type AnyActor,
  type AnyCombat,
  type AnyCombatant,
  type AnyItem,
} from "./shared";

const ROOT = `${FIGHT_KEY}.Actions`;
const warn = (key: string, data?: Record<string, string>) => {
  ui.notifications?.warn(localize(key, data));
  return false;
};

/** Burning's points for a round, on the GM's client: X WP and X RP, one round fewer. */
async function burn(actor: AnyActor): Promise<void> {
  const raw = rulesetFlag(actor, XS, BURNING_FLAG) as { perRound?: unknown; rounds?: unknown } | undefined;
  const perRound = Number(raw?.perRound ?? 0);
  const rounds = Number(raw?.rounds ?? 0);
  if (!Number.isInteger(perRound) || !Number.isInteger(rounds) || rounds < 1 || perRound < 0) return;
  const s = livingSystem(actor);
  const harm = { woundPoints: perRound, resiliencePoints: perRound };
  const { state } = applyHarm(healthOf(actor), harm, {
    phy: s.derived.attributes.phy,
    maxRp: s.derived.resiliencePoints,
  });
  await actor.update({
    ...healthUpdate(state),
    [BURNING_PATH]: rounds > 1 ? { perRound, rounds: rounds - 1 } : null,
  } as never);
}

/** A new round's work (the active GM only). */
export async function onNewRound(combat: AnyCombat, changed: object): Promise<void> {
  const round = combat.round ?? 0;
  if (!isActiveGM() || !("round" in changed) || round < 1) return;
  const unrolled = combat.combatants.contents
    .filter((c) => readInitiative(rulesetFlag(c, XS, INITIATIVE_FLAG))?.round !== round)
    .map((c) => c.id!);
  if (unrolled.length) await rollXeroSumInitiative(combat, unrolled);
  const updates = combat.combatants.contents.map((c) => ({
    _id: c.id!,
    [ROUND_PATH]: stateForRound(rulesetFlag(c, XS, ROUND_FLAG), round, lossesOf(c.actor as AnyActor | null)),
  }));
  if (updates.length) await combat.updateEmbeddedDocuments("Combatant", updates as never);
  for (const c of combat.combatants.contents) {
    const actor = c.actor as AnyActor | null;
    if (!isLiving(actor)) continue;
    if (livingSystem(actor).state.winded) await actor.update({ "system.state.winded": false } as never);
    if ((round ?? 0) > 1) await burn(actor);
  }
}

/** What an action is taken with. */
export interface ActionOptions {
  /** The target (Aim; Coordinate's, Distract's, Inspire's other combatant). */
  target?: AnyActor | null;
  /** The weapon (Ready Weapon: reloads it; Tracking's +1 Aim). */
  weapon?: AnyItem | null;
  /** Rapid Fire: 1 or 2 actions. */
  actionsUsed?: 1 | 2;
}

/** Ready Weapon with a weapon that takes ammunition: a full clip from one reload, and readied. */
async function readyWeapon(item: AnyItem): Promise<void> {
  const w = weaponSystem(item);
  const update: Record<string, unknown> = { "system.readied": true, "system.jammed": false };
  if (w.ammo.clip > 0) {
    const r = reload({ clip: w.ammo.clip, loaded: w.ammo.loaded, reloads: w.ammo.reloads });
    if (r.ok)
      Object.assign(update, { "system.ammo.loaded": r.value.loaded, "system.ammo.reloads": r.value.reloads });
  }
  await item.update(update as never);
}

/**
 * Take a combat action for an actor (or a combatant) in the viewed combat: its cost comes off the
 * round (rules `takeAction`), refused with a notification when the presser may not change the
 * combatant or the rules refuse. Attacks are taken through `rollAttack` (their card, resolved by the
 * GM), not here. Returns whether it was taken.
 */
export async function takeAction(
  subject: AnyActor | AnyCombatant,
  action: CombatAction,
  options: ActionOptions = {},
): Promise<boolean> {
  const combatant =
    subject.documentName === "Combatant" ? (subject as AnyCombatant) : combatantOf(subject as AnyActor);
  if (!combatant) return warn(`${ROOT}.NoCombatant`);
  if (!combatant.isOwner) return warn(`${ROOT}.NotYours`);
  const actor = combatant.actor as AnyActor | null;
  const state = roundStateOf(combatant);
  if (!state) return warn(`${ROOT}.NotStarted`);
  const weapon = options.weapon ? weaponOf(options.weapon) : null;
  const target = options.target ? targetKeyOf(options.target) : undefined;
  const taken = takeRuleAction(state, action, {
    ...(target ? { target } : {}),
    ...(weapon ? { weapon } : {}),
    ...(options.actionsUsed ? { actionsUsed: options.actionsUsed } : {}),
  });
  if (!taken.ok)
    return warn(
      `POLYVERSE.XeroSum.CombatRules.Problem.${taken.reason}`,
      Object.fromEntries(Object.entries(taken.data ?? {}).map(([k, v]) => [k, String(v)])),
    );
  // A Cover Fire penalty waits for the check itself (an action's check, or any other): its card has
  // the GM use it up (the rolls folder's check-penalty.ts); an attack's is the GM's settling.
  await combatant.update({ [ROUND_PATH]: { ...taken.value, nextCheck: state.nextCheck } } as never);
  if (action === "readyWeapon" && options.weapon?.parent === actor && options.weapon.isOwner)
    await readyWeapon(options.weapon);
  return true;
}
