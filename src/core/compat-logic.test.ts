// Foundry v13 and v14 shapes side by side (docs/foundry-v14.md): each helper is given both shapes.
import { describe, expect, it } from "vitest";
import {
  counterpartMode,
  effectChangesData,
  effectChangesOf,
  effectRoundsUpdate,
  offeredMode,
  publicMode,
  rollDefault,
  statusEffectEntries,
  statusEffectIds,
  withDeletionOperators,
} from "./compat-logic";
import { chooseRollMode } from "./rolls/post-logic";

/** v13's CONFIG.Dice.rollModes ids, and v14's CONFIG.ChatMessage.modes ids without `ic`. */
const V13_MODES = ["publicroll", "gmroll", "blindroll", "selfroll"];
const V14_MODES = ["public", "gm", "blind", "self"];

describe("message modes (v13 roll modes, v14 message modes)", () => {
  it("pairs each v13 roll mode with the v14 message mode of the same visibility, both ways", () => {
    expect(V13_MODES.map(counterpartMode)).toEqual(V14_MODES);
    expect(V14_MODES.map(counterpartMode)).toEqual(V13_MODES);
    expect(counterpartMode("ic")).toBeUndefined();
    expect(counterpartMode("roll")).toBeUndefined();
  });

  it("takes a mode under the running version's name", () => {
    expect(offeredMode("gmroll", V13_MODES)).toBe("gmroll");
    expect(offeredMode("gmroll", V14_MODES)).toBe("gm");
    expect(offeredMode("blind", V13_MODES)).toBe("blindroll");
    expect(offeredMode("nonsense", V14_MODES)).toBeUndefined();
    expect(offeredMode(null, V14_MODES)).toBeUndefined();
  });

  it("chooses the requested mode, else the user's setting, else public, on either version", () => {
    expect(chooseRollMode("selfroll", V14_MODES, "public")).toBe("self");
    expect(chooseRollMode(undefined, V14_MODES, "gm")).toBe("gm");
    expect(chooseRollMode("nonsense", V14_MODES, "gmroll")).toBe("gm");
    expect(chooseRollMode(undefined, V14_MODES, "gone")).toBe("public");
    expect(chooseRollMode(undefined, V13_MODES, "gone")).toBe("publicroll");
    expect(publicMode(V14_MODES)).toBe("public");
  });

  it("posts a roll publicly when the user's v14 mode is in character (ic), which is no visibility", () => {
    expect(rollDefault("ic", V14_MODES)).toBe("public");
    expect(rollDefault("blind", V14_MODES)).toBe("blind");
    expect(rollDefault("gmroll", V13_MODES)).toBe("gmroll");
  });
});

describe("status effects (v13 array, v14 record by id)", () => {
  const dead = { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" };
  const prone = { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" };

  it("lists the same entries, the objects themselves, from either shape", () => {
    const array = [dead, prone];
    const record = { dead, prone };
    expect(statusEffectEntries(array)).toEqual([dead, prone]);
    expect(statusEffectEntries(record)).toEqual([dead, prone]);
    expect(statusEffectEntries(record)[0]).toBe(dead);
    expect(statusEffectEntries(undefined)).toEqual([]);
  });

  it("reads the ids from either shape, a record entry without its own id by its key", () => {
    expect(statusEffectIds([dead, prone])).toEqual(["dead", "prone"]);
    expect(statusEffectIds({ dead, prone })).toEqual(["dead", "prone"]);
    expect(statusEffectIds({ stunned: { name: "Stunned" } })).toEqual(["stunned"]);
    expect(statusEffectIds([{ name: "no id" }, 3, null])).toEqual([]);
  });
});

describe("deletions in an update (v13 `-=key: null`, v14 ForcedDeletion)", () => {
  const DEL = Object.freeze({ operator: "ForcedDeletion" });

  it("leaves the update as it is on v13 (no operator)", () => {
    const update = { "flags.polyverse.relay.-=abc": null, "flags.polyverse.reply.abc": { ok: true } };
    expect(withDeletionOperators(update, undefined)).toBe(update);
  });

  it("writes each flattened `-=key: null` as `key: operator` on v14, the rest unchanged", () => {
    const update = { "flags.polyverse.relay.-=abc": null, "flags.polyverse.reply.abc": { ok: true } };
    expect(withDeletionOperators(update, DEL)).toEqual({
      "flags.polyverse.relay.abc": DEL,
      "flags.polyverse.reply.abc": { ok: true },
    });
    expect(update).toHaveProperty(["flags.polyverse.relay.-=abc"], null);
  });

  it("converts nested deletion keys too, and only those whose value is null", () => {
    expect(
      withDeletionOperators({ system: { abilities: { "-=fly": null, "-=keep": 1, run: 2 } } }, DEL),
    ).toEqual({
      system: { abilities: { fly: DEL, "-=keep": 1, run: 2 } },
    });
    expect(withDeletionOperators({ "-=": null }, DEL)).toEqual({ "-=": null });
  });
});

describe("Active Effect changes (v13 `changes` with a mode, v14 `system.changes` with a type)", () => {
  // Intoxicated level 1 (Buzzed): PRW -1, SOC +1, both ADD (mode 2).
  const buzzed = [
    { key: "system.modifiers.attributes.prw", mode: 2, value: "-1" },
    { key: "system.modifiers.attributes.soc", mode: 2, value: "1" },
  ];

  it("writes v13's changes as they are", () => {
    expect(effectChangesData(buzzed, "v13")).toEqual({ changes: buzzed });
  });

  it("writes v14's changes under system with type add, the initial phase and v13's priority (mode × 10)", () => {
    expect(effectChangesData(buzzed, "v14")).toEqual({
      system: {
        changes: [
          {
            key: "system.modifiers.attributes.prw",
            type: "add",
            value: "-1",
            phase: "initial",
            priority: 20,
          },
          { key: "system.modifiers.attributes.soc", type: "add", value: "1", phase: "initial", priority: 20 },
        ],
      },
    });
    expect(effectChangesData([{ key: "x", mode: 5, value: "3" }], "v14")).toEqual({
      system: { changes: [{ key: "x", type: "override", value: "3", phase: "initial", priority: 50 }] },
    });
  });

  it("reads either shape back as the same changes", () => {
    expect(effectChangesOf(effectChangesData(buzzed, "v13"))).toEqual(buzzed);
    expect(effectChangesOf(effectChangesData(buzzed, "v14"))).toEqual(buzzed);
    expect(effectChangesOf({})).toEqual([]);
    expect(
      effectChangesOf({ system: { changes: [{ key: "x", type: "someModule.kind", value: 1 }] } }),
    ).toEqual([{ key: "x", mode: -1, value: "1" }]);
  });
});

describe("Active Effect durations (v13 rounds from startRound, v14 value in units from start)", () => {
  const combat = { combat: "combat0000000001", round: 3, turn: 1 };

  it("writes two rounds from round 3 turn 1 in v13's shape", () => {
    expect(effectRoundsUpdate(2, combat, "v13")).toEqual({
      duration: { rounds: 2, combat: "combat0000000001", startRound: 3, startTurn: 1 },
    });
  });

  it("writes two rounds from round 3 turn 1 in v14's shape", () => {
    expect(effectRoundsUpdate(2, combat, "v14")).toEqual({
      duration: { value: 2, units: "rounds" },
      start: { combat: "combat0000000001", round: 3, turn: 1 },
    });
  });

  it("sets only the length outside a combat", () => {
    expect(effectRoundsUpdate(2, null, "v13")).toEqual({ duration: { rounds: 2 } });
    expect(effectRoundsUpdate(2, null, "v14")).toEqual({ duration: { value: 2, units: "rounds" } });
  });
});
