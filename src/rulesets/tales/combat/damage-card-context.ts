/**
 * The `tales-damage` card's template context, without Foundry (`localize` is passed in): the blow, the
 * dice with the one read, the wound, and for the target's owner the absorption choice (levels of the
 * wound's rating, each with its cost) or what Apply did and Undo.
 */
import {
  ABSORPTION_RATING,
  absorptionCost,
  type AbsorptionTraits,
  type DamageWound,
  type ResilientMode,
} from "../rules";
import { DAMAGE_ACTIONS, readCardDamage, type DamageCard } from "./damage-card-logic";

type Localize = (key: string, data?: Record<string, string>) => string;

export const DAMAGE_KEY = "POLYVERSE.Tales.Combat.Damage";

const woundName = (w: DamageWound | null, localize: Localize): string =>
  w === null
    ? localize(`${DAMAGE_KEY}.None`)
    : w === "stun"
      ? localize(`${DAMAGE_KEY}.Stun`)
      : localize(`POLYVERSE.Tales.Wound.${w}`);

/** What the reader's side knows of the target (for the absorption costs), when it can read it. */
export interface TargetView {
  traits: { hitPoints: AbsorptionTraits; essence: AbsorptionTraits };
  hp: number;
  essence: number;
  resilientMode: ResilientMode;
}

/** The absorption choice for one part: levels 0..rating, each with its cost (those the pool cannot pay left out). */
function levelChoices(
  wound: DamageWound | null,
  pool: "hitPoints" | "essence",
  view: TargetView | null,
  localize: Localize,
): { value: number; label: string }[] {
  const rating = wound ? (ABSORPTION_RATING[wound] ?? 0) : 0;
  const out: { value: number; label: string }[] = [];
  for (let n = 0; n <= rating; n++) {
    const cost = view
      ? absorptionCost({ levels: n, pool, traits: view.traits[pool], resilientMode: view.resilientMode })
      : n;
    if (view && cost > (pool === "hitPoints" ? view.hp : view.essence)) break;
    out.push({
      value: n,
      label: localize(`${DAMAGE_KEY}.${pool === "hitPoints" ? "AbsorbHp" : "AbsorbEssence"}`, {
        levels: String(n),
        cost: String(cost),
      }),
    });
  }
  return out;
}

export function damageCardContext(card: DamageCard, localize: Localize, view: TargetView | null) {
  const outcome = readCardDamage(card);
  const a = card.attack;
  const notes = [
    a.blocked ? localize(`${DAMAGE_KEY}.Blocked`) : "",
    a.autoBullets ? localize(`${DAMAGE_KEY}.Auto`, { bullets: String(a.autoBullets) }) : "",
    a.sprayVictims > 1 ? localize(`${DAMAGE_KEY}.Spray`, { victims: String(a.sprayVictims) }) : "",
    a.rowShifts ? localize(`${DAMAGE_KEY}.RowShifts`, { rows: String(a.rowShifts) }) : "",
    card.deathdealer ? localize(`${DAMAGE_KEY}.Deathdealer`) : "",
    card.split ? localize(`${DAMAGE_KEY}.Split`) : "",
  ].filter(Boolean);
  const chosenIndex = outcome ? outcome.readings.indexOf(outcome.chosen) : -1;
  const reading = outcome
    ? localize(`${DAMAGE_KEY}.Reading`, {
        total: String(outcome.chosen.total),
        location: localize(`POLYVERSE.Tales.Character.HitLocation.${outcome.chosen.location}`),
        wound: woundName(outcome.wounds[0] ?? null, localize),
      })
    : localize(`${DAMAGE_KEY}.BadDice`);
  const essenceReading =
    outcome && outcome.wounds.length > 1
      ? localize(`${DAMAGE_KEY}.EssencePart`, { wound: woundName(outcome.wounds[1] ?? null, localize) })
      : "";
  const ap = card.applied;
  const applied = ap
    ? [
        ap.levels
          ? localize(`${DAMAGE_KEY}.AbsorbedHp`, { levels: String(ap.levels), cost: String(ap.cost) })
          : "",
        ap.essenceLevels
          ? localize(`${DAMAGE_KEY}.AbsorbedEssence`, {
              levels: String(ap.essenceLevels),
              cost: String(ap.essenceCost),
            })
          : "",
        localize(`${DAMAGE_KEY}.Applied`, {
          before: localize(`POLYVERSE.Tales.Wound.${ap.before.level}`),
          after: localize(`POLYVERSE.Tales.Wound.${ap.after.level}`),
          stunned: ap.after.stunned ? localize(`${DAMAGE_KEY}.AndStunned`) : "",
        }),
      ]
        .filter(Boolean)
        .join(" ")
    : "";
  const canApply = Boolean(card.target && outcome && !card.applied);
  return {
    title: localize(`${DAMAGE_KEY}.Title`, {
      weapon: card.weapon ? card.weapon.name : localize(`${DAMAGE_KEY}.Unarmed`),
    }),
    blow: localize(`${DAMAGE_KEY}.Blow`, {
      attacker: card.attacker.name,
      strength: String(card.strength),
      protection: String(card.protection),
      margin: String(a.margin),
    }),
    notes: notes.join(" · "),
    dice: card.faces.map((face, i) => ({ face, css: i === chosenIndex ? "pv-t-chosen" : "pv-t-other" })),
    reading,
    essenceReading,
    target: card.target ? localize(`${DAMAGE_KEY}.Target`, { name: card.target.name }) : "",
    targetUuid: card.target?.actorUuid ?? "",
    applied,
    apply: canApply
      ? {
          action: DAMAGE_ACTIONS.apply,
          label: localize(`${DAMAGE_KEY}.Apply`),
          hp: levelChoices(outcome!.wounds[0] ?? null, "hitPoints", view, localize),
          essence:
            outcome!.wounds.length > 1
              ? levelChoices(outcome!.wounds[1] ?? null, "essence", view, localize)
              : null,
          hpLabel: localize(`${DAMAGE_KEY}.HpLabel`),
          essenceLabel: localize(`${DAMAGE_KEY}.EssenceLabel`),
        }
      : null,
    undo: card.applied ? { action: DAMAGE_ACTIONS.undo, label: localize(`${DAMAGE_KEY}.Undo`) } : null,
  };
}
