import { existsSync } from "node:fs";
import { join } from "node:path";

/** The integration and packs layers test the built system: say how to get it if it is missing. */
export default function setup(): void {
  const root = join(import.meta.dirname, "..", "..");
  for (const file of ["dist/polyverse.mjs", "dist/system.json", "dist/lang/en.json"]) {
    if (!existsSync(join(root, file))) {
      throw new Error(`${file} is missing: run "npm run build" first (npm test does this itself).`);
    }
  }
}
