// Xero Sum's table draws and the table card's follow-ups without Foundry: which RollTable stands for a
// table (a world table by its flag or as imported from the compendium, else the compendium's), the
// formula it is rolled with, the result a total draws, the rules' row a result's range stands for,
// what the card keeps and shows, and the GM's check of a follow-up before a button is marked used.
// Numbers from the text: every table is rolled on 2d6 (2..12); Table 11 on 7 is Hearing Loss (−1
// Acumen), on 2 Lost Eye; Table 12 on 5 Rattled; Table 6 on 2 Addiction; Table 13 on 8 Self-Harm
// (1d3 WP damage to themselves unless stopped).
import { describe, expect, it } from "vitest";
import { drawContext } from "../../src/rulesets/xero-sum/documents/table-card-context";
import {
  tableCardProblems,
  withUsed,
  type TableCard,
  type TableDraw,
} from "../../src/rulesets/xero-sum/documents/table-card-logic";
import {
  MAX_RESULT_TEXT,
  PACK_TABLE_IDS,
  chooseWorldTable,
  choosePackTable,
  clipText,
  drawFormula,
  enrichedToPlain,
  packTableUuid,
  readDrawn,
  resultAt,
  rulesKeyOfRange,
  tableKeyOf,
  tableMatch,
} from "../../src/rulesets/xero-sum/documents/table-draw-logic";
import {
  followUpActor,
  followUpMark,
  followUpProblem,
  settles,
  usedMark,
  type FollowUpFacts,
} from "../../src/rulesets/xero-sum/documents/table-follow-up-logic";

const flagged = (id: string, tableKey: string, modifiedTime = 0) => ({
  id,
  flags: { polyverse: { tableKey } },
  _stats: { modifiedTime },
});
const imported = (id: string, source: string, modifiedTime = 0) => ({
  id,
  flags: {},
  _stats: { compendiumSource: source, modifiedTime },
});

describe("which RollTable stands for a table", () => {
  it("a world table by its flag, or imported from the compendium's table with no flag naming another", () => {
    expect(tableKeyOf(flagged("a", "panic"))).toBe("panic");
    expect(tableKeyOf(flagged("a", "nonsense"))).toBeNull();
    expect(tableMatch(flagged("a", "panic"), "panic")).toBe(2);
    expect(tableMatch(imported("b", packTableUuid("panic")), "panic")).toBe(1);
    expect(packTableUuid("panic")).toBe(
      `Compendium.polyverse.xero-sum-tables.RollTable.${PACK_TABLE_IDS.panic}`,
    );
    // Copied from Panic but flagged as Lasting Wounds: it is Lasting Wounds now.
    const moved = {
      ...imported("c", packTableUuid("panic")),
      flags: { polyverse: { tableKey: "lastingWounds" } },
    };
    expect(tableMatch(moved, "panic")).toBe(0);
    expect(tableMatch(moved, "lastingWounds")).toBe(2);
    // An import from before v12's compendiumSource: flags.core.sourceId.
    const older = { id: "d", flags: { core: { sourceId: packTableUuid("motivations") } } };
    expect(tableMatch(older, "motivations")).toBe(1);
    expect(tableMatch({ id: "e" }, "motivations")).toBe(0);
  });

  it("among world tables: the flagged first, then the last modified, then the lowest id", () => {
    const tables = [
      imported("i1", packTableUuid("panic"), 900),
      flagged("f2", "panic", 100),
      flagged("f1", "panic", 100),
      flagged("f3", "panic", 50),
      flagged("x", "complications", 999),
    ];
    expect(chooseWorldTable(tables, "panic")?.id).toBe("f1");
    expect(chooseWorldTable([...tables, flagged("f4", "panic", 200)], "panic")?.id).toBe("f4");
    expect(chooseWorldTable([tables[0]!], "panic")?.id).toBe("i1");
    expect(chooseWorldTable(tables, "breakingPoint")).toBeNull();
  });

  it("in the compendium: by the flag, else by the table's id", () => {
    const byId = { id: PACK_TABLE_IDS.lastingWounds, flags: {} };
    expect(choosePackTable([byId], "lastingWounds")).toBe(byId);
    const byFlag = flagged("new", "lastingWounds");
    expect(choosePackTable([byId, byFlag], "lastingWounds")).toBe(byFlag);
    expect(choosePackTable([byId], "panic")).toBeNull();
  });
});

describe("the roll and the result", () => {
  it("the table's formula when it is plain dice, else the rules' 2d6", () => {
    expect(drawFormula("2d6")).toBe("2d6");
    expect(drawFormula(" 2d6 + 1 ")).toBe("2d6+1");
    expect(drawFormula("d12")).toBe("1d12");
    expect(drawFormula("3D6-2")).toBe("3d6-2");
    for (const odd of ["", null, undefined, "2d6+@phy", "2d6kh1", "21d6", "1d1", "1d1001", "2d6+1001", "0d6"])
      expect(drawFormula(odd), String(odd)).toBe("2d6");
  });

  it("the first result whose range holds the total, by the range's low end; none: null", () => {
    const results = [
      { range: [5, 9], name: "wide", text: "" },
      { range: [7, 7], name: "seven", text: "" },
      { range: [2, 4], name: "low", text: "" },
      { range: [7], name: "broken", text: "" },
    ];
    expect(resultAt(results, 7)?.name).toBe("wide");
    expect(resultAt(results, 3)?.name).toBe("low");
    expect(resultAt(results, 12)).toBeNull();
  });

  it("a range stands for a rules row only when it holds that one row (2..12)", () => {
    expect(rulesKeyOfRange("lastingWounds", [7, 7])).toBe("hearingLoss");
    expect(rulesKeyOfRange("lastingWounds", [2, 2])).toBe("lostEye");
    expect(rulesKeyOfRange("panic", [5, 5])).toBe("rattled");
    expect(rulesKeyOfRange("complications", [2, 2])).toBe("addiction");
    for (const range of [[2, 3], [13, 13], [0, 1], [1, 2], [7], [8, 7], [7.5, 7.5]])
      expect(rulesKeyOfRange("lastingWounds", range), JSON.stringify(range)).toBe("");
  });

  it("what the card keeps: the row, the table, the result as drawn (cut when too long)", () => {
    const source = { from: "pack" as const, uuid: "u", name: "Lasting Wounds", formula: "2d6" };
    const results = [
      { range: [7, 7], name: "Ringing Ears", text: "  Hearing   goes. " },
      { range: [8, 9], name: "Two rows", text: "x".repeat(MAX_RESULT_TEXT + 50) },
    ];
    expect(readDrawn("lastingWounds", source, results, 7)).toEqual({
      key: "hearingLoss",
      source: { ...source, result: { name: "Ringing Ears", text: "Hearing goes." } },
    });
    const wide = readDrawn("lastingWounds", source, results, 9);
    expect(wide.key).toBe("");
    expect(wide.source.result?.text).toHaveLength(MAX_RESULT_TEXT);
    expect(wide.source.result?.text.endsWith("…")).toBe(true);
    expect(readDrawn("lastingWounds", source, results, 12)).toEqual({
      key: "",
      source: { ...source, result: null },
    });
    expect(
      enrichedToPlain("See @UUID[Actor.abc]{Bob} and @Check[phy], roll [[/r 1d3]]{1d3 rounds} or [[1d6]]."),
    ).toBe("See Bob and phy, roll 1d3 rounds or 1d6.");
    expect(clipText("a  b\n c", 10)).toBe("a b c");
    expect(clipText("abcdefghij", 5)).toBe("abcd…");
  });
});

const blank = (over: Partial<TableCard> = {}): TableCard => ({
  kind: "lastingWound",
  actor: { uuid: "Actor.t", name: "Tough" },
  by: null,
  check: null,
  draw: null,
  extra: null,
  notes: [],
  buttons: [],
  used: [],
  result: {},
  ...over,
});
const fromTable = (over: Partial<TableDraw> = {}): TableDraw => ({
  table: "lastingWounds",
  dice: [3, 4],
  key: "hearingLoss",
  total: 7,
  source: {
    from: "world",
    uuid: "RollTable.abc",
    name: "Our Wounds",
    formula: "2d6",
    result: { name: "Ringing Ears", text: "Hearing goes." },
  },
  ...over,
});

describe("a draw on the card", () => {
  it("its shape: the rules' draw two d6 and a row; a RollTable's its own dice, a row or none, and the table", () => {
    expect(
      tableCardProblems(blank({ draw: { table: "lastingWounds", dice: [3, 4], key: "hearingLoss" } })),
    ).toEqual([]);
    expect(tableCardProblems(blank({ draw: fromTable() }))).toEqual([]);
    expect(tableCardProblems(blank({ draw: fromTable({ key: "", dice: [6, 6, 5], total: 17 }) }))).toEqual(
      [],
    );
    expect(
      tableCardProblems(blank({ draw: fromTable({ source: { ...fromTable().source!, result: null } }) })),
    ).toEqual([]);
    expect(tableCardProblems(blank({ draw: { table: "lastingWounds", dice: [3, 4], key: "" } }))).toContain(
      "draw.key is not a known value",
    );
    expect(
      tableCardProblems(blank({ draw: { table: "lastingWounds", dice: [3, 4, 5], key: "lostEye" } })),
    ).toContain("draw.dice must hold two faces");
    expect(tableCardProblems(blank({ draw: fromTable({ key: "rattled" }) }))).toContain(
      "draw.key is not a known value",
    );
    const long = { ...fromTable().source!, result: { name: "n", text: "x".repeat(MAX_RESULT_TEXT + 1) } };
    expect(tableCardProblems(blank({ draw: fromTable({ source: long }) }))).toContain(
      `draw.source.result.text must be text of at most ${MAX_RESULT_TEXT}`,
    );
    const odd = { ...fromTable().source!, from: "rules" } as unknown as TableDraw["source"];
    expect(tableCardProblems(blank({ draw: fromTable({ source: odd }) }))).toContain(
      "draw.source.from is not a known value",
    );
    expect(tableCardProblems(blank({ draw: fromTable({ dice: Array(21).fill(1) }) }))).toContain(
      "draw.dice must be a list of at most 20",
    );
    expect(tableCardProblems(blank({ draw: fromTable({ total: 1.5 }) }))).toContain(
      "draw.total must be a whole number from -10000 to 10000",
    );
    expect(tableCardProblems(blank({ notes: [{ key: "POLYVERSE.XeroSum.Tables.Note.Unapplied" }] }))).toEqual(
      [],
    );
  });

  const localize = (k: string, d: Record<string, string> = {}) => `${k}${JSON.stringify(d)}`;
  it("from the rules' table: the row's name and effect, no source", () => {
    const ctx = drawContext({ table: "lastingWounds", dice: [3, 4], key: "hearingLoss" }, localize);
    expect(ctx).toEqual({
      table: 'POLYVERSE.XeroSum.Health.Card.Table.lastingWounds{"n":"11"}',
      dice: [3, 4],
      roll: 7,
      source: "",
      name: "POLYVERSE.XeroSum.LastingWound.hearingLoss{}",
      text: "",
      effect: "POLYVERSE.XeroSum.Health.Effect.lastingWounds.hearingLoss{}",
      unmapped: "",
    });
  });

  it("from a RollTable: where from, the result as drawn, and the row applied (or recorded), or none", () => {
    const ctx = drawContext(fromTable(), localize);
    expect(ctx.source).toBe('POLYVERSE.XeroSum.Tables.Source.world{"table":"Our Wounds","formula":"2d6"}');
    expect([ctx.name, ctx.text]).toEqual(["Ringing Ears", "Hearing goes."]);
    expect(ctx.effect).toBe(
      'POLYVERSE.XeroSum.Tables.Applied.Effect{"row":"POLYVERSE.XeroSum.LastingWound.hearingLoss{}","effect":"POLYVERSE.XeroSum.Health.Effect.lastingWounds.hearingLoss{}"}',
    );
    expect(ctx.unmapped).toBe("");
    const story = drawContext(
      fromTable({ table: "complications", key: "addiction", dice: [1, 1], total: 2 }),
      localize,
    );
    expect(story.effect).toMatch(/^POLYVERSE\.XeroSum\.Tables\.Applied\.Recorded/);
    const none = drawContext(fromTable({ key: "", dice: [6, 6, 5], total: 17 }), localize);
    expect([none.roll, none.effect, none.unmapped]).toEqual([
      17,
      "",
      'POLYVERSE.XeroSum.Tables.Unmapped{"n":"11"}',
    ]);
    const empty = drawContext(
      fromTable({ key: "", source: { ...fromTable().source!, result: null } }),
      localize,
    );
    expect(empty.name).toBe('POLYVERSE.XeroSum.Tables.NoResult{"total":"7"}');
  });
});

describe("a follow-up before its button is marked used", () => {
  const harm = blank({ kind: "harm", buttons: ["panic", "lastingWound"] });
  const check = {
    messageId: "c",
    attribute: "rsn" as const,
    skill: "" as const,
    dice: [1, 2],
    total: 3,
    band: "dire-failure" as const,
  };
  const panicCard = blank({ kind: "panic", check });
  const facts: FollowUpFacts = {
    requesterId: "u1",
    authorId: "u1",
    cardTime: 10,
    followUpTime: 20,
    checkProblem: null,
    reactionOver: true,
  };
  const R = "POLYVERSE.XeroSum.Tables.Refused";

  it("a Panic check of the card's character, posted by the requester after the card, its check holding", () => {
    expect(followUpProblem(harm, "panic", panicCard, facts)).toBeNull();
    expect(
      followUpProblem(harm, "panic", panicCard, { ...facts, cardTime: null, followUpTime: null }),
    ).toBeNull();
    expect(
      followUpProblem(blank({ kind: "harm", buttons: ["lastingWound"] }), "panic", panicCard, facts),
    ).toBe(`${R}.NotOffered`);
    expect(followUpProblem(harm, "panic", null, facts)).toBe(`${R}.NoFollowUp`);
    expect(followUpProblem(harm, "panic", panicCard, { ...facts, authorId: "u2" })).toBe(
      `${R}.FollowUpNotYours`,
    );
    expect(followUpProblem(harm, "lastingWound", panicCard, facts)).toBe(`${R}.FollowUpWrong`);
    const other = { ...panicCard, actor: { uuid: "Actor.x", name: "X" } };
    expect(followUpProblem(harm, "panic", other, facts)).toBe(`${R}.FollowUpWrong`);
    expect(followUpProblem(harm, "panic", panicCard, { ...facts, followUpTime: 5 })).toBe(
      `${R}.FollowUpEarlier`,
    );
    expect(followUpProblem(harm, "panic", { ...panicCard, check: null }, facts)).toBe(`${R}.NoFollowUp`);
    const bad = "POLYVERSE.XeroSum.Health.Refused.CheckDice";
    expect(followUpProblem(harm, "panic", panicCard, { ...facts, checkProblem: bad })).toBe(bad);
  });

  it("a Rebuttal by the other side with the Gambit's CMod (−1 on a Success)", () => {
    const gambit = blank({
      kind: "gambit",
      by: { uuid: "Actor.n", name: "Trader" },
      buttons: ["rebuttal"],
      result: { cmod: -1, over: false },
    });
    expect(followUpActor(gambit, "rebuttal")).toBe("Actor.n");
    const reb = blank({
      kind: "rebuttal",
      actor: { uuid: "Actor.n", name: "Trader" },
      check,
      result: { outcome: "mayConsider", cmod: -1 },
    });
    expect(followUpProblem(gambit, "rebuttal", reb, facts)).toBeNull();
    expect(
      followUpProblem(gambit, "rebuttal", { ...reb, result: { outcome: "mayConsider", cmod: 1 } }, facts),
    ).toBe(`${R}.FollowUpDisagrees`);
  });

  it("Self-Harm: its d3 (3) taken, or stopped at 0; one choice settles both buttons", () => {
    const bp = blank({
      kind: "breakingPoint",
      buttons: ["selfHarm", "stopped"],
      extra: { formula: "1d3", faces: [5], value: 3 },
    });
    const harmed = blank({
      kind: "stress",
      notes: [{ key: "POLYVERSE.XeroSum.Health.SelfHarm.Harmed" }],
      result: { stress: 4, wp: 3 },
    });
    const stopped = blank({
      kind: "stress",
      notes: [{ key: "POLYVERSE.XeroSum.Health.SelfHarm.Stopped" }],
      result: { stress: 4, wp: 0 },
    });
    expect(followUpProblem(bp, "selfHarm", harmed, facts)).toBeNull();
    expect(followUpProblem(bp, "stopped", stopped, facts)).toBeNull();
    expect(followUpProblem(bp, "selfHarm", stopped, facts)).toBe(`${R}.FollowUpDisagrees`);
    expect(followUpProblem(bp, "stopped", harmed, facts)).toBe(`${R}.FollowUpDisagrees`);
    expect(followUpProblem(bp, "selfHarm", { ...harmed, result: { stress: 4, wp: 2 } }, facts)).toBe(
      `${R}.FollowUpDisagrees`,
    );
    // A stress card claiming the choice while the character still harms themselves.
    expect(followUpProblem(bp, "stopped", stopped, { ...facts, reactionOver: false })).toBe(
      `${R}.FollowUpDisagrees`,
    );
    expect(settles("stopped")).toEqual(["selfHarm", "stopped"]);
    expect(settles("panic")).toEqual(["panic"]);
    expect(withUsed(bp, ...settles("selfHarm")).used).toEqual(["selfHarm", "stopped"]);
    expect(usedMark("panic")).toBe("xero-sum.table.used:panic");
    expect(followUpMark("card1", "panic")).toBe("xero-sum.table.followUp:card1:panic");
  });
});
