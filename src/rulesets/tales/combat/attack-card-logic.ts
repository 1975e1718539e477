/**
 * The `tales-attack` card without Foundry: its state (the attacker's roll; the defence the target's
 * owner chose, its die and the outcome; the damage card rolled from it), its shape (refused by the model
 * when broken), and its template context (`localize` passed in).
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import type { RollPart, TalesAttackOptions } from "../rolls/roll-logic";
import type { AttributeKey, RangeBand, SkillKey, WoundLevel } from "../rules";
import type { DamageOffer, DefenceChoice, DefenceOption, DodgeRangedRoll } from "./attack-logic";

export const ATTACK_CARD = { type: "tales-attack", flag: "talesAttack" } as const;
export const ATTACK_OP = "tales.attack.op";
export const ATTACK_ACTIONS = {
  defend: "tales.attack.defend",
  damage: "tales.attack.damage",
  entangle: "tales.attack.entangle",
  mend: "tales.attack.mend",
} as const;
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
  /**
   * The defence's total (opposed, counter) or the difficulty (dynamic), before its die: what the attack
   * was resolved against (after a Dodge of a ranged attack, the higher of the two rolls).
   */
  value: number;
  mode: "dynamic" | "opposed" | "counter";
  face: number;
  /** A Dodge against a ranged attack: the dodge's roll and the range's, the higher standing. */
  dodgeRanged?: DodgeRangedRoll;
  /** Undefended against a Martial Arts attack, whose difficulty is the victim's Mental (lower than its Physical). */
  mental?: boolean;
  hit: boolean;
  counterHit: boolean;
  margin: number;
  shifts: number;
  damage: DamageOffer;
  /** The defender's weapon a Parry or a counter-attack used (null: a counter-attack with bare hands). */
  weapon?: WeaponRef | null;
  /** A Fragile weapon broke on this Parry ("broken"), or its break was undone since ("mended"). */
  broke?: "broken" | "mended" | null;
}

/** A weapon as a card names it. */
export interface WeaponRef {
  itemUuid: string;
  name: string;
}

/** The blow dealt as an entanglement instead of damage: whether the victim lost an action die. */
export interface EntangledRecord {
  removed: boolean;
}

export interface AttackCard {
  attacker: { actorUuid: string; name: string };
  weapon: { itemUuid: string; name: string };
  target: { actorUuid: string; name: string } | null;
  attack: AttackRoll;
  defence: DefenceRecord | null;
  /** The damage card rolled from this attack, once. */
  damageMessageId: string | null;
  /** The striker's Entangle weapon took an action from the victim instead of dealing damage, once. */
  entangled?: EntangledRecord | null;
}

/** The attacker's numbers the attack's die is rolled with (the Foundry side reads them off the documents). */
export interface AttackRollSetup {
  weapon: string;
  attribute: AttributeKey;
  skill: SkillKey;
  wound: WoundLevel;
  /** The attribute and skill at the wound level. */
  attributeValue: number;
  skillValue: number;
  /** The weapon's Modifier, the aim allowed, Auto's −1 per extra bullet. */
  weaponModifier: number;
  aim: number;
  autoModifier: number;
  clumsy: boolean;
}

const PART = "POLYVERSE.Tales.Combat.AttackRoll.Part";

/** The attack's die set-up (a `TalesRoll`'s options): the bonus and each modifier that is not 0. */
export function attackRollOptions(s: AttackRollSetup): TalesAttackOptions {
  const parts: RollPart[] = [
    { label: `${PART}.Weapon`, value: s.weaponModifier },
    { label: `${PART}.Aim`, value: s.aim },
    { label: `${PART}.Auto`, value: s.autoModifier },
  ].filter((p) => p.value !== 0);
  return {
    type: "attack",
    weapon: s.weapon,
    attribute: s.attribute,
    skill: s.skill,
    wound: s.wound,
    attributeValue: s.attributeValue,
    skillValue: s.skillValue,
    modifiers: parts,
    bonus: s.attributeValue + s.skillValue + parts.reduce((sum, p) => sum + p.value, 0),
    clumsy: s.clumsy,
  };
}

/**
 * Whether a card's attack agrees with its roll's options (a roll this system wrote for it): the same
 * bonus and Clumsy. A roll without options (a card posted before attack rolls had them) agrees.
 */
export function attackAgreesWithRoll(
  attack: AttackRoll,
  options: TalesAttackOptions | null | "none",
): boolean {
  if (options === "none") return true;
  return options !== null && options.bonus === attack.bonus && options.clumsy === attack.clumsy;
}

/** A Dodge of a ranged attack's two rolls, and the one the attack faced: the higher (not a dodge of 1). */
function dodgeRangedProblems(p: CardProblems, d: Record<string, unknown>): void {
  const r = d.dodgeRanged;
  if (!isCardRecord(r)) return p.check(false, "defence.dodgeRanged must be a record");
  p.whole(r.dodge, "defence.dodgeRanged.dodge", -50, 100);
  p.whole(r.dodgeFace, "defence.dodgeRanged.dodgeFace", 1, 6);
  p.whole(r.difficulty, "defence.dodgeRanged.difficulty", -50, 100);
  p.whole(r.difficultyFace, "defence.dodgeRanged.difficultyFace", 1, 6);
  p.check(typeof r.dodged === "boolean", "defence.dodgeRanged.dodged must be true or false");
  p.check(d.choice === "dodge" && d.mode === "dynamic", "defence.dodgeRanged is a Dodge's, dynamic");
  const [value, face] = r.dodged ? [r.dodge, r.dodgeFace] : [r.difficulty, r.difficultyFace];
  p.check(d.value === value && d.face === face, "defence.dodgeRanged must be the roll the attack faced");
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
      if (d.dodgeRanged !== undefined) dodgeRangedProblems(p, d);
      if (d.mental !== undefined)
        p.check(d.mental === true && d.choice === "none", "defence.mental is an undefended victim's");
      if (d.weapon !== undefined) ref(d.weapon, "itemUuid", "defence.weapon", true);
      if (d.broke !== undefined) p.oneOf(d.broke, ["broken", "mended", null], "defence.broke");
      if (d.broke) p.check(isCardRecord(d.weapon), "defence.broke needs defence.weapon");
    }
  }
  if (card.damageMessageId !== null) p.text(card.damageMessageId, "damageMessageId");
  const e = card.entangled;
  if (e !== undefined && e !== null) {
    if (!isCardRecord(e)) p.check(false, "entangled must be a record");
    else p.check(typeof e.removed === "boolean", "entangled.removed must be true or false");
    p.check(card.damageMessageId === null, "a blow is either damage or an entanglement");
  }
  return p.list;
}

type Localize = (key: string, data?: Record<string, string>) => string;
export const ATTACK_KEY = "POLYVERSE.Tales.Combat.Attack";

/** The defence as the card names it ("Parry with Club", "Sustained Defence"). */
function defenceName(d: DefenceRecord, localize: Localize): string {
  const name = localize(`${ATTACK_KEY}.Defence.${d.mental ? "noneMental" : d.choice}`);
  if (d.weapon === undefined) return name;
  return localize(`${ATTACK_KEY}.Defence.With`, {
    defence: name,
    weapon: d.weapon ? d.weapon.name : localize(`${ATTACK_KEY}.Unarmed`),
  });
}

/**
 * The defence's line: its total or difficulty with its die; a Dodge of a ranged attack both rolls and
 * which stood ("the new difficulty of the ranged attack is the higher result of these two").
 */
function defenceLine(d: DefenceRecord, localize: Localize): string {
  const r = d.dodgeRanged;
  if (!r)
    return localize(`${ATTACK_KEY}.Defence.Line`, {
      defence: defenceName(d, localize),
      value: String(d.value),
      face: String(d.face),
      total: String(d.value + d.face),
    });
  const key = r.dodged ? "Dodged" : r.dodgeFace === 1 ? "DodgeOne" : "RangeStands";
  return localize(`${ATTACK_KEY}.Defence.DodgeRanged.${key}`, {
    dodge: String(r.dodge),
    dodgeFace: String(r.dodgeFace),
    dodgeTotal: String(r.dodge + r.dodgeFace),
    range: String(r.difficulty),
    rangeFace: String(r.difficultyFace),
    rangeTotal: String(r.difficulty + r.difficultyFace),
  });
}

/** The defences not open to the target, each with why ("none" given way to a Sustained Defence is not news). */
function closedLine(choices: readonly DefenceOption[], localize: Localize): string {
  const closed = choices.filter((c) => !c.open && c.reason && c.defence !== "none");
  if (!closed.length) return "";
  return localize(`${ATTACK_KEY}.NotOpen`, {
    list: closed
      .map((c) =>
        localize(`${ATTACK_KEY}.NotOpenEntry`, {
          defence: localize(`${ATTACK_KEY}.Defence.${c.defence}`),
          reason: localize(`${ATTACK_KEY}.Closed.${c.reason}`),
        }),
      )
      .join("; "),
  });
}

/**
 * The template context but the blow's part (attack-card-blow-logic.ts `blowContext`); `choices` are the
 * defences the target may choose, open or closed with the reason (its owner's view), or null.
 */
export function attackCardContext(
  card: AttackCard,
  localize: Localize,
  choices: readonly DefenceOption[] | null,
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
    defence: d ? defenceLine(d, localize) : "",
    // A Dodge of a ranged attack rolls two dice: the dodge's, then the range's.
    defenceDie: d ? (d.dodgeRanged?.dodgeFace ?? d.face) : null,
    rangeDie: d?.dodgeRanged?.difficultyFace ?? null,
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
            closed: closedLine(choices, localize),
          }
        : null,
  };
}
