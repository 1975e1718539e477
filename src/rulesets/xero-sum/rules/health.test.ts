import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  LASTING_WOUND_CHECK,
  PANIC_CHECK,
  STABILISING_CHECKS,
  applyHarm,
  breakingPointCheck,
  clearStressBox,
  endBreakingPointReaction,
  deathRoundsFor,
  fillStressBox,
  heal,
  healthyState,
  incapacitate,
  incapacitationRounds,
  kitHealing,
  panicCheckDue,
  panics,
  resiliencePointsRecovered,
  rest,
  setBreakingPointReaction,
  stabilise,
  stabilisingSucceeds,
  surviveDying,
  takesLastingWound,
  tickRound,
  woundPointsHealed,
  type HealthState,
} from "./health";
import { BREAKING_POINT_BOXES, panicThreshold } from "./character";
import { xeroSumEquipment } from "./equipment";
import { BANDS, LASTING_WOUNDS } from "./keys";

const hit = (wp: number, rp: number) => ({ woundPoints: wp, resiliencePoints: rp });
const limits = { maxWp: 12, maxRp: 8 };
const ok = <T>(r: { ok: boolean; value?: T }): T => {
  if (!r.ok || r.value === undefined) throw new Error("refused");
  return r.value;
};

describe("incapacitation: 0 RP", () => {
  it("B32 0 RP, PHY +2 → incapacitated 2 rounds; wakes with 1 RP", () => {
    const { state, events } = applyHarm(healthyState(12, 8), hit(0, 8), { phy: 2, maxRp: 8 });
    expect([state.rp, state.incapacitatedRounds, events.incapacitated]).toEqual([0, 2, 2]);
    const r1 = tickRound(state, { maxRp: 8 });
    expect([r1.state.incapacitatedRounds, r1.state.rp, r1.woke]).toEqual([1, 0, false]);
    const r2 = tickRound(r1.state, { maxRp: 8 });
    expect([r2.state.incapacitatedRounds, r2.state.rp, r2.woke]).toEqual([0, 1, true]);
  });
  it("B33 0 RP, PHY +4 → 4 − 4 = 0 → 1 round (minimum)", () => expect(incapacitationRounds(4)).toBe(1));
  it("B34 0 RP, PHY −2 → 6 rounds", () => expect(incapacitationRounds(-2)).toBe(6));
  it("after waking, 1 more RP a round out of combat, none in combat", () => {
    const awake: HealthState = { ...healthyState(12, 8), rp: 1 };
    expect(tickRound(awake, { maxRp: 8, inCombat: false }).state.rp).toBe(2);
    expect(tickRound(awake, { maxRp: 8 }).state.rp).toBe(1);
    expect(tickRound({ ...awake, rp: 8 }, { maxRp: 8, inCombat: false }).state.rp).toBe(8);
  });
  it("a stun or a faint incapacitates; a longer count already running is kept", () => {
    const s = healthyState(12, 8);
    expect(incapacitate(s, 4).incapacitatedRounds).toBe(4);
    expect(incapacitate({ ...s, incapacitatedRounds: 5 }, 2).incapacitatedRounds).toBe(5);
    expect(incapacitate({ ...s, dead: true }, 2).incapacitatedRounds).toBe(0);
  });
  it("damage is held at 0; more RP damage at 0 starts no new count", () => {
    const down = applyHarm(healthyState(12, 8), hit(20, 20), { phy: 0, maxRp: 8 }).state;
    expect([down.wp, down.rp]).toEqual([0, 0]);
    const again = applyHarm({ ...down, incapacitatedRounds: 1 }, hit(0, 3), { phy: 0, maxRp: 8 });
    expect([again.state.incapacitatedRounds, again.events.incapacitated]).toEqual([1, 0]);
  });
});

describe("mortal wounds, stabilising, Lasting Wounds", () => {
  it("B35 0 WP, PHY −1 → dies after 3 rounds unless stabilised", () => {
    const { state, events } = applyHarm(healthyState(9, 5), hit(9, 0), { phy: -1, maxRp: 5 });
    expect([state.mortallyWounded, state.deathRounds, state.wasMortallyWounded]).toEqual([true, 3, true]);
    expect([events.mortallyWounded, events.lastingWoundCheck]).toEqual([true, true]);
    let s = state;
    for (let round = 1; round <= 2; round++) {
      const t = tickRound(s, { maxRp: 5 });
      expect(t.died).toBe(false);
      s = t.state;
    }
    const last = tickRound(s, { maxRp: 5 });
    expect([last.died, last.state.dead]).toEqual([true, true]);
    expect(applyHarm(last.state, hit(5, 5), { phy: -1, maxRp: 5 }).state).toBe(last.state);
  });
  it("death in 4 + PHY rounds, never fewer than 1", () => {
    expect([deathRoundsFor(0), deathRoundsFor(5), deathRoundsFor(-4)]).toEqual([4, 9, 1]);
  });
  it("B36 Stabilise with Medicine, total 9 (Success) → stabilised", () => {
    expect(stabilisingSucceeds("medicine", "success")).toBe(true);
    expect(stabilisingSucceeds("reason", "success")).toBe(true);
  });
  it("B37 General Knowledge, total 12 (Success) → NOT stabilised (needs a Wild Success)", () => {
    expect(stabilisingSucceeds("generalKnowledge", "success")).toBe(false);
  });
  it("B38 General Knowledge, total 14 (Wild Success) → stabilised", () => {
    expect(stabilisingSucceeds("generalKnowledge", "wild-success")).toBe(true);
  });
  it("B39 Stabilised, PHY +2, d6 = 2 → incapacitated 1 round (minimum); the death clock stops", () => {
    const dying = applyHarm(healthyState(12, 8), hit(12, 0), { phy: 2, maxRp: 8 }).state;
    const r = ok(stabilise(dying, { check: "medicine", band: "success", d6: 2, phy: 2 }));
    expect(r.stabilised).toBe(true);
    expect([r.state.stabilised, r.state.incapacitatedRounds, r.state.deathRounds]).toEqual([true, 1, 0]);
    for (let i = 0; i < 10; i++) expect(tickRound(r.state, { maxRp: 8 }).died).toBe(false);
  });
  it("a failed stabilising check changes nothing; refused for the living, the stabilised and the dead", () => {
    const dying = applyHarm(healthyState(12, 8), hit(12, 0), { phy: 0, maxRp: 8 }).state;
    expect(ok(stabilise(dying, { check: "reason", band: "failure", d6: 3, phy: 0 }))).toEqual({
      state: dying,
      stabilised: false,
    });
    const args = { check: "reason" as const, band: "success" as const, d6: 3, phy: 0 };
    expect(stabilise(healthyState(12, 8), args)).toEqual({ ok: false, reason: "notDying" });
    expect(stabilise({ ...dying, stabilised: true }, args)).toEqual({
      ok: false,
      reason: "alreadyStabilised",
    });
    expect(stabilise({ ...dying, dead: true }, args)).toEqual({ ok: false, reason: "dead" });
  });
  it("the checks that stabilise, as data", () => {
    expect(STABILISING_CHECKS.map((c) => [c.key, c.skill, c.needs])).toEqual([
      ["reason", null, "success"],
      ["medicine", "medicine", "success"],
      ["generalKnowledge", "generalKnowledge", "wild-success"],
    ]);
  });
  it("B45 the Lasting Wound check: a Physicality check; a failure draws Table 11 (2d6 = 9: Fragile)", () => {
    expect(LASTING_WOUND_CHECK).toEqual({ attributes: ["phy"], skills: [] });
    expect(BANDS.map(takesLastingWound)).toEqual([true, true, false, false]);
    expect(LASTING_WOUNDS[9 - 2]).toBe("fragile");
  });
});

describe("panic", () => {
  it("B43 Max RP 8, RP 6 → 4: the Panic check (threshold floor(8/2) = 4)", () => {
    expect(panicThreshold(8)).toBe(4);
    const { events } = applyHarm({ ...healthyState(12, 8), rp: 6 }, hit(0, 2), { phy: 0, maxRp: 8 });
    expect(events.panicCheck).toBe(true);
  });
  it("B44 Max RP 7 → Panic Threshold 3", () => expect(panicThreshold(7)).toBe(3));
  it("crossing (default): once, on falling to the threshold; everyLoss: each loss at or below it", () => {
    expect(panicCheckDue(5, 4, 4)).toBe(true);
    expect(panicCheckDue(4, 3, 4)).toBe(false);
    expect(panicCheckDue(4, 3, 4, "everyLoss")).toBe(true);
    expect(panicCheckDue(8, 5, 4, "everyLoss")).toBe(false);
    expect(panicCheckDue(3, 3, 4, "everyLoss")).toBe(false);
  });
  it("the Panic check: Reason, Psychology* or Inspiration; a failure draws Table 12", () => {
    expect(PANIC_CHECK).toEqual({ attributes: ["rsn"], skills: ["psychology", "inspiration"] });
    expect(BANDS.map(panics)).toEqual([true, true, false, false]);
  });
  it("property: with crossing, a run of hits calls for at most one check per fall below the threshold", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 10 }),
        (maxRp, hits) => {
          let s = healthyState(20, maxRp);
          let checks = 0;
          for (const h of hits) {
            const r = applyHarm(s, hit(0, h), { phy: 0, maxRp });
            if (r.events.panicCheck) checks += 1;
            s = r.state;
          }
          expect(checks).toBeLessThanOrEqual(1);
          expect(checks).toBe(s.rp <= panicThreshold(maxRp) ? 1 : 0);
        },
      ),
    );
  });
});

describe("drowning and subsistence at 0", () => {
  it("drowning at 0 RP or 0 WP: dies unless saved", () => {
    const s = { ...healthyState(12, 8), rp: 3 };
    expect(applyHarm(s, hit(3, 3), { phy: 0, maxRp: 8, cause: "drowning" }).events.diesUnlessSaved).toBe(
      true,
    );
    expect(applyHarm(s, hit(3, 3), { phy: 0, maxRp: 8 }).events.diesUnlessSaved).toBe(false);
  });
  it("subsistence at 0 WP: must be fed to be stabilised", () => {
    const s = { ...healthyState(12, 8), wp: 1 };
    expect(applyHarm(s, hit(1, 1), { phy: 0, maxRp: 8, cause: "subsistence" }).events.diesUnlessSaved).toBe(
      true,
    );
  });
});

describe("healing", () => {
  it("B40 resting, not mortally wounded, 3 days → +3 WP", () => expect(woundPointsHealed(3, false)).toBe(3));
  it("B41 was mortally wounded, 3 days → +1 WP (floor(3/2))", () =>
    expect(woundPointsHealed(3, true)).toBe(1));
  it("after a mortal wound, day by day: a point every second day", () => {
    expect([0, 1, 2, 3].map((before) => woundPointsHealed(1, true, before))).toEqual([0, 1, 0, 1]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 10 }), (spells) => {
        let before = 0;
        let healed = 0;
        for (const days of spells) {
          healed += woundPointsHealed(days, true, before);
          before += days;
        }
        expect(healed).toBe(Math.floor(before / 2));
      }),
    );
  });
  it("B42 4 hours of rest → +4 RP; per day 1 with the perDay reading", () => {
    expect(resiliencePointsRecovered({ hours: 4 })).toBe(4);
    expect(resiliencePointsRecovered({ days: 2 })).toBe(48);
    expect(resiliencePointsRecovered({ days: 2, hours: 4 }, "perDay")).toBe(2);
  });
  it("resting: to the maxima; a mortal wound healed above 0 ends; full WP ends the slow healing", () => {
    const s = { ...healthyState(12, 8), wp: 5, rp: 2 };
    expect(ok(rest(s, { days: 3 }, limits))).toMatchObject({ wp: 8, rp: 8 });
    const stabilised: HealthState = {
      ...healthyState(12, 8),
      wp: 0,
      rp: 0,
      mortallyWounded: true,
      stabilised: true,
      wasMortallyWounded: true,
    };
    const after = ok(rest(stabilised, { days: 4 }, limits));
    expect(after).toMatchObject({
      wp: 2,
      mortallyWounded: false,
      stabilised: false,
      wasMortallyWounded: true,
    });
    const full = ok(rest(after, { days: 20 }, limits));
    expect([full.wp, full.wasMortallyWounded]).toEqual([12, false]);
  });
  it("no healing while dying unstabilised, nor for the dead", () => {
    const dying = applyHarm(healthyState(12, 8), hit(12, 0), { phy: 0, maxRp: 8 }).state;
    expect(rest(dying, { days: 1 }, limits)).toEqual({ ok: false, reason: "dying" });
    expect(heal({ ...dying, dead: true }, hit(1, 1), limits)).toEqual({ ok: false, reason: "dead" });
  });
  it("kits over 24 hours: First Aid Kit 1+1d3, Doctor's Bag 1+2d3, in WP", () => {
    expect(kitHealing(xeroSumEquipment("firstAidKit").heal ?? { base: 0, dice: "" }, [3])).toBe(4);
    expect(kitHealing(xeroSumEquipment("doctorsBag").heal ?? { base: 0, dice: "" }, [1, 2])).toBe(4);
    expect(() => kitHealing({ base: 1, dice: "2d3" }, [1])).toThrow(RangeError);
    expect(ok(heal({ ...healthyState(12, 8), wp: 3 }, hit(4, 0), limits)).wp).toBe(7);
  });
  it("property: healing never lowers a track nor passes its maximum", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (wp, rp, dw, dr) => {
          const r = ok(heal({ ...healthyState(12, 8), wp, rp }, hit(dw, dr), limits));
          expect(r.wp).toBe(Math.min(12, wp + dw));
          expect(r.rp).toBe(Math.min(8, rp + dr));
        },
      ),
    );
  });
});

describe("Insight: save from Dying", () => {
  it("C20 3 dice, WP 0, RP 0 → WP 3, RP 3, Insight 0; all dice, never part", () => {
    const dying: HealthState = {
      ...healthyState(12, 8),
      wp: 0,
      rp: 0,
      mortallyWounded: true,
      deathRounds: 2,
    };
    const r = ok(surviveDying(dying, 3, limits));
    expect([r.spent, r.state.wp, r.state.rp, r.state.mortallyWounded, r.state.deathRounds]).toEqual([
      3,
      3,
      3,
      false,
      0,
    ]);
  });
  it("refused: not dying, no dice, dead", () => {
    expect(surviveDying(healthyState(12, 8), 3, limits)).toEqual({ ok: false, reason: "notDying" });
    const dying: HealthState = { ...healthyState(12, 8), wp: 0, mortallyWounded: true, deathRounds: 2 };
    expect(surviveDying(dying, 0, limits)).toEqual({ ok: false, reason: "noInsight" });
    expect(surviveDying({ ...dying, dead: true }, 2, limits)).toEqual({ ok: false, reason: "dead" });
  });
});

describe("Breaking Point", () => {
  it("B46 the 5th box filled → roll Table 13, then clear all", () => {
    expect(BREAKING_POINT_BOXES).toBe(5);
    let s = { stress: 0, reaction: "" as const };
    for (let i = 1; i <= 4; i++) {
      const r = fillStressBox(s);
      expect([r.state.stress, r.breakingPoint]).toEqual([i, false]);
      s = r.state as typeof s;
    }
    const fifth = fillStressBox(s);
    expect([fifth.state.stress, fifth.breakingPoint]).toEqual([0, true]);
  });
  it("a failed Breaking Point check fills a box; a success does not", () => {
    const s = { stress: 2, reaction: "" as const };
    expect(breakingPointCheck(s, "failure")).toEqual({
      state: { stress: 3, reaction: "" },
      filled: true,
      breakingPoint: false,
    });
    expect(breakingPointCheck(s, "success")).toEqual({ state: s, filled: false, breakingPoint: false });
    expect(breakingPointCheck({ stress: 4, reaction: "" }, "dire-failure").breakingPoint).toBe(true);
  });
  it("the reaction lasts until a box is cleared; clearing never goes below 0", () => {
    const reacting = setBreakingPointReaction({ stress: 0, reaction: "" }, "intenseParanoia");
    expect(reacting.reaction).toBe("intenseParanoia");
    expect(clearStressBox(reacting)).toEqual({ stress: 0, reaction: "" });
    expect(clearStressBox({ stress: 3, reaction: "" })).toEqual({ stress: 2, reaction: "" });
  });
  it("reactions that end otherwise: Hysterics until unconscious (a box cleared), Self-Harm when stopped", () => {
    const hysterics = { stress: 1, reaction: "hysterics" as const };
    expect(clearStressBox(hysterics)).toEqual({ stress: 0, reaction: "hysterics" });
    expect(endBreakingPointReaction(hysterics, "unconscious")).toEqual({ stress: 0, reaction: "" });
    expect(endBreakingPointReaction(hysterics, "calmed")).toBe(hysterics);
    const rage = { stress: 2, reaction: "unfocusedRage" as const };
    expect(endBreakingPointReaction(rage, "calmed")).toEqual({ stress: 2, reaction: "" });
    expect(endBreakingPointReaction({ stress: 0, reaction: "selfHarm" }, "stopped")).toEqual({
      stress: 0,
      reaction: "",
    });
  });
});

describe("property: damage then time", () => {
  it("WP and RP stay within 0..max; a mortal wound always has a clock or a rescuer", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 })), { maxLength: 12 }),
        fc.integer({ min: -2, max: 5 }),
        (hits, phy) => {
          let s = healthyState(10 + phy, 6 + phy);
          for (const [wp, rp] of hits) {
            s = applyHarm(s, hit(wp, rp), { phy, maxRp: 6 + phy }).state;
            s = tickRound(s, { maxRp: 6 + phy }).state;
            expect(s.wp).toBeGreaterThanOrEqual(0);
            expect(s.rp).toBeLessThanOrEqual(6 + phy);
            if (s.mortallyWounded && !s.dead && !s.stabilised) expect(s.deathRounds).toBeGreaterThan(0);
          }
        },
      ),
    );
  });
});
