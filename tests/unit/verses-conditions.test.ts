import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import { hasKey } from "../lib/i18n";
import { ROOT } from "../lib/paths";
import { livingSource } from "../lib/verses-sources";
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import {
  CONDITION_ICONS,
  FORBIDDEN_REASONS,
  SPECIAL_STATUS_EFFECTS,
  actionNameKey,
  conditionDescriptionHtml,
  conditionMechanics,
  conditionStatusData,
  explainForbidden,
  forbiddenRefusal,
  formatMessage,
  forbiddenReasonKey,
  impliedConditionsToAdd,
  intoxicatedEffectChanges,
  messageKeys,
  worldConditionIds,
  type I18nMessage,
  type Localizer,
} from "../../src/rulesets/verses/base/conditions-logic";
import {
  versesStatusEffects,
  versesSpecialStatusEffects,
} from "../../src/rulesets/verses/documents/conditions";
import {
  VERSES_SETTINGS,
  defaultSettingValues,
  ruleOptionsFrom,
  settingLabelKeys,
  type VersesSettingName,
} from "../../src/rulesets/verses/base/settings";
import {
  ALL_ACTION_IDS,
  CONDITIONS,
  CORE_CONDITION_IDS,
  healingTest,
  pistolCutlassChainLimit,
  riseFromProneAD,
  type ConditionId,
  type HealingOptions,
} from "../../src/rulesets/verses/rules";

const { lang, problems } = mergeLanguage(join(ROOT, "lang", "en")) as {
  lang: Record<string, unknown>;
  problems: string[];
};

/** A stand-in for game.i18n over the merged English strings. */
const i18n: Localizer = {
  localize(key) {
    let node: unknown = lang;
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === "string" ? node : key;
  },
  format(key, data) {
    return this.localize(key).replace(/\{(\w+)\}/g, (m, k: string) => data[k] ?? m);
  },
};
const text = (m: I18nMessage) => formatMessage(m, i18n);
const missing = (messages: readonly I18nMessage[]) =>
  messages.flatMap(messageKeys).filter((k) => !hasKey(lang, k));

const actor = (statuses: string[] = [], flags: Record<string, unknown> = {}) => ({
  items: [],
  statuses: new Set(statuses),
  flags,
});

describe("'Verses conditions as status effects", () => {
  it("the language fragments merge cleanly", () => {
    expect(problems).toEqual([]);
  });

  it("offers the eight core conditions, and Intoxicated only with the Intoxication module", () => {
    expect(worldConditionIds(false)).toEqual([...CORE_CONDITION_IDS]);
    expect(worldConditionIds(false)).toHaveLength(8);
    expect(worldConditionIds(true)).toEqual([...CORE_CONDITION_IDS, "intoxicated"]);
    expect(versesStatusEffects(false).map((s) => s.id)).toEqual([...CORE_CONDITION_IDS]);
    expect(versesStatusEffects(true).map((s) => s.id)).toContain("intoxicated");
  });

  it("ids are the rules' ConditionIds, names the condition keys, icons Foundry's core svg set", () => {
    for (const effect of versesStatusEffects(true)) {
      const id = effect.id as ConditionId;
      expect(CONDITIONS[id]).toBeDefined();
      expect(effect.name).toBe(`POLYVERSE.Verses.Condition.${id}`);
      expect(hasKey(lang, effect.name)).toBe(true);
      expect(effect.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
      expect(effect.img).toBe(CONDITION_ICONS[id]);
      expect(hasKey(lang, effect.description as string)).toBe(true);
      expect(
        (effect.flags as { polyverse: { verses: { condition: string } } }).polyverse.verses.condition,
      ).toBe(id);
    }
  });

  it("no condition changes system.modifiers (deriveLiving applies them from the statuses): no double count", () => {
    for (const id of CORE_CONDITION_IDS) expect(conditionStatusData(id).changes).toEqual([]);
    // A Human with every attribute at 2 has AD 5 (TV-C17). Afraid: AD -1 and SMR tests -2 dice, once.
    const afraid = deriveLiving(livingSource(), actor(["afraid"]));
    expect(afraid.adMax).toBe(4);
    expect(afraid.attributePools).toEqual({ smr: 0, prw: 2, tuf: 2, soc: 2 });
    // Stunned: AD -4, PRW and SMR -2. Sickened: -3. Together: 5 - 7 = 0, never below.
    expect(deriveLiving(livingSource(), actor(["stunned"])).adMax).toBe(1);
    expect(deriveLiving(livingSource(), actor(["sickened"])).adMax).toBe(2);
    expect(deriveLiving(livingSource(), actor(["stunned", "sickened"])).adMax).toBe(0);
    expect(deriveLiving(livingSource(), actor(["unconscious"])).adMax).toBe(0);
  });

  it("Intoxicated alone carries changes: its level's attribute changes, which deriveLiving does not apply", () => {
    expect(conditionStatusData("intoxicated").changes).toEqual([
      { key: "system.modifiers.attributes.prw", mode: 2, value: "-1" },
      { key: "system.modifiers.attributes.soc", mode: 2, value: "1" },
    ]);
    expect(intoxicatedEffectChanges(4)).toEqual([
      { key: "system.modifiers.attributes.smr", mode: 2, value: "-4" },
      { key: "system.modifiers.attributes.prw", mode: 2, value: "-4" },
      { key: "system.modifiers.attributes.tuf", mode: 2, value: "-3" },
      { key: "system.modifiers.attributes.soc", mode: 2, value: "-2" },
    ]);
    expect(intoxicatedEffectChanges(5)).toEqual([]);
    // deriveLiving leaves attributes alone for Intoxicated: the effect's changes are the only source.
    expect(deriveLiving(livingSource(), actor(["intoxicated"])).effective).toEqual({
      smr: 2,
      prw: 2,
      tuf: 2,
      soc: 2,
    });
  });

  it("the defeated status is Moribund", () => {
    expect(SPECIAL_STATUS_EFFECTS.DEFEATED).toBe("moribund");
    expect(versesSpecialStatusEffects()).toEqual({ DEFEATED: "moribund" });
    expect(worldConditionIds(false)).toContain("moribund");
  });
});

describe("rules lines generated from CONDITIONS", () => {
  const lines = (id: ConditionId) => conditionMechanics(id).map(text);

  it("every key they use exists, for every condition", () => {
    for (const id of worldConditionIds(true)) {
      expect(missing(conditionMechanics(id))).toEqual([]);
      expect(hasKey(lang, `POLYVERSE.Verses.Conditions.${id}.Description`)).toBe(true);
    }
  });

  it("carry the text's numbers", () => {
    expect(lines("afraid")).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Action Dice pool -1 /),
        "\u22122 dice on SMR-related tests.",
        "Cannot attack the source of its fear.",
      ]),
    );
    expect(lines("stunned")).toEqual(
      expect.arrayContaining([expect.stringMatching(/pool -4 /), "\u22122 dice on PRW, SMR-related tests."]),
    );
    expect(lines("sickened")).toEqual(expect.arrayContaining([expect.stringMatching(/pool -3 /)]));
    expect(lines("unconscious")).toEqual(
      expect.arrayContaining([
        "Action Dice pool is 0.",
        "Also Prone (biological actors only).",
        "Another actor may awaken it: SOC + #AD -> 4S.",
      ]),
    );
    expect(lines("moribund")).toEqual(
      expect.arrayContaining(["Also Unconscious.", "Still allowed: Survival Roll."]),
    );
    expect(lines("prone")).toEqual(
      expect.arrayContaining([
        "\u22121 die on melee attacks.",
        "+1 die on Rest actions (biological actors only).",
        "Partial obstructive cover (+2S) against attackers farther than 10 m.",
        "Applies to some constructs only (the GM decides).",
        "Does not apply to incorporeal actors.",
      ]),
    );
    expect(lines("intoxicated")).toEqual(
      expect.arrayContaining([
        "\u22121 die when resisting Charm (Intoxication Level 1, 2).",
        "From Intoxication Level 5: also Unconscious.",
        "From Intoxication Level 6: also Moribund.",
      ]),
    );
  });

  it("the effect's description says the system applies the numbers; the tooltip has the name", () => {
    const html = conditionDescriptionHtml("stunned", i18n, { note: true });
    expect(html).toContain("<li>Action Dice pool -4");
    expect(html).toContain("this effect changes no value of its own");
    expect(conditionDescriptionHtml("stunned", i18n, { title: true })).toMatch(/^<strong>Stunned<\/strong>/);
    expect(conditionDescriptionHtml("intoxicated", i18n, { note: true })).toContain(
      "Intoxication Level's attribute changes",
    );
  });
});

describe("forbidden actions explained", () => {
  it("every reason the rules return and every action have a string", () => {
    for (const r of FORBIDDEN_REASONS) expect(hasKey(lang, forbiddenReasonKey(r))).toBe(true);
    for (const a of ALL_ACTION_IDS) expect(hasKey(lang, actionNameKey(a))).toBe(true);
  });

  it("turns system.forbidden into explanations (Stunned: no Watch, Await, Dodge, Parry, Riposte)", () => {
    const { forbidden } = deriveLiving(livingSource(), actor(["stunned"]));
    expect(Object.keys(forbidden).sort()).toEqual(["await", "dodge", "parry", "riposte", "watch"]);
    const explained = explainForbidden(forbidden);
    expect(missing(explained)).toEqual([]);
    expect(explained.map(text)).toContain(
      "Dodge - Stunned: Cannot Watch, Await, Dodge or Parry (nor Riposte, which needs a parry).",
    );
    expect(text(forbiddenRefusal("parry", "prone.noDodgeOrParry"))).toBe(
      "Not allowed. Parry - Prone: Cannot Dodge or Parry (nor Riposte, which needs a parry).",
    );
  });

  it("Moribund leaves only Survival Rolls; an unknown reason still explains itself", () => {
    const { forbidden } = deriveLiving(livingSource(), actor(["moribund"]));
    expect(forbidden.survival).toBeUndefined();
    expect(forbidden.attack).toBe("moribund.survivalOnly");
    expect(text(explainForbidden({ move: "fear.new" })[0]!)).toBe(
      "Move - ?: Forbidden by a condition (fear.new).",
    );
  });
});

describe("implied conditions added as their own status effects", () => {
  it("Moribund brings Unconscious, and Prone for a biological", () => {
    expect(impliedConditionsToAdd("moribund", [], "biological")).toEqual(["unconscious", "prone"]);
    expect(impliedConditionsToAdd("moribund", [], "construct")).toEqual(["unconscious"]);
    expect(impliedConditionsToAdd("moribund", ["unconscious", "prone"], "biological")).toEqual([]);
  });
  it("Unconscious biologicals are Prone; incorporeals are not", () => {
    expect(impliedConditionsToAdd("unconscious", [], "biological")).toEqual(["prone"]);
    expect(impliedConditionsToAdd("unconscious", [], "incorporeal")).toEqual([]);
    expect(impliedConditionsToAdd("stunned", [], "biological")).toEqual([]);
  });
  it("Intoxicated 5 is Unconscious, above 5 Moribund", () => {
    expect(impliedConditionsToAdd({ id: "intoxicated", level: 4 }, [], "biological")).toEqual([]);
    expect(impliedConditionsToAdd({ id: "intoxicated", level: 5 }, [], "biological")).toEqual([
      "unconscious",
      "prone",
    ]);
    expect(impliedConditionsToAdd({ id: "intoxicated", level: 6 }, [], "biological")).toEqual([
      "unconscious",
      "moribund",
      "prone",
    ]);
  });
});

describe("'Verses world settings", () => {
  const names = Object.keys(VERSES_SETTINGS) as VersesSettingName[];

  it("the README's world-settings table has a row for every setting", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    for (const name of names) expect(readme).toContain(`| \`${name}\` |`);
  });

  it("each setting has a localised name and hint, and each choice a label", () => {
    for (const name of names) {
      const keys = settingLabelKeys(name);
      expect(hasKey(lang, keys.name)).toBe(true);
      expect(hasKey(lang, keys.hint)).toBe(true);
      const spec = VERSES_SETTINGS[name];
      if (spec.type === "choice")
        for (const c of spec.choices) expect(hasKey(lang, keys.choice(c))).toBe(true);
      else expect(hasKey(lang, `POLYVERSE.Verses.Settings.${name}.Choices`)).toBe(false);
    }
  });

  it("the defaults: the text's worked example where it gives one, else the rules layer's defaults; Intoxication is off", () => {
    const d = defaultSettingValues();
    expect(d.intoxication).toBe(false);
    expect(ruleOptionsFrom(d)).toEqual({
      intoxication: false,
      settingTec: 1,
      influence: { sixesRule: "allNetSixes" },
      chain: { carry: "netSixes" },
      riposteChain: { carry: "netSixes", riposteCounts: true },
      parry: { allowNonParryAttacks: false },
      riseFromProne: { minimumOne: false },
      pistolCutlass: { includeMuzzleLoading: true },
      healing: { poolMode: "allocatedOnly" },
      damageLayers: { stacking: "splitOnce", areaVsPartial: "cover", exBasis: "taken" },
      sustain: { baseShotUnits: 0 },
      skillPool: { tecDifferential: true },
      armour: { armourPenalty: "always" },
      desperateRally: { trigger: "crossing" },
      skillfulness: { countSpeciesSkills: true },
      endRound: { awaitUntilNextTurn: false },
    });
  });

  it("each option reaches the rules functions in their own shape", () => {
    const d = defaultSettingValues();
    const other = ruleOptionsFrom({
      ...d,
      riseMinimumOne: true,
      pistolCutlassMuzzleLoading: false,
      sustainBaseShot: true,
      settingTec: 9,
    });
    // TV-C12: PRW 5 rises for 0AD as written, 1AD with the minimum.
    expect(riseFromProneAD(5, ruleOptionsFrom(d).riseFromProne)).toEqual({ ok: true, value: 0 });
    expect(riseFromProneAD(5, other.riseFromProne)).toEqual({ ok: true, value: 1 });
    expect(pistolCutlassChainLimit(2, 1, ruleOptionsFrom(d).pistolCutlass)).toBe(3);
    expect(pistolCutlassChainLimit(2, 1, other.pistolCutlass)).toBe(2);
    expect(other.sustain).toEqual({ baseShotUnits: 1 });
    expect(other.settingTec).toBe(5);
  });

  it("TV-39, the default Healing pool is the text's own healer: 'The healer has 3 dice allocated to their Medicine skill. Their shop also counts as a 4 OL facility. Adding in their 5AD, they have a dice pool of 12d6'", () => {
    // Medicine 3 on Biology 2 on SMR 2: 7 skill dice.
    const healer = { skillDice: 7, allocatedDice: 3, toolOL: 4, adSpent: 5, suppliesAvailable: 5 };
    const d = defaultSettingValues();
    expect(d.healingPoolMode).toBe("allocatedOnly");
    const pool = (o: HealingOptions) => {
      const t = healingTest(healer, "initial", o);
      return t.ok ? t.value.pool : null;
    };
    expect(pool(ruleOptionsFrom(d).healing)).toBe(12);
    expect(pool(ruleOptionsFrom({ ...d, healingPoolMode: "skillDice" }).healing)).toBe(16);
  });

  it("the other readings reach the rules in their own shape", () => {
    const o = ruleOptionsFrom({
      ...defaultSettingValues(),
      desperateRallyTrigger: "everyReduction",
      skillfulnessSpeciesLanguage: false,
      awaitUntilNextTurn: true,
      armourPenalty: "unskilled",
    });
    expect(o.desperateRally).toEqual({ trigger: "everyReduction" });
    expect(o.skillfulness).toEqual({ countSpeciesSkills: false });
    expect(o.endRound).toEqual({ awaitUntilNextTurn: true });
    expect(o.armour).toEqual({ armourPenalty: "unskilled" });
  });
});

describe("the Foundry glue, against a minimal stand-in of game, ui and CONFIG", () => {
  const g = globalThis as unknown as Record<string, unknown>;
  const registered = new Map<string, Record<string, unknown>>();
  const stored = new Map<string, unknown>();
  const warnings: string[] = [];
  const install = () => {
    registered.clear();
    stored.clear();
    warnings.length = 0;
    g.game = {
      user: { id: "u1" },
      i18n,
      settings: {
        register: (ns: string, key: string, data: Record<string, unknown>) =>
          registered.set(`${ns}.${key}`, data),
        get: (ns: string, key: string) => {
          const id = `${ns}.${key}`;
          const s = registered.get(id);
          if (!s) throw new Error(`${id} is not registered`);
          return stored.has(id) ? stored.get(id) : s.default;
        },
      },
    };
    g.ui = { notifications: { warn: (m: string) => warnings.push(m) } };
    g.CONFIG = { statusEffects: versesStatusEffects(false) };
  };
  const uninstall = () => {
    delete g.game;
    delete g.ui;
    delete g.CONFIG;
  };

  it("registers every setting as polyverse.verses.<name>, world-scoped, with choices and range", async () => {
    install();
    try {
      const { registerVersesSettings, versesSetting, versesOption } =
        await import("../../src/rulesets/verses/base/settings");
      expect(versesSetting("sixesRule")).toBe("allNetSixes");
      registerVersesSettings();
      expect([...registered.keys()]).toEqual(
        Object.keys(VERSES_SETTINGS).map((name) => `polyverse.verses.${name}`),
      );
      const sixes = registered.get("polyverse.verses.sixesRule")!;
      expect(sixes).toMatchObject({ scope: "world", config: true, type: String, default: "allNetSixes" });
      expect(sixes.choices).toEqual({
        allNetSixes: "POLYVERSE.Verses.Settings.sixesRule.Choices.allNetSixes",
        anyNetSuccess: "POLYVERSE.Verses.Settings.sixesRule.Choices.anyNetSuccess",
        netSixesOnly: "POLYVERSE.Verses.Settings.sixesRule.Choices.netSixesOnly",
      });
      expect(registered.get("polyverse.verses.intoxication")).toMatchObject({
        type: Boolean,
        default: false,
        requiresReload: true,
      });
      expect(registered.get("polyverse.verses.settingTec")).toMatchObject({
        type: Number,
        range: { min: 1, max: 5, step: 1 },
      });
      stored.set("polyverse.verses.sixesRule", "netSixesOnly");
      stored.set("polyverse.verses.healingPoolMode", "bogus");
      stored.set("polyverse.verses.intoxication", true);
      expect(versesOption("influence")).toEqual({ sixesRule: "netSixesOnly" });
      expect(versesOption("healing")).toEqual({ poolMode: "allocatedOnly" });
      expect(versesStatusEffects().map((s) => s.id)).toContain("intoxicated");
    } finally {
      uninstall();
    }
  });

  it("localises the status effects' descriptions, explains and refuses forbidden actions", async () => {
    install();
    try {
      const { localizeVersesStatusEffects, refuseForbiddenAction, forbiddenTooltip, conditionTooltip } =
        await import("../../src/rulesets/verses/documents/conditions");
      localizeVersesStatusEffects();
      const stunned = (
        g.CONFIG as { statusEffects: { id: string; description: string }[] }
      ).statusEffects.find((s) => s.id === "stunned")!;
      expect(stunned.description).toMatch(/^<p>The actor is dazed/);
      expect(stunned.description).toContain("<li>Action Dice pool -4");
      const forbidden = deriveLiving(livingSource(), actor(["prone"])).forbidden;
      const fakeActor = { system: { forbidden } } as unknown as Actor.Implementation;
      expect(refuseForbiddenAction(fakeActor, "attack")).toBe(false);
      expect(refuseForbiddenAction(fakeActor, "dodge")).toBe(true);
      expect(warnings).toEqual([
        "Not allowed. Dodge - Prone: Cannot Dodge or Parry (nor Riposte, which needs a parry).",
      ]);
      expect(forbiddenTooltip(forbidden, "twoHandedMelee")).toBe(
        "Two-handed melee attack - Prone: Cannot use a two-handed melee weapon.",
      );
      expect(forbiddenTooltip(forbidden, "move")).toBeUndefined();
      expect(conditionTooltip("afraid")).toMatch(/^<strong>Afraid<\/strong><p>Fear of a source/);
    } finally {
      uninstall();
    }
  });

  it("refuses Prone on an incorporeal actor; adds Unconscious and Prone when a biological becomes Moribund", async () => {
    install();
    try {
      const { onVersesPreCreateActiveEffect, onVersesCreateActiveEffect } =
        await import("../../src/rulesets/verses/documents/conditions");
      const toggled: string[] = [];
      const owner = (kind: string) => ({
        documentName: "Actor",
        type: "verses-character",
        name: "Wisp",
        system: { kind },
        statuses: new Set<string>(),
        flags: {},
        effects: [],
        toggleStatusEffect: async (id: string) => {
          toggled.push(id);
        },
      });
      const effect = (parent: unknown, statuses: string[]) =>
        ({ parent, statuses: new Set(statuses) }) as unknown as ActiveEffect.Implementation;
      expect(
        onVersesPreCreateActiveEffect(effect(owner("incorporeal"), []), { statuses: ["prone"] }, {}, "u1"),
      ).toBe(false);
      expect(warnings).toEqual([
        "Prone does not apply to incorporeal actors: Wisp keeps its statuses as they were.",
      ]);
      expect(
        onVersesPreCreateActiveEffect(effect(owner("construct"), []), { statuses: ["prone"] }, {}, "u1"),
      ).toBe(undefined);
      await onVersesCreateActiveEffect(effect(owner("biological"), ["moribund"]), {}, "u1");
      expect(toggled).toEqual(["unconscious", "prone"]);
      await onVersesCreateActiveEffect(effect(owner("biological"), ["moribund"]), {}, "someone-else");
      expect(toggled).toHaveLength(2);
    } finally {
      uninstall();
    }
  });
});
