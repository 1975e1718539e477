import type { PolyverseRuleset } from "../../core/ruleset";
import {
  localizeVersesStatusEffects,
  registerVersesConditionHooks,
  versesSpecialStatusEffects,
  versesStatusEffects,
} from "./conditions";
import { migrateVerses } from "./data/migrations";
import { registerVersesDocumentHooks } from "./documents";
import { registerRollKeybindings } from "./rolls/keybindings";
import { SPECIAL_TEMPLATES, registerSpecialChatActions } from "./rolls/special";
import { VersesRoll } from "./rolls/verses-roll";
import * as rules from "./rules";
import { registerVersesSettings } from "./settings";

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
  statusEffects: () => versesStatusEffects(),
  templates: [
    "templates/verses/chat/pool-roll.hbs",
    "templates/core/roll-dialog.hbs",
    "templates/core/roll-dialog-summary.hbs",
    ...SPECIAL_TEMPLATES,
  ],
  registerSettings: registerVersesSettings,
  registerHooks() {
    registerRollKeybindings();
    registerSpecialChatActions();
    registerVersesDocumentHooks();
    registerVersesConditionHooks();
  },
  hooks: {
    init() {
      Object.assign(CONFIG.specialStatusEffects, versesSpecialStatusEffects());
    },
    setup() {
      localizeVersesStatusEffects();
    },
  },
};
