/**
 * The `virtually-real-scene` card without Foundry: what a GM's step or a character's training did,
 * summarised per character. One card type for the end of a scene and of a chapter, a training or
 * underline check, a book read, an occupation learnt, Bonus XP placed and Bonus XP donated (`kind`).
 * Its state (`system.card`) keeps each line as an i18n key with its values (core `TextLine`), turned
 * into the reader's language when the card is drawn; the template escapes every value. Its shape is
 * refused by the model when broken (`playCardProblems`). Rows may offer a button to their character's
 * owner (placing the Bonus XP a chapter gave).
 */
import { CardProblems, isCardRecord } from "../../../core/cards-logic";
import { lineText, type TextLine } from "../../../core/text-line";
import { COMBAT_AWARDS, CONDITION_IDS, STORY_AWARDS, conditionRow, type ConditionId } from "../rules";
import type { ChapterRow, AwardLine } from "./chapter-logic";
import type { AttributeLine, XPLine } from "./play-logic";
import type { HealedLine, LightLine, SceneRow } from "./scene-logic";
import { PLAY } from "./shared-logic";

export const PLAY_CARD = { type: "virtually-real-scene", flag: "virtuallyRealScene" } as const;

export const PLAY_CARD_KINDS = [
  "scene",
  "chapter",
  "training",
  "underlines",
  "reading",
  "occupation",
  "bonus",
  "donation",
  "task",
  "armWrestling",
  "splitCombination",
] as const;
export type PlayCardKind = (typeof PLAY_CARD_KINDS)[number];

/** The buttons a row may offer its character's owner. */
export const PLAY_ROW_ACTIONS = ["placeBonus"] as const;
export type PlayRowAction = (typeof PLAY_ROW_ACTIONS)[number];

/** The chat action names. */
export const PLAY_CHAT_ACTIONS: Readonly<Record<PlayRowAction, string>> = {
  placeBonus: "virtually-real.play.placeBonus",
};

export interface PlayRowState {
  uuid: string;
  name: string;
  lines: TextLine[];
  actions?: PlayRowAction[];
}

/** The card's state. */
export interface PlayCardState {
  kind: PlayCardKind;
  /** The scene's or chapter's number (0 for the other kinds). */
  number: number;
  title: TextLine;
  lines: TextLine[];
  rows: PlayRowState[];
}

const K = `${PLAY}.Card`;
const CHARACTER = "POLYVERSE.VirtuallyReal.Character";

/** Why a card's state breaks its shape (empty when it does not). */
export function playCardProblems(card: unknown): string[] {
  const p = new CardProblems();
  if (!isCardRecord(card)) return ["the card must be an object"];
  p.oneOf(card.kind, PLAY_CARD_KINDS, "kind");
  p.whole(card.number, "number");
  p.line(card.title, "title");
  p.entries(card.lines, "lines", 60, (l, i) => p.line(l, `lines[${i}]`));
  p.entries(card.rows, "rows", 300, (r, i) => {
    if (!isCardRecord(r)) return p.check(false, `rows[${i}] must be an object`);
    p.text(r.uuid, `rows[${i}].uuid`);
    p.text(r.name, `rows[${i}].name`);
    p.entries(r.lines, `rows[${i}].lines`, 80, (l, j) => p.line(l, `rows[${i}].lines[${j}]`));
    if (r.actions !== undefined)
      p.entries(r.actions, `rows[${i}].actions`, PLAY_ROW_ACTIONS.length, (a) =>
        p.oneOf(a, PLAY_ROW_ACTIONS, `rows[${i}].actions`),
      );
  });
  return p.list;
}

// ---- lines ---------------------------------------------------------------------------------------

const line = (key: string, data?: Record<string, string | number>): TextLine =>
  data ? { key: `${K}.${key}`, data } : { key: `${K}.${key}` };

/**
 * A condition mark's name on a card, as a line's two values: `<prefix>` its name (a table row's name
 * key; a letter the tables do not define; a severity's name key) and `<prefix>Letter` the table's
 * letter ("[#]" for an adrenaline box; "" otherwise).
 */
export function markData(name: string, prefix: string): Record<string, string> {
  if ((CONDITION_IDS as readonly string[]).includes(name)) {
    const row = conditionRow(name as ConditionId);
    return {
      [prefix]: `${CHARACTER}.Condition.${name}`,
      [`${prefix}Letter`]: row.adrenaline ? "[#]" : row.letter,
    };
  }
  if (name === "major" || name === "serious" || name === "critical")
    return { [prefix]: `${CHARACTER}.ConditionSeverity.${name}`, [`${prefix}Letter`]: "" };
  return { [prefix]: name, [`${prefix}Letter`]: "" };
}

export const xpLines = (xp: readonly XPLine[]): TextLine[] =>
  xp.map((x) => line(`Xp.${x.reason}`, { skill: x.skill, from: x.from, to: x.to }));

export const attributeLines = (attributes: readonly AttributeLine[]): TextLine[] =>
  attributes.map((a) =>
    line("Attribute", { attribute: `${CHARACTER}.Attribute.${a.attribute}`, from: a.from, to: a.to }),
  );

function healedLines(healed: readonly HealedLine[]): TextLine[] {
  return healed.map((h) =>
    h.to === null
      ? line("Healed.gone", markData(h.from, "from"))
      : line("Healed.to", { ...markData(h.from, "from"), ...markData(h.to, "to") }),
  );
}

export function lightLines(light: LightLine | null): TextLine[] {
  if (!light) return [];
  const out = [
    line("Light", {
      earned: light.earned,
      from: light.from,
      to: light.to,
      darknessFrom: light.darknessFrom,
      darknessTo: light.darknessTo,
    }),
  ];
  if (light.passionsToDrop > 0)
    out.push({ key: `${K}.DropPassion`, data: { n: light.passionsToDrop }, count: light.passionsToDrop });
  return out;
}

/** A scene row's lines. */
export function sceneRowLines(row: SceneRow): TextLine[] {
  const out: TextLine[] = [...xpLines(row.xp), ...attributeLines(row.attributes)];
  if (row.practice.length) out.push(line("Practice", { skills: row.practice.join(", ") }));
  if (row.endurance) out.push(line("Fades", { from: row.endurance.from, to: row.endurance.to }));
  if (row.tired) out.push(line("Tired"));
  if (row.emptied) out.push(line(`Emptied.${row.emptied === "winded" ? "winded" : "undone"}`));
  if (row.adrenalineEnded) out.push(line("RushOver"));
  out.push(...healedLines(row.healed));
  if (row.heroicCleared) out.push(line("HeroicCleared"));
  out.push(...lightLines(row.light));
  return out;
}

export const awardLines = (awards: readonly AwardLine[]): TextLine[] =>
  awards.map((a) =>
    line(a.light > 0 ? "AwardLight" : "Award", {
      award: `${CHARACTER}.Award.${a.key}`,
      count: a.count,
      xp: a.xp,
      light: a.light,
    }),
  );

const GROUP_AWARDS: readonly string[] = [...STORY_AWARDS, ...COMBAT_AWARDS];

/** A chapter row's lines (the group's awards are the card's own lines, not each row's). */
export function chapterRowLines(row: ChapterRow): TextLine[] {
  const out: TextLine[] = [...xpLines(row.xp), ...attributeLines(row.attributes)];
  out.push(...awardLines(row.awards.filter((a) => !GROUP_AWARDS.includes(a.key))));
  if (row.bonusXP) out.push(line("BonusXP", { from: row.bonusXP.from, to: row.bonusXP.to }));
  out.push(...lightLines(row.light));
  out.push(...healedLines(row.healed));
  if (row.selfTaught.length) out.push(line("SelfTaught", { skills: row.selfTaught.join(", ") }));
  return out;
}

// ---- the template's context ------------------------------------------------------------------------

type Localize = (key: string, data?: Record<string, string>) => string;

/** Action labels. */
const ACTION_LABEL: Readonly<Record<PlayRowAction, string>> = { placeBonus: `${K}.Action.placeBonus` };

/** The card's template context for this reader. */
export function playCardContext(card: PlayCardState, localize: Localize) {
  const text = (l: TextLine) => lineText(localize, l).replace(/\s{2,}/g, " ");
  return {
    kind: card.kind,
    title: text(card.title),
    lines: card.lines.map(text),
    rows: card.rows.map((row, index) => ({
      index,
      name: row.name,
      lines: row.lines.map(text),
      actions: (row.actions ?? []).map((a) => ({
        action: PLAY_CHAT_ACTIONS[a],
        label: localize(ACTION_LABEL[a], { name: row.name }),
        index,
      })),
    })),
    empty: card.rows.length === 0 ? localize(`${K}.Empty`) : null,
  };
}
