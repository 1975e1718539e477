// The Tales attack dialog's model (attack-dialog-logic.ts, attack-dialog-view.ts): the band from the
// measured distance (C09: a bow of Range 25 m at 20 / 40 / 90 / 120 m), cover (C10, C11), aim (C12),
// Auto (D09), Spray at several targets (D10), the odds against each defence (exactly the rules'
// testOdds; every outcome from the card's own resolution, adding up to 1) and what refuses a roll.
import { describe, expect, it } from "vitest";
import { allFields, dialogView } from "../../src/core/roll-dialog-model";
import {
  attackDialogPlan,
  attackOdds,
  changeState,
  defenceOdds,
  hitChance,
  startState,
  type AttackDialogInput,
  type AttackDialogState,
} from "../../src/rulesets/tales/combat/attack-dialog-logic";
import { attackDialogModel, evaluateAttackDialog } from "../../src/rulesets/tales/combat/attack-dialog-view";
import { attackPlan, resolveCardAttack } from "../../src/rulesets/tales/combat/attack-logic";
import { testOdds } from "../../src/rulesets/tales/rules";
import { bowInput, defenderView, shotgunInput, swordInput, target } from "../lib/tales-attack-examples";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;

function settle(input: AttackDialogInput, changes: [string, string | boolean][] = []) {
  let state: AttackDialogState = startState(input);
  for (const [name, value] of changes) state = changeState(input, state, name, value);
  return {
    state,
    plan: attackDialogPlan(input, state),
    evaluation: evaluateAttackDialog(input, state, localize),
  };
}

const total = (o: { hit: number; blocked: number; counter: number; miss: number }) =>
  o.hit + o.blocked + o.counter + o.miss;
const rules = { clumsy: false, dynamicTieRule: "succeeds" as const };

describe("the range band from the distance", () => {
  it("C09: a bow of Range 25 m at 20 / 40 / 90 m is close 3 / medium 6 / long 9; at 120 m out of range", () => {
    const at = (metres: number) => settle(bowInput({ targets: [target("Bob Hale", metres)] })).plan;
    expect(at(20).targets[0]).toMatchObject({ band: "close", outOfRange: false });
    expect(at(40).targets[0]!.band).toBe("medium");
    expect(at(90).targets[0]!.band).toBe("long");
    // "Up to double the value is considered medium range": exactly 50 m is medium, 100 m long.
    expect(at(50).targets[0]!.band).toBe("medium");
    expect(at(100).targets[0]!.band).toBe("long");
    const far = at(120);
    expect(far.targets[0]).toMatchObject({ band: null, outOfRange: true, defences: [] });
    expect(far.problems).toEqual([
      {
        key: "POLYVERSE.Tales.AttackDialog.Problem.outOfRange",
        data: { name: "Bob Hale", metres: "120", max: "100" },
      },
    ]);
    // Each band's difficulty is the dynamic one the attack rolls against (+ d6) with no defence; a
    // Sustained Defence declared against the shot is the higher of it and Physical 3 + Dodge 2 = 5
    // ("compare this value and the difficulty for the range; use the higher result").
    const difficulty = (metres: number) =>
      at(metres).targets[0]!.defences.map((d) => (d.plan.mode === "dynamic" ? d.plan.difficulty : null));
    expect([difficulty(20), difficulty(40), difficulty(90)]).toEqual([[5, 3], [6], [9]]);
  });

  it("a measured distance is shown, not asked; unmeasured, the roller picks the band", () => {
    const measured = settle(bowInput()).evaluation;
    const fields = allFields(measured);
    expect(fields.find((f) => f.name === "band")).toBeUndefined();
    expect(fields.find((f) => f.name === "range.0")).toMatchObject({ kind: "number", value: 20 });
    const unmeasured = settle(bowInput({ targets: [target("Bob Hale", null)] }), [["band", "long"]]);
    expect(allFields(unmeasured.evaluation).find((f) => f.name === "band")).toMatchObject({ value: "long" });
    expect(unmeasured.plan.targets[0]!.band).toBe("long");
    expect(unmeasured.plan.notes.map((n) => n.key)).toContain("POLYVERSE.Tales.AttackDialog.Note.unmeasured");
    // A macro's band is the default for the unmeasured; a measured distance wins.
    expect(
      settle(bowInput({ targets: [target("Bob Hale", null)], choice: { band: "medium" } })).plan.targets[0]!
        .band,
    ).toBe("medium");
    expect(settle(bowInput({ choice: { band: "long" } })).plan.targets[0]!.band).toBe("close");
  });

  it("C10, C11: partial cover makes close 5, full cover 7; the printed table's medium 11 / 10, long 13", () => {
    const plan = (cover: "partial" | "full", metres: number, coverTable: "arithmetic" | "printed") =>
      settle(bowInput({ coverTable, targets: [target("Bob Hale", metres, { cover })] })).plan.targets[0]!;
    const difficulty = (t: ReturnType<typeof plan>) => {
      const p = t.defences[0]!.plan;
      return p.mode === "dynamic" ? p.difficulty : null;
    };
    expect(difficulty(plan("partial", 20, "arithmetic"))).toBe(5);
    expect(difficulty(plan("full", 20, "arithmetic"))).toBe(7);
    expect(difficulty(plan("partial", 40, "arithmetic"))).toBe(8);
    expect(difficulty(plan("partial", 40, "printed"))).toBe(11);
    expect(difficulty(plan("partial", 90, "printed"))).toBe(13);
    expect(difficulty(plan("full", 40, "printed"))).toBe(10);
    expect(difficulty(plan("full", 90, "printed"))).toBe(13);
    expect(plan("partial", 20, "arithmetic").cover).toBe("partial");
    // No target: the cover is the roller's, for the odds only.
    const none = settle(bowInput({ targets: [] }), [["cover", "full"]]).plan;
    expect(none.untargeted?.plan).toEqual({ mode: "dynamic", difficulty: 7 });
    expect(none.band).toBe("close");
  });
});

describe("aim and Auto", () => {
  it("C12: Archery 4, kept still, the target still: +2; Archery 2 or 3: +1; Archery 1: none", () => {
    expect(
      settle(bowInput(), [
        ["still", true],
        ["targetStill", true],
      ]).plan,
    ).toMatchObject({ aim: 2, bonus: 9 });
    expect(
      settle(bowInput({ skillValue: 3 }), [
        ["still", true],
        ["targetStill", true],
      ]).plan.aim,
    ).toBe(1);
    expect(settle(bowInput({ skillValue: 2 }), [["still", true]]).plan.aim).toBe(1);
    const low = settle(bowInput({ skillValue: 1 }), [["still", true]]);
    expect(low.plan.aim).toBe(0);
    expect(low.plan.notes.map((n) => n.key)).toContain("POLYVERSE.Tales.AttackDialog.Note.aimNeedsSkill");
    // The fields: the second +1 only at skill 4 once still; none below 2.
    const names = (input: AttackDialogInput, changes: [string, string | boolean][] = []) =>
      allFields(settle(input, changes).evaluation).map((f) => f.name);
    expect(names(bowInput())).toContain("still");
    expect(names(bowInput())).not.toContain("targetStill");
    expect(names(bowInput(), [["still", true]])).toContain("targetStill");
    expect(names(bowInput({ skillValue: 1 }))).not.toContain("still");
    // The Aiming status opens the dialog still; a melee attack takes no aim.
    expect(startState(bowInput({ aiming: true })).still).toBe(true);
    expect(settle(swordInput({ aiming: true })).plan.aim).toBe(0);
  });

  it("aim follows the wound level: Archery 4 at a Light wound counts 2 (+1 at most)", () => {
    const { plan } = settle(bowInput({ wound: "light" }), [
      ["still", true],
      ["targetStill", true],
    ]);
    expect(plan).toMatchObject({ skillValue: 2, aim: 1, bonus: 3 + 2 + 1 });
  });

  it("D09: an Automatic Pistol, Auto (3), firing 3 extra bullets: −3 to the attack", () => {
    const pistol = bowInput({
      weaponName: "Automatic Pistol",
      weapon: { ...bowInput().weapon, range: 50, auto: 3 },
    });
    const { plan, evaluation } = settle(pistol, [["autoBullets", "3"]]);
    expect(plan).toMatchObject({ autoBullets: 3, autoModifier: -3, bonus: 3 + 4 - 3 });
    expect(allFields(evaluation).find((f) => f.name === "autoBullets")).toMatchObject({ min: 0, max: 3 });
    // The field keeps within X; a macro asking for more is refused.
    expect(settle(pistol, [["autoBullets", "5"]]).state.autoBullets).toBe(3);
    const over = settle(bowInput({ weapon: pistol.weapon, choice: { autoBullets: 4 } })).plan;
    expect(over.problems.map((p) => p.key)).toEqual(["POLYVERSE.Tales.AttackDialog.Problem.autoBullets"]);
  });
});

describe("the odds", () => {
  it("a hit chance is the rules' testOdds: dynamic, opposed (must beat by one) and against a counter-attack", () => {
    const dynamic = { mode: "dynamic" as const, difficulty: 3 };
    expect(hitChance(dynamic, 5, rules)).toBe(
      testOdds({ kind: "dynamic", bonus: 5, difficulty: 3, tieRule: "succeeds" }),
    );
    const opposed = { mode: "opposed" as const, defence: 5 };
    expect(hitChance(opposed, 5, rules)).toBe(
      testOdds({ kind: "opposed", bonus: 5, opponentBonus: 5, tieRule: "attacker" }),
    );
    const counter = { mode: "counter" as const, defence: 6 };
    expect(hitChance(counter, 5, rules)).toBeCloseTo(
      1 - testOdds({ kind: "opposed", bonus: 6, opponentBonus: 5, tieRule: "counter" }),
      12,
    );
  });

  it("every outcome against every defence adds up to 1, and its hits to the testOdds chance", () => {
    for (const view of [
      defenderView(),
      defenderView({ faster: true }),
      defenderView({ sustainedAttacks: 1 }),
    ])
      for (const ranged of [false, true])
        for (const bonus of [-2, 3, 5, 9, 14])
          for (const group of defenceOdds(view, {
            ranged,
            band: ranged ? "medium" : null,
            bonus,
            clumsy: false,
            coverTable: "arithmetic",
            dynamicTieRule: "succeeds",
          })) {
            expect(total(group.odds)).toBeCloseTo(1, 12);
            expect(group.odds.shifts.reduce((a, b) => a + b, 0)).toBeCloseTo(group.odds.hit, 12);
            expect(group.odds.hit).toBeCloseTo(hitChance(group.plan, bonus, rules), 12);
          }
  });

  it("C04: Physical 3 + Melee 2 against an undefended Physical 3: the 36 faces as the card resolves them", () => {
    const plan = attackPlan({ defence: "none", view: defenderView(), coverTable: "arithmetic" });
    const odds = attackOdds(plan, "none", 5, rules);
    let hits = 0;
    let shifted = 0;
    for (let a = 1; a <= 6; a++)
      for (let d = 1; d <= 6; d++) {
        const r = resolveCardAttack({
          plan,
          defence: "none",
          attack: 5,
          attackFace: a,
          defenceFace: d,
          dynamicTieRule: "succeeds",
        });
        if (r.result.hit) hits++;
        if (r.result.hit && r.result.shifts === 1) shifted++;
      }
    expect(odds.hit).toBeCloseTo(hits / 36, 12);
    expect(odds.shifts[1]).toBeCloseTo(shifted / 36, 12);
    // C04's own faces: 5 against 4 hits by 3, one shift; C05: a 1 misses.
    expect(
      resolveCardAttack({
        plan,
        defence: "none",
        attack: 5,
        attackFace: 5,
        defenceFace: 4,
        dynamicTieRule: "succeeds",
      }).result.shifts,
    ).toBe(1);
    expect(
      resolveCardAttack({
        plan,
        defence: "none",
        attack: 5,
        attackFace: 1,
        defenceFace: 4,
        dynamicTieRule: "succeeds",
      }).result.hit,
    ).toBe(false);
  });

  it("Block: a failed attack is still blocked damage at half strength, never a plain miss; counter: what does not hit is the counter", () => {
    const block = attackOdds({ mode: "opposed", defence: 5 }, "block", 5, rules);
    expect(block.miss).toBe(0);
    expect(block.blocked).toBeCloseTo(1 - block.hit, 12);
    const counter = attackOdds({ mode: "counter", defence: 6 }, "counter", 5, rules);
    expect(counter.miss).toBe(0);
    expect(counter.counter).toBeCloseTo(1 - counter.hit, 12);
    const dodge = attackOdds({ mode: "opposed", defence: 5 }, "dodge", 5, rules);
    expect(dodge.blocked).toBe(0);
    expect(dodge.miss).toBeCloseTo(1 - dodge.hit, 12);
  });

  it("melee: each way of rolling the attack its own line, the defender's best first; ranged: the range's, a Dodge's, a Sustained Defence's", () => {
    const melee = settle(swordInput()).plan.targets[0]!;
    // Block and Dodge (both Physical 3 + 2 = 5) roll alike, but a failed attack on a Block still deals
    // damage; a Sustained Defence declared on the card is Physical 3 + Dodge 2 = 5 to hit (dynamic),
    // no defence Physical 3.
    expect(melee.defences.map((d) => d.defences).sort()).toEqual([
      ["block"],
      ["dodge"],
      ["none"],
      ["parry"],
      ["sustained"],
    ]);
    expect(melee.defences.find((d) => d.defences[0] === "sustained")!.plan).toEqual({
      mode: "dynamic",
      difficulty: 5,
    });
    const hits = melee.defences.map((d) => d.odds.hit);
    expect([...hits].sort((a, b) => a - b)).toEqual(hits);
    // A faster target may dodge the shot: the higher of its Dodge 5 + d6 and the range's 3 + d6.
    const ranged = settle(bowInput({ targets: [target("Bob Hale", 20, { faster: true })] })).plan.targets[0]!;
    expect(ranged.defences.map((d) => d.defences)).toEqual([["dodge"], ["sustained"], ["none"]]);
    expect(ranged.defences[0]!.plan).toEqual({ mode: "dodgeRanged", difficulty: 3, dodge: 5 });
  });

  it("C13: the odds against a Dodge of a shot count the dodge's die too (216 faces), as the card resolves them", () => {
    const plan = { mode: "dodgeRanged" as const, difficulty: 3, dodge: 8 };
    const odds = attackOdds(plan, "dodge", 6, rules);
    let hits = 0;
    for (let a = 1; a <= 6; a++)
      for (let d = 1; d <= 6; d++)
        for (let r = 1; r <= 6; r++)
          if (
            resolveCardAttack({
              plan,
              defence: "dodge",
              attack: 6,
              attackFace: a,
              dodgeFace: d,
              defenceFace: r,
              dynamicTieRule: "succeeds",
            }).result.hit
          )
            hits++;
    expect(odds.hit).toBeCloseTo(hits / 216, 12);
    expect(total(odds)).toBeCloseTo(1, 12);
    // The dodge makes the shot harder than the range alone.
    expect(odds.hit).toBeLessThan(hitChance({ mode: "dynamic", difficulty: 3 }, 6, rules));
    expect(hitChance(plan, 6, rules)).toBeCloseTo(odds.hit, 12);
  });

  it("an undefended target of a Martial Arts attack: the lower of Physical and Mental (Physical 3, Mental 1)", () => {
    const fist = swordInput({
      skill: "martialArts",
      targets: [target("Bob Hale", 1, { mental: 1, actionDiceLeft: 0 })],
    });
    expect(settle(fist).plan.targets[0]!.defences[0]!.plan).toEqual({
      mode: "dynamic",
      difficulty: 1,
      mental: true,
    });
    const sword = swordInput({ targets: [target("Bob Hale", 1, { mental: 1, actionDiceLeft: 0 })] });
    expect(settle(sword).plan.targets[0]!.defences[0]!.plan).toEqual({ mode: "dynamic", difficulty: 3 });
  });

  it("the target with no action dice left has only the undefended line; a Sustained Defence's decaying difficulty", () => {
    const spent = settle(swordInput({ targets: [target("Bob Hale", 1, { actionDiceLeft: 0 })] })).plan
      .targets[0]!;
    expect(spent.defences.map((d) => d.defences)).toEqual([["none"]]);
    expect(spent.defences[0]!.plan).toEqual({ mode: "dynamic", difficulty: 3 });
    // C08: Physical 3 + Dodge 2 sustained; after one attack 4.
    const sustained = settle(
      swordInput({ targets: [target("Bob Hale", 1, { sustainedAttacks: 1, actionDiceLeft: 0 })] }),
    ).plan.targets[0]!;
    expect(sustained.defences[0]!.plan).toEqual({ mode: "dynamic", difficulty: 4 });
  });

  it("the odds block lists the outcomes against the best defence; a target's numbers only for its observers", () => {
    const seen = settle(swordInput()).evaluation;
    expect(seen.odds && "heading" in seen.odds && seen.odds.heading?.key).toBe(
      "POLYVERSE.Tales.AttackDialog.Odds.Best",
    );
    const outcomes = seen.odds && "outcomes" in seen.odds ? seen.odds.outcomes : [];
    expect(outcomes.reduce((a, o) => a + o.probability, 0)).toBeCloseTo(1, 12);
    const rows = seen.summary[1]!.rows.map((r) => r.label.key);
    expect(rows.every((k) => k === "POLYVERSE.Tales.AttackDialog.Row")).toBe(true);
    const hidden = settle(swordInput({ targets: [target("Bob Hale", 1, {}, false)] })).evaluation;
    expect(hidden.summary[1]!.rows.map((r) => r.label.key)).toEqual(
      Array(5).fill("POLYVERSE.Tales.AttackDialog.RowHidden"),
    );
    // The range is public: its difficulty shows to anyone; a Sustained Defence's above it (close 3
    // against Physical 3 + Dodge 2) and a Dodge's are the target's.
    const ranged = settle(bowInput({ targets: [target("Bob Hale", 40, {}, false)] })).evaluation;
    expect(ranged.summary[1]!.rows[0]!.label).toMatchObject({
      key: "POLYVERSE.Tales.AttackDialog.Row",
      data: { n: "6" },
    });
    const close = settle(bowInput({ targets: [target("Bob Hale", 20, { faster: true }, false)] }));
    expect(close.evaluation.summary[1]!.rows.map((r) => [r.label.key, r.label.data?.n])).toEqual([
      ["POLYVERSE.Tales.AttackDialog.RowHidden", undefined],
      ["POLYVERSE.Tales.AttackDialog.RowHidden", undefined],
      ["POLYVERSE.Tales.AttackDialog.Row", "3"],
    ]);
    const observed = settle(bowInput({ targets: [target("Bob Hale", 20, { faster: true })] }));
    expect(observed.evaluation.summary[1]!.rows[0]!.label).toMatchObject({
      key: "POLYVERSE.Tales.AttackDialog.RowDodge",
      data: { dodge: "5", n: "3" },
    });
    // A melee attack with no target has no odds to show.
    expect(settle(swordInput({ targets: [] })).evaluation.odds).toEqual({
      message: { key: "POLYVERSE.Tales.AttackDialog.Odds.NoTarget" },
    });
  });
});

describe("targets and Spray", () => {
  it("one target by default (the first), another or none by the choice; a Spray at all of them", () => {
    const two = swordInput({ targets: [target("Bob Hale", 1), target("Cy", 1)] });
    expect(startState(two).targets).toEqual([two.targets[0]!.uuid]);
    expect(settle(two, [["target", two.targets[1]!.uuid]]).state.targets).toEqual([two.targets[1]!.uuid]);
    expect(settle(two, [["target", ""]]).state.targets).toEqual([]);
    expect(settle(two, [["target", "Actor.forged0000000001"]]).state.targets).toEqual([two.targets[0]!.uuid]);
    const spray = shotgunInput();
    expect(startState(spray).targets).toEqual(spray.targets.map((t) => t.uuid));
    expect(settle(spray, [["target.1", false]]).state.targets).toEqual([
      spray.targets[0]!.uuid,
      spray.targets[2]!.uuid,
    ]);
  });

  it("D10: a Shotgun's Spray at three targets standing together: one bonus, each its own band and cover, 3 victims", () => {
    const { plan, evaluation } = settle(shotgunInput());
    expect(plan.sprayVictims).toBe(3);
    expect(plan.targets.map((t) => [t.name, t.band, t.cover])).toEqual([
      ["Ada", "close", "none"],
      ["Bo", "close", "none"],
      ["Cy", "medium", "partial"],
    ]);
    expect(plan.notes).toContainEqual({
      key: "POLYVERSE.Tales.AttackDialog.Note.spray",
      data: { n: "3", minus: "2" },
    });
    // A summary block per target, after the attack's.
    expect(evaluation.summary.map((b) => b.heading?.data?.name ?? null)).toEqual([null, "Ada", "Bo", "Cy"]);
    expect(
      allFields(evaluation)
        .filter((f) => f.name.startsWith("target."))
        .map((f) => f.kind),
    ).toEqual(["checkbox", "checkbox", "checkbox"]);
    // All unticked: refused; one ticked: no Spray.
    const none = settle(shotgunInput(), [
      ["target.0", false],
      ["target.1", false],
      ["target.2", false],
    ]).plan;
    expect(none.problems.map((p) => p.key)).toEqual(["POLYVERSE.Tales.AttackDialog.Problem.noTargetTicked"]);
    expect(
      settle(shotgunInput(), [
        ["target.0", false],
        ["target.1", false],
      ]).plan.sprayVictims,
    ).toBe(1);
  });

  it("several targets for a weapon without Spray are refused (a macro's); more than 20 for a Spray too", () => {
    const two = swordInput({ targets: [target("Bob Hale", 1), target("Cy", 1)] });
    const forced = settle({ ...two, choice: { targets: two.targets.map((t) => t.uuid) } }).plan;
    expect(forced.problems.map((p) => p.key)).toEqual([
      "POLYVERSE.Tales.AttackDialog.Problem.severalTargets",
    ]);
    const crowd = Array.from({ length: 21 }, (_, i) => target(`T${i}`, 10));
    expect(settle(shotgunInput({ targets: crowd })).plan.problems.map((p) => p.key)).toEqual([
      "POLYVERSE.Tales.AttackDialog.Problem.tooManyTargets",
    ]);
  });
});

describe("what refuses the attack", () => {
  it("K/O cannot act; a broken weapon; Sustained Defence allows no attack", () => {
    expect(settle(swordInput({ wound: "ko" })).plan).toMatchObject({ bonus: null });
    expect(settle(swordInput({ wound: "ko" })).plan.problems[0]!.key).toBe(
      "POLYVERSE.Tales.Combat.Attack.Refused.CannotAct",
    );
    expect(
      settle(swordInput({ weapon: { ...swordInput().weapon, broken: true } })).plan.problems[0]!.key,
    ).toBe("POLYVERSE.Tales.AttackDialog.Problem.broken");
    expect(settle(swordInput({ sustaining: true })).plan.problems[0]!.key).toBe(
      "POLYVERSE.Tales.AttackDialog.Problem.sustaining",
    );
    expect(settle(swordInput({ sustaining: true })).evaluation.odds).toBeNull();
  });

  it("a close weapon's target beyond reach is noted (the attacker may move first); Clumsy is noted", () => {
    const far = settle(swordInput({ targets: [target("Bob Hale", 6)] })).plan;
    expect(far.problems).toEqual([]);
    expect(far.notes).toContainEqual({
      key: "POLYVERSE.Tales.AttackDialog.Note.beyondReach",
      data: { name: "Bob Hale", metres: "6", reach: "1" },
    });
    const spear = settle(
      swordInput({ weapon: { ...swordInput().weapon, reach: 2 }, targets: [target("Bob Hale", 2)] }),
    );
    expect(spear.plan.notes.map((n) => n.key)).not.toContain("POLYVERSE.Tales.AttackDialog.Note.beyondReach");
    const clumsy = settle(swordInput({ weapon: { ...swordInput().weapon, clumsy: true } })).plan;
    expect(clumsy.clumsy).toBe(true);
    expect(clumsy.notes.map((n) => n.key)).toContain("POLYVERSE.Tales.AttackDialog.Note.clumsy");
    // A 2 fails like a 1: undefended (Physical 3), 5 + 2 = 7 would have hit.
    const plain = settle(swordInput()).plan.targets[0]!.defences;
    const worse = clumsy.targets[0]!.defences.map(
      (d) => plain.find((x) => x.defences[0] === d.defences[0])!.odds.hit - d.odds.hit,
    );
    expect(worse.every((x) => x >= 0) && worse.some((x) => x > 0)).toBe(true);
  });
});

describe("the model in the shell", () => {
  it("its title and label; the view renders its fields and a Roll button that follows the problems", () => {
    const model = attackDialogModel(swordInput(), localize);
    expect(model.title).toBe("POLYVERSE.Tales.AttackDialog.Title");
    expect(model.label).toBe('POLYVERSE.Tales.AttackDialog.Label{"actor":"Ines Varga","weapon":"Sword"}');
    const view = dialogView(model, model.evaluate(model.start), {
      localize,
      rollModes: [{ value: "publicroll", label: "Public" }],
      rollMode: "publicroll",
    });
    expect(view.canRoll).toBe(true);
    expect(view.outcomes.length).toBeGreaterThan(1);
    const refused = model.evaluate(model.change(model.start, "target", ""));
    expect(refused.problems).toEqual([]);
    expect(refused.odds).toEqual({ message: { key: "POLYVERSE.Tales.AttackDialog.Odds.NoTarget" } });
  });
});
