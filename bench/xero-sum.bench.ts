// Speed of what the Xero Sum dialog and sheet recompute: a check's band odds on every input change
// (36 or 216 face combinations), an Insight re-roll's odds, an opposed check's odds, and preparing a
// character (Table 5 after Lasting Wounds, the load) with the whole sheet context. Target: each odds
// call well under a millisecond, preparing under 1 ms as for the other rulesets. No timed test
// asserts it.
import { bench, describe } from "vitest";
import { checkOdds, opposedOdds, replaceOdds } from "../src/rulesets/xero-sum/rules/odds";
import { deriveXeroSum } from "../src/rulesets/xero-sum/data/living-logic";
import { characterSheetContext } from "../src/rulesets/xero-sum/sheets/character-context";
import { adaItems, adaSource, adaSystem } from "../tests/lib/xero-sum-sheet-sources";

const items = adaItems();
const many = Array.from({ length: 60 }, (_, i) => ({ ...items[i % items.length]!, id: `item${i}` }));
const source = adaSource();
const system = adaSystem({}, many);

describe("xero sum odds", () => {
  let modifier = -8;
  const next = () => (modifier = modifier >= 10 ? -8 : modifier + 1);
  bench("checkOdds, 2d6", () => {
    checkOdds({ modifier: next() });
  });
  bench("checkOdds, 3d6 (an Insight die), any pair", () => {
    checkOdds({ modifier: next(), dice: 3, momentOn3d6: "anyPair" });
  });
  bench("replaceOdds, both dice", () => {
    replaceOdds({ dice: [1, 3], indices: [0, 1], modifier: next() });
  });
  bench("opposedOdds, 3d6 against 2d6", () => {
    opposedOdds({ modifier: next(), dice: 3 }, { modifier: 2, dice: 2 });
  });
});

describe("xero sum preparation", () => {
  bench("deriveXeroSum: Table 5, Lasting Wounds, load of 60 items", () => {
    deriveXeroSum(
      {
        attributes: source.attributes as never,
        lastingWounds: ["lostEye", "weakened"],
        bonuses: { initiative: 0, perception: 0, woundPoints: 0, resiliencePoints: 0, encumbrance: 0 },
      },
      many.map((i) => ({ type: i.type, system: i.system })),
    );
  });
  bench("characterSheetContext: the whole sheet, 60 items", () => {
    characterSheetContext({
      name: "Ada",
      img: "",
      type: "xero-sum-character",
      system,
      items: many,
      editable: true,
      isGM: true,
      activeTab: "skills",
      rolls: {},
      settings: {},
      localize: (key: string) => key,
    });
  });
});
