// The Skills and Gear tabs' learning and Bonus XP buttons (sheets/actor-tabs/play.ts), Foundry-free,
// built from Mara (tests/lib/virtually-real-sheet-sources.ts): each skill below Deific may be trained,
// one with underlines re-rolled ("Each Chapter, you can attempt a new roll ... to erase those
// underlines"), each marked practised this chapter or not ("Regular practice earns 1 XP per chapter");
// Bonus XP placed or donated while there is some; each book read. Nothing for an NPC (its skills are
// levels) or a sheet the user may not change.
import { describe, expect, it } from "vitest";
import { characterSheetContext } from "../../src/rulesets/virtually-real/sheets/character-context";
import { defaultOptions, mara, maraItems } from "../lib/virtually-real-sheet-sources";

const localize = (key: string, data?: Record<string, string>) => `${key}${data ? JSON.stringify(data) : ""}`;
const S = "POLYVERSE.VirtuallyReal.Play.Sheet";

function build(options: { type?: string; editable?: boolean; bonusXP?: number; practised?: string } = {}) {
  const items = maraItems().map((i) =>
    i.id === options.practised
      ? { ...i, flags: { polyverse: { "virtually-real": { progress: { practising: true } } } } }
      : i,
  );
  const parts = mara({}, items);
  return characterSheetContext({
    name: "Mara Voss",
    img: "",
    type: options.type ?? "virtually-real-character",
    system: { ...parts.system, bonusXP: options.bonusXP ?? parts.system.bonusXP },
    derived: parts.derived,
    items,
    editable: options.editable ?? true,
    isGM: false,
    activeTab: "skills",
    options: defaultOptions(),
    localize,
  });
}

describe("the sheet's learning buttons", () => {
  it("trains each skill, re-rolls underlines only where there are some, and shows practice", () => {
    const { skills } = build({ practised: "locks" });
    const row = (name: string) => skills.rows.find((r) => r.name === name)!;
    expect(row("Open Locks").play).toEqual({
      train: `${S}.Train{"name":"Open Locks"}`,
      underlines: null,
      practice: { on: true, label: `${S}.Practice{"name":"Open Locks"}`, text: `${S}.PracticeShort` },
    });
    // Culture (Lowland) has 1 underline.
    expect(row("Culture (Lowland)").play?.underlines).toBe(`${S}.Underlines{"name":"Culture (Lowland)"}`);
    expect(row("Acrobatics").play?.practice.on).toBe(false);
  });

  it("places and donates Bonus XP only while there is some; learns occupations", () => {
    expect(build({ bonusXP: 4 }).skills.play).toEqual({
      place: `${S}.PlaceBonus{"n":"4"}`,
      donate: `${S}.DonateBonus`,
      occupation: `${S}.Occupation`,
    });
    expect(build({ bonusXP: 0 }).skills.play).toMatchObject({ place: null, donate: null });
  });

  it("reads each book, and offers nothing to an NPC or on a sheet the user may not change", () => {
    expect(build().gear.books[0]!.read).toBe(`${S}.Read{"name":"Stars and Omens"}`);
    const npc = build({ type: "virtually-real-npc" });
    expect(npc.skills.play).toBeNull();
    expect(npc.skills.rows.every((r) => r.play === null)).toBe(true);
    const locked = build({ editable: false });
    expect(locked.skills.play).toBeNull();
    expect(locked.gear.books[0]!.read).toBeNull();
  });
});
