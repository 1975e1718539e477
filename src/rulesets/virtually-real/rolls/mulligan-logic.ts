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
  forcedMulligan,
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

/**
 * The fields both mulligan dialogs end with: the spend (the intimacy's own level or a lower one: "the
 * number of advantage dice") and the other player's agreement.
 */
function spendFields(
  ask: { spendAs: IntimacyLevel; agreed: boolean },
  own: IntimacyLevel,
  levelName: (l: IntimacyLevel) => string,
): DialogField[] {
  return [
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
  ];
}

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
      fields.push(...spendFields(ask, own, levelName));
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

// ---- a mulligan forced on another's roll ---------------------------------------------------------

/** The forced mulligan's strings (lang/en/virtually-real-cards.json). */
export const FORCE = "POLYVERSE.VirtuallyReal.Cards.Force";

/** A character of the forcing player's, with its intimacies (a hate is a negative one). */
export interface ForcerActor {
  uuid: string;
  name: string;
  light: number;
  intimacies: readonly (MulliganIntimacy & { polarity: "positive" | "negative" })[];
}

/** What the forcing player asks for: their character, its intimacy (index) and how it is spent. */
export interface ForceAsk {
  forcer: string;
  intimacy: number;
  spendAs: IntimacyLevel;
  agreed: boolean;
}

/** What a forced mulligan does: the spend, the dice as advantages or (a hate) disadvantages. */
export interface ForcedDone {
  spend: IntimacySpend & { advantage: number; disadvantage: number; darkness: number };
  intimacy: MulliganIntimacy;
  hated: boolean;
  lowered: boolean;
}

/** An intimacy is toward the roller when it names them (case and spaces aside). */
export const namesRoller = (intimacy: string, roller: string): boolean =>
  intimacy.trim() !== "" && intimacy.trim().toLocaleLowerCase() === roller.trim().toLocaleLowerCase();

/** The indices of a character's intimacies toward the roller. */
export const towardRoller = (forcer: ForcerActor, roller: string): number[] =>
  forcer.intimacies.flatMap((i, n) => (namesRoller(i.name, roller) ? [n] : []));

/**
 * Work a forced mulligan out from the forcer's documents ("You use your intimacy to them as the
 * number of dice *and* as the reason"): refuses when a mulligan was taken on the roll already, without
 * agreement, without light, or naming an intimacy that is not the forcer's toward the roller.
 */
export function forcedOf(
  forcer: ForcerActor,
  ask: Omit<ForceAsk, "forcer">,
  roller: string,
  alreadyTaken: boolean,
): { ok: true; value: ForcedDone } | { ok: false; refusal: MulliganRefusal } {
  const chosen = forcer.intimacies[ask.intimacy];
  if (!chosen || !namesRoller(chosen.name, roller))
    return { ok: false, refusal: { key: `${FORCE}.Refused.NotToward`, data: { name: roller } } };
  const hated = chosen.polarity === "negative";
  const checked = forcedMulligan({
    intimacy: chosen.level,
    hated,
    light: forcer.light,
    alreadyTaken,
    agreed: ask.agreed,
    spendAs: ask.spendAs,
  });
  if (!checked.ok) {
    const data = Object.fromEntries(Object.entries(checked.data ?? {}).map(([k, v]) => [k, String(v)]));
    return { ok: false, refusal: { key: `${CHARACTER}.Refusal.${checked.reason}`, data } };
  }
  return {
    ok: true,
    value: { spend: checked.value, intimacy: chosen, hated, lowered: checked.value.lowersIntimacy },
  };
}

/** The ask a force dialog's values make (`pick`: "character:intimacy"). */
export function forceAskOf(values: DialogValues, forcers: readonly ForcerActor[], roller: string): ForceAsk {
  const [f, i] = String(values.pick ?? "")
    .split(":")
    .map(Number);
  const forcer = forcers[f ?? -1];
  const index = forcer && towardRoller(forcer, roller).includes(i ?? -1) ? i! : -1;
  const own = forcer?.intimacies[index]?.level ?? "outer";
  const spendAs =
    isLevel(values.spendAs) && intimacyDice(values.spendAs) <= intimacyDice(own) ? values.spendAs : own;
  return { forcer: forcer?.uuid ?? "", intimacy: index, spendAs, agreed: values.agreed === true };
}

/** The force dialog: which of your characters' intimacies toward the roller, its spend, agreement. */
export function forceDialogModel(
  forcers: readonly ForcerActor[],
  roller: string,
  localize: Localize,
): DialogModel<DialogValues> {
  const picks = forcers.flatMap((f, n) => towardRoller(f, roller).map((i) => ({ f, n, i })));
  const first = picks[0];
  const start: DialogValues = {
    pick: first ? `${first.n}:${first.i}` : "",
    spendAs: first ? first.f.intimacies[first.i]!.level : "outer",
    agreed: false,
  };
  const levelName = (l: IntimacyLevel) => localize(`${CHARACTER}.IntimacyLevel.${l}`);
  return fieldsModel({
    title: `${FORCE}.Title`,
    label: localize(`${FORCE}.Label`, { name: roller }),
    start,
    evaluate(values): DialogEvaluation {
      const ask = forceAskOf(values, forcers, roller);
      const forcer = forcers.find((f) => f.uuid === ask.forcer) ?? null;
      const own = forcer?.intimacies[ask.intimacy]?.level ?? "outer";
      const fields: DialogField[] = [
        {
          kind: "choice",
          name: "pick",
          label: `${KEY}.Intimacy`,
          value: String(values.pick ?? ""),
          choices: picks.map(({ f, n, i }) => {
            const it = f.intimacies[i]!;
            const hate = it.polarity === "negative" ? `, ${localize(`${FORCE}.Hate`)}` : "";
            return { value: `${n}:${i}`, label: `${f.name}: ${it.name} (${levelName(it.level)}${hate})` };
          }),
        },
        ...spendFields(ask, own, levelName),
      ];
      const done = forcer ? forcedOf(forcer, ask, roller, false) : null;
      const problems = !done
        ? [{ key: `${FORCE}.Refused.NotToward`, data: { name: roller } }]
        : done.ok
          ? []
          : [{ key: done.refusal.key, ...(done.refusal.data ? { data: done.refusal.data } : {}) }];
      return {
        groups: [{ fields }],
        summary: [],
        problems,
        notes: [
          done?.ok
            ? {
                key: done.value.hated ? `${FORCE}.CostHate` : `${FORCE}.Cost`,
                data: { light: String(done.value.spend.light), have: String(forcer?.light ?? 0) },
              }
            : { key: `${FORCE}.Rule` },
          { key: `${KEY}.SideEffect` },
        ],
        odds: null,
      };
    },
  });
}
