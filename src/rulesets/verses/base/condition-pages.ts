// Written by scripts/generate-verses-reference.mjs: each condition's page in the rules-reference
// journal (packs/verses-rules), which its status effect links to. Do not edit by hand.
import type { ConditionId } from "../rules";

export const CONDITION_PAGES: Readonly<Record<ConditionId, string>> = {
  afraid: "Compendium.polyverse.verses-rules.JournalEntry.TJJDXzNM8Eaz6MDt.JournalEntryPage.b4hLldZSqbBclLUP",
  charmed:
    "Compendium.polyverse.verses-rules.JournalEntry.TJJDXzNM8Eaz6MDt.JournalEntryPage.sKk03EVHwCBJPVfy",
  immobilized:
    "Compendium.polyverse.verses-rules.JournalEntry.TJJDXzNM8Eaz6MDt.JournalEntryPage.9Gw00FSTjgK10sNi",
  moribund:
    "Compendium.polyverse.verses-rules.JournalEntry.TJJDXzNM8Eaz6MDt.JournalEntryPage.hwZY5MiF3bnGztA6",
  prone: "Compendium.polyverse.verses-rules.JournalEntry.TJJDXzNM8Eaz6MDt.JournalEntryPage.dErkLqEhb6hB2WE5",
  sickened:
    "Compendium.polyverse.verses-rules.JournalEntry.TJJDXzNM8Eaz6MDt.JournalEntryPage.fWdpduFIdQeLNwmU",
  stunned:
    "Compendium.polyverse.verses-rules.JournalEntry.TJJDXzNM8Eaz6MDt.JournalEntryPage.tBlgNKux5z2qCttx",
  unconscious:
    "Compendium.polyverse.verses-rules.JournalEntry.TJJDXzNM8Eaz6MDt.JournalEntryPage.5xtP8k5frxEYxAaN",
  intoxicated:
    "Compendium.polyverse.verses-rules.JournalEntry.HwvCODqnwFFOv6hd.JournalEntryPage.k87bQBrkE9nPP91l",
};
