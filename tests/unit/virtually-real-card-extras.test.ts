// The Virtually Real check card's later buttons as data (rolls/card-state-logic.ts retries,
// rolls/mulligan-logic.ts forced mulligans, rolls/dying-logic.ts saves while Dying, card-logic.ts
// what the card shows), each against chapter 1's words:
// - "Retries If this is a skill check where the character could normally try again ... (at +1
//   critical, see below), then the GM may allow a retry." "if you couldn't succeed on the first try,
//   and retries are allowed, a second try will be at +1 critical. Every retry adds another +1 to the
//   critical range until you roll a critical failure. Once you roll that failure, you can't retry
//   anymore." Close enough: "then you make it".
// - "You can spend light to force an NPC intimacy to mulligan a roll! You use your intimacy to them as
//   the number of dice *and* as the reason. If this is a hated enemy ... that hate applies
//   *disadvantages* to the reroll! Giving someone a disadvantage on a mulligan means you take a point
//   of darkness!" The cost: "1 for an *outer* intimacy, 2 for *inner*, and 4 for *defining*."
// - "If you critically fail a Health save or BCT save with an X condition, you must give up a point
//   of light or die." (X: "crit fail of Body or BCT save kills you")
import { describe, expect, it } from "vitest";
import {
  checkCardProblems,
  checkState,
  featRetryInput,
  featRetryOffered,
  featStanding,
  mulliganInput,
  retryOffers,
  triesBefore,
  type ChainLink,
} from "../../src/rulesets/virtually-real/rolls/card-state-logic";
import { checkCardView } from "../../src/rulesets/virtually-real/rolls/card-logic";
import {
  deadlySaveOf,
  dyingAnswerChange,
  dyingAnswers,
  dyingSave,
} from "../../src/rulesets/virtually-real/rolls/dying-logic";
import {
  forceAskOf,
  forcedOf,
  towardRoller,
  type ForcerActor,
} from "../../src/rulesets/virtually-real/rolls/mulligan-logic";
import { cardProblem } from "../../src/rulesets/virtually-real/rolls/check-trust-logic";
import { cardOf, checkOptions, plainActor, readOf, skill } from "../lib/virtually-real-roll-examples";
import {
  characterSheetContext,
  readActorSystem,
} from "../../src/rulesets/virtually-real/sheets/character-context";
import { defaultOptions, derivedOf, maraItems, maraSource } from "../lib/virtually-real-sheet-sources";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;

const actor = plainActor({ skills: [skill("Open Locks", 2, 3)] });
const locks = (more: Parameters<typeof checkOptions>[2] = {}) =>
  checkOptions(actor, { kind: "skill", skillId: "OpenLocks" }, more);
/** Open Locks [2] 22/3 against DL 10 with these faces (total = the two kept + 3). */
const locksAt = (faces: number[], card: Record<string, unknown> = {}) =>
  checkState(readOf(locks({ dl: 10 }), faces), cardOf(locks(), card))!;

describe("retries", () => {
  it("a failure (4 below DL 10) offers Retry once the GM allows it; always at once; never not", () => {
    const failed = locksAt([1, 2]);
    expect(failed.result.total).toBe(6);
    expect(failed.outcome.outcome).toBe("failure");
    expect(retryOffers(failed, "gm", false)).toEqual({ retry: false, allow: true });
    expect(retryOffers(locksAt([1, 2], { retryAllowed: true }), "gm", false)).toEqual({
      retry: true,
      allow: false,
    });
    expect(retryOffers(failed, "always", false)).toEqual({ retry: true, allow: false });
    expect(retryOffers(failed, "never", false)).toEqual({ retry: false, allow: false });
    // Retried already: the chain goes on from the newer card.
    expect(retryOffers(failed, "always", true)).toEqual({ retry: false, allow: false });
  });

  it("no retry after a success, a close enough (8 against 10: 'you make it') or a critical result", () => {
    expect(locksAt([4, 5]).outcome.outcome).toBe("success");
    expect(retryOffers(locksAt([4, 5]), "always", false).retry).toBe(false);
    const close = locksAt([2, 3]);
    expect(close.result.total).toBe(8);
    expect(close.outcome.outcome).toBe("closeEnough");
    expect(retryOffers(close, "always", false).retry).toBe(false);
    const critical = locksAt([1, 1]);
    expect(critical.result.critical).toBe(true);
    expect(retryOffers(critical, "always", false)).toEqual({ retry: false, allow: false });
  });

  it("a save is never retried this way ('You cannot retry a saving throw except by ... MULLIGAN')", () => {
    const save = checkOptions(actor, { kind: "save", save: "health" }, { dl: 10 });
    const state = checkState(readOf(save, [1, 2]), cardOf(save))!;
    expect(state.outcome.outcome).toBe("failure");
    expect(retryOffers(state, "always", false).retry).toBe(false);
  });

  it("the chain: the first try, then +1, +2 crit; a broken or forged link counts nothing", () => {
    const links: Record<string, ChainLink> = {
      a: { id: "a", actorUuid: "Actor.ada", skillId: "OpenLocks", retry: null },
      b: { id: "b", actorUuid: "Actor.ada", skillId: "OpenLocks", retry: { of: "a", count: 1 } },
      c: { id: "c", actorUuid: "Actor.ada", skillId: "OpenLocks", retry: { of: "b", count: 2 } },
    };
    const find = (id: string) => links[id] ?? null;
    // After the first try the retry is the second try, at +1; after that, +2; then +3.
    expect(triesBefore(links.a!, find)).toBe(1);
    expect(triesBefore(links.b!, find)).toBe(2);
    expect(triesBefore(links.c!, find)).toBe(3);
    const forged = { ...links.c!, retry: { of: "b", count: 1 } };
    expect(triesBefore(forged, find)).toBeNull();
    const otherSkill = { ...links.b!, id: "d", skillId: "Juggle", retry: { of: "a", count: 1 } };
    expect(triesBefore(otherSkill, find)).toBeNull();
    expect(triesBefore({ ...links.b!, retry: { of: "gone", count: 1 } }, find)).toBeNull();
  });

  it("the card keeps a link and an allowed flag only as this system writes them; a player never posts them", () => {
    const base = cardOf(locks());
    expect(checkCardProblems({ ...base, retry: { of: "abcdefghijklmnop", count: 1 } })).toEqual([]);
    expect(checkCardProblems({ ...base, retry: { of: "<b>", count: 0 } }).length).toBe(2);
    expect(checkCardProblems({ ...base, retryAllowed: "yes" }).length).toBe(1);
    expect(checkCardProblems({ ...base, dying: "live" }).length).toBe(1);
    const posted = (card: Record<string, unknown>) =>
      cardProblem(checkState(readOf(locks({ dl: 10 }), [1, 2]), cardOf(locks(), card))!, null, false);
    expect(posted({})).toBeNull();
    expect(posted({ retry: { of: "abcdefghijklmnop", count: 1 } })).toMatch(/Unjustified$/);
    expect(posted({ retryAllowed: true })).toMatch(/Unjustified$/);
    expect(posted({ dying: "light" })).toMatch(/Unjustified$/);
  });

  it("the card says which try it is and offers the buttons the reader is given", () => {
    const state = locksAt([1, 2], { retry: { of: "abcdefghijklmnop", count: 2 } });
    const view = checkCardView(state, { localize, retry: { retry: true, allow: false } }) as any;
    expect(view.extras.retry).toBe('POLYVERSE.VirtuallyReal.Cards.Retry.Of{"count":"2","crit":"+2"}');
    expect(view.buttons.retry).toBe("POLYVERSE.VirtuallyReal.Cards.Button.Retry");
    expect(view.buttons.allowRetry).toBe("");
    expect(view.hasButtons).toBe(true);
  });
});

describe("a mulligan forced by another's intimacy", () => {
  const ada = (light: number, intimacies: ForcerActor["intimacies"]): ForcerActor => ({
    uuid: "Actor.ada",
    name: "Ada",
    light,
    intimacies,
  });
  const hate = { name: "Brute", target: "violence", level: "inner", polarity: "negative" } as const;
  const love = { name: "brute ", target: "isolation", level: "defining", polarity: "positive" } as const;

  it("inner hate: 2 light, 2 disadvantage dice and a point of Darkness", () => {
    const done = forcedOf(ada(3, [hate]), { intimacy: 0, spendAs: "inner", agreed: true }, "Brute", false);
    expect(done.ok && done.value.spend).toMatchObject({
      light: 2,
      advantage: 0,
      disadvantage: 2,
      darkness: 1,
    });
    expect(done.ok && done.value.hated).toBe(true);
  });

  it("defining love: 4 light, 4 advantage dice, no Darkness (the name read without case or spaces)", () => {
    const me = ada(4, [love]);
    expect(towardRoller(me, "Brute")).toEqual([0]);
    const done = forcedOf(me, { intimacy: 0, spendAs: "defining", agreed: true }, "Brute", false);
    expect(done.ok && done.value.spend).toMatchObject({
      light: 4,
      advantage: 4,
      disadvantage: 0,
      darkness: 0,
    });
  });

  it("refused: an intimacy toward someone else, too little light, no agreement, a mulligan taken", () => {
    const other = { ...love, name: "Home" };
    const refusal = (r: ReturnType<typeof forcedOf>) => (r.ok ? null : r.refusal.key);
    const ask = { intimacy: 0, spendAs: "inner" as const, agreed: true };
    expect(refusal(forcedOf(ada(3, [other]), ask, "Brute", false))).toBe(
      "POLYVERSE.VirtuallyReal.Cards.Force.Refused.NotToward",
    );
    // One light short of an inner intimacy: "you just get the lower effect" (not lowered); none is refused.
    const short = forcedOf(ada(1, [hate]), ask, "Brute", false);
    expect(short.ok && short.value.spend).toMatchObject({ light: 1, disadvantage: 1, darkness: 1 });
    expect(short.ok && short.value.lowered).toBe(false);
    expect(refusal(forcedOf(ada(0, [hate]), ask, "Brute", false))).toBe(
      "POLYVERSE.VirtuallyReal.Character.Refusal.notEnoughLight",
    );
    expect(refusal(forcedOf(ada(3, [hate]), { ...ask, agreed: false }, "Brute", false))).toBe(
      "POLYVERSE.VirtuallyReal.Character.Refusal.notAgreed",
    );
    expect(refusal(forcedOf(ada(3, [hate]), ask, "Brute", true))).toBe(
      "POLYVERSE.VirtuallyReal.Character.Refusal.mulliganTaken",
    );
  });

  it("the dialog's pick reads only an intimacy toward the roller; a spend above its level falls back", () => {
    const me = ada(3, [{ ...love, name: "Home" }, hate]);
    expect(forceAskOf({ pick: "0:1", spendAs: "defining", agreed: true }, [me], "Brute")).toEqual({
      forcer: "Actor.ada",
      intimacy: 1,
      spendAs: "inner",
      agreed: true,
    });
    expect(forceAskOf({ pick: "0:0", spendAs: "outer", agreed: true }, [me], "Brute").intimacy).toBe(-1);
  });

  it("the re-roll: a love's dice are advantages, a hate's disadvantages", () => {
    const input = locks().input;
    const forcer = { actorUuid: "Actor.ada", actorName: "Ada", hated: true };
    expect(mulliganInput(input, { light: 2, forcer })).toMatchObject({
      advantage: input.advantage,
      disadvantage: input.disadvantage + 2,
    });
    expect(mulliganInput(input, { light: 2, forcer: { ...forcer, hated: false } })).toMatchObject({
      advantage: input.advantage + 2,
      disadvantage: input.disadvantage,
    });
  });
});

describe("a save critically failed while Dying", () => {
  const X = [{ id: "X" }];
  it("Health, Body and Basic Combat Training saves are deadly; Dodge is not", () => {
    expect(deadlySaveOf({ kind: "save", save: "health", attribute: null, skillRef: null })).toBe("health");
    expect(deadlySaveOf({ kind: "save", save: "standard", attribute: "body", skillRef: null })).toBe("body");
    expect(
      deadlySaveOf({ kind: "skill", save: null, attribute: null, skillRef: "basicCombatTraining" }),
    ).toBe("bct");
    expect(deadlySaveOf({ kind: "save", save: "dodge", attribute: null, skillRef: null })).toBe("other");
  });

  it("a critical result or a failure by 10 with X: a light point or death; with no light, death only", () => {
    expect(dyingSave("health", { critical: true, margin: null }, { conditions: X, light: 2 })).toBe(
      "spendLight",
    );
    expect(dyingSave("bct", { critical: false, margin: -10 }, { conditions: X, light: 0 })).toBe("dies");
    expect(dyingSave("health", { critical: false, margin: -9 }, { conditions: X, light: 2 })).toBe("none");
    expect(dyingSave("health", { critical: true, margin: null }, { conditions: [], light: 2 })).toBe("none");
    expect(dyingSave("other", { critical: true, margin: null }, { conditions: X, light: 2 })).toBe("none");
    expect(dyingAnswers("spendLight")).toEqual(["light", "die"]);
    expect(dyingAnswers("dies")).toEqual(["die"]);
    expect(dyingAnswers("none")).toEqual([]);
  });

  it("the answer: one light point given up, or death; no light to give up is no answer", () => {
    expect(dyingAnswerChange("light", 2)).toEqual({ light: 1, dies: false });
    expect(dyingAnswerChange("light", 0)).toBeNull();
    expect(dyingAnswerChange("die", 2)).toEqual({ light: 2, dies: true });
  });

  it("the card asks, then says what was answered", () => {
    const state = locksAt([1, 1]);
    const ask = checkCardView(state, { localize, dyingAnswers: ["light", "die"] }) as any;
    expect(ask.extras.dying).toBe('POLYVERSE.VirtuallyReal.Cards.Dying.Ask{"name":"Ada"}');
    expect(ask.buttons.dyingLight).not.toBe("");
    expect(ask.buttons.dyingDie).not.toBe("");
    const answered = checkCardView(locksAt([1, 1], { dying: "light" }), { localize }) as any;
    expect(answered.extras.dying).toBe('POLYVERSE.VirtuallyReal.Cards.Dying.light{"name":"Ada"}');
    expect(answered.buttons.dyingLight).toBe("");
  });
});

describe("the sheet's strength-feat entry point", () => {
  it("Body's row alone rolls a strength feat ('Roll a Body attribute check and add your weight size')", () => {
    const source = maraSource();
    const items = maraItems();
    const context = characterSheetContext({
      name: "Mara Voss",
      img: "",
      type: "virtually-real-character",
      system: readActorSystem(source),
      derived: derivedOf(source, items),
      items,
      editable: true,
      isGM: false,
      activeTab: "attributes",
      rolls: { strengthFeat: true },
      options: defaultOptions(),
      localize,
    });
    const rows = context.attributes.attributes;
    expect(rows.find((a) => a.key === "body")!.featRoll).toMatchObject({
      label: "POLYVERSE.VirtuallyReal.Cards.Feat.Roll",
    });
    expect(rows.filter((a) => a.featRoll !== null).map((a) => a.key)).toEqual(["body"]);
    // The weight size is the Health tab's field (blank: 0).
    expect(context.health.hp.weightSize).toMatchObject({
      name: "system.health.weightSize",
      placeholder: "0",
    });
  });
});

describe("a strength feat on the card", () => {
  // Body [2] +2, weight size 3, Weight Lifting 2: "Roll a Body attribute check and add your weight
  // size. Your "Weight Lifting" passion grants advantages to the roll *and* adds its value".
  const lifter = plainActor({ weightSize: 3, weightLifting: 2 });
  const feat = checkOptions(lifter, { kind: "strengthFeat", attribute: "body" });

  it("the check: [2] with one advantage die (setting weightLiftingDice: one), +2 and +3 + 2 flat", () => {
    expect(feat.input).toMatchObject({ kind: "strengthFeat", capacity: 2, advantage: 1, level: 2, flat: 5 });
    // Where the dice and adds come from, as the card's chips show them.
    expect(feat.lines).toEqual([
      {
        key: "POLYVERSE.VirtuallyReal.Cards.Feat.Line.WeightSize",
        data: { n: "+3" },
        advantage: 0,
        disadvantage: 0,
        critMod: 0,
      },
      {
        key: "POLYVERSE.VirtuallyReal.Cards.Feat.Line.WeightLifting",
        data: { n: "+2" },
        advantage: 1,
        disadvantage: 0,
        critMod: 0,
      },
    ]);
    const state = checkState(readOf(feat, [3, 4, 5]), cardOf(feat))!;
    expect(state.result.total).toBe(4 + 5 + 2 + 5);
  });

  it("retries at +1, +2 crit: the higher total kept until a critical failure drops it", () => {
    expect(featRetryInput(feat.input, 2).critMod).toBe(feat.input.critMod + 2);
    const read = readOf(feat, [3, 4, 5]);
    const kept = featStanding(
      checkState(read, cardOf(feat, { feat: [{ faces: [6, 5, 1], explosion: null }] }))!,
    )!;
    // 4 + 5 + 7 = 16, then 6 + 5 + 7 = 18: the higher is kept.
    expect(kept.tries.map((t) => t.total)).toEqual([16, 18]);
    expect(kept).toMatchObject({ best: 18, over: false });
    expect(featRetryOffered(kept)).toBe(true);
    // At +2 crit, kept [2, 1] = 3 is within capacity 2 + 2: critical; the kept roll is dropped.
    const dropped = featStanding(
      checkState(
        read,
        cardOf(feat, {
          feat: [
            { faces: [6, 5, 1], explosion: null },
            { faces: [1, 2, 1], explosion: null },
          ],
        }),
      )!,
    )!;
    expect(dropped).toMatchObject({ best: null, over: true });
    expect(featRetryOffered(dropped)).toBe(false);
    const view = checkCardView(
      checkState(read, cardOf(feat, { feat: [{ faces: [6, 5, 1], explosion: null }] }))!,
      { localize, featRetry: true },
    ) as any;
    expect(view.extras.feat.total).toBe('POLYVERSE.VirtuallyReal.Cards.Feat.Standing{"total":"18"}');
    expect(view.buttons.featRetry).toBe('POLYVERSE.VirtuallyReal.Cards.Button.FeatRetry{"crit":"+2"}');
  });

  it("not a strength feat: no standing", () => {
    expect(featStanding(locksAt([3, 4]))).toBeNull();
  });
});
