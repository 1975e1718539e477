// The blow an attack card offers, Foundry-free (combat/attack-card-blow-logic.ts, attack-card-logic.ts,
// the rolls' attack options): who strikes and with what, the margin's shifts as rows or extra location
// dice (spec vectors D04-D06), Entangle instead of damage (D13), a Fragile weapon broken on a parry,
// bare hands (D02), the attack's die as a Tales roll (C04, D09), and the card states a model refuses.
import { describe, expect, it } from "vitest";
import {
  attackAgreesWithRoll,
  attackCardContext,
  attackCardProblems,
  attackRollOptions,
  type AttackCard,
  type DefenceRecord,
} from "../../src/rulesets/tales/combat/attack-card-logic";
import {
  blowContext,
  blowOffer,
  checkEntangle,
  checkRowShifts,
  rowShiftChoices,
} from "../../src/rulesets/tales/combat/attack-card-blow-logic";
import {
  UNARMED,
  blowStrength,
  damageCardProblems,
  damageDice,
  readCardDamage,
  type DamageCard,
} from "../../src/rulesets/tales/combat/damage-card-logic";
import { damageCardContext } from "../../src/rulesets/tales/combat/damage-card-context";
import { testCardView } from "../../src/rulesets/tales/rolls/card-logic";
import { readRollOptions } from "../../src/rulesets/tales/rolls/roll-logic";
import { readRoll } from "../../src/rulesets/tales/rolls/test-state-logic";

const localize = (key: string, data?: Record<string, string>) =>
  data ? `${key}${JSON.stringify(data)}` : key;
const K = "POLYVERSE.Tales.Combat.Attack";

const defence = (over: Partial<DefenceRecord> = {}): DefenceRecord => ({
  choice: "none",
  value: 3,
  mode: "dynamic",
  face: 1,
  hit: true,
  counterHit: false,
  margin: 8,
  shifts: 2,
  damage: { to: "target", margin: 8, blocked: false },
  ...over,
});
const card = (over: Partial<AttackCard> = {}): AttackCard => ({
  attacker: { actorUuid: "Actor.a", name: "Gunner" },
  weapon: { itemUuid: "Actor.a.Item.w", name: "Heavy Pistol" },
  target: { actorUuid: "Actor.t", name: "Ward" },
  attack: { bonus: 6, face: 6, ranged: true, band: "close", aim: 0, autoBullets: 0, clumsy: false },
  defence: defence(),
  damageMessageId: null,
  ...over,
});
const counter = (weapon: DefenceRecord["weapon"]) =>
  card({
    defence: defence({
      choice: "counter",
      mode: "counter",
      hit: false,
      counterHit: true,
      margin: 6,
      shifts: 2,
      damage: { to: "attacker", margin: 6 },
      weapon,
    }),
  });

describe("the blow the card offers", () => {
  it("a hit: the attacker strikes with the attack's weapon; D06's margin 8 buys 2 shifts", () => {
    expect(blowOffer(card())).toEqual({
      striker: "attacker",
      weapon: { itemUuid: "Actor.a.Item.w", name: "Heavy Pistol" },
      margin: 8,
      shifts: 2,
      blocked: false,
    });
    // D05: a margin of 3 is one shift; 2 is none.
    expect(
      blowOffer(card({ defence: defence({ damage: { to: "target", margin: 3, blocked: false } }) }))!.shifts,
    ).toBe(1);
    expect(
      blowOffer(card({ defence: defence({ damage: { to: "target", margin: 2, blocked: false } }) }))!.shifts,
    ).toBe(0);
  });

  it("a counter-attack that lands: the defender strikes with the weapon it countered with, or bare hands", () => {
    const knife = { itemUuid: "Actor.t.Item.k", name: "Knife" };
    expect(blowOffer(counter(knife))).toMatchObject({
      striker: "defender",
      weapon: knife,
      margin: 6,
      shifts: 2,
    });
    expect(blowOffer(counter(null))).toMatchObject({ striker: "defender", weapon: null });
    // A card from before counter-attacks dealt damage names no weapon: no blow to offer.
    const older = counter(null);
    delete older.defence!.weapon;
    expect(blowOffer(older)).toBeNull();
  });

  it("a successful Block: damage at half strength with no shifts; a miss, a parried blow or one dealt: nothing", () => {
    const blocked = card({
      defence: defence({
        choice: "block",
        mode: "opposed",
        hit: false,
        margin: -2,
        shifts: 0,
        damage: { to: "target", margin: 0, blocked: true },
      }),
    });
    expect(blowOffer(blocked)).toMatchObject({ striker: "attacker", shifts: 0, blocked: true });
    expect(blowOffer(card({ defence: defence({ hit: false, damage: null }) }))).toBeNull();
    expect(blowOffer(card({ defence: null }))).toBeNull();
    expect(blowOffer(card({ damageMessageId: "msg0000000000001" }))).toBeNull();
    expect(blowOffer(card({ entangled: { removed: true } }))).toBeNull();
  });

  it("rows read lower: 0 up to the shifts, the rest as extra location dice; more is refused", () => {
    const offer = blowOffer(card())!;
    expect([0, 1, 2].map((r) => checkRowShifts(offer, r))).toEqual([null, null, null]);
    expect(checkRowShifts(offer, 3)).toBe("TooManyRows");
    expect(checkRowShifts(offer, -1)).toBe("TooManyRows");
    expect(rowShiftChoices(2, localize).map((c) => c.label)).toEqual([
      `${K}.Blow.Split{"rows":"0","dice":"2"}`,
      `${K}.Blow.Split{"rows":"1","dice":"1"}`,
      `${K}.Blow.Split{"rows":"2","dice":"0"}`,
    ]);
  });

  it("Deathdealer's extra die is counted in the labels: D06's two shifts offer 3, 2 and 1 extra dice", () => {
    // "Deathdealer (6) May always roll an extra die when dealing damage": whatever the split, one more
    // location die (the damage card rolls 1 + the shifts not read as rows + 1).
    expect(rowShiftChoices(2, localize, true).map((c) => c.label)).toEqual([
      `${K}.Blow.Split{"rows":"0","dice":"3"}`,
      `${K}.Blow.Split{"rows":"1","dice":"2"}`,
      `${K}.Blow.Split{"rows":"2","dice":"1"}`,
    ]);
    const extra = (rows: number) =>
      damageDice({ margin: 8, rowShifts: rows, blocked: false, autoBullets: 0, sprayVictims: 1 }, true) - 1;
    expect([0, 1, 2].map(extra)).toEqual([3, 2, 1]);
    const dealer = blowContext(card(), localize, {
      strike: true,
      entangles: false,
      mend: false,
      deathdealer: true,
    });
    expect(dealer.strike!.rows!.options.map((o) => o.label)).toEqual(
      rowShiftChoices(2, localize, true).map((c) => c.label),
    );
    expect(dealer.strike!.rows!.label).toBe(`${K}.Blow.RowsLabelDeathdealer{"shifts":"2"}`);
  });

  it("D13: an Entangle weapon's hit may take an action instead; not on a Block, not with another weapon", () => {
    expect(checkEntangle(blowOffer(card())!, true)).toBeNull();
    expect(checkEntangle(blowOffer(card())!, false)).toBe("NoEntangle");
    const blocked = card({
      defence: defence({ choice: "block", hit: false, damage: { to: "target", margin: 0, blocked: true } }),
    });
    expect(checkEntangle(blowOffer(blocked)!, true)).toBe("NotAHit");
  });
});

describe("the blow on the card", () => {
  const striker = { strike: true, entangles: false, mend: false };

  it("the striker chooses rows or dice; another reader sees the button only (its permission hides it)", () => {
    const mine = blowContext(card(), localize, striker);
    expect(mine.strike!.rows!.options.map((o) => o.value)).toEqual([0, 1, 2]);
    expect(mine.strike!.entangle).toBeNull();
    const theirs = blowContext(card(), localize, { ...striker, strike: false });
    expect(theirs.strike!.rows).toBeNull();
    expect(theirs.strike!.damage.action).toBe("tales.attack.damage");
    // No shifts: no choice.
    const small = card({ defence: defence({ damage: { to: "target", margin: 1, blocked: false } }) });
    expect(blowContext(small, localize, striker).strike!.rows).toBeNull();
  });

  it("an Entangle weapon offers Entangle beside the damage; once dealt the card says what it took", () => {
    expect(blowContext(card(), localize, { ...striker, entangles: true }).strike!.entangle!.action).toBe(
      "tales.attack.entangle",
    );
    const dealt = blowContext(card({ entangled: { removed: true } }), localize, striker);
    expect(dealt.strike).toBeNull();
    expect(dealt.entangled).toBe(`${K}.Blow.Entangled{"name":"Ward"}`);
    const noDie = blowContext(card({ entangled: { removed: false } }), localize, striker);
    expect(noDie.entangled).toBe(`${K}.Blow.EntangledNoDie{"name":"Ward"}`);
  });

  it("a counter-attack names its striker and weapon (bare hands without one)", () => {
    const v = blowContext(counter(null), localize, striker);
    expect(v.strike!.prompt).toBe(`${K}.Blow.Counter{"name":"Ward","weapon":"${K}.Unarmed"}`);
  });

  it("a Fragile weapon broken on the parry: the card says so; Undo for its owner or the GM, until mended", () => {
    const club = { itemUuid: "Actor.t.Item.c", name: "Golf Club" };
    const parried = (broke: "broken" | "mended") =>
      card({
        defence: defence({ choice: "parry", mode: "opposed", hit: false, damage: null, weapon: club, broke }),
      });
    const owner = blowContext(parried("broken"), localize, { ...striker, mend: true });
    expect(owner.broke).toBe(`${K}.Blow.Broke{"weapon":"Golf Club"}`);
    expect(owner.mend!.action).toBe("tales.attack.mend");
    expect(blowContext(parried("broken"), localize, striker).mend).toBeNull();
    const mended = blowContext(parried("mended"), localize, { ...striker, mend: true });
    expect(mended.broke).toBe(`${K}.Blow.Mended{"weapon":"Golf Club"}`);
    expect(mended.mend).toBeNull();
  });
});

describe("the card's shape", () => {
  it("accepts the defender's weapon, a break and an entanglement; refuses them broken", () => {
    const club = { itemUuid: "Actor.t.Item.c", name: "Golf Club" };
    expect(attackCardProblems(card({ defence: defence({ weapon: club, broke: "broken" }) }))).toEqual([]);
    expect(attackCardProblems(card({ defence: defence({ weapon: null }) }))).toEqual([]);
    expect(attackCardProblems(card({ entangled: { removed: false } }))).toEqual([]);
    expect(attackCardProblems(card({ defence: defence({ broke: "broken" }) }))).toEqual([
      "defence.broke needs defence.weapon",
    ]);
    expect(
      attackCardProblems(card({ defence: defence({ weapon: club, broke: "shattered" as never }) })),
    ).toEqual(["defence.broke is not a known value"]);
    expect(
      attackCardProblems(card({ entangled: { removed: true }, damageMessageId: "msg0000000000001" })),
    ).toEqual(["a blow is either damage or an entanglement"]);
    expect(attackCardProblems(card({ entangled: { removed: "yes" } as never }))).toEqual([
      "entangled.removed must be true or false",
    ]);
  });
});

describe("the defence on the card: a Dodge of a shot, a Martial Arts target, what is not open", () => {
  // C13: dodge total 11 against the range's 3 + 4 = 7: the new difficulty is 11 (8 + 3).
  const dodged = defence({
    choice: "dodge",
    value: 8,
    face: 3,
    hit: false,
    margin: -1,
    shifts: 0,
    damage: null,
    dodgeRanged: { dodge: 8, dodgeFace: 3, difficulty: 3, difficultyFace: 4, dodged: true },
  });

  it("a Dodge's two rolls are kept; the attack must have faced the higher", () => {
    expect(attackCardProblems(card({ defence: dodged }))).toEqual([]);
    expect(attackCardProblems(card({ defence: { ...dodged, value: 3, face: 4 } }))).toEqual([
      "defence.dodgeRanged must be the roll the attack faced",
    ]);
    expect(attackCardProblems(card({ defence: { ...dodged, choice: "none" } }))).toEqual([
      "defence.dodgeRanged is a Dodge's, dynamic",
    ]);
    expect(attackCardProblems(card({ defence: defence({ mental: true }) }))).toEqual([]);
    expect(attackCardProblems(card({ defence: defence({ choice: "block", mental: true }) }))).toEqual([
      "defence.mental is an undefended victim's",
    ]);
  });

  it("the card's line: both rolls and which stood; both dice shown (the dodge's, the range's)", () => {
    const v = attackCardContext(card({ defence: dodged }), localize, null);
    expect(v.defence).toBe(
      `${K}.Defence.DodgeRanged.Dodged{"dodge":"8","dodgeFace":"3","dodgeTotal":"11","range":"3","rangeFace":"4","rangeTotal":"7"}`,
    );
    expect([v.defenceDie, v.rangeDie]).toEqual([3, 4]);
    const one = { dodge: 8, dodgeFace: 1, difficulty: 3, difficultyFace: 4, dodged: false };
    const stood = attackCardContext(
      card({ defence: { ...dodged, value: 3, face: 4, hit: true, dodgeRanged: one } }),
      localize,
      null,
    );
    expect(stood.defence).toMatch(new RegExp(`^${K}.Defence.DodgeRanged.DodgeOne`));
    expect(attackCardContext(card(), localize, null).rangeDie).toBeNull();
    const mental = attackCardContext(card({ defence: defence({ mental: true }) }), localize, null);
    expect(mental.defence).toMatch(new RegExp(`"defence":"${K}.Defence.noneMental"`));
  });

  it("the defender sees what is not open and why (no Sustained Defence outside a combat round)", () => {
    const v = attackCardContext(card({ defence: null }), localize, [
      { defence: "dodge", open: true, cost: 1 },
      { defence: "sustained", open: false, cost: 2, reason: "noRound" },
      { defence: "none", open: true, cost: 0 },
    ]);
    expect(v.defend!.options.map((o) => o.value)).toEqual(["dodge", "none"]);
    expect(v.defend!.closed).toBe(
      localize(`${K}.NotOpen`, {
        list: localize(`${K}.NotOpenEntry`, {
          defence: `${K}.Defence.sustained`,
          reason: `${K}.Closed.noRound`,
        }),
      }),
    );
    const open = attackCardContext(card({ defence: null }), localize, [
      { defence: "none", open: true, cost: 0 },
    ]);
    expect(open.defend!.closed).toBe("");
  });
});

describe("the attack's die as a Tales roll", () => {
  const c04 = {
    weapon: "Sword",
    attribute: "physical" as const,
    skill: "melee" as const,
    wound: "healthy" as const,
    attributeValue: 3,
    skillValue: 2,
    weaponModifier: 0,
    aim: 0,
    autoModifier: 0,
    clumsy: false,
  };

  it("C04: Physical 3 + Melee 2 is an attack of 5, read back as the roll's options", () => {
    const o = attackRollOptions(c04);
    expect(o).toMatchObject({ type: "attack", bonus: 5, modifiers: [] });
    expect(readRollOptions(JSON.parse(JSON.stringify(o)))).toEqual(o);
  });

  it("D09: an Automatic Pistol's Auto(3) with 3 extra bullets is −3 to the attack, a part of its own", () => {
    const o = attackRollOptions({
      ...c04,
      weapon: "Automatic Pistol",
      attribute: "mental",
      skill: "firearms",
      weaponModifier: 0,
      autoModifier: -3,
    });
    expect(o.bonus).toBe(2);
    expect(o.modifiers).toEqual([{ label: "POLYVERSE.Tales.Combat.AttackRoll.Part.Auto", value: -3 }]);
  });

  it("a forged set-up is no roll of this system's: a bonus not the sum of its parts, an unknown skill", () => {
    const o = attackRollOptions({ ...c04, weaponModifier: -1 });
    expect(readRollOptions({ ...o, bonus: 9 })).toBeNull();
    expect(readRollOptions({ ...o, skill: "juggling" })).toBeNull();
    expect(readRollOptions({ ...o, modifiers: "lots" })).toBeNull();
  });

  it("the card agrees with its roll's bonus and Clumsy; a roll without options (an older card's) agrees", () => {
    const o = attackRollOptions(c04);
    const attack = card().attack;
    expect(attackAgreesWithRoll({ ...attack, bonus: 5 }, o)).toBe(true);
    expect(attackAgreesWithRoll({ ...attack, bonus: 6 }, o)).toBe(false);
    expect(attackAgreesWithRoll({ ...attack, bonus: 5, clumsy: true }, o)).toBe(false);
    expect(attackAgreesWithRoll(attack, null)).toBe(false);
    expect(attackAgreesWithRoll(attack, "none")).toBe(true);
  });

  it("drawn on its own: the weapon and test, the bonus, the die and its total; a Clumsy 2 as a 1; private: the label", () => {
    const o = attackRollOptions({ ...c04, weaponModifier: 1, clumsy: true });
    const v = testCardView(readRoll(o, [[5]]), { localize }) as any;
    expect(v.label).toBe(
      'POLYVERSE.Tales.Combat.AttackRoll.Label{"weapon":"Sword","test":"POLYVERSE.Tales.Attribute.physical + POLYVERSE.Tales.Skill.melee"}',
    );
    expect(v.counted.result).toBe('POLYVERSE.Tales.Combat.AttackRoll.Total{"total":"11"}');
    expect(v.counted.dice).toEqual([{ face: 5, css: "kept", title: "POLYVERSE.Tales.Roll.Die.Kept" }]);
    const two = testCardView(readRoll(o, [[2]]), { localize }) as any;
    expect(two.counted.dice[0]).toMatchObject({
      css: "kept one",
      title: "POLYVERSE.Tales.Roll.Die.ClumsyTwo",
    });
    const hidden = testCardView(readRoll(o, [[5]]), { localize, isPrivate: true }) as any;
    expect(hidden).toMatchObject({ isPrivate: true, label: v.label });
    expect(hidden.counted).toBeUndefined();
    expect(testCardView(readRoll(o, [[5, 5]]), { localize }).invalid).toBe(true);
  });
});

describe("bare hands", () => {
  const fist: DamageCard = {
    attacker: { actorUuid: "Actor.t", name: "Ward" },
    weapon: null,
    target: { actorUuid: "Actor.a", name: "Gunner" },
    attack: { margin: 0, rowShifts: 0, blocked: false, autoBullets: 0, sprayVictims: 1 },
    strength: 0,
    split: false,
    protection: 0,
    deathdealer: false,
    faces: [2],
    applied: null,
  };

  it("D02: Unarmed (0) with a 2 (Legs) and no armour reads 2, the 0-2 row: a Stun", () => {
    expect(blowStrength(UNARMED, fist.attack, { blockHalving: "floor" })).toEqual({ ok: true, strength: 0 });
    expect(readCardDamage(fist)!.chosen).toMatchObject({ total: 2, location: "legs", wound: "stun" });
    expect(damageDice({ ...fist.attack, margin: 6, rowShifts: 1 }, false)).toBe(2);
  });

  it("a damage card without a weapon is well formed and titled as bare hands", () => {
    expect(damageCardProblems(fist)).toEqual([]);
    expect(damageCardContext(fist, localize, null).title).toBe(
      'POLYVERSE.Tales.Combat.Damage.Title{"weapon":"POLYVERSE.Tales.Combat.Damage.Unarmed"}',
    );
  });
});
