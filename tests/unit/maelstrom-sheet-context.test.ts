// The Maelstrom character sheet's context (sheets/character-context.ts), Foundry-free: what each
// tab shows, built from Rhea (tests/lib/maelstrom-sheet-sources.ts), and the updates the sheet
// applies (dots, damage, healing, experience), all worked out by the rules layer.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  bankPoints,
  buyDot,
  buySpecialty,
  characterSheetContext,
  boxClickUpdate,
  damageUpdate,
  grantAward,
  healUpdate,
  isHeldItemType,
  ratingUpdate,
  readActorSystem,
  sheetTrack,
  type MaelstromActorSystem,
  type SheetItem,
} from "../../src/rulesets/maelstrom/sheets/character-context";
import { hasKey } from "../lib/i18n";
import { rheaItems, rheaSystem } from "../lib/maelstrom-sheet-sources";
import { ROOT as REPO } from "../lib/paths";

const { lang } = mergeLanguage(join(REPO, "lang", "en"));

/** Records every key the builder asks for; fills placeholders so texts can be compared. */
function recorder() {
  const keys = new Set<string>();
  const localize = (key: string, data?: Record<string, string>) => {
    keys.add(key);
    return `${key}${data ? JSON.stringify(data) : ""}`;
  };
  return { keys, localize };
}

function build(
  system: MaelstromActorSystem = rheaSystem(),
  {
    items = rheaItems(),
    editable = true,
    isGM = false,
    woundPenalties = undefined as string | undefined,
  } = {},
) {
  const { keys, localize } = recorder();
  const context = characterSheetContext({
    name: "Rhea",
    img: "icons/svg/mystery-man.svg",
    type: "maelstrom-character",
    system,
    items,
    editable,
    isGM,
    activeTab: "traits",
    ...(woundPenalties !== undefined ? { woundPenalties } : {}),
    localize,
  });
  return { context, keys };
}

const ROOT = "POLYVERSE.Maelstrom.Sheet";

describe("every string the sheet asks for is in lang/en", () => {
  it("editable, as a GM, and read-only", () => {
    const asked = new Set<string>();
    for (const options of [{ isGM: true }, { editable: false }]) {
      for (const k of build(rheaSystem(), options).keys) asked.add(k);
    }
    const broken = rheaSystem({
      willpower: { max: 3, value: 0, rallied: false },
      health: { bashing: 0, lethal: 8, aggravated: 0, dead: true },
    });
    for (const k of build(broken).keys) asked.add(k);
    const missing = [...asked].filter((k) => !hasKey(lang, k));
    expect(missing).toEqual([]);
  });
});

describe("the Traits tab", () => {
  it("lists the attributes by group and the abilities by category, as rows of five dots", () => {
    const { context } = build();
    const { attributeGroups, abilityGroups } = context.traits;
    expect(attributeGroups.map((g) => [g.group, g.rows.map((r) => r.key)])).toEqual([
      ["physical", ["strength", "precision", "reflexes"]],
      ["mental", ["perception", "intelligence", "wits"]],
    ]);
    expect(abilityGroups.map((g) => [g.category, g.rows.length])).toEqual([
      ["talent", 8],
      ["skill", 8],
      ["knowledge", 8],
    ]);
    const precision = attributeGroups[0]!.rows[1]!;
    expect(precision.dots.path).toBe("system.attributes.precision");
    expect(precision.dots.dots.map((d) => d.filled)).toEqual([true, true, true, true, false]);
    expect(precision.dots.dots[2]!.label).toBe(
      `${ROOT}.Dots.Dot{"name":"POLYVERSE.Maelstrom.Attribute.precision","value":"3","max":"5"}`,
    );
    // One tab stop per row: the top dot.
    expect(precision.dots.dots.map((d) => d.tabindex)).toEqual([-1, -1, -1, 0, -1]);
  });

  it("gives each category its zero-dot rule; a knowledge at 0 dots is refused with the reason", () => {
    const { context } = build();
    const [talents, skills, knowledges] = context.traits.abilityGroups;
    expect(talents!.rule).toBe(`${ROOT}.Traits.ZeroRule.talent`);
    const investigation = talents!.rows.find((r) => r.key === "investigation")!;
    expect(investigation.roll).toMatchObject({ forbidden: false, tooltip: `${ROOT}.Traits.ZeroRule.talent` });
    const artistry = skills!.rows.find((r) => r.key === "artistry")!;
    expect(artistry.roll).toMatchObject({ forbidden: false, tooltip: `${ROOT}.Traits.ZeroRule.skill` });
    const science = knowledges!.rows.find((r) => r.key === "science")!;
    expect(science.roll).toMatchObject({ forbidden: true, tooltip: `${ROOT}.Traits.KnowledgeRefused` });
    const medicine = knowledges!.rows.find((r) => r.key === "medicine")!;
    expect(medicine.roll).toMatchObject({ forbidden: false, tooltip: "" });
  });

  it("lists specialties under their ability with their kind, inert while the ability has no dots", () => {
    const { context } = build();
    const rows = context.traits.abilityGroups.flatMap((g) => g.rows);
    const specs = (key: string) => rows.find((r) => r.key === key)!.specialties;
    expect(specs("piloting").map((s) => [s.name, s.kind, s.inert])).toEqual([
      ["Zero-g maneuvers", "advanced", false],
    ]);
    expect(specs("survival")[0]).toMatchObject({ name: "Terrain", subject: "Vacuum", kind: "general" });
    expect(specs("science").map((s) => [s.name, s.inert])).toEqual([["Orbital mechanics", true]]);
    expect(specs("alertness")).toEqual([]);
  });
});

describe("Willpower", () => {
  it("draws 10 permanent dots and 10 current boxes, the boxes above the permanent rank not pressable", () => {
    const { context } = build();
    const { permanent, current } = context.willpower;
    expect(permanent).toMatchObject({ path: "system.willpower.max", value: 4, min: 1, max: 10 });
    expect(permanent.dots).toHaveLength(10);
    expect(current).toMatchObject({ path: "system.willpower.value", value: 2, min: 0, ceiling: 4 });
    expect(current.dots.map((d) => d.disabled)).toEqual([false, false, false, false, ...Array(6).fill(true)]);
    expect(context.willpower.broken).toBe(false);
  });

  it("notes a broken character at zero, until rallied", () => {
    const zero = (rallied: boolean) =>
      build(rheaSystem({ willpower: { max: 3, value: 0, rallied } })).context.willpower;
    expect(zero(false)).toMatchObject({ broken: true, atZero: true });
    expect(zero(true)).toMatchObject({ broken: false, atZero: true, rallied: true });
  });

  it("keeps current at or below permanent when either is set, and clears the rally mark above zero", () => {
    const system = rheaSystem({ willpower: { max: 5, value: 4, rallied: false } });
    expect(ratingUpdate(system, "system.willpower.max", 3)).toEqual({
      "system.willpower.max": 3,
      "system.willpower.value": 3,
      "system.willpower.rallied": false,
    });
    expect(ratingUpdate(system, "system.willpower.value", 9)).toMatchObject({ "system.willpower.value": 5 });
    const rallied = rheaSystem({ willpower: { max: 3, value: 0, rallied: true } });
    expect(ratingUpdate(rallied, "system.willpower.value", 1)).toMatchObject({
      "system.willpower.rallied": false,
    });
    expect(ratingUpdate(system, "system.willpower.max", 0)).toMatchObject({ "system.willpower.max": 1 });
  });

  it("sets attribute and ability dots within 0..5, and nothing else", () => {
    const system = rheaSystem();
    expect(ratingUpdate(system, "system.attributes.wits", 5)).toEqual({ "system.attributes.wits": 5 });
    expect(ratingUpdate(system, "system.abilities.heavyWeapons", 7)).toEqual({
      "system.abilities.heavyWeapons": 5,
    });
    expect(ratingUpdate(system, "system.abilities.cooking", 1)).toBeNull();
    expect(ratingUpdate(system, "system.xp.total", 1)).toBeNull();
    expect(ratingUpdate(system, "system.attributes.wits", 1.5)).toBeNull();
  });
});

describe("the health track", () => {
  it("draws the default eight boxes with their marks, penalties and labels", () => {
    const { context } = build();
    const { boxes } = context.health;
    expect(boxes.map((b) => b.glyph)).toEqual(["X", "/", "/", "", "", "", "", ""]);
    expect(boxes.map((b) => b.penalty)).toEqual([
      "",
      "",
      "\u22121",
      "\u22122",
      "\u22123",
      "\u22124",
      "\u22125",
      "",
    ]);
    expect(boxes.map((b) => b.label)).toEqual([
      "",
      "",
      `${ROOT}.Health.Label.hurt`,
      `${ROOT}.Health.Label.injured`,
      "",
      "",
      "",
      `${ROOT}.Health.Label.incapacitated`,
    ]);
    expect(context.health).toMatchObject({ total: 3, max: 8, penalty: 1, incapacitated: false, dead: false });
    expect(context.health.status).toBe(`${ROOT}.Health.Label.hurt`);
  });

  it("follows the world's track and Huge Size's extra top box", () => {
    const huge: SheetItem = {
      id: "huge000000000001",
      name: "Huge Size",
      type: "maelstrom-merit",
      img: "",
      sort: 0,
      system: { key: "hugeSize", points: 4 },
    };
    const { context } = build(rheaSystem(), { items: [huge], woundPenalties: "0,1,2,0" });
    expect(context.health.boxes.map((b) => b.penalty)).toEqual(["", "", "\u22121", "\u22122", ""]);
    expect(context.health.boxes.map((b) => b.glyph)).toEqual(["X", "/", "/", "", ""]);
  });

  it("prefers the track the data model derived", () => {
    const system = readActorSystem({
      ...rheaSystem(),
      derived: {
        health: {
          track: [
            { index: 0, penalty: 0 },
            { index: 1, penalty: 2 },
            { index: 2, penalty: 0, label: "incapacitated" },
          ],
        },
        willpowerBroken: false,
      },
    } as unknown as Record<string, unknown>);
    expect(sheetTrack(system, [], "0,0,1,2,3,4,5,0")).toHaveLength(3);
    expect(build(system).context.health).toMatchObject({ total: 3, max: 3, incapacitated: true });
  });

  it("shows incapacitation and death", () => {
    const full = build(rheaSystem({ health: { bashing: 0, lethal: 8, aggravated: 0, dead: false } }));
    expect(full.context.health).toMatchObject({
      incapacitated: true,
      status: `${ROOT}.Health.Incapacitated`,
    });
    const dead = build(rheaSystem({ health: { bashing: 0, lethal: 8, aggravated: 0, dead: true } }));
    expect(dead.context.health).toMatchObject({ dead: true, status: `${ROOT}.Health.Dead` });
  });

  it("marks damage and heals the least serious first, through the rules layer", () => {
    const system = rheaSystem();
    expect(damageUpdate(system, [], "aggravated").update).toEqual({
      "system.health.bashing": 2,
      "system.health.lethal": 1,
      "system.health.aggravated": 1,
      "system.health.dead": false,
    });
    expect(healUpdate(system, [])).toMatchObject({ "system.health.bashing": 1, "system.health.lethal": 1 });
    const full = rheaSystem({ health: { bashing: 0, lethal: 8, aggravated: 0, dead: false } });
    expect(damageUpdate(full, [], "bashing")).toMatchObject({
      died: true,
      update: { "system.health.dead": true },
    });
  });

  it("a box clicked takes one more line: / becomes X, X becomes *, * clears; an empty box marks bashing", () => {
    // Rhea's track: [X][/][/][ ]... (one lethal, two bashing), the text's own example.
    const system = rheaSystem({ health: { bashing: 2, lethal: 1, aggravated: 0, dead: false } });
    const health = (u: ReturnType<typeof boxClickUpdate>) => [
      u?.["system.health.aggravated"],
      u?.["system.health.lethal"],
      u?.["system.health.bashing"],
    ];
    expect(health(boxClickUpdate(system, [], 0))).toEqual([1, 0, 2]); // X -> *
    expect(health(boxClickUpdate(system, [], 1))).toEqual([0, 2, 1]); // / -> X: [X][X][/]
    expect(health(boxClickUpdate(system, [], 5))).toEqual([0, 1, 3]); // empty: one more bashing, from the top
    const agg = rheaSystem({ health: { bashing: 0, lethal: 0, aggravated: 1, dead: false } });
    expect(health(boxClickUpdate(agg, [], 0))).toEqual([0, 0, 0]);
    expect(boxClickUpdate(system, [], 8)).toBeNull();
    expect(boxClickUpdate(system, [], -1)).toBeNull();
  });
});

describe("the Experience tab", () => {
  it("shows the ledger, the traits with points banked, and a price per trait", () => {
    const { context } = build();
    expect(context.xp).toMatchObject({ total: 34, available: 3, spent: 26, bankedTotal: 5 });
    expect(context.xp.banked.map((b) => [b.ref, b.points])).toEqual([
      ["abilities.firearms", 1],
      ["abilities.piloting", 4],
    ]);
    expect(context.xp.bankChoices).toHaveLength(31);
    const rows = [...context.xp.buy.attributes, ...context.xp.buy.abilities, ...context.xp.buy.willpower];
    const row = (ref: string) => rows.find((r) => r.ref === ref)!;
    // Piloting 3 -> 4 costs 8: 4 banked + 3 available is not enough.
    expect(row("abilities.piloting")).toMatchObject({ forbidden: true, banked: 4 });
    expect(row("abilities.piloting").label).toBe(`${ROOT}.Xp.BuyDot{"cost":"8"}`);
    expect(row("abilities.piloting").reason).toBe(
      `${ROOT}.Xp.Refused.notEnoughXp{"cost":"8","banked":"4","available":"3"}`,
    );
    // Investigation 0 -> 1 costs 2: affordable.
    expect(row("abilities.investigation")).toMatchObject({ forbidden: false, reason: "" });
    expect(row("attributes.precision").label).toBe(`${ROOT}.Xp.BuyDot{"cost":"15"}`);
    expect(row("willpower").label).toBe(`${ROOT}.Xp.BuyDot{"cost":"5"}`);
  });

  it("buys a dot from the trait's bank first, then available", () => {
    const system = rheaSystem();
    system.xp.available = 10;
    const bought = buyDot(system, "abilities.piloting");
    expect(bought.ok).toBe(true);
    if (!bought.ok) return;
    expect(bought.value["system.abilities.piloting"]).toBe(4);
    expect(bought.value["system.xp"]).toMatchObject({ available: 6, spent: 34 });
    expect((bought.value["system.xp"] as typeof system.xp).bank.abilities.piloting).toBe(0);
  });

  it("refuses a dot past the top or beyond the points", () => {
    const system = rheaSystem();
    expect(buyDot(system, "attributes.precision")).toMatchObject({ ok: false, reason: "notEnoughXp" });
    system.attributes.precision = 5;
    expect(buyDot(system, "attributes.precision")).toEqual({ ok: false, reason: "atMaximum" });
  });

  it("a permanent Willpower dot also gives a current one", () => {
    const system = rheaSystem();
    system.xp.available = 5;
    const bought = buyDot(system, "willpower");
    expect(bought.ok && bought.value).toMatchObject({
      "system.willpower.max": 5,
      "system.willpower.value": 3,
    });
  });

  it("banks available points, buys specialties at 2 and 3, and grants awards", () => {
    const xp = rheaSystem().xp;
    const banked = bankPoints(xp, "attributes.wits", 2);
    expect(banked.ok && [banked.value.available, banked.value.bank.attributes.wits]).toEqual([1, 2]);
    expect(bankPoints(xp, "attributes.wits", 4)).toMatchObject({ ok: false, reason: "notEnoughAvailable" });
    expect(bankPoints(xp, "abilities.cooking", 1)).toMatchObject({ ok: false, reason: "unknownTrait" });
    const general = buySpecialty(xp, "alertness", "general");
    expect(general.ok && general.value.available).toBe(1);
    const advanced = buySpecialty(xp, "piloting", "advanced");
    expect(advanced.ok && [advanced.value.available, advanced.value.bank.abilities.piloting]).toEqual([3, 1]);
    const award = grantAward(xp, "heroism");
    expect(award.ok && [award.value.total, award.value.available]).toEqual([35, 4]);
    expect(grantAward(xp, "bribery").ok).toBe(false);
  });

  it("lists the seven awards; only a GM may grant them", () => {
    expect(build().context.xp.awards.map((a) => a.key)).toEqual([
      "participation",
      "creativity",
      "roleplaying",
      "heroism",
      "victory",
      "hazard",
      "ingenuity",
    ]);
    expect(build().context.xp.canGrant).toBe(false);
    expect(build(rheaSystem(), { isGM: true }).context.xp.canGrant).toBe(true);
  });
});

describe("the Merits & Flaws and Equipment tabs", () => {
  it("totals merit costs and flaw awards and runs the creation check", () => {
    const { context } = build();
    expect(context.merits).toMatchObject({ meritCost: 3, flawAward: 4 });
    expect(context.merits.merits[0]!.option).toBe(`${ROOT}.Sense.hearing`);
    expect(context.merits.flaws.map((f) => [f.name, f.active, f.ability])).toEqual([
      ["Phobia", true, ""],
      ["Inept", false, "POLYVERSE.Maelstrom.Ability.driving"],
    ]);
    expect(context.merits.creation!.problems).toEqual([]);
    expect(context.merits.creation!.budget).toMatch(/^POLYVERSE\.Maelstrom\.Sheet\.Creation\.Budget/);
  });

  it("names the problems: a Willpower below the start, Inept on an ability without dots", () => {
    const system = rheaSystem({ willpower: { max: 2, value: 2, rallied: false } });
    system.abilities.driving = 0;
    const { problems } = build(system).context.merits.creation!;
    expect(problems).toContain(`${ROOT}.Creation.willpowerBelowStart{"value":"2","start":"3"}`);
    expect(problems).toContain(
      `${ROOT}.Creation.ineptWithoutDots{"ability":"POLYVERSE.Maelstrom.Ability.driving"}`,
    );
  });

  it("draws weapons with the text's columns and armour with its ratings", () => {
    const { context } = build();
    const [pistol, knife] = context.equipment.weapons;
    expect(pistol).toMatchObject({
      damage: "4",
      damageKey: "lethal",
      range: "20",
      rate: "3",
      capacity: "17+1",
      loaded: 12,
    });
    expect(knife).toMatchObject({
      melee: true,
      damage: `${ROOT}.Equipment.StrengthPlus{"damage":"1"}`,
      hasAmmo: false,
    });
    expect(context.equipment.armor.map((a) => [a.name, a.lethal, a.equipped])).toEqual([
      ["Armored vest", 3, true],
      ["Vacuum suit", 1, false],
    ]);
  });
});

describe("what a drop may add", () => {
  it("the five Maelstrom types a character holds; not the ability reference nor another ruleset's items", () => {
    for (const t of [
      "maelstrom-specialty",
      "maelstrom-merit",
      "maelstrom-flaw",
      "maelstrom-weapon",
      "maelstrom-armor",
    ])
      expect(isHeldItemType(t), t).toBe(true);
    for (const t of ["maelstrom-ability", "verses-weapon", ""]) expect(isHeldItemType(t), t).toBe(false);
  });
});

describe("readActorSystem", () => {
  it("reads a malformed or partial system with the models' initial values", () => {
    const system = readActorSystem({ attributes: { strength: 3 }, willpower: { value: "x" } });
    expect(system.attributes).toMatchObject({ strength: 3, wits: 1 });
    expect(system.abilities.firearms).toBe(0);
    expect(system.willpower).toEqual({ max: 3, value: 3, rallied: false });
    expect(system.xp).toMatchObject({ total: 30, available: 30, spent: 0 });
    expect(system.health).toEqual({ bashing: 0, lethal: 0, aggravated: 0, dead: false });
  });
});
