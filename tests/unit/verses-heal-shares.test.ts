// The Heal dialog with several patients: "If more than one patient is present during the interval for
// healing, resulting HP recovery may be divided between the patients" (Healing). A share field per
// patient (empty: an even division), checked as a macro's `shares` are (`checkShares`).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeLanguage } from "../../scripts/lib/lang.mjs";
import {
  applyDialogChange,
  rollDialogView,
  type RollDialogState,
} from "../../src/rulesets/verses/base/pool-dialog-logic";
import { deriveLiving } from "../../src/rulesets/verses/data/living";
import {
  recoveryDialog,
  settleSpecialDialog,
  sharesOf,
  type SpecialDialogBase,
} from "../../src/rulesets/verses/rolls/special-dialogs";
import {
  recoveryOptions,
  type LivingState,
  type OwnedItem,
  type PatientState,
} from "../../src/rulesets/verses/rolls/special";
import { hasKey } from "../lib/i18n";
import { ROOT } from "../lib/paths";
import { livingSource, skillSource } from "../lib/verses-sources";

const { lang } = mergeLanguage(join(ROOT, "lang", "en"));
const source = livingSource({});
const healer: LivingState = {
  ...source,
  ...deriveLiving(source, {
    items: [
      { name: "Medicine", type: "verses-skill", system: skillSource({ skill: "Medicine", allocated: 3 }) },
    ],
    statuses: new Set(),
    flags: {},
  }),
};
const base: SpecialDialogBase = {
  actor: healer,
  world: {},
  fastAction: false,
  rollModes: [{ value: "publicroll", label: "Public" }],
  defaultRollMode: "publicroll",
};
const own = (name: string, type: string, system: Record<string, unknown>): OwnedItem => ({
  uuid: `Item.${name.replace(/\W/g, "")}`,
  name,
  type,
  system,
});
const atHand = recoveryOptions(
  [
    own("Medicine", "verses-skill", { skill: "Medicine", allocated: 3 }),
    own("Bandage", "verses-gear", { kind: "supply", supplyKind: "medical", supplies: 1, quantity: 20 }),
  ],
  "biological",
  "heal",
);
const patient = (name: string, hp: number, hpMax = 10): PatientState => ({
  uuid: `Actor.${name.toLowerCase()}`,
  name,
  kind: "biological",
  hp,
  hpMax,
  conditions: [],
});
// Phon misses 8 HP, the miner 3.
const phon = patient("Phon", 2);
const miner = patient("Miner", 7);
const dialog = recoveryDialog(base, "heal", phon, atHand, { patients: [phon, miner] });
const set = (state: RollDialogState, name: string, value: string) =>
  applyDialogChange(dialog.config, state, { name, value });

describe("the Heal dialog with several patients: a share field each", () => {
  it("a field per patient, all empty: an even division, no shares in the choice", () => {
    const settled = settleSpecialDialog(dialog);
    const keys: string[] = [];
    const view = rollDialogView(dialog.config, settled.state, settled.evaluation, (key, data) => {
      if (key.startsWith("POLYVERSE.")) keys.push(key);
      return data ? `${key}${JSON.stringify(data)}` : key;
    });
    for (const key of keys) expect(hasKey(lang, key), key).toBe(true);
    expect(view.fields.filter((f) => f.name.startsWith("share-")).map((f) => f.label)).toEqual([
      "Phon",
      "Miner",
    ]);
    expect(settled.evaluation.problems).toEqual([]);
    expect(settled.evaluation.notes).toContainEqual({
      key: "POLYVERSE.Verses.SplitHealing.DialogEven",
      data: { count: "2" },
    });
    expect(dialog.choice(settled.state)).not.toHaveProperty("shares");
  });

  it("shares typed in are the choice's (an empty one is 0 HP), checked as a macro's are", () => {
    const start = settleSpecialDialog(dialog).state;
    const r = set(start, "share-0", "5");
    expect(r.evaluation.problems).toEqual([]);
    expect(dialog.choice(r.state).shares).toEqual({ "Actor.phon": 5, "Actor.miner": 0 });
    expect(set(r.state, "share-1", "3").evaluation.notes).toContainEqual({
      key: "POLYVERSE.Verses.SplitHealing.DialogShares",
      data: { count: "2" },
    });
    // The miner misses only 3 HP.
    expect(set(r.state, "share-1", "4").evaluation.problems).toEqual([
      { key: "POLYVERSE.Verses.SplitHealing.ShareAboveMissing" },
    ]);
    expect(set(r.state, "share-1", "1.5").evaluation.problems).toEqual([
      { key: "POLYVERSE.Verses.SplitHealing.InvalidShare" },
    ]);
  });

  it("one patient, or stabilising: no share fields", () => {
    expect(sharesOf([phon], { values: { "share-0": 3 } })).toBeUndefined();
    const one = recoveryDialog(base, "heal", phon, atHand);
    expect(one.config.fields.some((f) => f.name.startsWith("share-"))).toBe(false);
  });
});
