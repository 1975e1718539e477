// Getting the Drop without Foundry (SRD "Getting The Drop": one character acts before anyone rolls
// initiative; "the one with the highest Dexterity and Acumen Amods wins"; "If there is a tie and no
// clear winner, no one Gets The Drop"; "-3 CMod on their next Initiative Roll"): the contest's
// outcome, the GM's dialog (who tries, the outcome live, no dice), when the tracker offers it, an
// initiative rolled before the Drop taking the −3, and the winner's round 0 in the tracker.
import { describe, expect, it } from "vitest";
import { firstRoundState } from "../../src/rulesets/xero-sum/rules";
import {
  droppedInitiative,
  dropDialogModel,
  dropOutcome,
  offersDrop,
  tryingOf,
} from "../../src/rulesets/xero-sum/combat/tracker-drop-logic";
import { trackerContext } from "../../src/rulesets/xero-sum/combat/tracker-logic";
import { trackerRow } from "../../src/rulesets/xero-sum/combat/round-logic";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;
const ada = { id: "cbAda", name: "Ada", dex: 2, acu: 1 };
const brute = { id: "cbBrute", name: "Brute", dex: 0, acu: 1 };
const rook = { id: "cbRook", name: "Rook", dex: 1, acu: 2 };

describe("the contest", () => {
  it("the highest DEX + ACU wins: Ada's 3 over Brute's 1", () => {
    const outcome = dropOutcome([brute, ada]);
    expect(outcome.winner).toBe("cbAda");
    expect(outcome.tie).toBe(false);
    expect(outcome.scores.map((s) => [s.name, s.score])).toEqual([
      ["Ada", 3],
      ["Brute", 1],
    ]);
  });

  it("a tie at the top (Ada 3, Rook 3): nobody gets the Drop; one who tries alone gets it", () => {
    expect(dropOutcome([ada, rook, brute])).toMatchObject({ winner: null, tie: true });
    expect(dropOutcome([brute])).toMatchObject({ winner: "cbBrute", tie: false });
    expect(dropOutcome([])).toMatchObject({ winner: null, tie: false });
  });
});

describe("the GM's dialog", () => {
  const model = dropDialogModel([ada, brute, rook], localize);

  it("everyone tries at first; each a checkbox with DEX + ACU beside it; the outcome with no dice", () => {
    expect(model.start).toEqual({ trying: [true, true, true] });
    const shown = model.evaluate(model.start);
    expect(shown.groups[0]!.fields.map((f) => [f.name, f.label, f.kind === "checkbox" && f.badge])).toEqual([
      ["trying.0", "Ada", "+3"],
      ["trying.1", "Brute", "+1"],
      ["trying.2", "Rook", "+3"],
    ]);
    expect(shown.odds).toMatchObject({
      heading: { key: "POLYVERSE.XeroSum.Attack.Drop.NoDice" },
      outcomes: [{ label: { key: "POLYVERSE.XeroSum.Attack.Drop.Nobody" }, probability: 1 }],
    });
    expect(shown.summary[0]!.rows[0]!.amount.key).toBe(
      'POLYVERSE.XeroSum.Attack.Drop.Score{"dex":"+2","acu":"+1","score":"+3"}',
    );
    expect(shown.notes[0]).toMatchObject({ data: { penalty: "−3" } });
  });

  it("Rook does not try: Ada gets it; nobody ticked: no contest", () => {
    const state = model.change(model.start, "trying.2", false);
    expect(tryingOf([ada, brute, rook], state).map((c) => c.id)).toEqual(["cbAda", "cbBrute"]);
    expect(model.evaluate(state).odds).toMatchObject({
      outcomes: [{ label: { key: 'POLYVERSE.XeroSum.Attack.Drop.Winner{"name":"Ada"}' }, tone: "success" }],
    });
    let none = state;
    for (const i of [0, 1]) none = model.change(none, `trying.${i}`, false);
    expect(model.evaluate(none).problems).toEqual([{ key: "POLYVERSE.XeroSum.Attack.Drop.NobodyTrying" }]);
    expect(model.change(state, "trying.9", true)).toBe(state);
    expect(model.change(state, "other", true)).toBe(state);
  });
});

describe("in the tracker", () => {
  it("offered to the GM before the first round, once a combat, with someone to try", () => {
    const view = { gm: true, round: 0, decided: false, combatants: 2 };
    expect(offersDrop(view)).toBe(true);
    expect(offersDrop({ ...view, gm: false })).toBe(false);
    expect(offersDrop({ ...view, round: 1 })).toBe(false);
    expect(offersDrop({ ...view, decided: true })).toBe(false);
    expect(offersDrop({ ...view, combatants: 0 })).toBe(false);
  });

  it("an initiative rolled for the first round before the Drop takes −3 now: [3, 4] + 3 = 10 becomes 7", () => {
    const record = {
      round: 1,
      dice: [3, 4] as [number, number],
      modifier: 3,
      quiet: 0,
      drop: 0,
      rattled: 0,
      total: 10,
    };
    expect(droppedInitiative(record)).toEqual({ ...record, drop: -3, total: 7 });
    expect(droppedInitiative({ ...record, round: 2 })).toBeNull();
    expect(droppedInitiative({ ...record, drop: -3, total: 7 })).toBeNull();
    expect(droppedInitiative(null)).toBeNull();
  });

  it("the winner's round 0: one action, one pip, marked as the Drop", () => {
    const row = trackerRow(firstRoundState(0));
    expect(row).toMatchObject({ actionsLeft: 1, marks: ["drop"] });
    const context = trackerContext(firstRoundState(0), localize)!;
    expect(context.pips).toEqual([{ left: true }]);
    expect(context.marks).toEqual([{ key: "drop", label: "POLYVERSE.XeroSum.Fight.Tracker.Mark.drop" }]);
    expect(trackerContext(firstRoundState(1), localize)!.pips).toHaveLength(2);
  });
});
