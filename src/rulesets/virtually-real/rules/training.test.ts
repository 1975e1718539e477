import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  SKILL_LEARNING_DL,
  bookReadingCheck,
  bookReadingDL,
  bookReadingHours,
  bookReadingResult,
  bookWriting,
  bookWritingRetry,
  canReadBook,
  isReferenceBook,
  learningDL,
  occupationAttributes,
  occupationCost,
  occupationDL,
  occupationRiteOfPassage,
  selfTaughtAllowed,
  skillRiteOfPassage,
  teachingWeeks,
  trainerQualifies,
  trainingCheck,
  trainingResult,
  trainingXPRequired,
  underlinesAfterReroll,
  type LearningCheck,
} from "./training";
import { checkOdds } from "./odds";
import { resolveCheck } from "./check";
import { attributeModifier } from "./attributes";
import { levelFromXP, xpToNextLevel } from "./experience";

/** The chance of success of a prepared check, by every ordered roll of its dice (no explosion needed to succeed). */
function bruteSuccess(check: LearningCheck): number {
  const dice = check.capacity;
  let wins = 0;
  let all = 0;
  const roll = (faces: number[]): void => {
    if (faces.length === dice) {
      all += 1;
      const r = resolveCheck({
        ...check,
        dice: faces,
        ...(faces.every((f) => f === 6) ? { explosion: [1] } : {}),
      });
      if (r.success) wins += 1;
      return;
    }
    for (let f = 1; f <= 6; f++) roll([...faces, f]);
  };
  roll([]);
  return wins / all;
}

describe("the SKILL LEARNING DL table", () => {
  it("secondary 8, primary 16, mastery 22, supernatural 28, deific 34", () =>
    expect([1, 2, 3, 4, 5].map((c) => SKILL_LEARNING_DL[c])).toEqual([8, 16, 22, 28, 34]));
  it("TV-18: a domestic skill (8 XP) to primary: 16 + 1 = 17", () => expect(learningDL(2, 8)).toBe(17));
  it("Acrobatics (12 XP) to primary: 16 + 2 = 18", () => expect(learningDL(2, 12)).toBe(18));
  it("no training above Deific", () => expect(() => learningDL(6, 8)).toThrow(RangeError));
  it("property: harder for a higher training, never easier for a dearer skill", () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.nat(200),
        fc.nat(200),
        (cap, a, b) =>
          learningDL(cap + 1, a) > learningDL(cap, a) &&
          (a <= b ? learningDL(cap, a) <= learningDL(cap, b) : true),
      ),
    ));
});

describe("self-taught", () => {
  const acrobatics = { capacity: 1, xp: 40, cost: 12 };
  it("TV-37: a 12-XP skill needs 24 XP in it", () => {
    expect(trainingXPRequired(12)).toBe(24);
    expect(
      selfTaughtAllowed({
        skill: { ...acrobatics, xp: 23 },
        attributeCapacity: 2,
        xpEveryChapterThisAct: true,
      }),
    ).toEqual({
      ok: false,
      reason: "notEnoughXP",
      data: { have: 23, need: 24 },
    });
    expect(
      selfTaughtAllowed({
        skill: { ...acrobatics, xp: 24 },
        attributeCapacity: 2,
        xpEveryChapterThisAct: true,
      }),
    ).toEqual({
      ok: true,
      value: { targetCapacity: 2, dl: 18 },
    });
  });
  it("only up to the attribute's capacity, never a restricted skill, only after XP every chapter (the GM may except)", () => {
    const primary = { capacity: 2, xp: 60, cost: 12 };
    expect(selfTaughtAllowed({ skill: primary, attributeCapacity: 2, xpEveryChapterThisAct: true }).ok).toBe(
      false,
    );
    expect(
      selfTaughtAllowed({
        skill: primary,
        attributeCapacity: 2,
        xpEveryChapterThisAct: true,
        gmException: true,
      }).ok,
    ).toBe(true);
    const ki = { ...acrobatics, restricted: true };
    expect(selfTaughtAllowed({ skill: ki, attributeCapacity: 2, xpEveryChapterThisAct: true })).toEqual({
      ok: false,
      reason: "restrictedSkill",
    });
    expect(
      selfTaughtAllowed({ skill: acrobatics, attributeCapacity: 2, xpEveryChapterThisAct: false }),
    ).toEqual({ ok: false, reason: "missedChapterXP" });
    expect(
      selfTaughtAllowed({
        skill: { capacity: 5, xp: 500, cost: 8 },
        attributeCapacity: 5,
        xpEveryChapterThisAct: true,
      }),
    ).toEqual({ ok: false, reason: "aboveDeific" });
  });
});

describe("the training check (the Acrobatics example)", () => {
  const input = { skill: { capacity: 1, xp: 40, cost: 12 }, attribute: { capacity: 2, score: 14 } };
  it("TV-21: AGL [2]14/2 + Acrobatics [1]40/5: capacity 2, +7, DL 18; 11 to roll, 8 %", () => {
    const check = trainingCheck(input);
    expect(check).toMatchObject({ kind: "combination", capacity: 2, level: 7, dl: 18, critMod: 0 });
    expect(check.dl - check.level).toBe(11);
    expect(checkOdds(check).success).toBeCloseTo(3 / 36, 10);
    expect(bruteSuccess(check)).toBeCloseTo(3 / 36, 10);
    expect(Math.round(100 * checkOdds(check).success)).toBe(8);
  });
  it("TV-22: a trainer at Acrobatics [2]100/7 adds 50 XP: 90/7, +9, 9 to roll, 28 %", () => {
    const check = trainingCheck({ ...input, trainer: { xp: 100 } });
    expect([check.capacity, check.level, check.dl - check.level]).toEqual([2, 9, 9]);
    expect(checkOdds(check).success).toBeCloseTo(10 / 36, 10);
    expect(bruteSuccess(check)).toBeCloseTo(10 / 36, 10);
    expect(Math.round(100 * checkOdds(check).success)).toBe(28);
  });
  it("the Combination's +2 crit range is planCheck's: critical on 2..4", () => {
    const r = resolveCheck({ ...trainingCheck(input), dice: [1, 3] });
    expect([r.critical, r.total, r.margin]).toEqual([true, 0, -18]);
    expect(resolveCheck({ ...trainingCheck(input), dice: [1, 4] }).critical).toBe(false);
  });
  it("TV-23: success makes Acrobatics [2]20/3 and AGL 14/2 → 15/2", () => {
    const r = trainingResult(input.skill, { margin: 0, critical: false });
    expect(r).toEqual({
      outcome: "trained",
      capacity: 2,
      xp: 20,
      underlines: 0,
      attributeGain: 1,
      xpEarned: 0,
      retry: null,
    });
    expect(levelFromXP(r.xp)).toBe(3);
    expect(14 + r.attributeGain).toBe(15);
    expect(attributeModifier(15)).toBe(2);
  });
  it("TV-19: 41 XP halves to 20", () =>
    expect(trainingResult({ capacity: 2, xp: 41 }, { margin: 3, critical: false })).toMatchObject({
      capacity: 3,
      xp: 20,
      attributeGain: 2,
    }));
  it("TV-20: [2] at 40 XP (+5) against [3] at 20 XP (+3): ranges, averages, crits and the next level", () => {
    expect([levelFromXP(40), levelFromXP(20)]).toEqual([5, 3]);
    expect([2 + 5, 12 + 5, 3 + 3, 18 + 3]).toEqual([7, 17, 6, 21]);
    const old = checkOdds({
      kind: "skill",
      capacity: 2,
      attrCapacity: 2,
      advantage: 0,
      disadvantage: 0,
      critMod: 0,
      level: 0,
      dl: 99,
    });
    const next = checkOdds({
      kind: "skill",
      capacity: 3,
      attrCapacity: 3,
      advantage: 0,
      disadvantage: 0,
      critMod: 0,
      level: 0,
      dl: 99,
    });
    expect(next.criticalFailure).toBeCloseTo(1 / 216, 12);
    expect(old.criticalFailure).toBeCloseTo(1 / 36, 12);
    expect(xpToNextLevel(20)).toBe(5);
  });
  it("missed by 1 or 2: trained anyway, an underline per point missed, no XP", () => {
    expect(trainingResult(input.skill, { margin: -2, critical: false })).toEqual({
      outcome: "underlined",
      capacity: 2,
      xp: 20,
      underlines: 2,
      attributeGain: 1,
      xpEarned: 0,
      retry: null,
    });
  });
  it("the other reading keeps the XP of an underlined training", () =>
    expect(
      trainingResult(input.skill, { margin: -1, critical: false }, { underlinedHalvesXP: false }),
    ).toMatchObject({
      capacity: 2,
      xp: 40,
      underlines: 1,
    }));
  it("a failure earns 1 XP and waits for the next Act; a critical failure two Acts", () => {
    expect(trainingResult(input.skill, { margin: -3, critical: false })).toMatchObject({
      outcome: "failed",
      capacity: 1,
      xp: 40,
      xpEarned: 1,
      retry: "act",
    });
    expect(trainingResult(input.skill, { margin: -10, critical: false })).toMatchObject({
      outcome: "criticalFailure",
      retry: "twoActs",
    });
    expect(trainingResult(input.skill, { margin: -18, critical: true })).toMatchObject({
      outcome: "criticalFailure",
      retry: "twoActs",
    });
  });
  it("underlines show in the next checks' critical range; a chapter's new roll erases them", () => {
    expect(trainingCheck({ ...input, skill: { ...input.skill, underlines: 2 } }).critMod).toBe(2);
    expect(underlinesAfterReroll(2, { margin: 0, critical: false })).toBe(0);
    expect(underlinesAfterReroll(2, { margin: -1, critical: false })).toBe(1);
    expect(underlinesAfterReroll(1, { margin: -2, critical: false })).toBe(1);
    expect(underlinesAfterReroll(2, { margin: -5, critical: false })).toBe(2);
  });
  it("property: a success halves the XP and adds one die", () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.nat(400), fc.nat(20), (capacity, xp, margin) => {
        const r = trainingResult({ capacity, xp }, { margin, critical: false });
        return r.capacity === capacity + 1 && r.xp === Math.floor(xp / 2) && r.attributeGain === capacity;
      }),
    ));
});

describe("trainers", () => {
  it("a teacher has the training you want, not higher, not lower", () => {
    expect(trainerQualifies({ capacity: 2, xp: 100 }, 1)).toEqual({ ok: true, value: { targetCapacity: 2 } });
    expect(trainerQualifies({ capacity: 3, xp: 100 }, 1)).toMatchObject({
      ok: false,
      reason: "trainerTooHigh",
    });
    expect(trainerQualifies({ capacity: 1, xp: 100 }, 1)).toMatchObject({
      ok: false,
      reason: "trainerTooLow",
    });
  });
  it("a style needs all three second-level passions", () => {
    expect(trainerQualifies({ capacity: 2, xp: 50, knowsStyle: false }, 1, true)).toEqual({
      ok: false,
      reason: "styleNotKnown",
    });
    expect(trainerQualifies({ capacity: 2, xp: 50, knowsStyle: true }, 1, true).ok).toBe(true);
  });
  it("teaching takes a week per XP of the skill's cost: Acrobatics 12 weeks", () =>
    expect(teachingWeeks(12)).toBe(12));
});

describe("occupations", () => {
  it("TV-24: a 100 XP occupation is DL 17", () => expect(occupationDL(100)).toBe(17));
  it("TV-25: 25 weeks with a trainer bring it to 75 XP and DL 16", () => {
    expect(occupationCost(100, 25)).toBe(75);
    expect(occupationDL(100, 25)).toBe(16);
  });
  it("the two attributes with the most bonuses; LOG wins a tie; otherwise the player chooses", () => {
    expect(occupationAttributes({ body: 3, logic: 2, mind: 2 })).toEqual({
      fixed: ["body", "logic"],
      choices: [],
      pick: 0,
    });
    expect(occupationAttributes({ body: 3, mind: 2, aura: 2 })).toEqual({
      fixed: ["body"],
      choices: ["mind", "aura"],
      pick: 1,
    });
    expect(occupationAttributes({ agility: 2, body: 4 })).toEqual({
      fixed: ["body", "agility"],
      choices: [],
      pick: 0,
    });
    expect(occupationAttributes({ body: 2, mind: 2, logic: 2 })).toEqual({
      fixed: ["logic"],
      choices: ["body", "mind"],
      pick: 1,
    });
    expect(occupationAttributes({ body: 2 })).toEqual({ fixed: ["body"], choices: [], pick: 1 });
  });
  it("rites of passage: occupations of 75 XP or more; a skill above its attribute's capacity", () => {
    expect([occupationRiteOfPassage(74), occupationRiteOfPassage(75)]).toEqual([false, true]);
    expect([skillRiteOfPassage(2, 2), skillRiteOfPassage(3, 2)]).toEqual([false, true]);
  });
});

describe("books", () => {
  const astrology = { capacity: 2, xp: 16 };
  it("TV-26: a [2] 20/3 book is DL 11 (the Secondary row's 8 + 3), a Literacy + skill Combination", () => {
    expect(bookReadingDL({ capacity: 2, xp: 20 })).toBe(11);
    const check = bookReadingCheck(
      { capacity: 2, xp: 20 },
      { literacy: { capacity: 2, xp: 20 }, skill: { capacity: 1, xp: 14 }, attrCapacity: 2 },
    );
    expect(check).toMatchObject({ kind: "combination", capacity: 2, level: 3 + 2, dl: 11, advantage: 0 });
  });
  it("a story written with Creative Writing is read with an advantage", () =>
    expect(
      bookReadingCheck(
        astrology,
        { literacy: { capacity: 2, xp: 20 }, skill: { capacity: 2, xp: 14 }, attrCapacity: 2 },
        { story: true },
      ).advantage,
    ).toBe(1));
  it("a [1] book: the Secondary row by default (the option may say otherwise)", () => {
    expect(bookReadingDL({ capacity: 1, xp: 20 })).toBe(11);
    expect(bookReadingDL({ capacity: 1, xp: 20 }, { capacityOneBookBase: 4 })).toBe(7);
    expect(bookReadingDL({ capacity: 3, xp: 20 })).toBe(19);
  });
  it("TV-27: Astrology [2]16/3 takes about 6 hours (capacity × level); the other reading, 2", () => {
    expect(bookReadingHours(astrology)).toBe(6);
    expect(bookReadingHours(astrology, { bookHours: "capacity" })).toBe(2);
  });
  it("reading needs the language and Literacy at the book's capacity", () => {
    expect(canReadBook(astrology, { capacity: 2, readsLanguage: true })).toEqual({ ok: true, value: true });
    expect(canReadBook(astrology, { capacity: 1, readsLanguage: true })).toMatchObject({
      ok: false,
      reason: "literacyTooLow",
    });
    expect(canReadBook(astrology, { capacity: 3, readsLanguage: false })).toEqual({
      ok: false,
      reason: "cannotReadLanguage",
    });
  });
  it("the reading's result: a trainer, half a trainer on close enough, hours lost on a failure", () => {
    expect(bookReadingResult({ capacity: 2, xp: 21 }, { margin: 0, critical: false })).toEqual({
      outcome: "understood",
      trainerXP: 21,
      hoursLost: 0,
    });
    expect(bookReadingResult({ capacity: 2, xp: 21 }, { margin: -2, critical: false })).toEqual({
      outcome: "half",
      trainerXP: 10,
      hoursLost: 0,
    });
    expect(bookReadingResult({ capacity: 2, xp: 21 }, { margin: -3, critical: false })).toEqual({
      outcome: "failed",
      trainerXP: null,
      hoursLost: 2,
    });
    expect(bookReadingResult({ capacity: 2, xp: 21 }, { margin: -11, critical: true }).outcome).toBe(
      "criticalFailure",
    );
  });
  it("books of capacity 3 or more are references", () => {
    expect(isReferenceBook({ capacity: 2, xp: 50 })).toBe(false);
    expect(isReferenceBook({ capacity: 3, xp: 10 })).toBe(true);
  });
  it("writing: Literacy at the book's training, a week per XP, DL by the skill's cost plus the book's score", () => {
    const writer = {
      literacy: { capacity: 2, xp: 30 },
      skill: { capacity: 2, xp: 25, cost: 8 },
      attrCapacity: 2,
    };
    const w = bookWriting({ capacity: 2, xp: 20 }, writer);
    expect(w.ok && w.value.weeks).toBe(20);
    expect(w.ok && w.value.check).toMatchObject({
      kind: "combination",
      capacity: 3,
      level: 4 + 4,
      dl: 16 + levelFromXP(28),
    });
    expect(bookWriting({ capacity: 3, xp: 20 }, writer)).toMatchObject({
      ok: false,
      reason: "literacyTooLow",
    });
    expect(bookWriting({ capacity: 2, xp: 26 }, writer)).toMatchObject({ ok: false, reason: "notEnoughXP" });
    expect(bookWritingRetry({ margin: -3, critical: false })).toBe("chapter");
    expect(bookWritingRetry({ margin: -1, critical: true })).toBe("restartNextAct");
    expect(bookWritingRetry({ margin: 2, critical: false })).toBeNull();
  });
});
