// Buying advantages with experience on the Tales sheet (sheets/actor-tabs/advantage-xp.ts), with the
// text's numbers: "Advantage: Twice the level of Advantage" (the spec's X06: Lucky (3) costs 6 XP), a
// levelled advantage raised at twice the points added, Resilient from one pool (4) to both (10) for
// twice the 6 points added; refused for want of experience, a subject or an option, or when held.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  EMPTY_PICK,
  advantageBuyView,
  advantagePurchase,
  characterSheetContext,
  editPick,
  type AdvantagePick,
} from "../../src/rulesets/tales/sheets/character-context";
import { hasKey } from "../lib/i18n";
import { ROOT as REPO } from "../lib/paths";
import { inesItems, inesSystem } from "../lib/tales-sheet-sources";

const { lang } = mergeLanguage(join(REPO, "lang", "en"));
const localize = (key: string, data?: Record<string, string>) => `${key}${data ? JSON.stringify(data) : ""}`;
const pick = (p: Partial<AdvantagePick>): AdvantagePick => ({ ...EMPTY_PICK, ...p });
const rich = (earned: number, spent = 0) => inesSystem({ xp: { earned, spent } });
const noItems = inesItems().filter((i) => i.type !== "tales-advantage");

describe("buying a new advantage with experience", () => {
  it("costs twice its level: Lucky (3) for 6 XP, an item with source xp", () => {
    const bought = advantagePurchase(rich(10, 2), noItems, pick({ key: "lucky" }), localize);
    expect(bought).toMatchObject({
      ok: true,
      kind: "new",
      cost: 6,
      level: 3,
      update: { "system.xp.spent": 8 },
    });
    if (!bought.ok || bought.kind !== "new") throw new Error("not bought");
    expect(bought.item).toMatchObject({
      type: "tales-advantage",
      system: { key: "lucky", level: 3, variable: false, skill: "", option: "", source: "xp" },
    });
  });

  it("buys a levelled advantage at the points chosen, its pool full: Dream (3) for 6 XP", () => {
    const dream = advantagePurchase(rich(10), noItems, pick({ key: "dream", points: 3 }), localize);
    expect(dream).toMatchObject({ ok: true, kind: "new", cost: 6, level: 3 });
    if (dream.ok && dream.kind === "new")
      expect(dream.item.system).toMatchObject({ pool: 3, variable: true });
  });

  it("names the skill of Edge and Skill Expert: Skill Expert (6) on Firearms for 12 XP", () => {
    const none = advantagePurchase(rich(20), noItems, pick({ key: "skillExpert" }), localize);
    expect(none).toMatchObject({ ok: false, reason: "needSkill" });
    const expert = advantagePurchase(
      rich(20),
      noItems,
      pick({ key: "skillExpert", skill: "firearms" }),
      localize,
    );
    expect(expert).toMatchObject({ ok: true, cost: 12, level: 6 });
    if (expert.ok && expert.kind === "new") {
      expect(expert.item.name).toBe(
        "POLYVERSE.Tales.Character.Advantage.skillExpert (POLYVERSE.Tales.Skill.firearms)",
      );
      expect(expert.item.system.skill).toBe("firearms");
    }
  });

  it("asks Resilient's option: one pool (4) for 8 XP, both (10) for 20 XP", () => {
    expect(advantagePurchase(rich(30), noItems, pick({ key: "resilient" }), localize)).toMatchObject({
      ok: false,
      reason: "needVariant",
    });
    const one = advantagePurchase(
      rich(30),
      noItems,
      pick({ key: "resilient", variant: "hitPoints" }),
      localize,
    );
    expect(one).toMatchObject({ ok: true, cost: 8, level: 4 });
    if (one.ok && one.kind === "new")
      expect(one.item.system).toMatchObject({ option: "hitPoints", levelOptions: [4, 10] });
    expect(
      advantagePurchase(rich(30), noItems, pick({ key: "resilient", variant: "both" }), localize),
    ).toMatchObject({
      ok: true,
      cost: 20,
      level: 10,
    });
  });

  it("asks the sense of Heightened Sense and the culture of Status; a person or subject may stay blank", () => {
    expect(advantagePurchase(rich(10), noItems, pick({ key: "heightenedSense" }), localize)).toMatchObject({
      ok: false,
      reason: "needOption",
    });
    expect(
      advantagePurchase(rich(10), noItems, pick({ key: "heightenedSense", option: "Smell" }), localize),
    ).toMatchObject({
      ok: true,
      cost: 4,
    });
    expect(advantagePurchase(rich(10), noItems, pick({ key: "status", points: 2 }), localize)).toMatchObject({
      ok: false,
      reason: "needOption",
    });
    expect(advantagePurchase(rich(10), noItems, pick({ key: "companion" }), localize)).toMatchObject({
      ok: true,
      cost: 2,
    });
  });

  it("is refused when the reserve is short, with the price and the reserve", () => {
    // Ines: 8 earned, 3 spent, a reserve of 5; Lucky costs 6.
    expect(advantagePurchase(inesSystem(), noItems, pick({ key: "lucky" }), localize)).toEqual({
      ok: false,
      reason: "notEnoughXp",
      data: { name: "POLYVERSE.Tales.Character.Advantage.lucky", cost: "6", reserve: "5" },
    });
  });

  it("is refused for a placeholder, an unknown key, or nothing chosen", () => {
    for (const key of ["", "beauty", "sanctum", "wings"])
      expect(advantagePurchase(rich(30), noItems, pick({ key }), localize)).toMatchObject({
        ok: false,
        reason: "choose",
      });
  });
});

describe("buying more of an advantage held", () => {
  it("refuses one held already; the same advantage on another skill or sense is another", () => {
    // Ines holds Lucky and Edge (Firearms).
    expect(advantagePurchase(rich(30), inesItems(), pick({ key: "lucky" }), localize)).toMatchObject({
      ok: false,
      reason: "alreadyHeld",
    });
    expect(
      advantagePurchase(rich(30), inesItems(), pick({ key: "edge", skill: "firearms" }), localize),
    ).toMatchObject({
      ok: false,
      reason: "alreadyHeld",
    });
    expect(
      advantagePurchase(rich(30), inesItems(), pick({ key: "edge", skill: "melee" }), localize),
    ).toMatchObject({
      ok: true,
      kind: "new",
      cost: 4,
    });
  });

  it("raises a levelled one at twice the points added: Dream 2 -> 3 for 2 XP, its pool one fuller", () => {
    const raised = advantagePurchase(rich(10), inesItems(), pick({ key: "dream", points: 1 }), localize);
    expect(raised).toEqual({
      ok: true,
      kind: "raise",
      cost: 2,
      from: 2,
      level: 3,
      name: "Dream",
      itemId: "dream",
      // Ines' Dream pool had 1 of 2 left.
      itemUpdate: { "system.level": 3, "system.pool": 2 },
      update: { "system.xp.spent": 2 },
    });
    // Equipment 2 -> 5 for 6 XP.
    expect(
      advantagePurchase(rich(10), inesItems(), pick({ key: "equipment", points: 3 }), localize),
    ).toMatchObject({
      kind: "raise",
      cost: 6,
      level: 5,
    });
  });

  it("raises Resilient from one pool to both for twice the 6 points added; another single pool is refused", () => {
    const held = [
      ...noItems,
      {
        id: "res",
        name: "Resilient",
        type: "tales-advantage",
        img: "",
        sort: 0,
        system: { key: "resilient", level: 4, option: "hitPoints", source: "xp" },
      },
    ];
    expect(
      advantagePurchase(rich(30), held, pick({ key: "resilient", variant: "both" }), localize),
    ).toMatchObject({
      ok: true,
      kind: "raise",
      cost: 12,
      from: 4,
      level: 10,
      itemUpdate: { "system.level": 10, "system.option": "both" },
    });
    expect(
      advantagePurchase(rich(30), held, pick({ key: "resilient", variant: "essence" }), localize),
    ).toMatchObject({
      ok: false,
      reason: "alreadyHeld",
    });
  });
});

describe("the purchase row", () => {
  it("keeps what the user chose; a new advantage starts afresh; points are 1..10", () => {
    let p = editPick(EMPTY_PICK, "key", "dream");
    p = editPick(p, "points", "4");
    expect(p).toEqual({ ...EMPTY_PICK, key: "dream", points: 4 });
    expect(editPick(p, "points", "40").points).toBe(10);
    expect(editPick(p, "points", "0").points).toBe(1);
    expect(editPick(p, "points", "many")).toEqual(p);
    expect(editPick(p, "key", "edge")).toEqual({ ...EMPTY_PICK, key: "edge" });
    expect(editPick(p, "key", "beauty")).toEqual(EMPTY_PICK);
    expect(editPick(p, "colour", "red")).toEqual(p);
  });

  it("shows the fields the advantage asks for and the price or the reason", () => {
    const view = (p: Partial<AdvantagePick>, system = rich(10)) =>
      advantageBuyView(system, noItems, pick(p), localize);
    const none = view({});
    expect([
      none.levelled,
      none.variantOptions,
      none.skillOptions,
      none.senseOptions,
      none.optionLabel,
      none.canBuy,
    ]).toEqual([false, null, null, null, "", false]);
    // The 29 advantages and the prompt; each with its points.
    expect(none.keyOptions).toHaveLength(30);
    expect(none.keyOptions.find((o) => o.value === "resilient")!.label).toMatch(/\(4\/10\)$/);
    expect(none.keyOptions.find((o) => o.value === "dream")!.label).toMatch(/\(1\+\)$/);
    expect(view({ key: "dream" }).levelled).toBe(true);
    expect(view({ key: "resilient" }).variantOptions!.map((o) => o.value)).toEqual([
      "",
      "hitPoints",
      "essence",
      "both",
    ]);
    expect(view({ key: "edge" }).skillOptions).toHaveLength(41);
    expect(view({ key: "heightenedSense" }).senseOptions).toHaveLength(6);
    expect(view({ key: "status" }).optionLabel).toBe("POLYVERSE.Tales.Sheet.Xp.Advantage.Subject.culture");
    const lucky = view({ key: "lucky" });
    expect([lucky.canBuy, lucky.text]).toEqual([
      true,
      'POLYVERSE.Tales.Sheet.Xp.Advantage.New{"name":"POLYVERSE.Tales.Character.Advantage.lucky","level":"3","cost":"6"}',
    ]);
    expect(view({ key: "lucky" }, inesSystem()).canBuy).toBe(false);
  });

  it("is on the Experience tab, with the pick the sheet kept", () => {
    const ctx = characterSheetContext({
      name: "Ines",
      img: "",
      type: "tales-character",
      system: rich(10),
      items: inesItems(),
      editable: true,
      isGM: false,
      advantagePick: pick({ key: "dream", points: 1 }),
      localize,
    });
    expect(ctx.xp.advantage.canBuy).toBe(true);
    expect(ctx.xp.advantage.text).toContain("Advantage.Raise");
  });

  it("labels everything with keys the language files have", () => {
    const keys = [
      "POLYVERSE.Tales.Sheet.Xp.Advantage.Choose",
      "POLYVERSE.Tales.Sheet.Xp.Advantage.ChooseVariant",
      "POLYVERSE.Tales.Sheet.Xp.Advantage.ChooseSkill",
      "POLYVERSE.Tales.Sheet.Xp.Advantage.ChooseSense",
      "POLYVERSE.Tales.Sheet.Xp.Advantage.Hint",
      "POLYVERSE.Tales.Sheet.Xp.Advantage.New",
      "POLYVERSE.Tales.Sheet.Xp.Advantage.Raise",
      "POLYVERSE.Tales.Sheet.Xp.Advantage.Bought",
      "POLYVERSE.Tales.Sheet.Xp.Advantage.Raised",
      ...["culture", "person", "subject"].map((s) => `POLYVERSE.Tales.Sheet.Xp.Advantage.Subject.${s}`),
      ...["choose", "needSkill", "needOption", "needVariant", "alreadyHeld", "notEnoughXp"].map(
        (r) => `POLYVERSE.Tales.Sheet.Xp.Advantage.Refused.${r}`,
      ),
    ];
    const keyed = (key: string) => key.replace(/\{.*$/, "");
    const view = advantageBuyView(rich(10), noItems, pick({ key: "resilient" }), localize);
    keys.push(...view.keyOptions.slice(1).map((o) => keyed(o.label).replace(/ \(.*$/, "")));
    keys.push(...view.variantOptions!.slice(1).map((o) => keyed(o.label).replace(/ \(.*$/, "")));
    keys.push(
      ...advantageBuyView(rich(10), noItems, pick({ key: "heightenedSense" }), localize)
        .senseOptions!.slice(1)
        .map((o) => o.label),
    );
    expect([...new Set(keys)].filter((k) => !hasKey(lang, k))).toEqual([]);
  });
});
