// The Virtually Real check card as data (rolls/card-state-logic.ts, roll-logic.ts, changes-logic.ts,
// card-logic.ts): a roll's options read back only as this system writes them; where a check stands
// with its explosion rolled from the card (TV-06..TV-10: the [1] confirmation, the chain, the dropped
// 6s), after a mulligan (the re-roll with its advantage dice), against an opposed check's other side
// (ties per the setting); the buttons it still offers; the marks it earns (the scene's use, a
// brilliant's 1 XP at once, Basic Combat Training's failure); what the card shows.
import { describe, expect, it } from "vitest";
import {
  checkCardProblems,
  checkOffers,
  checkState,
  rollExplosion,
  resolvePool,
  type ExplosionDice,
} from "../../src/rulesets/virtually-real/rolls/card-state-logic";
import { checkCardView } from "../../src/rulesets/virtually-real/rolls/card-logic";
import { earnedMarks, markChanges, newMarks } from "../../src/rulesets/virtually-real/rolls/changes-logic";
import {
  readCheck,
  readCheckOptions,
  readPoolFaces,
} from "../../src/rulesets/virtually-real/rolls/roll-logic";
import {
  CHECK_SETTINGS,
  cardOf,
  checkOptions,
  plainActor,
  readOf,
  skill,
} from "../lib/virtually-real-roll-examples";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;

const actor = plainActor({
  skills: [
    skill("Open Locks", 2, 3),
    skill("Juggle", 1, 2, { attribute: "agility" }),
    skill("Basic Combat Training", 2, 2, { id: "bct", ref: "basicCombatTraining" }),
  ],
});
const locks = (more: Parameters<typeof checkOptions>[2] = {}) =>
  checkOptions(actor, { kind: "skill", skillId: "OpenLocks" }, more);

/** Feed an explosion the dice given, one at a time. */
const feed = (faces: number[]) => {
  const queue = [...faces];
  return async () => queue.shift() ?? 1;
};

describe("a roll's options, read back", () => {
  it("accepts what rollCheck writes and its pool of the plan's size (kept and dropped alike)", () => {
    const options = locks({ dl: 10 });
    expect(readCheckOptions(JSON.parse(JSON.stringify(options)))).toEqual(options);
    const terms = [
      {
        results: [
          { result: 4, active: true },
          { result: 5, active: true },
        ],
      },
    ];
    expect(readCheck(options, terms)?.faces).toEqual([4, 5]);
    expect(
      readPoolFaces([{ results: [{ result: 1, active: false }, { result: 6 }, { result: 2 }] }], 3),
    ).toEqual([1, 6, 2]);
  });

  it("refuses a forged roll: lines adding more than the input, a pool of another size, a face of 7, unknown keys", () => {
    const options = locks();
    const forged = (patch: object) => readCheckOptions({ ...JSON.parse(JSON.stringify(options)), ...patch });
    expect(
      forged({
        lines: [
          { key: "POLYVERSE.VirtuallyReal.Rolls.Line.Situation", advantage: 3, disadvantage: 0, critMod: 0 },
        ],
      }),
    ).toBeNull();
    expect(forged({ input: { ...options.input, capacity: 12 } })).toBeNull();
    expect(forged({ input: { ...options.input, advantage: 30, disadvantage: 0 } })).toBeNull();
    expect(forged({ dl: -3 })).toBeNull();
    // A key of Foundry's or a module's is never read (nor refused).
    expect(forged({ rollOrder: 3 })).toEqual(options);
    expect(forged({ lines: [{ key: "<img src=x>", advantage: 0, disadvantage: 0, critMod: 0 }] })).toBeNull();
    expect(forged({ choice: { ...options.choice, advantage: 99 } })).toBeNull();
    expect(readCheck(options, [{ results: [{ result: 4 }] }])).toBeNull();
    expect(readCheck(options, [{ results: [{ result: 4 }, { result: 7 }] }])).toBeNull();
  });
});

describe("where a check stands", () => {
  it("TV-01: Open Locks [2] 22/3 with [4, 5] against DL 10: 12, a success by 2", () => {
    const state = checkState(readOf(locks({ dl: 10 }), [4, 5]), cardOf(locks()))!;
    expect(state.result).toMatchObject({ total: 12, margin: 2, success: true, diceNeeded: 0 });
    // A margin of 2 reads "minor" on the Experience table's Degree column.
    expect(state.outcome).toEqual({ outcome: "success", degree: "minor" });
    expect(checkOffers(state, true)).toEqual({ explode: null, mulligan: true, opponentRoll: false });
  });

  // Juggle [1] with Agility [2]: two dice, the higher kept (the attribute's extra die an advantage).
  it("a dropped 6 confirms a [1] brilliant on a keep-high roll (A-7, droppedSixConfirms)", () => {
    const options = checkOptions(actor, { kind: "skill", skillId: "Juggle" });
    const state = checkState(readOf(options, [6, 6]), cardOf(options))!;
    expect(state.result).toMatchObject({ brilliant: true, diceNeeded: 1 });
    expect(checkOffers(state, true).explode).toBe("explode");
  });

  it("TV-06: a [1] six is brilliant only if a second 6 confirms it; a 4 does not: 6", async () => {
    const options = checkOptions(actor, { kind: "skill", skillId: "Juggle" });
    const read = readOf(options, [6, 2]);
    const waiting = checkState(read, cardOf(options))!;
    expect(waiting.result.diceNeeded).toBe(1);
    expect(checkOffers(waiting, true).explode).toBe("confirm");
    const resolve = (e: ExplosionDice) => resolvePool(options.input, [6, 2], e, null, CHECK_SETTINGS);
    const explosion = await rollExplosion(resolve, null, feed([4]));
    expect(explosion).toEqual({ confirmation: 4, dice: [] });
    const after = checkState(read, cardOf(options, { explosion }))!;
    expect(after.result).toMatchObject({ brilliant: false, keptSum: 6, total: 6 + 2, diceNeeded: 0 });
  });

  it("TV-07: [1] with a human attribute [2], 6 then 6 then 3: brilliant, 6 + 2 (the 3 not added)", async () => {
    const options = checkOptions(actor, { kind: "skill", skillId: "Juggle" });
    const resolve = (e: ExplosionDice) => resolvePool(options.input, [6, 2], e, null, CHECK_SETTINGS);
    const explosion = await rollExplosion(resolve, null, feed([6, 3]));
    expect(explosion).toEqual({ confirmation: 6, dice: [3] });
    const after = checkState(readOf(options, [6, 2]), cardOf(options, { explosion }))!;
    // 6 + 2 from the confirming six, + Juggle's level 2.
    expect(after.result).toMatchObject({ brilliant: true, explosionValue: 2, total: 6 + 2 + 2 });
    expect(earnedMarks(after)).toEqual(["used", "brilliant"]);
  });

  it("TV-08 and TV-09: [2], 6,6 then 4 is 16; 6,6 then 6, 6, 3 is 19 (level 0 here)", async () => {
    const zero = plainActor({ skills: [skill("Sing", 2, 0)] });
    const options = checkOptions(zero, { kind: "skill", skillId: "Sing" });
    const resolve = (e: ExplosionDice) => resolvePool(options.input, [6, 6], e, null, CHECK_SETTINGS);
    const four = await rollExplosion(resolve, null, feed([4]));
    expect(checkState(readOf(options, [6, 6]), cardOf(options, { explosion: four }))!.result.total).toBe(16);
    const chain = await rollExplosion(resolve, null, feed([6, 6, 3]));
    expect(chain.dice).toEqual([6, 6, 3]);
    expect(checkState(readOf(options, [6, 6]), cardOf(options, { explosion: chain }))!.result.total).toBe(19);
  });

  it("TV-10 and TV-11: a dropped 6 counts as an exploded 6 only when the highest were kept", async () => {
    const zero = plainActor({ skills: [skill("Sing", 2, 0)] });
    const adv = checkOptions(zero, { kind: "skill", skillId: "Sing", advantage: 1 });
    const explosion = { confirmation: null, dice: [4] };
    const high = checkState(readOf(adv, [6, 6, 6]), cardOf(adv, { explosion }))!;
    expect(high.result).toMatchObject({ droppedSixes: 1, total: 18 });
    const dis = checkOptions(zero, { kind: "skill", skillId: "Sing", disadvantage: 1 });
    const low = checkState(readOf(dis, [6, 6, 6]), cardOf(dis, { explosion }))!;
    expect(low.result).toMatchObject({ brilliant: true, droppedSixes: 0, total: 16 });
  });

  it("TV-12: [2] level 5 against DL 10 rolls [1, 1]: critical, 0, fails by 10; a card dice cannot fix", () => {
    const options = checkOptions(
      plainActor({ skills: [skill("Ride", 2, 5)] }),
      { kind: "skill", skillId: "Ride" },
      { dl: 10 },
    );
    const state = checkState(readOf(options, [1, 1]), cardOf(options))!;
    expect(state.result).toMatchObject({ critical: true, total: 0, margin: -10 });
    expect(state.outcome.outcome).toBe("critical");
    // A card claiming explosion dice for a roll that is not brilliant cannot be read.
    expect(
      checkState(readOf(options, [1, 1]), cardOf(options, { explosion: { confirmation: null, dice: [6] } })),
    ).toBeNull();
  });

  it("a mulligan re-rolls with its advantage dice: the re-roll stands, the first roll beside it", () => {
    const options = locks({ dl: 14 });
    const mulligan = {
      intimacy: "Home",
      level: "inner" as const,
      light: 2,
      declared: false,
      faces: [1, 5, 6, 6],
      explosion: null,
    };
    const state = checkState(readOf(options, [1, 2]), cardOf(options, { mulligan }))!;
    expect(state.input.advantage).toBe(2);
    expect(state.before).toMatchObject({ total: 6, success: false });
    // Kept 6, 6 of [1, 5, 6, 6]: brilliant, its explosion waits for the button.
    expect(state.result).toMatchObject({ kept: [6, 6], brilliant: true, diceNeeded: 1 });
    expect(checkOffers(state, true)).toMatchObject({ explode: "explode", mulligan: false });
    expect(
      checkState(readOf(options, [1, 2]), cardOf(options, { mulligan: { ...mulligan, faces: [1, 5] } })),
    ).toBeNull();
  });

  it("an opposed check: the other side's total is the DL; a tie is the roller's unless ties go to the opponent", () => {
    const opposed = {
      uuid: "Actor.bo",
      name: "Bo",
      kind: "skill" as const,
      skillId: null,
      attribute: "agility" as const,
      save: null,
      ties: "actor" as const,
    };
    const options = locks({ opposed });
    const other = checkOptions(plainActor(), { kind: "attribute", attribute: "agility" });
    const waiting = checkState(readOf(options, [4, 5]), cardOf(options))!;
    expect(waiting.dl).toBeNull();
    expect(checkOffers(waiting, true).opponentRoll).toBe(true);
    const opponentRoll = { input: { ...other.input, level: 3 }, lines: [], faces: [5, 4], explosion: null };
    const tied = checkState(readOf(options, [4, 5]), cardOf(options, { opponentRoll }))!;
    expect(tied.dl).toBe(12);
    expect(tied.opposed).toMatchObject({ actorWins: true, margin: 0 });
    const theirs = checkState(readOf(options, [4, 5]), cardOf(options, { opponentRoll }), {
      ties: "opponent",
    })!;
    expect(theirs.opposed?.actorWins).toBe(false);
    expect(checkOffers(tied, true).opponentRoll).toBe(false);
  });
});

describe("the marks a check earns", () => {
  const target = {
    actor: {
      uuid: "Actor.ada",
      name: "Ada",
      scores: { body: 10, agility: 15, appearance: 10, mind: 10, logic: 10, aura: 10, reflex: 10, speed: 10 },
    },
    skill: {
      uuid: "Actor.ada.Item.OpenLocks",
      name: "Open Locks",
      capacity: 2,
      xp: 36,
      attribute: "agility" as const,
    },
  };

  it("a skill check marks the skill used this scene; a save or attribute check marks nothing", () => {
    expect(earnedMarks(checkState(readOf(locks({ dl: 10 }), [4, 5]), cardOf(locks()))!)).toEqual(["used"]);
    const save = checkOptions(actor, { kind: "save", save: "health" });
    expect(earnedMarks(checkState(readOf(save, [6, 6]), cardOf(save))!)).toEqual([]);
  });

  it("a failed knowledge check (the skill by Logic) earns no use; a waiting explosion waits for it too", () => {
    const lore = checkOptions(actor, { kind: "skill", skillId: "OpenLocks", attribute: "logic" }, { dl: 14 });
    const failed = checkState(readOf(lore, [2, 3]), cardOf(lore))!;
    expect(earnedMarks(failed, "agility")).toEqual([]);
    const known = checkState(readOf(lore, [5, 6]), cardOf(lore))!;
    expect(earnedMarks(known, "agility")).toEqual(["used"]);
    const waiting = checkState(readOf(locks(), [6, 6]), cardOf(locks()))!;
    expect(earnedMarks(waiting)).toEqual(["brilliant"]);
  });

  it("a brilliant gives 1 XP at once: Acrobatics-like 36/4 to 37/5 with AGL 15/2 raises AGL by 1", () => {
    const changes = markChanges(["used", "brilliant"], target);
    expect(changes).toEqual([
      {
        uuid: "Actor.ada.Item.OpenLocks",
        name: "Open Locks",
        set: { "system.usedThisScene": true, "system.gainedThisChapter": true },
        add: [{ path: "system.xp", delta: 1 }],
      },
      { uuid: "Actor.ada", name: "Ada", add: [{ path: "system.attributes.agility.score", delta: 1 }] },
    ]);
  });

  it("Basic Combat Training: no XP for its brilliants; a failure marks the scene, a critical one both marks", () => {
    const bct = checkOptions(actor, { kind: "skill", skillId: "bct" }, { dl: 16 });
    const failed = checkState(readOf(bct, [2, 3]), cardOf(bct))!;
    expect(earnedMarks(failed)).toEqual(["used", "bctFailed"]);
    const critical = checkState(readOf(bct, [1, 1]), cardOf(bct))!;
    expect(earnedMarks(critical)).toEqual(["used", "bctFailed", "bctCritical"]);
    expect(markChanges(["bctFailed", "bctCritical"], { ...target, skill: null })).toEqual([
      {
        uuid: "Actor.ada",
        name: "Ada",
        set: { "system.scene.bctFailed": true, "system.scene.bctCriticalFailure": true },
      },
    ]);
    const brilliant = checkState(
      readOf(bct, [6, 6]),
      cardOf(bct, { explosion: { confirmation: null, dice: [2] } }),
    )!;
    expect(earnedMarks(brilliant)).not.toContain("brilliant");
  });

  it("marks are given once: only those the card has not given yet", () => {
    const options = locks();
    const state = checkState(
      readOf(options, [6, 6]),
      cardOf(options, { marks: ["used"], explosion: { confirmation: null, dice: [1] } }),
    )!;
    expect(newMarks(state)).toEqual(["brilliant"]);
  });
});

describe("the card's shape", () => {
  it("accepts what the rolls write, refuses unknown keys, faces of 7, a light of 9, a huge extra", () => {
    const card = cardOf(locks(), {
      explosion: { confirmation: null, dice: [6, 2] },
      marks: ["used"],
      extra: { attack: "x" },
    });
    expect(checkCardProblems(card)).toEqual([]);
    expect(checkCardProblems({ ...card, hack: 1 })).toContain("hack is unknown");
    expect(checkCardProblems({ ...card, explosion: { confirmation: null, dice: [7] } }).length).toBe(1);
    const mulligan = {
      intimacy: "Home",
      level: "inner",
      light: 9,
      declared: false,
      faces: [1, 2, 3],
      explosion: null,
    };
    expect(checkCardProblems({ ...card, mulligan }).length).toBe(1);
    expect(checkCardProblems({ ...card, extra: { big: "x".repeat(5000) } }).length).toBe(1);
    expect(checkCardProblems({ ...card, marks: ["everything"] }).length).toBe(1);
    expect(checkCardProblems({ ...card, actorUuid: "not a uuid" }).length).toBe(1);
  });
});

describe("what the card shows", () => {
  it("the pool kept and dropped, the total, the verdict with its margin and effect bonus", () => {
    const options2 = checkOptions(actor, { kind: "skill", skillId: "OpenLocks", advantage: 1 }, { dl: 6 });
    const view = checkCardView(checkState(readOf(options2, [1, 4, 5]), cardOf(options2))!, {
      localize,
      mulliganAllowed: true,
    });
    expect(view.invalid).toBe(false);
    if (view.invalid || !("pool" in view)) throw new Error("a view");
    // TV-04: capacity 2, 1 advantage, [1, 4, 5]: keep 4, 5, drop 1; 9 + 3 = 12, beats 6 by 6: effect +1.
    expect(view.pool.kept.map((d) => d.face)).toEqual([4, 5]);
    expect(view.pool.dropped.map((d) => d.face)).toEqual([1]);
    expect(view.pool.total).toBe(12);
    expect(view.verdictTone).toBe("success");
    expect(view.details).toContain('POLYVERSE.VirtuallyReal.Rolls.Card.EffectBonus{"n":"+1"}');
    expect(view.buttons).toEqual({
      explode: "",
      mulligan: "POLYVERSE.VirtuallyReal.Rolls.Card.Button.Mulligan",
      opponentRoll: "",
      retry: "",
      allowRetry: "",
      force: "",
      dyingLight: "",
      dyingDie: "",
      featRetry: "",
      tensionDrop: "",
    });
    // The Tension Pool's reader extra: the GM's *Add tension die*, with its hint.
    const gm = checkCardView(checkState(readOf(options2, [1, 4, 5]), cardOf(options2))!, {
      localize,
      tensionDrop: true,
    });
    if (gm.invalid || !("pool" in gm)) throw new Error("a view");
    expect(gm.buttons.tensionDrop).toBe("POLYVERSE.VirtuallyReal.Tension.CheckButton");
    expect(gm.tensionDropHint).toBe("POLYVERSE.VirtuallyReal.Tension.CheckButtonHint");
    expect(gm.hasButtons).toBe(true);
  });

  it("a forged roll is drawn as invalid; a private roll hides its dice", () => {
    expect(checkCardView(null, { localize }).invalid).toBe(true);
    const state = checkState(readOf(locks(), [4, 5]), cardOf(locks()))!;
    const hidden = checkCardView(state, { localize, isPrivate: true });
    expect(hidden).not.toHaveProperty("pool");
  });

  it("close enough: missed by 2 takes three times as long", () => {
    const options = locks({ dl: 14 });
    const state = checkState(readOf(options, [4, 5]), cardOf(options))!;
    expect(state.outcome.outcome).toBe("closeEnough");
    expect(state.time).toBe(3);
  });
});
