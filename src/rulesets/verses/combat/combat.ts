/**
 * 'Verses Fast Action in Foundry's combat tracker:
 * - Rolling initiative rolls each combatant's AD pool (the dice not EX-bound) and orders by
 *   successes, then sixes, fives ... ; identical rolls re-roll just the tied combatants. The
 *   tracker's numbers are the places (highest first); the rolls are kept on the combatant
 *   (`flags.polyverse.initiative`) and shown as "3S (6,6,5)". One chat card lists them all.
 * - Each new round (the active GM's client, once): spent AD come back, reservations lapse, EX stays
 *   bound, and a Sickened actor that rested less than 1AD binds 1 EX (`combat-logic.ts`).
 * - When a Moribund combatant's turn comes, its survival roll is made at once (the active GM's
 *   client rolls it, so it happens once) and its outcome applied.
 * - The tracker shows each combatant's AD to the GM and the combatant's owners.
 */
import { SYSTEM_ID, templatePath } from "../../../core/constants";
import { adChange, adStateOf, type AdHolder } from "../ad-logic";
import { applyChanges } from "../changes";
import type { DocumentChange } from "../changes-logic";
import type { ConditionInput } from "../rules";
import { REST_AD_PATH } from "../rolls/special-logic";
import { rollSurvival } from "../rolls/special";
import { VersesRoll } from "../rolls/verses-roll";
import {
  initiativePool,
  initiativeScores,
  initiativeText,
  roundReset,
  settleTurnOrder,
  trackerAd,
  turnOrderContext,
  type InitiativeRoll,
} from "./combat-logic";

/** The turn-order card and the tracker's AD badge (preloaded with the ruleset's templates). */
export const TURN_ORDER_TEMPLATE = "verses/combat/turn-order.hbs";
export const TRACKER_AD_TEMPLATE = "verses/combat/tracker-ad.hbs";

type AnyCombatant = Combatant.Implementation;
type LivingSystem = AdHolder & { conditions: ConditionInput[] };

/** The combatant's actor's 'Verses data, when it is a living 'Verses actor. */
function living(combatant: AnyCombatant): LivingSystem | null {
  const system = combatant.actor?.system as Partial<LivingSystem> | undefined;
  return system && typeof system.adMax === "number" && system.ad ? (system as LivingSystem) : null;
}

const i18n = (key: string, data?: Record<string, string>) =>
  data ? game.i18n!.format(key, data) : game.i18n!.localize(key);

/** Is this client the one that acts for the table (the active GM)? */
const isActingGM = () => Boolean(game.user?.isGM && game.users?.activeGM?.id === game.user.id);

/** What a combatant keeps of its initiative roll. */
interface StoredInitiative {
  rolls: number[][];
}

async function rollPools(
  combatants: readonly AnyCombatant[],
): Promise<{ rolls: VersesRoll[]; entries: InitiativeRoll[] }> {
  const rolls: VersesRoll[] = [];
  const entries: InitiativeRoll[] = [];
  for (const c of combatants) {
    const system = living(c);
    const dice = system ? initiativePool(system) : 0;
    const roll = VersesRoll.fromParts({
      parts: [{ label: "POLYVERSE.Verses.Combat.InitiativePool", dice }],
      label: "POLYVERSE.Verses.Combat.Initiative",
      target: 0,
      kind: "initiative",
      ...(c.actor ? { actorUuid: c.actor.uuid } : {}),
    });
    await roll.evaluate();
    rolls.push(roll);
    entries.push({ id: c.id!, faces: roll.faces });
  }
  return { rolls, entries };
}

/** The 'Verses combat: initiative by AD pools, AD reset each round. */
export class VersesCombat extends Combat {
  /**
   * Roll the turn order for these combatants (the others keep their rolls and are placed among
   * them), re-rolling identical rolls, then post one card.
   */
  override async rollInitiative(
    ids: string | string[],
    options: Combat.InitiativeOptions = {},
  ): Promise<this> {
    const wanted = new Set(typeof ids === "string" ? [ids] : ids);
    const rolling = this.combatants.filter((c) => wanted.has(c.id!));
    if (!rolling.length) return this;
    const byId = new Map(this.combatants.map((c) => [c.id!, c]));
    const { rolls, entries } = await rollPools(rolling);
    // Combatants that rolled before keep their last roll and take part in the ordering.
    const earlier: InitiativeRoll[] = this.combatants
      .filter((c) => !wanted.has(c.id!) && c.initiative !== null)
      .map((c) => ({ id: c.id!, faces: storedInitiative(c)?.rolls.at(-1) ?? [] }));
    const settled = await settleTurnOrder([...entries, ...earlier], async (tied) => {
      const again = await rollPools(tied.map((id) => byId.get(id)!));
      rolls.push(...again.rolls);
      return again.entries;
    });
    const scores = initiativeScores(settled.order);
    const updates = settled.order.map((id) => {
      const previous = storedInitiative(byId.get(id)!)?.rolls ?? [];
      const mine = wanted.has(id)
        ? settled.rolls[id]!
        : [...previous, ...(settled.rolls[id]!.slice(1) ?? [])];
      return { _id: id, initiative: scores[id]!, [`flags.${SYSTEM_ID}.initiative`]: { rolls: mine } };
    });
    await this.updateEmbeddedDocuments("Combatant", updates as never);

    const content = await foundry.applications.handlebars.renderTemplate(
      templatePath(TURN_ORDER_TEMPLATE),
      turnOrderContext(
        settled,
        (id) => byId.get(id)?.name ?? "",
        (id) => wanted.has(id),
      ),
    );
    await ChatMessage.implementation.create({
      speaker: { alias: i18n("POLYVERSE.Verses.Combat.TurnOrder") },
      flavor: i18n("POLYVERSE.Verses.Combat.TurnOrder"),
      content,
      rolls: rolls.map((r) => r.toJSON()),
      sound: CONFIG.sounds.dice,
      ...(options.messageOptions ?? {}),
    } as never);
    return this;
  }
}

function storedInitiative(c: AnyCombatant): StoredInitiative | undefined {
  return (c.flags as Record<string, { initiative?: StoredInitiative } | undefined>)[SYSTEM_ID]?.initiative;
}

/** Each combatant's end of round, as document changes. */
export function roundChanges(combat: Combat.Implementation): DocumentChange[] {
  const changes: DocumentChange[] = [];
  for (const c of combat.combatants) {
    const actor = c.actor;
    const system = living(c);
    if (!actor || !system) continue;
    const restAD = Number(foundry.utils.getProperty(actor, REST_AD_PATH) ?? 0);
    const { state } = roundReset(system, restAD);
    const ref = { uuid: actor.uuid, name: actor.name ?? "" };
    const change = adChange(ref, adStateOf(system), state);
    if (change) changes.push(change);
    if (restAD) changes.push({ ...ref, set: { [REST_AD_PATH]: 0 } });
  }
  return changes;
}

/** Draw each combatant's AD and initiative roll into the tracker (GM and owners). */
export async function decorateTracker(
  combat: Combat.Implementation | null | undefined,
  html: HTMLElement,
): Promise<void> {
  if (!combat) return;
  for (const row of html.querySelectorAll<HTMLElement>("[data-combatant-id]")) {
    const c = combat.combatants.get(row.dataset.combatantId ?? "");
    if (!c) continue;
    const stored = storedInitiative(c);
    const initiative = row.querySelector<HTMLElement>(".token-initiative .initiative, .initiative");
    if (stored?.rolls.length && initiative) {
      const text = initiativeText(stored.rolls);
      initiative.textContent = text.short;
      initiative.dataset.tooltip = text.full;
    }
    const system = living(c);
    if (!system || !(game.user?.isGM || c.isOwner)) continue;
    row.querySelector(".pv-tracker-ad")?.remove();
    const badge = await foundry.applications.handlebars.renderTemplate(
      templatePath(TRACKER_AD_TEMPLATE),
      trackerAd(system),
    );
    (row.querySelector(".token-name") ?? row).insertAdjacentHTML("beforeend", badge);
  }
}

/** The combat hooks. Call once at init (every ruleset's hooks run; these act on 'Verses actors only). */
export function registerVersesCombatHooks(): void {
  Hooks.on("combatRound", (combat: Combat.Implementation) => {
    if (isActingGM()) void applyChanges(roundChanges(combat));
  });
  Hooks.on("combatStart", (combat: Combat.Implementation) => {
    if (isActingGM()) void applyChanges(roundChanges(combat));
  });
  Hooks.on("combatTurnChange", (combat: Combat.Implementation) => {
    if (!isActingGM()) return;
    const actor = combat.combatant?.actor;
    if (actor?.statuses.has("moribund") && living(combat.combatant!)) void rollSurvival(actor);
  });
  Hooks.on("renderCombatTracker", (_app: unknown, html: HTMLElement) => {
    void decorateTracker(game.combat, html);
  });
}
