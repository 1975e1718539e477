// The roll dialogs of the special tests: what they show (pool, fixed or suggested target, odds,
// optional dice, problems) and the choice they settle on, with the rules text's numbers.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  applyDialogChange,
  rollDialogView,
  type RollDialogState,
} from "../../src/rulesets/verses/base/pool-dialog-logic";
import { deriveLiving, type LivingSource } from "../../src/rulesets/verses/data/living";
import {
  awakenDialog,
  connectednessDialog,
  contestWinChance,
  continuousDialog,
  continuousOptions,
  healingDayDialog,
  influenceDialog,
  lockPickingDialog,
  maintainDialog,
  recoveryDialog,
  restDialog,
  settleSpecialDialog,
  socialResponseDialog,
  startingAd,
  survivalDialog,
  type SpecialDialog,
  type SpecialDialogBase,
} from "../../src/rulesets/verses/rolls/special-dialogs";
import {
  recoveryOptions,
  type LivingState,
  type OwnedItem,
  type PatientState,
  type StoredContinuous,
} from "../../src/rulesets/verses/rolls/special";
import { successProbability } from "../../src/rulesets/verses/rules";
import { hasKey } from "../lib/i18n";
import { ROOT } from "../lib/paths";
import { livingSource, skillSource } from "../lib/verses-sources";

const { lang } = mergeLanguage(join(ROOT, "lang", "en"));

type ItemLike = { name: string; type: string; system: unknown };

function living(overrides: Partial<LivingSource> = {}, items: ItemLike[] = [], statuses: string[] = []) {
  const source = livingSource(overrides);
  return {
    ...source,
    ...deriveLiving(source, { items, statuses: new Set(statuses), flags: {} }),
  } as LivingState;
}

const base = (actor: LivingState, fastAction = false): SpecialDialogBase => ({
  actor,
  world: {},
  fastAction,
  rollModes: [{ value: "publicroll", label: "Public" }],
  defaultRollMode: "publicroll",
});

const skillItem = (name: string, allocated: number): ItemLike => ({
  name,
  type: "verses-skill",
  system: skillSource({ skill: name, allocated }),
});

/** Every key a dialog's view asks for, and the view itself. */
function view(dialog: SpecialDialog<unknown>, state?: RollDialogState) {
  const settled = state ? { state, evaluation: dialog.config.evaluate(state) } : settleSpecialDialog(dialog);
  const keys = new Set<string>();
  const localize = (key: string, data?: Record<string, string>) => {
    if (key.startsWith("POLYVERSE.")) keys.add(key);
    return data ? `${key}${JSON.stringify(data)}` : key;
  };
  const v = rollDialogView(dialog.config, settled.state, settled.evaluation, localize);
  for (const key of keys) expect(hasKey(lang, key), key).toBe(true);
  return { view: v, ...settled };
}

/** Apply one input as the dialog does. */
function change(
  dialog: SpecialDialog<unknown>,
  state: RollDialogState,
  name: string,
  value: string | boolean,
) {
  return applyDialogChange(dialog.config, state, { name, value });
}

describe("Rest's dialog", () => {
  const jee = living({ ad: { spent: 0, exBound: 2, reserved: { await: 0, dodge: 0, parry: 0 } } });

  it("TV-28: Jee rests with her 3 AD left: TUF 2 + 3AD = 5d6 against the 2 EX bound, a target the rules fix", () => {
    const dialog = restDialog(base(jee));
    const { view: v, state } = view(dialog);
    expect(state.ad).toBe(3);
    expect(v.pool).toBe(5);
    expect(v.fixedTarget).toBe(true);
    expect(v.target).toBe(2);
    expect(v.chance).toBeCloseTo(successProbability(5, 2), 10);
    // Typing a target changes nothing; AD below 1 is raised back (the Rest action costs 1AD).
    expect(change(dialog, state, "target", "5").state.target).toBe(2);
    expect(change(dialog, state, "ad", "0").state.ad).toBe(1);
    expect(dialog.choice(state)).toMatchObject({ ad: 3, rollMode: "publicroll" });
  });

  it("more AD than are unspent is a problem shown in the dialog", () => {
    const dialog = restDialog(base(jee));
    const { evaluation } = change(dialog, settleSpecialDialog(dialog).state, "ad", "4");
    expect(evaluation.problems.length).toBeGreaterThan(0);
  });
});

describe("Connectedness' dialog", () => {
  it("TV-C11: CN 12 dice against (10 - SOC 2) = 8S, 1.88 %, with no AD to spend", () => {
    const dialog = connectednessDialog(base(living()), []);
    const { view: v, state } = view(dialog);
    expect(v.showAD).toBe(false);
    expect(v.pool).toBe(12);
    expect(v.target).toBe(8);
    expect(v.chancePercent).toBe("1.9 %");
    expect(v.chance).toBeCloseTo(0.0188, 4);
    expect(dialog.choice(state)).not.toHaveProperty("targetOverride");
  });

  it("the GM's adjustment CN + POP + # of Recent Visits, from a society or a population size; another target is an override", () => {
    const dialog = connectednessDialog(base(living()), [
      { uuid: "Actor.harbour", name: "Harbour Town", pop: 4 },
    ]);
    const { view: v0, state: s0 } = view(dialog);
    expect(v0.fields[0]!.isSelect && v0.fields[0]!.choices.map((c) => c.value)).toEqual([
      "",
      "society:Actor.harbour",
      "pop:1",
      "pop:2",
      "pop:3",
      "pop:4",
      "pop:5",
    ]);
    let s = change(dialog, s0, "population", "society:Actor.harbour").state;
    s = change(dialog, s, "visits", "2").state;
    expect(view(dialog, s).view.pool).toBe(12 + 4 + 2);
    expect(dialog.choice(s)).toMatchObject({ populationAdjustment: true, pop: 4, recentVisits: 2 });
    s = change(dialog, s, "target", "3").state;
    expect(dialog.choice(s)).toMatchObject({ targetOverride: 3 });
    expect(dialog.choice(change(dialog, s, "population", "pop:1").state)).toMatchObject({ pop: 1 });
  });
});

describe("the Influence dialogs", () => {
  /** P(A > B) for A ~ Bin(a, 1/3), B ~ Bin(b, 1/3), summed over the binomial terms. */
  function bruteForce(a: number, b: number): number {
    const choose = (n: number, k: number) => {
      let c = 1;
      for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
      return c;
    };
    const pmf = (n: number, k: number) => choose(n, k) * (1 / 3) ** k * (2 / 3) ** (n - k);
    let p = 0;
    for (let x = 0; x <= a; x++) for (let y = 0; y < x && y <= b; y++) p += pmf(a, x) * pmf(b, y);
    return p;
  }

  it("the odds of a contest are the chance that the influencer's successes exceed the resisting ones", () => {
    for (const [a, b] of [
      [7, 4],
      [1, 0],
      [3, 6],
      [12, 12],
    ] as const)
      expect(contestWinChance(a, b)).toBeCloseTo(bruteForce(a, b), 12);
    expect(contestWinChance(0, 3)).toBe(0);
  });

  it("TV-C07: Charm SOC 2 + SMR 2 + 3AD = 7d6 against the target's SOC 2 + SMR 2 = 4d6, at least 1AD", () => {
    const guard = living();
    const dialog = influenceDialog(base(living()), "charm", { name: "Guard", state: guard, enemy: false });
    const { state: s0 } = view(dialog);
    const { state } = change(dialog, s0, "ad", "3");
    const { view: v } = view(dialog, state);
    expect(v.pool).toBe(7);
    expect(v.chance).toBeCloseTo(bruteForce(7, 4), 12);
    expect(v.notes[0]).toContain('"dice":"4"');
    expect(change(dialog, state, "ad", "0").state.ad).toBe(1);
  });

  it("Charm on an enemy is a problem; Intimidation is not", () => {
    const enemy = { name: "Bandit", state: living(), enemy: true };
    expect(view(influenceDialog(base(living()), "charm", enemy)).evaluation.problems).toEqual([
      { key: "POLYVERSE.Verses.Tests.Reason.CharmEnemy" },
    ]);
    expect(view(influenceDialog(base(living()), "intimidate", enemy)).evaluation.problems).toEqual([]);
  });
});

describe("the recovery dialogs", () => {
  const owned = (name: string, type: string, system: Record<string, unknown>): OwnedItem => ({
    uuid: `Item.${name.replace(/\W/g, "")}`,
    name,
    type,
    system,
  });
  const kit = owned("Field Kit", "verses-gear", { kind: "tool", ol: 0, supplyKind: "medical", supplies: 5 });
  const phon: PatientState = {
    uuid: "Actor.phon",
    name: "Phon",
    kind: "biological",
    hp: 2,
    hpMax: 10,
    conditions: [],
  };

  it("TV-38: Aleth stabilises Phon with First Aid 2 + SMR 2 + 3AD = 7d6 against 2S; supplies limit the AD", () => {
    const aleth = living({}, [skillItem("First Aid", 2), skillItem("Herbalism", 1)]);
    const atHand = recoveryOptions(
      [owned("First Aid", "verses-skill", { skill: "First Aid", allocated: 2 }), kit],
      "biological",
      "stabilise",
    );
    const dialog = recoveryDialog(base(aleth), "stabilise", phon, atHand);
    const { state: s0, view: v0 } = view(dialog);
    expect(v0.fields.map((f) => f.name)).toEqual(["skill", "supply"]);
    // Herbalism's allocated dice "may be added": offered, and on by default.
    expect(v0.optional.map((o) => [o.key, o.checked])).toEqual([["herbalism", true]]);
    let s = change(dialog, s0, "ad", "3").state;
    s = change(dialog, s, "optional.herbalism", false).state;
    const { view: v } = view(dialog, s);
    expect(v.pool).toBe(7);
    expect(v.target).toBe(2);
    expect(v.fixedTarget).toBe(true);
    expect(dialog.choice(s)).toMatchObject({
      ad: 3,
      herbalism: false,
      picks: { skill: "Item.FirstAid", supply: "Item.FieldKit", tool: "" },
    });
    // "An amount of supplies equal to the number of #AD spent is consumed": 3AD need 3 supplies.
    const small = recoveryOptions(
      [
        owned("First Aid", "verses-skill", { skill: "First Aid", allocated: 2 }),
        owned("Pouch", "verses-gear", { kind: "item", supplyKind: "medical", supplies: 2 }),
      ],
      "biological",
      "stabilise",
    );
    const short = recoveryDialog(base(aleth), "stabilise", phon, small);
    expect(
      view(short, change(short, settleSpecialDialog(short).state, "ad", "3").state).evaluation.problems,
    ).toEqual([
      {
        key: "POLYVERSE.Verses.Tests.Reason.NotEnoughSupplies",
        data: { ad: "3", supplies: "2", item: "Pouch" },
      },
    ]);
  });

  it("TV-39: the village healer's Medicine 3 + facility OL 4 + 5AD = 12d6 against 3S (allocated dice only); the tool can be left out", () => {
    const healer = living({}, [skillItem("Medicine", 3)]);
    const atHand = recoveryOptions(
      [
        owned("Medicine", "verses-skill", { skill: "Medicine", allocated: 3 }),
        owned("Bandage", "verses-gear", { kind: "supply", supplyKind: "medical", supplies: 1, quantity: 20 }),
        owned("Village Clinic", "verses-gear", { kind: "tool", ol: 4, toolFor: ["Medicine"] }),
      ],
      "biological",
      "heal",
    );
    const dialog = recoveryDialog(base(healer), "heal", { ...phon, hp: 0 }, atHand, {
      healingOptions: { poolMode: "allocatedOnly" },
    });
    const { state: s0 } = view(dialog);
    expect(s0.values).toMatchObject({
      skill: "Item.Medicine",
      supply: "Item.Bandage",
      tool: "Item.VillageClinic",
    });
    const s = change(dialog, s0, "ad", "5").state;
    const { view: v } = view(dialog, s);
    expect(v.pool).toBe(12);
    expect(v.target).toBe(3);
    expect(view(dialog, change(dialog, s, "tool", "").state).view.pool).toBe(8);
  });

  it("the next day of a healing course rolls against 2C with the course's gear", () => {
    const healer = living({}, [skillItem("Medicine", 3)]);
    const dialog = healingDayDialog(
      base(healer),
      { ...phon, hp: 12, hpMax: 20 },
      {
        skill: { uuid: "Item.med", name: "Medicine", ref: "Medicine", family: "Medicine" },
        supply: { uuid: "Item.kit", name: "Kit", supplies: 4 },
      },
    );
    const { view: v } = view(dialog);
    expect(v.target).toBe(2);
    // Outside Fast Action every unspent AD, but no more than the 4 supplies left: Medicine 3 + SMR 2 + 4AD.
    expect(v.ad).toBe(4);
    expect(v.pool).toBe(3 + 2 + 4);
  });
});

describe("the AD a dialog starts with", () => {
  it("outside Fast Action every unspent AD, as the rules' examples spend them (Jules: 5AD); in Fast Action 1", () => {
    expect(startingAd(base(living()))).toBe(5);
    expect(startingAd(base(living(), true))).toBe(1);
    expect(startingAd(base(living()), 3)).toBe(3);
    expect(
      view(awakenDialog(base(living(), true), { name: "Jee", conditions: [{ id: "unconscious" }] })).state.ad,
    ).toBe(1);
  });
});

describe("continuous tests' dialogs", () => {
  it("TV-03: Jules starts holding the airlock with TUF 2 + 5AD = 7d6 against 1S, to keep up with 1C", () => {
    const dialog = continuousDialog(
      base(living()),
      continuousOptions([{ name: "Athletics", ref: "Athletics" }]),
    );
    const { state: s0, view: v0 } = view(dialog);
    expect(v0.fixedTarget).toBe(false);
    expect(v0.fields[0]!.isSelect && v0.fields[0]!.choices.map((c) => c.value)).toEqual([
      "attribute:smr",
      "attribute:prw",
      "attribute:tuf",
      "attribute:soc",
      "skill:Athletics",
    ]);
    let s = change(dialog, s0, "test", "attribute:tuf").state;
    s = change(dialog, s, "ad", "5").state;
    expect(view(dialog, s).view.pool).toBe(7);
    expect(dialog.choice(s)).toMatchObject({
      notation: "1S 1C",
      request: { attribute: "tuf" },
      label: "POLYVERSE.Verses.Attribute.tuf.Name",
    });
    s = change(dialog, s, "continuation", "2").state;
    s = change(dialog, s, "target", "3").state;
    expect(dialog.choice(s).notation).toBe("3S 2C");
    expect(view(dialog, change(dialog, s, "target", "0").state).evaluation.problems.length).toBeGreaterThan(
      0,
    );
  });

  it("TV-03: each turn 2 base dice + 5AD = 7d6 against 1C; a maintenance roll forced by a hit needs no AD", () => {
    const stored: StoredContinuous = {
      id: "airlock",
      label: "POLYVERSE.Verses.Attribute.tuf.Name",
      notation: "1S 1C",
      state: { continuation: 1, baseDice: 2, involvesSmr: false, roundsContinued: 1, active: true },
    };
    const dialog = maintainDialog(base(living()), stored, 0);
    const { state: s0, view: v0 } = view(dialog);
    expect(v0.fields.map((f) => f.name)).toEqual(["reason"]);
    expect(v0.target).toBe(1);
    const s = change(dialog, s0, "ad", "5").state;
    expect(view(dialog, s).view.pool).toBe(7);
    const hit = change(dialog, change(dialog, s0, "reason", "hit").state, "ad", "0").state;
    expect(hit.ad).toBe(0);
    expect(dialog.choice(hit)).toMatchObject({ reason: "hit", ad: 0 });
    // With Multitasking allocated its dice may stand in for the AD.
    expect(view(maintainDialog(base(living()), stored, 2)).view.fields.map((f) => f.name)).toEqual([
      "reason",
      "multitasking",
    ]);
  });
});

describe("Awaken's and Survival's dialogs", () => {
  it("TV-C10: Awaken SOC 2 + 4AD = 6d6 against 4S: 10.01 %", () => {
    const dialog = awakenDialog(base(living()), { name: "Jee", conditions: [{ id: "unconscious" }] });
    const s = change(dialog, settleSpecialDialog(dialog).state, "ad", "4").state;
    const { view: v } = view(dialog, s);
    expect(v.pool).toBe(6);
    expect(v.target).toBe(4);
    expect(v.chance).toBeCloseTo(0.1001, 4);
  });

  it("TV-40: a Moribund actor with TUF 2 rolls TUF + all available AD (7d6); the odds shown are of the 4 successes that end Moribund", () => {
    const dialog = survivalDialog(base(living({ hp: { value: 0 } }, [], ["moribund"])));
    const { view: v } = view(dialog);
    expect(v.showAD).toBe(false);
    expect(v.showBonus).toBe(false);
    expect(v.pool).toBe(7);
    expect(v.target).toBe(4);
    expect(v.chance).toBeCloseTo(successProbability(7, 4), 10);
  });
});

describe("special tests' dialogs keep a pool within the world's largest (setting maxPool)", () => {
  const jee = living({ ad: { spent: 0, exBound: 2, reserved: { await: 0, dodge: 0, parry: 0 } } });

  it("a Rest with 5,000 dice added is kept at the world's 40, the pool cut to 40, and the dialog says so", () => {
    const dialog = restDialog({ ...base(jee), world: { maxPool: 40 } });
    const { state, evaluation } = change(dialog, settleSpecialDialog(dialog).state, "bonus", "5000");
    expect(state.bonus).toBe(40);
    const keys = evaluation.notes.map((n) => n.key);
    expect(keys).toContain("POLYVERSE.Verses.PoolDialog.Clamped.bonus");
    // TUF 2 + 3AD + 40 = 45, cut to 40.
    expect(keys).toContain("POLYVERSE.Verses.Pool.CappedNote");
    const { view: v } = view(dialog, state);
    expect(v.pool).toBe(40);
  });
});

describe('the special tests\' dialogs offer the skill add-ons the text says "may" be added, as switches', () => {
  it("Charm: Charm & Persuasion's dice are on by default and can be switched off, as the ordinary roll dialog does; SMR counts once", () => {
    const charmer = living({}, [skillItem("Charm & Persuasion", 2)]);
    const dialog = influenceDialog(base(charmer), "charm", { name: "Guard", state: living(), enemy: false });
    const { view: v, state } = view(dialog);
    const toggle = v.optional.find((o) => o.name === "optional.addOn:charmPersuasion.charm");
    expect(toggle).toMatchObject({ checked: true });
    expect(state.optional).toContain("addOn:charmPersuasion.charm");
    const dice = view(dialog).evaluation.optional.find((o) => o.key === "addOn:charmPersuasion.charm")!.dice;
    expect(dice).toBeGreaterThanOrEqual(2);
    const withIt = v.pool;
    const off = change(dialog, state, "optional.addOn:charmPersuasion.charm", false);
    expect(view(dialog, off.state).view.pool).toBe(withIt - dice);
    expect(dialog.choice(off.state)).toMatchObject({ addOns: [] });
    // SMR is rolled beside SOC already: an add-on defaulting to it does not bring it again.
    const smr = view(dialog).evaluation.parts.filter(
      (p) => p.label === "POLYVERSE.Verses.Attribute.smr.Abbr",
    );
    expect(smr).toHaveLength(1);
    expect(dialog.choice(state)).toMatchObject({ addOns: ["addOn:charmPersuasion.charm"] });
  });

  it("Lock Picking: a forgery add-on (Drawing, any test) is offered off, its circumstance the roller's to say", () => {
    const picker = living({}, [skillItem("Lock Picking", 2), skillItem("Drawing", 1)]);
    const dialog = lockPickingDialog(base(picker), []);
    const { view: v, state } = view(dialog);
    const toggle = v.optional.find((o) => o.name === "optional.addOn:drawing.forgery");
    expect(toggle).toMatchObject({ checked: false });
    const on = change(dialog, state, "optional.addOn:drawing.forgery", true);
    expect(view(dialog, on.state).view.pool).toBeGreaterThan(v.pool);
    expect(dialog.choice(on.state)).toMatchObject({ addOns: ["addOn:drawing.forgery"] });
  });
});

describe("the social response dialog", () => {
  const harbour = { uuid: "Actor.harbour", name: "Harbour Town", tol: 3, mob: 2, jst: 4 };

  it("First Impressions: SOC 2 + Apparent Wealth (the character's 3) + TOL 3 + MOB 2 = 10d6 against Representative's Wealth 2 + Social Rank 2 + Deviation 0 = 4d6", () => {
    const dialog = socialResponseDialog(base(living()), [harbour], { characterWealth: 3 });
    const { view: v, state, evaluation } = view(dialog);
    expect(v.showAD).toBe(false);
    expect(v.pool).toBe(10);
    expect(state.target).toBe(4);
    expect(v.chance).toBeCloseTo(contestWinChance(10, 4), 12);
    expect(evaluation.problems).toEqual([]);
    expect(dialog.choice(state)).toMatchObject({
      situation: "firstImpressions",
      society: "Actor.harbour",
      factors: {
        apparentWealth: 3,
        representativeWealth: 2,
        socialRank: 2,
        normsDeviation: 0,
        legalViolation: 1,
      },
    });
  });

  it("Legal Violations: CN 12 + TOL 3 + JST 4 against the GM's Violation + Deviation; the ratings are the GM's to change", () => {
    const dialog = socialResponseDialog(base(living()), [harbour]);
    let s = change(dialog, settleSpecialDialog(dialog).state, "situation", "legalViolations").state;
    expect(view(dialog, s).view.pool).toBe(12 + 3 + 4);
    expect(s.target).toBe(1);
    s = change(dialog, s, "legalViolation", "4").state;
    s = change(dialog, s, "normsDeviation", "2").state;
    expect(s.target).toBe(6);
    expect(dialog.choice(s).factors).toMatchObject({ legalViolation: 4, normsDeviation: 2 });
  });

  it("with no society actor in the world the dialog says so and cannot roll", () => {
    const { evaluation } = view(socialResponseDialog(base(living()), []));
    expect(evaluation.problems).toEqual([{ key: "POLYVERSE.Verses.Social.NoSociety" }]);
  });
});
