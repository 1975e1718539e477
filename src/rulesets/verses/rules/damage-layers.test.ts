import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { areaDamage, dodgeReduction } from "./attacks-area";
import { parseAmmoEffect } from "./damage";
import type { BodyLayer, ProtectiveLayer } from "./damage-layers";
import {
  exFromInjury,
  hpAfterDamage,
  resolveDamage,
  splitBySixes,
  survivalOutcome,
  survivalPool,
} from "./damage-layers";
import type { DamageType } from "./types";
import { DAMAGE_TYPES } from "./types";

const mail: ProtectiveLayer = { kind: "armour", name: "Mail", tuf: 4, resistance: "s ⇒ c, p" };
const tree: ProtectiveLayer = {
  kind: "partialCover",
  name: "tree",
  tuf: 3,
  resistance: "b, c, p, r, s",
  hp: 200,
};
const stoneWall: ProtectiveLayer = {
  kind: "fullCover",
  name: "stone wall",
  tuf: 4,
  resistance: "b, c, p, r, s",
  hp: 600,
};
const human = (hp = 10, tuf = 2): BodyLayer => ({ kind: "biological", tuf, hp });

describe("the sixes split (Protective Cover)", () => {
  it("TV-35: four 6s and one 5 vs 4S -> SM 2; the threshold is all sixes (direct), the 5 goes to the cover", () => {
    expect(splitBySixes([6, 6, 6, 6, 5, 4, 3, 2, 1, 1, 2, 3], 4)).toEqual({
      hit: true,
      sm: 2,
      directUnits: 1,
      coverUnits: 1,
      thresholdDirect: true,
    });
  });
  it("'The dice making up the initial success threshold must all be sixes': 6,5,6 vs 2S -> threshold 6,6 direct, the 5 to cover", () => {
    expect(splitBySixes([6, 5, 6], 2)).toMatchObject({ sm: 2, directUnits: 1, coverUnits: 1 });
  });
  it("a five in the threshold sends the threshold and every five to the cover", () => {
    expect(splitBySixes([6, 5, 5], 2)).toMatchObject({
      sm: 2,
      directUnits: 0,
      coverUnits: 2,
      thresholdDirect: false,
    });
  });
  it("a miss has no units", () => {
    expect(splitBySixes([6, 4, 3], 2)).toMatchObject({ hit: false, directUnits: 0, coverUnits: 0 });
  });
  it("property: direct + cover units = SM on a hit", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 20 }),
        fc.integer({ min: 1, max: 8 }),
        (faces, t) => {
          const s = splitBySixes(faces, t);
          if (s.hit) expect(s.directUnits + s.coverUnits).toBe(s.sm);
          else expect(s.directUnits + s.coverUnits).toBe(0);
        },
      ),
    );
  });
});

describe("resolving damage through layers (Cover, Armor, & Shields)", () => {
  it("TV-35: Seeja vs the sniper behind a tree, 4(b)/SM (the example's figure; the listing says 3(b), §11.1 #1) -> 5(b)", () => {
    const r = resolveDamage(
      {
        kind: "roll",
        faces: [6, 6, 6, 6, 5, 4, 3, 2, 1, 1, 2, 3],
        target: 4,
        perSM: { amount: 4, type: "b" },
      },
      [tree],
      human(),
    );
    expect(r.incomingTotal).toBe(8);
    expect(r.layers[0]).toMatchObject({
      incoming: [{ amount: 4, type: "b" }],
      bypassed: [{ amount: 4, type: "b" }],
      absorbed: 3,
      passed: [{ amount: 1, type: "b" }],
      hpDamage: 0,
    });
    expect(r.body.incoming).toEqual([{ amount: 5, type: "b" }]);
    expect(r.hpLost).toBe(5);
    expect(r.exToBind).toBe(1); // 5 > TUF 2
  });
  it("TV-34: the sniper's 8 successes vs 8S for 'the base 4(b)' (example's figure, §11.1 #1) all go to the stone wall: Seeja takes 0", () => {
    const r = resolveDamage(
      {
        kind: "roll",
        faces: [6, 6, 6, 6, 5, 5, 5, 5, 1, 2, 3, 4, 1, 2],
        target: 8,
        perSM: { amount: 4, type: "b" },
      },
      [stoneWall],
      human(),
    );
    expect(r.layers[0]).toMatchObject({ incoming: [{ amount: 4, type: "b" }], absorbed: 4, passed: [] });
    expect(r.hpLost).toBe(0);
    expect(r.exToBind).toBe(0);
  });
  it("TV-36: a 3(s) sword at SM 2 (fives in the threshold) -> 6(s) on Jaye's mail, 4 absorbed, 2(c) -> her TUF 2 -> 0 HP", () => {
    const r = resolveDamage(
      { kind: "roll", faces: [5, 5, 4, 1], target: 1, perSM: { amount: 3, type: "s" } },
      [mail],
      human(),
    );
    expect(r.layers[0]).toMatchObject({
      incoming: [{ amount: 6, type: "s" }],
      absorbed: 4,
      transformed: [{ from: "s", to: "c", amount: 2 }],
      passed: [{ amount: 2, type: "c" }],
    });
    expect(r.body).toMatchObject({
      incoming: [{ amount: 2, type: "c" }],
      absorbed: 2,
      damageTaken: 0,
      hpLost: 0,
    });
    expect(r.exToBind).toBe(0);
  });
  it("Assassination: TV-36's sword with every success a six against armour passes Jaye's mail whole: 6(s), 6 HP", () => {
    // "for that attack all successes bypass any armor as if they were sixes" (assassinationFaces).
    const r = resolveDamage(
      { kind: "roll", faces: [5, 5, 4, 1], target: 1, perSM: { amount: 3, type: "s" } },
      [mail],
      { ...human(), hp: 10 },
      { sixesAgainst: ["armour"] },
    );
    expect(r.layers[0]).toMatchObject({ incoming: [], bypassed: [{ amount: 6, type: "s" }], absorbed: 0 });
    expect(r.hpLost).toBe(6);
    expect(r.exToBind).toBe(1);
  });
  it("Assassination passes armour only: the tree (TV-35) still takes the fives' share first", () => {
    const r = resolveDamage(
      { kind: "roll", faces: [6, 6, 6, 6, 5], target: 4, perSM: { amount: 4, type: "b" } },
      [tree, mail],
      { ...human(), hp: 20 },
      { sixesAgainst: ["armour"] },
    );
    expect(r.layers[0]).toMatchObject({
      kind: "partialCover",
      absorbed: 3,
      passed: [{ amount: 1, type: "b" }],
    });
    expect(r.layers[1]).toMatchObject({ kind: "armour", incoming: [], bypassed: [{ amount: 5, type: "b" }] });
    expect(r.hpLost).toBe(5);
  });
  it("TV-37: a crossbow bolt 3(p) whose single success is a 6 bypasses the mail: 3 HP, 3 > TUF 2 binds 1 EX", () => {
    const r = resolveDamage(
      { kind: "roll", faces: [6, 4, 2], target: 1, perSM: { amount: 3, type: "p" } },
      [mail],
      human(),
    );
    expect(r.layers[0]).toMatchObject({ incoming: [], bypassed: [{ amount: 3, type: "p" }], absorbed: 0 });
    expect(r.hpLost).toBe(3);
    expect(r.exToBind).toBe(1);
  });
  it("TV-32: Anders's punch, 2 successes vs 1S at 1(c)/SM -> 2(c) on Benny (TUF 2) -> 0 HP", () => {
    const r = resolveDamage(
      { kind: "roll", faces: [5, 5, 1, 2, 3], target: 1, perSM: { amount: 1, type: "c" } },
      [],
      human(),
    );
    expect(r.body.absorbed).toBe(2);
    expect(r.hpLost).toBe(0);
  });
  it("a miss does nothing", () => {
    const r = resolveDamage(
      { kind: "roll", faces: [4, 3], target: 1, perSM: { amount: 3, type: "s" } },
      [mail],
      human(),
    );
    expect(r).toMatchObject({ hit: false, incomingTotal: 0, hpLost: 0, exToBind: 0, moribund: false });
  });
  it("'passed on to the target only if ... unresisted damage exceeds the material's HP': 6(b) through 2 HP of plasterboard", () => {
    const plasterboard: ProtectiveLayer = { kind: "partialCover", tuf: 2, resistance: "c, p, r, s", hp: 2 };
    const r = resolveDamage(
      { kind: "roll", faces: [5, 5, 5], target: 1, perSM: { amount: 2, type: "b" } },
      [plasterboard],
      human(),
    );
    expect(r.layers[0]).toMatchObject({
      absorbed: 0,
      hpDamage: 2,
      hpAfter: 0,
      destroyed: true,
      passed: [{ amount: 4, type: "b" }],
    });
    expect(r.hpLost).toBe(4);
  });
  it("full cover: 'all damage that would have impacted the target is instead applied to the cover material'", () => {
    // 12(b) (sixes and all) on a 2 HP glass pane (TUF 5, resists r only): 2 stopped, 10 passes.
    const pane: ProtectiveLayer = { kind: "fullCover", tuf: 5, resistance: "r", hp: 2 };
    const r = resolveDamage(
      { kind: "roll", faces: [6, 6, 6], target: 1, perSM: { amount: 4, type: "b" } },
      [pane],
      human(20),
    );
    expect(r.layers[0]).toMatchObject({
      incoming: [{ amount: 12, type: "b" }],
      hpDamage: 2,
      passed: [{ amount: 10, type: "b" }],
    });
    expect(r.hpLost).toBe(10);
  });
  it("what passes full cover meets armour as cover damage", () => {
    // 8(s) through a 3-TUF wooden door (passes 5(s)) then Mail (absorbs 4, 1(c)) then TUF 2 -> 0.
    const door: ProtectiveLayer = { kind: "fullCover", tuf: 3, resistance: "b, c, p, r, s", hp: 40 };
    const r = resolveDamage(
      { kind: "roll", faces: [6, 6], target: 1, perSM: { amount: 4, type: "s" } },
      [door, mail],
      human(),
    );
    expect(r.layers[1]).toMatchObject({
      incoming: [{ amount: 5, type: "s" }],
      bypassed: [],
      passed: [{ amount: 1, type: "c" }],
    });
    expect(r.hpLost).toBe(0);
  });
  it("§11.2 #9 default 'splitOnce': behind a tree in an Infantry Vest, the sixes pass both; the fives meet both", () => {
    const vest: ProtectiveLayer = { kind: "armour", name: "Infantry Vest", tuf: 2, resistance: "(b, p) ⇒ c" };
    const roll = {
      kind: "roll",
      faces: [6, 6, 6, 6, 5],
      target: 4,
      perSM: { amount: 4, type: "b" },
    } as const;
    const once = resolveDamage(roll, [tree, vest], human());
    // direct 4(b); tree passes 1(b); the vest absorbs it.
    expect(once.layers[1]).toMatchObject({
      incoming: [{ amount: 1, type: "b" }],
      absorbed: 1,
      bypassed: [{ amount: 4, type: "b" }],
    });
    expect(once.hpLost).toBe(4);
    // Alternative: the sixes get past the tree only; the vest takes 5(b), absorbs 2, passes 3(c); TUF 2 takes 2 -> 1.
    const outer = resolveDamage(roll, [tree, vest], human(), { stacking: "outermostOnly" });
    expect(outer.layers[1]).toMatchObject({
      incoming: [{ amount: 5, type: "b" }],
      absorbed: 2,
      passed: [{ amount: 3, type: "c" }],
    });
    expect(outer.hpLost).toBe(1);
  });
  it("§11.2 #13: area damage meets armour whole by default (TV-C25's 8 after the dodge vs a Flack Jacket)", () => {
    const flack: ProtectiveLayer = { kind: "armour", tuf: 2, resistance: "(b, s, p) ⇒ c, r" };
    const damage = dodgeReduction(areaDamage("12(b)HP@2m,3,4", 3), 3);
    expect(damage).toBe(8);
    const r = resolveDamage({ kind: "area", damage: [{ amount: damage, type: "b" }] }, [flack], human());
    expect(r.layers[0]).toMatchObject({ absorbed: 2, passed: [{ amount: 6, type: "c" }] });
    expect(r.hpLost).toBe(4); // 6(c) less TUF 2
    const direct = resolveDamage(
      { kind: "area", damage: [{ amount: damage, type: "b" }] },
      [flack],
      human(),
      { areaVsPartial: "direct" },
    );
    expect(direct.hpLost).toBe(8);
  });
  it("ammunition: a Broadhead Arrow's +2(s) rides with the threshold; Bean Bag converts to crushing", () => {
    const broadhead = parseAmmoEffect("+2(s)");
    // Short Bow 2(p) SM 1 with a five: 2(p) + 2(s) on Mail: p 2 absorbed, s 2 absorbed -> nothing.
    const r = resolveDamage(
      { kind: "roll", faces: [5], target: 1, perSM: { amount: 2, type: "p" }, ammo: broadhead },
      [mail],
      human(),
    );
    expect(r.layers[0]?.incoming).toEqual([
      { amount: 2, type: "p" },
      { amount: 2, type: "s" },
    ]);
    expect(r.hpLost).toBe(0);
    // Shotgun 3(b) with a Bean Bag at SM 2 (sixes): 6(c) to the body, TUF 2 -> 4 HP.
    const bean = resolveDamage(
      {
        kind: "roll",
        faces: [6, 6],
        target: 1,
        perSM: { amount: 3, type: "b" },
        ammo: parseAmmoEffect("⇒c"),
      },
      [],
      human(),
    );
    expect(bean.hpLost).toBe(4);
  });
  it("shares input, constructs without resistance, and objects destroyed at 0 HP", () => {
    const r = resolveDamage({ kind: "shares", direct: [{ amount: 3, type: "c" }], cover: [] }, [], {
      kind: "construct",
      tuf: 3,
      hp: 2,
    });
    expect(r).toMatchObject({ hpLost: 2, exToBind: 0, moribund: true, destroyed: false });
    const crate = resolveDamage({ kind: "shares", direct: [{ amount: 5, type: "c" }], cover: [] }, [], {
      kind: "object",
      tuf: 3,
      hp: 2,
      resistance: "b, c, p, r, s",
    });
    expect(crate).toMatchObject({ hpLost: 2, destroyed: true, moribund: false });
  });
  it("TV-C28 through the resolver: TUF 2 with Pain Tolerance 1 takes 3 -> no EX; the 'incoming' basis option compares the raw blow", () => {
    const r = resolveDamage({ kind: "shares", direct: [{ amount: 3, type: "p" }], cover: [] }, [], {
      ...human(),
      painTolerance: 1,
    });
    expect(r.exToBind).toBe(0);
    const jaye = resolveDamage(
      { kind: "roll", faces: [5, 5], target: 1, perSM: { amount: 3, type: "s" } },
      [mail],
      human(),
      {
        exBasis: "incoming",
      },
    );
    expect(jaye.hpLost).toBe(0);
    expect(jaye.exToBind).toBe(1); // 6 > 2 under the alternative
  });
  it("property: layers never increase damage, and each layer's absorbed + HP-stopped + passed = incoming", () => {
    const type = fc.constantFrom<DamageType>(...DAMAGE_TYPES);
    const layer = fc.record({
      kind: fc.constantFrom("fullCover", "partialCover", "shield", "armour") as fc.Arbitrary<
        ProtectiveLayer["kind"]
      >,
      tuf: fc.integer({ min: 0, max: 8 }),
      resistance: fc.constantFrom("", "b", "s, p, c", "s ⇒ c, p", "(s, p) ⇒ c, c, r", "(b, r, s, p) ⇒ c"),
      hp: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 15 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        type,
        fc.array(layer, { maxLength: 4 }),
        fc.constantFrom("splitOnce", "outermostOnly") as fc.Arbitrary<"splitOnce" | "outermostOnly">,
        (faces, target, perSM, t, layers, stacking) => {
          const cleaned = layers.map((l) =>
            l.hp === undefined ? { kind: l.kind, tuf: l.tuf, resistance: l.resistance } : l,
          );
          const r = resolveDamage(
            { kind: "roll", faces, target, perSM: { amount: perSM, type: t } },
            cleaned,
            human(100),
            { stacking },
          );
          const sum = (xs: { amount: number }[]) => xs.reduce((s, x) => s + x.amount, 0);
          for (const report of r.layers) {
            expect(report.absorbed + report.hpDamage + sum(report.passed)).toBe(sum(report.incoming));
          }
          expect(r.body.damageTaken).toBeLessThanOrEqual(r.incomingTotal);
          expect(sum(r.body.incoming)).toBeLessThanOrEqual(r.incomingTotal);
          expect(r.hpLost).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("EX binding on injury (Injury, Damage, & Death; Pain Tolerance)", () => {
  it("'bind 1EX each time they take an amount of damage higher than their TUF in a single blow'", () => {
    expect(exFromInjury({ kind: "biological", tuf: 2, damage: 3 })).toBe(1);
    expect(exFromInjury({ kind: "biological", tuf: 2, damage: 2 })).toBe(0);
    expect(exFromInjury({ kind: "construct", tuf: 2, damage: 9 })).toBe(0);
  });
  it("TV-C28: TUF 2, Pain Tolerance 1, 3 damage -> no EX (3 <= 3)", () => {
    expect(exFromInjury({ kind: "biological", tuf: 2, damage: 3, painTolerance: 1 })).toBe(0);
  });
});

describe("Moribund and the survival roll (Actor Destruction & Death; Survival Roll)", () => {
  it("'When an actor's HP is reduced below 1, they receive the Moribund condition'; HP floors at 0 (§11.2 #33)", () => {
    expect(hpAfterDamage(3, 5)).toEqual({ hp: 0, hpLost: 3, moribund: true });
    expect(hpAfterDamage(3, 2)).toEqual({ hp: 1, hpLost: 2, moribund: false });
  });
  it("'If an unconscious actor with zero HP takes additional damage, they regain the Moribund condition'", () => {
    expect(hpAfterDamage(0, 1)).toEqual({ hp: 0, hpLost: 0, moribund: true });
    expect(hpAfterDamage(0, 0).moribund).toBe(false);
  });
  it("TV-40: TUF 2 -> 4 successes recovers, 1-3 survives, 0 dies", () => {
    expect(survivalOutcome(4, 2)).toBe("recovers");
    expect([1, 2, 3].map((s) => survivalOutcome(s, 2))).toEqual(["survives", "survives", "survives"]);
    expect(survivalOutcome(0, 2)).toBe("dies");
  });
  it("§11.2 #31: at TUF 5 the '6 - TUF' band is 1, and the better result wins", () => {
    expect(survivalOutcome(1, 5)).toBe("recovers");
    expect(survivalOutcome(0, 5)).toBe("dies");
    expect(survivalOutcome(5, 1)).toBe("recovers");
    expect(survivalOutcome(4, 1)).toBe("survives");
  });
  it("'roll TUF + all available AD + any applicable capabilities'", () => {
    expect(survivalPool(2, 3, 1)).toBe(6);
  });
});
