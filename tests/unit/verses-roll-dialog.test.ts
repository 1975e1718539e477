import { describe, expect, it } from "vitest";
import { rollDialogView } from "../../src/rulesets/verses/base/pool-dialog-logic";
import {
  choiceFromDialog,
  settleVersesDialog,
  versesDialogConfig,
} from "../../src/rulesets/verses/rolls/dialog";
import {
  attackRequest,
  featuresText,
  isMeleeTest,
  modeMinimumAD,
  modeRangeTest,
  naturalAttack,
  type WeaponModeSource,
} from "../../src/rulesets/verses/data/weapon-modes";
import { attackTargetFor, nearestSquareCentres, toMetres } from "../../src/rulesets/verses/rolls/targeting";
import { applyDialogChange } from "../../src/rulesets/verses/base/pool-dialog-logic";
import { andersNavigation, SHORT_BOW, shortBowAttack } from "../lib/verses-roll-examples";
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import { assemblePool, type PoolRequest } from "../../src/rulesets/verses/data/pools";
import { livingSource, skillSource } from "../lib/verses-sources";

const identity = (s: string) => s;

describe("the success target of an attack from the distance and cover", () => {
  it("TV-19: the Short Bow 2S@10m,20,30,40,50 at 10/20/30/40/50 m is 2S..6S, ineffective at 51 m", () => {
    const at = (m: number) => attackTargetFor(SHORT_BOW.test, { metres: m, cover: "none" }).value;
    expect([10, 20, 30, 40, 50].map(at)).toEqual([2, 3, 4, 5, 6]);
    const far = attackTargetFor(SHORT_BOW.test, { metres: 51, cover: "none" });
    expect(far.value).toBeNull();
    expect(far.problem).toEqual({
      key: "POLYVERSE.Verses.Dialog.Target.OutOfRange",
      data: { metres: "51", max: "50" },
    });
  });

  it("TV-20: the Halberd 2S@3m,2 is 2S at 3 m, 3S at 2 m, and otherwise ineffective", () => {
    expect(attackTargetFor("2S@3m,2", { metres: 3, cover: "none" }).value).toBe(2);
    expect(attackTargetFor("2S@3m,2", { metres: 2, cover: "none" }).value).toBe(3);
    const close = attackTargetFor("2S@3m,2", { metres: 1, cover: "none" });
    expect(close.value).toBeNull();
    expect(close.problem?.key).toBe("POLYVERSE.Verses.Dialog.Target.OutOfBand");
    expect(attackTargetFor("2S@3m,2", { metres: 4, cover: "none" }).value).toBeNull();
  });

  it("TV-C30: partial obstructive cover adds nothing at 2 m and +2S at 3 m (base 1S)", () => {
    const near = attackTargetFor("1S@5m,10", { metres: 2, cover: "partial" });
    expect(near.value).toBe(1);
    expect(near.parts.at(-1)).toEqual({ label: "POLYVERSE.Verses.Dialog.Target.PartialClose", dice: 0 });
    expect(attackTargetFor("1S@5m,10", { metres: 3, cover: "partial" }).value).toBe(3);
  });

  it("TV-34: a 3S shot at a target behind full cover is 8S", () => {
    // The Short Bow's band up to 20 m is 3S.
    const r = attackTargetFor(SHORT_BOW.test, { metres: 15, cover: "full" });
    expect(r.value).toBe(8);
    expect(r.parts).toEqual([
      { label: "POLYVERSE.Verses.Dialog.Target.Range", dice: 3, data: { metres: "15" } },
      { label: "POLYVERSE.Verses.Dialog.Target.Cover.full", dice: 5 },
    ]);
  });

  it("TV-35: an automatic rifle's 2S at 30 m with partial cover is 4S", () => {
    expect(attackTargetFor("2S@30m,60,90", { metres: 30, cover: "partial" }).value).toBe(4);
  });

  it("melee: the base target within one square, out of reach beyond; no distance assumes adjacent", () => {
    expect(attackTargetFor("1S", { metres: 1, cover: "none" }).value).toBe(1);
    expect(attackTargetFor("1S", { metres: null, cover: "none" }).value).toBe(1);
    expect(attackTargetFor("1S", { metres: 3, cover: "none" }).problem?.key).toBe(
      "POLYVERSE.Verses.Dialog.Target.OutOfReach",
    );
    expect(attackTargetFor("1S", { metres: 2, cover: "none", meleeReach: 2 }).value).toBe(1);
  });

  it("a ranged attack without a distance asks for one; a Prone target beyond 10 m has partial cover", () => {
    expect(attackTargetFor(SHORT_BOW.test, { metres: null, cover: "none" }).problem?.key).toBe(
      "POLYVERSE.Verses.Dialog.Target.NoDistance",
    );
    expect(attackTargetFor(SHORT_BOW.test, { metres: 25, cover: "none", targetProne: true }).value).toBe(6);
    expect(attackTargetFor(SHORT_BOW.test, { metres: 8, cover: "none", targetProne: true }).value).toBe(2);
    expect(attackTargetFor("2S@@", { metres: 1, cover: "none" }).problem?.key).toBe(
      "POLYVERSE.Verses.Dialog.Target.BadTest",
    );
  });
});

describe("distances on the scene", () => {
  it("scene units to metres: m, ft, km; none or unknown is metres", () => {
    expect(toMetres(25, "m")).toBe(25);
    expect(toMetres(10, "ft")).toBeCloseTo(3.048);
    expect(toMetres(2, "km")).toBe(2000);
    expect(toMetres(7, "")).toBe(7);
    expect(toMetres(7, "parsecs")).toBe(7);
  });
  it("tokens are measured from their nearest squares: adjacent is one square whatever their size", () => {
    const size = 100;
    const one = { x: 0, y: 0, width: 1, height: 1 };
    const big = { x: 100, y: 0, width: 2, height: 2 };
    const [a, b] = nearestSquareCentres(one, big, size);
    expect(a).toEqual({ x: 50, y: 50 });
    expect(b).toEqual({ x: 150, y: 50 });
    const far = { x: 2500, y: 0, width: 1, height: 1 };
    expect(nearestSquareCentres(one, far, size)).toEqual([
      { x: 50, y: 50 },
      { x: 2550, y: 50 },
    ]);
  });
});

describe("the 'Verses roll dialog", () => {
  it("TV-08: Anders' Stellar Navigation opens at 9d6 against 2S, 86 %, with every die labelled", () => {
    const input = andersNavigation();
    const config = versesDialogConfig(input);
    const { state, evaluation } = settleVersesDialog(config, true);
    expect(state).toMatchObject({ ad: 5, target: 2, bonus: 0 });
    const view = rollDialogView(config, state, evaluation, identity);
    expect(view.pool).toBe(9);
    expect(view.parts.map((p) => [p.label, p.dice])).toEqual([
      ["Stellar Navigation", 1],
      ["Ship Systems", 1],
      ["POLYVERSE.Verses.Attribute.smr.Abbr", 2],
      ["POLYVERSE.Verses.Pool.AD", 5],
    ]);
    expect(Math.round(view.chance * 100)).toBe(86);
    expect(view.chancePercent).toBe("85.7 %");
    expect(view.fields).toEqual([]);
  });

  it("offers the optional ability dice assemblePool offers; choosing them adds them and says what they cost", () => {
    const input = andersNavigation();
    const config = versesDialogConfig(input);
    const start = settleVersesDialog(config, true);
    expect(start.evaluation.optional).toEqual([
      {
        key: "intenseConcentration",
        label: "Intense Concentration",
        dice: 2,
        hint: "POLYVERSE.Verses.Dialog.BindsEX",
        hintData: { ex: "1" },
      },
    ]);
    const chosen = applyDialogChange(config, start.state, {
      name: "optional.intenseConcentration",
      value: true,
    });
    expect(chosen.evaluation.parts).toContainEqual({ label: "Intense Concentration", dice: 2 });
    expect(chosen.evaluation.notes).toContainEqual({
      key: "POLYVERSE.Verses.Dialog.ExCost",
      data: { ex: "1" },
    });
    const view = rollDialogView(config, chosen.state, chosen.evaluation, identity);
    expect(view.pool).toBe(11);
    expect(view.optional[0]?.checked).toBe(true);
    expect(choiceFromDialog(input, chosen.state, chosen.evaluation).optionalAbilities).toEqual([
      "intenseConcentration",
    ]);
  });

  it("adds and removes dice, and the odds follow", () => {
    const config = versesDialogConfig(andersNavigation());
    const start = settleVersesDialog(config, true);
    const less = applyDialogChange(config, start.state, { name: "bonus", value: "-3" });
    const view = rollDialogView(config, less.state, less.evaluation, identity);
    expect(view.pool).toBe(6);
    expect(view.parts).toContainEqual({ label: "POLYVERSE.Verses.Pool.Bonus", dice: -3 });
    // TV-09's pool: 6d6 against 2S is 65 %.
    expect(Math.round(view.chance * 100)).toBe(65);
  });

  it("a Short Bow attack at 25 m with partial cover: 1AD, 4S + 2S = 6S, and the card's breakdown", () => {
    const input = shortBowAttack(25, { cover: "partial" });
    const config = versesDialogConfig(input);
    const { state, evaluation } = settleVersesDialog(config, false);
    expect(state).toMatchObject({ ad: 1, target: 6 });
    expect(evaluation.problems).toEqual([]);
    expect(evaluation.parts.map((p) => p.dice)).toEqual([2, 2, 1]);
    expect(config.fields.map((f) => f.name)).toEqual([
      "metres",
      "cover",
      "protective",
      "material",
      "coverHp",
    ]);
    const choice = choiceFromDialog(input, state, evaluation);
    expect(choice).toMatchObject({ ad: 1, target: 6, cover: "partial", metres: 25, modeIndex: 0 });
    expect(choice.targetParts).toEqual([
      { label: "POLYVERSE.Verses.Dialog.Target.Range", dice: 4, data: { metres: "25" } },
      { label: "POLYVERSE.Verses.Dialog.Target.Cover.partial", dice: 2 },
    ]);
  });

  it("changing the distance or the cover re-works the target; a target typed by hand shows as an adjustment", () => {
    const input = shortBowAttack(25);
    const config = versesDialogConfig(input);
    let s = settleVersesDialog(config, false);
    expect(s.state.target).toBe(4);
    s = applyDialogChange(config, s.state, { name: "cover", value: "full" });
    expect(s.state.target).toBe(9);
    s = applyDialogChange(config, s.state, { name: "metres", value: "8" });
    expect(s.state.target).toBe(7);
    s = applyDialogChange(config, s.state, { name: "target", value: "6" });
    expect(choiceFromDialog(input, s.state, s.evaluation).targetParts?.at(-1)).toEqual({
      label: "POLYVERSE.Verses.Dialog.Target.Adjusted",
      dice: -1,
    });
  });

  it("out of range is shown and blocks the roll, also when the dialog is skipped", () => {
    const config = versesDialogConfig(shortBowAttack(62));
    const { state, evaluation } = settleVersesDialog(config, false);
    expect(evaluation.problems[0]?.key).toBe("POLYVERSE.Verses.Dialog.Target.OutOfRange");
    expect(rollDialogView(config, state, evaluation, identity).canRoll).toBe(false);
    const none = settleVersesDialog(versesDialogConfig(shortBowAttack(null)), false);
    expect(none.evaluation.problems[0]?.key).toBe("POLYVERSE.Verses.Dialog.Target.NoDistance");
  });

  it("a Slow weapon starts at its minimum AD and cannot go below it; dual weapons offer their modes", () => {
    const greatAxe: WeaponModeSource = {
      name: "",
      skill: "Weapons » Bows",
      test: "1S",
      damage: "4(s)",
      features: [{ name: "Slow", value: "3" }],
    };
    expect(featuresText(greatAxe.features)).toBe("Slow(3AD)");
    expect(modeMinimumAD(greatAxe)).toBe(3);
    expect(isMeleeTest("1S")).toBe(true);
    expect(isMeleeTest(SHORT_BOW.test)).toBe(false);
    const input = shortBowAttack(1, {}, {}, [SHORT_BOW, { ...greatAxe, name: "Axe" }]);
    const config = versesDialogConfig(input);
    expect(config.fields.map((f) => f.name)).toEqual([
      "mode",
      "metres",
      "cover",
      "protective",
      "material",
      "coverHp",
    ]);
    let s = settleVersesDialog(config, false);
    expect(s.state).toMatchObject({ ad: 1, target: 2 });
    s = applyDialogChange(config, s.state, { name: "mode", value: "1" });
    expect(s.state).toMatchObject({ ad: 3, target: 1 });
    expect(s.evaluation.notes).toContainEqual({
      key: "POLYVERSE.Verses.Dialog.SlowMinimum",
      data: { ad: "3" },
    });
    s = applyDialogChange(config, s.state, { name: "ad", value: "1" });
    expect(s.state.ad).toBe(3);
    expect(choiceFromDialog(input, s.state, s.evaluation).modeIndex).toBe(1);
  });

  it("a target the caller gives is kept when the dialog opens; the roll mode defaults to the setting", () => {
    const config = versesDialogConfig(shortBowAttack(25, { target: 3 }));
    expect(settleVersesDialog(config, true).state).toMatchObject({ target: 3, rollMode: "publicroll" });
    const blind = versesDialogConfig(andersNavigation({ rollMode: "blindroll" }));
    expect(blind.initial.rollMode).toBe("blindroll");
  });
});

describe("creatures' natural attacks, written as their stat blocks write them", () => {
  const kick = {
    name: "Kick",
    skill: "",
    test: "PRW + TUF + 3AD → 2S",
    damage: "3(c)",
    hands: 0,
    features: [],
    area: "",
    indirect: false,
  };
  const bite = {
    name: "Bite",
    skill: "",
    test: "PRW + 1AD → 1 S C",
    damage: "1(p)",
    hands: 0,
    features: [],
    area: "",
    indirect: false,
  };
  it("the Horse's Kick rolls PRW + TUF with at least 3 AD against 2S, in melee", async () => {
    expect(attackRequest(kick, { fastAction: true })).toEqual({
      attributes: ["prw", "tuf"],
      action: "attack",
      meleeAttack: true,
      fastAction: true,
    });
    expect(modeMinimumAD(kick)).toBe(3);
    expect(modeRangeTest(kick)).toBe("2S");
    expect(naturalAttack(bite)).toMatchObject({ attributes: ["prw"], target: 1, continuation: 1 });
  });
  it("a weapon mode with a skill is not a natural attack", async () => {
    const rapier = { ...kick, name: "", skill: "Weapons » Swords", test: "1S" };
    expect(naturalAttack(rapier)).toBeNull();
    expect(attackRequest(rapier, { fastAction: false, metres: 1 })).toMatchObject({
      skill: "Weapons » Swords",
      rangeM: 1,
    });
  });
});

describe("the dialog keeps a pool within the world's largest (setting maxPool)", () => {
  const notes = (e: { notes: { key: string }[] }) => e.notes.map((n) => n.key);

  it("a bonus of 200,000 is kept at 100 and the dialog says so; the pool is cut to 100 with a note", () => {
    const input = andersNavigation({ bonus: 200_000 });
    const config = versesDialogConfig(input);
    const { state, evaluation } = settleVersesDialog(config, true);
    expect(state.bonus).toBe(100);
    expect(evaluation.notes).toContainEqual({
      key: "POLYVERSE.Verses.PoolDialog.Clamped.bonus",
      data: { value: "200000", max: "100", kept: "100" },
    });
    // Stellar Navigation 1 + Ship Systems 1 + SMR 2 + 5AD + 100 = 109, cut to 100.
    expect(evaluation.notes).toContainEqual({
      key: "POLYVERSE.Verses.Pool.CappedNote",
      data: { from: "109", max: "100" },
    });
    const view = rollDialogView(config, state, evaluation, identity);
    expect(view.pool).toBe(100);
    expect(view.maxDice).toBe(100);
    expect(view.parts.at(-1)).toEqual({ label: "POLYVERSE.Verses.Pool.Cap", dice: -9 });
    expect(choiceFromDialog(input, state, evaluation).bonus).toBe(100);
  });

  it("typing a bonus beyond the cap either way, or huge AD or target, keeps each within it", () => {
    const input = { ...andersNavigation(), maxPool: 30 };
    const config = versesDialogConfig(input);
    const start = settleVersesDialog(config, true).state;
    const minus = applyDialogChange(config, start, { name: "bonus", value: "-5000" });
    expect(minus.state.bonus).toBe(-30);
    expect(notes(minus.evaluation)).toContain("POLYVERSE.Verses.PoolDialog.Clamped.bonus");
    expect(applyDialogChange(config, start, { name: "ad", value: "1e9" }).state.ad).toBe(30);
    expect(applyDialogChange(config, start, { name: "target", value: "999" }).state.target).toBe(30);
    // Within the cap nothing is said.
    const fine = applyDialogChange(config, start, { name: "bonus", value: "3" });
    expect(fine.state.bonus).toBe(3);
    expect(notes(fine.evaluation).filter((k) => k.includes("Clamped") || k.includes("Capped"))).toEqual([]);
  });

  it("the skip-dialog path rolls the kept bonus too (settled from the caller's choice)", () => {
    const input = { ...andersNavigation({ bonus: -1e9, skipDialog: true }), maxPool: 50 };
    const config = versesDialogConfig(input);
    const { state, evaluation } = settleVersesDialog(config, true);
    expect(choiceFromDialog(input, state, evaluation).bonus).toBe(-50);
  });
});

describe("skill add-ons in the roll dialog (issue #11)", () => {
  const prwSkill = (name: string, allocated: number) => ({
    name,
    type: "verses-skill",
    system: skillSource({
      skill: name,
      allocated,
      default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
    }),
  });
  const common = (items: { name: string; type: string; system: unknown }[]) => {
    const source = livingSource();
    const derived = deriveLiving(source, { items, statuses: new Set(), flags: {} });
    return {
      pool: (request: PoolRequest) => assemblePool(source, derived, request),
      adAvailable: derived.adAvailable,
      fastAction: true,
      rollModes: [{ value: "publicroll", label: "Public Roll" }],
      defaultRollMode: "publicroll",
    };
  };

  it("a Dodge shows Athletics as a part and a ticked toggle; unticking it takes its dice off", () => {
    const input = {
      kind: "defence" as const,
      defence: "dodge" as const,
      label: "Dodge",
      request: { attribute: "prw" as const, action: "dodge" as const },
      ...common([prwSkill("Athletics", 2)]),
      choice: {},
    };
    const config = versesDialogConfig(input);
    expect(config.initial.optional).toEqual(["addOn:athletics.dodge"]);
    const start = settleVersesDialog(config, false);
    expect(start.evaluation.parts.map((p) => `${p.label} ${p.dice}`)).toEqual([
      "POLYVERSE.Verses.Attribute.prw.Abbr 2",
      "Athletics 2",
      "POLYVERSE.Verses.Pool.AD 1",
    ]);
    expect(start.evaluation.optional).toEqual([
      { key: "addOn:athletics.dodge", label: "Athletics", dice: 2 },
    ]);
    const off = applyDialogChange(config, start.state, {
      name: "optional.addOn:athletics.dodge",
      value: false,
    });
    expect(off.evaluation.parts.map((p) => p.label)).not.toContain("Athletics");
    expect(choiceFromDialog(input, off.state, off.evaluation)).toMatchObject({
      addOns: [],
      optionalAbilities: [],
    });
    expect(choiceFromDialog(input, start.state, start.evaluation).addOns).toEqual(["addOn:athletics.dodge"]);
  });

  it("a Watch offers Stealth & Skulking 'to detect covert movement', unticked until the player ticks it", () => {
    const input = {
      kind: "test" as const,
      label: "Watch",
      request: { attribute: "smr" as const, action: "watch" as const },
      ...common([prwSkill("Stealth & Skulking", 2)]),
      choice: {},
    };
    const config = versesDialogConfig(input);
    const start = settleVersesDialog(config, false);
    expect(start.state.optional).toEqual([]);
    expect(start.evaluation.optional).toEqual([
      {
        key: "addOn:stealthSkulking.watch",
        label: "Stealth & Skulking",
        dice: 4,
        hint: "POLYVERSE.Verses.AddOn.Situation.covertMovement",
      },
    ]);
    const on = applyDialogChange(config, start.state, {
      name: "optional.addOn:stealthSkulking.watch",
      value: true,
    });
    expect(on.evaluation.parts.map((p) => `${p.label} ${p.dice}`)).toEqual([
      "POLYVERSE.Verses.Attribute.smr.Abbr 2",
      "Stealth & Skulking 2",
      "POLYVERSE.Verses.Attribute.prw.Abbr 2",
      "POLYVERSE.Verses.Pool.AD 1",
    ]);
  });
});
