// The Virtually Real sheet's Gear tab: a weapon's attack button (sheets/actor-tabs/gear.ts), drawn only
// when the rolls table has the attack (the combat folder's `rollAttack`), on weapons only, with its
// English label.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  characterSheetContext,
  ROLL_KINDS,
} from "../../src/rulesets/virtually-real/sheets/character-context";
import { hasKey } from "../lib/i18n";
import { ROOT as REPO } from "../lib/paths";
import { defaultOptions, mara } from "../lib/virtually-real-sheet-sources";

const { lang } = mergeLanguage(join(REPO, "lang", "en"));

function gear(rolls: Record<string, boolean>) {
  const keys: string[] = [];
  const parts = mara();
  const context = characterSheetContext({
    name: "Mara Voss",
    img: "",
    type: "virtually-real-character",
    system: parts.system,
    derived: parts.derived,
    items: parts.items,
    editable: true,
    isGM: false,
    activeTab: "gear",
    rolls,
    options: defaultOptions(),
    localize: (key: string, data?: Record<string, string>) => {
      keys.push(key);
      return `${key}${data ? JSON.stringify(data) : ""}`;
    },
  });
  return { equipment: context.gear.equipment, keys };
}

describe("a weapon's attack button", () => {
  it("is one of the sheet's roll kinds", () => {
    expect(ROLL_KINDS).toContain("attack");
  });

  it("stands on weapons only, and only when the attack is in the rolls table", () => {
    const { equipment, keys } = gear({ attack: true });
    const attacks = equipment.map((e) => [e.name, e.attack?.label ?? null]);
    expect(attacks.filter(([, a]) => a !== null).map(([n]) => n)).toEqual(
      equipment.filter((e) => e.weapon).map((e) => e.name),
    );
    expect(attacks.some(([, a]) => a === null)).toBe(true);
    expect(keys).toContain("POLYVERSE.VirtuallyReal.Sheet.Gear.Attack");
    expect(hasKey(lang, "POLYVERSE.VirtuallyReal.Sheet.Gear.Attack")).toBe(true);
    expect(gear({}).equipment.every((e) => e.attack === null)).toBe(true);
  });
});
