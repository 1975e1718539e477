/**
 * The `xero-sum-table` card's template context, without Foundry (`localize` is passed in): the title,
 * the check it follows (trait, dice, total, band), the table drawn (the rules' row's name and what it
 * does, or the RollTable's result as drawn and the row it stands for), another roll (rounds, harm,
 * healing), the card's lines, the follow-up buttons still offered, and the changes still waiting for
 * the GM.
 */
import { TABLE_NUMBERS, type TableKey } from "../rules";
import {
  HEALTH_ROOT,
  TABLES_ROOT,
  TABLE_ACTIONS,
  offers,
  stringData,
  type TableButton,
  type TableCard,
  type TableDraw,
} from "./table-card-logic";

type Localize = (key: string, data?: Record<string, string>) => string;

/** Where each table's row names are in the language files. */
export const TABLE_NAME_ROOT: Readonly<Record<TableKey, string>> = {
  complications: "POLYVERSE.XeroSum.Complication",
  motivations: "POLYVERSE.XeroSum.Motivation",
  lastingWounds: "POLYVERSE.XeroSum.LastingWound",
  panic: "POLYVERSE.XeroSum.Panic",
  breakingPoint: "POLYVERSE.XeroSum.BreakingPoint",
};

const BUTTON_ICONS: Readonly<Record<TableButton, string>> = {
  panic: "fa-solid fa-face-flushed",
  lastingWound: "fa-solid fa-user-injured",
  selfHarm: "fa-solid fa-droplet",
  stopped: "fa-solid fa-hand",
  rebuttal: "fa-solid fa-comments",
};

export interface TableCardOptions {
  /** The names of the documents whose changes wait for the GM. */
  pendingNames: readonly string[];
  /** This reader is a GM (the Apply button). */
  isGM: boolean;
}

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

/** What a check used, as the card names it: the Breaking Point check is Reason & Acumen. */
function checkTrait(card: TableCard, check: NonNullable<TableCard["check"]>, localize: Localize): string {
  if (card.kind === "breakingPoint") return localize("POLYVERSE.XeroSum.Roll.Kind.breakingPoint");
  return check.skill
    ? localize(`POLYVERSE.XeroSum.Skill.${check.skill}`)
    : localize(`POLYVERSE.XeroSum.Attribute.${check.attribute}`);
}

/** The tables whose rows only shape the story: a row drawn is recorded, not applied. */
const RECORDED: readonly TableKey[] = ["complications", "motivations"];

/**
 * A draw as the card shows it: the table, its dice and total; from the rules' table the row's name
 * and effect; from a RollTable where it came from, the result's name and text as drawn, then the rules'
 * row it stands for and its effect (what is applied), or that it stands for none (nothing applied).
 */
export function drawContext(draw: TableDraw, localize: Localize) {
  const n = String(TABLE_NUMBERS[draw.table]);
  const total = draw.total ?? draw.dice.reduce((a, b) => a + b, 0);
  const row = draw.key ? localize(`${TABLE_NAME_ROOT[draw.table]}.${draw.key}`) : "";
  const effect = draw.key ? localize(`${HEALTH_ROOT}.Effect.${draw.table}.${draw.key}`) : "";
  const base = {
    table: localize(`${HEALTH_ROOT}.Card.Table.${draw.table}`, { n }),
    dice: draw.dice,
    roll: total,
  };
  const source = draw.source;
  if (!source) return { ...base, source: "", name: row, text: "", effect, unmapped: "" };
  const result = source.result;
  const applied = RECORDED.includes(draw.table) ? "Recorded" : "Effect";
  return {
    ...base,
    source: localize(`${TABLES_ROOT}.Source.${source.from}`, { table: source.name, formula: source.formula }),
    name: result ? result.name : localize(`${TABLES_ROOT}.NoResult`, { total: String(total) }),
    text: result?.text ?? "",
    effect: draw.key ? localize(`${TABLES_ROOT}.Applied.${applied}`, { row, effect }) : "",
    unmapped: draw.key ? "" : localize(`${TABLES_ROOT}.Unmapped`, { n }),
  };
}

export function tableCardContext(card: TableCard, localize: Localize, options: TableCardOptions) {
  const K = `${HEALTH_ROOT}.Card`;
  const names = { name: card.actor.name, by: card.by?.name ?? "" };
  const title = localize(`${K}.${card.kind}.Title`, names);
  const check = card.check
    ? {
        text: localize(`${K}.Check`, {
          trait: checkTrait(card, card.check, localize),
          dice: card.check.dice.join(" + "),
          modifier: signed(card.check.total - card.check.dice.reduce((a, b) => a + b, 0)),
          total: String(card.check.total),
        }),
        band: localize(`POLYVERSE.XeroSum.Band.${card.check.band}`),
        tone: card.check.band,
      }
    : null;
  const draw = card.draw ? drawContext(card.draw, localize) : null;
  const extra = card.extra
    ? {
        formula: card.extra.formula === "1d3" ? localize(`${K}.D3`) : card.extra.formula,
        faces: card.extra.faces,
        text: localize(`${K}.${card.kind}.Extra`, { ...names, value: String(card.extra.value) }),
      }
    : null;
  const notes = card.notes.map((n) => localize(n.key, stringData(n.data)));
  const buttons = card.buttons
    .filter((b) => offers(card, b))
    .map((b) => ({
      action: TABLE_ACTIONS[b],
      label: localize(`${K}.Button.${b}`, names),
      icon: BUTTON_ICONS[b],
    }));
  const pending = options.pendingNames.length
    ? localize(`${K}.PendingGM`, { names: options.pendingNames.join(", ") })
    : "";
  return {
    title,
    kind: card.kind,
    check,
    draw,
    extra,
    notes,
    buttons,
    pending,
    apply: pending && options.isGM ? { action: TABLE_ACTIONS.apply, label: localize(`${K}.Apply`) } : null,
  };
}
