/**
 * 'Verses shape migrations (see core/migrations.ts). Each is idempotent and lossless: a value it
 * cannot read is left as it is, for validation to report.
 */
import { applyMigrations, numeric, parseMassKg, type ShapeMigration } from "../../../core/migrations";

const PHYSICAL = ["verses-weapon", "verses-armour", "verses-ammunition", "verses-gear"];
const ACTORS = ["verses-character", "verses-creature"];

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
];

export function migrateVerses(type: string, source: Record<string, unknown>): Record<string, unknown> {
  return applyMigrations(VERSES_MIGRATIONS, type, source);
}
