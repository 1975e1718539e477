// Ammunition, reloading and grenades on the map (attack/ammo-logic.ts, attack/area-logic.ts), with
// the rules text's numbers.
import { describe, expect, it } from "vitest";
import {
  capacity,
  fireChange,
  fireProblem,
  fits,
  magazineLine,
  modeSustainable,
  planReloadPayment,
  roundsUsed,
  sheetAmmo,
  sustainLimit,
  type AmmoItem,
  type WeaponAmmoSource,
} from "../../src/rulesets/verses/data/ammo-logic";
import {
  areaRadius,
  conditionGrenade,
  landing,
  tokensInArea,
} from "../../src/rulesets/verses/attack/area-logic";
import type { WeaponModeSource } from "../../src/rulesets/verses/data/weapon-modes";

const mode = (
  test: string,
  damage: string,
  features: [string, string][],
  extra: Partial<WeaponModeSource> = {},
): WeaponModeSource => ({
  name: "",
  skill: "Weapons » Crossbows",
  test,
  damage,
  features: features.map(([name, value]) => ({ name, value })),
  ...extra,
});

const crossbow = (loaded = 0, paid = 0): WeaponAmmoSource => ({
  uuid: "Item.xbow",
  name: "Crossbow",
  ammunition: "Bolt",
  quantity: 1,
  magazine: { size: 0, loaded, ammo: loaded ? "Bolt" : "", effect: "", paid },
  modes: [mode("1S@15m,35,50,70,90", "2(p)", [["Reload", "10AD"]])],
});

const rifle = (loaded: number): WeaponAmmoSource => ({
  uuid: "Item.rifle",
  name: "Assault Rifle",
  ammunition: "Bullet",
  quantity: 1,
  magazine: { size: 30, loaded, ammo: "Bullet", effect: "", paid: 0 },
  modes: [
    mode(
      "1S@20,50,100,250,500",
      "3(b)",
      [
        ["Chainable", ""],
        ["Magazine", "30"],
        ["Reload", "3AD"],
        ["Sustainable", "4, 3"],
      ],
      { skill: "Weapons » Modern Small Arms" },
    ),
  ],
});

const bolts: AmmoItem = {
  uuid: "Item.bolts",
  name: "Bolt",
  weapons: ["Crossbow", "Hand Crossbow"],
  effect: "—",
  quantity: 12,
};
const broadheads: AmmoItem = {
  uuid: "Item.bh",
  name: "Broadhead Bolt",
  weapons: ["Crossbow"],
  effect: "+2(s)",
  quantity: 3,
};
const arrows: AmmoItem = {
  uuid: "Item.arrows",
  name: "Arrow",
  weapons: ["Short Bow"],
  effect: "—",
  quantity: 20,
};

describe("ammunition and firing (Magazine, Reload, Sustainable)", () => {
  it("a Reload weapon without a Magazine holds one shot ('it must occur after each shot'); the Assault Rifle holds 30", () => {
    expect(capacity(crossbow())).toBe(1);
    expect(capacity(rifle(0))).toBe(30);
    expect(fits(bolts, crossbow())).toBe(true);
    expect(fits(arrows, crossbow())).toBe(false);
  });

  it("ammunition finds its weapon by the weapon's key, so a translated or renamed item still fits", () => {
    // A translated world: the items' names are French, their keys the text's names.
    const arbalete = { ...crossbow(), name: "Arbalète", key: "Crossbow", ammunition: "Bolt" };
    const carreaux: AmmoItem = { ...bolts, name: "Carreaux", key: "Bolt", weapons: ["Hand Crossbow"] };
    expect(fits({ ...bolts, name: "Carreaux" }, arbalete)).toBe(true); // listed by the weapon's key
    expect(fits(carreaux, arbalete)).toBe(true); // the weapon's own ammunition, by the ammunition's key
    expect(fits({ ...carreaux, key: "" }, { ...arbalete, key: "" })).toBe(false); // names alone no longer match
    expect(fits(arrows, arbalete)).toBe(false);
  });

  it("an empty weapon cannot fire, with a clear message; a loaded one uses its round", () => {
    expect(fireProblem(crossbow(0), crossbow().modes[0], 1)).toEqual({
      key: "POLYVERSE.Verses.Attack.Ammo.Empty",
      data: { weapon: "Crossbow" },
    });
    expect(fireProblem(crossbow(1), crossbow().modes[0], 1)).toBeNull();
    expect(fireChange(crossbow(1), crossbow().modes[0], 1)?.set).toEqual({ "system.magazine.loaded": 0 });
  });

  it("Seeja: 'The weapon's magazine holds 30 shots, so the most sustain dice she can add is 10 (30/3)'; 10 dice use 30 rounds", () => {
    const s = modeSustainable(rifle(30).modes[0]);
    expect(s).toEqual({ rate: 4, cost: { units: 3, dice: 1 } });
    expect(sustainLimit(s, 30, 5)).toBe(10);
    expect(roundsUsed(10, s)).toBe(30);
    expect(roundsUsed(0, s)).toBe(1);
    expect(fireProblem(rifle(12), rifle(12).modes[0], 30)?.key).toBe(
      "POLYVERSE.Verses.Attack.Ammo.TooFew.other",
    );
    // One round loaded: the sentence's "one" form ("has 1 round loaded"), never "1 round(s)".
    expect(fireProblem(rifle(1), rifle(1).modes[0], 30)?.key).toBe("POLYVERSE.Verses.Attack.Ammo.TooFew.one");
  });
});

describe("reloading (Reload(#AD), 'These AD may be divided between rounds')", () => {
  it("TV-C14: a Crossbow's Reload(10AD) with Crossbows 3 costs 7AD, paid 4 + 3 across two rounds", () => {
    const first = planReloadPayment(crossbow(), [bolts], {
      ad: 4,
      fastAction: true,
      available: 5,
      skillAllocated: 3,
    });
    if (!first.ok) throw new Error(first.reason.key);
    expect(first.value).toMatchObject({ ad: 4, loaded: 0, complete: false, owed: 3 });
    expect(first.value.changes).toEqual([
      { uuid: "Item.xbow", name: "Crossbow", set: { "system.magazine.paid": 4 } },
    ]);
    const second = planReloadPayment(crossbow(0, 4), [bolts], {
      ad: 3,
      fastAction: true,
      available: 5,
      skillAllocated: 3,
    });
    if (!second.ok) throw new Error(second.reason.key);
    expect(second.value).toMatchObject({ ad: 3, loaded: 1, complete: true, owed: 0 });
    expect(second.value.changes).toEqual([
      {
        uuid: "Item.xbow",
        name: "Crossbow",
        set: {
          "system.magazine.paid": 0,
          "system.magazine.loaded": 1,
          "system.magazine.ammo": "Bolt",
          "system.magazine.effect": "—",
        },
      },
      { uuid: "Item.bolts", name: "Bolt", add: [{ path: "system.quantity", delta: -1, min: 0 }] },
    ]);
  });

  it("outside Fast Action the reload is done at once; the chosen ammunition is loaded", () => {
    const r = planReloadPayment(crossbow(), [bolts, broadheads], {
      ammoUuid: "Item.bh",
      fastAction: false,
      available: 0,
      skillAllocated: 0,
    });
    expect(r.ok && r.value).toMatchObject({ ad: 0, loaded: 1, complete: true, ammoName: "Broadhead Bolt" });
  });

  it("refusals: no fitting ammunition, already full, not enough AD, another kind still loaded", () => {
    const no = planReloadPayment(crossbow(), [arrows], {
      fastAction: false,
      available: 0,
      skillAllocated: 0,
    });
    expect(!no.ok && no.reason.key).toBe("POLYVERSE.Verses.Attack.Ammo.NoAmmo");
    const full = planReloadPayment(crossbow(1), [bolts], {
      fastAction: false,
      available: 0,
      skillAllocated: 0,
    });
    expect(!full.ok && full.reason.key).toBe("POLYVERSE.Verses.Attack.Ammo.Full");
    const poor = planReloadPayment(crossbow(), [bolts], {
      ad: 3,
      fastAction: true,
      available: 2,
      skillAllocated: 0,
    });
    expect(!poor.ok && poor.reason.key).toBe("POLYVERSE.Verses.Attack.Ammo.NotEnoughAD");
    const half = rifle(12);
    const mixed = planReloadPayment(
      half,
      [{ ...bolts, name: "Hollow-Point Bullet", weapons: ["Assault Rifle"] }],
      {
        fastAction: false,
        available: 0,
        skillAllocated: 0,
      },
    );
    expect(!mixed.ok && mixed.reason.key).toBe("POLYVERSE.Verses.Attack.Ammo.OtherKind");
  });

  it("a `/shot` reload loads a round per payment: the Shotgun's Reload(3AD/shot) with Firearms 2 is 1AD a shell", () => {
    const shotgun: WeaponAmmoSource = {
      uuid: "Item.sg",
      name: "Shotgun",
      ammunition: "Shot Shell",
      quantity: 1,
      magazine: { size: 8, loaded: 6, ammo: "Shot Shell", effect: "", paid: 0 },
      modes: [
        mode("1S@4,8,15,20", "3(b)", [
          ["Magazine", "8"],
          ["Reload", "3AD/shot"],
        ]),
      ],
    };
    const shells: AmmoItem = {
      uuid: "Item.shells",
      name: "Shot Shell",
      weapons: ["Shotgun"],
      effect: "",
      quantity: 10,
    };
    const r = planReloadPayment(shotgun, [shells], {
      ad: 2,
      fastAction: true,
      available: 4,
      skillAllocated: 2,
    });
    expect(r.ok && r.value).toMatchObject({ ad: 2, loaded: 2, complete: true });
    expect(magazineLine(shotgun)).toEqual({ text: "6/8 Shot Shell", reloadable: true, paid: 0 });
  });

  it("the sheet reads a weapon's stored data: '0/1' and Reload for an unloaded crossbow; nothing for a sword", () => {
    expect(
      sheetAmmo("Crossbow", {
        ammunition: "Bolt",
        magazine: { size: 0, loaded: 0 },
        modes: crossbow().modes,
      }),
    ).toEqual({
      text: "0/1",
      reloadable: true,
      paid: 0,
    });
    expect(
      sheetAmmo("Longsword", {
        magazine: { size: 0, loaded: 0 },
        modes: [mode("1S", "3(s)", [["Parry", "3"]])],
      }),
    ).toBeNull();
  });
});

describe("grenades on the map (Indirect Attacks, Area Damage)", () => {
  const grid = { size: 100, metres: 1 };

  it("Ambrose (TV-29): 6,5,2,2,1,4,4,3 against 3S 'missed by 3m (5 - 2) in each direction': too far and wide left", () => {
    // Thrown northwards (up the screen): too far is further up, wide left is to the west.
    const l = landing([6, 5, 2, 2, 1, 4, 4, 3], 3, { x: 0, y: 1000 }, { x: 0, y: 0 }, grid);
    expect(l.scatter).toMatchObject({ hit: false, depth: "far", side: "left", offset: 3 });
    expect(l.point.x).toBeCloseTo(-300);
    expect(l.point.y).toBeCloseTo(-300);
    const hit = landing([6, 6, 6, 1], 3, { x: 0, y: 1000 }, { x: 0, y: 0 }, grid);
    expect(hit.point).toEqual({ x: 0, y: 0 });
  });

  it("'12 (b) HP@2m, 3, 4' reaches 4 m: tokens within it, nearest first; Stun Grenade 'in a 4m radius circle'", () => {
    expect(areaRadius("12(b)HP@2m,3,4", "High-Explosive Grenade")).toBe(4);
    expect(areaRadius("", "Stun Grenade")).toBe(4);
    expect(conditionGrenade("Pepper Bomb")?.condition).toBe("sickened");
    const tokens = [
      { tokenUuid: "a", actorUuid: "A", name: "Far", centre: { x: 500, y: 0 } },
      { tokenUuid: "b", actorUuid: "B", name: "Near", centre: { x: 300, y: 0 } },
    ];
    expect(tokensInArea(tokens, { x: 0, y: 0 }, 4, grid).map((t) => [t.name, t.metres])).toEqual([
      ["Near", 3],
    ]);
  });
});
