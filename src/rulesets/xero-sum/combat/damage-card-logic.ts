/**
 * The `xero-sum-damage` card without Foundry: its state, its shape (refused by the model when broken),
 * the blow worked out from the weapon and the dice (rules `rollDamage`: base + dice, + PHY for melee
 * and fists' Unarmed SMod, RP by the weapon's percentage, Subdue, Stunned), the rows it hits (the
 * target, and the splash of Blast Radius by band or Close-Up at Engaged: rules `blastDamage`,
 * `closeUpDamage`), Burning (rules `burning`), and per row what Apply does (rules `applyHarm`: 0 RP
 * incapacitates, 0 WP mortally wounds, the Panic and Lasting Wound checks it calls for; a stun's
 * incapacitation, `stunnedRounds`) and what Undo restores: exactly this row's change, only while the
 * target's health is still what Apply left.
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import {
  RANGE_BANDS,
  applyHarm,
  blastDamage,
  burning,
  characteristicValue,
  closeUpDamage,
  d3FromD6,
  incapacitate,
  parseDamageDice,
  rollDamage,
  stunnedRounds,
  type Band,
  type D3Mode,
  type Harm,
  type HealthEvents,
  type HealthState,
  type PanicTrigger,
  type RangeBand,
  type WeaponLike,
} from "../rules";

export const DAMAGE_CARD = { type: "xero-sum-damage", flag: "xeroSumDamage" } as const;
export const DAMAGE_OP = "xero-sum.damage.op";
export const DAMAGE_BUTTONS = {
  apply: "xero-sum.damage.apply",
  undo: "xero-sum.damage.undo",
  panic: "xero-sum.damage.panic",
  lastingWound: "xero-sum.damage.lastingWound",
} as const;

export type RowKind = "target" | "blast" | "closeUp";

/** What Apply did to a row's actor. */
export interface AppliedRecord {
  before: HealthState;
  after: HealthState;
  events: Pick<HealthEvents, "incapacitated" | "mortallyWounded" | "lastingWoundCheck" | "panicCheck">;
  /** Rounds of the stun's incapacitation (0 for none). */
  stunned: number;
}

export interface DamageRow {
  actorUuid: string;
  name: string;
  kind: RowKind;
  /** The band from the target (the target itself: Engaged). */
  band: RangeBand;
  harm: Harm;
  applied: AppliedRecord | null;
  /** The checks Apply called for that the row's owner has rolled ("panic", "lastingWound"). */
  checked?: RowCheck[];
}

export type RowCheck = "panic" | "lastingWound";

export interface DamageCard {
  attacker: { actorUuid: string; name: string };
  weapon: { itemUuid: string; name: string; key: string };
  /** The attack card it was rolled from. */
  attackMessageId: string;
  subdue: boolean;
  /** The attack's band: a Wild Success stuns with a Stunned weapon. */
  attackBand: Band;
  /** The damage dice as rolled (d6 faces; a d3 is read from its d6 by the d3Mode setting). */
  faces: number[];
  /** The faces as the rules read them (a d3 from its d6). */
  read: number[];
  /** The stun's d6 and Burning's d6 (its d3 of rounds), when the weapon has them. */
  stunD6: number | null;
  burnD6: number | null;
  /** The blow as worked out when rolled. */
  rolled: number;
  harm: Harm;
  burning: { perRound: number; rounds: number } | null;
  rows: DamageRow[];
}

/** A weapon as the blow reads it. */
export type DamageWeapon = Pick<WeaponLike, "key" | "category" | "damage" | "rpPercent" | "characteristics">;

/** What the blow's dice are: how many d6 to roll for the damage, and whether a stun/burn die is rolled. */
export function damageDiceOf(weapon: DamageWeapon, brassKnuckles: "fistsPlusOne" | "one") {
  const fists =
    weapon.key === "fists" || (weapon.key === "brassKnuckles" && brassKnuckles === "fistsPlusOne");
  const dice = fists ? { count: 1, sides: 3 as const } : parseDamageDice(weapon.damage?.dice ?? "");
  return {
    count: dice?.count ?? 0,
    sides: dice?.sides ?? 6,
    stun: characteristicValue(weapon, "stunned") !== null,
    burn: characteristicValue(weapon, "burning") !== null,
  };
}

/** The faces the rules read from the d6s rolled: d3s per `d3Mode`. */
export function readFaces(faces: readonly number[], sides: 3 | 6, d3Mode: D3Mode): number[] {
  return sides === 3 ? faces.map((f) => d3FromD6(f, d3Mode)) : [...faces];
}

/** What the blow needs besides the weapon and the dice. */
export interface BlowInput {
  phy: number;
  unarmedSkill: number;
  subdue: boolean;
  /** The target's DM with its bonus (for dmReducesDamage). */
  defence: number;
  d3Mode: D3Mode;
  brassKnuckles: "fistsPlusOne" | "one";
  dmReducesDamage: boolean;
}

/**
 * The blow from the weapon and the d6s rolled: the primary target's harm (the DM taken off with
 * dmReducesDamage) and the harm before the DM that splash scales. Null when the rules refuse it.
 */
export function blowOf(weapon: DamageWeapon, faces: readonly number[], input: BlowInput) {
  const dice = damageDiceOf(weapon, input.brassKnuckles);
  if (faces.length !== dice.count || faces.some((f) => !Number.isInteger(f) || f < 1 || f > 6)) return null;
  const read = readFaces(faces, dice.sides, input.d3Mode);
  const base = {
    weapon: weapon as Pick<WeaponLike, "key" | "category" | "damage" | "rpPercent" | "characteristics">,
    faces: read,
    phy: input.phy,
    unarmedSkill: input.unarmedSkill,
    subdue: input.subdue,
  };
  const options = { d3Mode: input.d3Mode, brassKnuckles: input.brassKnuckles };
  const raw = rollDamage(base, { ...options, dmReducesDamage: false });
  const target = rollDamage(
    { ...base, defence: input.defence },
    { ...options, dmReducesDamage: input.dmReducesDamage },
  );
  if (!raw.ok || !target.ok) return null;
  const harm = (r: typeof raw.value): Harm => ({
    woundPoints: r.woundPoints,
    resiliencePoints: r.resiliencePoints,
  });
  return {
    read,
    rolled: raw.value.rolled,
    splashBase: harm(raw.value),
    harm: harm(target.value),
    stuns: raw.value.stuns,
  };
}

/** Burning (X) for the d3 of rounds read from its d6; null for a weapon without it. */
export function burningOf(weapon: DamageWeapon, burnD6: number | null, d3Mode: D3Mode) {
  const x = characteristicValue(weapon, "burning");
  if (x === null || burnD6 === null) return null;
  const b = burning(x, d3FromD6(burnD6, d3Mode), d3Mode);
  return { perRound: b.perRound.woundPoints, rounds: b.rounds };
}

/** Someone near the target, with the band from the target. */
export interface Bystander {
  actorUuid: string;
  name: string;
  band: RangeBand;
}

/**
 * The card's rows: the target, then (Blast Radius) everyone within Medium of it by band, or (Close-Up)
 * everyone Engaged with it at 50 %. Rows that take nothing are left out.
 */
export function damageRows(
  weapon: DamageWeapon,
  target: { actorUuid: string; name: string },
  harm: Harm,
  splashBase: Harm,
  bystanders: readonly Bystander[],
): DamageRow[] {
  const rows: DamageRow[] = [{ ...target, kind: "target", band: "engaged", harm, applied: null }];
  const blast = characteristicValue(weapon, "blastRadius") !== null;
  const closeUp = characteristicValue(weapon, "closeUp") !== null;
  for (const b of bystanders) {
    if (b.actorUuid === target.actorUuid || rows.some((r) => r.actorUuid === b.actorUuid)) continue;
    const splash = blast
      ? blastDamage(splashBase, b.band)
      : closeUp && b.band === "engaged"
        ? closeUpDamage(splashBase)
        : null;
    if (!splash || (splash.woundPoints === 0 && splash.resiliencePoints === 0)) continue;
    rows.push({
      actorUuid: b.actorUuid,
      name: b.name,
      kind: blast ? "blast" : "closeUp",
      band: b.band,
      harm: splash,
      applied: null,
    });
  }
  return rows;
}

/** What Apply reads of a row's actor. */
export interface ApplyInput {
  now: HealthState;
  phy: number;
  maxRp: number;
  panicTrigger: PanicTrigger;
  /** The primary target of a Stunned weapon's Wild Success: the stun's d6. */
  stunD6: number | null;
}

/** Apply one row: the harm (rules `applyHarm`), then a stun's incapacitation. */
export function planApply(row: DamageRow, band: Band, input: ApplyInput): AppliedRecord {
  const { state, events } = applyHarm(input.now, row.harm, {
    phy: input.phy,
    maxRp: input.maxRp,
    panicTrigger: input.panicTrigger,
  });
  const stunned =
    row.kind === "target" && input.stunD6 !== null
      ? stunnedRounds({ band, d6: input.stunD6, phy: input.phy })
      : 0;
  const after = stunned > 0 ? incapacitate(state, stunned) : state;
  return {
    before: input.now,
    after,
    events: {
      incapacitated: events.incapacitated,
      mortallyWounded: events.mortallyWounded,
      lastingWoundCheck: events.lastingWoundCheck,
      panicCheck: events.panicCheck,
    },
    stunned: after.incapacitatedRounds > state.incapacitatedRounds ? stunned : 0,
  };
}

const HEALTH_KEYS = [
  "wp",
  "rp",
  "incapacitatedRounds",
  "mortallyWounded",
  "deathRounds",
  "stabilised",
  "wasMortallyWounded",
  "dead",
] as const;

export const sameHealth = (a: HealthState, b: HealthState): boolean =>
  HEALTH_KEYS.every((k) => a[k] === b[k]);

/** Undo a row: its `before`, only while the actor's health is still what Apply left (else null). */
export const planUndo = (applied: AppliedRecord, now: HealthState): HealthState | null =>
  sameHealth(applied.after, now) ? applied.before : null;

// ---------------------------------------------------------------- shape

function healthProblems(p: CardProblems, h: unknown, what: string): void {
  if (!isCardRecord(h)) return p.check(false, `${what} must be an object`);
  for (const k of ["wp", "rp", "incapacitatedRounds", "deathRounds"] as const)
    p.whole(h[k], `${what}.${k}`, 0, 999);
  for (const k of ["mortallyWounded", "stabilised", "wasMortallyWounded", "dead"] as const)
    p.oneOf(h[k], [true, false], `${what}.${k}`);
}

function harmProblems(p: CardProblems, h: unknown, what: string): void {
  if (!isCardRecord(h)) return p.check(false, `${what} must be an object`);
  p.whole(h.woundPoints, `${what}.woundPoints`, 0, 999);
  p.whole(h.resiliencePoints, `${what}.resiliencePoints`, 0, 999);
}

function rowProblems(p: CardProblems, row: unknown): void {
  if (!isCardRecord(row)) return p.check(false, "a row must be an object");
  p.text(row.actorUuid, "row.actorUuid");
  p.text(row.name, "row.name");
  p.oneOf(row.kind, ["target", "blast", "closeUp"], "row.kind");
  p.oneOf(row.band, RANGE_BANDS, "row.band");
  harmProblems(p, row.harm, "row.harm");
  if (row.checked !== undefined)
    p.entries(row.checked, "row.checked", 2, (c) => p.oneOf(c, ["panic", "lastingWound"], "a row's check"));
  const a = row.applied;
  if (a === null) return;
  if (!isCardRecord(a)) return p.check(false, "row.applied must be an object or null");
  healthProblems(p, a.before, "applied.before");
  healthProblems(p, a.after, "applied.after");
  p.whole(a.stunned, "applied.stunned", 0, 99);
  if (!isCardRecord(a.events)) return p.check(false, "applied.events must be an object");
  p.whole(a.events.incapacitated, "events.incapacitated", 0, 99);
  for (const k of ["mortallyWounded", "lastingWoundCheck", "panicCheck"] as const)
    p.oneOf(a.events[k], [true, false], `events.${k}`);
}

/** Why a damage card's state breaks its shape (empty when it does not). */
export function damageCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the card must be an object"];
  for (const [k, id] of [
    ["attacker", "actorUuid"],
    ["weapon", "itemUuid"],
  ] as const) {
    const v = card[k];
    if (!isCardRecord(v)) p.check(false, `${k} must be an object`);
    else {
      p.text(v[id], `${k}.${id}`);
      p.text(v.name, `${k}.name`);
    }
  }
  if (isCardRecord(card.weapon)) p.text(card.weapon.key, "weapon.key");
  p.text(card.attackMessageId, "attackMessageId");
  p.oneOf(card.subdue, [true, false], "subdue");
  p.oneOf(card.attackBand, ["dire-failure", "failure", "success", "wild-success"], "attackBand");
  p.entries(card.faces, "faces", 9, (f) => p.whole(f, "a face", 1, 6));
  p.entries(card.read, "read", 9, (f) => p.whole(f, "a face read", 0, 6));
  p.whole(card.stunD6, "stunD6", 1, 6, true);
  p.whole(card.burnD6, "burnD6", 1, 6, true);
  p.whole(card.rolled, "rolled", 0, 999);
  harmProblems(p, card.harm, "harm");
  if (card.burning !== null) {
    if (!isCardRecord(card.burning)) p.check(false, "burning must be an object or null");
    else {
      p.whole(card.burning.perRound, "burning.perRound", 0, 99);
      p.whole(card.burning.rounds, "burning.rounds", 0, 9);
    }
  }
  p.entries(card.rows, "rows", 40, (r) => rowProblems(p, r));
  return p.list;
}
