// The Tales character sheet's context (sheets/character-context.ts), Foundry-free: what each tab
// shows, built from Ines (tests/lib/tales-sheet-sources.ts), with every number from the rules layer,
// and the updates the sheet applies (pools, specialisations, favoured actions, experience).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  addFavoured,
  addSpecialisation,
  buyLevel,
  characterSheetContext,
  editFavoured,
  editSpecialisation,
  isHeldItemType,
  parseXpTarget,
  planFromSheet,
  poolUpdate,
  readActorSystem,
  removeFavoured,
  removeSpecialisation,
  type TalesActorSystem,
  type TemplateItem,
} from "../../src/rulesets/tales/sheets/character-context";
import { hasKey } from "../lib/i18n";
import { ROOT as REPO } from "../lib/paths";
import { inesItems, inesSystem } from "../lib/tales-sheet-sources";

const { lang } = mergeLanguage(join(REPO, "lang", "en"));
const lookup = (key: string): string =>
  String(
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], lang) ?? key,
  );

function recorder() {
  const keys = new Set<string>();
  const localize = (key: string, data?: Record<string, string>) => {
    keys.add(key);
    return `${key}${data ? JSON.stringify(data) : ""}`;
  };
  return { keys, localize };
}

function build(
  system: TalesActorSystem = inesSystem(),
  options: { type?: string; items?: TemplateItem[]; editable?: boolean; isGM?: boolean } = {},
) {
  const { keys, localize } = recorder();
  const context = characterSheetContext({
    name: "Ines Varga",
    img: "",
    type: options.type ?? "tales-character",
    system,
    items: options.items ?? inesItems(),
    editable: options.editable ?? true,
    isGM: options.isGM ?? false,
    activeTab: "skills",
    localize,
  });
  return { context, keys };
}

describe("reading the actor", () => {
  it("reads a missing or malformed field as the model's initial value", () => {
    const system = readActorSystem({ attributes: { physical: "x" }, health: { level: "bleeding" } });
    expect(system.attributes).toEqual({ physical: 2, social: 2, mental: 2, spiritual: 2 });
    expect(system.skills.drive).toBe(0);
    expect(system.health.level).toBe("healthy");
    expect(system.connections.wealth).toEqual({ level: 0, notes: "", used: false });
    expect(system.combat.favoured).toEqual([]);
  });

  it("holds the Tales item types a character keeps; skill references are not among them", () => {
    expect(isHeldItemType("tales-advantage")).toBe(true);
    expect(isHeldItemType("tales-sanctuary")).toBe(true);
    expect(isHeldItemType("tales-skill")).toBe(false);
    expect(isHeldItemType("maelstrom-merit")).toBe(false);
  });
});

describe("header and pools", () => {
  it("shows the templates as chips and the pools against the rules' maxima", () => {
    const { context } = build();
    expect(context.actor.templates.map((t) => [t.name, t.kind])).toEqual([
      ["Combatant (Hobby)", "occupation"],
      ["Military (Grunt)", "culture"],
    ]);
    // HP max = Physical + Mental (3 + 3); Essence max = Social + Spiritual (2 + 2).
    expect([context.pools.hp.value, context.pools.hp.max]).toEqual([4, 6]);
    expect([context.pools.essence.value, context.pools.essence.max]).toEqual([3, 4]);
    expect(context.pools.wound.effect).toBe("POLYVERSE.Tales.Sheet.WoundEffect.halfAttributeSkillsOne.light");
  });

  it("moves a pool by its buttons, never below 0 nor above the maximum", () => {
    const system = inesSystem();
    expect(poolUpdate(system, "hp", -1)).toEqual({ "system.hp.value": 3 });
    expect(poolUpdate(system, "hp", 5)).toEqual({ "system.hp.value": 6 });
    expect(poolUpdate(inesSystem({ hp: { value: 0 } }), "hp", -1)).toBeNull();
    expect(poolUpdate(inesSystem({ essence: { value: 4 } }), "essence", 1)).toBeNull();
  });
});

describe("attributes and skills", () => {
  it("shows each skill's level and its value at a Light Wound: skills halved (round up), attributes whole", () => {
    const { context } = build();
    const physical = context.skills.quadrants.find((q) => q.key === "physical")!;
    expect([physical.value, physical.effective]).toEqual([3, 3]);
    const mental = context.skills.quadrants.find((q) => q.key === "mental")!;
    const firearms = mental.skills.find((s) => s.key === "firearms")!;
    expect([firearms.value, firearms.effective, firearms.reduced]).toEqual([3, 2, true]);
    const melee = physical.skills.find((s) => s.key === "melee")!;
    expect([melee.value, melee.effective, melee.reduced]).toEqual([1, 1, false]);
    expect(context.skills.quadrants.map((q) => q.skills.length)).toEqual([11, 10, 11, 8]);
  });

  it("lists the specialisations under Drive and Languages with their own values", () => {
    const { context } = build();
    const drive = context.skills.quadrants[2]!.skills.find((s) => s.key === "drive")!;
    expect(drive.specialised).toBe(true);
    expect(drive.specialisations.map((s) => [s.name, s.level, s.effective, s.index])).toEqual([
      ["Motorbike", 2, 1, 0],
    ]);
    const languages = context.skills.quadrants[1]!.skills.find((s) => s.key === "languages")!;
    expect(languages.specialisations.map((s) => [s.name, s.effective])).toEqual([["Portuguese", 2]]);
    const brawl = context.skills.quadrants[0]!.skills.find((s) => s.key === "brawl")!;
    expect(brawl.specialised).toBe(false);
  });

  it("refuses every roll of a character who cannot act (K/O), saying why", () => {
    const { context } = build(inesSystem({ health: { level: "ko" } }));
    const quadrant = context.skills.quadrants[0]!;
    expect(quadrant.roll.forbidden).toBe(true);
    expect(quadrant.roll.tooltip).toContain("POLYVERSE.Tales.Sheet.Roll.CannotAct");
    expect(quadrant.skills.every((s) => s.roll.forbidden && s.effective === 0)).toBe(true);
    expect(context.combat.weapons.every((w) => w.attack.forbidden)).toBe(true);
  });

  it("adds, edits and removes specialisations", () => {
    const system = inesSystem();
    expect(addSpecialisation(system, "languages").at(-1)).toEqual({ skill: "languages", name: "", level: 1 });
    expect(editSpecialisation(system, 0, "name", " Truck ")?.[0]?.name).toBe("Truck");
    expect(editSpecialisation(system, 1, "level", "9")?.[1]?.level).toBe(6);
    expect(editSpecialisation(system, 1, "level", "x")).toBeNull();
    expect(editSpecialisation(system, 5, "name", "x")).toBeNull();
    expect(removeSpecialisation(system, 0)?.map((s) => s.name)).toEqual(["Portuguese"]);
    expect(removeSpecialisation(system, 7)).toBeNull();
  });
});

describe("traits", () => {
  it("shows connections with their roll refused when unlevelled or used this session", () => {
    const { context } = build();
    const byKey = Object.fromEntries(context.traits.connections.map((c) => [c.key, c]));
    expect(byKey.allies!.roll.forbidden).toBe(false);
    expect(byKey.contacts!.roll.tooltip).toContain("ConnectionUsed");
    expect(byKey.fame!.roll.tooltip).toContain("NoConnection");
  });

  it("shows advantages with Dream's pool, disadvantages in force, and the templates", () => {
    const { context } = build();
    const dream = context.traits.advantages.find((a) => a.key === "dream")!;
    expect(dream.pool).toEqual({ value: 1, max: 2 });
    expect(context.traits.advantages.find((a) => a.key === "lucky")!.pool).toBeNull();
    const edge = context.traits.advantages.find((a) => a.key === "edge")!;
    expect([edge.source, edge.skill]).toEqual(["template", "POLYVERSE.Tales.Skill.firearms"]);
    // In English the name "Edge (Firearms)" says the skill already: it is not repeated.
    const english = characterSheetContext({
      name: "Ines",
      img: "",
      type: "tales-character",
      system: inesSystem(),
      items: inesItems(),
      editable: true,
      isGM: false,
      localize: (key) => lookup(key),
    });
    expect(english.traits.advantages.find((a) => a.key === "edge")!.skill).toBe("");
    expect(context.traits.disadvantages.map((d) => [d.key, d.active])).toEqual([
      ["phobia", true],
      ["hunted", false],
    ]);
    expect(context.traits.templates.map((t) => t.cost)).toEqual([5, 5]);
  });

  it("reads the chargen plan back from the sheet: the templates' gains taken off the skills", () => {
    const plan = planFromSheet(inesSystem(), inesItems());
    expect(plan.templates).toEqual([
      { key: "combatantHobby", choices: { "skills.3": "dodge" } },
      { key: "militaryGrunt", choices: { "advantages.0.specialisation": "firearms" } },
    ]);
    // Firearms 3 on the sheet, 1 from the Combatant hobby: 2 from step 2; Dodge 2 - 1 (chosen).
    expect([plan.skills.firearms, plan.skills.dodge, plan.skills.swimming]).toEqual([2, 1, 1]);
    // Allies and Wealth came from the Military grunt; Contacts 2 were bought (2 TP each).
    expect(plan.connectionPoints).toEqual({ contacts: 2 });
    expect(plan.advantages?.map((a) => a.key)).toEqual(["lucky", "dream"]);
    expect(plan.disadvantages?.map((d) => d.key)).toEqual(["phobia", "hunted"]);
  });

  it("shows the chargen budgets and problems (characters only, until finished)", () => {
    const { context } = build();
    const rows = Object.fromEntries(context.traits.chargen!.rows.map((r) => [r.key, r]));
    expect([rows.attributes!.spent, rows.attributes!.budget]).toEqual([10, 10]);
    expect([rows.skills!.spent, rows.skills!.budget]).toEqual([20, 20]);
    // Templates 5 + 5, Contacts 2 x 2, Lucky 3 + Dream 2 = 19 of 30 + 7 (Phobia 3, Hunted 4).
    expect([rows.traits!.spent, rows.traits!.budget, rows.traits!.remaining]).toEqual([19, 37, 18]);
    expect(context.traits.chargen!.problems.map((p) => [p.key, p.severity])).toEqual([
      ["traitPointsUnspent", "warning"],
    ]);
    expect(build(inesSystem({ chargenDone: true })).context.traits.chargen).toBeNull();
    expect(build(inesSystem(), { type: "tales-npc" }).context.traits.showChargen).toBe(false);
  });
});

describe("combat", () => {
  it("shows the combat numbers at the wound level, from the rules layer", () => {
    const { context } = build();
    const numbers = Object.fromEntries(context.combat.numbers.map((n) => [n.key, n.value]));
    // Initiative Mental 3 + Awareness 2 halved = 4; Movement Physical 3 + Athletics 2 halved = 4;
    // Defence Physical 3 less the jacket's 1; Protection the jacket's 2.
    expect(numbers).toEqual({ initiative: 4, movement: 4, actions: 2, defence: 2, protection: 2 });
    expect(context.combat.numbers[0]!.breakdown).toBe("");
  });

  it("adds the sheet's initiative modifier to the initiative shown, as the combat rolls it", () => {
    const modified = (initiativeModifier: number) =>
      build(inesSystem({ combat: { favoured: [], initiativeModifier } })).context.combat.numbers[0]!;
    // Mental 3 + Awareness 2 halved = 4, and +2: the combat rolls a d6 on 6.
    expect(modified(2)).toMatchObject({
      key: "initiative",
      value: 6,
      breakdown: 'POLYVERSE.Tales.Sheet.Combat.InitiativeBreakdown{"base":"4","modifier":"+2"}',
    });
    expect(modified(-3)).toMatchObject({ value: 1, breakdown: expect.stringContaining('"modifier":"−3"') });
  });

  it("shows each favoured action at Healthy, Light, Medium and Critical, with its weapon's damage", () => {
    const { context } = build();
    const pistol = context.combat.favoured[0]!;
    // Physical 3 + Firearms 3: 6 / 3 + 2 / 2 + 2 / 2 + 1.
    expect(pistol.columns.map((c) => c.value)).toEqual([6, 5, 4, 3]);
    expect(pistol.columns.map((c) => c.current)).toEqual([false, true, false, false]);
    expect(pistol.damage).toBe("+4");
    expect(context.combat.favoured[1]!.damage).toBe("");
    expect(context.combat.canAddFavoured).toBe(true);
  });

  it("adds up to four favoured actions, edits and removes them", () => {
    const system = inesSystem();
    const four = addFavoured(system, "Punch")!;
    expect(four).toHaveLength(4);
    expect(addFavoured(readActorSystem({ combat: { favoured: four } }), "Fifth")).toBeNull();
    expect(editFavoured(system, 0, "skill", "archery")?.[0]?.skill).toBe("archery");
    expect(editFavoured(system, 0, "skill", "juggling")).toBeNull();
    expect(editFavoured(system, 1, "kind", "offence")?.[1]?.kind).toBe("offence");
    expect(removeFavoured(system, 2)).toHaveLength(2);
  });

  it("lists weapons with damage, modifier and traits, and armour with protection", () => {
    const { context } = build();
    const pistol = context.combat.weapons.find((w) => w.name === "Pistol")!;
    expect([pistol.damage, pistol.modifierText, pistol.equipped]).toEqual(["+4", "0", true]);
    expect(pistol.traits).toContain("POLYVERSE.Tales.Sheet.Combat.Trait.range");
    expect(context.combat.armour.map((a) => [a.protection, a.modifier, a.equipped])).toEqual([[2, 1, true]]);
  });
});

describe("equipment and experience", () => {
  it("spends gear, manuscript and lodging points against 5 a level", () => {
    const { context } = build();
    const budgets = Object.fromEntries(context.equipment.budgets.map((b) => [b.key, [b.spent, b.total]]));
    // Equipment 2 from the Combatant hobby: 10 gear points; pistol 3, knife 1, jacket 2, kit 2, torch 1.
    expect(budgets).toEqual({ gear: [9, 10], manuscript: [2, 0], lodging: [2, 0] });
  });

  it("prices the next level from the XP table and buys it from the reserve", () => {
    const { context } = build();
    expect([context.xp.earned, context.xp.spent, context.xp.reserve]).toEqual([8, 3, 5]);
    const physical = context.xp.attributes.find((r) => r.ref === "attribute.physical")!;
    // Attribute 3 -> 4: new level + 5 = 9 XP, more than the reserve of 5.
    expect([physical.cost, physical.forbidden]).toEqual([9, true]);
    const acrobatics = context.xp.skillGroups[0]!.rows.find((r) => r.ref === "skill.acrobatics")!;
    expect([acrobatics.cost, acrobatics.forbidden]).toEqual([2, false]);

    const system = inesSystem();
    expect(buyLevel(system, parseXpTarget("skill.brawl")!)).toEqual({
      ok: true,
      cost: 4,
      level: 3,
      update: { "system.skills.brawl": 3, "system.xp.spent": 7 },
    });
    expect(buyLevel(system, parseXpTarget("connection.wealth")!)).toMatchObject({
      ok: true,
      cost: 3,
      update: { "system.connections.wealth.level": 2 },
    });
    expect(buyLevel(system, parseXpTarget("attribute.physical")!)).toEqual({
      ok: false,
      reason: "notEnoughXp",
      data: { cost: "9", reserve: "5" },
    });
    expect(buyLevel(inesSystem({ skills: { firearms: 6 } }), parseXpTarget("skill.firearms")!)).toMatchObject(
      {
        ok: false,
        reason: "atMaximum",
      },
    );
    expect(parseXpTarget("skill.juggling")).toBeNull();
  });

  it("lets only a GM edit the experience spent", () => {
    expect(build().context.xp.editSpent).toBe(false);
    expect(build(inesSystem(), { isGM: true }).context.xp.editSpent).toBe(true);
  });
});

describe("strings", () => {
  it("asks only for keys the language files have", () => {
    const { keys } = build();
    const ko = build(inesSystem({ health: { level: "ko" } }), { type: "tales-npc" });
    const modified = build(inesSystem({ combat: { favoured: [], initiativeModifier: 1 } }));
    const missing = [...keys, ...ko.keys, ...modified.keys].filter((k) => !hasKey(lang, k));
    expect(missing).toEqual([]);
  });
});
