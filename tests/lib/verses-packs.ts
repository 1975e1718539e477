// The 'Verses compendium documents as their YAML sources hold them (packs/verses-*/**/*.yml), and
// the characters the integration tests and the browser fixtures build from them: Jaye, a Human from
// the Human species item carrying the packs' sword, crossbow, mail, shield and healing gear, and
// the creatures pack's Dog and Horse. No test framework here: the browser fixtures import it too.
import { isFolder } from "../../scripts/lib/pack-check.mjs";
import { readPackSources } from "../../scripts/lib/yaml-source.mjs";
import { ROOT } from "./paths";

/** A document of a pack as its source stores it. */
export interface PackDocument {
  _id: string;
  name: string;
  type: string;
  img: string;
  system: Record<string, any>;
  items?: PackDocument[];
  [key: string]: unknown;
}

const cache = new Map<string, PackDocument[]>();

/**
 * Every document of a pack (`verses-weapons`) but its Folders, parsed from its YAML sources as the
 * build reads them.
 */
export function packDocuments(pack: string): PackDocument[] {
  let docs = cache.get(pack);
  if (!docs) {
    const { entries, problems } = readPackSources(ROOT, pack);
    if (problems.length) throw new Error(problems.join("\n"));
    docs = entries.filter((e) => !isFolder(e.data)).map((e) => e.data as PackDocument);
    cache.set(pack, docs);
  }
  return docs;
}

/** One document of a pack by name; throws when the pack has none of that name. */
export function packDocument(pack: string, name: string): PackDocument {
  const doc = packDocuments(pack).find((d) => d.name === name);
  if (!doc) throw new Error(`${pack} has no document named "${name}"`);
  return structuredClone(doc);
}

/**
 * An item of a pack as an actor would own it: its name, type, image and system, with the values a
 * player sets after dropping it (allocated dice, worn, equipped, quantity) laid over the source.
 */
export function packItem(pack: string, name: string, set: Record<string, unknown> = {}) {
  const doc = packDocument(pack, name);
  return { name: doc.name, type: doc.type, img: doc.img, system: { ...doc.system, ...set } };
}

export type OwnedPackItem = ReturnType<typeof packItem>;

/**
 * Jaye, the Core text's swordswoman in a mail shirt (TV-36, TV-37), as a player builds her from the
 * compendiums: the Human species item (its core attributes SMR 2, PRW 2, TUF 2, SOC 2, which a drop
 * gives the actor), the Human's free Language » Common die, Adrenaline Rush and Multitasking (the
 * Human's suggested intrinsic abilities), weapon, armour and First Aid skills, and the packs'
 * Longsword, Crossbow with its Bolts, Mail, Medium Shield, a stocked Healer's Kit and Bandages.
 */
export function jayeItems(): OwnedPackItem[] {
  return [
    packItem("verses-species", "Human"),
    packItem("verses-skills", "Language » Common", { allocated: 1, fromSpecies: true }),
    packItem("verses-skills", "Weapons » Swords", { allocated: 2 }),
    packItem("verses-skills", "Weapons » Crossbows", { allocated: 1 }),
    packItem("verses-skills", "Armor » Medium", { allocated: 1 }),
    packItem("verses-skills", "Armor » Shields", { allocated: 1 }),
    packItem("verses-skills", "First Aid", { allocated: 2 }),
    packItem("verses-skills", "Athletics", { allocated: 1 }),
    packItem("verses-abilities", "Adrenaline Rush", { allocated: 1 }),
    packItem("verses-abilities", "Multitasking", { allocated: 1 }),
    packItem("verses-weapons", "Longsword", { equipped: true }),
    packItem("verses-weapons", "Crossbow", { equipped: true }),
    packItem("verses-ammunition", "Bolt", { quantity: 20 }),
    packItem("verses-armour", "Mail", { worn: true }),
    packItem("verses-armour", "Medium Shield", { worn: true }),
    // "Her field kit has 5 points of medical supplies" (TV-38): the Healer's Kit, stocked.
    packItem("verses-items", "Healer's Kit", { supplies: 5 }),
    packItem("verses-items", "Bandage", { quantity: 8 }),
    packItem("verses-items", "Backpack"),
    packItem("verses-items", "Waterskin"),
    packItem("verses-items", "Bedroll", { carried: false }),
  ];
}

/** Jaye's stored actor data: the Human's core attributes (what dropping the species sets). */
export function jayeSystem(overrides: Record<string, unknown> = {}) {
  const human = packDocument("verses-species", "Human");
  return {
    kind: human.system.kind,
    attributes: { ...human.system.core },
    nativeTec: 1,
    ...overrides,
  };
}

/** A creature of the creatures pack (the Dog, the Horse) with its embedded items. */
export function packCreature(name: string): PackDocument & { items: PackDocument[] } {
  const doc = packDocument("verses-creatures", name);
  return { ...doc, items: doc.items ?? [] };
}
