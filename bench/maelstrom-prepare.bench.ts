// Preparing a Maelstrom character: the data model's derived values (prepareDerivedData on every
// change: the health track, wound penalty, broken Willpower, lift) and the character sheet's whole
// context (every dot row, specialties, the experience prices, the creation check). Reported here,
// never asserted in a timed test; the target is the 'Verses one: under 1 ms to prepare.
import { bench, describe } from "vitest";
import { deriveLiving } from "../src/rulesets/maelstrom/data/living-logic";
import { characterSheetContext } from "../src/rulesets/maelstrom/sheets/character-context";
import { rheaItems, rheaSystem } from "../tests/lib/maelstrom-sheet-sources";

const system = rheaSystem();
const items = rheaItems();
// A well-travelled character: sixty items (specialties under many abilities, merits and flaws, gear).
const many = Array.from({ length: 60 }, (_, i) => ({ ...items[i % items.length]!, id: `item${i}` }));

describe("maelstrom preparation", () => {
  bench("deriveLiving: track, wound penalty, Willpower, lift", () => {
    deriveLiving(system, { woundPenalties: "0,0,1,2,3,4,5,0", hugeSize: true });
  });
  bench("characterSheetContext: the whole sheet, 60 items", () => {
    characterSheetContext({
      name: "Rhea",
      img: "icons/svg/mystery-man.svg",
      type: "maelstrom-character",
      system,
      items: many,
      editable: true,
      isGM: true,
      activeTab: "traits",
      localize: (key) => key,
    });
  });
});
