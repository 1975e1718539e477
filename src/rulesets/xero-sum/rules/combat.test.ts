import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  COMBAT_ACTION_RULES,
  actionsForRound,
  attackModifier,
  burstBystanders,
  defenceBonus,
  firstRoundState,
  getTheDrop,
  initiativeBonuses,
  initiativeOrder,
  initiativeTotal,
  movementRounds,
  nextRoundState,
  rangeModifier,
  rapidFireModifiers,
  receiveAttack,
  receiveCoordinate,
  receiveCoverFire,
  receiveDistract,
  receiveInspire,
  reload,
  resolveAttack,
  roundsFired,
  sprintWinds,
  takeAction,
  useCheckPenalty,
  wasQuiet,
  type AttackInput,
  type RoundState,
} from "./combat";
import { FISTS, WEAPONS, burstRounds, xeroSumWeapon } from "./equipment";
import { COMBAT_ACTIONS, type CombatAction, type RangeBand } from "./keys";

const w = xeroSumWeapon;
const ok = <T>(r: { ok: boolean; value?: T }): T => {
  if (!r.ok || r.value === undefined) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r.value;
};
const act = (s: RoundState, action: CombatAction, detail = {}) => ok(takeAction(s, action, detail));
const range = (key: string, band: RangeBand, extra = {}) => rangeModifier({ ...w(key), ...extra }, band);

describe("initiative", () => {
  it("B19 ACU 1, DEX 2, dice [3,4] → 7 + 3 = 10", () => {
    expect(initiativeTotal({ dice: [3, 4], modifier: 1 + 2, endedRound: 0 })).toEqual({
      total: 10,
      bonus: 0,
    });
  });
  it("B20 a draw PC 10 vs NPC 10 → the PC acts first", () => {
    expect(
      initiativeOrder([
        { id: "npc", total: 10, pc: false },
        { id: "pc", total: 10, pc: true },
      ]),
    ).toEqual([["pc"], ["npc"]]);
  });
  it("B21 a draw PC 10 vs PC 10 → they act simultaneously (NPC draws too)", () => {
    expect(
      initiativeOrder([
        { id: "a", total: 10, pc: true },
        { id: "x", total: 12, pc: false },
        { id: "b", total: 10, pc: true },
        { id: "y", total: 7, pc: false },
        { id: "z", total: 7, pc: false },
      ]),
    ).toEqual([["x"], ["a", "b"], ["y", "z"]]);
    expect(() =>
      initiativeOrder([
        { id: "a", total: 1, pc: true },
        { id: "a", total: 2, pc: true },
      ]),
    ).toThrow();
  });
  it("B22 round 2+: neither attacked nor was attacked → +1 on the next Initiative", () => {
    expect(initiativeBonuses({ endedRound: 2, quiet: true }).total).toBe(1);
    expect(initiativeBonuses({ endedRound: 5, quiet: true }).quiet).toBe(1);
    expect(initiativeBonuses({ endedRound: 1, quiet: true }).total).toBe(0);
    expect(initiativeBonuses({ endedRound: 3, quiet: false }).total).toBe(0);
  });
  it("B23 Got the Drop → −3 on the next Initiative; Rattled −2", () => {
    expect(initiativeBonuses({ endedRound: 0, gotTheDrop: true }).total).toBe(-3);
    expect(initiativeBonuses({ endedRound: 2, quiet: true, rattled: true })).toEqual({
      quiet: 1,
      drop: 0,
      rattled: -2,
      total: -1,
    });
    expect(initiativeTotal({ dice: [6, 6], modifier: 0, endedRound: 0, gotTheDrop: true }).total).toBe(9);
  });
  it("B24 Getting the Drop: DEX+ACU 3 vs 3 → nobody; the highest sum wins otherwise", () => {
    expect(
      getTheDrop([
        { id: "a", dex: 2, acu: 1 },
        { id: "b", dex: 0, acu: 3 },
      ]),
    ).toBeNull();
    expect(
      getTheDrop([
        { id: "a", dex: 2, acu: 1 },
        { id: "b", dex: 1, acu: 3 },
      ]),
    ).toBe("b");
    expect(getTheDrop([{ id: "solo", dex: -2, acu: -2 }])).toBe("solo");
    expect(getTheDrop([])).toBeNull();
  });
  it("property: the order keeps everyone once, scores never rise, PCs first within a score", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -2, max: 20 }), fc.boolean()), { maxLength: 8 }),
        (rolls) => {
          const entries = rolls.map(([total, pc], i) => ({ id: `c${i}`, total, pc }));
          const groups = initiativeOrder(entries);
          const flat = groups.flat();
          expect(flat.sort()).toEqual(entries.map((e) => e.id).sort());
          const of = (id: string) => entries.find((e) => e.id === id) as (typeof entries)[number];
          const heads = groups.map((g) => of(g[0] as string));
          for (let i = 1; i < heads.length; i++) {
            const [a, b] = [heads[i - 1], heads[i]] as [(typeof heads)[number], (typeof heads)[number]];
            expect(a.total > b.total || (a.total === b.total && a.pc && !b.pc)).toBe(true);
          }
          for (const g of groups) expect(new Set(g.map((id) => `${of(id).total}${of(id).pc}`)).size).toBe(1);
        },
      ),
    );
  });
});

describe("actions per round", () => {
  it("2 a round; Inspired +1, Distracted −1, Winded −1, Frozen −2; never below 0", () => {
    expect(actionsForRound()).toBe(2);
    expect(actionsForRound({ inspired: true })).toBe(3);
    expect(actionsForRound({ distracted: 1, winded: true })).toBe(0);
    expect(actionsForRound({ frozen: true, winded: true })).toBe(0);
    expect(actionsForRound({ actionsLost: 2, inspired: true })).toBe(1);
    expect(actionsForRound({ frozen: true, actionsLost: 2 })).toBe(0);
    expect(nextRoundState(firstRoundState(), { actionsLost: 1 }).actionsLeft).toBe(1);
  });
  it("Table 9 as data: 18 actions, what each uses", () => {
    expect(Object.keys(COMBAT_ACTION_RULES).sort()).toEqual([...COMBAT_ACTIONS].sort());
    const both = COMBAT_ACTIONS.filter((a) => COMBAT_ACTION_RULES[a].uses.join() === "2");
    expect(both).toEqual(["charge", "fireFromCover", "sprint"]);
    expect(COMBAT_ACTION_RULES.rapidFire.uses).toEqual([1, 2]);
    expect(COMBAT_ACTION_RULES.distract.check).toEqual(["intimidation", "psychology", "tactics"]);
    expect(COMBAT_ACTION_RULES.coordinate.check).toEqual(["tactics"]);
    expect(COMBAT_ACTION_RULES.reposition.resolution).toBe(true);
    expect([
      COMBAT_ACTION_RULES.move.moves,
      COMBAT_ACTION_RULES.charge.moves,
      COMBAT_ACTION_RULES.sprint.moves,
    ]).toEqual([1, 2, 3]);
  });
  it("B17 Rapid Fire, one action → shots at −1 and −3", () =>
    expect(rapidFireModifiers(1)).toEqual([-1, -3]));
  it("B18 Rapid Fire, both actions → −2 and −4 (or two shots per action)", () => {
    expect(rapidFireModifiers(2)).toEqual([-2, -4]);
    expect(rapidFireModifiers(2, "fourShots")).toEqual([-2, -4, -2, -4]);
  });
  it("spending actions: both-action moves need both; Rapid Fire says how many", () => {
    const s = firstRoundState();
    const moved = act(s, "move");
    expect(moved.actionsLeft).toBe(1);
    expect(takeAction(moved, "charge", { target: "t" })).toEqual({
      ok: false,
      reason: "noActions",
      data: { left: 1, cost: 2 },
    });
    expect(takeAction(s, "rapidFire", { target: "t" })).toEqual({ ok: false, reason: "actionsUsed" });
    expect(act(s, "rapidFire", { target: "t", actionsUsed: 2, weapon: w("carbine") }).actionsLeft).toBe(0);
    expect(takeAction(s, "attack")).toEqual({ ok: false, reason: "needsTarget" });
  });
  it("Charge and Subdue take melee or unarmed weapons; Rapid Fire a ranged one", () => {
    const s = firstRoundState();
    expect(takeAction(s, "subdue", { target: "t", weapon: w("lightPistol") })).toEqual({
      ok: false,
      reason: "needsMeleeWeapon",
    });
    expect(takeAction(s, "charge", { target: "t", weapon: FISTS }).ok).toBe(true);
    expect(takeAction(s, "rapidFire", { target: "t", weapon: w("machete"), actionsUsed: 1 })).toEqual({
      ok: false,
      reason: "needsRangedWeapon",
    });
  });
  it("Sprint: a failed Athletics check winds (one action fewer next round)", () => {
    const sprinted = act(firstRoundState(), "sprint");
    expect([sprinted.sprinted, sprinted.actionsLeft]).toEqual([true, 0]);
    expect(sprintWinds("failure")).toBe(true);
    expect(sprintWinds("success")).toBe(false);
    expect(nextRoundState(sprinted, { winded: sprintWinds("failure") }).actionsLeft).toBe(1);
  });
  it("Fire From Cover only after Taking Cover, and keeps the cover; a plain attack leaves it", () => {
    const s = firstRoundState(1, {});
    expect(takeAction(s, "fireFromCover", { target: "t" })).toEqual({ ok: false, reason: "notInCover" });
    const covered = act(s, "takeCover");
    expect(defenceBonus(covered)).toBe(2);
    const inspired = ok(receiveInspire(covered, "success"));
    expect(act(inspired, "fireFromCover", { target: "t" }).inCover).toBe(true);
    expect(act(covered, "attack", { target: "t" }).inCover).toBe(false);
  });
});

describe("round state: Aim, second attack, Defend, Take Cover, Coordinate, Cover Fire, Distract, Inspire", () => {
  const attack = (state: RoundState | null, extra: Partial<AttackInput> = {}) =>
    ok(
      attackModifier({
        attribute: 0,
        skill: 0,
        phy: 0,
        dex: 0,
        weapon: w("huntingRifle"),
        band: "medium",
        target: "t",
        attacker: state,
        targetDefence: { melee: 0, ranged: 0 },
        ...extra,
      }),
    );
  const partsOf = (state: RoundState | null, extra: Partial<AttackInput> = {}) =>
    Object.fromEntries(attack(state, extra).parts.map((p) => [p.key, p.value]));

  it("B14 Aim then Attack → the attack +2", () => {
    const aimed = act(firstRoundState(), "aim", { target: "t" });
    expect(partsOf(aimed).aim).toBe(2);
    expect(act(aimed, "attack", { target: "t" }).aim).toBeNull();
  });
  it("B15 Aim then Move → the Aim is lost", () => {
    const moved = act(act(firstRoundState(), "aim", { target: "t" }), "move");
    expect(moved.aim).toBeNull();
    expect(partsOf(moved).aim).toBeUndefined();
  });
  it("an Aim on one target does nothing for another; it carries into the next round", () => {
    const aimed = act(firstRoundState(), "aim", { target: "t" });
    expect(partsOf(aimed, { target: "u" }).aim).toBeUndefined();
    const next = nextRoundState(act(act(firstRoundState(), "move"), "aim", { target: "t" }));
    expect(partsOf(next).aim).toBe(2);
  });
  it("Tracking: Ready Weapon gives +1 Aim on the next attack", () => {
    const readied = act(firstRoundState(), "readyWeapon", { target: "t", weapon: w("bow") });
    expect(partsOf(readied, { weapon: w("bow") }).aim).toBe(1);
    expect(act(firstRoundState(), "readyWeapon", { weapon: w("lightPistol") }).aim).toBeNull();
  });
  it("B16 Attack, Attack on the same target → the second +1 (not on another target)", () => {
    const once = act(firstRoundState(), "attack", { target: "t" });
    expect(partsOf(once).secondAttack).toBe(1);
    expect(partsOf(once, { target: "u" }).secondAttack).toBeUndefined();
    expect(
      partsOf(once, { action: "rapidFire", rapidFire: { cmod: -1, first: true } }).secondAttack,
    ).toBeUndefined();
    expect(partsOf(nextRoundState(once)).secondAttack).toBeUndefined();
  });
  it("Defend: +2 DM against the next incoming attack only, this round only", () => {
    const defended = act(firstRoundState(), "defend");
    const first = receiveAttack(defended);
    expect(first.defenceBonus).toBe(2);
    expect(receiveAttack(first.state).defenceBonus).toBe(0);
    expect(defenceBonus(nextRoundState(defended))).toBe(0);
    const twice = act(act(firstRoundState(), "defend"), "defend");
    expect(receiveAttack(receiveAttack(twice).state).defenceBonus).toBe(2);
  });
  it("Take Cover: +2 DM against every attack this round; Defend adds to it", () => {
    const covered = act(act(firstRoundState(), "takeCover"), "defend");
    const a = receiveAttack(covered);
    const b = receiveAttack(a.state);
    expect([a.defenceBonus, b.defenceBonus, b.state.wasAttacked]).toEqual([4, 2, true]);
    expect(nextRoundState(covered).inCover).toBe(false);
  });
  it("Coordinate: +2 on attacks at that target this round; a Wild Success +1 next round", () => {
    const s = firstRoundState();
    expect(receiveCoordinate(s, "t", "failure")).toBe(s);
    const wild = receiveCoordinate(s, "t", "wild-success");
    expect(partsOf(wild).coordinate).toBe(2);
    expect(partsOf(wild, { target: "u" }).coordinate).toBeUndefined();
    expect(partsOf(nextRoundState(wild)).coordinate).toBe(1);
    expect(partsOf(nextRoundState(receiveCoordinate(s, "t", "success"))).coordinate).toBeUndefined();
  });
  it("Cover Fire: −2 on the target's next check, used by it; each hit counts", () => {
    const pinned = receiveCoverFire(receiveCoverFire(firstRoundState()));
    expect(partsOf(pinned).coverFire).toBe(-4);
    expect(act(pinned, "attack", { target: "t" }).nextCheck).toBe(0);
    expect(act(pinned, "move").nextCheck).toBe(-4);
    expect(nextRoundState(pinned).nextCheck).toBe(-4);
    expect(useCheckPenalty(pinned)).toEqual({ state: { ...pinned, nextCheck: 0 }, cmod: -4 });
  });
  it("Distract: one of the next actions lost, next round's when none is left", () => {
    const s = firstRoundState();
    expect(receiveDistract(s, "success").actionsLeft).toBe(1);
    expect(receiveDistract(s, "failure").actionsLeft).toBe(2);
    const spent = act(act(s, "move"), "move");
    const owed = receiveDistract(spent, "wild-success");
    expect([owed.actionsLeft, owed.actionsOwed]).toEqual([0, 1]);
    expect(nextRoundState(owed).actionsLeft).toBe(1);
  });
  it("Inspire: one more action this round, once a round", () => {
    const inspired = ok(receiveInspire(firstRoundState(), "success"));
    expect(inspired.actionsLeft).toBe(3);
    expect(receiveInspire(inspired, "success")).toEqual({ ok: false, reason: "alreadyInspired" });
    expect(ok(receiveInspire(firstRoundState(), "failure")).actionsLeft).toBe(2);
    expect(nextRoundState(inspired).inspired).toBe(false);
  });
  it("the quiet round: no attack made or taken", () => {
    const s = firstRoundState(2);
    expect(wasQuiet(act(s, "move"))).toBe(true);
    expect(wasQuiet(act(s, "attack", { target: "t" }))).toBe(false);
    expect(wasQuiet(receiveAttack(s).state)).toBe(false);
    expect(wasQuiet(act(s, "distract"))).toBe(true);
  });
  it("Getting the Drop: round 0, a single action", () => {
    const drop = firstRoundState(0);
    expect(drop.actionsLeft).toBe(1);
    expect(nextRoundState(drop).round).toBe(1);
  });
});

describe("range", () => {
  it("B1–B4 Engaged → Close 1, → Medium 3, → Long 6, → Distant 10 rounds", () => {
    expect(["close", "medium", "long", "distant"].map((b) => movementRounds("engaged", b as never))).toEqual([
      1, 3, 6, 10,
    ]);
  });
  it("B5 Close → Long: 5 rounds (either way)", () => {
    expect(movementRounds("close", "long")).toBe(5);
    expect(movementRounds("long", "close")).toBe(5);
    expect(movementRounds("medium", "medium")).toBe(0);
  });
  it("B6 a melee attack at Engaged → +1", () =>
    expect(range("machete", "engaged")).toEqual({ ok: true, value: 1 }));
  it("B7 a ranged attack at Engaged → −1", () =>
    expect(range("lightPistol", "engaged")).toEqual({ ok: true, value: -1 }));
  it("B8 Spear (reach) at Close → −1; a melee weapon without reach cannot", () => {
    expect(range("spear", "close")).toEqual({ ok: true, value: -1 });
    expect(range("machete", "close")).toEqual({ ok: false, reason: "needsReach" });
    expect(rangeModifier(FISTS, "close")).toEqual({ ok: false, reason: "needsReach" });
    expect(range("spear", "medium")).toEqual({ ok: false, reason: "meleeOutOfReach" });
  });
  it("B9 any ranged weapon at Close → +1", () => {
    for (const key of ["lightPistol", "huntingRifle", "bow", "grenade", "flameThrower"])
      expect(range(key, "close")).toEqual({ ok: true, value: 1 });
  });
  it("B10 any attack at Medium → 0", () => {
    for (const key of ["lightPistol", "huntingRifle", "grenade", "shotgunPumpAction"])
      expect(range(key, "medium")).toEqual({ ok: true, value: 0 });
  });
  it("B11 Light Pistol at Long → −5", () =>
    expect(range("lightPistol", "long")).toEqual({ ok: true, value: -5 }));
  it("B12 Hunting Rifle at Long → +1; a bow or shotgun 0", () => {
    expect(range("huntingRifle", "long")).toEqual({ ok: true, value: 1 });
    expect(range("compoundBow", "long")).toEqual({ ok: true, value: 0 });
    expect(range("shotgunPumpAction", "long")).toEqual({ ok: true, value: 0 });
  });
  it("B13 Light Pistol at Distant → not allowed (a scoped Hunting Rifle or a Sniper's Rifle only)", () => {
    expect(range("lightPistol", "distant")).toEqual({ ok: false, reason: "distantNeedsRifle" });
    expect(range("huntingRifle", "distant")).toEqual({ ok: false, reason: "distantNeedsRifle" });
    expect(range("huntingRifle", "distant", { scoped: true })).toEqual({ ok: true, value: 0 });
    expect(range("snipersRifle", "distant")).toEqual({ ok: true, value: 0 });
    expect(range("mortar", "distant")).toEqual({ ok: false, reason: "distantNeedsRifle" });
    expect(rangeModifier(w("mortar"), "distant", { launchersAtDistant: true })).toEqual({
      ok: true,
      value: 0,
    });
  });
  it("the Range column read as a maximum (option): a pistol stops at Close", () => {
    expect(rangeModifier(w("lightPistol"), "long", { rangeColumn: "maximum" })).toEqual({
      ok: false,
      reason: "beyondRange",
    });
    expect(rangeModifier(w("huntingRifle"), "long", { rangeColumn: "maximum" })).toEqual({
      ok: true,
      value: 1,
    });
  });
  it("property: every weapon can strike Engaged; only the Sniper's Rifle reaches Distant unscoped", () => {
    for (const weapon of WEAPONS) {
      expect(rangeModifier(weapon, "engaged").ok).toBe(true);
      expect(rangeModifier(weapon, "distant").ok).toBe(weapon.key === "snipersRifle");
    }
  });
});

describe("attacks", () => {
  const base: AttackInput = {
    attribute: 2,
    skill: 1,
    phy: 0,
    dex: 2,
    weapon: w("lightPistol"),
    band: "close",
    target: "t",
    attacker: null,
    targetDefence: { melee: 1, ranged: 3 },
  };
  it("check − DM (default): AMod + SMod + range − the target's Ranged DM", () => {
    const r = ok(attackModifier(base));
    expect(r.modifier).toBe(2 + 1 + 1 - 3);
    expect(r.defence).toBe(3);
    expect(r.parts).toEqual([
      { key: "attribute", value: 2 },
      { key: "skill", value: 1 },
      { key: "range", value: 1 },
      { key: "defence", value: -3 },
    ]);
  });
  it("melee attacks meet the Melee DM; Defend / Take Cover add to it", () => {
    const r = ok(attackModifier({ ...base, weapon: w("machete"), band: "engaged", targetDefenceBonus: 4 }));
    expect(r.defence).toBe(1 + 4);
    expect(r.modifier).toBe(2 + 1 + 1 - 5);
  });
  it("checkOnly ignores the DM; opposed leaves it to the defender's roll", () => {
    expect(ok(attackModifier(base, { attackResolution: "checkOnly" })).modifier).toBe(4);
    const opposed = ok(attackModifier(base, { attackResolution: "opposed" }));
    expect([opposed.modifier, opposed.defence]).toEqual([4, 3]);
  });
  it("U9 a Damaged weapon −1; a Broken one cannot attack; Cumbersome and Unwieldy per setting", () => {
    const damaged = ok(attackModifier({ ...base, weapon: { ...w("lightPistol"), condition: "damaged" } }));
    expect(damaged.parts).toContainEqual({ key: "condition", value: -1 });
    expect(attackModifier({ ...base, weapon: { ...w("lightPistol"), condition: "broken" } })).toEqual({
      ok: false,
      reason: "broken",
    });
    const spear = { ...base, weapon: w("spear"), band: "engaged" as const, phy: 1 };
    expect(ok(attackModifier(spear)).parts).toContainEqual({ key: "cumbersome", value: -2 });
    expect(ok(attackModifier(spear, { characteristicPenalty: "shortfall" })).parts).toContainEqual({
      key: "cumbersome",
      value: -1,
    });
    expect(ok(attackModifier({ ...base, weapon: w("crossbow"), dex: 0 })).parts).toContainEqual({
      key: "unwieldy",
      value: -1,
    });
  });
  it("out of range is refused", () => {
    expect(attackModifier({ ...base, band: "distant" })).toEqual({ ok: false, reason: "distantNeedsRifle" });
  });
  it("Rapid Fire shots; the Aim counts on the first shot only; other CMods", () => {
    const aimed = act(firstRoundState(), "aim", { target: "t" });
    const shots = rapidFireModifiers(1).map(
      (cmod, i) =>
        ok(
          attackModifier({
            ...base,
            attacker: aimed,
            action: "rapidFire",
            rapidFire: { cmod, first: i === 0 },
            conditional: [-2],
          }),
        ).modifier,
    );
    expect(shots).toEqual([4 - 3 + 2 - 1 - 2, 4 - 3 - 3 - 2]);
  });
  it("clampConditional holds the CMods to −5..+5 (not AMod, SMod or DM)", () => {
    const input = { ...base, band: "long" as const, conditional: [-3] };
    expect(ok(attackModifier(input)).modifier).toBe(3 - 5 - 3 - 3);
    const clamped = ok(attackModifier(input, { clampConditional: true }));
    expect(clamped.modifier).toBe(3 - 5 - 3);
    expect(clamped.parts).toContainEqual({ key: "clamp", value: 3 });
  });
  it("resolving: a Success or better hits; opposed: the higher total, a draw misses", () => {
    expect(resolveAttack({ band: "success" })).toEqual({ hit: true, wild: false, draw: false });
    expect(resolveAttack({ band: "failure", attackResolution: "checkOnly" }).hit).toBe(false);
    expect(resolveAttack({ band: "wild-success" }).wild).toBe(true);
    expect(
      resolveAttack({ attackResolution: "opposed", band: "failure", attackTotal: 10, defenceTotal: 8 }),
    ).toEqual({
      hit: true,
      wild: false,
      draw: false,
    });
    expect(
      resolveAttack({ attackResolution: "opposed", band: "success", attackTotal: 9, defenceTotal: 9 }),
    ).toEqual({
      hit: false,
      wild: false,
      draw: true,
    });
    expect(() => resolveAttack({ attackResolution: "opposed", band: "success" })).toThrow(RangeError);
  });
  it("property: checkMinusDefence = checkOnly − (DM + bonus); opposed's modifier is checkOnly's", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WEAPONS),
        fc.integer({ min: -2, max: 5 }),
        fc.integer({ min: -2, max: 5 }),
        fc.integer({ min: 0, max: 4 }),
        (weapon, melee, ranged, bonus) => {
          const input = {
            ...base,
            weapon,
            band: "engaged" as const,
            targetDefence: { melee, ranged },
            targetDefenceBonus: bonus,
          };
          const minus = ok(attackModifier(input));
          const only = ok(attackModifier(input, { attackResolution: "checkOnly" }));
          const opposed = ok(attackModifier(input, { attackResolution: "opposed" }));
          expect(minus.modifier).toBe(only.modifier - minus.defence);
          expect(minus.defence).toBe((weapon.category === "melee" ? melee : ranged) + bonus);
          expect(opposed.modifier).toBe(only.modifier);
        },
      ),
    );
  });
});

describe("ammunition and bursts", () => {
  it("Automatic Burst: an attack at everyone Engaged with the target; the burst's rounds", () => {
    expect(
      burstBystanders([
        { id: "a", bandToTarget: "engaged" },
        { id: "b", bandToTarget: "close" },
        { id: "c", bandToTarget: "engaged" },
      ]),
    ).toEqual(["a", "c"]);
    expect(roundsFired(1, burstRounds(w("automaticRifle")))).toBe(3);
    expect(roundsFired(2)).toBe(2);
  });
  it("reloading: a full clip from one reload", () => {
    expect(reload({ clip: 6, loaded: 1, reloads: 2 })).toEqual({
      ok: true,
      value: { clip: 6, loaded: 6, reloads: 1 },
    });
    expect(reload({ clip: 6, loaded: 6, reloads: 2 })).toEqual({ ok: false, reason: "full" });
    expect(reload({ clip: 6, loaded: 0, reloads: 0 })).toEqual({ ok: false, reason: "noReloads" });
  });
});
