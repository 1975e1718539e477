/**
 * The attack card's damage, Foundry-free: what arrives at each target (direct, a sweep's share, a
 * blast by distance), through cover, shields and armour to the body, the defence recorded with its
 * preview, the conditions a success puts on the target, the holds, and the document changes of
 * applying and undoing a target's blow.
 */
import { versesFlagPath } from "../base/flags";
import type { DocumentChange, StatusChange } from "../../../core/changes-logic";
import { adChange } from "../base/ad-logic";
import {
  areaDamage,
  bindEX,
  unbindEX,
  chokeEffect,
  countSuccesses,
  desperateRallyUnbindsAll,
  dodgeReduction,
  GRENADE_CONDITIONS,
  grenadeConditionRounds,
  mergeByType,
  parseAreaDamage,
  resolveDamage,
  resolveTest,
  sweepShares,
  weaponDamage,
  type AdRoundState,
  type AreaDamageSpec,
  type BodyPart,
  type ChokeEffect,
  type ConditionId,
  type DamageApplication,
  type DamageLayerOptions,
  type DamageResolution,
  type DesperateRallyOptions,
  type IncomingDamage,
} from "../rules";
import { bodyLayer, protectiveLayers, type DefenderData } from "./defender-logic";
import {
  ammoEffectOf,
  directOutcome,
  GRAPPLE_MOVES,
  perSmOf,
  settled,
  type AppliedRecord,
  type AttackCard,
  type AttackTarget,
  type DamageSummary,
  type DefenceRecord,
  type HoldState,
} from "./card-state-logic";

/** The total damage of a successful sweep at the roll's SM, by type, before it is shared. */
export function sweepTotal(card: AttackCard): DamageApplication[] {
  const outcome = resolveTest(card.faces, card.target);
  if (!outcome.success || !card.weapon.damage.trim()) return [];
  return weaponDamage(card.weapon.damage, outcome.margin, {
    mode: card.weapon.damageMode,
    ...(ammoEffectOf(card.ammo) ? { ammo: ammoEffectOf(card.ammo) } : {}),
  });
}

/**
 * A sweep's shares of one amount: equal between the objects in the sweep "so long as those
 * objects are within the attack's effective range" (`sweepShares`; a TEST that cannot be read
 * leaves every object in range).
 */
export function shares(card: AttackCard, amount: number) {
  const distances = card.targets.map((t) => t.metres ?? 0);
  try {
    return sweepShares(amount, distances, card.weapon.test);
  } catch {
    return sweepShares(amount, distances);
  }
}

/** Dodge successes of a target's defence (0 without a dodge). */
export function dodgeSuccesses(target: AttackTarget): number {
  return target.defence?.kind === "dodge" ? countSuccesses(target.defence.faces).successes : 0;
}

/**
 * The damage arriving at one target's layers, or null when none does:
 * - direct: the faces left after the defence, against the target's `#S`, at the mode's HP/SM plus
 *   ammunition once ("Damage bonuses for ammunition are applied once per attack");
 * - sweep: its equal share ("divided equally between any objects within the swept area"), less
 *   one per dodge success ("subtracts the number of successes from the share of damage");
 * - area: the damage at its distance from the centre ("decreases by 1 at each range mark"), less
 *   one per dodge success.
 */
function incomingFor(card: AttackCard, index: number): IncomingDamage | null {
  const target = card.targets[index];
  if (!target) return null;
  if (card.mode === "direct") {
    const perSM = perSmOf(card.weapon);
    const outcome = directOutcome(card, target);
    if (!perSM || !outcome.hit) return null;
    const ammo = ammoEffectOf(card.ammo);
    return { kind: "roll", faces: outcome.faces, target: target.target, perSM, ...(ammo ? { ammo } : {}) };
  }
  if (card.mode === "sweep") {
    const total = sweepTotal(card);
    if (!total.length) return null;
    const damage = total
      .map((a) => ({ amount: shares(card, a.amount).shares[index] ?? 0, type: a.type }))
      .map((a) => ({ ...a, amount: dodgeReduction(a.amount, dodgeSuccesses(target)) }));
    const merged = mergeByType(damage);
    return merged.length ? { kind: "area", damage: merged } : null;
  }
  if (!card.weapon.area.trim() || target.metres === null) return null;
  let spec: AreaDamageSpec;
  try {
    spec = parseAreaDamage(card.weapon.area);
  } catch {
    return null;
  }
  const amount = dodgeReduction(areaDamage(spec, target.metres), dodgeSuccesses(target));
  return amount > 0 ? { kind: "area", damage: [{ amount, type: spec.type }] } : null;
}

/** The resolution of one target's damage through its layers (null when no damage arrives). */
function resolveTargetDamage(
  card: AttackCard,
  index: number,
  defender: DefenderData,
  options: DamageLayerOptions = {},
): DamageResolution | null {
  const incoming = incomingFor(card, index);
  if (!incoming) return null;
  const assassinated = assassinatedRow(card, index);
  return resolveDamage(
    incoming,
    protectiveLayers(card.cover, defender),
    bodyLayer(defender),
    assassinated ? { ...options, sixesAgainst: ["armour"] } : options,
  );
}

/**
 * The row an assassination's armour bypass applies to: the watched actor's, in a direct attack
 * ("for that attack all successes bypass any armor as if they were sixes").
 */
function assassinatedRow(card: AttackCard, index: number): boolean {
  const a = card.assassination;
  return Boolean(a && card.mode === "direct" && card.targets[index]?.actorUuid === a.actorUuid);
}

/** A resolution as plain data for the card. */
function summarise(resolution: DamageResolution, incoming: DamageApplication[]): DamageSummary {
  return {
    hit: resolution.hit,
    incoming,
    layers: resolution.layers.map((l) => ({
      name: l.name ?? l.kind,
      kind: l.kind,
      absorbed: l.absorbed,
      hpDamage: l.hpDamage,
      ...(l.hpAfter !== undefined ? { hpAfter: l.hpAfter } : {}),
      bypassed: l.bypassed.filter((a) => a.amount > 0),
      passed: l.passed.filter((a) => a.amount > 0),
      transformed: l.transformed.map((t) => ({ ...t })),
    })),
    bodyIncoming: resolution.body.incoming.filter((a) => a.amount > 0),
    bodyAbsorbed: resolution.body.absorbed,
    taken: resolution.body.damageTaken,
    hpBefore: resolution.body.hpBefore,
    hpAfter: resolution.body.hpAfter,
    exToBind: resolution.exToBind,
    moribund: resolution.moribund,
  };
}

function incomingApplications(
  incoming: IncomingDamage | null,
  resolution: DamageResolution,
): DamageApplication[] {
  if (!incoming) return [];
  if (incoming.kind === "area") return mergeByType(incoming.damage);
  if (incoming.kind === "shares") return mergeByType([...incoming.direct, ...incoming.cover]);
  const first = resolution.layers[0];
  if (first) return mergeByType([...first.incoming, ...first.bypassed]);
  return mergeByType(resolution.body.incoming);
}

/** The preview of one target's damage (null when none arrives). */
export function damagePreview(
  card: AttackCard,
  index: number,
  defender: DefenderData,
  options: DamageLayerOptions = {},
): DamageSummary | null {
  const resolution = resolveTargetDamage(card, index, defender, options);
  if (!resolution) return null;
  return summarise(resolution, incomingApplications(incomingFor(card, index), resolution));
}

// ---- defence ----------------------------------------------------------------------------------------

/** Record a target's defence (or its taking the attack) and preview its damage. */
export function withDefence(
  card: AttackCard,
  index: number,
  defence: DefenceRecord | "take",
  defender: DefenderData,
  options: DamageLayerOptions = {},
): AttackCard {
  const targets = card.targets.map((t, i) => {
    if (i !== index) return t;
    const next: AttackTarget =
      defence === "take" ? { ...t, taken: true, defence: null } : { ...t, defence, taken: false };
    return next;
  });
  const next = { ...card, targets };
  const damage = damagePreview(next, index, defender, options);
  return { ...next, targets: next.targets.map((t, i) => (i === index ? { ...t, damage } : t)) };
}

// ---- applying damage and conditions --------------------------------------------------------------

/** Who the target is, and what it has now, for applying and undoing. */
export interface TargetNow {
  uuid: string;
  name: string;
  hp: number;
  ad: AdRoundState;
  statuses: readonly string[];
}

/** The conditions a success puts on this target: a grappling move's (by choice) or a grenade's. */
export function conditionsFor(card: AttackCard, index: number, choice = 0): StatusChange[] {
  const target = card.targets[index];
  if (!target) return [];
  if (card.weapon.grapple) {
    if (card.mode !== "direct" || !directOutcome(card, target).hit) return [];
    const choices = GRAPPLE_MOVES[card.weapon.grapple] ?? [];
    const chosen = choices[card.hold ? card.hold.choice : choice] ?? choices[0] ?? [];
    const statuses: StatusChange[] = chosen.map((c) => ({ id: c.id, active: true }));
    // Choke: "If continued for: 2 rounds, target has the Unconscious condition 3 rounds, target has
    // the Moribund condition 4 rounds, target dies".
    const choke = chokeOf(card);
    if (choke !== "immobilized") statuses.push({ id: "unconscious", active: true });
    if (choke === "moribund" || choke === "dead") statuses.push({ id: "moribund", active: true });
    return statuses;
  }
  if (card.mode === "area" && card.area?.condition) {
    const grenade = GRENADE_CONDITIONS.find((g) => g.name === card.area?.condition);
    if (!grenade || target.metres === null) return [];
    // A missed throw still goes off where it lands; the text gives it no SM (scattered SM 1).
    const outcome = resolveTest(card.faces, card.target);
    const rounds = grenadeConditionRounds(grenade, {
      sm: outcome.success ? outcome.margin : 0,
      metres: target.metres,
      dodgeSuccesses: dodgeSuccesses(target),
    });
    return rounds > 0 ? [{ id: grenade.condition, active: true, rounds }] : [];
  }
  return [];
}

/** What a Choke card has done (`chokeEffect` of the rounds it has been continued), or "immobilized". */
export function chokeOf(card: AttackCard): ChokeEffect {
  return card.weapon.grapple === "choke" && card.hold ? chokeEffect(card.hold.continued) : "immobilized";
}

/**
 * The hold this card's attacker may continue ("Some grappling moves are continuable"; "In Fast
 * Action, an actor must spend at least 1AD to explicitly maintain a continuous test each round"):
 * a continuable move that hit and was applied, not yet continued or released. The continuation
 * rolls the same pool against the move's `#C` and is contested again.
 */
export function holdOffer(card: AttackCard): { index: number; continuation: number; next: HoldState } | null {
  const continuation = card.weapon.continuation ?? 0;
  if (!card.weapon.grapple || continuation < 1 || card.mode !== "direct" || card.holdDone) return null;
  const index = card.targets.findIndex(
    (t) => t.applied && t.applied.conditions.length > 0 && directOutcome(card, t).hit,
  );
  if (index < 0) return null;
  const applied = card.targets[index]!.applied!;
  return {
    index,
    continuation,
    next: {
      from: null,
      continued: (card.hold?.continued ?? 0) + 1,
      choice: card.hold?.choice ?? applied.choice ?? 0,
    },
  };
}

/**
 * What ends a hold: "If this test fails to meet the necessary continuation target (# C) or the actor
 * chooses not to maintain it, then the test and its effects end". The move's own conditions come
 * off the target (a Choke's Unconscious or Moribund, once suffered, stay).
 */
export function releaseChange(card: AttackCard, index: number, now: TargetNow): DocumentChange | null {
  if (!card.weapon.grapple) return null;
  const choices = GRAPPLE_MOVES[card.weapon.grapple] ?? [];
  const choice = card.hold?.choice ?? card.targets[index]?.applied?.choice ?? 0;
  const ids = new Set((choices[choice] ?? choices[0] ?? []).map((c) => c.id));
  const statuses: StatusChange[] = [...ids]
    .filter((id) => now.statuses.includes(id))
    .map((id) => ({ id, active: false }));
  return statuses.length ? { uuid: now.uuid, name: now.name, statuses } : null;
}

/** A continuation whose roll did not hold (missed, or its target resisted): the hold ends. */
export function holdBroken(card: AttackCard, index: number): boolean {
  const target = card.targets[index];
  return Boolean(card.hold && target && settled(card, target) && !directOutcome(card, target).hit);
}

/** The body parts a grappling move's choice immobilises (for the condition's details). */
function immobilizedParts(card: AttackCard, choice: number): BodyPart[] | null {
  if (!card.weapon.grapple) return null;
  const chosen = (GRAPPLE_MOVES[card.weapon.grapple] ?? [])[choice] ?? [];
  const immobilized = chosen.find((c) => c.id === "immobilized");
  return immobilized ? [...(immobilized.parts ?? [])] : null;
}

/** What applying one target's damage and conditions changes, and the record an Undo needs. */
interface ApplyPlan {
  changes: DocumentChange[];
  record: AppliedRecord;
}

/**
 * Apply one target's damage: HP after the layers (never below 0), 1 EX bound when the blow
 * exceeds TUF (+ Pain Tolerance) (`bindEX`: unspent dice first), Moribund below 1 HP ("When an
 * actor's HP is reduced below 1, they receive the Moribund condition"), and the move's or
 * grenade's conditions. Values are set from the target's current state, so a GM applying a
 * pending change later applies the same numbers; the before-state is kept for Undo. A blow that
 * sets off Desperate Rally (`rally`: the world's trigger) records the EX the rally unbinds (the
 * actor's update unbinds them, `desperateRallyUpdate`), so Undo can bind them again.
 */
export function planApply(
  card: AttackCard,
  index: number,
  defender: DefenderData,
  now: TargetNow,
  options: DamageLayerOptions = {},
  choice = 0,
  rally: DesperateRallyOptions = {},
): ApplyPlan | null {
  const target = card.targets[index];
  if (!target || target.applied) return null;
  const resolution = resolveTargetDamage(card, index, { ...defender, hp: now.hp, ad: now.ad }, options);
  const summary = resolution
    ? summarise(resolution, incomingApplications(incomingFor(card, index), resolution))
    : null;
  const statuses = conditionsFor(card, index, choice);
  if (!summary && !statuses.length) return null;
  const set: Record<string, unknown> = {};
  let adAfter = now.ad;
  if (summary) {
    if (summary.hpAfter !== now.hp) set["system.hp.value"] = summary.hpAfter;
    if (summary.exToBind > 0) adAfter = bindEX(now.ad, summary.exToBind).state;
    if (summary.moribund && !now.statuses.includes("moribund"))
      statuses.push({ id: "moribund", active: true });
  }
  const parts = immobilizedParts(card, choice);
  if (parts && parts.length && statuses.some((s) => s.id === "immobilized"))
    set[`${versesFlagPath("conditions")}.immobilized.parts`] = parts;
  const ad = adChange(now, now.ad, adAfter);
  const rallied =
    summary !== null && desperateRallyUnbindsAll(now.hp, summary.hpAfter, defender.abilities, rally);
  const change: DocumentChange = {
    uuid: now.uuid,
    name: now.name,
    ...(Object.keys(set).length || ad?.set ? { set: { ...set, ...(ad?.set ?? {}) } } : {}),
    ...(statuses.length ? { statuses } : {}),
  };
  return {
    changes: [change],
    record: {
      before: { hp: now.hp, ad: now.ad, statuses: [...now.statuses] },
      after: { hp: summary ? summary.hpAfter : now.hp, ad: adAfter },
      summary,
      conditions: statuses.map((s) => s.id),
      ...(card.weapon.grapple ? { choice } : {}),
      pending: false,
      ...(rallied ? { rally: { unbound: Math.max(0, adAfter.exBound) } } : {}),
    },
  };
}

/** A count the card recorded, as a whole number of at least 0 (a forged record counts nothing). */
const count = (v: unknown): number =>
  typeof v === "number" && Number.isFinite(v) ? Math.max(0, Math.floor(v)) : 0;

/**
 * Undo an applied target, as amounts: the HP the blow took are given back (never above `hpMax`),
 * the EX it bound are unbound (they return as unspent AD), and the conditions the apply switched
 * on (that the target did not have before) come off. Whatever happened to the target since, a
 * later blow or a rest, stays: Undo takes back only this card's own change. When the blow set off
 * Desperate Rally, the rally already unbound the blow's own EX; {@link planRallyRebind} then binds
 * again those bound before it.
 */
export function planUndo(
  card: AttackCard,
  index: number,
  now: TargetNow,
  hpMax: number,
): DocumentChange | null {
  const target = card.targets[index];
  const applied = target?.applied;
  if (!target || !applied) return null;
  const hpAfter = applied.after?.hp ?? applied.summary?.hpAfter ?? applied.before.hp;
  const taken = count(count(applied.before.hp) - count(hpAfter));
  const bound = applied.after
    ? count(count(applied.after.ad.exBound) - count(applied.before.ad.exBound))
    : count(applied.summary?.exToBind);
  const add = taken > 0 ? [{ path: "system.hp.value", delta: taken, min: 0, max: Math.max(0, hpMax) }] : [];
  const ad = undoAd(now, bound, applied);
  const statuses: StatusChange[] = applied.conditions
    .filter((id) => !applied.before.statuses.includes(id) && now.statuses.includes(id))
    .map((id) => ({ id: id as ConditionId, active: false }));
  if (!add.length && !ad && !statuses.length) return null;
  return {
    uuid: now.uuid,
    name: now.name,
    ...(add.length ? { add } : {}),
    ...(ad?.set ? { set: ad.set } : {}),
    ...(statuses.length ? { statuses } : {}),
  };
}

/**
 * Undo's AD change: the blow's own EX unbound; after a Desperate Rally, which already unbound them
 * with the rest, nothing (the rest are bound again by {@link planRallyRebind}).
 */
function undoAd(now: TargetNow, bound: number, applied: AppliedRecord) {
  if (applied.rally) return null;
  return bound > 0 ? adChange(now, now.ad, unbindEX(now.ad, Math.min(bound, now.ad.exBound)).state) : null;
}

/**
 * The second step of undoing a blow that set off Desperate Rally, made once the HP and conditions
 * are back (a Moribund actor has no AD pool to bind in): the EX the rally unbound, less the blow's
 * own, are bound again (`bindEX`, unspent dice first), as an amount on the target as it stands, and
 * never more than were bound before the blow (a forged record binds no more). Null without a rally.
 */
export function planRallyRebind(applied: AppliedRecord, now: TargetNow): DocumentChange | null {
  if (!applied.rally) return null;
  const bound = applied.after
    ? count(count(applied.after.ad.exBound) - count(applied.before.ad.exBound))
    : count(applied.summary?.exToBind);
  const rebind = Math.min(count(count(applied.rally.unbound) - bound), count(applied.before.ad.exBound));
  return rebind > 0 ? adChange(now, now.ad, bindEX(now.ad, rebind).state) : null;
}

/**
 * The HP one applied blow took (its before and after HP on the card), for the maintenance of a
 * continuous test after a hit (Pain Tolerance: "if you are hit by an attack while maintaining a
 * Continuous Test and you take no HP damage, you do not have to make a maintenance roll").
 */
export function hpLostBy(applied: AppliedRecord): number {
  const after = applied.after?.hp ?? applied.summary?.hpAfter ?? applied.before.hp;
  return count(count(applied.before.hp) - count(after));
}
