/**
 * What the `xero-sum-damage` card shows a reader, Foundry-free: the blow (dice, WP and RP, Subdue,
 * Stunned, Burning), then a row per actor hit with what Apply did, and the buttons this reader may
 * press on each row (Apply and Undo: the row's owner or the GM; the Panic and Lasting Wound checks the
 * blow called for: the row's owner or the GM).
 */
import type { Localize } from "../../../core/roll-dialog-model";
import { BLAST_RADIUS_PERCENT, CLOSE_UP_PERCENT } from "../rules";
import { DAMAGE_BUTTONS, type DamageCard, type DamageRow } from "./damage-card-logic";
import { FIGHT_KEY } from "./attack-card-logic";

const KEY = `${FIGHT_KEY}.Damage`;

function appliedLines(row: DamageRow, localize: Localize): string[] {
  const a = row.applied;
  if (!a) return [];
  const lines = [localize(`${KEY}.Left`, { wp: String(a.after.wp), rp: String(a.after.rp) })];
  if (a.events.incapacitated)
    lines.push(localize(`${KEY}.Incapacitated`, { n: String(a.events.incapacitated) }));
  if (a.stunned) lines.push(localize(`${KEY}.Stunned`, { n: String(a.stunned) }));
  if (a.events.mortallyWounded)
    lines.push(localize(`${KEY}.MortallyWounded`, { n: String(a.after.deathRounds) }));
  if (a.events.panicCheck) lines.push(localize(`${KEY}.PanicDue`));
  if (a.events.lastingWoundCheck) lines.push(localize(`${KEY}.LastingWoundDue`));
  return lines;
}

function rowNote(row: DamageRow, localize: Localize): string | null {
  if (row.kind === "blast")
    return localize(`${KEY}.Blast`, {
      band: localize(`POLYVERSE.XeroSum.Range.${row.band}`),
      percent: String(BLAST_RADIUS_PERCENT[row.band]),
    });
  if (row.kind === "closeUp") return localize(`${KEY}.CloseUp`, { percent: String(CLOSE_UP_PERCENT) });
  return null;
}

/** The card's template context; `owns(row)` says whether this reader owns a row's actor (or is the GM). */
export function damageCardContext(card: DamageCard, localize: Localize, owns: (row: DamageRow) => boolean) {
  const button = (action: string, label: string, index: number) => ({
    action,
    label: localize(label),
    index,
  });
  return {
    title: localize(`${KEY}.Title`, { attacker: card.attacker.name, weapon: card.weapon.name }),
    dice: card.read.map((face) => ({ face })),
    formula:
      card.faces.length && card.read.join() !== card.faces.join()
        ? localize(`${KEY}.D3`, { faces: card.faces.join(", ") })
        : null,
    blow: localize(`${KEY}.Blow`, {
      rolled: String(card.rolled),
      wp: String(card.harm.woundPoints),
      rp: String(card.harm.resiliencePoints),
    }),
    notes: [
      ...(card.subdue ? [localize(`${KEY}.Subdue`)] : []),
      ...(card.stunD6 !== null
        ? [
            localize(card.attackBand === "wild-success" ? `${KEY}.StunRoll` : `${KEY}.NoStun`, {
              d6: String(card.stunD6),
            }),
          ]
        : []),
      ...(card.burning
        ? [
            localize(`${KEY}.Burning`, {
              x: String(card.burning.perRound),
              n: String(card.burning.rounds),
            }),
          ]
        : []),
    ],
    rows: card.rows.map((row, index) => {
      const mine = owns(row);
      const a = row.applied;
      return {
        index,
        name: row.name,
        note: rowNote(row, localize),
        harm: localize(`${KEY}.Harm`, {
          wp: String(row.harm.woundPoints),
          rp: String(row.harm.resiliencePoints),
        }),
        applied: appliedLines(row, localize),
        apply: !a && mine ? button(DAMAGE_BUTTONS.apply, `${KEY}.Apply`, index) : null,
        undo: a && mine ? button(DAMAGE_BUTTONS.undo, `${KEY}.Undo`, index) : null,
        panic:
          a?.events.panicCheck && mine && !row.checked?.includes("panic")
            ? button(DAMAGE_BUTTONS.panic, `${KEY}.PanicCheck`, index)
            : null,
        lastingWound:
          a?.events.lastingWoundCheck && mine && !row.checked?.includes("lastingWound")
            ? button(DAMAGE_BUTTONS.lastingWound, `${KEY}.LastingWoundCheck`, index)
            : null,
      };
    }),
  };
}
