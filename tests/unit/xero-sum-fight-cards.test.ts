// Xero Sum attacks and damage without Foundry: the attack's modifier from both sides' numbers (rules
// attackModifier, Table 10), the hit per attackResolution, the band a distance reads as, the dialog's
// live odds; the blow (damage = base + dice + PHY for melee, RP by percentage, Subdue, d3s from d6s),
// splash rows (Blast Radius by band, Close-Up), Apply (0 RP, 0 WP, the Panic check, a stun) and Undo;
// each card's shape.
import { describe, expect, it } from "vitest";
import { firstRoundState, healthyState, takeAction, xeroSumWeapon } from "../../src/rulesets/xero-sum/rules";
import {
  FISTS_WEAPON,
  attackResult,
  bandOfMetres,
  panicCmod,
  planAttack,
  type AttackChoice,
  type AttackSettings,
  type AttackWeapon,
  type AttackerView,
} from "../../src/rulesets/xero-sum/combat/attack-logic";
import {
  attackCardContext,
  attackCardProblems,
  type AttackCard,
} from "../../src/rulesets/xero-sum/combat/attack-card-logic";
import {
  evaluateAttack,
  type AttackDialogInput,
} from "../../src/rulesets/xero-sum/combat/attack-dialog-logic";
import {
  blowOf,
  burningOf,
  damageCardProblems,
  damageRows,
  planApply,
  planUndo,
  type DamageCard,
} from "../../src/rulesets/xero-sum/combat/damage-card-logic";
import { damageCardContext } from "../../src/rulesets/xero-sum/combat/damage-card-context";

const settings: AttackSettings = {
  attackResolution: "checkMinusDefence",
  characteristicPenalty: "literal",
  clampConditional: false,
  rapidFireBoth: "twoShots",
  momentOn3d6: "firstTwo",
};
const asWeapon = (key: string): AttackWeapon => {
  const row = xeroSumWeapon(key);
  return {
    ...row,
    scoped: false,
    condition: "used",
    ammo: row.ammo ? { clip: row.ammo.clip, loaded: row.ammo.clip, reloads: 1 } : null,
  };
};
const attacker = (over: Partial<AttackerView> = {}): AttackerView => ({
  attributes: { rsn: 0, acu: 1, phy: 2, inf: 0, dex: 1 },
  skills: { meleeCombat: 2, rangedCombat: 1, unarmedCombat: 0 },
  lastingWounds: [],
  panic: "",
  round: null,
  ...over,
});
const choice = (over: Partial<AttackChoice> = {}): AttackChoice => ({
  action: "attack",
  band: "engaged",
  targetKey: "t",
  actionsUsed: 1,
  shot: 0,
  conditional: [],
  insight: null,
  ...over,
});
const defender = { meleeDefence: 1, rangedDefence: 2, round: null };
const localize = (key: string, data?: Record<string, string>) =>
  data
    ? `${key} ${Object.entries(data)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ")}`
    : key;

describe("the attack's modifier", () => {
  it("a Machete at Engaged: PHY 2 + Melee 2 + 1 − Melee DM 1 = +4", () => {
    const plan = planAttack(attacker(), asWeapon("machete"), defender, choice(), settings);
    expect(plan.ok && plan.value.modifier).toBe(4);
  });

  it("a Hunting Rifle at Long: DEX 1 + Ranged 1 + 1 (a rifle) − Ranged DM 2 = +1; checkOnly ignores the DM", () => {
    const rifle = asWeapon("huntingRifle");
    const plan = planAttack(attacker(), rifle, defender, choice({ band: "long" }), settings);
    expect(plan.ok && plan.value.modifier).toBe(1);
    const only = planAttack(attacker(), rifle, defender, choice({ band: "long" }), {
      ...settings,
      attackResolution: "checkOnly",
    });
    expect(only.ok && only.value.modifier).toBe(3);
    expect(planAttack(attacker(), rifle, defender, choice({ band: "distant" }), settings)).toMatchObject({
      ok: false,
      reason: "distantNeedsRifle",
    });
  });

  it("Aim +2 and the second attack's +1 come from the attacker's round; Intimidated −2; +3 Insight", () => {
    const aimed = takeAction(firstRoundState(1), "aim", { target: "t" });
    if (!aimed.ok) throw new Error("aim");
    const withAim = planAttack(attacker({ round: aimed.value }), FISTS_WEAPON, defender, choice(), settings);
    // PHY 2 + Unarmed 0 + Engaged 1 + Aim 2 − 1 = 4.
    expect(withAim.ok && withAim.value.modifier).toBe(4);
    const once = takeAction(firstRoundState(1), "attack", { target: "t" });
    if (!once.ok) throw new Error("attack");
    const second = planAttack(
      attacker({ round: once.value, panic: "intimidated" }),
      FISTS_WEAPON,
      defender,
      choice({ insight: "plusThree" }),
      settings,
    );
    // 2 + 0 + 1 + 1 (second) − 2 (Intimidated) + 3 (Insight) − 1 = 4.
    expect(second.ok && second.value.modifier).toBe(4);
    expect(panicCmod("twitchy")).toBe(-2);
    expect(panicCmod("rattled")).toBe(0);
  });

  it("the hit: a Success or better; opposed, the higher total, a draw misses", () => {
    const plan = { modifier: 4, parts: [], defence: 1 };
    expect(attackResult([2, 3], plan, "checkMinusDefence", "firstTwo")).toMatchObject({
      total: 9,
      band: "success",
      hit: true,
    });
    expect(attackResult([1, 1], { ...plan, modifier: 20 }, "checkMinusDefence", "firstTwo")).toMatchObject({
      band: "dire-failure",
      hit: false,
    });
    expect(attackResult([2, 3], plan, "opposed", "firstTwo")).toMatchObject({ hit: null });
    expect(attackResult([2, 3], plan, "opposed", "firstTwo", 9)).toMatchObject({ hit: false, draw: true });
  });

  it("a distance reads as a band: 2 m Engaged, 10 m Close, 50 m Medium, 250 m Long, beyond Distant", () => {
    expect([1, 2, 3, 10, 11, 50, 51, 250, 251].map(bandOfMetres)).toEqual([
      "engaged",
      "engaged",
      "close",
      "close",
      "medium",
      "medium",
      "long",
      "long",
      "distant",
    ]);
  });
});

describe("the attack dialog", () => {
  const input = (over: Partial<AttackDialogInput> = {}): AttackDialogInput => ({
    actorName: "Ada",
    attacker: attacker(),
    insightHeld: 2,
    weapons: [
      { id: "m", name: "Machete", weapon: asWeapon("machete") },
      { id: "fists", name: "Fists", weapon: FISTS_WEAPON },
    ],
    targets: [{ uuid: "Actor.t", name: "Brute", key: "t", measured: "engaged", defender }],
    settings,
    start: {
      weapon: "m",
      action: "attack",
      target: "Actor.t",
      band: "engaged",
      actionsUsed: 1,
      cmod: 0,
      insight: "",
    },
    ...over,
  });

  it("live odds at +4: Dire only on 1+1 (1/36), Failure on dice 3..4 (5/36), Wild on 10+ (6/36), Success the rest (24/36)", () => {
    const ev = evaluateAttack(input(), input().start);
    expect(ev.problems).toEqual([]);
    const odds = ev.odds && "outcomes" in ev.odds ? ev.odds.outcomes.map((o) => o.probability * 36) : [];
    expect(odds.map((n) => Math.round(n * 1e9) / 1e9)).toEqual([1, 5, 24, 6]);
  });

  it("opposed odds: the hit, the draw and the miss against 2d6 + DM", () => {
    const i = input({ settings: { ...settings, attackResolution: "opposed" } });
    const ev = evaluateAttack(i, i.start);
    const odds = ev.odds && "outcomes" in ev.odds ? ev.odds.outcomes : [];
    expect(odds.map((o) => o.label.key.split(".").at(-1))).toEqual(["OddsHit", "OddsDraw", "OddsMiss"]);
    expect(odds.reduce((a, o) => a + o.probability, 0)).toBeCloseTo(1, 12);
  });

  it("refuses what the rules refuse: no actions left, an incapacitated attacker, a melee weapon for Cover Fire, no ammunition", () => {
    const spent = input({ attacker: attacker({ round: { ...firstRoundState(1), actionsLeft: 0 } }) });
    expect(evaluateAttack(spent, spent.start).problems.map((p) => p.key.split(".").at(-1))).toContain(
      "noActions",
    );
    const out = input({ attacker: attacker({ out: true }) });
    expect(evaluateAttack(out, out.start).problems.map((p) => p.key.split(".").at(-1))).toContain("Out");
    const cover = evaluateAttack(input(), { ...input().start, action: "coverFire" });
    expect(cover.problems.map((p) => p.key.split(".").at(-1))).toContain("needsRangedWeapon");
    const empty = { ...asWeapon("huntingRifle"), ammo: { clip: 12, loaded: 0, reloads: 0 } };
    const rifle = input({ weapons: [{ id: "r", name: "Rifle", weapon: empty }] });
    expect(
      evaluateAttack(rifle, { ...rifle.start, weapon: "r", band: "long" }).problems.map((p) =>
        p.key.split(".").at(-1),
      ),
    ).toContain("NoAmmo");
  });
});

describe("the blow", () => {
  const blowInput = {
    phy: 2,
    unarmedSkill: 0,
    subdue: false,
    defence: 1,
    d3Mode: "uniform" as const,
    brassKnuckles: "fistsPlusOne" as const,
    dmReducesDamage: false,
  };

  it("a Machete: 3 + 2d3 (d6s 3 and 6 read 2 and 3) + PHY 2 = 10 WP, 50 % = 5 RP; halfDown reads 1 and 3", () => {
    expect(blowOf(asWeapon("machete"), [3, 6], blowInput)).toMatchObject({
      read: [2, 3],
      rolled: 10,
      harm: { woundPoints: 10, resiliencePoints: 5 },
    });
    expect(blowOf(asWeapon("machete"), [3, 6], { ...blowInput, d3Mode: "halfDown" })).toMatchObject({
      read: [1, 3],
      rolled: 9,
    });
    expect(blowOf(asWeapon("machete"), [3], blowInput)).toBeNull();
  });

  it("Subdue halves the WP and keeps the RP; dmReducesDamage takes the DM off", () => {
    expect(blowOf(asWeapon("machete"), [3, 6], { ...blowInput, subdue: true })?.harm).toEqual({
      woundPoints: 5,
      resiliencePoints: 5,
    });
    expect(blowOf(asWeapon("machete"), [3, 6], { ...blowInput, dmReducesDamage: true })?.harm).toEqual({
      woundPoints: 9,
      resiliencePoints: 4,
    });
  });

  it("fists 1d3 + PHY + Unarmed; a Taser stuns and deals no WP; Burning for the d3 of rounds", () => {
    expect(blowOf(FISTS_WEAPON, [5], { ...blowInput, unarmedSkill: 2 })?.harm).toEqual({
      woundPoints: 7,
      resiliencePoints: 7,
    });
    expect(blowOf(asWeapon("taser"), [], blowInput)).toMatchObject({ stuns: true, harm: { woundPoints: 0 } });
    expect(burningOf(asWeapon("flameThrower"), 5, "uniform")).toEqual({ perRound: 3, rounds: 3 });
    expect(burningOf(asWeapon("machete"), 5, "uniform")).toBeNull();
  });

  it("Blast Radius rows: Engaged 100 %, Close 50 %, Medium 25 %, no farther; Close-Up 50 % at Engaged only", () => {
    const harm = { woundPoints: 10, resiliencePoints: 10 };
    const bystanders = [
      { actorUuid: "a", name: "A", band: "engaged" as const },
      { actorUuid: "b", name: "B", band: "close" as const },
      { actorUuid: "c", name: "C", band: "medium" as const },
      { actorUuid: "d", name: "D", band: "long" as const },
    ];
    const rows = damageRows(asWeapon("grenade"), { actorUuid: "t", name: "T" }, harm, harm, bystanders);
    expect(rows.map((r) => [r.name, r.harm.woundPoints])).toEqual([
      ["T", 10],
      ["A", 10],
      ["B", 5],
      ["C", 2],
    ]);
    const closeUp = { ...asWeapon("machete"), characteristics: [{ key: "closeUp" as const, value: 0 }] };
    expect(
      damageRows(closeUp, { actorUuid: "t", name: "T" }, harm, harm, bystanders).map((r) => r.name),
    ).toEqual(["T", "A"]);
  });
});

describe("Apply and Undo", () => {
  const row = {
    actorUuid: "t",
    name: "T",
    kind: "target" as const,
    band: "engaged" as const,
    harm: { woundPoints: 10, resiliencePoints: 5 },
    applied: null,
  };
  const input = {
    now: healthyState(13, 7),
    phy: 1,
    maxRp: 7,
    panicTrigger: "crossing" as const,
    stunD6: null,
  };

  it("13/7 takes 10/5: 3 WP, 2 RP, past the Panic Threshold 3", () => {
    const a = planApply(row, "success", input);
    expect([a.after.wp, a.after.rp]).toEqual([3, 2]);
    expect(a.events).toMatchObject({ panicCheck: true, incapacitated: 0, mortallyWounded: false });
  });

  it("0 WP: mortally wounded, dies in 4 + PHY rounds; 0 RP: out for 4 − PHY rounds", () => {
    const a = planApply({ ...row, harm: { woundPoints: 20, resiliencePoints: 9 } }, "success", input);
    expect(a.after).toMatchObject({
      wp: 0,
      rp: 0,
      mortallyWounded: true,
      deathRounds: 5,
      incapacitatedRounds: 3,
    });
    expect(a.events).toMatchObject({ mortallyWounded: true, lastingWoundCheck: true, incapacitated: 3 });
  });

  it("a Stunned weapon's Wild Success: out for the d6 − PHY rounds (at least 1); not on a mere Success", () => {
    const taser = { ...row, harm: { woundPoints: 0, resiliencePoints: 0 } };
    expect(planApply(taser, "wild-success", { ...input, stunD6: 5 }).stunned).toBe(4);
    expect(planApply(taser, "success", { ...input, stunD6: 5 }).stunned).toBe(0);
  });

  it("Undo restores only while the health is what Apply left", () => {
    const a = planApply(row, "success", input);
    expect(planUndo(a, a.after)).toEqual(input.now);
    expect(planUndo(a, { ...a.after, wp: 1 })).toBeNull();
  });
});

describe("the cards", () => {
  const attack: AttackCard = {
    attacker: { actorUuid: "Actor.a", name: "Brute" },
    weapon: { itemUuid: "Actor.a.Item.m", name: "Machete", key: "machete" },
    target: { actorUuid: "Actor.t", name: "Ada" },
    choice: choice(),
    dice: [4, 5],
    preview: { parts: [{ key: "attribute", value: 2 }], modifier: 4 },
    resolution: "checkMinusDefence",
    resolved: null,
    refused: null,
    damageMessageId: null,
  };

  it("an attack card's shape; a broken one is refused", () => {
    expect(attackCardProblems(attack)).toEqual([]);
    expect(attackCardProblems({ ...attack, dice: [9] })).not.toEqual([]);
    expect(attackCardProblems({ ...attack, choice: { ...attack.choice, action: "fly" } })).not.toEqual([]);
    expect(attackCardProblems({ ...attack, refused: "text" })).not.toEqual([]);
    expect(attackCardProblems({ ...attack, choice: { ...attack.choice, burst: true } })).toEqual([]);
    expect(attackCardProblems({ ...attack, choice: { ...attack.choice, burst: "yes" } })).not.toEqual([]);
  });

  it("what each reader may press: the GM settles, the target's owner defends, the attacker's owner rolls damage", () => {
    const none = { gm: false, targetOwner: false, attackerOwner: false };
    expect(attackCardContext(attack, localize, { ...none, gm: true }).resolve).not.toBeNull();
    expect(attackCardContext(attack, localize, none).pending).not.toBeNull();
    const hit = {
      ...attack,
      resolved: {
        total: 13,
        band: "success" as const,
        moment: null,
        hit: true,
        wild: false,
        draw: false,
        parts: [],
        modifier: 4,
        defence: 1,
        defenceDice: null,
        defenceTotal: null,
      },
    };
    expect(attackCardContext(hit, localize, { ...none, attackerOwner: true }).damage).not.toBeNull();
    expect(attackCardContext(hit, localize, { ...none, targetOwner: true }).damage).toBeNull();
    expect(
      attackCardContext({ ...hit, damageMessageId: "m" }, localize, { ...none, gm: true }).damage,
    ).toBeNull();
    const waiting = { ...hit, resolution: "opposed" as const, resolved: { ...hit.resolved, hit: null } };
    expect(attackCardContext(waiting, localize, { ...none, targetOwner: true }).defend).not.toBeNull();
  });

  it("a damage card's shape and its rows' buttons for their owners", () => {
    const card: DamageCard = {
      attacker: { actorUuid: "Actor.a", name: "Brute" },
      weapon: { itemUuid: "", name: "Machete", key: "machete" },
      attackMessageId: "m",
      subdue: false,
      attackBand: "success",
      faces: [3, 6],
      read: [2, 3],
      stunD6: null,
      burnD6: null,
      rolled: 10,
      harm: { woundPoints: 10, resiliencePoints: 5 },
      burning: null,
      rows: [
        {
          actorUuid: "Actor.t",
          name: "Ada",
          kind: "target",
          band: "engaged",
          harm: { woundPoints: 10, resiliencePoints: 5 },
          applied: null,
        },
        {
          actorUuid: "Actor.r",
          name: "Rook",
          kind: "blast",
          band: "close",
          harm: { woundPoints: 5, resiliencePoints: 2 },
          applied: null,
        },
      ],
    };
    expect(damageCardProblems(card)).toEqual([]);
    expect(
      damageCardProblems({
        ...card,
        rows: [{ ...card.rows[0], harm: { woundPoints: -1, resiliencePoints: 0 } }],
      }),
    ).not.toEqual([]);
    expect(damageCardProblems({ ...card, rows: [{ ...card.rows[0], checked: ["panic"] }] })).toEqual([]);
    expect(damageCardProblems({ ...card, rows: [{ ...card.rows[0], checked: ["heal"] }] })).not.toEqual([]);
    const ctx = damageCardContext(card, localize, (r) => r.actorUuid === "Actor.t");
    expect(ctx.rows.map((r) => [r.name, Boolean(r.apply)])).toEqual([
      ["Ada", true],
      ["Rook", false],
    ]);
    expect(ctx.formula).toContain("faces=3, 6");
  });
});
