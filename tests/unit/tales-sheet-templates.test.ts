// Template items on the Tales character sheet (sheets/actor-tabs/templates.ts), Foundry-free: which
// rules template an item is, the dialog's questions and answers, and what applying one creates
// through the rules layer's applyTemplate (skills added, the excess over 6 forfeited, the trait items).
import { describe, expect, it } from "vitest";
import { findTemplate } from "../../src/rulesets/tales/rules";
import {
  characterTraits,
  planTemplate,
  readTemplateChoices,
  templateChoiceViews,
  templateOf,
  traitItemData,
} from "../../src/rulesets/tales/sheets/character-context";
import { inesItems, inesSystem } from "../lib/tales-sheet-sources";

const localize = (key: string, data?: Record<string, string>) => `${key}${data ? JSON.stringify(data) : ""}`;
const row = (system: Record<string, unknown>, name = "A template") => ({
  id: "t",
  name,
  type: "tales-template",
  img: "",
  sort: 0,
  system,
});

describe("which template an item is", () => {
  it("finds the rules' template by kind, group (key or printed name) and tier", () => {
    expect(templateOf(row({ kind: "occupation", group: "Combatant", tier: "hobby" })).key).toBe(
      "combatantHobby",
    );
    expect(templateOf(row({ kind: "culture", group: "military", tier: "leader" })).key).toBe(
      "militaryLeader",
    );
  });

  it("reads a Raconteur's own template from the item's slots", () => {
    const own = templateOf(
      row(
        {
          kind: "occupation",
          group: "Sailor",
          tier: "hobby",
          cost: 5,
          skills: [{ options: ["swimming", "athletics"], count: 1, level: 2 }],
          connections: [{ key: "contacts", level: 1 }],
          advantages: [{ options: [{ key: "edge", level: 2, skills: ["swimming"] }] }],
          disadvantages: [],
        },
        "Sailor",
      ),
    );
    expect(own.key).toBe("custom:Sailor");
    expect(own.skills).toEqual([{ options: ["swimming", "athletics"], pick: 1, level: 2 }]);
    expect(own.advantages[0]!.options[0]).toEqual({ key: "edge", level: 2, specialisations: ["swimming"] });
  });

  it("gives the rules the template keys a character holds", () => {
    expect(characterTraits(inesSystem(), inesItems()).templates).toEqual(["combatantHobby", "militaryGrunt"]);
  });
});

describe("the choice dialog", () => {
  it("asks each 'X (or Y)' of a template in the table's order", () => {
    const views = templateChoiceViews(findTemplate("combatantPartTime")!, localize);
    expect(views.map((v) => [v.field, v.multiple, v.options.map((o) => o.value)])).toEqual([
      ["skills.1", false, ["brawl", "martialArts"]],
      ["skills.2", false, ["dodge", "block"]],
      ["skills.5", false, ["swimming", "melee"]],
      ["advantages.1.variant", false, ["hitPoints", "essence"]],
    ]);
  });

  it("asks a 'pick 2' as checkboxes and reads a list back", () => {
    const scholar = findTemplate("scholarPartTime")!;
    const pick = templateChoiceViews(scholar, localize).find((v) => v.multiple)!;
    expect([pick.field, pick.pick, pick.options.map((o) => o.value)]).toEqual([
      "skills.3",
      2,
      ["appraisal", "science", "languages", "occult"],
    ]);
    expect(readTemplateChoices(scholar, { "skills.3": ["science", "occult"] })).toEqual({
      "skills.3": ["science", "occult"],
    });
    // One box ticked is still a list: the rules say how many are missing.
    expect(readTemplateChoices(scholar, { "skills.3": "science" })).toEqual({ "skills.3": ["science"] });
  });

  it("keeps a specialisation of one option only when that option is chosen", () => {
    const template = {
      ...findTemplate("combatantHobby")!,
      key: "test",
      advantages: [
        {
          options: [
            { key: "edge", level: 2, specialisations: ["brawl", "melee"] },
            { key: "skillExpert", level: 6, specialisations: ["dodge", "block"] },
          ],
        },
      ],
    };
    const views = templateChoiceViews(template, localize);
    expect(views.map((v) => v.field)).toEqual([
      "skills.3",
      "advantages.0",
      "advantages.0.specialisation@edge",
      "advantages.0.specialisation@skillExpert",
    ]);
    expect(
      readTemplateChoices(template, {
        "skills.3": "dodge",
        "advantages.0": "skillExpert",
        "advantages.0.specialisation@edge": "brawl",
        "advantages.0.specialisation@skillExpert": "block",
      }),
    ).toEqual({ "skills.3": "dodge", "advantages.0": "skillExpert", "advantages.0.specialisation": "block" });
  });
});

describe("applying a template", () => {
  it("adds the skills, forfeits the excess over 6 and creates the trait items (source template)", () => {
    const system = inesSystem({ skills: { dodge: 6, athletics: 2 } });
    const result = planTemplate(
      characterTraits(system, []),
      findTemplate("combatantHobby")!,
      { "skills.3": "dodge" },
      localize,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.update).toEqual({
      "system.skills.athletics": 3,
      "system.skills.brawl": 1,
      "system.skills.firearms": 1,
    });
    expect(result.value.forfeited).toEqual([{ name: "POLYVERSE.Tales.Skill.dodge", points: 1 }]);
    expect(result.value.items).toEqual([
      {
        name: "POLYVERSE.Tales.Character.Advantage.equipment",
        type: "tales-advantage",
        system: { key: "equipment", level: 2, skill: "", option: "", source: "template" },
      },
    ]);
  });

  it("raises the connections a culture gives and names an Edge's skill", () => {
    const result = planTemplate(
      characterTraits(inesSystem(), []),
      findTemplate("militaryGrunt")!,
      { "advantages.0.specialisation": "melee" },
      localize,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.update).toEqual({
      "system.connections.allies.level": 2,
      "system.connections.wealth.level": 2,
    });
    expect(result.value.items[0]!.system).toMatchObject({ key: "edge", skill: "melee", source: "template" });
  });

  it("refuses a missing choice and a second template of the same group, with the rules' reason", () => {
    const missing = planTemplate(
      characterTraits(inesSystem(), []),
      findTemplate("combatantHobby")!,
      {},
      localize,
    );
    expect(missing).toMatchObject({ ok: false, reason: "choiceMissing" });
    const again = planTemplate(
      characterTraits(inesSystem(), inesItems()),
      findTemplate("combatantPartTime")!,
      { "skills.1": "brawl", "skills.2": "dodge", "skills.5": "swimming", "advantages.1.variant": "essence" },
      localize,
    );
    expect(again).toMatchObject({ ok: false, reason: "templateGroupRepeated" });
  });

  it("gives a pool advantage its pool and keeps a variant as the option", () => {
    expect(traitItemData({ key: "dream", level: 2 }, "advantage", localize).system).toMatchObject({
      pool: 2,
    });
    expect(
      traitItemData({ key: "resilient", level: 4, variant: "essence" }, "advantage", localize).system,
    ).toMatchObject({ option: "essence", skill: "" });
  });
});
