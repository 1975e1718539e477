// Maelstrom's status effects and turn bookkeeping, Foundry-free (documents/conditions-logic.ts,
// combat/turn-logic.ts). Numbers and words quoted from the Maelstrom text where it has them.
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import { hasKey } from "../lib/i18n";
import { ROOT } from "../lib/paths";
import { join } from "node:path";
import {
  MAELSTROM_SPECIAL_STATUS_EFFECTS,
  MAELSTROM_STATUS_IDS,
  STATUS_ICONS,
  impliedStatuses,
  statusData,
  statusToggles,
  statusesTouched,
  type StatusSource,
} from "../../src/rulesets/maelstrom/documents/conditions-logic";
import {
  aimUpdate,
  precisionAllowed,
  roundKey,
  turnStartUpdate,
} from "../../src/rulesets/maelstrom/combat/turn-logic";

const unhurt: StatusSource = {
  health: { bashing: 0, lethal: 0, aggravated: 0, dead: false },
  trackLength: 8,
  willpower: { value: 3, rallied: false },
  combat: { ignoreWounds: false },
  flaws: [],
};

describe("Maelstrom statuses", () => {
  it("are six, each with an icon from Foundry's icons/svg set and labels in the language file", () => {
    expect(MAELSTROM_STATUS_IDS).toEqual([
      "incapacitated",
      "dead",
      "brokenWill",
      "ignoringWounds",
      "phobia",
      "groggy",
    ]);
    const { lang } = mergeLanguage(join(ROOT, "lang", "en"));
    for (const id of MAELSTROM_STATUS_IDS) {
      expect(STATUS_ICONS[id]).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
      const data = statusData(id);
      expect(hasKey(lang, data.name), data.name).toBe(true);
      expect(hasKey(lang, data.description), data.description).toBe(true);
    }
    expect(MAELSTROM_SPECIAL_STATUS_EFFECTS.DEFEATED).toBe("dead");
  });

  it("an unhurt, willing character has none", () => {
    expect(Object.values(impliedStatuses(unhurt)).some(Boolean)).toBe(false);
  });

  it("incapacitated when the bottom box of the track holds damage, not before", () => {
    // "[X][/][/][ ][ ][ ][ ][ ]": three levels on eight boxes, not incapacitated.
    const three = { ...unhurt, health: { bashing: 2, lethal: 1, aggravated: 0, dead: false } };
    expect(impliedStatuses(three).incapacitated).toBe(false);
    const eight = { ...unhurt, health: { bashing: 5, lethal: 3, aggravated: 0, dead: false } };
    expect(impliedStatuses(eight).incapacitated).toBe(true);
    // Huge Size's ninth box: eight levels leave the bottom box empty.
    expect(impliedStatuses({ ...eight, trackLength: 9 }).incapacitated).toBe(false);
  });

  it("dead after fatal damage; broken will at zero Willpower until rallied", () => {
    const dead = { ...unhurt, health: { bashing: 0, lethal: 8, aggravated: 0, dead: true } };
    expect(impliedStatuses(dead)).toMatchObject({ dead: true, incapacitated: true });
    expect(impliedStatuses({ ...unhurt, willpower: { value: 0, rallied: false } }).brokenWill).toBe(true);
    expect(impliedStatuses({ ...unhurt, willpower: { value: 0, rallied: true } }).brokenWill).toBe(false);
  });

  it("ignoring wounds, facing a phobia and groggy follow the data", () => {
    const s = impliedStatuses({
      ...unhurt,
      combat: { ignoreWounds: true },
      flaws: [
        { key: "phobia", active: true },
        { key: "deepSleeper", active: false },
      ],
    });
    expect(s).toMatchObject({ ignoringWounds: true, phobia: true, groggy: false });
    expect(impliedStatuses({ ...unhurt, flaws: [{ key: "deepSleeper", active: true }] }).groggy).toBe(true);
  });

  it("an update syncs only the statuses its data decides", () => {
    expect(statusesTouched({ system: { health: { lethal: 1 } } })).toEqual(["incapacitated", "dead"]);
    expect(statusesTouched({ "system.willpower.value": 0 })).toEqual(["brokenWill"]);
    expect(statusesTouched({ system: { combat: { ignoreWounds: true } } })).toEqual(["ignoringWounds"]);
    expect(statusesTouched({ name: "Renamed" })).toEqual([]);
    expect(statusesTouched(null)).toEqual([]);
  });

  it("toggles only what differs", () => {
    const wanted = impliedStatuses({ ...unhurt, willpower: { value: 0, rallied: false } });
    expect(statusToggles(new Set(["dead"]), wanted)).toEqual([
      { id: "dead", active: false },
      { id: "brokenWill", active: true },
    ]);
    // A status the data does not decide in this update is left as the GM set it.
    expect(statusToggles(new Set(["dead"]), wanted, ["brokenWill"])).toEqual([
      { id: "brokenWill", active: true },
    ]);
  });
});

describe("Maelstrom turns", () => {
  const state = { ignoreWounds: true, ignoreWoundsRound: "c0000000000000001:2", aimedAt: "", aimedRound: "" };

  it("a round is keyed by combat and round; none outside combat", () => {
    expect(roundKey({ id: "c1", round: 3 })).toBe("c1:3");
    expect(roundKey({ id: "c1", round: 0 })).toBe("");
    expect(roundKey(null)).toBe("");
  });

  it("an unused Willpower spend on wounds lapses at the actor's next turn, not in the round it was made", () => {
    expect(turnStartUpdate(state, "c0000000000000001:2")).toBeNull();
    expect(turnStartUpdate(state, "c0000000000000001:3")).toEqual({ "system.combat.ignoreWounds": false });
    expect(turnStartUpdate({ ...state, ignoreWounds: false }, "c0000000000000001:3")).toBeNull();
    expect(turnStartUpdate(state, "")).toBeNull();
  });

  it("Precision: aimed or shot at the target last round, or covering its area since last turn", () => {
    const aimed = { aimedAt: "tok1", aimedRound: "c1:2" };
    const combat = { id: "c1", round: 3 };
    expect(precisionAllowed({ state: aimed, targetTokenId: "tok1", combat, covering: false })).toBe(true);
    expect(precisionAllowed({ state: aimed, targetTokenId: "tok2", combat, covering: false })).toBe(false);
    expect(
      precisionAllowed({
        state: aimed,
        targetTokenId: "tok1",
        combat: { id: "c1", round: 4 },
        covering: false,
      }),
    ).toBe(false);
    expect(precisionAllowed({ state: aimed, targetTokenId: "tok1", combat: null, covering: false })).toBe(
      false,
    );
    expect(precisionAllowed({ state: aimed, targetTokenId: null, combat: null, covering: true })).toBe(true);
  });

  it("an attack records its target for the next round; nothing outside combat", () => {
    expect(aimUpdate("tok1", "c1:3")).toEqual({
      "system.combat.aimedAt": "tok1",
      "system.combat.aimedRound": "c1:3",
    });
    expect(aimUpdate("tok1", "")).toBeNull();
    expect(aimUpdate(null, "c1:3")).toBeNull();
  });
});
