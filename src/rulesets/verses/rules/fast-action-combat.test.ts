import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { successMargin } from "./dice";
import { availableAD, newAdRound, reserveAD, spendAD } from "./fast-action";
import {
  afterChainAction,
  chainAfterRiposte,
  chainLimit,
  chainLink,
  checkDodge,
  checkParry,
  checkRiposte,
  dodgePool,
  parryMinimumAD,
  parryPool,
  pistolCutlassChainLimit,
  resolveDodge,
  resolveParry,
  ripostePool,
  startChain,
  type ChainState,
} from "./fast-action-combat";
import {
  attackMinimumAD,
  parseActionFeatures,
  payReload,
  reloadCost,
  reloadPlan,
  twoWeaponFighting,
  unhandedPenalty,
  type TwoWeaponWeapon,
} from "./fast-action-weapons";
import { parseContinuous } from "./continuous";
import type { Checked } from "./types";

function ok<T>(result: Checked<T>): T {
  if (!result.ok) throw new Error(`expected ok, got: ${JSON.stringify(result.reason)}`);
  return result.value;
}

describe("TV-23: Tam's chain (Action Chaining), step by step", () => {
  // "Tam ... has an Unarmed Combat skill of 2 and a Grappling skill of 3", PRW 3, 6AD.
  const prw = 3;
  const unarmedSkillDice = 2 + prw; // Unarmed Combat 2 > PRW 3
  const grapplingSkillDice = 3 + 2 + prw; // "With a Grappling skill of 3, the skill's default, and his PRW, he has eight skill dice"

  it("chains two punches, then a Clinch, a Takedown and a Choke", () => {
    let ad = newAdRound(6);

    // Punch 1: 1AD → 6d6; "three successes for 3 damage", two of them 6s. Punch: 1S, 1(c)/SM.
    let unarmed: ChainState = startChain({ type: "unarmed", limit: chainLimit([2]), round: 1 });
    expect(unarmed.limit).toBe(2);
    const p1 = ok(chainLink(unarmed, { round: 1, adSpent: 1 }));
    ad = ok(spendAD(ad, 1));
    expect(unarmedSkillDice + 1 + p1.bonusDice).toBe(6);
    const punch1 = afterChainAction(unarmed, { faces: [6, 6, 5, 3, 2, 1], target: 1 });
    expect(punch1.outcome.successes).toBe(3);
    expect(punch1.outcome.margin).toBe(3); // 1(c)HP/SM × SM 3 = 3 damage
    expect(punch1.carried).toBe(2);
    unarmed = punch1.chain;

    // Punch 2: "Using only 1AD ... since two of the previous successes were 6s, he can roll 8d6".
    const p2 = ok(chainLink(unarmed, { round: 1, adSpent: 1 }));
    ad = ok(spendAD(ad, 1));
    expect(unarmedSkillDice + 1 + p2.bonusDice).toBe(8);
    const punch2 = afterChainAction(unarmed, { faces: [6, 6, 5, 5, 5, 4, 2, 1], target: 1 });
    expect(punch2.outcome.margin).toBe(5); // "doing 5 damage"
    unarmed = punch2.chain;
    // "Tam's at his chain limit for unarmed attacks"
    expect(unarmed.count).toBe(2);
    const third = chainLink(unarmed, { round: 1, adSpent: 1 });
    expect(third.ok).toBe(false);
    if (!third.ok) expect(third.reason).toEqual({ key: "chainLimit", data: { limit: 2 } });

    // Clinch (2S C): 2AD + 8 skill dice = 10d6, a new chain of grappling moves (Grappling 3).
    expect(ok(parseContinuous("2S C"))).toEqual({ target: 2, continuation: 1 });
    let grappling = startChain({ type: "grappling", limit: chainLimit([3]), round: 1 });
    const c = ok(chainLink(grappling, { round: 1, adSpent: 2 }));
    ad = ok(spendAD(ad, 2));
    expect(availableAD(ad)).toBe(2);
    expect(grapplingSkillDice + 2 + c.bonusDice).toBe(10);
    // The guard (PRW 2, no Grappling) contests with 1 success, "negating one of the sixes, but leaving
    // Tam with a 6 and a 5" (R: 6,6,5).
    const clinch = afterChainAction(grappling, {
      faces: [6, 6, 5, 4, 4, 3, 3, 2, 1, 1],
      challengerFaces: [5, 3],
      target: 2,
    });
    expect(clinch.outcome.success).toBe(true);
    expect(clinch.outcome.successes).toBe(2);
    expect(clinch.carried).toBe(1);
    grappling = clinch.chain;

    // Takedown (2S): "spending only 1AD but with the six from the previous roll he has another 10d6".
    const t = ok(chainLink(grappling, { round: 1, adSpent: 1 }));
    ad = ok(spendAD(ad, 1));
    expect(grapplingSkillDice + 1 + t.bonusDice).toBe(10);
    const takedown = afterChainAction(grappling, {
      faces: [6, 6, 6, 4, 4, 3, 2, 2, 1, 1],
      challengerFaces: [4, 3],
      target: 2,
    });
    expect(takedown.outcome.success).toBe(true);
    expect(takedown.carried).toBe(3); // "Tam has three successes to chain into his next move"
    grappling = takedown.chain;

    // Choke (2S C): "With his last AD, skill dice, and 3 dice chained from the previous attack, he's got 12d6."
    const k = ok(chainLink(grappling, { round: 1, adSpent: 1 }));
    ad = ok(spendAD(ad, 1));
    expect(grapplingSkillDice + 1 + k.bonusDice).toBe(12);
    const choke = afterChainAction(grappling, {
      faces: [6, 5, 5, 4, 3, 3, 2, 2, 2, 1, 1, 1],
      challengerFaces: [6, 2],
      target: 2,
    });
    expect(choke.outcome.success).toBe(true);
    grappling = choke.chain;

    // "AD used 1+1+2+1+1 = 6; grappling chain 3 = limit 3"
    expect(ad.spent).toBe(6);
    expect(availableAD(ad)).toBe(0);
    expect(grappling.count).toBe(3);
    expect(grappling.open).toBe(false);
    expect(chainLink(grappling, { round: 1, adSpent: 1 }).ok).toBe(false);
  });
});

describe("Action Chaining rules", () => {
  it('"an actor with the Unarmed Combat skill cannot chain punches and kicks until they have allocated at least two dice"', () => {
    let chain = startChain({ type: "unarmed", limit: chainLimit([1]), round: 1 });
    expect(ok(chainLink(chain, { round: 1, adSpent: 1 })).bonusDice).toBe(0);
    chain = afterChainAction(chain, { faces: [6, 6], target: 1 }).chain;
    expect(chainLink(chain, { round: 1, adSpent: 1 }).ok).toBe(false);
  });

  it('"Actions cannot be chained across rounds", and each chained action needs at least 1AD', () => {
    const chain = afterChainAction(startChain({ type: "x", limit: 3, round: 1 }), {
      faces: [6],
      target: 1,
    }).chain;
    const next = chainLink(chain, { round: 2, adSpent: 1 });
    expect(next.ok).toBe(false);
    if (!next.ok) expect(next.reason).toEqual({ key: "chainAcrossRounds" });
    expect(chainLink(chain, { round: 1, adSpent: 0 }).ok).toBe(false);
  });

  it("a failure ends the chain; a full parry counts as a failure (Chainable)", () => {
    const start = startChain({ type: "sword", limit: 3, round: 1 });
    const parried = afterChainAction(start, { faces: [6, 6, 1], challengerFaces: [6, 5], target: 1 });
    expect(parried.outcome.successes).toBe(0);
    expect(parried.chain.open).toBe(false);
    expect(parried.carried).toBe(0);
    expect(chainLink(parried.chain, { round: 1, adSpent: 1 }).ok).toBe(false);
  });

  it("TV-C01: 6,6,5 vs 2 successes leaves a single 5: carry 0 (spec §11.2 #7); the raw-sixes option carries 2", () => {
    const start = startChain({ type: "x", limit: 3, round: 1 });
    const net = afterChainAction(start, { faces: [6, 6, 5], challengerFaces: [5, 5], target: 1 });
    expect(net.outcome.successes).toBe(1);
    expect(net.carried).toBe(0);
    const raw = afterChainAction(
      start,
      { faces: [6, 6, 5], challengerFaces: [5, 5], target: 1 },
      { carry: "rawSixes" },
    );
    expect(raw.carried).toBe(2);
  });

  it("Two Weapon Fighting adds its allocation to the limit and the weapons must alternate", () => {
    let chain = startChain({ type: "pair", limit: chainLimit([2], 1), round: 1, alternate: true });
    expect(chain.limit).toBe(3);
    chain = afterChainAction(chain, { faces: [6], target: 1, weaponId: "sword" }).chain;
    expect(chainLink(chain, { round: 1, adSpent: 1, weaponId: "sword" }).ok).toBe(false);
    expect(ok(chainLink(chain, { round: 1, adSpent: 1, weaponId: "dagger" })).bonusDice).toBe(1);
  });

  it("Pistol Cutlass: Short Blades + Muzzle-Loading by default (spec §11.2 #18), option Short Blades only", () => {
    expect(pistolCutlassChainLimit(2, 1)).toBe(3);
    expect(pistolCutlassChainLimit(2, 1, { includeMuzzleLoading: false })).toBe(2);
  });

  it("property: the count never passes the limit, and the carry is at most the roll's sixes", () => {
    const face = fc.integer({ min: 1, max: 6 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.array(
          fc.record({ faces: fc.array(face, { maxLength: 10 }), against: fc.array(face, { maxLength: 4 }) }),
          {
            maxLength: 8,
          },
        ),
        (limit, rolls) => {
          let chain = startChain({ type: "x", limit, round: 1 });
          for (const r of rolls) {
            const link = chainLink(chain, { round: 1, adSpent: 1 });
            if (!link.ok) {
              expect(chain.links === 0 || !chain.open || chain.count >= chain.limit).toBe(true);
              break;
            }
            const after = afterChainAction(chain, { faces: r.faces, challengerFaces: r.against, target: 1 });
            expect(after.carried).toBeLessThanOrEqual(r.faces.filter((f) => f === 6).length);
            expect(after.chain.count).toBeLessThanOrEqual(Math.max(1, limit));
            chain = after.chain;
          }
        },
      ),
    );
  });
});

describe("Parry", () => {
  it("parryMinimumAD = 1 + attack − defence, at least 1 (TV-26, TV-C05, TV-C06)", () => {
    expect(parryMinimumAD(3, 2)).toBe(2); // TV-26: longsword Parry(3) vs rapier Parry(2)
    expect(parryMinimumAD(1, 3)).toBe(1); // TV-C05: dagger/punch Parry(1) vs Parry(3), clamped
    expect(parryMinimumAD(3, 1)).toBe(3); // TV-C06: Parry(3) vs Punch Parry(1)
    expect(parryMinimumAD(2, 2)).toBe(1);
  });

  it("eligibility: both weapons need Parry, an allocated skill, not Prone, not Stunned", () => {
    const base = { defenceParry: 2, skillAllocated: 1, attackParry: 3 };
    expect(ok(checkParry(base))).toEqual({ minimumAD: 2 });
    expect(checkParry({ ...base, attackParry: null }).ok).toBe(false);
    expect(ok(checkParry({ ...base, attackParry: null }, { allowNonParryAttacks: true }))).toEqual({
      minimumAD: 1,
    });
    expect(checkParry({ ...base, defenceParry: null }).ok).toBe(false);
    expect(checkParry({ ...base, skillAllocated: 0 }).ok).toBe(false);
    expect(checkParry({ ...base, prone: true }).ok).toBe(false);
    expect(checkParry({ ...base, stunned: true }).ok).toBe(false);
  });

  it("TV-26: Jee parries 2AD + Swords 1 + PRW 2 = 5d6; the merc's 4 successes minus 3 leave 1: partial parry, hit SM 1", () => {
    expect(parryPool(3, 1, 2).ok).toBe(false);
    expect(ok(parryPool(3, 2, 2))).toBe(5);
    const r = resolveParry([6, 6, 5, 5, 3, 2, 1, 1], [6, 5, 5, 2, 1], 1);
    expect(r.attack.successes).toBe(1);
    expect(r).toMatchObject({ hit: true, full: false, partial: true });
    expect(r.attack.margin).toBe(1);
  });

  it("TV-27: a full parry with two 6s lets Jee riposte with 1AD + the 2 sixes: 6d6; Jee's AD 2 + 2 + 1 = 5", () => {
    const rapier = { id: "rapier", features: parseActionFeatures("Chainable Fast Parry(2)") };
    let jee = newAdRound(5);
    jee = ok(spendAD(jee, 2, { minimum: parryMinimumAD(3, 2) })); // first parry
    jee = ok(spendAD(jee, 2, { minimum: parryMinimumAD(3, 2) })); // second parry
    const parry = resolveParry([6, 5, 3, 2, 1, 1], [6, 6, 4, 2, 1], 1);
    expect(parry).toMatchObject({ full: true, hit: false, parrySixes: 2 });
    const riposte = ok(checkRiposte(parry, rapier));
    expect(riposte).toEqual({ weapons: ["rapier"], carriedSixes: 2 });
    expect(ok(ripostePool(3, 1, riposte.carriedSixes))).toBe(6);
    jee = ok(spendAD(jee, 1));
    expect(jee.spent).toBe(5);
    // "Jee's riposte comes up ... for a staggering 6HP": 2(p)/SM needs SM 3, 3 successes vs 1S (I).
    expect(successMargin(3, 1) * 2).toBe(6);
    expect(ripostePool(3, 0, 2).ok).toBe(false);
  });

  it("no riposte without a full parry, without a 6, or without Fast and Parry", () => {
    const rapier = { id: "rapier", features: parseActionFeatures("Chainable Fast Parry(2)") };
    const longsword = { id: "longsword", features: parseActionFeatures("Chainable Parry(3)") };
    expect(checkRiposte(resolveParry([6, 5], [5], 1), rapier).ok).toBe(false);
    expect(checkRiposte(resolveParry([5], [5, 1], 1), rapier).ok).toBe(false);
    expect(checkRiposte(resolveParry([5], [6], 1), longsword).ok).toBe(false);
  });

  it("Two Weapon Fighting with both weapons Fast: either weapon may riposte", () => {
    const rapier = { id: "rapier", features: parseActionFeatures("Chainable Fast Parry(2)") };
    const dagger = { id: "dagger", features: parseActionFeatures("Chainable Fast Parry(1)") };
    const parry = resolveParry([5], [6], 1);
    expect(ok(checkRiposte(parry, rapier, dagger, 1)).weapons).toEqual(["rapier", "dagger"]);
    expect(ok(checkRiposte(parry, rapier, dagger, 0)).weapons).toEqual(["rapier"]);
  });

  it("a riposte starts a chain of length 1 (spec §11.2 #8); option: it does not count", () => {
    const roll = { faces: [6, 5, 5, 1], target: 1 };
    const counted = chainAfterRiposte({ type: "rapier", limit: 2, round: 1 }, roll);
    expect(counted.chain).toMatchObject({ count: 1, carry: 1, open: true });
    expect(ok(chainLink(counted.chain, { round: 1, adSpent: 1 })).bonusDice).toBe(1);
    const atLimit = chainAfterRiposte({ type: "rapier", limit: 1, round: 1 }, roll);
    expect(atLimit.chain.open).toBe(false);
    const free = chainAfterRiposte({ type: "rapier", limit: 1, round: 1 }, roll, { riposteCounts: false });
    expect(free.chain).toMatchObject({ count: 0, open: true });
  });
});

describe("Dodge", () => {
  it("TV-25: Anders moves 1AD, reserves 4AD; each dodge PRW 2 + 2AD = 4d6; both shots miss", () => {
    let s = ok(spendAD(newAdRound(5), 1));
    s = ok(reserveAD(s, "dodge", 4));
    expect(ok(checkDodge(2))).toBe(true);
    expect(dodgePool(2, 2)).toBe(4);
    s = ok(spendAD(s, 2, { from: "dodge" }));
    const shot1 = resolveDodge([6, 5, 3], [6, 5, 2, 1], 1);
    expect(shot1.attack.successes).toBe(0);
    expect(shot1.evaded).toBe(true);
    s = ok(spendAD(s, 2, { from: "dodge" }));
    const shot2 = resolveDodge([5, 1, 2], [6, 5, 5, 3], 1);
    expect(shot2.evaded).toBe(true);
    expect(s).toMatchObject({ spent: 5, reserved: { dodge: 0 } });
    expect(spendAD(s, 1, { from: "dodge" }).ok).toBe(false);
  });

  it("no dodge while Prone or Stunned, nor with 0AD", () => {
    expect(checkDodge(1, { prone: true }).ok).toBe(false);
    expect(checkDodge(1, { stunned: true }).ok).toBe(false);
    expect(checkDodge(0).ok).toBe(false);
    expect(dodgePool(2, 2, 3)).toBe(7);
  });
});

describe("weapon features that govern actions", () => {
  it("parses listings", () => {
    expect(parseActionFeatures("Chainable Fast Parry(2) Unhanded(-2)")).toMatchObject({
      chainable: true,
      fast: true,
      parry: 2,
      unhanded: 2,
      slow: null,
    });
    expect(parseActionFeatures("Slow(3AD)").slow).toBe(3);
    expect(parseActionFeatures("Magazine(8), Reload(3AD/shot)")).toMatchObject({
      magazine: 8,
      reload: { ad: 3, perShot: true },
    });
    expect(parseActionFeatures("Parry(3) Unwieldy")).toMatchObject({ parry: 3, unwieldy: true });
    expect(parseActionFeatures("Chainable Parry(2) Throwable(2S@2m,5,8)")).toMatchObject({ throwable: true });
  });

  it("Slow(#AD) is the minimum for any attack; otherwise 1AD", () => {
    expect(attackMinimumAD(parseActionFeatures("Slow(3AD)"))).toBe(3);
    expect(attackMinimumAD(parseActionFeatures("Chainable Parry(3)"))).toBe(1);
    expect(spendAD(newAdRound(5), 2, { minimum: 3 }).ok).toBe(false);
  });

  it("TV-C14: Crossbow 10AD with Crossbows 3 → 7AD; Revolver 6AD with Firearms 5 → 1AD; Shotgun 3AD/shot with Firearms 2 → 1AD/shot", () => {
    expect(reloadCost({ ad: 10, perShot: false }, 3)).toBe(7);
    expect(reloadCost({ ad: 6, perShot: false }, 5)).toBe(1);
    expect(reloadCost({ ad: 3, perShot: true }, 2)).toBe(1);
    expect(reloadCost({ ad: 3, perShot: true }, 5)).toBe(1);
  });

  it("reload plans: single shot, whole magazine, per shot", () => {
    const crossbow = parseActionFeatures("Reload(10AD)");
    expect(ok(reloadPlan(crossbow, { skillAllocated: 3 }))).toEqual({
      adRequired: 7,
      shots: 1,
      adPerShot: null,
    });
    expect(reloadPlan(crossbow, { loaded: 1 }).ok).toBe(false);
    const revolver = parseActionFeatures("Magazine(6) Reload(6AD)");
    expect(ok(reloadPlan(revolver, { skillAllocated: 5, loaded: 2 }))).toEqual({
      adRequired: 1,
      shots: 4,
      adPerShot: null,
    });
    const shotgun = parseActionFeatures("Magazine(8) Reload(3AD/shot)");
    expect(ok(reloadPlan(shotgun, { skillAllocated: 2, loaded: 5 }))).toEqual({
      adRequired: 3,
      shots: 3,
      adPerShot: 1,
    });
    expect(ok(reloadPlan(shotgun, { loaded: 5, shots: 2 }))).toEqual({
      adRequired: 6,
      shots: 2,
      adPerShot: 3,
    });
    expect(reloadPlan(parseActionFeatures("Parry(2)")).ok).toBe(false);
  });

  it('"These AD may be divided between rounds": a crossbow reload paid 4AD then 3AD', () => {
    const plan = ok(reloadPlan(parseActionFeatures("Reload(10AD)"), { skillAllocated: 3 }));
    const first = ok(payReload({ plan, paid: 0 }, 4));
    expect(first).toMatchObject({ complete: false, shotsLoaded: 0 });
    expect(payReload(first.progress, 4).ok).toBe(false);
    expect(ok(payReload(first.progress, 3))).toMatchObject({ complete: true, shotsLoaded: 1 });
    const perShot = ok(reloadPlan(parseActionFeatures("Magazine(8) Reload(3AD/shot)"), { shots: 2 }));
    expect(ok(payReload({ plan: perShot, paid: 0 }, 4)).shotsLoaded).toBe(1);
    expect(payReload({ plan: perShot, paid: 0 }, 0).ok).toBe(false);
  });

  it("Unhanded(-#): one hand fewer at a dice penalty, not when thrown, reduced by Two Weapon Fighting", () => {
    const bastard = { handsRequired: 2, unhanded: 2 };
    expect(ok(unhandedPenalty({ ...bastard, handsUsed: 2 }))).toBe(0);
    expect(ok(unhandedPenalty({ ...bastard, handsUsed: 1 }))).toBe(2);
    expect(ok(unhandedPenalty({ ...bastard, handsUsed: 1, thrown: true }))).toBe(0);
    expect(ok(unhandedPenalty({ ...bastard, handsUsed: 1, twoWeaponFighting: 1 }))).toBe(1);
    expect(ok(unhandedPenalty({ ...bastard, handsUsed: 1, twoWeaponFighting: 3 }))).toBe(0);
    expect(unhandedPenalty({ ...bastard, handsUsed: 0 }).ok).toBe(false);
    expect(unhandedPenalty({ handsRequired: 2, unhanded: null, handsUsed: 1 }).ok).toBe(false);
  });

  it("Two Weapon Fighting: skill in each weapon, free hands, attack/parry dice, chainable pair, either-weapon riposte", () => {
    const sword: TwoWeaponWeapon = {
      id: "bastard sword",
      skillAllocated: 2,
      handsRequired: 2,
      features: parseActionFeatures("Chainable Fast Parry(2) Unhanded(-2)"),
    };
    const dagger: TwoWeaponWeapon = {
      id: "dagger",
      skillAllocated: 1,
      handsRequired: 1,
      features: parseActionFeatures("Chainable Fast Parry(1)"),
    };
    const r = ok(twoWeaponFighting(1, [sword, dagger], 2));
    expect(r).toEqual({
      attackAndParryDice: 1,
      hands: [1, 1],
      unhandedPenalty: [1, 0],
      chainable: true,
      chainLimitBonus: 1,
      eitherWeaponRipostes: true,
    });
    expect(ok(twoWeaponFighting(1, [sword, dagger], 3)).unhandedPenalty).toEqual([0, 0]);
    expect(twoWeaponFighting(0, [sword, dagger], 2).ok).toBe(false);
    expect(twoWeaponFighting(1, [sword, { ...dagger, skillAllocated: 0 }], 2).ok).toBe(false);
    expect(twoWeaponFighting(1, [sword, dagger], 1).ok).toBe(false);
    const club: TwoWeaponWeapon = {
      id: "club",
      skillAllocated: 1,
      handsRequired: 1,
      features: parseActionFeatures("Parry(2)"),
    };
    expect(ok(twoWeaponFighting(1, [dagger, club], 2))).toMatchObject({
      chainable: true,
      eitherWeaponRipostes: false,
    });
  });
});
