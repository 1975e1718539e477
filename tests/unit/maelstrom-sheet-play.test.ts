// What the Maelstrom sheet offers at the table (sheets/actor-tabs/status.ts, equipment.ts,
// experience.ts), Foundry-free: Rest and Rally in the Willpower box (Rally refused without
// Willpower), Reload on a ranged weapon (refused when full), Revive on a dead character for the GM
// only with the storyteller's note, and buying a specialty as one safe sequence.
import { describe, expect, it } from "vitest";
import {
  characterSheetContext,
  createThenSpend,
  type MaelstromActorSystem,
  type SheetItem,
} from "../../src/rulesets/maelstrom/sheets/character-context";
import { rheaItems, rheaSystem } from "../lib/maelstrom-sheet-sources";

const ROOT = "POLYVERSE.Maelstrom.Sheet";
const localize = (key: string, data?: Record<string, string>) => `${key}${data ? JSON.stringify(data) : ""}`;

function build(system: MaelstromActorSystem, { items = rheaItems(), isGM = false, editable = true } = {}) {
  return characterSheetContext({
    name: "Rhea",
    img: "",
    type: "maelstrom-character",
    system,
    items,
    editable,
    isGM,
    activeTab: "traits",
    localize,
  });
}

const DEAD = { bashing: 0, lethal: 8, aggravated: 0, dead: true };

describe("the Willpower box's Rest and Rally", () => {
  it("offers Rest, and Rally while the character has a dot to spend", () => {
    const { willpower } = build(rheaSystem());
    expect(willpower.rest.label).toBe(`${ROOT}.Willpower.Rest`);
    expect(willpower.rally).toEqual({
      label: `${ROOT}.Willpower.Rally`,
      allowed: true,
      hint: `${ROOT}.Willpower.RallyHint`,
    });
  });

  it("refuses Rally at zero Willpower, saying why", () => {
    const { willpower } = build(rheaSystem({ willpower: { max: 3, value: 0, rallied: false } }));
    expect(willpower.rally).toMatchObject({ allowed: false, hint: `${ROOT}.Willpower.RallyNoWillpower` });
  });
});

describe("Reload on a ranged weapon row", () => {
  const withLoaded = (loaded: number): SheetItem[] =>
    rheaItems().map((i) =>
      i.name === "Light pistol" ? { ...i, system: { ...i.system, loaded } } : i,
    ) as SheetItem[];

  it("is offered on a ranged weapon with room for rounds; not on a melee weapon", () => {
    const [pistol, knife] = build(rheaSystem(), { items: withLoaded(12) }).equipment.weapons;
    expect(pistol!.reload).toMatchObject({ full: false, hint: `${ROOT}.Equipment.ReloadHint` });
    expect(knife!.reload).toBeNull();
  });

  it("is refused when magazine and chamber are full (17+1)", () => {
    const [pistol] = build(rheaSystem(), { items: withLoaded(18) }).equipment.weapons;
    expect(pistol!.reload).toMatchObject({ full: true, hint: `${ROOT}.Equipment.ReloadFull` });
  });
});

describe("death on the health box", () => {
  it("a dead character: the note for everyone, Revive for the GM alone", () => {
    const gm = build(rheaSystem({ health: DEAD }), { isGM: true }).health;
    expect(gm).toMatchObject({ dead: true, canRevive: true, deadNote: `${ROOT}.Health.DeadNote` });
    const player = build(rheaSystem({ health: DEAD })).health;
    expect(player).toMatchObject({ dead: true, canRevive: false, deadNote: `${ROOT}.Health.DeadNote` });
  });

  it("no Revive nor note on the living", () => {
    expect(build(rheaSystem(), { isGM: true }).health).toMatchObject({ canRevive: false, deadNote: "" });
  });
});

describe("buying a specialty: create, then spend", () => {
  function steps({ create = true, spend = true as boolean | "throw" } = {}) {
    const log: string[] = [];
    return {
      log,
      steps: {
        create: async () => {
          log.push("create");
          if (!create) throw new Error("refused");
          return { id: "spec" };
        },
        spend: async () => {
          log.push("spend");
          if (spend === "throw") throw new Error("update failed");
          return spend;
        },
        undo: async (item: { id: string }) => void log.push(`undo ${item.id}`),
      },
    };
  }

  it("creates the item, then spends", async () => {
    const { log, steps: s } = steps();
    expect(await createThenSpend(s)).toEqual({ ok: true, value: { id: "spec" } });
    expect(log).toEqual(["create", "spend"]);
  });

  it("spends nothing when the create fails (throws or makes nothing)", async () => {
    const { log, steps: s } = steps({ create: false });
    expect(await createThenSpend(s)).toMatchObject({ ok: false, reason: "createFailed" });
    expect(log).toEqual(["create"]);
    const none = await createThenSpend({ ...s, create: async () => undefined });
    expect(none).toEqual({ ok: false, reason: "createFailed" });
  });

  it("deletes the item again when the spending fails", async () => {
    for (const spend of [false, "throw"] as const) {
      const { log, steps: s } = steps({ spend });
      expect(await createThenSpend(s)).toMatchObject({ ok: false, reason: "spendFailed" });
      expect(log).toEqual(["create", "spend", "undo spec"]);
    }
  });
});
