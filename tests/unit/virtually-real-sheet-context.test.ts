// The Virtually Real character sheet's context (sheets/character-context.ts), Foundry-free: what each
// tab shows, built from Mara (tests/lib/virtually-real-sheet-sources.ts) with `system.derived` from the
// data layer, and the changes the sheet makes (pools by the rules, condition boxes and time passing,
// intimacies). Chapter 1's numbers: AGL [2]14/2; Open Locks [2]22/3; the Experience table's rows; a book
// [2]20/3 read at DL 11; Astrology [2]16/3 in about 6 hours; a human's DC 3 (serious from 6); X
// conditions at 0, −DC and −maximum HP; light held to the Aura score, each point earned wiping one
// Darkness point; outer, inner and defining intimacies worth 1, 2 and 4 dice.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  CHARACTER_SHEET_TABS,
  ROLL_KINDS,
  addBasicIntimacies,
  addIntimacy,
  characterSheetContext,
  conditionFromPick,
  editIntimacy,
  expireStored,
  isHeldItemType,
  levelOptions,
  passTimeUpdate,
  pickerChoices,
  poolChange,
  readActorSystem,
  refusalText,
  removeIntimacy,
  rowSpec,
  toggleCondition,
  type RollAvailability,
} from "../../src/rulesets/virtually-real/sheets/character-context";
import { itemSheetContext } from "../../src/rulesets/virtually-real/sheets/item-context";
import { hasKey } from "../lib/i18n";
import { ROOT as REPO } from "../lib/paths";
import {
  defaultOptions,
  derivedOf,
  mara,
  maraItems,
  maraSource,
  wyrmlingItems,
  wyrmlingSource,
} from "../lib/virtually-real-sheet-sources";

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
  parts = mara(),
  options: {
    type?: string;
    editable?: boolean;
    rolls?: RollAvailability;
    localize?: (key: string, data?: Record<string, string>) => string;
  } = {},
) {
  const { keys, localize } = recorder();
  const context = characterSheetContext({
    name: "Mara Voss",
    img: "",
    type: options.type ?? "virtually-real-character",
    system: parts.system,
    derived: parts.derived,
    items: parts.items,
    editable: options.editable ?? true,
    isGM: false,
    activeTab: "attributes",
    rolls: options.rolls ?? ALL,
    options: defaultOptions(),
    localize: options.localize ?? localize,
  });
  return { context, keys };
}

const wyrmling = () => {
  const source = wyrmlingSource();
  const items = wyrmlingItems();
  return { system: readActorSystem(source), derived: derivedOf(source, items), items };
};

describe("the Virtually Real sheet's context", () => {
  it("has English for every key it uses, on a character and on an NPC", () => {
    for (const parts of [mara(), wyrmling()]) {
      const { keys } = build(parts, { type: "virtually-real-npc" });
      const { keys: more } = build(parts);
      const missing = [...keys, ...more].filter((k) => !hasKey(lang, k));
      expect(missing).toEqual([]);
    }
    expect(CHARACTER_SHEET_TABS).toHaveLength(7);
  });

  it("reads a missing or malformed field as the model's initial value", () => {
    const system = readActorSystem({ attributes: { body: "x" }, conditions: [{ severity: "nope" }, 3] });
    expect(system.attributes.body).toEqual({ capacity: 2, score: 10 });
    expect(system.conditions).toEqual([]);
    expect(system.health).toEqual({ sizeBase: null, dc: null });
    expect(isHeldItemType("virtually-real-book")).toBe(true);
    expect(isHeldItemType("xero-sum-weapon")).toBe(false);
  });

  it("shows each attribute's capacity, modifier and notation, and an NPC's as [n]+m", () => {
    const { context } = build(mara(), { localize: english });
    const agility = context.attributes.attributes.find((a) => a.key === "agility")!;
    expect([agility.modifier, agility.notation, agility.dice]).toEqual(["+2", "[2]14/2", "2 dis · +1 crit"]);
    expect(agility.capacityOptions.map((o) => o.label)).toEqual([
      "[0] Zero",
      "[1] Subhuman",
      "[2] Human",
      "[3] Superhuman",
      "[4] Supernatural",
      "[5] Angelic",
    ]);
    expect(agility.levels).toBeNull();
    const npc = build(wyrmling(), { type: "virtually-real-npc", localize: english }).context;
    const body = npc.attributes.attributes.find((a) => a.key === "body")!;
    expect(body.notation).toBe("[3]+4");
    expect(body.levels!.find((o) => o.selected)).toEqual({ value: 25, label: "+4", selected: true });
  });

  it("offers the levels at the Experience table's first XP, and a stored value between them as itself", () => {
    expect(levelOptions(10, 2).map((o) => o.value)).toEqual([0, 6, 10, 16, 25, 37, 54, 79, 115, 167]);
    const between = levelOptions(12, 2);
    expect(between.filter((o) => o.selected)).toEqual([{ value: 12, label: "+2 (12)", selected: true }]);
    expect(between).toHaveLength(11);
  });

  it("builds the common saves as the rules do: Health [2], Evade [1], Initiative [2] with BCT from the sword's [I] box", () => {
    const { context } = build(mara(), { localize: english });
    const save = (key: string) => context.attributes.saves.find((s) => s.key === key)!;
    expect(save("health").notation).toBe("[2]+2");
    expect(save("evade").notation).toBe("[1]+2");
    // Reflex 7 → +1, the longsword +1, Swords +1: [I] +3; BCT at primary makes initiative [2].
    expect(save("initiative").notation).toBe("[2]+3");
    expect(save("initiative").weapon).toBe("with Longsword ready");
    // Darkness 7 points → level 1, rolled at [2] (the default setting).
    expect(context.attributes.darkness.notation).toBe("[2]+1");
  });

  it("draws a roll button only for a roll the table has", () => {
    const none = build(mara(), { rolls: {} }).context;
    expect(none.attributes.attributes.every((a) => a.roll === null && a.saveRoll === null)).toBe(true);
    expect(none.skills.rows.every((r) => r.roll === null)).toBe(true);
    expect(none.emotions.targets.every((t) => t.roll === null)).toBe(true);
    const some = build(mara(), { rolls: { skill: true } }).context;
    expect(some.skills.rows.every((r) => r.roll !== null)).toBe(true);
    expect(some.attributes.saves.every((s) => s.roll === null)).toBe(true);
  });

  it("reads each skill on the Experience table: level, next level, Bonus XP room, a secondary's floor", () => {
    const { context } = build(mara(), { localize: english });
    const row = (name: string) => context.skills.rows.find((r) => r.name === name)!;
    expect([row("Open Locks").notation, row("Open Locks").level]).toEqual(["[2]22/3", "+3"]);
    // 22 XP: level 4 from 25; Bonus XP may not jump a level: up to 36 (level 4's last).
    expect(row("Open Locks").next).toBe("next level in 3 XP");
    expect(row("Open Locks").room).toBe("up to 14 Bonus XP at once");
    // Acrobatics, secondary at 3 XP, rolls at Agility's 14: [1]14/2.
    expect(row("Acrobatics").notation).toBe("[1]14/2");
    expect(row("Acrobatics").floor).toBe("rolled at 14 XP (Agility's score)");
    expect(row("Culture (Lowland)").underlines).toBe("1 underline(s): +1 crit");
    expect(row("Basic Combat Training").style).toBe("Style Iron Wall: 2 passion(s) earned, 2 held");
    expect(context.skills.table.map((r) => r.range)).toEqual([
      "0",
      "1–2",
      "3–5",
      "6–9",
      "10–15",
      "16–24",
      "25–36",
      "37–53",
      "54–78",
      "79–114",
      "115–166",
      "167+",
    ]);
    expect(context.skills.table[6]).toEqual({ range: "25–36", level: "+4", degree: "Triple Crit" });
  });

  it("gives the wound bands of a human (DC 3) and of a creature with its own numbers, and the X due", () => {
    const human = build(mara(), { localize: english }).context.health.hp;
    expect(human.bands).toBe("Wounds: major from 3, serious from 6, critical from 12 points");
    expect(human.human).not.toBeNull();
    const beast = build(wyrmling(), { type: "virtually-real-npc", localize: english }).context;
    // Size base 30 + Body 25 (+4) = 34 HP, DC 8; at −10 HP: X at 0 and at −8.
    expect(beast.health.hp.bands).toBe("Wounds: major from 3, serious from 11, critical from 34 points");
    expect(beast.health.hp.xConditions).toBe("Hit points call for 2 X conditions.");
    // One X is marked: the header asks for one more.
    expect(beast.actor.chips.map((c) => c.key)).toEqual(["X", "fearRush", "xDue", "adrenaline", "winded"]);
  });

  it("draws each condition row's boxes, filled in the order marked, as many as the settings give", () => {
    const { context } = build(mara(), { localize: english });
    const [major, serious] = context.health.rows;
    expect(major!.left.boxes.map((b) => b.letter)).toEqual(["D", "", "", ""]);
    expect(major!.left.boxes[0]).toMatchObject({ filled: true, mark: 0 });
    expect(serious!.right.boxes[0]).toMatchObject({ letter: "Sc", mark: 1 });
    expect(context.health.critical.boxes.map((b) => b.letter)).toEqual(["B", "", "", ""]);
    expect(context.health.effects).toEqual(["No fast actions", "Cannot spend Endurance"]);
    const guilt = context.emotions.targets.find((t) => t.key === "guilt")!;
    expect(guilt.wounds.boxes[0]).toMatchObject({ letter: "G", mark: 3 });
    const violence = context.emotions.targets.find((t) => t.key === "violence")!;
    expect(violence.armors.boxes[0]).toMatchObject({ letter: "Sc", mark: 4 });
    expect(violence.counts).toBe("0 wounds, 1 armor");
    expect(context.emotions.targets.find((t) => t.key === "despair")!.heroic.active).toBe(true);
  });
});

describe("the condition boxes", () => {
  it("knows its rows and what each picker offers", () => {
    expect(rowSpec("major-physical")).toMatchObject({ severity: "major", group: "physical" });
    expect(rowSpec("emotional-guilt-armor")).toMatchObject({ target: "guilt", side: "armor" });
    expect(rowSpec("minor-physical")).toBeNull();
    const k = (key: string) => key;
    expect(pickerChoices("major-mental", k).map((o) => o.value)).toEqual([
      "duration:initiative",
      "duration:scene",
      "duration:shortRest",
      "duration:longRest",
      "duration:day",
      "duration:chapter",
    ]);
    // The CRIT row: the lettered conditions, then the four adrenaline boxes.
    expect(pickerChoices("critical", k).map((o) => o.value)).toEqual([
      "id:X",
      "id:U",
      "id:B",
      "id:N",
      "id:L",
      "id:H",
      "id:fearRush",
      "id:guiltRush",
      "id:despairRush",
      "id:isolationRush",
    ]);
    // Violence's serious condition is F (Fear), and T (New Trauma) fits any target.
    expect(
      pickerChoices("emotional-violence-wound", k)
        .slice(6)
        .map((o) => o.value),
    ).toEqual(["id:F", "id:T"]);
  });

  it("marks a box with what its picker names, and clears a marked one", () => {
    expect(conditionFromPick("serious-physical", "duration:day")).toEqual({
      severity: "serious",
      group: "physical",
      target: "",
      side: "wound",
      id: "",
      letter: "",
      atNext: "day",
    });
    // N (Numb, 0 Ki) changes at the next short rest.
    expect(conditionFromPick("critical", "id:N")).toMatchObject({
      severity: "critical",
      group: "mental",
      atNext: "shortRest",
    });
    expect(conditionFromPick("critical", "id:isolationRush")).toMatchObject({
      group: "emotional",
      target: "isolation",
      atNext: "shortRest",
    });
    expect(conditionFromPick("emotional-despair-armor", "id:P")).toMatchObject({
      severity: "serious",
      target: "despair",
      side: "armor",
      atNext: "longRest",
    });
    expect(conditionFromPick("emotional-despair-wound", "id:F")).toBeNull();
    expect(conditionFromPick("critical", "duration:day")).toBeNull();
    expect(conditionFromPick("nowhere", "duration:day")).toBeNull();
    const { system } = mara();
    expect(toggleCondition(system.conditions, { mark: 2 })!.map((c) => c.id)).toEqual(["", "", "G", ""]);
    expect(toggleCondition(system.conditions, { mark: 9 })).toBeNull();
    expect(toggleCondition(system.conditions, { row: "critical", pick: "id:X" })).toHaveLength(6);
  });

  it("heals by the rules when time passes", () => {
    const { system, derived } = mara();
    // A day: the major physical condition is gone.
    expect(expireStored(system.conditions, derived.marks, "day")).toHaveLength(4);
    // A scene: the serious mental one drops to major, the Violence armor (major) is gone.
    const scene = expireStored(system.conditions, derived.marks, "scene")!;
    expect(scene.map((c) => `${c.severity}:${c.group}`)).toEqual([
      "major:physical",
      "major:mental",
      "critical:physical",
      "serious:emotional",
    ]);
    // A long rest: B heals to B (it stays), G heals to A (a major Guilt condition).
    const rest = expireStored(system.conditions, derived.marks, "longRest")!;
    expect(rest[2]).toMatchObject({ severity: "critical", id: "B" });
    expect(rest[3]).toMatchObject({ severity: "major", id: "", letter: "A", target: "guilt" });
    expect(expireStored(system.conditions, derived.marks, "week")).toBeNull();
  });

  it("erases the heroic armor at the end of the scene", () => {
    const { system, derived } = mara();
    const scene = passTimeUpdate(system, derived.marks, "scene")!;
    expect(scene["system.emotional.despair.heroic"]).toBe(0);
    expect(Object.keys(scene)).toEqual(["system.conditions", "system.emotional.despair.heroic"]);
    expect(Object.keys(passTimeUpdate(system, derived.marks, "day")!)).toEqual(["system.conditions"]);
    expect(passTimeUpdate(system, derived.marks, "never")).toBeNull();
  });
});

describe("the pools", () => {
  const options = defaultOptions();
  it("loses hit points below 0 and regains them up to the maximum", () => {
    const { system, derived } = mara();
    expect(poolChange(system, derived, "hp", -1, options)).toEqual({ update: { "system.hp.value": 4 } });
    const full = mara({ hp: { value: 12 } });
    expect(poolChange(full.system, full.derived, "hp", 1, options)).toBeNull();
    const zero = mara({ hp: { value: 0 } });
    expect(poolChange(zero.system, zero.derived, "hp", -1, options)).toEqual({
      update: { "system.hp.value": -1 },
    });
  });

  it("refuses Endurance while Broken Bones forbid it, and empties Ki into N", () => {
    const { system, derived } = mara();
    const refused = poolChange(system, derived, "endurance", -1, options);
    expect(refused).toEqual({ refusal: { reason: "cannotSpendEndurance" } });
    expect(refusalText((refused as { refusal: never }).refusal, english)).toBe(
      "A condition forbids spending Endurance.",
    );
    const numb = mara({ ki: { value: 1, max: 4 } });
    const spent = poolChange(numb.system, numb.derived, "ki", -1, options) as {
      update: Record<string, unknown>;
      note: string;
    };
    expect(spent.update["system.ki.value"]).toBe(0);
    expect((spent.update["system.conditions"] as { id: string }[]).at(-1)!.id).toBe("N");
    expect(spent.note).toBe("POLYVERSE.VirtuallyReal.Sheet.Vitals.Emptied.N");
    // With no condition in the way, Endurance at 0 makes the character winded (the default setting).
    const tired = mara({ endurance: { value: 1, max: 6 }, conditions: [] });
    expect(poolChange(tired.system, tired.derived, "endurance", -1, options)).toEqual({
      update: { "system.endurance.value": 0, "system.state.winded": true },
      note: "POLYVERSE.VirtuallyReal.Sheet.Vitals.Emptied.winded",
    });
  });

  it("earns light by wiping a Darkness point (light held to the Aura score), and spends it", () => {
    const { system, derived } = mara();
    // 7 Darkness points → 6: still level 1.
    expect(poolChange(system, derived, "light", 1, options)).toEqual({
      update: { "system.light.value": 3, "system.darkness.points": 6 },
    });
    // At the maximum (Aura 11), light earned still wipes Darkness; 6 → 5 is level 1 → 0: drop a passion.
    const top = mara({ light: { value: 11 }, darkness: { points: 6 } });
    expect(poolChange(top.system, top.derived, "light", 1, options)).toEqual({
      update: { "system.light.value": 11, "system.darkness.points": 5 },
      note: "POLYVERSE.VirtuallyReal.Sheet.Vitals.DropPassion",
    });
    const none = mara({ light: { value: 0 } });
    expect(poolChange(none.system, none.derived, "light", -1, options)).toEqual({
      refusal: { reason: "notEnoughLight", data: { have: 0, need: 1 } },
    });
    expect(poolChange(system, derived, "darkness", 1, options)).toEqual({
      update: { "system.darkness.points": 8 },
    });
    expect(poolChange(system, derived, "bonusXP", 2, options)).toBeNull();
  });
});

describe("the intimacies", () => {
  it("adds the basic ones once (Aura [1] or more), and edits and removes any", () => {
    const bare = mara({ intimacies: [] }).system;
    const basic = addBasicIntimacies(bare, english)!;
    expect(basic.map((i) => [i.name, i.level])).toEqual([
      ["Native language", "inner"],
      ["Own culture", "inner"],
      ["Home", "inner"],
      ["Own children", "inner"],
      ["Other children of your kind", "outer"],
      ["Neighbourhood or village", "outer"],
    ]);
    expect(addBasicIntimacies({ ...bare, intimacies: basic }, english)).toBeNull();
    const noAura = mara({
      intimacies: [],
      attributes: { ...(maraSource().attributes as object), aura: { capacity: 0, score: 4 } },
    });
    expect(addBasicIntimacies(noAura.system, english)).toBeNull();
    const { system } = mara();
    expect(addIntimacy(system).at(-1)).toMatchObject({ name: "", level: "outer" });
    expect(editIntimacy(system, 2, "level", "inner")![2]!.level).toBe("inner");
    expect(editIntimacy(system, 2, "level", "huge")).toBeNull();
    expect(editIntimacy(system, 0, "mulligan", true)![0]!.mulligan).toBe(true);
    expect(editIntimacy(system, 9, "name", "x")).toBeNull();
    expect(removeIntimacy(system, 0)).toHaveLength(3);
  });

  it("says what each intimacy is worth and whether a mulligan can be taken", () => {
    const { context } = build(mara(), { localize: english });
    expect(context.emotions.intimacies.map((i) => i.worth)).toEqual(["2 dice", "2 dice", "4 dice", "1 die"]);
    expect(context.emotions.mulligan).toContain("2 light held");
    const npc = build(wyrmling(), { localize: english }).context;
    expect(npc.emotions.mulligan).toBe("A mulligan needs Aura [1] or more.");
    expect(npc.emotions.canAddBasic).toBe(false);
  });
});

describe("passions and gear", () => {
  it("counts a style's passions and the Darkness trees, and names what may be dropped when Darkness falls", () => {
    const { context } = build(mara(), { localize: english });
    expect(context.passions.groups.map((g) => g.style)).toEqual(["Iron Wall"]);
    expect(context.passions.darkness.drop).toBeNull();
    // Counts pick their words: "1 tree", "2 passions earned" (never "tree(s)").
    expect(context.passions.groups[0]!.skill).toMatch(
      /^Basic Combat Training: \d+ passions? earned, \d+ held$/,
    );
    expect(context.passions.darkness.earned).not.toMatch(/\(s\)/);
    // Darkness 5 points is level 0: Sharp Tongue (which nothing needs) may be dropped.
    const fallen = build(mara({ darkness: { points: 5 } }), { localize: english }).context;
    expect(fallen.passions.darkness.drop).toBe("The Darkness level fell: drop one of Sharp Tongue.");
  });

  it("shows a ready weapon's [I] box and a book's reading DL and time", () => {
    const { context } = build(mara(), { localize: english });
    expect(context.gear.equipment[0]!.initiative).toBe("[I] +3");
    // Astrology [2]16/3: DL 8 + 3 = 11, about 2 × 3 = 6 hours.
    expect(context.gear.books[0]).toMatchObject({
      notation: "[2]16/3",
      reading: "read at DL 11, about 6 h",
      reference: null,
    });
  });
});

describe("the item sheet's context", () => {
  const data = (id: string, overrides: Record<string, unknown> = {}) => {
    const item = maraItems().find((i) => i.id === id)!;
    return {
      name: item.name,
      img: item.img,
      type: item.type,
      system: { ...item.system, ...overrides },
      editable: true,
      idPrefix: "t",
    };
  };

  it("reads a skill's next training: the SKILL LEARNING DL plus its cost's level, twice its cost in XP", () => {
    // Open Locks [2], cost 8: mastery at DL 22 + 1 = 23, 16 XP first, 8 weeks with a teacher.
    const locks = itemSheetContext(data("locks"), english, defaultOptions().book);
    expect(locks.reading).toEqual([
      "Written [2]22/3",
      "Training to [3] Mastery: DL 23, at least 16 XP first, 8 weeks with a teacher.",
    ]);
    // Acrobatics (a 12-point skill) to primary: DL 16 + 2 = 18.
    const acrobatics = itemSheetContext(data("acrobatics"), english);
    expect(acrobatics.reading[1]).toBe(
      "Training to [2] Primary: DL 18, at least 24 XP first, 12 weeks with a teacher.",
    );
    const deific = itemSheetContext(data("locks", { capacity: 5 }), english);
    expect(deific.reading[1]).toBe("Deific: no higher training.");
  });

  it("reads a book: a [2]20/3 book at DL 11, a [3] book a reference", () => {
    const book = itemSheetContext(data("stars", { xp: 20 }), english, defaultOptions().book);
    expect(book.reading).toEqual(["Written [2]20/3", "Read at DL 11, in about 6 hours."]);
    const reference = itemSheetContext(data("stars", { capacity: 3 }), english);
    expect(reference.reading.at(-1)).toBe(
      "A reference: a failed knowledge check may be rolled again with it.",
    );
  });

  it("has English for every key of every item type", () => {
    const { keys, localize } = recorder();
    for (const id of ["locks", "tongue", "sword", "stars"]) {
      const ctx = itemSheetContext(data(id), localize);
      for (const group of ctx.groups) {
        keys.add(group.legend);
        for (const field of group.fields) {
          keys.add(field.label);
          if (field.hint) keys.add(field.hint);
          for (const o of field.options ?? []) if (o.localize) keys.add(o.label);
        }
      }
      keys.add(ctx.description.label);
      keys.add(ctx.header.typeLabel);
    }
    expect([...keys].filter((k) => !hasKey(lang, k))).toEqual([]);
  });
});
