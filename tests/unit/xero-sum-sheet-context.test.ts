// The Xero Sum character sheet's context (sheets/character-context.ts), Foundry-free: what each tab
// shows, built from Ada (tests/lib/xero-sum-sheet-sources.ts), with `system.derived` from the data
// layer (rules `secondaryStats`), and the updates the sheet applies (pools, stress boxes, Lasting
// Wounds, First Impressions, Backstory Generation, a dropped paradigm).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  CHARACTER_SHEET_TABS,
  ROLL_KINDS,
  addLastingWound,
  addRelationship,
  addSpend,
  backstoryApplyUpdate,
  carriedEncumbrance,
  characterSheetContext,
  editRelationship,
  isHeldItemType,
  paradigmUpdate,
  poolUpdate,
  readActorSystem,
  removeLastingWound,
  removeRelationship,
  removeSpend,
  skillsByAttribute,
  stressUpdate,
  tabsFor,
  type RollAvailability,
  type XeroSumActorSystem,
} from "../../src/rulesets/xero-sum/sheets/character-context";
import { hasKey } from "../lib/i18n";
import { ROOT as REPO } from "../lib/paths";
import { adaItems, adaSource, adaSystem, withDerived } from "../lib/xero-sum-sheet-sources";

const { lang } = mergeLanguage(join(REPO, "lang", "en"));

function recorder() {
  const keys = new Set<string>();
  const localize = (key: string, data?: Record<string, string>) => {
    keys.add(key);
    return `${key}${data ? JSON.stringify(data) : ""}`;
  };
  return { keys, localize };
}

/** Text as the language file gives it, placeholders filled. */
const english = (key: string, data?: Record<string, string>) => {
  const text = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], lang);
  return String(text ?? key).replace(/\{(\w+)\}/g, (m, k: string) => data?.[k] ?? m);
};

const ALL: RollAvailability = Object.fromEntries(ROLL_KINDS.map((k) => [k, true]));

function build(
  system: XeroSumActorSystem = adaSystem(),
  options: {
    type?: string;
    editable?: boolean;
    rolls?: RollAvailability;
    barter?: "acu" | "inf";
    localize?: (key: string, data?: Record<string, string>) => string;
    items?: ReturnType<typeof adaItems>;
  } = {},
) {
  const { keys, localize } = recorder();
  const context = characterSheetContext({
    name: "Ada Kestrel",
    img: "",
    type: options.type ?? "xero-sum-character",
    system,
    items: options.items ?? adaItems(),
    editable: options.editable ?? true,
    isGM: false,
    activeTab: "skills",
    rolls: options.rolls ?? ALL,
    settings: options.barter ? { barterAttribute: options.barter } : {},
    localize: options.localize ?? localize,
  });
  return { context, keys };
}

const attribute = (context: ReturnType<typeof build>["context"], key: string) =>
  context.skills.attributes.find((a) => a.key === key)!;
const skill = (context: ReturnType<typeof build>["context"], key: string) =>
  context.skills.attributes.flatMap((a) => a.skills).find((s) => s.key === key)!;

describe("reading the actor", () => {
  it("reads a missing or malformed field as the model's initial value; starred skills start at −3", () => {
    const system = readActorSystem({ attributes: { rsn: "x" }, state: { panic: { key: "nope" } } });
    expect(system.attributes).toEqual({ rsn: 0, acu: 0, phy: 0, inf: 0, dex: 0 });
    expect([system.skills.mechanic, system.skills.tactics, system.skills.athletics]).toEqual([-3, -3, 0]);
    expect([system.wp, system.rp, system.insight, system.morality, system.stress]).toEqual([10, 6, 2, 3, 0]);
    expect(system.state.panic).toEqual({ key: "", rounds: 0 });
    expect(system.creation.method).toBe("backstory");
  });

  it("reads Table 5 from system.derived, and nothing where it is not there", () => {
    const ada = adaSystem();
    // WP 10 + PHY 0 + DEX 1 − 1 (Weakened); RP 6 + 0; ENC 6 + 0 + 2 (the backpack carried).
    expect([ada.derived.woundPoints, ada.derived.resiliencePoints, ada.derived.encumbrance]).toEqual([
      10, 6, 8,
    ]);
    // Melee DM = PHY, Ranged DM = DEX (the prose, not Table 5's swapped labels); Panic Threshold 6 / 2.
    expect([ada.derived.meleeDefence, ada.derived.rangedDefence, ada.derived.panicThreshold]).toEqual([
      0, 1, 3,
    ]);
    const bare = readActorSystem(adaSource());
    expect(bare.derived.woundPoints).toBeNull();
    expect(bare.derived.attributes).toEqual(bare.attributes);
  });

  it("holds weapons and equipment; professions and paradigms are drops, not held items", () => {
    expect(isHeldItemType("xero-sum-weapon")).toBe(true);
    expect(isHeldItemType("xero-sum-equipment")).toBe(true);
    expect(isHeldItemType("xero-sum-profession")).toBe(false);
    expect(isHeldItemType("tales-gear")).toBe(false);
  });
});

describe("attributes and skills", () => {
  it("groups the 24 skills under their attributes in Table 16's order (Barter per the setting)", () => {
    const groups = skillsByAttribute();
    expect(Object.values(groups).map((g) => g.length)).toEqual([5, 5, 5, 5, 4]);
    expect(groups.rsn).toEqual(["generalKnowledge", "mechanic", "medicine", "research", "tactics"]);
    expect(groups.acu[0]).toBe("barter");
    expect(skillsByAttribute("inf").inf).toContain("barter");
    const { context } = build(adaSystem(), { barter: "inf" });
    expect(attribute(context, "inf").skills.map((s) => s.key)).toContain("barter");
  });

  it("offers Table 2's values: −2 Lame to +4 Human Peak, +5 Animalistic for an NPC", () => {
    const { context } = build(adaSystem(), { localize: english });
    const acu = attribute(context, "acu");
    expect(acu.options.map((o) => o.label)).toEqual([
      "−2 Lame",
      "−1 Weak",
      "0 Average",
      "+1 Good",
      "+2 Strong",
      "+3 Exceptional",
      "+4 Human Peak",
    ]);
    expect(acu.options.find((o) => o.selected)?.value).toBe(2);
    const npc = build(adaSystem(), { type: "xero-sum-npc", localize: english }).context;
    expect(attribute(npc, "phy").options.at(-1)?.label).toBe("+5 Animalistic");
  });

  it("offers a starred skill −3 or +1..+4 only (the first level jumps −3 → +1), others 0..+4", () => {
    const { context } = build(adaSystem(), { localize: english });
    expect(skill(context, "tactics").options.map((o) => o.label)).toEqual([
      "−3 Inept",
      "+1 Beginner",
      "+2 Journeyman",
      "+3 Professional",
      "+4 Life's Work",
    ]);
    expect(skill(context, "tactics").starred).toBe(true);
    expect(skill(context, "athletics").options.map((o) => o.value)).toEqual([0, 1, 2, 3, 4]);
    expect(skill(context, "mechanic").options.find((o) => o.selected)?.value).toBe(1);
  });

  it("still shows a stored value no rule offers rather than another", () => {
    const system = adaSystem({ skills: { ...(adaSource().skills as object), athletics: -3 } });
    const options = skill(build(system).context, "athletics").options;
    expect(options.map((o) => o.value)).toEqual([-3, 0, 1, 2, 3, 4]);
    expect(options.find((o) => o.selected)?.value).toBe(-3);
  });

  it("gives each skill its check modifier, AMod + SMod", () => {
    const { context } = build();
    // Scavenging +3 with Acumen +2; Tactics* −3 with Reason +1; Psychology* −3 with Influence −1.
    expect([
      skill(context, "scavenging").total,
      skill(context, "tactics").total,
      skill(context, "psychology").total,
    ]).toEqual(["+5", "−2", "−4"]);
    expect(skill(context, "farming").untrained).toBe(true);
  });

  it("shows an attribute lowered by a Lasting Wound beside its value", () => {
    const system = adaSystem({ lastingWounds: ["shellShock"] });
    const dex = attribute(build(system).context, "dex");
    expect([dex.value, dex.effective, dex.reduced]).toEqual([1, "−1", true]);
    expect(skill(build(system).context, "rangedCombat").total).toBe("+1");
  });

  it("prints Table 5 signed where it is a modifier, a dash where derived data is missing", () => {
    const stats = build().context.skills.secondary;
    const by = (k: string) => stats.find((s) => s.key === k)!;
    expect([by("woundPoints").value, by("initiative").value, by("perception").value]).toEqual([
      "10",
      "+3",
      "+3",
    ]);
    const bare = build(readActorSystem(adaSource())).context;
    expect(bare.skills.derivedMissing).toBe(true);
    expect(bare.skills.secondary.every((s) => s.value === "—")).toBe(true);
  });
});

describe("roll buttons", () => {
  it("are drawn only for the kinds the rolls table has", () => {
    const none = build(adaSystem(), { rolls: {} }).context;
    expect(attribute(none, "rsn").roll).toBeNull();
    expect(skill(none, "medicine").roll).toBeNull();
    expect(none.skills.secondary.find((s) => s.key === "perception")?.roll).toBeNull();
    expect(none.story.drives.map((d) => d.roll)).toEqual([null, null]);
    expect(none.vitals.stress.roll).toBeNull();
    expect(none.weapons.rows.every((w) => w.attack === null && w.upkeep === null)).toBe(true);
    expect(none.story.relationships.every((r) => r.roll === null)).toBe(true);

    const checks = build(adaSystem(), { rolls: { check: true } }).context;
    expect(attribute(checks, "rsn").roll).not.toBeNull();
    expect(skill(checks, "medicine").roll).not.toBeNull();
    expect(checks.skills.secondary.find((s) => s.key === "perception")?.roll).toBeNull();

    const all = build().context;
    expect(all.story.drives.every((d) => d.roll !== null)).toBe(true);
    expect(all.vitals.stress.roll).not.toBeNull();
  });

  it("a broken weapon's attack button says why it cannot be used", () => {
    const rows = build().context.weapons.rows;
    expect(rows.find((w) => w.id === "sledge")?.attackRefused).toContain("Sledgehammer");
    expect(rows.find((w) => w.id === "rifle")?.attackRefused).toBe("");
  });
});

describe("vitals", () => {
  it("shows WP and RP of their maxima, the states as chips, the Panic Threshold reached", () => {
    const { context } = build(adaSystem(), { localize: english });
    expect([
      context.vitals.wp.value,
      context.vitals.wp.max,
      context.vitals.rp.value,
      context.vitals.rp.max,
    ]).toEqual([7, 10, 3, 6]);
    expect(context.vitals.panicking).toBe(true);
    expect(context.actor.chips.map((c) => c.label)).toEqual(["Panic: Twitchy (rounds left: 2)", "Winded"]);
    expect(context.vitals.stress.boxes.map((b) => b.filled)).toEqual([true, true, false, false, false]);
  });

  it("moves a pool within 0 and its maximum", () => {
    const ada = adaSystem();
    expect(poolUpdate(ada, "wp", 5)).toEqual({ "system.wp.value": 10 });
    expect(poolUpdate(ada, "rp", -4)).toEqual({ "system.rp.value": 0 });
    expect(poolUpdate(ada, "insight", 1)).toEqual({ "system.insight.value": 4 });
    expect(poolUpdate(adaSystem({ wp: { value: 10 } }), "wp", 1)).toBeNull();
    expect(poolUpdate(ada, "wp", 0)).toBeNull();
  });

  it("fills the Breaking Point boxes up to the one pressed, clears a filled one and those after", () => {
    const ada = adaSystem(); // 2 filled
    expect(stressUpdate(ada, 4)).toEqual({ "system.stress.value": 4 });
    expect(stressUpdate(ada, 2)).toEqual({ "system.stress.value": 1 });
    expect(stressUpdate(ada, 1)).toEqual({ "system.stress.value": 0 });
    expect(stressUpdate(ada, 6)).toBeNull();
    expect(stressUpdate(ada, 0)).toBeNull();
  });
});

describe("health", () => {
  it("lists the Lasting Wounds with what each does (Table 11)", () => {
    const { context } = build(adaSystem({ lastingWounds: ["lostEye", "weakened", "shellShock"] }), {
      localize: english,
    });
    expect(context.health.lastingWounds.map((w) => [w.name, w.effect])).toEqual([
      ["Lost Eye", "−1 on checks using Dexterity"],
      ["Weakened", "Wound Points −1"],
      ["Shell Shock", "Dexterity −2"],
    ]);
    expect(context.health.woundChoices[0]?.label).toBe("2: Lost Eye");
    expect(context.health.woundChoices.at(-1)?.label).toBe("12: Shell Shock");
  });

  it("adds a wound (the same one twice if taken twice) and removes one", () => {
    const ada = adaSystem();
    expect(addLastingWound(ada, "weakened")).toEqual(["lostEye", "weakened", "weakened"]);
    expect(addLastingWound(ada, "bruised")).toBeNull();
    expect(removeLastingWound(ada, 0)).toEqual(["weakened"]);
    expect(removeLastingWound(ada, 5)).toBeNull();
  });

  it("shows a mortal wound's countdown and the panic and reaction choices in 2d6 order", () => {
    const dying = adaSystem({
      state: { ...(adaSource().state as object), mortallyWounded: true, deathRounds: 4 },
    });
    const { context } = build(dying, { localize: english });
    expect(context.health.mortal.dying).toBe(true);
    expect(context.health.mortal.dyingNote).toContain("4");
    expect(context.actor.chips[0]?.label).toBe("Mortally wounded (rounds to death: 4)");
    expect(context.health.panic.options.find((o) => o.selected)?.label).toBe("4: Twitchy");
    expect(context.health.breakingPoint.options.map((o) => o.value).slice(0, 2)).toEqual([
      "",
      "uncontrollableFear",
    ]);
  });
});

describe("story", () => {
  it("offers Table 6 and 7 with their 2d6 totals, or the player's own", () => {
    const { context } = build(adaSystem(), { localize: english });
    const [complication, motivation] = context.story.drives;
    expect(complication?.options.find((o) => o.selected)?.label).toBe("7: Dark Secret");
    expect(complication?.own).toBe(false);
    expect(motivation?.own).toBe(true);
    expect(motivation?.custom.value).toBe("Find her brother in the northern camps");
    expect(motivation?.options.find((o) => o.value === "stayAlive")?.label).toBe("11: Stay Alive");
  });

  it("edits the First Impressions: a name, one of the four lasting CMods, added and removed", () => {
    const ada = adaSystem();
    const { context } = build(ada, { localize: english });
    expect(context.story.relationships[0]?.options.map((o) => o.label)).toEqual([
      "+1 favourable",
      "0 no strong feeling",
      "−1 terrible",
      "−5 threatening",
    ]);
    expect(addRelationship(ada).at(-1)).toEqual({ name: "", cmod: 0 });
    expect(editRelationship(ada, 0, "cmod", "-5")?.[0]).toEqual({ name: "Sheriff Dunn", cmod: -5 });
    expect(editRelationship(ada, 0, "cmod", "-3")).toBeNull();
    expect(editRelationship(ada, 1, "name", "  Marta  ")?.[1]?.name).toBe("Marta");
    expect(editRelationship(ada, 3, "name", "x")).toBeNull();
    expect(removeRelationship(ada, 0)).toEqual([{ name: "Old Marta", cmod: 1 }]);
  });
});

describe("weapons and equipment", () => {
  it("shows each weapon's damage (+ PHY in melee), ammunition, condition and characteristics", () => {
    const rows = build(adaSystem(), { localize: english }).context.weapons.rows;
    const rifle = rows.find((w) => w.id === "rifle")!;
    expect([rifle.damage, rifle.addsPhy, rifle.ammo?.loaded, rifle.ammo?.clip, rifle.ammo?.reloads]).toEqual([
      "5+1d6",
      false,
      3,
      5,
      2,
    ]);
    expect(rifle.characteristics).toEqual(["Tracking"]);
    const sledge = rows.find((w) => w.id === "sledge")!;
    expect([sledge.addsPhy, sledge.ammo, sledge.characteristics]).toEqual([
      true,
      null,
      ["Cumbersome (2)", "Unwieldy (1)"],
    ]);
    expect(rows.find((w) => w.id === "machete")?.conditionEffect).toBe("−1 CMod when used.");
    expect(rows.find((w) => w.id === "rifle")?.conditionEffect).toBeNull();
  });

  it("totals the encumbrance carried (every weapon, the equipment carried) against the capacity", () => {
    // Weapons 2 + 1 + 3, backpack 1, kit 1, binoculars 1; the tent (3) is left behind.
    expect(carriedEncumbrance(adaItems())).toBe(9);
    const { context } = build(adaSystem(), { localize: english });
    expect([context.equipment.encumbrance.carried, context.equipment.encumbrance.capacity]).toEqual([9, "8"]);
    expect(context.equipment.encumbrance.over).toBe(true);
    const binoculars = context.equipment.rows.find((e) => e.id === "binoculars")!;
    // A compendium item names when its bonus applies by key; an item of one's own in words.
    expect(binoculars.bonuses).toEqual(["+1 Perception (at Long or Distant range)"]);
    const own = build(adaSystem(), {
      localize: english,
      items: adaItems().map((i) =>
        i.id === "binoculars"
          ? {
              ...i,
              system: { ...i.system, bonuses: [{ target: "stealth", value: 2, context: "in the dark" }] },
            }
          : i,
      ),
    }).context.equipment.rows.find((e) => e.id === "binoculars")!;
    expect(own.bonuses).toEqual(["+2 Stealth (in the dark)"]);
    expect(context.equipment.rows.find((e) => e.id === "firstAid")?.heal).toBe("Heals 1+1d3 over 24 hours");
    expect(context.equipment.rows.find((e) => e.id === "tent")?.carried).toBe(false);
  });
});

describe("creation", () => {
  it("tracks each step's CDP against its budget through validateBackstory", () => {
    const { context } = build(adaSystem(), { localize: english });
    const backstory = context.creation!.backstory!;
    // Steps One to Five give 1/2, 1/3, 1/3, 2/5, 0/2 CDP (attributes/skills).
    expect(backstory.steps.map((s) => [s.attribute.budget, s.skill.budget])).toEqual([
      [1, 2],
      [1, 3],
      [1, 3],
      [2, 5],
      [0, 2],
    ]);
    expect(backstory.steps.map((s) => [s.attribute.spent, s.skill.spent])).toEqual([
      [1, 2],
      [1, 3],
      [0, 0],
      [1, 1],
      [0, 0],
    ]);
    expect(backstory.totals.attribute).toBe("Attribute CDP: 3 of 5");
    expect(backstory.totals.skill).toBe("Skill CDP: 6 of 15");
    expect(backstory.problems).toEqual([]);
    expect(backstory.canApply).toBe(true);
    // Mechanic* −3 → +1 with its first CDP; Scavenging 0 → +3 over Steps One and Four.
    expect(backstory.skills.map((s) => `${s.name} ${s.value}`)).toContain(
      "POLYVERSE.XeroSum.Skill.mechanic +1",
    );
    expect(backstory.skills.map((s) => `${s.name} ${s.value}`)).toContain(
      "POLYVERSE.XeroSum.Skill.scavenging +3",
    );
  });

  it("lists a broken rule, and will not set the sheet from it", () => {
    // A third CDP on Navigation in Step Two would take it past Step Two's +2.
    const spends = [...adaSystem().creation.spends, { step: 2, kind: "skill" as const, key: "navigation" }];
    const system = adaSystem({ creation: { method: "backstory", spends, done: false } });
    const backstory = build(system, { localize: english }).context.creation!.backstory!;
    expect(backstory.problems.some((p) => p.includes("Navigation") && p.includes("+2"))).toBe(true);
    expect(backstory.canApply).toBe(false);
    expect(backstoryApplyUpdate(system)).toBeNull();
  });

  it("sets the attributes and skills the backstory comes to", () => {
    const update = backstoryApplyUpdate(adaSystem())!;
    expect(update["system.attributes.acu"]).toBe(2);
    expect(update["system.attributes.dex"]).toBe(0);
    expect(update["system.skills.mechanic"]).toBe(1);
    expect(update["system.skills.tactics"]).toBe(-3);
    expect(update["system.skills.navigation"]).toBe(2);
  });

  it("adds and takes back a CDP", () => {
    const ada = adaSystem();
    expect(addSpend(ada, 3, "skill:stealth")?.at(-1)).toEqual({ step: 3, kind: "skill", key: "stealth" });
    expect(addSpend(ada, 5, "attribute:dex")?.at(-1)).toEqual({ step: 5, kind: "attribute", key: "dex" });
    expect(addSpend(ada, 6, "skill:stealth")).toBeNull();
    expect(addSpend(ada, 3, "skill:fishing")).toBeNull();
    expect(removeSpend(ada, 0)?.length).toBe(ada.creation.spends.length - 1);
  });

  it("checks the narrative steps", () => {
    const checklist = build(adaSystem(), { localize: english }).context.creation!.checklist;
    expect(checklist.map((c) => [c.key, c.done])).toEqual([
      ["threeWords", false],
      ["complication", true],
      ["motivation", true],
      ["weapons", true],
      ["equipment", true],
    ]);
  });

  it("applies a paradigm: its RAPID Range and skills, the character's own drives kept", () => {
    const paradigm = {
      attributes: { rsn: 2, acu: 1, phy: 0, inf: 1, dex: -1 },
      skills: { medicine: 3, psychology: 1 },
      complication: "familyObligation",
      motivation: "protect",
    };
    const { update, problems } = paradigmUpdate(paradigm, adaSystem());
    expect(update["system.creation.method"]).toBe("paradigm");
    expect([update["system.attributes.rsn"], update["system.attributes.dex"]]).toEqual([2, -1]);
    expect([update["system.skills.medicine"], update["system.skills.tactics"]]).toEqual([3, -3]);
    // Ada has a Dark Secret and a Motivation of her own: both kept.
    expect(update["system.narrative.complication"]).toBeUndefined();
    expect(update["system.narrative.motivation"]).toBeUndefined();
    // Only two of the Three Words are chosen.
    expect(problems.map((p) => p.key)).toEqual(["threeWords"]);
    const blank = adaSystem({
      narrative: { ...(adaSource().narrative as object), complication: "", customMotivation: "" },
    });
    const fresh = paradigmUpdate(paradigm, blank).update;
    expect([fresh["system.narrative.complication"], fresh["system.narrative.motivation"]]).toEqual([
      "familyObligation",
      "protect",
    ]);
  });
});

describe("the sheet as a whole", () => {
  it("has six tabs for a character, no creation tab for an NPC", () => {
    expect(tabsFor("xero-sum-character")).toEqual(CHARACTER_SHEET_TABS);
    expect(tabsFor("xero-sum-npc")).not.toContain("creation");
    const npc = build(readActorSystem(withDerived(adaSource(), [])), {
      type: "xero-sum-npc",
      items: [],
    }).context;
    expect(npc.creation).toBeNull();
    expect(Object.keys(npc.tabs)).not.toContain("creation");
  });

  it("asks only for keys the language files have", () => {
    const { keys } = build();
    const npc = build(adaSystem(), { type: "xero-sum-npc", rolls: {} });
    const missing = [...keys, ...npc.keys].filter((k) => !hasKey(lang, k));
    expect(missing).toEqual([]);
  });

  it("names every label the templates localise with keys the language files have", () => {
    const { context } = build();
    const labels: string[] = [
      ...Object.values(context.tabs).map((t) => t.label),
      context.actor.typeLabel,
      ...context.skills.secondary.flatMap((s) => [s.label, s.hint]),
      ...context.story.threeWords.map((w) => w.label),
      ...context.story.drives.flatMap((d) => [d.label, d.custom.label]),
      ...context.story.details.map((d) => d.label),
      context.health.incapacitated.label,
      context.health.mortal.deathRounds.label,
      context.health.food.label,
      ...context.weapons.rows.flatMap((w) => [w.skill, w.range, ...w.conditionOptions.map((o) => o.label)]),
      ...context.equipment.rows.map((e) => e.rarity),
      ...context.creation!.method.options.map((o) => o.label),
      ...context.creation!.backstory!.steps.map((s) => s.title),
      ...context.creation!.backstory!.attributes.map((a) => a.name),
    ];
    expect(labels.filter((k) => !hasKey(lang, k))).toEqual([]);
  });
});
