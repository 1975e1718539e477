/**
 * The dialogs of the two Tales rolls that count dice, Foundry-free (core `fieldsModel`): a
 * connection roll (the connection's table: a base row, a row of each modifier group, the specific
 * points that apply, a free change, Wealth's cash points; "once per session"), and a time-commitment
 * roll (the task's length). Each with its exact odds (`connectionRollOdds`, `timeCommitmentOdds`).
 */
import {
  fieldsModel,
  type DialogField,
  type DialogModel,
  type DialogOutcome,
  type DialogValues,
} from "../../../core/roll-dialog-model";
import {
  CONNECTION_TABLES,
  connectionDice,
  connectionDifficulty,
  connectionRollOdds,
  timeCommitmentOdds,
  type ConnectionKey,
  type TimeCommitmentLength,
} from "../rules";
import type { TalesCommitmentOptions, TalesConnectionOptions } from "./roll-logic";

const KEY = "POLYVERSE.Tales.CountedDialog";
const ROW = "POLYVERSE.Tales.CountedDialog.Row";

/** What a connection roll's dialog is built from. */
export interface ConnectionDialogInput {
  actorName: string;
  connection: ConnectionKey;
  level: number;
  used: boolean;
}

/** The connection roll a dialog's values describe, and why it may not be rolled. */
export function connectionPlan(input: ConnectionDialogInput, values: DialogValues) {
  const table = CONNECTION_TABLES[input.connection];
  const base = table.base.find((r) => r.key === values.base) ?? table.base[0]!;
  const modifiers: Record<string, string> = {};
  for (const [group, rows] of Object.entries(table.modifiers)) {
    const key = values[`modifier.${group}`];
    if (typeof key === "string" && rows.some((r) => r.key === key)) modifiers[group] = key;
  }
  const specific = Math.max(0, Math.floor(Number(values.specific) || 0));
  const other = Math.floor(Number(values.other) || 0);
  const cash =
    input.connection === "wealth"
      ? Math.max(0, Math.min(input.level, Math.floor(Number(values.cash) || 0)))
      : 0;
  const difficulty = connectionDifficulty(input.connection, { base: base.key, modifiers, specific, other });
  const options: TalesConnectionOptions = {
    type: "connection",
    connection: input.connection,
    level: input.level,
    dice: connectionDice(input.level, cash),
    difficulty,
    onesNeverSucceed: table.onesNeverSucceed === true,
  };
  const problems = [
    ...(input.level < 1 ? [{ key: `${KEY}.Refused.noLevel` }] : []),
    ...(input.used ? [{ key: `${KEY}.Refused.used` }] : []),
  ];
  return { options, problems };
}

/** The odds of 0, 1, 2, 3 and 4+ successes. */
export function connectionOdds(options: TalesConnectionOptions): DialogOutcome[] {
  const dist = connectionRollOdds(options.dice, options.difficulty, options.onesNeverSucceed);
  const at = (k: number) => dist[k] ?? 0;
  const tail = dist.slice(4).reduce((s, p) => s + p, 0);
  const outcomes: DialogOutcome[] = [
    { label: { key: `${KEY}.Odds.Successes`, data: { n: "0" } }, probability: at(0), tone: "failure" },
    ...[1, 2, 3].map((k) => ({
      label: k === 1 ? { key: `${KEY}.Odds.One` } : { key: `${KEY}.Odds.Successes`, data: { n: String(k) } },
      probability: at(k),
      tone: "success" as const,
    })),
    { label: { key: `${KEY}.Odds.FourPlus` }, probability: tail, tone: "critical" },
  ];
  return outcomes.filter((o, i) => i === 0 || o.probability > 0);
}

/** The connection roll's dialog. */
export function connectionDialogModel(
  input: ConnectionDialogInput,
  label: string,
): DialogModel<DialogValues> {
  const table = CONNECTION_TABLES[input.connection];
  const start: DialogValues = { base: table.base[0]!.key, specific: 0, other: 0, cash: 0 };
  for (const group of Object.keys(table.modifiers)) start[`modifier.${group}`] = "";
  return fieldsModel({
    title: `${KEY}.ConnectionTitle`,
    label,
    start,
    evaluate(values) {
      const plan = connectionPlan(input, values);
      const fields: DialogField[] = [
        {
          kind: "choice",
          name: "base",
          label: `${KEY}.Base`,
          value: String(values.base),
          choices: table.base.map((r) => ({ value: r.key, label: `${ROW}.${r.key}` })),
        },
        ...Object.entries(table.modifiers).map(([group, rows]): DialogField => ({
          kind: "choice",
          name: `modifier.${group}`,
          label: `${KEY}.Group.${group}`,
          value: String(values[`modifier.${group}`] ?? ""),
          choices: [
            { value: "", label: `${KEY}.None` },
            ...rows.map((r) => ({ value: r.key, label: `${ROW}.${r.key}` })),
          ],
        })),
      ];
      if (table.specificMax > 0)
        fields.push({
          kind: "number",
          name: "specific",
          label: `${KEY}.Specific`,
          value: Number(values.specific) || 0,
          min: 0,
          max: table.specificMax,
        });
      if (input.connection === "wealth")
        fields.push({
          kind: "number",
          name: "cash",
          label: `${KEY}.Cash`,
          value: Number(values.cash) || 0,
          min: 0,
          max: input.level,
        });
      fields.push({
        kind: "number",
        name: "other",
        label: `${KEY}.Other`,
        value: Number(values.other) || 0,
        min: -6,
        max: 6,
      });
      return {
        groups: [{ fields }],
        summary: [
          {
            rows: [],
            total: [
              { key: `${KEY}.Dice`, data: { n: String(plan.options.dice) } },
              { key: `${KEY}.Difficulty`, data: { n: String(plan.options.difficulty) } },
            ],
          },
        ],
        problems: plan.problems,
        notes: plan.options.onesNeverSucceed ? [{ key: "POLYVERSE.Tales.Roll.Connection.OnesNever" }] : [],
        odds: { outcomes: connectionOdds(plan.options) },
      };
    },
  });
}

/** A time-commitment roll's dialog: the task's length, and the chance of an interruption. */
export function commitmentDialogModel(level: number, label: string): DialogModel<DialogValues> {
  const lengths: TimeCommitmentLength[] = ["hours", "day", "week"];
  return fieldsModel({
    title: `${KEY}.CommitmentTitle`,
    label,
    start: { length: "day" },
    evaluate(values) {
      const length = (lengths.find((l) => l === values.length) ?? "day") as TimeCommitmentLength;
      const p = level > 0 ? timeCommitmentOdds(level, length) : 0;
      return {
        groups: [
          {
            fields: [
              {
                kind: "choice",
                name: "length",
                label: `${KEY}.Length`,
                value: length,
                choices: lengths.map((l) => ({
                  value: l,
                  label: `POLYVERSE.Tales.Roll.Commitment.Length.${l}`,
                })),
              },
            ],
          },
        ],
        summary: [{ rows: [], total: [{ key: `${KEY}.Dice`, data: { n: String(level) } }] }],
        problems: level > 0 ? [] : [{ key: `${KEY}.Refused.noCommitment` }],
        notes: [{ key: `${KEY}.WeeklyNote` }],
        odds: {
          outcomes: [
            {
              label: { key: "POLYVERSE.Tales.Roll.Commitment.Interrupted" },
              probability: p,
              tone: "failure",
            },
            { label: { key: "POLYVERSE.Tales.Roll.Commitment.Clear" }, probability: 1 - p, tone: "success" },
          ],
        },
      };
    },
  });
}

/** The time-commitment roll of a level and a length. */
export const commitmentOptions = (level: number, length: unknown): TalesCommitmentOptions => ({
  type: "commitment",
  level,
  length: length === "hours" || length === "week" ? length : "day",
});
