// The roll dialog's attack and defence fields (rolls/dialog.ts): AD the actor cannot spend, sustain
// dice limited by the loaded rounds, the parry minimum.
import { describe, expect, it } from "vitest";
import {
  settleVersesDialog,
  versesDialogConfig,
  type DefenceDialogInput,
} from "../../src/rulesets/verses/rolls/dialog";
import { applyDialogChange } from "../../src/rulesets/verses/base/pool-dialog-logic";
import { newAdRound, parseSustainable } from "../../src/rulesets/verses/rules";
import { ROLL_MODES, SHORT_BOW, shortBowAttack } from "../lib/verses-roll-examples";

describe("the AD the dialog lets a roll spend", () => {
  it("in Fast Action, more AD than are unspent is a problem that stops the roll, not a note", () => {
    const input = { ...shortBowAttack(25, { ad: 4 }), adState: { ...newAdRound(5), spent: 2 } };
    const s = settleVersesDialog(versesDialogConfig(input), false);
    expect(s.evaluation.problems).toContainEqual({
      key: "POLYVERSE.Verses.Attack.Spend.NotEnough",
      data: { ad: "4", available: "3" },
    });
  });
});

describe("an Await's declared action ('the AD reserved' are spent when the trigger occurs)", () => {
  it("with 4 AD reserved for an Await and 1 unspent, a shot may spend 2 only as the Await's action", () => {
    const adState = { ...newAdRound(5), reserved: { await: 4, dodge: 0, parry: 0 } };
    const config = versesDialogConfig({ ...shortBowAttack(15, { ad: 2 }), adState });
    expect(config.fields.map((f) => f.name)).toContain("awaited");
    const own = settleVersesDialog(config, false);
    expect(own.evaluation.problems.map((p) => p.key)).toContain("POLYVERSE.Verses.Attack.Spend.NotEnough");
    const awaited = applyDialogChange(config, own.state, { name: "awaited", value: "yes" });
    expect(awaited.evaluation.problems).toEqual([]);
  });

  it("no Await reserved: no such field", () => {
    const config = versesDialogConfig({ ...shortBowAttack(15), adState: newAdRound(5) });
    expect(config.fields.map((f) => f.name)).not.toContain("awaited");
  });
});

describe("sustain dice (Sustained Attacks)", () => {
  const rifle = {
    ...SHORT_BOW,
    test: "1S@20,50,100,250,500",
    damage: "3(b)",
    features: [
      { name: "Magazine", value: "30" },
      { name: "Reload", value: "3AD" },
      { name: "Sustainable", value: "4, 3" },
    ],
  };
  const input = (ad: number, sustain: number, loaded = 30) => ({
    ...shortBowAttack(20, { ad, sustain }, {}, [rifle]),
    ammo: { loaded, name: "Bullet", problem: null },
    sustain: { sustainable: parseSustainable("4, 3"), baseShotUnits: 0 },
  });

  it("Seeja: 'the most sustain dice she can add is 10 (30/3)' at 5AD; 11 is refused, 10 join the pool", () => {
    const over = settleVersesDialog(versesDialogConfig(input(5, 11)), false);
    expect(over.evaluation.problems).toContainEqual({
      key: "POLYVERSE.Verses.Dialog.SustainTooMany",
      data: { dice: "11", max: "10" },
    });
    const ok = settleVersesDialog(versesDialogConfig(input(5, 10)), false);
    expect(ok.evaluation.problems).toEqual([]);
    expect(ok.evaluation.parts).toContainEqual({ label: "POLYVERSE.Verses.Dialog.SustainDice", dice: 10 });
    // "For each AD spent ... a number of sustain dice equal to the attack's sustain rate": 1AD allows 4.
    const oneAd = settleVersesDialog(versesDialogConfig(input(1, 5)), false);
    expect(oneAd.evaluation.problems.map((p) => p.key)).toContain("POLYVERSE.Verses.Dialog.SustainTooMany");
  });

  it("a sweep over several targets takes the mean range: 10 m and 30 m average 20 m (1S)", () => {
    const config = versesDialogConfig({ ...input(5, 0), distances: [10, 30] });
    expect(config.fields.map((f) => f.name)).toContain("sweep");
    const swept = applyDialogChange(config, config.initial, { name: "sweep", value: "yes" });
    expect(swept.state.target).toBe(1);
    expect(swept.evaluation.notes).toContainEqual({
      key: "POLYVERSE.Verses.Dialog.SweepRange",
      data: { metres: "20", count: "2" },
    });
  });
});

describe("the defence dialog", () => {
  const base = shortBowAttack(null);
  const parry = (minimumAD: number): DefenceDialogInput => ({
    kind: "defence",
    defence: "parry",
    label: "POLYVERSE.Verses.Attack.Defence.parry",
    weapons: [
      {
        label: "Rapier (Parry 2)",
        request: { skill: "Weapons » Bows", action: "parry" },
        minimumAD,
        problem: null,
      },
    ],
    pool: base.pool,
    adAvailable: 5,
    adState: newAdRound(5),
    reaction: "parry",
    fastAction: true,
    choice: {},
    rollModes: ROLL_MODES,
    defaultRollMode: "publicroll",
  });

  it("Jee against the longsword: 'a minimum of 2AD (1 + 3 - 2)': the dialog starts at 2 and cannot go below", () => {
    const config = versesDialogConfig(parry(2));
    const s = settleVersesDialog(config, true);
    expect(s.state.ad).toBe(2);
    expect(s.evaluation.adMin).toBe(2);
    expect(applyDialogChange(config, s.state, { name: "ad", value: "1" }).state.ad).toBe(2);
    expect(s.state.target).toBe(0);
  });

  it("a grappling resistance shows no AD unless the world allows it", () => {
    const resist = {
      ...parry(1),
      defence: "resist" as const,
      weapons: [],
      request: { attribute: "prw" as const },
    };
    expect(versesDialogConfig(resist).showAD).toBe(false);
    expect(versesDialogConfig({ ...resist, allowAD: true }).showAD).toBe(true);
  });
});

describe("grappling moves in the dialog", () => {
  it("Clinch 'Test 2S C' is rolled against 2S in melee; its continuation target is 1C", async () => {
    const { modeContinuation, modeRangeTest } = await import("../../src/rulesets/verses/data/weapon-modes");
    const clinch = {
      name: "",
      skill: "Grappling",
      test: "2S C",
      damage: "",
      features: [{ name: "Unhanded", value: "-2" }],
    };
    expect(modeRangeTest(clinch)).toBe("2S");
    expect(modeContinuation(clinch)).toBe(1);
    expect(modeContinuation({ ...clinch, test: "2S" })).toBe(0);
    const s = settleVersesDialog(versesDialogConfig(shortBowAttack(1, {}, {}, [clinch])), false);
    // (The archer has no Grappling: only the pool is refused, not the TEST.)
    expect(s.evaluation.problems.map((p) => p.key)).not.toContain("POLYVERSE.Verses.Dialog.Target.BadTest");
    expect(s.evaluation.suggestedTarget?.value).toBe(2);
    expect(s.state.target).toBe(2);
  });
});

describe("cover tracked on the target's token, left behind when it moved (cover-moves.ts)", () => {
  it("the dialog says the cover is no longer kept, and starts with none", () => {
    const base = shortBowAttack(15);
    const movedFrom = { protective: "full" as const, material: "Stone", hp: 7, max: 12 };
    const s = settleVersesDialog(
      versesDialogConfig({ ...base, target: { ...base.target!, movedFrom } }),
      false,
    );
    expect(s.evaluation.notes).toContainEqual({
      key: "POLYVERSE.Verses.Attack.Cover.Moved",
      data: { name: base.target!.name, material: "Stone", hp: "7", max: "12" },
    });
    expect(s.state.values.protective ?? "none").toBe("none");
    const still = settleVersesDialog(versesDialogConfig(base), false);
    expect(still.evaluation.notes.map((n) => n.key)).not.toContain("POLYVERSE.Verses.Attack.Cover.Moved");
  });
});
