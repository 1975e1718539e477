// A template's slots edited on the Tales item sheet (sheets/item-types/template-slots.ts), Foundry-free:
// rows added and removed within their bounds, each value checked, every edit the whole list plus the
// `ownSlots` flag, the controls' data read back into edits; the edited template is then what applies
// (sheets/actor-tabs/templates.ts `templateOf`), and the editor's labels are keys the language has.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  SLOT_LIMITS,
  editTemplateSlots,
  itemSheetContext,
  parseSlotEdit,
  readSlots,
  type SlotEdit,
} from "../../src/rulesets/tales/sheets/item-context";
import { planFromSheet, templateOf } from "../../src/rulesets/tales/sheets/character-context";
import { chargenBudget } from "../../src/rulesets/tales/rules";
import { hasKey } from "../lib/i18n";
import { ROOT as REPO } from "../lib/paths";
import { inesItems, inesSystem } from "../lib/tales-sheet-sources";

const { lang } = mergeLanguage(join(REPO, "lang", "en"));
const FLAG = "flags.polyverse.tales.ownSlots";

const grunt = () => inesItems().find((i) => i.id === "militaryGrunt")!.system;
const hobby = () => inesItems().find((i) => i.id === "combatantHobby")!.system;

/** Apply edits one after the other, as the sheet saves them. */
function edited(system: Record<string, unknown>, ...edits: SlotEdit[]): Record<string, unknown> {
  let current = { ...system };
  for (const edit of edits) {
    const update = editTemplateSlots(current, edit);
    if (!update) throw new Error(`refused: ${JSON.stringify(edit)}`);
    expect(update[FLAG]).toBe(true);
    const list = Object.keys(update)
      .find((k) => k.startsWith("system."))!
      .slice("system.".length);
    current = { ...current, [list]: update[`system.${list}`] };
  }
  return current;
}

describe("editing a template's skill slots", () => {
  it("adds a slot with an unused skill at level 1, sets its pick and level, and removes it", () => {
    const system = edited(hobby(), { op: "add", list: "skills" });
    // Combatant (Hobby) holds Athletics, Brawl, Firearms, Swimming or Dodge: the first unused is Acrobatics.
    expect(readSlots(system).skills.at(-1)).toEqual({ options: ["acrobatics"], count: 1, level: 1 });
    const raised = edited(system, { op: "set", list: "skills", index: 4, field: "level", value: "3" });
    expect(readSlots(raised).skills[4]!.level).toBe(3);
    // Levels 1..6; a level above is held at 6, one that is not a number refused.
    expect(
      readSlots(edited(raised, { op: "set", list: "skills", index: 4, field: "level", value: "9" }))
        .skills[4]!.level,
    ).toBe(6);
    expect(
      editTemplateSlots(raised, { op: "set", list: "skills", index: 4, field: "level", value: "x" }),
    ).toBeNull();
    const removed = edited(raised, { op: "remove", list: "skills", index: 4 });
    expect(readSlots(removed).skills).toEqual(readSlots(hobby()).skills);
  });

  it("offers a choice: '+ or' adds a skill, the pick is at most the skills offered", () => {
    const system = edited(
      hobby(),
      { op: "addOption", list: "skills", index: 0 },
      { op: "set", list: "skills", index: 0, field: "count", value: "2" },
    );
    expect(readSlots(system).skills[0]).toEqual({ options: ["athletics", "acrobatics"], count: 2, level: 1 });
    // Pick 4 of 2 is pick 2; removing a choice lowers the pick with it.
    expect(
      readSlots(edited(system, { op: "set", list: "skills", index: 0, field: "count", value: "4" }))
        .skills[0]!.count,
    ).toBe(2);
    const one = edited(system, { op: "removeOption", list: "skills", index: 0, option: 1 });
    expect(readSlots(one).skills[0]).toEqual({ options: ["athletics"], count: 1, level: 1 });
    // A slot keeps one skill: removing the last is refused (remove the slot instead).
    expect(editTemplateSlots(one, { op: "removeOption", list: "skills", index: 0, option: 0 })).toBeNull();
    // A skill set twice in one slot, or a key that is no skill, is refused.
    expect(
      editTemplateSlots(system, {
        op: "set",
        list: "skills",
        index: 0,
        option: 1,
        field: "skill",
        value: "athletics",
      }),
    ).toBeNull();
    expect(
      editTemplateSlots(system, {
        op: "set",
        list: "skills",
        index: 0,
        option: 1,
        field: "skill",
        value: "flying",
      }),
    ).toBeNull();
    expect(
      readSlots(
        edited(system, { op: "set", list: "skills", index: 0, option: 1, field: "skill", value: "dodge" }),
      ).skills[0]!.options,
    ).toEqual(["athletics", "dodge"]);
  });

  it("holds each list to its bounds", () => {
    let system: Record<string, unknown> = { skills: [] };
    for (let i = 0; i < SLOT_LIMITS.skills; i++) system = edited(system, { op: "add", list: "skills" });
    expect(readSlots(system).skills).toHaveLength(12);
    expect(editTemplateSlots(system, { op: "add", list: "skills" })).toBeNull();
    let slot: Record<string, unknown> = { skills: [{ options: ["acrobatics"], count: 1, level: 1 }] };
    for (let i = 1; i < SLOT_LIMITS.skillOptions; i++)
      slot = edited(slot, { op: "addOption", list: "skills", index: 0 });
    expect(editTemplateSlots(slot, { op: "addOption", list: "skills", index: 0 })).toBeNull();
    // Rows out of range are refused.
    expect(editTemplateSlots(hobby(), { op: "remove", list: "skills", index: 4 })).toBeNull();
    expect(editTemplateSlots(hobby(), { op: "remove", list: "skills", index: -1 })).toBeNull();
  });
});

describe("editing a template's connections", () => {
  it("adds the next connection not given, one of each at most, levels 1..10", () => {
    // Military (Grunt) gives Allies 1 and Wealth 1: the next is Contacts.
    const system = edited(grunt(), { op: "add", list: "connections" });
    expect(readSlots(system).connections.at(-1)).toEqual({ key: "contacts", level: 1 });
    expect(
      editTemplateSlots(system, { op: "set", list: "connections", index: 2, field: "key", value: "allies" }),
    ).toBeNull();
    expect(
      readSlots(edited(system, { op: "set", list: "connections", index: 2, field: "key", value: "fame" }))
        .connections[2]!.key,
    ).toBe("fame");
    expect(
      readSlots(edited(system, { op: "set", list: "connections", index: 2, field: "level", value: "12" }))
        .connections[2]!.level,
    ).toBe(10);
    let all: Record<string, unknown> = { connections: [] };
    for (let i = 0; i < SLOT_LIMITS.connections; i++) all = edited(all, { op: "add", list: "connections" });
    expect(editTemplateSlots(all, { op: "add", list: "connections" })).toBeNull();
  });
});

describe("editing a template's advantages and disadvantages", () => {
  it("adds a slot with the next trait at its points; a new key takes that trait's points", () => {
    const system = edited(grunt(), { op: "add", list: "disadvantages" });
    // The first disadvantage, Addiction, at its 2 points.
    expect(readSlots(system).disadvantages.at(-1)).toEqual({
      options: [{ key: "addiction", level: 2, skills: [] }],
    });
    const hunted = edited(system, {
      op: "set",
      list: "disadvantages",
      index: 0,
      option: 0,
      field: "key",
      value: "hunted",
    });
    // Hunted (4).
    expect(readSlots(hunted).disadvantages[0]!.options[0]).toEqual({ key: "hunted", level: 4, skills: [] });
    // An advantage's key is not a disadvantage's.
    expect(
      editTemplateSlots(hunted, {
        op: "set",
        list: "disadvantages",
        index: 0,
        option: 0,
        field: "key",
        value: "edge",
      }),
    ).toBeNull();
  });

  it("offers 'X or Y' and the skills an option may name", () => {
    // Military (Grunt): Edge (2) on Brawl, Firearms, Melee or Martial Arts.
    const or = edited(grunt(), { op: "addOption", list: "advantages", index: 0 });
    expect(readSlots(or).advantages[0]!.options.map((o) => [o.key, o.level])).toEqual([
      ["edge", 2],
      ["adaptable", 1],
    ]);
    const skill = edited(or, { op: "addSkill", list: "advantages", index: 0, option: 0 });
    expect(readSlots(skill).advantages[0]!.options[0]!.skills).toEqual([
      "brawl",
      "firearms",
      "melee",
      "martialArts",
      "acrobatics",
    ]);
    const fewer = edited(skill, { op: "removeSkill", list: "advantages", index: 0, option: 0, skill: 0 });
    expect(readSlots(fewer).advantages[0]!.options[0]!.skills[0]).toBe("firearms");
    const back = edited(fewer, { op: "removeOption", list: "advantages", index: 0, option: 1 });
    expect(readSlots(back).advantages[0]!.options).toHaveLength(1);
    expect(
      editTemplateSlots(back, { op: "removeOption", list: "advantages", index: 0, option: 0 }),
    ).toBeNull();
    let many: Record<string, unknown> = grunt();
    for (let i = 1; i < SLOT_LIMITS.traitOptions; i++)
      many = edited(many, { op: "addOption", list: "advantages", index: 0 });
    expect(editTemplateSlots(many, { op: "addOption", list: "advantages", index: 0 })).toBeNull();
  });
});

describe("the controls' data read back as edits", () => {
  it("reads each button's and control's data; anything else names no edit", () => {
    expect(parseSlotEdit("add", { slotList: "skills" })).toEqual({ op: "add", list: "skills" });
    expect(
      parseSlotEdit("removeSkill", {
        slotList: "advantages",
        slotIndex: "1",
        slotOption: "0",
        slotSkill: "2",
      }),
    ).toEqual({
      op: "removeSkill",
      list: "advantages",
      index: 1,
      option: 0,
      skill: 2,
    });
    expect(parseSlotEdit("set", { slotList: "skills", slotIndex: "0", slotField: "level" }, "3")).toEqual({
      op: "set",
      list: "skills",
      index: 0,
      field: "level",
      value: "3",
    });
    expect(parseSlotEdit("add", { slotList: "weapons" })).toBeNull();
    expect(parseSlotEdit("explode", { slotList: "skills", slotIndex: "0" })).toBeNull();
    expect(parseSlotEdit("remove", { slotList: "skills", slotIndex: "-1" })).toBeNull();
    expect(parseSlotEdit("removeOption", { slotList: "skills", slotIndex: "0" })).toBeNull();
    expect(parseSlotEdit("set", { slotList: "skills", slotIndex: "0" }, "3")).toBeNull();
  });
});

describe("an edited template applies its own slots", () => {
  const row = (system: Record<string, unknown>, ownSlots?: boolean) => ({
    id: "t",
    name: "Military (Grunt)",
    type: "tales-template",
    img: "",
    sort: 0,
    system,
    ...(ownSlots ? { ownSlots } : {}),
  });

  it("is the rules' template until its slots are edited, then its own", () => {
    const keyed = { ...grunt(), key: "militaryGrunt" };
    expect(templateOf(row(keyed)).key).toBe("militaryGrunt");
    const system = edited(keyed, { op: "add", list: "connections" });
    const own = templateOf(row(system, true));
    expect(own.key).toBe("custom:Military (Grunt)");
    expect(own.connections.map((c) => [c.connection, c.level])).toEqual([
      ["allies", 1],
      ["wealth", 1],
      ["contacts", 1],
    ]);
    // A template matched by its group rather than its key is its own once edited too.
    expect(templateOf(row(grunt())).key).toBe("militaryGrunt");
    expect(templateOf(row(grunt(), true)).key).toBe("custom:Military (Grunt)");
  });

  it("counts in character generation with its own slots and cost", () => {
    const items = inesItems().map((i) => (i.id === "militaryGrunt" ? { ...i, ownSlots: true } : i));
    const plan = planFromSheet(inesSystem(), items);
    expect(plan.templates!.map((t) => [t.key, Boolean(t.template)])).toEqual([
      ["combatantHobby", false],
      ["custom:Military (Grunt)", true],
    ]);
    // Both templates cost 5: the budget reads the same as with the rules' Military (Grunt).
    expect(chargenBudget(plan).traits).toEqual(
      chargenBudget(planFromSheet(inesSystem(), inesItems())).traits,
    );
  });
});

describe("the slot editor's view", () => {
  const view = (system: Record<string, unknown>, editable = true, ownSlots = false) =>
    itemSheetContext({
      name: "T",
      img: "",
      type: "tales-template",
      system,
      editable,
      idPrefix: "x",
      ownSlots,
    });

  it("is there only for a template the user may edit; it says whose slots these are", () => {
    expect(view(grunt(), false).slotEditor).toBeNull();
    expect(view(grunt(), false).slots).not.toBeNull();
    expect(
      itemSheetContext({ name: "G", img: "", type: "tales-gear", system: {}, editable: true, idPrefix: "x" })
        .slotEditor,
    ).toBeNull();
    expect(view({ ...grunt(), key: "militaryGrunt" }).slotEditor!.rules).toEqual({
      group: "POLYVERSE.Tales.Character.Culture.military",
      tier: "POLYVERSE.Tales.Character.Tier.grunt",
    });
    expect(view({ ...grunt(), key: "militaryGrunt" }, true, true).slotEditor!.rules).toBeNull();
    // Without a key, its kind, group and tier name the rules' Military (Grunt) all the same; a Raconteur's own names none.
    expect(view(grunt()).slotEditor!.rules).not.toBeNull();
    expect(view({ ...grunt(), group: "pirates" }).slotEditor!.rules).toBeNull();
  });

  it("shows each row's values and what may be added or removed", () => {
    const editor = view(hobby()).slotEditor!;
    const last = editor.skills.rows.at(-1)!;
    expect(last.options.map((o) => o.choices.find((c) => c.selected)!.value)).toEqual(["swimming", "dodge"]);
    expect([last.count, last.countMax, last.level, last.canAddOption]).toEqual([1, 2, 1, true]);
    expect(last.options.map((o) => o.canRemove)).toEqual([true, true]);
    expect(editor.skills.rows[0]!.options[0]!.canRemove).toBe(false);
    const [advantages, disadvantages] = editor.traitLists;
    expect(advantages!.rows[0]!.options[0]!.keyChoices.find((c) => c.selected)!.value).toBe("equipment");
    expect(disadvantages!.rows).toEqual([]);
    expect(editor.connections.canAdd).toBe(true);
  });

  it("keeps a stored key the lists lack, shown as it is", () => {
    const odd = view({ advantages: [{ options: [{ key: "wings", level: 2, skills: [] }] }] }).slotEditor!;
    const first = odd.traitLists[0]!.rows[0]!.options[0]!.keyChoices[0]!;
    expect(first).toEqual({ value: "wings", label: "wings", localize: false, selected: true });
  });

  it("labels everything with keys the language files have", () => {
    const editor = view({ ...hobby(), key: "combatantHobby" }).slotEditor!;
    const keys = [
      editor.rules!.group,
      editor.rules!.tier,
      ...editor.skills.rows.flatMap((r) => r.options.flatMap((o) => o.choices.map((c) => c.label))),
      ...editor.connections.rows.flatMap((r) => r.choices.map((c) => c.label)),
      ...editor.traitLists.flatMap((l) =>
        l.rows.flatMap((r) =>
          r.options.flatMap((o) => o.keyChoices.filter((c) => c.localize).map((c) => c.label)),
        ),
      ),
    ];
    const all = edited(hobby(), { op: "add", list: "disadvantages" }, { op: "add", list: "connections" });
    const full = view(all).slotEditor!;
    keys.push(
      ...full.traitLists[1]!.rows.flatMap((r) => r.options.flatMap((o) => o.keyChoices.map((c) => c.label))),
      ...full.connections.rows.flatMap((r) => r.choices.map((c) => c.label)),
    );
    expect([...new Set(keys)].filter((k) => !hasKey(lang, k))).toEqual([]);
  });
});
