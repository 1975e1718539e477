// Preparing a Virtually Real character: the data model's derived values (prepareDerivedData on every
// change: modifiers, skill levels, maximum HP and wound bands, condition dice, initiative, emotional
// boxes) and the character sheet's whole context, with sixty items. Reported here, never asserted in a
// timed test; the target is the other rulesets': under 1 ms to prepare.
import { bench, describe } from "vitest";
import { characterSheetContext } from "../src/rulesets/virtually-real/sheets/character-context";
import {
  defaultOptions,
  derivedOf,
  mara,
  maraItems,
  maraSource,
} from "../tests/lib/virtually-real-sheet-sources";

const items = maraItems();
const many = Array.from({ length: 60 }, (_, i) => ({ ...items[i % items.length]!, id: `item${i}` }));
const source = maraSource();
const parts = mara({}, many);
const options = defaultOptions();

describe("virtually real preparation", () => {
  bench("deriveVirtuallyReal: modifiers, levels, HP, condition dice, initiative, 60 items", () => {
    derivedOf(source, many);
  });
  bench("characterSheetContext: the whole sheet, 60 items", () => {
    characterSheetContext({
      name: "Mara",
      img: "",
      type: "virtually-real-character",
      system: parts.system,
      derived: parts.derived,
      items: many,
      editable: true,
      isGM: true,
      activeTab: "skills",
      rolls: {},
      options,
      localize: (key: string) => key,
    });
  });
});
