// The attack card's state machine and damage assembly (attack/*-logic.ts), with the rules text's
// own numbers: Jaye's mail, the crossbow bolt, the merc's longsword against Jee's rapier, Seeja's
// sustained burst, Ambrose's grenade.
import { describe, expect, it } from "vitest";
import {
  attackCardView,
  chainOffer,
  conditionsFor,
  crossModeChain,
  damagePreview,
  directOutcome,
  firstChain,
  planApply,
  planRallyRebind,
  planUndo,
  riposteOffer,
  settled,
  withDefence,
  withTarget,
} from "../../src/rulesets/verses/attack/attack-logic";
import { bodyLayer, protectiveLayers } from "../../src/rulesets/verses/attack/defender-logic";
import { adLimit, spendForRoll, spendProblem } from "../../src/rulesets/verses/base/spend-logic";
import { newAdRound } from "../../src/rulesets/verses/rules";
import {
  VERSES_SETTINGS,
  defaultSettingValues,
  ruleOptionsFrom,
} from "../../src/rulesets/verses/base/settings";
import { MAIL, card, defender, now, row } from "../lib/verses-attack-cards";

describe("damage through the target's layers (Armor & Shields)", () => {
  it("'slashes with a sword ... succeeding with a 2SM for 6(s)HP': the mail absorbs 4(s), turns 2(s) to 2(c), TUF 2 absorbs it: unhurt", () => {
    const c = withDefence(card(), 0, "take", defender());
    const d = c.targets[0]!.damage!;
    expect(d.incoming).toEqual([{ amount: 6, type: "s" }]);
    expect(d.layers[0]).toMatchObject({ name: "Mail", absorbed: 4, passed: [{ amount: 2, type: "c" }] });
    expect(d.layers[0]!.transformed).toEqual([{ from: "s", to: "c", amount: 2 }]);
    expect(d.bodyAbsorbed).toBe(2);
    expect(d.taken).toBe(0);
    expect(d.exToBind).toBe(0);
  });

  it("'The attack does 3(p)HP ... Since the success is a 6, it bypasses the partial cover of her armor ... she also binds 1EX'", () => {
    const bolt = card(
      { faces: [6, 4, 3] },
      { label: "Heavy Crossbow", test: "1S@20m,40", damage: "3(p)", parry: null },
    );
    const c = withDefence(bolt, 0, "take", defender());
    const d = c.targets[0]!.damage!;
    expect(d.layers[0]!.bypassed).toEqual([{ amount: 3, type: "p" }]);
    expect(d.taken).toBe(3);
    expect(d.hpAfter).toBe(7);
    expect(d.exToBind).toBe(1);
    // Applying it: 7 HP and 1 EX bound (from the unspent dice).
    const plan = planApply(c, 0, defender(), now(defender()))!;
    expect(plan.changes[0]).toEqual({
      uuid: "Actor.jaye",
      name: "Jaye",
      set: { "system.hp.value": 7, "system.ad.exBound": 1 },
    });
    expect(plan.record.before).toEqual({ hp: 10, ad: newAdRound(5), statuses: [] });
  });

  it("Pain Tolerance: 'only if the amount of damage taken is higher than TUF + allocated dice' (TUF 2 + 1 against 3)", () => {
    const bolt = card({ faces: [6, 4, 3] }, { damage: "3(p)", parry: null });
    const tough = defender({ abilities: [{ key: "painTolerance", dice: 1 }] });
    expect(bodyLayer(tough).painTolerance).toBe(1);
    expect(withDefence(bolt, 0, "take", tough).targets[0]!.damage!.exToBind).toBe(0);
  });

  it("layers run from full or partial cover to shields to armour; an unworn shield is no layer", () => {
    const layers = protectiveLayers(
      { protective: "partial", material: "Wood", hp: 6 },
      {
        armour: [
          MAIL,
          { name: "Buckler", class: "shield", tuf: 3, resistance: "c, s", worn: true },
          { ...MAIL, name: "Spare", worn: false },
        ],
      },
    );
    expect(layers.map((l) => `${l.kind}:${l.name}`)).toEqual([
      "partialCover:Wood",
      "shield:Buckler",
      "armour:Mail",
    ]);
    expect(layers[0]).toMatchObject({ tuf: 3, hp: 6 });
  });

  it("Seeja's shot at the sniper behind a tree: four 6s and a 5 against 4S at 4(b)/SM: 4 direct, the tree passes 1 -> 5(b)", () => {
    const shot = card(
      {
        faces: [6, 6, 6, 6, 5, 3],
        target: 4,
        cover: { protective: "partial", material: "Wood", hp: null },
        targets: [row({ target: 4, name: "Sniper" })],
      },
      { damage: "4(b)", parry: null },
    );
    const d = damagePreview(shot, 0, defender({ armour: [], name: "Sniper" }))!;
    expect(d.taken).toBe(5);
  });

  it("Moribund: a blow that leaves the target below 1 HP switches it on, and Undo switches it off again", () => {
    const bolt = card({ faces: [6, 6, 6, 1] }, { damage: "3(p)", parry: null });
    const weak = defender({ hp: 4, armour: [] });
    const c = withDefence(bolt, 0, "take", weak);
    const plan = planApply(c, 0, weak, now(weak))!;
    expect(plan.changes[0]!.statuses).toEqual([{ id: "moribund", active: true }]);
    expect(plan.changes[0]!.set).toMatchObject({ "system.hp.value": 0 });
    const applied = withTarget(c, 0, { applied: plan.record });
    const undo = planUndo(
      applied,
      0,
      { uuid: "Actor.jaye", name: "Jaye", hp: 0, ad: { ...weak.ad, exBound: 1 }, statuses: ["moribund"] },
      10,
    );
    // As amounts: the 4 HP the blow took come back (never above the maximum), the EX it bound is
    // unbound, and Moribund comes off.
    expect(undo).toEqual({
      uuid: "Actor.jaye",
      name: "Jaye",
      add: [{ path: "system.hp.value", delta: 4, min: 0, max: 10 }],
      set: { "system.ad.exBound": 0 },
      statuses: [{ id: "moribund", active: false }],
    });
  });

  it("Desperate Rally: 'When HP is reduced to equal to or less than the number of allocated dice, all EX is unbound'; Undo binds again the EX the rally unbound", () => {
    // "A typical dog has 1 die allocated to Desperate Rally"; 2 EX bound before the bolt.
    const bolt = card({ faces: [6, 6, 6, 1] }, { damage: "3(p)", parry: null });
    const dog = defender({
      name: "Rex",
      hp: 5,
      armour: [],
      abilities: [{ key: "desperateRally", dice: 1 }],
      ad: { ...newAdRound(5), exBound: 2 },
    });
    const c = withDefence(bolt, 0, "take", dog);
    const plan = planApply(c, 0, dog, now(dog))!;
    const hpAfter = plan.record.after!.hp;
    expect(hpAfter).toBeLessThanOrEqual(1);
    const blowEx = plan.record.after!.ad.exBound - 2;
    // The rally unbinds all EX: the 2 bound before and the blow's own.
    expect(plan.record.rally).toEqual({ unbound: 2 + blowEx });
    // Without the ability (or above its dice) no rally is recorded.
    const plain = defender({ hp: 5, armour: [], ad: { ...newAdRound(5), exBound: 2 } });
    expect(
      planApply(withDefence(bolt, 0, "take", plain), 0, plain, now(plain))!.record.rally,
    ).toBeUndefined();
    // The actor's update unbound every EX (desperateRallyUpdate): 0 bound, back as unspent AD.
    const rallied = { ...now(dog), hp: hpAfter, ad: { ...plan.record.after!.ad, exBound: 0 } };
    const applied = withTarget(c, 0, { applied: plan.record });
    const undo = planUndo(applied, 0, rallied, 6)!;
    // The blow is taken back: its HP return; its own EX, unbound by the rally, stay unbound.
    expect(undo.add).toEqual([{ path: "system.hp.value", delta: 5 - hpAfter, min: 0, max: 6 }]);
    expect(undo.set).toBeUndefined();
    // Then, with the HP back, the 2 EX bound before the blow are bound again.
    const restored = { ...rallied, hp: 5 };
    expect(planRallyRebind(plan.record, restored)).toEqual({
      uuid: "Actor.jaye",
      name: "Jaye",
      set: { "system.ad.exBound": 2 },
    });
    // As amounts: another card's blow since, that bound 1, keeps it (1 + 2 = 3).
    const later = { ...restored, ad: { ...restored.ad, exBound: 1 } };
    expect(planRallyRebind(plan.record, later)!.set).toEqual({ "system.ad.exBound": 3 });
    // A forged record binds no more than were bound before the blow; no rally, nothing to bind.
    expect(planRallyRebind({ ...plan.record, rally: { unbound: 50 } }, restored)!.set).toEqual({
      "system.ad.exBound": 2,
    });
    expect(planRallyRebind({ ...plan.record, rally: undefined }, restored)).toBeNull();
  });

  it("Undo takes back only its own card's blow: a later blow from another card stays", () => {
    const bolt = card({ faces: [6, 6, 6, 1] }, { damage: "3(p)", parry: null });
    const jaye = defender({ hp: 10, armour: [] });
    const c = withDefence(bolt, 0, "take", jaye);
    const plan = planApply(c, 0, jaye, now(jaye))!;
    const after = plan.record.after!.hp;
    const taken = 10 - after;
    expect(taken).toBeGreaterThan(0);
    const applied = withTarget(c, 0, { applied: plan.record });
    // Another card's blow takes 2 more HP before this card is undone.
    const later = {
      uuid: "Actor.jaye",
      name: "Jaye",
      hp: after - 2,
      ad: plan.record.after!.ad,
      statuses: [],
    };
    const undo = planUndo(applied, 0, later, 10)!;
    expect(undo.add).toEqual([{ path: "system.hp.value", delta: taken, min: 0, max: 10 }]);
    expect(undo.set?.["system.hp.value"]).toBeUndefined();
    // A forged record (HP "before" below "after") gives nothing back.
    const forged = withTarget(c, 0, {
      applied: { ...plan.record, before: { ...plan.record.before, hp: -50 } },
    });
    expect(planUndo(forged, 0, later, 10)?.add ?? []).toEqual([]);
  });
});

describe("defences and the net result, sixes first", () => {
  it("Jee's parry: the merc's 4 successes less the parry's 3 leave 1 >= 1S, 'for a partial parry' (SM 1)", () => {
    const merc = card({ faces: [6, 6, 5, 5, 4, 3, 2, 1] });
    const c = withDefence(
      merc,
      0,
      { kind: "parry", faces: [6, 5, 5, 2, 1], ad: 2, messageId: null },
      defender({ armour: [] }),
    );
    const outcome = directOutcome(c, c.targets[0]!);
    expect(outcome).toMatchObject({ successes: 1, sm: 1, hit: true, negated: false, cancelled: 3 });
    // The parry removes the attack's sixes first: a five is left.
    expect(outcome.faces.filter((f) => f >= 5)).toEqual([5]);
  });

  it("a full parry with a six and a Fast Parry weapon offers a Riposte carrying the parry's sixes ('chaining the two 6s')", () => {
    const merc = card({ faces: [6, 5, 4, 3, 2, 1] });
    const rapier = { itemUuid: "Actor.jee.Item.rapier", modeIndex: 0, name: "Rapier", fast: true, parry: 2 };
    const c = withDefence(
      merc,
      0,
      { kind: "parry", faces: [6, 6, 3, 2, 1], ad: 2, messageId: null, weapon: rapier },
      defender(),
    );
    expect(directOutcome(c, c.targets[0]!)).toMatchObject({ hit: false, negated: true });
    expect(riposteOffer(c, 0)).toEqual({
      itemUuid: rapier.itemUuid,
      modeIndex: 0,
      name: "Rapier",
      carried: 2,
      either: null,
    });
    expect(riposteOffer(withTarget(c, 0, { riposted: true }), 0)).toBeNull();
    // Two Weapon Fighting: "If both weapons have the Fast feature, the actor may choose either
    // weapon to use for a riposte"; with a second weapon that is not Fast, only the parrying one.
    const dagger = { itemUuid: "Actor.jee.Item.dagger", modeIndex: 0, name: "Dagger", fast: true };
    const paired = withDefence(
      merc,
      0,
      {
        kind: "parry",
        faces: [6, 6, 3, 2, 1],
        ad: 2,
        messageId: null,
        weapon: { ...rapier, pair: dagger },
      },
      defender(),
    );
    expect(riposteOffer(paired, 0)?.either).toEqual({
      itemUuid: dagger.itemUuid,
      modeIndex: 0,
      name: "Dagger",
    });
    const slowPair = withDefence(
      merc,
      0,
      {
        kind: "parry",
        faces: [6, 6, 3, 2, 1],
        ad: 2,
        messageId: null,
        weapon: { ...rapier, pair: { ...dagger, fast: false } },
      },
      defender(),
    );
    expect(riposteOffer(slowPair, 0)?.either).toBeNull();
    // A slow weapon cannot riposte; a partial parry offers nothing.
    const slow = withDefence(
      merc,
      0,
      { kind: "parry", faces: [6, 6, 3], ad: 2, messageId: null, weapon: { ...rapier, fast: false } },
      defender(),
    );
    expect(riposteOffer(slow, 0)).toBeNull();
    const view = attackCardView(c);
    expect(view.rows[0]!.buttons.map((b) => b.action)).toContain("verses.attack.riposte");
    expect(view.rows[0]!.net!.headline.key).toBe("POLYVERSE.Verses.Attack.Net.FullParry");
  });

  it("Anders dodges: 2 successes against a dodge of 2 is a miss; nothing to apply", () => {
    const shot = card({ faces: [6, 5, 4, 1] }, { damage: "3(b)", parry: null });
    const c = withDefence(
      shot,
      0,
      { kind: "dodge", faces: [5, 5, 2, 1], ad: 2, messageId: null },
      defender(),
    );
    expect(directOutcome(c, c.targets[0]!).hit).toBe(false);
    expect(c.targets[0]!.damage).toBeNull();
    expect(attackCardView(c).rows[0]!.buttons).toEqual([]);
  });

  it("an unsettled target gets Dodge, Parry (a Parry weapon's attack only) and Take it; a missed one needs no defence", () => {
    const open = attackCardView(card({ faces: [6, 1] }));
    expect(open.rows[0]!.buttons.map((b) => b.action)).toEqual([
      "verses.attack.dodge",
      "verses.attack.parry",
      "verses.attack.take",
    ]);
    const gun = attackCardView(card({ faces: [6, 1] }, { parry: null }));
    expect(gun.rows[0]!.buttons.map((b) => b.action)).not.toContain("verses.attack.parry");
    const missed = card({ faces: [4, 1] });
    expect(settled(missed, missed.targets[0]!)).toBe(true);
  });
});

describe("grappling moves and chains", () => {
  it("Clinch: the target resists with PRW; on a success the attacker picks Immobilized(hands, body) or Immobilized(legs)", () => {
    const clinch = card(
      { faces: [6, 6, 5, 2], target: 2, targets: [row({ target: 2 })] },
      { damage: "", grapple: "clinch", parry: null },
    );
    expect(attackCardView(clinch).rows[0]!.buttons.map((b) => b.action)).toEqual([
      "verses.attack.resist",
      "verses.attack.take",
    ]);
    // "negating one of the sixes, but leaving Tam with a 6 and a 5": the guard's one success.
    const c = withDefence(clinch, 0, { kind: "resist", faces: [5, 3], ad: 0, messageId: null }, defender());
    expect(directOutcome(c, c.targets[0]!)).toMatchObject({ successes: 2, sixes: 1, fives: 1, hit: true });
    expect(conditionsFor(c, 0, 1)).toEqual([{ id: "immobilized", active: true }]);
    const plan = planApply(c, 0, defender(), now(defender()), {}, 0)!;
    expect(plan.changes[0]!.set).toEqual({
      "flags.polyverse.verses.conditions.immobilized.parts": ["hands", "body"],
    });
    const buttons = attackCardView(c).rows[0]!.buttons;
    expect(buttons.filter((b) => b.action === "verses.attack.apply").map((b) => b.choice)).toEqual([0, 1]);
  });

  it("Tam chains: 'since two of the previous successes were 6s, he can roll 8d6' (2 carried); Unarmed Combat 2 is the limit", () => {
    const punch = card(
      { faces: [6, 6, 5, 2, 1], chain: firstChain({ type: "unarmed", limit: 2 }, 1), round: 1 },
      { damage: "1(c)", parry: 1, chain: { type: "unarmed", limit: 2 } },
    );
    const c = withDefence(punch, 0, "take", defender());
    const offer = chainOffer(c)!;
    expect(offer.carried).toBe(2);
    expect(offer.chain).toMatchObject({ count: 1, limit: 2, open: true });
    expect(attackCardView(c).attackerButtons.map((b) => b.action)).toEqual(["verses.attack.chain"]);
    // "Tam's at his chain limit for unarmed attacks" after the second punch.
    const second = withDefence({ ...punch, chain: offer.chain }, 0, "take", defender());
    expect(chainOffer(second)).toBeNull();
    // A full parry "counts as a failure for the purpose of Action Chaining".
    const parried = withDefence(
      punch,
      0,
      { kind: "parry", faces: [6, 6, 5], ad: 1, messageId: null },
      defender(),
    );
    expect(chainOffer(parried)).toBeNull();
    expect(chainOffer({ ...c, chained: true })).toBeNull();
  });
});

describe("the Pistol Cutlass's one chain (setting pistolCutlassMuzzleLoading)", () => {
  // The listing: "Pistol: ... Chainable Reload(12AD)", "Blade: ... Chainable Parry(2)"; "This weapon
  // requires both Weapons » Muzzle-Loading Firearms and Weapons » Short Blades skills to use both
  // aspects. This weapon's two attack methods are chainable with each other (ie: stab with blade +
  // shoot pistol)." Short Blades: "If the blade has the Chainable feature, all dice allocated to this
  // skill are counted as the Chain Limit"; Muzzle-Loading Firearms has no such clause.
  const modes = [
    { skill: "Weapons » Muzzle-Loading Firearms", chainable: true },
    { skill: "Weapons » Short Blades", chainable: true },
  ];
  const skills: Record<string, { allocated: number; chainClause: boolean }> = {
    "Weapons » Muzzle-Loading Firearms": { allocated: 1, chainClause: false },
    "Weapons » Short Blades": { allocated: 2, chainClause: true },
  };
  const skillOf = (name: string) => skills[name] ?? { allocated: 0, chainClause: false };
  const on = ruleOptionsFrom(defaultSettingValues()).pistolCutlass;
  const off = ruleOptionsFrom({ ...defaultSettingValues(), pistolCutlassMuzzleLoading: false }).pistolCutlass;

  it("Short Blades 2 + Muzzle-Loading 1: a chain of 3 (default), of 2 with Short Blades only", () => {
    expect(VERSES_SETTINGS.pistolCutlassMuzzleLoading.default).toBe(true);
    expect(crossModeChain("cutlass", modes, skillOf, on)).toEqual({ type: "weapon:cutlass", limit: 3 });
    expect(crossModeChain("cutlass", modes, skillOf, off)).toEqual({ type: "weapon:cutlass", limit: 2 });
  });

  it("both modes share the weapon's chain, so a shot follows a cut; other weapons have none", () => {
    expect(crossModeChain("cutlass", modes, skillOf, on)?.type).toBe("weapon:cutlass");
    // The Double-Barrel Shotgun: two modes of one skill, not Chainable.
    const shotgun = [
      { skill: "Weapons » Firearms", chainable: false },
      { skill: "Weapons » Firearms", chainable: false },
    ];
    expect(crossModeChain("shotgun", shotgun, skillOf, on)).toBeNull();
    expect(
      crossModeChain("sword", [{ skill: "Weapons » Short Blades", chainable: true }], skillOf, on),
    ).toBeNull();
  });
});

describe("the AD a roll spends (Action Cost)", () => {
  it("in Fast Action the AD leave the pool, at least the minimum, no more than unspent; a Dodge uses its reservation first", () => {
    const state = { ...newAdRound(5), spent: 1, reserved: { await: 0, dodge: 1, parry: 0 } };
    expect(adLimit(state, { fastAction: true })).toBe(3);
    expect(spendProblem(state, { ad: 4, minimum: 1, fastAction: true })?.key).toBe(
      "POLYVERSE.Verses.Attack.Spend.NotEnough",
    );
    expect(spendProblem(state, { ad: 1, minimum: 3, fastAction: true })?.key).toBe(
      "POLYVERSE.Verses.Attack.Spend.Minimum",
    );
    const dodge = spendForRoll(state, { ad: 2, minimum: 1, fastAction: true, reaction: "dodge" });
    expect(dodge.ok && dodge.value.after).toEqual({
      ...state,
      spent: 3,
      reserved: { await: 0, dodge: 0, parry: 0 },
    });
  });

  it("outside Fast Action nothing is spent; Intense Concentration 'binds 1 EX' all the same", () => {
    const state = newAdRound(5);
    const r = spendForRoll(state, { ad: 5, minimum: 0, fastAction: false, exCost: 1 });
    expect(r.ok && r.value).toEqual({ after: { ...state, exBound: 1 }, spent: 0, exBound: 1 });
    expect(spendProblem({ ...state, exBound: 2 }, { ad: 4, minimum: 0, fastAction: false })?.key).toBe(
      "POLYVERSE.Verses.Attack.Spend.Unbound",
    );
  });
});

describe("sweeps and area damage, and dodging them (Sweeping Attacks, Area Damage)", () => {
  it("Thanmore: 'a success margin of 5. At 3HP/SM, the called flame does a total of 15HP, spread across the three Shades' (5 each); a dodge takes 1 per success off a share", () => {
    const flame = card(
      {
        mode: "sweep",
        faces: [6, 6, 5, 5, 5, 5, 4, 3, 2],
        target: 2,
        targets: [
          row({ name: "Shade 1", metres: 5 }),
          row({ name: "Shade 2", metres: 6 }),
          row({ name: "Shade 3", metres: 7 }),
        ],
      },
      { test: "2S@10m,20", damage: "3(r)", parry: null },
    );
    const shade = defender({ armour: [], name: "Shade" });
    expect(attackCardView(flame).lines.map((l) => l.key)).toContain("POLYVERSE.Verses.Attack.SweepTotal");
    expect(withDefence(flame, 0, "take", shade).targets[0]!.damage!.incoming).toEqual([
      { amount: 5, type: "r" },
    ]);
    const dodged = withDefence(flame, 1, { kind: "dodge", faces: [6, 5, 1], ad: 1, messageId: null }, shade);
    expect(dodged.targets[1]!.damage!.incoming).toEqual([{ amount: 3, type: "r" }]);
  });

  it("a High-Explosive Grenade '12 (b) HP@2m, 3, 4': 12 at 1.5 m, 11 at 3 m; 'subtracts the number of successes' of a dodge", () => {
    const he = card(
      {
        mode: "area",
        faces: [6, 6, 1],
        target: 2,
        targets: [row({ name: "Near", metres: 1.5 }), row({ name: "Mid", metres: 3 })],
      },
      { test: "1S@5m,10,25,40", damage: "", area: "12(b)HP@2m,3,4", parry: null },
    );
    const body = defender({ armour: [] });
    expect(withDefence(he, 1, "take", body).targets[1]!.damage!.incoming).toEqual([
      { amount: 11, type: "b" },
    ]);
    const dodged = withDefence(he, 0, { kind: "dodge", faces: [6, 5, 5, 1], ad: 2, messageId: null }, body);
    expect(dodged.targets[0]!.damage!.incoming).toEqual([{ amount: 9, type: "b" }]);
  });

  it("the Stun Grenade: 'Stunned condition for 3 rounds' within 4 m, one round less per dodge success", () => {
    const stun = card(
      {
        mode: "area",
        faces: [6, 1],
        target: 1,
        area: {
          aim: { x: 0, y: 0 },
          landing: { x: 0, y: 0 },
          scatter: null,
          radius: 4,
          templateUuid: null,
          condition: "Stun Grenade",
        },
        targets: [row({ metres: 2 })],
      },
      { damage: "", area: "", parry: null },
    );
    expect(conditionsFor(stun, 0)).toEqual([{ id: "stunned", active: true, rounds: 3 }]);
    const dodged = withDefence(stun, 0, { kind: "dodge", faces: [5, 1], ad: 1, messageId: null }, defender());
    expect(conditionsFor(dodged, 0)).toEqual([{ id: "stunned", active: true, rounds: 2 }]);
    expect(planApply(dodged, 0, defender(), now(defender()))!.changes[0]!.statuses).toEqual([
      { id: "stunned", active: true, rounds: 2 },
    ]);
  });
});
