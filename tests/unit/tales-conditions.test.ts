// Tales's status effects, Foundry-free (documents/conditions-logic.ts, core/statuses-logic.ts): the
// wound levels of "Health Levels" (light, medium, critical, K/O, dead), the stun, the need to
// stabilise, the coma, and the combat and situational markers of spec §8.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import { hasKey } from "../lib/i18n";
import { ROOT } from "../lib/paths";
import {
  HEALTH_STATUSES,
  TALES_SPECIAL_STATUS_EFFECTS,
  TALES_STATUS_ICONS,
  TALES_STATUS_IDS,
  WOUND_STATUS,
  impliedHealthStatuses,
  talesStatusData,
  talesStatusesTouched,
  type TalesHealthSource,
} from "../../src/rulesets/tales/documents/conditions-logic";
import { statusToggles, systemPartsTouched } from "../../src/core/statuses-logic";

const healthy: TalesHealthSource = { level: "healthy", stunned: false, unstable: false, comaDays: 0 };
const on = (h: Partial<TalesHealthSource>) =>
  Object.entries(impliedHealthStatuses({ ...healthy, ...h }))
    .filter(([, v]) => v)
    .map(([k]) => k);

describe("Tales statuses", () => {
  it("cover the health track, combat and the situational states, each with an icon and labels", () => {
    expect(TALES_STATUS_IDS.slice(0, 8)).toEqual([
      "woundLight",
      "woundMedium",
      "woundCritical",
      "unconscious",
      "dead",
      "stunned",
      "unstable",
      "coma",
    ]);
    for (const id of [
      "sustainedDefence",
      "undefended",
      "partialCover",
      "fullCover",
      "aiming",
      "entangled",
    ] as const)
      expect(TALES_STATUS_IDS).toContain(id);
    const { lang } = mergeLanguage(join(ROOT, "lang", "en"));
    for (const id of TALES_STATUS_IDS) {
      expect(TALES_STATUS_ICONS[id]).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
      const data = talesStatusData(id);
      expect(data.flags.polyverse.tales.status).toBe(id);
      expect(hasKey(lang, data.name), data.name).toBe(true);
      expect(hasKey(lang, data.description), data.description).toBe(true);
    }
    expect(TALES_SPECIAL_STATUS_EFFECTS.DEFEATED).toBe("dead");
  });

  it("a healthy character has none", () => {
    expect(on({})).toEqual([]);
  });

  it("exactly one wound status per level: K/O is unconscious, Dead is dead (defeated)", () => {
    expect(WOUND_STATUS).toEqual({
      healthy: null,
      light: "woundLight",
      medium: "woundMedium",
      critical: "woundCritical",
      ko: "unconscious",
      dead: "dead",
    });
    expect(on({ level: "light" })).toEqual(["woundLight"]);
    expect(on({ level: "medium" })).toEqual(["woundMedium"]);
    expect(on({ level: "critical" })).toEqual(["woundCritical"]);
    expect(on({ level: "ko" })).toEqual(["unconscious"]);
    expect(on({ level: "dead" })).toEqual(["dead"]);
  });

  it("stunned, unstable and coma as the data says; the dead carry none of them", () => {
    // "S" on the damage table: a stun; an unstable K/O; "7 - Spiritual" days of coma.
    expect(on({ level: "light", stunned: true })).toEqual(["woundLight", "stunned"]);
    expect(on({ level: "ko", unstable: true, comaDays: 4 })).toEqual(["unconscious", "unstable", "coma"]);
    expect(on({ level: "dead", stunned: true, unstable: true, comaDays: 4 })).toEqual(["dead"]);
  });

  it("an update syncs the health statuses only when it names system.health", () => {
    expect(talesStatusesTouched({ system: { health: { level: "light" } } })).toEqual(HEALTH_STATUSES);
    expect(talesStatusesTouched({ "system.health.stunned": true })).toEqual(HEALTH_STATUSES);
    expect(talesStatusesTouched({ system: { hp: { value: 3 } } })).toEqual([]);
    expect(talesStatusesTouched({ name: "x" })).toEqual([]);
    expect(talesStatusesTouched(null)).toEqual([]);
    // Hand-set markers are never synced from health.
    expect(HEALTH_STATUSES).not.toContain("sustainedDefence");
    expect(HEALTH_STATUSES).not.toContain("partialCover");
  });
});

describe("core status sync logic", () => {
  it("toggles only what differs, among the ids considered", () => {
    const wanted = { a: true, b: false, c: true };
    expect(statusToggles(new Set(["b", "c"]), wanted, ["a", "b", "c"])).toEqual([
      { id: "a", active: true },
      { id: "b", active: false },
    ]);
    expect(statusToggles(new Set(["b"]), wanted, ["c"])).toEqual([{ id: "c", active: true }]);
    expect(statusToggles(new Set(), wanted, ["a", "a"])).toEqual([{ id: "a", active: true }]);
  });

  it("reads the system parts of expanded and flattened updates", () => {
    expect([...systemPartsTouched({ system: { a: 1 }, "system.b.c": 2, flags: {} })].sort()).toEqual([
      "a",
      "b",
    ]);
    expect(systemPartsTouched([1, 2]).size).toBe(0);
  });
});
