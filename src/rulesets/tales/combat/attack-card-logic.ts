/**
 * The `tales-attack` card without Foundry: its state (the attacker's roll; the defence the target's
 * owner chose, its die and the outcome; the damage card rolled from it), its shape (refused by the model
 * when broken), and its template context (`localize` passed in).
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import type { RangeBand } from "../rules";
import type { DamageOffer, DefenceChoice } from "./attack-logic";

export const ATTACK_CARD = { type: "tales-attack", flag: "talesAttack" } as const;
export const ATTACK_OP = "tales.attack.op";
export const ATTACK_ACTIONS = { defend: "tales.attack.defend", damage: "tales.attack.damage" } as const;
export const DEFENCE_CHOICES: readonly DefenceChoice[] = [
  "block",
  "dodge",
  "parry",
  "counter",
  "sustained",
  "none",
];
const BANDS: readonly (RangeBand | null)[] = ["close", "medium", "long", null];

export interface AttackRoll {
  /** Attribute + skill (at the wound level) + the weapon's modifier + aim − Auto bullets. */
  bonus: number;
  face: number;
  ranged: boolean;
  band: RangeBand | null;
  aim: number;
  autoBullets: number;
  clumsy: boolean;
  /** A Spray fired at several targets (a card each, the same die): the victims; absent for one. */
  sprayVictims?: number;
}

export interface DefenceRecord {
  choice: DefenceChoice;
  /** The defence's total (opposed, counter) or the difficulty (dynamic), before its die. */
  value: number;
  mode: "dynamic" | "opposed" | "counter";
  face: number;
  hit: boolean;
  counterHit: boolean;
  margin: number;
  shifts: number;
  damage: DamageOffer;
}

export interface AttackCard {
  attacker: { actorUuid: string; name: string };
  weapon: { itemUuid: string; name: string };
  target: { actorUuid: string; name: string } | null;
  attack: AttackRoll;
  defence: DefenceRecord | null;
  /** The damage card rolled from this attack, once. */
  damageMessageId: string | null;
}

/** Why an attack card's state breaks its shape (empty when it does not). */
export function attackCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the card must be a record"];
  const ref = (v: unknown, key: string, what: string, optional = false) => {
    if (optional && v === null) return;
    if (!isCardRecord(v)) return p.check(false, `${what} must be a record`);
    p.text(v[key], `${what}.${key}`);
    p.text(v.name, `${what}.name`);
  };
  ref(card.attacker, "actorUuid", "attacker");
  ref(card.weapon, "itemUuid", "weapon");
  ref(card.target, "actorUuid", "target", true);
  const a = card.attack;
  if (!isCardRecord(a)) p.check(false, "attack must be a record");
  else {
    p.whole(a.bonus, "attack.bonus", -50, 100);
    p.whole(a.face, "attack.face", 1, 6);
    p.check(typeof a.ranged === "boolean", "attack.ranged must be true or false");
    p.oneOf(a.band, BANDS, "attack.band");
    p.whole(a.aim, "attack.aim", 0, 2);
    p.whole(a.autoBullets, "attack.autoBullets", 0, 50);
    p.check(typeof a.clumsy === "boolean", "attack.clumsy must be true or false");
    if (a.sprayVictims !== undefined) p.whole(a.sprayVictims, "attack.sprayVictims", 1, 20);
  }
  const d = card.defence;
  if (d !== null && d !== undefined) {
    if (!isCardRecord(d)) p.check(false, "defence must be a record");
    else {
      p.oneOf(d.choice, DEFENCE_CHOICES, "defence.choice");
      p.oneOf(d.mode, ["dynamic", "opposed", "counter"], "defence.mode");
      p.whole(d.value, "defence.value", -50, 100);
      p.whole(d.face, "defence.face", 1, 6);
      p.whole(d.margin, "defence.margin", -100, 100);
      p.whole(d.shifts, "defence.shifts", 0, 50);
      p.check(
        typeof d.hit === "boolean" && typeof d.counterHit === "boolean",
        "defence.hit must be true or false",
      );
      const o = d.damage;
      if (o !== null) {
        if (!isCardRecord(o)) p.check(false, "defence.damage must be a record");
        else {
          p.oneOf(o.to, ["target", "attacker"], "defence.damage.to");
          p.whole(o.margin, "defence.damage.margin", 0, 100);
          if (o.to === "target")
            p.check(typeof o.blocked === "boolean", "defence.damage.blocked must be true or false");
        }
      }
    }
  }
  if (card.damageMessageId !== null) p.text(card.damageMessageId, "damageMessageId");
  return p.list;
}

type Localize = (key: string, data?: Record<string, string>) => string;
export const ATTACK_KEY = "POLYVERSE.Tales.Combat.Attack";

/** The template context; `choices` are the defences open to the target (its owner's view), or null. */
export function attackCardContext(
  card: AttackCard,
  localize: Localize,
  choices: { defence: DefenceChoice; open: boolean; cost: number }[] | null,
) {
  const a = card.attack;
  const d = card.defence;
  const notes = [
    a.band ? localize(`${ATTACK_KEY}.Band.${a.band}`) : "",
    a.aim ? localize(`${ATTACK_KEY}.Aim`, { aim: String(a.aim) }) : "",
    a.autoBullets ? localize(`${ATTACK_KEY}.Auto`, { bullets: String(a.autoBullets) }) : "",
    a.sprayVictims && a.sprayVictims > 1
      ? localize("POLYVERSE.Tales.AttackDialog.Card.Spray", { victims: String(a.sprayVictims) })
      : "",
  ].filter(Boolean);
  const outcome = d
    ? localize(
        d.hit
          ? `${ATTACK_KEY}.Hit`
          : d.counterHit
            ? `${ATTACK_KEY}.CounterHit`
            : d.damage
              ? `${ATTACK_KEY}.Blocked`
              : `${ATTACK_KEY}.Miss`,
        { margin: String(d.margin), shifts: String(d.shifts) },
      )
    : "";
  const offered = d?.damage?.to === "target" && card.target && !card.damageMessageId;
  return {
    title: localize(`${ATTACK_KEY}.Title`, { attacker: card.attacker.name, weapon: card.weapon.name }),
    roll: localize(`${ATTACK_KEY}.Roll`, {
      bonus: String(a.bonus),
      face: String(a.face),
      total: String(a.bonus + a.face),
    }),
    notes: notes.join(" · "),
    attackDie: a.face,
    target: card.target ? localize(`${ATTACK_KEY}.Target`, { name: card.target.name }) : "",
    defence: d
      ? localize(`${ATTACK_KEY}.Defence.Line`, {
          defence: localize(`${ATTACK_KEY}.Defence.${d.choice}`),
          value: String(d.value),
          face: String(d.face),
          total: String(d.value + d.face),
        })
      : "",
    defenceDie: d?.face ?? null,
    outcome,
    outcomeCss: d ? (d.hit ? "success" : d.counterHit ? "failure" : "miss") : "",
    defend:
      !d && card.target && choices
        ? {
            action: ATTACK_ACTIONS.defend,
            label: localize(`${ATTACK_KEY}.Defend`),
            prompt: localize(`${ATTACK_KEY}.DefendPrompt`, { name: card.target.name }),
            options: choices
              .filter((c) => c.open)
              .map((c) => ({
                value: c.defence,
                label: localize(`${ATTACK_KEY}.Defence.Option`, {
                  defence: localize(`${ATTACK_KEY}.Defence.${c.defence}`),
                  cost: String(c.cost),
                }),
              })),
          }
        : null,
    damage: offered ? { action: ATTACK_ACTIONS.damage, label: localize(`${ATTACK_KEY}.RollDamage`) } : null,
  };
}
