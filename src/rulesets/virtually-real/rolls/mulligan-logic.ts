/**
 * Taking a mulligan on a check card, Foundry-free (chapter 1, "Taking A Mulligan"): the roller
 * defends one of their intimacies (or declares a new outer one), one other player agrees, the GM's
 * side-effect is accepted, and the light paid is the advantage dice the re-roll gets (outer 1, inner
 * 2, defining 4; a lower level when light runs short: rules `mulligan` and `spendOnIntimacy`). Once
 * per roll. The dialog's model, the request it sends, and what the GM works out from the documents.
 */
import type {
  DialogEvaluation,
  DialogField,
  DialogModel,
  DialogValues,
} from "../../../core/roll-dialog-model";
import { fieldsModel } from "../../../core/roll-dialog-model";
import {
  EMOTIONAL_TARGETS,
  INTIMACY_LEVELS,
  intimacyDice,
  mulligan,
  type EmotionalTarget,
  type IntimacyLevel,
  type IntimacySpend,
} from "../rules";
import { ROLLS_KEY } from "./check-input-logic";
import type { Localize } from "./text-logic";

const KEY = `${ROLLS_KEY}.Mulligan`;
const CHARACTER = "POLYVERSE.VirtuallyReal.Character";

/** The most characters a declared intimacy's name may have. */
export const MAX_INTIMACY_NAME = 100;

/** An intimacy as the mulligan reads it. */
export interface MulliganIntimacy {
  name: string;
  target: EmotionalTarget;
  level: IntimacyLevel;
}

/** What the roller asks for: an intimacy (its index, or −1 for a new outer one) and how it is spent. */
export interface MulliganAsk {
  intimacy: number;
  /** A new outer intimacy's name and target (when `intimacy` is −1). */
  name: string;
  target: EmotionalTarget;
  spendAs: IntimacyLevel;
  agreed: boolean;
}

/** The actor's side of a mulligan. */
export interface MulliganActor {
  auraCapacity: number;
  light: number;
  intimacies: readonly MulliganIntimacy[];
}

/** What a mulligan does: the spend, the intimacy defended (declared new, or lowered to the level spent). */
export interface MulliganDone {
  spend: IntimacySpend & { advantage: number };
  intimacy: MulliganIntimacy;
  declared: boolean;
  /** "If you have the points and don't spend them, you have to lower your intimacy level." */
  lowered: boolean;
}

/** A refusal: the key and its data. */
export interface MulliganRefusal {
  key: string;
  data?: Record<string, string>;
}

/**
 * Work a mulligan out from the actor's documents: refuses when it was taken already, without Aura
 * [1], without agreement, without light, or naming an intimacy the actor does not have.
 */
export function mulliganOf(
  actor: MulliganActor,
  ask: MulliganAsk,
  alreadyTaken: boolean,
): { ok: true; value: MulliganDone } | { ok: false; refusal: MulliganRefusal } {
  const declared = ask.intimacy === -1;
  const name = ask.name.trim();
  if (declared && (name === "" || name.length > MAX_INTIMACY_NAME))
    return { ok: false, refusal: { key: `${KEY}.Refused.NoName` } };
  const chosen = declared
    ? { name, target: ask.target, level: "outer" as const }
    : actor.intimacies[ask.intimacy];
  if (!chosen) return { ok: false, refusal: { key: `${KEY}.Refused.NoIntimacy` } };
  const checked = mulligan({
    auraCapacity: actor.auraCapacity,
    alreadyTaken,
    agreed: ask.agreed,
    intimacy: chosen.level,
    light: actor.light,
    spendAs: ask.spendAs,
  });
  if (!checked.ok) {
    const data = Object.fromEntries(Object.entries(checked.data ?? {}).map(([k, v]) => [k, String(v)]));
    return { ok: false, refusal: { key: `${CHARACTER}.Refusal.${checked.reason}`, data } };
  }
  const spend = checked.value;
  return {
    ok: true,
    value: { spend, intimacy: chosen, declared, lowered: !declared && spend.lowersIntimacy },
  };
}

const isLevel = (v: unknown): v is IntimacyLevel => (INTIMACY_LEVELS as readonly unknown[]).includes(v);
const isTarget = (v: unknown): v is EmotionalTarget => (EMOTIONAL_TARGETS as readonly unknown[]).includes(v);

/** The ask a dialog's values make. */
export function askOf(values: DialogValues, intimacies: readonly MulliganIntimacy[]): MulliganAsk {
  const index = Number(values.intimacy);
  const intimacy = Number.isInteger(index) && index >= -1 && index < intimacies.length ? index : -1;
  const own = intimacy >= 0 ? intimacies[intimacy]!.level : "outer";
  const spendAs =
    isLevel(values.spendAs) && intimacyDice(values.spendAs) <= intimacyDice(own) ? values.spendAs : own;
  return {
    intimacy,
    name: typeof values.name === "string" ? values.name.slice(0, MAX_INTIMACY_NAME) : "",
    target: isTarget(values.target) ? values.target : "violence",
    spendAs,
    agreed: values.agreed === true,
  };
}

/** The mulligan dialog: the intimacy defended, how it is spent, the other player's agreement. */
export function mulliganDialogModel(
  actor: MulliganActor & { name: string },
  localize: Localize,
): DialogModel<DialogValues> {
  const start: DialogValues = {
    intimacy: actor.intimacies.length ? "0" : "-1",
    name: "",
    target: "violence",
    spendAs: actor.intimacies[0]?.level ?? "outer",
    agreed: false,
  };
  const levelName = (l: IntimacyLevel) => localize(`${CHARACTER}.IntimacyLevel.${l}`);
  return fieldsModel({
    title: `${KEY}.Title`,
    label: localize(`${KEY}.Label`, { name: actor.name }),
    start,
    evaluate(values): DialogEvaluation {
      const ask = askOf(values, actor.intimacies);
      const own = ask.intimacy >= 0 ? actor.intimacies[ask.intimacy]!.level : "outer";
      const fields: DialogField[] = [
        {
          kind: "choice",
          name: "intimacy",
          label: `${KEY}.Intimacy`,
          value: String(ask.intimacy),
          choices: [
            ...actor.intimacies.map((i, n) => ({
              value: String(n),
              label: `${i.name} (${levelName(i.level)})`,
            })),
            { value: "-1", label: `${KEY}.NewIntimacy` },
          ],
        },
      ];
      if (ask.intimacy === -1)
        fields.push(
          { kind: "text", name: "name", label: `${KEY}.Name`, value: ask.name },
          {
            kind: "choice",
            name: "target",
            label: `${KEY}.Target`,
            value: ask.target,
            choices: EMOTIONAL_TARGETS.map((t) => ({ value: t, label: `${CHARACTER}.EmotionalTarget.${t}` })),
          },
        );
      fields.push(
        {
          kind: "choice",
          name: "spendAs",
          label: `${KEY}.SpendAs`,
          value: ask.spendAs,
          choices: INTIMACY_LEVELS.filter((l) => intimacyDice(l) <= intimacyDice(own)).map((l) => ({
            value: l,
            label: `${levelName(l)} (${intimacyDice(l)})`,
          })),
        },
        { kind: "checkbox", name: "agreed", label: `${KEY}.Agreed`, checked: ask.agreed },
      );
      const done = mulliganOf(actor, ask, false);
      return {
        groups: [{ fields }],
        summary: [],
        problems: done.ok
          ? []
          : [{ key: done.refusal.key, ...(done.refusal.data ? { data: done.refusal.data } : {}) }],
        notes: [
          done.ok
            ? {
                key: `${KEY}.Cost`,
                data: { light: String(done.value.spend.light), have: String(actor.light) },
              }
            : { key: `${KEY}.Rule` },
          { key: `${KEY}.SideEffect` },
        ],
        odds: null,
      };
    },
  });
}
