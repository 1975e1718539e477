/**
 * The 'Verses actor sheet's context (see `../actor-context.ts`): the Tests panel (the special
 * tests' buttons with their summaries and why one cannot be rolled, and the running continuous
 * tests).
 */
import type { ActionId, ActorKind } from "../../rules";
import type { PoolPart } from "../../base/pool-view";
import {
  influencePoolParts,
  planConnectedness,
  planSurvival,
  recoveryOptions,
  type OwnedItem,
} from "../../rolls/special";
import {
  type ActorSheetInput,
  type Localize,
  ROOT,
  type SheetItem,
  forbiddenText,
  poolFor,
  testForbidden,
} from "./common";

/** The special tests the sheet offers (its "Tests" panel), in order. */
export const SHEET_TESTS = [
  "rest",
  "connectedness",
  "charm",
  "intimidate",
  "stabilise",
  "heal",
  "awaken",
  "continuous",
  "lockPicking",
  "trainAnimal",
  "commandAnimal",
  "social",
  "survival",
] as const;
export type SheetTest = (typeof SHEET_TESTS)[number];

/** Tests rolled against the targeted token's actor. */
const TARGETED_TESTS = new Set<SheetTest>([
  "charm",
  "intimidate",
  "stabilise",
  "heal",
  "awaken",
  "trainAnimal",
  "commandAnimal",
]);

/** A button of the Tests panel. */
export interface SheetTestButton {
  id: SheetTest;
  label: string;
  /** The pool and target as the sheet can tell them before the roll ("3d6 + AD → 2S"). */
  summary: string;
  /** The rules' formula, and whom it is rolled against (the button's tooltip when allowed). */
  tooltip: string;
  /** Why it cannot be rolled now (a condition, nothing EX-bound, no skill or supplies), or null. */
  disabled: string | null;
  ariaLabel: string;
  /** Rolled against the targeted token's actor. */
  targeted: boolean;
}

export const TESTS = `${ROOT}.Tests`;

/** Whether the actor carries a skill and supplies to stabilise (or heal) a patient of some kind. */
function recoveryProblem(items: readonly SheetItem[], mode: "stabilise" | "heal", localize: Localize) {
  const owned: OwnedItem[] = items.map((i) => ({ uuid: i.id, name: i.name, type: i.type, system: i.system }));
  const kinds: ActorKind[] = ["biological", "construct"];
  const atHand = kinds.map((k) => recoveryOptions(owned, k, mode));
  if (!atHand.some((a) => a.skills.length))
    return localize(mode === "heal" ? `${TESTS}.NoHealSkill` : `${TESTS}.NoStabiliseSkill`);
  if (!atHand.some((a) => a.skills.length && a.supplies.length)) return localize(`${TESTS}.NoSupplies`);
  return null;
}

export function testsContext(input: ActorSheetInput) {
  const { system, localize } = input;
  const anyTest = testForbidden(system, localize);
  const forbidden = (actions: ActionId[]) => forbiddenText(system, actions, localize);
  const effective = system.effective;
  const moribund = system.conditions.some((c) => c.id === "moribund");
  const dice = (n: number) => String(Math.max(0, n));
  const sumOf = (parts: readonly PoolPart[]) => parts.reduce((n, p) => n + p.dice, 0);

  const rest = poolFor(input.world, system, { attribute: "tuf", action: "rest", rest: true });
  const connectedness = planConnectedness(system, { world: input.world });
  const awaken = poolFor(input.world, system, { attribute: "soc", action: "awaken" });
  const survival = moribund ? planSurvival(system, { world: input.world }) : null;
  const needed = Math.max(0, 6 - effective.tuf);

  const summaries: Record<SheetTest, string> = {
    rest:
      system.ad.exBound > 0
        ? localize(`${TESTS}.Summary.rest`, { dice: dice(rest.dice), ex: String(system.ad.exBound) })
        : localize(`${TESTS}.Summary.restNone`, { dice: dice(rest.dice) }),
    connectedness: connectedness.ok
      ? localize(`${TESTS}.Summary.connectedness`, {
          dice: dice(connectedness.value.pool),
          target: String(connectedness.value.roll.target),
        })
      : localize(`${TESTS}.Summary.connectednessNone`),
    charm: localize(`${TESTS}.Summary.charm`, {
      dice: dice(sumOf(influencePoolParts(system, "charm", input.world))),
    }),
    intimidate: localize(`${TESTS}.Summary.intimidate`, {
      dice: dice(sumOf(influencePoolParts(system, "intimidate", input.world))),
    }),
    stabilise: localize(`${TESTS}.Summary.stabilise`),
    heal: localize(`${TESTS}.Summary.heal`),
    awaken: localize(`${TESTS}.Summary.awaken`, { dice: dice(awaken.dice) }),
    continuous: localize(`${TESTS}.Summary.continuous`),
    lockPicking: localize(`${TESTS}.Summary.lockPicking`),
    trainAnimal: localize(`${TESTS}.Summary.trainAnimal`),
    commandAnimal: localize(`${TESTS}.Summary.commandAnimal`),
    social: localize(`${TESTS}.Summary.social`),
    survival: localize(`${TESTS}.Summary.survival`, {
      dice: dice(survival?.ok ? survival.value.pool : effective.tuf),
      needed: String(needed),
    }),
  };
  const reasons: Record<SheetTest, string | null> = {
    rest:
      forbidden(["rest"]) ??
      (system.ad.exBound <= 0 ? localize("POLYVERSE.Verses.Tests.Reason.NothingBound") : null),
    connectedness: anyTest,
    charm: forbidden(["charm"]),
    intimidate: forbidden(["intimidate"]),
    stabilise: anyTest ?? recoveryProblem(input.items, "stabilise", localize),
    heal: anyTest ?? recoveryProblem(input.items, "heal", localize),
    awaken: forbidden(["awaken"]),
    continuous: anyTest,
    lockPicking: anyTest,
    trainAnimal: anyTest,
    commandAnimal: anyTest,
    // A society's response to the character: the GM's to call for, whatever the character's state.
    social: null,
    survival: moribund ? forbidden(["survival"]) : localize("POLYVERSE.Verses.Tests.Reason.NotMoribund"),
  };
  // A Moribund actor's one possible test comes first.
  const order: readonly SheetTest[] = moribund
    ? ["survival", ...SHEET_TESTS.filter((id) => id !== "survival")]
    : SHEET_TESTS.filter((id) => id !== "survival");
  const buttons: SheetTestButton[] = order.map((id) => {
    const label = localize(`${TESTS}.Name.${id}`);
    const formula = localize(`${TESTS}.Formula.${id}`);
    const tooltip = TARGETED_TESTS.has(id) ? localize(`${TESTS}.Targeted`, { formula }) : formula;
    return {
      id,
      label,
      summary: summaries[id],
      tooltip,
      disabled: reasons[id],
      ariaLabel: localize(`${TESTS}.Roll`, { name: label, summary: summaries[id] }),
      targeted: TARGETED_TESTS.has(id),
    };
  });

  const maintainReason = forbidden(["maintain"]);
  const running = (input.continuous ?? []).map((c) => {
    const label = c.label.startsWith("POLYVERSE.") ? localize(c.label) : c.label;
    return {
      id: c.id,
      label,
      notation: c.notation,
      healing: Boolean(c.healing),
      detail: c.healing
        ? localize(`${TESTS}.Running.Course`, {
            patient: c.healing.patientName,
            days: String(c.healing.days),
            next: String(c.healing.days + 1),
          })
        : localize(`${TESTS}.Running.Maintained`, {
            rounds: String(c.state.roundsContinued),
            continuation: String(c.state.continuation),
            dice: String(c.state.baseDice),
          }),
      /** Maintain (a continuous test) or the next day (a healing course): why not, or null. */
      forbidden: c.healing ? anyTest : maintainReason,
      maintainLabel: localize(`${TESTS}.Running.MaintainLabel`, { name: label }),
      nextDayLabel: localize(`${TESTS}.Running.NextDayLabel`, { name: label }),
      letGoLabel: localize(`${TESTS}.Running.LetGoLabel`, { name: label }),
    };
  });
  return { buttons, moribund, running };
}
