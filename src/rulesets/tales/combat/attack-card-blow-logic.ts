/**
 * The blow an attack card offers once its defence is rolled, Foundry-free: who deals it (the attacker
 * on a hit or a successful Block, the defender when a counter-attack lands), with which weapon (the
 * attack's, or the one the defender countered with; none: bare hands), the margin and the shifts it
 * buys; the striker's choice of rows read lower against extra location dice ("For every three points
 * that the attack roll beats the defence, either roll an extra d6 for damage location ... or read the
 * wound one line lower"); Entangle ("After a successful hit, the user of this weapon may choose remove
 * an action from their victim rather than dealing damage"); and the card's lines for an entanglement and
 * a Fragile weapon broken on a Parry ("If used to parry this weapon breaks after the first block").
 */
import { damageShifts } from "../rules";
import { ATTACK_ACTIONS, ATTACK_KEY, type AttackCard, type WeaponRef } from "./attack-card-logic";

type Localize = (key: string, data?: Record<string, string>) => string;

/** Who strikes: the attacker (a hit, a successful Block) or the defender (a counter-attack that lands). */
export type Striker = "attacker" | "defender";

/** The blow a card offers, while none is dealt. */
export interface BlowOffer {
  striker: Striker;
  /** The striker's weapon (null: bare hands, a counter-attack without a weapon). */
  weapon: WeaponRef | null;
  margin: number;
  /** Every full three of the margin: a row lower or an extra location die each. */
  shifts: number;
  /** A successful Block: damage at half strength, and no hit to entangle with. */
  blocked: boolean;
}

/** Whether the card's blow is dealt already (damage rolled, or the victim entangled). */
export const blowDealt = (card: AttackCard): boolean => Boolean(card.damageMessageId || card.entangled);

/** The blow the card offers, or null (no defence yet, nothing lands, or the blow is dealt). */
export function blowOffer(card: AttackCard): BlowOffer | null {
  const offer = card.defence?.damage;
  if (!offer || !card.target || blowDealt(card)) return null;
  if (offer.to === "target")
    return {
      striker: "attacker",
      weapon: card.weapon,
      margin: offer.margin,
      shifts: offer.blocked ? 0 : damageShifts(offer.margin),
      blocked: offer.blocked,
    };
  // A card from before counter-attacks dealt damage names no weapon: it offers none.
  if (card.defence?.weapon === undefined) return null;
  return {
    striker: "defender",
    weapon: card.defence.weapon,
    margin: offer.margin,
    shifts: damageShifts(offer.margin),
    blocked: false,
  };
}

/** Why a blow's choice is refused (i18n key tails under `Attack.Refused`). */
export type BlowProblem = "TooManyRows" | "NotAHit" | "NoEntangle";

/** The rows read lower the striker may ask for: 0 to the shifts, the rest as extra location dice. */
export function checkRowShifts(offer: BlowOffer, rowShifts: number): BlowProblem | null {
  return Number.isInteger(rowShifts) && rowShifts >= 0 && rowShifts <= offer.shifts ? null : "TooManyRows";
}

/** Whether the striker may entangle instead: a hit (not a Block) with an Entangle weapon. */
export function checkEntangle(offer: BlowOffer, weaponEntangles: boolean): BlowProblem | null {
  if (offer.blocked) return "NotAHit";
  return weaponEntangles ? null : "NoEntangle";
}

/**
 * The choices of rows against dice: "1 row lower, 1 extra die" for each split of the shifts. A striker
 * with Deathdealer ("May always roll an extra die when dealing damage") rolls one extra die more
 * whatever the split (damage-card-logic.ts `damageDice`): the labels count it.
 */
export function rowShiftChoices(
  shifts: number,
  localize: Localize,
  deathdealer = false,
): { value: number; label: string }[] {
  const out: { value: number; label: string }[] = [];
  for (let rows = 0; rows <= shifts; rows++)
    out.push({
      value: rows,
      label: localize(`${ATTACK_KEY}.Blow.Split`, {
        rows: String(rows),
        dice: String(shifts - rows + (deathdealer ? 1 : 0)),
      }),
    });
  return out;
}

/** What this reader may do with the blow (worked out from the documents by the Foundry side). */
export interface BlowReader {
  /** The reader owns the striker (or is the GM). */
  strike: boolean;
  /** The striker's weapon has Entangle. */
  entangles: boolean;
  /** The reader owns the weapon broken on this card's Parry (or is the GM). */
  mend: boolean;
  /** The striker has Deathdealer: one location die more (absent: not known, none counted). */
  deathdealer?: boolean;
}

const weaponName = (weapon: WeaponRef | null, localize: Localize) =>
  weapon ? weapon.name : localize(`${ATTACK_KEY}.Unarmed`);

/** The card's blow: the striker's buttons and choice, and what was dealt or broken. */
export function blowContext(card: AttackCard, localize: Localize, reader: BlowReader | null) {
  const offer = blowOffer(card);
  const d = card.defence;
  const striker = offer?.striker === "defender" ? card.target?.name : card.attacker.name;
  const victim = offer?.striker === "defender" ? card.attacker.name : card.target?.name;
  const entangle = offer && reader?.entangles && !checkEntangle(offer, true);
  const strike = offer
    ? {
        prompt:
          offer.striker === "defender"
            ? localize(`${ATTACK_KEY}.Blow.Counter`, {
                name: striker ?? "",
                weapon: weaponName(offer.weapon, localize),
              })
            : "",
        rows:
          reader?.strike && offer.shifts > 0
            ? {
                label: localize(
                  `${ATTACK_KEY}.Blow.${reader.deathdealer ? "RowsLabelDeathdealer" : "RowsLabel"}`,
                  {
                    shifts: String(offer.shifts),
                  },
                ),
                options: rowShiftChoices(offer.shifts, localize, reader.deathdealer ?? false),
              }
            : null,
        damage: { action: ATTACK_ACTIONS.damage, label: localize(`${ATTACK_KEY}.RollDamage`) },
        entangle: entangle
          ? {
              action: ATTACK_ACTIONS.entangle,
              label: localize(`${ATTACK_KEY}.Blow.Entangle`),
              title: localize(`${ATTACK_KEY}.Blow.EntangleHint`, { name: victim ?? "" }),
            }
          : null,
      }
    : null;
  const counterLanded = d?.damage?.to === "attacker";
  const entangledVictim = counterLanded ? card.attacker.name : (card.target?.name ?? "");
  return {
    strike,
    entangled: card.entangled
      ? localize(`${ATTACK_KEY}.Blow.${card.entangled.removed ? "Entangled" : "EntangledNoDie"}`, {
          name: entangledVictim,
        })
      : "",
    broke:
      d?.broke && d.weapon
        ? localize(`${ATTACK_KEY}.Blow.${d.broke === "broken" ? "Broke" : "Mended"}`, {
            weapon: d.weapon.name,
          })
        : "",
    mend:
      d?.broke === "broken" && reader?.mend
        ? { action: ATTACK_ACTIONS.mend, label: localize(`${ATTACK_KEY}.Blow.Mend`) }
        : null,
  };
}
