import type { PolyverseRuleset } from "../../core/ruleset";
import { VersesRoll } from "./rolls/verses-roll";
import { migrateVerses } from "./data/migrations";
import * as rules from "./rules";

/** The flagship ruleset: 'Verses Core 0.8.5 by K. N. Brindle (CC BY 4.0). */
export const verses: PolyverseRuleset = {
  id: "verses",
  label: "POLYVERSE.Ruleset.verses.Name",
  credit: "POLYVERSE.Ruleset.verses.Credit",
  rules,
  types: {},
  packs: ["verses-macros"],
  rolls: [VersesRoll],
  migrate: migrateVerses,
  templates: ["templates/verses/chat/pool-roll.hbs"],
};
