/**
 * 'Verses shape migrations (see core/migrations.ts). Each is idempotent and lossless: a value it
 * cannot read is left as it is, for validation to report.
 */
import { applyMigrations, numeric, parseMassKg, type ShapeMigration } from "../../../core/migrations";
import { blankWeaponMode } from "./weapon-modes";
import { MODIFIER_LIMIT, weaponCapacity } from "./bounds";

const PHYSICAL = ["verses-weapon", "verses-armour", "verses-ammunition", "verses-gear"];
const ACTORS = ["verses-character", "verses-creature"];

type Source = Record<string, unknown>;
const isObj = (v: unknown): v is Source => typeof v === "object" && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

export const VERSES_MIGRATIONS: readonly ShapeMigration[] = [
  {
    version: 1,
    description: 'Weights written as the rules text lists them ("600g", "1kg") become kilograms.',
    types: PHYSICAL,
    migrate(source) {
      let changed = false;
      for (const key of ["weight", "carriedWeight"]) {
        if (typeof source[key] !== "string") continue;
        const kg = parseMassKg(source[key]);
        if (kg !== undefined) {
          source[key] = kg;
          changed = true;
        }
      }
      return changed;
    },
  },
  {
    version: 1,
    description: "Core attributes stored as { value } (template.json style, imports) become plain numbers.",
    types: ACTORS,
    migrate(source) {
      const attributes = source.attributes as Record<string, unknown> | undefined;
      if (!attributes || typeof attributes !== "object") return false;
      let changed = false;
      for (const key of ["smr", "prw", "tuf", "soc"]) {
        const v = attributes[key];
        if (v && typeof v === "object" && "value" in v) {
          attributes[key] = numeric((v as { value: unknown }).value);
          changed = true;
        } else if (typeof v === "string") {
          attributes[key] = numeric(v);
          if (attributes[key] !== v) changed = true;
        }
      }
      return changed;
    },
  },
  {
    version: 1,
    description: "A skill's or ability's allocation stored as text becomes a number.",
    types: ["verses-skill", "verses-ability"],
    migrate(source) {
      if (typeof source.allocated !== "string") return false;
      source.allocated = numeric(source.allocated);
      return typeof source.allocated === "number";
    },
  },
  {
    version: 2,
    description:
      "HP stored as { value, max } keeps its value (the maximum is derived); AD stored as { value, max } becomes the AD spent (max - value).",
    types: ACTORS,
    migrate(source) {
      let changed = false;
      if (isNum(numeric(source.hp))) {
        source.hp = { value: numeric(source.hp) };
        changed = true;
      } else if (isObj(source.hp)) {
        const hp = source.hp;
        if (typeof hp.value === "string" && isNum(numeric(hp.value))) {
          hp.value = numeric(hp.value);
          changed = true;
        }
        if ("max" in hp && isNum(hp.value)) {
          delete hp.max;
          changed = true;
        }
      }
      const ad = source.ad;
      if (isObj(ad) && ("value" in ad || "max" in ad)) {
        const value = numeric(ad.value);
        const max = numeric(ad.max);
        if (!("spent" in ad) && isNum(value) && isNum(max)) ad.spent = Math.max(0, Math.round(max - value));
        if ("spent" in ad) {
          delete ad.value;
          delete ad.max;
          changed = true;
        }
      }
      return changed;
    },
  },
  {
    version: 2,
    description: "Active-Effect modifiers beyond ±100 are brought to ±100 (the data model's bound).",
    types: ACTORS,
    migrate(source) {
      const modifiers = source.modifiers;
      if (!isObj(modifiers)) return false;
      let changed = false;
      const clamp = (o: Source, key: string) => {
        const v = o[key];
        if (isNum(v) && Math.abs(v) > MODIFIER_LIMIT) {
          o[key] = Math.sign(v) * MODIFIER_LIMIT;
          changed = true;
        }
      };
      for (const key of ["ad", "hp"]) clamp(modifiers, key);
      for (const group of ["attributes", "dice"]) {
        const o = modifiers[group];
        if (isObj(o)) for (const key of Object.keys(o)) clamp(o, key);
      }
      return changed;
    },
  },
  {
    version: 2,
    description:
      "A weapon stored without a mode gets the blank one; rounds loaded beyond what the weapon holds (what its sheet already showed) are dropped.",
    types: ["verses-weapon"],
    migrate(source) {
      let changed = false;
      if (Array.isArray(source.modes) && source.modes.length === 0) {
        source.modes = [blankWeaponMode()];
        changed = true;
      }
      const magazine = source.magazine;
      const holds = weaponCapacity(source);
      if (isObj(magazine) && isNum(magazine.loaded) && holds !== undefined && magazine.loaded > holds) {
        magazine.loaded = holds;
        changed = true;
      }
      return changed;
    },
  },
  {
    version: 2,
    description:
      "A vehicle's HP above its maximum: a maximum never set (0) becomes the HP, else the HP the maximum.",
    types: ["verses-vehicle"],
    migrate(source) {
      const hp = source.hp;
      if (!isObj(hp) || !isNum(hp.value) || !isNum(hp.max) || hp.value <= hp.max) return false;
      if (hp.max === 0) hp.max = hp.value;
      else hp.value = hp.max;
      return true;
    },
  },
  {
    version: 2,
    description: "An ability's EX-bound dice beyond its allocated dice are brought to the allocated dice.",
    types: ["verses-ability"],
    migrate(source) {
      if (!isNum(source.allocated) || !isNum(source.exBound) || source.exBound <= source.allocated)
        return false;
      source.exBound = Math.max(0, source.allocated);
      return true;
    },
  },
];

/** The 'Verses schema version: the highest version among its migrations (the descriptor's `schemaVersion`). */
export const VERSES_SCHEMA_VERSION = Math.max(0, ...VERSES_MIGRATIONS.map((m) => m.version));

export function migrateVerses(type: string, source: Record<string, unknown>): Record<string, unknown> {
  return applyMigrations(VERSES_MIGRATIONS, type, source);
}
