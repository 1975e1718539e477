// The 'Verses item, vehicle and society sheet contexts: the rules' checks beside their fields, the
// formula previews, the weapon mode rows, the society's rating labels, and the form-data and row
// helpers. Numbers from 'Verses Core 0.8.5 (spec §8).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ABILITIES,
  ATTRIBUTE_RATING_LABELS,
  POPULATION_SIZES,
  SOCIETY_ATTRIBUTES,
  TEC_LEVELS,
} from "../../src/rulesets/verses/rules";
import {
  addRow,
  checkValue,
  featureProblem,
  itemSheetContext,
  normaliseSubmit,
  removeRow,
  societyContext,
  speciesContext,
  vehicleContext,
  weaponContext,
  type FieldView,
  type SheetData,
} from "../../src/rulesets/verses/sheets/item-context";
import { hasKey } from "../lib/i18n";
import { ROOT } from "../lib/paths";

const lang = JSON.parse(readFileSync(join(ROOT, "lang", "en", "verses-item-sheet.json"), "utf8"));
const shared = JSON.parse(readFileSync(join(ROOT, "lang", "en", "verses.json"), "utf8"));
const known = (key: string) => hasKey(lang, key) || hasKey(shared, key);
const rulesLang = JSON.parse(readFileSync(join(ROOT, "lang", "en", "verses-rules.json"), "utf8"));
/** The English of a rules message, as the sheet shows it (lang/en/verses-rules.json). */
const english = (key: string, data: Record<string, string> = {}) => {
  const text = key.split(".").reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], rulesLang);
  if (typeof text !== "string") return key;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => data[k] ?? m);
};

const mode = (m: Record<string, unknown>) => ({
  name: "",
  skill: "",
  test: "1S",
  damage: "",
  hands: 1,
  features: [],
  area: "",
  indirect: false,
  ...m,
});

function weapon(system: Record<string, unknown>, name = "Rapier"): SheetData {
  return {
    name,
    img: "",
    type: "verses-weapon",
    editable: true,
    idPrefix: "t",
    system: {
      quantity: 1,
      weight: 1,
      value: 600,
      carried: true,
      tec: 1,
      modes: [mode({})],
      ammunition: "",
      magazine: { size: 0, loaded: 0 },
      equipped: false,
      ...system,
    },
  };
}

const byName = (fields: FieldView[], suffix: string) => fields.find((f) => f.name.endsWith(suffix))!;

/** Every i18n key a context names: labels, hints, options, problems, previews. */
function keysIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => keysIn(v, out));
  else if (value && typeof value === "object") {
    const rec = value as Record<string, unknown>;
    for (const [k, v] of Object.entries(rec)) {
      if (
        ["label", "hint", "key", "typeLabel", "legend", "empty", "placeholder", "removeLabel"].includes(k)
      ) {
        if (typeof v === "string" && /^(POLYVERSE|TYPES)\./.test(v) && rec.localize !== false) out.push(v);
      }
      keysIn(v, out);
    }
  }
  return out;
}

describe("weapon sheet", () => {
  it("the Rapier: one melee mode, 2(p) or 1(s), Chainable Fast Parry(2), no problems", () => {
    const ctx = weaponContext(
      weapon({
        modes: [
          mode({
            skill: "Weapons » Swords",
            damage: "2(p) or 1(s)",
            features: [
              { name: "Chainable", value: "" },
              { name: "Fast", value: "" },
              { name: "Parry", value: "2" },
            ],
          }),
        ],
      }),
    );
    expect(ctx.modes).toHaveLength(1);
    const [m] = ctx.modes;
    expect(m!.canRemove).toBe(false);
    const test = byName(m!.fields, ".test");
    expect(test).toMatchObject({ name: "system.modes.0.test", value: "1S", problem: null, check: "test" });
    expect(test.preview).toEqual([{ key: "POLYVERSE.Verses.ItemSheet.Range.Melee", target: 1 }]);
    const damage = byName(m!.damage, ".damage");
    expect(damage.problem).toBeNull();
    expect(damage.preview.map((p) => [p.key.split(".").pop(), p.value])).toEqual([
      ["p", 2],
      ["s", 1],
    ]);
    expect(m!.features.map((r) => r.text)).toEqual(["Chainable", "Fast", "Parry(2)"]);
    expect(m!.features.every((r) => r.fields.every((f) => f.problem === null))).toBe(true);
    expect(m!.features[2]!.fields[1]!.name).toBe("system.modes.0.features.2.value");
  });

  it("the Short Bow: 2S@10m,20,30,40,50 reads 2S up to 10 m ... 6S up to 50 m", () => {
    const ctx = weaponContext(
      weapon({ modes: [mode({ test: "2S@10m,20,30,40,50", damage: "2(p)", hands: 2 })] }),
    );
    const test = byName(ctx.modes[0]!.fields, ".test");
    expect(test.problem).toBeNull();
    expect(test.preview.map((p) => [p.target, p.metres])).toEqual([
      [2, 10],
      [3, 20],
      [4, 30],
      [5, 40],
      [6, 50],
    ]);
  });

  it("a Halberd's decreasing 2S@3m,2 and an Iron Bomb's indirect TEST and area damage", () => {
    expect(checkValue("test", "2S@3m,2").preview).toEqual([
      { key: "POLYVERSE.Verses.ItemSheet.Range.At", target: 2, metres: 3 },
      { key: "POLYVERSE.Verses.ItemSheet.Range.At", target: 3, metres: 2 },
    ]);
    const bomb = checkValue("test", "2S@3m,5,7,10 (indirect)");
    expect(bomb.preview.at(-1)).toEqual({ key: "POLYVERSE.Verses.ItemSheet.Range.Indirect" });
    expect(checkValue("area", "8(b)HP@1m,2,3").preview.map((p) => [p.value, p.metres])).toEqual([
      [8, 1],
      [7, 2],
      [6, 3],
    ]);
  });

  it("shows what the rules refuse beside the field and keeps the text as typed", () => {
    const ctx = weaponContext({
      localize: english,
      ...weapon({
        modes: [
          mode({
            test: "2S@10m,30,20",
            damage: "2(x)",
            area: "8(b)@3,2",
            features: [
              { name: "Reload", value: "4" },
              { name: "Parry", value: "two" },
              { name: "Throwable", value: "2S@2m,5,8" },
              { name: "", value: "3" },
            ],
          }),
        ],
        magazine: { size: 2, loaded: 3 },
      }),
    });
    const m = ctx.modes[0]!;
    const test = byName(m.fields, ".test");
    expect(test.value).toBe("2S@10m,30,20");
    // The rules' message in lang/en, in the user's language (the rules return its key and the text).
    expect(test.problem).toEqual({
      key: "POLYVERSE.Verses.ItemSheet.Problem.Test",
      detail: 'Range marks must all increase or all decrease: "2S@10m,30,20"',
    });
    // Without a localiser the detail is the message's key.
    expect(checkValue("test", "2S@10m,30,20").problem?.detail).toBe("POLYVERSE.Verses.Rules.rangeMarksOrder");
    expect(byName(m.damage, ".damage").problem?.detail).toBe(
      'Not a damage type (b, c, p, r, s): "x" in "2(x)"',
    );
    expect(byName(m.damage, ".area").problem?.detail).toBe('Area damage marks must increase: "8(b)@3,2"');
    expect(test.preview).toEqual([]);
    expect(byName(m.damage, ".damage").problem?.key).toBe("POLYVERSE.Verses.ItemSheet.Problem.Damage");
    expect(byName(m.damage, ".damage").value).toBe("2(x)");
    expect(byName(m.damage, ".area").problem?.key).toBe("POLYVERSE.Verses.ItemSheet.Problem.Area");
    expect(m.features.map((r) => r.fields[1]!.problem?.key ?? null)).toEqual([
      "POLYVERSE.Verses.ItemSheet.Problem.FeatureValue.reload",
      "POLYVERSE.Verses.ItemSheet.Problem.FeatureValue.parry",
      null,
      "POLYVERSE.Verses.ItemSheet.Problem.FeatureName",
    ]);
    expect(byName(ctx.magazine, ".loaded").problem).toEqual({
      key: "POLYVERSE.Verses.ItemSheet.Problem.Loaded",
      detail: "2",
    });
  });

  it("the Pistol Cutlass: two named modes, each removable, with their own rows", () => {
    const ctx = weaponContext(
      weapon({
        modes: [
          mode({ name: "Pistol", test: "1S@2m,4,8,10", damage: "2(b)" }),
          mode({
            name: "Blade",
            test: "2S",
            damage: "2(s) or 1(p)",
            features: [{ name: "Parry", value: "2" }],
          }),
        ],
      }),
    );
    expect(ctx.modes.map((m) => [m.number, m.title, m.named, m.canRemove])).toEqual([
      [1, "Pistol", true, true],
      [2, "Blade", true, true],
    ]);
    expect(ctx.modes[1]!.featuresPath).toBe("system.modes.1.features");
    expect(ctx.modes[1]!.fields.map((f) => f.id)).toContain("t-modes-1-test");
  });

  it("feature checks: the listings' own forms pass", () => {
    for (const text of [
      "Chainable",
      "Fast",
      "Parry(3)",
      "Reload(12AD)",
      "Reload(3AD/shot)",
      "Slow(3AD)",
      "Magazine(30)",
      "Unhanded(-2)",
      "Sustainable(4, 3)",
      "Throwable(1S@5m,10,15,20)",
      "Unwieldy",
    ])
      expect(featureProblem(text), text).toBeNull();
    expect(featureProblem("Slow(3)")?.key).toBe("POLYVERSE.Verses.ItemSheet.Problem.FeatureValue.slow");
    expect(featureProblem("Fast(2)")?.key).toBe("POLYVERSE.Verses.ItemSheet.Problem.FeatureNoValue");
    expect(featureProblem("Throwable(far)")?.key).toBe("POLYVERSE.Verses.ItemSheet.Problem.Test");
  });
});

describe("armour, ammunition and gear", () => {
  it("Mail TUF 4 s ⇒ c, p: resists s and p, s getting through becomes c", () => {
    const ctx = itemSheetContext({
      name: "Mail",
      img: "",
      type: "verses-armour",
      editable: true,
      system: {
        tec: 1,
        class: "medium",
        tuf: 4,
        resistance: "s ⇒ c, p",
        prwPenalty: 0,
        hands: 0,
        features: [],
      },
    });
    const resistance = byName(ctx.armour!.protection, ".resistance");
    expect(resistance.problem).toBeNull();
    expect(resistance.preview).toEqual([
      { key: "POLYVERSE.Verses.ItemSheet.Resistance.Resists", formula: "s, p" },
      { key: "POLYVERSE.Verses.ItemSheet.Resistance.Becomes", formula: "s", value: "c" },
    ]);
    expect(ctx.bodyTemplate).toBe("systems/polyverse/templates/verses/item/armour.hbs");
    // The Chariot's (s,p,r)⇒c: one line for the three types that turn into crushing.
    expect(checkValue("resistance", "(s,p,r)⇒c").preview[1]).toEqual({
      key: "POLYVERSE.Verses.ItemSheet.Resistance.Becomes",
      formula: "s, p, r",
      value: "c",
    });
    expect(checkValue("resistance", "s, p ⇒ c").problem?.key).toBe(
      "POLYVERSE.Verses.ItemSheet.Problem.Resistance",
    );
  });

  it("the Minié Ball: +2 once per attack, for Musket and Flintlock Pistol", () => {
    const ctx = itemSheetContext({
      name: "Minié Ball",
      img: "",
      type: "verses-ammunition",
      editable: true,
      system: { tec: 2, weapons: ["Musket", "Flintlock Pistol"], effect: "+2" },
    });
    expect(byName(ctx.ammunition!.general, ".effect").preview).toEqual([
      { key: "POLYVERSE.Verses.ItemSheet.Ammo.Bonus", value: 2 },
    ]);
    expect(ctx.ammunition!.weapons.entries.map((e) => [e.index, e.value])).toEqual([
      [0, "Musket"],
      [1, "Flintlock Pistol"],
    ]);
    expect(checkValue("ammoEffect", "⇒c").preview[0]).toMatchObject({ formula: "c" });
    expect(checkValue("ammoEffect", "+2(x)").problem?.key).toBe(
      "POLYVERSE.Verses.ItemSheet.Problem.AmmoEffect",
    );
  });

  it("a tool without an OL is flagged", () => {
    const gear = (ol: number) =>
      itemSheetContext({
        name: "Kit",
        img: "",
        type: "verses-gear",
        editable: true,
        system: { kind: "tool", ol, toolFor: ["Medicine"] },
      }).gear!.tool[0]!.problem;
    expect(gear(0)?.key).toBe("POLYVERSE.Verses.ItemSheet.Problem.ToolOl");
    expect(gear(2)).toBeNull();
  });
});

describe("skill and ability sheets", () => {
  it("Stellar Navigation: difficulty 2, default Skill Ship Systems", () => {
    const ctx = itemSheetContext({
      name: "Stellar Navigation",
      img: "",
      type: "verses-skill",
      editable: true,
      system: {
        skill: "Stellar Navigation",
        difficulty: 2,
        default: { kind: "skill", attribute: "smr", ability: "", skill: "Ship Systems", spec: "" },
        prerequisites: [],
        addsTo: [],
        chainLimit: { mode: "none", chain: "" },
        tec: "general",
      },
    }).skill!;
    expect(byName(ctx.identity, ".difficulty").value).toBe(2);
    expect(ctx.defaultFields.map((f) => [f.name, f.value])).toEqual([
      ["system.default.kind", "skill"],
      ["system.default.skill", "Ship Systems"],
      ["system.default.spec", ""],
    ]);
    expect(ctx.defaultFields.every((f) => f.problem === null)).toBe(true);
  });

  it("flags a default ability or a chain the rules would not find", () => {
    const ctx = itemSheetContext({
      name: "Tracker",
      img: "",
      type: "verses-skill",
      editable: true,
      system: {
        default: { kind: "ability", ability: "Scent Trackin", attribute: "smr", skill: "", spec: "" },
        prerequisites: [{ kind: "ability", name: "Sturdy", spec: "" }],
        addsTo: [],
        chainLimit: { mode: "sets", chain: "" },
      },
    }).skill!;
    expect(byName(ctx.defaultFields, ".ability").problem?.key).toBe(
      "POLYVERSE.Verses.ItemSheet.Problem.Ability",
    );
    expect(ctx.prerequisites[0]!.fields[1]!.problem).toBeNull();
    expect(byName(ctx.chainFields, ".chain").problem?.key).toBe("POLYVERSE.Verses.ItemSheet.Problem.Chain");
  });

  it("Pain Tolerance: the rules' text, intrinsic for biologicals; a construct is refused unless extrinsic", () => {
    const build = (kinds: string[], extrinsic: boolean) =>
      itemSheetContext({
        name: "Pain Tolerance",
        img: "",
        type: "verses-ability",
        editable: true,
        system: { key: "painTolerance", actorKinds: kinds, allocated: 1, extrinsic, exBound: 0 },
      }).ability!;
    const ok = build(["biological"], false);
    expect(ok.rules?.text).toMatch(/^If you are hit by an attack while maintaining a Continuous Test/);
    expect(ok.kinds.map((k) => [k.name, k.value, k.problem])).toEqual([
      ["actorKindFlags.biological", true, null],
      ["actorKindFlags.construct", false, null],
      ["actorKindFlags.incorporeal", false, null],
    ]);
    expect(build(["construct"], false).kinds[1]!.problem?.key).toBe(
      "POLYVERSE.Verses.ItemSheet.Problem.Intrinsic",
    );
    expect(build(["construct"], true).kinds[1]!.problem).toBeNull();
  });
});

describe("species sheet", () => {
  const human = {
    key: "human",
    kind: "biological",
    core: { smr: 2, prw: 2, tuf: 2, soc: 2 },
    derived: {
      ad: "3 + PRW",
      cn: "10 + SOC",
      hp: "TUF × 5",
      maxCarry: "TUF × 15",
      mv: "7m/AD",
      sk: "SMR × 5",
    },
    intrinsicAbilityChoices: { count: 2, dicePerAbility: 1, recommended: ["adrenalineRush", "multitasking"] },
    abilities: {},
  };
  const species = (system: Record<string, unknown>) =>
    speciesContext({ name: "S", img: "", type: "verses-species", editable: true, system, localize: english });

  it("the Human's formulas preview AD 5, CN 12, HP 10, Max Carry 30, MV 7, SK 10 (TV-C17)", () => {
    const ctx = species(human);
    expect(ctx.derived.map((f) => [f.name, f.problem, f.preview[0]!.value])).toEqual([
      ["system.derived.ad", null, 5],
      ["system.derived.cn", null, 12],
      ["system.derived.hp", null, 10],
      ["system.derived.maxCarry", null, 30],
      ["system.derived.mv", null, 7],
      ["system.derived.sk", null, 10],
    ]);
    expect(ctx.derived[3]!.preview[0]!.key).toBe("POLYVERSE.Verses.ItemSheet.Formula.Value.maxCarry");
    expect(ctx.recommended.entries.map((e) => e.label)).toEqual([
      "POLYVERSE.Verses.ItemSheet.Ability.adrenalineRush",
      "POLYVERSE.Verses.ItemSheet.Ability.multitasking",
    ]);
  });

  it("the Horse's core gives HP 12 and Max Carry 150 (TV-C19); a blank formula names the Human one", () => {
    const ctx = species({
      ...human,
      core: { smr: 2, prw: 2, tuf: 3, soc: 2 },
      derived: { ad: "", cn: "3 + SOC", hp: "TUF × 4", maxCarry: "TUF × 50", mv: "14m/AD", sk: "SMR × 1" },
      abilities: { physicalConditioning: 2 },
    });
    expect(ctx.derived.map((f) => f.preview.at(-1)!.value)).toEqual([5, 5, 12, 150, 14, 2]);
    expect(ctx.derived[0]!.preview).toEqual([
      { key: "POLYVERSE.Verses.ItemSheet.Formula.Human.plain", formula: "3 + PRW", value: 5 },
    ]);
    expect(ctx.abilities.map((a) => [a.key, a.dice, a.field.name])).toEqual([
      ["physicalConditioning", 2, "system.abilities.physicalConditioning"],
    ]);
    expect(ctx.abilityChoices.some((o) => o.value === "physicalConditioning")).toBe(false);
  });

  it("a formula the rules cannot read: the message, no value, the text kept", () => {
    const ctx = species({ ...human, derived: { ...human.derived, hp: "TUF × four" } });
    const hp = ctx.derived[2]!;
    expect(hp.value).toBe("TUF × four");
    expect(hp.preview).toEqual([]);
    expect(hp.problem).toEqual({
      key: "POLYVERSE.Verses.ItemSheet.Problem.Formula",
      detail: 'Unknown word "four" in the formula "TUF × four".',
    });
    expect(checkValue("formula", "3 +", { derived: "ad", localize: english }).problem?.detail).toBe(
      'The formula "3 +" ends with an operator.',
    );
  });
});

describe("vehicle and society sheets", () => {
  it("the Cart: 10 km/h, 3 m/AD, 1 m³, 100 kg, 200; team names shown", () => {
    const ctx = vehicleContext({
      name: "Cart",
      img: "",
      type: "verses-vehicle",
      editable: true,
      system: {
        vehicleType: "Cart",
        tec: 1,
        speedKmh: 10,
        mv: 3,
        cargoM3: 1,
        tuf: 0,
        resistance: "",
        hp: { value: 0, max: 0 },
        weight: 100,
        value: 200,
        animals: 1,
        team: ["Actor.a"],
        drivingSkill: "Driving » Cart",
      },
      teamNames: { "Actor.a": "Bess" },
    });
    expect(ctx.movement.map((f) => f.value)).toEqual([10, 3, 1]);
    expect(ctx.worth.map((f) => f.value)).toEqual([100, 200]);
    expect(ctx.team.entries).toEqual([{ index: 0, value: "Actor.a", label: "Bess", localize: false }]);
    expect(ctx.animals.problem).toBeNull();
    expect(ctx.header.typeLabel).toBe("TYPES.Actor.verses-vehicle");
  });

  it("the society's scales are the rules' own: None..Superior, Ancient..Future, POP 1 and 5 named", () => {
    const ctx = societyContext({
      name: "Harrowmere",
      img: "",
      type: "verses-society",
      editable: true,
      system: { jst: 2, mob: 1, tec: 2, tol: 3, pop: 4 },
    });
    expect(ctx.attributes.map((a) => a.key)).toEqual(SOCIETY_ATTRIBUTES.map((a) => a.key));
    const jst = ctx.attributes[0]!.field;
    expect(jst.options!.find((o) => o.selected)!.value).toBe("2");
    expect(jst.dtype).toBe("Number");
    const text = (key: string) =>
      key
        .split(".")
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], lang) as string;
    // The English labels carry the rules' words.
    ATTRIBUTE_RATING_LABELS.forEach((label, n) =>
      expect(text(jst.options![n]!.label)).toBe(`${n} · ${label}`),
    );
    const tec = ctx.attributes.find((a) => a.key === "tec")!.field;
    TEC_LEVELS.forEach((t, i) => expect(text(tec.options![i]!.label)).toBe(`${t.value} · ${t.level}`));
    POPULATION_SIZES.forEach((p, i) =>
      expect(text(ctx.pop.options![i]!.label)).toBe(p.label ? `${p.value} · ${p.label}` : String(p.value)),
    );
    for (const a of SOCIETY_ATTRIBUTES) {
      expect(text(`POLYVERSE.Verses.Society.FIELDS.${a.key}.label`)).toBe(a.name);
      expect(text(`POLYVERSE.Verses.Society.FIELDS.${a.key}.abbr`)).toBe(a.abbreviation);
      expect(text(`POLYVERSE.Verses.Society.FIELDS.${a.key}.hint`)).toBe(a.description);
    }
  });
});

describe("every key a context names is in the English strings", () => {
  it("for each item type, the vehicle and the society, with problems showing", () => {
    const keys: string[] = [];
    const types = [
      "verses-skill",
      "verses-ability",
      "verses-weapon",
      "verses-armour",
      "verses-ammunition",
      "verses-gear",
      "verses-species",
    ];
    for (const type of types)
      keys.push(...keysIn(itemSheetContext({ name: "X", img: "", type, editable: true, system: {} })));
    keys.push(
      ...keysIn(
        weaponContext(
          weapon({
            modes: [mode({ test: "x", damage: "y", area: "z", features: [{ name: "Parry", value: "a" }] })],
          }),
        ),
      ),
    );
    keys.push(
      ...keysIn(
        vehicleContext({
          name: "V",
          img: "",
          type: "verses-vehicle",
          editable: true,
          system: { team: ["a"] },
        }),
      ),
    );
    keys.push(
      ...keysIn(societyContext({ name: "S", img: "", type: "verses-society", editable: true, system: {} })),
    );
    expect(keys.length).toBeGreaterThan(100);
    expect([...new Set(keys)].filter((k) => !known(k))).toEqual([]);
  });

  it("every ability the rules know has a name", () => {
    for (const key of Object.keys(ABILITIES))
      expect(hasKey(lang, `POLYVERSE.Verses.ItemSheet.Ability.${key}`), key).toBe(true);
  });
});

describe("form data back into the documents' shapes", () => {
  it("rows keyed 0, 1 ... become arrays, merged over the stored rows, nested features too", () => {
    const source = {
      modes: [
        mode({ name: "Pistol", features: [{ name: "Reload", value: "12AD" }] }),
        mode({ name: "Blade" }),
      ],
    };
    const submitted = {
      modes: {
        "0": { name: "Pistol", test: "1S@2m,4,8,10", features: { "0": { name: "Reload", value: "12AD" } } },
        "1": { name: "Blade", test: "2S" },
      },
    };
    const out = normaliseSubmit("verses-weapon", submitted, source);
    expect(Array.isArray(out.modes)).toBe(true);
    const modes = out.modes as Record<string, unknown>[];
    expect(modes[0]).toMatchObject({
      name: "Pistol",
      test: "1S@2m,4,8,10",
      hands: 1,
      features: [{ name: "Reload", value: "12AD" }],
    });
    expect(modes[1]).toMatchObject({ name: "Blade", test: "2S", features: [] });
    expect(submitted.modes["0"].features).toEqual({ "0": { name: "Reload", value: "12AD" } });
  });

  it("string lists drop blanks; ability kind boxes become actorKinds", () => {
    expect(
      normaliseSubmit(
        "verses-ammunition",
        { weapons: { "0": "Musket", "1": " ", "2": "Flintlock Pistol" } },
        {},
      ).weapons,
    ).toEqual(["Musket", "Flintlock Pistol"]);
    expect(
      normaliseSubmit(
        "verses-ability",
        { allocated: 1 },
        {},
        { actorKindFlags: { biological: true, construct: false, incorporeal: true } },
      ),
    ).toEqual({ allocated: 1, actorKinds: ["biological", "incorporeal"] });
  });

  it("add and remove rows: a mode, a feature of the second mode, an entry; a weapon keeps one mode", () => {
    const system = {
      modes: [mode({ name: "Pistol" }), mode({ name: "Blade", features: [{ name: "Parry", value: "2" }] })],
      weapons: ["Musket"],
    };
    const added = addRow(system, "system.modes")!;
    expect(added.path).toBe("system.modes");
    expect(added.value).toHaveLength(3);
    expect(added.added).toBe("system.modes.2");
    const feature = addRow(system, "system.modes.1.features")!;
    expect(feature.path).toBe("system.modes");
    expect((feature.value[1] as { features: unknown[] }).features).toEqual([
      { name: "Parry", value: "2" },
      { name: "", value: "" },
    ]);
    expect(feature.added).toBe("system.modes.1.features.1");
    expect(system.modes[1]!.features).toHaveLength(1);
    expect(addRow(system, "system.weapons", "Flintlock Pistol")!.value).toEqual([
      "Musket",
      "Flintlock Pistol",
    ]);
    expect(addRow(system, "system.weapons", "  ")).toBeNull();
    expect(
      (removeRow(system, "system.modes.1.features", 0)!.value[1] as { features: unknown[] }).features,
    ).toEqual([]);
    expect(removeRow(system, "system.modes", 0)!.value).toHaveLength(1);
    expect(removeRow({ modes: [mode({})] }, "system.modes", 0)).toBeNull();
    expect(addRow({ prerequisites: [] }, "system.prerequisites")!.value).toEqual([
      { kind: "skill", name: "", spec: "" },
    ]);
  });
});
