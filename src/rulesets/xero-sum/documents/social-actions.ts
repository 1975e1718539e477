/**
 * The other checks and draws (the descriptor's `actions`), each through the rolls helper's `rollCheck`
 * and followed by a `xero-sum-table` card: First Impressions (Influence, Inspiration, Intimidation or
 * Manipulation; the lasting CMod stored with the NPC in the character's relationships), Gut Instincts
 * (Acumen, Psychology*, Survival or Tactics*; the reading), Negotiations (the Gambit's CMod on the other
 * side's Rebuttal, which its owner rolls from the card; the Rebuttal's outcome), upkeep on a weapon or
 * piece of equipment (Mechanic* or Tinkerer; Table 14) and repairing a Broken one back to Damaged, and
 * the random Complication (Table 6) and Motivation (Table 7). Each changes only the roller's own
 * documents, which the user must own.
 */
import { localize } from "../../../core/i18n";
import {
  firstImpressionCmod,
  gambitResult,
  gutInstinct as gutInstinctRule,
  rebuttalResult,
  repairCondition,
  upkeepCondition,
  type GambitResult,
} from "../rules";
import type { Complication, ItemCondition, Motivation } from "../rules/keys";
import { livingSystem } from "../data/systems";
import type { ConditionalModifier } from "./check-link";
import { runLinkedCheck, targetedActor, type HealthCheckOptions, type HealthRolled } from "./check-actions";
import { blankCard, drawTable, note, postTableCard, tableNote, type ActionOptions } from "./table-post";
import { HEALTH_KEY, refOf, warn, xeroSumLiving, type AnyActor, type AnyItem, type Message } from "./shared";

const name = (actor: AnyActor) => actor.name ?? "";

/** Where a First Impression is kept: an entry of the relationships (its index) or a new NPC by name. */
export type ImpressionTarget = { index: number } | { name: string } | { actor: AnyActor };

/**
 * A First Impression on an NPC: "The first time a character meets a non-player character" (the
 * targeted token by default). The persistent CMod (+1 / 0 / −1 / −5 by band) is stored with the NPC's
 * entry in the character's relationships (a new entry when it has none).
 */
export async function firstImpression(
  actor: AnyActor,
  target: ImpressionTarget | null = null,
  options: HealthCheckOptions = {},
): Promise<(HealthRolled & { cmod: number }) | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const relationships = [...livingSystem(actor).relationships].map((r) => ({ name: r.name, cmod: r.cmod }));
  const aimed = target ?? (targetedActor() ? { actor: targetedActor()! } : null);
  let index: number;
  let npc: string;
  if (aimed && "index" in aimed) {
    index = aimed.index;
    npc = relationships[index]?.name ?? "";
    if (!npc) return warn("NoNpc");
  } else if (aimed) {
    npc = ("actor" in aimed ? aimed.actor.name : aimed.name)?.trim() ?? "";
    if (!npc) return warn("NoNpc");
    index = relationships.findIndex((r) => r.name === npc);
  } else return warn("NoNpc");
  const checked = await runLinkedCheck("firstImpression", actor, options);
  if (!checked) return null;
  const { card } = checked;
  const cmod = firstImpressionCmod(card.check!.band);
  if (index < 0) relationships.push({ name: npc, cmod });
  else relationships[index] = { name: npc, cmod };
  await actor.update({ "system.relationships": relationships } as never);
  card.notes.push(note(`FirstImpression.${card.check!.band}`, { name: name(actor), npc }));
  card.notes.push(note("FirstImpression.Stored", { npc, cmod: cmod > 0 ? `+${cmod}` : String(cmod) }));
  card.result = { npc, cmod };
  return { message: await postTableCard(card, actor, [], options), card, cmod };
}

/** A Gut Instinct about an NPC (named, or the targeted token): the reading the band gives. */
export async function gutInstinct(
  actor: AnyActor,
  npc: string | AnyActor | null = targetedActor(),
  options: HealthCheckOptions = {},
): Promise<(HealthRolled & { reading: string }) | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const checked = await runLinkedCheck("gutInstinct", actor, options);
  if (!checked) return null;
  const { card } = checked;
  const about = typeof npc === "string" ? npc : (npc?.name ?? "");
  const reading = gutInstinctRule(card.check!.band);
  card.notes.push(
    note(`GutInstinct.${reading}`, { name: name(actor), npc: about || localize(`${HEALTH_KEY}.TheNpc`) }),
  );
  card.result = { reading, npc: about };
  return { message: await postTableCard(card, actor, [], options), card, reading };
}

/**
 * A Gambit, the first check of a Negotiation, by the side that leads it: its result is the CMod on the
 * other side's Rebuttal (−3 / −1 / +1) or the end of the negotiation (Dire Failure). With the other
 * side given (or targeted), its owner rolls the Rebuttal from the card.
 */
export async function gambit(
  actor: AnyActor,
  other: AnyActor | null = targetedActor(),
  options: HealthCheckOptions = {},
): Promise<(HealthRolled & { result: GambitResult }) | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const checked = await runLinkedCheck("gambit", actor, options);
  if (!checked) return null;
  const { card } = checked;
  if (other && xeroSumLiving(other)) card.by = refOf(other);
  const result = gambitResult(card.check!.band);
  const by = card.by?.name ?? localize(`${HEALTH_KEY}.TheNpc`);
  if (result === "over") card.notes.push(note("Negotiation.GambitOver", { name: name(actor), by }));
  else {
    card.notes.push(note("Negotiation.Rebuttal", { by, cmod: result > 0 ? `+${result}` : String(result) }));
    if (card.by) card.buttons.push("rebuttal");
  }
  card.result = { cmod: result === "over" ? 0 : result, over: result === "over" };
  return { message: await postTableCard(card, actor, [], options), card, result };
}

/**
 * The Rebuttal, by the other side: with the Gambit's CMod (from its card, `gambit`, or `cmod`). The
 * outcome: very likely to consider, may consider, over, or hostile.
 */
export async function rebuttal(
  actor: AnyActor,
  {
    gambit: gambitMessage,
    cmod,
    ...options
  }: HealthCheckOptions & { gambit?: Message | null; cmod?: number } = {},
): Promise<(HealthRolled & { result: string }) | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const fromCard = gambitMessage
    ? (gambitMessage.system as { card?: { result?: Record<string, unknown> } })?.card
    : null;
  const value = Number(fromCard?.result?.cmod ?? cmod ?? 0);
  if (fromCard?.result?.over === true) return warn("NegotiationOver");
  const conditional: ConditionalModifier[] =
    Number.isInteger(value) && value !== 0
      ? [{ label: localize(`${HEALTH_KEY}.Negotiation.GambitCmod`), value }]
      : [];
  const checked = await runLinkedCheck("rebuttal", actor, options, { conditional });
  if (!checked) return null;
  const { card } = checked;
  const result = rebuttalResult(card.check!.band);
  card.notes.push(note(`Negotiation.${result}`, { name: name(actor) }));
  card.result = { outcome: result, cmod: value };
  return { message: await postTableCard(card, actor, [], options), card, result };
}

// ---- upkeep and repair ------------------------------------------------------------------------------

const HELD_TYPES = ["xero-sum-weapon", "xero-sum-equipment"];

/** An item's condition and whether the actor holds it. */
function heldCondition(actor: AnyActor, item: AnyItem): ItemCondition | null {
  if (!HELD_TYPES.includes(item.type) || item.parent !== actor) return null;
  return (item.system as unknown as { condition: ItemCondition }).condition;
}

/** The upkeep check after heavy use, or (`repair`) the repair of a Broken item back to Damaged. */
async function conditionCheck(
  kind: "upkeep" | "repair",
  actor: AnyActor,
  item: AnyItem,
  options: HealthCheckOptions,
): Promise<(HealthRolled & { condition: ItemCondition }) | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const before = heldCondition(actor, item);
  if (!before) return warn("NotHeld", { name: item.name ?? "" });
  if (kind === "upkeep" && before === "broken") return warn("Broken", { name: item.name ?? "" });
  if (kind === "repair" && before !== "broken") return warn("NotBroken", { name: item.name ?? "" });
  const checked = await runLinkedCheck("upkeep", actor, options, {}, kind);
  if (!checked) return null;
  const { card } = checked;
  const band = card.check!.band;
  const next = kind === "upkeep" ? upkeepCondition(before, band) : repairCondition(before, band);
  const after = next.ok ? next.value : before;
  if (after !== before) await item.update({ "system.condition": after } as never);
  const cond = (c: ItemCondition) => localize(`POLYVERSE.XeroSum.Condition.${c}`);
  card.notes.push(
    note(`Condition.${after === before ? "Same" : "Now"}`, {
      item: item.name ?? "",
      before: cond(before),
      after: cond(after),
    }),
  );
  card.result = { item: item.name ?? "", before, after };
  return { message: await postTableCard(card, actor, [], options), card, condition: after };
}

/** An Upkeep check on a weapon or piece of equipment of the actor's (Table 14). */
export const upkeep = (actor: AnyActor, item: AnyItem, options: HealthCheckOptions = {}) =>
  conditionCheck("upkeep", actor, item, options);

/** Repairing a Broken item back to Damaged (an Upkeep check's skills; a Success or better). */
export const repair = (actor: AnyActor, item: AnyItem, options: HealthCheckOptions = {}) =>
  conditionCheck("repair", actor, item, options);

// ---- Complication and Motivation ------------------------------------------------------------------

/**
 * Table 6 or 7 drawn (table-draw.ts), the row recorded on the character; a RollTable's result that
 * stands for no row is recorded as the character's own Complication or Motivation, in its words.
 */
async function drawNarrative(
  kind: "complication" | "motivation",
  actor: AnyActor,
  options: ActionOptions,
): Promise<(HealthRolled & { key: string }) | null> {
  if (!xeroSumLiving(actor)) return null;
  if (!actor.isOwner) return warn("NotYours", { name: name(actor) });
  const { roll, draw } = await drawTable(kind === "complication" ? "complications" : "motivations");
  const path = `system.narrative.${kind}`;
  const custom = kind === "complication" ? "customComplication" : "customMotivation";
  const card = blankCard(kind, actor);
  card.draw = draw;
  const written = draw.source?.result?.name ?? "";
  if (draw.key) {
    await actor.update({ [path]: draw.key } as never);
    card.notes.push(note(`Narrative.${kind}`, { name: name(actor) }));
  } else if (written) {
    // A result standing for no row of the table: the character's own, as the table words it.
    await actor.update({ [path]: "", [`system.narrative.${custom}`]: written } as never);
    card.notes.push(tableNote(`Custom.${kind}`, { name: name(actor), text: written }));
  } else card.notes.push(tableNote("Unapplied", { name: name(actor) }));
  card.result = { key: draw.key };
  return { message: await postTableCard(card, actor, [roll], options), card, key: draw.key };
}

/** A random Complication (Table 6), recorded on the character. */
export const rollComplication = (actor: AnyActor, options: ActionOptions = {}) =>
  drawNarrative("complication", actor, options) as Promise<
    (HealthRolled & { key: Complication | "" }) | null
  >;

/** A random Motivation (Table 7), recorded on the character. */
export const rollMotivation = (actor: AnyActor, options: ActionOptions = {}) =>
  drawNarrative("motivation", actor, options) as Promise<(HealthRolled & { key: Motivation | "" }) | null>;
