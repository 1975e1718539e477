// Xero Sum equipment (SRD 0.06 Appendix C, Table 21): the 40 items, every column against the table
// quoted below row by row, and the notes' numbers read into structured bonuses, healing and charges
// by this test's own reading of each note. Also: the pack agrees with the rules layer's reading
// (rules/equipment.ts EQUIPMENT).
import { describe, expect, it } from "vitest";
import { EQUIPMENT, equipmentSystemData } from "../../src/rulesets/xero-sum/rules/equipment";
import { byName, camelKey, packSources, plainText, rows, xeroSumItemPackChecks } from "./xero-sum-content";

const PACK = "xero-sum-equipment";
const sources = packSources(PACK);
const item = byName(sources);

// Name | Rarity | Enc | Notes (blank cells empty)
const TABLE_21 = `
Angler's Set | Uncommon | 1 | +2 to Fishing attempts
Backpack | Common | 0 | +2 Encumbrance
Basic Survival Kit | Common | 2 | Tent, Sleeping Bag
Bicycle Repair Kit | Common | 0 |
Bolt Cutters |  |  |
Binoculars | Common | 1 | +1 Perception Check when at Long or Distant Range
Canteen |  |  |
Climbing Gear | Uncommon | 1 | Includes ropes, carabiners, and harnesses, and can be used for scaling buildings or cliffs
Compass | Common | 0 | +1 Navigation Checks
Crowbar |  |  |
Doctor's Bag | Uncommon | 1 | +2 to any First Aid or Surgery Check; heals 1+2d3 over a 24-hour period
Fire-starting Kit | Uncommon | 0 |
First Aid Kit | Common | 1 | +1 to any First Aid Check; heals 1+1d3 over a 24-hour period
Fishing Kit | Common | 1 | +1 to Fishing attempts
Flare |  |  |
Flashbang | Uncommon | 1 | Affects all characters at Close range, requires a Physicality check or target is blinded for 1d3 rounds
Flashlight | Common | 0 |
Grappling Hook | Uncommon | 1 | +1 to Athletics checks when climbing
Handcuffs | Uncommon | 0 |
Instant Camera | Uncommon | 1 | 6 Charges, +1 Charm when used on people in pictures
Horseshoe Tools | Uncommon | 1 |
Lantern |  |  |
Loudspeaker | Uncommon | 1 | +1 Intimidate or Inspiration checks
Military Backpack | Uncommon | 0 | +2 Encumbrance
Multitool |  |  | +1 Tinkering or Mechanic* check
Night Vision Goggles | Uncommon | 1 | Allows the wearer to see clearly at night
Radio Scanner | Common | 0 | Allows the user to listen in for emergency broadcasts or communications between other survivors
Road Flare | Common | 1 |
Rope | Common | 1 |
Shovel |  |  |
Smoke Grenade | Uncommon | 1 | Characters at Close range to the explosion must make a PHY check or be blinded for 1d3 rounds
Survivalists Kit | Uncommon | 2 | Waterproof Tent, Sleeping Bag, Fire-starting Kit, 3 days of rations
Standard Lockpicks | Uncommon | 0 | +1 to Lock Picking Attempts
Criminal Lockpicks | Uncommon | 0 | +2 to Lock Picking Attempts
Hunting Traps | Common | 1 |
Toolkit | Common | 1 | +1 Mechanics* check
Walkie-Talkies | Uncommon | 1 | Allows characters to communicate up to a range of 20 miles
Water Filtration System | Uncommon | 1 | Allows purification of water
Weapons Toolkit | Uncommon | 1 | Required for Weapons maintenance and repairs
Workman's Toolkit | Uncommon | 1 | +2 Mechanics* check
`;

const ROWS = rows(TABLE_21).map(([name, rarity = "", enc = "", notes = ""]) => ({
  name: name!,
  rarity: rarity.toLowerCase(),
  enc: enc === "" ? null : Number(enc),
  notes,
}));

/**
 * The checks the notes name, as the skill (or Perception, Encumbrance) Polyverse rolls them with:
 * there is no Fishing, First Aid, Surgery, Lock Picking, Charm or Tinkering check in the SRD.
 */
const CHECKS: [RegExp, string][] = [
  [/Fishing/, "survival"],
  [/First Aid|Surgery/, "medicine"],
  [/Lock Picking/, "sleightOfHand"],
  [/Charm/, "manipulation"],
  [/Tinkering/, "tinkerer"],
  [/Mechanics?\*/, "mechanic"],
  [/Intimidate/, "intimidation"],
  [/Inspiration/, "inspiration"],
  [/Navigation/, "navigation"],
  [/Athletics/, "athletics"],
  [/Perception/, "perception"],
  [/Encumbrance/, "encumbrance"],
];
/** When a bonus applies, by the note's words (keys of POLYVERSE.XeroSum.CombatRules.BonusContext). */
const CONTEXTS: [RegExp, string][] = [
  [/Fishing/, "fishing"],
  [/Long or Distant/, "longOrDistant"],
  [/First Aid or Surgery/, "firstAidOrSurgery"],
  [/First Aid/, "firstAid"],
  [/when climbing/, "climbing"],
  [/people in pictures/, "charmPictured"],
  [/Lock Picking/, "lockPicking"],
];

/** This test's reading of a note: "+N <checks>" bonuses, "heals B+D", "N Charges". */
function readNote(notes: string) {
  const value = notes.match(/\+(\d) /);
  const targets = value ? [...new Set(CHECKS.filter(([re]) => re.test(notes)).map(([, t]) => t))] : [];
  const context = CONTEXTS.find(([re]) => re.test(notes))?.[1] ?? "";
  const heal = notes.match(/heals (\d)\+(\dd3)/);
  const charges = notes.match(/(\d+) Charges/);
  return {
    bonuses: targets.map((target) => ({ target, value: Number(value![1]), context })),
    heal: heal ? { base: Number(heal[1]), dice: heal[2]! } : { base: 0, dice: "" },
    charges: charges ? Number(charges[1]) : 0,
  };
}

describe("Xero Sum equipment pack", () => {
  xeroSumItemPackChecks(PACK, "xero-sum-equipment", ["icons/svg/item-bag.svg"], () => "");

  it("holds Table 21's 40 items: 13 common, 20 uncommon, 7 with no rarity or Enc", () => {
    expect(ROWS).toHaveLength(40);
    expect(sources).toHaveLength(40);
    expect(sources.map((s) => s.data.name).sort()).toEqual(ROWS.map((r) => r.name).sort());
    const rarity = (r: string) => sources.filter((s) => s.data.system.rarity === r).length;
    expect([rarity("common"), rarity("uncommon"), rarity("")]).toEqual([13, 20, 7]);
  });

  it.each(ROWS)("$name: rarity, Enc and what its notes give", (row) => {
    const e = item[row.name];
    expect(e, row.name).toBeDefined();
    const { bonuses, heal, charges } = readNote(row.notes);
    expect(e.system).toEqual({
      key: camelKey(row.name),
      rarity: row.rarity,
      enc: row.enc ?? 0,
      quantity: 1,
      condition: "used",
      charges: { value: charges, max: charges },
      bonuses,
      heal,
      carried: true,
      description: e.system.description,
    });
  });

  it.each(ROWS)("$name: the description gives its row and each of its notes' numbers", (row) => {
    const text = plainText(item[row.name].system.description);
    if (row.enc === null)
      expect(text).toContain(`leaves its ${row.notes ? "Rarity and Enc" : "Rarity, Enc and Notes"} blank`);
    else
      expect(text).toContain(
        `Table 21: Rarity ${row.rarity[0]!.toUpperCase()}${row.rarity.slice(1)}, Enc ${row.enc}.`,
      );
    for (const n of row.notes.match(/\+\d|\d\+\dd3|\d+ (?:days|miles|Charges|rounds)|1d3/g) ?? [])
      expect(text, n).toContain(n.replace("Charges", "charges"));
  });

  it("describes the notes that give no number in words", () => {
    const text = (name: string) => plainText(item[name].system.description);
    expect(text("Night Vision Goggles")).toMatch(/sees clearly at night/);
    expect(text("Walkie-Talkies")).toMatch(/20 miles/);
    expect(text("Weapons Toolkit")).toMatch(/maintain and repair weapons/);
    expect(text("Survivalists Kit")).toMatch(
      /waterproof tent, a sleeping bag, a fire-starting kit and 3 days of rations/,
    );
    expect(text("Basic Survival Kit")).toMatch(/A tent and a sleeping bag/);
    for (const name of ["Flashbang", "Smoke Grenade"])
      expect(text(name)).toMatch(/Physicality check or is blinded for 1d3 rounds/);
    for (const name of ["Doctor's Bag", "First Aid Kit"])
      expect(text(name)).toMatch(/Polyverse heals Wound Points/);
  });

  it("agrees with the rules layer's reading of Table 21 (rules/equipment.ts EQUIPMENT)", () => {
    expect(EQUIPMENT.map((e) => e.key)).toEqual(ROWS.map((r) => camelKey(r.name)));
    for (const row of EQUIPMENT) {
      const entry = sources.find((s) => s.data.system.key === row.key)!.data;
      expect({ ...entry.system, description: "" }, row.key).toEqual(equipmentSystemData(row));
    }
  });
});
