#!/usr/bin/env node
// Write the 'Verses roll tables (packs/verses-tables) and the rules-reference journals
// (packs/verses-rules) from the rules layer's data, so the compendium and the code never disagree.
// Run after changing that data: `node --import tsx scripts/generate-verses-reference.mjs`, then
// review the YAML diff. The packs tests check the result against the rules text independently.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { packId } from "./lib/ids.mjs";
import { isFolder } from "./lib/pack-check.mjs";
import { mergeLanguage } from "./lib/lang.mjs";
import { parseSource, stringifySource, yamlFiles } from "./lib/yaml-source.mjs";
import * as rules from "../src/rulesets/verses/rules/index.ts";
import { conditionDescriptionHtml } from "../src/rulesets/verses/base/conditions-logic.ts";

const root = join(import.meta.dirname, "..");
const CREDIT = "'Verses Core (c) 2025 by K. N. Brindle, CC BY 4.0.";
const flags = { polyverse: { ruleset: "verses", credit: CREDIT } };

// ---- links to the other packs' documents, by name ----------------------------------------------
const byName = new Map();
for (const pack of [
  "verses-skills",
  "verses-items",
  "verses-armour",
  "verses-ammunition",
  "verses-abilities",
  "verses-intoxication",
]) {
  for (const file of yamlFiles(join(root, "packs", pack))) {
    const doc = parseSource(readFileSync(file, "utf8"), relative(root, file));
    if (!isFolder(doc)) byName.set(doc.name, `Compendium.polyverse.${pack}.Item.${doc._id}`);
  }
}
/** An @UUID link to a pack item by its name (fails loudly when the item is missing). */
function link(name, label = name) {
  const uuid = byName.get(name);
  if (!uuid) throw new Error(`No pack item named ${name}`);
  return `@UUID[${uuid}]{${label}}`;
}
const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const table = (head, rows) =>
  `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`)
    .join("")}</tbody></table>`;

// ---- writing ---------------------------------------------------------------------------------
function write(pack, file, doc) {
  const path = join(root, "packs", pack, file);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, stringifySource(doc));
}

// ---- roll tables ------------------------------------------------------------------------------
const TABLES = "verses-tables";
function rollTable(
  key,
  { name, description, formula, results, img = "icons/svg/d20-grey.svg", displayRoll = true },
) {
  const id = packId(TABLES, key);
  return {
    _id: id,
    _key: `!tables!${id}`,
    name,
    img,
    description,
    formula,
    replacement: true,
    displayRoll,
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags,
    results: results.map((r, i) => {
      const rid = packId(TABLES, `${key}:${i}`);
      return {
        _id: rid,
        _key: `!tables.results!${id}.${rid}`,
        type: "text",
        name: r.name,
        description: r.description ?? "",
        img: "icons/svg/d20-black.svg",
        range: r.range,
        weight: r.range[1] - r.range[0] + 1,
        drawn: false,
        flags: {},
      };
    }),
  };
}

rmSync(join(root, "packs", TABLES), { recursive: true, force: true });
write(
  TABLES,
  "character/creation-prompts.yml",
  rollTable("creation-prompts", {
    name: "Character Creation Prompts",
    description:
      "<p>Storytelling prompts for a new character. The text rolls one d6 for the section and a second d6 for the row; this table's formula does the same in one roll: (first d6 − 1) × 6 + second d6, so result 1–6 is section 1, 7–12 section 2, and so on. Each result is named section·row.</p>",
    formula: "(1d6 - 1) * 6 + 1d6",
    results: rules.CREATION_PROMPTS.flatMap((rows, s) =>
      rows.map((prompt, r) => ({
        name: `${s + 1}·${r + 1}`,
        description: `<p>${esc(prompt)}</p>`,
        range: [s * 6 + r + 1, s * 6 + r + 1],
      })),
    ),
  }),
);
const CATEGORY = { mental: "Mental", functional: "Functional", social: "Social", physical: "Physical" };
for (const group of ["A", "B"]) {
  for (const [category, traits] of Object.entries(rules.CHARACTER_TRAITS[group])) {
    write(
      TABLES,
      `character/traits-${group.toLowerCase()}-${category}.yml`,
      rollTable(`traits-${group}-${category}`, {
        name: `Character Traits: Group ${group}, ${CATEGORY[category]}`,
        description: `<p>One of the eight traits of a new character: roll once on each category of Group A and of Group B. Traits colour how the character is played; they change no numbers.</p>`,
        formula: "1d6",
        results: traits.map((trait, i) => ({ name: trait, range: [i + 1, i + 1] })),
      }),
    );
  }
}
const DIRECTIONS = [
  ["Too Near", "The centre lands short of the aimed point, towards the thrower."],
  ["Too Far", "The centre lands beyond the aimed point, away from the thrower."],
  ["Wide Right", "The centre lands to the thrower's right of the aimed point."],
  ["Wide Left", "The centre lands to the thrower's left of the aimed point."],
];
write(
  TABLES,
  "combat/indirect-miss-direction.yml",
  rollTable("indirect-miss-direction", {
    name: "Indirect Attack Miss Direction",
    description:
      "<p>Where a missed indirect attack (a thrown grenade) lands. Set the successes aside; compare the 1s with the 2s among the other dice, and the 3s with the 4s: the value seen more often in each pair gives a direction (a tie gives none). Move the centre (5 − successes) metres in each direction found. The die values below are looked up from the failed roll itself; Polyverse's attack cards do this for you. Drawing from this table picks one direction at random, for improvised misses.</p>",
    formula: "1d4",
    displayRoll: false,
    results: DIRECTIONS.map(([name, description], i) => ({
      name,
      description: `<p>${description}</p>`,
      range: [i + 1, i + 1],
    })),
  }),
);
write(
  TABLES,
  "combat/survival-outcomes.yml",
  rollTable("survival-outcomes", {
    name: "Survival Roll Outcomes",
    description:
      "<p>A Moribund actor in Fast Action rolls TUF + all available AD + any applicable capabilities on each of its turns; read the successes here. A lookup rather than a draw: the rows are ordered by successes (0, then 1 or more, then 6 − TUF or more, which wins when both apply). Polyverse applies the outcome itself when the survival roll is made from the sheet or the combat tracker.</p>",
    formula: "1d3 - 1",
    displayRoll: false,
    results: [
      { name: "0 successes: the actor dies", range: [0, 0] },
      { name: "1 or more successes: the actor survives the turn, still Moribund", range: [1, 1] },
      {
        name: "6 − TUF or more successes: no longer Moribund; HP stays 0 and the actor remains Unconscious",
        range: [2, 2],
      },
    ],
  }),
);

// ---- journals ---------------------------------------------------------------------------------
const JOURNAL = "verses-rules";
function journal(key, name, pages) {
  const id = packId(JOURNAL, key);
  return {
    _id: id,
    _key: `!journal!${id}`,
    name,
    categories: [],
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags,
    pages: pages.map((p, i) => {
      const pid = packId(JOURNAL, `${key}:${p.key}`);
      return {
        _id: pid,
        _key: `!journal.pages!${id}.${pid}`,
        name: p.name,
        type: "text",
        title: { show: true, level: 1 },
        text: { content: p.content, format: 1 },
        sort: (i + 1) * 100000,
        ownership: { default: -1 },
        flags: { polyverse: { ruleset: "verses", ...(p.condition ? { condition: p.condition } : {}) } },
      };
    }),
  };
}

const { lang } = mergeLanguage(join(root, "lang", "en"));
const get = (key) => key.split(".").reduce((o, k) => o?.[k], lang);
const i18n = {
  localize: (key) => get(key) ?? key,
  format: (key, data) => (get(key) ?? key).replace(/\{(\w+)\}/g, (_, k) => data[k] ?? `{${k}}`),
};
const CONDITION_LINKS = {
  moribund: `<p>Others can stabilise a Moribund actor with ${link("First Aid")} or ${link("Medicine")} (supplies such as a ${link("Healer's Kit")} or ${link("Bandage", "Bandages")} are used up); healing also ends Moribund. See also the <em>Survival Roll Outcomes</em> table.</p>`,
  sickened: `<p>Healing with ${link("Medicine")} ends Sickened.</p>`,
  stunned: `<p>Healing with ${link("Medicine")} ends Stunned.</p>`,
  unconscious: `<p>Another actor may try to wake an Unconscious one (SOC + AD against 4 successes); the sheet's Tests panel has Awaken.</p>`,
  charmed: `<p>Charm is a contest; ${link("Argument & Debate")} adds its skill dice to the attempt.</p>`,
};
rmSync(join(root, "packs", JOURNAL), { recursive: true, force: true });
const conditionPage = (id) => ({
  key: id,
  name: i18n.localize(`POLYVERSE.Verses.Condition.${id}`),
  condition: id,
  content: conditionDescriptionHtml(id, i18n) + (CONDITION_LINKS[id] ?? ""),
});
write(
  JOURNAL,
  "conditions.yml",
  journal("conditions", "'Verses Conditions", rules.CORE_CONDITION_IDS.map(conditionPage)),
);

const DAMAGE_NAMES = {
  b: ["Ballistic", "fast, hard impacts such as bullets and shrapnel"],
  c: ["Crushing", "blunt force: fists, clubs, falls"],
  p: ["Puncturing", "points that pierce: arrowheads, darts, picks"],
  r: ["Reactive", "energy and chemistry: fire, electricity, acid"],
  s: ["Slashing", "edges that cut: blades, broadhead arrows"],
};
const pages = [
  {
    key: "damage-types",
    name: "Damage Types",
    content:
      `<p>Every application of damage has one of five types, written by its letter in weapon and armour listings. A material that resists a type absorbs as much of each application of it as its TUF; an arrow (⇒) means whatever gets through is changed into the type on the right and passed on to the next layer. Every biological body resists crushing with its own TUF.</p>` +
      table(
        ["Type", "Letter", "What it covers"],
        rules.DAMAGE_TYPES.map((t) => [DAMAGE_NAMES[t][0], `<strong>${t}</strong>`, DAMAGE_NAMES[t][1]]),
      ) +
      `<p>Ammunition can change a weapon's damage, for example the ${link("Bean Bag Shell")} round turns it all into crushing.</p>`,
  },
  {
    key: "materials",
    name: "Materials",
    content:
      `<p>Hit points of common materials for each 100 cm³, with their TUF and the damage types they resist. Use it for the part of an object that matters (the stretch of wall someone hides behind, not the whole building). Flesh takes its HP and TUF from the actor.</p>` +
      table(
        ["Material", "HP per 100 cm³", "TUF", "Resists"],
        rules.MATERIALS.map((m) => [
          esc(m.name),
          m.hpPer100cm3 ?? "actor's HP",
          m.tuf ?? "actor's TUF",
          esc(m.resistance),
        ]),
      ),
  },
  {
    key: "object-hp",
    name: "Object HP by Size",
    content:
      `<p>A quick estimate of an object's HP from its size when no material calculation is worth the time; material and state of repair move it within the range. An object at 0 HP is destroyed.</p>` +
      table(
        ["Size", "About", "HP", "For example"],
        rules.OBJECT_HP_BY_SIZE.map((r) => [
          r.size[0].toUpperCase() + r.size.slice(1),
          esc(r.volume),
          `${r.minHp}–${r.maxHp}`,
          esc(r.example),
        ]),
      ),
  },
  {
    key: "operational-levels",
    name: "Tool Operational Levels",
    content:
      `<p>A tool's Operational Level (OL) is the number of dice it adds to a test made with it; with several at hand, the best one counts. Examples at each level, for healing and for repairs:</p>` +
      table(
        ["OL", "Dice added", "Healing", "Repair"],
        rules.TOOL_OPERATIONAL_LEVELS.map((t) => [t.ol, `+${t.dice}`, esc(t.healing), esc(t.repair)]),
      ) +
      `<p>In the compendium: ${link("Healer's Kit")} and ${link("Smith's Tools")} (OL 2), ${link("Wheelwright's Tools")}.</p>`,
  },
  {
    key: "society",
    name: "Society Ratings",
    content:
      `<p>A society is rated like an object on four attributes, 0 to 5 (${rules.ATTRIBUTE_RATING_LABELS.map((l, i) => `${i} ${l}`).join(", ")}): ` +
      rules.SOCIETY_ATTRIBUTES.map((a) => `<strong>${a.abbreviation}</strong> (${esc(a.name)})`).join(", ") +
      `. Technology Levels:</p>` +
      table(
        ["TEC", "Era"],
        rules.TEC_LEVELS.map((t) => [t.value, esc(t.level)]),
      ) +
      `<p>Social-response contests weigh factors for the character against factors against them. The GM rates these on 0–5 scales:</p>` +
      Object.values(rules.SOCIAL_FACTORS)
        .filter((f) => f.table)
        .map(
          (f) =>
            `<h3>${esc(f.label)}</h3>` +
            table(
              ["Rating", "Label"],
              f.table.map((r) => [r.rating, esc(r.label)]),
            ),
        )
        .join("") +
      `<p>The contests: ` +
      Object.values(rules.SOCIAL_RESPONSES)
        .map(
          (s) =>
            `<strong>${esc(s.label)}</strong>: ${[...s.favour.map((f) => rules.SOCIAL_FACTORS[f].label), ...(s.favourConstant ? [s.favourConstant] : [])].join(" + ")} against ${[...(s.againstConstant ? [s.againstConstant] : []), ...s.against.map((f) => rules.SOCIAL_FACTORS[f].label)].join(" + ")}`,
        )
        .join("; ") +
      `.</p>`,
  },
];
write(JOURNAL, "reference.yml", journal("reference", "'Verses Rules Reference", pages));

const ATTR = { smr: "SMR", prw: "PRW", tuf: "TUF", soc: "SOC" };
write(
  JOURNAL,
  "intoxication.yml",
  journal("intoxication", "'Verses Intoxication (rules module)", [
    { ...conditionPage("intoxicated") },
    {
      key: "levels",
      name: "Intoxication Levels",
      content:
        `<p>Only with the Intoxication rules module on (world setting). Each level changes the drinker's attributes for a while; past level 5 the drinker is Moribund. Skills and the ${link("Hollow Leg")} ability in the Intoxication compendium help.</p>` +
        table(
          ["Level", "Name", "Lasts", "Changes"],
          rules.INTOXICATION_LEVELS.map((l) => [
            l.level,
            esc(l.description),
            `${l.durationHours} h`,
            l.unconscious
              ? "Unconscious"
              : [
                  ...Object.entries(l.attributes)
                    .filter(([, v]) => v)
                    .map(([k, v]) => `${ATTR[k]} ${v > 0 ? "+" : "−"}${Math.abs(v)}`),
                  ...(l.resistCharmDice ? [`${l.resistCharmDice} die resisting Charm`] : []),
                ].join(", "),
          ]),
        ),
    },
  ]),
);
// The condition pages' UUIDs, for the status effects (the bundle cannot hash ids itself).
const pageUuid = (entryKey, pageKey) =>
  `Compendium.polyverse.${JOURNAL}.JournalEntry.${packId(JOURNAL, entryKey)}.JournalEntryPage.${packId(JOURNAL, `${entryKey}:${pageKey}`)}`;
const uuids = Object.fromEntries([
  ...rules.CORE_CONDITION_IDS.map((id) => [id, pageUuid("conditions", id)]),
  ["intoxicated", pageUuid("intoxication", "intoxicated")],
]);
const pagesFile = join(root, "src", "rulesets", "verses", "base", "condition-pages.ts");
const prettier = await import("prettier");
writeFileSync(
  pagesFile,
  await prettier.format(
    `// Written by scripts/generate-verses-reference.mjs: each condition's page in the rules-reference\n` +
      `// journal (packs/verses-rules), which its status effect links to. Do not edit by hand.\n` +
      `import type { ConditionId } from "../rules";\n\n` +
      `export const CONDITION_PAGES: Readonly<Record<ConditionId, string>> = ${JSON.stringify(uuids, null, 2)};\n`,
    { ...(await prettier.resolveConfig(pagesFile)), filepath: pagesFile },
  ),
);
console.log("Wrote packs/verses-tables, packs/verses-rules and src/rulesets/verses/base/condition-pages.ts.");
