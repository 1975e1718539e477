import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import { deriveLiving, type LivingSource } from "../../src/rulesets/verses/data/living";
import type { SkillSource } from "../../src/rulesets/verses/data/convert";
import { CHARACTER_TRAITS, CREATION_PROMPTS } from "../../src/rulesets/verses/rules";
import {
  PROMPT_CODES,
  buildActorSheetContext,
  parsePromptEntry,
  promptEntry,
  type ActorDetailsSource,
  type SheetItem,
} from "../../src/rulesets/verses/sheets/actor-context";
import type { PoolWorld, StoredContinuous } from "../../src/rulesets/verses/rolls/special";
import { hasKey } from "../lib/i18n";
import { ROOT } from "../lib/paths";
import { DOG_SOURCE, livingSource, skillSource } from "../lib/verses-sources";

const { lang } = mergeLanguage(join(ROOT, "lang", "en"));
const fragment = JSON.parse(readFileSync(join(ROOT, "lang", "en", "verses-actor-sheet.json"), "utf8"));

/** Records every key the builder asks for; fills placeholders so texts can be compared. */
function recorder() {
  const keys = new Set<string>();
  const localize = (key: string, data?: Record<string, string>) => {
    keys.add(key);
    return `${key}${data ? JSON.stringify(data) : ""}`;
  };
  return { keys, localize };
}

const EXTRA: ActorDetailsSource = {
  nativeTec: 5,
  advancement: {
    coreAwarded: 1,
    refinementAwarded: 4,
    coreAllocated: 0,
    refinementAllocated: 3,
    coreConverted: 0,
    refinementFromConversion: 0,
  },
  details: {
    biography: "<p>Bio</p>",
    traits: {
      groupA: { mental: "Clever", functional: "", social: "", physical: "" },
      groupB: { mental: "", functional: "", social: "", physical: "Scarred" },
    },
    prompts: ["13 Honesty", "Free note", "66"],
    wealth: 2,
    socialRank: 1,
    languages: ["Common", "Trade"],
  },
};

let n = 0;
const item = (name: string, type: string, system: Record<string, unknown>): SheetItem => ({
  id: `id${++n}`,
  name,
  type,
  img: "icons/svg/item-bag.svg",
  system,
});
const skill = (name: string, overrides: Partial<SkillSource>) =>
  item(name, "verses-skill", skillSource(overrides) as unknown as Record<string, unknown>);
const gear = (name: string, weight: number, extra: Record<string, unknown> = {}) =>
  item(name, "verses-gear", { quantity: 1, weight, value: 0, carried: true, ...extra });

const STELLAR = (allocated: number) =>
  skill("Stellar Navigation", {
    difficulty: 2,
    default: { kind: "skill", attribute: "smr", ability: "", skill: "Ship Systems", spec: "" },
    allocated,
  });
const SHIP = (allocated: number) => skill("Ship Systems", { difficulty: 2, allocated });

function build(
  items: SheetItem[],
  {
    source = livingSource(),
    statuses = [] as string[],
    tab = "skills",
    type = "verses-character",
    continuous = [] as StoredContinuous[],
    world = undefined as PoolWorld | undefined,
    extra = EXTRA,
  } = {},
) {
  const { keys, localize } = recorder();
  const derived = deriveLiving(source as LivingSource, { items, statuses: new Set(statuses), flags: {} });
  const context = buildActorSheetContext({
    name: "Anders",
    img: "icons/svg/mystery-man.svg",
    type,
    system: { ...source, ...derived, ...extra },
    items,
    editable: true,
    activeTab: tab,
    continuous,
    ...(world ? { world } : {}),
    localize,
  });
  return { context, keys };
}

const rowsOf = (context: ReturnType<typeof build>["context"]) =>
  context.skillGroups.flatMap((g) => g.rows.map((r) => ({ group: g.label, ...r })));

describe("the 'Verses actor sheet's skill tree", () => {
  it("TV-08 Anders: Stellar Navigation 1 > Ship Systems 1 > SMR 2 is a 4-dice pool (9d6 with 5AD), nested under Ship Systems", () => {
    const { context } = build([
      STELLAR(1),
      skill("Unarmed Combat", {
        default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
        allocated: 1,
      }),
      SHIP(1),
      skill("Biology", { allocated: 1 }),
    ]);
    expect(context.skillGroups.map((g) => g.label)).toEqual([
      "POLYVERSE.Verses.Attribute.smr.Abbr",
      "POLYVERSE.Verses.Attribute.prw.Abbr",
    ]);
    const rows = rowsOf(context);
    expect(rows.map((r) => [r.name, r.depth])).toEqual([
      ["Biology", 0],
      ["Ship Systems", 0],
      ["Stellar Navigation", 1],
      ["Unarmed Combat", 0],
    ]);
    const stellar = rows.find((r) => r.name === "Stellar Navigation")!;
    expect(stellar.pool.dice).toBe(4);
    expect(stellar.unallocated).toBe(false);
    expect(stellar.chain.map((c) => [c.label, c.dice])).toEqual([
      ["Stellar Navigation", 1],
      ["Ship Systems", 1],
      ["POLYVERSE.Verses.Attribute.smr.Abbr", 2],
    ]);
    expect(rows.find((r) => r.name === "Ship Systems")!.hasChildren).toBe(true);
  });

  it("TV-09 Gemma: Stellar Navigation unallocated shows its -2 and a pool of 1 (6d6 with 5AD)", () => {
    const rows = rowsOf(build([STELLAR(0), SHIP(1)]).context);
    const stellar = rows.find((r) => r.name === "Stellar Navigation")!;
    expect(stellar.unallocated).toBe(true);
    expect(stellar.penalty).toBe(-2);
    expect(stellar.penaltyText).toContain("−2");
    expect(stellar.pool.dice).toBe(1);
  });

  it("TV-10 Padma: both unallocated subtract 2 + 2 (SMR 2 - 4: no dice before AD; 3d6 with 5AD)", () => {
    const rows = rowsOf(build([STELLAR(0), SHIP(0)]).context);
    const stellar = rows.find((r) => r.name === "Stellar Navigation")!;
    expect(stellar.penalty).toBe(-4);
    expect(stellar.pool.dice).toBe(0);
    expect(stellar.chain.every((c) => c.root || !c.allocated)).toBe(true);
  });

  it("groups a skill rooted in an ability under it, and a chain through a skill the actor lacks apart", () => {
    const { context } = build([
      item("Scent Tracking", "verses-ability", {
        key: "scentTracking",
        allocated: 4,
        extrinsic: false,
        exBound: 0,
      }),
      skill("Tracker", {
        difficulty: 2,
        default: { kind: "ability", attribute: "smr", ability: "scentTracking", skill: "", spec: "" },
      }),
      STELLAR(1),
    ]);
    const groups = context.skillGroups.map((g) => [g.key, g.label, g.rows.map((r) => r.name)]);
    expect(groups).toEqual([
      ["ability:scenttracking", "Scent Tracking", ["Tracker"]],
      ["unresolved", "POLYVERSE.Verses.ActorSheet.Skills.Unresolved", ["Stellar Navigation"]],
    ]);
    const tracker = context.skillGroups[0]!.rows[0]!;
    expect(tracker.pool.dice).toBe(2);
    expect(tracker.penalty).toBe(-2);
    const stellar = context.skillGroups[1]!.rows[0]!;
    expect(stellar.pool.usable).toBe(false);
  });
});

describe("the 'Verses actor sheet's numbers", () => {
  it("shows the Human's derived attributes with their formulas, and the attribute pools", () => {
    const { context } = build([], { tab: "attributes" });
    expect(context.derived.map((d) => [d.key, d.value])).toEqual([
      ["ad", 5],
      ["cn", 12],
      ["hp", 10],
      ["maxCarry", 30],
      ["mv", 7],
      ["sk", 10],
    ]);
    expect(context.derived.find((d) => d.key === "ad")!.formula).toContain("3 + PRW");
    expect(context.attributes.map((a) => a.pool)).toEqual([2, 2, 2, 2]);
    expect(context.tabs.attributes.active).toBe(true);
    expect(context.tabs.skills.cssClass).toBe("");
  });

  it("TV-C13: 45 kg against Max Carry 30 is overloaded by 15 kg, -1 PRW; stored items weigh nothing", () => {
    const { context } = build([gear("Sacks", 15, { quantity: 3 }), gear("Chest", 40, { carried: false })]);
    expect(context.inventory.load).toMatchObject({
      carried: "45",
      maxCarry: "30",
      over: true,
      overBy: "15",
      prwPenalty: 1,
      exPerRound: 0,
      percent: 100,
    });
    expect(context.inventory.load.overload).toContain('"penalty":"1"');
    const chest = context.inventory.rows.find((r) => r.name === "Chest")!;
    expect([chest.carried, chest.load, chest.weight]).toEqual([false, "0", "40"]);
    expect(context.attributes.find((a) => a.key === "prw")).toMatchObject({
      value: 2,
      effective: 1,
      modified: true,
    });
  });

  it("more than twice Max Carry binds 1 EX per round", () => {
    const { context } = build([gear("Anvil", 61)]);
    expect(context.inventory.load.exPerRound).toBe(1);
    expect(context.inventory.load.exhaustion).not.toBe("");
  });

  it("a Dog creature: its species' formulas and values, HP as pips", () => {
    const { context } = build(
      [item("Dog", "verses-species", DOG_SOURCE as unknown as Record<string, unknown>)],
      {
        source: livingSource({ attributes: { smr: 2, prw: 2, tuf: 2, soc: 3 }, hp: { value: 4 } }),
        type: "verses-creature",
      },
    );
    expect(context.isCreature).toBe(true);
    expect(context.header.species.name).toBe("Dog");
    expect(context.derived.map((d) => d.value)).toEqual([5, 13, 6, 10, 10, 4]);
    expect(context.header.hp.pips!.map((p) => p.filled)).toEqual([true, true, true, true, false, false]);
  });

  it("AD pips: available, reserved, spent, EX-bound, never more than the pool", () => {
    const { context } = build([], {
      source: livingSource({ ad: { spent: 1, exBound: 1, reserved: { await: 0, dodge: 2, parry: 0 } } }),
    });
    expect(context.header.ad.pips.map((p) => p.state)).toEqual([
      "available",
      "reserved",
      "reserved",
      "spent",
      "exBound",
    ]);
    expect(context.header.ad.available).toBe(1);
  });

  it("the (core, refinement) figures and the dice left to allocate", () => {
    const { context } = build([]);
    expect(context.advancement.awarded).toBe("1, 4");
    expect(context.advancement.allocated).toBe("0, 3");
    expect(context.advancement.left).toEqual({ core: 1, refinement: 1, negative: false });
  });
});

describe("the 'Verses actor sheet's combat and forbidden actions", () => {
  const pistol = item("Handgun (small caliber)", "verses-weapon", {
    quantity: 1,
    weight: 0.8,
    carried: true,
    equipped: true,
    magazine: { size: 15, loaded: 12 },
    modes: [
      {
        name: "",
        skill: "Weapons » Modern Small Arms",
        test: "1S@2,4,8,15,30",
        damage: "2(b)",
        hands: 1,
        features: [{ name: "Reload", value: "3AD" }],
        area: "",
      },
    ],
  });
  const sword = item("Longsword", "verses-weapon", {
    quantity: 1,
    weight: 1.5,
    carried: true,
    equipped: true,
    modes: [
      {
        name: "",
        skill: "Weapons » Swords",
        test: "1S",
        damage: "3(s)",
        hands: 2,
        features: [{ name: "Parry", value: "3" }],
        area: "",
      },
    ],
  });
  const arms = skill("Weapons » Modern Small Arms", {
    skill: "Weapons",
    spec: "Modern Small Arms",
    repeatable: true,
    difficulty: 2,
    default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
    allocated: 2,
  });
  const swords = skill("Weapons » Swords", {
    skill: "Weapons",
    spec: "Swords",
    repeatable: true,
    difficulty: 3,
    default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
    allocated: 1,
  });
  const athletics = skill("Athletics", {
    default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
    addsTo: [{ hook: "dodge", mode: "skillDice", condition: "" }],
    allocated: 1,
  });

  it("one attack per mode with its pool; parry with a Parry weapon; dodge is PRW plus the skills that add to it", () => {
    const { context } = build([pistol, sword, arms, swords, athletics], { tab: "combat" });
    const [p, s] = [
      context.combat.weapons.find((w) => w.name.startsWith("Handgun"))!,
      context.combat.weapons.find((w) => w.name === "Longsword")!,
    ];
    expect(p.modes.map((m) => [m.pool.dice, m.forbidden])).toEqual([[4, null]]);
    expect(p.magazine).toBe("12/15");
    expect(s.modes[0]!.pool.dice).toBe(3);
    expect(context.combat.parries).toMatchObject([{ name: "Longsword", rating: 3, usable: true }]);
    expect(context.combat.parries[0]!.pool.dice).toBe(3);
    expect(context.combat.dodge.pool.dice).toBe(3);
    expect(context.combat.dodge.forbidden).toBeNull();
  });

  it("Watch on the sheet: SMR, and Stealth & Skulking listed as 'may add' for what it detects (issue #11)", () => {
    const stealth = skill("Stealth & Skulking", {
      default: { kind: "attribute", attribute: "prw", ability: "", skill: "", spec: "" },
      allocated: 2,
    });
    const { context } = build([stealth, athletics], { tab: "combat" });
    expect(context.combat.watch.pool.dice).toBe(2);
    expect(context.combat.watch.maybe).toEqual([
      "Stealth & Skulking +4 (POLYVERSE.Verses.AddOn.Situation.covertMovement)",
    ]);
    // Athletics is in the Dodge pool itself, its breakdown naming it.
    expect(context.combat.dodge.pool.dice).toBe(3);
    expect(context.combat.dodge.pool.breakdown).toContain("Athletics");
    expect(context.combat.dodge.maybe).toEqual([]);
  });

  it("Prone forbids Dodge, Parry and two-handed melee with the reason; the pistol stays allowed", () => {
    const { context, keys } = build([pistol, sword, arms, swords], { statuses: ["prone"], tab: "combat" });
    expect(context.combat.dodge.forbidden).toBe("POLYVERSE.Verses.ActorSheet.Forbidden.prone.noDodgeOrParry");
    expect(context.combat.parryForbidden).toBe("POLYVERSE.Verses.ActorSheet.Forbidden.prone.noDodgeOrParry");
    const sword2 = context.combat.weapons.find((w) => w.name === "Longsword")!;
    expect(sword2.modes[0]!.forbidden).toBe("POLYVERSE.Verses.ActorSheet.Forbidden.prone.noTwoHandedMelee");
    const gun = context.combat.weapons.find((w) => w.name.startsWith("Handgun"))!;
    expect(gun.modes[0]!.forbidden).toBeNull();
    // Prone does not stop tests.
    expect(context.attributes.every((a) => a.forbidden === null)).toBe(true);
    expect([...keys].every((k) => hasKey(lang, k) || !k.startsWith("POLYVERSE"))).toBe(true);
  });

  it("Unconscious forbids every test and attack", () => {
    const { context } = build([pistol, arms, STELLAR(1), SHIP(1)], { statuses: ["unconscious"] });
    expect(context.attributes.every((a) => a.forbidden !== null)).toBe(true);
    expect(rowsOf(context).every((r) => r.forbidden !== null)).toBe(true);
    expect(context.combat.weapons[0]!.modes[0]!.forbidden).not.toBeNull();
  });

  it("a skill-less mode (a Dog's Bite, PRW + 1AD) takes its pool from the attribute its TEST names", () => {
    const bite = item("Bite", "verses-weapon", {
      quantity: 1,
      weight: 0,
      carried: true,
      equipped: true,
      modes: [
        { name: "", skill: "", test: "PRW + 1AD → 1 S C", damage: "1(p)", hands: 0, features: [], area: "" },
      ],
    });
    const { context } = build([bite]);
    expect(context.combat.weapons[0]!.modes[0]).toMatchObject({
      skill: "POLYVERSE.Verses.Attribute.prw.Abbr",
      pool: { dice: 2, usable: true },
    });
  });

  it("the Horse's Kick (PRW + TUF + 3AD → 2S) shows both attributes, as the roll assembles it", () => {
    const kick = item("Kick", "verses-weapon", {
      quantity: 1,
      weight: 0,
      carried: true,
      equipped: true,
      modes: [
        {
          name: "",
          skill: "",
          test: "PRW + TUF + 3AD → 2S",
          damage: "3(c)",
          hands: 0,
          features: [],
          area: "",
        },
      ],
    });
    const { context } = build([kick], {
      source: livingSource({ attributes: { smr: 2, prw: 2, tuf: 3, soc: 2 } }),
    });
    expect(context.combat.weapons[0]!.modes[0]).toMatchObject({
      skill: "POLYVERSE.Verses.Attribute.prw.Abbr + POLYVERSE.Verses.Attribute.tuf.Abbr",
      pool: { dice: 5, usable: true },
    });
  });
});

describe("the 'Verses actor sheet's Tests panel", () => {
  const testsOf = (context: ReturnType<typeof build>["context"]) =>
    Object.fromEntries(context.tests.buttons.map((b) => [b.id, b]));
  const firstAid = skill("First Aid", { allocated: 2 });
  const kit = gear("Healer's Kit", 1, {
    kind: "tool",
    ol: 2,
    toolFor: ["Medicine"],
    supplyKind: "medical",
    supplies: 5,
  });

  it("offers Rest, Connectedness, Charm, Intimidate, Stabilize, Heal, Awaken, a continuous test, Lock Picking, Animal Training, commands and a social response; Survival only when Moribund", () => {
    const { context } = build([]);
    expect(context.tests.buttons.map((b) => b.id)).toEqual([
      "rest",
      "connectedness",
      "charm",
      "intimidate",
      "stabilise",
      "heal",
      "awaken",
      "continuous",
      "lockPicking",
      "trainAnimal",
      "commandAnimal",
      "social",
    ]);
    expect(context.tests.buttons.filter((b) => b.targeted).map((b) => b.id)).toEqual([
      "charm",
      "intimidate",
      "stabilise",
      "heal",
      "awaken",
      "trainAnimal",
      "commandAnimal",
    ]);
  });

  it("TV-41: Rest is disabled, with the reason, when nothing is EX-bound; TV-28: with 2 EX bound it is TUF 2 + AD against 2S", () => {
    const idle = testsOf(build([]).context);
    expect(idle.rest!.disabled).toBe("POLYVERSE.Verses.Tests.Reason.NothingBound");
    const tired = testsOf(
      build([], {
        source: livingSource({ ad: { spent: 0, exBound: 2, reserved: { await: 0, dodge: 0, parry: 0 } } }),
      }).context,
    );
    expect(tired.rest!.disabled).toBeNull();
    expect(tired.rest!.summary).toBe('POLYVERSE.Verses.ActorSheet.Tests.Summary.rest{"dice":"2","ex":"2"}');
  });

  it("TV-C11 and TV-C07: Connectedness CN 12 against 8S; Charm's own SOC 2 + SMR 2 before AD", () => {
    const t = testsOf(build([]).context);
    expect(t.connectedness!.summary).toBe(
      'POLYVERSE.Verses.ActorSheet.Tests.Summary.connectedness{"dice":"12","target":"8"}',
    );
    expect(t.charm!.summary).toBe('POLYVERSE.Verses.ActorSheet.Tests.Summary.charm{"dice":"4"}');
  });

  it("Stabilize and Heal need a skill that can treat someone and supplies to use", () => {
    const none = testsOf(build([]).context);
    expect(none.stabilise!.disabled).toBe("POLYVERSE.Verses.ActorSheet.Tests.NoStabiliseSkill");
    const noSupplies = testsOf(build([firstAid]).context);
    expect(noSupplies.stabilise!.disabled).toBe("POLYVERSE.Verses.ActorSheet.Tests.NoSupplies");
    const ready = testsOf(build([firstAid, kit]).context);
    expect(ready.stabilise!.disabled).toBeNull();
    // First Aid stabilizes but cannot heal.
    expect(ready.heal!.disabled).toBe("POLYVERSE.Verses.ActorSheet.Tests.NoHealSkill");
  });

  it("Moribund: only the Survival roll, TUF 2 + all AD against 6 - TUF = 4S; every other test says why not", () => {
    const { context } = build([firstAid, kit], {
      statuses: ["moribund"],
      source: livingSource({ hp: { value: 0 } }),
    });
    const t = testsOf(context);
    expect(t.survival!.disabled).toBeNull();
    expect(t.survival!.summary).toBe(
      'POLYVERSE.Verses.ActorSheet.Tests.Summary.survival{"dice":"7","needed":"4"}',
    );
    for (const id of ["connectedness", "charm", "intimidate", "stabilise", "heal", "awaken", "continuous"])
      expect(t[id]!.disabled, id).toBe("POLYVERSE.Verses.ActorSheet.Forbidden.moribund.survivalOnly");
  });

  it("lists the running continuous tests and healing courses; Unconscious cannot maintain them", () => {
    const airlock: StoredContinuous = {
      id: "airlock",
      label: "POLYVERSE.Verses.Attribute.tuf.Name",
      notation: "1S 1C",
      state: { continuation: 1, baseDice: 2, involvesSmr: false, roundsContinued: 2, active: true },
    };
    const course: StoredContinuous = {
      id: "course",
      label: "Medicine",
      notation: "3S 2C",
      state: { continuation: 2, baseDice: 9, involvesSmr: false, roundsContinued: 0, active: true },
      healing: {
        patientUuid: "Actor.phon",
        patientName: "Phon",
        skillUuid: "Item.m",
        supplyUuid: "Item.k",
        days: 1,
      },
    };
    const awake = build([], { continuous: [airlock, course] }).context.tests.running;
    expect(awake.map((r) => [r.label, r.notation, r.healing, r.forbidden])).toEqual([
      ["POLYVERSE.Verses.Attribute.tuf.Name", "1S 1C", false, null],
      ["Medicine", "3S 2C", true, null],
    ]);
    expect(awake[1]!.detail).toBe(
      'POLYVERSE.Verses.ActorSheet.Tests.Running.Course{"patient":"Phon","days":"1","next":"2"}',
    );
    const out = build([], { continuous: [airlock], statuses: ["unconscious"] }).context.tests.running;
    expect(out[0]!.forbidden).toBe("POLYVERSE.Verses.ActorSheet.Forbidden.unconscious.noActions");
  });

  it("TV-12: pools shown in the world's setting: Harry's Medicine 3 > Biology 3 > SMR 3 loses 1 die in a TEC 5 era (native TEC 4)", () => {
    const general = (name: string, allocated: number, def: string | null) =>
      skill(name, {
        allocated,
        tec: "general",
        default: def
          ? { kind: "skill", attribute: "smr", ability: "", skill: def, spec: "" }
          : { kind: "attribute", attribute: "smr", ability: "", skill: "", spec: "" },
      });
    const items = [
      general("Medicine", 3, "Biology"),
      general("Biology", 3, null),
      general("Chemistry", 1, null),
    ];
    const options = {
      source: livingSource({ attributes: { smr: 3, prw: 2, tuf: 2, soc: 2 } }),
      extra: { ...EXTRA, nativeTec: 4 },
    };
    const medicine = (world?: PoolWorld) =>
      rowsOf(build(items, { ...options, ...(world ? { world } : {}) }).context).find(
        (r) => r.name === "Medicine",
      )!;
    expect(medicine({ contextTec: 4 }).pool.dice).toBe(9);
    expect(medicine({ contextTec: 5 }).pool.dice).toBe(8);
  });
});

describe("the 'Verses actor sheet's biography", () => {
  it("reads prompt answers by their two dice, and writes them back", () => {
    expect(parsePromptEntry("13 Honesty, curiosity")).toEqual({ code: "13", answer: "Honesty, curiosity" });
    expect(parsePromptEntry("66")).toEqual({ code: "66", answer: "" });
    expect(parsePromptEntry("Free note")).toEqual({ code: null, answer: "Free note" });
    expect(parsePromptEntry("71 not a prompt")).toEqual({ code: null, answer: "71 not a prompt" });
    expect(promptEntry("13", "  Honesty ")).toBe("13 Honesty");
    expect(promptEntry("66", "")).toBe("66");
    expect(promptEntry(null, "")).toBe("");
    expect(PROMPT_CODES).toHaveLength(36);
  });

  it("shows the eight traits and the prompts with their text", () => {
    const { context } = build([], { tab: "biography" });
    expect(context.details.traits.map((g) => g.fields.map((f) => f.field))).toEqual([
      [
        "system.details.traits.groupA.mental",
        "system.details.traits.groupA.functional",
        "system.details.traits.groupA.social",
        "system.details.traits.groupA.physical",
      ],
      [
        "system.details.traits.groupB.mental",
        "system.details.traits.groupB.functional",
        "system.details.traits.groupB.social",
        "system.details.traits.groupB.physical",
      ],
    ]);
    expect(context.details.traits[0]!.fields[0]!.value).toBe("Clever");
    expect(context.details.prompts.map((p) => [p.code, p.prompt, p.answer])).toEqual([
      ["13", "POLYVERSE.Verses.ActorSheet.Prompts.13", "Honesty"],
      [null, "POLYVERSE.Verses.ActorSheet.Biography.FreeAnswer", "Free note"],
      ["66", "POLYVERSE.Verses.ActorSheet.Prompts.66", ""],
    ]);
    expect(context.details.languages).toBe("Common, Trade");
  });

  it("the English prompts and traits are the Core text's tables", () => {
    const sheet = fragment.POLYVERSE.Verses.ActorSheet;
    CREATION_PROMPTS.forEach((row, i) =>
      row.forEach((prompt, j) => expect(sheet.Prompts[`${i + 1}${j + 1}`]).toBe(prompt)),
    );
    for (const group of ["A", "B"] as const)
      for (const [category, list] of Object.entries(CHARACTER_TRAITS[group]))
        list.forEach((trait, i) => expect(sheet.Traits[group][category][String(i + 1)]).toBe(trait));
  });
});

describe("the 'Verses actor sheet's strings", () => {
  it("every key the context asks for is in the merged English strings", () => {
    const items = [
      STELLAR(0),
      SHIP(1),
      gear("Anvil", 70),
      item("Shield", "verses-armour", {
        quantity: 1,
        weight: 3,
        carried: true,
        class: "shield",
        worn: true,
        tuf: 3,
        resistance: "s, p, c",
        prwPenalty: 0,
        features: [{ name: "Parry", value: "3" }],
      }),
    ];
    for (const statuses of [[], ["prone"], ["unconscious"], ["stunned"], ["moribund"]]) {
      const { keys } = build(items, {
        statuses,
        continuous: [
          {
            id: "a",
            label: "Athletics",
            notation: "1S 1C",
            state: { continuation: 1, baseDice: 2, involvesSmr: false, roundsContinued: 0, active: true },
          },
        ],
      });
      const missing = [...keys].filter((k) => k.startsWith("POLYVERSE") && !hasKey(lang, k));
      expect(missing).toEqual([]);
    }
  });
});
