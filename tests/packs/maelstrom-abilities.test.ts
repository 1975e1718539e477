// Maelstrom abilities and their suggested specialties (rules text, "Abilities" and "Specialties"):
// the 24 abilities with their category and common attributes, and the 185 suggested specialties
// (79 advanced, 106 general) as items bound to their ability, against the text's listing quoted below.
import { describe, expect, it } from "vitest";
import { packId, packUuid } from "../../scripts/lib/ids.mjs";
import {
  ABILITY_KEYS_BY_CATEGORY,
  byName,
  groupOf,
  maelstromItemPackChecks,
  packFolders,
  packSources,
  slug,
  stripTags,
  uuidLinks,
} from "./maelstrom-content";

const abilitySources = packSources("maelstrom-abilities");
const specialtySources = packSources("maelstrom-specialties");
const abilities = abilitySources.map((s) => s.data);
const specialties = specialtySources.map((s) => s.data);
const specialty = byName(specialtySources);

/**
 * The Folders of a pack as `[key, name, sort]` in their order (by `sort`), each checked to be a top
 * Folder with the id packId(pack, "folder:<key>"), its entries sorted alphabetically, no colour.
 */
function topFolders(pack: string, keys: readonly string[]) {
  const folders = packFolders(pack).map((f) => f.data);
  return folders
    .sort((a, b) => a.sort - b.sort)
    .map((f) => {
      const key = keys.find((k) => packId(pack, `folder:${k}`) === f._id);
      expect(key, `${pack}: the Folder ${f.name} has the id of no key`).toBeDefined();
      expect(f).toEqual({
        _id: f._id,
        _key: `!folders!${f._id}`,
        name: f.name,
        type: "Item",
        description: "",
        folder: null,
        sorting: "a",
        color: null,
        sort: f.sort,
        flags: {},
      });
      return [key, f.name];
    });
}

/**
 * The text's listing for each ability, as printed: name, category (the heading it sits under),
 * "Common Attributes", "Advanced Specialties", "General Specialties" (its trailing period dropped).
 */
// prettier-ignore
const LISTING: [key: string, name: string, category: string, common: string, advanced: string, general: string][] =
  [
    ["alertness", "Alertness", "talent", "Perception", "Night Vision, Vacuum", "Terrain (Urban, Forest, Plains, etc), Followers, Ambushes"],
    ["athletics", "Athletics", "talent", "Strength, Precision, Reflexes", "Grenades, Power Armor, Zero-G, Acrobatics, Parkour, Specific Exotic Thrown Weapon", "Run, Jump, Dodge, Thrown Weapons, Surprise Attack"],
    ["investigation", "Investigation", "talent", "Intelligence, Wits, Perception", "Forensics, Missing Persons", "Research, Computer Records, Crime Scenes"],
    ["melee", "Melee", "talent", "Strength, Precision, Reflexes", "Power Armor, Energy Weapons, Swords, Specific Exotic Melee Weapon", "Clubs, Grapple, Shields, Spears, Brawling, Surprise Attack, Specific Martial Art"],
    ["performance", "Performance", "talent", "Precision, Wits", "Specific Musical Instrument (Piano, Guitar, Drums, etc)", "Dancing, Singing, Acting, Speeches"],
    ["stealth", "Stealth", "talent", "Wits, Precision", "Power Armor", "Terrain (Urban, Forests, Plains, etc), Surveillance"],
    ["streetwise", "Streetwise", "talent", "Wits", "Black Markets, Criminal Networks, Megacities", "Colonies, Outposts, Research Stations, Industrial Stations, Docks, Shipyards"],
    ["technology", "Technology", "talent", "Intelligence, Wits", "Hacking, Data Recovery, Data Forgery, AI Modules, Remote Access", "Data Storage, Communications, Security Systems, Navigation Systems"],
    ["artistry", "Artistry", "skill", "Varies", "Forgery, Electronics, Metalwork", "Sketching, Painting, Sculpting, Photography"],
    ["driving", "Driving", "skill", "Precision, Reflexes", "Motorcycles, Transport Trucks", "Gravitic Vehicles, Cars, Trucks, Buses"],
    ["firearms", "Firearms", "skill", "Strength, Precision, Reflexes", "Power Armor, Energy Weapons, Extreme Range, Advanced Maintenance", "Pistols, Shotguns, PDWs, Battle Rifles, Sniper Rifles, Surprise Attack"],
    ["heavyWeapons", "Heavy Weapons", "skill", "Strength, Precision", "Power Armor, Mortars, Artillery, Advanced Maintenance", "Grenade Launchers, Missile Launchers"],
    ["piloting", "Piloting", "skill", "Precision, Reflexes", "Atmospheric Flight, Close Quarters, Fighters, Freighters, Power Armor", "Space Flight, Shuttles, Frigates, Cruisers"],
    ["remoteWeapons", "Remote Weapons", "skill", "Wits, Reflexes", "Defensive Fire, Power Armor, Mining Equipment, Advanced Maintenance", "PDCs, Missiles, Torpedoes, Rail Guns"],
    ["survival", "Survival", "skill", "Intelligence, Wits", "Extreme Temperatures, Radiation, Biochemical Agents", "Terrain (Urban, Forests, Plains, etc), Vacuum, Non-Breathable Atmosphere"],
    ["tradecraft", "Tradecraft", "skill", "Wits, Precision", "Lockpick, Pickpocket", "Weapon Concealment, Dead Drops, Traps, Surveillance, Alarms"],
    ["computerScience", "Computer Science", "knowledge", "Intelligence", "Hacking, AI Research, Quantum Computing", "Encryption, Programming, Data Processing"],
    ["engineering", "Engineering", "knowledge", "Intelligence, Wits", "Jury Rigging, Power Armor, Weapon Systems, Reactors, Gravitics", "Spacecraft, Aircraft, Stations, Ground Vehicles, Life Support, Electrical, Mining Equipment"],
    ["humanities", "Humanities", "knowledge", "Intelligence", "Linguistics, Specific Language (Chinese, Russian, etc)", "History, Philosophy, Religion, Literature, Anthropology"],
    ["manufacturing", "Manufacturing", "knowledge", "Intelligence, Wits", "Mechanical Design, Electronics, Explosives, Textiles", "Autofabrication, Manual Machining, Metals, Plastics, Ceramics, Composites"],
    ["medicine", "Medicine", "knowledge", "Intelligence", "Surgery, Battlefield Medicine, Zero-G, Prosthetics", "First Aid, Wound Management, Poisons, Radiation"],
    ["science", "Science", "knowledge", "Intelligence", "Astrophysics, Quantum Theory, Gravitics, Jump Technology", "Physics, Chemistry, Biology, Earth Science, Astronomy, Economics, Psychology, Sociology"],
    ["statecraft", "Statecraft", "knowledge", "Intelligence, Wits", "Statutory Law, Contracts", "Corporate Politics, Government Politics, Specific System (Sol, Maelstrom, etc)"],
    ["navigation", "Navigation", "knowledge", "Intelligence", "Stealth, Close Approach, Precise Arrival, Jump Plotting", "Gravity Assists, Low Energy Transfers, Constant Thrust, Suborbital Routes"],
  ];

/** Advanced / general specialties per ability, counted from the listing above. */
// prettier-ignore
const COUNTS: Record<string, [advanced: number, general: number]> = {
  alertness: [2, 3], athletics: [6, 5], investigation: [2, 3], melee: [4, 7],
  performance: [1, 4], stealth: [1, 2], streetwise: [3, 6], technology: [5, 4],
  artistry: [3, 4], driving: [2, 4], firearms: [4, 6], heavyWeapons: [4, 2],
  piloting: [5, 4], remoteWeapons: [4, 4], survival: [3, 3], tradecraft: [2, 5],
  computerScience: [3, 3], engineering: [5, 7], humanities: [2, 5], manufacturing: [4, 6],
  medicine: [4, 4], science: [4, 8], statecraft: [2, 3], navigation: [4, 4],
};

/** A listing split at the commas outside parentheses. */
const split = (list: string): string[] => list.split(/,\s*(?![^()]*\))/).map((s) => s.trim());

const ATTRIBUTE_KEY: Record<string, string> = {
  Strength: "strength",
  Precision: "precision",
  Reflexes: "reflexes",
  Perception: "perception",
  Intelligence: "intelligence",
  Wits: "wits",
};

interface Listed {
  ability: string;
  abilityName: string;
  kind: "advanced" | "general";
  listed: string;
  base: string;
}
const listed: Listed[] = LISTING.flatMap(([ability, abilityName, , , advanced, general]) => [
  ...split(advanced).map((l) => ({ ability, abilityName, kind: "advanced" as const, listed: l })),
  ...split(general).map((l) => ({ ability, abilityName, kind: "general" as const, listed: l })),
]).map((l) => ({ ...l, base: l.listed.replace(/ \([^)]*etc\)$/, "") }));
const abilityNames = new Set(LISTING.map((l) => l[1]));
const baseCount = (base: string) => listed.filter((l) => l.base === base).length;
/** The item's name: the examples dropped, the ability added where the name repeats or is an ability's. */
const itemName = (l: Listed) =>
  baseCount(l.base) > 1 || abilityNames.has(l.base) ? `${l.base} (${l.abilityName})` : l.base;

describe("Maelstrom abilities pack", () => {
  maelstromItemPackChecks(
    "maelstrom-abilities",
    "maelstrom-ability",
    ["icons/svg/book.svg"],
    (data) => data.system.category,
  );

  it("holds the 24 abilities, 8 talents, 8 skills and 8 knowledges, with the contract's keys", () => {
    expect(LISTING).toHaveLength(24);
    expect(abilities).toHaveLength(24);
    for (const [category, keys] of Object.entries(ABILITY_KEYS_BY_CATEGORY)) {
      const inPack = abilities.filter((a) => a.system.category === category).map((a) => a.system.key);
      expect(inPack.sort(), category).toEqual([...keys].sort());
      expect(LISTING.filter((l) => l[2] === category).map((l) => l[0])).toEqual([...keys]);
    }
  });

  it.each(LISTING)(
    "%s: the text's category, common attributes and suggested specialties",
    (key, name, category, common, advanced, general) => {
      const a = abilities.find((x) => x.system.key === key);
      expect(a.name).toBe(name);
      expect(a.system).toEqual({
        key,
        category,
        attributes: common === "Varies" ? [] : split(common).map((c) => ATTRIBUTE_KEY[c]),
        advanced: split(advanced),
        general: split(general),
        description: a.system.description,
      });
      expect(a.system.advanced).toHaveLength(COUNTS[key]![0]);
      expect(a.system.general).toHaveLength(COUNTS[key]![1]);
      // The description links every suggested specialty to its item, labelled as the text lists it.
      const links = uuidLinks(a.system.description);
      for (const l of listed.filter((x) => x.ability === key)) {
        const uuid = packUuid("maelstrom-specialties", "Item", itemName(l));
        expect(
          links.some((m) => m[1] === uuid && m[2] === l.listed),
          `${key}: ${l.listed}`,
        ).toBe(true);
      }
      expect(stripTags(a.system.description)).toContain(
        common === "Varies" ? "Common attributes: varies." : `Common attributes: ${common}.`,
      );
    },
  );

  it("has a Folder per category in the text's order, Talents, Skills, Knowledges, each ability in its category's", () => {
    const categories = Object.keys(ABILITY_KEYS_BY_CATEGORY);
    expect(topFolders("maelstrom-abilities", categories)).toEqual([
      ["talent", "Talents"],
      ["skill", "Skills"],
      ["knowledge", "Knowledges"],
    ]);
    for (const a of abilities)
      expect(a.folder, a.name).toBe(packId("maelstrom-abilities", `folder:${a.system.category}`));
  });

  it("Artistry's 'Varies' is an empty list; Investigation lists three attributes", () => {
    const artistry = abilities.find((a) => a.system.key === "artistry");
    expect(artistry.system.attributes).toEqual([]);
    const investigation = abilities.find((a) => a.system.key === "investigation");
    expect(investigation.system.attributes).toEqual(["intelligence", "wits", "perception"]);
  });
});

describe("Maelstrom specialties pack", () => {
  const ABILITY_NAME = Object.fromEntries(LISTING.map((l) => [l[0], l[1]]));
  maelstromItemPackChecks("maelstrom-specialties", "maelstrom-specialty", ["icons/svg/upgrade.svg"], (data) =>
    slug(ABILITY_NAME[data.system.ability]!),
  );

  it("holds every suggested specialty: 185 = 79 advanced + 106 general", () => {
    expect(listed).toHaveLength(185);
    expect(listed.filter((l) => l.kind === "advanced")).toHaveLength(79);
    expect(specialties).toHaveLength(185);
    expect(specialties.filter((s) => s.system.kind === "advanced")).toHaveLength(79);
    expect(specialties.filter((s) => s.system.kind === "general")).toHaveLength(106);
  });

  it.each(Object.entries(COUNTS))(
    "%s: its advanced and general counts, in its own folder",
    (key, [adv, gen]) => {
      const mine = specialtySources.filter((s) => s.data.system.ability === key);
      expect(mine.filter((s) => s.data.system.kind === "advanced")).toHaveLength(adv);
      expect(mine.filter((s) => s.data.system.kind === "general")).toHaveLength(gen);
      const folder = slug(ABILITY_NAME[key]!);
      for (const s of mine) expect(groupOf("maelstrom-specialties", s)).toBe(folder);
    },
  );

  it("has a Folder per ability, named by it, in the text's order (talents, skills, knowledges)", () => {
    expect(
      topFolders(
        "maelstrom-specialties",
        LISTING.map((l) => l[0]),
      ),
    ).toEqual(LISTING.map(([key, name]) => [key, name]));
  });

  it("each specialty sits in its ability's Folder", () => {
    const folderOf = new Map(packFolders("maelstrom-specialties").map((f) => [f.data._id, f.data.name]));
    for (const s of specialties) {
      expect(s.folder, s.name).toBe(packId("maelstrom-specialties", `folder:${s.system.ability}`));
      expect(folderOf.get(s.folder), s.name).toBe(ABILITY_NAME[s.system.ability]);
    }
  });

  it("each listed specialty is one item bound to its ability with its kind and a blank subject", () => {
    for (const l of listed) {
      const item = specialty[itemName(l)];
      expect(item, `${l.ability}: ${l.listed}`).toBeDefined();
      expect(item.system).toEqual({
        ability: l.ability,
        kind: l.kind,
        subject: "",
        description: item.system.description,
      });
      const text = stripTags(item.system.description);
      expect(text).toContain(l.kind === "advanced" ? "An advanced specialty of" : "A general specialty of");
      expect(text).toContain(
        l.kind === "advanced" ? "costs 3 experience points" : "costs 2 experience points",
      );
    }
  });

  it("names that repeat across abilities are separate items named with their ability", () => {
    const powerArmor = specialties.filter((s) => s.name.startsWith("Power Armor ("));
    expect(powerArmor.map((s) => s.system.ability).sort()).toEqual(
      [
        "athletics",
        "melee",
        "stealth",
        "firearms",
        "heavyWeapons",
        "piloting",
        "remoteWeapons",
        "engineering",
      ].sort(),
    );
    expect(specialty["Mining Equipment (Remote Weapons)"].system.kind).toBe("advanced");
    expect(specialty["Mining Equipment (Engineering)"].system.kind).toBe("general");
    expect(specialty["Vacuum (Alertness)"].system.kind).toBe("advanced");
    expect(specialty["Vacuum (Survival)"].system.kind).toBe("general");
    for (const name of ["Surprise Attack", "Advanced Maintenance", "Terrain"])
      expect(
        specialties.filter((s) => s.name.startsWith(`${name} (`)),
        name,
      ).toHaveLength(3);
    for (const name of [
      "Hacking",
      "Energy Weapons",
      "Zero-G",
      "Electronics",
      "Gravitics",
      "Surveillance",
      "Radiation",
    ])
      expect(
        specialties.filter((s) => s.name.startsWith(`${name} (`)),
        name,
      ).toHaveLength(2);
    // Navigation's Stealth is not the Stealth ability.
    expect(specialty["Stealth (Navigation)"].system).toMatchObject({
      ability: "navigation",
      kind: "advanced",
    });
    expect(specialty.Pistols.system).toMatchObject({ ability: "firearms", kind: "general" });
  });

  it("templated specialties drop the text's examples from the name and ask for a subject", () => {
    const templated = {
      "Terrain (Alertness)": "alertness",
      "Terrain (Stealth)": "stealth",
      "Terrain (Survival)": "survival",
      "Specific Musical Instrument": "performance",
      "Specific Language": "humanities",
      "Specific System": "statecraft",
      "Specific Exotic Thrown Weapon": "athletics",
      "Specific Exotic Melee Weapon": "melee",
      "Specific Martial Art": "melee",
    };
    for (const [name, ability] of Object.entries(templated)) {
      expect(specialty[name]?.system.ability, name).toBe(ability);
      expect(specialty[name].system.subject).toBe("");
      expect(stripTags(specialty[name].system.description), name).toMatch(/record it as the subject/);
    }
    expect(specialties.filter((s) => /record it as the subject/.test(s.system.description))).toHaveLength(9);
    expect(specialties.some((s) => /\betc\b/.test(s.name))).toBe(false);
  });
});
