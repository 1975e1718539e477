// Issue #11's attack-side additions (attack/*-logic.ts), with the rules text's numbers: an
// assassination's successes through Jaye's mail as sixes (TV-36's 6(s)), cover HP kept from one
// attack to the next, Uncanny Luck's re-roll and Adrenaline Rush's tests on the card, the ledger's
// stable digest of a re-rolled card, and the HP a blow took for Pain Tolerance.
import { describe, expect, it } from "vitest";
import { digest } from "../../src/core/ledger-logic";
import {
  assassinationMismatch,
  assassinationOffer,
  readWatchRecord,
  secondsSince,
  type WatchRecord,
} from "../../src/rulesets/verses/attack/assassination-logic";
import {
  damagePreview,
  hpLostBy,
  planApply,
  withDefence,
} from "../../src/rulesets/verses/attack/attack-logic";
import {
  attackerRushTest,
  attackerTest,
  defenceWithLuck,
  defenderTest,
  luckIndices,
  untouched,
  withAttackLuck,
} from "../../src/rulesets/verses/attack/card-abilities-logic";
import {
  defenceForged,
  defenceLuckKey,
  parseAttackOp,
  stableCard,
} from "../../src/rulesets/verses/attack/card-trust-logic";
import {
  coverAfterApply,
  coverAfterUndo,
  coverDefaults,
  liveCover,
  readTrackedCover,
} from "../../src/rulesets/verses/attack/cover-logic";
import { protectiveLayers } from "../../src/rulesets/verses/attack/defender-logic";
import { adrenalineRushAfter } from "../../src/rulesets/verses/base/ability-logic";
import { newAdRound } from "../../src/rulesets/verses/rules";
import { card, defender, now } from "../lib/verses-attack-cards";

describe("Assassination on the card", () => {
  const watch: WatchRecord = {
    actorUuid: "Actor.jaye",
    name: "Jaye",
    allAd: true,
    worldTime: 100,
    combatId: null,
    round: null,
  };
  const moment = (worldTime: number) => ({ worldTime, combatId: null, round: null });

  it("reads only a Watch record this system writes", () => {
    expect(readWatchRecord(watch)).toEqual(watch);
    expect(readWatchRecord({ ...watch, allAd: "yes" })).toBeNull();
    expect(readWatchRecord({ ...watch, worldTime: Number.NaN })).toBeNull();
    expect(readWatchRecord("Actor.jaye")).toBeNull();
  });

  it("'within 1 minute': 12 rounds of 5 s in one combat, else game time", () => {
    const inCombat = { ...watch, combatId: "c1", round: 2 };
    expect(secondsSince(inCombat, { worldTime: 0, combatId: "c1", round: 14 })).toBe(60);
    expect(secondsSince(inCombat, { worldTime: 170, combatId: "c2", round: 1 })).toBe(70);
    expect(
      assassinationOffer(watch, { actorUuid: "Actor.jaye", kind: "biological" }, 2, moment(160)),
    ).toEqual({
      ok: true,
      value: { dice: 2 },
    });
    expect(
      assassinationOffer(watch, { actorUuid: "Actor.jaye", kind: "biological" }, 2, moment(161)).ok,
    ).toBe(false);
    expect(
      assassinationOffer(watch, { actorUuid: "Actor.cook", kind: "biological" }, 2, moment(120)).ok,
    ).toBe(false);
    expect(assassinationOffer(watch, { actorUuid: "Actor.jaye", kind: "construct" }, 2, moment(120)).ok).toBe(
      false,
    );
    expect(
      assassinationOffer(
        { ...watch, allAd: false },
        { actorUuid: "Actor.jaye", kind: "biological" },
        2,
        moment(120),
      ).ok,
    ).toBe(false);
    expect(
      assassinationOffer(watch, { actorUuid: "Actor.jaye", kind: "biological" }, 0, moment(120)).ok,
    ).toBe(false);
  });

  it("TV-36's sword (a five in the threshold, 6(s)) on Jaye's mail: unhurt; as an assassination, 6 HP and 1 EX", () => {
    const plain = withDefence(card({ faces: [5, 5, 4, 1] }), 0, "take", defender());
    expect(plain.targets[0]!.damage).toMatchObject({ taken: 0, hpAfter: 10 });
    const killing = card({ faces: [5, 5, 4, 1], assassination: { actorUuid: "Actor.jaye", dice: 2 } });
    const damage = damagePreview(withDefence(killing, 0, "take", defender()), 0, defender());
    expect(damage?.layers[0]).toMatchObject({
      name: "Mail",
      absorbed: 0,
      bypassed: [{ amount: 6, type: "s" }],
    });
    expect(damage).toMatchObject({ taken: 6, hpAfter: 4, exToBind: 1 });
    // Only against the watched actor.
    const other = card({ faces: [5, 5, 4, 1], assassination: { actorUuid: "Actor.cook", dice: 2 } });
    expect(damagePreview(other, 0, defender())).toMatchObject({ taken: 0 });
  });

  it("the GM's check of a player's card: the watched actor, the dice and the Watch must agree", () => {
    const c = card({ assassination: { actorUuid: "Actor.jaye", dice: 2 } });
    const jaye = { actorUuid: "Actor.jaye", kind: "biological" as const };
    expect(assassinationMismatch(c, watch, jaye, 2, moment(120))).toBeNull();
    expect(assassinationMismatch(c, watch, jaye, 1, moment(120))).toBe(
      "POLYVERSE.Verses.Assassination.Mismatch",
    );
    expect(assassinationMismatch(c, null, jaye, 2, moment(120))).toBe(
      "POLYVERSE.Verses.Assassination.Mismatch",
    );
    expect(assassinationMismatch(c, watch, jaye, 2, moment(200))).toBe(
      "POLYVERSE.Verses.Assassination.Mismatch",
    );
    expect(assassinationMismatch(card(), null, null, 0, moment(0))).toBeNull();
  });
});

describe("cover that keeps its HP", () => {
  const glass = { protective: "partial" as const, material: "Glass", hp: 8, tokenUuid: "Scene.s.Token.jaye" };
  it("reads a tracked cover; the dialog starts from it; at 0 HP it starts with none and the layer is gone", () => {
    expect(readTrackedCover({ protective: "full", material: "stone", hp: 3, max: 12 })).toEqual({
      protective: "full",
      material: "Stone",
      hp: 3,
      max: 12,
    });
    expect(readTrackedCover({ protective: "none", material: "Stone", hp: 3, max: 12 })).toBeNull();
    expect(readTrackedCover({ protective: "full", material: "Stone", hp: 13, max: 12 })).toBeNull();
    expect(coverDefaults({ protective: "full", material: "Stone", hp: 3, max: 12 })).toEqual({
      protective: "full",
      material: "Stone",
      coverHp: 3,
    });
    expect(coverDefaults({ protective: "full", material: "Stone", hp: 0, max: 12 })?.protective).toBe("none");
    expect(protectiveLayers({ ...glass, hp: 0 }, { armour: [] })).toEqual([]);
  });

  it("glass with 8 HP stops the fives' 6(s) whole; an Apply leaves 2, a late Apply meets only what is left; Undo gives it back", () => {
    const c = withDefence(card({ faces: [5, 5, 4, 1], cover: glass }), 0, "take", defender({ armour: [] }));
    const plan = planApply(c, 0, defender({ armour: [] }), now(defender()));
    expect(plan?.record.summary).toMatchObject({ taken: 0 });
    const after = coverAfterApply(c, 0, plan!.record, glass, null);
    expect(after).toEqual({ protective: "partial", material: "Glass", hp: 2, max: 8 });
    const late = liveCover(c, 0, after);
    expect(late.hp).toBe(2);
    const second = planApply({ ...c, cover: late }, 0, defender({ armour: [] }), now(defender()));
    expect(second?.record.summary).toMatchObject({ taken: 4, hpAfter: 6 });
    expect(coverAfterApply(c, 0, second!.record, late, after)).toMatchObject({ hp: 0 });
    expect(coverAfterUndo(c, 0, second!.record, { ...after!, hp: 0 })).toMatchObject({ hp: 2 });
    // Another row (not the token the cover is kept on) is not tracked.
    expect(liveCover({ ...c, cover: { ...glass, tokenUuid: "Scene.s.Token.other" } }, 0, after).hp).toBe(8);
  });
});

describe("Uncanny Luck and Adrenaline Rush on the card", () => {
  it("the attack's 1s, up to the allocated dice, once, while nothing is done with the result", () => {
    const c = card({ faces: [5, 1, 1, 2] });
    expect(luckIndices(c, null, 1)).toEqual([1]);
    expect(luckIndices(c, null, 3)).toEqual([1, 2]);
    expect(luckIndices(c, null, 0)).toEqual([]);
    const lucky = withAttackLuck(c, [1], [6]);
    expect(lucky.faces).toEqual([5, 6, 1, 2]);
    expect(lucky.luck).toEqual({ rolled: [5, 1, 1, 2], indices: [1], faces: [6] });
    expect(luckIndices(lucky, null, 1)).toEqual([]);
    expect(luckIndices(withDefence(c, 0, "take", defender()), null, 1)).toEqual([]);
  });

  it("a defence's 1s: its row not yet applied", () => {
    const dodged = withDefence(
      card(),
      0,
      { kind: "dodge", faces: [1, 5, 2], ad: 1, messageId: null },
      defender(),
    );
    expect(luckIndices(dodged, 0, 1)).toEqual([0]);
    const d = defenceWithLuck(dodged.targets[0]!.defence!, [0], [6]);
    expect(d.faces).toEqual([6, 5, 2]);
    const applied = {
      ...dodged,
      targets: [
        {
          ...dodged.targets[0]!,
          applied: {
            before: { hp: 1, ad: newAdRound(5), statuses: [] },
            summary: null,
            conditions: [],
            pending: false,
          },
        },
      ],
    };
    expect(luckIndices(applied, 0, 1)).toEqual([]);
  });

  it("TV-C27's Adrenaline Rush 1 (SM 4: 2 EX) on the attack's net hit, and on a defence that takes off 3 more than it needed", () => {
    const hit = withDefence(card({ faces: [6, 6, 5, 5, 2] }), 0, "take", defender());
    const test = attackerTest(hit);
    expect(test).toEqual({ faces: [6, 6, 5, 5, 2], target: 1 });
    const state = { ...newAdRound(5), exBound: 3 };
    expect(
      adrenalineRushAfter(test!.faces, test!.target, [{ key: "adrenalineRush", dice: 1 }] as never, state)
        ?.unbound,
    ).toBe(2);
    // Not settled yet: no test.
    expect(attackerTest(card({ faces: [6, 6, 5, 5, 2] }))).toBeNull();
    // The attack's 1 success against 1S: the dodge must take off 1; with 4 successes, SM 4.
    const dodged = withDefence(
      card({ faces: [5, 2, 2] }),
      0,
      { kind: "dodge", faces: [6, 6, 5, 5], ad: 4, messageId: null },
      defender(),
    );
    expect(defenderTest(dodged, 0)).toEqual({ faces: [6, 6, 5, 5], target: 1 });
    expect(
      adrenalineRushAfter([6, 6, 5, 5], 1, [{ key: "adrenalineRush", dice: 1 }] as never, state)?.unbound,
    ).toBe(2);
  });

  it("a sweep or a blast is one test, settled by its roll: its Rush is read at the roll (or a re-roll), never when a row settles", () => {
    // TV-C27: Adrenaline Rush 1 at SM 4. Four successes against the blast's 1S.
    const blast = card({ faces: [6, 6, 5, 5, 2], mode: "area" });
    expect(attackerRushTest(blast, true)).toEqual({ faces: [6, 6, 5, 5, 2], target: 1 });
    const settledRow = withDefence(blast, 0, "take", defender());
    expect(attackerRushTest(settledRow, false)).toBeNull();
    // Recorded at the roll: never twice, and luck may still re-roll the attack's 1s.
    expect(attackerRushTest({ ...blast, rush: 2 }, true)).toBeNull();
    expect(untouched({ ...card({ faces: [6, 1], mode: "sweep" }), rush: 2 })).toBe(true);
    // A direct attack's Rush follows its settled row, as before, and then stops its luck.
    const direct = withDefence(card({ faces: [6, 6, 5, 5, 2] }), 0, "take", defender());
    expect(attackerRushTest(direct, false)).toEqual({ faces: [6, 6, 5, 5, 2], target: 1 });
    expect(untouched({ ...card({ faces: [6, 1] }), rush: 2 })).toBe(false);
  });

  it("Pain Tolerance's maintenance is a row mark the digest ignores, asked for by row", () => {
    const c = card();
    expect(parseAttackOp({ messageId: "m", op: "maintained", index: 0 }, c)).toEqual({
      op: "maintained",
      index: 0,
    });
    expect(() => parseAttackOp({ messageId: "m", op: "maintained" }, c)).toThrow();
    expect(() => parseAttackOp({ messageId: "m", op: "maintained", index: 0, hp: 0 }, c)).toThrow();
    const marked = { ...c, targets: c.targets.map((t) => ({ ...t, maintained: true })) };
    expect(digest(stableCard(marked))).toBe(digest(stableCard(c)));
  });

  it("the ledger's stable digest: a re-roll changes it (the GM records it anew); Adrenaline Rush marks do not", () => {
    const c = card({ faces: [5, 1, 1, 2] });
    const lucky = withAttackLuck(c, [1], [6]);
    expect(digest(stableCard(lucky))).not.toBe(digest(stableCard(c)));
    expect(digest(stableCard({ ...lucky, rush: 2 }))).toBe(digest(stableCard(lucky)));
    const forged = { ...lucky, faces: [5, 6, 6, 2] };
    expect(digest(stableCard(forged))).not.toBe(digest(stableCard(lucky)));
    expect(parseAttackOp({ messageId: "m", op: "luck" }, c)).toEqual({ op: "luck" });
    expect(parseAttackOp({ messageId: "m", op: "luck", index: 0 }, c)).toEqual({ op: "luck", index: 0 });
    expect(() => parseAttackOp({ messageId: "m", op: "luck", faces: [6] }, c)).toThrow();
  });
});

describe("Pain Tolerance: the HP an applied blow took", () => {
  it("the mail took it all: 0; the crossbow bolt's six (TV-37): 3", () => {
    const mail = withDefence(card({ faces: [5, 5, 4, 1] }), 0, "take", defender());
    expect(hpLostBy(planApply(mail, 0, defender(), now(defender()))!.record)).toBe(0);
    const bolt = withDefence(card({ faces: [6, 4, 2] }, { damage: "3(p)" }), 0, "take", defender());
    expect(hpLostBy(planApply(bolt, 0, defender(), now(defender()))!.record)).toBe(3);
  });
});

describe("a defence the ledger's digest does not cover is held to its message and the GM's marks", () => {
  it("faces as rolled must be the defence message's; a re-roll must be the GM's, merged in place", () => {
    const dodged = withDefence(
      card(),
      0,
      { kind: "dodge", faces: [6, 1, 2], ad: 1, messageId: "m" },
      defender(),
    );
    expect(defenceForged(dodged, 0, [6, 1, 2], [])).toBe(false);
    expect(defenceForged(dodged, 0, [6, 6, 2], [])).toBe(true);
    const d = defenceWithLuck(dodged.targets[0]!.defence!, [1], [5]);
    const lucky = { ...dodged, targets: [{ ...dodged.targets[0]!, defence: d }] };
    expect(defenceForged(lucky, 0, [6, 1, 2], [defenceLuckKey(0, [5])])).toBe(false);
    expect(defenceForged(lucky, 0, [6, 1, 2], [defenceLuckKey(0, [6])])).toBe(true);
    expect(defenceForged(lucky, 0, [6, 1, 2], [])).toBe(true);
    const moved = { ...lucky, targets: [{ ...lucky.targets[0]!, defence: { ...d, faces: [6, 6, 2] } }] };
    expect(defenceForged(moved, 0, [6, 1, 2], [defenceLuckKey(0, [5])])).toBe(true);
  });
});
