import { describe, expect, it } from "vitest";
import { desperateRallyUpdate } from "../../src/rulesets/verses/data/bounds";
import { getChange } from "../../src/rulesets/verses/data/documents-logic";
import {
  defaultSettingValues,
  ruleOptionsFrom,
  VERSES_SETTINGS,
} from "../../src/rulesets/verses/base/settings";

// "A typical dog has 1 die allocated to Desperate Rally" (HP TUF × 3 = 6). Desperate Rally: "When HP
// is reduced to equal to or less than the number of allocated dice, all EX is unbound."
const dog = [{ key: "desperateRally", dice: 1 }];
const state = (hp: number, exBound: number) => ({ hp: { value: hp }, ad: { exBound } });
const crossing = ruleOptionsFrom({
  ...defaultSettingValues(),
  desperateRallyTrigger: "crossing",
}).desperateRally;
const every = ruleOptionsFrom({
  ...defaultSettingValues(),
  desperateRallyTrigger: "everyReduction",
}).desperateRally;

describe("Desperate Rally on an update that lowers HP (setting desperateRallyTrigger)", () => {
  it("the setting: 'crossing' by default, 'everyReduction' the other reading", () => {
    expect(VERSES_SETTINGS.desperateRallyTrigger).toEqual({
      type: "choice",
      default: "crossing",
      choices: ["crossing", "everyReduction"],
    });
    expect(ruleOptionsFrom(defaultSettingValues()).desperateRally).toEqual({ trigger: "crossing" });
  });

  it("the dog at 6 HP hit to 1 HP: all EX unbound, the 1 EX the blow binds included, either reading", () => {
    for (const options of [crossing, every]) {
      const changes = { system: { hp: { value: 1 }, ad: { exBound: 2 } } };
      expect(desperateRallyUpdate(state(6, 1), dog, changes, options)).toEqual({ rallied: true, unbound: 2 });
      expect(changes.system.ad.exBound).toBe(0);
      expect(changes.system.hp.value).toBe(1);
    }
  });

  it("hit again from 1 HP to 0: no rally when first brought low only (default); all EX again at every loss", () => {
    const once = { "system.hp.value": 0 };
    expect(desperateRallyUpdate(state(1, 1), dog, once, crossing)).toEqual({ rallied: false, unbound: 0 });
    expect(getChange(once, "system.ad.exBound").found).toBe(false);
    const again = { "system.hp.value": 0 };
    expect(desperateRallyUpdate(state(1, 1), dog, again, every)).toEqual({ rallied: true, unbound: 1 });
    expect(getChange(again, "system.ad.exBound").value).toBe(0);
  });

  it("HP still above the dice, HP raised, no HP in the update, or no Desperate Rally: nothing", () => {
    for (const options of [crossing, every]) {
      expect(desperateRallyUpdate(state(6, 1), dog, { "system.hp.value": 2 }, options).rallied).toBe(false);
      expect(desperateRallyUpdate(state(1, 1), dog, { "system.hp.value": 3 }, options).rallied).toBe(false);
      expect(desperateRallyUpdate(state(6, 1), dog, { "system.ad.spent": 2 }, options).rallied).toBe(false);
      expect(desperateRallyUpdate(state(6, 1), [], { "system.hp.value": 0 }, options).rallied).toBe(false);
    }
  });

  it("rallying with nothing bound changes no AD", () => {
    const changes = { "system.hp.value": 1 };
    expect(desperateRallyUpdate(state(6, 0), dog, changes, crossing)).toEqual({ rallied: true, unbound: 0 });
    expect(changes).toEqual({ "system.hp.value": 1 });
  });
});
