// The data models of Polyverse's Actor and Item sub-types, loaded in Node (on the stand-in of
// data-model-shim.mjs) so that the build and the packs tests check every pack entry's `system`
// against the model's own schema: every field present, none unknown, every value valid.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { foundryShim } from "./data-model-shim.mjs";

/**
 * Where each sub-type's model lives: module (from the project root) → sub-type → exported class.
 * The packs tests check this against the rulesets' registrations (src/rulesets/<id>/ruleset.ts),
 * and the build refuses a pack entry whose declared type has no model here.
 */
export const MODEL_MODULES = {
  "src/rulesets/verses/data/items.ts": {
    "verses-skill": "VersesSkillData",
    "verses-ability": "VersesAbilityData",
    "verses-weapon": "VersesWeaponData",
    "verses-armour": "VersesArmourData",
    "verses-ammunition": "VersesAmmunitionData",
    "verses-gear": "VersesGearData",
    "verses-species": "VersesSpeciesData",
  },
  "src/rulesets/verses/data/actors.ts": {
    "verses-character": "VersesCharacterData",
    "verses-creature": "VersesCreatureData",
    "verses-vehicle": "VersesVehicleData",
    "verses-society": "VersesSocietyData",
  },
  "src/rulesets/maelstrom/data/items.ts": {
    "maelstrom-specialty": "MaelstromSpecialtyData",
    "maelstrom-merit": "MaelstromMeritData",
    "maelstrom-flaw": "MaelstromFlawData",
    "maelstrom-weapon": "MaelstromWeaponData",
    "maelstrom-armor": "MaelstromArmorData",
    "maelstrom-ability": "MaelstromAbilityData",
  },
  "src/rulesets/maelstrom/data/actors.ts": {
    "maelstrom-character": "MaelstromCharacterData",
    "maelstrom-npc": "MaelstromNpcData",
  },
  "src/rulesets/tales/data/items.ts": {
    "tales-skill": "TalesSkillData",
    "tales-advantage": "TalesAdvantageData",
    "tales-disadvantage": "TalesDisadvantageData",
    "tales-template": "TalesTemplateData",
    "tales-weapon": "TalesWeaponData",
    "tales-armour": "TalesArmourData",
    "tales-gear": "TalesGearData",
    "tales-text": "TalesTextData",
    "tales-sanctuary": "TalesSanctuaryData",
  },
  "src/rulesets/tales/data/actors.ts": {
    "tales-character": "TalesCharacterData",
    "tales-npc": "TalesNpcData",
  },
  "src/rulesets/xero-sum/data/items.ts": {
    "xero-sum-weapon": "XeroSumWeaponData",
    "xero-sum-equipment": "XeroSumEquipmentData",
    "xero-sum-profession": "XeroSumProfessionData",
    "xero-sum-paradigm": "XeroSumParadigmData",
  },
  "src/rulesets/xero-sum/data/actors.ts": {
    "xero-sum-character": "XeroSumCharacterData",
    "xero-sum-npc": "XeroSumNpcData",
  },
  "src/rulesets/virtually-real/data/items.ts": {
    "virtually-real-skill": "VirtuallyRealSkillData",
    "virtually-real-passion": "VirtuallyRealPassionData",
    "virtually-real-equipment": "VirtuallyRealEquipmentData",
    "virtually-real-book": "VirtuallyRealBookData",
    "virtually-real-task": "VirtuallyRealTaskData",
  },
  "src/rulesets/virtually-real/data/actors.ts": {
    "virtually-real-character": "VirtuallyRealCharacterData",
    "virtually-real-npc": "VirtuallyRealNpcData",
  },
};

/**
 * @typedef {{ schema: { validate(v: unknown): string | undefined }, cleanData(v: unknown): unknown }} SystemModel
 */

/**
 * Load every model of MODEL_MODULES with the stand-in `foundry` global in place while their
 * schemas are built (the previous global, if any, is put back).
 * @param {string} root the project root
 * @param {(url: string) => Promise<any>} [importer] how to import a TypeScript module; by default
 *   tsx's loader, so that plain `node scripts/build-packs.mjs` works
 * @returns {Promise<Record<string, SystemModel>>} by sub-type
 */
export async function loadSystemModels(root, importer) {
  if (!importer) {
    const { tsImport } = await import("tsx/esm/api");
    importer = (url) => tsImport(url, import.meta.url);
  }
  const previous = Object.getOwnPropertyDescriptor(globalThis, "foundry");
  globalThis.foundry = foundryShim;
  try {
    const models = {};
    for (const [module, types] of Object.entries(MODEL_MODULES)) {
      const exports = await importer(pathToFileURL(join(root, module)).href);
      for (const [type, name] of Object.entries(types)) {
        const model = exports[name];
        if (typeof model?.defineSchema !== "function")
          throw new Error(`${module} exports no data model ${name} (for ${type})`);
        void model.schema; // built now, while the stand-in fields are the global ones
        models[type] = model;
      }
    }
    return models;
  } finally {
    if (previous) Object.defineProperty(globalThis, "foundry", previous);
    else delete globalThis.foundry;
  }
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Where two cleaned values differ, as short sentences (the source's view). */
function differences(source, cleaned, path) {
  if (isObject(source) && isObject(cleaned)) {
    const out = [];
    for (const key of Object.keys(cleaned))
      if (!Object.hasOwn(source, key)) out.push(`${path}${key} is missing`);
    for (const key of Object.keys(source)) {
      if (!Object.hasOwn(cleaned, key)) out.push(`${path}${key} is not a field of the model`);
      else out.push(...differences(source[key], cleaned[key], `${path}${key}.`));
    }
    return out;
  }
  if (Array.isArray(source) && Array.isArray(cleaned) && source.length === cleaned.length)
    return source.flatMap((v, i) => differences(v, cleaned[i], `${path.slice(0, -1)}[${i}].`));
  if (JSON.stringify(source) === JSON.stringify(cleaned)) return [];
  return [`${path.slice(0, -1)} is ${JSON.stringify(source)}, the model stores ${JSON.stringify(cleaned)}`];
}

/**
 * Check one document's `system` against its sub-type's model: cleaning it must change nothing
 * (no missing field, no unknown one, no value the model would recast) and it must validate.
 * @param {Record<string, SystemModel>} models by sub-type
 * @param {string} type the document's sub-type
 * @param {unknown} system
 * @returns {string[]} problems, without the file (the caller names it)
 */
export function checkSystemData(models, type, system) {
  const model = models[type];
  if (!model)
    return [`no data model is known for type ${JSON.stringify(type)} (scripts/lib/system-models.mjs)`];
  if (!isObject(system)) return [`system must be a mapping, got ${JSON.stringify(system)}`];
  const problems = [];
  let cleaned;
  try {
    cleaned = model.cleanData(structuredClone(system));
  } catch (error) {
    return [`system cannot be cleaned by the ${type} model: ${error.message}`];
  }
  problems.push(...differences(system, cleaned, "system.").map((d) => d));
  const invalid = model.schema.validate(system);
  if (invalid) problems.push(`system is not valid for ${type}: ${invalid}`);
  return problems;
}
