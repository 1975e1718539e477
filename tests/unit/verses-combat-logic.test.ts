// The combat tracker's decisions (src/rulesets/verses/combat/combat-logic.ts), against the Core
// text's "Fast Action" chapter: turn order, the AD economy from round to round, Move by AD.
import { describe, expect, it } from "vitest";
import {
  MAX_REROLL_ROUNDS,
  combatantAdView,
  fastActionStart,
  initiativeCardRows,
  initiativeDice,
  initiativeDisplay,
  initiativeRecord,
  planMove,
  planReserve,
  planRise,
  readInitiativeRecord,
  readTurnRecord,
  roundEnd,
  settleInitiative,
  tacticalAwarenessMove,
  trackerAdContext,
  turnStart,
  type RolledEntry,
  type TurnRecord,
} from "../../src/rulesets/verses/combat/combat-logic";
import { availableAD, initiativeValue, type AdRoundState } from "../../src/rulesets/verses/rules";

const round = (over: Partial<AdRoundState> = {}): AdRoundState => ({
  max: 5,
  exBound: 0,
  spent: 0,
  reserved: { await: 0, dodge: 0, parry: 0 },
  ...over,
});

/** A re-roll that answers from a script, and remembers who it was asked to roll. */
function scripted(script: Record<string, number[]>[]) {
  const asked: string[][] = [];
  const reroll = async (ids: string[]): Promise<RolledEntry[]> => {
    asked.push([...ids]);
    const faces = script.shift() ?? {};
    return ids.map((id) => ({ id, faces: faces[id] ?? [] }));
  };
  return { asked, reroll };
}

/** Ids sorted as Foundry's tracker sorts them: by the stored number, highest first. */
const sorted = (values: Map<string, number>) => [...values].sort((a, b) => b[1] - a[1]).map(([id]) => id);

describe("turn order from the AD pools ('Determining Turn Order')", () => {
  it("rolls 'all dice in their AD pools (that have not been EX-bound)': a typical human's 5 AD, 3 with 2 EX-bound; spent AD count", () => {
    expect(initiativeDice({ adMax: 5, ad: { exBound: 0 } })).toBe(5);
    expect(initiativeDice({ adMax: 5, ad: { exBound: 2 } })).toBe(3);
    expect(initiativeDice({ adMax: 1, ad: { exBound: 4 } })).toBe(0);
  });

  it("TV-C02/TV-C03: ties in successes go to the most 6s, then 5s, 4s; the stored numbers sort that way", async () => {
    const { asked, reroll } = scripted([]);
    const settled = await settleInitiative(
      [],
      [
        { id: "B", faces: [5, 5, 4, 4, 3] },
        { id: "A", faces: [6, 5, 1, 1, 2] },
        { id: "D", faces: [6, 5, 3, 3] },
        { id: "C", faces: [6, 5, 4, 2] },
      ],
      reroll,
    );
    expect(asked).toEqual([]);
    // A and C both have a 6 and a 5; C's 4 beats A's nothing; A's 1s do not matter before that.
    expect(sorted(settled.values)).toEqual(["C", "D", "A", "B"]);
    expect(settled.values.get("B")).toBe(initiativeValue([5, 5, 4, 4, 3]));
  });

  it("TV-C04: identical rolls re-roll just the tied; the re-roll orders them inside their place", async () => {
    const { asked, reroll } = scripted([{ A: [3, 2], B: [5, 1] }]);
    const settled = await settleInitiative(
      [],
      [
        { id: "A", faces: [6, 4, 1] },
        { id: "B", faces: [1, 4, 6] },
        { id: "C", faces: [6, 6, 6] },
        { id: "E", faces: [2, 2] },
      ],
      reroll,
    );
    expect(asked).toEqual([["A", "B"]]);
    expect(sorted(settled.values)).toEqual(["C", "B", "A", "E"]);
    const base = initiativeValue([6, 4, 1]);
    for (const id of ["A", "B"]) {
      expect(settled.values.get(id)).toBeGreaterThan(base);
      expect(settled.values.get(id)).toBeLessThan(base + 1);
    }
    expect(settled.rerolls.get("B")).toEqual([[5, 1]]);
    expect(settled.unresolved).toEqual([]);
  });

  it("an identical re-roll re-rolls again; after ten the GM orders them", async () => {
    const same = { A: [4], B: [4] };
    const twice = scripted([same, { A: [1], B: [6] }]);
    const settled = await settleInitiative(
      [],
      [
        { id: "A", faces: [5] },
        { id: "B", faces: [5] },
      ],
      twice.reroll,
    );
    expect(twice.asked).toEqual([
      ["A", "B"],
      ["A", "B"],
    ]);
    expect(sorted(settled.values)).toEqual(["B", "A"]);

    const forever = scripted(Array.from({ length: 20 }, () => same));
    const stuck = await settleInitiative(
      [],
      [
        { id: "A", faces: [5] },
        { id: "B", faces: [5] },
      ],
      forever.reroll,
    );
    expect(forever.asked).toHaveLength(MAX_REROLL_ROUNDS);
    expect(stuck.unresolved).toEqual([["A", "B"]]);
  });

  it("a newcomer whose roll matches a placed combatant re-rolls with it; the others keep their numbers", async () => {
    const { asked, reroll } = scripted([{ late: [6], A: [2] }]);
    const placed = [
      { id: "A", initiative: initiativeValue([6, 5]), faces: [6, 5] },
      { id: "Z", initiative: initiativeValue([5]), faces: [5] },
    ];
    const settled = await settleInitiative(placed, [{ id: "late", faces: [5, 6] }], reroll);
    expect(asked).toEqual([["A", "late"]]);
    expect([...settled.values.keys()].sort()).toEqual(["A", "late"]);
    expect(settled.values.get("late")).toBeGreaterThan(settled.values.get("A")!);
    expect(settled.values.get("A")).toBeGreaterThan(initiativeValue([5]));
  });

  it("actors who rolled no dice never re-roll (they act last)", async () => {
    const { asked, reroll } = scripted([]);
    const settled = await settleInitiative(
      [],
      [
        { id: "out", faces: [] },
        { id: "cold", faces: [] },
        { id: "up", faces: [1] },
      ],
      reroll,
    );
    expect(asked).toEqual([]);
    expect(settled.values.get("out")).toBe(0);
    expect(sorted(settled.values)[0]).toBe("up");
  });

  it("keeps each roll for the tracker: 'Rolled 3S (6,6,5)', the re-roll, Tactical Awareness", () => {
    const record = initiativeRecord(null, [5, 6, 6], [[4, 6]]);
    expect(record).toEqual({ faces: [5, 6, 6], rerolls: [[4, 6]], taSpent: 0, taPlaces: 0 });
    expect(readInitiativeRecord(JSON.parse(JSON.stringify(record)))).toEqual(record);
    expect(readInitiativeRecord(null)).toBeNull();
    const display = initiativeDisplay({ ...record, taPlaces: -1, taSpent: 1 });
    expect(display.short).toBe("3S");
    expect(display.lines).toEqual([
      { key: "POLYVERSE.Verses.Combat.Initiative.Roll", data: { roll: "3S (6,6,5)" } },
      { key: "POLYVERSE.Verses.Combat.Initiative.Rerolled", data: { roll: "1S (6,4)" } },
      { key: "POLYVERSE.Verses.Combat.Initiative.TaLater.one", data: { places: 1 } },
    ]);
    expect(initiativeDisplay(initiativeRecord(null, [])).lines).toEqual([
      { key: "POLYVERSE.Verses.Combat.Initiative.NoDice" },
    ]);
  });

  it("the initiative card lists the combatants in their new order, sixes first, with each re-roll", () => {
    const rows = initiativeCardRows(
      ["B", "A"],
      new Map([
        ["A", { name: "Anders", faces: [1, 6, 4], rerolls: [[2, 5]] }],
        ["B", { name: "Benny", faces: [6, 4, 1], rerolls: [[6, 3]] }],
      ]),
      new Map([
        ["A", 2],
        ["B", 1],
      ]),
    );
    expect(rows.map((r) => [r.place, r.name, r.successes])).toEqual([
      [1, "Benny", 1],
      [2, "Anders", 1],
    ]);
    expect(rows[1]!.dice.map((d) => d.face)).toEqual([6, 4, 1]);
    expect(rows[1]!.rerolls[0]).toEqual({
      dice: [
        { face: 5, css: "five" },
        { face: 2, css: "miss" },
      ],
      successes: 1,
    });
  });
});

describe("Tactical Awareness: 'one position per die', after everyone rolled", () => {
  const turns = [
    { id: "A", initiative: 3e12 },
    { id: "B", initiative: 2e12 },
    { id: "C", initiative: 1e12 },
  ];
  it("C spends 1 die to move one place earlier: its number sits between A's and B's", () => {
    const moved = tacticalAwarenessMove(turns, "C", 1, 2, 0);
    expect(moved).toEqual({ ok: true, value: { initiative: 2.5e12, diceSpent: 1, order: ["A", "C", "B"] } });
  });
  it("to the top and to the bottom", () => {
    const top = tacticalAwarenessMove(turns, "C", 2, 2, 0);
    expect(top.ok && top.value.initiative).toBe(3e12 + 1);
    const bottom = tacticalAwarenessMove(turns, "A", -2, 3, 0);
    expect(bottom.ok && bottom.value.initiative).toBe(1e12 - 1);
  });
  it("refuses without the ability, with too few dice left, past an end, or before everyone rolled", () => {
    const reason = (r: ReturnType<typeof tacticalAwarenessMove>) =>
      r.ok
        ? null
        : r.reason.key
            .replace(/\.(one|other)$/, "")
            .split(".")
            .pop();
    expect(reason(tacticalAwarenessMove(turns, "C", 1, 0, 0))).toBe("NoTacticalAwareness");
    expect(reason(tacticalAwarenessMove(turns, "C", 2, 2, 1))).toBe("TaDice");
    // "Moving 2 places needs 2 Tactical Awareness dice" and "Moving 1 place needs 1 ... die".
    const two = tacticalAwarenessMove(turns, "C", 2, 2, 1);
    expect(!two.ok && two.reason.key).toBe("POLYVERSE.Verses.Combat.Reason.TaDice.other");
    const one = tacticalAwarenessMove(turns, "C", 1, 1, 1);
    expect(!one.ok && one.reason.key).toBe("POLYVERSE.Verses.Combat.Reason.TaDice.one");
    expect(reason(tacticalAwarenessMove(turns, "A", 1, 2, 0))).toBe("TaEnd");
    expect(reason(tacticalAwarenessMove([...turns, { id: "D", initiative: null }], "C", 1, 2, 0))).toBe(
      "NotAllRolled",
    );
    expect(reason(tacticalAwarenessMove(turns, "X", 1, 2, 0))).toBe("NotInCombat");
    expect(reason(tacticalAwarenessMove(turns, "C", 0, 2, 0))).toBe("WholePlaces");
  });
});

describe("the AD economy from round to round ('Action Cost')", () => {
  const base = {
    conditions: [],
    restedAD: 0,
    overloadEX: 0,
    awaitUntilNextTurn: false,
  };
  it("'Unspent AD ... are considered to have been spent in the Watch action'; 'spent AD that have not been EX-bound are returned'", () => {
    const r = roundEnd({ ...base, state: round({ spent: 2, exBound: 1 }) });
    expect(r.watchAD).toBe(2);
    expect(r.state).toEqual(round({ exBound: 1 }));
    expect(availableAD(r.state)).toBe(4);
  });
  it("reservations lapse with the round (Dodge: 'for the rest of the round'); Await can last until the next turn", () => {
    const reserved = round({ spent: 1, reserved: { await: 2, dodge: 1, parry: 1 } });
    expect(roundEnd({ ...base, state: reserved }).state.reserved).toEqual({ await: 0, dodge: 0, parry: 0 });
    const kept = roundEnd({ ...base, state: reserved, awaitUntilNextTurn: true }).state;
    expect(kept.reserved).toEqual({ await: 2, dodge: 0, parry: 0 });
    expect(turnStart(kept).reserved.await).toBe(0);
  });
  it("Sickened 'binds 1AD to EX every round, unless they spend at least 1AD on the Rest action'", () => {
    // Sickened: 'AD reduced by 3': a 5 AD human has 2.
    const sick = { ...base, conditions: ["sickened" as const], state: round({ max: 2, spent: 2 }) };
    const bound = roundEnd(sick);
    expect(bound.sickenedBound).toBe(1);
    expect(bound.state).toEqual(round({ max: 2, exBound: 1 }));
    const rested = roundEnd({ ...sick, restedAD: 1 });
    expect(rested.sickenedBound).toBe(0);
    expect(rested.state.exBound).toBe(0);
  });
  it("an EX-bound die stays bound, and a second binds on top; overload past twice Max Carry binds 1 more", () => {
    const r = roundEnd({
      ...base,
      conditions: ["sickened"],
      overloadEX: 1,
      state: round({ exBound: 1, spent: 3 }),
    });
    expect(r.state.exBound).toBe(3);
    expect([r.sickenedBound, r.overloadBound]).toEqual([1, 1]);
  });
  it("Fast Action begins with nothing spent or reserved; EX-bound dice stay bound", () => {
    expect(
      fastActionStart(round({ spent: 3, exBound: 1, reserved: { await: 0, dodge: 1, parry: 0 } })),
    ).toEqual(round({ exBound: 1 }));
  });
});

describe("Move by AD ('Move', 'Movement (MV)')", () => {
  const turn = (over: Partial<TurnRecord> = {}): TurnRecord => ({
    round: 1,
    turn: 0,
    available: 5,
    moved: 0,
    exBound: false,
    ...over,
  });
  const plan = (metres: number, state = round(), t: TurnRecord | null = turn(), pc = 0) =>
    planMove({ state, metres, mv: 7, physicalConditioning: pc, turn: t });

  it("Holden runs 10 m at 7 m/AD: 2AD; Anders runs 5 m: 1AD", () => {
    const holden = plan(10);
    expect(holden.ok && [holden.value.ad, holden.value.exBound, holden.value.state.spent]).toEqual([2, 0, 2]);
    const anders = plan(5, round({ spent: 4 }), turn({ moved: 0 }));
    // Anders shot with 1AD and 3AD first: the last AD on Move is not all of the turn's AD.
    expect(anders.ok && [anders.value.ad, anders.value.exBound]).toEqual([1, 0]);
  });
  it("'Spending all available AD in a turn on the Move action will EX-bind 1AD', once per turn", () => {
    const first = plan(21, round(), turn());
    expect(first.ok && first.value.turn).toEqual(turn({ moved: 3 }));
    if (!first.ok) throw new Error();
    const second = plan(14, first.value.state, first.value.turn);
    expect(second.ok && [second.value.ad, second.value.exBound]).toEqual([2, 1]);
    if (!second.ok) throw new Error();
    expect(second.value.state).toEqual(round({ spent: 4, exBound: 1 }));
    expect(second.value.turn?.exBound).toBe(true);
  });
  it("Physical Conditioning: 'Using all AD for the Move action in one turn does not EX-bind AD'", () => {
    const moved = plan(35, round(), turn(), 1);
    expect(moved.ok && [moved.value.ad, moved.value.exBound]).toEqual([5, 0]);
  });
  it("outside the actor's own turn the exhaustion rule does not apply", () => {
    const moved = plan(35, round(), null);
    expect(moved.ok && [moved.value.ad, moved.value.exBound, moved.value.turn]).toEqual([5, 0, null]);
  });
  it("refuses too long a run and a distance that is not one, saying why", () => {
    const far = plan(40);
    expect(far.ok ? null : far.reason).toEqual({
      key: "POLYVERSE.Verses.Combat.Reason.MoveAD",
      data: { metres: 40, mv: 7, ad: 6, available: 5 },
    });
    for (const bad of [0, -3, Number.NaN]) expect(plan(bad).ok).toBe(false);
  });
  it("reads a stored turn record, and nothing else", () => {
    expect(readTurnRecord(turn())).toEqual(turn());
    expect(readTurnRecord({ round: 1 })).toBeNull();
  });
});

describe("what the tracker shows of a combatant's AD", () => {
  const ad = (over = {}) => ({ spent: 0, exBound: 0, reserved: { await: 0, dodge: 0, parry: 0 }, ...over });
  it("available first, then reserved, spent and EX-bound; never more pips than the pool", () => {
    const view = combatantAdView({
      adMax: 5,
      basePool: 5,
      ad: ad({ spent: 1, exBound: 1, reserved: { await: 0, dodge: 1, parry: 0 } }),
      conditions: [],
      watchAD: 2,
    });
    expect(view.pips).toEqual(["available", "available", "reserved", "spent", "exBound"]);
    expect(view.lines).toContainEqual({ key: "POLYVERSE.Verses.Combat.AD.Reserved.dodge", data: { ad: 1 } });
    expect(view.lines).toContainEqual({ key: "POLYVERSE.Verses.Combat.AD.Watch", data: { ad: 2 } });
  });
  it("the last Watch's target: with all AD, the tooltip says Assassination is open", () => {
    const view = combatantAdView({
      adMax: 5,
      basePool: 5,
      ad: ad({ spent: 5 }),
      conditions: [],
      watching: { name: "Warden", allAd: true },
    });
    expect(view.lines).toContainEqual({
      key: "POLYVERSE.Verses.Combat.AD.WatchingAll",
      data: { name: "Warden" },
    });
  });
  it("Stunned 'AD reduced by 4': 1 of 5; the tooltip says why", () => {
    const view = combatantAdView({ adMax: 1, basePool: 5, ad: ad(), conditions: ["stunned"] });
    expect([view.available, view.max, view.pips]).toEqual([1, 1, ["available"]]);
    expect(view.lines).toContainEqual({
      key: "POLYVERSE.Verses.Combat.AD.ConditionReduce",
      data: { condition: "POLYVERSE.Verses.Condition.stunned", by: 4 },
    });
    expect(view.lines).toContainEqual({ key: "POLYVERSE.Verses.Combat.AD.Pool", data: { base: 5, max: 1 } });
  });
  it("Moribund is also Unconscious ('zero AD'): no pips, the badge", () => {
    const view = combatantAdView({ adMax: 0, basePool: 5, ad: ad(), conditions: ["moribund"] });
    expect(view.moribund).toBe(true);
    expect(view.pips).toEqual([]);
    expect(view.lines).toContainEqual({
      key: "POLYVERSE.Verses.Combat.AD.ConditionZero",
      data: { condition: "POLYVERSE.Verses.Condition.unconscious" },
    });
  });
  it("the row's context: localised figure, pips and tooltip; arrows only with dice left while the order may change", () => {
    const localize = (key: string, data?: Record<string, string>) =>
      `${key}${data ? JSON.stringify(data) : ""}`;
    const view = combatantAdView({ adMax: 5, basePool: 5, ad: ad({ spent: 2 }), conditions: [] });
    const context = trackerAdContext(view, { move: true, rest: true, taLeft: 2, taOpen: true }, localize);
    expect(context.figure).toBe('POLYVERSE.Verses.Combat.AD.Figure{"available":"3","max":"5"}');
    expect(context.pips[0]).toEqual({ state: "available", label: "POLYVERSE.Verses.Combat.AD.available" });
    expect(context.tooltip).toContain("&quot;available&quot;:&quot;3&quot;");
    expect(context.controls.ta).toBe(true);
    expect(
      trackerAdContext(view, { move: true, rest: true, taLeft: 2, taOpen: false }, localize).controls.ta,
    ).toBe(false);
  });
});

describe("reservations and rising from Prone", () => {
  it("TV-24: Anders 'reserve[s] 5AD for this action' (Await); with 5 AD nothing is left to reserve", () => {
    const awaited = planReserve(round(), { kind: "await", ad: 5, trigger: "the first pirate", actions: "" });
    expect(awaited.ok && awaited.value.reserved).toEqual({ await: 5, dodge: 0, parry: 0 });
    expect(planReserve(awaited.ok ? awaited.value : round(), { kind: "dodge", ad: 1 }).ok).toBe(false);
    // "The trigger must be specific and clear enough for the GM to judge": an empty one is refused.
    expect(planReserve(round(), { kind: "await", ad: 1, trigger: "", actions: "" }).ok).toBe(false);
  });

  it("'They spend 1 AD to run, and 4 AD on the dodge action': 4 reserved for Dodge, 0 left after the run", () => {
    const dodge = planReserve(round({ spent: 1 }), { kind: "dodge", ad: 4 });
    expect(dodge.ok && availableAD(dodge.value)).toBe(0);
    expect(planReserve(round(), { kind: "parry", ad: 0 }).ok).toBe(false);
  });

  it("TV-C12: rising costs (5 - PRW)AD: PRW 2, 3 AD; Catlike Grace 2, 1 AD; outside Fast Action nothing is spent", () => {
    const base = {
      prw: 2,
      catlikeGrace: 0,
      kind: "biological" as const,
      minimumOne: false,
      fastAction: true,
    };
    const plain = planRise(round(), base);
    expect(plain.ok && plain.value).toMatchObject({ ad: 3, state: { spent: 3 } });
    const graceful = planRise(round(), { ...base, catlikeGrace: 2 });
    expect(graceful.ok && graceful.value.ad).toBe(1);
    expect(planRise(round({ spent: 3 }), base).ok).toBe(false);
    const outside = planRise(round({ spent: 5 }), { ...base, fastAction: false });
    expect(outside.ok && outside.value.state.spent).toBe(5);
  });
});
